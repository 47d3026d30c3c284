"""Older name of the smoke-test helpers, kept for tests/test_notebooks_amigo*.py until they
import :mod:`_notebook_smoke` (the one helper module) directly."""
from _notebook_smoke import assert_stripped, no_licensed_config, notebooks  # noqa: F401
from _notebook_smoke import run_paper_notebooks as run  # noqa: F401
