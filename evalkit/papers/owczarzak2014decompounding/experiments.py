"""Owczarzak, de Haan, Krupka & Hindle (2014): the paper's protocol on a gold set -- the two
conditions of Table 3, the guesser's removal experiment and grid (Tables 5-6), the error
table of Section 5.
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Sequence

import numpy as np
import pandas as pd

from evalkit.text import decompound as dc

from .spec import _SETTINGS

__all__ = [
    "language_sets",
    "conditions",
    "guesser_experiment",
    "table5_row",
    "table6_rows",
    "error_table",
]


def language_sets(corpus, languages=None, n_compounds=None) -> Dict[str, object]:
    """The corpus' :class:`~evalkit.data.compounds.CompoundSet` per language (first ``n_compounds``)."""
    chosen = languages or list(corpus.languages)
    missing = [lang for lang in chosen if lang not in corpus.languages]
    if missing:
        from evalkit.errors import ParameterError

        raise ParameterError(
            "languages", languages, f"languages of {corpus.name}: {sorted(corpus.languages)}"
        )
    return {
        lang: (
            corpus.languages[lang].subset(n_compounds) if n_compounds else corpus.languages[lang]
        )
        for lang in chosen
    }


def conditions(cset) -> pd.DataFrame:
    """Table 3 for one language: P, R, F (%) of lexicalized + dynamic and dynamic only."""
    rows = []
    for name, lexicalized in (("lexicalized + dynamic", True), ("dynamic only", False)):
        preds = {
            w: dc.analyze(w, cset.lexicon, cset.config, lexicalized=lexicalized) for w in cset.gold
        }
        m = dc.evaluate_prf(preds, cset.gold)
        rows.append(
            {
                "language": cset.language,
                "condition": name,
                "precision": 100 * m["precision"],
                "recall": 100 * m["recall"],
                "f": 100 * m["f"],
                "returned": m["returned"],
                "n": m["n"],
            }
        )
    return pd.DataFrame(rows)


def guesser_experiment(cset, rng: np.random.Generator, grid: Mapping[str, Sequence[int]]):
    """Experiment 3 for one language: remove a component lemma per compound, run the
    guesser over ``grid`` against the gold lemmas and the full-lexicon dynamic
    segmentation. Returns ``(results, reference, reduced_lexicon, removed)``."""
    reference = {w: dc.analyze(w, cset.lexicon, cset.config, lexicalized=False) for w in cset.gold}
    reduced, removed = dc.remove_component_lemmas(cset.lexicon, cset.gold, rng)
    results = dc.grid_search(list(cset.gold), reduced, cset.gold, reference, grid)
    return results.assign(language=cset.language), reference, reduced, removed


def table5_row(cset, results: pd.DataFrame) -> Dict[str, object]:
    """Table 5 for one language (%): the two dynamic conditions' F, the best guesser F and
    the segmentation accuracy at that setting (ties: the best accuracy among them)."""
    f = conditions(cset).set_index("condition")["f"]
    best = results[np.isclose(results["f"], results["f"].max())]
    best = best.loc[best["segmentation_accuracy"].fillna(-1).idxmax()]
    return {
        "language": cset.language,
        "lexical_dynamic": f["lexicalized + dynamic"],
        "dynamic_only": f["dynamic only"],
        "guesser_f": 100 * best["f"],
        "guesser_segmentation": 100 * best["segmentation_accuracy"],
        **{s: int(best[s]) for s in _SETTINGS},
    }


def table6_rows(results: pd.DataFrame, language: str) -> pd.DataFrame:
    """Table 6 for one language: optimal value(s) and r of each setting with F."""
    opt = dc.optimal_settings(results, "f").set_index("setting")
    corr = dc.setting_correlations(results, "f").set_index("setting")
    return pd.DataFrame(
        [
            {
                "language": language,
                "setting": s,
                "optimal": opt.loc[s, "optimal"],
                "r": corr.loc[s, "r"],
            }
            for s in _SETTINGS
        ]
    )


def error_table(
    cset, reduced: dc.Lexicon, reference: Mapping[str, List[dc.Analysis]], gcfg: dc.GuesserConfig
) -> pd.DataFrame:
    """Every gold word with a reference analysis: the guesser's output and its error class."""
    rows = []
    for word, refs in reference.items():
        if not refs or not refs[0].spans:
            continue
        got = dc.guess(word, reduced, gcfg)
        guess_text = (
            "#".join(p if k else f"[{p}]" for p, k in zip(got[0].parts, got[0].known))
            if got
            else ""
        )
        rows.append(
            {
                "language": cset.language,
                "token": word,
                "dynamic": "#".join(refs[0].lemmas),
                "guesser": guess_text,
                "class": dc.classify_errors(word, got[0], refs[0], cset.config.connectors)
                if got
                else "other",
            }
        )
    return pd.DataFrame(rows, columns=["language", "token", "dynamic", "guesser", "class"])
