"""The notebook smoke tests' one helper module (``tests/test_notebooks_<paper>.py``).

Every paper's notebooks are smoke-run through :mod:`evalkit.notebook.runner` in quick mode
on three profiles (``notebooks/README.md``, "Outputs stripped, notebooks tested"):

* ``sample``: every notebook runs and writes a valid ``paper_vs_run.csv`` and ``results.json``;
* ``public`` (``EVALKIT_DATA_MIRROR`` set): every notebook runs, or, for a paper with no public
  stand-in, its data notebooks are skipped with the reason;
* ``licensed``: without configuration the data notebooks are *skipped* naming the missing
  corpus; on fixture files the test writes in the original formats they run.

:func:`smoke_tests` declares those tests for a paper (``globals().update(smoke_tests(...))``),
each notebook running once per profile; a paper adds its own assertions as checks on the
results folder. The pieces (:func:`run_paper_notebooks`, :func:`assert_stripped`,
:func:`assert_statuses`, :func:`paper_vs_run`, :func:`numbers`, :func:`no_licensed_config`,
:func:`tac_fixtures`, :func:`licensed_tides_fixture`, :func:`duc_fixture`,
:func:`nist_mt_fixture`, :func:`mtc4_fixture`, :func:`assert_licensed_ok`) are usable on their own.

A notebook named ``00_*`` needs no data (it recomputes printed numbers): it is run on
``sample`` and ``public`` and, in the licensed runs, only when the paper lists it in
``licensed_only``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Dict, Iterable, Mapping, Optional, Sequence, Tuple, Union

import pandas as pd
import pytest

from evalkit.data import licensed
from evalkit.notebook import runner
from evalkit.notebook.claims import COLUMNS, VERDICTS

REPO = Path(__file__).resolve().parents[1]
#: knobs every parameters cell sets (notebooks/README.md, rule 2)
PARAMETER_KNOBS = ('profile = "sample"', "seed =", "quick = False", "results_dir = None")
MAX_CELL_LINES = 25

Runs = Dict[str, runner.NotebookRun]
Check = Callable[[Path], None]


# --------------------------------------------------------------------------- notebooks on disk
def notebook_names(paper: str) -> list:
    """The notebook names (stems) of ``notebooks/<paper>/``, sorted."""
    return sorted(p.stem for p in (REPO / "notebooks" / paper).glob("*.ipynb"))


def data_free(names: Iterable[str]) -> set:
    """The notebooks that need no data (``00_*``)."""
    return {n for n in names if n.startswith("00_")}


def load_notebook(paper: str, name: str) -> dict:
    return json.loads((REPO / "notebooks" / paper / f"{name}.ipynb").read_text())


def assert_stripped(paper: str) -> None:
    """The model's shape (markdown first, one ``parameters`` cell with the standard knobs) and
    committed state (outputs and execution counts stripped; thin code cells: no ``def``, at
    most 25 lines) of every notebook of ``paper``."""
    names = notebook_names(paper)
    assert names, f"no notebooks in notebooks/{paper}/"
    for name in names:
        nb = load_notebook(paper, name)
        assert nb["cells"][0]["cell_type"] == "markdown", name
        tagged = [c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", [])]
        assert len(tagged) == 1, name
        source = "".join(tagged[0]["source"])
        for knob in PARAMETER_KNOBS:
            assert knob in source, (name, knob)
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                code = "".join(cell["source"])
                assert cell["outputs"] == [] and cell["execution_count"] is None, name
                assert len(code.splitlines()) <= MAX_CELL_LINES and "def " not in code, name


# --------------------------------------------------------------------------- running
def run_paper_notebooks(
    paper: str,
    profile: str,
    tmp_path: Path,
    monkeypatch,
    only: Optional[Sequence[str]] = None,
    jobs: int = 2,
) -> Tuple[Runs, Path]:
    """Smoke-run ``paper``'s notebooks (or ``only``: notebook names, or runner patterns) on
    ``profile`` in quick mode, results under ``tmp_path``, in a private sample folder (the
    run neither reads nor rebuilds the shared one): ``({notebook: run}, results folder of
    the paper)``."""
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    patterns = [p if "/" in p or p == paper else f"{paper}/{p}" for p in (only or [paper])]
    runs = runner.run_all(
        profile=profile, only=patterns, quick=True, results_dir=tmp_path, jobs=jobs
    )
    return {r.notebook: r for r in runs}, tmp_path / profile / paper


def errors(runs: Runs) -> Dict[str, str]:
    """``{notebook: error}`` of the runs that did not end ok (an assertion message)."""
    return {n: r.error for n, r in runs.items() if r.status != "ok"}


def statuses(runs: Runs) -> Dict[str, str]:
    return {n: r.status for n, r in runs.items()}


def assert_statuses(
    runs: Runs, expected: Union[Iterable[str], Mapping[str, str]], status: str = "ok"
) -> None:
    """Exactly the notebooks ``expected`` ran, each with ``status`` (or the status
    ``expected`` maps it to)."""
    want = dict(expected) if isinstance(expected, Mapping) else {n: status for n in expected}
    assert statuses(runs) == want, errors(runs)


def assert_skipped(runs: Runs, reason: Union[str, Mapping[str, str]]) -> None:
    """Every run was skipped and its message names ``reason`` (per notebook when a mapping)."""
    for name, r in runs.items():
        why = reason[name] if isinstance(reason, Mapping) else reason
        assert r.status == "skipped" and why in (r.error or ""), (name, r.status, r.error)


# --------------------------------------------------------------------------- results
def numbers(out: Path, notebook: str) -> dict:
    """The key numbers of ``notebook``'s ``results.json`` (``out``: the paper's results folder)."""
    return json.loads((out / notebook / "results.json").read_text())["numbers"]


def paper_vs_run(out: Path, notebook: str) -> pd.DataFrame:
    """``notebook``'s paper-vs-run table (strings), checked: the claims schema, at least one
    row, known verdicts."""
    table = pd.read_csv(out / notebook / "paper_vs_run.csv", dtype=str, keep_default_na=False)
    assert tuple(table.columns) == COLUMNS, notebook
    assert len(table) > 0 and set(table["verdict"]) <= set(VERDICTS), notebook
    return table


# --------------------------------------------------------------------------- licensed configuration
def no_licensed_config(tmp_path: Path, monkeypatch) -> None:
    """Unset every licensed corpus variable and point the configuration at a missing file."""
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))


def tac_fixtures(tmp_path: Path, monkeypatch, years: Sequence[int]) -> None:
    """Quick simulated TAC years written in NIST's eval-directory layout, configured as licensed."""
    from evalkit.data import tac
    from evalkit.data.simulate import build_sample

    root = tmp_path / "tac-fixture"
    build_sample(root, quick=True, corpora=[f"tac{y}" for y in years], jobs=1)
    for y in years:
        monkeypatch.setenv(licensed.env_var(f"tac{y}"), str(root / f"tac{y}" / tac.EVAL_DIRS[y]))


def licensed_tides_fixture(tmp_path: Path, monkeypatch) -> None:
    """Licensed TIDES 2003 stand-ins: the quick simulated zh/ar evaluations, written in the
    NIST SGML + assessments layout evalkit reads (evaluation.yaml), configured as mtc4 and
    tides2003-ar-en."""
    from evalkit.data.simulate.build import build_sample

    built = build_sample(
        tmp_path / "licensed", quick=True, corpora=["tides2003ce", "tides2003ae"], jobs=1
    )
    monkeypatch.setenv(
        licensed.env_var("mtc4"), str(Path(built["tides2003ce"]) / "evaluation.yaml")
    )
    monkeypatch.setenv(
        licensed.env_var("tides2003-ar-en"), str(Path(built["tides2003ae"]) / "evaluation.yaml")
    )


def duc_fixture(tmp_path, monkeypatch, year):
    """The quick simulated DUC ``year`` written as NIST's results tree and configured as the
    licensed ``duc<year>`` (``EVALKIT_DUC<year>``); returns the root."""
    from evalkit.data import duc
    from evalkit.data.simulate import load_sample

    root = duc.write_corpus(
        load_sample(f"duc{year}", root=tmp_path / "sim", quick=True),
        tmp_path / "licensed" / f"duc{year}",
        year,
    )
    monkeypatch.setenv(licensed.env_var(f"duc{year}"), str(root))
    return root


def nist_mt_fixture(tmp_path, monkeypatch, name, sample="tides2003"):
    """A quick simulated MT evaluation written as a NIST evaluation (SGML source, references
    and one tstset per system) with its assessments in LDC's whitespace layout (header
    ``docid segid sysid judge adequacy fluency``, ``-`` = not judged), configured as the
    licensed MT corpus ``name`` through a YAML mapping; returns the mapping's path."""
    import yaml

    from evalkit.data import judgments
    from evalkit.data.simulate import load_sample

    folder = tmp_path / "licensed" / name
    path = judgments.write_mt_evaluation(
        load_sample(sample, root=tmp_path / "sim", quick=True), folder, setid=name
    )
    spec = yaml.safe_load(path.read_text())
    table = judgments.read_assessments_csv(folder / spec["assessments"])
    wide = table.pivot_table(
        index=["document", "segment", "system", "judge"],
        columns="judgment",
        values="value",
        aggfunc="first",
    ).reset_index()
    lines = ["docid segid sysid judge adequacy fluency"]
    for r in wide.itertuples(index=False):
        cells = ["-" if pd.isna(v) else f"{float(v):g}" for v in (r.adequacy, r.fluency)]
        lines.append(
            " ".join([str(r.document), str(r.segment), str(r.system), str(r.judge), *cells])
        )
    (folder / spec["assessments"]).unlink()
    (folder / "assessments.txt").write_text("\n".join(lines) + "\n")
    spec.update(assessments="assessments.txt", layout="ldc")
    path.write_text(yaml.safe_dump(spec))
    monkeypatch.setenv(licensed.env_var(name), str(path))
    return path


def mtc4_fixture(tmp_path: Path, monkeypatch) -> Path:
    """MTC Part 4 (TIDES 2003 zh-en) as NIST SGML sets + evalkit assessments CSV + YAML spec,
    written by evalkit's writer from the first 3 documents of the quick simulated corpus and
    configured as the licensed ``mtc4``; returns the spec's path."""
    from evalkit.data.judgments import write_mt_evaluation
    from evalkit.data.simulate import load_sample

    corpus = load_sample("tides2003", root=tmp_path / "sim", quick=True)
    corpus = corpus.subset(documents=list(dict.fromkeys(corpus.segments["document"]))[:3])
    spec = write_mt_evaluation(corpus, tmp_path / "mtc4")
    monkeypatch.setenv(licensed.env_var("mtc4"), str(spec))
    return spec


def assert_licensed_ok(
    runs: Runs, out: Path, expected: Iterable[str], notebook: str, data: str
) -> dict:
    """Every notebook in ``expected`` ran; ``notebook`` read the licensed corpus ``data`` and
    its paper-vs-run table compares values (agrees/differs); returns its numbers."""
    assert_statuses(runs, expected)
    found = numbers(out, notebook)
    assert found["data"] == data, found["data"]
    verdicts = set(paper_vs_run(out, notebook)["verdict"])
    assert verdicts & {"agrees", "differs"}, (notebook, verdicts)
    return found


def tac_years(*years: int) -> Callable[[Path, object], None]:
    """:func:`tac_fixtures` of ``years`` as a ``licensed_fixture`` of :func:`smoke_tests`."""
    return lambda tmp_path, monkeypatch: tac_fixtures(tmp_path, monkeypatch, years)


def duc_year(year: int) -> Callable[[Path, object], None]:
    """:func:`duc_fixture` of ``year`` as a ``licensed_fixture`` of :func:`smoke_tests`."""
    return lambda tmp_path, monkeypatch: duc_fixture(tmp_path, monkeypatch, year)


# --------------------------------------------------------------------------- the declared tests
def _checks(check: Union[None, Check, Sequence[Check]]) -> list:
    if check is None:
        return []
    return list(check) if isinstance(check, (list, tuple)) else [check]


def smoke_tests(
    paper: str,
    expected: Iterable[str],
    *,
    skip_reason: Union[str, Mapping[str, str]],
    exact: bool = False,
    licensed_fixture: Optional[Callable[[Path, object], None]] = None,
    sample_check=None,
    public_check=None,
    licensed_check=None,
    licensed_compares: Optional[str] = None,
    public_skip_reason: Optional[str] = None,
    public_data_only: bool = False,
    public_requires: Optional[Callable[[], Optional[str]]] = None,
    licensed_only: Optional[Sequence[str]] = None,
    licensed_always_skipped: Optional[Mapping[str, str]] = None,
) -> dict:
    """The smoke tests of ``paper`` as module-level test functions (``globals().update``).

    ``expected``: notebook names that must exist (``exact``: and no others).
    ``skip_reason``: what a licensed data notebook's skip message names without configuration
    (the corpus key; per notebook when a mapping).
    ``licensed_fixture(tmp_path, monkeypatch)``: writes fixture files and configures them
    (omitted: no fixture test); on them ``licensed_compares``' paper-vs-run table must compare
    printed values (some row agrees or differs).
    ``sample_check``, ``public_check``, ``licensed_check``: one ``check(out)`` or a list, on the
    paper's results folder of that profile's run.
    ``public_skip_reason``: the paper has no public stand-in; its data notebooks are skipped
    naming it. ``public_data_only``: the public run leaves out the data-free notebooks.
    ``public_requires()``: a reason to skip the public test, or None to run it; given, the
    public test needs no data mirror (and has no ``public`` mark).
    ``licensed_only``: the notebooks of the licensed runs (default: the data notebooks; a
    data-free one listed must run ok). ``licensed_always_skipped``: notebooks skipped even on
    the fixture, with the reason.
    """
    names = notebook_names(paper)
    free = data_free(names)
    data = [n for n in names if n not in free]
    lic = list(licensed_only or data)
    never = dict(licensed_always_skipped or {})

    def test_notebooks_exist_and_are_stripped():
        assert set(expected) <= set(names), sorted(set(expected) - set(names))
        assert not exact or set(names) == set(expected), sorted(set(names) - set(expected))
        assert_stripped(paper)

    def test_sample_profile_runs(tmp_path, monkeypatch):
        runs, out = run_paper_notebooks(paper, "sample", tmp_path, monkeypatch)
        assert_statuses(runs, names)
        for name in names:
            paper_vs_run(out, name)
            assert (out / name / "results.json").is_file(), name
        for check in _checks(sample_check):
            check(out)

    def test_public_profile_runs(tmp_path, monkeypatch, request):
        if public_requires is None:
            request.getfixturevalue("data_mirror")
        else:
            missing = public_requires()
            if missing:
                pytest.skip(missing)
        runs, out = run_paper_notebooks(
            paper, "public", tmp_path, monkeypatch, only=data if public_data_only else None
        )
        ran = data if public_data_only else names
        if public_skip_reason is None:
            assert_statuses(runs, ran)
        else:
            assert_statuses(runs, {n: "ok" if n in free else "skipped" for n in ran})
            assert_skipped({n: runs[n] for n in ran if n not in free}, public_skip_reason)
        for check in _checks(public_check):
            check(out)

    if public_requires is None:
        test_public_profile_runs = pytest.mark.public(test_public_profile_runs)

    def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
        no_licensed_config(tmp_path, monkeypatch)
        runs, _ = run_paper_notebooks(paper, "licensed", tmp_path, monkeypatch, only=lic)
        assert_statuses(runs, {n: "ok" if n in free else "skipped" for n in lic})
        reasons = {
            n: never.get(n, skip_reason if isinstance(skip_reason, str) else skip_reason[n])
            for n in lic
            if n not in free
        }
        assert_skipped({n: runs[n] for n in reasons}, reasons)

    def test_licensed_profile_runs_on_fixture(tmp_path, monkeypatch):
        no_licensed_config(tmp_path, monkeypatch)
        licensed_fixture(tmp_path, monkeypatch)
        runs, out = run_paper_notebooks(
            paper, "licensed", tmp_path / "results", monkeypatch, only=lic
        )
        assert_statuses(runs, {n: "skipped" if n in never else "ok" for n in lic})
        assert_skipped({n: runs[n] for n in never}, never)
        if licensed_compares:
            assert set(paper_vs_run(out, licensed_compares)["verdict"]) & {"agrees", "differs"}
        for check in _checks(licensed_check):
            check(out)

    tests = [
        test_notebooks_exist_and_are_stripped,
        test_sample_profile_runs,
        test_public_profile_runs,
        test_licensed_profile_is_skipped_without_data,
    ]
    if licensed_fixture is not None:
        tests.append(test_licensed_profile_runs_on_fixture)
    return {f.__name__: f for f in tests}
