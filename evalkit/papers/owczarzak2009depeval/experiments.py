"""Owczarzak (2009), DEPEVAL(summ), on a corpus: every variant and competitor scored (jackknifed),
the correlations of Tables 1-4, the manual scores per profile and the Williams tests.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Sequence

import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.metrics.dependency import jackknife_scores
from evalkit.metrics.syntax import ParsedMetric, as_parses
from evalkit.stats.correlation import correlate

from .spec import COMPETITORS, DATA, _variant

__all__ = [
    "score_summaries",
    "correlations",
    "wide",
    "load_corpus",
    "manual_scores",
    "rouge_metrics",
    "competitor_tests",
    "summary_texts",
]


def score_summaries(
    corpus,
    variants: Sequence[str],
    competitors: Sequence[str] = COMPETITORS,
    parser=None,
    wordnet=None,
    rouge_metrics: Optional[Dict[str, object]] = None,
    instances: Optional[Iterable[str]] = None,
    progress=None,
    n_models: Optional[int] = None,
) -> pd.DataFrame:
    """Jackknifed recall of every DEPEVAL ``variants`` label and competitor for every summary.

    ``rouge_metrics`` maps ``ROUGE-2``/``ROUGE-SU4`` to protocol metrics (built by the notebook
    from the registry); BE-HM is the registry's ``be-hm`` on the same parses.
    ``n_models``: use the first n model summaries of each topic (the paper's TAC and DUC topics
    have 4; SummEval's 11 references are cut to the same number). Returns ``instance,
    summarizer, type, metric, value``.
    """
    instances = list(instances) if instances is not None else corpus.instances["instance"].tolist()
    hyps, refs, own, keys = [], [], [], []
    for inst in instances:
        models = corpus.models(inst)[:n_models]
        if len(models) < 2:
            continue
        texts = {m: corpus.summary_text(inst, m) for m in models}
        for s in models + corpus.peers(inst):
            hyps.append(corpus.summary_text(inst, s))
            refs.append([texts[m] for m in models])
            own.append(models.index(s) if s in texts else None)
            keys.append((inst, s, "model" if s in texts else "peer"))
    if not hyps:
        raise ParameterError("corpus", corpus.name, "instances with at least two model summaries")
    texts = list(dict.fromkeys(hyps + [r for rs in refs for r in rs]))
    parsed = dict(zip(texts, as_parses(texts, parser)))  # each text parsed (or looked up) once
    p_hyps, p_refs = [parsed[h] for h in hyps], [[parsed[r] for r in rs] for rs in refs]
    frames = []
    todo = [
        (
            v,
            get_metric(
                "depeval",
                variant=_variant(v),
                wordnet=wordnet if "wn" in _variant(v) else None,
                parser=parser,
            ),
        )
        for v in variants
    ]
    if "BE-HM" in competitors:
        todo.append(("BE-HM", get_metric("be-hm", parser=parser)))
    for name in competitors:
        if name != "BE-HM":
            if not rouge_metrics or name not in rouge_metrics:
                raise ParameterError(
                    "rouge_metrics", sorted(rouge_metrics or {}), f"a metric for {name}"
                )
            todo.append((name, rouge_metrics[name]))
    for name, metric in progress(todo) if progress else todo:
        parsed_input = isinstance(metric, ParsedMetric)
        values = jackknife_scores(
            metric, p_hyps if parsed_input else hyps, p_refs if parsed_input else refs, own
        )
        frames.append(
            pd.DataFrame(
                {
                    "instance": [k[0] for k in keys],
                    "summarizer": [k[1] for k in keys],
                    "type": [k[2] for k in keys],
                    "metric": name,
                    "value": values,
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def correlations(
    scores: pd.DataFrame, judgments: Dict[str, Dict[str, pd.DataFrame]]
) -> pd.DataFrame:
    """Pearson r at system and summary ("global") level for each column.

    ``judgments[manual][side]`` is the long judgment frame (``instance, summarizer, judgment,
    value``) for ``side`` in models/systems, e.g. Pyramid of models = the jackknifed pyramid.
    Returns ``metric, column, level, r, n``.
    """
    rows = []
    for manual, sides in judgments.items():
        for side, judg in sides.items():
            typ = "model" if side == "models" else "peer"
            part = scores[scores["type"] == typ]
            if part.empty or judg.empty:
                continue
            res = correlate(
                part[["instance", "summarizer", "metric", "value"]],
                judg.assign(judgment=manual),
                levels=("system", "global"),
                methods=("pearson",),
            )
            for r in res.itertuples():
                rows.append(
                    {
                        "metric": r.metric,
                        "column": f"{manual}_{side}",
                        "level": "system" if r.level == "system" else "summary",
                        "r": r.r,
                        "n": r.n,
                    }
                )
    return pd.DataFrame(rows)


def wide(
    frame: pd.DataFrame, value: str = "value", order: Optional[Sequence[str]] = None
) -> pd.DataFrame:
    """``metric x column`` layout of a long frame, rows in ``order`` (default: as they come)."""
    out = frame.pivot(index="metric", columns="column", values=value)
    order = list(order) if order is not None else list(dict.fromkeys(frame["metric"]))
    return out.reindex([m for m in order if m in out.index])


def load_corpus(group: str, profile: str, quick: bool = False):
    """The corpus of Tables 1-2 (``group="tac2008"``) or 3-4 (``"duc2007"``) for ``profile``."""
    from evalkit.data.datasets import load

    if group not in DATA or profile not in DATA[group]:
        raise ParameterError(
            "profile", profile, f"one of {sorted(DATA.get(group, DATA['tac2008']))}"
        )
    return load(DATA[group][profile], profile, **({"quick": quick} if profile == "sample" else {}))


def manual_scores(corpus, group: str) -> Dict[str, Dict[str, pd.DataFrame]]:
    """``{manual: {"models"|"systems": judgments}}`` for :func:`correlations`: TAC Pyramid
    (models: the jackknifed pyramid) and overall responsiveness; DUC 2007 content
    responsiveness; SummEval's stand-ins (module :data:`DATA`)."""
    j = corpus.judgments
    names = set(j["judgment"])
    models, peers = set(corpus.models()), set(corpus.peers())

    def pick(name: str, who: set) -> pd.DataFrame:
        return j[(j["judgment"] == name) & j["summarizer"].isin(who)][
            ["instance", "summarizer", "judgment", "value"]
        ]

    if "relevance" in names:  # SummEval
        mean4 = j[j["judgment"].isin(["coherence", "consistency", "fluency", "relevance"])]
        mean4 = (
            mean4.groupby(["instance", "summarizer"], as_index=False)["value"]
            .mean()
            .assign(judgment="mean4")
        )
        if group == "duc2007":
            return {"content_responsiveness": {"systems": pick("relevance", peers)}}
        return {
            "pyramid": {"systems": pick("relevance", peers)},
            "responsiveness": {"systems": mean4[mean4["summarizer"].isin(peers)]},
        }
    if group == "duc2007":
        name = "content_responsiveness"
        return {name: {"models": pick(name, models), "systems": pick(name, peers)}}
    resp = "overall_responsiveness"
    pyr_models = "pyramid_modified_jk" if "pyramid_modified_jk" in names else "pyramid_modified"
    return {
        "pyramid": {"models": pick(pyr_models, models), "systems": pick("pyramid_modified", peers)},
        "responsiveness": {"models": pick(resp, models), "systems": pick(resp, peers)},
    }


def rouge_metrics() -> Dict[str, object]:
    """ROUGE-2 and ROUGE-SU4 recall as TAC ran them (Porter stemming, no stop-word removal)."""
    return {
        "ROUGE-2": get_metric("rouge", method="2", stem=True, score="R"),
        "ROUGE-SU4": get_metric("rouge", method="SU4", stem=True, score="R"),
    }


def competitor_tests(
    scores: pd.DataFrame, judgments: Dict[str, Dict[str, pd.DataFrame]], level: str
) -> pd.DataFrame:
    """Two-sided Williams tests between every ordered pair of metrics
    (:func:`evalkit.stats.williams.williams_by_level`), per column ``<manual>_<side>`` and
    ``level`` (``system``: means per summarizer, as :func:`correlations`; ``summary``: every
    summary a unit). Returns ``column, metric_a, metric_b, r_a, r_b, r_ab, n, t, p``; a
    column with fewer than four units (no test possible) is left out."""
    from evalkit.stats.williams import williams_by_level

    frames = []
    for manual, sides in judgments.items():
        for side, judg in sides.items():
            part = scores[scores["type"] == ("model" if side == "models" else "peer")]
            if part.empty or judg.empty:
                continue
            pairs = williams_by_level(part, judg, level, alternative="two-sided")
            if pairs is not None:
                frames.append(pairs.assign(column=f"{manual}_{side}"))
    cols = ["column", "metric_a", "metric_b", "r_a", "r_b", "r_ab", "n", "t", "p"]
    return pd.concat(frames, ignore_index=True)[cols] if frames else pd.DataFrame(columns=cols)


def summary_texts(
    corpus, instances: Sequence[str], n_models: Optional[int] = None
) -> Dict[str, List[str]]:
    """``{"model summaries": [...], "system summaries": [...]}``: the texts
    :func:`score_summaries` parses for ``instances`` (for a parser's tree accuracy)."""
    out: Dict[str, List[str]] = {"model summaries": [], "system summaries": []}
    for inst in instances:
        models = corpus.models(inst)[:n_models]
        out["model summaries"] += [corpus.summary_text(inst, m) for m in models]
        out["system summaries"] += [corpus.summary_text(inst, s) for s in corpus.peers(inst)]
    return out
