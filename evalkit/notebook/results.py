"""Writing a notebook's results: tables (CSV), figures (PNG and SVG), key numbers (JSON).

A :class:`ResultsWriter` owns one notebook's folder
``results/<profile>/<paper-key>/<notebook>/``. Every file is written atomically, tables
with a fixed float format and figures without timestamps, so rerunning a notebook with the
same parameters and seed gives identical files. ``results.json`` gathers the key numbers
and the provenance (:mod:`evalkit.notebook.provenance`).
"""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Union

import matplotlib
import pandas as pd

from evalkit.atomic import atomic_write_bytes, atomic_write_text
from evalkit.errors import ParameterError
from evalkit.notebook.params import NotebookParameters
from evalkit.notebook.provenance import provenance

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def _check_name(name: str) -> str:
    if (
        not isinstance(name, str)
        or not _NAME.match(name)
        or name.endswith((".csv", ".png", ".svg", ".json"))
    ):
        raise ParameterError(
            "name", name, "a file stem of letters, digits, '.', '_' or '-' without an extension"
        )
    return name


def _jsonable(value: Any) -> Any:
    """Plain JSON types for numpy/pandas scalars and containers; NaN becomes null."""
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "item") and callable(value.item) and getattr(value, "ndim", 1) == 0:
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "tolist"):
        return _jsonable(value.tolist())
    return str(value)


class SavedPath(type(Path())):
    """A written file's path whose ``repr`` (what a notebook cell shows when it ends with
    ``out.table(...)``) names the file, not the folder: executed notebooks must not carry a
    path of the machine that ran them, nor of the run's staging folder."""

    def __repr__(self) -> str:
        return f"<saved {self.name}>"

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))


class SavedFiles(list):
    """The files one :meth:`ResultsWriter.figure` call wrote, shown by name (see
    :class:`SavedPath`)."""

    def __repr__(self) -> str:
        return "<saved " + ", ".join(Path(p).name for p in self) + ">"

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))


def _figure_bytes(fig, fmt: str, dpi: int) -> bytes:
    """``fig`` rendered as ``fmt`` without timestamps (identical bytes on every rerun)."""
    buffer = io.BytesIO()
    metadata = (
        {"Software": None}
        if fmt == "png"
        else {"Date": None}
        if fmt == "svg"
        else {"CreationDate": None}
    )
    # A fixed hash salt makes SVG element ids, and so the file, identical across reruns.
    with matplotlib.rc_context({"svg.hashsalt": "evalkit"}):
        fig.savefig(buffer, format=fmt, dpi=dpi, bbox_inches="tight", metadata=metadata)
    return buffer.getvalue()


def in_notebook_kernel() -> bool:
    """Whether this code runs in a Jupyter kernel (JupyterLab, papermill), where displayed
    objects become cell outputs."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebook extras
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def show_inline(fig, png: bytes) -> bool:
    """Display ``png`` (``fig`` rendered) as a cell output and close ``fig`` when running in a
    notebook kernel; returns whether it did. Outside a kernel nothing is shown and the
    figure stays open for the caller."""
    if not in_notebook_kernel():
        return False
    import matplotlib.pyplot as plt
    from IPython.display import Image, display

    display(Image(data=png, format="png"))
    plt.close(fig)
    return True


class ResultsWriter:
    """Writes one notebook's tables, figures and key numbers under ``params.results_dir``."""

    def __init__(self, params: NotebookParameters, data_files: Iterable[Union[str, Path]] = ()):
        if params.results_dir is None:
            raise ParameterError("results_dir", None, "a results directory")
        self.params = params
        self.directory = Path(params.results_dir)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.data_files: List[Path] = [Path(p) for p in data_files]
        self.numbers: Dict[str, Any] = {}
        self.datasets: List[Dict[str, Any]] = []
        self.files: List[str] = []

    def add_data_files(self, *paths: Union[str, Path]) -> None:
        """Record input files whose SHA-256 goes into the provenance."""
        self.data_files.extend(Path(p) for p in paths)

    def data_note(self, *data: Any, needs_data: bool = True):
        """Say what kind of result this run is and what stands in for what
        (:mod:`evalkit.notebook.notes`): recorded as ``result_kind`` in ``results.json`` and
        returned as Markdown for the notebook to display. ``data`` are evaluations or corpora;
        their provenance is recorded too (:meth:`add_provenance`)."""
        from evalkit.notebook.notes import kind_of, show_note

        self.number("result_kind", kind_of(self.params.profile, needs_data))
        if needs_data and data:
            self.add_provenance(*data)
        return show_note(self.params.profile, data, needs_data, self.params.paper)

    def add_provenance(self, *corpora: Any) -> None:
        """Record what data the run used: each corpus' (or evaluation's) provenance record
        from :mod:`evalkit.data.datasets` (data set, profile, what it stands in for, source,
        licence, and every file's SHA-256), written under ``provenance.datasets`` of
        ``results.json``. A corpus without a record is an error (it was not loaded through
        the registry)."""
        from evalkit.data.provenance import provenance_of

        for corpus in corpora:
            record = getattr(corpus, "provenance", None)
            if record is None or not hasattr(record, "to_dict"):
                record = provenance_of(getattr(corpus, "corpus", corpus))
            if record is None:
                raise ParameterError(
                    "corpus",
                    getattr(corpus, "name", type(corpus).__name__),
                    "a corpus loaded through evalkit.data.datasets (with a provenance record)",
                )
            data = record.to_dict()
            data["files"] = [[name, sha, size] for name, _path, sha, size in data["files"]]
            if data not in self.datasets:
                self.datasets.append(data)

    def table(
        self, frame: pd.DataFrame, name: str, index: bool = False, float_format: str = "%.10g"
    ) -> Path:
        """Write ``frame`` to ``<name>.csv`` (atomically) and return the path."""
        _check_name(name)
        if not isinstance(frame, pd.DataFrame):
            raise ParameterError("frame", type(frame).__name__, "a pandas DataFrame")
        buffer = io.StringIO()
        frame.to_csv(buffer, index=index, float_format=float_format, lineterminator="\n")
        path = atomic_write_text(self.directory / f"{name}.csv", buffer.getvalue())
        self._record(path)
        return SavedPath(path)

    def figure(
        self, fig, name: str, formats: Iterable[str] = ("png", "svg"), dpi: int = 150
    ) -> "SavedFiles":
        """Save a matplotlib figure as PNG and SVG (no timestamps, so reruns are identical) and
        show it inline where the reader is: in a notebook kernel (JupyterLab, or papermill's
        executed copy) the PNG is displayed as the cell's output and the figure closed, so
        matplotlib's inline backend does not show it a second time. Axes whose data are all
        whole numbers (counts) get whole-number ticks (:func:`evalkit.notebook.plots.integer_ticks`),
        and a label drawn in several panels keeps one colour
        (:func:`evalkit.notebook.plots.consistent_colors`). Returns the saved paths, shown by
        file name only (no folder of this machine)."""
        from evalkit.notebook.plots import consistent_colors, integer_ticks

        _check_name(name)
        formats = list(formats)
        for fmt in formats:
            if fmt not in ("png", "svg", "pdf"):
                raise ParameterError("formats", fmt, "'png', 'svg' or 'pdf'")
        integer_ticks(fig)
        consistent_colors(fig)
        paths = SavedFiles()
        png = None
        for fmt in formats:
            data = _figure_bytes(fig, fmt, dpi)
            if fmt == "png":
                png = data
            path = atomic_write_bytes(self.directory / f"{name}.{fmt}", data)
            self._record(path)
            paths.append(path)
        show_inline(fig, png if png is not None else _figure_bytes(fig, "png", dpi))
        return paths

    def claims(self, frame: pd.DataFrame, name: str = "paper_vs_run") -> Path:
        """Write the claims table (:mod:`evalkit.notebook.claims` schema, checked) as
        ``<name>.csv`` and record its verdict counts under ``claims`` in ``results.json``."""
        from evalkit.notebook.claims import check_claims, summary

        check_claims(frame, name)
        path = self.table(frame, name)
        counts = self.numbers.get("claims", {})
        for kind, verdicts in summary(frame).items():
            for verdict, n in verdicts.items():
                counts.setdefault(kind, {})
                counts[kind][verdict] = counts[kind].get(verdict, 0) + n
        self.numbers["claims"] = counts
        return path

    def number(self, key: str, value: Any) -> None:
        """Record one key number for ``results.json`` (written by :meth:`finish`)."""
        self.numbers[str(key)] = _jsonable(value)

    def update(self, values: Mapping[str, Any]) -> None:
        for key, value in values.items():
            self.number(key, value)

    def finish(self) -> Path:
        """Write ``results.json`` with the key numbers, the files and the provenance."""
        record = {
            "paper": self.params.paper,
            "notebook": self.params.notebook,
            "profile": self.params.profile,
            "numbers": self.numbers,
            "files": sorted(set(self.files)),
            "provenance": _jsonable(provenance(self.params.as_dict(), self.data_files)),
        }
        if self.datasets:
            record["provenance"]["datasets"] = _jsonable(self.datasets)
        text = json.dumps(record, indent=2, sort_keys=True, allow_nan=False) + "\n"
        return SavedPath(atomic_write_text(self.directory / "results.json", text))

    def _record(self, path: Path) -> None:
        self.files.append(path.name)


def read_results(directory: Union[str, Path]) -> Optional[Dict[str, Any]]:
    """Read a notebook's ``results.json`` (None if it has none)."""
    path = Path(directory) / "results.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))
