"""BLEU: worked examples from the papers, sacrebleu parity, sufficient-statistics identities."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.bleu import BLEU as SacreBLEU

from evalkit.errors import ParameterError
from evalkit.metrics.bleu import BLEU, corpus_bleu, sentence_bleu

# parity: only the tests that run sacrebleu (the reference) are marked
pytestmark = pytest.mark.filterwarnings("ignore")

# ---------------------------------------------------------------------------------------
# Worked examples: Owczarzak et al. (2007) "John resigned yesterday" vs "Yesterday, John
# resigned"; the paper prints 0.3781 for "BLEU with add-one smoothing". The notes
# (shared/notes/owczarzak-part-A-2006-2009.md, D2) derive which smoothing and token counts
# give each number: hyp "john resigned yesterday ." (4 tokens), ref "yesterday , john
# resigned ." (5 tokens): m = (4, 1, 0, 0), t = (4, 3, 2, 1), BP = exp(1 - 5/4).
# ---------------------------------------------------------------------------------------
HYP4, REF5 = "John resigned yesterday .", "Yesterday , John resigned ."
HYP3, REF4 = "John resigned yesterday", "Yesterday , John resigned"


def test_owczarzak_03781_add_one_on_zero_orders():
    s = sentence_bleu(HYP4, [REF5], smoothing="add1_zero", lowercase=True)
    assert round(s.score / 100, 4) == 0.3781
    # exactly BP * (1 * 1/3 * 1/3 * 1/2) ** (1/4)
    assert s.score / 100 == pytest.approx(math.exp(1 - 5 / 4) * (1 / 18) ** 0.25, rel=1e-12)
    assert s.counts == [4, 1, 0, 0] and s.totals == [4, 3, 2, 1]


@pytest.mark.parametrize(
    "hyp, ref, smoothing, printed",
    [  # the other cells of the notes' table (D2)
        (HYP4, REF5, "add1", 0.4184),
        (HYP4, REF5, "lin_och", 0.4184),
        (HYP3, REF4, "add1", 0.5444),
        (HYP3, REF4, "lin_och", 0.5444),
        (HYP3, REF4, "add1_zero", 0.5067),
    ],
)
def test_owczarzak_table_variants(hyp, ref, smoothing, printed):
    assert (
        round(sentence_bleu(hyp, [ref], smoothing=smoothing, lowercase=True).score / 100, 4)
        == printed
    )


def test_mteval_exp_smoothing_example():
    # mteval-v13a smoothing on the 4/5 pair: p3 = 1/(2*2), p4 = 1/(4*1) -> 0.2959 (notes D2)
    b = BLEU.mteval_v13a()
    assert round(b.sentence_score(HYP4, [REF5]).score / 100, 4) == 0.2959
    # an order without hypothesis n-grams contributes log 1 = 0 in mteval (3 tokens, N=4)
    s = b.sentence_score("a b c", ["a b c"])
    assert s.score == pytest.approx(100.0)


@pytest.mark.parity
def test_lin_och_equals_sacrebleu_add_k_and_leusch_as_printed():
    h, r = "the cat sat on a mat", "the cat is on the mat"
    ours = sentence_bleu(h, [r], smoothing="lin_och").score
    ref = sacrebleu.BLEU(smooth_method="add-k", smooth_value=1).sentence_score(h, [r]).score
    assert ours == ref
    # Leusch et al. as printed: s_1 = 1, s_{n>1} = 0 -> (5+1)/(6+1), 2/5, 0/4 -> 0
    assert sentence_bleu(h, [r], smoothing="leusch_as_printed").score == 0.0
    s = sentence_bleu("a b c d e", ["a b c d x"], smoothing="leusch_as_printed")
    assert s.score / 100 == pytest.approx((5 / 6 * 3 / 4 * 2 / 3 * 1 / 2) ** 0.25, rel=1e-12)


def test_parameter_validation():
    with pytest.raises(ParameterError):
        BLEU(smoothing="bogus")
    with pytest.raises(ParameterError):
        BLEU(semantics="mteval", smoothing="none")
    with pytest.raises(ParameterError):
        BLEU().corpus_score(["a"], ["a"])  # a bare stream, not a list of streams
    with pytest.raises(ParameterError):
        BLEU().corpus_score(["a", "b"], [["a"]])
    with pytest.raises(ParameterError):
        BLEU().corpus_score(["a"], [[None]])
    assert "tok:13a" in BLEU().signature() and "smooth:exp" in BLEU().signature()


# ---------------------------------------------------------------------------------------
# sacrebleu parity on random corpora (multi-reference, variable references, empty
# segments, non-ASCII). Statistics must be identical integer by integer, scores bit-equal.
# ---------------------------------------------------------------------------------------
WORDS = [
    "the",
    "The",
    "cat",
    "mat",
    "ça",
    "Straße",
    "日本",
    "on",
    "a",
    ",",
    ".",
    "&quot;",
    "5.5",
    "e-mail",
    "'s",
    "",
]


def make_corpora(words):
    """Strategy: (hypotheses, reference streams) with 1-3 streams; streams after the first
    may lack a reference (None) for some segments; segments may be empty."""
    segment = st.lists(st.sampled_from(words), max_size=14).map(" ".join)

    @st.composite
    def corpora(draw):
        n = draw(st.integers(1, 12))
        hyps = draw(st.lists(segment, min_size=n, max_size=n))
        k = draw(st.integers(1, 3))
        streams = [draw(st.lists(segment, min_size=n, max_size=n))]
        for _ in range(k - 1):
            streams.append(draw(st.lists(st.one_of(segment, st.none()), min_size=n, max_size=n)))
        return hyps, streams

    return corpora()


CONFIGS = [
    dict(),
    dict(smooth_method="none"),
    dict(smooth_method="floor", smooth_value=0.1),
    dict(smooth_method="add-k", smooth_value=1),
    dict(smooth_method="exp", effective_order=True),
    dict(lowercase=True, tokenize="intl"),
    dict(lowercase=True),  # 13a on lower-cased lines, the joined-corpus path
    dict(tokenize="none", max_ngram_order=2),
    dict(tokenize="char", smooth_method="floor"),
]


def _ours(cfg):
    kw = dict(cfg)
    if "smooth_method" in kw:
        kw["smoothing"] = kw.pop("smooth_method")
    return BLEU(**kw)


@pytest.mark.parity
@settings(max_examples=150, deadline=None)
@given(make_corpora(WORDS), st.sampled_from(CONFIGS))
def test_sacrebleu_parity_random(corpus, cfg):
    hyps, streams = corpus
    ours, ref = _ours(cfg), sacrebleu.BLEU(**cfg)
    # statistics do not depend on smoothing (sacrebleu's add-k reports smoothed counts)
    plain = {k: v for k, v in cfg.items() if k not in ("smooth_method", "smooth_value")}
    stat_ref = sacrebleu.BLEU(**{**plain, "smooth_method": "none", "effective_order": True})
    stats = ours.segment_statistics(hyps, streams)
    N = ours.max_ngram_order
    for i, h in enumerate(hyps):
        refs_i = [s[i] for s in streams if s[i] is not None]
        r = stat_ref.sentence_score(h, refs_i)
        assert list(stats[i]) == [r.sys_len, r.ref_len] + list(r.counts) + list(r.totals)
        assert ours.sentence_score(h, refs_i).score == ref.sentence_score(h, refs_i).score
    c_ours, c_ref = ours.corpus_score(hyps, streams), ref.corpus_score(hyps, streams)
    assert c_ours.score == c_ref.score
    assert c_ours.precisions == c_ref.precisions and c_ours.bp == c_ref.bp
    assert [c_ours.sys_len, c_ours.ref_len] == [c_ref.sys_len, c_ref.ref_len]
    assert ours.score_from_statistics(stats.sum(axis=0)) == c_ref.score
    assert stats.shape == (len(hyps), 2 + 2 * N)


@pytest.mark.parity
@settings(max_examples=30, deadline=None)
@given(make_corpora(WORDS))
def test_multi_bleu_equals_sacrebleu_unsmoothed(corpus):
    # multi-bleu.perl = whitespace tokens, closest ref (ties shorter), no smoothing; sacrebleu
    # with tokenize="none", smooth_method="none" has the same definition (notes A2.3).
    hyps, streams = corpus
    if sum(len(h.split()) for h in hyps) == 0:
        return  # multi-bleu.perl divides by the hypothesis length
    ours = BLEU.multi_bleu().corpus_score(hyps, streams).score
    ref = sacrebleu.BLEU(tokenize="none", smooth_method="none").corpus_score(hyps, streams).score
    assert ours == pytest.approx(ref, rel=1e-12, abs=1e-300)


@pytest.mark.parity
@settings(max_examples=30, deadline=None)
@given(make_corpora(WORDS))
def test_mteval_equals_sacrebleu_exp_when_all_orders_present(corpus):
    # mteval-v13a and sacrebleu's "exp" coincide while every order has hypothesis n-grams
    hyps, streams = corpus
    ours = BLEU.mteval_v13a(case_sensitive=True)
    stats = ours.segment_statistics(hyps, streams).sum(axis=0)
    if stats[2 + 4 :].min() == 0 or stats[2:6].max() == 0:
        return
    ref = sacrebleu.BLEU(smooth_method="exp").corpus_score(hyps, streams).score
    assert ours.score_from_statistics(stats) == pytest.approx(ref, rel=1e-12)


# ---------------------------------------------------------------------------------------
# Riezler & Maxwell (2005): corpus scores come from summed per-sentence tuples, so any
# resample of rows gives the corpus score of the resampled corpus.
# ---------------------------------------------------------------------------------------
@pytest.mark.parity
@settings(max_examples=25, deadline=None)
@given(make_corpora(WORDS), st.randoms(use_true_random=False))
def test_sufficient_statistics_identities(corpus, rnd):
    hyps, streams = corpus
    b = BLEU()
    stats = b.segment_statistics(hyps, streams)
    assert b.corpus_score(hyps, streams).score == b.score_from_statistics(stats.sum(axis=0))
    idx = [rnd.randrange(len(hyps)) for _ in range(len(hyps))]  # a bootstrap sample
    sample_h = [hyps[i] for i in idx]
    sample_r = [[s[i] for i in idx] for s in streams]
    expected = sacrebleu.BLEU().corpus_score(sample_h, sample_r).score
    assert b.score_from_statistics(stats[idx].sum(axis=0)) == expected
    # statistics are additive: concatenating corpora adds the tuples
    both = b.segment_statistics(hyps + sample_h, [s + t for s, t in zip(streams, sample_r)])
    assert np.array_equal(both.sum(axis=0), stats.sum(axis=0) + stats[idx].sum(axis=0))


@pytest.mark.parity
def test_accepts_pandas_and_numpy_inputs():
    import pandas as pd

    hyps = pd.Series(["a b c d", "x y z"])
    refs = [np.array(["a b c e", "x y z"]), pd.Series(["a b", "x"])]
    expected = sacrebleu.BLEU().corpus_score(list(hyps), [list(r) for r in refs]).score
    assert BLEU().corpus_score(hyps, refs).score == expected
    with pytest.raises(ParameterError):
        BLEU().corpus_score("a b", [["a b"]])


def test_cached_references_and_segments_layout():
    hyps = ["a b c d", "x y"]
    streams = [["a b c e", "x y"], ["a b", None]]
    direct = corpus_bleu(hyps, streams).score
    assert BLEU(references=streams).corpus_score(hyps).score == direct
    segs = [["a b c e", "a b"], ["x y"]]
    assert BLEU(ref_layout="segments").corpus_score(hyps, segs).score == direct
    assert "nrefs:var" in BLEU(references=streams).signature()


def test_shortest_and_average_reference_length():
    hyps, refs = ["a b c d e"], [["a b c"], ["a b c d e f g"]]
    assert BLEU(ref_length="shortest").segment_statistics(hyps, refs)[0, 1] == 3
    assert (
        BLEU(ref_length="closest").segment_statistics(hyps, refs)[0, 1] == 3
    )  # tie 2/2 -> shorter
    assert BLEU(ref_length="average").segment_statistics(hyps, refs)[0, 1] == 5.0


@pytest.mark.parity
@pytest.mark.parametrize(
    "streams, r",
    [  # r = the sum over segments of the mean reference length (whitespace words)
        ([["a b c", "x y z w v u"], ["a b c d e f g", "x y z w v u"]], 11),
        ([["a b c", "x y z w v"], ["a b c d e f g", "x y z w v u"]], 10.5),
    ],
)
def test_average_reference_length_scores_by_sacrebleus_formula(streams, r):
    # sacrebleu has no "average" rule, but its compute_bleu takes any effective reference
    # length r: BP = exp(1 - r / c) for c < r. Counts and c come from sacrebleu's own
    # extraction (they do not depend on the reference length rule). sacrebleu can format
    # an integer r only, so a fractional r is checked as BP times its score with BP = 1.
    hyps = ["a b c d", "x y z"]
    ref = sacrebleu.BLEU().corpus_score(hyps, streams)
    ours = BLEU(ref_length="average").corpus_score(hyps, streams)
    assert ref.sys_len == 7 < r and ours.ref_len == r
    args = (list(ref.counts), list(ref.totals), ref.sys_len)
    if float(r).is_integer():
        expected = SacreBLEU.compute_bleu(*args, ref_len=int(r), smooth_method="exp")
        assert ours.score == expected.score and ours.bp == expected.bp
        assert ours.format() == expected.format()  # the line sacrebleu prints
    else:
        no_bp = SacreBLEU.compute_bleu(*args, ref_len=0, smooth_method="exp")
        assert ours.score == math.exp(1 - r / ref.sys_len) * no_bp.score
        assert ours.precisions == no_bp.precisions
        assert ours.format().endswith("hyp_len = 7 ref_len = 10.50)")
    assert "reflen:average" in BLEU(ref_length="average").signature()


@pytest.mark.parity
@pytest.mark.public
@pytest.mark.slow
def test_wmt17_systems_equal_sacrebleu(wmt17_systems):
    data = wmt17_systems
    refs = data[16][1]
    ours, ref = BLEU(references=refs), sacrebleu.BLEU(references=refs)
    for name, hyps in data[:16:3]:  # 6 of the 16 systems; the benchmark runs all
        a, b = ours.corpus_score(hyps), ref.corpus_score(hyps, None)
        assert (a.score, a.counts, a.totals, a.sys_len, a.ref_len) == (
            b.score,
            b.counts,
            b.totals,
            b.sys_len,
            b.ref_len,
        ), name


def test_sentence_boundaries_leusch():
    # Leusch et al. (2005) Sec. 3.4: boundary words reward a correct sentence start / end
    b = BLEU(tokenize="none", boundaries="both", smoothing="none", max_ngram_order=2)
    st_ = b.segment_statistics(["a b c"], [["a b d"]])
    # tokens "<s> a b c </s>" vs "<s> a b d </s>": unigrams 4/5, bigrams (<s> a), (a b) = 2/4
    assert st_[0].tolist() == [5, 5, 4, 2, 5, 4]
    with pytest.raises(ParameterError):
        BLEU(boundaries="middle")


def test_multi_bleu_by_hand_and_printed_line():
    # p = 4/5, 3/4, 2/3, 1/2, BP = 1 -> (1/5)^(1/4) ... = exp(mean log p)
    s = BLEU.multi_bleu().corpus_score(["a b c d e"], [["a b c d f"]])
    assert s.score == pytest.approx(100 * (4 / 5 * 3 / 4 * 2 / 3 * 1 / 2) ** 0.25, rel=1e-12)
    assert (
        s.format_multi_bleu()
        == "BLEU = 66.87, 80.0/75.0/66.7/50.0 (BP=1.000, ratio=1.000, hyp_len=5, ref_len=5)"
    )
    # any zero precision gives 0 (log 0 replaced by -9999999999), lowercasing is -lc
    assert BLEU.multi_bleu().corpus_score(["a b c"], [["a b d"]]).score == 0.0
    assert BLEU.multi_bleu(lowercase=True).corpus_score(
        ["A B C D"], [["a b c d"]]
    ).score == pytest.approx(100.0)


def test_score_from_statistics_rowwise():
    # one summed statistics vector per row (e.g. per bootstrap resample) -> one score per row
    from evalkit.metrics.chrf import CHRF
    from evalkit.metrics.gtm import GTM
    from evalkit.metrics.nist import NIST
    from evalkit.metrics.ter import TER
    from evalkit.metrics.wer import WER

    hyps, refs = ["a b c d", "b c", "a a b"], [["a b c e", "b c d", "a b"]]
    rng = np.random.default_rng(0)
    idx = rng.integers(0, 3, size=(5, 3))
    for metric in (BLEU(), CHRF(), GTM(), NIST(), TER(), WER()):
        stats = metric.segment_statistics(hyps, refs)
        sums = stats[idx].sum(axis=1)
        many = metric.score_from_statistics(sums)
        assert many.shape == (5,)
        assert list(many) == [metric.score_from_statistics(row) for row in sums]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=0, max_size=40), st.sampled_from([6, 2**20, 2**40]))
def test_ngram_keys_identify_ngrams_exactly(ids, vocab_size):
    # keys must be equal iff the n-grams are equal, also when the packing would overflow
    # int64 and the engine relabels densely (vocab_size 2**20 and 2**40 force that)
    from evalkit.metrics.ngrams import ngram_keys

    arr = np.array(ids, dtype=np.int64)
    keys = ngram_keys(arr, vocab_size, 5)
    for n in range(1, 6):
        starts = range(len(ids) - n + 1)
        for i in starts:
            for j in starts:
                assert (keys[n - 1][i] == keys[n - 1][j]) == (ids[i : i + n] == ids[j : j + n])


@pytest.mark.parity
def test_lines_with_the_separator_character_fall_back_line_by_line():
    # the 13a corpus path joins lines with NUL; a line containing NUL is tokenized line by
    # line instead, with sacrebleu's result
    hyps = ["a b\x00c d .", "the cat 3.5 ,x"]
    refs = [["a b\x00c d e .", "the cat 3.5 , x"]]
    stats = BLEU().segment_statistics(hyps, refs)
    ref = sacrebleu.BLEU(smooth_method="none", effective_order=True)
    for i, h in enumerate(hyps):
        r = ref.sentence_score(h, [refs[0][i]])
        assert list(stats[i]) == [r.sys_len, r.ref_len] + list(r.counts) + list(r.totals)
