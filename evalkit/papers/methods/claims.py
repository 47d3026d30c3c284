"""The toolbox notebook's claim rows and the simulator realism report's rows."""

from __future__ import annotations


import numpy as np
import pandas as pd

__all__ = ["toolbox_claims", "realism_claims"]


def toolbox_claims(
    fisher: pd.DataFrame,
    calibration: pd.DataFrame,
    calibrated: pd.DataFrame,
    system_table: pd.DataFrame,
    *,
    metric_a: str,
    alpha: float,
    data: str,
) -> pd.DataFrame:
    """Consistency claims (no printed table): what the papers state, checked on this run.

    * the summary-level Fisher interval with ``n`` = systems per input (Deutsch et al. 2021)
      has Fisher-z half-width ratio ``sqrt((n_in - 4)/(n_sys - 4))`` to the ``n`` = inputs one;
    * PERM-* reject at about ``alpha`` on metrics of equal true correlation;
    * tie calibration never lowers acc_eq (Deutsch et al. 2023);
    * pairwise accuracy (Kocmi et al. 2021) equals acc_eq at epsilon 0 at the system level.
    """
    from evalkit.notebook.claims import Claims

    c = Claims("methods", data=data, kind="consistency")
    summ = fisher[
        (fisher.level == "summary") & (fisher.metric == metric_a) & (fisher.method == "kendall")
    ].set_index("fisher_n")
    half = (np.arctanh(summ["ci_high"]) - np.arctanh(summ["ci_low"])) / 2
    expected = np.sqrt((summ.loc["inputs", "n_fisher"] - 4) / (summ.loc["systems", "n_fisher"] - 4))
    ratio = float(half["systems"] / half["inputs"])
    c.add(
        "fisher_n",
        source="Deutsch et al. 2021, Sec. 3; Bonett & Wright 2000",
        printed=float(expected),
        this_run=ratio,
        agrees=bool(np.isclose(ratio, expected)),
        note="summary-level Kendall CI: z half-width ratio, n = systems vs n = inputs",
    )
    perm = calibration[calibration.test == "perm"]
    c.add(
        "perm_calibrated",
        source="Deutsch et al. 2021, Sec. 5",
        printed=f"about {alpha}",
        this_run=", ".join(f"{r:.3f}" for r in perm["rate"]),
        agrees=bool(((perm["ci_low"] <= alpha) | (perm["rate"] <= alpha)).all()),
        note="PERM-* rejection rates on equal-correlation metrics (Wilson intervals in calibration.csv)",
    )
    gain = float((calibrated["value"] - calibrated["value_at_0"]).min())
    c.add(
        "tie_calibration",
        source="Deutsch et al. 2023, Sec. 5",
        printed=">= 0",
        this_run=gain,
        agrees=bool(gain >= 0),
        note="smallest gain of calibrated acc_eq over acc_eq at epsilon 0",
    )
    gap = float((system_table["accuracy"] - system_table["tau_acc23"]).abs().max())
    c.add(
        "accuracy_is_acc_eq",
        source="Kocmi et al. 2021; Deutsch et al. 2023",
        printed=0.0,
        this_run=gap,
        agrees=bool(gap < 1e-12),
        note="largest |pairwise accuracy - acc_eq(epsilon 0)| over metrics",
    )
    return c.frame()


def realism_claims(report: pd.DataFrame, quick: bool = False):
    """The simulator-realism notebook's claims, one row per target of
    :func:`evalkit.data.simulate.realism.realism_report`: a met target is ``by construction``
    (the simulator is calibrated to it, so it is never evidence about a paper); a missed one
    ``differs``: the sample contradicts what the paper prints about its data (a premise gap,
    :func:`~evalkit.data.simulate.realism.premise_gaps`). ``quick``: the report is of the
    quick-size corpora, smaller than the targets describe, so a miss is not comparable."""
    from evalkit.notebook.claims import Claims

    c = Claims("methods", data="the sample profile's default build", kind="consistency")
    for r in report.itertuples(index=False):
        row = dict(
            source=f"{r.paper} {r.table}",
            printed=f"{r.printed_value:g}",
            this_run=float(r.simulated),
        )
        if r.met:
            c.by_construction(
                r.target_id,
                note=f"calibration target ({r.corpus}, tolerance {r.tolerance}): met",
                **row,
            )
        elif quick:
            c.not_comparable(
                r.target_id,
                note=f"missed by the quick-size {r.corpus}; the targets describe the full size",
                **row,
            )
        else:
            c.check(
                r.target_id,
                holds=bool(r.met),  # computed: a miss (met targets are by construction above)
                evidence=f"outside the tolerance {r.tolerance}",
                note=f"premise gap: the sample's {r.corpus} misses what {r.paper} prints "
                "about its data",
                **row,
            )
    return c.frame()
