"""Owczarzak et al. (2007, SSST): the experiments on a corpus.

* Tables 1-2: :func:`reordering_table` (scores of adjunct-reordered sentences against their
  originals, on the paper's scales), :func:`reordering_tests` (the change tested by the
  paired bootstrap), :func:`ideal_pairs` (the Table 2 filter: identical triples),
  :func:`front_final_adjunct` and :func:`reordered_pairs` (a parse-based adjunct reordering
  of real sentences for the public profile), :func:`load_pairs`, :func:`table1_metrics`;
* Table 5: :func:`judged_segments` and :func:`segment_correlations` (the design shared with
  the WMT 2007 follow-up), :func:`ranked_layout`,
  :func:`dependency_metrics`, :func:`table5_metrics`, :func:`load_corpus`.
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import InputFormatError, ParameterError
from evalkit.metrics import get_metric
from evalkit.metrics.dependency import transform_triples
from evalkit.stats.correlation import correlate_columns
from evalkit.stats.validation import unit_column
from evalkit.text.lfg import lfg_triples
from evalkit.text.parse import Parse
from evalkit.text.trees import DepTree

from .spec import DATA, PAPER_SCALE

__all__ = [
    "reordering_table",
    "ideal_pairs",
    "front_final_adjunct",
    "judged_segments",
    "segment_correlations",
    "ranked_layout",
    "dependency_metrics",
    "reordered_pairs",
    "load_corpus",
    "load_pairs",
    "table1_metrics",
    "table5_metrics",
    "reordering_tests",
    "direction",
]


# --------------------------------------------------------------------------- Tables 1-2
def _reordering_inputs(originals, reordered, scale):
    """The scales (default :data:`PAPER_SCALE`) and each original as its own reference."""
    if len(originals) != len(reordered) or not originals:
        raise ParameterError("reordered", len(reordered), f"{len(originals)} sentences (>= 1)")
    return dict(PAPER_SCALE if scale is None else scale), [[o] for o in originals]


def reordering_table(
    originals: Sequence[str],
    reordered: Sequence[str],
    metrics: Mapping[str, object],
    scale: Optional[Mapping[str, float]] = None,
) -> pd.DataFrame:
    """Corpus scores of ``reordered`` against ``originals`` (``modified``) and of the
    originals against themselves (``baseline``), on the paper's scales, with NIST's
    ``modified`` as a percentage of its baseline."""
    scale, refs = _reordering_inputs(originals, reordered, scale)
    rows = []
    for name, metric in metrics.items():
        base = float(metric.corpus_score(list(originals), refs)) * scale.get(name, 1.0)
        mod = float(metric.corpus_score(list(reordered), refs)) * scale.get(name, 1.0)
        rows.append(
            {
                "metric": name,
                "baseline": base,
                "modified": mod,
                "modified_percent": 100.0 * mod / base if name == "NIST" and base else np.nan,
            }
        )
    return pd.DataFrame(rows)


def ideal_pairs(parses_a: Sequence[Parse], parses_b: Sequence[Parse]) -> List[int]:
    """Indices of the pairs whose LFG triple bags are identical (the paper's "ideal parser")."""
    return [
        i
        for i, (a, b) in enumerate(zip(parses_a, parses_b))
        if transform_triples(lfg_triples(a.dep)) == transform_triples(lfg_triples(b.dep))
    ]


_MOVABLE = ("npadvmod", "prep", "obl", "obl:tmod", "nmod:tmod")


_TIME_WORDS = frozenset(
    "yesterday today tomorrow week weeks month months year years morning evening night day days weekend "
    "january february march april may june july august september october november december jan feb mar apr "
    "jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday".split()
)


def front_final_adjunct(dep: DepTree) -> Optional[str]:
    """The sentence with its final *time* adjunct (a temporal noun or a PP with a time word or
    a year attached to the main verb, ending the sentence before the final punctuation) moved
    to the front with a comma; ``None`` when the parse has no such adjunct. Words are unchanged
    (time adjuncts only: fronting other PPs often breaks the sentence, "involved in X"; and only
    in sentences without a comma, which would make the fronted order ambiguous)."""
    roots = dep.roots()
    if len(roots) != 1:
        return None
    root, kids = roots[0], dep.children()
    end = len(dep) - 1 if dep.deprels[-1] == "punct" else len(dep)
    cands = [c for c in kids[root] if dep.deprels[c] in _MOVABLE and c > root]
    if not cands:
        return None
    c = cands[-1]
    span = _subtree(kids, c)
    if max(span) != end - 1 or min(span) <= root or "," in dep.words:
        return None
    if not any(
        w.lower() in _TIME_WORDS or (w.isdigit() and len(w) == 4)
        for w in dep.words[min(span) : end]
    ):
        return None
    lo = min(span)
    words = list(dep.words[lo:end]) + [","] + list(dep.words[:lo]) + list(dep.words[end:])
    if words[0][:1].islower():
        words[0] = words[0][:1].upper() + words[0][1:]
    if dep.upos[0] != "PROPN" and dep.words[0] != "I":
        words[len(dep.words[lo:end]) + 1] = dep.words[0][:1].lower() + dep.words[0][1:]
    return _join(words)


def _subtree(kids: List[List[int]], i: int) -> List[int]:
    out, todo = [], [i]
    while todo:
        j = todo.pop()
        out.append(j)
        todo += kids[j]
    return out


def _join(words: Sequence[str]) -> str:
    text = ""
    for w in words:
        text += w if (w in (",", ".", "!", "?", "'s", "n't") or not text) else " " + w
    return text


# --------------------------------------------------------------------------- Table 5
def judged_segments(corpus, references: Optional[Sequence[str]] = None) -> pd.DataFrame:
    """One row per (segment, system, reference, judge): the paper's "translation-reference-
    human score" units (each judge used a different reference; here every judge x reference).

    Columns ``document, segment, system, reference, judge, hyp, ref, fluency, accuracy,
    average``; accuracy is the corpus's adequacy judgment.
    """
    j = corpus.judgments
    wide = j.pivot_table(
        index=["document", "segment", "system", "judge"],
        columns="judgment",
        values="value",
        aggfunc="mean",
    ).reset_index()
    if "fluency" not in wide or "adequacy" not in wide:
        raise ParameterError("corpus", corpus.name, "fluency and adequacy judgments")
    out = corpus.outputs.rename(columns={"text": "hyp"}).merge(
        wide, on=["document", "segment", "system"]
    )
    refs = corpus.references.rename(columns={"text": "ref"})
    if references is not None:
        refs = refs[refs["reference"].isin(list(references))]
    out = out.merge(refs, on=["document", "segment"])
    out = out.rename(columns={"adequacy": "accuracy"})
    out["average"] = (out["fluency"] + out["accuracy"]) / 2.0
    return out[
        [
            "document",
            "segment",
            "system",
            "reference",
            "judge",
            "hyp",
            "ref",
            "fluency",
            "accuracy",
            "average",
        ]
    ].reset_index(drop=True)


def segment_correlations(
    rows: pd.DataFrame,
    metrics: Mapping[str, object],
    judgments: Sequence[str] = ("fluency", "accuracy", "average"),
    parsed: Optional[Mapping] = None,
    n_resamples: int = 1000,
    seed: int = 0,
) -> pd.DataFrame:
    """Pearson r of each metric's sentence scores with each judgment over the rows of
    :func:`judged_segments` (each (hyp, ref) pair scored once; ``parsed`` maps texts to
    parses for the dependency metrics). Returns ``metric, judgment, r, n``.

    ``attrs["intervals"]``: 95% percentile intervals of each r and of each difference of two
    metrics' r from ``n_resamples`` bootstrap draws of the source segments (a segment's rows
    share its content, references and judges: :mod:`evalkit.stats.cluster_bootstrap`),
    widened to hold this run's value where a skewed resampling distribution leaves it out;
    records ``judgment, metric_a, metric_b, low, high`` (``metric_b`` empty for r itself)."""
    from evalkit.data.segments import metric_inputs
    from evalkit.stats.cluster_bootstrap import correlation_intervals

    pairs = rows[["hyp", "ref"]].drop_duplicates().reset_index(drop=True)
    key = pd.MultiIndex.from_frame(pairs)
    out, xs = [], {}
    for name, metric in metrics.items():
        h, r = metric_inputs(metric, pairs["hyp"].tolist(), [[x] for x in pairs["ref"]], parsed)
        scores = np.asarray(metric.sentence_scores(h, r), float)
        series = pd.Series(scores, index=key)
        x = series.reindex(pd.MultiIndex.from_frame(rows[["hyp", "ref"]])).to_numpy()
        xs[name] = x
        for jn in judgments:
            r = float(correlate_columns(x[:, None], rows[jn].to_numpy(float)[:, None])[0])
            out.append({"metric": name, "judgment": jn, "r": r, "n": len(rows)})
    result = pd.DataFrame(out)
    # records, not frames: pandas compares attrs when it concatenates
    framed, unit = unit_column(rows, "rows")  # a segment: its (document, segment) pair
    segments = framed[unit]
    if segments.nunique() >= 2:
        y = {jn: rows[jn].to_numpy(float) for jn in judgments}
        ok = {k: v for k, v in xs.items() if np.isfinite(v).all()}
        result.attrs["intervals"] = correlation_intervals(
            ok,
            y,
            segments.to_numpy(),
            n_resamples=n_resamples,
            seed=seed,
            holding={(o["metric"], o["judgment"]): o["r"] for o in out},
        )
        result.attrs["segments"] = int(segments.nunique())
    return result


def direction(baseline: float, modified: float) -> str:
    """``lower``, ``higher`` or ``same`` (the modified score against the baseline)."""
    if np.isclose(modified, baseline, rtol=0, atol=1e-9):
        return "same"
    return "lower" if modified < baseline else "higher"


def ranked_layout(frame: pd.DataFrame, value: str = "r") -> pd.DataFrame:
    """The paper's ranked layout: per judgment, metrics ordered by |r| (rank 1 = largest)."""
    parts = []
    for jn, part in frame.groupby("judgment", sort=False):
        part = part.assign(a=part[value].abs()).sort_values("a", ascending=False, kind="stable")
        parts.append(part.drop(columns="a").assign(rank=range(1, len(part) + 1)))
    return pd.concat(parts, ignore_index=True)


def dependency_metrics(parser=None, wordnet=None) -> Dict[str, object]:
    """The paper's dependency variants: ``d``, ``d_pr``, ``d+WN``, ``d+WN_pr`` (WordNet in the
    matching; the paper built WordNet-substituted references instead, see the notebook)."""
    out = {
        "d": get_metric("dep-f", parser=parser),
        "d_pr": get_metric("dep-f", pred_only=True, parser=parser),
    }
    if wordnet is not None:
        out["d+WN"] = get_metric("dep-f", wordnet=wordnet, parser=parser)
        out["d+WN_pr"] = get_metric("dep-f", wordnet=wordnet, pred_only=True, parser=parser)
    return out


def reordered_pairs(texts: Sequence[str], parser, n: int) -> List[Tuple[str, str]]:
    """Up to ``n`` (original, time-adjunct-fronted) pairs from real sentences
    (:func:`front_final_adjunct` on their parses), in corpus order."""
    texts = list(dict.fromkeys(texts))
    out: List[Tuple[str, str]] = []
    for text, parse in zip(texts, parser.parse_many(texts)):
        moved = front_final_adjunct(parse.dep)
        if moved is not None:
            out.append((text, moved))
            if len(out) >= n:
                break
    return out


def load_corpus(profile: str, quick: bool = False):
    """The corpus of ``profile`` (:data:`DATA`) through :func:`evalkit.data.datasets.load`."""
    from evalkit.data.datasets import load

    if profile not in DATA:
        raise ParameterError("profile", profile, f"one of {sorted(DATA)}")
    return load(DATA[profile], profile, **({"quick": quick} if profile == "sample" else {}))


def load_pairs(profile: str, n: int, seed: int, parser, quick: bool = False):
    """``(pairs, corpus_or_None, description)``: the simulator's adjunct-reordered pairs on
    ``sample``; on ``public``/``licensed`` the references of the profile's corpus whose final
    time adjunct could be fronted (:func:`reordered_pairs`)."""
    if profile == "sample":
        from evalkit.data.simulate.reorder import adjunct_reordered_pairs

        return (
            adjunct_reordered_pairs(n, seed),
            None,
            "simulated sentences, time adjunct fronted (same words)",
        )
    corpus = load_corpus(profile, quick=quick)
    texts = corpus.references["text"].tolist()
    pairs = reordered_pairs(texts, parser, n)
    if not pairs:
        raise InputFormatError(
            corpus.name,
            None,
            "references that end in a time adjunct of the main verb and have no comma (the "
            "sentences Tables 1-2 reorder)",
            f"none among {len(set(texts))} distinct references",
        )
    return (
        pairs,
        corpus,
        f"{corpus.name} references with a final time adjunct, fronted after parsing",
    )


def table1_metrics(parser=None) -> Dict[str, object]:
    """Tables 1-2's metrics from the registry, on the paper's scales via :data:`PAPER_SCALE`."""
    return {
        "TER": get_metric("ter"),
        "METEOR": get_metric("meteor", modules=("exact", "porter")),
        "BLEU": get_metric("bleu"),
        "NIST": get_metric("nist"),
        "GTM": get_metric("gtm"),
        "dep": get_metric("dep-f", parser=parser),
        "dep_preds": get_metric("dep-f", pred_only=True, parser=parser),
    }


def table5_metrics(parser=None, wordnet=None) -> Dict[str, object]:
    """Table 5's metrics: the dependency variants and the string baselines (BLEU with add-one
    smoothing on zero-match orders, the variant that reproduces the paper's 0.3781)."""
    out = dict(dependency_metrics(parser, wordnet))
    out.update(
        {
            "BLEU": get_metric("bleu", smoothing="add1_zero", lowercase=True),
            "NIST": get_metric("nist"),
            "GTM": get_metric("gtm"),
            "TER": get_metric("ter"),
            "M": get_metric("meteor", modules=("exact", "porter")),
        }
    )
    if wordnet is not None:
        out["M+WN"] = get_metric(
            "meteor", modules=("exact", "porter", "wn_synonym"), wordnet=wordnet
        )
    return out


def reordering_tests(
    originals: Sequence[str],
    reordered: Sequence[str],
    metrics: Mapping[str, object],
    n_resamples: int = 1000,
    seed: int = 12345,
    scale: Optional[Mapping[str, float]] = None,
) -> pd.DataFrame:
    """The change after reordering tested per metric: the paired bootstrap (centred) of the
    corpus score of ``reordered`` minus that of the originals against themselves, resampling
    the sentences (:func:`evalkit.stats.resampling.paired_bootstrap` over the metric's
    segment statistics). Returns ``metric, difference, p_value, test`` (the difference on the
    paper's scales, as :func:`reordering_table`)."""
    from evalkit.stats.resampling import paired_bootstrap

    scale, refs = _reordering_inputs(originals, reordered, scale)
    rows = []
    for name, metric in metrics.items():
        stats = {
            "baseline": np.asarray(metric.segment_statistics(list(originals), refs), float),
            "modified": np.asarray(metric.segment_statistics(list(reordered), refs), float),
        }
        boot = paired_bootstrap(
            stats,
            metric,
            baseline="baseline",
            n_resamples=n_resamples,
            method="centred",
            seed=seed,
        ).iloc[0]
        rows.append(
            {
                "metric": name,
                "difference": float(boot["difference"]) * scale.get(name, 1.0),
                "p_value": float(boot["p_value"]),
                "test": f"paired bootstrap (centred) of the corpus score over the "
                f"{len(originals)} sentences, {n_resamples} resamples",
            }
        )
    return pd.DataFrame(rows, columns=["metric", "difference", "p_value", "test"])
