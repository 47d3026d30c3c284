"""Simulated compounds for the ``sample`` profile of decompounding (Owczarzak et al. 2014).

Two synthetic languages (``sim-a``: connectors ``s``, ``e``; ``sim-b``: ``o``, ``n``), each
with a lexicon of pseudo-word lemmas (consonant-vowel syllables; POS ``N`` 70 %, ``A``
15 %, ``V`` 15 %; a verb lemma ends in ``en`` and has a compound-only stem without it, as
German *schließ-*) and gold compounds with a known truth:

* lemmas of two or three syllables (4-7 letters, verbs 6-9);
* 2 to 4 components in the shares of the paper's Table 2 pooled over its ten languages
  (:func:`part_shares`: about 94 / 5.8 / 0.3 %, 5-part counted as 4-part; version 3 drew
  85 / 12 / 3 %), the last a noun or adjective (the POS rule of the
  language's configuration), a connector after a non-final component with probability 0.3;
* **lexicalized irregular forms** (15 %): one component's first vowel alternates
  (``a``->``ä``, ``o``->``ö``, ``u``->``ü``, others ``e``->``i``); such a compound is listed
  in the lexicon's lexicalized compounds, and only there;
* **known-unknown parts** (10 %): one component's lemma is left out of the lexicon (the
  gold still names it);
* **listed regular compounds**: so many of the other (regular) compounds are listed among the
  lexicalized compounds too that the lexicalized share is Table 2's ``lexical / compounds``
  pooled over its languages (:func:`lexical_share`, about 46 %; version 4 listed only the
  irregular 15 %); the paper's lexicalized compounds are partly analysable by rule (its
  dynamic-only recall is 59-90 % with 24-89 % of them lexicalized), so are these (their own
  random stream: the compounds themselves do not change);
* **inflection** (20 %): an ending from the configuration's suffixes follows the last
  component.

On disk (read back by :func:`evalkit.data.compounds.read_compound_folder`), one folder per
language: ``lexicon.tsv`` and ``lexicalized.tsv`` and ``gold.tsv`` in the formats of
:mod:`evalkit.text.decompound_lexicon`, ``config.json`` (the :class:`LangConfig`
fields), ``truth.tsv`` (``word, parts, lexicalized, unknown_part, inflected, connectors``);
``info.json`` at the top (generator version, seed, size). Same seed, same files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List, Tuple, Union

import numpy as np

from evalkit.atomic import atomic_write_text
from evalkit.data.published import read_published
from evalkit.text.decompound import Analysis, LangConfig, Lexicon
from evalkit.text.decompound_lexicon import parse_segmentation, write_gold_tsv, write_lexicon_tsv

VERSION = 5  # 5: lexicalized share of Table 2; 4: parts distribution of Table 2


def _sim_language(connectors: Tuple[str, ...], suffixes: Tuple[str, ...]) -> LangConfig:
    """A synthetic language's configuration: both languages allow 2-4 components of at least
    3 letters in words of at least 6, any POS sequence; they differ in connectors and endings."""
    return LangConfig(
        connectors=connectors,
        max_elements=4,
        min_compound=6,
        min_component=3,
        min_component_with_connector=3,
        suffixes=suffixes,
        pos_sequences=None,
    )


SIM_LANGUAGES: Dict[str, LangConfig] = {
    "sim-a": _sim_language(("s", "e"), ("en", "s")),
    "sim-b": _sim_language(("o", "n"), ("ar", "t")),
}
_CONS, _VOWELS = "bdfgklmnprtvz", "aeiou"
_ALTERNATION = {"a": "ä", "o": "ö", "u": "ü", "e": "i", "i": "e"}
SIZES = {False: (4000, 600), True: (800, 80)}  # quick -> (lemmas, compounds) per language

__all__ = [
    "SIM_LANGUAGES",
    "VERSION",
    "SIZES",
    "part_shares",
    "lexical_share",
    "simulate_language",
    "write_compounds",
]


def _pseudo_word(rng: np.random.Generator, syllables: int) -> str:
    return "".join(
        _CONS[rng.integers(len(_CONS))] + _VOWELS[rng.integers(len(_VOWELS))]
        for _ in range(syllables)
    ) + (_CONS[rng.integers(len(_CONS))] if rng.random() < 0.5 else "")


def part_shares() -> List[float]:
    """Shares of 2-, 3- and 4-part compounds: Table 2 of Owczarzak et al. (2014) summed over
    its languages (``data/published/owczarzak2014decompounding/table2.csv``), 5-part compounds
    counted as 4-part (the simulated languages allow at most 4 components)."""
    t = read_published("owczarzak2014decompounding", "table2")
    counts = [t[c].astype(float).sum() for c in ("part2", "part3", "part4", "part5")]
    counts = counts[:2] + [counts[2] + counts[3]]
    return [c / sum(counts) for c in counts]


def lexical_share() -> float:
    """Share of lexicalized compounds: Table 2's ``lexical`` over ``compounds``, summed over
    its languages (``data/published/owczarzak2014decompounding/table2.csv``)."""
    t = read_published("owczarzak2014decompounding", "table2")
    return float(t["lexical"].astype(float).sum() / t["compounds"].astype(float).sum())


def simulate_language(language: str, seed: int, quick: bool = False):
    """``(lexicon, gold, truth_rows)`` of one simulated language; ``gold`` maps a word to
    ``(decompositions, segmentation)`` as :func:`write_gold_tsv` takes it."""
    cfg = SIM_LANGUAGES[language]
    rng = np.random.default_rng([seed, sorted(SIM_LANGUAGES).index(language)])
    n_lemmas, n_compounds = SIZES[bool(quick)]
    lemmas: Dict[str, str] = {}
    while len(lemmas) < n_lemmas:
        pos = rng.choice(["N", "A", "V"], p=[0.7, 0.15, 0.15])
        word = _pseudo_word(rng, int(rng.integers(2, 4)))
        word = word + "en" if pos == "V" else word
        if len(word) >= 3 and word not in lemmas:
            lemmas[word] = str(pos)
    names = list(lemmas)
    gold: Dict[str, Tuple[Tuple[Tuple[str, ...]], Analysis]] = {}
    truth: List[dict] = []
    lexicalized: Dict[str, List[Tuple[str, ...]]] = {}
    missing: set = set()
    shares = part_shares()
    # regular compounds listed too, for Table 2's lexicalized share (15 % are irregular and
    # 10 % have an unknown part; the other 75 % are listed with this probability)
    p_listed = max(0.0, (lexical_share() - 0.15) / 0.75)
    listing = np.random.default_rng([seed, sorted(SIM_LANGUAGES).index(language), 1])
    while len(gold) < n_compounds:
        k = int(rng.choice([2, 3, 4], p=shares))
        comps = [names[i] for i in rng.integers(len(names), size=k)]
        if lemmas[comps[-1]] == "V" or len(set(comps)) < k:
            continue
        surfaces = [c[:-2] if lemmas[c] == "V" and j < k - 1 else c for j, c in enumerate(comps)]
        kind = rng.random()
        irregular = kind < 0.15
        unknown = 0.15 <= kind < 0.25
        if irregular:
            j = int(rng.integers(k))
            s = surfaces[j]
            v = next((i for i, ch in enumerate(s) if ch in _ALTERNATION), None)
            if v is None:
                continue
            surfaces[j] = s[:v] + _ALTERNATION[s[v]] + s[v + 1 :]
        conns = [
            str(rng.choice(cfg.connectors)) if rng.random() < 0.3 else "" for _ in range(k - 1)
        ] + [""]
        inflected = rng.random() < 0.2
        suffix = str(rng.choice(cfg.suffixes)) if inflected else ""
        conns[-1] = suffix
        word = "".join(s + c for s, c in zip(surfaces, conns))
        if word in gold or word in lemmas:
            continue
        seg_text = "#".join(s + (f"{{{c}}}" if c else "") for s, c in zip(surfaces, conns))
        gold[word] = ((tuple(comps),), parse_segmentation(word, seg_text))
        unknown_part = ""
        listed = irregular
        if irregular:
            lexicalized[word] = [tuple(comps)]
        elif unknown:
            unknown_part = comps[int(rng.integers(k))]
            missing.add(unknown_part)
        elif listing.random() < p_listed:
            lexicalized[word] = [tuple(comps)]
            listed = True
        truth.append(
            {
                "word": word,
                "parts": k,
                "lexicalized": int(listed),
                "unknown_part": unknown_part,
                "inflected": int(inflected),
                "connectors": "+".join(c for c in conns[:-1] if c),
            }
        )
    entries = [(w, w, p) for w, p in lemmas.items() if w not in missing]
    entries += [(w[:-2], w, "V") for w, p in lemmas.items() if p == "V" and w not in missing]
    return Lexicon.from_entries(entries, lexicalized), gold, truth


def write_compounds(folder: Union[str, Path], seed: int, quick: bool = False) -> Path:
    """Simulate every language of :data:`SIM_LANGUAGES` into ``folder`` (see the module
    docstring for the layout); returns the folder."""
    folder = Path(folder)
    for language, cfg in SIM_LANGUAGES.items():
        lexicon, gold, truth = simulate_language(language, seed, quick)
        out = folder / language
        out.mkdir(parents=True, exist_ok=True)
        write_lexicon_tsv(lexicon, out / "lexicon.tsv")
        write_gold_tsv(
            {w: (d, None) for w, d in lexicon.lexicalized.items()}, out / "lexicalized.tsv"
        )
        write_gold_tsv(gold, out / "gold.tsv")
        cols = ["word", "parts", "lexicalized", "unknown_part", "inflected", "connectors"]
        atomic_write_text(
            out / "truth.tsv",
            "\t".join(cols)
            + "\n"
            + "".join("\t".join(str(r[c]) for c in cols) + "\n" for r in truth),
        )
        atomic_write_text(
            out / "config.json", json.dumps(config_dict(cfg), indent=1, sort_keys=True) + "\n"
        )
    atomic_write_text(
        folder / "info.json",
        json.dumps(
            {
                "generator": "evalkit.data.simulate.compounds",
                "version": VERSION,
                "seed": seed,
                "quick": bool(quick),
            },
            sort_keys=True,
        )
        + "\n",
    )
    return folder


def config_dict(cfg: LangConfig) -> dict:
    """A :class:`LangConfig` as JSON-ready values (``pos_sequences`` a sorted list or None)."""
    return {
        "connectors": list(cfg.connectors),
        "max_elements": cfg.max_elements,
        "min_compound": cfg.min_compound,
        "min_component": cfg.min_component,
        "min_component_with_connector": cfg.min_component_with_connector,
        "suffixes": list(cfg.suffixes),
        "pos_sequences": None
        if cfg.pos_sequences is None
        else sorted(list(s) for s in cfg.pos_sequences),
    }
