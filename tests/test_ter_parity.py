"""evalkit's compiled TER search against the reference, sacrebleu's ``translation_edit_rate``
(its tercom port), run here on the same words: both numbers must be equal, on corpus text
(the sample's tides2003, WMT17 en-de) and on seeded random sentences from small vocabularies,
where repeated words make many shift candidates."""

from __future__ import annotations

import random

import pytest
from sacrebleu.metrics.lib_ter import translation_edit_rate
from sacrebleu.metrics.ter import TER as SacreTER

from evalkit.metrics.ter import TER
from evalkit.metrics.ter_kernel import segment_edits, ter_edits, word_ids


def ours(hyp_words, ref_words):
    edits, length = ter_edits(*word_ids(hyp_words, ref_words))
    return int(edits), int(length)


def random_pairs(seed, n_pairs, max_len):
    rng = random.Random(seed)
    for _ in range(n_pairs):
        vocab = rng.choice([1, 2, 3, 5, 10, 40])
        n = rng.randint(0, max_len)
        m = n + rng.randint(-3, 3) if rng.random() < 0.4 else rng.randint(0, max_len)
        hyp = [f"w{rng.randrange(vocab)}" for _ in range(n)]
        ref = [f"w{rng.randrange(vocab)}" for _ in range(max(0, m))]
        if rng.random() < 0.2 and ref:  # the reference with one block moved
            i, j = sorted(rng.sample(range(len(ref) + 1), 2))
            k = rng.randint(0, len(ref) - (j - i))
            rest = ref[:i] + ref[j:]
            hyp = rest[:k] + ref[i:j] + rest[k:]
        yield hyp, ref


EDGE_CASES = [
    ([], []),
    (["a"], []),
    ([], ["a", "b"]),
    (["a", "b", "c"], ["a", "b", "c"]),
    (["a"] * 80, ["a"] * 79),
    (["a", "b"] * 40, ["b", "a"] * 40),
    (["a"] * 40 + ["b"] * 40, ["b"] * 40 + ["a"] * 40),
    # a block moved further than the shift distance and longer than the shift size
    ([f"x{i}" for i in range(60, 75)] + [f"x{i}" for i in range(60)], [f"x{i}" for i in range(75)]),
    # extreme length ratios: the band widens
    (["a"], [f"x{i}" for i in range(80)] + ["a"]),
    ([f"x{i}" for i in range(80)] + ["a"], ["a", "b"]),
    ("the cat sat on the mat".split(), "on the mat the cat sat".split()),
]


@pytest.mark.parametrize("hyp,ref", EDGE_CASES)
def test_edge_cases_equal_reference(hyp, ref):
    assert ours(hyp, ref) == translation_edit_rate(hyp, ref)


def test_random_short_sentences_equal_reference():
    pairs = list(random_pairs(seed=20061, n_pairs=450, max_len=30))
    mismatches = [(h, r) for h, r in pairs if ours(h, r) != translation_edit_rate(h, r)]
    assert mismatches == []


@pytest.mark.slow
def test_random_long_sentences_equal_reference():
    pairs = list(random_pairs(seed=725, n_pairs=150, max_len=80))
    assert sum(len(h) > 50 for h, _ in pairs) > 30
    mismatches = [(h, r) for h, r in pairs if ours(h, r) != translation_edit_rate(h, r)]
    assert mismatches == []


@pytest.mark.slow
def test_search_stops_at_the_candidate_limit(monkeypatch):
    # many repeated words: the 1000-candidate stop decides some counts (an unlimited
    # reference differs there), and ours stops as the reference does
    from sacrebleu.metrics import lib_ter

    rng = random.Random(3)
    pairs = [
        ([f"w{rng.randrange(3)}" for _ in range(40)], [f"w{rng.randrange(3)}" for _ in range(40)])
        for _ in range(12)
    ]
    limited = [translation_edit_rate(h, r) for h, r in pairs]
    assert [ours(h, r) for h, r in pairs] == limited
    monkeypatch.setattr(lib_ter, "_MAX_SHIFT_CANDIDATES", 10**9)
    unlimited = [translation_edit_rate(h, r) for h, r in pairs]
    assert unlimited != limited


def sacrebleu_rows(hyps, refs_per_seg, **settings):
    be = SacreTER(**settings)
    rows = []
    for h, seg in zip(hyps, refs_per_seg):
        info = be._extract_reference_info([be._preprocess_segment(r) for r in seg])
        rows.append(be._compute_segment_statistics(be._preprocess_segment(h), info))
    return rows


def check_corpus(hyps, refs_per_seg, **settings):
    """Statistics of :class:`TER` equal sacrebleu's for every segment; the pair count."""
    got = TER(ref_layout="segments", **settings).segment_statistics(hyps, refs_per_seg)
    assert got.tolist() == sacrebleu_rows(hyps, refs_per_seg, **settings)
    return sum(len(seg) for seg in refs_per_seg)


@pytest.fixture(scope="module")
def tides_frame(quick_sample):
    from evalkit.data.mt_views import load_mt_evaluation, output_frame

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EVALKIT_SAMPLE_DIR", str(quick_sample))
        return output_frame(load_mt_evaluation("sample", "zh", quick=True))


def test_tides2003_sample_first_segments(tides_frame):
    part = tides_frame.head(40)
    assert check_corpus(list(part["text"]), list(part["refs"])) >= 40
    for settings in (
        {"case_sensitive": True},
        {"no_punct": True},
        {"normalized": True},
        {"normalized": True, "asian_support": True},
    ):
        check_corpus(list(part["text"].head(10)), list(part["refs"].head(10)), **settings)


@pytest.mark.slow
def test_tides2003_sample_every_pair(tides_frame):
    n_pairs = check_corpus(list(tides_frame["text"]), list(tides_frame["refs"]))
    assert n_pairs >= 2000


@pytest.mark.slow
def test_wmt17_en_de_equal_reference(wmt17_systems):
    systems, (_, streams) = wmt17_systems[:16], wmt17_systems[16]
    refs = streams[0]
    rng = random.Random(2017)
    picks = rng.sample(range(len(refs)), 200)
    hyps, refs_per_seg = [], []
    for _, outputs in systems:
        hyps += [outputs[i] for i in picks]
        refs_per_seg += [[refs[i]] for i in picks]
    assert check_corpus(hyps, refs_per_seg) >= 3000


def test_segment_edits_takes_the_minimum_and_averages_lengths():
    hyp = "a b c d".split()
    refs = ["c d a b".split(), "a b x y z".split()]
    best = min(translation_edit_rate(hyp, r)[0] for r in refs)
    assert segment_edits(hyp, refs) == [best, 4.5]
