"""Sentences of pre-tokenized text: the one splitter for SummEval, REALSumm and WMT strings.

Layout: the public summarization sets store every text as one tokenized string, tokens
separated by single spaces, sentence-final punctuation as a token of its own::

    "He left the U.S. on monday . '' I will be back , '' he said . She stayed ."

:func:`split_tokenized_sentences` cuts after a standalone ``.``, ``!`` or ``?`` token and
any closing quotes or brackets right after it (``''``, ``'``, ``"``, ``)``, ``]``,
``-rrb-``, ...), on single spaces only::

    ("He left the U.S. on monday . ''", "I will be back , '' he said .", "She stayed .")

It is lossless: ``" ".join(sentences) == text`` for single-spaced text; a text with any
other whitespace is returned whole, as one sentence (so nothing is re-spaced behind the
caller's back); an empty or blank text gives ``()``.

Why this rule and not "split after any token ending in . ! ?" (what
``metrics/rouge_inputs.py`` used to do): abbreviations keep their period inside the token
in tokenized text (``U.S.``, ``Mr.``, ``p.m.``), so a regular expression splitting after
any ``.`` followed by a space cuts sentences in the middle; and it moves a closing quote
to the start of the next sentence (``anybody .`` / ``' Paul merson ...``). On SummEval the
two rules disagree on 139 of 2,700 summaries; ROUGE-L and ROUGE-W (the only sentence-aware
ROUGE measures) see different inputs under the two, which is why there is one splitter.

Known limitation: a backtick right after a sentence end is kept with the preceding
sentence, as a closing quote; in CNN/DM text it usually opens the next quotation (23 of
SummEval's 2,700 summaries, 26 of REALSumm's 2,500). It is kept so that results computed
before this module existed are unchanged.

Why our own: NLTK's Punkt and spaCy's sentencizer re-tokenize and are trained for raw text;
here the tokenization is given and the boundary tokens are explicit.

>>> split_tokenized_sentences("He left the U.S. on monday . She stayed .")
('He left the U.S. on monday .', 'She stayed .')
"""

from __future__ import annotations

from typing import List, Tuple

__all__ = ["SENTENCE_END", "CLOSING", "split_tokenized_sentences"]

#: Tokens that end a sentence.
SENTENCE_END = frozenset({".", "!", "?"})
#: Tokens that stay with the sentence they follow (closing quotes and brackets).
CLOSING = frozenset({"'", "''", '"', ")", "]", "`", "'\"", "\"'", "-rrb-", "-RRB-"})


def split_tokenized_sentences(text: str) -> Tuple[str, ...]:
    """Sentences of a single-spaced tokenized ``text`` (see the module docstring)."""
    if not text.strip():
        return ()
    if " ".join(text.split()) != text:
        return (text,)
    sentences: List[str] = []
    current: List[str] = []
    pending = False
    for token in text.split(" "):
        if pending and token not in SENTENCE_END and token not in CLOSING:
            sentences.append(" ".join(current))
            current = []
            pending = False
        current.append(token)
        if token in SENTENCE_END:
            pending = True
    sentences.append(" ".join(current))
    return tuple(sentences)
