"""Owczarzak & Dang (2011), *Who wrote What Where: Analyzing the content of human and automatic
summaries* (ACL 2011 workshop, pp. 25-32): what only this paper defines.

* **Macro-averages** (Table 2, Figure 1; inferred nesting, notes §3.2): the mean over topics of
  the per-topic mean over the group's summarizers; humans are scored with TAC's jackknifed
  pyramid (against the other models), TAC 2009 Responsiveness halved to 5 points.
* **SCU weights** (Table 3): share of all the year's pyramid SCUs of weight w (pooled).
* **Per category** (TAC 2010, Tables 4-5): SCUs of weight w per pyramid (mean over the
  category's topics) and matched per top-15 summary (mean over its summaries); per aspect the
  mean weight and count of the aspect's SCUs. An SCU with several aspects counts for each.
* **Top-15 systems**: the 15 automatic systems best by Responsiveness on initial summaries.
* **Category comparison** (Tables 6-7): one-way ANOVA + Tukey HSD on per-summary scores
  across the 5 categories, letters by :func:`evalkit.stats.anova.compact_letters` (the
  printed letters follow no single algorithm: compare pairwise significance, notes C7).
* **Baseline 1 per aspect** (Table 8): the partial pyramid score per aspect
  (:func:`evalkit.metrics.pyramid.aspect_scores`), averaged over the category's topics.
"""

from __future__ import annotations

from typing import Dict, Mapping, Sequence

import numpy as np
import pandas as pd

from evalkit.notebook.claims import Claims
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, probability
from evalkit.data.summary_scores import corpus_pyramids
from evalkit.data.tac_views import TacPart
from evalkit.errors import ParameterError
from evalkit.metrics.pyramid import aspect_scores, weight_distribution
from evalkit.stats.anova import compact_letters, tukey_hsd
from evalkit.stats.pairwise import paired_test

__all__ = [
    "PAPER",
    "NOTEBOOKS",
    "macro_average",
    "table2",
    "table3",
    "top_systems",
    "scu_counts_by_weight",
    "aspect_coverage",
    "category_scores",
    "category_letters",
    "update_drops",
    "baseline_aspects",
    "LEAD_BASELINE",
    "baseline_aspect_means",
    "separated_pairs",
    "letter_claims",
    "year_claims",
    "category_claims",
]

PAPER = "owczarzak2011who"
LEAD_BASELINE = "1"  # TAC's Baseline 1: the lead of the most recent document

NOTEBOOKS = {
    "01_year_comparison": (
        P("years", list, default=[2008, 2009, 2010], element=int, choices=(2008, 2009, 2010, 2011)),
    ),
    "02_categories_aspects": (
        P("year", int, default=2010, choices=(2010, 2011)),
        count("top_k", 15, "best systems by initial Responsiveness", quick=5),
        P("baseline", str, default="1", help="Baseline 1: lead of the most recent document"),
        count("n_show", 11),
        probability("alpha", 0.05),
    ),
}


def _group_scores(
    part: TacPart, metric: str, group: str, systems: Sequence[str] = None
) -> pd.DataFrame:
    if group == "human":
        key = "pyramid_jk" if metric == "pyramid" else metric
        return part.scores(key, part.models, rescale_2009=True)
    return part.scores(metric, systems if systems is not None else part.peers, rescale_2009=True)


def macro_average(frame: pd.DataFrame) -> float:
    """Mean over instances of the per-instance mean over systems."""
    return float(frame.groupby("instance")["value"].mean().mean())


def table2(parts: Mapping[int, Mapping[str, TacPart]]) -> pd.DataFrame:
    """``metric, year, group, docset, value`` (``parts[year][group letter]``)."""
    rows = []
    for year, by_group in parts.items():
        for letter, docset in (("A", "initial"), ("B", "update")):
            p = by_group[letter]
            for metric in ("pyramid", "responsiveness"):
                for grp in ("human", "automatic"):
                    rows.append(
                        (metric, year, grp, docset, macro_average(_group_scores(p, metric, grp)))
                    )
    return pd.DataFrame(rows, columns=["metric", "year", "group", "docset", "value"])


def table3(parts: Mapping[int, Mapping[str, TacPart]]) -> pd.DataFrame:
    """``docset, weight, year, percent`` of pooled pyramid SCUs (weights 1-4)."""
    rows = []
    for year, by_group in parts.items():
        for letter, docset in (("A", "initial"), ("B", "update")):
            wd = weight_distribution(
                corpus_pyramids(by_group[letter].corpus, by_group[letter].instances)
            )
            tot = wd.groupby("weight")["n_scus"].sum()
            for w in (4, 3, 2, 1):
                rows.append((docset, w, year, 100.0 * float(tot.get(w, 0)) / float(tot.sum())))
    return pd.DataFrame(rows, columns=["docset", "weight", "year", "percent"])


def top_systems(initial: TacPart, n: int = 15) -> list:
    """The ``n`` automatic systems with the highest mean Responsiveness on initial summaries."""
    means = initial.scores("responsiveness", initial.peers).groupby("system")["value"].mean()
    if n > len(means):
        raise ParameterError("n", n, f"at most the {len(means)} automatic systems")
    return means.sort_values(ascending=False, kind="mergesort").index[:n].tolist()


def _categories(part: TacPart) -> Dict[str, str]:
    if not part.category_of:
        raise ParameterError(
            "part", part.name, "a guided-summarization year with topic categories (TAC 2010)"
        )
    return part.category_of


def scu_counts_by_weight(part: TacPart, systems: Sequence[str]) -> pd.DataFrame:
    """Table 4 for one docset: ``category, weight (1-4|total), source (pyramids|automatic), value``."""
    cats = _categories(part)
    pyrs = corpus_pyramids(part.corpus, part.instances)
    rows = []
    for inst, pyr in pyrs.items():
        w = pyr.weights_from(None)
        rows += [
            (cats[inst], str(k), "pyramids", inst, None, float((w == k).sum()))
            for k in (1, 2, 3, 4)
        ]
        rows.append((cats[inst], "total", "pyramids", inst, None, float((w > 0).sum())))
        for i, s in enumerate(pyr.summarizers):
            if s in systems:
                f = pyr.found[i]
                rows += [
                    (cats[inst], str(k), "automatic", inst, s, float((f & (w == k)).sum()))
                    for k in (1, 2, 3, 4)
                ]
                rows.append((cats[inst], "total", "automatic", inst, s, float(f.sum())))
    d = pd.DataFrame(rows, columns=["category", "weight", "source", "instance", "system", "n"])
    return (
        d.groupby(["category", "weight", "source"], sort=True)["n"]
        .mean()
        .rename("value")
        .reset_index()
    )


def aspect_coverage(part: TacPart, systems: Sequence[str]) -> pd.DataFrame:
    """Table 5 for one docset: ``category, aspect, source, avg_weight, avg_count``."""
    cats = _categories(part)
    rows = []
    for inst, pyr in corpus_pyramids(part.corpus, part.instances).items():
        if not pyr.aspects:
            raise ParameterError("corpus", part.name, "SCU aspect tags (manual/scu_aspects.txt)")
        w = pyr.weights_from(None)
        for a in sorted({x for tags in pyr.aspects for x in tags}):
            mask = np.array([a in tags for tags in pyr.aspects], dtype=bool)
            rows.append((cats[inst], a, "pyramids", mask.sum(), w[mask].sum()))
            for i, s in enumerate(pyr.summarizers):
                if s in systems:
                    f = pyr.found[i] & mask
                    rows.append((cats[inst], a, "automatic", f.sum(), w[f].sum()))
    d = pd.DataFrame(rows, columns=["category", "aspect", "source", "count", "weight"])
    g = d.groupby(["category", "aspect", "source"], sort=True)
    return pd.DataFrame(
        {
            "avg_weight": g["weight"].sum() / g["count"].sum().replace(0, np.nan),
            "avg_count": g["count"].mean(),
        }
    ).reset_index()


def category_scores(
    part: TacPart, metric: str, group: str, systems: Sequence[str] = None
) -> pd.DataFrame:
    """Per-summary scores with the topic's category: ``instance, system, value, category``."""
    cats = _categories(part)
    s = _group_scores(part, metric, group, systems)
    return s.assign(category=s["instance"].map(cats))


def category_letters(scores: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Tables 6-7 for one (docset, metric, group): ``rank, category, score, letters`` (score = the
    macro-average) and ``differs_from``: the categories Tukey HSD separates it from (the
    pairwise significance the letters encode)."""
    letters = compact_letters(scores, dv="value", between="category", alpha=alpha)
    macro = {c: macro_average(g) for c, g in scores.groupby("category")}
    out = pd.DataFrame(
        {
            "category": letters["group"],
            "score": [macro[c] for c in letters["group"]],
            "letters": letters["letters"].str.upper(),
        }
    )
    out = out.sort_values("score", ascending=False, kind="mergesort").reset_index(drop=True)
    out.insert(0, "rank", np.arange(1, len(out) + 1))
    tk = tukey_hsd(scores, dv="value", between="category")
    sig = tk[tk["p_tukey"] < alpha]
    out["differs_from"] = [
        " ".join(sorted(set(sig.loc[sig["A"] == c, "B"]) | set(sig.loc[sig["B"] == c, "A"])))
        for c in out["category"]
    ]
    return out


def update_drops(initial: pd.DataFrame, update: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Figure 1's asterisks: per category, a paired Wilcoxon test of per-topic means, initial vs
    update (test inferred): ``category, initial, update, p_value, drop``."""
    rows = []
    for cat in sorted(set(initial["category"])):
        a = initial[initial["category"] == cat].groupby("instance")["value"].mean()
        b = update[update["category"] == cat].groupby("instance")["value"].mean()
        b.index = [i[:-1] + "A" for i in b.index]
        both = pd.concat([a, b], axis=1, join="inner").dropna()
        p = float("nan")
        if len(both) >= 2 and (both.iloc[:, 0] != both.iloc[:, 1]).any():
            p = float(
                paired_test(both.iloc[:, 0], both.iloc[:, 1], test="wilcoxon")["p_value"].iat[0]
            )
        rows.append(
            (cat, float(a.mean()), float(b.mean()), p, bool(p < alpha and a.mean() > b.mean()))
        )
    return pd.DataFrame(rows, columns=["category", "initial", "update", "p_value", "drop"])


def baseline_aspects(
    part: TacPart, baseline: str = LEAD_BASELINE, n_show: int = 11
) -> pd.DataFrame:
    """Table 8: the baseline's partial pyramid per (category, aspect), mean over the category's
    topics; the ``n_show`` highest and lowest: ``side, position, category, aspect, score``."""
    cats = _categories(part)
    a = aspect_scores(corpus_pyramids(part.corpus, part.instances), summarizers=[baseline])
    if a.empty:
        raise ParameterError("baseline", baseline, f"an annotated peer of {part.name}")
    a["category"] = a["instance"].map(cats)
    m = a.groupby(["category", "aspect"])["score"].mean().reset_index()
    hi = m.sort_values(["score", "category", "aspect"], ascending=[False, True, True]).head(n_show)
    lo = m.sort_values(["score", "category", "aspect"], ascending=[True, True, True]).head(n_show)
    rows = [("highest", i + 1, *r) for i, r in enumerate(hi.itertuples(index=False, name=None))]
    rows += [("lowest", i + 1, *r) for i, r in enumerate(lo.itertuples(index=False, name=None))]
    return pd.DataFrame(rows, columns=["side", "position", "category", "aspect", "score"])


def baseline_aspect_means(part: TacPart, baseline: str = LEAD_BASELINE) -> pd.DataFrame:
    """The baseline's partial pyramid for every (category, aspect), mean over the category's
    topics: ``category, aspect, score`` (Table 8 prints the highest and lowest of these)."""
    cats = _categories(part)
    a = aspect_scores(corpus_pyramids(part.corpus, part.instances), summarizers=[baseline])
    if a.empty:
        raise ParameterError("baseline", baseline, f"an annotated peer of {part.name}")
    a["category"] = a["instance"].map(cats)
    return a.groupby(["category", "aspect"], as_index=False)["score"].mean()


def separated_pairs(letters: str, categories: Sequence[str]) -> set:
    """The category pairs a compact-letter display separates (no letter in common):
    ``{("accidents", "health"), ...}`` from the ``letters`` of each of ``categories``."""
    out = set()
    marks = dict(zip(categories, letters))
    for i, a in enumerate(categories):
        for b in categories[i + 1 :]:
            if not set(str(marks[a])) & set(str(marks[b])):
                out.add(tuple(sorted((a, b))))
    return out


def letter_claims(claims: Claims, tables67: pd.DataFrame, comparable: bool) -> None:
    """Tables 6-7's letters as what they encode, the pairs of categories the ANOVA + Tukey HSD
    separates (README reading 5: the printed letters follow no single algorithm), per table,
    docset and metric: compared on the paper's data, not comparable on stand-ins."""
    for table, grp in (("table6", "human"), ("table7", "automatic")):
        printed = claims.table(table)
        for (docset, metric), p in printed.groupby(["docset", "metric"]):
            cid, source = f"{table}:{docset}:{metric}:separated", f"{table} ({docset}, {metric})"
            ours = tables67[
                (tables67["group"] == grp)
                & (tables67["docset"] == docset)
                & (tables67["metric"] == metric)
            ]
            want = separated_pairs(p["letters"].tolist(), p["category"].tolist())
            got = {
                tuple(sorted((r.category, other)))
                for r in ours.itertuples()
                for other in str(r.differs_from).split()
            }
            text = lambda s: " ".join(f"{a}/{b}" for a, b in sorted(s)) or "none"  # noqa: E731
            if comparable and len(ours):
                claims.check(
                    cid,
                    source=source,
                    printed=text(want),
                    this_run=text(got),
                    holds=want == got,
                    evidence="same pairs separated (Tukey HSD, alpha 0.05)",
                )
            else:
                claims.not_comparable(
                    cid,
                    source=source,
                    printed=text(want),
                    this_run=text(got) if len(ours) else "-",
                    note="stand-in data" if len(ours) else "not computed on this profile",
                )


def year_claims(claims: Claims, parts: Mapping[int, Mapping[str, TacPart]]) -> None:
    """Abstract and Section 3.1: guided summarization (TAC 2010) "results in more similar human
    models": the human (jackknifed) Pyramid of initial summaries in 2010 above 2008, Welch's t
    test over the human summaries' scores."""
    cid, source = "models_more_alike_2010", "Abstract; Section 3.1"
    if not {2008, 2010} <= set(parts):
        claims.not_comparable(
            cid, source=source, printed="2010 above 2008", note="2008 and 2010 not both run"
        )
        return
    t2 = claims.table("table2")
    pick = lambda y: t2[  # noqa: E731
        (t2["metric"] == "pyramid")
        & (t2["group"] == "human")
        & (t2["docset"] == "initial")
        & (t2["year"] == y)
    ]["value"].iat[0]
    a = _group_scores(parts[2010]["A"], "pyramid", "human")["value"].dropna()
    b = _group_scores(parts[2008]["A"], "pyramid", "human")["value"].dropna()
    claims.welch_finding(
        cid,
        a,
        b,
        source=source,
        printed=f"human Pyramid {pick(2010):.2f} (2010) vs {pick(2008):.2f} (2008), initial",
        this_run=f"{a.mean():.3f} vs {b.mean():.3f} ({len(a)} vs {len(b)} summaries)",
        test="Welch's t test over the human summaries' Pyramid scores",
    )


#: Section 4's contrast of categories: (claim id, categories, direction against the other
#: three, the finding as the row prints it).
_CATEGORY_FINDINGS = (
    ("attacks_accidents_most_similar", ("attacks", "accidents"), ">",
     "Attacks and Accidents: the most similar models (highest human Pyramid)"),
    ("health_resources_least_similar", ("health", "resources"), "<",
     "Health and Resources: the greater variance among models (lowest human Pyramid)"),
)  # fmt: skip


def category_claims(claims: Claims, scores: Mapping) -> None:
    """Section 4: "Attacks and Accidents generated the most similar models ... In Health and
    Resources, the aspects were more subjective in nature, and the resulting variance was
    greater": the human (jackknifed) Pyramid of initial summaries in each pair of categories
    against the other three (above for Attacks and Accidents, below for Health and
    Resources), Welch's t test over the human summaries' scores (``scores``: as the
    notebook's ``(group, metric, docset) -> category_scores``)."""
    s = scores.get(("human", "pyramid", "initial"))
    for cid, pair, expected, printed in _CATEGORY_FINDINGS:
        source = "Section 4; Table 6"
        if s is None or s.empty:
            claims.not_comparable(
                cid, source=source, printed="yes", note="no categories on this profile"
            )
            continue
        two = s["category"].isin(pair)
        claims.welch_finding(
            cid,
            s.loc[two, "value"].dropna(),
            s.loc[~two, "value"].dropna(),
            source=source,
            printed=printed,
            expected=expected,
            this_run=f"{s.loc[two, 'value'].mean():.3f} vs {s.loc[~two, 'value'].mean():.3f}",
            test=f"Welch's t test, human Pyramid in {' + '.join(c.title() for c in pair)} vs "
            "the other categories",
        )
