"""MT evaluations by profile, as the 2005-2006 MT metric papers use them.

One place that picks the corpus for banerjee2005, leusch2005 and owczarzak2006 and lays it
out for scoring:

* :func:`load_mt_evaluation` ``(profile, language)``, through the data-set registry
  (:mod:`evalkit.data.datasets`, so the corpus carries its provenance):

  ========== ============================ =================================== ==================================
  language   sample (simulated)           public                              licensed (user's LDC copy)
  ========== ============================ =================================== ==================================
  ``"zh"``   ``tides2003ce`` (7 systems,  WMT19 daRR ``public_pair`` (one     ``mtc4`` (TIDES 2003 zh-en with
             the papers' ids, 10 judges)  reference, relative rankings)       LDC assessments)
  ``"ar"``   ``tides2003ae`` (6 x 663)    same                                ``tides2003-ar-en``
  ``"btec"`` ``btec2004`` (11 x 500,      same                                not distributed: IWSLT 2004 BTEC
             16 references)                                                   (always "not configured")
  ========== ============================ =================================== ==================================

* :func:`output_frame`: one row per system output, ``document, segment, system, text,
  refs`` (the segment's references, in reference order), whatever the corpus layout (daRR
  corpora judge only some systems per segment, so per-system streams do not exist);
* :func:`stand_in` names what the loaded corpus stands in for (for the notebooks' "Data").
"""

from __future__ import annotations

from typing import List, Optional

import pandas as pd

from evalkit.data.model import MTCorpus
from evalkit.errors import DataNotConfiguredError, ParameterError

__all__ = [
    "LANGUAGES",
    "load_mt_evaluation",
    "output_frame",
    "stand_in",
    "has_absolute_judgments",
    "reference_streams",
    "score_outputs",
    "limit_segments",
]

LANGUAGES = ("zh", "ar", "btec")
_SAMPLE = {"zh": "tides2003ce", "ar": "tides2003ae", "btec": "btec2004"}
_LICENSED = {"zh": "mtc4", "ar": "tides2003-ar-en"}
_PAPER_DATA = {
    "zh": "TIDES 2003 Chinese-English (LDC)",
    "ar": "TIDES 2003 Arabic-English (LDC)",
    "btec": "IWSLT 2004 BTEC Chinese-English",
}


def load_mt_evaluation(
    profile: str, language: str = "zh", quick: bool = False, public_pair: str = "lt-en"
) -> MTCorpus:
    """The MT evaluation for ``profile`` and ``language`` (see the module table)."""
    if language not in LANGUAGES:
        raise ParameterError("language", language, f"one of {LANGUAGES}")
    from evalkit.data import datasets

    if profile == "sample":
        return datasets.load(_SAMPLE[language], "sample", quick=quick)
    if profile == "public":
        return datasets.load(
            f"wmt19-darr-{public_pair}",
            "public",
            stands_in_for=f"{_PAPER_DATA[language]}: relative rankings instead of adequacy/fluency",
        )
    if profile == "licensed":
        if language not in _LICENSED:
            raise DataNotConfiguredError(
                _PAPER_DATA[language], "the IWSLT 2004 outputs and judgments were never distributed"
            )
        return datasets.load(_LICENSED[language], "licensed")
    raise ParameterError("profile", profile, "one of 'sample', 'public', 'licensed'")


def stand_in(corpus: MTCorpus, language: str = "zh") -> str:
    """A sentence: which data ran, and what they stand in for."""
    return f"{corpus.name} stands in for {_PAPER_DATA.get(language, language)}"


def has_absolute_judgments(corpus: MTCorpus) -> bool:
    """True when the corpus has per-segment scores (adequacy/fluency), False for relative
    rankings only (WMT daRR)."""
    return corpus.judgments is not None and not corpus.judgments.empty


def output_frame(corpus: MTCorpus) -> pd.DataFrame:
    """One row per output: ``document, segment, system, text, refs`` (list of strings).

    Every output's segment must have at least one reference (an error names the first
    segment without one).
    """
    refs = corpus.references.copy()
    order = {r: k for k, r in enumerate(corpus.reference_ids)}
    refs["_order"] = refs["reference"].map(order)
    refs = refs.sort_values(["document", "segment", "_order"], kind="stable")
    by_seg = refs.groupby(["document", "segment"], sort=False)["text"].agg(list)
    out = corpus.outputs[["document", "segment", "system", "text"]].copy()
    keys = list(zip(out["document"], out["segment"]))
    missing = [k for k in keys if k not in by_seg.index]
    if missing:
        raise ParameterError(
            "corpus", f"segment {missing[0]} of {corpus.name}", "references for every output"
        )
    out["refs"] = [list(by_seg.loc[k]) for k in keys]
    return out.reset_index(drop=True)


def reference_streams(refs: List[List[str]]) -> List[List[str]]:
    """Per-segment reference lists (all of one length) as sacrebleu-style streams."""
    n = {len(r) for r in refs}
    if len(n) != 1:
        raise ParameterError(
            "refs", f"segments with {sorted(n)} references", "the same number for every segment"
        )
    return [list(stream) for stream in zip(*refs)]


def score_outputs(frame: pd.DataFrame, metric, name: str):
    """Sentence- and system-level scores of a per-segment-statistics metric (BLEU, NIST,
    WER/PER, ...) on :func:`output_frame` rows: (frame with a ``name`` column of sentence
    scores, Series of system scores from each system's summed statistics)."""
    import numpy as np

    hyps = frame["text"].tolist()
    refs = frame["refs"].tolist()
    given = (
        refs if getattr(metric, "ref_layout", "streams") == "segments" else reference_streams(refs)
    )
    stats = np.asarray(metric.segment_statistics(hyps, given))  # keep integer counts integer
    if _sentence_scores_are_rows(metric):  # the same scores without scoring twice
        sentence = np.asarray(
            metric.score_from_statistics(stats.reshape(-1, metric.n_statistics)), dtype=float
        )
    else:
        sentence = np.asarray(metric.sentence_scores(hyps, given), dtype=float)
    out = frame.assign(**{name: sentence})
    system = {
        s: float(metric.score_from_statistics(stats[idx].sum(axis=0)))
        for s, idx in frame.groupby("system", sort=False).indices.items()
    }
    return out, pd.Series(system, name=name)


def _sentence_scores_are_rows(metric) -> bool:
    """True when ``metric.sentence_scores(hyps, refs)`` is, by its class's definition,
    ``score_from_statistics`` of the rows of ``segment_statistics(hyps, refs)`` (the base
    :class:`~evalkit.metrics.base.Metric` method, and NIST's with its default corpus-wide
    information weights); False for a metric that scores sentences its own way."""
    from evalkit.metrics.base import Metric
    from evalkit.metrics.nist import NIST

    return type(metric).sentence_scores in (Metric.sentence_scores, NIST.sentence_scores)


def limit_segments(corpus: MTCorpus, n: Optional[int]) -> MTCorpus:
    """The corpus restricted to its first ``n`` segments (corpus order), all tables alike
    (``None``: unchanged). For quick runs and for subsets such as Owczarzak et al.'s
    100-sentence judged subsets."""
    if n is None:
        return corpus
    if not (isinstance(n, int) and n >= 1):
        raise ParameterError("n", n, "a positive integer or None")
    keep = set(corpus.segment_keys()[:n])
    tables = {}
    for table, df in corpus.tables().items():
        if df is not None and {"document", "segment"} <= set(df.columns):
            mask = pd.Series(
                [k in keep for k in zip(df["document"], df["segment"])], index=df.index, dtype=bool
            )
            df = df.loc[mask].reset_index(drop=True)
        tables[table] = df
    return MTCorpus(
        name=corpus.name,
        source_language=corpus.source_language,
        target_language=corpus.target_language,
        meta=dict(corpus.meta),
        **tables,
    )
