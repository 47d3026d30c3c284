"""Murray et al. (2005): the claim rows of a run: Tables 1-2, the rho's, the ROUGE ranking,
the WER table and the findings of Section 5, each tested."""

from __future__ import annotations

from typing import Optional

import pandas as pd

from evalkit.data.published import read_published
from evalkit.notebook.claims import Claims
from evalkit.stats.correlation import fisher_ci
from evalkit.stats.pairwise import sign_flip_test

from .spec import PAPER

__all__ = ["paper_vs_run", "PAIRED", "headline_claims"]


PAIRED = "sign-flip test over meetings"
#: Sign vectors :func:`sign_flip_test` draws (exact, every vector, up to 13 meetings).
_RESAMPLES = 9999


def _paired_finding(
    c: Claims,
    claim: str,
    source: str,
    printed: str,
    x: pd.Series,
    y: pd.Series,
    what: str,
    this_run: Optional[str] = None,
) -> None:
    """The finding "``x`` above ``y``" added to ``c``, tested by :data:`PAIRED` over the
    meetings both have (:func:`evalkit.stats.pairwise.sign_flip_test`: the meetings are the
    independent units, and a t-test on the 2 meetings of a quick run called two equal
    differences of judge means significant; NaN difference and p below two meetings);
    ``what`` names the difference (in the note)."""
    both = pd.concat([x.rename("x"), y.rename("y")], axis=1).dropna()
    row = dict(source=source, printed=printed, this_run=this_run, note=what)
    nan = float("nan")
    enough = len(both) >= 2
    diff, p = sign_flip_test(both["x"], both["y"], n_resamples=_RESAMPLES) if enough else (nan, nan)
    exact = "exact " if 2 ** len(both) <= _RESAMPLES else ""
    test = f"{exact}{PAIRED} (n = {len(both)})"
    c.finding(claim, expected=">", difference=diff, p_value=p, test=test, **row)


def headline_claims(
    c: Claims,
    rouge: Optional[pd.DataFrame],
    ratings: Optional[pd.DataFrame],
    comparable: bool,
    why: str = "",
) -> None:
    """The findings of Section 5 (the paper's conclusion) on this run, added to ``c``: ROUGE
    puts LSA and MMR above the feature-based approaches, the judges reverse it, and the
    ASR decline is smaller for LSA and MMR than for FB1 and FB2 (each an exact sign-flip test
    over meetings of the mean of one pair of approaches minus the other's: 2 meetings, as
    on a quick run, can never be significant; 6, all of one sign, give p = 2 / 64).
    ``comparable=False`` (the public stand-in has no FB/LSA/MMR): not comparable rows saying
    ``why``."""
    findings = (
        ("rouge_lsa_mmr_above_fb", "ROUGE-1: mean(LSA, MMR) - mean(FB1, FB2), manual"),
        ("human_reverses_rouge", "INF-1: mean(FB1, FB2) - mean(LSA, MMR), manual"),
        ("asr_decline_smaller_lsa_mmr", "INF-1 manual-minus-ASR drop: FB pair - LSA/MMR pair"),
    )
    printed_text = {
        "rouge_lsa_mmr_above_fb": "MMR and LSA significantly better than the feature-based "
        "approaches according to ROUGE",
        "human_reverses_rouge": "these findings were reversed according to the human evaluations",
        "asr_decline_smaller_lsa_mmr": "LSA-ASR and MMR-ASR have a small and insignificant "
        "decline compared with the decline for the feature-based approaches",
    }
    for claim, what in findings:
        if (rouge if claim == "rouge_lsa_mmr_above_fb" else ratings) is None:
            continue
        if not comparable:
            c.not_comparable(
                claim, source="Section 5", printed=printed_text[claim], note=f"{what}: {why}"
            )
            continue
        if claim == "rouge_lsa_mmr_above_fb":
            r = rouge[rouge["transcript"] == "manual"].pivot_table(
                index="meeting", columns="approach", values="ROUGE-1"
            )
            a, b = r[["LSA", "MMR"]].mean(axis=1), r[["FB1", "FB2"]].mean(axis=1)
        else:
            inf1 = ratings[ratings["statement"] == "INF1"].pivot_table(
                index="meeting", columns=["transcript", "approach"], values="rating"
            )
            if claim == "human_reverses_rouge":
                m = inf1["manual"]
                a, b = m[["FB1", "FB2"]].mean(axis=1), m[["LSA", "MMR"]].mean(axis=1)
            else:
                if "asr" not in inf1.columns.get_level_values(0):
                    continue
                drop = inf1["manual"] - inf1["asr"]
                a, b = drop[["FB1", "FB2"]].mean(axis=1), drop[["LSA", "MMR"]].mean(axis=1)
        _paired_finding(c, claim, "Section 5", printed_text[claim], a, b, what)


def paper_vs_run(
    data: str,
    tables: Optional[pd.DataFrame] = None,
    corr: Optional[pd.DataFrame] = None,
    rouge: Optional[pd.DataFrame] = None,
    wer: Optional[pd.DataFrame] = None,
    ratings: Optional[pd.DataFrame] = None,
    approaches_comparable: bool = True,
    simulated: bool = False,
) -> pd.DataFrame:
    """Claims of Tables 1-2, the rho's, the ROUGE ranking, the WER table and the findings of
    Section 5 beside a run (given parts only). ``approaches_comparable=False``: the run's
    systems are not the paper's four approaches (public: SummEval system ids), so the claims
    naming an approach are not comparable. ``simulated``: the sample's ASR channel
    (``evalkit/data/simulate/meetings.py``) is given more errors on short dialogue acts, so
    the summaries' WER below the meeting's is by construction there."""
    c = Claims(PAPER, data=data, kind="reproduced", digits=4)
    other_systems = "the run's systems are SummEval's CNN/DM systems, not FB1/LSA/MMR/FB2"
    for tr, table in (("manual", "table1"), ("asr", "table2")) if tables is not None else ():
        p = read_published(PAPER, table)
        mine = tables[tables["transcript"] == tr].set_index("statement")
        for st, approach, value in p[["statement", "approach", "value"]].itertuples(index=False):
            if st in mine.index and approach in mine.columns:
                c.not_comparable(
                    f"{table}_{st}_{approach}",
                    source=table.replace("table", "Table "),
                    printed=float(value),
                    this_run=round(float(mine.loc[st, approach]), 2),
                    note="different summaries, judges and scale",
                )
    text = read_published(PAPER, "text").set_index("claim")
    for claim, subset in (
        (("rho_inf1_asr", "asr"), ("rho_inf1_all", "all")) if corr is not None else ()
    ):
        hit = corr[(corr["transcripts"] == subset) & (corr["statement"] == "INF1")]
        if len(hit):
            row = hit.iloc[0]
            c.finding(
                claim,
                source="Section 4.3",
                printed=f"rho = {text.loc[claim, 'value']}, p < 0.05",
                expected=">",
                difference=row["rho"],
                p_value=row["p_value"],
                test=f"Spearman rho against 0 (n = {row['n']})",
                this_run=f"rho = {row['rho']:.3f}",
                note="ROUGE-1 against INFORMATIVENESS-1; the paper: positive and significant",
            )
    manual = (
        corr[(corr["transcripts"] == "manual") & (corr["statement"] == "INF1")]
        if corr is not None
        else ()
    )
    if len(manual):
        row = manual.iloc[0]
        moderate = float(text.loc["rho_inf1_asr", "value"])
        lo, hi = fisher_ci(row["rho"], int(row["n"]), method="spearman")
        c.finding(
            "rouge_human_poor",
            source="Section 4.3 + Section 5",
            printed="ROUGE did not correlate well with the human evaluations (manual: no "
            f"significant correlation; the best, on ASR, 'moderate': rho = {moderate:g})",
            expected="<",
            difference=float(row["rho"]) - moderate,
            ci=(lo - moderate, hi - moderate),
            test=f"Fisher-z 95% interval of Spearman rho (n = {row['n']}) against the rho the "
            "paper calls moderate (Section 4.3): agrees when the interval lies below it",
            this_run=f"rho = {row['rho']:.3f} [{lo:.3f}, {hi:.3f}] (n = {row['n']})",
            note="ROUGE-1 against INFORMATIVENESS-1, manual transcripts",
        )
    if rouge is not None and "ROUGE-1" in rouge and set(rouge["transcript"]) >= {"manual"}:
        per = rouge[rouge["transcript"] == "manual"].pivot_table(
            index="meeting", columns="approach", values="ROUGE-1"
        )
        if ratings is not None and approaches_comparable:
            pass  # notebook 01 checks the ranking of the run's own summaries
        elif approaches_comparable and "LSA" in per.columns:
            wins = int((per.idxmax(axis=1) == "LSA").sum())
            _paired_finding(
                c,
                "rouge_best_manual",
                "Section 4.1",
                "LSA best on every meeting (ROUGE-1, manual)",
                per["LSA"],
                per.drop(columns="LSA").max(axis=1),
                "LSA's ROUGE-1 minus the best other approach's",
                this_run=f"LSA best on {wins}/{len(per)} meetings",
            )
        else:
            c.not_comparable(
                "rouge_best_manual",
                source="Section 4.1",
                printed="LSA best on every meeting (ROUGE-1, manual)",
                this_run=f"best: {per.mean().idxmax()}",
                note=other_systems,
            )
    if wer is not None and len(wer) and simulated:
        below = int((wer["summary_wer"] < wer["meeting_wer"]).sum())
        c.by_construction(
            "summary_wer_below_meeting_wer",
            source="Section 4.1.1 (WER table)",
            printed="lower for each of the 6 meetings",
            this_run=f"{below}/{len(wer)}",
            note="the simulated ASR channel is given a per-DA difficulty 1 + 2.5 / words "
            "(short back-channels and fillers are recognized worse), so extracts of content "
            "DAs have a lower WER than their meeting",
        )
    elif wer is not None and len(wer):
        below = int((wer["summary_wer"] < wer["meeting_wer"]).sum())
        w = wer.set_index("meeting")
        _paired_finding(
            c,
            "summary_wer_below_meeting_wer",
            "Section 4.1.1 (WER table)",
            "lower for each of the 6 meetings",
            w["meeting_wer"],
            w["summary_wer"],
            "meeting WER minus summary WER (the four approaches' ASR summaries pooled)",
            this_run=f"{below}/{len(wer)}",
        )
    # ROUGE's ranking is a finding of notebook 01 (the run's own summaries), the judges' of 02
    headline_claims(
        c, rouge if ratings is None else None, ratings, approaches_comparable, other_systems
    )
    return c.frame()
