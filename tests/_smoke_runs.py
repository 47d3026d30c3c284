"""Older name of the smoke-test helpers, kept for tests/test_notebooks_amigo*.py and
tests/test_data_licensed.py until they import :mod:`_notebook_smoke` (the one helper module)
directly."""
from _notebook_smoke import (assert_licensed_ok, assert_stripped, duc_fixture, nist_mt_fixture,  # noqa: F401
                             no_licensed_config, notebooks)
from _notebook_smoke import run_paper_notebooks as run  # noqa: F401
