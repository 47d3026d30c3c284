"""Former name of :mod:`evalkit.stats.validation`, kept only until ``evalkit.papers.riezler2005``
(being rewritten on main) imports the public module; then delete this file (the test
``tests/test_layers.py::test_no_private_imports_across_modules`` says when)."""
from evalkit.stats.validation import *  # noqa: F401,F403
from evalkit.stats.validation import __all__  # noqa: F401
