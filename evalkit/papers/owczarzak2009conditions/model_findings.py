"""Owczarzak & Dang (2009): Section 5's findings on Pyramid against ROUGE as models are added
(Tables 1-2, where Pyramid is a row and Responsiveness the reference), tested on the model
draws of :func:`~.experiments.models_experiment`.

``pyramid_gains_less:<table>:<metric>``: r_P(k) - r_P(1) - r_M(k) + r_M(1), k the most models
drawn (a gain in mean r, range -2..2), Welch-type z test of the four groups of draws;
``pyramid_above_automatic:<table>``: r_P(k) - r_M(k) for every k and ROUGE metric M, Welch's t
test per pair, intersection-union over the pairs (range of each difference -2..2). The
direction tested is the printed table's.
"""

from __future__ import annotations

from typing import Mapping, Optional

from evalkit.notebook.claims import Claims
from evalkit.stats.multiplicity import contrast_z_test, intersection_union

from .spec import METRICS, ROUGE_METRICS

__all__ = ["pyramid_models_claims"]


def pyramid_models_claims(claims: Claims, table: str, draws: Optional[Mapping] = None) -> None:
    """Section 5's two findings on Pyramid and the number of models (Tables 1-2, where Pyramid
    is a row), tested on this run's draws; the paper's direction is the printed table's.

    ``pyramid_gains_less:<table>:<metric>`` -- "manual metrics such as Pyramid gain less from
    the addition of more model summaries than the automatic metrics": Pyramid's gain from 1 to
    the most models drawn (k) minus ``metric``'s, the contrast r_P(k) - r_P(1) - r_M(k) +
    r_M(1) of the draws' means, Welch-type z test (:func:`contrast_z_test`).

    ``pyramid_above_automatic:<table>`` -- "Whatever the number of models, manual Pyramid
    considerably outperforms automatic metrics": Pyramid minus each automatic metric at every
    number of models drawn, Welch's t test per pair, all pairs by the intersection-union rule
    (agrees only when every pair is significant in the paper's direction)."""
    from scipy.stats import ttest_ind

    printed = claims.table(table, row="str")
    printed = printed[printed["kind"] == "subsample"]
    if "pyramid" not in set(printed["metric"]):
        return
    pv = {
        (m, int(k)): float(v)
        for m, k, v in zip(printed["metric"], printed["size"], printed["value"])
    }
    auto = sorted(set(printed["metric"]) & set(ROUGE_METRICS))  # BE is not computed
    g = {}
    if draws is not None:
        d = draws["draws"]
        g = {(m, int(k)): x["r"].dropna().to_numpy() for (m, k), x in d.groupby(["metric", "size"])}
    sizes = sorted({k for (m, k) in g if m == "pyramid"} & {k for (m, k) in pv if m == "pyramid"})
    source = f"Section 5; {table.title()}"

    def ready(metric):
        return len(sizes) > 1 and all(
            len(g.get((mm, k), ())) > 1 for mm in ("pyramid", metric) for k in sizes
        )

    for metric in auto:
        cid = f"pyramid_gains_less:{table}:{metric}"
        if not ready(metric):
            claims.not_comparable(
                cid,
                source=source,
                printed="-",
                note="Pyramid or this metric not drawn at two numbers of models (public: no "
                "pyramids)",
            )
            continue
        lo, hi = sizes[0], sizes[-1]
        gain_p = pv[("pyramid", hi)] - pv[("pyramid", lo)]
        gain_m = pv[(metric, hi)] - pv[(metric, lo)]
        est, p = contrast_z_test(
            [g[("pyramid", hi)], g[("pyramid", lo)], g[(metric, hi)], g[(metric, lo)]],
            [1.0, -1.0, -1.0, 1.0],
        )
        claims.finding(
            cid,
            source=source,
            printed=f"gain {lo}->{hi} models: Pyramid {gain_p:+.4f}, {METRICS[metric]} {gain_m:+.4f}",
            expected="<" if gain_p < gain_m else ">",
            difference=est,
            p_value=p,
            note=""
            if gain_p < gain_m
            else f"the printed {table.title()} has Pyramid gaining more than {METRICS[metric]}, "
            "against Section 5's statement: the row tests the printed direction",
            test=f"Welch-type z test of the contrast r_P({hi}) - r_P({lo}) - r_M({hi}) + r_M({lo}) over the model draws",
        )
    cid = f"pyramid_above_automatic:{table}"
    usable = [m for m in auto if ready(m)]
    if not usable:
        claims.not_comparable(
            cid, source=source, printed="-", note="Pyramid and an automatic metric not both drawn"
        )
        return
    pairs = [(k, m) for k in sizes for m in usable]
    above = all(pv[("pyramid", k)] > pv[(m, k)] for k, m in pairs)
    diffs = [float(g[("pyramid", k)].mean() - g[(m, k)].mean()) for k, m in pairs]
    ps = [float(ttest_ind(g[("pyramid", k)], g[(m, k)], equal_var=False).pvalue) for k, m in pairs]
    est, p = intersection_union(diffs, ps)
    claims.finding(
        cid,
        source=source,
        printed=f"Pyramid {'above' if above else 'not above'} {', '.join(METRICS[m] for m in usable)} at {sizes[0]}-{sizes[-1]} models",
        expected=">" if above else "<",
        difference=est,
        p_value=p,
        test=f"Welch's t test per (number of models, metric), intersection-union over {len(pairs)} pairs "
        f"(difference: their mean; smallest {min(diffs):+.4f})",
    )
