"""Compound gold sets with their lexica, for decompounding studies (Owczarzak et al. 2014).

A :class:`CompoundCorpus` holds one :class:`CompoundSet` per language: the lexicon
(:class:`~evalkit.text.decompound.Lexicon`, with its lexicalized compounds), the gold
decompositions, the gold surface segmentations where known, the language's
:class:`~evalkit.text.decompound.LangConfig` and, for simulated data, the truth table.

**Folder format** (:func:`read_compound_folder` / the simulator's writer): one folder per
language below the root, each with ``gold.tsv`` (required) and optionally ``lexicon.tsv``,
``lexicalized.tsv``, ``config.json`` and ``truth.tsv`` (formats in
:mod:`evalkit.text.decompound_lexicon` and :mod:`evalkit.data.simulate.compounds`). A
language folder without ``lexicon.tsv`` takes its Debian word list (``de``, ``nl``, ``sv``,
``da``, ``no``); without ``config.json``, :data:`evalkit.text.decompound_languages.CONFIGS`.

Three sources, registered in :mod:`evalkit.data.datasets`:

* ``decompound-sim`` (sample): :mod:`evalkit.data.simulate.compounds`, built on first use;
* ``decompound-debian`` (public): a **silver** gold set built at run time from the Debian
  word lists by :func:`silver_gold` -- a word of at least ``min_word`` letters that splits
  in exactly one way into two listed words of at least ``min_part`` letters, optionally
  joined by one of the language's connectors. The lexicon is the word list without the
  chosen compounds (they become its lexicalized compounds). Silver, not gold: a split of
  two listed words need not be the compositional one (checked by hand on the fixtures of
  ``tests/test_data_compounds.py``);
* ``decompound-gold`` (licensed): the user's own gold set in the folder format (e.g. a
  copy of a proprietary test set), located like every licensed corpus
  (``EVALKIT_DECOMPOUND_GOLD=/path`` or the config file).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import pandas as pd

from evalkit.inputs import read_text
from evalkit.data.tsv import number, read_tsv
from evalkit.errors import InputFormatError, ParameterError
from evalkit.text.decompound import Analysis, LangConfig, Lexicon
from evalkit.text.decompound_languages import CONFIGS
from evalkit.text.decompound_lexicon import (
    DEBIAN_WORD_LISTS,
    debian_word_list,
    lexicon_from_words,
    parse_segmentation,
    read_gold_tsv,
    read_lexicon_tsv,
    read_word_list,
)

PathLike = Union[str, Path]

__all__ = [
    "CompoundSet",
    "CompoundCorpus",
    "read_compound_folder",
    "silver_gold",
    "load_sample_compounds",
    "load_debian_silver",
    "config_from_dict",
    "silver_splits",
]


@dataclass
class CompoundSet:
    """One language: ``gold`` word -> decompositions; ``segmentation`` word -> gold
    surface segmentation (or None); ``lexicalized`` the gold words listed as lexicalized."""

    language: str
    lexicon: Lexicon
    gold: Dict[str, Tuple[Tuple[str, ...], ...]]
    segmentation: Dict[str, Optional[Analysis]]
    config: LangConfig
    truth: Optional[pd.DataFrame] = None
    source: str = ""

    @classmethod
    def from_gold(
        cls,
        language: str,
        lexicon: Lexicon,
        gold: Mapping[str, Tuple[Tuple[Tuple[str, ...], ...], Optional[Analysis]]],
        config: LangConfig,
        truth: Optional[pd.DataFrame] = None,
        source: str = "",
    ) -> "CompoundSet":
        """From ``gold`` word -> (decompositions, segmentation), as the gold readers give it."""
        decompositions = {w: d for w, (d, _) in gold.items()}
        segmentation = {w: s for w, (_, s) in gold.items()}
        return cls(language, lexicon, decompositions, segmentation, config, truth, source)

    @property
    def lexicalized(self) -> List[str]:
        return [w for w in self.gold if w in self.lexicon.lexicalized]

    def subset(self, n: int) -> "CompoundSet":
        """The first ``n`` gold words (same lexicon)."""
        keep = list(self.gold)[:n]
        truth = (
            None
            if self.truth is None
            else self.truth[self.truth["word"].isin(keep)].reset_index(drop=True)
        )
        return CompoundSet(
            self.language,
            self.lexicon,
            {w: self.gold[w] for w in keep},
            {w: self.segmentation[w] for w in keep},
            self.config,
            truth,
            self.source,
        )


@dataclass
class CompoundCorpus:
    """Compound gold sets by language, with ``meta`` (provenance under ``meta["provenance"]``)."""

    name: str
    languages: Dict[str, CompoundSet]
    description: str = ""
    meta: Dict[str, Any] = field(default_factory=dict)

    @property
    def provenance(self):
        from evalkit.data.provenance import provenance_of

        return provenance_of(self)

    def files(self) -> List[Path]:
        return list(self.meta.get("_files", []))


def _strings(value: Any, field_name: str, path: PathLike) -> Tuple[str, ...]:
    """A JSON list of non-empty strings (a bare string such as ``"en"`` is refused: it
    would be read as its letters)."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v for v in value):
        raise InputFormatError(
            path,
            None,
            f'"{field_name}": a list of non-empty strings, e.g. ["s", "en"]',
            found=json.dumps(value)[:80],
        )
    return tuple(value)


def config_from_dict(data: Any, path: PathLike = "<config>") -> LangConfig:
    """A :class:`LangConfig` from ``config.json`` values (InputFormatError naming the file)."""
    if not isinstance(data, dict):
        raise InputFormatError(
            path, None, "a JSON object of LangConfig fields", found=type(data).__name__
        )
    data = dict(data)
    seqs = data.pop("pos_sequences", None)
    data["connectors"] = _strings(data.get("connectors", []), "connectors", path)
    data["suffixes"] = _strings(data.get("suffixes", []), "suffixes", path)
    if seqs is not None:
        if not isinstance(seqs, list):
            raise InputFormatError(
                path,
                None,
                '"pos_sequences": a list of lists of POS tags',
                found=json.dumps(seqs)[:80],
            )
        seqs = frozenset(_strings(s, "pos_sequences", path) for s in seqs)
    try:
        return LangConfig(pos_sequences=seqs, **data)
    except (TypeError, ValueError, ParameterError) as exc:
        raise InputFormatError(
            path,
            None,
            "LangConfig fields (connectors, max_elements, min_compound, "
            "min_component, min_component_with_connector, suffixes, pos_sequences)",
            found=str(exc)[:120],
        ) from None


#: The columns of a simulated language's ``truth.tsv`` (:mod:`evalkit.data.simulate.compounds`).
TRUTH_SPEC = {
    "word": "str",
    "parts": number("int", 2),
    "lexicalized": "bool01",
    "unknown_part": "text",
    "inflected": "bool01",
    "connectors": "text",
}


def read_config_json(path: PathLike) -> LangConfig:
    """A language's ``config.json`` (UTF-8 JSON object of :class:`LangConfig` fields)."""
    text = read_text(path, "config.json")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFormatError(path, exc.lineno, "JSON", found=str(exc)[:80]) from None
    except RecursionError:
        raise InputFormatError(
            path, None, "a flat JSON object of LangConfig fields (not nested deeply)"
        ) from None
    return config_from_dict(data, path)


def _read_language(folder: Path, language: str) -> Tuple[CompoundSet, List[Path]]:
    gold_path = folder / "gold.tsv"
    if not gold_path.exists():
        raise InputFormatError(gold_path, None, "a gold.tsv in every language folder")
    files = [gold_path]
    gold = read_gold_tsv(gold_path)
    lexicalized = folder / "lexicalized.tsv"
    lex_path = folder / "lexicon.tsv"
    if lex_path.exists():
        lexicon = read_lexicon_tsv(lex_path, lexicalized if lexicalized.exists() else None)
        files += [lex_path] + ([lexicalized] if lexicalized.exists() else [])
    else:
        if language not in DEBIAN_WORD_LISTS:
            raise InputFormatError(
                lex_path, None, f"a lexicon.tsv (no Debian word list for {language!r})"
            )
        words_path = debian_word_list(language)
        lexicon = lexicon_from_words(
            read_word_list(words_path, DEBIAN_WORD_LISTS[language][2], phrases=True)
        )
        files.append(words_path)
    cfg_path = folder / "config.json"
    if cfg_path.exists():
        cfg = read_config_json(cfg_path)
        files.append(cfg_path)
    elif language in CONFIGS:
        cfg = CONFIGS[language]
    else:
        raise InputFormatError(
            cfg_path, None, f"a config.json (no built-in configuration for {language!r})"
        )
    truth = None
    if (folder / "truth.tsv").exists():
        truth = read_tsv(folder / "truth.tsv", TRUTH_SPEC, unique=("word",))
        files.append(folder / "truth.tsv")
    return CompoundSet.from_gold(language, lexicon, gold, cfg, truth, str(folder)), files


def read_compound_folder(
    root: PathLike,
    name: str = "compounds",
    description: str = "",
    languages: Optional[Sequence[str]] = None,
) -> CompoundCorpus:
    """Every language folder below ``root`` (or the named ``languages``)."""
    root = Path(root)
    if not root.is_dir():
        raise InputFormatError(root, None, "a directory with one folder per language")
    found = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    chosen = list(languages) if languages else found
    missing = [lang for lang in chosen if lang not in found]
    if missing or not chosen:
        raise InputFormatError(
            root, None, f"language folders {chosen or '(at least one)'}", found=", ".join(found)
        )
    sets, files = {}, []
    for lang in chosen:
        sets[lang], used = _read_language(root / lang, lang)
        files += used
    return CompoundCorpus(name, sets, description, {"_files": [str(f) for f in files]})


# --------------------------------------------------------------------------- sample
def load_sample_compounds(
    quick: bool = False, seed: Optional[int] = None, root: Optional[PathLike] = None
) -> CompoundCorpus:
    """The simulated compounds (built on first use below the sample root)."""
    from evalkit.data.simulate import DEFAULT_SEED
    from evalkit.data.simulate.build import default_root
    from evalkit.data.simulate.compounds import VERSION, write_compounds

    seed = DEFAULT_SEED if seed is None else int(seed)
    folder = Path(root or default_root()) / ("quick" if quick else "full") / f"compounds-{seed}"
    info = folder / "info.json"
    want = {
        "generator": "evalkit.data.simulate.compounds",
        "version": VERSION,
        "seed": seed,
        "quick": bool(quick),
    }
    if not info.is_file() or json.loads(info.read_text()) != want:
        write_compounds(folder, seed, quick)
    corpus = read_compound_folder(
        folder, "decompound-sim", "simulated compounds of two synthetic languages"
    )
    corpus.meta["_root"] = str(folder)
    return corpus


# --------------------------------------------------------------------------- public silver
def silver_splits(
    word: str, parts: set, connectors: Sequence[str], min_part: int = 4
) -> List[Tuple[str, str, str]]:
    """Every ``(head, connector, tail)`` with head and tail in ``parts`` (at least
    ``min_part`` letters) spelling ``word``."""
    out = []
    for i in range(min_part, len(word) - min_part + 1):
        head = word[:i]
        if head not in parts:
            continue
        for conn in ("",) + tuple(connectors):
            if (
                word.startswith(conn, i)
                and word[i + len(conn) :] in parts
                and len(word) - i - len(conn) >= min_part
            ):
                out.append((head, conn, word[i + len(conn) :]))
    return out


def silver_gold(
    words: Iterable[str],
    connectors: Sequence[str],
    n: int,
    seed: int,
    min_word: int = 9,
    min_part: int = 4,
    candidates: Optional[int] = None,
) -> Dict[str, Tuple[Tuple[Tuple[str, str]], Analysis]]:
    """Up to ``n`` silver compounds (seeded choice) from a word list: words of at least
    ``min_word`` letters with exactly one split into two listed words of at least
    ``min_part`` letters (optionally joined by a connector); word -> (decomposition,
    segmentation), in the order of the list. ``candidates``: examine only that many
    long words, drawn with the seed (the quick size)."""
    vocab = [w for w in dict.fromkeys(words) if w.isalpha()]
    parts = {w for w in vocab if len(w) >= min_part}
    long_words = [w for w in vocab if len(w) >= min_word]
    if candidates is not None and candidates < len(long_words):
        pick = np.random.default_rng([seed, 1]).choice(
            len(long_words), size=candidates, replace=False
        )
        long_words = [long_words[i] for i in sorted(pick)]
    found = {}
    for word in long_words:
        splits = silver_splits(word, parts, connectors, min_part)
        if len(splits) == 1:
            head, conn, tail = splits[0]
            found[word] = (
                ((head, tail),),
                parse_segmentation(word, head + (f"{{{conn}}}" if conn else "") + "#" + tail),
            )
    if not found:
        return {}
    rng = np.random.default_rng(seed)
    chosen = set(rng.choice(sorted(found), size=min(n, len(found)), replace=False).tolist())
    return {w: found[w] for w in found if w in chosen}


def load_debian_silver(
    languages: Sequence[str] = ("de", "nl", "sv", "da", "no"),
    n: int = 300,
    seed: int = 2014,
    quick: bool = False,
) -> CompoundCorpus:
    """The public silver set (see the module docstring); quick: 40 compounds per language."""
    n = 40 if quick else int(n)
    sets, files = {}, []
    for lang in languages:
        path = debian_word_list(lang)
        words = read_word_list(path, DEBIAN_WORD_LISTS[lang][2], phrases=True)
        cfg = CONFIGS[lang]
        silver = silver_gold(words, cfg.connectors, n, seed, candidates=20 * n if quick else None)
        lexicon = lexicon_from_words(w for w in words if w not in silver)
        lexicon.lexicalized = {w: d for w, (d, _) in silver.items()}
        sets[lang] = CompoundSet.from_gold(lang, lexicon, silver, cfg, None, str(path))
        files.append(path)
    return CompoundCorpus(
        "decompound-debian",
        sets,
        "silver compounds from the Debian word lists",
        {"_files": [str(f) for f in files]},
    )
