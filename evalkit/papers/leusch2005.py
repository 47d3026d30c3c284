"""Leusch, Ueffing, Vilar & Ney (2005): the paper-specific logic of ``notebooks/leusch2005/``.

Gregor Leusch, Nicola Ueffing, David Vilar and Hermann Ney, "Preprocessing and Normalization
for Automatic Evaluation of Machine Translation", ACL 2005 MTSE workshop, pp. 17-24
(W05-0903). The measures live in :mod:`evalkit.metrics` (WER/PER with the reference-length
rules incl. "best length", m-gram PER, BLEU with Lin & Och smoothing and the nearest/average
brevity penalty, NIST, sentence-boundary words), the four tokenizations of Table 1 in
:mod:`evalkit.text.tokenize`, per-evaluator normalization and length-weighted system scores
in :mod:`evalkit.stats.human`, the Williams test in :mod:`evalkit.stats.williams`. This
module adds the paper's experimental grid:

* :data:`MEASURES`, :data:`BASELINE`, :data:`FACTORS` and :func:`make_metric`: the five
  measures under the baseline (Sec. 4: tokenization 4, lower-cased, no boundaries, each
  measure's default reference length) and each factor's settings (Figs. 3-7);
* :func:`table1`: Table 1 recomputed on its example sentence;
* :func:`human_scores`: sentence adequacy/fluency (mean of the assessments, optionally
  (0,1)-normalized per evaluator) and length-weighted system scores (Sec. 3.5);
* :func:`correlations` / :func:`ablation`: |Pearson r| at sentence level (all candidate
  sentences pooled) and system level for every setting of a factor, with the two-sided
  Williams test of each setting's difference from the baseline; on WMT daRR (public) the sentence level
  is the Kendall-like tau over the ranking pairs and the system level uses each system's
  share of won pairs.
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data.published import read_published
from evalkit.errors import ParameterError
from evalkit.metrics.bleu import BLEU
from evalkit.metrics.nist import NIST
from evalkit.metrics.wer import ErrorRate
from evalkit.notebook.params import Parameter as P
from evalkit.stats.human import normalize_per_judge, segment_scores, system_scores, win_share
from evalkit.stats.williams import williams_test
from evalkit.text.tokenize import tokenize_words

PAPER = "leusch2005"
MEASURES = ("WER", "PER", "2-PER", "BLEU-S", "NIST")
ERROR_MEASURES = ("WER", "PER", "2-PER")
BASELINE = {
    "tokenize": "mteval_contractions",
    "lowercase": True,
    "ref_length": "default",
    "boundaries": "none",
    "normalize": "zscore",
}
#: factor -> (settings, which measures it applies to); the first setting listed for
#: tokenization, case and boundaries is the paper's baseline.
FACTORS: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {
    "evaluator_norm": (("zscore", "none"), MEASURES),
    "case": (("lowercase", "case-sensitive"), MEASURES),
    "tokenization": (("mteval_contractions", "mteval", "remove_punct", "original"), MEASURES),
    "reflen": (("default", "best", "avg_nearest", "nearest", "average"), ("WER", "PER", "BLEU-S")),
    "boundaries": (("none", "start", "end", "both"), ("2-PER", "BLEU-S", "NIST")),
}
_DEFAULT_REFLEN = {"WER": "best", "PER": "best", "2-PER": "best", "BLEU-S": "closest"}
_BLEU_REFLEN = {"default": "closest", "nearest": "closest", "average": "average"}

_CORPORA = (
    P(
        "corpora",
        list,
        default=["zh", "ar", "btec"],
        choices=("zh", "ar", "btec"),
        help="TIDES CE, TIDES AE, BTEC CE (public: one daRR pair)",
    ),
    P(
        "public_pair",
        str,
        default="lt-en",
        choices=("gu-en", "kk-en", "lt-en"),
        help="WMT19 daRR pair",
    ),
    P(
        "n_segments",
        int,
        default=None,
        quick=25,
        low=1,
        allow_none=True,
        help="first n segments only",
    ),
)
#: The notebooks' parameters (evalkit.notebook.params).
NOTEBOOKS = {
    "00_table1_tokenization": (),
    "01_baseline_correlation": _CORPORA,
    "02_ablations": (
        P(
            "corpora",
            list,
            default=["zh", "ar", "btec"],
            quick=["zh"],
            choices=("zh", "ar", "btec"),
            help="TIDES CE, TIDES AE, BTEC CE (public: one daRR pair)",
        ),
    )
    + _CORPORA[1:]
    + (
        P("factors", list, default=list(FACTORS), choices=tuple(FACTORS), help="Figures 3-7"),
        P("alpha", float, default=0.05, low=0, high=1, help="level for 'significant'"),
    ),
}

__all__ = [
    "PAPER",
    "MEASURES",
    "BASELINE",
    "FACTORS",
    "published",
    "table1",
    "make_metric",
    "configuration",
    "human_scores",
    "correlations",
    "ablation",
    "corpus_statistics",
    "NOTEBOOKS",
]


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/leusch2005/<table>.csv``)."""
    dtypes = {
        "table1": {"printed": "str"},
        "table2": {c: "str" for c in ("tides_ce", "tides_ae", "btec_ce")},
    }
    return read_published(PAPER, table, dtypes=dtypes.get(table))


def table1() -> pd.DataFrame:
    """Table 1 recomputed: the example candidate (row 1) under each scheme."""
    t = published("table1")
    example = t.loc[t["scheme"] == "original", "printed"].iloc[0]
    this_run = [" ".join(tokenize_words(example, s)) for s in t["scheme"]]
    return t.assign(
        this_run=this_run, verdict=np.where(t["printed"] == this_run, "agrees", "differs")
    )


def configuration(factor: Optional[str] = None, setting: Optional[str] = None) -> Dict[str, object]:
    """The baseline configuration with one factor set (``factor`` None: the baseline)."""
    cfg = dict(BASELINE)
    if factor is None:
        return cfg
    if factor not in FACTORS:
        raise ParameterError("factor", factor, f"one of {tuple(FACTORS)}")
    if setting not in FACTORS[factor][0]:
        raise ParameterError("setting", setting, f"one of {FACTORS[factor][0]}")
    key = {
        "evaluator_norm": "normalize",
        "case": "lowercase",
        "tokenization": "tokenize",
        "reflen": "ref_length",
        "boundaries": "boundaries",
    }[factor]
    cfg[key] = (setting == "lowercase") if factor == "case" else setting
    return cfg


def make_metric(
    measure: str,
    tokenize: str = "mteval_contractions",
    lowercase: bool = True,
    ref_length: str = "default",
    boundaries: str = "none",
    **_ignored,
):
    """One of :data:`MEASURES` configured (references given per segment)."""
    common = {"tokenize": tokenize, "lowercase": lowercase, "ref_layout": "segments"}
    if measure in ERROR_MEASURES:
        rule = _DEFAULT_REFLEN[measure] if ref_length == "default" else ref_length
        return ErrorRate(
            "wer" if measure == "WER" else "per",
            m=2 if measure == "2-PER" else 1,
            ref_length=rule,
            boundaries=boundaries if measure == "2-PER" else "none",
            **common,
        )
    if measure == "BLEU-S":
        if ref_length not in _BLEU_REFLEN:
            raise ParameterError(
                "ref_length", ref_length, f"one of {tuple(_BLEU_REFLEN)} for BLEU-S"
            )
        return BLEU(
            smoothing="lin_och",
            ref_length=_BLEU_REFLEN[ref_length],
            boundaries=boundaries,
            **common,
        )
    if measure == "NIST":
        return NIST(boundaries=boundaries, **common)
    raise ParameterError("measure", measure, f"one of {MEASURES}")


def corpus_statistics(frame: pd.DataFrame) -> Dict[str, float]:
    """Table 2's rows for a corpus (``frame``: :func:`evalkit.data.mt_views.output_frame`):
    running words and punctuation marks per reference set (mteval tokenization)."""
    segs = frame.drop_duplicates(["document", "segment"])
    n_refs = int(segs["refs"].map(len).max())
    words = [w for refs in segs["refs"] for r in refs for w in tokenize_words(r, "mteval")]
    punct = sum(1 for w in words if not any(ch.isalnum() for ch in w))
    return {
        "sentences": len(segs),
        "running_words": len(words) / n_refs,
        "punctuation_marks": punct / n_refs,
        "reference_translations": n_refs,
        "avg_reference_length": len(words) / n_refs / len(segs),
        "candidate_systems": frame["system"].nunique(),
    }


def human_scores(corpus, frame: pd.DataFrame, normalize: str = "zscore"):
    """(sentence scores, system scores) of adequacy and fluency, Sec. 3.5: the mean of a
    sentence's assessments after per-evaluator normalization ``normalize``; system scores
    weighted by candidate length (mteval words). None, None for a daRR corpus."""
    if corpus.judgments is None or corpus.judgments.empty:
        return None, None
    seg = segment_scores(normalize_per_judge(corpus.judgments, normalize), combined=None)
    keys = ["system", "document", "segment"]
    lengths = frame[keys].assign(length=[len(tokenize_words(t, "mteval")) for t in frame["text"]])
    seg = seg.merge(lengths, on=keys, validate="one_to_one")
    sys_ = pd.DataFrame(
        {k: system_scores(seg, k, weights="length") for k in ("adequacy", "fluency")}
    )
    return seg, sys_


def correlations(
    corpus,
    scores: pd.DataFrame,
    system: pd.DataFrame,
    measures: Sequence[str],
    human_seg: Optional[pd.DataFrame],
    human_sys: Optional[pd.DataFrame],
) -> pd.DataFrame:
    """|r| per measure, level and human score (columns ``measure, level, human, r, abs_r, n``).

    ``scores``: sentence scores (keys + one column per measure); ``system``: system scores
    (index system, one column per measure)."""
    keys = ["system", "document", "segment"]
    rows = []
    if human_seg is None:
        from evalkit.stats.correlation import wmt_kendall_like

        long = scores.melt(
            id_vars=keys, value_vars=list(measures), var_name="metric", value_name="value"
        )
        long["value"] = np.where(long["metric"].isin(ERROR_MEASURES), -long["value"], long["value"])
        for t in wmt_kendall_like(corpus.preferences, long).itertuples():
            rows.append(
                {
                    "measure": t.metric,
                    "level": "sentence",
                    "human": "daRR pairs",
                    "r": t.tau,
                    "abs_r": abs(t.tau),
                    "n": t.concordant + t.discordant,
                }
            )
        win = win_share(corpus.preferences)
        for m in measures:
            common = [s for s in system.index if s in win.index]
            r = float(np.corrcoef(system.loc[common, m], win.loc[common])[0, 1])
            r = -r if m in ERROR_MEASURES else r
            rows.append(
                {
                    "measure": m,
                    "level": "system",
                    "human": "win share",
                    "r": r,
                    "abs_r": abs(r),
                    "n": len(common),
                }
            )
        return pd.DataFrame(rows)
    merged = scores.merge(human_seg, on=keys, validate="one_to_one")
    for m in measures:
        for h in ("adequacy", "fluency"):
            r = float(np.corrcoef(merged[m], merged[h])[0, 1])
            rows.append(
                {
                    "measure": m,
                    "level": "sentence",
                    "human": h,
                    "r": r,
                    "abs_r": abs(r),
                    "n": len(merged),
                }
            )
            common = [s for s in system.index if s in human_sys.index]
            r = float(np.corrcoef(system.loc[common, m], human_sys.loc[common, h])[0, 1])
            rows.append(
                {
                    "measure": m,
                    "level": "system",
                    "human": h,
                    "r": r,
                    "abs_r": abs(r),
                    "n": len(common),
                }
            )
    return pd.DataFrame(rows)


def ablation(
    corpus,
    frame: pd.DataFrame,
    factor: str,
    measures: Sequence[str] = MEASURES,
    settings: Optional[Sequence[str]] = None,
    score=None,
) -> pd.DataFrame:
    """Correlations of every measure under every setting of ``factor`` (Figs. 3-7), with the
    two-sided Williams test of |r(setting)| = |r(baseline setting)| at sentence level
    (``p_vs_baseline``; the two correlations share the human scores, or for
    ``evaluator_norm`` the metric).

    ``score(frame, metric, name) -> (frame with sentence scores, system scores)`` is
    :func:`evalkit.data.mt_views.score_outputs`.
    """
    all_settings, applies = FACTORS[factor] if factor in FACTORS else (None, None)
    if all_settings is None:
        raise ParameterError("factor", factor, f"one of {tuple(FACTORS)}")
    settings = list(all_settings if settings is None else settings)
    measures = [m for m in measures if m in applies]
    keys = ["system", "document", "segment"]
    per_setting = {}
    for setting in settings:
        cfg = configuration(factor, setting)
        seg = frame[keys].copy()
        sys_ = {}
        here = [
            m for m in measures if not (m == "BLEU-S" and cfg["ref_length"] not in _BLEU_REFLEN)
        ]
        for m in here:
            scored, s = score(frame, make_metric(m, **cfg), m)
            seg[m] = scored[m].to_numpy()
            sys_[m] = s
        h_seg, h_sys = human_scores(corpus, frame, cfg["normalize"])
        if factor == "evaluator_norm" and h_seg is None:
            continue  # relative rankings have no evaluators to normalize
        corr = correlations(corpus, seg, pd.DataFrame(sys_), here, h_seg, h_sys)
        per_setting[setting] = (seg, h_seg, corr.assign(factor=factor, setting=setting))
    if not per_setting:  # evaluator normalization on relative rankings: nothing to compare
        return pd.DataFrame(
            columns=[
                "measure",
                "level",
                "human",
                "r",
                "abs_r",
                "n",
                "factor",
                "setting",
                "p_vs_baseline",
            ]
        )
    out = pd.concat([c for _, _, c in per_setting.values()], ignore_index=True)
    out["p_vs_baseline"] = np.nan
    base = settings[0]
    if base not in per_setting or per_setting[base][1] is None:
        return out
    b_seg, b_h, _ = per_setting[base]
    for setting, (seg, h, _) in per_setting.items():
        if setting == base:
            continue
        for m in measures:
            if m not in seg.columns or m not in b_seg.columns:
                continue
            for hk in ("adequacy", "fluency"):
                x1 = b_seg.merge(b_h, on=keys)
                x2 = seg.merge(h, on=keys)
                if factor == "evaluator_norm":  # same metric, two human scores
                    a, b, c = x1[m], x1[hk], x2[hk]
                else:  # same human score, two metric variants
                    a, b, c = x1[hk], x1[m], x2[m]
                r12, r13, r23 = (
                    np.corrcoef(a, b)[0, 1],
                    np.corrcoef(a, c)[0, 1],
                    np.corrcoef(b, c)[0, 1],
                )
                p = williams_test(r12, r13, r23, len(x1), alternative="two-sided", absolute=True).p
                sel = (
                    (out["setting"] == setting)
                    & (out["measure"] == m)
                    & (out["level"] == "sentence")
                    & (out["human"] == hk)
                )
                out.loc[sel, "p_vs_baseline"] = float(p)
    return out
