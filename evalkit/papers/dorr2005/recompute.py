"""Dorr et al. (2005): what the printed counts, rates and times imply, recomputed exactly
(:func:`printed_checks`; Tables 1-6 and the text)."""

from __future__ import annotations


import numpy as np
import pandas as pd

from evalkit.data.published import read_published
from evalkit.notebook.claims import Claims
from evalkit.stats import printed

from .spec import ALL_JUDGMENTS, PAPER, PER_EVENT, PRINTED, SURROGATES, MEASURES

__all__ = ["printed_checks"]


def _exact(
    c: Claims, claim: str, source: str, printed_value, value, ok: bool, note: str = ""
) -> None:
    """A recomputation from printed numbers that holds (``ok``, computed) or not."""
    c.check(
        claim.replace("/", "-"),
        source=source,
        printed=printed_value,
        this_run=value,
        holds=bool(ok),
        note=note,
    )


def _overall(t1: pd.DataFrame, surrogate: str, measure: str) -> float:
    """Table 1's value of ``measure`` over all events for ``surrogate``."""
    rows = t1[(t1.surrogate == surrogate) & (t1.event == "overall") & (t1.measure == measure)]
    return float(rows["value"].iloc[0])


def printed_checks() -> pd.DataFrame:
    """Every number other printed numbers determine (Tables 1, 2-4, 5, 6 and the text)."""
    t1 = read_published(PAPER, "table1")
    t6 = read_published(PAPER, "table6")
    text = read_published(PAPER, "text").set_index("claim")
    c = Claims(PAPER, data=PRINTED, kind="recomputed", digits=5)
    for s in SURROGATES:
        g = t6[(t6["surrogate"] == s) & (t6["judgment"] != "TOTAL")].set_index("judgment")
        total = int(g["count"].sum())
        _exact(c, f"{s}_count_total", "Table 6", 600, total, total == 600)
        for judgment, row in g.iterrows():
            rules = printed.rounding_rules(
                int(row["count"]), ALL_JUDGMENTS, str(int(row["percent"])), scale=100
            )
            c.compare(
                f"{s}_{judgment}_percent".replace("/", "-"),
                source="Table 6",
                printed=f"{int(row['percent'])}%",
                this_run=round(100 * row["count"] / ALL_JUDGMENTS, 4),
                note=f"count / 600; per-cell rounding rule(s) giving the printed value: "
                f"{', '.join(rules) or 'none'} (the column as a whole: largest remainder)",
            )
        _exact(
            c,
            f"{s}_percent_largest_remainder",
            "Table 6",
            "/".join(f"{int(v)}%" for v in g["percent"]),
            "/".join(f"{100 * v / ALL_JUDGMENTS:.2f}%" for v in g["count"]),
            printed.largest_remainder_explains(g["count"], g["percent"]),
            "the four shares rounded by largest remainder (floors, then the missing units to "
            "the largest remainders, ties either way) so that they sum to 100%: no per-cell "
            "rule is needed (README reading 1)",
        )
        rp = 100 * (g.loc["Rel/Rel", "count"] + g.loc["NonRel/NonRel", "count"]) / 600
        t1rp = _overall(t1, s, "rp")
        _exact(
            c,
            f"{s}_rp_from_counts",
            "Table 6 -> Table 1",
            f"{t1rp:g}%",
            round(rp, 4),
            round(rp) == t1rp,
            "(Rel/Rel + NonRel/NonRel) / 600",
        )
        r1_total = float(t6[(t6.surrogate == s) & (t6.judgment == "TOTAL")]["r1_mean"].iloc[0])
        for claim, column, source, total, digits, tolerance, note in (
            ("r1_total", "r1_mean", "Table 6", r1_total, 5, 5e-5, "of the four outcome means"),
            (
                "seconds",
                "seconds",
                "Table 6 -> Table 1",
                _overall(t1, s, "seconds"),
                3,
                0.05,
                "time of the outcomes (their times are printed to 0.1 s)",
            ),
        ):
            mean = float((g["count"] * g[column].astype(float)).sum() / 600)
            ok, this_run = abs(mean - total) <= tolerance, round(mean, digits)
            _exact(c, f"{s}_{claim}", source, total, this_run, ok, f"count-weighted mean {note}")
        ev = t1[(t1.surrogate == s) & (t1.event != "overall")]
        for m in MEASURES:
            parts = ev[ev.measure == m]["value"].astype(float).tolist()
            over = _overall(t1, s, m)
            ok, low, high = printed.pooled_rate_consistent(parts, [PER_EVENT] * len(parts), over)
            _exact(
                c,
                f"{s}_{m}_overall",
                "Table 1",
                f"{over:g}%",
                f"{low:.2f}-{high:.2f}%",
                ok,
                f"the pooled rate of three events of {PER_EVENT} judgments printed "
                f"{', '.join(f'{v:g}%' for v in parts)} lies in {low:.2f}-{high:.2f}%; "
                "consistent when an integer count per event prints as the event's rate and "
                "their sum as the overall rate (the roundings of the parts and of the total)",
            )
        gain = float(text.loc[f"rp_gain_{s.lower()}", "value"])
        ldc = _overall(t1, s, "ldc")
        _exact(
            c,
            f"{s}_gain",
            "text + Tables 1, 6",
            f"{gain:g}",
            round(rp - gain, 4),
            abs(rp - gain - ldc) <= 0.5 + 0.05,
            f"exact RP {rp:.2f} minus the printed gain gives an LDC rate that prints as {ldc:g}% "
            "(within the roundings of the gain, 0.05, and of the rate, 0.5)",
        )
    doc = float(t1[(t1.surrogate == "DOC")]["value"].iloc[0])
    head = float(t1[(t1.surrogate == "HEAD") & (t1.measure == "seconds")]["value"].iloc[0])
    red = 100 * (1 - head / doc)
    _exact(
        c,
        "time_reduction",
        "text + Table 1",
        f"{text.loc['time_reduction', 'value']:g}%",
        round(red, 2),
        abs(red - float(text.loc["time_reduction", "value"])) < 1,
        f"1 - {head:.2f}/{doc:.2f}",
    )
    fn = t6.set_index(["surrogate", "judgment"])["count"]
    ratio = 100 * (fn[("HEAD", "NonRel/Rel")] / fn[("HUM", "NonRel/Rel")] - 1)
    _exact(
        c,
        "false_negative_increase",
        "text + Table 6",
        "50%",
        round(ratio, 2),
        abs(ratio - 50) < 5,
        "117/77 - 1",
    )
    n_text = int(text.loc["n_head_nonrel_rel", "value"])
    c.erratum(
        "HEAD_NonRel-Rel_N",
        source="Section 6 + Table 6",
        printed=n_text,
        this_run=int(fn[("HEAD", "NonRel/Rel")]),
        tolerance=0,
        note="README erratum 2: the prose's example N for HEAD's NonRel/Rel judgments is "
        "Table 6's NonRel/NonRel count",
    )
    _representative_checks(c)
    return c.frame()


def _representative_checks(c: Claims) -> None:
    t5 = read_published(PAPER, "table5")
    for s in SURROGATES:
        r1 = read_published(PAPER, "table4")
        x = r1[(r1.surrogate == s) & (r1.partition != "avg")]["value"].astype(float).to_numpy()
        for m, table in (("rp", "table2"), ("ldc", "table3")):
            y = read_published(PAPER, table)
            y = y[y.surrogate == s]["value"].astype(float).to_numpy()
            r = float(np.corrcoef(x, y)[0, 1])
            p4 = float(
                t5[(t5.surrogate == s) & (t5.measure == m) & (t5.partition_size == 4)][
                    "value"
                ].iloc[0]
            )
            c.check(
                f"{s}_{m}_representative_r",
                source="Tables 2-4 vs Table 5 (P = 4)",
                printed=p4,
                this_run=round(r, 4),
                kind="consistency",
                holds=bool(np.sign(r) == np.sign(p4)),
                evidence="same sign",
                note="r on the printed representative partition against Table 5's r over "
                "10,000 partitions: the same sign expected of a 'representative' partition",
            )
            lo, hi = (
                read_published(PAPER, "text")
                .set_index("claim")
                .loc[f"{m}_{s.lower()}_{k}", "value"]
                for k in ("min", "max")
            )
            _exact(
                c,
                f"{s}_{m}_min_max",
                "text + Tables 2-3",
                f"{lo:g}-{hi:g}%",
                f"{y.min():g}-{y.max():g}%",
                (y.min(), y.max()) == (float(lo), float(hi)),
            )
