"""Murray et al. (2005): what Tables 1-2, the WER table and the printed rho's imply, and the
printed values the figures mark."""

from __future__ import annotations

import pandas as pd

from evalkit.data.published import read_published
from evalkit.notebook.claims import Claims
from evalkit.stats import printed

from .spec import APPROACHES, PAPER, PRINTED, STATEMENTS, WORSE_IS_HIGHER

__all__ = ["printed_checks", "printed_correlations"]


def printed_checks() -> pd.DataFrame:
    c = Claims(PAPER, data=PRINTED, kind="recomputed", digits=4)
    tables = {t: read_published(PAPER, t) for t in ("table1", "table2")}
    for name, t in tables.items():
        ok = [printed.consistent_mean(float(v), 30) for v in t["value"]]
        c.check(
            f"{name}_means_of_30",
            source=name.replace("table", "Table "),
            printed="5 judges x 6 meetings",
            this_run=f"{sum(ok)}/{len(ok)} cells are k/30",
            holds=all(ok),
            note="every cell a mean of 30 integer ratings",
        )
    t1 = tables["table1"].pivot(index="statement", columns="approach", values="value").astype(float)
    best = [
        (t1.loc[s].idxmin() if s in WORSE_IS_HIGHER else t1.loc[s].idxmax()) for s in STATEMENTS
    ]
    c.check(
        "fb1_best_manual",
        source="Table 1 + Section 4.2",
        printed="FB1 best on every statement",
        this_run=", ".join(best),
        holds=set(best) == {"FB1"},
        note="best approach per INF-1..6 (INF-5, INF-6: lowest is best)",
    )
    text = read_published(PAPER, "text").set_index("claim")
    for claim, (small, small_unit), (large, large_unit) in (
        ("rho_inf1_asr", (4, "the 4 approaches"), (24, "4 approaches x 6 meetings")),
        ("rho_inf1_all", (8, "the 8 conditions"), (48, "8 conditions x 6 meetings")),
    ):
        rho = float(text.loc[claim, "value"])
        on_small = printed.spearman_attainable(rho, small)
        on_large = printed.spearman_attainable(rho, large)
        p = printed.correlation_p_value(rho, large)
        c.check(
            f"{claim}_unit",
            source="Section 4.3",
            printed=f"rho = {rho:.3f}, p < 0.05 (unit not stated)",
            this_run=(
                f"{'possible' if on_small else 'impossible'} on {small} points ({small_unit}); "
                f"{'possible' if on_large else 'impossible'} on {large} points "
                f"({large_unit}{', D = ' + str(on_large[0]) if on_large else ''}), p = {p:.3f}"
            ),
            holds=not on_small and bool(on_large) and p < 0.05,
            note="README reading 2: with n untied points rho = 1 - 6D/(n^3 - n), D even, so the "
            "printed rho fixes the unit as approach x meeting; agrees when it is impossible on "
            "the small unit and possible and significant on the large one",
        )
    wer = read_published(PAPER, "wer")
    below = (wer["summary_wer"] < wer["meeting_wer"]).all()
    c.check(
        "summary_wer_below_meeting_wer",
        source="Section 4.1.1 (WER table)",
        printed="lower for each of the 6 meetings",
        this_run=f"{int((wer['summary_wer'] < wer['meeting_wer']).sum())}/6",
        holds=bool(below),
    )
    c.derived(
        "wer_means",
        source="Section 4.1.1 (WER table)",
        this_run=f"summary {wer['summary_wer'].mean():.2f}, meeting {wer['meeting_wer'].mean():.2f}",
        note="means of the printed per-meeting WERs (the paper prints none): the test meetings "
        "are harder than the 29.5% corpus average",
    )
    t2 = tables["table2"].pivot(index="statement", columns="approach", values="value").astype(float)
    drop = (t1 - t2).loc["INF1"]
    c.check(
        "lsa_most_resilient_inf1",
        source="Tables 1-2 + Section 4.2.1",
        printed="LSA degrades least",
        this_run=", ".join(f"{a} {drop[a]:+.2f}" for a in APPROACHES),
        holds=drop.idxmin() == "LSA",
        note="INF-1 manual minus ASR",
    )
    return c.frame()


def printed_correlations() -> pd.DataFrame:
    """Section 4.3's printed Spearman rho's of ROUGE-1 with INFORMATIVENESS-1 in the layout
    of :func:`rouge_human_correlations` (``transcripts, statement, rho``): ASR and all."""
    text = read_published(PAPER, "text").set_index("claim")
    return pd.DataFrame(
        {
            "transcripts": ["asr", "all"],
            "statement": "INF1",
            "rho": [float(text.loc[k, "value"]) for k in ("rho_inf1_asr", "rho_inf1_all")],
        }
    )
