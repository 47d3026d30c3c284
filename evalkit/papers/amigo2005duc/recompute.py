"""Amigó et al. (2005b): the counts the prose states, recomputed; Figure 3's printed knee."""

from __future__ import annotations

import pandas as pd

from evalkit.metrics.qarla_pool import ROUGE_KINDS, TVM_SIZES
from evalkit.notebook.claims import Claims

from .spec import PAPER

__all__ = ["jack_knee", "printed_checks"]


def printed_checks() -> pd.DataFrame:
    """The counts the prose states, recomputed from the pool's definition (exact)."""
    c = Claims(PAPER, data="printed numbers only", kind="recomputed")
    v = lambda key: int(c.printed("text", "value", key=key))  # noqa: E731
    kinds, preps = len(ROUGE_KINDS), v("preprocessings")
    content = v("rouge_metrics") + v("inverted_metrics") + v("tvm_variants")
    total = content + v("stylistic_metrics")
    combos = 2 ** v("clusters")
    parts = v("rouge_clusters") + v("tvm_clusters")
    rouge = f"{kinds} kinds x {preps} = {kinds * preps}"
    power = f"2^{v('clusters')} = {combos}"
    notes = {
        "rouge_24": "8 kinds: W, L, 1-4 named; S4, SU4 assumed (README 2)",
        "tvm_9": "n = 1, 4, ..., 512",
        "combinations_1024": "including the empty set; evalkit scores the 1023 non-empty ones",
    }
    # (claim, source, the printed count's key, the recomputed count, as shown)
    counts = (
        ("rouge_24", "§3.1", "rouge_metrics", kinds * preps, rouge),
        ("tvm_9", "§3.1", "tvm_variants", len(TVM_SIZES), len(TVM_SIZES)),
        ("content_57", "§3.2", "content_metrics", content, f"24+24+9 = {content}"),
        ("total_59", "§3", "metrics_total", total, total),
        ("combinations_1024", "§4.2 / Figure 5", "combinations", combos, power),
        ("clusters_7_plus_3", "§3.2", "clusters", parts, f"7 + 3 = {parts}"),
    )
    for cid, source, key, count, shown in counts:
        c.check(
            cid,
            source=source,
            printed=v(key),
            this_run=shown,
            holds=count == v(key),
            note=notes.get(cid, ""),
        )
    return c.frame()


def jack_knee() -> int:
    """The number of systems after which Figure 3's JACK grows slower (printed)."""
    return int(Claims(PAPER).printed("text", key="jack_slowdown"))
