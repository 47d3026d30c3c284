"""Liu & Gildea (2005), the worked examples recomputed: Figure 2's STM and depth
precisions, Figure 1's scores and tree structure, the headword chains of Section 2.1's
"I have a red pen" and the Table 7 sentences.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

import numpy as np
import pandas as pd

from evalkit.metrics import get_metric
from evalkit.metrics.syntax import Forest, headword_chains
from evalkit.text.trees import parse_ptb

from .spec import FIGURE1, FIGURE2_HYP, FIGURE2_REF, RED_PEN, TABLE7, published

__all__ = [
    "figure1_scores",
    "figure1_structure",
    "red_pen_chains",
    "table7_sentences",
    "worked_examples",
]


def worked_examples() -> pd.DataFrame:
    """The Figure 2 STM example recomputed: the three depth precisions and their mean,
    beside the printed values (``key, printed, this_run``)."""
    (h,), (r,) = parse_ptb(FIGURE2_HYP), parse_ptb(FIGURE2_REF)
    stm = get_metric("stm", max_depth=3)
    stats = stm.segment_statistics([h], [[r]])[0]
    ex = published("examples").set_index("key")
    rows = [
        (
            "stm_figure2",
            float(ex.loc["stm_figure2", "value"]),
            round(stm.score_from_statistics(stats), 3),
        )
    ]
    for n in range(3):
        rows.append(
            (
                f"stm_figure2_depth{n + 1}",
                float(ex.loc[f"stm_figure2_depth{n + 1}", "value"]),
                float(stats[n] / stats[3 + n]),
            )
        )
    out = pd.DataFrame(rows, columns=["key", "printed", "this_run"])
    return out.assign(agrees=np.isclose(out["printed"], out["this_run"], atol=5e-10))


def table7_sentences() -> Dict[str, object]:
    """The Table 7 sentences (a copy)."""
    return {"hyp": TABLE7["hyp"], "refs": list(TABLE7["refs"])}


def red_pen_chains(length: int = 2) -> List[Tuple[str, ...]]:
    """The headword chains of the given length in "I have a red pen" (Section 2.1)."""
    return sorted(headword_chains(Forest.from_dependencies(RED_PEN), length)[length - 1])


def figure1_structure() -> Dict[str, bool]:
    """How the reconstructed Figure 1 trees compare with the reference's: ``same_labels``
    (every label equal, words aside) and ``same_skeleton`` (equal once the part-of-speech
    tags are set aside), for ``hyp1`` and ``hyp2``. The text says Hyp1 "has exactly the same
    syntactic structure with the reference"; the reconstruction tags "have" VBP where the
    reference's "had" is VBD, so the two agree above the part-of-speech level only."""
    import re

    def words_out(t: str) -> str:
        return re.sub(r"\((\S+) [^()]+\)", r"(\1)", t)

    def skeleton(t: str) -> str:
        return re.sub(r"\((\S+) [^()]+\)", "(POS)", t)

    ref = FIGURE1["ref"][1]
    out = {}
    for hyp in ("hyp1", "hyp2"):
        t = FIGURE1[hyp][1]
        out[f"{hyp}_same_labels"] = words_out(t) == words_out(ref)
        out[f"{hyp}_same_skeleton"] = skeleton(t) == skeleton(ref)
    return out


def figure1_scores(bleu) -> pd.DataFrame:
    """Sentence BLEU (``bleu``: a sentence-BLEU metric, the paper's epsilon) and the syntactic
    metrics on the Figure 1 sentences. BLEU prefers Hyp2 and the constituent metric STM
    Hyp1, as the text says of "syntactic similarity"; HWCM, over head-modifier word chains,
    gives Hyp2 ("A dog I had") 1.0: it has every head-modifier pair of the reference."""
    trees = {k: parse_ptb(t)[0] for k, (_, t) in FIGURE1.items()}
    figure1_metrics = {
        "STM": get_metric("stm", max_depth=3),
        "HWCM": get_metric("hwcm", max_length=2),
        "TKM": get_metric("tkm"),
    }
    rows = []
    for hyp in ("hyp1", "hyp2"):
        text, ref_text = FIGURE1[hyp][0], FIGURE1["ref"][0]
        rows.append(
            {
                "hypothesis": hyp,
                "text": text,
                "BLEU": float(bleu.sentence_scores([text.lower()], [[ref_text.lower()]])[0])
                / 100.0,
                **{
                    label: float(metric.sentence_scores([trees[hyp]], [[trees["ref"]]])[0])
                    for label, metric in figure1_metrics.items()
                },
            }
        )
    return pd.DataFrame(rows)
