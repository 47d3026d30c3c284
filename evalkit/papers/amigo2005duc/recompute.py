"""Amigó et al. (2005b): the counts the prose states, recomputed; Figure 3's printed knee."""

from __future__ import annotations

import pandas as pd

from evalkit.metrics.qarla_pool import ROUGE_KINDS, TVM_SIZES
from evalkit.notebook.claims import Claims

from .spec import PAPER


def printed_checks() -> pd.DataFrame:
    """The counts the prose states, recomputed from the pool's definition (exact)."""
    c = Claims(PAPER, data="printed numbers only", kind="recomputed")
    v = lambda key: int(c.printed("text", "value", key=key))  # noqa: E731
    kinds, preps = len(ROUGE_KINDS), v("preprocessings")
    c.check(
        "rouge_24",
        source="§3.1",
        printed=v("rouge_metrics"),
        this_run=f"{kinds} kinds x {preps} = {kinds * preps}",
        holds=kinds * preps == v("rouge_metrics"),
        note="8 kinds: W, L, 1-4 named; S4, SU4 assumed (README 2)",
    )
    c.check(
        "tvm_9",
        source="§3.1",
        printed=v("tvm_variants"),
        this_run=len(TVM_SIZES),
        holds=len(TVM_SIZES) == v("tvm_variants"),
        note="n = 1, 4, ..., 512",
    )
    content = v("rouge_metrics") + v("inverted_metrics") + v("tvm_variants")
    c.check(
        "content_57",
        source="§3.2",
        printed=v("content_metrics"),
        this_run=f"24+24+9 = {content}",
        holds=content == v("content_metrics"),
    )
    total = content + v("stylistic_metrics")
    c.check(
        "total_59",
        source="§3",
        printed=v("metrics_total"),
        this_run=total,
        holds=total == v("metrics_total"),
    )
    combos = 2 ** v("clusters")
    c.check(
        "combinations_1024",
        source="§4.2 / Figure 5",
        printed=v("combinations"),
        this_run=f"2^{v('clusters')} = {combos}",
        holds=combos == v("combinations"),
        note="including the empty set; evalkit scores the 1023 non-empty ones",
    )
    parts = v("rouge_clusters") + v("tvm_clusters")
    c.check(
        "clusters_7_plus_3",
        source="§3.2",
        printed=v("clusters"),
        this_run=f"7 + 3 = {parts}",
        holds=parts == v("clusters"),
    )
    return c.frame()


def jack_knee() -> int:
    """The number of systems after which Figure 3's JACK grows slower (printed)."""
    return int(Claims(PAPER).printed("text", key="jack_slowdown"))
