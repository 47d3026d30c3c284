"""METEOR as Banerjee & Lavie (2005) define it: worked example, search optimality, properties.

Optimality is checked against a brute force written here from the paper's words: at every
stage, among all sets of the module's candidate mappings that form an alignment, the
largest, then (paper) the fewest crossings, then (our documented tie-break) the fewest
chunks of the whole alignment.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from evalkit.errors import ParameterError
from evalkit.metrics.meteor import METEOR, count_chunks, count_crossings, meteor_from_counts


HYP = "the president spoke to the audience"
REF = "the president then spoke to the audience"


def test_worked_example_0_853462():
    # Banerjee & Lavie (2005), Sec. 2.2: two chunks, "the president" and "spoke to the
    # audience"; P = 1, R = 6/7, Fmean = 60/69, Penalty = 0.5 (2/6)^3 = 1/54.
    s = METEOR(modules=("exact",)).sentence_score(HYP, [REF])
    assert (s.stats.matches, s.stats.chunks, s.stats.hyp_len, s.stats.ref_len) == (6, 2, 6, 7)
    assert s.precision == 1.0 and s.recall == pytest.approx(6 / 7, abs=1e-15)
    exact = Fraction(60, 69) * (1 - Fraction(1, 54))
    assert abs(s.score - float(exact)) < 1e-15
    assert round(s.score, 6) == 0.853462
    assert s.fmean == pytest.approx(0.869565, abs=5e-7)
    assert s.penalty == pytest.approx(0.0185185, abs=5e-8)


def test_worked_example_with_default_modules_too():
    # Every word matches exactly, so later stages change nothing.
    s = METEOR(modules=("exact", "porter")).sentence_score(HYP, [REF])
    assert round(s.score, 6) == 0.853462


def test_formula_constants():
    p, r, f, pen, score = meteor_from_counts(3, 4, 5, 2)
    P, R = Fraction(3, 4), Fraction(3, 5)
    F = 10 * P * R / (R + 9 * P)
    assert f == pytest.approx(float(F), abs=1e-15)
    assert pen == pytest.approx(0.5 * (2 / 3) ** 3, abs=1e-15)
    assert score == pytest.approx(float(F) * (1 - 0.5 * (2 / 3) ** 3), abs=1e-15)
    assert meteor_from_counts(0, 4, 5, 0) == (0.0, 0.0, 0.0, 0.0, 0.0)


def test_porter_module_is_the_paper_example():
    # "computers" maps to "computer" only through the porter stage (Sec. 2.2).
    ex = METEOR(modules=("exact",)).sentence_score("computers", ["computer"])
    st_ = METEOR(modules=("exact", "porter")).sentence_score("computers", ["computer"])
    assert ex.stats.matches == 0 and ex.score == 0.0
    assert st_.stats.matches == 1 and st_.stats.stage_matches == (0, 1)


def test_stage_order_is_priority():
    # "cats" and "cat" each match exactly across (hyp 0 -> ref 1, hyp 1 -> ref 0, stage 0).
    # Porter would align them in order (cats -> cat, cat -> cats: one chunk, no crossing),
    # but it may only map what exact left over, and exact left nothing.
    al = METEOR(modules=("exact", "porter")).align("cats cat", "cat cats")
    assert sorted((h, r, s) for h, r, s in al.pairs) == [(0, 1, 0), (1, 0, 0)]


def test_stopwords_keep_exact_from_mapping_them():
    m = METEOR(modules=("exact",), stopwords=["the", "to"])
    s = m.sentence_score(HYP, [REF])
    assert s.stats.matches == 3  # president, spoke, audience
    assert "stop:2" in m.signature()


def test_multiple_references_best_score_and_index():
    m = METEOR(modules=("exact",))
    refs = ["completely different words here", REF, HYP]
    s = m.sentence_score(HYP, refs)
    assert s.reference == 2 and s.score == pytest.approx(1 - 0.5 / 6**3)
    singles = [m.sentence_score(HYP, [r]).score for r in refs]
    assert s.score == max(singles)


def test_identity_and_bounds():
    m = METEOR(modules=("exact",))
    s = m.sentence_score("a b c d", ["a b c d"])
    assert (s.precision, s.recall, s.stats.chunks) == (1.0, 1.0, 1)
    assert s.score == 1 - 0.5 * (1 / 4) ** 3


def test_system_score_from_aggregate_statistics():
    m = METEOR(modules=("exact",))
    hyps = [HYP, "a b c", "x y"]
    refs = [[REF, "c b a", "x z y"]]
    segs = m.sentence_results(hyps, refs)
    tot_m = sum(s.stats.matches for s in segs)
    tot_h = sum(s.stats.hyp_len for s in segs)
    tot_r = sum(s.stats.ref_len for s in segs)
    tot_c = sum(s.stats.chunks for s in segs)
    P, R = tot_m / tot_h, tot_m / tot_r
    expected = 10 * P * R / (R + 9 * P) * (1 - 0.5 * (tot_c / tot_m) ** 3)
    sys_ = m.corpus_score(hyps, refs)
    assert sys_.score == pytest.approx(expected, abs=1e-15)
    assert sys_.stats.matches == tot_m
    # and it is not the mean of segment scores
    assert sys_.score != pytest.approx(sum(s.score for s in segs) / 3, abs=1e-6)


def test_segment_scores_frame():
    m = METEOR(modules=("exact",))
    df = m.segment_scores([HYP, "x"], [[REF, "y"]], segment_ids=["s1", "s2"], system="sysA")
    assert list(df.segment) == ["s1", "s2"] and set(df.system) == {"sysA"}
    for col in (
        "score",
        "precision",
        "recall",
        "fmean",
        "penalty",
        "matches",
        "chunks",
        "crossings",
        "hyp_len",
        "ref_len",
        "reference",
        "matches_exact",
        "exact",
    ):
        assert col in df.columns
    assert df.score.iloc[1] == 0.0 and df.exact.all()
    long = m.segment_scores([HYP, "x"], [[REF, "y"]], system="sysA", long=True)
    assert list(long.columns) == ["segment", "system", "metric", "variant", "value"]
    assert len(long) == 8 and set(long.variant) == {"exact"}
    row = long[(long.segment == 0) & (long.metric == "METEOR")]
    assert row.value.item() == df.score.iloc[0]


def test_bad_input_raises_clear_errors():
    with pytest.raises(ParameterError, match="modules"):
        METEOR(modules=("exact", "lemma"))
    with pytest.raises(ParameterError, match="crossings_scope"):
        METEOR(crossings_scope="some")
    with pytest.raises(ParameterError, match="tie_break"):
        METEOR(modules=("exact",), tie_break="last")
    with pytest.raises(ParameterError, match="max_states"):
        METEOR(modules=("exact",), max_states=True)  # a boolean is not a state count
    import numpy as np

    assert METEOR(modules=("exact",), max_states=np.int64(64)).max_states == 64
    m = METEOR(modules=("exact",))
    with pytest.raises(ParameterError, match="non-empty reference 0 of segment 1"):
        m.corpus_score(["a", "b"], [["a", "  "]])
    with pytest.raises(ParameterError, match="not one string"):
        m.sentence_score("a", "a")
    with pytest.raises(ParameterError, match="lines"):
        m.corpus_score(["a", "b"], [["a"]])
    assert m.sentence_score("", ["a b"]).score == 0.0


def test_signature_names_the_choices():
    sig = METEOR(modules=("exact", "porter")).signature()
    assert sig.startswith("meteor|mod:exact+porter|tok:13a|lc:yes|stop:no|cross:full|tie:chunks")
    assert "porter:original_algorithm" in sig


def test_crossing_and_chunk_counters():
    assert count_crossings([(0, 2), (1, 1), (2, 0)]) == 3
    assert count_crossings([(0, 0), (1, 1)]) == 0
    assert count_chunks([(0, 0), (1, 1), (3, 2), (2, 5)]) == 3


# --------------------------------------------------------------------------- brute force
def _stage_optimum(cands, fixed, scope_full):
    """Best (size, -crossings, -chunks) over all alignments made of ``cands``."""
    best = None
    cands = sorted(cands)
    hs = sorted({h for h, _ in cands})

    def rec(k, used_r, chosen):
        nonlocal best
        if k == len(hs):
            ctx = list(fixed) if scope_full else []
            cross = count_crossings(ctx + chosen) - count_crossings(ctx)
            key = (len(chosen), -cross, -count_chunks(list(fixed) + chosen))
            if best is None or key > best:
                best = key
            return
        h = hs[k]
        rec(k + 1, used_r, chosen)
        for hh, r in cands:
            if hh == h and r not in used_r:
                rec(k + 1, used_r | {r}, chosen + [(h, r)])

    rec(0, frozenset(), [])
    return best


def _check_stagewise_optimal(metric, hyp, ref, keyfuncs):
    al = metric.align_words(hyp, ref)
    assert al.exact
    fixed = []
    for s, key in enumerate(keyfuncs):
        fh = {h for h, _ in fixed}
        fr = {r for _, r in fixed}
        cands = [
            (h, r)
            for h in range(len(hyp))
            for r in range(len(ref))
            if h not in fh and r not in fr and key(hyp[h]) == key(ref[r])
        ]
        stage_pairs = [(h, r) for h, r, st_ in al.pairs if st_ == s]
        ctx = fixed if metric.crossings_scope == "full" else []
        got = (
            len(stage_pairs),
            -(count_crossings(ctx + stage_pairs) - count_crossings(ctx)),
            -count_chunks(fixed + stage_pairs),
        )
        assert got == _stage_optimum(cands, fixed, metric.crossings_scope == "full"), (hyp, ref, s)
        fixed = fixed + stage_pairs


words = st.lists(st.sampled_from(["a", "b", "c", "the"]), min_size=0, max_size=7)


@settings(max_examples=150, deadline=None)
@given(words, words)
def test_exact_stage_is_optimal(hyp, ref):
    _check_stagewise_optimal(METEOR(modules=("exact",), tokenize="none"), hyp, ref, [lambda w: w])


@settings(max_examples=60, deadline=None)
@given(words, words)
def test_exact_stage_is_optimal_stage_scope(hyp, ref):
    m = METEOR(modules=("exact",), tokenize="none", crossings_scope="stage", tie_break="first")
    al = m.align_words(hyp, ref)
    pairs = [(h, r) for h, r, _ in al.pairs]
    cands = [(h, r) for h in range(len(hyp)) for r in range(len(ref)) if hyp[h] == ref[r]]
    best = _stage_optimum(cands, [], False)
    assert (len(pairs), -count_crossings(pairs)) == best[:2]


stem_words = st.lists(
    st.sampled_from(["cat", "cats", "run", "runs", "running", "a"]), min_size=0, max_size=6
)


@settings(max_examples=100, deadline=None)
@given(stem_words, stem_words)
def test_exact_then_porter_stagewise_optimal(hyp, ref):
    from evalkit.text.porter_nltk import porter_stemmer

    stem = porter_stemmer("ORIGINAL_ALGORITHM")
    m = METEOR(modules=("exact", "porter"), tokenize="none")
    _check_stagewise_optimal(m, hyp, ref, [lambda w: w, stem])


@settings(max_examples=100, deadline=None)
@given(words, st.lists(words, min_size=1, max_size=3))
def test_properties(hyp, refs):
    refs = [r if r else ["a"] for r in refs]
    m = METEOR(modules=("exact",), tokenize="none")
    s = m.sentence_score(" ".join(hyp), [" ".join(r) for r in refs])
    assert 0.0 <= s.score <= s.fmean <= 1.0
    assert 0.0 <= s.penalty <= 0.5
    assert s.stats.matches <= min(len(hyp), len(refs[s.reference]))
    assert s.score == max(m.sentence_score(" ".join(hyp), [" ".join(r)]).score for r in refs)
    if hyp:
        same = m.sentence_score(" ".join(hyp), [" ".join(hyp)])
        assert same.stats.chunks == 1 and same.score == 1 - 0.5 * (1 / len(hyp)) ** 3


def test_deterministic_and_long_inputs_report_exactness():
    m = METEOR(modules=("exact", "porter"))
    long_h = " ".join(["the cat , of the dog and the bird ."] * 8)
    long_r = " ".join(["of the dog , the bird and the cat ."] * 9)
    a1, a2 = m.align(long_h, long_r), m.align(long_h, long_r)
    assert a1 == a2
    # a one-state beam cannot prove optimality on this input and must say so
    tiny = METEOR(modules=("exact", "porter"), max_states=1)
    assert tiny.align(long_h, long_r).exact is False


# --------------------------------------------------------------------------- WordNet
# (the ``wordnet`` fixture: tests/conftest.py)


def test_wn_synonym_module(wordnet):
    no = METEOR(modules=("exact", "porter"), wordnet=wordnet).sentence_score(
        "the car", ["the automobile"]
    )
    yes = METEOR(wordnet=wordnet).sentence_score("the car", ["the automobile"])
    assert no.stats.matches == 1 and yes.stats.matches == 2
    assert yes.stats.stage_matches == (1, 0, 1)
    assert "wn:3.0" in METEOR(wordnet=wordnet).signature()


def test_wn_stem_module(wordnet):
    # "saw" -> base form "see" (WordNet verb.exc); the Porter stems differ (saw / see).
    porter = METEOR(modules=("exact", "porter")).sentence_score("i saw it", ["i see it"])
    wnstem = METEOR(modules=("exact", "wn_stem"), wordnet=wordnet).sentence_score(
        "i saw it", ["i see it"]
    )
    assert porter.stats.matches == 2 and wnstem.stats.matches == 3


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(["car", "automobile", "auto", "machine", "dog", "cad", "frank"]), max_size=6
    ),
    st.lists(
        st.sampled_from(["car", "automobile", "auto", "machine", "dog", "cad", "frank"]), max_size=6
    ),
)
def test_wn_synonym_stage_is_optimal(wordnet, hyp, ref):
    # a relation stage (not an equivalence): candidates are pairs sharing a synset
    m = METEOR(modules=("wn_synonym",), tokenize="none", wordnet=wordnet)
    al = m.align_words(hyp, ref)
    pairs = [(h, r) for h, r, _ in al.pairs]
    cands = [
        (h, r)
        for h in range(len(hyp))
        for r in range(len(ref))
        if wordnet.synset_ids(hyp[h]) & wordnet.synset_ids(ref[r])
    ]
    best = _stage_optimum(cands, [], True)
    got = (len(pairs), -count_crossings(pairs), -count_chunks(pairs))
    assert got == best


def test_branch_and_bound_equals_exhaustive_programme(monkeypatch):
    """Where the narrow first beam overflows, the bounded second pass must return the
    very alignment the unbounded dynamic programme returns (bound admissible, tie-break
    independent of pruning)."""
    import random

    import evalkit.metrics.meteor as meteor_mod

    calls = []
    original_run = meteor_mod._StageSearch.run

    def spy(self, width, bound):
        calls.append(bound is not None)
        return original_run(self, width, bound)

    rng = random.Random(20050629)
    vocab = ["the", "a", "of", ",", "and", "cat", "cats", "dog"]
    pairs = []
    for _ in range(25):
        hyp = [rng.choice(vocab) for _ in range(rng.randint(14, 22))]
        ref = [rng.choice(vocab) for _ in range(rng.randint(14, 22))]
        pairs.append((hyp, ref))
    metric = METEOR(modules=("exact", "porter"), tokenize="none", max_states=100000)
    monkeypatch.setattr(meteor_mod._StageSearch, "run", spy)
    bounded = [metric.align_words(h, r) for h, r in pairs]
    assert sum(calls) >= 5, "the inputs should exercise the bounded pass"
    monkeypatch.setattr(meteor_mod, "_FIRST_BEAM", 1 << 40)
    calls.clear()
    exhaustive = [metric.align_words(h, r) for h, r in pairs]
    assert not any(calls)
    for b, e in zip(bounded, exhaustive):
        assert b.exact and e.exact
        assert b.pairs == e.pairs


@settings(max_examples=60, deadline=None)
@given(stem_words, stem_words)
def test_stage_scope_stagewise_optimal(hyp, ref):
    # crossings_scope="stage": a stage ignores crossings with earlier stages' mappings
    from evalkit.text.porter_nltk import porter_stemmer

    stem = porter_stemmer("ORIGINAL_ALGORITHM")
    m = METEOR(modules=("exact", "porter"), tokenize="none", crossings_scope="stage")
    _check_stagewise_optimal(m, hyp, ref, [lambda w: w, stem])


def test_wordnet_modules_without_wordnet_fail_clearly(tmp_path):
    from evalkit.errors import EvalkitError

    with pytest.raises(EvalkitError, match="not a WordNet database directory"):
        METEOR(wordnet=tmp_path)
    METEOR(modules=("exact", "porter"), wordnet=tmp_path)  # not needed, not loaded


def _seeded_segments(n, seed=7):
    """``n`` random hypotheses and two reference streams over a small vocabulary with
    inflections (porter) and WordNet synonyms (car/automobile, big/large)."""
    import random

    rng = random.Random(seed)
    vocab = "the a of , and cat cats dog dogs ran runs running saw see car automobile big large"
    vocab = vocab.split()

    def line():
        return " ".join(rng.choice(vocab) for _ in range(rng.randint(3, 25)))

    hyps = [line() for _ in range(n)]
    return hyps, [[line() for _ in hyps] for _ in range(2)]


def test_pickled_metric_scores_identically(wordnet):
    # jobs > 1 hands the metric to spawned workers by pickling it; nltk's cached stemmer
    # and WordNet reader do not pickle, so the metric pickles as its configuration
    import pickle

    hyps, refs = _seeded_segments(40)
    for metric in (
        METEOR(wordnet=wordnet),
        METEOR(modules=("exact", "wn_stem"), stopwords=["the", "a"], wordnet=wordnet.root),
        METEOR(modules=("exact", "porter"), tokenize="none", tie_break="first", max_states=8),
    ):
        copy = pickle.loads(pickle.dumps(metric))
        assert copy.signature() == metric.signature()
        assert copy.sentence_results(hyps, refs) == metric.sentence_results(hyps, refs)


def test_worker_processes_are_spawned_and_give_identical_scores(wordnet, monkeypatch):
    # jobs > 1 scores chunks of segments in worker processes; nothing about a score may
    # change, and the workers must not be forked: a fork copies locks other threads of
    # the parent (pytest's, a notebook kernel's) hold, and the child can wait on them for
    # ever (session 9's CI hang, issue in the brief of session 10)
    import multiprocessing

    import evalkit.metrics.meteor as meteor_mod

    methods = []
    real = multiprocessing.get_context

    def recording(method=None):
        methods.append(method)
        return real(method)

    monkeypatch.setattr(multiprocessing, "get_context", recording)
    hyps, refs = _seeded_segments(meteor_mod._PARALLEL_MIN + 9)
    metric = METEOR(wordnet=wordnet)
    one = metric.sentence_results(hyps, refs)
    assert sum(s.stats.stage_matches[2] for s in one) > 0  # WordNet used in the workers
    two = metric.sentence_results(hyps, refs, jobs=2)
    assert methods == ["spawn"]
    assert two == one  # every score, part, statistic and best reference
    with pytest.raises(ParameterError):
        metric.sentence_results(hyps, refs, jobs=0)


def test_worker_failure_names_the_main_guard(tmp_path):
    # spawned workers import the main script again: a script scoring at top level (no
    # `if __name__ == "__main__":`) kills them; the caller gets an evalkit error saying so
    import subprocess
    import sys

    import evalkit.metrics.meteor as meteor_mod

    script = tmp_path / "unguarded.py"
    script.write_text(
        "from evalkit.metrics.meteor import METEOR\n"
        f"hyps = ['a b c'] * {meteor_mod._PARALLEL_MIN}\n"
        "METEOR(modules=('exact',)).sentence_results(hyps, [hyps], jobs=2)\n"
    )
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert out.returncode != 0
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("evalkit.errors.ParameterError") and "__main__" in last
