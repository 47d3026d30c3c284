"""Owczarzak (2009), DEPEVAL(summ): the claim rows of the notebooks (findings tested with the
Williams test, printed values beside this run's, the parser-noise rows).
"""

from __future__ import annotations

import re
from typing import Optional

import numpy as np
import pandas as pd

from .recompute import _printed_patterns, _side, ci_excludes_zero, printed_as_run
from .spec import COMPETITORS, N_DUC2007, PAPER, key

__all__ = ["run_claims", "noise_claims"]

#: a finding of :func:`~.recompute._printed_patterns`: ``<column>_<a>_above_<b>``
_FINDING = re.compile(r"(.+)_(base|norel|pm)_above_(all_competitors|base|BE-HM)")


def run_claims(
    run: pd.DataFrame, table: str, profile: str, data: str, tests: Optional[pd.DataFrame] = None
):
    """Claims of one table: the paper's findings per column (base and norel above every
    competitor and, for model summaries, above BE-HM; pm above base), each tested on this run
    with a two-sided Williams test (``tests``: :func:`competitor_tests` at this table's level)
    against the best competitor of the run, BE-HM or base; for the DUC 2007 tables which
    correlations' 95% Fisher interval excludes 0 (derived: the printed statement is
    recomputed from the printed r in ``00_printed_checks``); every printed value beside this
    run's (not comparable: other data and parser)."""
    from evalkit.notebook.claims import Claims

    printed = printed_as_run(table)
    mine = run.rename(columns={"r": "value"})
    c = Claims(PAPER, data=data, kind="reproduced")
    note = f"profile {profile}; spaCy parses and LFG-like triples stand in for Charniak-Johnson + LFG annotation"
    p, r = _printed_patterns(printed), _printed_patterns(mine)
    got = mine.set_index(["metric", "column"])["value"]
    pair = tests.set_index(["column", "metric_a", "metric_b"])["p"] if tests is not None else None
    for finding in sorted(set(p) & set(r)):
        col, a, b = _FINDING.fullmatch(finding).groups()
        if b == "all_competitors":
            rivals = {m: got.get((m, col), np.nan) for m in COMPETITORS}
            b = max((m for m in rivals if rivals[m] == rivals[m]), key=rivals.get)
            what = f"{a} vs the best competitor on this run ({b})"
        else:
            what = f"{a} vs {b}"
        key_ = (col, a, b)
        if pair is None or key_ not in pair.index:
            c.not_comparable(
                f"{table}_{finding}",
                source=table.title(),
                printed=p[finding],
                this_run=r[finding],
                note=f"{note}; too few units for a Williams test",
            )
            continue
        c.finding(
            f"{table}_{finding}",
            source=table.title(),
            printed=f"{'yes' if p[finding] else 'no'} (printed r)",
            expected=">" if p[finding] else "<",
            difference=float(got[(a, col)] - got[(b, col)]),
            p_value=float(pair[key_]),
            test=f"Williams test, two-sided, {what}",
            note=note,
        )
    if table in ("table3", "table4"):
        n = run.groupby("column")["n"].first()
        for col in sorted(set(printed["column"]) & set(n.index)):
            sig_printed = {
                m: ci_excludes_zero(v, N_DUC2007[table][_side(col)])
                for (m, cc), v in printed.set_index(["metric", "column"])["value"].items()
                if cc == col
            }
            sig_run = {
                m: ci_excludes_zero(v, int(n[col]))
                for (m, cc), v in got.items()
                if cc == col and m in sig_printed
            }
            if not sig_run:
                continue

            def only_depeval(sig):
                return sorted(m for m, s in sig.items() if s and m not in COMPETITORS)

            c.derived(
                f"{table}_{col}_significant_correlations",
                source=table.title(),
                printed=" ".join(sorted(m for m, s in sig_printed.items() if s)) or "none",
                this_run=" ".join(sorted(m for m, s in sig_run.items() if s)) or "none",
                evidence=f"95% Fisher-z interval excludes 0 (n = {int(n[col])} this run)",
                note=f"{note}; shown, not counted: 'only DEPEVAL is significant' includes "
                "'ROUGE and BE are not', which a non-significant test on stand-in data cannot "
                "confirm; the comparison is tested in "
                f"{table}_{col}_base_above_all_competitors (Williams); DEPEVAL variants "
                f"significant on this run: {', '.join(only_depeval(sig_run)) or 'none'}",
            )
    for row in printed.itertuples():
        if (row.metric, row.column) in got.index:
            c.not_comparable(
                key(table, row.metric, row.column),
                source=table.title(),
                printed=float(row.value),
                this_run=float(got[(row.metric, row.column)]),
                note=note,
            )
    return c


def noise_claims(table: pd.DataFrame, accuracy: Optional[pd.DataFrame], profile: str, data: str):
    """Claims of ``03_parser_noise``: the paper's findings (:func:`run_claims`' patterns) with
    each parser's trees (``table``: ``metric, column, level, r_<parser>``), the parser's
    UAS/LAS against the gold trees and the mean r each DEPEVAL variant and BE-HM lose to
    parser noise (no printed counterparts: not comparable)."""
    from evalkit.notebook.claims import Claims, parser_cost_rows, tree_accuracy_rows

    c = Claims(PAPER, data=data, kind="reproduced")
    for parser in [col[2:] for col in table.columns if col.startswith("r_")]:
        for level, name in (("system", "table1"), ("summary", "table2")):
            run = table[table["level"] == level].rename(columns={f"r_{parser}": "value"})
            p, r = _printed_patterns(printed_as_run(name)), _printed_patterns(run)
            for finding in sorted(set(p) & set(r)):
                c.derived(
                    f"{name}_{finding}_{parser}",
                    source=name.title(),
                    this_run=r[finding],
                    note=f"{parser} trees; profile {profile}; the same finding is tested in "
                    f"01_tac2008_tables1_2 (with {parser} trees), counted there once",
                )
    if accuracy is None or accuracy.empty:
        c.not_comparable(
            "tree_accuracy",
            source="Section 3",
            printed="-",
            note=f"no gold trees on profile {profile} (the simulator's ideal parser exists on sample)",
        )
    else:
        tree_accuracy_rows(
            c,
            accuracy,
            source="Section 3",
            note="{score} against the gold trees, {tokens} tokens; not printed in the paper",
        )
    parser_cost_rows(
        c,
        table,
        source="Table 1; Table 2",
        tree_free=["ROUGE-2", "ROUGE-SU4"],
        over="columns and levels",
    )
    return c
