"""The guesser's 6,840-setting grid (Owczarzak et al. 2014, Table 4) per language:
``evalkit.text.decompound.grid_search`` against the naive loop that runs the guesser and
the evaluation once per setting.

Data: the full-size simulated compounds (``decompound-sim``, 600 compounds per language)
and the public silver set (``decompound-debian``, 300 German compounds; needs wngerman).
The reference (``guess`` + ``evaluate_prf`` + ``segmentation_accuracy`` for every setting)
runs on ``--reference-settings`` settings drawn with the seed, and its time is scaled to
the full grid; the agreement column checks that both give the same P, R and segmentation
accuracy on those settings.

Run: .venv/bin/python benchmarks/bench_decompound.py [--reference-settings 120]
Prints a Markdown table (copied into benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from evalkit.data import datasets
from evalkit.text import decompound as dc


def bench(cset, n_ref: int, seed: int):
    reference = {w: dc.analyze(w, cset.lexicon, cset.config, lexicalized=False) for w in cset.gold}
    reduced, _ = dc.remove_component_lemmas(cset.lexicon, cset.gold, np.random.default_rng(seed))
    words = list(cset.gold)
    t0 = time.perf_counter()
    res = dc.grid_search(words, reduced, cset.gold, reference)
    fast = time.perf_counter() - t0
    picks = np.random.default_rng(seed).choice(len(res), size=min(n_ref, len(res)), replace=False)
    t0 = time.perf_counter()
    same = True
    for i in picks:
        row = res.iloc[int(i)]
        g = dc.GuesserConfig(
            int(row.max_elements),
            int(row.min_compound),
            int(row.min_component),
            int(row.min_unknown),
        )
        preds = {w: dc.guess(w, reduced, g) for w in words}
        m = dc.evaluate_prf(preds, cset.gold)
        s = dc.segmentation_accuracy(preds, reference)["segmentation_accuracy"]
        same &= bool(
            np.isclose(m["precision"], row.precision)
            and np.isclose(m["recall"], row.recall)
            and np.isclose(s, row.segmentation_accuracy, equal_nan=True)
        )
    naive = (time.perf_counter() - t0) * len(res) / len(picks)
    return len(words), len(res), fast, naive, same


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reference-settings", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sets = [
        (f"sample {k}", s) for k, s in datasets.load("decompound-sim", "sample").languages.items()
    ]
    try:
        sets.append(
            (
                "public de",
                datasets.load("decompound-debian", "public", languages=["de"]).languages["de"],
            )
        )
    except Exception as exc:  # noqa: BLE001 - the word list may be missing; say so
        print(f"(public de skipped: {exc})")
    print(
        "| data | words | settings | evalkit grid_search (s) | naive loop, scaled (s) | speed-up | same values |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, cset in sets:
        n, k, fast, naive, same = bench(cset, args.reference_settings, args.seed)
        print(f"| {name} | {n} | {k} | {fast:.1f} | {naive:.0f} | {naive / fast:.1f}x | {same} |")


if __name__ == "__main__":
    main()
