"""The Porter stemmer exactly as ROUGE-1.5.5.pl implements it.

ROUGE-1.5.5 bundles Martin Porter's Perl "Release 1" of the algorithm (Porter 1980, "An
algorithm for suffix stripping", *Program* 14(3):130-137) with one change by Chin-Yew Lin
(2004-02-14) to step 4: the ``-ement`` rule is tried first, then ``-ment`` and ``-ent``
are tried *again, independently*, on the result, and ``-(s|t)ion`` only when ``-ent``
does not match.

Why our own port instead of NLTK (:mod:`evalkit.text.porter_nltk`, which METEOR uses):
``nltk.stem.PorterStemmer`` in every mode differs from
this step 4 (and NLTK's default mode adds later Porter fixes), so ROUGE scores computed
with it differ from the Perl script on words such as ``agreement`` or ``dependent``.
The regular expressions below are the Perl ones; Python's backtracking ``re`` finds the
same leftmost matches for them.

ROUGE applies this stemmer only to tokens longer than 3 characters, after looking the
token up in the WordNet-2.0 exception list (see :mod:`evalkit.text.rouge_resources`);
:func:`stem` is the bare algorithm.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["stem"]

_c = "[^aeiou]"  # consonant
_v = "[aeiouy]"  # vowel
_C = f"{_c}[^aeiouy]*"  # consonant sequence
_V = f"{_v}[aeiou]*"  # vowel sequence

_MGR0 = re.compile(f"^({_C})?{_V}{_C}")  # [C]VC... is m>0
_MEQ1 = re.compile(f"^({_C})?{_V}{_C}({_V})?$")  # [C]VC[V] is m=1
_MGR1 = re.compile(f"^({_C})?{_V}{_C}{_V}{_C}")  # [C]VCVC... is m>1
_HAS_V = re.compile(f"^({_C})?{_v}")  # vowel in stem
_CVC = re.compile(f"^{_C}{_v}[^aeiouwxy]$")

_STEP2 = {
    "ational": "ate",
    "tional": "tion",
    "enci": "ence",
    "anci": "ance",
    "izer": "ize",
    "bli": "ble",
    "alli": "al",
    "entli": "ent",
    "eli": "e",
    "ousli": "ous",
    "ization": "ize",
    "ation": "ate",
    "ator": "ate",
    "alism": "al",
    "iveness": "ive",
    "fulness": "ful",
    "ousness": "ous",
    "aliti": "al",
    "iviti": "ive",
    "biliti": "ble",
    "logi": "log",
}
_STEP3 = {
    "icate": "ic",
    "ative": "",
    "alize": "al",
    "iciti": "ic",
    "ical": "ic",
    "ful": "",
    "ness": "",
}

_R1A_SSI = re.compile(r"(ss|i)es$")
_R1A_S = re.compile(r"([^s])s$")
_R1B_EED = re.compile(r"eed$")
_R1B_EDING = re.compile(r"(ed|ing)$")
_R1B_ATBLIZ = re.compile(r"(at|bl|iz)$")
_R1B_DOUBLE = re.compile(r"([^aeiouylsz])\1$")
_R1C = re.compile(r"y$")
_R2 = re.compile("(" + "|".join(_STEP2) + ")$")
_R3 = re.compile("(" + "|".join(_STEP3) + ")$")
_R4A = re.compile(r"(al|ance|ence|er|ic|able|ible|ant|ement|ou|ism|ate|iti|ous|ive|ize)$")
_R4MENT = re.compile(r"ment$")
_R4ENT = re.compile(r"ent$")
_R4ION = re.compile(r"(s|t)(ion)$")
_R5E = re.compile(r"e$")
_R5LL = re.compile(r"ll$")


@lru_cache(maxsize=200_000)
def stem(w: str) -> str:
    """Stem one lowercase token with ROUGE-1.5.5's Porter stemmer (sub ``stem``)."""
    if len(w) < 3:
        return w
    firstch = w[0]
    if firstch == "y":  # initial y is a consonant: hide it from the vowel patterns
        w = "Y" + w[1:]
    # Step 1a
    m = _R1A_SSI.search(w)
    if m:
        w = w[: m.start()] + m.group(1)
    else:
        m = _R1A_S.search(w)
        if m:
            w = w[: m.start()] + m.group(1)
    # Step 1b
    m = _R1B_EED.search(w)
    if m:
        if _MGR0.search(w[: m.start()]):
            w = w[:-1]
    else:
        m = _R1B_EDING.search(w)
        if m:
            st = w[: m.start()]
            if _HAS_V.search(st):
                w = st
                if _R1B_ATBLIZ.search(w):
                    w += "e"
                elif _R1B_DOUBLE.search(w):
                    w = w[:-1]
                elif _CVC.search(w):
                    w += "e"
    # Step 1c
    m = _R1C.search(w)
    if m:
        st = w[: m.start()]
        if _HAS_V.search(st):
            w = st + "i"
    # Step 2
    m = _R2.search(w)
    if m:
        st = w[: m.start()]
        if _MGR0.search(st):
            w = st + _STEP2[m.group(1)]
    # Step 3
    m = _R3.search(w)
    if m:
        st = w[: m.start()]
        if _MGR0.search(st):
            w = st + _STEP3[m.group(1)]
    # Step 4, with CYL's 2004-02-14 change: three independent tests in sequence
    m = _R4A.search(w)
    if m:
        st = w[: m.start()]
        if _MGR1.search(st):
            w = st
    m = _R4MENT.search(w)
    if m:
        st = w[: m.start()]
        if _MGR1.search(st):
            w = st
    m = _R4ENT.search(w)
    if m:
        st = w[: m.start()]
        if _MGR1.search(st):
            w = st
    else:
        m = _R4ION.search(w)
        if m:
            st = w[: m.start()] + m.group(1)
            if _MGR1.search(st):
                w = st
    # Step 5
    m = _R5E.search(w)
    if m:
        st = w[: m.start()]
        if _MGR1.search(st) or (_MEQ1.search(st) and not _CVC.search(st)):
            w = st
    if _R5LL.search(w) and _MGR1.search(w):
        w = w[:-1]
    if firstch == "y":
        w = w[0].lower() + w[1:]
    return w
