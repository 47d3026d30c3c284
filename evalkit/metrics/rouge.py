"""ROUGE, exactly as ROUGE-1.5.5.pl computes and prints it, and fast.

Lin (2004), "ROUGE: A Package for Automatic Evaluation of Summaries"; the algorithm below
is the one read from the ROUGE-1.5.5.pl source (notes: graham2015-and-amigo2011.md A2.2).
For a peer summary P and models M_1..M_k, with clipped matches
hit_k = sum_g min(c_P(g), c_Mk(g)):

* ROUGE-N (``n``): g ranges over the n-grams of the whole summary (sentences joined).
* ROUGE-S / SU (``skip``, ``su``): skip-bigrams (t_i, t_j), i < j <= i + skip + 1
  (no limit when skip < 0); SU adds the unigram t_i for every i except the last token.
* ROUGE-L: summary-level union LCS; each model sentence's positions on the LCS back-trace
  against every peer sentence are unioned and clipped by unigram counts.
* ROUGE-W (``w``, weight w > 1): weighted LCS, run of length l weighted l^w.

Per summary, ``scoring="A"`` (model average) pools the counts:
R = sum_k hit_k / sum_k |M_k|, P = sum_k hit_k / (k |P|); ``scoring="B"`` keeps the best
model by recall. R and P are rounded to 5 decimals (``%7.5f``) *before*
F = P R / ((1 - alpha) P + alpha R), alpha in [0, 1] (``alpha``, 0.5 = F1), which is rounded
too. All scores are in [0, 1]. ROUGE-W: R = (sum hit / sum_k (sum_i |r_i|^w)^w)^(1/w) and
P = (sum hit / sum_k |P|^w)^(1/w) (the script applies the weight to the pooled base twice).

Averages: the script prints as ``Average_X`` the mean of ``resamples`` bootstrap means
(resample r drawn with Perl's ``srand(r); int(rand(n))``), not the plain mean; both are
offered (``perl_mean`` and ``mean``). ``unit=1`` pools counts over the corpus instead.

Preprocessing per text: ASCII lowercasing; truncation to ``length_limit`` words or
``byte_limit`` bytes (UTF-8 bytes, as the script counts them); hyphens split off, every
other non-alphanumeric byte becomes a space; optional SMART stop-word removal
(``stopwords``); only tokens starting with [a-z0-9] count; optional stemming (``stem``)
of tokens longer than 3 characters: WordNet-2.0 exception list first, then ROUGE's
Porter variant (:mod:`evalkit.text.porter_rouge`). The ROUGE-L/W sentence reader reproduces the
script's byte-limit quirk (its running length is never updated). The readers and Perl's
number printing live in :mod:`evalkit.metrics.rouge_text`; scoring against every k-subset
of the models in :mod:`evalkit.metrics.model_subsets`.

Where evalkit departs from the script (on inputs the script cannot handle): with ROUGE-W
on, a model with no countable token makes the script die ("Illegal division by zero");
evalkit carries on (that model adds nothing under -f A and scores 0 under -f B). ``-3`` (Basic Elements) and ``-M`` are not offered.
:meth:`Rouge.score_jackknife` adds the DUC/TAC jackknife over models, which the script
leaves to the caller.

Example::

    >>> r = Rouge(n=2, stem=True)
    >>> res = r.score(["the cats sat ."], [["a cat sat on the mat ."]])
    >>> res.scores[["instance", "system", "metric", "R", "P", "F"]]  # tidy
      instance system   metric        R        P        F
    0        1      X  ROUGE-1  0.50000  1.00000  0.66667
    1        1      X  ROUGE-2  0.20000  0.50000  0.28571
    2        1      X  ROUGE-L  0.33333  0.66667  0.44444

    (by hand: the peer is ``the cat sat`` after stemming, the model ``a cat sat on the
    mat``; 3 of 6 unigrams, 1 of 5 bigrams (``cat sat``), LCS ``cat sat`` = 2 of 6)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics import rouge_kernels as K
from evalkit.metrics.rouge_text import (
    START_OK,
    CleanedTexts,
    Text,
    perl_number,
    perl_pow,
    perl_round5,
    spl_sentences,
)
from evalkit.text import porter_rouge, rouge_resources

__all__ = ["Rouge", "RougeResult", "RougeCorpus"]


# ----------------------------------------------------------------------------------------
@dataclass
class RougeCorpus:
    """Evaluations to score: each has peers (system -> sentences) and ordered models.

    Attributes
    ----------
    texts : list of tuple of str
        Every distinct text once, as sentences in the script's view
        (:func:`evalkit.metrics.rouge_text.spl_sentences`).
    evals : list of (str, dict, list)
        Per evaluation: ``(eval_id, {peer_id: text index}, [model text indices])``.

    Examples
    --------
    >>> from evalkit.metrics.rouge import RougeCorpus
    >>> refs = [["The cat sat down"]]
    >>> c = RougeCorpus.from_lists([["the cat sat"], ["a dog ran"]], [refs, refs],
    ...                            ["d1", "d1"], ["s1", "s2"])
    >>> c.texts
    [('the cat sat down',), ('the cat sat',), ('a dog ran',)]
    >>> c.evals
    [('d1', {'s1': 1, 's2': 2}, [0])]
    """

    texts: List[Tuple[str, ...]]
    evals: List[Tuple[str, Dict[str, int], List[int]]]

    @classmethod
    def from_lists(
        cls,
        summaries: Sequence[Text],
        references: Sequence[Sequence[Text]],
        instance_ids: Optional[Sequence[str]] = None,
        system_ids: Optional[Sequence[str]] = None,
    ) -> "RougeCorpus":
        """One summary per entry with its references; instances sharing an id are grouped."""
        if isinstance(summaries, (str, bytes)) or not isinstance(summaries, Sequence):
            raise ParameterError("summaries", type(summaries).__name__, "a sequence of summaries")
        if len(references) != len(summaries):
            raise ParameterError(
                "references",
                f"{len(references)} entries",
                f"one list of references per summary ({len(summaries)})",
            )
        n = len(summaries)
        inst = [str(i) for i in (instance_ids if instance_ids is not None else range(1, n + 1))]
        sysid = [str(s) for s in (system_ids if system_ids is not None else ["X"] * n)]
        if len(inst) != n or len(sysid) != n:
            raise ParameterError("instance_ids/system_ids", "length mismatch", f"{n} entries each")
        index: Dict[Tuple[str, ...], int] = {}
        texts: List[Tuple[str, ...]] = []

        seen: Dict[int, int] = {}  # id() of input objects (alive in the arguments) -> text

        def add(t: Text, what: str) -> int:
            j = seen.get(id(t))
            if j is not None:
                return j
            key = tuple(spl_sentences(t, what))
            j = index.get(key)
            if j is None:
                j = index[key] = len(texts)
                texts.append(key)
            seen[id(t)] = j
            return j

        evals: Dict[str, Tuple[str, Dict[str, int], List[int]]] = {}
        for i in range(n):
            refs = references[i]
            if isinstance(refs, str):
                raise ParameterError(
                    "references", refs[:40], "a list of reference summaries per summary"
                )
            mids = [add(r, "references") for r in refs]
            e = evals.get(inst[i])
            if e is None:
                e = evals[inst[i]] = (inst[i], {}, mids)
            elif e[2] != mids:
                raise ParameterError(
                    "references", inst[i], "the same references for every summary of an instance"
                )
            if sysid[i] in e[1]:
                raise ParameterError(
                    "system_ids", sysid[i], f"one summary per system for instance {inst[i]!r}"
                )
            e[1][sysid[i]] = add(summaries[i], "summaries")
        return cls(texts, list(evals.values()))


@dataclass
class RougeResult:
    """Per-summary scores (tidy) and the averages the Perl script prints.

    Attributes
    ----------
    scores : pandas.DataFrame
        One row per (instance, system, metric): ``R``, ``P``, ``F`` (rounded as printed) and
        the raw counts.
    averages : pandas.DataFrame
        Per system and metric: ``n``, ``mean_X``, ``median_X``, ``perl_mean_X`` (the printed
        ``Average_X``: the mean of the bootstrap means), ``ci_low_X``, ``ci_high_X`` for X in
        R, P, F, and pooled counts.
    signature : str
        The configuration (:meth:`Rouge.signature`).

    Examples
    --------
    >>> from evalkit.metrics.rouge import Rouge
    >>> res = Rouge(n=1, lcs=False).score(["the cat sat"], [["the cat sat down"]])
    >>> res
    RougeResult(1 scores; rouge-1.5.5|n:1|l:no|...)
    >>> res.averages[["metric", "mean_R", "perl_mean_R"]].values.tolist()
    [['ROUGE-1', 0.75, 0.75]]
    """

    scores: pd.DataFrame  # instance, system, metric, R, P, F (+ raw counts)
    # per system and method: n, mean_X, median_X (plain), perl_mean_X (printed Average_X),
    # ci_low_X, ci_high_X for X in R, P, F, and pooled model/peer/hit counts
    averages: pd.DataFrame
    signature: str

    def __repr__(self) -> str:
        return f"RougeResult({len(self.scores)} scores; {self.signature})"


# ----------------------------------------------------------------------------------------
class _Tokenizer:
    """Stop-word filter + stemmer with a per-token cache (the expensive part is the stemmer)."""

    def __init__(
        self, stem: bool, stopwords: bool, stop_list: frozenset, exceptions: Mapping[str, str]
    ):
        self.stem = stem
        self.stop = stop_list if stopwords else frozenset()
        self.exc = exceptions
        self.cache: Dict[str, Optional[str]] = {}

    def token(self, t: str) -> Optional[str]:
        try:
            return self.cache[t]
        except KeyError:
            pass
        if t in self.stop or not START_OK.match(t):
            out = None
        elif self.stem and len(t) > 3:
            out = self.exc.get(t)
            if out is None:
                out = porter_rouge.stem(t)
        else:
            out = t
        self.cache[t] = out
        return out

    def tokens(self, toks: Iterable[str]) -> List[str]:
        f = self.token
        return [u for u in map(f, toks) if u is not None]


class Rouge:
    """ROUGE-1.5.5 with explicit configuration (each argument mirrors a script flag).

    Parameters
    ----------
    n : int        ROUGE-1..n (``-n``); 0 for none.
    lcs : bool     ROUGE-L (on unless ``-x``).
    w : float|None ROUGE-W weight (``-w``), > 0; None for no ROUGE-W.
    skip : int|None skip distance for ROUGE-S/SU (``-2``); negative = unlimited.
    su : {"S", "SU", "both"}  skip-bigrams only, with unigrams (``-u``), or both (``-U``).
    stem, stopwords : bool   ``-m`` and ``-s``.
    length_limit, byte_limit : int|None  ``-l`` / ``-b`` (not both).
    scoring : {"A", "B"}   model average or best model (``-f``).
    alpha : float in [0, 1]  (``-p``).
    unit : {0, 1, 2}  average per summary, per token over the corpus, or raw counts (``-t``).
    confidence : float in [0, 100], resamples : int >= 1   (``-c``, ``-r``).

    Examples
    --------
    >>> from evalkit.metrics.rouge import Rouge
    >>> res = Rouge(n=2, stem=True).score(["the cats sat ."], [["a cat sat on the mat ."]])
    >>> res.scores[["metric", "R", "P", "F"]].values.tolist()
    [['ROUGE-1', 0.5, 1.0, 0.66667], ['ROUGE-2', 0.2, 0.5, 0.28571], ['ROUGE-L', 0.33333, 0.66667, 0.44444]]
    """

    def __init__(
        self,
        n: int = 4,
        lcs: bool = True,
        w: Optional[float] = None,
        skip: Optional[int] = None,
        su: str = "S",
        stem: bool = False,
        stopwords: bool = False,
        length_limit: Optional[int] = None,
        byte_limit: Optional[int] = None,
        scoring: str = "A",
        alpha: float = 0.5,
        unit: int = 0,
        confidence: float = 95,
        resamples: int = 1000,
        stop_list_path: Optional[str] = None,
        exceptions: Optional[Mapping[str, str]] = None,
    ):
        if not isinstance(n, (int, np.integer)) or n < 0:
            raise ParameterError("n", n, "an integer >= 0 (ROUGE-1..n)")
        if w is not None and not (isinstance(w, (int, float)) and w > 0):
            raise ParameterError("w", w, "a weight > 0 (ROUGE-W), e.g. 1.2, or None")
        if skip is not None and not isinstance(skip, (int, np.integer)):
            raise ParameterError("skip", skip, "an integer skip distance or None")
        if su not in ("S", "SU", "both"):
            raise ParameterError("su", su, '"S", "SU" (-u) or "both" (-U)')
        if length_limit is not None and byte_limit is not None:
            raise ParameterError(
                "length_limit/byte_limit", (length_limit, byte_limit), "only one of them"
            )
        for name, v in (("length_limit", length_limit), ("byte_limit", byte_limit)):
            if v is not None and (not isinstance(v, (int, np.integer)) or v < 0):
                raise ParameterError(name, v, "an integer >= 0 or None")
        if scoring not in ("A", "B"):
            raise ParameterError("scoring", scoring, '"A" (model average) or "B" (best model)')
        if not (0 <= alpha <= 1):
            raise ParameterError("alpha", alpha, "a number in [0, 1]")
        if unit not in (0, 1, 2):
            raise ParameterError("unit", unit, "0 (per summary), 1 (per token) or 2 (raw counts)")
        if not (0 <= confidence <= 100):
            raise ParameterError("confidence", confidence, "a percentage in [0, 100]")
        if not isinstance(resamples, (int, np.integer)) or resamples < 1:
            raise ParameterError("resamples", resamples, "an integer >= 1")
        self.n = int(n)
        self.lcs = bool(lcs)
        self.w = w
        self.skip = None if skip is None else int(skip)
        self.su = su
        self.stem = bool(stem)
        self.stopwords = bool(stopwords)
        self.length_limit = int(length_limit or 0)
        self.byte_limit = int(byte_limit or 0)
        self.scoring = scoring
        self.alpha = float(alpha)
        self.unit = int(unit)
        self.confidence = confidence
        self.resamples = int(resamples)
        self._stop_path = stop_list_path
        self._exceptions = exceptions
        # how numbers appear in method tags (the script prints its arguments verbatim)
        self.w_tag = _fmt_arg(w)
        self.skip_tag = None if skip is None else str(skip)

    # -- configuration ------------------------------------------------------------------
    def methods(self) -> List[str]:
        """Method tags in the script's print order."""
        out = [f"ROUGE-{i}" for i in range(1, self.n + 1)]
        if self.lcs:
            out.append("ROUGE-L")
        if self.w is not None:
            out.append(f"ROUGE-W-{self.w_tag}")
        if self.skip is not None:
            d = self.skip_tag if self.skip >= 0 else "*"
            if self.su == "SU":
                out.append(f"ROUGE-SU{d}")
            elif self.su == "both":
                out += [f"ROUGE-S{d}", f"ROUGE-SU{d}"]
            else:
                out.append(f"ROUGE-S{d}")
        return out

    def signature(self) -> str:
        """Everything that changes the numbers (:func:`evalkit.metrics.base.build_signature`)."""
        from evalkit.metrics.base import build_signature

        return build_signature("rouge-1.5.5", self.signature_options())

    def signature_options(self) -> List[Tuple[str, object]]:
        """The settings that change the numbers, as ``(key, value)`` signature options."""
        parts: List[Tuple[str, object]] = [
            ("n", self.n),
            ("l", self.lcs),
            ("w", self.w_tag or "no"),
        ]
        if self.skip is None:
            parts.append(("s", "no"))
        else:
            parts += [("s", self.skip), ("su", {"S": "no", "SU": "only", "both": "both"}[self.su])]
        if self.stem:
            order = ",".join(o.split(".")[0] for o in rouge_resources.exception_order())
            parts.append(("stem", f"porter-rouge+wn2.0exc({order})"))
        else:
            parts.append(("stem", "no"))
        parts.append(("stop", "smart" if self.stopwords else "no"))
        if self.length_limit:
            parts.append(("trunc", f"{self.length_limit}w"))
        elif self.byte_limit:
            parts.append(("trunc", f"{self.byte_limit}b"))
        else:
            parts.append(("trunc", "no"))
        return parts + [
            ("f", self.scoring),
            ("alpha", self.alpha),
            ("t", self.unit),
            ("boot", f"{self.resamples}@{self.confidence:g}"),
        ]

    def __repr__(self) -> str:
        return f"Rouge({self.signature()})"

    def _tokenizer(self) -> _Tokenizer:
        stop = rouge_resources.load_stopwords(self._stop_path) if self.stopwords else frozenset()
        exc = (
            self._exceptions
            if self._exceptions is not None
            else (rouge_resources.exception_table() if self.stem else {})
        )
        return _Tokenizer(self.stem, self.stopwords, stop, exc)

    # -- scoring --------------------------------------------------------------------------
    def score(
        self,
        summaries: Sequence[Text],
        references: Sequence[Sequence[Text]],
        instance_ids: Optional[Sequence[str]] = None,
        system_ids: Optional[Sequence[str]] = None,
    ) -> RougeResult:
        """Score summaries against their references.

        ``summaries[i]`` is a string (sentences separated by newlines, like an SPL file) or a
        list of sentences; ``references[i]`` the list of its references. Summaries with the
        same ``instance_ids`` entry (default: each its own) share the references and are
        told apart by ``system_ids`` (default ``"X"``).
        """
        corpus = RougeCorpus.from_lists(summaries, references, instance_ids, system_ids)
        return self.score_corpus(corpus)

    def score_corpus(
        self, corpus: RougeCorpus, peer_ids: Optional[Sequence[str]] = None
    ) -> RougeResult:
        """Score every peer of every evaluation (``-a``), or only ``peer_ids``."""
        if peer_ids is None:
            peer_ids = sorted({p for _, ps, _ in corpus.evals for p in ps})
        scores = self.per_summary_scores(corpus, peer_ids)
        averages = _averages(scores, self, peer_ids)
        return RougeResult(scores, averages, self.signature())

    def per_summary_scores(
        self,
        corpus: RougeCorpus,
        peer_ids: Optional[Sequence[str]] = None,
        cleaned: Optional["CleanedTexts"] = None,
    ) -> pd.DataFrame:
        """The per-summary scores of :meth:`score_corpus` (its ``scores`` frame) without the
        averages; ``cleaned`` (:class:`CleanedTexts` of ``corpus`` with this truncation)
        lets several configurations share the cleaning of the texts."""
        if peer_ids is None:
            peer_ids = sorted({p for _, ps, _ in corpus.evals for p in ps})
        if cleaned is None:
            cleaned = CleanedTexts(corpus.texts, self.length_limit, self.byte_limit)
        return _instance_scores(self._counts(corpus, peer_ids, cleaned), self)

    def _counts(
        self, corpus: RougeCorpus, peer_ids: Sequence[str], cleaned: "CleanedTexts"
    ) -> "_Counts":
        if (cleaned.length_limit, cleaned.byte_limit, cleaned.texts) != (
            self.length_limit,
            self.byte_limit,
            corpus.texts,
        ):
            raise ParameterError(
                "cleaned",
                "CleanedTexts of other texts or truncation",
                "CleanedTexts(corpus.texts, length_limit, byte_limit) of this configuration",
            )
        return _cell_counts(cleaned, self._tokenizer(), self, corpus, peer_ids)

    def score_jackknife(
        self,
        summaries: Sequence[Text],
        references: Sequence[Sequence[Text]],
        instance_ids: Optional[Sequence[str]] = None,
        system_ids: Optional[Sequence[str]] = None,
    ) -> pd.DataFrame:
        """Jackknifed per-summary scores over the models, as DUC/TAC reported ROUGE.

        With k >= 2 models, a summary's R, P and F are the means over the k leave-one-out
        model sets of the scores ROUGE-1.5.5 prints for that set (each rounded to 5
        decimals), so that systems are comparable with human summaries. A summary whose
        text equals one of its models (a human summary scored against the others) is scored
        only against the set without that model. With one model nothing is left out.
        Returns instance, system, metric, R, P, F, n_sets (means are not rounded).
        """
        corpus = RougeCorpus.from_lists(summaries, references, instance_ids, system_ids)
        return self.jackknife_corpus(corpus)

    def jackknife_corpus(self, corpus: RougeCorpus) -> pd.DataFrame:
        """:meth:`score_jackknife` on a :class:`RougeCorpus`."""
        evals = []
        origin: Dict[str, str] = {}
        for eid, peers, models in corpus.evals:
            k = len(models)
            if k < 2:
                sets = [(None, peers, models)]
            else:
                sets = []
                for j in range(k):
                    ps = {p: t for p, t in peers.items() if t not in models or models.index(t) == j}
                    sets.append((j, ps, models[:j] + models[j + 1 :]))
            for j, ps, ms in sets:
                key = f"{eid}\x00{j}"
                origin[key] = eid
                evals.append((key, ps, ms))
        res = self.score_corpus(RougeCorpus(corpus.texts, evals))
        sc = res.scores.assign(instance=res.scores["instance"].map(origin))
        out = sc.groupby(["instance", "system", "metric"], sort=False)[["R", "P", "F"]].agg(
            ["mean", "size"]
        )
        flat = pd.DataFrame(
            {
                "R": out[("R", "mean")],
                "P": out[("P", "mean")],
                "F": out[("F", "mean")],
                "n_sets": out[("R", "size")].astype(np.int64),
            }
        ).reset_index()
        return flat

    def pair_counts(
        self, corpus: RougeCorpus, peer_ids: Optional[Sequence[str]] = None
    ) -> pd.DataFrame:
        """Clipped hit and size counts per (evaluation, peer, model): ``instance, system, model,
        metric, hit_count, model_count, peer_count`` (``model`` = position in the evaluation's
        model list). Under ``scoring="A"`` a peer's score against any subset of its models is
        a sum over these rows (:func:`evalkit.metrics.model_subsets.subset_recall_table`), so thousands of model subsamples
        need no re-scoring. ROUGE-W (whose bases are not additive) is left out."""
        if peer_ids is None:
            peer_ids = sorted({p for _, ps, _ in corpus.evals for p in ps})
        cleaned = CleanedTexts(corpus.texts, self.length_limit, self.byte_limit)
        counts = _cell_counts(cleaned, self._tokenizer(), self, corpus, peer_ids)
        first = np.searchsorted(counts.inst, np.arange(len(counts.rows)))
        pos = np.arange(len(counts.inst)) - first[counts.inst]
        frames = []
        for method, (kind, hit, mc, pc) in counts.methods.items():
            if kind == "W":
                continue
            frames.append(
                pd.DataFrame(
                    {
                        "instance": [counts.rows[i][0] for i in counts.inst],
                        "system": [counts.rows[i][1] for i in counts.inst],
                        "model": pos,
                        "metric": method,
                        "hit_count": hit.astype(np.int64),
                        "model_count": mc.astype(np.int64),
                        "peer_count": pc.astype(np.int64),
                    }
                )
            )
        cols = ["instance", "system", "model", "metric", "hit_count", "model_count", "peer_count"]
        return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=cols)

    # -- printing -------------------------------------------------------------------------
    def report(
        self, result: RougeResult, per_eval: bool = False, conf_tag: Optional[str] = None
    ) -> str:
        """The text ROUGE-1.5.5.pl prints for these scores (``-d`` = ``per_eval``)."""
        ctag = conf_tag if conf_tag is not None else _fmt_arg(self.confidence)
        lines: List[str] = []
        sc = result.scores
        groups = {k: g for k, g in sc.groupby(["system", "metric"], sort=False)} if len(sc) else {}
        avd = {(row["system"], row["metric"]): row for row in result.averages.to_dict("records")}
        for peer in result.averages["system"].drop_duplicates() if len(result.averages) else []:
            for method in self.methods():
                lines.append("-" * 45)
                a = avd[(peer, method)]
                if self.unit in (0, 1):
                    for stat in ("R", "P", "F"):
                        lines.append(
                            f"{peer} {method} Average_{stat}: {a['perl_mean_' + stat]:7.5f} "
                            f"({ctag}%-conf.int. {a['ci_low_' + stat]:7.5f} - {a['ci_high_' + stat]:7.5f})"
                        )
                else:
                    lines.append(
                        f"{peer} {method} M_count: {int(a['model_count'])} P_count: {int(a['peer_count'])} "
                        f"H_count: {int(a['hit_count'])}"
                    )
                if per_eval:
                    lines.append("." * 45)
                    sub = groups.get((peer, method))
                    if sub is None:
                        continue
                    sub = _by_eval_id(sub)
                    cols = (
                        ("R", "P", "F")
                        if self.unit == 0
                        else ("model_count", "peer_count", "hit_count")
                    )
                    vals = [sub[c].tolist() for c in cols]
                    fmt = (lambda v: f"{v:7.5f}") if self.unit == 0 else perl_number
                    for inst, r, p, f in zip(sub["instance"].tolist(), *vals):
                        lines.append(
                            f"{peer} {method} Eval {inst}.{peer} R:{fmt(r)} P:{fmt(p)} F:{fmt(f)}"
                        )
        return "\n".join(lines) + ("\n" if lines else "")


def _fmt_arg(v) -> Optional[str]:
    if v is None:
        return None
    if isinstance(v, str):
        return v
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _by_eval_id(sub: pd.DataFrame) -> pd.DataFrame:
    """Rows in the order of the script's ``by_evalID`` sort (numeric prefix, else string)."""
    import functools

    peer_of = sub["system"].tolist()
    keys = [f"{i}.{p}" for i, p in zip(sub["instance"], peer_of)]
    # the script iterates a Perl hash before sorting; ties keep string order here
    order0 = sorted(range(len(keys)), key=lambda i: keys[i].encode("latin-1", "replace"))

    def num(s: str) -> Optional[int]:
        m = re.match(r"[0-9]+", s)
        return int(m.group(0)) if m else None

    def cmp(i: int, j: int) -> int:
        a, b = keys[i], keys[j]
        na, nb = num(a), num(b)
        if na is not None and nb is not None:
            return (na > nb) - (na < nb)
        return (a > b) - (a < b)

    order = sorted(order0, key=functools.cmp_to_key(cmp))
    return sub.iloc[order]


@dataclass
class _Counts:
    """Per (eval, peer, model) pair counts for every method, plus pair bookkeeping."""

    inst: np.ndarray  # instance row of each pair
    rows: List[Tuple[str, str]]  # (eval_id, peer_id) per instance row
    n_models: np.ndarray  # models per instance row
    methods: Dict[str, Tuple[str, np.ndarray, np.ndarray, np.ndarray]]  # kind, hit, mcount, pcount


def _filter_csr(ptr: np.ndarray, vals: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Drop the entries < 0 of a CSR array, keeping the segments."""
    keep = vals >= 0
    c = np.zeros(len(vals) + 1, dtype=np.int64)
    np.cumsum(keep, out=c[1:])
    return c[ptr], vals[keep]


def _encode(cleaned: CleanedTexts, tok: _Tokenizer):
    """Cell token ids: each raw vocabulary word filtered (and stemmed, once for all cells)
    as ``_Tokenizer.token`` does, then the id arrays mapped. Without stemming a kept word
    keeps its raw id (ids need not be dense: they are only compared and counted)."""
    words = cleaned.vocab
    keep = cleaned.start_ok()
    if tok.stop:
        stop = tok.stop
        keep = keep & ~np.fromiter((w in stop for w in words), dtype=bool, count=len(words))
    if tok.stem:
        vocab: Dict[str, int] = {}
        get = vocab.setdefault
        mapping = np.fromiter(
            (
                (get(f, len(vocab)) if k else -1)
                for f, k in zip(cleaned.stems(tok.exc), keep.tolist())
            ),
            dtype=np.int64,
            count=len(words),
        )
        V = len(vocab)
    else:
        mapping = np.where(keep, np.arange(len(words), dtype=np.int64), -1)
        V = len(words)
    fptr, ftok = _filter_csr(cleaned.fptr, mapping[cleaned.fraw])
    tptr, stok = _filter_csr(cleaned.tptr, mapping[cleaned.traw])
    return max(V, 1), fptr, ftok, cleaned.sptr, tptr, stok, keep


_POOL = None


def _in_threads(fn, n_items: int, min_items: int = 2000) -> list:
    """``[fn(lo, hi) for each chunk]``: ``n_items`` split into one chunk per core (at most 8;
    one chunk below ``min_items``), the chunks run in a process-wide thread pool (nogil
    kernels). Chunks are independent, so results do not depend on the number of threads."""
    import os
    from concurrent.futures import ThreadPoolExecutor

    global _POOL
    workers = min(os.cpu_count() or 1, 8) if n_items >= min_items else 1
    bounds = np.linspace(0, n_items, workers + 1).astype(np.int64)
    if workers == 1:
        return [fn(0, n_items)]
    if _POOL is None or _POOL._max_workers < workers:
        _POOL = ThreadPoolExecutor(workers, thread_name_prefix="evalkit-rouge")
    futures = [_POOL.submit(fn, bounds[i], bounds[i + 1]) for i in range(workers)]
    return [f.result() for f in futures]


def _sentence_pairs(cleaned: CleanedTexts, peers: np.ndarray, models: np.ndarray):
    """The distinct (model sentence, peer sentence) pairs of the text pairs: ``(qptr,
    pair_uid, rsent, csent)`` as ``K.masked_lcs_hits`` takes them, with a sentence standing
    for each distinct pair. Sentence ids do not depend on stemming or stop words, so this is
    kept on ``cleaned`` for the other cells (keyed by the pair arrays of :func:`_pairs`)."""
    hit = cleaned._sentence_pairs
    if hit is not None and hit[0] is peers and hit[1] is models:
        return hit[2]
    qptr, keys = K.sentence_pair_keys(
        cleaned.sptr, cleaned.suid, cleaned.n_sentences, peers, models
    )
    pair_uid, n_u = K.hash_ids(keys)
    first = np.empty(n_u, dtype=np.int64)
    first[pair_uid[::-1]] = np.arange(len(keys) - 1, -1, -1, dtype=np.int64)
    ukeys = keys[first]
    rep = np.empty(cleaned.n_sentences, dtype=np.int64)
    rep[cleaned.suid[::-1]] = np.arange(len(cleaned.suid) - 1, -1, -1, dtype=np.int64)
    out = (qptr, pair_uid, rep[ukeys // cleaned.n_sentences], rep[ukeys % cleaned.n_sentences])
    cleaned._sentence_pairs = (peers, models, out)
    return out


def _lcs_counts(
    cleaned: CleanedTexts,
    sptr,
    tptr,
    stok,
    fptr,
    ftok,
    peers: np.ndarray,
    models: np.ndarray,
    V: int,
    weight: float,
    do_lcs: bool,
    do_wlcs: bool,
    keep: Optional[np.ndarray] = None,
    stemmed: bool = False,
):
    """(L hits, L base, W hits, W base) per pair, as ``K.lcs_hits``, with each distinct
    (model sentence, peer sentence) pair's back-traces computed once (in threads). ``keep``
    (the vocabulary words the cell keeps) and ``stemmed`` let a stemming cell start from
    the masks of the cell that kept the same words without stemming."""
    if keep is None:
        keep = np.zeros(0, dtype=bool)
    qptr, pair_uid, rsent, csent = _sentence_pairs(cleaned, peers, models)
    n_u = len(rsent)
    moff = np.zeros(n_u + 1, dtype=np.int64)  # 64-bit words per model sentence
    np.cumsum((tptr[rsent + 1] - tptr[rsent] + 63) >> 6, out=moff[1:])
    mask_l = np.zeros(max(int(moff[-1]), 1), dtype=np.uint64)
    mask_w = np.zeros_like(mask_l)
    # a cell with stemming reuses the masks of the cell without it (same stop words, so the
    # same positions) for the sentence pairs where stemming made no new token equal
    key = (keep.tobytes(), weight, do_lcs, do_wlcs)
    base = cleaned._masks.get(key) if stemmed else None
    if base is not None and base[0] is peers and len(base[1]) == len(stok):
        base = base[1:]
    else:
        base = (np.zeros(0, dtype=np.int64), mask_l[:0], mask_w[:0])
    sentences, masks, scoring = (tptr, stok), (mask_l, mask_w), (V, weight, do_lcs, do_wlcs)
    pairs = (rsent, csent, moff)
    _in_threads(
        lambda lo, hi: K.sentence_pair_masks(sentences, pairs, scoring, lo, hi, masks, base),
        n_u,
    )
    if not stemmed:
        cleaned._masks[key] = (peers, stok, mask_l, mask_w)
    index = (qptr, pair_uid, moff)
    return K.masked_lcs_hits(sptr, sentences, (fptr, ftok), peers, models, index, masks, scoring)


def _pairs(cleaned: CleanedTexts, corpus: RougeCorpus, peer_ids) -> tuple:
    """(peer, model) text pairs in the script's order (peer, then eval, then model) with
    their instance rows, and the pairs grouped by evaluation (CSR); kept on ``cleaned`` for
    the other (stem, stop) cells of the same corpus."""
    key = tuple(peer_ids)
    hit = cleaned._pairs.get(key)
    if hit is not None and hit[0] is corpus.evals:
        return hit[1]
    rows: List[Tuple[str, str]] = []
    pp: List[int] = []
    mm: List[int] = []
    inst: List[int] = []
    grp: List[int] = []
    nmod: List[int] = []
    for peer in peer_ids:
        for e, (eid, peers, models) in enumerate(corpus.evals):
            if peer not in peers:
                continue
            r = len(rows)
            rows.append((eid, peer))
            nmod.append(len(models))
            t = peers[peer]
            pp.extend([t] * len(models))
            mm.extend(models)
            inst.extend([r] * len(models))
            grp.extend([e] * len(models))
    group = np.asarray(grp, dtype=np.int64)
    gpairs = np.argsort(group, kind="stable")
    gptr = np.zeros(len(corpus.evals) + 1, dtype=np.int64)
    np.cumsum(np.bincount(group, minlength=len(corpus.evals)), out=gptr[1:])
    out = (
        rows,
        np.asarray(pp, dtype=np.int64),
        np.asarray(mm, dtype=np.int64),
        np.asarray(inst, dtype=np.int64),
        np.asarray(nmod, dtype=np.int64),
        gptr,
        gpairs,
    )
    cleaned._pairs[key] = (corpus.evals, out)
    return out


def _skip_sizes(lens: np.ndarray, skip: int) -> np.ndarray:
    """Skip-bigrams per text of ``lens`` tokens (``createSkipBigram``): sum over r = 1..L-1
    of min(r, skip + 1), or all L(L-1)/2 pairs when skip < 0."""
    n = np.maximum(lens - 1, 0)
    if skip < 0:
        return n * (n + 1) // 2
    d = skip + 1
    return np.where(n <= d, n * (n + 1) // 2, d * (d + 1) // 2 + (n - d) * d)


def _cell_counts(
    cleaned: CleanedTexts, tok: _Tokenizer, cfg: Rouge, corpus: RougeCorpus, peer_ids
) -> _Counts:
    V, fptr, ftok, sptr, tptr, stok, keep = _encode(cleaned, tok)
    rows, peers_a, models_a, inst_a, nmod, gptr, gpairs = _pairs(cleaned, corpus, peer_ids)
    methods: Dict[str, Tuple[str, np.ndarray, np.ndarray, np.ndarray]] = {}
    flen = np.diff(fptr)
    do_skip = cfg.skip is not None
    if cfg.n > 0 or do_skip:
        hits = np.zeros((cfg.n + (2 if do_skip else 0), len(peers_a)), dtype=np.int64)
        _in_threads(
            lambda lo, hi: K.eval_gram_hits(
                fptr,
                ftok,
                V,
                cfg.n,
                cfg.skip if do_skip else 0,
                do_skip,
                gptr,
                gpairs,
                peers_a,
                models_a,
                lo,
                hi,
                hits,
            ),
            len(gptr) - 1,
            min_items=16,
        )
        for n in range(1, cfg.n + 1):
            gl = np.maximum(flen - n + 1, 0)
            methods[f"ROUGE-{n}"] = ("N", hits[n - 1], gl[models_a], gl[peers_a])
    if cfg.lcs or cfg.w is not None:
        lh, lb, wh, wb = _lcs_counts(
            cleaned,
            sptr,
            tptr,
            stok,
            fptr,
            ftok,
            peers_a,
            models_a,
            V,
            float(cfg.w) if cfg.w is not None else 1.0,
            cfg.lcs,
            cfg.w is not None,
            keep,
            tok.stem,
        )
        if cfg.lcs:
            methods["ROUGE-L"] = ("L", lh, lb, flen[peers_a])
        if cfg.w is not None:
            methods[f"ROUGE-W-{cfg.w_tag}"] = ("W", wh, wb, flen[peers_a].astype(np.float64))
    if do_skip:
        d = cfg.skip_tag if cfg.skip >= 0 else "*"
        gl = _skip_sizes(flen, cfg.skip)
        if cfg.su in ("S", "both"):
            methods[f"ROUGE-S{d}"] = ("S", hits[cfg.n], gl[models_a], gl[peers_a])
        if cfg.su in ("SU", "both"):
            # SU adds the unigram of every token but a text's last; unigram and skip-bigram
            # keys never coincide, so the clipped hits and the sizes add up
            ul = gl + np.maximum(flen - 1, 0)
            methods[f"ROUGE-SU{d}"] = (
                "S",
                hits[cfg.n] + hits[cfg.n + 1],
                ul[models_a],
                ul[peers_a],
            )
    return _Counts(inst_a, rows, nmod, methods)


def _f_measure(R: np.ndarray, P: np.ndarray, alpha: float) -> np.ndarray:
    den = (1 - alpha) * P + alpha * R
    with np.errstate(divide="ignore", invalid="ignore"):
        F = np.where(den > 0, (P * R) / np.where(den > 0, den, 1.0), 0.0)
    return F


def method_scores(counts: _Counts, cfg: Rouge):
    """Per method: (method, R, P, F, model count, peer count, hit count) arrays per instance
    row, R/P/F rounded as the script prints them (counts float for ROUGE-W, else int).

    Parameters
    ----------
    counts : _Counts
        Pair counts of one (stem, stop) cell, from ``cfg._counts``.
    cfg : Rouge
        The configuration (``scoring``, ``alpha``, ROUGE-W weight).

    Returns
    -------
    list of tuple
        ``(method, R, P, F, M, Pc, H)`` per method, each array one value per summary row.

    Examples
    --------
    >>> from evalkit.metrics.rouge import Rouge, RougeCorpus, method_scores
    >>> from evalkit.metrics.rouge_text import CleanedTexts
    >>> corpus = RougeCorpus.from_lists([["the cat sat"]], [[["the cat sat down"]]])
    >>> cfg = Rouge(n=1, lcs=False)
    >>> counts = cfg._counts(corpus, ["X"], CleanedTexts(corpus.texts))
    >>> [(m, R.tolist(), P.tolist(), F.tolist()) for m, R, P, F, *_ in method_scores(counts, cfg)]
    [('ROUGE-1', [0.75], [1.0], [0.85714])]
    """
    nrow = len(counts.rows)
    inst = counts.inst
    out = []
    for method, (kind, hit, mc, pc) in counts.methods.items():
        hit = hit.astype(np.float64)
        mc = mc.astype(np.float64)
        pc = pc.astype(np.float64)
        w = float(cfg.w) if kind == "W" else 1.0
        if kind == "W":
            # per-model base gets the weight again before pooling (computeWLCSScore)
            mbase = perl_pow(mc, w)
            pbase = perl_pow(pc, w)
        else:
            mbase, pbase = mc, pc
        if cfg.scoring == "A":
            H = np.bincount(inst, weights=hit, minlength=nrow)
            M = np.bincount(inst, weights=mbase, minlength=nrow)
            Pc = np.bincount(inst, weights=pbase, minlength=nrow)
        else:
            with np.errstate(divide="ignore", invalid="ignore"):
                if kind in ("N", "S"):
                    s = np.where(mc != 0, perl_round5(hit / np.where(mc != 0, mc, 1)), 0.0)
                elif kind == "L":
                    s = np.where(mc > 0, hit / np.where(mc > 0, mc, 1), 0.0)
                else:  # the script dies on an empty model here; we score it 0
                    s = np.where(mc > 0, perl_pow(hit / np.where(mc > 0, mc, 1), 1 / w), 0.0)
            # first model with the highest score: sort by (instance, -score, position)
            pos = np.arange(len(inst))
            order = np.lexsort((pos, -s, inst))
            first = np.ones(len(order), dtype=bool)
            first[1:] = inst[order][1:] != inst[order][:-1]
            best = order[first]
            H = np.zeros(nrow)
            M = np.zeros(nrow)
            Pc = np.zeros(nrow)
            H[inst[best]] = hit[best]
            M[inst[best]] = mbase[best]
            Pc[inst[best]] = pbase[best]
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.where(M != 0, H / np.where(M != 0, M, 1), 0.0)
            p = np.where(Pc != 0, H / np.where(Pc != 0, Pc, 1), 0.0)
        if kind == "W":
            r = perl_pow(r, 1 / w)
            p = perl_pow(p, 1 / w)
        R = perl_round5(r)
        P = perl_round5(p)
        F = perl_round5(_f_measure(R, P, cfg.alpha))
        if kind != "W":
            M, Pc, H = M.astype(np.int64), Pc.astype(np.int64), H.astype(np.int64)
        out.append((method, R, P, F, M, Pc, H))
    return out


def _instance_scores(counts: _Counts, cfg: Rouge) -> pd.DataFrame:
    cols = ["instance", "system", "metric", "R", "P", "F", "model_count", "peer_count", "hit_count"]
    frames = []
    for method, R, P, F, M, Pc, H in method_scores(counts, cfg):
        frames.append(
            pd.DataFrame(
                dict(
                    zip(
                        cols,
                        (
                            [e for e, _ in counts.rows],
                            [p_ for _, p_ in counts.rows],
                            method,
                            R,
                            P,
                            F,
                            M,
                            Pc,
                            H,
                        ),
                    )
                )
            )
        )
    if not frames:
        return pd.DataFrame(columns=cols)
    return pd.concat(frames, ignore_index=True)


def _perl_bootstrap(values: np.ndarray, resamples: int, confidence: float, unit: int, alpha: float):
    """``computeAverages``: (mean of resample means, CI low, CI high) per column triple.

    ``values`` is n x 3k (R, P, F per method; or model, peer, hit counts when unit == 1).
    Returns three arrays of length 3k (unrounded; print with ``%7.5f``).
    """
    values = np.ascontiguousarray(values, dtype=np.float64)
    n, k = values.shape
    if n == 0:
        z = np.zeros(k)
        return z, z.copy(), z.copy()
    sums = K.perl_bootstrap_sums(values, resamples)
    if unit == 0:
        samples = sums / n
    else:
        samples = np.empty_like(sums)
        for c in range(0, k, 3):
            mcount, pcount, hits = sums[:, c], sums[:, c + 1], sums[:, c + 2]
            with np.errstate(divide="ignore", invalid="ignore"):
                R = np.where(mcount > 0, hits / np.where(mcount > 0, mcount, 1), 0.0)
                P = np.where(pcount > 0, hits / np.where(pcount > 0, pcount, 1), 0.0)
            samples[:, c], samples[:, c + 1], samples[:, c + 2] = R, P, _f_measure(R, P, alpha)
    ranked = np.sort(samples, axis=0)
    mean = np.add.accumulate(ranked, axis=0)[-1] / resamples
    delta = resamples * ((100 - confidence) / 2.0) / 100.0
    ciUa = int(resamples - delta - 1)
    ciUb = ciUa + 1
    ciLa = int(delta)
    ciLb = ciLa + 1
    ciR = resamples - delta - 1 - ciUa

    def at(i: int) -> np.ndarray:  # Perl: an index past the end reads undef = 0
        return ranked[i] if 0 <= i < resamples else np.zeros(k)

    low = at(ciLa) + (at(ciLb) - at(ciLa)) * ciR
    high = at(ciUa) + (at(ciUb) - at(ciUa)) * ciR
    return mean, low, high


def _averages(
    scores: pd.DataFrame, cfg: Rouge, peer_ids: Optional[Sequence[str]] = None
) -> pd.DataFrame:
    """Per system and method: plain mean and median, the script's bootstrap mean and CI.

    Systems in ``peer_ids`` without any instance get zeros, as the script prints them.
    """
    methods = cfg.methods()
    systems = list(dict.fromkeys(scores["system"].tolist())) if len(scores) else []
    if peer_ids is not None:  # the script's order, including peers absent from every eval
        systems = list(dict.fromkeys(list(peer_ids) + systems))
    sys_rank = {p: i for i, p in enumerate(systems)}
    met_rank = {m: i for i, m in enumerate(methods)}
    sysl = scores["system"].tolist()
    metl = scores["metric"].tolist()
    instl = scores["instance"].astype(str).tolist()
    # instances in the script's bootstrap order: byte-string sort of "eval.peer"
    order = sorted(
        range(len(sysl)),
        key=lambda i: (
            sys_rank[sysl[i]],
            met_rank[metl[i]],
            f"{instl[i]}.{sysl[i]}".encode("latin-1", "replace"),
        ),
    )
    cols = ["R", "P", "F", "model_count", "peer_count", "hit_count"]
    arr = {c: scores[c].to_numpy(dtype=np.float64)[order] for c in cols}
    s_sorted = np.asarray([sys_rank[sysl[i]] for i in order], dtype=np.int64)
    out = []
    for si, system in enumerate(systems):
        lo, hi = np.searchsorted(s_sorted, [si, si + 1])
        n_per = (hi - lo) // max(len(methods), 1)
        boot_cols = ("R", "P", "F") if cfg.unit == 0 else ("model_count", "peer_count", "hit_count")
        vals = np.zeros((n_per, 3 * len(methods)))
        for j in range(len(methods)):
            a0 = lo + j * n_per
            for c_i, c in enumerate(boot_cols):
                vals[:, 3 * j + c_i] = arr[c][a0 : a0 + n_per]
        if cfg.unit in (0, 1):
            pm, clo, chi = _perl_bootstrap(vals, cfg.resamples, cfg.confidence, cfg.unit, cfg.alpha)
        for j, m in enumerate(methods):
            a0 = lo + j * n_per
            row = {"system": system, "metric": m, "n": int(n_per)}
            for s_i, stat in enumerate(("R", "P", "F")):
                v = arr[stat][a0 : a0 + n_per]
                row[f"mean_{stat}"] = float(v.mean()) if n_per else 0.0
                row[f"median_{stat}"] = float(np.median(v)) if n_per else 0.0
                if cfg.unit in (0, 1):
                    row[f"perl_mean_{stat}"] = float(perl_round5(pm[3 * j + s_i]))
                    row[f"ci_low_{stat}"] = float(perl_round5(clo[3 * j + s_i]))
                    row[f"ci_high_{stat}"] = float(perl_round5(chi[3 * j + s_i]))
            for c in ("model_count", "peer_count", "hit_count"):
                row[c] = float(arr[c][a0 : a0 + n_per].sum())
            out.append(row)
    return pd.DataFrame(out)
