"""``evalkit score`` and ``evalkit significance``: metrics x systems on a Dask cluster.

Input (``SYSTEM ...`` and ``--refs``, repeated for several references), either

* plain text: one segment per line (UTF-8, ``\\n`` line ends), one file per system (named by
  the file name without its suffix), every file with the same number of lines; or
* NIST mteval SGML / XML (names ending in ``.sgm``, ``.sgml`` or ``.xml``, or ``--input
  nist``; :mod:`evalkit.data.nist_sgml`): every ``SYSTEM`` file is a ``<tstset>`` that may hold
  several systems (one per ``sysid``), every ``--refs`` file a ``<refset>`` (each of its
  ``sysid`` is one reference), ``--src`` an optional ``<srcset>`` that fixes the document
  order; segments pair by document and segment id (mteval's checks; a malformed file is an
  :class:`evalkit.errors.InputFormatError` naming the file and line).

Segment keys: ``document`` (empty for plain text) and ``segment`` (the line number, or the
SGML ``seg id``).

``evalkit score``: tidy ``metric, system, score`` (``--level system``, the corpus score,
byte-identical to the single-process score: :func:`evalkit.stats.distributed.scores_from_statistics`)
or ``metric, system, document, segment, score`` (``--level segment``).

``evalkit significance``: for every ``--metric``, all pairs of systems by paired bootstrap
(``--test bootstrap``, ``--method``) or approximate randomization (``--test ar``) in blocks of
resamples; ``--output`` the tidy results (``metric, system, baseline, ..., p_value``),
``--matrix`` the p-value matrix (``metric, system`` then one column per system), ``--clusters``
the significance clusters (``metric, system, score, rank, beaten_by``: systems best first (the
lowest score first for an error rate),
a new rank when a system since the start of the current cluster beats it at ``--alpha``,
:func:`evalkit.stats.difference_tests.ranked_clusters`). With ``--human FILE`` (TSV
``system, document, segment, score``, :mod:`evalkit.data.tsv`; a cell left out is missing) it
compares the metrics instead (at least two): each metric's segment scores against the humans,
BOOT/PERM correlation difference test (``--corr-test``, ``--unit``, ``--corr-level``,
``--coefficient``) for every ordered pair, ``--matrix`` p-values of "row beats column",
``--clusters`` ``metric, r, rank, beaten_by``; an error rate (``higher_is_better = False``: TER,
WER) enters negated, so that a better metric always has the higher correlation
(:func:`evalkit.stats.distributed.distributed_compare_metrics`).

Output format: ``.parquet`` / ``.pq`` file names are written as Parquet (pyarrow), others as CSV,
``--format`` forces one for every output; no ``--output`` writes CSV to stdout. Progress bars and
messages go to stderr (``--quiet`` silences them).

Cluster: ``--scheduler tcp://host:port`` (or ``$EVALKIT_SCHEDULER``) runs on an existing cluster
(connection time-out ``--connect-timeout``, 10 s), otherwise a LocalCluster of ``-j/--jobs``
processes (``-j 0``: in this process). Results do not depend on the cluster
(:mod:`evalkit.stats.distributed`, seed contract).

Checks before any work: every argument (``--resamples`` >= 1, ``--alpha`` in (0, 1), sizes
>= 1, metric and coefficient names, the scheduler address), the input files (existing,
readable, not empty), the output files (in an existing writable folder, not a folder, not
an input, ``--output``/``--matrix``/``--clusters`` all different). Exit codes: 0 done, 2 a
usage or input error (the message names the argument or file and line), 130 interrupted
(Ctrl-C, no traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

from evalkit.cli._common import add_command
from evalkit.errors import InputFormatError, ParameterError

NIST_SUFFIXES = (".sgm", ".sgml", ".xml")
PARQUET_SUFFIXES = (".parquet", ".pq")
HUMAN_SPEC = {"system": "str", "document": "text", "segment": "int", "score": "float"}


@dataclass
class Corpus:
    systems: Dict[str, List[str]]
    refs: List[List[str]]  # one list of references per segment
    documents: List[str]
    segments: List[int]


# --------------------------------------------------------------------------- input
def _is_nist(args) -> bool:
    paths = list(args.systems) + list(args.refs) + ([args.src] if args.src else [])
    if args.input != "auto":
        return args.input == "nist"
    kinds = {p.suffix.lower() in NIST_SUFFIXES for p in paths}
    if len(kinds) > 1:
        odd = next(
            p
            for p in paths
            if (p.suffix.lower() in NIST_SUFFIXES) != (paths[0].suffix.lower() in NIST_SUFFIXES)
        )
        raise InputFormatError(
            odd, None, f"the input format of {paths[0]} (all NIST SGML/XML or all plain text)"
        )
    return kinds.pop()


def _read_text(args) -> Corpus:
    from evalkit.data.wmt import read_plain

    if args.src is not None:
        raise ParameterError(
            "--src", str(args.src), "no source file with plain-text input (SGML only)"
        )
    refs_files = [read_plain(p) for p in args.refs]
    n = len(refs_files[0])
    systems = {}
    for path in args.systems:
        if path.stem in systems:
            raise InputFormatError(path, None, "a system file name not used by another system file")
        systems[path.stem] = read_plain(path)
    for path, lines in list(zip(args.refs, refs_files)) + [
        (p, systems[p.stem]) for p in args.systems
    ]:
        if len(lines) != n:
            raise InputFormatError(
                path,
                len(lines),
                f"{n} lines, as many as {args.refs[0]}",
                found=f"{len(lines)} lines",
            )
    return Corpus(systems, [list(s) for s in zip(*refs_files)], [""] * n, list(range(1, n + 1)))


def _read_nist(args) -> Corpus:
    from evalkit.data.nist_sgml import aligned_segments, read_nist

    src = read_nist(args.src) if args.src else None
    refsets = [read_nist(p) for p in args.refs]
    systems, keys, streams = {}, None, None
    for path in args.systems:
        tst = read_nist(path)
        for sysid in tst.systems():
            if sysid in systems:
                line = next(d.line for d in tst.docs if (d.sysid or "") == sysid)
                raise InputFormatError(
                    path, line, "a sysid not used by another system", found=sysid
                )
            aligned = [aligned_segments(src, ref, tst, sysid) for ref in refsets]
            systems[sysid] = aligned[0][1]
            if keys is None:
                keys, streams = aligned[0][0], [s for a in aligned for s in a[2]]
    return Corpus(
        systems, [list(s) for s in zip(*streams)], [d for d, _ in keys], [s for _, s in keys]
    )


def _read(args) -> Corpus:
    return _read_nist(args) if _is_nist(args) else _read_text(args)


def _read_human(path: Path, corpus: Corpus):
    """(systems x segments) human matrix, NaN where the file has no score."""
    import numpy as np

    from evalkit.data.tsv import check_keys, read_tsv

    frame = read_tsv(path, HUMAN_SPEC, unique=("system", "document", "segment"))
    if frame.empty:
        raise InputFormatError(path, None, "at least one human score below the header")
    names = list(corpus.systems)
    position = {key: i for i, key in enumerate(zip(corpus.documents, corpus.segments))}
    check_keys(
        frame, ["system"], {(s,) for s in names}, f"a system of the input ({', '.join(names)})"
    )
    check_keys(frame, ["document", "segment"], set(position), "a (document, segment) of the input")
    human = np.full((len(names), len(position)), np.nan)
    rows = [names.index(s) for s in frame["system"]]
    cols = [position[k] for k in zip(frame["document"], frame["segment"])]
    human[rows, cols] = frame["score"].to_numpy(float)
    return human


# --------------------------------------------------------------------------- checks
#: A Dask scheduler address: PROTOCOL://HOST:PORT (tcp, tls, ws, wss, ucx) or inproc://...
_ADDRESS = re.compile(
    r"(?:tcp|tls|ws|wss|ucx)://(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})|inproc://\S+"
)


def _check_arguments(args) -> None:
    """Every argument's value, before any file is read or any work starts."""
    from evalkit.metrics.registry import builder

    def at_least(name: str, value, low: int) -> None:
        if value is not None and value < low:
            raise ParameterError(name, value, f"an integer >= {low}")

    at_least("--jobs", args.workers, 0)
    at_least("--partition-size", args.partition_size, 1)
    if args.connect_timeout is not None and not 0 < args.connect_timeout <= 3600:
        raise ParameterError("--connect-timeout", args.connect_timeout, "seconds in (0, 3600]")
    for name in args.metric or ["bleu"]:
        try:
            builder(name)
        except ParameterError as exc:
            raise ParameterError("--metric", name, exc.expected) from None
    if args.command == "significance":
        from evalkit.stats.correlation import COEFFICIENTS

        at_least("--resamples", args.resamples, 1)
        at_least("--block-size", args.block_size, 1)
        at_least("--seed", args.seed, 0)
        if not 0.0 < args.alpha < 1.0:
            raise ParameterError("--alpha", args.alpha, "a level strictly between 0 and 1")
        if args.coefficient not in COEFFICIENTS:
            raise ParameterError("--coefficient", args.coefficient, f"one of {list(COEFFICIENTS)}")
        if args.human is not None and len(set(args.metric or ["bleu"])) < 2:
            raise ParameterError(
                "--metric",
                args.metric or ["bleu"],
                "at least two metrics to compare against --human",
            )
    address = _scheduler_address(args)
    if address is not None:
        m = _ADDRESS.fullmatch(address)
        if not m or (m.group(1) is not None and not 1 <= int(m.group(1)) <= 65535):
            source = "--scheduler" if args.scheduler else "$EVALKIT_SCHEDULER"
            raise ParameterError(
                source, address, "a Dask scheduler address such as tcp://host:8786"
            )


def _scheduler_address(args) -> Optional[str]:
    from evalkit import config

    return args.scheduler or config.scheduler() or None


def _check_inputs(args) -> None:
    """Every input file exists, is a readable file and is not empty."""
    paths = [("SYSTEM", p) for p in args.systems] + [("--refs", p) for p in args.refs]
    paths += [("--src", args.src)] if args.src is not None else []
    paths += [("--human", args.human)] if getattr(args, "human", None) is not None else []
    for what, path in paths:
        if not path.exists():
            raise InputFormatError(path, None, f"an existing file ({what})")
        if path.is_dir():
            raise InputFormatError(path, None, f"a file, not a directory ({what})")
        try:
            size = path.stat().st_size
            with open(path, "rb"):
                pass
        except OSError as exc:
            raise InputFormatError(
                path, None, f"a readable file ({what})", found=exc.strerror
            ) from None
        if size == 0:
            raise InputFormatError(path, None, f"at least one segment ({what} is empty)")


def _check_output_paths(args, names) -> None:
    """The output files: distinct, not an input, not a folder, in a writable folder (tried
    by creating and removing a temporary file there, which also catches read-only mounts)."""
    inputs = {
        p.resolve()
        for p in [*args.systems, *args.refs, args.src, getattr(args, "human", None)]
        if p
    }
    seen: Dict[Path, str] = {}
    for name in names:
        path = getattr(args, name)
        if path is None:
            continue
        option = f"--{name}"
        resolved = path.resolve()
        if resolved in seen:
            raise ParameterError(option, str(path), f"a file other than {seen[resolved]}'s")
        if resolved in inputs:
            raise ParameterError(option, str(path), "a file that is not one of the inputs")
        seen[resolved] = option
        if path.is_dir():
            raise ParameterError(option, str(path), "a file name, not a directory")
        folder = resolved.parent
        if not folder.is_dir():
            raise ParameterError(
                option, str(path), f"a file in an existing folder ({folder} does not exist)"
            )
        try:
            fd, probe = tempfile.mkstemp(dir=folder, prefix=".evalkit-probe-")
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise ParameterError(
                option, str(path), f"a file in a writable folder ({folder}: {exc.strerror})"
            ) from None


def _probe(address: str, timeout: float) -> Optional[str]:
    """Why ``tcp://HOST:PORT`` is no Dask scheduler, or None when one answers: nothing
    listening, or a listener whose first bytes are not Dask's handshake (a Dask comm opens
    with a little-endian 8-byte frame count; another service's reply, read as one, would
    make Dask allocate exabytes)."""
    import socket
    import struct

    host, _, port = address[len("tcp://") :].rpartition(":")
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout) as sock:
            sock.settimeout(timeout)
            head = b""
            while len(head) < 8:
                chunk = sock.recv(8 - len(head))
                if not chunk:
                    return "the listener closed the connection without a Dask handshake"
                head += chunk
    except socket.timeout:
        return f"no Dask handshake within {timeout:g} s (nothing or another service listens there)"
    except OSError as exc:
        return f"nothing accepts connections there ({exc.strerror or exc})"
    if not 1 <= struct.unpack("<Q", head)[0] <= 64:
        return f"the listener is not a Dask scheduler (it answered {head!r})"
    return None


def _connect(args):
    """A client of the ``--scheduler`` cluster (None: a local cluster is started later);
    a clear error within ``--connect-timeout`` seconds when nothing (or no Dask
    scheduler) answers there."""
    address = _scheduler_address(args)
    if address is None:
        return None
    source = "--scheduler" if args.scheduler else "$EVALKIT_SCHEDULER"
    expected = "a reachable Dask scheduler ({})"
    if address.startswith("tcp://"):
        why = _probe(address, args.connect_timeout)
        if why is not None:
            raise ParameterError(source, address, expected.format(why))
    import logging

    from distributed import Client

    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    try:
        return Client(address, timeout=f"{args.connect_timeout}s")
    except Exception as exc:  # OSError, TimeoutError, a protocol error
        why = f"could not connect within {args.connect_timeout:g} s: {type(exc).__name__}: {exc}"
        raise ParameterError(source, address, expected.format(why[:200])) from None


@contextlib.contextmanager
def _cluster(args):
    """The client to run on: the ``--scheduler`` cluster's (closed on exit), a local
    cluster of ``-j`` workers, or None (``-j 0``)."""
    from evalkit.stats.distributed import cluster_client

    own = _connect(args)
    try:
        with cluster_client(own, None, args.workers) as client:
            yield client
    finally:
        if own is not None:
            own.close()


def _prepare(args, outputs) -> None:
    """All the checks of the module doc, in order, before any work."""
    _check_arguments(args)
    _check_inputs(args)
    _check_output_paths(args, outputs)
    _check_outputs(args, *outputs[1:])


def _interruptible(command):
    """``command(args)`` with Ctrl-C as exit code 130 and one line on stderr, no traceback."""

    def run(args) -> int:
        try:
            return command(args)
        except KeyboardInterrupt:
            print(f"evalkit {args.command}: interrupted", file=sys.stderr)
            return 130

    run.__name__ = command.__name__
    return run


# --------------------------------------------------------------------------- output
def _format(output: Optional[Path], fmt: Optional[str]) -> str:
    """The output format, checked before any work starts."""
    fmt = fmt or (
        "parquet" if output is not None and output.suffix.lower() in PARQUET_SUFFIXES else "csv"
    )
    if fmt == "parquet":
        if output is None:
            raise ParameterError(
                "--output", None, "a file for Parquet output (stdout takes CSV only)"
            )
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ParameterError(
                "--format", "parquet", "pyarrow installed (pip install 'evalkit[distributed]')"
            ) from None
    return fmt


def _check_outputs(args, *names) -> None:
    for name in ("output", *names):
        if name == "output" or getattr(args, name) is not None:
            _format(getattr(args, name), args.format)


def _write(frame, output: Optional[Path], fmt: Optional[str]) -> None:
    from evalkit.atomic import atomic_path, atomic_write_text

    if _format(output, fmt) == "parquet":
        with atomic_path(output) as tmp:
            frame.to_parquet(tmp, index=False)
        return
    frame = frame.copy()
    for col in frame.columns:  # lists (beaten_by) as space-separated names in CSV
        if frame[col].map(lambda v: isinstance(v, list)).any():
            frame[col] = frame[col].map(" ".join)
    if output is None:
        frame.to_csv(sys.stdout, index=False)
    else:
        atomic_write_text(output, frame.to_csv(index=False))


def _say(args, message: str) -> None:
    if not args.quiet:
        print(f"evalkit {args.command}: {message}", file=sys.stderr)


def _statistics(args, metric, corpus: Corpus, client):
    from evalkit.stats.distributed import distributed_statistics

    return distributed_statistics(
        metric,
        corpus.systems,
        corpus.refs,
        partition_size=args.partition_size,
        client=client,
        n_workers=0,
        progress=not args.quiet,
    )


# --------------------------------------------------------------------------- commands
def _score(args) -> int:
    import pandas as pd

    from evalkit.metrics import get_metric
    from evalkit.stats.distributed import scores_from_statistics

    _prepare(args, ["output"])
    corpus = _read(args)
    if not corpus.refs:
        raise InputFormatError(args.refs[0], None, "at least one segment")
    frames = []
    with _cluster(args) as client:
        for name in args.metric or ["bleu"]:
            metric = get_metric(name)
            stats = _statistics(args, metric, corpus, client)
            if args.level == "system":
                scores = scores_from_statistics(metric, stats)
                frames.append(
                    pd.DataFrame(
                        {"metric": name, "system": scores.index, "score": scores.to_numpy()}
                    )
                )
            for system, s in stats.items() if args.level == "segment" else ():
                frames.append(
                    pd.DataFrame(
                        {
                            "metric": name,
                            "system": system,
                            "document": corpus.documents,
                            "segment": corpus.segments,
                            "score": metric.score_from_statistics(s),
                        }
                    )
                )
            _say(args, f"{name} done for {len(stats)} systems x {len(corpus.refs)} segments")
    _write(pd.concat(frames, ignore_index=True), args.output, args.format)
    return 0


def _system_tests(args, name, metric, corpus, client):

    from evalkit.stats.difference_tests import ranked_clusters
    from evalkit.stats.distributed import distributed_bootstrap, distributed_randomization
    from evalkit.stats.resampling import result_matrix

    stats = _statistics(args, metric, corpus, client)
    common = dict(
        pairs="all",
        seed=args.seed,
        block_size=args.block_size,
        client=client,
        n_workers=0,
        progress=not args.quiet,
    )
    if args.test == "ar":
        results = distributed_randomization(stats, metric, n_trials=args.resamples, **common)
    else:
        results = distributed_bootstrap(
            stats, metric, n_resamples=args.resamples, method=args.method, **common
        )
    matrix = result_matrix(results).reindex(index=list(stats), columns=list(stats))
    scores = dict(zip(results["baseline"], results["baseline_score"])) | dict(
        zip(results["system"], results["score"])
    )
    sign = (
        1.0 if getattr(metric, "higher_is_better", True) else -1.0
    )  # best first, also for error rates
    clusters = ranked_clusters(
        {s: sign * v for s, v in scores.items()},
        {(a, b): matrix.loc[a, b] for a in scores for b in scores if a != b},
        args.alpha,
        columns=("system", "score"),
    )
    clusters["score"] = clusters["system"].map(scores)
    return (
        results.assign(metric=name),
        matrix.rename_axis("system").reset_index().assign(metric=name),
        clusters.assign(metric=name),
    )


def _metric_tests(args, metrics, corpus, client):
    import numpy as np

    from evalkit.stats.difference_tests import metric_correlations
    from evalkit.stats.distributed import comparison_clusters, distributed_compare_metrics

    human = _read_human(args.human, corpus)
    mats = {}
    for name, metric in metrics.items():
        stats = _statistics(args, metric, corpus, client)
        sign = 1.0 if getattr(metric, "higher_is_better", True) else -1.0
        mats[name] = sign * np.stack(
            [np.asarray(metric.score_from_statistics(s), dtype=float) for s in stats.values()]
        )
    options = dict(
        test=args.corr_test, unit=args.unit, level=args.corr_level, method=args.coefficient
    )
    results = distributed_compare_metrics(
        mats,
        human,
        n_resamples=args.resamples,
        seed=args.seed,
        block_size=args.block_size,
        client=client,
        n_workers=0,
        progress=not args.quiet,
        **options,
    )
    clusters = comparison_clusters(
        results, metric_correlations(mats, human, args.corr_level, args.coefficient), args.alpha
    )
    order = list(mats)
    matrix = (
        results.pivot(index="metric_a", columns="metric_b", values="p_value")
        .reindex(index=order, columns=order)
        .rename_axis(index="metric", columns=None)
        .reset_index()
    )
    return results, matrix, clusters


def _significance(args) -> int:
    import pandas as pd

    from evalkit.metrics import get_metric
    from evalkit.stats.distributed import DEFAULT_BLOCK_SIZE

    if args.block_size is None:
        args.block_size = DEFAULT_BLOCK_SIZE
    _prepare(args, ["output", "matrix", "clusters"])
    corpus = _read(args)
    if not corpus.refs:
        raise InputFormatError(args.refs[0], None, "at least one segment")
    if args.human is None and len(corpus.systems) < 2:
        raise InputFormatError(
            args.systems[0],
            None,
            "at least two systems to compare (one SYSTEM file per system, or several sysids)",
            found=f"{len(corpus.systems)} system: {', '.join(corpus.systems)}",
        )
    names = list(dict.fromkeys(args.metric or ["bleu"]))
    metrics = {name: get_metric(name) for name in names}
    with _cluster(args) as client:
        if args.human is not None:
            results, matrix, clusters = _metric_tests(args, metrics, corpus, client)
        else:
            parts = [
                _system_tests(args, name, metric, corpus, client)
                for name, metric in metrics.items()
            ]
            results, matrix, clusters = (pd.concat(p, ignore_index=True) for p in zip(*parts))
            results, matrix, clusters = (
                f[["metric", *[c for c in f.columns if c != "metric"]]]
                for f in (results, matrix, clusters)
            )
    _say(
        args,
        f"{len(results)} tests of {len(corpus.systems)} systems x {len(corpus.refs)} segments done",
    )
    _write(results, args.output, args.format)
    if args.matrix is not None:
        _write(matrix, args.matrix, args.format)
    if args.clusters is not None:
        _write(clusters, args.clusters, args.format)
    return 0


# --------------------------------------------------------------------------- parsers
def _common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "systems",
        nargs="+",
        type=Path,
        metavar="SYSTEM",
        help="system output: plain text (one segment per line) or an SGML/XML tstset",
    )
    parser.add_argument(
        "--refs",
        action="append",
        type=Path,
        required=True,
        help="reference file (repeat for several)",
    )
    parser.add_argument(
        "--src",
        type=Path,
        default=None,
        help="NIST srcset (SGML input only; fixes the document order)",
    )
    parser.add_argument(
        "--input",
        choices=("auto", "text", "nist"),
        default="auto",
        help="input format (auto: NIST for .sgm/.sgml/.xml names)",
    )
    parser.add_argument(
        "--metric", action="append", help="registered metric name (repeat; default bleu)"
    )
    parser.add_argument(
        "--format",
        choices=("csv", "parquet"),
        default=None,
        help="output format (default: by the file suffix, .parquet/.pq or CSV)",
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress or messages on stderr"
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        help="Dask scheduler address tcp://HOST:PORT (default: $EVALKIT_SCHEDULER, "
        "else a local cluster)",
    )
    parser.add_argument(
        "--connect-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="give up connecting to --scheduler after this long (default: 10)",
    )
    parser.add_argument(
        "-j",
        "--jobs",
        dest="workers",
        type=int,
        default=2,
        metavar="N",
        help="worker processes of the local cluster (0: in this process; default: 2)",
    )
    parser.add_argument("--workers", dest="workers", type=int, help=argparse.SUPPRESS)
    parser.add_argument(
        "--partition-size", type=int, default=5000, help="segments per scoring task"
    )


def _plain(text: str) -> str:
    """reStructuredText of the module doc as plain text for ``--help``: roles
    (``:func:`~x.y```) and literals (````x````) lose their markup."""
    text = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", text)
    return text.replace("``", "")


def _paragraph(start: str) -> str:
    found = next(p for p in __doc__.split("\n\n") if p.startswith(start + ":"))
    checks = next(p for p in __doc__.split("\n\n") if p.startswith("Checks before any work"))
    return _plain(found + "\n\n" + checks)


def register(subparsers) -> None:
    score = add_command(
        subparsers,
        "score",
        "score systems with metrics on a Dask cluster (tidy CSV/Parquet)",
        _paragraph("``evalkit score``"),
    )
    _common_options(score)
    score.add_argument("--level", choices=("system", "segment"), default="system")
    score.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        help="CSV or Parquet file (default: CSV on stdout)",
    )
    score.set_defaults(func=_interruptible(_score))
    sig = add_command(
        subparsers,
        "significance",
        "all-pairs significance tests and clusters on a Dask cluster",
        _paragraph("``evalkit significance``"),
    )
    _common_options(sig)
    sig.add_argument("--test", choices=("bootstrap", "ar"), default="bootstrap", help="system test")
    sig.add_argument(
        "--method",
        choices=("shift", "centred", "koehn"),
        default="centred",
        help="bootstrap p-value",
    )
    sig.add_argument(
        "--resamples", type=int, default=1000, help="resamples or trials, >= 1 (default: 1000)"
    )
    sig.add_argument(
        "--block-size",
        type=int,
        default=None,
        help="resamples per task (part of the seed contract; default: "
        "evalkit.stats.distributed.DEFAULT_BLOCK_SIZE)",
    )
    sig.add_argument(
        "--seed", type=int, default=12345, help="random seed of the resampling (default: 12345)"
    )
    sig.add_argument(
        "--alpha", type=float, default=0.05, help="level of the significance clusters, in (0, 1)"
    )
    sig.add_argument(
        "--human",
        type=Path,
        default=None,
        help="TSV system, document, segment, score: compare the metrics' correlations instead",
    )
    sig.add_argument("--corr-test", choices=("perm", "boot"), default="perm")
    sig.add_argument(
        "--unit",
        choices=("systems", "inputs", "both"),
        default="both",
        help="what --corr-test resamples",
    )
    sig.add_argument("--corr-level", choices=("system", "summary", "global"), default="system")
    sig.add_argument("--coefficient", default="pearson", help="pearson, spearman, kendall, ...")
    sig.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        help="tidy results, CSV or Parquet (default: CSV on stdout)",
    )
    sig.add_argument("--matrix", type=Path, default=None, help="p-value matrix file")
    sig.add_argument("--clusters", type=Path, default=None, help="significance clusters file")
    sig.set_defaults(func=_interruptible(_significance))
