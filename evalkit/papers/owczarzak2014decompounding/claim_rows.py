"""Owczarzak, de Haan, Krupka & Hindle (2014): the paper's statements tested on this run's data
(:func:`claims`; a module not named ``claims`` so that the function keeps its name).
"""

from __future__ import annotations

from typing import Optional

import pandas as pd
from scipy import stats as sps

from evalkit.notebook.claims import Claims

from .spec import PAPER

__all__ = ["claims"]


def _across_languages(
    c: Claims,
    claim: str,
    *,
    source: str,
    printed: str,
    a: pd.Series,
    b: pd.Series,
    expected: str = ">",
    note: str = "",
) -> None:
    """A finding the paper states for every language, tested across the run's languages:
    paired t-test of ``a`` against ``b`` (one value per language); the per-language values
    are shown in ``this_run``."""
    shown = ", ".join(f"{k} {x:.1f}/{y:.1f}" for k, x, y in zip(a.index, a, b))
    if len(a) < 2:
        c.not_comparable(
            claim,
            source=source,
            printed=printed,
            this_run=shown,
            note="one language only: the paired test over languages needs two or more",
        )
        return
    c.paired_finding(
        claim,
        a.to_numpy(),
        b.to_numpy(),
        over=f"the {len(a)} languages",
        source=source,
        printed=printed,
        expected=expected,
        this_run=shown,
        note=note,
    )


def claims(
    table3: pd.DataFrame = None,
    table5: pd.DataFrame = None,
    table6: pd.DataFrame = None,
    errors: pd.DataFrame = None,
    data: str = "",
    given: Optional[str] = None,
) -> pd.DataFrame:
    """The paper's statements tested on this run's data (kind ``reproduced``): the
    statements about every language by a paired t-test over the run's languages, Table 6's
    average correlations by a one-sample t-test over languages, §5's most common error by
    a binomial test. ``given``: why this run's data gives the lexicalized compounds their
    gain (:data:`LEXICALIZED_GIVEN`, per data profile), making Table 3's two statements
    *by construction*; None where the data does not."""
    c = Claims(PAPER, data=data, kind="reproduced", digits=2)
    if table3 is not None:
        wide = table3.pivot(index="language", columns="condition", values=["f", "recall"])
        # (claim, source, statement, Table 3 column, its name in the note)
        for cid, source, statement, column, what in (
            (
                "lexicalized_beats_dynamic",
                "Table 3",
                "lexicalized + dynamic F > dynamic only F",
                "f",
                "F (%)",
            ),
            (
                "dynamic_recall_drops",
                "§4.2",
                "recall decreases considerably without lexicalized compounds",
                "recall",
                "recall (%)",
            ),
        ):
            if given:
                a, b = wide[(column, "lexicalized + dynamic")], wide[(column, "dynamic only")]
                c.by_construction(
                    cid,
                    source=source,
                    printed=statement,
                    this_run=", ".join(f"{k} {x:.1f}/{y:.1f}" for k, x, y in zip(a.index, a, b)),
                    note=f"{what} with / without the lexicalized compounds, per language; {given}",
                )
                continue
            _across_languages(
                c,
                cid,
                source=source,
                printed=statement,
                a=wide[(column, "lexicalized + dynamic")],
                b=wide[(column, "dynamic only")],
                note=f"{what} with / without the lexicalized compounds, per language",
            )
    if table5 is not None:
        t5 = table5.set_index("language")
        _across_languages(
            c,
            "guesser_below_dynamic",
            source="Table 5 + Abstract",
            printed="with missing lemmas, even the optimal guesser's F is low (below dynamic "
            "decompounding's)",
            a=t5["dynamic_only"],
            b=t5["guesser_f"],
            note="dynamic-only F / best guesser F (%), per language",
        )
        _across_languages(
            c,
            "segmentation_above_f",
            source="Table 5 + §4.3 + Abstract",
            printed="segmentation accuracy much higher than lemma F",
            a=t5["guesser_segmentation"],
            b=t5["guesser_f"],
            note="segmentation accuracy / guesser F (%) at the best setting, per language",
        )
    if table6 is not None:
        for s, expected, word in (
            ("min_compound", "<", "negative"),
            ("min_component", ">", "positive"),
        ):
            r = table6[table6["setting"] == s]["r"].astype(float).dropna()
            claim = f"average_r_sign.{s}"
            printed = f"average r {word}"
            if len(r) < 2:
                c.not_comparable(
                    claim,
                    source="Table 6 / §4.3",
                    printed=printed,
                    this_run=", ".join(f"{v:.2f}" for v in r) or "-",
                    note="fewer than two languages with an r: no test across languages",
                )
                continue
            res = sps.ttest_1samp(r.to_numpy(), 0.0)
            c.finding(
                claim,
                source="Table 6 / §4.3",
                printed=printed,
                expected=expected,
                difference=float(r.mean()),
                p_value=float(res.pvalue),
                test=f"one-sample t-test of the {len(r)} languages' r against 0",
                this_run=f"average r = {r.mean():.2f}",
            )
    if errors is not None and len(errors):
        counts = errors["class"].value_counts()
        over, conn = int(counts.get("over-split", 0)), int(counts.get("connector attached", 0))
        if over + conn:
            p = sps.binomtest(over, over + conn).pvalue
            c.finding(
                "oversplit_most_common",
                source="§5",
                printed="most errors: unknown strings split into known chunks",
                expected=">",
                difference=(over - conn) / (over + conn),
                p_value=float(p),
                test="binomial test of over-split against connector-attached errors",
                this_run=f"over-split {over}, connector attached {conn}",
                note="difference: the two classes' share difference among these errors",
            )
    return c.frame()
