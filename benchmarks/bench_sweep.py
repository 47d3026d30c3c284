"""OD09's 1,000-draw model sweep: per-subset tables + index gathers against re-scoring each draw.

Data: the simulated TAC 2008 initial summaries (full size: 48 topics, 58 systems, 4 models).
For k = 1, 2, 3 models per topic and 1,000 draws, evalkit scores every summary once per
model subset (ROUGE-2 / ROUGE-SU4 from per-(peer, model) counts, pyramids rebuilt per subset)
and each draw only gathers and averages (``evalkit.stats.sampling.model_subset_correlations``).
The reference re-scores each draw from scratch: ROUGE-1.5.5-exact evalkit ROUGE against the
drawn models (one call per draw over all topics) and the pyramids rebuilt from the drawn
models. Re-scoring all 1,000 draws would take long, so the reference runs ``--reference-draws``
draws per k (the same draws, same seed) and its time is scaled to 1,000; the agreement column
compares the correlations of those draws exactly.

Run: .venv/bin/python benchmarks/bench_sweep.py [--reference-draws 10] [--draws 1000]
Prints a Markdown table (copied into benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np
import pandas as pd

from evalkit.metrics.pyramid import score_pyramid
from evalkit.papers import owczarzak2009conditions as od
from evalkit.stats.correlation import correlate_columns


def _draw_indices(n_draws: int, n_sub, seed: int) -> np.ndarray:
    counts = np.asarray(n_sub)
    return np.floor(np.random.default_rng(seed).random((n_draws, len(counts))) * counts).astype(
        np.int64
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--draws", type=int, default=1000)
    ap.add_argument("--reference-draws", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    ev = od.load_sweep_data("sample", "A", quick=False)
    load = time.perf_counter() - t0
    ref = np.nanmean(ev.references["responsiveness"], axis=1)
    metrics = ["pyramid", "rouge2", "rougesu4"]
    rouge = od.rouge_config()
    texts = {(i, s): list(sents) for i, s, sents in ev_texts(ev)}
    rows = []
    for k in (1, 2, 3):
        t0 = time.perf_counter()
        draws = od.model_sweep(
            ev, [k], metrics, "responsiveness", n_draws=args.draws, seed=args.seed
        )
        ours = time.perf_counter() - t0
        # the same per-topic picks as the sweep (seed + k inside model_sweep)
        tables, n_sub = ev.subset_tables(k, metrics)
        subsets = [list(itertools.combinations(ev.model_ids[i], k)) for i in ev.instances]
        idx = _draw_indices(args.draws, n_sub, args.seed + k)
        t0 = time.perf_counter()
        agree, total = 0, 0
        for d in range(args.reference_draws):
            chosen = {inst: subsets[t][idx[d, t]] for t, inst in enumerate(ev.instances)}
            means = {}
            summ, refs, ids, sys = [], [], [], []
            for inst in ev.instances:
                for s in ev.systems:
                    if (inst, s) in texts:
                        summ.append(texts[(inst, s)])
                        refs.append([texts[(inst, m)] for m in chosen[inst]])
                        ids.append(inst)
                        sys.append(s)
            sc = rouge.score(summ, refs, ids, sys).scores
            for m, name in od.ROUGE_METRICS.items():
                part = sc[sc["metric"] == name]
                means[m] = part.groupby("system")["R"].mean().reindex(ev.systems).to_numpy()
            pyr = [
                score_pyramid(ev.pyramids[i], list(chosen[i]), summarizers=ev.systems)
                for i in ev.instances
            ]
            allp = pd.concat(pyr)
            means["pyramid"] = (
                allp.groupby("summarizer")["score"].mean().reindex(ev.systems).to_numpy()
            )
            for m in metrics:
                r = float(correlate_columns(means[m], ref, "pearson")[0])
                mine = float(draws[(draws["metric"] == m) & (draws["draw"] == d)]["r"].iat[0])
                agree += abs(r - mine) < 1e-12
                total += 1
        reference = (time.perf_counter() - t0) / args.reference_draws * args.draws
        rows.append((k, args.draws, reference, ours, agree, total))
    print(
        f"Data: {ev.name}, {len(ev.systems)} systems x {len(ev.instances)} topics (loaded in {load:.1f} s)\n"
    )
    print(
        "| models per topic | draws | re-scoring each draw (s, scaled) | evalkit sweep (s) | ratio | agreement |"
    )
    print("|---:|---:|---:|---:|---:|---|")
    for k, n, reference, ours, agree, total in rows:
        print(
            f"| {k} | {n} | {reference:.1f} | {ours:.2f} | {reference / ours:.0f}x | "
            f"{agree}/{total} re-scored correlations identical |"
        )


def ev_texts(ev):
    """(instance, summarizer, sentences) of the evaluation's TAC part (models and peers)."""
    from evalkit.data.tac_views import load_tac

    corpus = load_tac(2008, "sample")
    s = corpus.summaries
    s = s[s["instance"].isin(set(ev.instances))]
    return s[["instance", "summarizer", "sentences"]].itertuples(index=False, name=None)


if __name__ == "__main__":
    main()
