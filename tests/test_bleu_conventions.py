"""BLEU options that reproduce published tools' conventions (issue 13, item 6).

* ``semantics="sacrebleu1"``: sacrebleu 1.x, which smoothed statistics without unigram matches
  that sacrebleu >= 2.0 scores 0 (its "early stop"). The expected values below were printed by
  sacrebleu 1.5.1 itself::

      pip install --no-deps --target /tmp/sb1 sacrebleu==1.5.1
      PYTHONPATH=/tmp/sb1 python record.py   # BLEU.compute_bleu(c, t, h, r, smooth_method=m,
                                             #   smooth_value=v, use_effective_order=e).score
                                             # and sentence_bleu(hyp, refs).score

  and every other case is checked against the installed sacrebleu 2.x run in the test.
* ``tokenize="moses"``: the Moses tokenizer of sacremoses, checked against sacremoses run in
  the test, and in the signature.
"""

from __future__ import annotations

import numpy as np
import pytest
import sacremoses
from sacrebleu.metrics.bleu import BLEU as SacreBLEU

from evalkit.errors import ParameterError
from evalkit.metrics.bleu import BLEU

# (correct, total, sys_len, ref_len, smooth_method, smooth_value, effective_order, 1.5.1 score)
SACREBLEU_151 = [
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "exp", None, False, 3.5802380724744265),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "exp", None, False, 0.0),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "exp", None, False, 0.0),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "exp", None, False, 1.6932492841722677),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "exp", None, False, 17.491650626361256),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "exp", None, False, 19.070828081828378),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "exp", None, False, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "exp", None, True, 3.5802380724744265),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "exp", None, True, 13.75803020372761),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "exp", None, True, 2.489353418393197),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "exp", None, True, 1.6932492841722677),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "exp", None, True, 17.491650626361256),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "exp", None, True, 19.070828081828378),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "exp", None, True, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "floor", 0.1, False, 2.025288495447137),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "floor", 0.1, False, 0.0),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "floor", 0.1, False, 0.0),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "floor", 0.1, False, 0.9578464408619825),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "floor", 0.1, False, 9.30257737569723),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "floor", 0.1, False, 12.753431387594826),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "floor", 0.1, False, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "floor", 0.1, True, 2.025288495447137),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "floor", 0.1, True, 5.5032120814910455),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "floor", 0.1, True, 0.4978706836786395),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "floor", 0.1, True, 0.9578464408619825),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "floor", 0.1, True, 9.30257737569723),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "floor", 0.1, True, 12.753431387594826),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "floor", 0.1, True, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "floor", 0.5, False, 10.126442477235686),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "floor", 0.5, False, 0.0),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "floor", 0.5, False, 0.0),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "floor", 0.5, False, 4.789232204309912),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "floor", 0.5, False, 20.801195378010608),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "floor", 0.5, False, 19.070828081828378),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "floor", 0.5, False, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "floor", 0.5, True, 10.126442477235686),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "floor", 0.5, True, 27.516060407455225),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "floor", 0.5, True, 2.489353418393197),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "floor", 0.5, True, 4.789232204309912),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "floor", 0.5, True, 20.801195378010608),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "floor", 0.5, True, 19.070828081828378),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "floor", 0.5, True, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "add-k", 1, False, 0.0),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "add-k", 1, False, 0.0),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "add-k", 1, False, 0.0),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "add-k", 1, False, 0.0),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "add-k", 1, False, 27.8211954819299),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "add-k", 1, False, 26.97022371900737),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "add-k", 1, False, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "add-k", 1, True, 0.0),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "add-k", 1, True, 0.0),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "add-k", 1, True, 0.0),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "add-k", 1, True, 0.0),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "add-k", 1, True, 27.8211954819299),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "add-k", 1, True, 26.97022371900737),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "add-k", 1, True, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "none", None, False, 0.0),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "none", None, False, 0.0),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "none", None, False, 0.0),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "none", None, False, 0.0),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "none", None, False, 0.0),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "none", None, False, 0.0),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "none", None, False, 0.0),
    ([0, 0, 0, 0], [5, 4, 3, 2], 5, 7, "none", None, True, 0.0),
    ([0, 0, 0, 0], [3, 2, 1, 0], 3, 2, "none", None, True, 0.0),
    ([0, 0, 0, 0], [1, 0, 0, 0], 1, 4, "none", None, True, 0.0),
    ([0, 0, 0, 0], [12, 11, 10, 9], 12, 12, "none", None, True, 0.0),
    ([2, 1, 0, 0], [5, 4, 3, 2], 5, 6, "none", None, True, 0.0),
    ([4, 2, 1, 0], [9, 8, 7, 6], 9, 9, "none", None, True, 0.0),
    ([0, 0, 0, 0], [0, 0, 0, 0], 0, 3, "none", None, True, 0.0),
]

# sentence_bleu(hyp, refs) of sacrebleu 1.5.1 (defaults: 13a, exp smoothing, effective order)
SACREBLEU_151_SENTENCES = [
    ("the cat sat", ["a dog ran away"], 9.858059412790722),
    ("Hello there, world!", ["Hello world."], 12.703318703865365),
    ("xyz", ["abc def"], 18.393972058572114),
    ("It is raining today in Paris.", ["Today it rains in Paris."], 24.446151121745054),
    ("no overlap here at all", ["completely different words", "nothing shared"], 5.341087579952926),
]


def _bleu(method, value, eff, semantics="sacrebleu1"):
    return BLEU(
        smoothing=method,
        smooth_value=value if method in ("floor", "add-k") else None,
        effective_order=eff,
        semantics=semantics,
    )


@pytest.mark.parametrize("correct,total,sys_len,ref_len,method,value,eff,expected", SACREBLEU_151)
def test_sacrebleu1_reproduces_sacrebleu_151(
    correct, total, sys_len, ref_len, method, value, eff, expected
):
    bleu = _bleu(method, value, eff)
    got = bleu.score_from_statistics(np.array([sys_len, ref_len, *correct, *total]))
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("correct,total,sys_len,ref_len,method,value,eff,expected", SACREBLEU_151)
def test_sacrebleu1_differs_from_2x_only_without_unigram_matches(
    correct, total, sys_len, ref_len, method, value, eff, expected
):
    # evalkit's "sacrebleu" semantics calls sacrebleu's compute_bleu, so comparing the two
    # would be a tautology: both are checked against the values sacrebleu 1.5.1 printed.
    v2 = SacreBLEU.compute_bleu(
        list(correct),
        list(total),
        sys_len,
        ref_len,
        smooth_method=method,
        smooth_value=value,
        effective_order=eff,
    ).score
    ours_2x = _bleu(method, value, eff, "sacrebleu").score_from_statistics(
        np.array([sys_len, ref_len, *correct, *total])
    )
    if correct[0] > 0 or method in ("none", "add-k") or total[0] == 0:
        assert expected == pytest.approx(v2, rel=1e-12, abs=1e-12)
        assert ours_2x == pytest.approx(expected, rel=1e-12, abs=1e-12)
    else:  # 2.x stops early; 1.x smoothed (the values differ, see the next test)
        assert v2 == 0.0 and ours_2x == 0.0


def test_sacrebleu1_smooths_where_2x_stops_early():
    smoothed = [e for c, t, h, r, m, v, eff, e in SACREBLEU_151 if c[0] == 0 and e > 0]
    assert len(smoothed) >= 8


@pytest.mark.parametrize("hyp,refs,expected", SACREBLEU_151_SENTENCES)
def test_sacrebleu1_sentence_bleu_text(hyp, refs, expected):
    bleu = BLEU(smoothing="exp", effective_order=True, semantics="sacrebleu1")
    assert bleu.sentence_score(hyp, refs).score == pytest.approx(expected, rel=1e-12)


def test_sacrebleu1_vectorized_rows_and_signature():
    bleu = _bleu("exp", None, False)
    rows = np.array([[5, 7, 0, 0, 0, 0, 5, 4, 3, 2], [9, 9, 4, 2, 1, 0, 9, 8, 7, 6]])
    assert list(bleu.score_from_statistics(rows)) == [bleu.score_from_statistics(r) for r in rows]
    assert "semantics:sacrebleu1" in bleu.signature()


MOSES_TEXT = [
    "Hello, world! It's a \"test\" of the Moses tokenizer (v3.0) -- isn't it?",
    "The U.S. economy grew 3.5% in Q1; prices rose by $1,000.",
    "Der Hund, der Katze's Futter frisst.",
    "e-mail addresses like a@b.com & URLs http://x.org/a?b=c",
]


ESCAPED_TEXT = [
    'He said "a < b" & [c] | d\'s.',
    'Tom & Jerry\'s <b>bold</b> [sic] |pipe| "quoted"',
]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("escape", [True, False], ids=["escape", "noescape"])
def test_moses_tokenizer_is_sacremoses(lang, escape):
    # tokenizer.perl escapes by default (sacremoses' escape=True); -noescape turns it off
    name = ("moses" if lang == "en" else f"moses-{lang}") + ("" if escape else "-noescape")
    bleu = BLEU(tokenize=name)
    reference = sacremoses.MosesTokenizer(lang=lang)
    for text in MOSES_TEXT + ESCAPED_TEXT:
        assert bleu._prep(text) == reference.tokenize(text, escape=escape)
    mode = "escape" if escape else "noescape"
    assert f"tok:moses-{lang}-{mode}[sacremoses-{sacremoses.__version__}]" in bleu.signature()


def test_moses_escape_round_trip_against_sacremoses():
    from evalkit.text.tokenize import get_tokenizer

    escaped, plain = get_tokenizer("moses"), get_tokenizer("moses-noescape")
    detok = sacremoses.MosesDetokenizer(lang="en")
    for text in ESCAPED_TEXT:
        tokens = escaped.words(text)
        assert any(t.startswith("&") and t.endswith(";") for t in tokens)
        assert [detok.unescape_xml(t) for t in tokens] == plain.words(text)
    # escaping is one to one on tokens: word n-gram scores are the same either way
    hyps, refs = ESCAPED_TEXT, [[t.replace("&", "and") for t in ESCAPED_TEXT]]
    assert float(BLEU(tokenize="moses").corpus_score(hyps, refs)) == float(
        BLEU(tokenize="moses-noescape").corpus_score(hyps, refs)
    )


def test_moses_bleu_equals_sacrebleu_on_pretokenized_text():
    hyps = ["The cat's hat, it is red.", "Prices rose by $1,000 in the U.S."]
    refs = [["The cat's hat is red.", "Prices rose $1,000 in the U.S. today."]]
    moses = sacremoses.MosesTokenizer(lang="en")
    pre = lambda s: " ".join(moses.tokenize(s, escape=False))  # noqa: E731
    expected = SacreBLEU(tokenize="none").corpus_score(
        [pre(h) for h in hyps], [[pre(r) for r in refs[0]]]
    )
    ours = BLEU(tokenize="moses").corpus_score(hyps, refs)
    assert ours.score == pytest.approx(expected.score, rel=1e-12)


def test_unknown_tokenizer_names_moses():
    with pytest.raises(ParameterError, match="moses-LANG"):
        BLEU(tokenize="mosesX")


def test_registry_builds_both_options_and_names_them_in_the_signature():
    from evalkit.metrics import get_metric

    bleu = get_metric("bleu", semantics="sacrebleu1", tokenize="moses")
    sig = bleu.signature()
    assert (
        "semantics:sacrebleu1" in sig
        and f"tok:moses-en-escape[sacremoses-{sacremoses.__version__}]" in sig
    )
    assert get_metric("bleu").signature() != sig
    with pytest.raises(ParameterError):
        get_metric("bleu", semantics="mteval")
