"""Amigó et al. (2011): the declarations: test beds, measure pools, notebook parameters."""

from __future__ import annotations

from typing import Dict, Optional, Sequence

from evalkit.notebook.params import first_n
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of, sizes, switch

__all__ = [
    "ALMOST_EVERY",
    "AS_KINDS",
    "DATASETS",
    "LEXICAL",
    "LINGUISTIC",
    "NOTEBOOKS",
    "PAPER",
    "PARSED",
    "TESTBEDS",
    "dataset_key",
    "fit_sizes",
    "linguistic_pool",
]


PAPER = "amigo2011"


#: the paper's test beds (Tables 1-2) as licensed corpora; ``sample`` simulates the DUC ones
TESTBEDS = {
    "mt": {
        "AE2004": "nist-mt04-ar-en",
        "CE2004": "nist-mt04-zh-en",
        "AE2005": "nist-mt05-ar-en",
        "CE2005": "nist-mt05-zh-en",
    },
    "as": {"DUC2005": "duc2005", "DUC2006": "duc2006"},
}


#: the stand-ins where a profile has one corpus per suite (None: the test bed's own corpus)
DATASETS = {
    "mt": {"sample": "tides2003", "public": "wmt19-darr-kk-en", "licensed": None},
    "as": {"sample": None, "public": "summeval", "licensed": None},
}


#: lexical MT measures: name -> (registered metric, configuration); error rates are negated
LEXICAL: Dict[str, tuple] = {
    "BLEU": ("bleu", {}),
    "NIST": ("nist", {}),
    "chrF": ("chrf", {}),
    "GTM": ("gtm", {}),
    "1-WER": ("wer", {}),
    "1-PER": ("per", {}),
    "1-TER": ("ter", {}),
    "Ol": ("ol", {}),
    "ROUGE-L": ("rouge", {"method": "L", "score": "F"}),
    "ROUGE-2": ("rouge", {"method": "2", "score": "F"}),
}


#: offline stand-ins for Asiya's linguistic families (SP, NE, DP and a tag-gram profile)
LINGUISTIC: Dict[str, tuple] = {
    "SP-Op(*)": ("sp-op", {}),
    "NE-Oe(*)": ("ne-oe", {}),
    "DP-HWC": ("dp-hwc", {}),
    "GRAMSIM": ("gramsim", {}),
}


#: linguistic measures over spaCy parses (the pinned pipeline, :mod:`evalkit.text.parse`)
PARSED: Dict[str, tuple] = {"DP-HWCM": ("hwcm", {})}


#: the 21 AS measures: 7 ROUGE kinds x recall, "reversed precision", F (stemmed, DUC defaults)
AS_KINDS = ("1", "2", "3", "4", "SU4", "L", "W-1.2")


_SIZES = sizes("sizes", [2, 3, 5, 10, 20, 40], "random set sizes (§7)")


def _testbed(suite: str, help: str) -> P:
    """The ``testbed`` knob of a suite's notebook: its first test bed by default."""
    beds = tuple(TESTBEDS[suite])
    return one_of("testbed", beds, beds[0], help)


_N_SETS = count("n_sets", 100, "random sets per size", quick=12)


NOTEBOOKS = {
    "00_printed_checks": (),
    "01_mt_corroboration": (
        _testbed("mt", "NIST MT test bed of Table 1 (licensed; sample and public: one stand-in)"),
        count("max_segments", None, "first segments only", quick=40, low=2),
        _SIZES,
        _N_SETS,
        sizes("fig4_sizes", list(range(1, 11)), "Figure 4", quick=[1, 2, 4]),
        switch(
            "parsed_measures",
            True,
            "add head-word chain matching over spaCy parses (DP-HWCM) to the linguistic pool",
            quick=False,
        ),
    ),
    "02_as_corroboration": (
        _testbed("as", "DUC test bed of Table 2 (sample: its simulation; public: SummEval)"),
        first_n("max_instances", "first topics only", quick=3),
        count("max_peers", None, "first peer systems only", quick=8, low=2),
        sizes("sizes", [2, 3, 5, 10, 20], "random set sizes (AS: up to 20)"),
        _N_SETS,
    ),
}


def dataset_key(suite: str, profile: str, testbed: Optional[str] = None) -> str:
    """The :mod:`evalkit.data.datasets` key of a suite (``mt``/``as``) and test bed (default:
    the first of the paper's table) in a profile."""
    fixed = DATASETS[suite][profile]
    return fixed if fixed is not None else TESTBEDS[suite][testbed or next(iter(TESTBEDS[suite]))]


def linguistic_pool(parsed: bool) -> Dict[str, tuple]:
    """The linguistic measures: the model-free stand-ins, plus the parsed ones if asked."""
    return {**LINGUISTIC, **(PARSED if parsed else {})}


#: "Almost every case" (§5) read as at least this share of measure pairs (README reading 4:
#: a difference of 0 counts, the proof's R uses >=).
ALMOST_EVERY = 0.9


def fit_sizes(sizes: Sequence[int], n_measures: int) -> list:
    """The requested set sizes that the pool can fill (the paper's 40 needs 40 measures)."""
    return [s for s in sizes if s <= n_measures]
