"""Inputs for ROUGE from the public SummEval pickle (tests, benchmark, notebooks).

SummEval (Fabbri et al. 2021) stores each summary as one pre-tokenized string; ROUGE-L
needs sentences, so they are split after '.', '!' or '?' followed by a space. The same
split feeds every tool compared in ``benchmarks/bench_rouge.py``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import List, Optional, Tuple

from evalkit.errors import PathLike

__all__ = ["split_sentences", "summeval_inputs"]

_SENT_END = re.compile(r"(?<=[.!?]) +")


def split_sentences(text: str) -> List[str]:
    """Sentences of a pre-tokenized text: split after '.', '!' or '?' and a space."""
    return [s for s in _SENT_END.split(text.strip()) if s]


def summeval_inputs(
    mirror: PathLike, n_docs: Optional[int] = None
) -> Tuple[List[List[str]], List[List[List[str]]], List[str], List[str]]:
    """(summaries, references, instance_ids, system_ids) of SummEval's first ``n_docs``
    documents (sorted ids), read through evalkit's restricted unpickler."""
    from evalkit.data.safe_pickle import load

    data = load(Path(mirror) / "summeval" / "data.pkl")
    S, R, I, Y = [], [], [], []
    for doc, v in sorted(data.items())[:n_docs]:
        refs = [split_sentences(r) for r in v["ref_summs"]]
        for system, sv in v["sys_summs"].items():
            S.append(split_sentences(sv["sys_summ"]))
            R.append(refs)
            I.append(doc)
            Y.append(system)
    return S, R, I, Y
