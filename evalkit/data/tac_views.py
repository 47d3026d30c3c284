"""TAC 2008-2011 summarization data by profile, cut the way Owczarzak et al. analyse it.

* :func:`load_tac` -- the corpus of one year through :func:`evalkit.data.datasets.load` (with
  its provenance): ``sample`` = the simulated corpus read back through
  :func:`evalkit.data.tac.read_corpus`, ``licensed`` = the user's NIST eval directory (which
  raises :class:`~evalkit.errors.DataNotConfiguredError` -- *skipped* -- when not configured).
  TAC has no public copy; ``public`` is refused with a message naming the stand-ins.
* :class:`TacPart` / :func:`tac_part` -- one docset group (``A`` initial, ``B`` update) of a
  year: its instances, automatic peers, human models, each instance's assessor (the selector
  field of TAC file names, notes C1) and, for guided years, its category; :meth:`TacPart.scores`
  gives a manual judgment as a long ``instance, system, value`` frame (TAC 2009's 1-10
  responsiveness optionally rescaled to 1-5 by halving, OD11).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence

import pandas as pd

from evalkit.data.model import SummarizationCorpus
from evalkit.errors import ParameterError

__all__ = ["YEARS", "GROUPS", "load_tac", "TacPart", "tac_part", "JUDGMENTS"]

YEARS = (2008, 2009, 2010, 2011)
GROUPS = {"A": "initial", "B": "update"}
#: evalkit judgment names of the manual scores (evalkit.data.tac.TABLES).
JUDGMENTS = {
    "pyramid": "pyramid_modified",
    "pyramid_jk": "pyramid_modified_jk",
    "responsiveness": "overall_responsiveness",
    "readability": "linguistic_quality",
}


def load_tac(year: int, profile: str, quick: bool = False) -> SummarizationCorpus:
    """The TAC ``year`` corpus of ``profile`` (see the module docstring)."""
    if year not in YEARS:
        raise ParameterError("year", year, f"one of {YEARS}")
    if profile in ("sample", "licensed"):
        from evalkit.data import datasets

        return datasets.load(f"tac{year}", profile, quick=quick)
    raise ParameterError(
        "profile",
        profile,
        "'sample' or 'licensed' (TAC data are licensed; the public profile "
        "uses SummEval/REALSumm stand-ins instead)",
    )


@dataclass
class TacPart:
    """One docset group of one TAC year (see the module docstring)."""

    name: str
    year: int
    group: str
    corpus: SummarizationCorpus
    instances: List[str]
    peers: List[str]
    models: List[str]
    assessor_of: Dict[str, str]
    category_of: Dict[str, str] = field(default_factory=dict)
    source: Optional[SummarizationCorpus] = field(
        default=None, repr=False
    )  # the whole year, with its provenance

    def scores(
        self, judgment: str, systems: Optional[Sequence[str]] = None, rescale_2009: bool = False
    ) -> pd.DataFrame:
        """A manual judgment (``pyramid``, ``pyramid_jk``, ``responsiveness``, ``readability`` or
        an evalkit judgment name) as ``instance, system, value``."""
        name = JUDGMENTS.get(judgment, judgment)
        j = self.corpus.judgments
        j = j[(j["judgment"] == name) & j["instance"].isin(set(self.instances))]
        if j.empty:
            raise ParameterError(
                "judgment",
                judgment,
                f"a judgment of {self.name}: {sorted(set(self.corpus.judgments['judgment']))}",
            )
        if systems is not None:
            j = j[j["summarizer"].isin(set(systems))]
        out = j.groupby(["instance", "summarizer"], sort=False)["value"].mean().reset_index()
        out = out.rename(columns={"summarizer": "system"})
        if rescale_2009 and self.year == 2009 and name == JUDGMENTS["responsiveness"]:
            out["value"] = out["value"] / 2.0
        return out


def tac_part(corpus: SummarizationCorpus, group: str = "A", name: Optional[str] = None) -> TacPart:
    """The ``group`` docsets of a TAC corpus (instances ``Dxxxx-A`` or ``-B``)."""
    if group not in GROUPS:
        raise ParameterError("group", group, f"one of {list(GROUPS)} ({GROUPS})")
    inst = corpus.instances
    part = inst[inst["instance"].str.endswith(f"-{group}")]
    if part.empty:
        raise ParameterError("group", group, f"a docset group present in {corpus.name}")
    ids = list(part["instance"])
    sub = corpus.subset(instances=ids)
    year = int(corpus.meta.get("year", 0) or 0)
    if "selector" not in part.columns or part["selector"].isna().any():
        raise ParameterError(
            "corpus", corpus.name, "TAC instances with the assessor (selector) field"
        )
    cats = dict(zip(part["instance"], part["category"])) if "category" in part.columns else {}
    cats = {k: v for k, v in cats.items() if isinstance(v, str)}
    have = set(sub.summaries["summarizer"])
    return TacPart(
        name=name or f"TAC {year} {GROUPS[group]} ({corpus.name})",
        year=year,
        group=group,
        corpus=sub,
        instances=ids,
        peers=[p for p in corpus.peers() if p in have],
        models=[m for m in corpus.models() if m in have],
        assessor_of=dict(zip(part["instance"], part["selector"])),
        category_of=cats,
        source=corpus,
    )
