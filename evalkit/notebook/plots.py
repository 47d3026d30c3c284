"""Figures several papers draw: paper-vs-run scatter, win/significance heat map, score
scatter and density plots (matplotlib; the notebook saves them with ``out.figure``).

Every helper takes an optional ``ax`` and returns it, draws nothing global, and writes
p-values as a reader expects them (``<.001``, two or three decimals, never ``.000``).
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError


def format_p(p: float, digits: int = 3) -> str:
    """A p-value as printed in papers: ``.012``, ``<.001`` (never ``.000``); ``-`` for NaN.

    >>> format_p(0.0004), format_p(0.0123), format_p(1.0)
    ('<.001', '.012', '1.000')
    """
    if p is None or not np.isfinite(p):
        return "-"
    floor = 10**-digits
    if p < floor:
        return "<" + f"{floor:.{digits}f}".lstrip("0")
    text = f"{p:.{digits}f}"
    return text.lstrip("0") if p < 1 else text


def win_matrix(
    beats: pd.DataFrame,
    pvalues: Optional[pd.DataFrame] = None,
    title: str = "",
    ax=None,
    cmap: str = "Greens",
    annotate_max: int = 30,
):
    """Heat map in the style of Graham (2015) Figures 3-4: cell (i, j) is coloured iff the row
    significantly beats the column; with ``pvalues`` the colour deepens as p falls and p is
    written in the cell (``<.001`` style, legible size) when there are at most
    ``annotate_max`` rows."""
    import matplotlib.pyplot as plt

    if not isinstance(beats, pd.DataFrame) or beats.shape[0] != beats.shape[1]:
        raise ParameterError("beats", getattr(beats, "shape", beats), "a square boolean DataFrame")
    n = len(beats)
    if ax is None:
        _, ax = plt.subplots(figsize=(0.55 * n + 2.5, 0.55 * n + 1.5))
    won = beats.to_numpy(dtype=bool)
    shade = won.astype(float)
    if pvalues is not None:
        p = pvalues.reindex(index=beats.index, columns=beats.columns).to_numpy(dtype=float)
        shade = np.where(won, 1 - np.nan_to_num(p, nan=1.0) * 10, 0.0).clip(0.25, 1) * won
    colours = plt.get_cmap(cmap).copy()
    colours.set_bad("white")  # cells without a significant win stay white, as in the paper
    ax.imshow(np.where(won, shade, np.nan), cmap=colours, vmin=0, vmax=1, aspect="equal")
    ax.set_xticks(range(n), [str(c) for c in beats.columns], rotation=90, fontsize=8)
    ax.set_yticks(range(n), [str(i) for i in beats.index], fontsize=8)
    ax.set_xticks(np.arange(-0.5, n), minor=True)
    ax.set_yticks(np.arange(-0.5, n), minor=True)
    ax.grid(which="minor", color="0.85", linewidth=0.5)
    ax.tick_params(which="minor", length=0)
    if pvalues is not None and n <= annotate_max:
        size = 7 if n <= 15 else 6
        for i in range(n):
            for j in range(n):
                v = p[i, j]
                if won[i, j] and np.isfinite(v):
                    ax.text(
                        j,
                        i,
                        format_p(v),
                        ha="center",
                        va="center",
                        fontsize=size,
                        color="white" if shade[i, j] > 0.6 else "black",
                    )
    ax.set_title(title, fontsize=10)
    return ax


def paper_vs_run(
    paper: Sequence[float],
    ours: Sequence[float],
    labels: Optional[Sequence[str]] = None,
    highlight: Optional[Sequence[bool]] = None,
    annotate: Iterable[str] = (),
    ax=None,
    xlabel: str = "printed",
    ylabel: str = "this run",
    title: str = "",
):
    """Scatter of printed values against this run's, one point per item, with the identity
    line; ``annotate`` names the labelled points (offset alternately so labels do not
    overlap), ``highlight`` colours points (e.g. the optimal set)."""
    import matplotlib.pyplot as plt

    x = np.asarray(paper, dtype=float)
    y = np.asarray(ours, dtype=float)
    if x.shape != y.shape:
        raise ParameterError("ours", y.shape, f"as many values as paper ({x.shape})")
    if ax is None:
        _, ax = plt.subplots(figsize=(4.6, 4.4))
    colour = (
        np.where(np.asarray(highlight, dtype=bool), "tab:green", "0.6")
        if highlight is not None
        else "tab:blue"
    )
    ax.scatter(x, y, s=12, c=colour, linewidths=0)
    finite = np.isfinite(x) & np.isfinite(y)
    if finite.any():
        lo = float(min(x[finite].min(), y[finite].min()))
        hi = float(max(x[finite].max(), y[finite].max()))
        ax.plot([lo, hi], [lo, hi], color="0.75", linewidth=0.7, linestyle="--", zorder=0)
    wanted = list(annotate)
    if labels is not None and wanted:
        labels = list(labels)
        offsets = [(6, 6), (6, -10), (-6, 8), (-6, -12)]
        k = 0
        for name in wanted:
            if name in labels:
                i = labels.index(name)
                if finite[i]:
                    dx, dy = offsets[k % len(offsets)]
                    ax.annotate(
                        name,
                        (x[i], y[i]),
                        xytext=(dx, dy),
                        textcoords="offset points",
                        fontsize=7,
                        ha="left" if dx > 0 else "right",
                        arrowprops={"arrowstyle": "-", "color": "0.5", "linewidth": 0.5},
                    )
                    k += 1
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=9)
    return ax


def score_scatter(
    x: Sequence[float],
    y: Sequence[float],
    xlabel: str,
    ylabel: str,
    title: str = "",
    percent: bool = True,
    ax=None,
):
    """One point per item (e.g. per summary: quality against coverage), with the diagonal;
    ``percent`` shows 0-1 scores as 0-100 %."""
    import matplotlib.pyplot as plt

    scale = 100.0 if percent else 1.0
    x = scale * np.asarray(x, dtype=float)
    y = scale * np.asarray(y, dtype=float)
    if ax is None:
        _, ax = plt.subplots(figsize=(4.5, 4.5))
    ax.scatter(x, y, s=6, alpha=0.4, color="tab:blue", linewidths=0)
    top = scale
    ax.plot([0, top], [0, top], color="0.5", linewidth=0.8, linestyle="--")
    ax.set_xlim(0, max(top, float(np.nanmax(x)) if len(x) else top))
    ax.set_ylim(0, max(top, float(np.nanmax(y)) if len(y) else top))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=9)
    return ax


def densities(series: Sequence[tuple], xlabel: str, title: str = "", ax=None, grid=(0.0, 1.0)):
    """Kernel density estimates (scipy ``gaussian_kde``, Scott's rule) of several score
    series ``[(label, values), ...]`` on a common axis ``grid`` (lo, hi)."""
    import matplotlib.pyplot as plt
    from scipy import stats as sps

    if ax is None:
        _, ax = plt.subplots(figsize=(5, 4))
    xs = np.linspace(grid[0], grid[1], 201)
    for label, values in series:
        v = np.asarray(values, float)
        v = v[np.isfinite(v)]
        if len(v) > 1 and np.ptp(v) > 0:
            ax.plot(xs, sps.gaussian_kde(v)(xs), label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("Density")
    ax.set_xlim(*grid)
    ax.legend(fontsize=8)
    ax.set_title(title, fontsize=9)
    return ax


def legend_below(fig, axes, title: str = "", ncol: int = 0) -> None:
    """One legend for the whole figure, below the panels, so that no legend covers a bar:
    the handles of the first of ``axes`` that has some, every panel's own legend removed.
    ``ncol`` 0: all entries on one row."""
    axes = list(np.ravel(axes))
    handles, labels = [], []
    for ax in axes:
        handles, labels = ax.get_legend_handles_labels()
        if handles:
            break
    for ax in axes:
        if ax.get_legend() is not None:
            ax.get_legend().remove()
    if handles:
        fig.legend(
            handles,
            labels,
            title=title or None,
            loc="lower center",
            ncol=ncol or len(labels),
            frameon=False,
        )
        fig.tight_layout(rect=(0, 0.1, 1, 1))


def _axis_values(ax, which: str) -> np.ndarray:
    """The data values drawn along ``which`` (``"x"`` or ``"y"``) of ``ax``: line points,
    scatter offsets, bar and histogram rectangles (their extent along the axis)."""
    from matplotlib.patches import Rectangle

    col = 0 if which == "x" else 1
    values = []
    for line in ax.get_lines():
        data = line.get_xdata() if which == "x" else line.get_ydata()
        values.append(np.asarray(data, dtype=float).ravel())
    for collection in ax.collections:
        offsets = np.asarray(collection.get_offsets(), dtype=float)
        if offsets.ndim == 2 and offsets.shape[1] == 2:
            values.append(offsets[:, col])
    for patch in ax.patches:
        if isinstance(patch, Rectangle):
            lo = patch.get_x() if which == "x" else patch.get_y()
            size = patch.get_width() if which == "x" else patch.get_height()
            values.append(np.asarray([lo, lo + size], dtype=float))
    return np.concatenate(values) if values else np.empty(0)


def integer_ticks(fig) -> int:
    """Whole-number ticks on every linear axis of ``fig`` whose data are all whole numbers
    (counts: systems, topics, judgments, histogram heights) and whose ticks are matplotlib's
    automatic ones (a categorical or fixed axis is left alone); returns how many axes
    changed. A count axis then reads 0, 2, 4, never 0.0, 0.5, 1.0, 1.5."""
    from matplotlib.ticker import AutoLocator, MaxNLocator

    changed = 0
    for ax in fig.get_axes():
        for which in ("x", "y"):
            axis = ax.xaxis if which == "x" else ax.yaxis
            if axis.get_scale() != "linear" or type(axis.get_major_locator()) is not AutoLocator:
                continue
            if (
                axis.get_converter() is not None
                if hasattr(axis, "get_converter")
                else axis.converter is not None
            ):
                continue  # dates, categories
            values = _axis_values(ax, which)
            values = values[np.isfinite(values)]
            if values.size == 0 or not np.all(values == np.round(values)):
                continue
            axis.set_major_locator(MaxNLocator(integer=True))
            changed += 1
    return changed


def _labelled(ax):
    """(label, artists, kind) of every labelled artist of ``ax``: lines, bar containers (bars
    and histograms) and scatter collections; matplotlib's own ``_`` labels are skipped."""
    out = []
    for line in ax.get_lines():
        if not line.get_label().startswith("_"):
            out.append((line.get_label(), [line], "line"))
    for container in ax.containers:
        label = container.get_label()
        patches = getattr(container, "patches", None)  # bars; an errorbar's lines are above
        if patches and label and not label.startswith("_"):
            out.append((label, list(patches), "patch"))
    for coll in ax.collections:
        label = coll.get_label()
        if label and not label.startswith("_"):
            out.append((label, [coll], "collection"))
    return out


def _paint(artist, kind: str, color) -> None:
    if kind == "line":
        artist.set_color(color)
    elif kind == "patch":
        artist.set_facecolor(color)
    else:
        artist.set_facecolor(color)
        artist.set_edgecolor(color)


def consistent_colors(fig) -> int:
    """One colour per label across the panels of ``fig``: a metric (or system, or condition)
    drawn in several panels keeps the colour of its first appearance, wherever matplotlib's
    colour cycle put it in later panels; legends are repainted to match. Returns how many
    artists changed colour (0 for a one-panel figure or one that already agrees)."""
    from matplotlib.colors import to_rgba

    axes = fig.get_axes()
    if len(axes) < 2:
        return 0
    first, changed = {}, 0
    for ax in axes:
        for label, artists, kind in _labelled(ax):
            if not artists:
                continue
            color = artists[0].get_color() if kind == "line" else artists[0].get_facecolor()
            color = to_rgba(color[0] if kind == "collection" and len(color) else color)
            if label not in first:
                first[label] = color
            elif color != first[label]:
                for artist in artists:
                    _paint(artist, kind, first[label])
                    changed += 1
    if changed:
        legends = [ax.get_legend() for ax in axes] + list(fig.legends)
        for legend in (lg for lg in legends if lg is not None):
            handles = getattr(legend, "legend_handles", None) or getattr(
                legend, "legendHandles", []
            )
            for text, handle in zip(legend.get_texts(), handles):
                if text.get_text() in first:
                    kind = "line" if hasattr(handle, "get_xdata") else "patch"
                    _paint(handle, kind, first[text.get_text()])
    return changed


#: How a printed value is drawn over this run's figure: a black tick on a bar, a black cross
#: on a line or scatter, always labelled so that the legend says which marks are the paper's.
PRINTED_STYLE = {"color": "black", "zorder": 4}


def printed_on_bars(ax, printed, label: str = "printed") -> int:
    """Mark the paper's printed values on a grouped bar chart of this run's values.

    ``printed`` is laid out as the frame the bars were drawn from (``frame.plot.bar``: rows
    along the x axis, one column per bar series, same order); each finite printed value is a
    black horizontal tick across its bar, and the first gets ``label`` for the legend. A
    missing (NaN) printed value marks nothing. Returns the number of values marked.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> import pandas as pd
    >>> ours = pd.DataFrame({"BLEU": [0.5, 0.6], "NIST": [0.4, 0.7]}, index=["a", "b"])
    >>> ax = ours.plot.bar()
    >>> printed_on_bars(ax, pd.DataFrame({"BLEU": [0.52, None], "NIST": [0.41, 0.69]}))
    3
    """
    from matplotlib.container import BarContainer

    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    frame = pd.DataFrame(printed)
    if len(bars) != frame.shape[1]:
        raise ParameterError(
            "printed", f"{frame.shape[1]} columns", f"one column per bar series ({len(bars)})"
        )
    xs, ys, widths = [], [], []
    for container, column in zip(bars, frame.columns):
        values = pd.to_numeric(frame[column], errors="coerce").to_numpy(dtype=float)
        if len(values) != len(container.patches):
            raise ParameterError(
                "printed", f"{len(values)} rows", f"one row per bar ({len(container.patches)})"
            )
        for bar, value in zip(container.patches, values):
            if np.isfinite(value):
                xs.append(bar.get_x() + bar.get_width() / 2)
                ys.append(value)
                widths.append(bar.get_width())
    if xs:
        # A "_" marker is as long as the square root of its size, in points: one bar wide.
        pixels = np.median(widths) * ax.bbox.width / max(float(np.ptp(ax.get_xlim())), 1e-9)
        size = (0.9 * pixels * 72 / ax.figure.dpi) ** 2
        ax.scatter(xs, ys, marker="_", s=size, label=label, linewidths=1.6, **PRINTED_STYLE)
    return len(xs)


def printed_points(ax, x, y, label: str = "printed", marker: str = "x") -> int:
    """Mark the paper's printed values at ``(x, y)`` on a line or scatter figure of this run
    (black crosses, labelled for the legend); NaN values are left out. Returns how many.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> _, ax = plt.subplots()
    >>> printed_points(ax, [1, 2, 3], [0.9, float("nan"), 0.95])
    2
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape:
        raise ParameterError("y", y.shape, f"as many values as x ({x.shape})")
    keep = np.isfinite(x) & np.isfinite(y)
    if keep.any():
        ax.scatter(x[keep], y[keep], marker=marker, s=28, label=label, **PRINTED_STYLE)
    return int(keep.sum())


__all__ = [
    "PRINTED_STYLE",
    "printed_on_bars",
    "printed_points",
    "consistent_colors",
    "densities",
    "format_p",
    "integer_ticks",
    "legend_below",
    "paper_vs_run",
    "score_scatter",
    "win_matrix",
]
