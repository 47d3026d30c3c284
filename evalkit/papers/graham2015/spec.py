"""Graham (2015), declarations: the 192 ROUGE variants (§3.2) and their names, the paper's
best variant and Hong et al.'s (2014), the human-score combinations of §6, the data sets
per profile and the notebooks' parameters.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, NamedTuple, Tuple

import pandas as pd

from evalkit.errors import ParameterError
from evalkit.notebook.params import count, first_n, one_of, probability, switch
from evalkit.notebook.params import Parameter as P

__all__ = [
    "BEST_VARIANT",
    "COMBINATIONS",
    "COUNTS",
    "DATASETS",
    "HONG2014_VARIANTS",
    "NOTEBOOKS",
    "PAPER",
    "Variant",
    "all_variants",
    "parse_variant",
    "variant_table",
]

PAPER = "graham2015"
#: The 8 counting methods in the paper's order (§3.2).
COUNTS: Tuple[str, ...] = ("1", "2", "3", "4", "S4", "SU4", "W", "L")
#: The best ROUGE variant of Table 1 (§4.1).
BEST_VARIANT = "R2_ST1_RS1_A_P"
#: The variants Hong et al. (2014) used (Figure 3's bottom rows): median recall, stemmed, stop words kept.
HONG2014_VARIANTS: Tuple[str, ...] = ("R4_ST1_RS0_M_R", "R2_ST1_RS0_M_R", "R1_ST1_RS0_M_R")
#: §6 / Table 4 column labels of the human-score combinations.
COMBINATIONS: Dict[str, str] = {
    "mean": "Mean",
    "geometric": "Geometric Mean",
    "harmonic": "Harmonic Mean",
    "coverage": "Coverage Only",
    "quality": "Ling. Qual. Only",
}
_PRF = ("P", "R", "F")
_AGG = ("A", "M")
_PRF_NAMES = {"P": "precision", "R": "recall", "F": "f"}
#: The data sets each profile runs on (keys of :mod:`evalkit.data.evaluation`).
DATASETS: Dict[str, Tuple[str, ...]] = {
    "sample": ("duc2004",),
    "public": ("summeval", "realsumm"),
    "licensed": ("duc2004",),
}

_COMMON = (
    probability("alpha", 0.05, "significance level (not stated; .05 assumed)"),
    one_of("cs_formula", ("graham_eq1", "see_mean"), "graham_eq1", "DUC coverage"),
    switch("include_models", False, "DUC: also correlate human summaries judged as peers"),
    first_n("max_instances", "first N instances (quick public: 20)"),
    one_of("bleu_tokenize", ("none", "13a"), "none", "multi-bleu.perl splits on whitespace"),
    switch("bleu_lowercase", False, "multi-bleu.perl -lc (not stated)"),
)
#: The notebooks' parameters (validated by ``evalkit.notebook.setup``).
NOTEBOOKS = {
    "00_paper_consistency": (),
    "01_figure1_coverage_vs_quality": _COMMON,
    "02_figure2_distributions": _COMMON,
    "03_table1_correlations": _COMMON,
    "04_table2_optimal_shares": _COMMON,
    "05_figure3_williams_heatmap": _COMMON,
    "06_table4_human_combinations": _COMMON
    + (
        count("top_k", 10, "ROUGE variants per combination in the wide table", high=192),
        one_of("combine_at", ("summary", "system"), "summary"),
    ),
    "07_table3_figure4_rescoring": _COMMON
    + (
        P("best", str, default=BEST_VARIANT, help="the paper's best variant (Table 1)"),
        P(
            "original",
            str,
            default=HONG2014_VARIANTS[1],
            help="Hong et al.'s variant (Table 3 caption)",
        ),
        one_of("test", ("t", "wilcoxon"), "t", "paired test of the best variant"),
        count("hong_length_limit", 100, "Hong et al. summaries: words kept", allow_none=True),
    ),
}


class Variant(NamedTuple):
    """One of the 192 ROUGE variants (§3.2)."""

    count: str  # "1".."4", "S4", "SU4", "W", "L"
    stem: bool  # Porter stemming (ROUGE-1.5.5 -m)
    rsw: bool  # stop-word removal (-s)
    agg: str  # "A" (mean over summaries) or "M" (median)
    prf: str  # "P", "R" or "F"

    @property
    def id(self) -> str:
        return f"R{self.count}_ST{int(self.stem)}_RS{int(self.rsw)}_{self.agg}_{self.prf}"

    @property
    def label(self) -> str:
        """Table 1's spelling: ``R-2 Y Y A P``."""
        return f"R-{self.count} {'Y' if self.stem else 'N'} {'Y' if self.rsw else 'N'} {self.agg} {self.prf}"

    @property
    def measure(self) -> str:
        """The summary-level quantity name: ``rouge2_precision`` etc."""
        return f"rouge{self.count.lower()}_{_PRF_NAMES[self.prf]}"


def parse_variant(text: str) -> Variant:
    """Parse ``R2_ST1_RS1_A_P`` (also Figure 3's misprint ``RSW0``, and Table 1's ``R-2 Y Y A P``).

    >>> parse_variant("R-2 Y Y A P").id
    'R2_ST1_RS1_A_P'
    """
    if not isinstance(text, str):
        raise ParameterError("variant", text, "a variant id such as 'R2_ST1_RS1_A_P'")
    parts = text.split()
    try:
        if len(parts) == 5 and parts[0].startswith("R-"):
            count, st, rs, agg, prf = parts
            count, stem, rsw = count[2:], {"Y": True, "N": False}[st], {"Y": True, "N": False}[rs]
        else:
            count, st, rs, agg, prf = text.split("_")
            if (
                not count.startswith("R")
                or not st.startswith("ST")
                or not rs.startswith(("RS", "RSW"))
            ):
                raise KeyError(text)
            count = count[1:]
            stem = {"ST1": True, "ST0": False}[st]
            rsw = {"RS1": True, "RS0": False, "RSW1": True, "RSW0": False}[rs]
        if count not in COUNTS or agg not in _AGG or prf not in _PRF:
            raise KeyError(text)
    except (KeyError, ValueError):
        raise ParameterError(
            "variant", text, "R{1,2,3,4,S4,SU4,W,L}_ST{0,1}_RS{0,1}_{A,M}_{P,R,F}"
        ) from None
    return Variant(count, stem, rsw, agg, prf)


def all_variants() -> List[Variant]:
    """The 192 variants, counting method slowest, then stemming, stop words, aggregation, P/R/F."""
    return [
        Variant(c, st, rs, a, p)
        for c in COUNTS
        for st in (False, True)
        for rs in (False, True)
        for a in _AGG
        for p in _PRF
    ]


def variant_table(ids: Iterable[str]) -> pd.DataFrame:
    """Table 1's factor columns (``variant, metric, stemming, rsw, aggregation, prf``); BLEU
    (or any non-ROUGE metric) gets its name in ``metric`` and empty factors."""
    rows = []
    for vid in ids:
        if isinstance(vid, str) and vid.startswith("R") and vid.count("_") == 4:
            v = parse_variant(vid)
            rows.append(
                {
                    "variant": vid,
                    "metric": f"R-{v.count}",
                    "stemming": "Y" if v.stem else "N",
                    "rsw": "Y" if v.rsw else "N",
                    "aggregation": v.agg,
                    "prf": v.prf,
                }
            )
        else:
            rows.append(
                {
                    "variant": vid,
                    "metric": vid,
                    "stemming": None,
                    "rsw": None,
                    "aggregation": None,
                    "prf": None,
                }
            )
    return pd.DataFrame(
        rows, columns=["variant", "metric", "stemming", "rsw", "aggregation", "prf"]
    )


_TABLE2_OPTIONS = (
    ("N-gram Count", "metric", {f"R-{c}": f"R-{c}" for c in COUNTS}),
    ("Stemming", "stemming", {"N": "Not Stemmed", "Y": "Stemmed"}),
    ("Stop-words", "rsw", {"N": "Not Rem.", "Y": "Removed"}),
    ("Summary-level Agg.", "prf", {"P": "Prec.", "F": "F-score", "R": "Recall"}),
    ("System-level Agg.", "aggregation", {"A": "Average", "M": "Median"}),
)
