"""Small tidy frames for hand-computed tests.

One builder for the summaries frame of :mod:`evalkit.data.model` (one row per instance and
summarizer, ``sentences`` a tuple of strings), so that a test states its texts and roles,
not the frame's layout.
"""

from __future__ import annotations

from typing import Mapping

import pandas as pd


def one_topic(texts: Mapping[str, str], roles: Mapping[str, str], instance: str = "t"):
    """The summaries and summarizers of one instance: ``texts`` maps a summarizer to its one
    sentence, ``roles`` to ``"model"`` or ``"peer"``.

    Returns ``(summaries, summarizers)``: ``summaries`` with columns instance, summarizer,
    sentences; ``summarizers`` with summarizer and type.
    """
    names = list(texts)
    summaries = pd.DataFrame(
        {"instance": instance, "summarizer": names, "sentences": [(texts[s],) for s in names]}
    )
    summarizers = pd.DataFrame({"summarizer": names, "type": [roles[s] for s in names]})
    return summaries, summarizers
