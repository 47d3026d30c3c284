"""The sample profile's simulated corpora: realism against the latent truth, determinism.

Every realism measure is computed here, in the test, from the corpus as read back through
the real readers (DUC/TAC trees, NIST SGML): unigram recall against the models, a
unigram-precision overlap for MT, Krippendorff's alpha on repeated judgments, Porter
stemming (nltk).  The bounds are those of issue 4.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import krippendorff
import numpy as np
import pandas as pd
import pytest
from nltk.stem import PorterStemmer

from evalkit.data.model import MTCorpus, SummarizationCorpus
from evalkit.data.simulate import CORPORA, build_sample, load_sample, load_truth, simulate_corpus
from evalkit.errors import ParameterError

SEED = 20051


@pytest.fixture
def full(full_sample):
    """Full-size DUC 2004, TIDES 2003 and TAC 2008, built once per session (conftest.py
    ``full_sample``, seed :data:`SEED`) and read back; the tests using it are slow."""
    return full_sample


def _tokens(sentences) -> list:
    return re.sub(r"[^a-z0-9]+", " ", " ".join(sentences).lower()).split()


def _unigram_recall(corpus: SummarizationCorpus, stem=None) -> pd.DataFrame:
    """Per summary: matched unigrams / model unigrams, pooled over the other models."""
    types = dict(zip(corpus.summarizers["summarizer"], corpus.summarizers["type"]))
    rows = []
    for inst, grp in corpus.summaries.groupby("instance"):
        toks = {s: _tokens(sents) for s, sents in zip(grp["summarizer"], grp["sentences"])}
        if stem is not None:
            toks = {s: [stem(w) for w in t] for s, t in toks.items()}
        models = [s for s in toks if types[s] == "model"]
        for s, t in toks.items():
            counts = Counter(t)
            refs = [m for m in models if m != s]
            hit = sum(sum((counts & Counter(toks[m])).values()) for m in refs)
            total = sum(len(toks[m]) for m in refs)
            rows.append((inst, s, types[s], hit / total, hit))
    return pd.DataFrame(rows, columns=["instance", "summarizer", "type", "recall", "matches"])


def _system_means(corpus: SummarizationCorpus, judgment: str) -> pd.Series:
    j = corpus.judgments
    return j[j["judgment"] == judgment].groupby("summarizer")["value"].mean()


# --------------------------------------------------------------------------- DUC 2004
@pytest.mark.slow
def test_duc2004_has_the_original_shape(full):
    c = load_sample("duc2004", root=full, seed=SEED)
    assert isinstance(c, SummarizationCorpus)
    assert c.instances["instance"].nunique() == 50
    per_topic = c.summaries.merge(c.summarizers).groupby(["instance", "type"]).size().unstack()
    assert (per_topic["model"] == 4).all()
    assert 30 <= len(c.summarizers) <= 40
    # peers are truncated at 665 bytes as NIST did
    peers = c.summaries[c.summaries["summarizer"].str.isdigit()]
    assert max(len(" ".join(s)) for s in peers["sentences"]) <= 665


@pytest.mark.slow
def test_unigram_recall_tracks_coverage_at_system_level_but_not_perfectly(full):
    c = load_sample("duc2004", root=full, seed=SEED)
    rec = _unigram_recall(c)
    peers = rec[rec["type"] == "peer"].groupby("summarizer")["recall"].mean()
    cov = _system_means(c, "coverage")[peers.index]
    r = np.corrcoef(peers, cov)[0, 1]
    assert 0.6 <= r <= 0.95, r
    # and it is noisier summary by summary
    merged = rec[rec["type"] == "peer"].merge(
        c.judgments[c.judgments["judgment"] == "coverage"], on=["instance", "summarizer"]
    )
    assert np.corrcoef(merged["recall"], merged["value"])[0, 1] < r


@pytest.mark.slow
def test_human_models_score_above_systems(full):
    c = load_sample("duc2004", root=full, seed=SEED)
    types = dict(zip(c.summarizers["summarizer"], c.summarizers["type"]))
    for judgment, better in (
        ("coverage", np.greater),
        ("quality_q1", np.less),
    ):  # quality: 1 = A (best)
        j = c.judgments[c.judgments["judgment"] == judgment]
        means = j.groupby(j["summarizer"].map(types))["value"].mean()
        assert better(means["model"], means["peer"]), (judgment, means)


@pytest.mark.slow
def test_stemming_changes_unigram_overlap_for_enough_summaries(full):
    c = load_sample("duc2004", root=full, seed=SEED)
    porter = PorterStemmer(mode=PorterStemmer.ORIGINAL_ALGORITHM)
    cache = {}

    def stem(w):
        if w not in cache:
            cache[w] = porter.stem(w) if len(w) > 3 else w  # ROUGE stems words longer than 3
        return cache[w]

    plain = _unigram_recall(c)
    stemmed = _unigram_recall(c, stem=stem)
    changed = (plain["matches"].to_numpy() != stemmed["matches"].to_numpy()).mean()
    assert changed >= 0.05, changed


@pytest.mark.slow
def test_latent_truth_explains_the_judgments(full):
    c = load_sample("duc2004", root=full, seed=SEED)
    truth = load_truth("duc2004", root=full, seed=SEED)
    t = truth["summaries"].groupby("summarizer")["content"].mean()
    cov = _system_means(c, "coverage")[t.index]
    assert np.corrcoef(t, cov)[0, 1] > 0.9
    facts = truth["facts"]
    assert set(facts["instance"]) == set(c.instances["instance"])
    assert (facts["weight"] > 0).all()


# --------------------------------------------------------------------------- TIDES 2003
@pytest.mark.slow
def test_mt_overlap_correlates_less_with_adequacy_per_segment_than_per_system(full):
    c = load_sample("tides2003", root=full, seed=SEED)
    assert isinstance(c, MTCorpus)
    assert len(c.segments) == 919 and c.segments["document"].nunique() == 100
    assert c.outputs["system"].nunique() == 7 and c.references["reference"].nunique() == 4
    assert (c.judgments.groupby(["document", "segment", "system", "judgment"]).size() == 2).all()
    assert set(c.judgments["value"]) <= {1.0, 2.0, 3.0, 4.0, 5.0}
    refs = {
        k: [Counter(_tokens([t])) for t in g]
        for k, g in c.references.groupby(["document", "segment"])["text"]
    }
    prec = []
    for doc, seg, sysid, text in c.outputs[["document", "segment", "system", "text"]].itertuples(
        index=False
    ):
        hyp = Counter(_tokens([text]))
        best = Counter()
        for r in refs[(doc, seg)]:
            best |= r
        prec.append((doc, seg, sysid, sum((hyp & best).values()) / max(1, sum(hyp.values()))))
    p = pd.DataFrame(prec, columns=["document", "segment", "system", "overlap"])
    adequacy = (
        c.judgments[c.judgments["judgment"] == "adequacy"]
        .groupby(["document", "segment", "system"])["value"]
        .mean()
        .rename("adequacy")
        .reset_index()
    )
    m = p.merge(adequacy)
    seg_r = np.corrcoef(m["overlap"], m["adequacy"])[0, 1]
    sys_m = m.groupby("system")[["overlap", "adequacy"]].mean()
    sys_r = np.corrcoef(sys_m["overlap"], sys_m["adequacy"])[0, 1]
    assert 0.0 < seg_r < sys_r - 0.2, (seg_r, sys_r)


@pytest.mark.slow
def test_mt_bitext_alignment_links_stay_inside_the_sentences(full):
    truth = load_truth("tides2003", root=full, seed=SEED)
    bitext = truth["bitext"]
    src = (full / "tides2003" / "bitext" / "train.zz").read_text(encoding="utf-8").splitlines()
    tgt = (full / "tides2003" / "bitext" / "train.en").read_text(encoding="utf-8").splitlines()
    assert len(src) == len(tgt) == len(bitext) == 2000
    for s, t, links in zip(src[:300], tgt[:300], bitext["alignment"][:300]):
        pairs = [tuple(map(int, x.split("-"))) for x in str(links).split()]
        assert pairs
        assert all(i < len(s.split()) and j < len(t.split()) for i, j in pairs)


# --------------------------------------------------------------------------- TAC 2008
def _identical_peer_pairs(c: SummarizationCorpus):
    """Summaries with the same topic, docset and text from two peers (ORDC12's repeats)."""
    types = dict(zip(c.summarizers["summarizer"], c.summarizers["type"]))
    pairs = []
    for inst, grp in c.summaries.groupby("instance"):
        by_text = {}
        for s, sents in zip(grp["summarizer"], grp["sentences"]):
            if types[s] == "peer" and sents:
                by_text.setdefault(sents, []).append(s)
        pairs += [(inst, ids[0], ids[1]) for ids in by_text.values() if len(ids) == 2]
    return pairs


@pytest.mark.slow
def test_tac2008_repeated_judgments_agree_imperfectly(full):
    c = load_sample("tac2008", root=full, seed=SEED)
    assert c.instances["instance"].nunique() == 96 and len(c.peers()) == 58
    assert set(c.instances["update_of"].dropna()) == {
        i for i in c.instances["instance"] if i.endswith("-A")
    }
    pairs = _identical_peer_pairs(c)
    assert len(pairs) >= 200
    values = c.judgments.set_index(["instance", "summarizer", "judgment"])["value"]
    for judgment in ("overall_responsiveness", "linguistic_quality", "pyramid_modified"):
        a = [values[(i, x, judgment)] for i, x, _ in pairs]
        b = [values[(i, y, judgment)] for i, _, y in pairs]
        alpha = krippendorff.alpha(reliability_data=[a, b], level_of_measurement="interval")
        assert 0.4 <= alpha <= 0.9, (judgment, alpha)


@pytest.mark.slow
def test_tac2008_pyramids_and_models(full):
    c = load_sample("tac2008", root=full, seed=SEED)
    # SCU weight = number of models contributing, as DUCView defines it
    n_models = (
        c.scu_contributors[c.scu_contributors["summarizer"].isin(c.models())]
        .groupby(["instance", "scu"])["summarizer"]
        .nunique()
    )
    weights = c.scus.set_index(["instance", "scu"])["weight"]
    assert (weights[n_models.index] == n_models).all() and weights.between(1, 4).all()
    types = dict(zip(c.summarizers["summarizer"], c.summarizers["type"]))
    j = c.judgments[c.judgments["judgment"] == "overall_responsiveness"]
    means = j.groupby(j["summarizer"].map(types))["value"].mean()
    assert means["model"] > means["peer"] + 1.0
    rec = _unigram_recall(c)
    peers = rec[rec["type"] == "peer"].groupby("summarizer")["recall"].mean()
    for judgment in ("pyramid_modified", "overall_responsiveness"):
        r = np.corrcoef(peers, _system_means(c, judgment)[peers.index])[0, 1]
        assert 0.6 <= r <= 0.95, (judgment, r)
    aspects = load_truth("tac2008", root=full, seed=SEED)["scus"]
    assert len(aspects) == len(c.scus) and aspects["aspect"].notna().all()


# --------------------------------------------------------------------------- every corpus, quick
def _tree_digest(root: Path) -> dict:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_same_seed_gives_byte_identical_files_and_round_trips(tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    build_sample(a, quick=True, seed=7, jobs=2)
    some = ["tac2009", "tides2003", "duc2005", "duc2004"]  # another order, another process layout
    build_sample(b, quick=True, seed=7, corpora=some, jobs=1)
    build_sample(c, quick=True, seed=8, corpora=["duc2004"], jobs=1)
    da, db = _tree_digest(a), _tree_digest(b)
    assert {k: v for k, v in da.items() if k.split("/")[0] in some} == db and len(db) > 300
    dc = _tree_digest(c)
    duc_a = {
        k: v for k, v in da.items() if k.startswith("duc2004/") and "truth/build.json" not in k
    }
    assert sum(dc.get(k) != v for k, v in duc_a.items()) > len(duc_a) // 2
    # what the readers give back is what was simulated
    for name in CORPORA:
        back = load_sample(name, root=a, quick=True, seed=7)
        sim, _ = simulate_corpus(name, seed=7, quick=True)
        for table, df in sim.tables().items():
            got = getattr(back, table)
            cols = list(df.columns)
            assert set(cols) <= set(got.columns), (name, table)
            key = [col for col in cols if col != "sentences"]
            pd.testing.assert_frame_equal(
                df[cols].sort_values(key, kind="stable").reset_index(drop=True),
                got[cols].sort_values(key, kind="stable").reset_index(drop=True),
                check_dtype=False,
                obj=f"{name}.{table}",
            )


def test_load_sample_builds_when_missing_and_rebuilds_for_another_seed(tmp_path):
    c1 = load_sample("duc2007", root=tmp_path, quick=True, seed=3)
    stamp = tmp_path / "quick" / "duc2007" / "truth" / "build.json"
    assert stamp.is_file() and '"seed": 3' in stamp.read_text()
    c2 = load_sample("duc2007", root=tmp_path, quick=True, seed=4)
    assert '"seed": 4' in stamp.read_text()
    assert not c1.summaries["sentences"].equals(c2.summaries["sentences"])


def test_a_corpus_recorded_by_other_simulator_code_is_rebuilt(tmp_path):
    """Same seed, size and GENERATOR_VERSION but another simulator source in the record (an
    unversioned edit, another checkout sharing the folder): rebuilt, not read."""
    from evalkit.data.simulate.build import simulator_fingerprint

    load_sample("duc2007", root=tmp_path, quick=True, seed=3)
    stamp = tmp_path / "quick" / "duc2007" / "truth" / "build.json"
    record = json.loads(stamp.read_text())
    assert record["simulator"] == simulator_fingerprint()
    stamp.write_text(json.dumps({**record, "simulator": "0" * 64}))
    load_sample("duc2007", root=tmp_path, quick=True, seed=3)
    assert json.loads(stamp.read_text())["simulator"] == simulator_fingerprint()


def test_the_simulator_fingerprint_follows_the_source_bytes(tmp_path):
    from evalkit.data.checksums import source_fingerprint

    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "a.py").write_text("A = 1\n")
    (pkg / "sub" / "b.py").write_text("B = 2\n")
    (pkg / "notes.txt").write_text("not source")
    first = source_fingerprint(pkg)
    (pkg / "notes.txt").write_text("still not source")
    assert source_fingerprint(pkg) == first
    (pkg / "sub" / "b.py").write_text("B = 3\n")
    assert source_fingerprint(pkg) != first
    (pkg / "sub" / "b.py").write_text("B = 2\n")
    assert source_fingerprint(pkg) == first
    (pkg / "sub" / "b.py").rename(pkg / "b.py")  # same bytes, another path
    assert source_fingerprint(pkg) != first


def test_parameters_are_validated(tmp_path):
    with pytest.raises(ParameterError, match="corpora"):
        build_sample(tmp_path, corpora=["duc1999"])
    with pytest.raises(ParameterError, match="seed"):
        build_sample(tmp_path, seed="1")
    with pytest.raises(ParameterError, match="corpus_name"):
        load_sample("nope", root=tmp_path)


@pytest.mark.slow
def test_tac2008_inconsistent_assessors_agree_less_with_themselves(full):
    """ORDC12's per-assessor alpha: the assessors the truth marks inconsistent come last."""
    c = load_sample("tac2008", root=full, seed=SEED)
    assessors = load_truth("tac2008", root=full, seed=SEED)["assessors"].set_index("key")
    assert assessors["inconsistent"].sum() >= 1
    selector = dict(
        zip(c.instances["instance"], c.instances["selector"])
    )  # TAC: the topic's assessor
    values = c.judgments.set_index(["instance", "summarizer", "judgment"])["value"]
    pairs = _identical_peer_pairs(c)
    for judgment in ("overall_responsiveness", "linguistic_quality"):
        alpha = {}
        for a in assessors.index:
            mine = [p for p in pairs if selector[p[0]] == a]
            alpha[a] = krippendorff.alpha(
                reliability_data=[
                    [values[(i, x, judgment)] for i, x, _ in mine],
                    [values[(i, y, judgment)] for i, _, y in mine],
                ],
                level_of_measurement="interval",
            )
        bad = [alpha[a] for a in assessors.index if assessors.loc[a, "inconsistent"]]
        good = [alpha[a] for a in assessors.index if not assessors.loc[a, "inconsistent"]]
        assert max(bad) < np.mean(good), (judgment, alpha)


def test_modified_pyramid_score_by_hand():
    from evalkit.data.simulate.summarization import modified_pyramid

    weights = {"a": 4, "b": 2, "c": 3, "d": 1}
    # found a (4) + b (2); the best 2 SCUs weigh 4 + 3
    assert modified_pyramid(["a", "b", "b"], weights, 2) == round(6 / 7, 4)
    # X = 2.4 rounds to 2; an SCU outside the pyramid counts nothing
    assert modified_pyramid(["d", "z"], weights, 2.4) == round(1 / 7, 4)
    assert modified_pyramid([], weights, 3) == 0.0


def test_a_models_jackknifed_pyramid_counts_the_scus_it_contributed():
    # the pyramid was built from the models, so a model's SCUs are known, not re-annotated:
    # its SCUs in the other three models' pyramid are the ones it shares (weight >= 2)
    c, _ = simulate_corpus("tac2008", seed=SEED, quick=True)
    contrib = c.scu_contributors.merge(c.scus[["instance", "scu", "weight"]])
    contrib = contrib[contrib["summarizer"].isin(c.models()) & (contrib["weight"] >= 2)]
    shared = contrib.groupby(["instance", "summarizer"])["scu"].nunique()
    j = c.judgments[c.judgments["judgment"] == "num_scus_jk"]
    jk = j.set_index(["instance", "summarizer"])["value"]
    assert len(jk) > 0 and (jk == shared.reindex(jk.index).fillna(0)).all()


def _load_quick(root: str) -> int:
    return len(load_sample("duc2007", root=root, quick=True, seed=9).summaries)


def test_parallel_loads_build_once_and_agree(tmp_path):
    """run_all.sh runs notebooks in parallel: they may all ask for a corpus not built yet."""
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(3) as pool:
        sizes = pool.map(_load_quick, [str(tmp_path)] * 3)
    assert len(set(sizes)) == 1 and sizes[0] > 0
    assert not list((tmp_path / "quick").glob(".duc2007.building*"))


def _scu_match_rate(corpus, truth, docset: str, half: int) -> pd.Series:
    """Per peer, over every other topic (``half`` 0 or 1) of ``docset`` ("-A"/"-B"): the
    share of the pyramid SCUs its summary truly expresses that the assessor annotated."""
    scu_of = truth["scus"].set_index(["instance", "fact"])["scu"].astype(str)
    annotated = set(
        zip(
            corpus.peer_scus["instance"],
            corpus.peer_scus["summarizer"],
            corpus.peer_scus["scu"].astype(str),
        )
    )
    insts = sorted(i for i in corpus.instances["instance"] if i.endswith(docset))[half::2]
    ts = truth["summaries"]
    ts = ts[ts["instance"].isin(insts) & ts["summarizer"].isin(corpus.peers())]
    hits, total = Counter(), Counter()
    for inst, sid, facts in zip(ts["instance"], ts["summarizer"], ts["facts"].fillna("")):
        for fact in str(facts).split():
            scu = scu_of.get((inst, fact))
            if scu is not None:
                total[sid] += 1
                hits[sid] += (inst, sid, scu) in annotated
    return pd.Series({s: hits[s] / total[s] for s in total if total[s]})


def test_tac2008_systems_content_selection_and_scu_match_are_their_own_traits():
    # footnote 1 of owczarzak2009conditions (calibrated, data/published/simulator_targets.csv):
    # a system's Pyramid on one update topic tells more about its Pyramid on all of them than
    # on initial topics; on update docsets the share of its SCUs the assessor matches is the
    # system's own, so it agrees between the odd and the even topics (not on initial docsets)
    c, truth = simulate_corpus("tac2008", seed=SEED)
    r = {}
    for docset in ("-A", "-B"):
        odd, even = _scu_match_rate(c, truth, docset, 0), _scu_match_rate(c, truth, docset, 1)
        r[docset] = np.corrcoef(odd, even[odd.index])[0, 1]
    assert r["-B"] > 0.4 and r["-B"] > r["-A"] + 0.3, r


def test_system_traits_are_evenly_spread_and_seeded():
    from evalkit.data.simulate.corpora import config
    from evalkit.data.simulate.summarization import _traits

    cfg = config("tac2008")
    a, b, again = _traits(cfg, SEED), _traits(cfg, SEED + 1), _traits(cfg, SEED)
    assert a == again and a["noise"] != b["noise"] and a["noise"] != a["mismatch"]
    n = len(cfg.peers)
    for trait in ("noise", "mismatch"):
        assert sorted(a[trait].values()) == [(k + 0.5) / n for k in range(n)]


def test_a_writer_of_a_kind_draws_its_ranged_habits_in_field_order():
    import random

    from evalkit.data.simulate.language import Style

    rng = random.Random(7)
    style = Style.from_habits("w", (0.5, (0.1, 0.3), 0.2, (0.0, 0.4)), rng)
    by_hand = random.Random(7)
    passive, perfect = by_hand.uniform(0.1, 0.3), by_hand.uniform(0.0, 0.4)
    assert style == Style("w", p_favourite=0.5, p_passive=passive, p_front=0.2, p_perfect=perfect)
    assert 0.1 <= passive <= 0.3 and passive != perfect
    assert style.p_digits == Style("d").p_digits  # the fields left out keep their defaults
    fixed = Style.from_habits("f", (1.0, 0, 0))  # no range: no generator needed
    assert (fixed.p_favourite, fixed.p_passive, fixed.p_front) == (1.0, 0, 0)


def test_parallel_builds_spawn_their_workers_never_fork(tmp_path, monkeypatch):
    """A forked worker inherits every lock of the caller as it was at the fork, so a lock
    another thread held then (an allocator's, a BLAS pool's) hangs it forever: a CI rehearsal
    hung so in build_sample. The workers must start from a fresh interpreter."""
    from evalkit.data.simulate import build

    seen = []
    real = build.ProcessPoolExecutor

    def recording(*args, **kwargs):
        context = kwargs.get("mp_context")
        seen.append(None if context is None else context.get_start_method())
        return real(*args, **kwargs)

    monkeypatch.setattr(build, "ProcessPoolExecutor", recording)
    out = build_sample(tmp_path, quick=True, corpora=["tides2003", "btec2004"], jobs=2)
    assert sorted(out) == ["btec2004", "tides2003"]
    assert seen == ["spawn"]


# --------------------------------------------------------------------------- clause junctions
def test_clauses_are_joined_as_english_does_never_by_a_bare_comma():
    """Between two facts' spans of a sentence stands one of the junctions (", and", ", while",
    "after", ...), written out; never a bare comma (a comma splice: generator 14 joined three
    facts "A, B, C"). Every junction is used, the writer's favourite most."""
    import random
    from collections import Counter

    from evalkit.data.simulate.language import JUNCTIONS, English, Style
    from evalkit.data.simulate.world import make_topic

    written = {" ".join(j).replace(" ;", ";").replace(" ,", ",") for j in JUNCTIONS}
    written = {(j if j[0] in ",;" else " " + j) + " " for j in written}
    seen: Counter = Counter()
    for w in range(12):
        rng = random.Random(w)
        topic = make_topic(f"t{w}", rng, n_details=8)
        eng = English(Style(f"writer-{w}"), rng)
        for i in range(0, len(topic.facts) - 3, 3):
            group = topic.facts[i : i + 2 + i % 2]
            text, spans = eng.sentence(group)
            for (_, end), (start, _) in zip(spans, spans[1:]):
                junction = text[end:start]
                assert junction.strip() != ",", text
                assert junction in written, (junction, text)
                seen[junction] += 1
    assert set(seen) == written, seen


def test_a_junction_draws_nothing_from_the_writers_generator():
    """The junction has its own generator (writer and clause words): a sentence leaves the
    writer's generator where rendering its clauses alone does, so every draw after it (the
    corpus's facts, judgments, scores) is the same as if the clauses were joined any other
    way; the same writer, seed and facts give the same sentence."""
    import random

    from evalkit.data.simulate.language import English, Style
    from evalkit.data.simulate.world import make_topic

    topic = make_topic("t0", random.Random(4), n_details=8)
    for k in (2, 3):
        a, b = English(Style("w"), random.Random(9)), English(Style("w"), random.Random(9))
        c = English(Style("w"), random.Random(9))
        assert a.sentence(topic.facts[:k]) == c.sentence(topic.facts[:k])
        for f in topic.facts[:k]:
            b.clause(f)
        assert a.rng.getstate() == b.rng.getstate()
