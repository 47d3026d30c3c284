"""Owczarzak, van Genabith & Way (2007, SSST): the logic of ``notebooks/owczarzak2007ssst/``.

Karolina Owczarzak, Josef van Genabith and Andy Way, "Dependency-Based Automatic Evaluation
for Machine Translation", SSST, NAACL-HLT 2007, pp. 80-87. Translation and reference are
parsed into LFG f-structures, flattened into dependency triples and compared by precision,
recall and F (:class:`evalkit.metrics.dependency.DependencyF`). The paper

* measures parser noise on 100 sentences whose adjuncts were moved (Table 1) and on 100
  whose parses came out identical, the "ideal parser" (Table 2);
* measures the bias of each metric towards a statistical system (Tables 3-4; not regenerated:
  the Europarl Pharaoh/Logomedia outputs were never released);
* correlates each metric with human fluency and accuracy over (translation, reference,
  judge) segments of MTC parts 2 and 4 (Table 5).

This module adds what only this paper defines: :func:`printed_checks` (numbers derivable
from other printed numbers), :func:`reordering_table` (Tables 1-2 for any sentence pairs and
metrics), :func:`ideal_pairs` (the Table 2 filter), :func:`judged_segments` and
:func:`segment_correlations` (the Table 5 design, shared with the WMT 2007 follow-up), and
:func:`front_final_adjunct` (a parse-based adjunct reordering of real sentences for the
public profile).
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data.published import read_published
from evalkit.errors import ParameterError
from evalkit.notebook.params import Parameter as P
from evalkit.metrics import get_metric
from evalkit.metrics.dependency import transform_triples
from evalkit.stats.correlation import correlate_columns
from evalkit.text.lfg import lfg_triples
from evalkit.text.parse import Parse
from evalkit.text.trees import DepTree

PAPER = "owczarzak2007ssst"
#: factor from evalkit's scale to the paper's (BLEU printed 0-1; GTM and dependency F 0-100)
PAPER_SCALE = {
    "TER": 1.0,
    "METEOR": 1.0,
    "BLEU": 0.01,
    "NIST": 1.0,
    "GTM": 100.0,
    "dep": 100.0,
    "dep_preds": 100.0,
}

__all__ = [
    "NOTEBOOKS",
    "PAPER",
    "PAPER_SCALE",
    "published",
    "printed_checks",
    "reordering_table",
    "ideal_pairs",
    "front_final_adjunct",
    "judged_segments",
    "segment_correlations",
    "ranked_layout",
    "dependency_metrics",
    "reordered_pairs",
    "DATA",
    "load_corpus",
    "load_pairs",
    "table1_metrics",
    "table5_metrics",
    "correlation_patterns",
    "table5_claims",
    "metric_pair_tests",
    "reordering_claims",
    "reordering_tests",
    "direction",
]


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/owczarzak2007ssst/<table>.csv``)."""
    return read_published(PAPER, table)


def printed_checks(bleu_add1_zero) -> pd.DataFrame:
    """Numbers of the paper derivable from other printed numbers, recomputed.

    ``bleu_add1_zero``: a sentence-BLEU metric with add-one smoothing on zero-match orders
    (the notebook builds it from the registry). Returns ``claim_id, source, printed,
    this_run, agrees``.
    """
    t1, t2, text = published("table1"), published("table2"), published("text")
    rows = []
    for name, t in (("table1", t1), ("table2", t2)):
        nist = t[t["metric"] == "NIST"].iloc[0]
        pct = round(100 * float(nist["modified"]) / float(nist["baseline"]), 2)
        rows.append(
            (
                f"{name}_nist_percent",
                f"{name.title()} NIST (modified / baseline)",
                float(nist["modified_percent"]),
                pct,
            )
        )
    n = int(text.set_index("key").loc["n_segments", "value"])
    step = 1.96 / np.sqrt(n - 3)
    rows.append(
        (
            "significance_step",
            "fn. 9: 95% Fisher-z half-width at n = 16,800",
            float(text.set_index("key").loc["significance_step", "value"]),
            round(float(step), 3),
        )
    )
    bleu = float(
        bleu_add1_zero.sentence_scores(
            ["John resigned yesterday."], [["Yesterday, John resigned."]]
        )[0]
    )
    rows.append(
        (
            "bleu_example",
            "Section 1: add-one smoothed BLEU of the example pair",
            float(text.set_index("key").loc["bleu_example", "value"]),
            round(bleu / 100.0, 4),
        )
    )
    t5 = published("table5")
    for judgment, part in t5.groupby("judgment", sort=False):
        by_abs = part.assign(a=part["value"].abs()).sort_values("a", ascending=False, kind="stable")
        rows.append(
            (
                f"table5_{judgment}_ranked",
                f"Table 5 {judgment}: rows ordered by |r|",
                1.0,
                float(by_abs["rank"].tolist() == sorted(part["rank"])),
            )
        )
    out = pd.DataFrame(rows, columns=["claim_id", "source", "printed", "this_run"])
    return out.assign(agrees=np.isclose(out["printed"], out["this_run"], atol=1e-12))


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
) -> pd.DataFrame:
    """Pearson r of each metric's sentence scores with each judgment over the rows of
    :func:`judged_segments` (each (hyp, ref) pair scored once; ``parsed`` maps texts to
    parses for the dependency metrics). Returns ``metric, judgment, r, n``."""
    from evalkit.notebook.segments import metric_inputs

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
    # records, not a frame: pandas compares attrs when it concatenates
    result.attrs["williams"] = metric_pair_tests(result, xs).to_dict("records")
    return result


def metric_pair_tests(result: pd.DataFrame, xs: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """Two-sided Williams p for every pair of metrics per judgment (the correlations share
    the human scores): ``judgment, metric_a, metric_b, r_a, r_b, p``."""
    from evalkit.stats.williams import williams_test

    names = list(xs)
    corr = {
        (a, b): float(np.corrcoef(xs[a], xs[b])[0, 1])
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if np.std(xs[a]) > 0 and np.std(xs[b]) > 0
    }
    rows = []
    for jn, part in result.groupby("judgment", sort=False):
        r = part.set_index("metric")["r"].astype(float)
        n = int(part["n"].iloc[0])
        for (a, b), r_ab in corr.items():
            if n >= 4 and np.isfinite([r[a], r[b], r_ab]).all():
                p = float(williams_test(r[a], r[b], r_ab, n, alternative="two-sided").p)
                rows.append((jn, a, b, r[a], r[b], p))
                rows.append((jn, b, a, r[b], r[a], p))
    return pd.DataFrame(rows, columns=["judgment", "metric_a", "metric_b", "r_a", "r_b", "p"])


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


#: data per profile: MTC (licensed: Part 4, TIDES 2003 zh-en; sample: its simulation); public: WMT19 kk-en daRR
DATA = {"sample": "tides2003", "public": "wmt19-darr-kk-en", "licensed": "mtc4"}


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
    pairs = reordered_pairs(corpus.references["text"].tolist(), parser, n)
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


def correlation_patterns(frame: pd.DataFrame, judgment: str, value: str = "r") -> Dict[str, bool]:
    """The paper's findings on one column of a Table-5-shaped frame (``metric, judgment, r``)."""
    col = frame[frame["judgment"] == judgment].set_index("metric")[value].astype(float)
    dep = [m for m in col.index if m.startswith("d")]
    string = [m for m in col.index if not m.startswith("d")]
    out = {}
    if {"d", "d_pr"} <= set(col.index):
        out["d_above_d_pr"] = bool(col["d"] > col["d_pr"])
    if dep and string:
        out["dependency_above_strings"] = bool(
            col[dep].max() > col[[m for m in string if m != "TER"]].max()
        )
    if "TER" in col.index:
        out["ter_negative"] = bool(col["TER"] < 0)
    return out


def _pattern_test(
    col: pd.Series, williams: Optional[pd.DataFrame], judgment: str, n: int, key: str
):
    """``(difference, p, test)`` of one finding of :func:`correlation_patterns` on this run,
    or None without the Williams table (relative rankings)."""
    from scipy import stats as sps

    if key == "ter_negative":
        r = float(col["TER"])
        if n <= 3 or not np.isfinite(r) or abs(r) >= 1:
            return None
        t = r * np.sqrt((n - 2) / (1 - r * r))
        return r, float(2 * sps.t.sf(abs(t), n - 2)), f"t-test of Pearson r (n = {n})"
    if williams is None or williams.empty:
        return None
    if key == "d_above_d_pr":
        a, b = "d", "d_pr"
    else:
        dep = [m for m in col.index if m.startswith("d")]
        string = [m for m in col.index if not m.startswith("d") and m != "TER"]
        a, b = col[dep].idxmax(), col[string].idxmax()
    w = williams[
        (williams["judgment"] == judgment)
        & (williams["metric_a"] == a)
        & (williams["metric_b"] == b)
    ]
    if w.empty:
        return None
    return float(col[a] - col[b]), float(w["p"].iloc[0]), f"Williams test (two-sided), {a} vs {b}"


def table5_claims(
    run: pd.DataFrame, profile: str, data: str, table: str = "table5", paper: str = PAPER
):
    """Claims of a Table-5-shaped result: the findings (:func:`correlation_patterns`) tested
    on this run (Williams test of the two correlations, from ``run.attrs["williams"]`` of
    :func:`segment_correlations`; TER's sign by the t-test of r), the printed column's
    reading as ``printed``; and every printed r beside this run's (not comparable: other
    data and parser). ``public``: the daRR column (no Williams test) against the printed
    average: not comparable."""
    from evalkit.notebook.claims import Claims

    printed = read_published(paper, table).rename(columns={"value": "r"})
    c = Claims(paper, data=data, kind="reproduced")
    mapping = (
        {"daRR": "average"}
        if profile == "public"
        else {j: j for j in ("fluency", "accuracy", "average")}
    )
    note = f"profile {profile}; spaCy parses and LFG-like triples stand in for the DCU LFG parser"
    text = {
        "d_above_d_pr": "d above d_pr",
        "dependency_above_strings": "best dependency metric above every string metric",
        "ter_negative": "TER correlates negatively",
    }
    williams = run.attrs.get("williams")
    if williams is not None and not isinstance(williams, pd.DataFrame):
        williams = pd.DataFrame(
            list(williams), columns=["judgment", "metric_a", "metric_b", "r_a", "r_b", "p"]
        )
    for run_j, paper_j in mapping.items():
        if run_j not in set(run["judgment"]):
            continue
        p, r = correlation_patterns(printed, paper_j), correlation_patterns(run, run_j)
        col = run[run["judgment"] == run_j].set_index("metric")["r"].astype(float)
        n = int(run.loc[run["judgment"] == run_j, "n"].iloc[0]) if "n" in run else 0
        for key in sorted(set(p) & set(r)):
            cid = f"{paper_j}_{key}"
            shown = f"{text.get(key, key)}: {'yes' if p[key] else 'no'}"
            tested = _pattern_test(col, williams, run_j, n, key)
            if tested is None:
                c.not_comparable(
                    cid,
                    source=f"{table.title()} ({paper_j})",
                    printed=shown,
                    this_run=r[key],
                    note=f"no test of two correlations on this run (relative rankings); {note}",
                )
                continue
            diff, pv, test = tested
            c.finding(
                cid,
                source=f"{table.title()} ({paper_j})",
                printed=shown,
                expected=(">" if p[key] else "<") if key != "ter_negative" else "<",
                difference=diff,
                p_value=pv,
                test=test,
                note=note,
            )
        runs = run[run["judgment"] == run_j].set_index("metric")["r"]
        for row in printed[printed["judgment"] == paper_j].itertuples():
            if row.metric in runs.index:
                c.compare(
                    f"{paper_j}_{row.metric.replace('+', '-')}",
                    source=f"{table.title()} ({paper_j})",
                    printed=float(row.r),
                    this_run=float(runs[row.metric]),
                    comparable=False,
                    note=note,
                )
    return c


# --------------------------------------------------------------------------- notebook parameters
_PARSER = P(
    "parser",
    str,
    default="spacy",
    help="spacy | conllu:<file with # text comments> (labelled dependencies)",
)
NOTEBOOKS = {
    "00_printed_checks": (),
    "01_tables1_2_reordering": (
        P("n_pairs", int, default=100, quick=25, low=2, help="sentence pairs"),
        _PARSER,
        P("ideal", bool, default=True, help="sample: also the simulator's ideal parser"),
    ),
    "02_table5_correlation": (
        P(
            "n_segments",
            int,
            default=None,
            allow_none=True,
            quick=12,
            low=1,
            help="first N segments",
        ),
        P("wordnet", bool, default=True, help="the +WN variants (WordNet 3.0)"),
        _PARSER,
    ),
}


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


def _direction_row(c, cid: str, source: str, want: str, row, tests, note: str = "") -> None:
    """One direction row: ``same`` printed is exact (identical triples by the Table 2 filter
    or the same words) and stays a check; ``lower``/``higher`` is a finding of this run's
    change, tested by :func:`reordering_tests` (``tests``, indexed by metric)."""
    got = direction(row.baseline, row.modified)
    if want == "same":
        c.check(
            cid,
            source=source,
            printed=want,
            this_run=got,
            holds=got == want,
            evidence="the score of identical triples cannot change (exact)",
            note=note,
        )
        return
    if tests is None or row.metric not in tests.index:
        c.not_comparable(
            cid,
            source=source,
            printed=want,
            this_run=got,
            note=f"no test of the change on this run; {note}".rstrip("; "),
        )
        return
    t = tests.loc[row.metric]
    c.finding(
        cid,
        source=source,
        printed=want,
        this_run=got,
        expected="<" if want == "lower" else ">",
        difference=float(t["difference"]),
        p_value=float(t["p_value"]),
        test=str(t["test"]),
        note=note,
    )


def reordering_claims(c, table1, table2, ideal_table, tests=None) -> None:
    """Tables 1-2's claims: per metric the direction of the change after reordering against
    the printed direction (``lower``/``higher``: a finding, tested by the paired bootstrap of
    :func:`reordering_tests`, ``tests`` = ``{"table1": frame, "table2": frame, "ideal":
    frame}``; Table 2's ``same`` for the dependency F: exact on pairs with identical triples),
    the modified values beside the printed ones (other sentences and parser: not comparable),
    and with the simulator's ideal parser the dependency rows by construction (its gold trees
    give the reordered sentence the original's dependencies)."""
    tests = {k: v.set_index("metric") for k, v in (tests or {}).items() if v is not None}
    for name, run in (("table1", table1), ("table2", table2)):
        if run is None:
            continue
        printed = published(name).set_index("metric")
        for row in run.itertuples():
            base = float(printed.loc[row.metric, "baseline"])
            mod = float(printed.loc[row.metric, "modified"])
            _direction_row(
                c,
                f"{name}_{row.metric}_direction",
                name.title(),
                direction(base, mod),
                row,
                tests.get(name),
            )
            c.not_comparable(
                f"{name}_{row.metric}_modified",
                source=name.title(),
                printed=mod,
                this_run=row.modified,
                note="other sentences and parser",
            )
    if ideal_table is None:
        return
    printed = published("table2").set_index("metric")
    for row in ideal_table.itertuples():
        want = direction(
            float(printed.loc[row.metric, "baseline"]), float(printed.loc[row.metric, "modified"])
        )
        got = direction(row.baseline, row.modified)
        if row.metric.startswith("dep"):
            c.by_construction(
                f"ideal_parser_{row.metric}_direction",
                source="Table 2",
                printed=want,
                this_run=got,
                note="the simulator's gold trees give the reordered sentence the original's "
                "dependencies (Table 2: the pairs a real parser parsed identically), so the "
                "score cannot change",
            )
        else:
            _direction_row(
                c,
                f"ideal_parser_{row.metric}_direction",
                "Table 2",
                want,
                row,
                tests.get("ideal"),
                note="string metric on the reordered sentences (gold trees for the "
                "dependency metrics)",
            )
