"""ROUGE-1.5.5.pl's input cleaning and number printing, byte for byte.

Lin (2004), "ROUGE: A Package for Automatic Evaluation of Summaries"; the readers below are
the script's ``readText`` (ROUGE-N/S/SU: the whole summary as one token stream) and
``readText_LCS`` (ROUGE-L/W: one token list per sentence), read from the ROUGE-1.5.5.pl
source (notes: graham2015-and-amigo2011.md A2.2). The engine that counts and scores is
:mod:`evalkit.metrics.rouge`.

Per text: a summary is the Latin-1 view of its UTF-8 bytes, ASCII-lowercased, one sentence
per line (:func:`spl_sentences`); truncation to ``length_limit`` words (``-l``) or
``byte_limit`` bytes (``-b``; 0 = none); hyphens split off, every other byte outside
``[A-Za-z0-9-]`` becomes a space. The ROUGE-L/W reader reproduces the script's byte-limit
quirk (its running length is never updated). :class:`CleanedTexts` encodes both readers'
tokens once with a raw vocabulary; stop words, the ``[a-z0-9$]`` start rule and stemming
(tokens longer than 3 characters: WordNet-2.0 exception list first, then ROUGE's Porter
variant, :mod:`evalkit.text.porter_rouge`) map its ids.

Numbers: :func:`perl_round5` is ``float(sprintf("%7.5f", x))`` (the script rounds R and P to
5 decimals before F); :func:`perl_number` prints a number as Perl interpolates it;
:func:`perl_pow` is Perl's ``**`` (the C library's ``pow``), element by element: numpy's
``x ** y`` takes a vectorized power on AVX-512 machines that differs from ``pow`` in the last
bit for about one value in twenty, enough to change a printed ROUGE-W count.

Layout: texts are tuples of sentence strings (:attr:`evalkit.metrics.rouge.RougeCorpus.texts`);
tokens are CSR arrays (``ptr`` of length n + 1, flat ids).
"""

from __future__ import annotations

import math
import re
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from evalkit.errors import ParameterError
from evalkit.text import porter_rouge

__all__ = [
    "CleanedTexts",
    "Text",
    "perl_number",
    "perl_pow",
    "perl_round5",
    "spl_sentences",
]

Text = Union[str, Sequence[str]]

_WS_RUN = re.compile(r"[ \t\n\r\f\x0b]+")
_NOT_WORD = re.compile(r"[^A-Za-z0-9\-]")
START_OK = re.compile(r"[a-z0-9$]")


# ----------------------------------------------------------------------------------------
# number formatting as Perl does it
def perl_round5(x: np.ndarray) -> np.ndarray:
    """``float(sprintf("%7.5f", x))`` for an array: correctly rounded, ties to even like C.

    Parameters
    ----------
    x : array_like of float
        Values to round (any shape).

    Returns
    -------
    numpy.ndarray
        Float64 array of ``x``'s shape, each value rounded to 5 decimals as Perl's
        ``sprintf`` rounds the exact binary value (``0.123455`` is slightly below the half).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.metrics.rouge_text import perl_round5
    >>> perl_round5(np.array([0.123455, 1 / 3, 0.5])).tolist()
    [0.12345, 0.33333, 0.5]
    """
    x = np.asarray(x, dtype=np.float64)
    shape = x.shape
    xf = x.reshape(-1)
    y = xf * 1e5
    out = np.rint(y) / 1e5
    # x * 1e5 is inexact: near a half, let the C library round the exact binary value
    near = np.flatnonzero(np.abs(y - np.floor(y) - 0.5) < 1e-6)
    for i in near:
        out[i] = float("%.5f" % xf[i])
    return out.reshape(shape)


def perl_number(x: float) -> str:
    """How Perl prints a number in a string (``%.15g``; integers without a point).

    Parameters
    ----------
    x : int or float
        The number.

    Returns
    -------
    str
        ``str(int(x))`` for an integer, else ``"%.15g" % x``.

    Examples
    --------
    >>> from evalkit.metrics.rouge_text import perl_number
    >>> perl_number(3), perl_number(0.1 + 0.2), perl_number(2.0)
    ('3', '0.3', '2')
    """
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    return "%.15g" % x


def perl_pow(x, y: float) -> np.ndarray:
    """Perl's ``x ** y`` element by element: the C library's ``pow``, as the script computes.

    Parameters
    ----------
    x : array_like of float
        Bases, >= 0 (counts and ratios of counts).
    y : float
        The exponent (ROUGE-W's weight or its inverse).

    Returns
    -------
    numpy.ndarray
        ``math.pow(v, y)`` for every ``v``, float64, the shape of ``x``. Not ``x ** y``:
        numpy's vectorized power (AVX-512) can differ from ``pow`` in the last bit.

    Examples
    --------
    >>> from evalkit.metrics.rouge_text import perl_pow
    >>> perl_pow([0.0, 1.0, 4.0], 0.5).tolist()
    [0.0, 1.0, 2.0]
    """
    a = np.asarray(x, dtype=np.float64)
    y = float(y)
    flat = [math.pow(v, y) for v in a.ravel().tolist()]
    return np.array(flat, dtype=np.float64).reshape(a.shape)


def _perl_split(s: str) -> List[str]:
    # split(/\s+/, $s): a leading empty field is kept, trailing ones are dropped
    parts = _WS_RUN.split(s)
    while parts and parts[-1] == "":
        parts.pop()
    return parts


# every byte but [A-Za-z0-9-] becomes a space (the texts are Latin-1 views: code points < 256)
_CLEAN_TABLE = bytes(c if (c < 128 and (chr(c).isalnum() or c == 45)) else 32 for c in range(256))


_CLEAN_TABLE_NL = _CLEAN_TABLE[:10] + b"\n" + _CLEAN_TABLE[11:]


def _clean_sentences(sents: Sequence[str]) -> List[List[str]]:
    """``[_clean_tokens(s) for s in sents]`` in one pass over the text."""
    try:
        b = "\n".join(sents).encode("latin-1")
    except UnicodeEncodeError:
        return [_clean_tokens(s) for s in sents]
    parts = b.translate(_CLEAN_TABLE_NL).replace(b"-", b" - ").decode("ascii").split("\n")
    if len(parts) != len(sents):  # a sentence held a newline
        return [_clean_tokens(s) for s in sents]
    return [p.split() for p in parts]


def _clean_tokens(s: str) -> List[str]:
    try:
        b = s.encode("latin-1")
    except UnicodeEncodeError:  # not a Latin-1 view (a RougeCorpus built by hand)
        return _NOT_WORD.sub(" ", s.replace("-", " - ")).split()
    return b.translate(_CLEAN_TABLE).replace(b"-", b" - ").decode("ascii").split()


def _read_text(sents: Sequence[str], length_limit: int, byte_limit: int) -> Optional[List[str]]:
    """Tokens of ``readText`` (the N-gram reader) before filtering; None = empty text."""
    if length_limit == 0 and byte_limit == 0:
        return _clean_tokens(" ".join(sents))
    parts: List[str] = []
    used = 0
    if length_limit != 0:
        for s in sents:
            toks = _perl_split(s)
            if used + len(toks) < length_limit:
                parts.append(s)
                used += len(toks)
            else:
                keep = length_limit - used
                sl = toks[:keep] + [""] * max(0, keep - len(toks))
                parts.append(" ".join(sl))
                break
    else:
        for s in sents:
            if used + len(s) < byte_limit:
                parts.append(s)
                used += len(s)
            else:
                parts.append(s[: byte_limit - used])
                break
    text = " ".join(parts)
    if len(text) == 0:
        return None
    return _clean_tokens(text)


def _read_text_lcs(sents: Sequence[str], length_limit: int, byte_limit: int) -> List[List[str]]:
    """Per-sentence tokens of ``readText_LCS`` (the ROUGE-L/W reader) before filtering."""
    out: List[str] = []
    if length_limit == 0 and byte_limit == 0:
        return _clean_sentences(sents)
    elif length_limit != 0:
        used = 0
        for s in sents:
            toks = _perl_split(s)
            if used + len(toks) < length_limit:
                used += len(toks)
                out.append(s)
            else:
                keep = length_limit - used
                out.append(" ".join(toks[:keep] + [""] * max(0, keep - len(toks))))
                break
    else:
        for s in sents:
            # the script never updates its running length here (quirk reproduced)
            if len(s) < byte_limit:
                out.append(s)
            else:
                out.append(s[:byte_limit])
                break
    return [_clean_tokens(s) for s in out]


def spl_sentences(text: Text, what: str = "text") -> List[str]:
    """A summary as the script's SPL reader sees it: Latin-1 view of UTF-8, lowercased ASCII.

    Parameters
    ----------
    text : str or sequence of str
        One string (sentences separated by newlines) or one string per sentence.
    what : str
        The argument's name in the :class:`~evalkit.errors.ParameterError` raised for
        anything else.

    Returns
    -------
    list of str
        The non-empty sentences, each byte of their UTF-8 encoding one character, with
        ``A-Z`` lowercased (other characters unchanged).

    Examples
    --------
    >>> from evalkit.metrics.rouge_text import spl_sentences
    >>> spl_sentences(["The Cat sat.", "", "It ran."])
    ['the cat sat.', 'it ran.']
    >>> spl_sentences(["Café"])
    ['cafÃ©']
    """
    if isinstance(text, str):
        lines = text.split("\n")
    elif isinstance(text, Sequence):
        lines = []
        for s in text:
            if not isinstance(s, str):
                raise ParameterError(what, text, "a string or a sequence of sentence strings")
            if "\n" in s:
                raise ParameterError(what, s, "sentences without newlines (one sentence per item)")
            lines.append(s)
    else:
        raise ParameterError(what, text, "a string or a sequence of sentence strings")
    from evalkit.metrics.rouge_formats import ascii_lower

    # one pass over the whole text: both steps map characters one by one and keep "\n"
    # (no UTF-8 multi-byte sequence holds byte 0x0A), so splitting after them is the same
    joined = text if isinstance(text, str) else "\n".join(lines)
    return [s for s in ascii_lower(joined.encode("utf-8").decode("latin-1")).split("\n") if s]


class CleanedTexts:
    """The two readers' cleaned tokens per text (before stop words and stemming), encoded
    once with a raw vocabulary so every (stem, stop) cell only maps ids.

    Parameters
    ----------
    texts : sequence of tuple of str
        Sentences per text, as :attr:`evalkit.metrics.rouge.RougeCorpus.texts` (already
        lowercased by :func:`spl_sentences`).
    length_limit, byte_limit : int
        The script's ``-l`` (words) and ``-b`` (bytes) truncation; 0 = none.

    Attributes
    ----------
    vocab : list of str
        The raw tokens, ids in order of first appearance.
    sptr, tptr, traw : numpy.ndarray
        CSR of the ROUGE-L/W reader: sentences per text (``sptr``), token ids per
        sentence (``tptr`` into ``traw``).
    fptr, fraw : numpy.ndarray
        CSR of the N-gram reader: token ids per text.

    Examples
    --------
    >>> from evalkit.metrics.rouge_text import CleanedTexts
    >>> c = CleanedTexts([("the cat-like dog .",), ("a dog !",)])
    >>> c.vocab
    ['the', 'cat', '-', 'like', 'dog', 'a']
    >>> c.fptr.tolist(), c.fraw.tolist()
    ([0, 5, 7], [0, 1, 2, 3, 4, 5, 4])
    """

    def __init__(
        self, texts: Sequence[Tuple[str, ...]], length_limit: int = 0, byte_limit: int = 0
    ):
        self.length_limit, self.byte_limit = int(length_limit or 0), int(byte_limit or 0)
        length_limit, byte_limit = self.length_limit, self.byte_limit
        if length_limit == 0 and byte_limit == 0:  # every sentence, cleaned in one pass
            n_sent = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
            sent_list = _clean_sentences([s for t in texts for s in t])
        else:
            sents = [_read_text_lcs(t, length_limit, byte_limit) for t in texts]
            n_sent = np.fromiter(map(len, sents), dtype=np.int64, count=len(sents))
            sent_list = [s for ss in sents for s in ss]
        self.sptr = np.zeros(len(texts) + 1, dtype=np.int64)
        np.cumsum(n_sent, out=self.sptr[1:])
        # equal cleaned sentences get equal ids (ROUGE-L/W work once per distinct pair)
        sid: Dict[Tuple[str, ...], int] = {}
        sget = sid.setdefault
        self.suid = np.fromiter(
            (sget(tuple(s), len(sid)) for s in sent_list), dtype=np.int64, count=len(sent_list)
        )
        self.n_sentences = max(len(sid), 1)
        words = [w for s in sent_list for w in s]
        vocab: Dict[str, int] = {w: i for i, w in enumerate(dict.fromkeys(words))}
        self.tptr = np.zeros(len(sent_list) + 1, dtype=np.int64)
        np.cumsum(
            np.fromiter(map(len, sent_list), dtype=np.int64, count=len(sent_list)),
            out=self.tptr[1:],
        )
        self.traw = np.fromiter(map(vocab.__getitem__, words), dtype=np.int64, count=len(words))
        if length_limit == 0 and byte_limit == 0:
            # untruncated, both readers see the same tokens: flat = sentences concatenated
            self.fptr = self.tptr[self.sptr]
            self.fraw = self.traw
        else:
            get = vocab.setdefault
            flat = [_read_text(t, length_limit, byte_limit) or [] for t in texts]
            self.fptr, self.fraw = _csr([[get(w, len(vocab)) for w in toks] for toks in flat])
        self.vocab = list(vocab)
        self.texts = texts
        self._start_ok: Optional[np.ndarray] = None
        self._stems: Dict[int, Tuple[Mapping[str, str], List[Optional[str]]]] = {}
        self._pairs: Dict[tuple, tuple] = {}
        self._sentence_pairs: Optional[tuple] = None
        self._masks: Dict[tuple, tuple] = {}

    def start_ok(self) -> np.ndarray:
        """Per vocabulary word: does it start as a counted token must ([a-z0-9$])?"""
        if self._start_ok is None:
            self._start_ok = np.fromiter(
                (START_OK.match(w) is not None for w in self.vocab),
                dtype=bool,
                count=len(self.vocab),
            )
        return self._start_ok

    def stems(self, exceptions: Mapping[str, str]) -> List[Optional[str]]:
        """Per vocabulary word its ``-m`` form (None where :meth:`start_ok` is False): words
        longer than 3 characters by the exception list, else ROUGE's Porter; computed once per
        exception table and shared by the cells that stem."""
        hit = self._stems.get(id(exceptions))
        if hit is not None and hit[0] is exceptions:
            return hit[1]
        forms: List[Optional[str]] = []
        for w, ok in zip(self.vocab, self.start_ok().tolist()):
            if not ok:
                forms.append(None)
            elif len(w) > 3:
                e = exceptions.get(w)
                forms.append(porter_rouge.stem(w) if e is None else e)
            else:
                forms.append(w)
        self._stems[id(exceptions)] = (exceptions, forms)
        return forms


def _csr(lists: Sequence[Sequence[int]]) -> Tuple[np.ndarray, np.ndarray]:
    lens = np.fromiter((len(x) for x in lists), dtype=np.int64, count=len(lists))
    ptr = np.zeros(len(lists) + 1, dtype=np.int64)
    np.cumsum(lens, out=ptr[1:])
    flat = np.fromiter((v for x in lists for v in x), dtype=np.int64, count=int(ptr[-1]))
    return ptr, flat
