"""Owczarzak & Dang (2009), declarations: the paper key, the printed tables of each experiment, the
metrics, the misprints, TAC's ROUGE settings and the notebooks' parameters.
"""

from __future__ import annotations

from typing import Optional

from evalkit.metrics.pyramid import ROUNDING
from evalkit.metrics.rouge import Rouge
from evalkit.notebook.params import Parameter as P

__all__ = [
    "PAPER",
    "NOTEBOOKS",
    "METRICS",
    "ROUGE_METRICS",
    "MODEL_TABLES",
    "TOPIC_TABLES",
    "DOCSET_SIDE",
    "TABLE_DOCSET",
    "rouge_config",
    "ERRATA",
]

PAPER = "owczarzak2009conditions"


#: evalkit metric keys -> printed column names (BE is printed but not computed here).
METRICS = {"pyramid": "Pyramid", "rouge2": "ROUGE-2", "rougesu4": "ROUGE-SU4", "be": "BE"}


ROUGE_METRICS = {"rouge2": "ROUGE-2", "rougesu4": "ROUGE-SU4"}


#: Printed cells that are misprints (README "Errata and readings"): (table, row, metric).
ERRATA = {
    ("table7", "3", "rougesu4"): "README erratum 1: not monotone (above the 6-topic cell); the "
    "caption says ROUGE-2 and ROUGE-SU4 do not differ at 3 topics"
}


#: (docset, reference) -> the printed table of the models / topics experiment (TAC 2008).
MODEL_TABLES = {
    ("A", "responsiveness"): "table1",
    ("B", "responsiveness"): "table2",
    ("A", "pyramid"): "table3",
    ("B", "pyramid"): "table4",
}


MODEL_TABLES[("DUC", "responsiveness")] = "table5"  # DUC 2007, Content Responsiveness


TOPIC_TABLES = {
    ("DUC", "responsiveness"): "table11",
    ("A", "responsiveness"): "table7",
    ("B", "responsiveness"): "table8",
    ("A", "pyramid"): "table9",
    ("B", "pyramid"): "table10",
}

#: TAC 2008 docset -> its name in the simulator targets and the self-substitution frames.
DOCSET_SIDE = {"A": "initial", "B": "update"}
#: printed table -> the docset of its experiment ("A", "B" or "DUC").
TABLE_DOCSET = {v: k[0] for tables in (MODEL_TABLES, TOPIC_TABLES) for k, v in tables.items()}


_DOCSETS = P(
    "docsets",
    list,
    default=["A", "B"],
    choices=("A", "B"),
    help="TAC 2008 initial (A) and update (B)",
)


_REFS = P(
    "references", list, default=["responsiveness", "pyramid"], choices=("responsiveness", "pyramid")
)


_METRICS = P(
    "metrics",
    list,
    default=["pyramid", "rouge2", "rougesu4"],
    choices=("pyramid", "rouge2", "rougesu4"),
    help="BE is not computed in the sweeps (see the module docstring)",
)


_DRAWS = P("n_draws", int, default=1000, quick=50, low=2, help="draws per cell (the paper: 1,000)")


_BOOT = P("n_boot", int, default=1000, quick=50, low=2, help="topic bootstrap samples")


_TOPIC_BOOT = P(
    "n_topic_boot",
    int,
    default=200,
    quick=50,
    low=2,
    help="topic bootstrap resamples behind the findings' intervals",
)


_BOOT_DRAWS = P(
    "boot_draws", int, default=100, quick=20, low=1, help="draws per cell of each such resample"
)


_CORR = P(
    "correlation",
    str,
    default="pearson",
    choices=("pearson", "spearman", "kendall"),
    help="not named in the paper",
)


_ROUND = P(
    "rounding", str, default="none", choices=ROUNDING, help="rounding of X in rebuilt pyramids"
)


_ALPHA = P("alpha", float, default=0.05, low=0, high=1, help="ANOVA / Tukey level")


_DUC = P(
    "duc2007", bool, default=True, help="Tables 5 / 11: DUC 2007, ROUGE and Content Responsiveness"
)


#: The parameters both sweeps share, in their notebooks' order.
_SWEEP = (_METRICS, _DRAWS, _BOOT, _TOPIC_BOOT, _BOOT_DRAWS, _CORR)


NOTEBOOKS = {
    "01_models_sweep": (
        _DOCSETS,
        _REFS,
        P("k_models", list, default=[1, 2, 3], element=int, low=1),
        *_SWEEP,
        _ROUND,
        _ALPHA,
        _DUC,
    ),
    "02_topics_sweep": (
        _DOCSETS,
        _REFS,
        P("topic_sizes", list, default=[1, 3, 6, 12, 24, 36, 39, 42, 45], element=int, low=1),
        P("split_sizes", list, default=[1, 3, 6, 12, 24], element=int, low=1),
        *_SWEEP,
        _ALPHA,
        _DUC,
    ),
    "03_model_split_half": (_DOCSETS, _DRAWS, _CORR, _ROUND),
}


def rouge_config(length_limit: Optional[int] = 100) -> Rouge:
    """TAC's ROUGE run for these metrics: ``-n 2 -2 4 -u -m -l 100`` (stemmed, stop words kept)."""
    return Rouge(n=2, lcs=False, skip=4, su="SU", stem=True, length_limit=length_limit)
