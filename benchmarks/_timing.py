"""Timing helper shared by the benchmark scripts (run as ``python benchmarks/<script>.py``,
so this folder is on ``sys.path``)."""

from __future__ import annotations

import time


def best_of(fn, repeat):
    """``(seconds, result)``: the shortest wall time of ``repeat`` calls of ``fn()`` (the
    least disturbed by other work on the machine) and the last call's result."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out
