"""Reader and writer for segment-level score files of external measures (Asiya and others),
so the original measures of Amigó et al. (2011) can be brought in where evalkit only has
offline stand-ins.

Format: the WMT metrics-task segment-level score file (``<metric>.seg.score``), the layout
Asiya's authors and every WMT metrics-task participant submitted (WMT 2008-2019), one score
per line, tab-separated, no header::

    METRIC <TAB> LANG-PAIR <TAB> TEST-SET <TAB> SYSTEM <TAB> SEGMENT <TAB> SCORE

e.g. ``DP-HWCr-4\tar-en\tnist2005\tsystem07\t12\t0.4311``. SEGMENT is a 1-based integer
(the segment's position in the test set, or the topic number for summaries), SCORE a
finite number (higher = better; Asiya reports error rates as ``1-WER``, ``1-TER``, ...).
Blank lines and lines starting with ``#`` are skipped. Anything else raises
:class:`evalkit.errors.InputFormatError` naming the file, the line and what was expected;
a (metric, lang-pair, test set, system, segment) given twice is an error too.

:func:`read_scores` returns ``measure, language_pair, testset, system, segment, score``;
:func:`to_corroboration_scores` reshapes it into the ``instance, system, metric, value``
frame :func:`evalkit.stats.corroboration.build_pairs` reads. :func:`write_scores` writes
the same format (atomically) from that frame, so a round trip is exact (scores written with
``repr`` precision).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Iterable, List, Union

import pandas as pd

from evalkit.atomic import atomic_open
from evalkit.inputs import read_text
from evalkit.errors import InputFormatError, ParameterError

__all__ = ["COLUMNS", "read_scores", "write_scores", "to_corroboration_scores"]

COLUMNS = ("measure", "language_pair", "testset", "system", "segment", "score")
_EXPECTED = "6 tab-separated fields METRIC LANG-PAIR TEST-SET SYSTEM SEGMENT SCORE"


def read_scores(paths: Union[str, Path, Iterable[Union[str, Path]]]) -> pd.DataFrame:
    """Read one or several score files (see the module docstring)."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    rows: List[tuple] = []
    seen = {}
    for path in paths:
        path = Path(path)
        lines = read_text(path, "score file").split("\n")
        for number, line in enumerate(lines, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\r").split("\t")
            if len(fields) != 6 or not all(f.strip() for f in fields):
                raise InputFormatError(path, number, _EXPECTED, line)
            measure, pair, testset, system, segment, score = (f.strip() for f in fields)
            try:
                seg = int(segment)
            except ValueError:
                raise InputFormatError(
                    path, number, "an integer SEGMENT (field 5)", segment
                ) from None
            if seg < 1:
                raise InputFormatError(path, number, "a 1-based SEGMENT number", segment)
            try:
                value = float(score)
            except ValueError:
                raise InputFormatError(path, number, "a number as SCORE (field 6)", score) from None
            if not math.isfinite(value):
                raise InputFormatError(path, number, "a finite SCORE", score)
            key = (measure, pair, testset, system, seg)
            if key in seen:
                raise InputFormatError(
                    path, number, f"one score per key (first given at {seen[key]})", line
                )
            seen[key] = f"{path}, line {number}"
            rows.append((measure, pair, testset, system, seg, value))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def write_scores(frame: pd.DataFrame, path: Union[str, Path]) -> Path:
    """Write a frame with the columns of :data:`COLUMNS` in the file format."""
    missing = [c for c in COLUMNS if c not in frame.columns]
    if missing:
        raise ParameterError("frame", list(frame.columns), f"the columns {list(COLUMNS)}")
    with atomic_open(path) as out:
        for r in frame[list(COLUMNS)].itertuples(index=False):
            texts = [str(v) for v in r[:4]]
            if any("\t" in t or "\n" in t or not t.strip() for t in texts):
                raise ParameterError("frame", texts, "non-empty names without tabs or newlines")
            score = float(r.score)
            if not math.isfinite(score) or int(r.segment) < 1:
                raise ParameterError(
                    "frame", (r.segment, r.score), "1-based segments and finite scores"
                )
            out.write("\t".join(texts + [str(int(r.segment)), repr(score)]) + "\n")
    return Path(path)


def to_corroboration_scores(scores: pd.DataFrame) -> pd.DataFrame:
    """``instance, system, metric, value`` with instance = ``testset:segment`` (language
    pair and test set must be one each per file set; several are kept apart in the id)."""
    inst = scores["language_pair"] + "/" + scores["testset"] + ":" + scores["segment"].astype(str)
    return pd.DataFrame(
        {
            "instance": inst,
            "system": scores["system"],
            "metric": scores["measure"],
            "value": scores["score"],
        }
    )
