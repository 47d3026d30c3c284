"""The session-6 speed-ups of slow notebooks give exactly the numbers of the code they
replace: each fast path is compared with the straightforward computation (the old code
path, or an implementation written here) on small inputs."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit.data.mt_views import _sentence_scores_are_rows, score_outputs
from evalkit.errors import ParameterError
from evalkit.metrics.bleu import BLEU
from evalkit.metrics.chrf import CHRF
from evalkit.metrics.ngrams import Vocabulary, encode_tokens, normalize_references
from evalkit.metrics.nist import NIST
from evalkit.metrics.wer import ErrorRate
from evalkit.papers import leusch2005 as L
from evalkit.stats.correlation import correlate_columns
from evalkit.stats.cluster_bootstrap import correlation_intervals

# -- WordLevelMetric._encode_lines: a repeated line is tokenized once ---------------------

_LINES = st.lists(
    st.sampled_from(
        ["The cat sat .", "the cat", "", "It's 3.5 kg, isn't it?", "a b a", "日本 語", "x"]
    ),
    max_size=12,
)


def _metrics():
    # the 13a tokenizer (all lines at once) and a per-line tokenizer with boundary words
    return [
        BLEU(tokenize="13a", lowercase=False),
        ErrorRate("per", m=2, tokenize="mteval_contractions", lowercase=True, boundaries="both"),
        NIST(tokenize="original", boundaries="start"),
    ]


@settings(max_examples=60, deadline=None)
@given(lines=_LINES, seen=st.lists(st.sampled_from(["cat", "x", "b", "."]), max_size=3))
def test_encode_lines_with_repeats_equals_encoding_every_line(lines, seen):
    for metric in _metrics():
        v_new, v_old = Vocabulary(), Vocabulary()
        for token in seen:  # a vocabulary given with tokens in it (cached references)
            v_new[token], v_old[token] = v_new[token], v_old[token]
        ids, lens, size = metric._encode_lines(lines, v_new)
        # the code path before de-duplication: every line tokenized and encoded
        ids0, lens0, size0 = metric._encode_distinct(lines, v_old)
        assert (ids.tolist(), lens.tolist(), size) == (ids0.tolist(), lens0.tolist(), size0)
        assert list(v_new.items()) == list(v_old.items())
        if getattr(metric._tokenizer, "words_joined", None) is None:
            # and the straightforward one: _prep per line, then encode_tokens
            ids1, lens1, size1 = encode_tokens([metric._prep(x) for x in lines], Vocabulary(v_old))
            assert (ids1.tolist(), lens1.tolist()) == (ids.tolist(), lens.tolist())


def test_encode_lines_tokenizes_a_repeated_line_once():
    calls = []
    metric = ErrorRate("wer", tokenize="original")
    prep = metric._prep
    metric._prep = lambda line: calls.append(line) or prep(line)
    ids, lens, _ = metric._encode_lines(["b a", "c", "b a", "c", "d b"], Vocabulary())
    assert calls == ["b a", "c", "d b"]
    assert ids.tolist() == [0, 1, 2, 0, 1, 2, 3, 0] and lens.tolist() == [2, 1, 2, 1, 2]


# -- normalize_references: the one-pass check ---------------------------------------------


def _normalize_references_slow(n_hyps, refs, ref_layout):
    """The segments-layout normalization and checks, written out line by line."""
    per_seg = []
    for seg in refs:
        seg = [seg] if isinstance(seg, str) else list(seg)
        per_seg.append([r for r in seg if r is not None])
    assert len(per_seg) == n_hyps
    return per_seg


def test_normalize_references_segments_and_streams():
    refs = [["a", None, "b"], ("c",), "d"]
    assert normalize_references(3, refs, "segments") == _normalize_references_slow(
        3, refs, "segments"
    )
    assert normalize_references(2, [["a", None], ["b", "c"]]) == [["a", "b"], ["c"]]
    assert normalize_references(1, (x for x in [iter(["a", None])]), "segments") == [["a"]]
    with pytest.raises(ParameterError, match=r"segment 1"):
        normalize_references(2, [["a"], [None]], "segments")
    with pytest.raises(ParameterError, match=r"segment 0.*int"):
        normalize_references(1, [["a", 3]], "segments")
    with pytest.raises(ParameterError, match="ref_layout"):
        normalize_references(1, [["a"]], "rows")


# -- score_outputs: sentence scores from the statistics already computed -------------------


@pytest.mark.parametrize(
    "metric",
    [
        ErrorRate("wer", ref_layout="segments"),
        ErrorRate("per", m=2, ref_layout="segments", boundaries="end"),
        BLEU(ref_layout="segments", smoothing="lin_och"),
        BLEU(ref_layout="segments", ref_length="average", smoothing="lin_och"),
        NIST(ref_layout="segments"),
        CHRF(),  # its own sentence scores: scored the long way
    ],
    ids=lambda m: m.signature().split("|")[0],
)
def test_score_outputs_sentence_scores_equal_the_metrics_own(metric):
    frame = pd.DataFrame(
        {
            "document": ["d"] * 6,
            "segment": [1, 2, 3, 1, 2, 3],
            "system": ["A", "A", "A", "B", "B", "B"],
            "text": ["the cat sat", "a dog .", "", "the cat sat down", "dog a", "hello"],
            "refs": [["the cat sat .", "a cat sat"], ["a dog .", "dog"], ["hi", "hello !"]] * 2,
        }
    )
    scored, system = score_outputs(frame, metric, "m")
    refs = frame["refs"].tolist()
    given = refs if metric.ref_layout == "segments" else [list(s) for s in zip(*refs)]
    expected = np.asarray(metric.sentence_scores(frame["text"].tolist(), given), dtype=float)
    assert scored["m"].to_numpy().tolist() == expected.tolist()
    assert _sentence_scores_are_rows(metric) is not isinstance(metric, CHRF)
    # system scores: each system's summed statistics
    stats = np.asarray(metric.segment_statistics(frame["text"].tolist(), given))
    assert system["A"] == float(metric.score_from_statistics(stats[:3].sum(axis=0)))


# -- leusch2005.ablation: human scores once per normalization, merges once -----------------


def test_ablation_p_values_equal_a_direct_computation(small_mt_sample):
    corpus, frame = small_mt_sample
    measures = ("WER", "NIST")
    out = L.ablation(corpus, frame, "case", measures=measures, score=score_outputs)
    keys = ["system", "document", "segment"]
    h, _ = L.human_scores(corpus, frame, "zscore")
    for setting in ("lowercase", "case-sensitive"):
        cfg = L.configuration("case", setting)
        for m in measures:
            scored, _ = score_outputs(frame, L.make_metric(m, **cfg), m)
            frame = frame.assign(**{f"{m}|{setting}": scored[m].to_numpy()})
    x = frame[keys + [c for c in frame.columns if "|" in c]].merge(h, on=keys)
    segments = (x["document"].astype(str) + "/" + x["segment"].astype(str)).to_numpy()
    for m in measures:
        for hk in ("adequacy", "fluency"):
            a, b, c = x[hk], x[f"{m}|lowercase"], x[f"{m}|case-sensitive"]
            r13 = correlate_columns(np.column_stack([a]), np.column_stack([c]))[0]
            # the ablation's test: |r(setting)| - |r(baseline)| over resampled segments
            (p,) = [
                rec["p"]
                for rec in correlation_intervals(
                    {"case-sensitive": c, "lowercase": b},
                    {hk: a},
                    segments,
                    absolute=True,
                    n_resamples=1000,
                    seed=0,
                )
                if (rec["metric_a"], rec["metric_b"]) == ("case-sensitive", "lowercase")
            ]
            row = out[
                (out["setting"] == "case-sensitive")
                & (out["measure"] == m)
                & (out["level"] == "sentence")
                & (out["human"] == hk)
            ]
            assert row["p_vs_baseline"].tolist() == [float(p)]
            assert row["abs_r"].tolist() == [abs(float(r13))]


# -- MosesTokenizer: sacremoses' character-class tests with their sets built once ----------


def test_moses_tokenizer_equals_sacremoses_unpatched():
    import sacremoses

    from evalkit.text.tokenize import MosesTokenizer

    lines = [
        "Mr. Smith went to Washington. he said so.",
        "It costs $3.50 (approx.) e.g. in the U.S. and i.e. elsewhere.",
        "Die Str. 5 ist nah. über alles. Nr. 7",
        "A.B.C. test. x. Y. z.",
        "",
        "ÉCOLE. école. 3. 4.5. No. 1 and no. two",
    ]
    for lang in ("en", "de", "fr"):
        ours = MosesTokenizer(lang)
        assert ours._moses.islower("abc") and not ours._moses.islower("aBc")
        assert ours._moses.isanyalpha("1a.") and not ours._moses.isanyalpha("1.2")
        plain = sacremoses.MosesTokenizer(lang=lang)
        for line in lines:
            assert ours.words(line) == plain.tokenize(
                line, escape=True, aggressive_dash_splits=False
            )


# -- significance_table: the bootstrap variants' shared resamples drawn once ---------------


def test_significance_table_bootstrap_rows_equal_separate_paired_bootstraps():
    from evalkit.stats.resampling import TESTS, paired_bootstrap, significance_table

    rng = np.random.default_rng(3)
    seg = lambda p: np.column_stack([rng.random(60) < p, np.ones(60)])  # noqa: E731
    acc = lambda s: s[:, 0] / s[:, 1]  # noqa: E731
    stats = {
        "acc": {"base": seg(0.5), "new": seg(0.6), "other": seg(0.55)},
        "acc2": {"base": seg(0.5), "new": seg(0.5), "other": seg(0.7)},
    }
    tests = ["bootstrap (shift)", "approximate randomization", "bootstrap (centred)"]
    tests.append("bootstrap (koehn)")
    t = significance_table(
        stats,
        {"acc": acc, "acc2": acc},
        baseline="base",
        tests=tests,
        n_trials=99,
        n_resamples=199,
        seed=7,
        ties="gt",
    )
    for j, metric in enumerate(stats):
        seed = int(np.random.SeedSequence([7, j]).generate_state(2)[1])
        for test in tests[:1] + tests[2:]:
            ref = paired_bootstrap(
                stats[metric],
                acc,
                baseline="base",
                n_resamples=199,
                method=TESTS[test],
                ties="gt",
                seed=seed,
            )
            got = t[(t["metric"] == metric) & (t["test"] == test)]
            assert got["p_value"].tolist() == ref["p_value"].tolist()
            assert got["difference"].tolist() == ref["difference"].tolist()
            assert got["n"].tolist() == ref["n_resamples"].tolist()
    with pytest.raises(ParameterError):
        significance_table(stats, {"acc": acc, "acc2": acc}, tests=tests[:1], ties="eq")


# -- tac.read_corpus: peer annotations gathered as rows, one table at the end -------------


def test_read_corpus_peer_tables_equal_per_file_annotations(quick_sample, monkeypatch):
    from evalkit.data import pyramid, tac
    from evalkit.data.simulate.build import corpus_dir

    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(quick_sample))
    root = corpus_dir("tac2009", root=quick_sample, quick=True) / tac.EVAL_DIRS[2009]
    corpus = tac.read_corpus(root, 2009)
    files = sorted(
        p
        for p in (root / tac.LAYOUTS[2009].peer_annotations).iterdir()
        if p.is_file() and not p.name.startswith(".")
    )
    assert files
    # the old path: one PeerAnnotation per file, its tables concatenated
    per_file = [pyramid.read_peer_annotation(p) for p in files]
    old_scus = pd.concat([a.scus for a in per_file], ignore_index=True)
    old_contribs = pd.concat([a.contributors for a in per_file], ignore_index=True)
    rows = lambda df: [
        tuple(None if pd.isna(x) else x for x in r) for r in df.itertuples(index=False)
    ]  # noqa: E731
    assert rows(corpus.peer_scus[list(old_scus.columns)]) == rows(old_scus)
    got = corpus.scu_contributors[list(old_contribs.columns)]
    assert rows(got.iloc[len(got) - len(old_contribs) :]) == rows(old_contribs)
    assert {a.instance for a in per_file} <= set(corpus.scus["instance"])


# -- owczarzak2012accuracy: each topic's models and peers listed once ----------------------


def test_human_auto_scores_pyramid_rows_are_every_written_summary(quick_sample, monkeypatch):
    from evalkit.data.simulate.build import load_sample
    from evalkit.data.tac_views import tac_part
    from evalkit.papers import owczarzak2012accuracy as oc
    from evalkit.papers.owczarzak2012accuracy.experiments import human_auto_scores, variant_counts

    part = tac_part(load_sample("tac2010", root=quick_sample, quick=True), "A")
    counts = variant_counts(part)
    corpus = part.corpus
    for human in part.models[:3]:
        got = human_auto_scores(part, counts, ["r2m"], human)
        # written out: the topics the human wrote a model for, each topic's peers + the human
        topics = [i for i in part.instances if human in corpus.models(i)]
        who = sorted(set(part.peers) | {human})
        pyramids = set(got["pyramid"]["instance"])
        expected = [
            (i, s)
            for i in topics
            if i in pyramids
            for s in who
            if s in set(corpus.peers(i)) | {human}
        ]
        assert list(zip(got["pyramid"]["instance"], got["pyramid"]["system"])) == expected
        assert set(got["r2m"]["instance"]) <= set(topics)
    per_year = oc.year_decisions(part, ["r2m"])
    assert set(per_year) == {"auto", "human_auto", "scores"}


# -- NIST._score_many: all rows at once, the same float operations as row by row -----------


@settings(max_examples=40, deadline=None)
@given(
    rows=st.lists(
        st.tuples(
            st.integers(0, 40),
            st.floats(0, 40, allow_nan=False),
            st.lists(st.floats(0, 300, allow_nan=False), min_size=5, max_size=5),
            st.lists(st.integers(0, 40), min_size=5, max_size=5),
        ),
        min_size=1,
        max_size=12,
    ),
    beta=st.sampled_from([None, -1.5]),
)
def test_nist_score_many_equals_score_one_per_row(rows, beta):
    metric = NIST() if beta is None else NIST(beta=beta)
    stats = np.array([[h, r, *info, *tot] for h, r, info, tot in rows], dtype=np.float64)
    many = metric.score_from_statistics(stats)
    assert many.tolist() == [metric._score_one(row) for row in stats]
    assert many.tolist() == [float(metric._compute(row).score) for row in stats]
