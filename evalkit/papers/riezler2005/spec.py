"""Riezler & Maxwell (2005), declarations: the paper's three measures as registered metrics,
the data set each profile stands in with, the notebooks' parameters and the printed
tables (``data/published/riezler2005/``).
"""

from __future__ import annotations

from typing import Dict

import pandas as pd

from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of, probability, sizes

__all__ = ["DATASETS", "MEASURES", "METRICS", "NOTEBOOKS", "PAPER", "dataset_key", "published"]

PAPER = "riezler2005"
MEASURES = ("NIST", "BLEU", "F")
_METRICS = P(
    "metrics", list, default=list(MEASURES), choices=MEASURES, help="the paper's three measures"
)
_LICENSED = one_of(
    "licensed_corpus",
    ("mtc4", "tides2003-ar-en"),
    "mtc4",
    "licensed profile: TIDES 2003 zh-en (MTC part 4) or ar-en",
)
_WINDOW = count("relation_window", 3, "F: word pairs up to this distance stand in for relations")


def _systems(name: str, help: str) -> P:
    """Two named systems ``[A, B]`` (None: the notebook chooses)."""
    return P(name, list, default=None, allow_none=True, length=2, help=help)


#: The notebooks' parameters (validated by ``evalkit.notebook.setup``).
NOTEBOOKS = {
    "00_multiplicity": (
        sizes("ks", [1, 2, 5, 10, 15, 45, 105, 190], "numbers of comparisons"),
        P("per_comparison", list, default=[0.05, 0.015, 0.01, 0.001], element=float, low=0, high=1),
        probability("target_experimentwise", 0.05),
        count("n_experiments", 20000, quick=2000),
    ),
    "01_table1_significance": (
        _LICENSED,
        _METRICS,
        _systems("pair", "[baseline, system]; None: chosen"),
        one_of(
            "pair_rule",
            ("paper", "closest"),
            "paper",
            "paper: a NIST gain of at least Table 1's with the smallest BLEU change (Table 1's case)",
        ),
        one_of("pair_metric", MEASURES, "BLEU", "rule 'closest': the metric that picks"),
        count("n_trials", 10000, quick=500),
        count("n_resamples", 10000, quick=500),
        _WINDOW,
        probability("alpha", 0.05),
    ),
    "02_table2_type1_error": (
        _LICENSED,
        _METRICS,
        one_of("table2_metric", MEASURES, "NIST"),
        _systems("sources", "[A, B] systems the variants mix"),
        _WINDOW,
        count("n_variants", 6, low=2),
        count("n_trials", 10000, quick=300),
        count("n_resamples", 10000, quick=300),
        count("n_replications", 200, quick=12, full=400),
        count("sim_trials", 1000, quick=200),
        count("sim_resamples", 1000, quick=200),
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
        count("n_trials", 10000, quick=500),
        count("n_resamples", 10000, quick=500),
        count("max_systems", None, "at most this many systems", quick=6, low=2),
        probability("per_comparison", 0.05),
        probability("experimentwise", 0.05),
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
