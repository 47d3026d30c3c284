"""Owczarzak & Dang (2009): Section 5's findings on how the metrics change as models or topics
are added: Pyramid against ROUGE over the models (Tables 1-2, where Pyramid is a row and
Responsiveness the reference) and ROUGE-SU4's stability (Tables 1-5 and 7-11), tested over the
topics with the topic bootstrap resamples of :func:`~.experiments.models_experiment` /
:func:`~.experiments.topics_experiment` (:func:`.topic_tests.topic_interval`; not comparable on
fewer than :data:`~evalkit.stats.cluster_bootstrap.MIN_CLUSTERS` topics).

``pyramid_gains_less:<table>:<metric>``: r_P(k) - r_P(1) - r_M(k) + r_M(1), k the most models
drawn (a gain in mean r, range -2..2), 95% topic bootstrap interval;
``pyramid_above_automatic:<table>``: r_P(k) - r_M(k) for every k and ROUGE metric M, one
interval per pair, intersection-union over the pairs (significant only when every pair's
interval excludes 0 on the same side; difference: their mean, range -2..2);
``su4_least_sensitive:<table>``: r_S(hi) - r_S(lo) - r_2(hi) + r_2(lo) between the fewest and
the most models or topics drawn. The direction tested is the printed table's. Before, these
were Welch-type tests over the draws, whose p-values shrank with their number (:mod:`.claims`).
"""

from __future__ import annotations

from typing import Mapping, Optional

from evalkit.notebook.claims import Claims
from evalkit.stats.cluster_bootstrap import MIN_CLUSTERS

from .spec import ERRATA, METRICS, MODEL_TABLES, ROUGE_METRICS
from .topic_tests import _FEW_TOPICS, INTERVALS, _beyond, topic_finding, topic_interval

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


def _gain_weights(a: str, b: str, lo: int, hi: int) -> dict:
    """The contrast r_a(hi) - r_a(lo) - r_b(hi) + r_b(lo): a's gain from ``lo`` to ``hi``
    minus b's."""
    return {(a, hi): 1.0, (a, lo): -1.0, (b, hi): -1.0, (b, lo): 1.0}


def pyramid_models_claims(claims: Claims, table: str, draws: Optional[Mapping] = None) -> None:
    """Section 5's two findings on Pyramid and the number of models (Tables 1-2, where Pyramid
    is a row), tested over the topics; the paper's direction is the printed table's.

    ``pyramid_gains_less:<table>:<metric>`` -- "manual metrics such as Pyramid gain less from
    the addition of more model summaries than the automatic metrics": Pyramid's gain from 1 to
    the most models drawn (k) minus ``metric``'s, the contrast r_P(k) - r_P(1) - r_M(k) +
    r_M(1) of the cells' mean r with its topic bootstrap interval
    (:func:`.topic_tests.topic_finding`).

    ``pyramid_above_automatic:<table>`` -- "Whatever the number of models, manual Pyramid
    considerably outperforms automatic metrics": Pyramid minus each automatic metric at every
    number of models drawn, one topic bootstrap interval per pair, intersection-union over
    the pairs: the row's interval runs from the lowest pair's low end to the highest pair's
    high end, so it excludes 0 only when every pair's does on the same side."""
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
        missing = "Pyramid or this metric not drawn at two numbers of models (public: no pyramids)"
        if not ready(metric):
            claims.not_comparable(cid, source=source, printed="-", note=missing)
            continue
        lo, hi = sizes[0], sizes[-1]
        gain_p = pv[("pyramid", hi)] - pv[("pyramid", lo)]
        gain_m = pv[(metric, hi)] - pv[(metric, lo)]
        topic_finding(
            claims,
            cid,
            draws,
            _gain_weights("pyramid", metric, lo, hi),
            f"r_P({hi}) - r_P({lo}) - r_M({hi}) + r_M({lo}) models",
            missing=missing,
            expected="<" if gain_p < gain_m else ">",
            note=""
            if gain_p < gain_m
            else f"the printed {table.title()} has Pyramid gaining more than {METRICS[metric]}, "
            "against Section 5's statement: the row tests the printed direction",
            source=source,
            printed=f"gain {lo}->{hi} models: Pyramid {gain_p:+.4f}, {METRICS[metric]} {gain_m:+.4f}",
        )
    cid = f"pyramid_above_automatic:{table}"
    usable = [m for m in auto if ready(m)]
    pairs = [(k, m) for k in sizes for m in usable]
    got = [topic_interval(draws, {("pyramid", k): 1.0, (m, k): -1.0}) for k, m in pairs]
    if not usable or any(x is None for x in got):
        claims.not_comparable(
            cid, source=source, printed="-", note="Pyramid and an automatic metric not both drawn"
        )
        return
    above = all(pv[("pyramid", k)] > pv[(m, k)] for k, m in pairs)
    row = dict(
        source=source,
        printed=f"Pyramid {'above' if above else 'not above'} "
        f"{', '.join(METRICS[m] for m in usable)} at {sizes[0]}-{sizes[-1]} models",
    )
    n_topics = got[0][3]
    if n_topics < MIN_CLUSTERS:
        claims.not_comparable(cid, note=f"{n_topics} topics: {_FEW_TOPICS}", **row)
        return
    diffs = [x[0] for x in got]
    n_boot = draws["topic_boot"]["resample"].nunique()
    beyond = [x[0] for x in got if x[1] != x[1]]  # NaN: no interval
    if beyond:
        claims.not_comparable(cid, note=_beyond(beyond[0], n_boot), **row)
        return
    claims.finding(
        cid,
        expected=">" if above else "<",
        difference=float(sum(diffs) / len(diffs)),
        ci=(min(x[1] for x in got), max(x[2] for x in got)),
        test=f"topic bootstrap of r_P(k) - r_M(k) per (number of models, metric): 95% "
        f"{INTERVALS['bc']} intervals over {n_boot} resamples of the {n_topics} topics, "
        f"intersection-union over {len(pairs)} pairs (difference: their mean; smallest "
        f"{min(diffs):+.4f})",
        **row,
    )


def su4_stability_claims(claims: Claims, table: str, draws: Optional[Mapping] = None) -> None:
    """Section 5: "ROUGE-SU4 ... is the least sensitive to such changes [in the number of
    models and topics] and the most stable" (BE, "the most sensitive", is not computed):
    ``su4_least_sensitive:<table>``, ROUGE-SU4's gain from the fewest to the most models or
    topics drawn minus ROUGE-2's, r_S(hi) - r_S(lo) - r_2(hi) + r_2(lo), with its topic
    bootstrap interval (:func:`.topic_tests.topic_finding`); sizes whose printed cell is an
    erratum are skipped; the direction tested is the printed table's."""
    cid, source = f"su4_least_sensitive:{table}", f"Section 5; {table.title()}"
    both = ("rougesu4", "rouge2")
    pv, g = _printed_cells(claims, table), _sweep_groups(draws)
    sizes = sorted(
        k
        for k in {k for (_, k) in pv}
        if all((m, k) in pv and len(g.get((m, k), ())) > 1 for m in both)
    )
    missing = "ROUGE-2 and ROUGE-SU4 not drawn at two sizes"
    if len(sizes) < 2:
        claims.not_comparable(cid, source=source, printed="-", note=missing)
        return
    lo, hi = sizes[0], sizes[-1]
    gain = {m: pv[(m, hi)] - pv[(m, lo)] for m in both}
    unit = "models" if table in MODEL_TABLES.values() else "topics"
    topic_finding(
        claims,
        cid,
        draws,
        _gain_weights("rougesu4", "rouge2", lo, hi),
        f"r_S({hi}) - r_S({lo}) - r_2({hi}) + r_2({lo}) {unit}",
        missing=missing,
        expected="<" if gain["rougesu4"] < gain["rouge2"] else ">",
        source=source,
        printed=f"gain {lo}->{hi} {unit}: ROUGE-SU4 {gain['rougesu4']:+.4f}, "
        f"ROUGE-2 {gain['rouge2']:+.4f}",
    )
