"""Per-language settings of dynamic decompounding (Owczarzak et al. 2014, §3 and Table 1).

The paper sets the length limits by hand per language within the ranges of its Table 1
(maximum elements 2-4, minimum compound length 4-11, minimum component length 2-4,
minimum component length next to a connector 2-4) and names connectors by example
(Dutch *s*, *e*, *en*; German *zu* among others; Swedish *o*; Norwegian *s*). The values
below are evalkit's choices inside those ranges; connectors and inflectional endings are
the common linking elements and plural/case endings of each language (standard grammar,
not the paper's proprietary lists). POS sequences are unrestricted (the word lists carry
no part of speech).

>>> CONFIGS["nl"].connectors
('s', 'e', 'en')
"""

from __future__ import annotations

from typing import Dict

from evalkit.text.decompound import LangConfig

#: per language: connectors, min_compound, min_component, min_component_with_connector and
#: suffixes (inflectional endings); max_elements is LangConfig's default (4) everywhere
_SETTINGS = {
    "de": (("s", "es", "n", "en", "e", "er", "zu"), 8, 3, 4, ("en", "er", "es", "n", "s", "e")),
    "nl": (("s", "e", "en"), 7, 3, 4, ("en", "s", "e")),
    "sv": (("s", "o", "u", "e", "a"), 7, 3, 3, ("en", "et", "na", "ar", "er", "or", "n", "s")),
    "da": (("s", "e"), 7, 3, 3, ("en", "et", "er", "ne", "e", "s")),
    "no": (("s", "e"), 7, 3, 3, ("en", "et", "er", "ene", "a", "s")),
}

CONFIGS: Dict[str, LangConfig] = {
    language: LangConfig(
        connectors=connectors,
        min_compound=min_compound,
        min_component=min_component,
        min_component_with_connector=with_connector,
        suffixes=suffixes,
    )
    for language, (connectors, min_compound, min_component, with_connector, suffixes) in (
        _SETTINGS.items()
    )
}

__all__ = ["CONFIGS"]
