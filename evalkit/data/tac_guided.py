"""TAC 2010-2011 guided summarization: topic categories and per-SCU aspect tags.

Categories and aspects are numbered as in the TAC 2010 Guided Summarization task guidelines
(Owczarzak & Dang 2011, Table 1): category ``1`` Accidents and Natural Disasters, ``2``
Attacks, ``3`` Health and Safety, ``4`` Endangered Resources, ``5`` Investigations and
Trials; aspect ``c.k`` is the k-th aspect of category c (``1.1`` WHAT ... ``5.6``
SENTENCE). evalkit names them as :data:`CATEGORIES` does (``"accidents"``, ``"what"``,
``"who_affected"``...); ``"other"`` is the implicit catch-all aspect (no code).

Files (under the year's eval directory, :data:`evalkit.data.tac.LAYOUTS`):

* **topics** (``topics.xml``), the layout of NIST's test-topic file::

      <TACtaskdata>
      <topic id = "D1001A" category = "1">
      <title> ... </title>
      </topic> ...

  the topic id is the docset followed by the assessor letter; only ``id`` and ``category``
  are read (other elements are ignored).
* **SCU aspects** (``manual/scu_aspects.txt``): where NIST's release keeps the tags
  assessors put on each SCU is not confirmed (notes C1), so evalkit reads this documented
  whitespace table, one row per SCU: ``instance scu_uid code...`` (e.g. ``D1001-A 12 1.1
  1.5``); a row with no code means "other". Converting another layout means writing this
  table with :func:`write_scu_aspects`.
"""

from __future__ import annotations

import re
from typing import Dict, Mapping, Tuple

import pandas as pd

from evalkit.atomic import atomic_write_bytes
from evalkit.inputs import parse_xml, read_text
from evalkit.errors import InputFormatError, ParameterError, PathLike


__all__ = [
    "CATEGORIES",
    "category_code",
    "category_name",
    "aspect_code",
    "aspect_name",
    "read_topics",
    "write_topics",
    "read_scu_aspects",
    "write_scu_aspects",
    "OTHER",
]

OTHER = "other"

#: Categories (guideline order = code 1..5) and their aspects (guideline order = k of c.k).
CATEGORIES: Dict[str, Tuple[str, ...]] = {
    "accidents": (
        "what",
        "when",
        "where",
        "why",
        "who_affected",
        "damages",
        "countermeasures",
        OTHER,
    ),
    "attacks": (
        "what",
        "when",
        "where",
        "perpetrators",
        "why",
        "who_affected",
        "damages",
        "countermeasures",
        OTHER,
    ),
    "health": ("what", "who_affected", "how", "why", "countermeasures", OTHER),
    "resources": ("what", "importance", "threats", "countermeasures", OTHER),
    "trials": ("who", "who_investigating", "why", "charges", "plead", "sentence", OTHER),
}
_NAMES = list(CATEGORIES)


def category_code(name: str) -> str:
    if name not in CATEGORIES:
        raise ParameterError("category", name, f"one of {_NAMES}")
    return str(_NAMES.index(name) + 1)


def category_name(code: str, where=None, line=None) -> str:
    if not re.fullmatch(r"[1-5]", str(code).strip()):
        raise InputFormatError(where, line, "a category code 1-5 (TAC 2010 guidelines)", found=code)
    return _NAMES[int(code) - 1]


def aspect_code(category: str, aspect: str) -> str:
    aspects = CATEGORIES.get(category)
    if aspects is None or aspect not in aspects or aspect == OTHER:
        raise ParameterError(
            "aspect", (category, aspect), f"an aspect of {category!r} other than 'other'"
        )
    return f"{category_code(category)}.{aspects.index(aspect) + 1}"


def aspect_name(code: str, where=None, line=None) -> Tuple[str, str]:
    """``"2.4"`` -> ``("attacks", "perpetrators")``."""
    m = re.fullmatch(r"([1-5])\.([0-9]+)", code)
    if m:
        cat = _NAMES[int(m.group(1)) - 1]
        k = int(m.group(2))
        if 1 <= k < len(CATEGORIES[cat]):
            return cat, CATEGORIES[cat][k - 1]
    raise InputFormatError(
        where, line, "an aspect code c.k of the TAC 2010 guidelines (e.g. 1.1)", found=code
    )


def read_topics(path: PathLike) -> pd.DataFrame:
    """Topic categories: ``docset, topic, category`` (category by evalkit name)."""
    root = parse_xml(path, "a TAC topics file")
    rows = []
    for node in root.iter("topic"):
        tid, cat = (node.get("id") or "").strip(), node.get("category")
        m = re.fullmatch(r"(D[0-9]+)([A-Z]?)", tid)
        if not m:
            raise InputFormatError(path, None, 'topic id="D<digits>[assessor letter]"', found=tid)
        if cat is None:
            raise InputFormatError(path, None, f'a category="1-5" attribute on topic {tid}')
        rows.append((m.group(1), tid, category_name(cat, path)))
    out = pd.DataFrame(rows, columns=["docset", "topic", "category"])
    if out["docset"].duplicated().any():
        raise InputFormatError(
            path, None, "each topic once", found=out.loc[out["docset"].duplicated(), "topic"].iat[0]
        )
    return out


def write_topics(
    path: PathLike, categories: Mapping[str, str], assessors: Mapping[str, str] = None
) -> None:
    """Write ``{docset: category}`` (``assessors``: docset -> letter appended to the id)."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<TACtaskdata>"]
    for docset, cat in categories.items():
        tid = docset + ((assessors or {}).get(docset) or "")
        lines.append(f'<topic id = "{tid}" category = "{category_code(cat)}">')
        lines.append("</topic>")
    lines.append("</TACtaskdata>")
    atomic_write_bytes(path, ("\n".join(lines) + "\n").encode("utf-8"))


def read_scu_aspects(path: PathLike, categories: Mapping[str, str]) -> pd.DataFrame:
    """``instance, scu, aspects`` (tuple of aspect names, ``("other",)`` for no code).

    ``categories`` maps an instance to its category; a code of another category is an error.
    """
    text = read_text(path, "SCU aspect table", encoding="ascii")
    rows, seen = [], set()
    for lineno, line in enumerate(text.split("\n"), 1):
        cols = line.split()
        if not cols:
            continue
        if len(cols) < 2:
            raise InputFormatError(path, lineno, "instance scu_uid [aspect codes...]", found=line)
        inst, scu = cols[0], cols[1]
        if inst not in categories:
            raise InputFormatError(
                path, lineno, "an instance of a topic with a category", found=inst
            )
        if (inst, scu) in seen:
            raise InputFormatError(path, lineno, "each SCU once", found=f"{inst} {scu}")
        seen.add((inst, scu))
        names = []
        for code in cols[2:]:
            cat, name = aspect_name(code, path, lineno)
            if cat != categories[inst]:
                raise InputFormatError(
                    path, lineno, f"aspect codes of category {categories[inst]!r}", found=code
                )
            names.append(name)
        rows.append((inst, scu, tuple(names) or (OTHER,)))
    return pd.DataFrame(rows, columns=["instance", "scu", "aspects"])


def write_scu_aspects(path: PathLike, scus: pd.DataFrame, categories: Mapping[str, str]) -> None:
    """Write ``instance, scu, aspects`` rows (``categories``: instance -> category)."""
    lines = []
    for inst, scu, aspects in scus[["instance", "scu", "aspects"]].itertuples(index=False):
        codes = [aspect_code(categories[inst], a) for a in aspects if a != OTHER]
        lines.append(" ".join([inst, str(scu)] + codes))
    atomic_write_bytes(path, ("\n".join(lines) + "\n").encode("ascii"))


def attach(
    instances: pd.DataFrame, scus: pd.DataFrame, topics: pd.DataFrame, aspects: pd.DataFrame = None
) -> Tuple[pd.DataFrame, pd.DataFrame]:
    """Instances with ``category`` (by docset) and SCUs with ``aspects`` (SCUs without a row
    get ``("other",)``); every instance's docset must have a topic."""
    cat = dict(zip(topics["docset"], topics["category"]))
    missing = sorted(set(instances["docset"]) - set(cat))
    if missing:
        raise ParameterError("topics", missing[:5], "a category for every docset")
    inst = instances.copy()
    inst["category"] = inst["docset"].map(cat)
    if aspects is None or scus is None or scus.empty:
        return inst, scus
    tags = {
        (i, s): a for i, s, a in aspects[["instance", "scu", "aspects"]].itertuples(index=False)
    }
    out = scus.copy()
    out["aspects"] = [tags.get((i, s), (OTHER,)) for i, s in zip(out["instance"], out["scu"])]
    return inst, out


__all__.append("attach")
