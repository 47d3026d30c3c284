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

CONFIGS: Dict[str, LangConfig] = {
    "de": LangConfig(
        connectors=("s", "es", "n", "en", "e", "er", "zu"),
        max_elements=4,
        min_compound=8,
        min_component=3,
        min_component_with_connector=4,
        suffixes=("en", "er", "es", "n", "s", "e"),
    ),
    "nl": LangConfig(
        connectors=("s", "e", "en"),
        max_elements=4,
        min_compound=7,
        min_component=3,
        min_component_with_connector=4,
        suffixes=("en", "s", "e"),
    ),
    "sv": LangConfig(
        connectors=("s", "o", "u", "e", "a"),
        max_elements=4,
        min_compound=7,
        min_component=3,
        min_component_with_connector=3,
        suffixes=("en", "et", "na", "ar", "er", "or", "n", "s"),
    ),
    "da": LangConfig(
        connectors=("s", "e"),
        max_elements=4,
        min_compound=7,
        min_component=3,
        min_component_with_connector=3,
        suffixes=("en", "et", "er", "ne", "e", "s"),
    ),
    "no": LangConfig(
        connectors=("s", "e"),
        max_elements=4,
        min_compound=7,
        min_component=3,
        min_component_with_connector=3,
        suffixes=("en", "et", "er", "ene", "a", "s"),
    ),
}

__all__ = ["CONFIGS"]
