"""What a test needs from outside the package, and the one rule for when it is missing.

A reference tool (ROUGE-1.5.5.pl and its Perl modules, the METEOR jar and Java, R with psych,
link-parser, chromium), a model or word list (WordNet 3.0, the Debian word lists), the public
data (``EVALKIT_DATA_MIRROR`` or the cache ``evalkit data fetch all`` fills) or a pinned
package may be absent on a developer's machine. Then:

* without ``CI``: the test is **skipped** with the reason (the developer sees it in ``-ra``);
* with ``CI`` set (``.ci/run`` sets ``CI=true``): the test **fails** with the same reason.
  A green CI run has run every test.

:func:`unavailable` applies the rule inside a test or fixture; :func:`requires` is the mark
form (``@requires(reason_or_None)``), evaluated by ``tests/conftest.py`` before the test
starts. ``tests/conftest.py`` also turns any other skip into a failure under CI, so a skip
site added without this module cannot pass CI silently either.
"""

from __future__ import annotations

import os
from typing import NoReturn, Optional

import pytest

#: the prefix of every failure the rule produces (tests/test_requires_rule.py looks for it)
CI_FAILURE = "CI: a test cannot be skipped"


def ci() -> bool:
    """Whether the CI rule is in force (``$CI`` set and not empty)."""
    return bool(os.environ.get("CI"))


def unavailable(reason: str) -> NoReturn:
    """Skip with ``reason`` (something the test needs is missing), or fail with it under CI."""
    if ci():
        pytest.fail(f"{CI_FAILURE}: {reason}", pytrace=False)
    pytest.skip(reason)


def requires(missing: Optional[str]) -> pytest.MarkDecorator:
    """A mark: ``missing`` is why the test cannot run here (None: it can). Use instead of
    ``pytest.mark.skipif``; ``tests/conftest.py`` calls :func:`unavailable` with it."""
    return pytest.mark.requires(missing)
