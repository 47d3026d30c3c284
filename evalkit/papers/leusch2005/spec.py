"""Leusch et al. (2005), declarations: the five measures, the baseline of Sec. 4 and each
factor's settings (Figs. 3-7), the notebooks' parameters and the printed tables
(``data/published/leusch2005/``).
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

import pandas as pd

from evalkit.data.published import read_published
from evalkit.errors import ParameterError
from evalkit.notebook.params import WMT19_DARR_PAIR, first_n
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import probability

__all__ = [
    "BASELINE",
    "ERROR_MEASURES",
    "FACTORS",
    "MEASURES",
    "NOTEBOOKS",
    "PAPER",
    "configuration",
    "published",
]

PAPER = "leusch2005"
MEASURES = ("WER", "PER", "2-PER", "BLEU-S", "NIST")
ERROR_MEASURES = ("WER", "PER", "2-PER")
#: ``contraction_case``: the stem of an expanded contraction is lower-cased as Table 1
#: prints it ("we would"), also in case-sensitive runs (Fig. 4); ``"keep"`` keeps it
#: (scheme ``mteval_contractions_cased``, :mod:`evalkit.text.tokenize`). The paper's
#: baseline is lower-cased, where both agree.
BASELINE = {
    "tokenize": "mteval_contractions",
    "contraction_case": "lower",
    "lowercase": True,
    "ref_length": "default",
    "boundaries": "none",
    "normalize": "zscore",
}
#: factor -> (settings, which measures it applies to); the first setting listed for
#: tokenization, case and boundaries is the paper's baseline.
FACTORS: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {
    "evaluator_norm": (("zscore", "none"), MEASURES),
    "case": (("lowercase", "case-sensitive"), MEASURES),
    "tokenization": (("mteval_contractions", "mteval", "remove_punct", "original"), MEASURES),
    "reflen": (("default", "best", "avg_nearest", "nearest", "average"), ("WER", "PER", "BLEU-S")),
    "boundaries": (("none", "start", "end", "both"), ("2-PER", "BLEU-S", "NIST")),
}
_DEFAULT_REFLEN = {"WER": "best", "PER": "best", "2-PER": "best", "BLEU-S": "closest"}
_BLEU_REFLEN = {"default": "closest", "nearest": "closest", "average": "average"}

_CORPORA = (
    P(
        "corpora",
        list,
        default=["zh", "ar", "btec"],
        choices=("zh", "ar", "btec"),
        help="TIDES CE, TIDES AE, BTEC CE (public: one daRR pair)",
    ),
    WMT19_DARR_PAIR,
    first_n("n_segments", "first n segments only", quick=25),
)
#: The notebooks' parameters (evalkit.notebook.params).
NOTEBOOKS = {
    "00_table1_tokenization": (),
    "01_baseline_correlation": _CORPORA,
    "02_ablations": (
        P(
            "corpora",
            list,
            default=["zh", "ar", "btec"],
            quick=["zh"],
            choices=("zh", "ar", "btec"),
            help="TIDES CE, TIDES AE, BTEC CE (public: one daRR pair)",
        ),
    )
    + _CORPORA[1:]
    + (
        P("factors", list, default=list(FACTORS), choices=tuple(FACTORS), help="Figures 3-7"),
        probability("alpha", 0.05, "level for 'significant'"),
    ),
}


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/leusch2005/<table>.csv``)."""
    dtypes = {
        "table1": {"printed": "str"},
        "table2": {c: "str" for c in ("tides_ce", "tides_ae", "btec_ce")},
    }
    return read_published(PAPER, table, dtypes=dtypes.get(table))


def configuration(factor: Optional[str] = None, setting: Optional[str] = None) -> Dict[str, object]:
    """The baseline configuration with one factor set (``factor`` None: the baseline)."""
    cfg = dict(BASELINE)
    if factor is None:
        return cfg
    if factor not in FACTORS:
        raise ParameterError("factor", factor, f"one of {tuple(FACTORS)}")
    if setting not in FACTORS[factor][0]:
        raise ParameterError("setting", setting, f"one of {FACTORS[factor][0]}")
    key = {
        "evaluator_norm": "normalize",
        "case": "lowercase",
        "tokenization": "tokenize",
        "reflen": "ref_length",
        "boundaries": "boundaries",
    }[factor]
    cfg[key] = (setting == "lowercase") if factor == "case" else setting
    return cfg
