#!/usr/bin/env python3
"""Regenerate tests/expected_verdicts/<paper>.csv from executed smoke runs.

The notebook smoke tests (tests/test_notebooks.py) compare the claim verdicts of every
paper's sample and public runs (quick mode) with ``tests/expected_verdicts/<paper>.csv``
(columns ``notebook, profile, claim_id, verdict``): a verdict that changes fails the suite
until the expectation is regenerated here, reviewed (``git diff tests/expected_verdicts``)
and committed with the reason in the commit message.

Sources of the verdicts (one of):

* ``--from-tests DIR``: the tables the smoke tests keep when run with
  ``EVALKIT_VERDICTS_OUT=DIR`` (``DIR/<paper>.<profile>.csv``), e.g.
  ``EVALKIT_VERDICTS_OUT=/tmp/v .venv/bin/python -m pytest tests/test_notebooks.py -k "sample_profile or public_profile"``;
* ``--results DIR``: a results root of quick runs (``python -m evalkit.notebook.runner --quick
  --results-dir DIR``), read as ``DIR/<profile>/<paper>/<notebook>/paper_vs_run.csv``;
* neither: the quick runs are made here, as the smoke tests make them (a private sample
  folder, quick mode, the notebooks each smoke test runs).

Only the notebooks the smoke test of that profile reads are kept (for a paper whose public
run leaves out the data-free notebooks, none of those). Rows of other papers and profiles are
left as they are. Prints every verdict that changed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import pandas as pd

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

import _notebook_smoke as smoke  # noqa: E402  (tests/ on the path first)

PROFILES = ("sample", "public")


def _read_notebooks(out: Path, profile: str, spec: "smoke.Smoke") -> pd.DataFrame:
    names = spec.names if profile == "sample" else spec.public_notebooks()
    ran = [n for n in names if (out / n / "paper_vs_run.csv").is_file()]
    return smoke.run_verdicts(out, profile, ran)


def verdicts_of(spec: "smoke.Smoke", profile: str, args) -> pd.DataFrame:
    if args.from_tests:
        path = Path(args.from_tests) / f"{spec.paper}.{profile}.csv"
        if not path.is_file():
            raise SystemExit(f"{path} is missing: run the {profile} smoke test of {spec.paper}")
        return pd.read_csv(path, dtype=str, keep_default_na=False)
    if args.results:
        return _read_notebooks(Path(args.results) / profile / spec.paper, profile, spec)
    from evalkit.notebook import runner

    with tempfile.TemporaryDirectory() as tmp:
        import os

        os.environ["EVALKIT_SAMPLE_DIR"] = str(Path(tmp) / "sample")
        only = (
            [f"{spec.paper}/{n}" for n in spec.public_notebooks()]
            if profile == "public"
            else [spec.paper]
        )
        runner.run_all(
            profile=profile, only=only, quick=True, results_dir=Path(tmp), jobs=args.jobs
        )
        return _read_notebooks(Path(tmp) / profile / spec.paper, profile, spec)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", action="append", help="paper key (repeatable; default: all)")
    parser.add_argument("--profile", action="append", choices=PROFILES, help="default: both")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--from-tests", metavar="DIR", help="tables kept by the smoke tests")
    source.add_argument("--results", metavar="DIR", help="results root of quick runs")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks at once (own runs)")
    args = parser.parse_args(argv)

    specs = smoke.specs()
    papers = args.paper or sorted(specs)
    unknown = sorted(set(papers) - set(specs))
    if unknown:
        parser.error(f"no smoke tests declared for {unknown}")
    smoke.EXPECTED_VERDICTS.mkdir(parents=True, exist_ok=True)
    for paper in papers:
        old = smoke.read_expected_verdicts(paper)
        profiles = args.profile or list(PROFILES)
        new = [old[~old["profile"].isin(profiles)]]
        for profile in profiles:
            new.append(verdicts_of(specs[paper], profile, args))
        table = pd.concat(new, ignore_index=True)[list(smoke.VERDICT_COLUMNS)]
        table = table.sort_values(["profile", "notebook", "claim_id"], kind="stable")
        path = smoke.expected_verdicts_file(paper)
        table.to_csv(path, index=False, lineterminator="\n")
        changes = smoke.verdict_changes(old, table)
        print(f"{smoke.shown(path)}: {len(table)} claims, {len(changes)} changed")
        for line in changes:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
