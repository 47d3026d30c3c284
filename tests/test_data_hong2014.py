"""Hong et al. (2014) summaries (evalkit.data.hong2014): the folder layout, its errors, and
the licensed-data configuration that locates it (no environment reading of its own)."""

from __future__ import annotations

import hashlib

import pandas as pd
import pytest

from evalkit.data import datasets, hong2014, licensed
from evalkit.data.model import SummarizationCorpus
from evalkit.errors import DataNotConfiguredError, InputFormatError, ParameterError


@pytest.fixture(autouse=True)
def _no_configuration(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_CONFIG", str(tmp_path / "no-config.yaml"))
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)


def _duc_corpus():
    """Two DUC 2004-style docsets, models A and B, peers 1 and 2."""
    texts = {
        "A": ("the cat sat on the mat .",),
        "B": ("a cat was sitting on a mat .",),
        "1": ("the cat sat .", "it purred ."),
        "2": ("dogs bark loudly at night .",),
    }
    rows = [(i, w, t) for i in ("D30001", "D30002") for w, t in texts.items()]
    return SummarizationCorpus(
        name="duc2004",
        instances=pd.DataFrame({"instance": ["D30001", "D30002"]}),
        summarizers=pd.DataFrame(
            {"summarizer": list(texts), "type": ["model", "model", "peer", "peer"]}
        ),
        summaries=pd.DataFrame(rows, columns=["instance", "summarizer", "sentences"]),
    ).validate()


def write_hong_tree(root, corpus):
    """A Hong et al. (2014)-style tree: <SOAsums|basicsums>/<system>/<docset>t.<system>, one
    sentence per line (and blank lines); the 12 systems reuse the corpus's peers (every
    second one shortened by its last sentence)."""
    peers = corpus.peers()
    for k, (system, group) in enumerate(hong2014.HONG2014_SYSTEMS.items()):
        folder = root / group / system
        folder.mkdir(parents=True)
        for inst in corpus.instances["instance"]:
            sents = list(corpus.summary(inst, peers[k % len(peers)]))
            if k >= len(peers) or k % 2:
                sents = sents[:-1] or sents
            (folder / f"{inst.lower()}t.{system}").write_text(
                "\n".join(sents) + "\n\n", encoding="latin-1"
            )
    return root


def test_read_layout_sentences_and_docset_matching(tmp_path):
    write_hong_tree(tmp_path, _duc_corpus())
    peers = hong2014.read_hong2014(tmp_path, ["D30001", "D30002"])
    assert list(peers.columns) == ["instance", "summarizer", "sentences"]
    assert len(peers) == 24 and set(peers["summarizer"]) == set(hong2014.HONG2014_SYSTEMS)
    by = peers.set_index(["instance", "summarizer"])["sentences"]
    assert by[("D30001", "DPP")] == (
        "the cat sat .",
        "it purred .",
    )  # k = 0: whole, blank line dropped
    assert by[("D30002", "ICSISumm")] == ("dogs bark loudly at night .",)
    assert by[("D30001", "RegSum")] == ("the cat sat .",)  # k = 2 >= 2 peers: shortened
    assert hong2014.docset_key("D30001.M.100.T") == hong2014.docset_key("d30001t") == "d30001"
    assert len(hong2014.read_hong2014(tmp_path, ["D30001", "D30002"], systems=["LexRank"])) == 2


def test_read_errors_name_the_file(tmp_path):
    write_hong_tree(tmp_path, _duc_corpus())
    (tmp_path / "SOAsums" / "DPP" / "x99.DPP").write_text("stray\n")
    with pytest.raises(InputFormatError, match="x99.DPP"):
        hong2014.read_hong2014(tmp_path, ["D30001", "D30002"])
    (tmp_path / "SOAsums" / "DPP" / "x99.DPP").unlink()
    (tmp_path / "SOAsums" / "DPP" / "d30002t.DPP").unlink()
    with pytest.raises(InputFormatError, match="d30002"):
        hong2014.read_hong2014(tmp_path, ["D30001", "D30002"])
    with pytest.raises(InputFormatError, match="LexRank"):
        hong2014.read_hong2014(tmp_path / "nowhere", ["D30001"], systems=["LexRank"])
    with pytest.raises(ParameterError, match="systems"):
        hong2014.read_hong2014(tmp_path, ["D30001"], systems=["GPT"])


def test_load_uses_the_duc_models_as_references(tmp_path):
    duc = _duc_corpus()
    write_hong_tree(tmp_path, duc)
    c = hong2014.load_hong2014(duc, root=tmp_path)
    assert c.models() == ["A", "B"] and c.peers() == list(hong2014.HONG2014_SYSTEMS)
    assert c.summary("D30002", "B") == ("a cat was sitting on a mat .",)
    assert c.meta["length_limit"] == 100 and c.meta["systems"]["LexRank"] == "basicsums"
    assert c.judgments.empty
    with pytest.raises(ParameterError, match="length_limit"):
        hong2014.load_hong2014(duc, root=tmp_path, length_limit=0)


def test_located_through_the_licensed_configuration(tmp_path, monkeypatch):
    duc = _duc_corpus()
    with pytest.raises(DataNotConfiguredError, match="hong2014"):
        hong2014.load_hong2014(duc)
    with pytest.raises(DataNotConfiguredError, match="EVALKIT_HONG2014"):
        datasets.load("hong2014", "licensed", duc_corpus=duc)
    root = write_hong_tree(tmp_path / "sumrepo_duc2004", duc)
    monkeypatch.setenv("EVALKIT_HONG2014", str(root))
    assert hong2014.load_hong2014(duc).meta["source"] == str(root)
    assert licensed.check(["hong2014"])[0]["state"] == "ok"
    monkeypatch.delenv("EVALKIT_HONG2014")
    config = tmp_path / "data.yaml"
    config.write_text(f"licensed:\n  hong2014: {root}\n", encoding="utf-8")
    monkeypatch.setenv("EVALKIT_CONFIG", str(config))
    c = datasets.load("hong2014", "licensed", duc_corpus=duc)
    assert len(c.peers()) == 12
    p = c.provenance
    assert p.profile == "licensed" and p.options == {"duc_corpus": "<SummarizationCorpus duc2004>"}
    assert len(p.files) == 24 and p.files[0].name == "SOAsums/CLASSY04/d30001t.CLASSY04"
    for f in p.files:
        with open(f.path, "rb") as fh:
            assert f.sha256 == hashlib.sha256(fh.read()).hexdigest()
    with pytest.raises(ParameterError, match="duc_corpus"):
        licensed.load("hong2014")
