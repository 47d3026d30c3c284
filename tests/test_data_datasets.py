"""Data sets by key and profile (evalkit.data.datasets) and the provenance record every
loaded corpus carries (evalkit.data.provenance): per profile, with the SHA-256 of every
file recomputed here with hashlib."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from evalkit.data import datasets, licensed, public
from evalkit.data.model import MTCorpus, SummarizationCorpus, load_corpus
from evalkit.data.provenance import Provenance, file_records, provenance_of
from evalkit.data.simulate import CORPORA as SAMPLE_CORPORA, DEFAULT_SEED
from evalkit.errors import DataNotConfiguredError, InputFormatError, ParameterError


def _sha(path) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def _check_files(p: Provenance) -> None:
    """Every record's SHA-256 and size are the file's; the digest is the SHA-256 of the
    sorted ``name<TAB>sha256`` lines."""
    assert p.files, "a provenance record without files"
    for f in p.files:
        assert f.sha256 == _sha(f.path) and f.size == Path(f.path).stat().st_size, f.name
    lines = "".join(f"{n}\t{s}\n" for n, s in sorted((f.name, f.sha256) for f in p.files))
    assert p.digest == hashlib.sha256(lines.encode()).hexdigest()


@pytest.fixture(autouse=True)
def _no_licensed_configuration(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_CONFIG", str(tmp_path / "no-config.yaml"))
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)


@pytest.fixture(scope="module")
def sample_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("sample")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EVALKIT_SAMPLE_DIR", str(root))
        yield root


# ------------------------------------------------------------------------------ registry
#: the human-study data sets (issue 18): simulated, licensed, and public stand-ins for two of them
STUDIES = {"tdt3-relevance", "kolluru-study", "icsi-meetings", "trec-qa-2004"}


def test_every_profile_lists_what_exists_today():
    table = datasets.available()
    assert list(table.columns) == [
        "key",
        "profile",
        "kind",
        "description",
        "stands_in_for",
        "source",
    ]
    kinds = table.groupby("kind")["key"].apply(set)
    assert kinds["mt"] == {
        "tides2003",
        "tides2003ce",
        "tides2003ae",
        "btec2004",
        "wmt17-en-de",
        "wmt09-cz-en",
        "wmt19-darr-gu-en",
        "wmt19-darr-kk-en",
        "wmt19-darr-lt-en",
        "mtc2",
        "mtc4",
        "tides2003-ar-en",
        "nist-mt04-ar-en",
        "nist-mt04-zh-en",
        "nist-mt05-ar-en",
        "nist-mt05-zh-en",
    }
    assert set(datasets.keys("sample")) == set(SAMPLE_CORPORA) | STUDIES | {"decompound-sim"}
    assert kinds["decompounding"] == {"decompound-sim", "decompound-debian", "decompound-gold"}
    assert set(datasets.keys("licensed")) == set(licensed.CORPORA)
    assert set(datasets.keys("public")) == {
        "summeval",
        "realsumm",
        "wmt17-en-de",
        "wmt09-cz-en",
        "wmt19-darr-gu-en",
        "wmt19-darr-kk-en",
        "wmt19-darr-lt-en",
        "icsi-meetings",
        "trec-qa-2004",
        "decompound-debian",
    }
    assert kinds["study"] == STUDIES | {"trec-qa-2003", "duc2004-docs"}
    assert datasets.profiles("duc2004") == ("sample", "licensed")
    assert datasets.profiles("summeval") == ("public",)
    sample = datasets.available("sample")
    assert (sample["stands_in_for"] != "").all()  # every simulated corpus imitates one
    assert "DUC 2004" in sample.set_index("key").loc["duc2004", "stands_in_for"]
    assert (
        datasets.available("public")
        .set_index("key")
        .loc["summeval", "stands_in_for"]
        .startswith("DUC")
    )


def test_command_line_lists_the_registry(capsys):
    from evalkit.cli import main

    assert main(["data", "datasets", "--profile", "sample"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["key", "profile", "kind", "stands_in_for"]
    assert sorted(line.split()[0] for line in lines[1:]) == sorted(
        set(SAMPLE_CORPORA) | STUDIES | {"decompound-sim"}
    )
    assert any(line.startswith("tides2003") and " mt " in line for line in lines)


def test_unknown_keys_profiles_and_second_registrations_are_refused(monkeypatch):
    with pytest.raises(ParameterError, match=r"a profile of 'duc2004': \['sample', 'licensed'\]"):
        datasets.load("duc2004", "public")
    with pytest.raises(ParameterError, match="registered"):
        datasets.load("duc1999", "licensed")
    with pytest.raises(ParameterError, match="profile"):
        datasets.available("private")
    with pytest.raises(ParameterError, match="registered data set"):
        datasets.profiles("nothing")
    monkeypatch.setattr(datasets, "_REGISTRY", dict(datasets._REGISTRY))
    entry = datasets.register_dataset("toy", "public", lambda: None, description="a toy")
    assert datasets.get_dataset("toy", "public") is entry
    with pytest.raises(ParameterError, match="not registered yet"):
        datasets.register_dataset("toy", "public", lambda: None, description="again")
    with pytest.raises(ParameterError, match="profile"):
        datasets.register_dataset("toy", "web", lambda: None, description="a toy")
    with pytest.raises(ParameterError, match="description"):
        datasets.register_dataset("toy2", "public", lambda: None, description="")
    with pytest.raises(ParameterError, match="kind"):
        datasets.register_dataset(
            "toy2", "public", lambda: None, description="a toy", kind="speech"
        )


# ------------------------------------------------------------------------------ sample
def test_sample_corpus_carries_its_files_and_what_it_stands_in_for(sample_root, tmp_path):
    c = datasets.load("duc2004", "sample", quick=True)
    assert isinstance(c, SummarizationCorpus)
    p = c.provenance
    assert (p.dataset, p.profile, p.options) == ("duc2004", "sample", {"quick": True})
    assert "DUC 2004" in p.stands_in_for
    folder = Path(p.root)
    assert folder.parent.parent == sample_root or folder.parent == sample_root
    on_disk = sorted(q.relative_to(folder).as_posix() for q in folder.rglob("*") if q.is_file())
    assert [f.name for f in p.files] == on_disk  # every file of the sample, by name
    assert "SEE/short.results.table2" in on_disk
    assert p.checksums() == {f.name: _sha(folder / f.name) for f in p.files}
    _check_files(p)
    # the record travels with the corpus: save/load and subset keep it
    again = load_corpus(c.save(tmp_path / "saved"))
    assert again.provenance == p and c.subset(list(c.instances["instance"])[:2]).provenance == p
    mt = datasets.load("tides2003", "sample", quick=True, stands_in_for="Europarl reranker outputs")
    assert isinstance(mt, MTCorpus) and mt.provenance.stands_in_for == "Europarl reranker outputs"
    assert {"assessments.csv", "evaluation.yaml"} <= {f.name for f in mt.provenance.files}
    _check_files(mt.provenance)


def test_simulated_study_carries_its_files_seed_and_what_it_stands_in_for(sample_root):
    """The studies register through the same simulated-data helper as the corpora: the files
    of the task's own folder, the seed passed through to the simulator."""
    study = datasets.load("kolluru-study", "sample", quick=True)
    p = study.provenance
    assert (p.dataset, p.profile) == ("kolluru-study", "sample") and "Kolluru" in p.stands_in_for
    folder = Path(p.root)
    assert sample_root in folder.parents
    assert [f.name for f in p.files] == sorted(
        q.relative_to(folder).as_posix() for q in folder.rglob("*") if q.is_file()
    )
    _check_files(p)
    assert json.loads((folder / "truth" / "build.json").read_text())["seed"] == DEFAULT_SEED
    other = datasets.load("kolluru-study", "sample", quick=True, seed=5).provenance
    assert other.options == {"quick": True, "seed": 5}
    assert json.loads((Path(other.root) / "truth" / "build.json").read_text())["seed"] == 5


def test_a_tampered_record_is_refused(sample_root):
    c = datasets.load("duc2004", "sample", quick=True)
    c.meta["provenance"]["files"][0][2] = "0" * 64
    with pytest.raises(InputFormatError, match="digest"):
        c.provenance
    del c.meta["provenance"]["dataset"]
    with pytest.raises(InputFormatError, match="provenance record"):
        provenance_of(c)
    c.meta.pop("provenance")
    assert c.provenance is None


# ------------------------------------------------------------------------------ public
PUBLIC = [
    ("summeval", {"documents": False}),
    ("realsumm", {"annotations": False, "documents": False}),
    ("wmt17-en-de", {}),
    ("wmt09-cz-en", {}),
    ("wmt19-darr-kk-en", {}),
]


@pytest.mark.public
@pytest.mark.parametrize("key,options", PUBLIC)
def test_public_sets_record_their_manifest_files(data_mirror, key, options):
    c = datasets.load(key, "public", **options)
    p = c.provenance
    assert (p.dataset, p.profile, p.options) == (key, "public", options)
    entries = {e["path"]: e for info in public.manifest()["sets"].values() for e in info["files"]}
    for f in p.files:
        assert entries[f.name]["sha256"] == f.sha256  # the pinned upstream bytes
        assert Path(f.path) == (data_mirror / f.name).resolve()
    assert p.licence == entries[p.files[0].name]["licence"]
    assert p.checksums() == c.meta["sha256"]  # what the loaders recorded before
    _check_files(p)


@pytest.mark.public
def test_quick_is_the_sample_size_and_recorded_elsewhere(data_mirror, sample_root):
    whole = datasets.load("wmt09-cz-en", "public")
    quick = datasets.load("wmt09-cz-en", "public", quick=True)  # no test size: loaded whole
    assert len(quick.outputs) == len(whole.outputs) and quick.provenance.options == {"quick": True}
    small = datasets.load("duc2004", "sample", quick=True)
    assert (
        small.provenance.options == {"quick": True}
        and datasets.get_dataset("duc2004", "sample").has_quick
    )
    with pytest.raises(ParameterError, match="quick"):
        datasets.load("duc2004", "sample", quick="yes")


@pytest.mark.public
def test_realsumm_annotations_are_in_the_record(data_mirror):
    p = datasets.load("realsumm", "public", documents=False).provenance
    assert "realsumm/data.pkl" in {f.name for f in p.files}
    assert any(f.name.endswith("SCUs_list.csv") for f in p.files) and len(p.files) > 2


# ------------------------------------------------------------------------------ licensed
@pytest.mark.parametrize("key", sorted(licensed.CORPORA))
def test_unconfigured_licensed_data_is_reported_not_failed(key):
    with pytest.raises(DataNotConfiguredError):
        datasets.load(key, "licensed")


def test_licensed_duc_tac_and_nist_record_the_files_the_readers_use(
    sample_root, tmp_path, monkeypatch
):
    from evalkit.data import duc, judgments, tac
    from evalkit.data.simulate import load_sample

    root = duc.write_corpus(load_sample("duc2004", quick=True), tmp_path / "duc2004_results", 2004)
    (root / "README.unrelated").write_text("not read by the DUC reader\n")
    monkeypatch.setenv("EVALKIT_DUC2004", str(root))
    c = datasets.load("duc2004", "licensed")
    p = c.provenance
    names = {f.name for f in p.files}
    assert "SEE/short.results.table2" in names and "README.unrelated" not in names
    summaries = {q.relative_to(root).as_posix() for q in (root / "ROUGE").rglob("*") if q.is_file()}
    assert summaries <= names and p.root == str(root.resolve()) and p.stands_in_for == ""
    _check_files(p)
    # the digest depends on names and bytes only: the same tree elsewhere has the same digest
    moved = shutil.copytree(root, tmp_path / "elsewhere" / "duc2004_results")
    monkeypatch.setenv("EVALKIT_DUC2004", str(moved))
    q = datasets.load("duc2004", "licensed").provenance
    assert q.digest == p.digest and q.paths() != p.paths()

    eval_dir = tac.write_corpus(
        load_sample("tac2008", quick=True), tmp_path / "UpdateSumm08_eval", 2008
    )
    monkeypatch.setenv("EVALKIT_TAC2008", str(eval_dir))
    t = datasets.load("tac2008", "licensed").provenance
    assert {"manual/manual.peer", "manual/manual.model"} <= {f.name for f in t.files}
    assert any(f.name.startswith("manual/pyramids/") for f in t.files)
    _check_files(t)

    yaml_path = judgments.write_mt_evaluation(
        load_sample("tides2003", quick=True), tmp_path / "mtc4"
    )
    monkeypatch.setenv("EVALKIT_MTC4", str(yaml_path))
    m = datasets.load("mtc4", "licensed").provenance
    assert "assessments.csv" in {f.name for f in m.files}
    assert len(m.files) == len(list((tmp_path / "mtc4").glob("*.sgm"))) + 1
    _check_files(m)


def test_file_records_refuse_missing_files_and_name_relative_to_the_root(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.txt").write_bytes(b"x")
    recs = file_records(
        [tmp_path / "a" / "x.txt", ("given/name", tmp_path / "a" / "x.txt")], root=tmp_path
    )
    assert [r.name for r in recs] == ["a/x.txt"]  # one file, first name wins
    assert recs[0].sha256 == hashlib.sha256(b"x").hexdigest() and recs[0].size == 1
    with pytest.raises(InputFormatError, match="missing.txt"):
        file_records([tmp_path / "missing.txt"])
