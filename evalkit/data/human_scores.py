"""Human-score views that several papers share: coverage, quality, pyramid, responsiveness.

Each view turns a corpus' long ``judgments`` table into a tidy frame with one row per
judged summary and the columns ``instance, system, <score columns>`` (values of several
assessors of one summary are averaged). Peers only unless ``include_models=True``. A
summary lacking a score the view needs raises :class:`~evalkit.errors.ParameterError`
naming it (nothing is dropped), and so does a value outside the documented scale.

=================================== =========================================== ===========
view                                columns                                     scale
=================================== =========================================== ===========
:func:`summeval_dimensions`         coherence, consistency, fluency, relevance  1-5 / 0-1
:func:`summeval_coverage_quality`   coverage := expert relevance,               1-5 / 0-1
                                    quality := mean(coherence, consistency,
                                    fluency)
:func:`summeval_dimension_mean`     mean4 := mean of the four dimensions        1-5 / 0-1
:func:`realsumm_pyramid`            pyramid := LitePyramid recall               0-1
:func:`duc_see_scores`              coverage (:func:`see_coverage`),            >= 0 / 0-1
                                    quality := mean of the 7 quality answers,
                                    A = 1 .. E = 0
:func:`tac_scores`                  pyramid (modified pyramid score),           0-1,
                                    responsiveness (overall), and               1-5 (TAC
                                    linguistic_quality where judged             2009: 1-10)
:func:`coverage_quality_mean`       adds combined := (coverage + quality) / 2   as inputs
=================================== =========================================== ===========

SummEval (Fabbri et al. 2021): the mean of three experts' 1-5 ratings; ``scale="unit"``
maps it linearly to 0-1 by ``(x - 1) / 4`` (``"likert"`` keeps 1-5). Relevance ("the
summary includes only important information") stands in for DUC's coverage, the mean of
coherence, consistency and fluency for linguistic quality. Their combination
:func:`coverage_quality_mean` is ``(coverage + quality) / 2`` -- NOT the mean of the four
dimensions, which weighs quality three times (``(relevance + 3 * quality) / 4``); that
one is :func:`summeval_dimension_mean`.

DUC SEE coverage (Over et al. 2007; Graham 2015, eq. 1): ``graham_eq1`` is
``CS = |matching peer units| x E / |model units|`` as printed, E the assessor's overall
coverage estimate (0-1); it mixes a peer-unit count with a model-unit count, so it is not
bounded by 1 and is returned unclipped (>= 0 enforced). ``see_mean`` is the SEE table's
mean per-model-unit coverage (0-1). DUC quality: the 7 linguistic-quality answers coded
per :data:`QUALITY_CODINGS` (simulator ``linguistic_quality_q1..7``: 4 = A .. 0 = E; the
DUC table's ``quality_q1..7``: 1 = A .. 5 = E, assumed from the order the categories are
listed in) mapped to A = 1, B = .75, C = .5, D = .25, E = 0 and averaged.

Row order: views over several judgments are sorted by instance, then system (string
order); :func:`realsumm_pyramid` keeps the corpus' order.
"""

from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

__all__ = [
    "SUMMEVAL_DIMENSIONS",
    "SUMMEVAL_QUALITY",
    "SEE_JUDGMENTS",
    "QUALITY_CODINGS",
    "TAC_JUDGMENTS",
    "wide_judgments",
    "summeval_dimensions",
    "summeval_coverage_quality",
    "summeval_dimension_mean",
    "coverage_quality_mean",
    "realsumm_pyramid",
    "see_coverage",
    "duc_see_scores",
    "tac_scores",
]

SUMMEVAL_DIMENSIONS = ("coherence", "consistency", "fluency", "relevance")
SUMMEVAL_QUALITY = ("coherence", "consistency", "fluency")
#: Judgment names of the SEE data: the simulator's names first, then those of the DUC 2004
#: ``SEE/short.results.table`` reader (:data:`evalkit.data.duc.TABLES`).
SEE_JUDGMENTS: Dict[str, Tuple[str, ...]] = {
    "matching_pus": ("n_marked_peer_units", "num_marked_peer_units"),
    "model_units": ("n_model_units", "num_model_units"),
    "estimate": ("coverage_estimate", "coverage"),
    "see_mean": ("coverage",),
}
#: How the 7 quality answers are coded: judgment-name prefix -> (code of A, code of E).
QUALITY_CODINGS: Dict[str, Tuple[float, float]] = {
    "linguistic_quality_q": (4.0, 0.0),
    "quality_q": (1.0, 5.0),
}
#: TAC manual judgments (:data:`evalkit.data.tac.TABLES`) -> view column.
TAC_JUDGMENTS: Dict[str, str] = {
    "pyramid_modified": "pyramid",
    "overall_responsiveness": "responsiveness",
    "linguistic_quality": "linguistic_quality",
}
_SCALES = ("unit", "likert")


def wide_judgments(
    corpus, judgments: Optional[Sequence[str]] = None, include_models: bool = False
) -> pd.DataFrame:
    """``instance, system`` and one column per judgment (all when None), assessors
    averaged, sorted by instance then system; peers only unless ``include_models``. A
    judgment the corpus does not have raises; a summary without one of them is NaN."""
    j = corpus.judgments
    have = list(dict.fromkeys(j["judgment"]))
    wanted = have if judgments is None else list(judgments)
    missing = [x for x in wanted if x not in have]
    if missing:
        raise ParameterError("corpus", corpus.name, f"judgments {missing} (it has {have[:8]})")
    j = j[j["judgment"].isin(wanted)]
    wide = j.pivot_table(
        index=["instance", "summarizer"], columns="judgment", values="value", aggfunc="mean"
    )
    wide = wide.reindex(columns=wanted).reset_index()
    if not include_models:
        wide = wide[wide["summarizer"].isin(corpus.peers())]
    wide = wide.rename(columns={"summarizer": "system"}).reset_index(drop=True)
    wide.columns.name = None
    return wide


def _complete(frame: pd.DataFrame, columns: Sequence[str], corpus_name: str) -> None:
    bad = frame[frame[list(columns)].isna().any(axis=1)]
    if len(bad):
        raise ParameterError(
            "corpus",
            corpus_name,
            f"every judged summary to have {list(columns)}; "
            f"missing for {bad[['instance', 'system']].head(3).values.tolist()}",
        )


def _in_range(frame: pd.DataFrame, column: str, low: float, high: float, corpus_name: str) -> None:
    values = frame[column].to_numpy(float)
    bad = ~((values >= low) & (values <= high))
    if bad.any():
        row = frame.loc[bad].iloc[0]
        raise ParameterError(
            "corpus",
            corpus_name,
            f"{column} on [{low:g}, {high:g}]; found {row[column]!r} "
            f"for instance {row['instance']!r}, system {row['system']!r}",
        )


def _likert(values, scale: str):
    if scale not in _SCALES:
        raise ParameterError("scale", scale, f"one of {_SCALES}")
    return (np.asarray(values, float) - 1) / 4 if scale == "unit" else np.asarray(values, float)


def _summeval_wide(corpus, include_models: bool) -> pd.DataFrame:
    """The four SummEval dimensions per summary, each present and on 1-5 (else raises)."""
    wide = wide_judgments(corpus, SUMMEVAL_DIMENSIONS, include_models)
    _complete(wide, SUMMEVAL_DIMENSIONS, corpus.name)
    for dim in SUMMEVAL_DIMENSIONS:
        _in_range(wide, dim, 1.0, 5.0, corpus.name)
    return wide


def _per_summary(wide: pd.DataFrame, columns: Mapping[str, object]) -> pd.DataFrame:
    """``instance, system`` of ``wide`` and then ``columns``, on a fresh index."""
    keys = {"instance": wide["instance"].to_numpy(), "system": wide["system"].to_numpy()}
    return pd.DataFrame({**keys, **columns})


def summeval_dimensions(corpus, scale: str = "unit", include_models: bool = False) -> pd.DataFrame:
    """``instance, system, coherence, consistency, fluency, relevance``: SummEval's mean
    expert ratings, 1-5 (``scale="likert"``) or mapped to 0-1 (``"unit"``, the default)."""
    wide = _summeval_wide(corpus, include_models)
    for dim in SUMMEVAL_DIMENSIONS:
        wide[dim] = _likert(wide[dim], scale)
    return wide


def summeval_coverage_quality(
    corpus, scale: str = "unit", include_models: bool = False
) -> pd.DataFrame:
    """``instance, system, coverage, quality``: expert relevance as coverage, the mean of
    coherence, consistency and fluency as linguistic quality (scale as
    :func:`summeval_dimensions`)."""
    wide = _summeval_wide(corpus, include_models)
    return _per_summary(
        wide,
        {
            "coverage": _likert(wide["relevance"], scale),
            "quality": _likert(wide[list(SUMMEVAL_QUALITY)].mean(axis=1), scale),
        },
    )


def summeval_dimension_mean(
    corpus,
    dimensions: Sequence[str] = ("relevance", *SUMMEVAL_QUALITY),
    scale: str = "unit",
    column: str = "mean4",
    include_models: bool = False,
) -> pd.DataFrame:
    """``instance, system, <column>``: the mean of SummEval ``dimensions`` per summary (all
    four by default: ``(relevance + 3 x quality) / 4``, which is NOT
    :func:`coverage_quality_mean`), summed in the order given on 1-5 and then mapped to
    ``scale``."""
    unknown = [d for d in dimensions if d not in SUMMEVAL_DIMENSIONS]
    if unknown or not dimensions:
        raise ParameterError(
            "dimensions", list(dimensions), f"a non-empty subset of {SUMMEVAL_DIMENSIONS}"
        )
    wide = _summeval_wide(corpus, include_models)
    return _per_summary(wide, {column: _likert(wide[list(dimensions)].mean(axis=1), scale)})


def coverage_quality_mean(scores: pd.DataFrame) -> pd.DataFrame:
    """``scores`` with a column ``combined`` = (coverage + quality) / 2 per summary (the
    two must be on the same scale; a missing value raises)."""
    for col in ("instance", "system", "coverage", "quality"):
        if col not in scores.columns:
            raise ParameterError("scores", list(scores.columns), f"a column {col!r}")
    if scores[["coverage", "quality"]].isna().any().any():
        raise ParameterError(
            "scores", "missing coverage or quality", "both scores for every summary"
        )
    out = scores.copy()
    out["combined"] = (out["coverage"].to_numpy(float) + out["quality"].to_numpy(float)) / 2
    return out


def realsumm_pyramid(
    corpus,
    judgment: str = "litepyramid_recall",
    column: str = "pyramid",
    include_models: bool = False,
) -> pd.DataFrame:
    """``instance, system, <column>``: REALSumm's LitePyramid recall (0-1) per summary, in
    corpus order; ``judgment="litepyramid_recall_crowd"`` takes the one recomputed from the
    SCU votes, ``column="coverage"`` names it as a coverage score."""
    j = corpus.judgments[corpus.judgments["judgment"] == judgment]
    if j.empty:
        raise ParameterError("judgment", judgment, f"a judgment of corpus {corpus.name!r}")
    if not include_models:
        j = j[j["summarizer"].isin(corpus.peers())]
    if j.duplicated(["instance", "summarizer"]).any():
        j = j.groupby(["instance", "summarizer"], sort=False, as_index=False)["value"].mean()
    out = pd.DataFrame(
        {
            "instance": j["instance"].to_numpy(),
            "system": j["summarizer"].to_numpy(),
            column: j["value"].to_numpy(float),
        }
    )
    _in_range(out, column, 0.0, 1.0, corpus.name)
    return out


def see_coverage(matching_pus, estimate, model_units, formula: str = "graham_eq1"):
    """Coverage score of a peer summary from SEE data (module docstring): ``graham_eq1`` =
    matching peer units x E / model units; ``see_mean`` = ``matching_pus / model_units``
    where ``matching_pus`` holds the summed per-model-unit coverage (E ignored). Arrays
    broadcast; ``model_units`` must be positive."""
    m = np.asarray(matching_pus, dtype=float)
    e = np.asarray(estimate, dtype=float)
    mu = np.asarray(model_units, dtype=float)
    if np.any(mu <= 0):
        raise ParameterError("model_units", model_units, "positive counts of model units")
    if formula == "graham_eq1":
        return m * e / mu
    if formula == "see_mean":
        return m / mu
    raise ParameterError("formula", formula, "'graham_eq1' or 'see_mean'")


def _first_present(columns, names: Sequence[str], what: str, corpus_name: str) -> str:
    for name in names:
        if name in columns:
            return name
    raise ParameterError("corpus", corpus_name, f"a judgment {' or '.join(names)} ({what})")


def duc_see_scores(
    corpus,
    formula: str = "graham_eq1",
    include_models: bool = False,
    quality_coding: Optional[Tuple[float, float]] = None,
) -> pd.DataFrame:
    """``instance, system, coverage, quality`` of a DUC corpus with SEE coverage and the 7
    quality questions (DUC 2002-2004 layout; module docstring).

    Coverage: ``graham_eq1`` from ``n_marked_peer_units`` (or the DUC table's
    ``num_marked_peer_units``) x E / ``n_model_units`` (``num_model_units``), E =
    ``coverage_estimate`` where present, else the SEE mean coverage ``coverage`` (the
    only overall estimate the DUC 2004 table holds); ``see_mean`` is ``coverage``.
    Quality: ``linguistic_quality_q1..7`` or ``quality_q1..7`` coded per
    :data:`QUALITY_CODINGS` unless ``quality_coding=(code of A, code of E)``."""
    wide = wide_judgments(corpus, None, include_models).set_index(["instance", "system"])
    prefix = next((p for p in QUALITY_CODINGS if f"{p}1" in wide.columns), None)
    if prefix is None:
        raise ParameterError(
            "corpus",
            corpus.name,
            "judgments linguistic_quality_q1..7 or quality_q1..7 (DUC quality)",
        )
    lq_cols = [f"{prefix}{i}" for i in range(1, 8)]
    if formula == "graham_eq1":
        cov_cols = [
            _first_present(wide.columns, SEE_JUDGMENTS[k], k, corpus.name)
            for k in ("matching_pus", "estimate", "model_units")
        ]
    elif formula == "see_mean":
        cov_cols = [
            _first_present(
                wide.columns, SEE_JUDGMENTS["see_mean"], "SEE mean coverage", corpus.name
            )
        ]
    else:
        raise ParameterError("formula", formula, "'graham_eq1' or 'see_mean'")
    missing = [c for c in lq_cols if c not in wide.columns]
    if missing:
        raise ParameterError(
            "corpus", corpus.name, f"judgments {missing} (the 7 quality questions)"
        )
    wide = wide[cov_cols + lq_cols]
    if wide.isna().any().any():
        bad = wide[wide.isna().any(axis=1)].index[:3].tolist()
        raise ParameterError(
            "corpus", bad, "every judged summary to have SEE coverage and all 7 quality ratings"
        )
    wide = wide.reset_index()
    a, e = quality_coding if quality_coding is not None else QUALITY_CODINGS[prefix]
    codes = wide[lq_cols].to_numpy(float)
    if np.any((codes < min(a, e)) | (codes > max(a, e))):
        raise ParameterError("corpus", corpus.name, f"quality answers coded {a:g} (A) .. {e:g} (E)")
    lq = (codes - e) / (a - e)
    cs = (
        see_coverage(*(wide[c] for c in cov_cols)) if formula == "graham_eq1" else wide[cov_cols[0]]
    )
    out = _per_summary(wide, {"coverage": np.asarray(cs, float), "quality": lq.mean(axis=1)})
    _in_range(out, "coverage", 0.0, np.inf if formula == "graham_eq1" else 1.0, corpus.name)
    return out.reset_index(drop=True)


def tac_scores(
    corpus, include_models: bool = False, responsiveness_max: Optional[float] = None
) -> pd.DataFrame:
    """``instance, system, pyramid, responsiveness[, linguistic_quality]`` of a TAC corpus
    (modified pyramid score 0-1, overall responsiveness and linguistic quality 1-5, 1-10
    for TAC 2009 -- taken from ``corpus.meta["year"]`` unless ``responsiveness_max``).
    Models have no ``pyramid_modified`` (only the jackknifed score) and are refused with
    ``include_models=True`` unless they have one."""
    have = set(corpus.judgments["judgment"])
    names = [n for n in TAC_JUDGMENTS if n in have]
    for required in ("pyramid_modified", "overall_responsiveness"):
        if required not in names:
            raise ParameterError(
                "corpus", corpus.name, f"a judgment {required!r} (TAC manual evaluation)"
            )
    wide = wide_judgments(corpus, names, include_models).rename(columns=TAC_JUDGMENTS)
    cols = [TAC_JUDGMENTS[n] for n in names]
    _complete(wide, cols, corpus.name)
    top = (
        responsiveness_max
        if responsiveness_max is not None
        else (10.0 if corpus.meta.get("year") == 2009 else 5.0)
    )
    _in_range(wide, "pyramid", 0.0, 1.0, corpus.name)
    for col in cols[1:]:
        _in_range(wide, col, 1.0, top, corpus.name)
    return wide
