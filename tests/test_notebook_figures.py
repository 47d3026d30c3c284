"""``out.figure`` shows every saved figure inline where the reader is (a notebook kernel) and
nothing it returns names a folder of the machine (issue 34, item 1); count axes get
whole-number ticks (item 3). The end-to-end check through papermill is in
``tests/test_runner_site.py``."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from evalkit.errors import ParameterError  # noqa: E402
from evalkit.notebook import plots  # noqa: E402
from evalkit.notebook import results as results_module  # noqa: E402
from evalkit.notebook.params import NotebookParameters  # noqa: E402
from evalkit.notebook.plots import integer_ticks  # noqa: E402


@pytest.fixture
def out(tmp_path):
    params = NotebookParameters(
        paper="toy", notebook="01_x", profile="sample", results_dir=tmp_path
    )
    return results_module.ResultsWriter(params)


def test_figure_is_displayed_as_png_and_closed_in_a_kernel(out, monkeypatch):
    shown = []
    monkeypatch.setattr(results_module, "in_notebook_kernel", lambda: True)
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj))
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    paths = out.figure(fig, "figure1")
    (image,) = shown
    assert isinstance(image, IPython.display.Image)
    assert image.data == (out.directory / "figure1.png").read_bytes()
    assert not plt.fignum_exists(fig.number)  # the inline backend will not show it twice
    assert [p.name for p in paths] == ["figure1.png", "figure1.svg"]


def test_outside_a_kernel_nothing_is_shown_and_the_figure_stays_open(out):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    out.figure(fig, "figure1")
    assert plt.fignum_exists(fig.number)
    plt.close(fig)


def test_what_a_cell_shows_names_files_not_folders(out):
    fig, _ = plt.subplots()
    shown = [
        repr(out.figure(fig, "figure1")),
        repr(out.table(pd.DataFrame({"x": [1]}), "table1")),
        repr(out.finish()),
    ]
    plt.close(fig)
    assert shown == [
        "<saved figure1.png, figure1.svg>",
        "<saved table1.csv>",
        "<saved results.json>",
    ]
    for text in shown:
        assert str(out.directory) not in text


def _labels(ax, which):
    ax.figure.canvas.draw()
    ticks = ax.get_yticklabels() if which == "y" else ax.get_xticklabels()
    return [t.get_text().replace("\u2212", "-") for t in ticks if t.get_text()]


def test_count_axes_get_whole_number_ticks():
    fig, ax = plt.subplots()
    ax.hist([1, 1, 2, 3, 3, 3], bins=[0.5, 1.5, 2.5, 3.5])  # heights 2, 1, 3
    assert integer_ticks(fig) == 1  # y (counts); the x bin edges are not whole
    assert all(float(t).is_integer() for t in _labels(ax, "y"))
    plt.close(fig)


def test_axes_with_fractions_categories_or_log_scale_are_left_alone():
    fig, (a, b, c) = plt.subplots(1, 3)
    a.plot([0.1, 0.2, 0.3], [0.5, 0.25, 0.75])
    b.bar(["x", "y"], [0.5, 0.7])
    c.plot([1, 10, 100], [1, 2, 3])
    c.set_xscale("log")
    assert integer_ticks(fig) == 1  # c's y: 1, 2, 3
    assert any(not float(t).is_integer() for t in _labels(a, "y"))
    plt.close(fig)


def test_one_colour_per_label_across_panels():
    """The same metric keeps one colour in every panel (lines, bars, legends), whatever order
    the panels draw the metrics in; a one-panel figure is left alone."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba

    from evalkit.notebook.plots import consistent_colors

    fig, (a, b, c) = plt.subplots(1, 3)
    a.plot([0, 1], [0, 1], label="BLEU")
    a.plot([0, 1], [1, 0], label="NIST")
    b.plot([0, 1], [0, 2], label="NIST")  # NIST first here: the cycle gives it BLEU's colour
    b.plot([0, 1], [2, 0], label="BLEU")
    c.bar([0], [1], label="NIST")
    b.legend()
    before = to_rgba(b.get_lines()[0].get_color())
    assert before == to_rgba(a.get_lines()[0].get_color())  # the cycle's clash
    assert consistent_colors(fig) > 0
    colour = {ln.get_label(): to_rgba(ln.get_color()) for ln in a.get_lines()}
    for ln in b.get_lines():
        assert to_rgba(ln.get_color()) == colour[ln.get_label()]
    assert to_rgba(c.patches[0].get_facecolor()) == colour["NIST"]
    legend = b.get_legend()
    handles = getattr(legend, "legend_handles", None) or legend.legendHandles
    for text, handle in zip(legend.get_texts(), handles):
        assert to_rgba(handle.get_color()) == colour[text.get_text()]
    assert consistent_colors(fig) == 0  # already consistent
    one, ax = plt.subplots()
    ax.plot([0, 1], [0, 1], label="BLEU")
    assert consistent_colors(one) == 0
    plt.close("all")


def test_printed_values_sit_on_their_bars():
    ours = pd.DataFrame({"BLEU": [0.5, 0.6, 0.2], "NIST": [0.4, 0.7, 0.3]}, index=list("abc"))
    printed = pd.DataFrame({"BLEU": [0.52, np.nan, 0.25], "NIST": [0.41, 0.69, 0.3]})
    fig, ax = plt.subplots()
    ours.plot.bar(ax=ax)
    assert plots.printed_on_bars(ax, printed) == 5
    marks = [c for c in ax.collections if c.get_label() == "printed"]
    assert len(marks) == 1
    xy = marks[0].get_offsets()
    centres = {
        (round(b.get_x() + b.get_width() / 2, 9), col)
        for c, col in zip(ax.containers, ours.columns)
        for b in c.patches
    }
    # every mark is at the centre of a bar of its own series, at the printed height
    assert sorted(np.round(xy[:, 1], 9)) == sorted([0.52, 0.25, 0.41, 0.69, 0.3])
    assert {round(x, 9) for x in xy[:, 0]} <= {x for x, _ in centres}
    nist_bar_b = ax.containers[1].patches[1]
    assert any(
        np.isclose(x, nist_bar_b.get_x() + nist_bar_b.get_width() / 2) and np.isclose(y, 0.69)
        for x, y in xy
    )
    with pytest.raises(ParameterError):
        plots.printed_on_bars(ax, printed[["BLEU"]])
    plt.close(fig)


def test_printed_points_leave_out_missing_values():
    fig, ax = plt.subplots()
    assert plots.printed_points(ax, [1, 2, 3], [0.9, np.nan, 0.8]) == 2
    assert ax.collections[0].get_offsets().shape == (2, 2)
    with pytest.raises(ParameterError):
        plots.printed_points(ax, [1, 2], [1.0])
    plt.close(fig)
