"""A token-class tagger: the offline, model-free stand-in for a part-of-speech tagger.

GRAMSIM (Amigó et al. 2005, DUC 2004) compares the part-of-speech tag frequencies of two
summaries (TreeTagger in the paper), and Asiya's shallow-syntactic overlaps (Amigó et al.
2011) compare words per tag. No tagger model may be downloaded at run time and no spaCy
pipeline is pinned in ``requirements/lock.txt``, so this module tags each token with a
coarse *token class* decided by closed word lists, the token's shape and its suffix:

==========  ========================================================================
class        rule (first that applies, on the lowercased token)
==========  ========================================================================
PUNCT        no letter or digit
NUM          digits (with ``.,:/-``), or a number word (one ... twenty, hundred, ...)
DET PRON     closed lists (articles/demonstratives/quantifiers; personal/relative)
ADP CONJ     closed lists (prepositions; coordinating/subordinating conjunctions)
AUX          forms of be/have/do and the modals
PROPN        capitalised, not sentence-initial (``sentence_initial`` flag)
ADV          ends in ``-ly``
VERB_ING     ends in ``-ing``;  VERB_ED: ends in ``-ed``
NOUN_PL      ends in ``-s`` (not ``-ss``/``-us``/``-is``)
ADJ          ends in ``-al -ous -ive -able -ible -ful -less -ic``
WORD         anything else
==========  ========================================================================

Range: 15 classes (:data:`CLASSES`). The classes are far coarser than Penn or TreeTagger
tags, and a token's class never depends on its context; what GRAMSIM measures with them
is the mix of function words, names, numbers and inflections, i.e. style, not content.

Why our own: taggers (nltk's averaged perceptron, spaCy, TreeTagger, Lingua::EN::Tagger)
need model files that are not shipped offline here; these rules need none and are
deterministic. Replace :func:`token_classes` with a real tagger's output where one is
configured (the similarity functions take any tag sequence).
"""

from __future__ import annotations

import re
from typing import List, Sequence, Tuple

__all__ = ["CLASSES", "token_class", "token_classes"]

CLASSES: Tuple[str, ...] = (
    "PUNCT",
    "NUM",
    "DET",
    "PRON",
    "ADP",
    "CONJ",
    "AUX",
    "PROPN",
    "ADV",
    "VERB_ING",
    "VERB_ED",
    "NOUN_PL",
    "ADJ",
    "WORD",
    "OTHER",
)

_DET = frozenset(
    "a an the this that these those some any no every each all both either neither "
    "another such what which whose several many much few more most".split()
)
_PRON = frozenset(
    "i you he she it we they me him her us them my your his its our their mine yours "
    "hers ours theirs myself yourself himself herself itself ourselves themselves "
    "who whom one someone something anyone anything nobody nothing everyone everything".split()
)
_ADP = frozenset(
    "of in on at by for with about against between into through during before after "
    "above below to from up down over under again further than among across along "
    "around behind beyond despite near off onto toward towards upon within without via per".split()
)
_CONJ = frozenset(
    "and or but nor so yet because although though while whereas if unless since "
    "whether until when where as".split()
)
_AUX = frozenset(
    "be is am are was were been being have has had having do does did will would shall "
    "should can could may might must 's 're 've 'd 'll n't not".split()
)
_NUMBER_WORDS = frozenset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty "
    "sixty seventy eighty ninety hundred thousand million billion trillion".split()
)
_NUM = re.compile(r"^[+-]?\d[\d.,:/-]*%?$")
_ALNUM = re.compile(r"[A-Za-z0-9]")
_ADJ = ("al", "ous", "ive", "able", "ible", "ful", "less", "ic")


def token_class(token: str, sentence_initial: bool = False) -> str:
    """The class of one token (see the table above)."""
    if not _ALNUM.search(token):
        return "PUNCT"
    low = token.lower()
    if _NUM.match(token) or low in _NUMBER_WORDS:
        return "NUM"
    for name, words in (
        ("DET", _DET),
        ("PRON", _PRON),
        ("ADP", _ADP),
        ("CONJ", _CONJ),
        ("AUX", _AUX),
    ):
        if low in words:
            return name
    if token[:1].isupper() and not sentence_initial:
        return "PROPN"
    if not low.isalpha():
        return "OTHER"
    if low.endswith("ly") and len(low) > 4:
        return "ADV"
    if low.endswith("ing") and len(low) > 5:
        return "VERB_ING"
    if low.endswith("ed") and len(low) > 4:
        return "VERB_ED"
    if low.endswith("s") and not low.endswith(("ss", "us", "is")) and len(low) > 3:
        return "NOUN_PL"
    if low.endswith(_ADJ) and len(low) > 5:
        return "ADJ"
    return "WORD"


def token_classes(sentences: Sequence[Sequence[str]]) -> List[str]:
    """Classes of the tokens of tokenized sentences, in order (the first token of each
    sentence is sentence-initial).

    >>> token_classes([["The", "Senate", "voted", "quickly", "."]])
    ['DET', 'PROPN', 'VERB_ED', 'ADV', 'PUNCT']
    """
    out: List[str] = []
    for sentence in sentences:
        out += [token_class(tok, i == 0) for i, tok in enumerate(sentence)]
    return out
