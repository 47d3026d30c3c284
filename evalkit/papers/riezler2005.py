"""Riezler & Maxwell (2005): the paper-specific logic of ``notebooks/riezler2005/``.

Stefan Riezler and John T. Maxwell III, "On Some Pitfalls in Automatic Evaluation and
Significance Testing for MT", ACL 2005 MTSE workshop, pp. 57-64 (W05-0908). The paper

* compares NIST, BLEU and a dependency F-score of a reranker and its baseline on 2,000
  Europarl sentences and tests the differences by approximate randomization (AR, Noreen
  1989; its Fig. 1) and by the bootstrap "shift" method (Efron & Tibshirani 1993; its
  Fig. 2), both over per-sentence sufficient statistics (Table 1);
* runs both tests on five pairs of "equivalent" system variants and finds the bootstrap's
  p-values smaller (Table 2, §4.3: type-I errors of the bootstrap);
* warns that k pairwise comparisons at per-comparison level p_c have experiment-wise error
  ``p_e = 1 - (1 - p_c)^k`` (§4.4: k = 105, p_c = .05 gives .9954).

The tests themselves live in :mod:`evalkit.stats.resampling`, the experiment-wise error in
:mod:`evalkit.stats.multiplicity`, BLEU and NIST in :mod:`evalkit.metrics`. This module adds
what only this paper needs:

* :func:`printed_checks`: every number of the paper that other printed numbers determine,
  recomputed exactly (no data needed);
* the F-score's sufficient statistics (:func:`fscore_statistics`,
  :func:`fscore_from_statistics`) and the relation extractor standing in for the paper's
  LFG parser (:func:`window_relations`, see its docstring for what it is and is not);
* :func:`significance_table` / :func:`table1_layout`: Table 1 for any pair of systems;
* :func:`equivalent_variants`, :func:`table2`, :func:`type1_simulation`,
  :func:`rejection_rates`: the equivalent-systems experiment of §4.3, replicated many times
  so the type-I error of each test is measured rather than argued from five p-values;
* :func:`many_systems`: the same tests for many systems against one baseline, with the
  per-comparison levels that keep the experiment-wise error at a target (§4.4).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable, Dict, Hashable, Iterable, List, Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.data.published import read_published
from evalkit.errors import ParameterError
from evalkit.stats._validation import check_int, check_probability
from evalkit.stats.multiplicity import binomial_ci, experimentwise_error, per_comparison_level
from evalkit.stats.resampling import approximate_randomization, paired_bootstrap

PAPER = "riezler2005"
ScoreFunction = Callable[[np.ndarray], np.ndarray]

__all__ = [
    "PAPER", "published", "printed_checks", "experimentwise_grid", "simulate_experimentwise", "fscore_statistics",
    "fscore_from_statistics", "window_relations", "window_fscore_statistics", "significance_table", "table1_layout",
    "equivalent_variants", "table2", "type1_simulation", "rejection_rates", "many_systems",
    "smallest_p", "trials_needed", "load_corpus", "data_files", "metric_statistics", "corpus_scores", "closest_pair", "pair_statistics",
    "paper_vs_run_table1", "table2_layout", "paper_vs_run_table2",
]


# --------------------------------------------------------------------------- printed numbers
def published(table: str) -> pd.DataFrame:
    """A printed table of the paper (``data/published/riezler2005/<table>.csv``).

    Tables: ``table1``, ``table2``, ``multiplicity``, ``text``; the ``printed`` column keeps
    the string as printed, ``value`` its numeric reading, ``relation`` how to read it.
    """
    return read_published(PAPER, table, dtypes={"printed": "str"})


def smallest_p(n_trials: int) -> float:
    """Smallest p-value AR or the bootstrap can return: ``1/(R + 1)`` (Figs. 1-2, c = 0)."""
    return 1.0 / (check_int("n_trials", n_trials, minimum=1) + 1)


def trials_needed(bound: float) -> int:
    """Fewest trials R with ``1/(R + 1) < bound`` (so that "p < bound" can be printed)."""
    bound = check_probability("bound", bound)
    r = int(np.floor(1.0 / bound))  # 1/(r+1) < bound  <=>  r + 1 > 1/bound
    while 1.0 / (r + 1) >= bound:
        r += 1
    while r > 1 and 1.0 / r < bound:
        r -= 1
    return r


def _printed(frame: pd.DataFrame, **where) -> pd.Series:
    rows = frame
    for column, value in where.items():
        rows = rows[rows[column] == value]
    if len(rows) != 1:
        raise ParameterError("where", where, "a selector matching exactly one printed row")
    return rows.iloc[0]


def _decimals(printed: str) -> int:
    text = printed.strip().lstrip("<>=≈ ").rstrip("%")
    return len(text.split(".")[1]) if "." in text else 0


def printed_checks() -> pd.DataFrame:
    """Every number of the paper that its other printed numbers determine, recomputed.

    Returns one row per claim: ``claim, section, printed, recomputed`` (the exact value),
    ``recomputed_as_printed`` (rounded to the printed digits, or the count/verdict) and
    ``agrees``. Nothing here needs data; the inputs are the transcribed tables.
    """
    t1, t2, mult, text = (published(n) for n in ("table1", "table2", "multiplicity", "text"))
    rows: List[dict] = []

    def add(claim, section, printed, exact, as_printed, agrees):
        rows.append({"claim": claim, "section": section, "printed": printed, "recomputed": exact,
                     "recomputed_as_printed": as_printed, "agrees": bool(agrees)})

    # §4.4: the number of pairwise comparisons of 15 systems and the experiment-wise errors.
    n_sys = int(_printed(text, key="benchmark_systems")["value"])
    k = n_sys * (n_sys - 1) // 2
    add("pairwise comparisons of 15 systems, 15(15-1)/2", "4.4",
        _printed(text, key="benchmark_comparisons")["printed"], k, str(k),
        k == int(_printed(text, key="benchmark_comparisons")["value"]))
    for _, row in mult.iterrows():
        pe = experimentwise_error(float(row["per_comparison"]), int(row["k"]))
        digits = _decimals(row["printed"])
        shown = f"{pe:.{digits}f}".lstrip("0")
        add(f"experiment-wise error 1-(1-{row['per_comparison']:g})^{int(row['k'])}", "4.4",
            row["printed"], pe, shown, shown == row["printed"].strip())
    # §3: the differences of Table 1's scores stated in the prose.
    for metric, key, scale, suffix in (("NIST", "nist_increase", 1.0, ""), ("BLEU", "bleu_decrease", 100.0, "%"),
                                       ("F", "f_decrease", 100.0, "%")):
        base = _printed(t1, row="baseline", metric=metric)
        rerank = _printed(t1, row="reranking", metric=metric)
        diff = abs(float(rerank["value"]) - float(base["value"]))
        stated = _printed(text, key=key)
        digits = _decimals(stated["printed"])
        shown = f"{diff * scale:.{digits}f}".lstrip("0") + suffix
        add(f"{metric} difference {rerank['printed']} - {base['printed']}", "3", stated["printed"],
            diff, shown, shown == stated["printed"])
    # §3: BLEU and F differences are not significant at the standard level .05.
    level = float(_printed(text, key="standard_rejection_level")["value"])
    for metric in ("BLEU", "F"):
        p = float(_printed(t1, row="approxrand p-value", metric=metric)["value"])
        add(f"{metric}: AR p-value exceeds the standard level .05", "3",
            _printed(t1, row="approxrand p-value", metric=metric)["printed"], p,
            "p > .05" if p > level else "p <= .05", p > level)
    # Table 1 "< .0001": the fewest AR shuffles that can print it.
    r_min = trials_needed(0.0001)
    add("fewest shuffles R with (c+1)/(R+1) < .0001 (Table 1 '< .0001')", "Table 1", "< .0001",
        r_min, f"R >= {r_min}", smallest_p(r_min) < 0.0001 <= smallest_p(r_min - 1))
    # §4.3: Table 2 p-values.
    ar = t2[t2["row"] == "approxrand p-value"].set_index("comparison")["value"].astype(float)
    boot = t2[t2["row"] == "bootstrap p-value"].set_index("comparison")["value"].astype(float)
    level_015 = float(_printed(text, key="restrictive_level")["value"])
    n_boot = int((boot < level_015).sum())
    add("bootstrap p < .015 in Table 2", "4.3", _printed(text, key="bootstrap_below_015")["printed"],
        n_boot, f"{n_boot} out of {len(boot)}", n_boot == int(_printed(text, key="bootstrap_below_015")["value"]))
    ar_min = float(ar.min())
    add("smallest AR p-value in Table 2", "4.3", ">= " + _printed(text, key="ar_lowest_p")["printed"],
        ar_min, f"{ar_min:g}".lstrip("0"), ar_min >= float(_printed(text, key="ar_lowest_p")["value"]))
    n_smaller = int((boot < ar).sum())
    add("bootstrap p < AR p (AR more conservative)", "4.3", "all cases", n_smaller,
        f"{n_smaller} out of {len(ar)}", n_smaller == len(ar))
    n_ar = int((ar <= level_015).sum())
    n_bs = int((boot <= level_015).sum())
    add("rejections at the level .015: bootstrap in 3 of 5 cases, AR in none", "4.3",
        "bootstrap 3, AR 0", f"bootstrap {n_bs}, AR {n_ar}", f"bootstrap {n_bs}, AR {n_ar}",
        n_bs == 3 and n_ar == 0)
    # The printed "0.15" cannot be meant: at .15 AR would reject every pair too.
    printed_level = float(_printed(text, key="restrictive_level")["printed"])
    n_ar = int((ar <= printed_level).sum())
    n_bs = int((boot <= printed_level).sum())
    add("erratum: at the printed level 0.15 the counts are not 3 and 0, so it reads .015", "4.3",
        _printed(text, key="restrictive_level")["printed"], f"bootstrap {n_bs}, AR {n_ar}",
        f"bootstrap {n_bs}, AR {n_ar}", (n_bs, n_ar) != (3, 0))
    return pd.DataFrame(rows)


def experimentwise_grid(ks: Sequence[int], per_comparison: Sequence[float],
                        target: float = 0.05) -> pd.DataFrame:
    """``p_e = 1 - (1 - p_c)^k`` over a grid, with the per-comparison levels for ``target``.

    Columns: ``k, per_comparison, experimentwise, sidak_level, bonferroni_level`` (the last
    two: the p_c that keeps p_e at ``target``, exactly (Šidák) and by Bonferroni).
    """
    rows = []
    for k in ks:
        for pc in per_comparison:
            rows.append({"k": int(k), "per_comparison": float(pc),
                         "experimentwise": experimentwise_error(float(pc), int(k)),
                         "sidak_level": per_comparison_level(target, int(k), "sidak"),
                         "bonferroni_level": per_comparison_level(target, int(k), "bonferroni")})
    return pd.DataFrame(rows)


def simulate_experimentwise(ks: Sequence[int], per_comparison: Sequence[float], n_experiments: int,
                            seed: int) -> pd.DataFrame:
    """Monte Carlo check of ``p_e = 1 - (1 - p_c)^k`` with independent null p-values.

    Each simulated experiment draws k p-values uniform on [0, 1] (the null distribution of
    a continuous test) and asks whether any is <= p_c. Columns: ``k, per_comparison,
    formula, simulated, n_experiments, std_error, z`` (z: simulated minus formula in
    standard errors). With independent comparisons the formula is exact; the paper's
    "≈" covers dependent ones.
    """
    n_experiments = check_int("n_experiments", n_experiments, minimum=1)
    gen = np.random.default_rng([int(seed), 44])  # §4.4
    rows = []
    for k in ks:
        for pc in per_comparison:
            share = float((gen.random((n_experiments, int(k))) <= pc).any(axis=1).mean())
            se = float(np.sqrt(share * (1 - share) / n_experiments))
            formula = experimentwise_error(float(pc), int(k))
            rows.append({"k": int(k), "per_comparison": float(pc), "formula": formula, "simulated": share,
                         "n_experiments": n_experiments, "std_error": se,
                         "z": (share - formula) / se if se > 0 else 0.0})
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- F-score
def fscore_statistics(hyp_relations: Sequence[Iterable[Hashable]],
                      ref_relations: Sequence[Iterable[Hashable]]) -> np.ndarray:
    """Per-segment F-score tuples ``(matches, n_hyp_relations, n_ref_relations)`` (int64).

    R&M §4.1: "variable tuples consisting of the number of dependency-relations in the parse
    for the system translation, the number ... for the reference translation, and the number
    of matching dependency-relations". Relations are any hashable items (e.g. (label, head,
    dependent) triples); matches count a multiset intersection, so a relation found twice in
    the hypothesis and once in the reference matches once.
    """
    if len(hyp_relations) != len(ref_relations):
        raise ParameterError("ref_relations", f"{len(ref_relations)} segments",
                             f"{len(hyp_relations)} segments, one per hypothesis")
    out = np.zeros((len(hyp_relations), 3), dtype=np.int64)
    for i, (hyp, ref) in enumerate(zip(hyp_relations, ref_relations)):
        h, r = Counter(hyp), Counter(ref)
        out[i] = (sum((h & r).values()), sum(h.values()), sum(r.values()))
    return out


def fscore_from_statistics(sums: np.ndarray) -> np.ndarray:
    """Corpus F from summed tuples, vectorized over rows: ``(r, 3) -> (r,)``, in [0, 1].

    ``P = m / n_hyp``, ``R = m / n_ref``, ``F = 2PR / (P + R) = 2m / (n_hyp + n_ref)``
    (R&M §3); 0 when there are no matches.
    """
    sums = np.asarray(sums, dtype=np.float64)
    if sums.ndim != 2 or sums.shape[1] != 3:
        raise ParameterError("sums", sums.shape, "an array (r, 3) of summed (matches, n_hyp, n_ref)")
    m, s, r = sums[:, 0], sums[:, 1], sums[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(m > 0, 2.0 * m / (s + r), 0.0)


def window_relations(tokens: Sequence[str], window: int = 3) -> List[tuple]:
    """Word-pair "relations" standing in for the paper's dependency relations.

    R&M parse both sides with an LFG grammar (PARC's XLE) and match grammatical relations.
    No such parser exists offline here, so this stand-in pairs every token with each of the
    next ``window`` tokens, ``(w_i, w_j)`` for ``0 < j - i <= window``: a relation-like
    entity more complex than a unigram (it needs two words in order and close together), as
    dependency relations are; it is *not* a dependency parse, so F values are not comparable
    with the paper's. Pass relations from a real parser to :func:`fscore_statistics` for that.
    """
    window = check_int("window", window, minimum=1)
    toks = list(tokens)
    return [(toks[i], toks[j]) for i in range(len(toks)) for j in range(i + 1, min(len(toks), i + window + 1))]


def window_fscore_statistics(hyp_tokens: Sequence[Sequence[str]], ref_tokens: Sequence[Sequence[str]],
                             window: int = 3) -> np.ndarray:
    """``fscore_statistics`` of :func:`window_relations` on both sides, vectorized.

    Same result as ``fscore_statistics([window_relations(h, window) for h in hyp_tokens],
    [window_relations(r, window) for r in ref_tokens])`` (tested), computed on integer
    pair keys with numpy instead of one Counter per segment (WMT17: 16 x 3,004 segments).
    """
    window = check_int("window", window, minimum=1)
    if len(hyp_tokens) != len(ref_tokens):
        raise ParameterError("ref_tokens", f"{len(ref_tokens)} segments", f"{len(hyp_tokens)} segments")
    n = len(hyp_tokens)
    vocab: Dict[str, int] = {}

    def keys(token_lists):
        ids = np.fromiter((vocab.setdefault(t, len(vocab)) for toks in token_lists for t in toks), dtype=np.int64)
        lengths = np.fromiter((len(t) for t in token_lists), dtype=np.int64, count=n)
        seg = np.repeat(np.arange(n, dtype=np.int64), lengths)
        firsts, seconds, segs = [], [], []
        for d in range(1, window + 1):
            same = seg[:-d] == seg[d:] if len(seg) > d else np.zeros(0, dtype=bool)
            firsts.append(ids[:-d][same] if len(seg) > d else ids[:0])
            seconds.append(ids[d:][same] if len(seg) > d else ids[:0])
            segs.append(seg[:-d][same] if len(seg) > d else seg[:0])
        return np.concatenate(firsts), np.concatenate(seconds), np.concatenate(segs)

    h1, h2, hs = keys(hyp_tokens)
    r1, r2, rs = keys(ref_tokens)
    v = max(len(vocab), 1)
    # One integer per (segment, first word, second word); n * v * v stays far below 2**63.
    hkey = (hs * v + h1) * v + h2
    rkey = (rs * v + r1) * v + r2
    hu, hc = np.unique(hkey, return_counts=True)
    ru, rc = np.unique(rkey, return_counts=True)
    common, hi, ri = np.intersect1d(hu, ru, assume_unique=True, return_indices=True)
    out = np.zeros((n, 3), dtype=np.int64)
    out[:, 0] = np.bincount(common // (v * v), weights=np.minimum(hc[hi], rc[ri]), minlength=n).astype(np.int64)
    out[:, 1] = np.bincount(hs, minlength=n)
    out[:, 2] = np.bincount(rs, minlength=n)
    return out


# --------------------------------------------------------------------------- data and metrics
def load_corpus(profile: str, quick: bool = False, licensed: str = "mtc4"):
    """The MT corpus a riezler2005 notebook runs on, by profile.

    * ``sample``: the simulated TIDES 2003 corpus (7 systems, 4 references, ~920 segments;
      ``quick``: ~110), standing in for R&M's 2,000 Europarl development sentences;
    * ``public``: WMT17 news en-de (16 systems, 3,004 segments, one reference; the first
      system, LIUM-NMT, is the baseline);
    * ``licensed``: the licensed NIST/LDC evaluation named ``licensed`` (default ``mtc4``,
      Multiple-Translation Chinese Part 4 = TIDES 2003 zh-en, 7 systems, 4 references),
      read from the user's SGML files through :func:`evalkit.data.licensed.load`, which
      raises :class:`~evalkit.errors.DataNotConfiguredError` when it is not configured.
      R&M's own Europarl reranker outputs were never distributed.
    """
    if profile == "sample":
        from evalkit.data.simulate.build import load_sample

        return load_sample("tides2003", quick=quick)
    if profile == "public":
        from evalkit.data.public import load_wmt17_en_de

        return load_wmt17_en_de()
    if profile == "licensed":
        from evalkit.data import licensed as licensed_data

        if licensed not in licensed_data.CORPORA or licensed_data.CORPORA[licensed].kind != "nist":
            raise ParameterError("licensed", licensed, "a licensed NIST MT corpus: " + ", ".join(
                n for n, c in licensed_data.CORPORA.items() if c.kind == "nist"))
        return licensed_data.load(licensed)
    raise ParameterError("profile", profile, "one of 'sample', 'public', 'licensed'")


def data_files(corpus) -> List[Path]:
    """The files a corpus from :func:`load_corpus` was read from (for the provenance).

    Licensed NIST sets list their files in ``meta["files"]``; the sample corpus names its
    folder in ``meta["source"]``; public sets name their manifest files in ``meta["sha256"]``.
    """
    meta = corpus.meta
    if meta.get("files"):
        return [Path(f) for f in meta["files"]]
    if meta.get("sha256"):
        from evalkit.data.public import locate

        return [locate(rel) for rel in sorted(meta["sha256"])]
    source = Path(str(meta["source"])) if meta.get("source") else None
    if source is not None and source.is_dir():
        return sorted(source.rglob("*.sgm"))
    return []


def metric_statistics(corpus, systems: Optional[Sequence[str]] = None,
                      metrics: Sequence[str] = ("NIST", "BLEU", "F"), window: int = 3):
    """Per-segment sufficient statistics and vectorized score functions of R&M's metrics.

    Returns ``(statistics, scores)``: ``statistics[metric][system]`` an (S, k) array,
    ``scores[metric]`` the function from summed statistics (r, k) to r corpus scores, on
    the paper's scales (NIST ~ 0-15, BLEU and F in [0, 1]).

    * ``BLEU``: :class:`evalkit.metrics.bleu.BLEU` (13a tokens, closest reference length,
      every reference), scored by :func:`evalkit.stats.sacrebleu_stats.bleu_score_function`
      and divided by 100;
    * ``NIST``: :class:`evalkit.metrics.nist.NIST` (mteval semantics, 13a tokens, N = 5;
      information weights from all references of the whole test set, fixed under
      resampling, as R&M's tuples require);
    * ``F``: :func:`fscore_statistics` of :func:`window_relations` of the lower-cased 13a
      tokens against the first reference (R&M had one reference per sentence).
    """
    from evalkit.text.tokenize import tokenize_words

    systems = list(corpus.systems if systems is None else systems)
    refs = [corpus.reference_stream(r) for r in corpus.reference_ids]
    statistics: Dict[str, Dict[str, np.ndarray]] = {}
    scores: Dict[str, ScoreFunction] = {}
    for metric in metrics:
        if metric == "BLEU":
            from evalkit.metrics.bleu import BLEU
            from evalkit.stats.sacrebleu_stats import bleu_score_function

            bleu = BLEU(references=refs)
            statistics[metric] = {s: bleu.segment_statistics(corpus.system_output(s)) for s in systems}
            hundred = bleu_score_function(bleu.max_ngram_order, bleu.smoothing)
            scores[metric] = lambda sums, f=hundred: f(sums) / 100.0
        elif metric == "NIST":
            from evalkit.metrics.nist import NIST

            nist = NIST()
            statistics[metric] = {s: nist.segment_statistics(corpus.system_output(s), refs) for s in systems}
            # NIST scores one summed row at a time; applied row by row over (r, k) sums.
            scores[metric] = lambda sums, f=nist.score_from_statistics: np.fromiter(
                (f(row) for row in np.asarray(sums, dtype=np.float64)), dtype=np.float64, count=len(sums))
        elif metric == "F":
            ref_tok = [tokenize_words(t, "13a", lowercase=True) for t in refs[0]]
            statistics[metric] = {
                s: window_fscore_statistics([tokenize_words(t, "13a", lowercase=True) for t in corpus.system_output(s)],
                                            ref_tok, window)
                for s in systems}
            scores[metric] = fscore_from_statistics
        else:
            raise ParameterError("metrics", metric, "among 'NIST', 'BLEU', 'F'")
    return statistics, scores


def corpus_scores(statistics: Mapping[str, Mapping[str, np.ndarray]],
                  scores: Mapping[str, ScoreFunction]) -> pd.DataFrame:
    """Corpus score of every system and metric (from summed statistics): ``system, metric, value``."""
    rows = [{"system": s, "metric": m, "value": float(scores[m](np.asarray(a).sum(axis=0)[None])[0])}
            for m, by_sys in statistics.items() for s, a in by_sys.items()]
    return pd.DataFrame(rows)


def closest_pair(statistics: Mapping[str, Mapping[str, np.ndarray]], scores: Mapping[str, ScoreFunction],
                 metric: str) -> List[str]:
    """The two systems whose corpus ``metric`` scores are closest, in corpus order.

    R&M's comparisons are of small differences (a reranker and its baseline, equivalent
    variants); on other data the closest pair plays that role. The first is the baseline.
    """
    if metric not in statistics:
        raise ParameterError("metric", metric, f"one of {list(statistics)}")
    table = corpus_scores({metric: statistics[metric]}, scores)
    names, values = table["system"].tolist(), table["value"].to_numpy()
    if len(names) < 2:
        raise ParameterError("statistics", names, "at least two systems")
    gaps = np.abs(values[:, None] - values[None, :]) + np.diag(np.full(len(names), np.inf))
    i, j = sorted(np.unravel_index(int(np.argmin(gaps)), gaps.shape))
    return [names[i], names[j]]


def pair_statistics(corpus, metrics: Sequence[str], pair: Optional[Sequence[str]] = None,
                    pair_metric: str = "BLEU", window: int = 3):
    """``(pair, statistics, scores)`` for two systems: ``pair`` as given, or the two
    systems closest in ``pair_metric`` (:func:`closest_pair`, scoring every system with
    that metric only); the statistics of ``metrics`` are then computed for the pair alone.
    """
    if pair is None:
        pick, pick_scores = metric_statistics(corpus, metrics=[pair_metric], window=window)
        pair = closest_pair(pick, pick_scores, pair_metric)
    pair = list(pair)
    if len(pair) != 2 or pair[0] == pair[1]:
        raise ParameterError("pair", pair, "two different system ids [baseline, system]")
    for system in pair:
        if system not in corpus.systems:
            raise ParameterError("pair", system, f"one of {corpus.systems}")
    statistics, scores = metric_statistics(corpus, systems=pair, metrics=metrics, window=window)
    return pair, statistics, scores


# --------------------------------------------------------------------------- Table 1
def significance_table(statistics: Mapping[str, Mapping[str, np.ndarray]],
                       scores: Mapping[str, ScoreFunction], *, baseline: Optional[str] = None,
                       n_trials: int = 10000, n_resamples: int = 10000, seed: int = 0) -> pd.DataFrame:
    """AR and bootstrap-shift p-values of every system against ``baseline``, per metric.

    ``statistics[metric][system]`` is the (n_segments, k) array of that metric's sufficient
    statistics, ``scores[metric]`` the function from summed statistics (r, k) to r corpus
    scores. Both tests use R&M's conventions (ties count, ``p = (c + 1)/(R + 1)``); each
    metric gets its own seed stream. Long result: ``metric, system, baseline, score,
    baseline_score, difference, test, p_value, n``.
    """
    frames = []
    for j, (metric, stats) in enumerate(statistics.items()):
        if metric not in scores:
            raise ParameterError("scores", sorted(scores), f"a score function for metric {metric!r}")
        seeds = np.random.SeedSequence([int(seed), j]).generate_state(2)
        ar = approximate_randomization(stats, scores[metric], baseline=baseline, n_trials=n_trials,
                                       ties="ge", seed=int(seeds[0]))
        bs = paired_bootstrap(stats, scores[metric], baseline=baseline, n_resamples=n_resamples,
                              method="shift", ties="ge", seed=int(seeds[1]))
        ar = ar.rename(columns={"n_trials": "n"}).assign(test="approximate randomization")
        bs = bs.rename(columns={"n_resamples": "n"}).assign(test="bootstrap")
        cols = ["system", "baseline", "score", "baseline_score", "difference", "test", "p_value", "n"]
        frames.append(pd.concat([ar[cols], bs[cols]], ignore_index=True).assign(metric=metric))
    out = pd.concat(frames, ignore_index=True)
    return out[["metric"] + [c for c in out.columns if c != "metric"]]


def table1_layout(result: pd.DataFrame, system: Optional[str] = None) -> pd.DataFrame:
    """Arrange :func:`significance_table` output for one system as R&M's Table 1.

    Rows ``baseline, <system>, approxrand p-value, bootstrap p-value``; columns the metrics.
    """
    if system is None:
        systems = result["system"].unique()
        if len(systems) != 1:
            raise ParameterError("system", None, f"one of {list(systems)} (the result has several)")
        system = systems[0]
    rows = result[result["system"] == system]
    if rows.empty:
        raise ParameterError("system", system, f"one of {list(result['system'].unique())}")
    metrics = list(dict.fromkeys(rows["metric"]))
    first = rows.drop_duplicates("metric").set_index("metric")
    table = pd.DataFrame(
        [first.loc[metrics, "baseline_score"].to_numpy(), first.loc[metrics, "score"].to_numpy()]
        + [rows[rows["test"] == test].set_index("metric").loc[metrics, "p_value"].to_numpy()
           for test in ("approximate randomization", "bootstrap")],
        index=[f"baseline ({first['baseline'].iloc[0]})", str(system), "approxrand p-value", "bootstrap p-value"],
        columns=metrics,
    )
    table.index.name = "row"
    return table


# --------------------------------------------------------------------------- Table 2 / type I
def equivalent_variants(n_segments: int, n_variants: int, seed) -> np.ndarray:
    """Which of two source systems each equivalent variant takes per segment: bool (v, S).

    R&M (§4.3) build variants that "are essentially equal but produce superficially different
    results". Here variant v takes, for every segment independently with probability 1/2,
    the output of source system A or of source system B. Any two variants are then
    exchangeable segment by segment, which is exactly the null hypothesis both tests assume
    ("any variable tuple produced by one of the systems could have been produced just as
    likely by the other", §4.1): every rejection is a type-I error.
    """
    n_segments = check_int("n_segments", n_segments, minimum=1)
    n_variants = check_int("n_variants", n_variants, minimum=2)
    gen = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    return gen.integers(2, size=(n_variants, n_segments), dtype=bool)


def _mix(a: np.ndarray, b: np.ndarray, takes_b: np.ndarray) -> np.ndarray:
    return np.where(takes_b[:, None], b, a)


def _check_pair(pair_statistics: Mapping[str, Sequence[np.ndarray]]) -> int:
    n = None
    for metric, pair in pair_statistics.items():
        if len(pair) != 2:
            raise ParameterError(f"pair_statistics[{metric!r}]", len(pair), "two arrays (system A, system B)")
        a, b = (np.asarray(x) for x in pair)
        if a.shape != b.shape or a.ndim != 2:
            raise ParameterError(f"pair_statistics[{metric!r}]", (a.shape, b.shape), "two equal (S, k) arrays")
        if n is not None and a.shape[0] != n:
            raise ParameterError(f"pair_statistics[{metric!r}]", a.shape[0], f"{n} segments like the other metrics")
        n = a.shape[0]
    if n is None:
        raise ParameterError("pair_statistics", {}, "at least one metric")
    return n


def table2(pair_statistics: Mapping[str, Sequence[np.ndarray]], scores: Mapping[str, ScoreFunction], *,
           n_variants: int = 6, n_trials: int = 10000, n_resamples: int = 10000, seed: int = 0) -> pd.DataFrame:
    """Table 2 on equivalent variants of a pair of systems: variant 1 against 2..n.

    ``pair_statistics[metric] = (stats_A, stats_B)``. Returns the long
    :func:`significance_table` frame with systems named ``"1" .. "n"`` (baseline ``"1"``)
    and a ``comparison`` column ``"1:2" ..``.
    """
    n = _check_pair(pair_statistics)
    takes_b = equivalent_variants(n, n_variants, np.random.default_rng([int(seed), 0]))
    stats = {metric: {str(v + 1): _mix(np.asarray(a), np.asarray(b), takes_b[v]) for v in range(n_variants)}
             for metric, (a, b) in pair_statistics.items()}
    out = significance_table(stats, scores, baseline="1", n_trials=n_trials, n_resamples=n_resamples,
                             seed=int(np.random.SeedSequence([int(seed), 1]).generate_state(1)[0]))
    out.insert(1, "comparison", "1:" + out["system"])
    return out


def type1_simulation(pair_statistics: Mapping[str, Sequence[np.ndarray]], scores: Mapping[str, ScoreFunction], *,
                     n_replications: int = 200, n_trials: int = 1000, n_resamples: int = 1000, seed: int = 0,
                     progress: Callable[[Iterable], Iterable] = lambda it: it) -> pd.DataFrame:
    """Replicate §4.3 many times: fresh equivalent variants, both tests, every metric.

    Each replication draws two new equivalent variants (:func:`equivalent_variants`) and
    runs AR and the bootstrap on them for each metric. Returns one row per replication,
    metric and test: ``replication, metric, test, difference, p_value``. Under the null
    the share of p-values <= alpha estimates the test's type-I error rate; a valid test keeps
    it at or below alpha.
    """
    n = _check_pair(pair_statistics)
    n_replications = check_int("n_replications", n_replications, minimum=1)
    rows = []
    for rep in progress(range(n_replications)):
        takes_b = equivalent_variants(n, 2, np.random.default_rng([int(seed), rep, 0]))
        stats = {metric: {"X": _mix(np.asarray(a), np.asarray(b), takes_b[0]),
                          "Y": _mix(np.asarray(a), np.asarray(b), takes_b[1])}
                 for metric, (a, b) in pair_statistics.items()}
        rep_seed = int(np.random.SeedSequence([int(seed), rep, 1]).generate_state(1)[0])
        res = significance_table(stats, scores, baseline="X", n_trials=n_trials, n_resamples=n_resamples,
                                 seed=rep_seed)
        for r in res.itertuples(index=False):
            rows.append({"replication": rep, "metric": r.metric, "test": r.test,
                         "difference": r.difference, "p_value": r.p_value})
    return pd.DataFrame(rows)


def rejection_rates(simulation: pd.DataFrame, alphas: Sequence[float] = (0.015, 0.05),
                    confidence: float = 0.95) -> pd.DataFrame:
    """Share of replications with ``p <= alpha`` per metric, test and alpha, with a Wilson CI.

    Columns: ``metric, test, alpha, rejections, n, rate, ci_low, ci_high, excess`` (``excess``
    = rate / alpha; above 1 means more type-I errors than the nominal level).
    """
    rows = []
    for (metric, test), group in simulation.groupby(["metric", "test"], sort=False):
        for alpha in alphas:
            alpha = check_probability("alpha", alpha)
            hits = int((group["p_value"] <= alpha).sum())
            ci = binomial_ci(hits, len(group), confidence=confidence, method="wilson").iloc[0]
            rows.append({"metric": metric, "test": test, "alpha": alpha, "rejections": hits, "n": len(group),
                         "rate": hits / len(group), "ci_low": float(ci["ci_low"]), "ci_high": float(ci["ci_high"]),
                         "excess": hits / len(group) / alpha})
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- many systems
def many_systems(result: pd.DataFrame, per_comparison: float = 0.05, experimentwise: float = 0.05) -> pd.DataFrame:
    """Add the multiplicity verdicts of §4.4 to a :func:`significance_table` result.

    With k comparisons per metric and test (the rows of that group), adds
    ``k, significant`` (p <= ``per_comparison``), ``significant_sidak`` (p <= the Šidák level
    that keeps the experiment-wise error at ``experimentwise``), ``significant_bonferroni``,
    and ``experimentwise_error`` (p_e of k comparisons at ``per_comparison``).
    """
    pc = check_probability("per_comparison", per_comparison)
    pe = check_probability("experimentwise", experimentwise)
    out = result.copy()
    k = out.groupby(["metric", "test"])["system"].transform("size").astype(int)
    out["k"] = k
    out["significant"] = out["p_value"] <= pc
    out["sidak_level"] = [per_comparison_level(pe, int(x), "sidak") for x in k]
    out["significant_sidak"] = out["p_value"] <= out["sidak_level"]
    out["significant_bonferroni"] = out["p_value"] <= pe / k
    out["experimentwise_error"] = [experimentwise_error(pc, int(x)) for x in k]
    return out


# --------------------------------------------------------------------------- paper vs. this run
def paper_vs_run_table1(layout: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Table 1 as printed beside :func:`table1_layout` of this run, plus the claims of §3.

    One row per printed cell (``row, metric, paper, this_run``) and per claim (is each
    difference significant at ``alpha`` under each test; is AR's p at least the
    bootstrap's). The printed reranker row pairs with this run's second system.
    """
    alpha = check_probability("alpha", alpha)
    printed = published("table1")
    ours = {"baseline": layout.iloc[0], "reranking": layout.iloc[1],
            "approxrand p-value": layout.loc["approxrand p-value"], "bootstrap p-value": layout.loc["bootstrap p-value"]}
    rows = []
    for r in printed.itertuples(index=False):
        value = ours[r.row].get(r.metric, np.nan)
        rows.append({"row": r.row if r.row != "reranking" else f"reranking (here {layout.index[1]})",
                     "metric": r.metric, "paper": r.printed, "this_run": float(value)})
    for metric in layout.columns:
        paper_m = printed[printed["metric"] == metric].set_index("row")
        verdicts = {}
        for test, label in (("approxrand p-value", "AR"), ("bootstrap p-value", "bootstrap")):
            if paper_m.empty or pd.isna(paper_m.loc[test, "value"]):
                said = "not reported"
            else:
                said = "yes" if paper_m.loc[test, "value"] <= alpha else "no"
            verdicts[test] = None if said == "not reported" else paper_m.loc[test]
            rows.append({"row": f"difference significant at {alpha:g} ({label})", "metric": metric,
                         "paper": said, "this_run": "yes" if layout.loc[test, metric] <= alpha else "no"})
        ar, bs = verdicts["approxrand p-value"], verdicts["bootstrap p-value"]
        if ar is None or bs is None:
            said = "not reported"
        elif ar["relation"] == "<" and bs["relation"] == "<":
            said = f"both {ar['printed']}"
        else:
            said = "yes" if ar["value"] >= bs["value"] else "no"
        rows.append({"row": "AR p >= bootstrap p", "metric": metric, "paper": said,
                     "this_run": "yes" if layout.loc["approxrand p-value", metric] >= layout.loc["bootstrap p-value", metric] else "no"})
    return pd.DataFrame(rows)


def table2_layout(result: pd.DataFrame, metric: str) -> pd.DataFrame:
    """R&M's Table 2 from :func:`table2` output: rows difference / AR p / bootstrap p,
    columns the comparisons ``1:2 .. 1:n`` (difference = |score_1 - score_k|)."""
    rows = result[result["metric"] == metric]
    if rows.empty:
        raise ParameterError("metric", metric, f"one of {list(result['metric'].unique())}")
    ar = rows[rows["test"] == "approximate randomization"].set_index("comparison")
    bs = rows[rows["test"] == "bootstrap"].set_index("comparison")
    table = pd.DataFrame([ar["difference"].abs(), ar["p_value"], bs.loc[ar.index, "p_value"]],
                         index=[f"{metric} difference", "approxrand p-value", "bootstrap p-value"])
    table.index.name = "row"
    return table


def paper_vs_run_table2(layout: pd.DataFrame, level: float = 0.015) -> pd.DataFrame:
    """Table 2 as printed beside this run's (same comparison labels), plus §4.3's claims."""
    printed = published("table2")
    rows = []
    ours_rows = {"NIST difference": layout.iloc[0], "approxrand p-value": layout.loc["approxrand p-value"],
                 "bootstrap p-value": layout.loc["bootstrap p-value"]}
    for r in printed.itertuples(index=False):
        here = layout.index[0]
        rows.append({"row": r.row if r.row != "NIST difference" or here == r.row else f"{r.row} (here {here})",
                     "comparison": r.comparison, "paper": r.printed,
                     "this_run": float(ours_rows[r.row].get(r.comparison, np.nan))})
    p_ar = printed[printed["row"] == "approxrand p-value"]["value"].to_numpy()
    p_bs = printed[printed["row"] == "bootstrap p-value"]["value"].to_numpy()
    o_ar, o_bs = layout.loc["approxrand p-value"].to_numpy(), layout.loc["bootstrap p-value"].to_numpy()
    for claim, paper, ours in (
        ("bootstrap p < AR p (comparisons)", f"{int((p_bs < p_ar).sum())} of {len(p_ar)}",
         f"{int((o_bs < o_ar).sum())} of {len(o_ar)}"),
        (f"AR rejects at {level:g} (comparisons)", f"{int((p_ar <= level).sum())} of {len(p_ar)}",
         f"{int((o_ar <= level).sum())} of {len(o_ar)}"),
        (f"bootstrap rejects at {level:g} (comparisons)", f"{int((p_bs <= level).sum())} of {len(p_bs)}",
         f"{int((o_bs <= level).sum())} of {len(o_bs)}"),
    ):
        rows.append({"row": claim, "comparison": "all", "paper": paper, "this_run": ours})
    return pd.DataFrame(rows)
