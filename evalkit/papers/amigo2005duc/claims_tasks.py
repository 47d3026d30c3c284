"""Amigó et al. (2005b): the claim rows of the task 2 vs task 5 comparison
(``02_task2_vs_task5``), each tested."""

from __future__ import annotations

from typing import Optional

import pandas as pd
from scipy import stats as sps

from evalkit.notebook.claims import Claims
from evalkit.stats.multiplicity import contrast_z_test

from .spec import PAPER

__all__ = ["task_claims"]


#: Why ``gramsim_task5`` is evidence on the sample (an ablation, not a label).
_GRAMSIM_NOT_GIVEN = (
    ". Not given by the sample's all-extractive task 5 field (evalkit/data/simulate/who_is.py, "
    "peers()): with task 2's mix of strategies (summarization.make_peers) in its place the "
    "models' lead stays as large or larger and significant on the full sample; task 2 shows "
    "it too (where the paper finds the systems merge with the models): it comes from the "
    "models' own wording, which the simulator gives every task"
)


def task_claims(
    summary: pd.DataFrame,
    data: str,
    units: Optional[pd.DataFrame] = None,
    simulated: bool = False,
) -> pd.DataFrame:
    """§3.3, §3.4 and §4's task 2 vs task 5 findings on this run, tested on ``units``
    (:func:`task_units`): KING and JACK per topic compared between the tasks by Welch's
    t-test (different topics), the systems' QUEEN over GRAMSIM against the models' in task
    5 by a Mann-Whitney U test; where a profile has no task 5 the rows are not comparable.
    ``simulated``: the sample's task 5 (``evalkit/data/simulate/who_is.py``) gives the models
    less content-selection noise and the systems alike, so KING higher and JACK lower in
    task 5 are by construction there; the GRAMSIM gap is not (it survives task 2's field of
    systems in place of task 5's extractors: the row's note)."""
    c = Claims(PAPER, data=data)
    text = lambda key: c.printed("text", "printed", key=key)  # noqa: E731
    t = summary.set_index("task")
    both = {2, 5} <= set(t.index) and units is not None
    note = (
        ""
        if both
        else "this profile has no task 5 ('Who is X?') data: SummEval / licensed duc2004 are task 2"
    )
    checks = [
        ("king_higher_task5", "§3.3 / Figure 2", "king_set", "<"),
        ("king_higher_task5_mean", "§3.3 / Figure 2", "mean_king", "<"),
        ("jack_higher_task2", "§3.4 / Figure 3", "jack_set", ">"),
    ]
    for claim, source, col, expected in checks:
        key = claim.replace("_mean", "")
        if not both:
            c.not_comparable(
                claim, source=source, printed=text(key), this_run="task 2 only", note=note
            )
            continue
        if simulated:
            c.by_construction(
                claim,
                source=source,
                printed=text(key),
                this_run=f"{col}: task 2 {t.loc[2, col]:.3f}, task 5 {t.loc[5, col]:.3f}",
                note="the sample's task 5 models are given less content-selection noise "
                "(MODEL_NOISE) and its systems are alike (evalkit/data/simulate/who_is.py)",
            )
            continue
        topics = units[units["unit"] == "topic"]
        x2 = topics.loc[topics["task"] == 2, col].dropna().astype(float)
        x5 = topics.loc[topics["task"] == 5, col].dropna().astype(float)
        c.welch_finding(
            claim,
            x2,
            x5,
            source=source,
            printed=text(key),
            expected=expected,
            test=f"Welch t-test of the per-topic {col} ({len(x2)} task 2 against {len(x5)} task 5 "
            "topics)",
            this_run=f"{col}: task 2 {t.loc[2, col]:.3f}, task 5 {t.loc[5, col]:.3f}",
            note="difference: task 2 minus task 5",
        )
    missing = {}  # GRAMSIM claim id -> why this run cannot test it
    if both:
        systems = units[units["unit"] == "system"]
        # the system QUEEN over GRAMSIM of task 5's and task 2's models and peers
        groups = [
            systems.loc[(systems["task"] == task) & (systems["role"] == role), "queen"].astype(
                float
            )
            for task in (5, 2)
            for role in ("model", "peer")
        ]
        m5, p5 = groups[:2]
        gap = {k: float(t.loc[k, "gramsim_models"] - t.loc[k, "gramsim_peers"]) for k in (2, 5)}
        u = sps.mannwhitneyu(m5, p5, alternative="two-sided") if len(m5) and len(p5) else None
        c.finding(
            "gramsim_task5",
            source="§4 / Figure 6",
            printed=text("gramsim_task5"),
            expected=">",
            difference=gap[5],
            p_value=1.0 if u is None else float(u.pvalue),
            test=f"Mann-Whitney U test of task 5's system QUEEN over GRAMSIM, {len(m5)} models "
            f"against {len(p5)} peers",
            this_run=f"models - peers mean QUEEN(GRAMSIM): task 2 {gap[2]:.3f}, task 5 {gap[5]:.3f}",
            note="the finding tested is task 5's systems below the models; task 2's 'systems "
            "merge with the models' is an absence of difference, shown in this_run and "
            "tested as a contrast in gramsim_task5_vs_task2"
            + (_GRAMSIM_NOT_GIVEN if simulated else ""),
        )
        if min(len(g) for g in groups) >= 2:
            contrast, p_contrast = contrast_z_test(groups, [1.0, -1.0, -1.0, 1.0])
            c.finding(
                "gramsim_task5_vs_task2",
                source="§4 / Figure 6",
                printed=text("gramsim_task5"),
                expected=">",
                difference=contrast,
                p_value=p_contrast,
                test="Welch-type z test of the contrast (models - peers) task 5 minus (models - "
                "peers) task 2 of the system QUEEN over GRAMSIM "
                f"({', '.join(str(len(g)) for g in groups)} models/peers in tasks 5/2)",
                this_run=f"task 5 gap {gap[5]:.3f} - task 2 gap {gap[2]:.3f} = {contrast:+.3f}",
                note="the paper's contrast: the systems merge with the models in task 2 but fall "
                "below them in task 5, so the models' lead is larger in task 5",
            )
        else:
            missing["gramsim_task5_vs_task2"] = "fewer than two models or peers in a task"
    else:
        missing = dict.fromkeys(("gramsim_task5", "gramsim_task5_vs_task2"), "task 2 only")
    for cid, why in missing.items():
        c.not_comparable(
            cid, source="§4 / Figure 6", printed=text("gramsim_task5"), this_run=why, note=note
        )
    return c.frame()
