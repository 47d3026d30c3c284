#!/usr/bin/env python3
"""Compare two results trees (``results/<profile>/...``) table by table and figure by figure.

    scripts/compare_results.py BEFORE AFTER [--only graham2015,riezler2005] [--ignore NAME ...]

Used to check that a refactoring leaves every table and figure of the papers identical: CSV
files are compared as parsed tables (same columns, same rows, numbers equal to 1e-12 relative),
PNG files byte for byte (the writer strips timestamps, so identical figures are identical
bytes), ``results.json`` by its ``numbers`` (provenance differs by design). Prints one line
per difference and exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd


def _tables_equal(a: Path, b: Path) -> str:
    if not a.read_text(encoding="utf-8").strip() or not b.read_text(encoding="utf-8").strip():
        # a table with no columns (an empty frame written by pandas): pandas cannot read it
        same = a.read_bytes() == b.read_bytes()
        return "" if same else "one table is empty, the other not (or both differ in blanks)"
    x = pd.read_csv(a, keep_default_na=False, dtype=str)
    y = pd.read_csv(b, keep_default_na=False, dtype=str)
    if list(x.columns) != list(y.columns):
        return f"columns differ: {list(x.columns)} vs {list(y.columns)}"
    if x.shape != y.shape:
        return f"shape differs: {x.shape} vs {y.shape}"
    for col in x.columns:
        for i, (u, v) in enumerate(zip(x[col], y[col])):
            if u == v:
                continue
            try:
                fu, fv = float(u), float(v)
            except ValueError:
                return f"row {i}, column {col}: {u!r} vs {v!r}"
            if not np.isclose(fu, fv, rtol=1e-12, atol=1e-15, equal_nan=True):
                return f"row {i}, column {col}: {u} vs {v}"
    return ""


def compare(before: Path, after: Path, only=(), ignore=()) -> list:
    problems = []
    for old in sorted(before.rglob("*")):
        if not old.is_file() or old.suffix not in (".csv", ".png", ".json") or old.name in ignore:
            continue
        rel = old.relative_to(before)
        if only and rel.parts[0] not in only:
            continue
        new = after / rel
        if not new.is_file():
            problems.append(f"{rel}: missing after")
            continue
        if old.suffix == ".csv":
            why = _tables_equal(old, new)
        elif old.suffix == ".png":
            why = "" if old.read_bytes() == new.read_bytes() else "figure bytes differ"
        elif old.name == "results.json":
            a = json.loads(old.read_text())["numbers"]
            b = json.loads(new.read_text())["numbers"]
            if "claims" not in a:  # a run from before the verdict counts were recorded
                b = {k: v for k, v in b.items() if k != "claims"}
            why = (
                ""
                if a == b
                else f"numbers differ: {sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))}"
            )
        else:
            continue
        if why:
            problems.append(f"{rel}: {why}")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--only", default="", help="comma-separated paper keys")
    ap.add_argument("--ignore", nargs="*", default=[], help="file names to skip")
    args = ap.parse_args(argv)
    only = tuple(x for x in args.only.split(",") if x)
    problems = compare(args.before, args.after, only, args.ignore)
    for p in problems:
        print(p)
    print(f"{len(problems)} difference(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
