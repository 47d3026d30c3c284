"""Owczarzak et al. (2007, SSST): the claim rows. Table 5's findings
(:func:`correlation_patterns`, tested by intervals over resamples of the source segments in
:func:`table5_claims`) and Tables 1-2's directions (:func:`reordering_claims`: findings
tested by the paired bootstrap of :func:`~.experiments.reordering_tests`; Table 2's ``same``
derived: its pairs are selected for identical triples)."""

from __future__ import annotations

from typing import Dict, Optional

import numpy as np
import pandas as pd

from evalkit.data.published import read_published

from .experiments import direction
from .spec import PAPER, published

__all__ = ["correlation_patterns", "table5_claims", "reordering_claims"]


def correlation_patterns(frame: pd.DataFrame, judgment: str, value: str = "r") -> Dict[str, bool]:
    """The paper's findings on one column of a Table-5-shaped frame (``metric, judgment, r``)."""
    col = frame[frame["judgment"] == judgment].set_index("metric")[value].astype(float)
    dep = [m for m in col.index if m.startswith("d")]
    string = [m for m in col.index if not m.startswith("d")]
    out = {}
    if {"d", "d_pr"} <= set(col.index):
        out["d_above_d_pr"] = bool(col["d"] > col["d_pr"])
    if dep and string:
        out["dependency_above_strings"] = bool(
            col[dep].max() > col[[m for m in string if m != "TER"]].max()
        )
    if "TER" in col.index:
        out["ter_negative"] = bool(col["TER"] < 0)
    return out


def _pattern_test(
    col: pd.Series, intervals: Optional[pd.DataFrame], n_segments: int, judgment: str, key: str
):
    """``(difference, interval, test)`` of one finding of :func:`correlation_patterns` on this
    run, from the intervals over resamples of the ``n_segments`` source segments of
    :func:`~.experiments.segment_correlations` (``attrs["intervals"]``), or None without them
    (relative rankings). The interval holds this run's value
    (:func:`~.experiments.segment_correlations`)."""
    if intervals is None or intervals.empty:
        return None
    iv = intervals[intervals["judgment"] == judgment]
    if key == "ter_negative":
        a, b, diff = "TER", "", float(col["TER"])
        what = "Pearson r of TER"
    else:
        if key == "d_above_d_pr":
            a, b = "d", "d_pr"
        else:
            dep = [m for m in col.index if m.startswith("d")]
            string = [m for m in col.index if not m.startswith("d") and m != "TER"]
            a, b = col[dep].idxmax(), col[string].idxmax()
        diff, what = float(col[a] - col[b]), f"r of {a} minus r of {b}"
    row = iv[(iv["metric_a"] == a) & (iv["metric_b"] == b)]
    if row.empty or not np.isfinite(diff):
        return None
    return (
        diff,
        (float(row["low"].iloc[0]), float(row["high"].iloc[0])),
        f"{what}, 95% percentile interval over resamples of the {n_segments} source segments (a "
        "segment's rows share its sentence, references and judges), widened to this run's "
        "value if outside",
    )


def table5_claims(
    run: pd.DataFrame, profile: str, data: str, table: str = "table5", paper: str = PAPER
):
    """Claims of a Table-5-shaped result: the findings (:func:`correlation_patterns`) tested
    on this run (the difference of two correlations, or TER's r, with its interval over
    resamples of the source segments, from ``run.attrs["intervals"]`` of
    :func:`segment_correlations`; a test over the judged rows would count a segment's rows
    as independent), the printed column's
    reading as ``printed``; and every printed r beside this run's (not comparable: other
    data and parser). ``public``: the daRR column (no Williams test) against the printed
    average: not comparable."""
    from evalkit.notebook.claims import Claims

    printed = read_published(paper, table).rename(columns={"value": "r"})
    c = Claims(paper, data=data, kind="reproduced")
    mapping = (
        {"daRR": "average"}
        if profile == "public"
        else {j: j for j in ("fluency", "accuracy", "average")}
    )
    note = f"profile {profile}; spaCy parses and LFG-like triples stand in for the DCU LFG parser"
    text = {
        "d_above_d_pr": "d above d_pr",
        "dependency_above_strings": "best dependency metric above every string metric",
        "ter_negative": "TER correlates negatively",
    }
    intervals = run.attrs.get("intervals")
    if intervals is not None:
        intervals = pd.DataFrame(
            list(intervals), columns=["judgment", "metric_a", "metric_b", "low", "high"]
        )
    for run_j, paper_j in mapping.items():
        if run_j not in set(run["judgment"]):
            continue
        p, r = correlation_patterns(printed, paper_j), correlation_patterns(run, run_j)
        col = run[run["judgment"] == run_j].set_index("metric")["r"].astype(float)
        for key in sorted(set(p) & set(r)):
            cid = f"{paper_j}_{key}"
            shown = f"{text.get(key, key)}: {'yes' if p[key] else 'no'}"
            tested = _pattern_test(col, intervals, run.attrs.get("segments", 0), run_j, key)
            if tested is None:
                c.not_comparable(
                    cid,
                    source=f"{table.title()} ({paper_j})",
                    printed=shown,
                    this_run=r[key],
                    note=f"no test of two correlations on this run (relative rankings); {note}",
                )
                continue
            diff, ci, test = tested
            c.finding(
                cid,
                source=f"{table.title()} ({paper_j})",
                printed=shown,
                expected=(">" if p[key] else "<") if key != "ter_negative" else "<",
                difference=diff,
                ci=ci,
                test=test,
                note=note,
            )
        runs = run[run["judgment"] == run_j].set_index("metric")["r"]
        for row in printed[printed["judgment"] == paper_j].itertuples():
            if row.metric in runs.index:
                c.compare(
                    f"{paper_j}_{row.metric.replace('+', '-')}",
                    source=f"{table.title()} ({paper_j})",
                    printed=float(row.r),
                    this_run=float(runs[row.metric]),
                    comparable=False,
                    note=note,
                )
    return c


def _direction_row(c, cid: str, source: str, want: str, row, tests, note: str = "") -> None:
    """One direction row: ``same`` printed (Table 2's dependency F) is shown, not counted
    (``derived``): Table 2's pairs are selected by :func:`ideal_pairs` for identical triples,
    so the score of their triples cannot change and the row cannot fail; ``lower``/``higher``
    is a finding of this run's change, tested by :func:`reordering_tests` (``tests``, indexed
    by metric)."""
    got = direction(row.baseline, row.modified)
    if want == "same":
        c.derived(
            cid,
            source=source,
            printed=want,
            this_run=got,
            note="not a finding: the pairs are selected for identical triples (ideal_pairs), "
            "so their dependency F equals the baseline by selection"
            + (f"; {note}" if note else ""),
        )
        return
    if tests is None or row.metric not in tests.index:
        c.not_comparable(
            cid,
            source=source,
            printed=want,
            this_run=got,
            note=f"no test of the change on this run; {note}".rstrip("; "),
        )
        return
    t = tests.loc[row.metric]
    c.finding(
        cid,
        source=source,
        printed=want,
        this_run=got,
        expected="<" if want == "lower" else ">",
        difference=float(t["difference"]),
        p_value=float(t["p_value"]),
        test=str(t["test"]),
        note=note,
    )


def reordering_claims(c, table1, table2, ideal_table, tests=None) -> None:
    """Tables 1-2's claims: per metric the direction of the change after reordering against
    the printed direction (``lower``/``higher``: a finding, tested by the paired bootstrap of
    :func:`reordering_tests`, ``tests`` = ``{"table1": frame, "table2": frame, "ideal":
    frame}``; Table 2's ``same`` for the dependency F: derived, as the pairs are selected for
    identical triples),
    the modified values beside the printed ones (other sentences and parser: not comparable),
    and with the simulator's ideal parser the dependency rows by construction (its gold trees
    give the reordered sentence the original's dependencies)."""
    tests = {k: v.set_index("metric") for k, v in (tests or {}).items() if v is not None}
    for name, run in (("table1", table1), ("table2", table2)):
        if run is None:
            continue
        printed = published(name).set_index("metric")
        for row in run.itertuples():
            base = float(printed.loc[row.metric, "baseline"])
            mod = float(printed.loc[row.metric, "modified"])
            _direction_row(
                c,
                f"{name}_{row.metric}_direction",
                name.title(),
                direction(base, mod),
                row,
                tests.get(name),
            )
            c.not_comparable(
                f"{name}_{row.metric}_modified",
                source=name.title(),
                printed=mod,
                this_run=row.modified,
                note="other sentences and parser",
            )
    if ideal_table is None:
        return
    printed = published("table2").set_index("metric")
    for row in ideal_table.itertuples():
        want = direction(
            float(printed.loc[row.metric, "baseline"]), float(printed.loc[row.metric, "modified"])
        )
        got = direction(row.baseline, row.modified)
        if row.metric.startswith("dep"):
            c.by_construction(
                f"ideal_parser_{row.metric}_direction",
                source="Table 2",
                printed=want,
                this_run=got,
                note="the simulator's gold trees give the reordered sentence the original's "
                "dependencies (Table 2: the pairs a real parser parsed identically), so the "
                "score cannot change",
            )
        else:
            _direction_row(
                c,
                f"ideal_parser_{row.metric}_direction",
                "Table 2",
                want,
                row,
                tests.get("ideal"),
                note="string metric on the reordered sentences (gold trees for the "
                "dependency metrics)",
            )
