"""Owczarzak & Dang (2009): Section 5's findings on how the metrics change as models or topics
are added: Pyramid against ROUGE over the models (Tables 1-2, where Pyramid is a row and
Responsiveness the reference) and ROUGE-SU4's stability (Tables 1-5 and 7-11), tested on the
draws of :func:`~.experiments.models_experiment` / :func:`~.experiments.topics_experiment`.

``pyramid_gains_less:<table>:<metric>``: r_P(k) - r_P(1) - r_M(k) + r_M(1), k the most models
drawn (a gain in mean r, range -2..2), Welch-type z test of the four groups of draws;
``pyramid_above_automatic:<table>``: r_P(k) - r_M(k) for every k and ROUGE metric M, Welch's t
test per pair, intersection-union over the pairs (range of each difference -2..2);
``su4_least_sensitive:<table>``: r_S(hi) - r_S(lo) - r_2(hi) + r_2(lo) between the fewest and
the most models or topics drawn, Welch-type z test. The direction tested is the printed
table's. The tests are over draws of subsets of one data set: their p-values measure
Monte-Carlo precision (:mod:`.claims` says what that decides).
"""

from __future__ import annotations

from typing import Mapping, Optional

from evalkit.notebook.claims import Claims
from evalkit.stats.multiplicity import contrast_z_test, intersection_union

from .spec import ERRATA, METRICS, MODEL_TABLES, ROUGE_METRICS

__all__ = ["pyramid_models_claims", "su4_stability_claims"]


def _printed_cells(claims: Claims, table: str) -> dict:
    """``{(metric, size): printed mean r}`` of ``table``'s subsample rows, errata left out."""
    t = claims.table(table, row="str")
    t = t[t["kind"] == "subsample"]
    return {
        (m, int(k)): float(v)
        for m, k, v, r in zip(t["metric"], t["size"], t["value"], t["row"])
        if (table, r, m) not in ERRATA
    }


def _sweep_groups(draws: Optional[Mapping]) -> dict:
    """``{(metric, size): r of the draws}`` (empty without draws)."""
    if draws is None:
        return {}
    d = draws["draws"]
    return {(m, int(k)): x["r"].dropna().to_numpy() for (m, k), x in d.groupby(["metric", "size"])}


def _gain_contrast(g: dict, a: str, b: str, lo: int, hi: int):
    """``(estimate, p)``: a's gain from ``lo`` to ``hi`` minus b's over the draws ``g``,
    r_a(hi) - r_a(lo) - r_b(hi) + r_b(lo), Welch-type z test (:func:`contrast_z_test`)."""
    return contrast_z_test([g[(a, hi)], g[(a, lo)], g[(b, hi)], g[(b, lo)]], [1.0, -1.0, -1.0, 1.0])


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

    pv, g = _printed_cells(claims, table), _sweep_groups(draws)
    if "pyramid" not in {m for m, _ in pv}:
        return
    auto = sorted({m for m, _ in pv} & set(ROUGE_METRICS))  # BE is not computed
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
        est, p = _gain_contrast(g, "pyramid", metric, lo, hi)
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


def su4_stability_claims(claims: Claims, table: str, draws: Optional[Mapping] = None) -> None:
    """Section 5: "ROUGE-SU4 ... is the least sensitive to such changes [in the number of
    models and topics] and the most stable" (BE, "the most sensitive", is not computed):
    ``su4_least_sensitive:<table>``, ROUGE-SU4's gain from the fewest to the most models or
    topics drawn minus ROUGE-2's, r_S(hi) - r_S(lo) - r_2(hi) + r_2(lo), Welch-type z test of
    the four groups of draws; sizes whose printed cell is an erratum are skipped; the
    direction tested is the printed table's."""
    cid, source = f"su4_least_sensitive:{table}", f"Section 5; {table.title()}"
    both = ("rougesu4", "rouge2")
    pv, g = _printed_cells(claims, table), _sweep_groups(draws)
    sizes = sorted(
        k
        for k in {k for (_, k) in pv}
        if all((m, k) in pv and len(g.get((m, k), ())) > 1 for m in both)
    )
    if len(sizes) < 2:
        claims.not_comparable(
            cid, source=source, printed="-", note="ROUGE-2 and ROUGE-SU4 not drawn at two sizes"
        )
        return
    lo, hi = sizes[0], sizes[-1]
    gain = {m: pv[(m, hi)] - pv[(m, lo)] for m in both}
    est, p = _gain_contrast(g, "rougesu4", "rouge2", lo, hi)
    unit = "models" if table in MODEL_TABLES.values() else "topics"
    claims.finding(
        cid,
        source=source,
        printed=f"gain {lo}->{hi} {unit}: ROUGE-SU4 {gain['rougesu4']:+.4f}, "
        f"ROUGE-2 {gain['rouge2']:+.4f}",
        expected="<" if gain["rougesu4"] < gain["rouge2"] else ">",
        difference=est,
        p_value=p,
        test=f"Welch-type z test of the contrast r_S({hi}) - r_S({lo}) - r_2({hi}) + r_2({lo}) "
        f"over the {unit} draws",
    )
