"""Public data sets: registry, checksum verification, atomic fetch, loaders' documented counts.

The loaders read the mirror named by EVALKIT_DATA_MIRROR (the test runner points it at
../shared/data); raw upstream values are read independently through safe_pickle / csv to
check what the loaders return.
"""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from evalkit.data import public, realsumm, safe_pickle, summeval, wmt
from evalkit.data.checksums import sha256_file
from evalkit.errors import DataNotConfiguredError

from _requires import requires

MIRROR = os.environ.get("EVALKIT_DATA_MIRROR")
needs_mirror = requires(
    None if MIRROR else "no public data (EVALKIT_DATA_MIRROR, or `evalkit data fetch all`)"
)
pytestmark = pytest.mark.public


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_DATA", str(tmp_path / "cache"))


def raw(relpath):
    return safe_pickle.load(Path(MIRROR) / relpath)


def test_manifest_matches_shared_manifest_facts():
    m = public.manifest()
    assert set(m["sets"]) == {"summeval", "realsumm", "wmt19-darr", "wmt17-en-de", "wmt09-cz-en"}
    for info in m["sets"].values():
        for e in info["files"]:
            assert len(e["sha256"]) == 64 and len(e["commit"]) == 40
            assert public.url_of(e).startswith(
                f"https://raw.githubusercontent.com/{e['repo']}/{e['commit']}/"
            )
    if MIRROR and (Path(MIRROR) / "MANIFEST.json").exists():
        shared = {e["path"]: e for e in json.loads((Path(MIRROR) / "MANIFEST.json").read_text())}
        ours = {e["path"]: e for info in m["sets"].values() for e in info["files"]}
        assert set(shared) == set(ours)
        for p, e in ours.items():
            assert (e["sha256"], e["commit"], e["upstream_path"]) == (
                shared[p]["sha256"],
                shared[p]["upstream_commit"],
                shared[p]["upstream_path"],
            )


def test_not_configured(monkeypatch):
    monkeypatch.delenv("EVALKIT_DATA_MIRROR", raising=False)
    with pytest.raises(
        DataNotConfiguredError, match=r"summeval/data.pkl.*evalkit data fetch summeval"
    ):
        summeval.load_summeval()


@needs_mirror
def test_corrupted_mirror_file_is_rejected_by_checksum(tmp_path, monkeypatch):
    fake = tmp_path / "mirror"
    shutil.copytree(Path(MIRROR) / "wmt19-darr", fake / "wmt19-darr")
    target = fake / "wmt19-darr/kk-en/data.pkl"
    data = bytearray(target.read_bytes())
    data[len(data) // 2] ^= 0x01  # one bit
    target.write_bytes(bytes(data))
    monkeypatch.setenv("EVALKIT_DATA_MIRROR", str(fake))
    with pytest.raises(public.ChecksumError, match=r"kk-en/data.pkl: SHA-256 mismatch"):
        wmt.load_wmt19_darr("kk-en")
    assert public.status("wmt19-darr")[1]["state"] == "corrupt"


class _FakeResponse(io.BytesIO):
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@needs_mirror
def test_fetch_verifies_and_leaves_no_partial_file(tmp_path, monkeypatch):
    monkeypatch.delenv("EVALKIT_DATA_MIRROR", raising=False)
    cache = Path(os.environ["EVALKIT_DATA"])
    good = (Path(MIRROR) / "wmt09-cz-en/meteor-sys.scr").read_bytes()
    requested = []

    def corrupt_opener(url, timeout):
        requested.append(url)
        return _FakeResponse(good.replace(b"0.29", b"0.30"))

    with pytest.raises(public.ChecksumError, match="meteor-doc.scr: SHA-256 mismatch"):
        public.fetch("wmt09-cz-en", opener=corrupt_opener)
    assert requested[0].startswith("https://raw.githubusercontent.com/cmu-mtlab/meteor/57a9ec5d")
    assert not [p for p in cache.rglob("*") if p.is_file()], "a failed download must leave no file"

    def failing_opener(url, timeout):
        class Broken(_FakeResponse):
            def read(self, n=-1):
                raise OSError("connection reset")

        return Broken(b"")

    with pytest.raises(public.DownloadError, match="connection reset"):
        public.fetch("wmt09-cz-en", opener=failing_opener)
    assert not [p for p in cache.rglob("*") if p.is_file()]

    def mirror_opener(url, timeout):
        entry = next(
            e for e in public.manifest()["sets"]["wmt09-cz-en"]["files"] if public.url_of(e) == url
        )
        return _FakeResponse((Path(MIRROR) / entry["path"]).read_bytes())

    paths = public.fetch("wmt09-cz-en", opener=mirror_opener)
    assert len(paths) == 5 and all(p.is_file() and cache in p.parents for p in paths)
    assert all(r["where"] == "cache" and r["state"] == "ok" for r in public.status("wmt09-cz-en"))


@needs_mirror
def test_fetch_from_offline_mirror(tmp_path):
    paths = public.fetch("summeval")
    assert paths == [Path(os.environ["EVALKIT_DATA"]) / "summeval/data.pkl"]
    assert sha256_file(paths[0]) == public.manifest()["sets"]["summeval"]["files"][0]["sha256"]


@needs_mirror
def test_summeval_counts_and_values():
    c = summeval.load_summeval()
    raw_data = raw("summeval/data.pkl")
    assert len(c.instances) == 100
    assert len(c.peers()) == 16 and len(c.models()) == 11
    assert len(c.summaries) == 100 * (16 + 11)
    assert c.judgment_names() == ["coherence", "consistency", "fluency", "relevance"]
    assert len(c.judgments) == 100 * 16 * 4
    assert c.judgments["value"].between(1, 5).all()
    doc = next(iter(raw_data))
    assert c.summary_text(doc, "M11", sep=" ") == raw_data[doc]["sys_summs"]["M11"]["sys_summ"]
    assert c.summary_text(doc, "ref1", sep=" ") == raw_data[doc]["ref_summ"]
    assert c.summary_text(doc, "ref11", sep=" ") == raw_data[doc]["ref_summs"][10]
    j = c.judgments.set_index(["instance", "summarizer", "judgment"])["value"]
    assert j[(doc, "M11", "relevance")] == raw_data[doc]["sys_summs"]["M11"]["scores"]["relevance"]
    # lossless sentence split everywhere
    for (i, s), sents in zip(
        c.summaries[["instance", "summarizer"]].itertuples(index=False), c.summaries["sentences"]
    ):
        text = (
            raw_data[i]["sys_summs"][s]["sys_summ"]
            if s.startswith("M")
            else raw_data[i]["ref_summs"][int(s[3:]) - 1]
        )
        assert " ".join(sents) == text


@needs_mirror
def test_realsumm_counts_and_crowd_litepyramid():
    c = realsumm.load_realsumm()
    assert len(c.instances) == 100 and len(c.peers()) == 24 and c.models() == ["ref"]
    lp = c.judgments.pivot_table(
        index=["instance", "summarizer"], columns="judgment", values="value"
    )
    assert len(lp) == 2400
    # LitePyramid recall recomputed from the crowd votes (strict majority, BLANK SCUs
    # excluded, BART from the extractive folder) equals the published value everywhere.
    np.testing.assert_allclose(
        lp["litepyramid_recall_crowd"], lp["litepyramid_recall"], rtol=0, atol=1e-12
    )
    assert len(c.scus) == 1600 - 544  # SCUs_list.csv rows minus BLANK placeholders
    presence = realsumm.realsumm_scu_presence()
    assert presence.groupby(["summarizer", "group"]).ngroups == 25
    assert set(presence["votes"]) <= {3, 4}


@needs_mirror
def test_realsumm_score_dictionaries():
    scores, corpus = realsumm.load_realsumm_scores()
    groups = scores.groupby("group")["system"].nunique().to_dict()
    assert groups == {"abs": 14, "ext": 11}
    assert len(corpus.peers()) == 25 and {"abs/bart_out", "ext/bart_out"} <= set(corpus.peers())
    assert scores["metric"].nunique() == 15 and len(scores) == 25 * 100 * 15
    raw_abs = raw("realsumm/scores_dicts/abs.pkl")
    v = raw_abs[7]["system_summaries"]["semsim_out.txt"]["scores"]["rouge_2_recall"]
    hit = scores[
        (scores.instance == "7")
        & (scores.system == "semsim_out")
        & (scores.metric == "rouge_2_recall")
    ]
    assert hit["value"].tolist() == [v]


@needs_mirror
@pytest.mark.parametrize(
    "pair, pairs, systems", [("gu-en", 20110, None), ("kk-en", 9728, None), ("lt-en", 21862, None)]
)
def test_wmt19_darr(pair, pairs, systems):
    c = wmt.load_wmt19_darr(pair)
    data = raw(f"wmt19-darr/{pair}/data.pkl")
    assert len(c.preferences) == pairs == len(data)
    assert len(c.segments) == len({(v["src"], v["ref"]) for v in data.values()})
    first = data[0]
    p = c.preferences.iloc[0]
    assert (p["better"], p["worse"]) == (first["better"]["sys_name"], first["worse"]["sys_name"])
    out = c.outputs.set_index(["segment", "system"])["text"]
    assert out[(p["segment"], p["better"])] == first["better"]["sys"]
    assert c.references_for("newstest2019", int(p["segment"])) == [first["ref"]]


@needs_mirror
def test_wmt17_en_de():
    c = wmt.load_wmt17_en_de()
    assert len(c.segments) == 3004 and len(c.systems) == 16 and c.systems[0] == "LIUM-NMT"
    data = raw("wmt17-en-de/wmt17_en_de_systems.pkl.bz2")
    assert c.system_output("uedin-nmt") == data[14][1]
    assert c.reference_stream("ref") == data[-1][1][0]


@needs_mirror
def test_wmt09_meteor_scores_match_sgml_segment_count():
    import re

    scores = wmt.load_wmt09_meteor()
    assert {k: len(v) for k, v in scores.items()} == {"sys": 1, "doc": 111, "seg": 2525}
    assert scores["sys"]["value"].iat[0] == 0.299148440516935  # meteor-sys.scr as published
    sgml = (Path(MIRROR) / "wmt09-cz-en/test.sgm").read_text(encoding="utf-8")
    per_doc = {}
    for doc in re.findall(r'<doc [^>]*docid="([^"]+)"[^>]*>(.*?)</doc>', sgml, re.S):
        per_doc[doc[0]] = len(re.findall(r"<seg id=", doc[1]))
    seg = scores["seg"]
    assert seg.groupby("document").size().to_dict() == per_doc
    assert set(seg["system"]) == {"cmu-combo"} and set(seg["setid"]) == {"newstest2009"}


@needs_mirror
def test_wmt09_sgml_loads_through_nist_sgml():
    c = wmt.load_wmt09_cz_en()
    seg = wmt.load_wmt09_meteor()["seg"]
    assert len(c.segments) == len(seg) == 2525
    assert set(zip(c.segments["document"], c.segments["segment"])) == set(
        zip(seg["document"], seg["segment"])
    )
    assert c.systems == ["cmu-combo"]


@needs_mirror
def test_fake_sgml_reader_agrees_with_nist_reader_on_wmt09():
    from evalkit.data import nist_sgml, wmt

    path = Path(MIRROR) / "wmt09-cz-en/ref.sgm"
    ours = wmt.read_fake_sgml(path)
    theirs = nist_sgml.read_nist(path)
    assert ours.attrs["setid"] == theirs.setid == "newstest2009"
    # fake SGML keeps inner whitespace (like sacrebleu), mteval SGML collapses it
    assert [" ".join(t.split()) for t in ours.segments()] == [
        " ".join(s.text.split()) for d in theirs.docs for s in d.segments
    ]
    assert list(ours.docs) == [d.docid for d in theirs.docs]
