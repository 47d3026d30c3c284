"""The metric protocol and registry: every registered metric builds by name, names its
configuration in a stable signature, and its scores are functions of summed statistics
(vectorized over resamples exactly as row by row; corpus score = score of the sum)."""

from __future__ import annotations

import numpy as np
import pytest

from evalkit.errors import ParameterError, ReferenceToolError
from evalkit.metrics import Metric, available, get_metric, register_metric
from evalkit.metrics import registry
from evalkit.text.wordnet import WordNetNotFound

from _requires import unavailable

HYPS = [
    "the cat sat on the mat .",
    "a quick brown fox jumps over the lazy dog",
    "there is no reference overlap here",
    "The President spoke to the audience .",
    "",
    "one two three four five six seven",
]
REFS = [
    ["the cat is on the mat .", "there is a cat on the mat"],
    ["the quick brown fox jumped over the lazy dog", "a fast brown fox leaps over a lazy dog"],
    ["something else entirely", "completely different words"],
    ["the president then spoke to the audience .", "The president addressed the audience ."],
    ["an empty hypothesis", "nothing was produced"],
    ["one two three four five six seven", "seven six five four three two one"],
]

#: metrics whose inputs are not texts (evalkit.metrics.iscorpus): source sentence ids per summary
#: sentence (None: a written sentence) and key-concept labels, shaped like HYPS/REFS
SOURCE_IDS = (
    [("d1#1", "d1#2"), ("d2#1",), ("d3#1", "d3#2", "d4#7"), ("d1#2",), (), ("d5#1", "d5#2")],
    [
        [("d1#2", "d9#1"), ("d1#1",)],
        [("d2#1", "d2#2")],
        [("d8#1",), ("d9#9",)],
        [("d1#2", "d1#3"), ("d1#1",)],
        [("d1#1",), ("d2#2",)],
        [("d5#1", "d5#2"), ("d5#2", "d5#1", "d6#1")],
    ],
)


def _documents(sentences):
    return tuple(sentence_id.split("#")[0] for sentence_id in sentences)


#: key-concept labels for NICOS: the document of each source sentence (repeats included)
CONCEPTS = (
    [_documents(s) for s in SOURCE_IDS[0]],
    [[_documents(r) for r in refs] for refs in SOURCE_IDS[1]],
)
INPUTS = {
    "docsim": SOURCE_IDS,
    "sentence-precision": SOURCE_IDS,
    "sentence-recall": SOURCE_IDS,
    "nicos": CONCEPTS,
}


def inputs(name):
    return INPUTS.get(name, (HYPS, REFS))


#: per registered name, one setting that must change the signature (every name needs one)
OTHER_CONFIG = {
    "bleu": {"smoothing": "floor"},
    "bleu-mteval": {"case_sensitive": True},
    "bleu-multi": {"lowercase": True},
    "chrf": {"beta": 3},
    "chrf++": {"word_order": 1},
    "gtm": {"exponent": 2.0},
    "meteor": {"modules": ("exact", "porter")},
    "meteor-jar": {"no_punct": True},
    "nist": {"max_ngram_order": 4},
    "nist-mteval": {"case_sensitive": True},
    "per": {"m": 2},
    "pourpre": {"weighting": "count"},
    "rouge": {"method": "2", "stem": True},
    "ter": {"case_sensitive": True},
    "wer": {"ref_length": "average"},
    "window-f": {"window": 2},
    "avls": {"tokens": "13a"},
    "dp-hwc": {"window": 2},
    "gramsim": {"n": 2},
    "ne-oe": None,
    "ol": None,
    "rouge-sim": {"inverted": True},
    "sp-op": None,
    "tvm": {"n": 8},
    "stm": {"max_depth": 2},
    "dstm": {"max_depth": 2},
    "hwcm": {"max_length": 2},
    "tkm": {"decay": 0.5},
    "dtkm": {"decay": 0.5},
    "dep-f": {"pred_only": True},
    "depeval": {"variant": "pm"},
    "be-hm": {"stem": False},
    "docsim": {"denominator": "documents"},
    "nicos": {"concepts": "manual"},
    "sentence-precision": {"swap": True},
    "sentence-recall": {"swap": True},
}
SLOW = {"meteor-jar"}  # starts Java for every call


def _params():
    return [
        pytest.param(n, marks=[pytest.mark.slow, pytest.mark.parity]) if n in SLOW else n
        for n in available()
    ]


def build(name, **config):
    try:
        return get_metric(name, **config)
    except WordNetNotFound as exc:
        unavailable(f"{name} needs WordNet 3.0: {exc}")
    except ReferenceToolError as exc:
        unavailable(f"{name} needs its reference tool: {exc}")


_STATS = {}


def statistics(name):
    if name not in _STATS:
        metric = build(name)
        _STATS[name] = (metric, metric.segment_statistics(*inputs(name)))
    return _STATS[name]


def test_every_registered_metric_has_a_signature_check():
    assert sorted(OTHER_CONFIG) == available()


@pytest.mark.parametrize("name", _params())
def test_builds_and_signature_is_stable_and_names_the_config(name):
    a, b = build(name), build(name)
    assert isinstance(a, Metric) and a.name == name
    assert a.signature() == b.signature()
    if OTHER_CONFIG[name] is not None:  # None: a metric without settings
        other = build(name, **OTHER_CONFIG[name])
        assert other.signature() != a.signature()
    assert repr(a).endswith(f"({a.signature()})")


@pytest.mark.parametrize("name", _params())
def test_vectorized_score_equals_row_by_row_and_corpus_equals_score_of_sum(name):
    metric, stats = statistics(name)
    assert stats.shape == (len(HYPS), metric.n_statistics)
    rng = np.random.default_rng(7)
    n_rows = 2 if name in SLOW else 50
    counts = rng.multinomial(len(HYPS), np.full(len(HYPS), 1 / len(HYPS)), size=n_rows)
    sums = counts @ stats
    vectorized = metric.score_from_statistics(np.vstack([sums, stats.sum(axis=0)]))
    assert vectorized.shape == (n_rows + 1,)
    if name in SLOW:  # one run of the tool per call: rows in the other order instead of one by one
        rowwise = metric.score_from_statistics(sums[::-1])[::-1]
    else:
        rowwise = np.array([metric.score_from_statistics(row) for row in sums])
    assert np.array_equal(vectorized[:-1], rowwise)
    whole = (
        metric.score_from_statistics(stats.sum(axis=0))
        if name not in SLOW
        else float(vectorized[-1])
    )
    assert isinstance(whole, float) and whole == vectorized[-1]
    assert float(metric.corpus_score(*inputs(name))) == whole
    if name not in SLOW:  # the jar scores a segment itself; here one run per call
        assert np.array_equal(
            np.asarray(metric.sentence_scores(*inputs(name)), dtype=float),
            np.array([metric.score_from_statistics(row) for row in stats]),
        )


def test_scores_depend_on_the_statistics():
    metric, stats = statistics("bleu")
    assert metric.score_from_statistics(stats[:1].sum(axis=0)) != metric.score_from_statistics(
        stats.sum(axis=0)
    )
    with pytest.raises(ParameterError, match="stats_sum"):
        metric.score_from_statistics(stats.sum(axis=0)[:-1])
    with pytest.raises(ParameterError, match="stats_sum"):
        metric.score_from_statistics(np.zeros((2, 3, stats.shape[1])))


def test_unknown_name_and_setting_are_named_with_what_is_allowed():
    with pytest.raises(ParameterError, match="'blue'.*'bleu'.*'rouge'"):
        get_metric("blue")
    with pytest.raises(ParameterError, match=r"'smoothnig'.*metric 'bleu'.*'smoothing'"):
        get_metric("bleu", smoothnig="floor")
    with pytest.raises(ParameterError, match="smoothing"):
        get_metric("bleu", smoothing="kneser-ney")
    with pytest.raises(ParameterError, match="semantics"):
        get_metric("bleu", semantics="mteval")  # a preset's fixed setting is not a setting


def test_register_metric_refuses_a_second_registration(monkeypatch):
    available()
    monkeypatch.setattr(registry, "_BUILDERS", dict(registry._BUILDERS))

    @register_metric("length-ratio")
    class LengthRatio(Metric):
        n_statistics = 2

        def __init__(self, tokenize: str = "split"):
            self.tokenize = tokenize

        def segment_statistics(self, hyps, refs):
            return np.array(
                [[len(h.split()), len(r[0].split())] for h, r in zip(hyps, refs)], dtype=float
            )

        def signature(self):
            return f"length-ratio|tok:{self.tokenize}|version:test"

        def _score_one(self, stats_sum):
            return float(stats_sum[0] / stats_sum[1])

    assert "length-ratio" in available()
    metric = get_metric("length-ratio")
    assert metric.corpus_score(["a b", "c"], [["a b c"], ["d e"]]) == 3 / 5
    with pytest.raises(ParameterError, match="length-ratio.*already.*LengthRatio"):
        register_metric("length-ratio")(LengthRatio)
    with pytest.raises(ParameterError, match="tokenise.*'tokenize'"):
        get_metric("length-ratio", tokenise="x")


def test_references_are_per_segment_lists_for_every_built_metric():
    # the protocol's layout: the same numbers as the streams layout of the classes
    bleu_seg = get_metric("bleu")
    bleu_streams = get_metric("bleu", ref_layout="streams")
    streams = [list(s) for s in zip(*REFS)]
    assert np.array_equal(
        bleu_seg.segment_statistics(HYPS, REFS), bleu_streams.segment_statistics(HYPS, streams)
    )
