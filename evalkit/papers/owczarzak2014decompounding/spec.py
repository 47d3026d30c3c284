"""Owczarzak, de Haan, Krupka & Hindle (2014), declarations: the languages, the data set per
profile, the connectors of the printed examples and the notebooks' parameters.
"""

from __future__ import annotations

from typing import Dict

from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, sizes
from evalkit.text import decompound as dc
from evalkit.text.decompound_languages import CONFIGS

__all__ = [
    "PAPER",
    "LANGUAGES",
    "NOTEBOOKS",
    "DATASETS",
    "LEXICALIZED_GIVEN",
    "EXAMPLE_CONNECTORS",
    "load_options",
]

PAPER = "owczarzak2014decompounding"


LANGUAGES = ("de", "nl", "sv", "da", "no")


_LANGS = P(
    "languages",
    list,
    default=None,
    allow_none=True,
    help="languages of the data set (None: all; public: de, nl, sv, da, no; quick: two)",
)


_N = count("n_compounds", None, "gold compounds per language", quick=40, low=2)


#: The notebooks' parameters (validated by ``evalkit.notebook.setup``).
NOTEBOOKS = {
    "01_dynamic_decompounding": (_LANGS, _N),
    "02_guesser_grid": (
        _LANGS,
        _N,
        sizes("max_elements", list(dc.GRID["max_elements"]), quick=[2, 3, 5, 10]),
        sizes("min_compound", list(dc.GRID["min_compound"]), quick=[3, 6, 9, 12]),
        sizes("min_component", list(dc.GRID["min_component"])),
        sizes("min_unknown", list(dc.GRID["min_unknown"])),
    ),
    "03_error_analysis": (
        _LANGS,
        _N,
        sizes(
            "guesser",
            [4, 3, 4, 3],
            "[max_elements, min_compound, min_component, min_unknown] of the guesser",
            length=4,
        ),
        count("n_examples", 4, "examples per error class and language"),
    ),
}


#: The data set each profile runs on (the paper's Oracle lexica and test sets are proprietary).
DATASETS = {
    "sample": "decompound-sim",
    "public": "decompound-debian",
    "licensed": "decompound-gold",
}

#: Per profile, why its data set gives the lexicalized compounds their gain, so that Table 3's
#: "lexicalized + dynamic beats dynamic only" and §4.2's recall drop hold by construction there
#: (a licensed gold set gives nothing of the kind).
LEXICALIZED_GIVEN = {
    "sample": "the simulator gives 15% of the gold compounds a vowel-alternated component "
    "listed only among the lexicalized compounds, which dynamic decompounding cannot split",
    "public": "the silver set's compounds are themselves the lexicalized entries (taken out of "
    "the word lists), so the lexicalized condition is perfect",
}


#: Connectors of the languages of Tables 7-8 (evalkit's configurations; Finnish has none).
EXAMPLE_CONNECTORS = {
    "Norwegian": CONFIGS["no"].connectors,
    "Danish": CONFIGS["da"].connectors,
    "German": CONFIGS["de"].connectors,
    "Swedish": CONFIGS["sv"].connectors,
    "Dutch": CONFIGS["nl"].connectors,
    "Finnish": (),
}


_SETTINGS = tuple(dc.GRID)


def load_options(profile: str, languages, quick: bool) -> Dict[str, object]:
    """Options of :func:`evalkit.data.datasets.load` for a profile (public quick: de, sv)."""
    if profile == "public":
        return {"languages": languages or (["de", "sv"] if quick else list(LANGUAGES))}
    return {"languages": languages} if profile == "licensed" and languages else {}
