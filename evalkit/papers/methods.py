"""The meta-evaluation toolbox notebook (``notebooks/methods/``): which data each profile uses
and how the metric and human score matrices are built. The statistics themselves are
:mod:`evalkit.stats` (see its docstring for the table of functions, libraries and papers).

* Summarization (``sample``: simulated DUC 2004 task 2, SEE coverage; ``public``: SummEval,
  expert relevance; ``licensed``: the user's DUC 2004, SEE coverage): every peer summary is
  scored with sentence-level metrics against the instance's model summaries, giving one
  (systems x inputs) matrix per metric and one human matrix. The pyramid part (REALSumm's
  summary-level analysis): ``sample`` simulated TAC 2008, ``public`` REALSumm (LitePyramid
  recall), ``licensed`` TAC 2008.
* MT (``sample``: simulated TIDES 2003, adequacy; ``public``: WMT19 daRR, one language pair;
  ``licensed``: MTC Part 4 with LDC adequacy): segment scores of each output and the
  relative-ranking pairs (WMT19's own daRR pairs; elsewhere pairs derived from the averaged
  adequacy scores with :func:`evalkit.stats.correlation.darr_pairs`).

The metrics are sentence BLEU (sacrebleu 2.x, 13a, exp smoothing, effective order), the same
with sacrebleu 1.x semantics (``BLEU-1.x``), with the Moses tokenizer and 1.x semantics
(``BLEU-moses-1.x``), chrF and chrF++.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.notebook.params import Parameter as P
from evalkit.stats.correlation import COEFFICIENTS, LEVELS

__all__ = [
    "METRICS",
    "PROFILES",
    "metric",
    "load_summarization",
    "summary_matrices",
    "long_frames",
    "system_level",
    "load_mt",
    "segment_scores",
    "input_blocks",
    "toolbox_claims",
    "realism_claims",
    "NOTEBOOKS",
]

PROFILES = ("sample", "public", "licensed")
METRICS = ("BLEU", "BLEU-1.x", "BLEU-moses-1.x", "chrF", "chrF++")  # keys of METRIC_CONFIG
#: profile -> (data set key, judgment) of the summarization part
SUMMARIZATION = {
    "sample": ("duc2004", "coverage"),
    "public": ("summeval", "relevance"),
    "licensed": ("duc2004", "coverage"),
}
#: profile -> (data set key, judgment, description) of the pyramid part (REALSumm's analysis)
PYRAMID = {
    "sample": ("tac2008", "pyramid_modified", "simulated TAC 2008 (modified pyramid score)"),
    "public": ("realsumm", "litepyramid_recall", "REALSumm (LitePyramid recall, 1 reference)"),
    "licensed": ("tac2008", "pyramid_modified", "TAC 2008, licensed (modified pyramid score)"),
}
DESCRIPTIONS = {
    "sample": "simulated DUC 2004 task 2 (SEE coverage; the simulation's latent truth is known)",
    "public": "SummEval (expert relevance; 11 references per document)",
    "licensed": "DUC 2004 task 2, licensed (SEE coverage)",
}
_SIZES = dict(low=1)
NOTEBOOKS = {
    "01_meta_evaluation_toolbox": (
        P("metrics", list, default=list(METRICS), choices=METRICS, help="sentence metrics scored"),
        P(
            "metric_a",
            str,
            default="chrF",
            choices=METRICS,
            help="the difference tests ask: A better than B?",
        ),
        P("metric_b", str, default="BLEU", choices=METRICS),
        P("level", str, default="summary", choices=LEVELS, help="the level of the tests"),
        P(
            "method",
            str,
            default="kendall",
            choices=COEFFICIENTS,
            help="the coefficient of the tests",
        ),
        P("alpha", float, default=0.05, low=0.0, high=1.0, help="significance level"),
        P(
            "n_resamples",
            int,
            default=1000,
            quick=100,
            help="resamples / permutations per test",
            **_SIZES,
        ),
        P(
            "n_blocks",
            int,
            default=4,
            quick=2,
            help="disjoint input blocks (partial conjunction)",
            **_SIZES,
        ),
        P(
            "wmt_pair",
            str,
            default="kk-en",
            choices=("gu-en", "kk-en", "lt-en"),
            help="public MT data",
        ),
        P(
            "darr_min_difference",
            float,
            default=1.0,
            low=0.0,
            help="sample/licensed: adequacy gap of a pair",
        ),
        P(
            "n_replications",
            int,
            default=200,
            quick=10,
            help="calibration: simulated data sets",
            **_SIZES,
        ),
        P(
            "calibration_resamples",
            int,
            default=200,
            quick=50,
            help="calibration: resamples per test",
            **_SIZES,
        ),
    ),
    "02_simulator_realism": (),
}


#: display name -> (registered metric, configuration)
METRIC_CONFIG = {
    "BLEU": ("bleu", {"effective_order": True}),
    "BLEU-1.x": ("bleu", {"effective_order": True, "semantics": "sacrebleu1"}),
    "BLEU-moses-1.x": (
        "bleu",
        {"effective_order": True, "semantics": "sacrebleu1", "tokenize": "moses"},
    ),
    "chrF": ("chrf", {}),
    "chrF++": ("chrf++", {}),
}


def metric(name: str):
    """The registered metric behind a name of :data:`METRICS` (references given per segment)."""
    from evalkit.metrics import get_metric

    if name not in METRIC_CONFIG:
        raise ParameterError("metrics", name, f"one of {METRICS}")
    key, config = METRIC_CONFIG[name]
    return get_metric(key, **config)


def _check_profile(profile: str) -> None:
    if profile not in PROFILES:
        raise ParameterError("profile", profile, f"one of {PROFILES}")


# --------------------------------------------------------------------------- summarization
def load_summarization(
    profile: str, quick: bool = False, max_inputs: Optional[int] = None, part: str = "main"
):
    """``(corpus, judgment, description)`` of the profile's summarization data (data set keys
    of :mod:`evalkit.data.datasets`): ``part="main"``: ``duc2004`` on sample and licensed,
    ``summeval`` on public; ``part="pyramid"``: :data:`PYRAMID`. ``quick`` keeps the first 20
    inputs of a public set (the sample has its own quick size)."""
    from evalkit.data import datasets

    _check_profile(profile)
    if part not in ("main", "pyramid"):
        raise ParameterError("part", part, "'main' or 'pyramid'")
    key, judgment, description = (
        (*SUMMARIZATION[profile], DESCRIPTIONS[profile]) if part == "main" else PYRAMID[profile]
    )
    corpus = datasets.load(key, profile, quick=quick)
    if max_inputs is None and quick and profile == "public":
        max_inputs = 20
    if max_inputs is not None:
        corpus = corpus.subset(instances=list(corpus.instances["instance"])[:max_inputs])
    return corpus, judgment, description


def summary_matrices(
    corpus, judgment: str, metrics: Sequence[str] = METRICS
) -> Tuple[Dict[str, pd.DataFrame], pd.DataFrame]:
    """One (peers x inputs) matrix per metric and the human matrix of ``judgment`` (averaged
    over assessors). A peer summary is scored against all model summaries of its input
    (sentences joined by spaces); cells without a summary or a judgment are NaN."""
    j = corpus.judgments[
        (corpus.judgments["judgment"] == judgment)
        & corpus.judgments["summarizer"].isin(corpus.peers())
    ]
    if j.empty:
        raise ParameterError("judgment", judgment, f"a judgment of the corpus {corpus.name!r}")
    human = j.pivot_table(index="summarizer", columns="instance", values="value", aggfunc="mean")
    s = corpus.summaries.assign(text=corpus.summaries["sentences"].map(" ".join))
    models = s[s["summarizer"].isin(corpus.models())].groupby("instance")["text"].apply(list)
    peers = s[
        s["summarizer"].isin(human.index)
        & s["instance"].isin(human.columns)
        & s["instance"].isin(models.index)
    ]
    refs = [models[i] for i in peers["instance"]]
    out = {}
    for name in metrics:
        values = metric(name).sentence_scores(list(peers["text"]), refs)
        m = pd.DataFrame(
            {
                "summarizer": peers["summarizer"].to_numpy(),
                "instance": peers["instance"].to_numpy(),
                "value": values,
            }
        ).pivot(index="summarizer", columns="instance", values="value")
        out[name] = m.reindex(index=human.index, columns=human.columns)
    return out, human


def long_frames(matrices: Dict[str, pd.DataFrame], human: pd.DataFrame, judgment: str):
    """``(scores, judgments)`` long frames (``instance, system, metric, value`` and
    ``instance, summarizer, judgment, value``) of the matrices, for :func:`evalkit.stats.correlate`."""
    scores = pd.concat(
        [
            m.rename_axis(index="system", columns="instance")
            .stack()
            .rename("value")
            .reset_index()
            .assign(metric=name)
            for name, m in matrices.items()
        ],
        ignore_index=True,
    )
    judgments = (
        human.rename_axis(index="summarizer", columns="instance")
        .stack()
        .rename("value")
        .reset_index()
        .assign(judgment=judgment)
    )
    return scores, judgments


def system_level(matrices: Dict[str, pd.DataFrame], human: pd.DataFrame):
    """``(scores, human)``: system means over the inputs both sides scored (the shared-cells
    rule), as long frames ``system, metric, value`` and ``system, value``."""
    from evalkit.stats.correlation import apply_missing_rule

    rows, h_means = [], None
    for name, m in matrices.items():
        x, y = apply_missing_rule(m.to_numpy(float), human.to_numpy(float))
        rows.append(
            pd.DataFrame({"system": m.index, "metric": name, "value": np.nanmean(x, axis=1)})
        )
        h_means = pd.DataFrame({"system": human.index, "value": np.nanmean(y, axis=1)})
    return pd.concat(rows, ignore_index=True), h_means


def input_blocks(n_inputs: int, k: int) -> List[np.ndarray]:
    """``k`` disjoint blocks of consecutive input positions (independent sub-data sets for a
    partial-conjunction analysis)."""
    if not 1 <= k <= n_inputs:
        raise ParameterError("k", k, f"an integer in [1, {n_inputs}] (the number of inputs)")
    return [b for b in np.array_split(np.arange(n_inputs), k)]


# --------------------------------------------------------------------------- MT
def load_mt(
    profile: str,
    quick: bool = False,
    pair: str = "kk-en",
    min_difference: float = 1.0,
    max_segments: Optional[int] = None,
):
    """``(corpus, pairs, description)``: the profile's MT corpus and its relative-ranking pairs
    ``document, segment, better, worse``. ``min_difference``: the adequacy difference that makes
    a pair where pairs are derived from adequacy (sample, licensed). ``quick`` keeps the first
    200 segments of the public set."""
    from evalkit.data import datasets
    from evalkit.stats.correlation import darr_pairs

    _check_profile(profile)
    if profile == "public":
        corpus = datasets.load(f"wmt19-darr-{pair}", profile)
        pairs = corpus.preferences[["document", "segment", "better", "worse"]]
        desc = f"WMT19 daRR {pair} (the task's own relative-ranking pairs)"
        if max_segments is None and quick:
            max_segments = 200
    else:
        corpus = datasets.load("tides2003" if profile == "sample" else "mtc4", profile, quick=quick)
        desc = (
            "simulated TIDES 2003" if profile == "sample" else "MTC Part 4 / TIDES 2003, licensed"
        ) + " (pairs from mean adequacy)"
        adequacy = corpus.judgments[corpus.judgments["judgment"] == "adequacy"]
        mean = adequacy.groupby(["document", "segment", "system"], as_index=False)["value"].mean()
        pairs = darr_pairs(mean, min_difference=min_difference)
    if max_segments is not None:
        keep = corpus.segments[["document", "segment"]].head(max_segments)
        pairs = pairs.merge(keep, on=["document", "segment"])
    return corpus, pairs.reset_index(drop=True), desc


def segment_scores(corpus, pairs: pd.DataFrame, metrics: Sequence[str] = METRICS) -> pd.DataFrame:
    """Sentence scores ``document, segment, system, metric, value`` of every output that takes
    part in a pair, against the segment's references."""
    used = pd.concat(
        [
            pairs[["document", "segment", "better"]].rename(columns={"better": "system"}),
            pairs[["document", "segment", "worse"]].rename(columns={"worse": "system"}),
        ]
    ).drop_duplicates()
    out = corpus.outputs.merge(used, on=["document", "segment", "system"])
    refs = corpus.references.groupby(["document", "segment"])["text"].apply(list)
    ref_lists = [refs[(d, s)] for d, s in zip(out["document"], out["segment"])]
    frames = [
        out[["document", "segment", "system"]].assign(
            metric=name, value=metric(name).sentence_scores(list(out["text"]), ref_lists)
        )
        for name in metrics
    ]
    return pd.concat(frames, ignore_index=True)


def toolbox_claims(
    fisher: pd.DataFrame,
    calibration: pd.DataFrame,
    calibrated: pd.DataFrame,
    system_table: pd.DataFrame,
    *,
    metric_a: str,
    alpha: float,
    data: str,
) -> pd.DataFrame:
    """Consistency claims (no printed table): what the papers state, checked on this run.

    * the summary-level Fisher interval with ``n`` = systems per input (Deutsch et al. 2021)
      has Fisher-z half-width ratio ``sqrt((n_in - 4)/(n_sys - 4))`` to the ``n`` = inputs one;
    * PERM-* reject at about ``alpha`` on metrics of equal true correlation;
    * tie calibration never lowers acc_eq (Deutsch et al. 2023);
    * pairwise accuracy (Kocmi et al. 2021) equals acc_eq at epsilon 0 at the system level.
    """
    from evalkit.notebook.claims import Claims

    c = Claims("methods", data=data, kind="consistency")
    summ = fisher[
        (fisher.level == "summary") & (fisher.metric == metric_a) & (fisher.method == "kendall")
    ].set_index("fisher_n")
    half = (np.arctanh(summ["ci_high"]) - np.arctanh(summ["ci_low"])) / 2
    expected = np.sqrt((summ.loc["inputs", "n_fisher"] - 4) / (summ.loc["systems", "n_fisher"] - 4))
    ratio = float(half["systems"] / half["inputs"])
    c.add(
        "fisher_n",
        source="Deutsch et al. 2021, Sec. 3; Bonett & Wright 2000",
        printed=float(expected),
        this_run=ratio,
        agrees=bool(np.isclose(ratio, expected)),
        note="summary-level Kendall CI: z half-width ratio, n = systems vs n = inputs",
    )
    perm = calibration[calibration.test == "perm"]
    c.add(
        "perm_calibrated",
        source="Deutsch et al. 2021, Sec. 5",
        printed=f"about {alpha}",
        this_run=", ".join(f"{r:.3f}" for r in perm["rate"]),
        agrees=bool(((perm["ci_low"] <= alpha) | (perm["rate"] <= alpha)).all()),
        note="PERM-* rejection rates on equal-correlation metrics (Wilson intervals in calibration.csv)",
    )
    gain = float((calibrated["value"] - calibrated["value_at_0"]).min())
    c.add(
        "tie_calibration",
        source="Deutsch et al. 2023, Sec. 5",
        printed=">= 0",
        this_run=gain,
        agrees=bool(gain >= 0),
        note="smallest gain of calibrated acc_eq over acc_eq at epsilon 0",
    )
    gap = float((system_table["accuracy"] - system_table["tau_acc23"]).abs().max())
    c.add(
        "accuracy_is_acc_eq",
        source="Kocmi et al. 2021; Deutsch et al. 2023",
        printed=0.0,
        this_run=gap,
        agrees=bool(gap < 1e-12),
        note="largest |pairwise accuracy - acc_eq(epsilon 0)| over metrics",
    )
    return c.frame()


def realism_claims(report: pd.DataFrame):
    """The simulator-realism notebook's claims: one ``by construction`` row per target of
    :func:`evalkit.data.simulate.realism.realism_report` (the simulator is calibrated to
    them, so they are never evidence about a paper); the note says met or missed."""
    from evalkit.notebook.claims import Claims

    c = Claims("methods", data="the sample profile's default build", kind="consistency")
    for r in report.itertuples(index=False):
        c.by_construction(
            r.target_id,
            source=f"{r.paper} {r.table}",
            printed=f"{r.printed_value:g}",
            this_run=float(r.simulated),
            note=f"calibration target ({r.corpus}, tolerance {r.tolerance}): "
            + ("met" if r.met else "MISSED"),
        )
    return c.frame()
