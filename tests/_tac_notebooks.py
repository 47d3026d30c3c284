"""Older name of the TAC papers' smoke-test helpers: :func:`standard_tests` declares
:func:`_notebook_smoke.smoke_tests` with quick simulated TAC years as the licensed fixture.
New tests import :mod:`_notebook_smoke` (the one helper module) directly."""
from _notebook_smoke import (assert_statuses as _assert_statuses, check_stripped, no_licensed_config,  # noqa: F401
                             notebooks, paper_vs_run, run_paper_notebooks as run, smoke_tests, tac_fixtures,
                             tac_years)


def assert_ok(runs, expected) -> None:
    _assert_statuses(runs, expected)


def standard_tests(paper: str, expected: set, years: list, sample_check=None, public_check=None,
                   licensed_notebook: str = None) -> dict:
    return smoke_tests(paper, expected, skip_reason="tac", licensed_fixture=tac_years(*years),
                       sample_check=sample_check, public_check=public_check, licensed_compares=licensed_notebook)
