"""evalkit.notebook: parameter validation, results writer, provenance, seeding, progress."""

from __future__ import annotations

import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from evalkit.atomic import atomic_path, atomic_write_text  # noqa: E402
from evalkit.errors import EvalkitError, ParameterError  # noqa: E402
from evalkit.notebook import ResultsWriter, progress, rng, setup, validate_parameters  # noqa: E402


def test_profile_must_be_known():
    with pytest.raises(
        ParameterError, match="'profile'.*'nonsense'.*'sample', 'public', 'licensed'"
    ):
        validate_parameters("p", "n", profile="nonsense")


@pytest.mark.parametrize("seed", [-1, 1.5, "abc", True, 2**40])
def test_bad_seed(seed):
    with pytest.raises(ParameterError, match="'seed'"):
        validate_parameters("p", "n", seed=seed)


def test_quick_accepts_papermill_strings():
    assert validate_parameters("p", "n", quick="True", results_dir="/tmp/x").quick is True
    assert validate_parameters("p", "n", quick="False", results_dir="/tmp/x").quick is False
    with pytest.raises(ParameterError, match="'quick'"):
        validate_parameters("p", "n", quick="maybe")


def test_results_dir_defaults(monkeypatch, tmp_path):
    monkeypatch.delenv("EVALKIT_RESULTS_DIR", raising=False)
    params = validate_parameters("graham2015", "03_table1_correlations", profile="public")
    assert params.results_dir.parts[-4:] == (
        "results",
        "public",
        "graham2015",
        "03_table1_correlations",
    )
    monkeypatch.setenv("EVALKIT_RESULTS_DIR", str(tmp_path))
    assert validate_parameters("g", "n").results_dir == tmp_path


def test_results_go_under_the_working_checkout_not_the_installed_package(monkeypatch, tmp_path):
    # issue 22: a second checkout sharing the virtual environment must not write into the first
    monkeypatch.delenv("EVALKIT_RESULTS_DIR", raising=False)
    other = tmp_path / "second-checkout"
    (other / "notebooks" / "graham2015").mkdir(parents=True)
    (other / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    monkeypatch.chdir(other / "notebooks" / "graham2015")
    params = validate_parameters("graham2015", "03_table1_correlations")
    assert (
        params.results_dir
        == other.resolve() / "results" / "sample" / "graham2015" / "03_table1_correlations"
    )


# --------------------------------------------------------------------------- declared parameters
def test_declared_parameters_are_validated_and_typed():
    from evalkit.notebook.params import declared_parameters

    assert {p.name for p in declared_parameters("riezler2005", "01_table1_significance")} >= {
        "metrics",
        "pair",
    }
    p = validate_parameters(
        "riezler2005",
        "01_table1_significance",
        metrics="NIST",
        pair='["E09", "E11"]',
        n_trials="200",
        alpha="0.01",
        results_dir="/tmp/x",
    )
    assert p.metrics == ["NIST"]  # a single value is a one-element list, not letters
    assert p.pair == ["E09", "E11"]  # JSON lists parse
    assert p.n_trials == 200 and p.alpha == 0.01
    assert validate_parameters(
        "riezler2005", "01_table1_significance", metrics="[NIST, BLEU]", results_dir="/tmp/x"
    ).metrics == ["NIST", "BLEU"]  # YAML lists too


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("alfa", 0.01, "alfa.*declared parameter name"),  # misspelt: refused, not ignored
        ("max_instances", "abc", "max_instances.*integer"),
        ("max_instances", 0, r"max_instances.*\[1, inf\]"),
        ("bleu_tokenize", "intl", "bleu_tokenize.*'none', '13a'"),
        ("alpha", 1.5, r"alpha.*\[0, 1\]"),
        ("alpha", True, "alpha"),
    ],
)
def test_bad_parameters_are_refused_with_name_value_and_what_is_allowed(name, value, message):
    with pytest.raises(ParameterError, match=message):
        validate_parameters(
            "graham2015", "03_table1_correlations", results_dir="/tmp/x", **{name: value}
        )


def test_list_elements_and_lengths_are_checked():
    with pytest.raises(ParameterError, match="metrics.*'NIST', 'BLEU', 'F'"):
        validate_parameters(
            "riezler2005", "01_table1_significance", metrics=["NIST", "TER"], results_dir="/tmp/x"
        )
    with pytest.raises(ParameterError, match="pair.*length 2"):
        validate_parameters(
            "riezler2005", "01_table1_significance", pair=["E09"], results_dir="/tmp/x"
        )


def test_quick_values_come_from_the_declaration():
    full = validate_parameters("riezler2005", "02_table2_type1_error", results_dir="/tmp/x")
    quick = validate_parameters(
        "riezler2005", "02_table2_type1_error", quick=True, results_dir="/tmp/x"
    )
    assert full.n_replications == 200 and quick.n_replications == 12
    paper = validate_parameters(
        "riezler2005", "02_table2_type1_error", full=True, results_dir="/tmp/x"
    )
    assert paper.n_replications == 400
    # an explicit value wins over the quick default
    assert (
        validate_parameters(
            "riezler2005",
            "02_table2_type1_error",
            quick=True,
            n_replications=40,
            results_dir="/tmp/x",
        ).n_replications
        == 40
    )


def test_unknown_notebook_of_a_declaring_paper_is_refused():
    with pytest.raises(ParameterError, match="notebook.*declares"):
        validate_parameters("graham2015", "99_nothing", results_dir="/tmp/x")


def test_missing_data_dir_is_named(tmp_path):
    with pytest.raises(ParameterError, match="data_dir.*existing directory"):
        validate_parameters("p", "n", data_dir=str(tmp_path / "absent"))


def test_parameter_error_is_an_evalkit_error():
    assert issubclass(ParameterError, EvalkitError)


def _write_all(directory):
    params, out = setup("p", "n", results_dir=str(directory), seed=3)
    values = rng(params.seed).normal(size=5)
    out.table(pd.DataFrame({"v": values, "k": list("abcde")}), "table")
    fig, ax = plt.subplots()
    ax.plot(values)
    ax.set_title("Figure 1")
    out.figure(fig, "figure")
    plt.close(fig)
    out.number("mean", np.float64(values.mean()))
    out.number("nan", float("nan"))
    out.finish()
    return {p.name: p.read_bytes() for p in directory.iterdir()}


def test_results_are_identical_across_reruns(tmp_path):
    first = _write_all(tmp_path / "a")
    second = _write_all(tmp_path / "b")
    assert sorted(first) == ["figure.png", "figure.svg", "results.json", "table.csv"]
    # results.json carries results_dir, which differs between the two folders.
    for name in ("figure.png", "figure.svg", "table.csv"):
        assert first[name] == second[name], name


def test_results_json_has_numbers_and_provenance(tmp_path):
    files = _write_all(tmp_path)
    record = json.loads(files["results.json"])
    assert record["numbers"]["nan"] is None
    assert isinstance(record["numbers"]["mean"], float)
    prov = record["provenance"]
    assert prov["parameters"]["seed"] == 3
    assert prov["packages"]["numpy"] == np.__version__
    assert set(record["files"]) == {"figure.png", "figure.svg", "table.csv"}


def test_data_checksums_in_provenance(tmp_path):
    data = tmp_path / "input.txt"
    data.write_text("abc")
    params = validate_parameters("p", "n", results_dir=str(tmp_path / "out"))
    out = ResultsWriter(params, data_files=[data])
    record = json.loads(out.finish().read_text())
    # sha256("abc"), a published test vector (FIPS 180-2).
    assert record["provenance"]["data_checksums"][str(data)] == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )


@pytest.mark.parametrize("name", ["", "../escape", "table.csv", "a/b"])
def test_bad_result_names(tmp_path, name):
    params = validate_parameters("p", "n", results_dir=str(tmp_path))
    with pytest.raises(ParameterError, match="'name'"):
        ResultsWriter(params).table(pd.DataFrame({"a": [1]}), name)


def test_atomic_write_leaves_no_partial_file(tmp_path):
    target = tmp_path / "out.txt"
    atomic_write_text(target, "old")
    with pytest.raises(RuntimeError):
        with atomic_path(target) as tmp:
            tmp.write_text("half")
            raise RuntimeError("interrupted")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_rng_streams_are_reproducible_and_independent():
    assert np.array_equal(rng(5, "a").random(3), rng(5, "a").random(3))
    assert not np.array_equal(rng(5, "a").random(3), rng(5, "b").random(3))


def test_progress_is_silent_headless(monkeypatch):
    items = [1, 2, 3]
    monkeypatch.setenv("EVALKIT_HEADLESS", "1")
    assert progress(items) is items
    monkeypatch.delenv("EVALKIT_HEADLESS")
    monkeypatch.delenv("EVALKIT_PROGRESS", raising=False)
    bar = progress(items, desc="x", disable=True)
    assert list(bar) == items and bar is not items


def test_prepare_builds_only_missing_or_stale_corpora(tmp_path):
    import json

    from evalkit.data.simulate import CORPORA
    from evalkit.notebook.prepare import prepare_sample

    first = prepare_sample(root=tmp_path, quick=True)
    assert sorted(first) == sorted(CORPORA)
    assert prepare_sample(root=tmp_path, quick=True) == []
    # A corpus recorded as built by another generator version is rebuilt.
    name = sorted(CORPORA)[0]
    info = tmp_path / "quick" / name / "truth" / "build.json"
    record = json.loads(info.read_text())
    record["generator_version"] = -1
    info.write_text(json.dumps(record))
    assert prepare_sample(root=tmp_path, quick=True) == [name]


@pytest.fixture
def scaled_paper(monkeypatch):
    """A paper whose notebook declares a default below the paper's scale (``full=``)."""
    import sys
    import types

    from evalkit.notebook.params import Parameter

    module = types.ModuleType("evalkit.papers.toyscale")
    module.NOTEBOOKS = {
        "01_x": (
            Parameter("n_trials", int, default=200, full=10000, quick=20, low=1),
            Parameter("alpha", float, default=0.05, low=0.0, high=1.0),
        )
    }
    monkeypatch.setitem(sys.modules, "evalkit.papers.toyscale", module)
    monkeypatch.delenv("EVALKIT_SCALE", raising=False)
    return "toyscale"


def test_full_scale_uses_the_papers_values(scaled_paper, monkeypatch):
    def n(**kw):
        return validate_parameters(scaled_paper, "01_x", results_dir="/tmp/x", **kw)

    assert n().n_trials == 200 and n(full=True).n_trials == 10000 and n(quick=True).n_trials == 20
    assert n(full=True, n_trials=500).n_trials == 500  # an explicit value wins
    assert n(full=True).full is True and n().full is False
    with pytest.raises(ParameterError, match="'full'"):
        n(full=True, quick=True)
    monkeypatch.setenv("EVALKIT_SCALE", "full")  # what run_all.sh --full sets for the child
    assert n().n_trials == 10000 and n().full is True
    monkeypatch.setenv("EVALKIT_SCALE", "ful")
    with pytest.raises(ParameterError, match="EVALKIT_SCALE"):
        n()


def test_a_run_below_the_papers_scale_says_so(scaled_paper, capsys, tmp_path):
    from evalkit.notebook.params import below_paper_scale, scale_note

    params, _ = setup(scaled_paper, "01_x", results_dir=tmp_path)
    assert below_paper_scale(params) == {"n_trials": (200, 10000)}
    said = capsys.readouterr().out
    assert "n_trials=200 (paper: 10000)" in said and "--full" in said
    assert (
        scale_note(validate_parameters(scaled_paper, "01_x", full=True, results_dir=tmp_path)) == ""
    )
    # at the paper's value already (set by hand): nothing to say
    assert (
        scale_note(validate_parameters(scaled_paper, "01_x", n_trials=10000, results_dir=tmp_path))
        == ""
    )


def test_first_n_is_an_optional_cap_of_at_least_one():
    from evalkit.notebook.params import first_n

    p = first_n("n_segments", "first N segments", quick=12)
    assert (p.default, p.quick, p.help) == (None, 12, "first N segments")
    assert p.validate(None) is None and p.validate("3") == 3
    with pytest.raises(ParameterError):
        p.validate(0)
    assert not first_n("n_items", "first items").has_quick


def test_parameter_kinds_state_their_type_and_range_once():
    from evalkit.notebook.params import count, one_of, probability, sizes, switch

    alpha = probability("alpha")
    assert (alpha.default, alpha.allowed()) == (0.05, "a number in [0, 1]")
    with pytest.raises(ParameterError, match=r"in \[0, 1\]"):
        alpha.validate(1.5)
    assert switch("stem", False).validate("yes") is True
    with pytest.raises(ParameterError, match="among 'a', 'b'"):
        one_of("rule", ("a", "b"), "a").validate("c")
    n = count("n_trials", 100, "trials", quick=5)
    assert (n.validate("7"), n.quick, n.low) == (7, 5, 1)
    with pytest.raises(ParameterError):
        n.validate(0)
    assert count("n_pairs", 10, low=2).allowed() == "an integer in [2, inf]"
    assert sizes("orders", [1, 2], high=4).validate("[3, 4]") == [3, 4]
    with pytest.raises(ParameterError):
        sizes("orders", [1, 2], high=4).validate([0])
    with pytest.raises(ParameterError):
        sizes("guesser", [1, 2], length=2).validate([1, 2, 3])


def test_every_declared_alpha_is_a_probability():
    import importlib
    import pkgutil

    import evalkit.papers

    seen = 0
    for module in pkgutil.iter_modules(evalkit.papers.__path__):
        table = getattr(importlib.import_module(f"evalkit.papers.{module.name}"), "NOTEBOOKS", {})
        for notebook, declared in table.items():
            for p in declared:
                if p.name == "alpha":
                    seen += 1
                    assert (p.kind, p.low, p.high) == (float, 0, 1), (module.name, notebook)
    assert seen > 0
