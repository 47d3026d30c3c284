"""The cost of parser noise: the same texts parsed by the ideal parser and by a real one.

On the ``sample`` profile the simulator knows the trees of its text
(:mod:`evalkit.data.simulate.trees`: gold trees for references, the projected gold trees for
system outputs); a notebook parses the same texts with spaCy too and reports

* :func:`tree_accuracy`: UAS/LAS of the real parser against the gold trees
  (:func:`evalkit.text.parse.attachment_scores`, punctuation left out), for references and
  system outputs separately;
* :func:`side_by_side`: a metric table computed once per parser, one column per parser and
  their difference (``gold - <parser>``).

``ideal`` is the simulator's parser on ``sample``; on other profiles there are no gold trees
unless the user gives a treebank's parses (``conllu:<file>`` with ``# text`` comments), and
:func:`gold_parser` returns None (the notebooks then show the real parser's half only).
"""

from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence

import pandas as pd

from evalkit.errors import ParameterError

__all__ = ["gold_parser", "parser_for", "tree_accuracy", "side_by_side", "parse_groups"]


def gold_parser(spec: str, corpus, profile: str, n_best: int = 1, p_gold_first: float = 1.0):
    """The gold-tree backend: ``"ideal"`` (the simulator's trees of ``corpus``; sample only,
    else None; ``n_best > 1``: with seeded alternatives, :func:`evalkit.data.simulate.trees.nbest`),
    ``"conllu:<file>"`` (the user's gold parses) or ``"none"`` (None)."""
    from evalkit.text.parse import get_parser

    if spec == "none":
        return None
    if spec == "ideal":
        if profile != "sample":
            return None
        from evalkit.data.simulate.trees import gold_parser_at

        return gold_parser_at(
            corpus.meta["provenance"]["root"], n_best, p_gold_first
        )  # beside the corpus read
    if spec.startswith("conllu:"):
        return get_parser(spec)
    raise ParameterError("gold", spec, "'ideal', 'none' or 'conllu:<file with # text comments>'")


def parser_for(spec: str, corpus, profile: str, n_best: int = 1, p_gold_first: float = 1.0):
    """A notebook's ``parser`` parameter as a backend: ``"ideal"`` is the simulator's ideal
    parser (sample only; with ``n_best`` seeded alternatives), anything else
    :func:`evalkit.text.parse.get_parser`."""
    from evalkit.text.parse import get_parser

    if spec != "ideal":
        return get_parser(spec)
    nlp = gold_parser(spec, corpus, profile, n_best, p_gold_first)
    if nlp is None:
        raise ParameterError(
            "parser",
            spec,
            f"a real parser on profile {profile} (the ideal parser exists on sample)",
        )
    return nlp


def tree_accuracy(
    groups: Mapping[str, Sequence[str]], gold: Mapping[str, object], test: Mapping[str, object]
) -> pd.DataFrame:
    """``texts, trees, tokens, matched, uas, las`` of ``test`` parses against ``gold``
    parses (both: text -> :class:`evalkit.text.parse.Parse`), one row per group of texts
    (e.g. ``{"references": [...], "system outputs": [...]}``) and ``all``."""
    from evalkit.text.parse import attachment_scores

    rows = []
    everything = list(dict.fromkeys(t for ts in groups.values() for t in ts))
    for name, texts in list(groups.items()) + [("all", everything)]:
        texts = list(dict.fromkeys(texts))
        if not texts:
            continue
        s = attachment_scores([gold[t].dep for t in texts], [test[t].dep for t in texts])
        rows.append({"texts": name, **s})
    return pd.DataFrame(rows)


def side_by_side(
    tables: Mapping[str, pd.DataFrame], keys: Sequence[str], value: str = "r", gold: str = "gold"
) -> pd.DataFrame:
    """One metric table per parser (``{parser: frame}``, equal ``keys``) as one frame with a
    ``<value>_<parser>`` column each and, when ``gold`` is among them, ``<gold> - <other>``
    differences (``cost_<other>``: what the parser's noise costs)."""
    out: Optional[pd.DataFrame] = None
    for name, frame in tables.items():
        part = frame[list(keys) + [value]].rename(columns={value: f"{value}_{name}"})
        out = part if out is None else out.merge(part, on=list(keys), how="outer")
    if out is None:
        raise ParameterError("tables", tables, "at least one table")
    if gold in tables:
        for name in tables:
            if name != gold:
                out[f"cost_{name}"] = out[f"{value}_{gold}"] - out[f"{value}_{name}"]
    return out


def parse_groups(rows: pd.DataFrame) -> Dict[str, list]:
    """``{"references": [...], "system outputs": [...]}`` texts of MT segment rows."""
    return {
        "references": list(dict.fromkeys(t for r in rows["refs"] for t in r)),
        "system outputs": list(dict.fromkeys(rows["hyp"])),
    }
