"""Hong et al. (2014) DUC 2004 system summaries (``sumrepo_duc2004``): reader and loader.

Hong, Conroy, Favre, Kulesza, Lin and Nenkova (2014), "A Repository of State of the Art
and Competitive Baseline Summaries for Generic News Summarization" (LREC), distribute the
outputs of 12 summarizers on the 50 DUC 2004 task 2 docsets. Layout below the repository
folder (``sumrepo_duc2004``)::

    SOAsums/<system>/<docset>.<system>      state of the art: DPP, ICSISumm, RegSum,
                                            Submodular, CLASSY11, CLASSY04, OCCAMS_V
    basicsums/<system>/<docset>.<system>    baselines: GreedyKL, FreqSum, TsSum, Centroid,
                                            LexRank

one file per docset (``d30001t.DPP``; the docset part is matched case-insensitively by
its number, so ``D30001``, ``d30001t`` and ``D30001.M.100.T`` are one docset), Latin-1
text, one sentence per line (blank lines dropped; DPP's files hold running text, which
matters only for the sentence-aware ROUGE-L/W).

The repository needs the DUC 2004 licence, so evalkit treats the folder as licensed
data: it is located through :mod:`evalkit.data.licensed` as corpus
``hong2014`` (``EVALKIT_HONG2014=/path/to/sumrepo_duc2004`` or ``licensed: {hong2014:
PATH}`` in the YAML configuration), and an unconfigured folder raises
:class:`~evalkit.errors.DataNotConfiguredError`. There are no human judgments: the DUC
2004 model summaries serve as references (:func:`load_hong2014`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Optional, Sequence

import pandas as pd

from evalkit.data.model import SummarizationCorpus
from evalkit.errors import InputFormatError, ParameterError, PathLike

__all__ = ["HONG2014_SYSTEMS", "docset_key", "read_hong2014", "hong2014_files", "load_hong2014"]

#: The 12 systems and their folder (``SOAsums`` state of the art, ``basicsums`` baselines).
HONG2014_SYSTEMS: Dict[str, str] = {
    **dict.fromkeys(
        ("DPP", "ICSISumm", "RegSum", "Submodular", "CLASSY11", "CLASSY04", "OCCAMS_V"), "SOAsums"
    ),
    **dict.fromkeys(("GreedyKL", "FreqSum", "TsSum", "Centroid", "LexRank"), "basicsums"),
}

_DOCSET = re.compile(r"(?i)^(d\d+)")


def docset_key(name: str) -> str:
    """``D30001``, ``d30001t`` and ``D30001.M.100.T`` all give ``d30001`` (other names are
    lower-cased whole)."""
    m = _DOCSET.match(name)
    return m.group(1).lower() if m else name.lower()


def _systems(systems: Optional[Sequence[str]]) -> List[str]:
    chosen = list(HONG2014_SYSTEMS) if systems is None else list(systems)
    unknown = [s for s in chosen if s not in HONG2014_SYSTEMS]
    if unknown:
        raise ParameterError("systems", unknown, f"systems among {list(HONG2014_SYSTEMS)}")
    return chosen


def hong2014_files(root: PathLike, systems: Optional[Sequence[str]] = None) -> List[Path]:
    """The summary files of ``systems`` (all 12 by default) below ``root``, sorted per system."""
    root = Path(root)
    return [
        p
        for s in _systems(systems)
        for p in sorted((root / HONG2014_SYSTEMS[s] / s).glob(f"*.{s}"))
    ]


def read_hong2014(
    root: PathLike,
    instances: Sequence[str],
    systems: Optional[Sequence[str]] = None,
    encoding: str = "latin-1",
) -> pd.DataFrame:
    """The summaries as ``instance, summarizer, sentences`` for the DUC 2004 ``instances``
    (matched by docset number). A missing system folder, a file of no listed docset, two
    files of one docset or a docset without a summary raises
    :class:`~evalkit.errors.InputFormatError` naming them. Files are decoded as
    :func:`evalkit.data.duc.decode` does (``encoding`` latin-1 by default: UTF-8 or
    Windows-1252 bytes, a NUL (UTF-16) are refused, a file starting with a UTF-8
    byte-order mark is read as UTF-8; ``"utf-8"``, ``"cp1252"``, ``"auto"``)."""
    from evalkit.inputs import UTF8_BOM, read_input
    from evalkit.data.duc import decode

    root = Path(root)
    if root.exists() and not root.is_dir():
        raise InputFormatError(
            root, None, "the sumrepo_duc2004 folder (holding SOAsums/ and basicsums/), not a file"
        )
    keys = {docset_key(i): i for i in instances}
    rows = []
    for system in _systems(systems):
        folder = root / HONG2014_SYSTEMS[system] / system
        if not folder.is_dir():
            raise InputFormatError(
                folder, None, f"a folder of {system} summaries (Hong et al. 2014 layout)"
            )
        seen: Dict[str, Path] = {}
        for path in sorted(folder.glob(f"*.{system}")):
            key = docset_key(path.name)
            if key not in keys:
                raise InputFormatError(
                    path, None, f"a DUC 2004 docset among {sorted(keys)[:3]}...", found=path.name
                )
            if key in seen:
                raise InputFormatError(
                    path,
                    None,
                    f"one file per docset; {seen[key].name} is docset {key} too",
                    found=path.name,
                )
            data = read_input(path, "summary file")
            # a UTF-8 byte-order mark says what the file is: read it as UTF-8, mark dropped
            text = decode(
                data,
                path,
                "utf-8" if data.startswith(UTF8_BOM) and encoding == "latin-1" else encoding,
            )
            rows.append(
                (
                    keys[key],
                    system,
                    tuple(line.strip() for line in text.splitlines() if line.strip()),
                )
            )
            seen[key] = path
        missing = sorted(set(keys) - set(seen))
        if missing:
            raise InputFormatError(folder, None, f"one summary per docset; none for {missing[:3]}")
    return pd.DataFrame(rows, columns=["instance", "summarizer", "sentences"])


def load_hong2014(
    duc_corpus: SummarizationCorpus,
    root: Optional[PathLike] = None,
    length_limit: Optional[int] = 100,
    systems: Optional[Sequence[str]] = None,
) -> SummarizationCorpus:
    """The Hong et al. (2014) systems as peers with ``duc_corpus``'s model summaries as
    references, on ``duc_corpus``'s instances.

    ``root`` defaults to the licensed-data configuration (corpus ``hong2014``); when that
    is not set either, :class:`~evalkit.errors.DataNotConfiguredError` is raised. No
    judgments. ``meta``: ``source`` (the folder), ``length_limit`` (words; Hong et al.
    report ROUGE on 100-word summaries, None keeps them whole -- the summaries are stored
    uncut, the scorer applies the limit) and ``systems`` with their group
    (``SOAsums``/``basicsums``)."""
    if length_limit is not None and (
        isinstance(length_limit, bool) or not isinstance(length_limit, int) or length_limit < 1
    ):
        raise ParameterError("length_limit", length_limit, "a positive number of words or None")
    if root is None:
        from evalkit.data import licensed

        root = licensed.require("hong2014")
    chosen = _systems(systems)
    instances = list(duc_corpus.instances["instance"])
    peers = read_hong2014(root, instances, chosen)
    model_ids = duc_corpus.models()
    models = duc_corpus.summaries[duc_corpus.summaries["summarizer"].isin(set(model_ids))]
    return SummarizationCorpus(
        name="hong2014",
        instances=duc_corpus.instances[["instance"]].copy(),
        summarizers=pd.DataFrame(
            {
                "summarizer": model_ids + chosen,
                "type": ["model"] * len(model_ids) + ["peer"] * len(chosen),
            }
        ),
        summaries=pd.concat([models, peers], ignore_index=True),
        meta={
            "source": str(root),
            "length_limit": length_limit,
            "systems": {s: HONG2014_SYSTEMS[s] for s in chosen},
            "references": f"model summaries of {duc_corpus.name}",
        },
    ).validate()
