"""chrF / chrF++: sacrebleu parity (statistics and scores bit-identical), statistics identities."""

from __future__ import annotations

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit.errors import ParameterError
from evalkit.metrics.chrf import CHRF, corpus_chrf, sentence_chrf
from test_bleu import make_corpora

pytestmark = pytest.mark.parity

WORDS = [
    "the",
    "The",
    "cat",
    "cats",
    "mat",
    "ça",
    "Straße",
    "日本語",
    "on",
    "(a)",
    ",",
    "end.",
    "5.5",
    "",
    "  ",
]

CONFIGS = [
    dict(),
    dict(word_order=2),
    dict(eps_smoothing=True),
    dict(lowercase=True, whitespace=True),
    dict(char_order=3, word_order=1, beta=1),
    dict(word_order=2, eps_smoothing=True, beta=3),
]


@settings(max_examples=150, deadline=None)
@given(make_corpora(WORDS), st.sampled_from(CONFIGS))
def test_sacrebleu_parity_random(corpus, cfg):
    hyps, streams = corpus
    ours, ref = CHRF(**cfg), sacrebleu.CHRF(**cfg)
    stats = ours.segment_statistics(hyps, streams)
    sent = ours.sentence_scores(hyps, streams)
    for i, h in enumerate(hyps):
        refs_i = [s[i] for s in streams if s[i] is not None]
        # sacrebleu's per-segment statistics (best reference) through its documented corpus
        # API on a one-segment corpus: the score must match, and so must our sentence score
        assert sent[i] == ref.sentence_score(h, refs_i).score
        assert ours.sentence_score(h, refs_i).score == sent[i]
        single = ref._extract_corpus_statistics([h], [[r] for r in refs_i])[0]
        assert list(stats[i]) == list(single)
    assert ours.corpus_score(hyps, streams).score == ref.corpus_score(hyps, streams).score
    assert ours.score_from_statistics(stats.sum(axis=0)) == ref.corpus_score(hyps, streams).score


@settings(max_examples=20, deadline=None)
@given(make_corpora(WORDS), st.randoms(use_true_random=False))
def test_resampled_statistics_give_resampled_corpus_score(corpus, rnd):
    hyps, streams = corpus
    c = CHRF(word_order=2)
    stats = c.segment_statistics(hyps, streams)
    idx = [rnd.randrange(len(hyps)) for _ in range(len(hyps))]
    expected = (
        sacrebleu.CHRF(word_order=2)
        .corpus_score([hyps[i] for i in idx], [[s[i] for i in idx] for s in streams])
        .score
    )
    assert c.score_from_statistics(stats[idx].sum(axis=0)) == expected


def test_api_and_validation():
    assert corpus_chrf(["abc"], [["abc"]]).score == 100.0
    assert sentence_chrf("abc", ["xyz"]).score == 0.0
    assert (
        CHRF(word_order=2).corpus_score(["a b"], [["a b"]]).format().startswith("chrF2++ = 100.00")
    )
    with pytest.raises(ParameterError):
        CHRF(char_order=0)
    # orders are integers as evalkit checks them everywhere (stats.validation.check_int):
    # numpy integers are counts, booleans are not
    import numpy as np

    assert CHRF(char_order=np.int64(4), beta=np.int64(1)).signature() == CHRF(4, beta=1).signature()
    for bad in ({"char_order": True}, {"word_order": False}, {"beta": 1.5}):
        with pytest.raises(ParameterError, match=next(iter(bad))):
            CHRF(**bad)
    with pytest.raises(ParameterError):
        CHRF().corpus_score(["a"], [["a", "b"]])
    refs = [["the cat", "a dog"]]
    assert (
        CHRF(references=refs).corpus_score(["the cat", "a dig"]).score
        == corpus_chrf(["the cat", "a dig"], refs).score
    )
    assert "nc:6|nw:0" in CHRF().signature()


@pytest.mark.public
@pytest.mark.slow
def test_wmt17_systems_equal_sacrebleu(wmt17_systems):
    data = wmt17_systems
    refs = data[16][1]
    ours, ref = CHRF(references=refs), sacrebleu.CHRF(references=refs)
    for name, hyps in data[:16:5]:  # 4 of 16 systems; the benchmark runs all
        stats = ours.segment_statistics(hyps)
        expected = np.array(ref._extract_corpus_statistics(hyps, None))
        assert np.array_equal(stats, expected), name
        assert ours.corpus_score(hyps).score == ref.corpus_score(hyps, None).score, name


def test_chrf_and_meteor_construct_without_pandas():
    # their parameter checks come from evalkit.stats.validation, which must not load pandas
    # for them: a chrF sentence is a sacrebleu-sized start-up (benchmarks/bench_startup.py)
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from evalkit.metrics import get_metric\n"
        "get_metric('chrf').sentence_score('a b', ['a c'])\n"
        "from evalkit.metrics.meteor import METEOR\n"
        "METEOR(modules=('exact',)).sentence_score('a b', ['a c'])\n"
        "print('pandas' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
