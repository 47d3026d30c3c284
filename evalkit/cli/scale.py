"""``evalkit score`` and ``evalkit significance``: metrics x systems on a Dask cluster.

Input: plain-text files, one segment per line (UTF-8, ``\\n`` line ends), one file per system
(``SYSTEM ...``, named by the file name without its suffix) and one or more reference files
(``--refs``, repeated), all with the same number of lines; a file with another count is an
:class:`evalkit.errors.InputFormatError` naming it.

``evalkit score``: tidy CSV ``metric,system,score`` (one row per metric and system), computed by
:func:`evalkit.stats.distributed.distributed_scores` (byte-identical to the single-process scores).

``evalkit significance``: all pairs of systems on one metric, paired bootstrap (``--test
bootstrap``, ``--method``) or approximate randomization (``--test ar``), in blocks of resamples
(:mod:`evalkit.stats.distributed`); writes the tidy results (``--output``) and the p-value
matrix (``--matrix``).

Both: ``--scheduler tcp://host:port`` (or ``$EVALKIT_SCHEDULER``) runs on an existing cluster,
otherwise a LocalCluster of ``--workers`` processes (``--workers 0``: in this process).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from evalkit.atomic import atomic_write_text
from evalkit.errors import InputFormatError


def _cluster_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("systems", nargs="+", type=Path, metavar="SYSTEM", help="system output, one segment per line")
    parser.add_argument("--refs", action="append", type=Path, required=True, help="reference file (repeat for several)")
    parser.add_argument("--scheduler", default=None, help="dask scheduler address (default: $EVALKIT_SCHEDULER or a local cluster)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the local cluster (0: in this process)")


def _read(args):
    from evalkit.data.wmt import read_plain

    refs_files = [read_plain(p) for p in args.refs]
    n = len(refs_files[0])
    systems = {}
    for path in args.systems:
        if path.stem in systems:
            raise InputFormatError(path, None, "a system file name not used by another system file")
        systems[path.stem] = read_plain(path)
    for path, lines in list(zip(args.refs, refs_files)) + [(p, systems[p.stem]) for p in args.systems]:
        if len(lines) != n:
            raise InputFormatError(path, len(lines), f"{n} lines, as many as {args.refs[0]}",
                                   found=f"{len(lines)} lines")
    refs = [list(segment) for segment in zip(*refs_files)]
    return systems, refs


def _write(frame, output) -> None:
    if output is None:
        frame.to_csv(sys.stdout, index=False)
    else:
        atomic_write_text(output, frame.to_csv(index=False))


def _score(args) -> int:
    import pandas as pd

    from evalkit.metrics import get_metric
    from evalkit.stats.distributed import distributed_scores

    systems, refs = _read(args)
    rows = []
    for name in args.metric or ["bleu"]:
        scores = distributed_scores(get_metric(name), systems, refs, scheduler=args.scheduler,
                                    n_workers=args.workers)
        rows += [{"metric": name, "system": s, "score": float(getattr(v, "score", v))} for s, v in scores.items()]
        print(f"evalkit score: {name} done for {len(systems)} systems", file=sys.stderr)
    _write(pd.DataFrame(rows), args.output)
    return 0


def _significance(args) -> int:
    from evalkit.metrics import get_metric
    from evalkit.stats.distributed import (distributed_bootstrap, distributed_randomization,
                                           distributed_statistics)
    from evalkit.stats.resampling import result_matrix

    systems, refs = _read(args)
    metric = get_metric(args.metric)
    cluster = dict(scheduler=args.scheduler, n_workers=args.workers)
    stats = distributed_statistics(metric, systems, refs, **cluster)
    if args.test == "ar":
        results = distributed_randomization(stats, metric, pairs="all", n_trials=args.resamples, seed=args.seed,
                                            block_size=args.block_size, **cluster)
    else:
        results = distributed_bootstrap(stats, metric, pairs="all", n_resamples=args.resamples, seed=args.seed,
                                        method=args.method, block_size=args.block_size, **cluster)
    _write(results, args.output)
    if args.matrix is not None:
        atomic_write_text(args.matrix, result_matrix(results).to_csv())
    return 0


def register(subparsers) -> None:
    score = subparsers.add_parser("score", help="score systems with metrics on a Dask cluster (tidy CSV)",
                                  description=__doc__.split("\n\n")[2])
    _cluster_options(score)
    score.add_argument("--metric", action="append", help="registered metric name (repeat; default bleu)")
    score.add_argument("--output", type=Path, default=None, help="CSV file (default: stdout)")
    score.set_defaults(func=_score)
    sig = subparsers.add_parser("significance", help="all-pairs significance tests on a Dask cluster",
                                description=__doc__.split("\n\n")[3])
    _cluster_options(sig)
    sig.add_argument("--metric", default="bleu", help="registered metric name")
    sig.add_argument("--test", choices=("bootstrap", "ar"), default="bootstrap")
    sig.add_argument("--method", choices=("shift", "centred", "koehn"), default="centred")
    sig.add_argument("--resamples", type=int, default=1000)
    sig.add_argument("--block-size", type=int, default=500)
    sig.add_argument("--seed", type=int, default=12345)
    sig.add_argument("--output", type=Path, default=None, help="tidy results CSV (default: stdout)")
    sig.add_argument("--matrix", type=Path, default=None, help="p-value matrix CSV")
    sig.set_defaults(func=_significance)
