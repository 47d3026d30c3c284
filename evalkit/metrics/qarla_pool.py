"""The similarity pools of QARLA (Amigó et al. 2005a, b): x(s, s') for every ordered pair of
summaries of a test case, as one long frame ``instance, a, b, metric, value``
(value = x(a, b), "the similarity of b to a" in the papers' wording; here a is scored
against b as its single reference) that :class:`evalkit.stats.qarla.QarlaData` reads.

* 48 ROUGE similarities (DUC 2004 paper): ``R-<kind>.<p>`` = ROUGE recall of a against
  the single model b, ``Rpre-<kind>.<p>`` = R(b, a) (the inverted, precision-oriented
  measure); kinds :data:`ROUGE_KINDS` = 1, 2, 3, 4, L, W-1.2, S4, SU4 (the paper names
  W, L, 1-4 "etc.": S4 and SU4 complete its count of 8), preprocessing ``a`` none, ``b``
  stop words removed, ``c`` stemming and stop words removed (ROUGE-1.5.5's SMART list and
  Porter/WordNet-2.0 stemmer, :mod:`evalkit.metrics.rouge`). Registered as ``rouge-sim``.
* ``TVM.<n>`` (:class:`evalkit.metrics.similarity.TermVectorSimilarity`) with the n most
  frequent content lemmas of the test case's original documents, as the DUC 2004 paper
  defines it (the sample corpora write their documents, SummEval ships its articles, a
  licensed DUC 2004 reads them with :mod:`evalkit.data.duc_documents`); the models' terms
  only when asked (``term_source="models"``), named in the signature
  (``attrs["signatures"]``).
* ``AVLS`` and ``GRAMSIM`` (:mod:`evalkit.metrics.similarity`).
* Any registered metric (``pairwise_similarities``), e.g. the ISCORPUS ``VectModelSim``
  (tvm with n=None) and the 2011 overlap families.

Scale: a test case with k summaries has k(k - 1) ordered pairs; DUC 2004 task 2 (4 models,
35 peers) has 1,482 per topic. ROUGE runs once for all 8 kinds and 4 preprocessings
(:func:`evalkit.metrics.rouge_variants.rouge_variant_grid`).
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.registry import register_metric
from evalkit.stats.validation import check_choice, check_columns

__all__ = [
    "ROUGE_KINDS",
    "PREPROCESSINGS",
    "TVM_SIZES",
    "rouge_similarity_names",
    "rouge_similarity",
    "ordered_pairs",
    "rouge_similarities",
    "pairwise_similarities",
    "tvm_signature",
    "tvm_similarities",
    "similarity_pool",
]

ROUGE_KINDS = ("1", "2", "3", "4", "L", "W-1.2", "S4", "SU4")
#: preprocessing -> (stemming, stop-word removal)
PREPROCESSINGS: Dict[str, tuple] = {"a": (False, False), "b": (False, True), "c": (True, True)}
TVM_SIZES = (1, 4, 8, 16, 32, 64, 128, 256, 512)


def rouge_similarity_names(
    kinds: Sequence[str] = ROUGE_KINDS,
    preprocessings: Sequence[str] = tuple(PREPROCESSINGS),
    inverted: Sequence[bool] = (False, True),
) -> List[str]:
    """``R-W-1.2.b``-style names, recall first (24 + 24 with the defaults).

    Parameters
    ----------
    kinds : sequence of str, default :data:`ROUGE_KINDS`
        ROUGE kinds (``"1"``, ``"L"``, ``"W-1.2"``, ``"SU4"``, ...).
    preprocessings : sequence of str, default ``("a", "b", "c")``
        Keys of :data:`PREPROCESSINGS`.
    inverted : sequence of bool, default ``(False, True)``
        Which directions: ``R-`` (recall of a against b) and/or ``Rpre-`` (inverted).

    Returns
    -------
    list of str
        The metric names as the pool's ``metric`` column has them.

    Examples
    --------
    >>> from evalkit.metrics.qarla_pool import rouge_similarity_names
    >>> rouge_similarity_names(["1"], ["a", "c"])
    ['R-1.a', 'R-1.c', 'Rpre-1.a', 'Rpre-1.c']
    >>> len(rouge_similarity_names())
    48
    """
    return [
        f"{'Rpre' if inv else 'R'}-{k}.{p}"
        for inv in inverted
        for k in kinds
        for p in preprocessings
    ]


class _RougeSimilarity(Metric):
    """ROUGE recall of a hypothesis against one reference (or of the reference against the
    hypothesis when ``inverted``), per segment (the maximum over several references, as every
    similarity of :mod:`evalkit.metrics.similarity`); corpus score = mean."""

    n_statistics = 2

    def __init__(self, kind: str, preprocessing: str, inverted: bool):
        from evalkit.metrics import get_metric

        check_choice("kind", kind, ROUGE_KINDS)
        check_choice("preprocessing", preprocessing, tuple(PREPROCESSINGS))
        stem, stop = PREPROCESSINGS[preprocessing]
        self.kind, self.preprocessing, self.inverted = kind, preprocessing, bool(inverted)
        self.rouge = get_metric("rouge", method=kind, score="R", stem=stem, stopwords=stop)

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        if (
            refs is None
            or len(refs) != len(hyps)
            or any(isinstance(r, str) or not len(r) for r in refs)
        ):
            raise ParameterError(
                "refs", "references", "a non-empty list of references per hypothesis"
            )
        flat_h = [h for h, rs in zip(hyps, refs) for _ in rs]
        flat_r = [r for rs in refs for r in rs]
        if self.inverted:
            x = self.rouge.sentence_scores(flat_r, [[h] for h in flat_h])
        else:
            x = self.rouge.sentence_scores(flat_h, [[r] for r in flat_r])
        ends = np.cumsum([len(rs) for rs in refs])
        best = [
            float(np.max(x[e - len(rs) : e])) for e, rs in zip(ends, refs)
        ]  # max over references
        return np.column_stack([best, np.ones(len(hyps))])

    def _score_one(self, s):
        return float(s[0] / s[1]) if s[1] else 0.0

    def _score_many(self, s):
        return np.divide(s[:, 0], s[:, 1], out=np.zeros(len(s)), where=s[:, 1] != 0)

    def signature(self) -> str:
        return self.build_signature([("inverted", self.inverted)] + self.rouge.signature_options())


@register_metric("rouge-sim")
def rouge_similarity(
    kind: str = "W-1.2", preprocessing: str = "b", inverted: bool = False
) -> Metric:
    """One of the 48 ROUGE similarities (``inverted=True``: Rpre); registered as
    ``get_metric("rouge-sim")``.

    Parameters
    ----------
    kind : str, default "W-1.2"
        One of :data:`ROUGE_KINDS` (else :class:`~evalkit.errors.ParameterError`).
    preprocessing : str, default "b"
        ``"a"`` (none), ``"b"`` (stop words removed) or ``"c"`` (stemmed, stop words
        removed).
    inverted : bool, default False
        Score the reference against the hypothesis (Rpre, precision-oriented).

    Returns
    -------
    Metric
        A pair similarity on the 0-1 scale: ROUGE recall per segment (the maximum over
        several references), corpus score = mean.

    References
    ----------
    Amigó, Gonzalo, Peñas & Verdejo (2005), "Evaluating DUC 2004 Tasks with the QARLA
    Framework", ACL Workshop on Intrinsic and Extrinsic Evaluation Measures for MT and/or
    Summarization.

    Examples
    --------
    Two of the three reference unigrams are found; inverted, two of four:

    >>> from evalkit.metrics.qarla_pool import rouge_similarity
    >>> float(rouge_similarity("1", "a").corpus_score(["the cat sat"], [["the cat ran"]]))
    0.66667
    >>> float(rouge_similarity("1", "a", inverted=True).corpus_score(
    ...     ["the cat sat"], [["the cat ran now"]]))
    0.66667
    """
    return _RougeSimilarity(kind, preprocessing, inverted)


def _texts(summaries: pd.DataFrame) -> pd.DataFrame:
    check_columns(summaries, ["instance", "summarizer"], "summaries")
    col = "sentences" if "sentences" in summaries.columns else "text"
    if col not in summaries.columns:
        raise ParameterError("summaries", list(summaries.columns), "a 'sentences' or 'text' column")
    if summaries.duplicated(["instance", "summarizer"]).any():
        raise ParameterError(
            "summaries",
            "duplicate (instance, summarizer)",
            "one summary per summarizer and instance",
        )
    out = summaries.rename(columns={col: "text"})[["instance", "summarizer", "text"]]
    return out.assign(summarizer=out["summarizer"].astype(str))


def ordered_pairs(summaries: pd.DataFrame) -> pd.DataFrame:
    """Every ordered pair of different summaries of the same instance: ``instance, a, b,
    text_a, text_b``.

    Parameters
    ----------
    summaries : pandas.DataFrame
        ``instance, summarizer`` and ``sentences`` or ``text``, one row per summary
        (duplicates or missing columns raise :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    pandas.DataFrame
        ``instance, a, b, text_a, text_b``: k(k - 1) rows for an instance with k summaries.

    Examples
    --------
    >>> import pandas as pd
    >>> summaries = pd.DataFrame({"instance": ["t1"] * 3, "summarizer": ["A", "B", "C"],
    ...     "text": ["the cat slept .", "the cat ran .", "a dog barked ."]})
    >>> from evalkit.metrics.qarla_pool import ordered_pairs
    >>> ordered_pairs(summaries)[["a", "b"]].values.tolist()
    [['A', 'B'], ['A', 'C'], ['B', 'A'], ['B', 'C'], ['C', 'A'], ['C', 'B']]
    """
    t = _texts(summaries)
    m = t.merge(t, on="instance", suffixes=("_a", "_b"))
    m = m[m["summarizer_a"] != m["summarizer_b"]]
    return m.rename(columns={"summarizer_a": "a", "summarizer_b": "b"}).reset_index(drop=True)


def rouge_similarities(
    summaries: pd.DataFrame,
    kinds: Sequence[str] = ROUGE_KINDS,
    preprocessings: Sequence[str] = tuple(PREPROCESSINGS),
    *,
    inverted: bool = True,
    byte_limit: Optional[int] = None,
) -> pd.DataFrame:
    """The ROUGE similarities of every ordered pair, long frame (see the module docstring).

    Parameters
    ----------
    summaries : pandas.DataFrame
        ``instance, summarizer, sentences|text`` (:func:`ordered_pairs`).
    kinds : sequence of str, default :data:`ROUGE_KINDS`
        ROUGE kinds to compute.
    preprocessings : sequence of str, default ``("a", "b", "c")``
        Keys of :data:`PREPROCESSINGS`.
    inverted : bool, default True
        Add the ``Rpre-`` rows (``Rpre(a, b) = R(b, a)``).
    byte_limit : int, optional
        ROUGE's ``-b``: truncate each summary to this many bytes.

    Returns
    -------
    pandas.DataFrame
        ``instance, a, b, metric, value``: one row per ordered pair and similarity, value in
        [0, 1].

    References
    ----------
    Amigó, Gonzalo, Peñas & Verdejo (2005), in full at :func:`rouge_similarity`.

    Examples
    --------
    ``the cat slept`` recalls two of the three unigrams of ``the cat ran``:

    >>> import pandas as pd
    >>> summaries = pd.DataFrame({"instance": ["t1"] * 3, "summarizer": ["A", "B", "C"],
    ...     "text": ["the cat slept .", "the cat ran .", "a dog barked ."]})
    >>> from evalkit.metrics.qarla_pool import rouge_similarities
    >>> pool = rouge_similarities(summaries, ["1"], ["a"])
    >>> sorted(pool["metric"].unique()), len(pool)
    (['R-1.a', 'Rpre-1.a'], 12)
    >>> pool.query("a == 'A' and b == 'B'")["value"].round(4).tolist()
    [0.6667, 0.6667]
    """
    from evalkit.metrics.rouge import Rouge, RougeCorpus
    from evalkit.metrics.rouge_text import CleanedTexts

    for k in kinds:
        check_choice("kinds", k, ROUGE_KINDS)
    for p in preprocessings:
        check_choice("preprocessings", p, tuple(PREPROCESSINGS))
    pairs = ordered_pairs(summaries)
    key = list(pairs["instance"].astype(str) + "\x1f" + pairs["b"].astype(str))
    corpus = RougeCorpus.from_lists(
        [_as_sentences(t) for t in pairs["text_a"]],
        [[_as_sentences(t)] for t in pairs["text_b"]],
        key,
        list(pairs["a"].astype(str)),
    )
    n = max([int(k) for k in kinds if k.isdigit()] or [0])
    skips = [k for k in kinds if k.startswith("S")]
    su = "both" if {"S4", "SU4"} <= set(skips) else ("SU" if "SU4" in skips else "S")
    settings = dict(
        n=n,
        lcs="L" in kinds,
        w=1.2 if "W-1.2" in kinds else None,
        skip=4 if skips else None,
        su=su,
        byte_limit=byte_limit,
    )
    cleaned = CleanedTexts(corpus.texts, 0, byte_limit or 0)
    peer_ids = sorted({p for _, ps, _ in corpus.evals for p in ps})
    frames = []
    for p in preprocessings:
        stem, stop = PREPROCESSINGS[p]
        sc = Rouge(stem=stem, stopwords=stop, **settings).per_summary_scores(
            corpus, peer_ids, cleaned=cleaned
        )
        split = sc["instance"].str.split("\x1f", n=1, expand=True)
        sc = sc.assign(inst=split[0], b=split[1], a=sc["system"])
        for k in kinds:
            rec = sc[sc["metric"] == f"ROUGE-{k}"]
            frames.append(
                pd.DataFrame(
                    {
                        "instance": rec["inst"],
                        "a": rec["a"],
                        "b": rec["b"],
                        "metric": f"R-{k}.{p}",
                        "value": rec["R"].to_numpy(float),
                    }
                )
            )
            if inverted:  # Rpre(a, b) = R(b, a)
                frames.append(
                    pd.DataFrame(
                        {
                            "instance": rec["inst"],
                            "a": rec["b"],
                            "b": rec["a"],
                            "metric": f"Rpre-{k}.{p}",
                            "value": rec["R"].to_numpy(float),
                        }
                    )
                )
    return _restore_instance(pd.concat(frames, ignore_index=True), summaries)


def _as_sentences(text) -> tuple:
    from evalkit.metrics.similarity import sentences_of

    return sentences_of(text)


def _restore_instance(frame: pd.DataFrame, summaries: pd.DataFrame) -> pd.DataFrame:
    """Map stringified instance ids back to the summaries' own values."""
    back = {str(i): i for i in pd.unique(summaries["instance"])}
    return frame.assign(instance=frame["instance"].map(back)).reset_index(drop=True)


def pairwise_similarities(
    summaries: pd.DataFrame, metric: Metric, name: Optional[str] = None
) -> pd.DataFrame:
    """x(a, b) = ``metric`` of a against the single reference b, for every ordered pair
    (features of each summary computed once when the metric separates them).

    Parameters
    ----------
    summaries : pandas.DataFrame
        ``instance, summarizer, sentences|text`` (:func:`ordered_pairs`).
    metric : Metric
        Any metric taking one reference per segment, e.g. ``get_metric("ol")``; one with
        ``features``/``compare`` (AVLS, GRAMSIM) computes each summary's features once.
    name : str, optional
        The ``metric`` column's value (default ``metric.name``).

    Returns
    -------
    pandas.DataFrame
        ``instance, a, b, metric, value`` in :func:`ordered_pairs` order.

    Examples
    --------
    >>> import pandas as pd
    >>> summaries = pd.DataFrame({"instance": ["t1"] * 3, "summarizer": ["A", "B", "C"],
    ...     "text": ["the cat slept .", "the cat ran .", "a dog barked ."]})
    >>> from evalkit.metrics import get_metric
    >>> from evalkit.metrics.qarla_pool import pairwise_similarities
    >>> pool = pairwise_similarities(summaries, get_metric("ol"), "Ol")
    >>> pool["value"].round(4).tolist()[:2]
    [0.6, 0.1429]
    """
    pairs = ordered_pairs(summaries)
    if hasattr(metric, "features"):
        texts = _texts(summaries)
        feats = {(i, s): metric.features(t) for i, s, t in texts.itertuples(index=False)}
        x = [
            metric.compare(feats[(i, a)], feats[(i, b)])
            for i, a, b in zip(pairs["instance"], pairs["a"], pairs["b"])
        ]
    else:
        x = metric.sentence_scores(list(pairs["text_a"]), [[t] for t in pairs["text_b"]])
    return pd.DataFrame(
        {
            "instance": pairs["instance"],
            "a": pairs["a"],
            "b": pairs["b"],
            "metric": name or metric.name,
            "value": np.asarray(x, float),
        }
    )


def tvm_signature(n: int, term_source: str = "documents", lemmas: str = "wordnet") -> str:
    """The signature of ``TVM.<n>`` as the pool computes it (terms from the test case's
    ``documents``, or from its ``models`` where a corpus has no documents).

    Parameters
    ----------
    n : int
        Number of terms of TVM.n.
    term_source : str, default "documents"
        ``"documents"`` or ``"models"`` (recorded as ``terms:...``).
    lemmas : str, default "wordnet"
        ``"wordnet"``, ``"porter"`` or ``"none"``.

    Returns
    -------
    str
        The signature of :class:`~evalkit.metrics.similarity.TermVectorSimilarity` with
        these settings.

    Examples
    --------
    >>> from evalkit.metrics.qarla_pool import tvm_signature
    >>> tvm_signature(4).split("|")[:4]
    ['tvm', 'n:4', 'terms:documents', 'lemmas:wordnet']
    """
    from evalkit.metrics import get_metric

    return get_metric("tvm", n=n, terms=(), lemmas=lemmas, term_source=term_source).signature()


def tvm_similarities(
    summaries: pd.DataFrame,
    sizes: Sequence[int] = TVM_SIZES,
    *,
    documents: Optional[pd.DataFrame] = None,
    models: Optional[Mapping] = None,
    lemmas: str = "wordnet",
    term_source: str = "documents",
) -> pd.DataFrame:
    """TVM.<n> for every n in ``sizes`` (Amigó et al. 2005b): the n most frequent content
    lemmas of the test case's original ``documents`` (``instance, document,
    sentences|text``; ``term_source="documents"``, the paper's definition: every instance
    must have documents) or, only when asked (``term_source="models"``, a stand-in for
    corpora without documents), of the texts of its ``models`` (``{instance: [summarizer,
    ...]}``). ``attrs["signatures"]`` gives each TVM.<n>'s signature (it names the term
    source).

    Parameters
    ----------
    summaries : pandas.DataFrame
        ``instance, summarizer, sentences|text``.
    sizes : sequence of int, default :data:`TVM_SIZES`
        The n of each TVM.n.
    documents : pandas.DataFrame, optional
        ``instance, document, sentences|text``; required (for every instance) with
        ``term_source="documents"``, else :class:`~evalkit.errors.ParameterError`.
    models : mapping, optional
        ``{instance: [summarizer, ...]}``; required with ``term_source="models"``.
    lemmas : str, default "wordnet"
        ``"wordnet"``, ``"porter"`` or ``"none"``.
    term_source : str, default "documents"
        ``"documents"`` (the paper's definition) or ``"models"``.

    Returns
    -------
    pandas.DataFrame
        ``instance, a, b, metric, value`` with metric ``TVM.<n>`` and value
        ``-||f(a) - f(b)||_2`` in ``[-sqrt(2), 0]``; ``attrs["signatures"]``.

    References
    ----------
    Amigó, Gonzalo, Peñas & Verdejo (2005), in full at :func:`rouge_similarity`.

    Examples
    --------
    The documents' top term is ``cat``: A and B each have it as 1 of 2 content words, C
    not at all:

    >>> import pandas as pd
    >>> summaries = pd.DataFrame({"instance": ["t1"] * 3, "summarizer": ["A", "B", "C"],
    ...     "text": ["the cat slept .", "the cat ran .", "a dog barked ."]})
    >>> from evalkit.metrics.qarla_pool import tvm_similarities
    >>> documents = pd.DataFrame({"instance": ["t1"], "document": ["D1"],
    ...                           "text": ["the cat slept . the cat ran . a dog ."]})
    >>> pool = tvm_similarities(summaries, [1], documents=documents, lemmas="none")
    >>> pool[["a", "b", "value"]].head(2).values.tolist()
    [['A', 'B', -0.0], ['A', 'C', -0.5]]
    """
    from evalkit.metrics.similarity import content_terms, top_terms

    check_choice("term_source", term_source, ("documents", "models"))
    texts = _texts(summaries)
    if term_source == "documents":
        if documents is None:
            raise ParameterError(
                "documents", None, "the source documents of every test case (TVM terms)"
            )
        col = [c for c in ("sentences", "text") if c in documents.columns][:1]
        check_columns(documents, ["instance", "document"] + (col or ["sentences"]), "documents")
        docs = {k: list(g[col[0]]) for k, g in documents.groupby("instance")}
        missing = sorted(set(texts["instance"]) - set(docs), key=str)
        if missing:
            raise ParameterError(
                "documents", missing[:5], "source documents for every test case (TVM terms)"
            )
    elif models is None or set(texts["instance"]) - set(models):
        raise ParameterError(
            "models",
            None if models is None else sorted(set(texts["instance"]) - set(models))[:5],
            "the models of every test case (term_source='models')",
        )
    frames = []
    for inst, part in texts.groupby("instance", sort=True):
        if term_source == "documents":
            source = docs[inst]
        else:
            source = list(part[part["summarizer"].isin(models[inst])]["text"])
        ranked = top_terms(source, max(sizes), lemmas)
        terms = [content_terms(t, lemmas) for t in part["text"]]
        index = {t: j for j, t in enumerate(ranked)}
        counts = np.zeros((len(terms), len(ranked)))
        for row, words in enumerate(terms):
            for w in words:
                if w in index:
                    counts[row, index[w]] += 1
        length = np.array([max(len(w), 1) for w in terms], float)[:, None]
        names = list(part["summarizer"])
        a, b = np.meshgrid(np.arange(len(names)), np.arange(len(names)), indexing="ij")
        off = a != b
        for n in sizes:
            f = counts[:, :n] / length  # relative frequencies of the top-n terms
            d = np.sqrt(((f[:, None, :] - f[None, :, :]) ** 2).sum(axis=2))
            frames.append(
                pd.DataFrame(
                    {
                        "instance": inst,
                        "a": np.array(names)[a[off]],
                        "b": np.array(names)[b[off]],
                        "metric": f"TVM.{n}",
                        "value": -d[off],
                    }
                )
            )
    out = pd.concat(frames, ignore_index=True)
    out.attrs["signatures"] = {f"TVM.{n}": tvm_signature(n, term_source, lemmas) for n in sizes}
    return out


def similarity_pool(
    summaries: pd.DataFrame,
    roles: pd.DataFrame,
    *,
    kinds: Sequence[str] = ROUGE_KINDS,
    preprocessings: Sequence[str] = tuple(PREPROCESSINGS),
    tvm_sizes: Sequence[int] = TVM_SIZES,
    documents: Optional[pd.DataFrame] = None,
    style: bool = True,
    lemmas: str = "wordnet",
    byte_limit: Optional[int] = None,
    tagger: str = "word-classes",
    term_source: str = "documents",
) -> pd.DataFrame:
    """The DUC 2004 paper's pool: 48 ROUGE, 9 TVM (with the defaults; terms from the
    ``documents``, or from the models with ``term_source="models"``), AVLS and GRAMSIM
    (``style=True``; GRAMSIM's ``tagger``: ``word-classes`` or ``spacy``) for every ordered pair.
    ``roles``: ``instance, summarizer, type|role``. ``attrs["signatures"]``: the TVM
    signatures (:func:`tvm_similarities`).

    Parameters
    ----------
    summaries : pandas.DataFrame
        ``instance, summarizer, sentences|text``.
    roles : pandas.DataFrame
        ``instance, summarizer`` and ``role`` or ``type`` (``"model"`` marks the models).
    kinds, preprocessings : sequence of str
        The ROUGE similarities (:func:`rouge_similarities`); empty ``kinds`` leaves them out.
    tvm_sizes : sequence of int, default :data:`TVM_SIZES`
        The TVM.n (:func:`tvm_similarities`); empty leaves them out.
    documents : pandas.DataFrame, optional
        The source documents (TVM terms with ``term_source="documents"``).
    style : bool, default True
        Add AVLS and GRAMSIM.
    lemmas : str, default "wordnet"
        Lemmatizer of the TVM terms.
    byte_limit : int, optional
        ROUGE's byte limit.
    tagger : str, default "word-classes"
        GRAMSIM's tagger (``"word-classes"`` or ``"spacy"``).
    term_source : str, default "documents"
        ``"documents"`` or ``"models"``.

    Returns
    -------
    pandas.DataFrame
        ``instance, a, b, metric, value``, every family stacked; an empty pool raises
        :class:`~evalkit.errors.ParameterError`.

    References
    ----------
    Amigó, Gonzalo, Peñas & Verdejo (2005), in full at :func:`rouge_similarity`.

    Examples
    --------
    >>> import pandas as pd
    >>> summaries = pd.DataFrame({"instance": ["t1"] * 3, "summarizer": ["A", "B", "C"],
    ...     "text": ["the cat slept .", "the cat ran .", "a dog barked ."]})
    >>> from evalkit.metrics.qarla_pool import similarity_pool
    >>> roles = pd.DataFrame({"instance": ["t1"] * 3, "summarizer": ["A", "B", "C"],
    ...                       "role": ["model", "model", "peer"]})
    >>> pool = similarity_pool(summaries, roles, kinds=["1"], preprocessings=["a"],
    ...                        tvm_sizes=[], style=True)
    >>> pool.groupby("metric").size().to_dict()
    {'AVLS': 6, 'GRAMSIM': 6, 'R-1.a': 6, 'Rpre-1.a': 6}
    """
    from evalkit.metrics import get_metric

    role_col = "role" if "role" in roles.columns else "type"
    models = {
        k: list(g.loc[g[role_col] == "model", "summarizer"]) for k, g in roles.groupby("instance")
    }
    frames = (
        [rouge_similarities(summaries, kinds, preprocessings, byte_limit=byte_limit)]
        if kinds
        else []
    )
    if tvm_sizes:
        frames.append(
            tvm_similarities(
                summaries,
                tvm_sizes,
                documents=documents,
                models=models,
                lemmas=lemmas,
                term_source=term_source,
            )
        )
    signatures = dict(frames[-1].attrs.get("signatures", {})) if tvm_sizes else {}
    if style:
        frames += [
            pairwise_similarities(summaries, get_metric("avls"), "AVLS"),
            pairwise_similarities(summaries, get_metric("gramsim", tagger=tagger), "GRAMSIM"),
        ]
    if not frames:
        raise ParameterError("pool", "empty", "at least one family of similarities")
    out = pd.concat(frames, ignore_index=True)
    out.attrs["signatures"] = signatures
    return out
