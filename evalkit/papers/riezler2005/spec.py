"""Riezler & Maxwell (2005), declarations: the paper's three measures as registered metrics,
the data set each profile stands in with, the notebooks' parameters and the printed
tables (``data/published/riezler2005/``).
"""

from __future__ import annotations

from typing import Dict

import pandas as pd

from evalkit.notebook.params import Parameter as P

__all__ = ["DATASETS", "MEASURES", "METRICS", "NOTEBOOKS", "PAPER", "dataset_key", "published"]

PAPER = "riezler2005"
MEASURES = ("NIST", "BLEU", "F")
_SIZES = dict(low=1)
_METRICS = P(
    "metrics", list, default=list(MEASURES), choices=MEASURES, help="the paper's three measures"
)
_LICENSED = P(
    "licensed_corpus",
    str,
    default="mtc4",
    choices=("mtc4", "tides2003-ar-en"),
    help="licensed profile: TIDES 2003 zh-en (MTC part 4) or ar-en",
)
_WINDOW = P(
    "relation_window",
    int,
    default=3,
    low=1,
    help="F: word pairs up to this distance stand in for relations",
)

#: The notebooks' parameters (validated by ``evalkit.notebook.setup``).
NOTEBOOKS = {
    "00_multiplicity": (
        P(
            "ks",
            list,
            default=[1, 2, 5, 10, 15, 45, 105, 190],
            element=int,
            low=1,
            help="numbers of comparisons",
        ),
        P("per_comparison", list, default=[0.05, 0.015, 0.01, 0.001], element=float, low=0, high=1),
        P("target_experimentwise", float, default=0.05, low=0, high=1),
        P("n_experiments", int, default=20000, quick=2000, **_SIZES),
    ),
    "01_table1_significance": (
        _LICENSED,
        _METRICS,
        P(
            "pair",
            list,
            default=None,
            allow_none=True,
            length=2,
            help="[baseline, system]; None: chosen",
        ),
        P(
            "pair_rule",
            str,
            default="paper",
            choices=("paper", "closest"),
            help="paper: a NIST gain of at least .15 with the smallest BLEU change (Table 1's case)",
        ),
        P(
            "pair_metric",
            str,
            default="BLEU",
            choices=MEASURES,
            help="rule 'closest': the metric that picks",
        ),
        P("n_trials", int, default=10000, quick=500, **_SIZES),
        P("n_resamples", int, default=10000, quick=500, **_SIZES),
        _WINDOW,
        P("alpha", float, default=0.05, low=0, high=1),
    ),
    "02_table2_type1_error": (
        _LICENSED,
        _METRICS,
        P("table2_metric", str, default="NIST", choices=MEASURES),
        P(
            "sources",
            list,
            default=None,
            allow_none=True,
            length=2,
            help="[A, B] systems the variants mix",
        ),
        _WINDOW,
        P("n_variants", int, default=6, low=2),
        P("n_trials", int, default=10000, quick=300, **_SIZES),
        P("n_resamples", int, default=10000, quick=300, **_SIZES),
        P("n_replications", int, default=200, full=400, quick=12, **_SIZES),
        P("sim_trials", int, default=1000, quick=200, **_SIZES),
        P("sim_resamples", int, default=1000, quick=200, **_SIZES),
        P("alphas", list, default=[0.015, 0.05], element=float, low=0, high=1),
        P(
            "tests",
            list,
            default=["approximate randomization", "bootstrap (shift)", "bootstrap (centred)"],
            choices=(
                "approximate randomization",
                "bootstrap (shift)",
                "bootstrap (centred)",
                "bootstrap (koehn)",
            ),
        ),
    ),
    "03_many_systems": (
        _LICENSED,
        _METRICS,
        P(
            "baseline",
            str,
            default=None,
            allow_none=True,
            help="system every other is compared with",
        ),
        _WINDOW,
        P("n_trials", int, default=10000, quick=500, **_SIZES),
        P("n_resamples", int, default=10000, quick=500, **_SIZES),
        P(
            "max_systems",
            int,
            default=None,
            allow_none=True,
            quick=6,
            low=2,
            help="at most this many systems",
        ),
        P("per_comparison", float, default=0.05, low=0, high=1),
        P("experimentwise", float, default=0.05, low=0, high=1),
    ),
}

#: The data set each profile stands in with (R&M's 2,000 Europarl sentences were never released).
DATASETS = {"sample": "tides2003", "public": "wmt17-en-de"}


def dataset_key(profile: str, licensed_corpus: str = "mtc4") -> str:
    """The :mod:`evalkit.data.datasets` key a profile runs on."""
    return licensed_corpus if profile == "licensed" else DATASETS[profile]


# --------------------------------------------------------------------------- printed numbers
def published(table: str) -> pd.DataFrame:
    """A printed table (``table1``, ``table2``, ``multiplicity``, ``text``); ``printed`` keeps
    the string as printed, ``value`` its numeric reading, ``relation`` how to read it."""
    from evalkit.data.published import read_published

    return read_published(PAPER, table, dtypes={"printed": "str"})


# --------------------------------------------------------------------------- the paper's metrics
#: The paper's measures as registered metrics (name, configuration, scale of the score).
METRICS: Dict[str, tuple] = {
    "BLEU": ("bleu", {}, 100.0),  # 13a tokens, closest reference length, all references
    "NIST": ("nist", {}, 1.0),  # mteval semantics, N = 5, weights from all references
    "F": (
        "window-f",
        {"tokenize": "13a", "lowercase": True},
        1.0,
    ),  # word-window stand-in, first reference
}
