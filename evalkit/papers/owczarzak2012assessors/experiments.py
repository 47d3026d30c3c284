"""Owczarzak, Rankel, Dang & Conroy (2012) on TAC: assessor consistency (Table 1), mP - aP
(Figure 1), the exclusion tables (Tables 2-4) and the CLASSY-like regressions (Table 5).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Dict, List, Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.data.model import SummarizationCorpus
from evalkit.data.summary_scores import corpus_pyramids, recall_from_counts, rouge_pair_counts
from evalkit.data.tac_views import TacPart
from evalkit.metrics.pyramid import autoannotate, build_pyramids, score_pyramids
from evalkit.metrics.rouge import Rouge
from evalkit.stats import assessors as A
from evalkit.stats.correlation import correlate_columns
from evalkit.stats.regression import select_fit_predict, system_correlation

from .spec import CATEGORIES, FEATURES

__all__ = [
    "pair_counts",
    "alpha_table",
    "table1_layout",
    "manual_vs_auto_pyramid",
    "exclusion_tables",
    "summary_features",
    "classy_like",
    "rouge2_scores",
    "human_scores",
    "mp_minus_ap",
    "worst_for",
]


def pair_counts(parts: Mapping[int, Sequence[TacPart]]) -> pd.DataFrame:
    """Identical automatic-summary pairs per year (initial and update together): ``year, pairs``."""
    rows = []
    for year, ps in parts.items():
        n = sum(len(A.identical_pairs(p.corpus.summaries, systems=p.peers)) for p in ps)
        rows.append((year, n))
    return pd.DataFrame(rows, columns=["year", "pairs"])


def alpha_table(
    parts: Sequence[TacPart], categories: Sequence[str] = tuple(CATEGORIES)
) -> pd.DataFrame:
    """Per category and assessor: ``category, assessor, alpha, units`` over the parts' pairs."""
    out = []
    for cat in categories:
        reps = []
        for p in parts:
            pairs = A.identical_pairs(p.corpus.summaries, systems=p.peers)
            scores = p.scores(CATEGORIES[cat], p.peers)
            reps.append(A.repeated_judgments(pairs, scores, assessor_of=p.assessor_of))
        rep = pd.concat(reps, ignore_index=True).assign(unit=lambda d: np.arange(len(d)))
        out.append(A.assessor_alpha(rep).assign(category=cat))
    return pd.concat(out, ignore_index=True)[["category", "assessor", "alpha", "units", "values"]]


def table1_layout(alpha: pd.DataFrame) -> pd.DataFrame:
    """Table 1: per category the assessors ranked by alpha: ``category, rank, assessor, alpha``."""
    rows = []
    for cat, grp in alpha.groupby("category", sort=False):
        grp = grp.sort_values(["alpha", "assessor"], ascending=[False, True])
        rows += [(cat, r + 1, a, v) for r, (a, v) in enumerate(zip(grp["assessor"], grp["alpha"]))]
    return pd.DataFrame(rows, columns=["category", "rank", "assessor", "alpha"])


def manual_vs_auto_pyramid(part: TacPart, punctuation: bool = True) -> pd.DataFrame:
    """Per peer summary: manual modified pyramid (from the annotation) and autoPyramid
    (contributors of every other annotated summary matched in its text): ``instance, system,
    mp, ap``."""
    pyrs = corpus_pyramids(part.corpus, part.instances)
    manual = score_pyramids(pyrs)
    auto_rows = []
    contrib = part.corpus.scu_contributors
    for inst, pyr in pyrs.items():
        texts = {
            s: " ".join(part.corpus.summary(inst, s)) for s in part.peers if s in pyr.summarizers
        }
        auto_rows.append(autoannotate(pyr, texts, contrib, punctuation=punctuation))
    auto_scus = pd.concat(auto_rows, ignore_index=True)
    auto = build_pyramids(
        part.corpus.scus[part.corpus.scus["instance"].isin(set(part.instances))],
        contrib[contrib["instance"].isin(set(part.instances))],
        auto_scus,
        part.models,
    )
    ap = score_pyramids(auto)
    m = manual[manual["summarizer"].isin(set(part.peers))].set_index(["instance", "summarizer"])[
        "score"
    ]
    a = ap.set_index(["instance", "summarizer"])["score"].reindex(m.index).fillna(0.0)
    out = pd.DataFrame({"mp": m, "ap": a}).reset_index().rename(columns={"summarizer": "system"})
    return out


def human_scores(part: TacPart, category: str, include_models: bool = False) -> pd.DataFrame:
    """``instance, system, value`` of a category for the automatic peers (and the models, whose
    Pyramid is TAC's jackknifed score against the other models); TAC 2009 Responsiveness
    halved to the 5-point scale."""
    peers = part.scores(CATEGORIES[category], part.peers, rescale_2009=True)
    if not include_models:
        return peers
    key = "pyramid_jk" if category == "pyramid" else CATEGORIES[category]
    return pd.concat([peers, part.scores(key, part.models, rescale_2009=True)], ignore_index=True)


def rouge2_scores(part: TacPart, rouge: Optional[Rouge] = None) -> pd.DataFrame:
    """ROUGE-2 recall of the automatic peers against all models: ``instance, system, value``."""
    rouge = rouge or Rouge(n=2, lcs=False, stem=True, length_limit=100)
    counts = rouge_pair_counts(part.corpus, rouge, part.instances)
    r = recall_from_counts(counts, "ROUGE-2")
    return r[r["system"].isin(set(part.peers))][["instance", "system", "value"]]


def exclusion_tables(
    part: TacPart,
    worst: Mapping[str, Sequence[str]],
    human: Mapping[str, pd.DataFrame],
    rouge2: pd.DataFrame,
    n_exclude: Sequence[int] = (1, 2),
) -> Dict[str, pd.DataFrame]:
    """Tables 2-4. ``worst[category]`` = assessors from least consistent; ``human[category]`` =
    the score frame the category is evaluated on (mP - aP: the Pyramid scores)."""
    t2, t3, t4 = [], [], []
    for cat, frame in human.items():
        full_sys = frame.groupby("system")["value"].mean()
        for n in [0, *n_exclude]:
            drop = list(worst[cat])[:n]
            kept = A.exclude_assessors(frame, drop, part.assessor_of)
            kept_r = A.exclude_assessors(rouge2, drop, part.assessor_of)
            sys_h = kept.groupby("system")["value"].mean()
            sys_r = kept_r.groupby("system")["value"].mean().reindex(sys_h.index)
            t3.append(
                (n, cat, float(correlate_columns(sys_r.to_numpy(), sys_h.to_numpy(), "pearson")[0]))
            )
            per = A.per_assessor_correlation(kept_r, kept, part.assessor_of)
            t4.append((n, cat, per.attrs["mean"]))
            if n:
                a = full_sys.reindex(sys_h.index).to_numpy()
                for corr in ("pearson", "spearman"):
                    t2.append(
                        (cat, corr, n, float(correlate_columns(a, sys_h.to_numpy(), corr)[0]))
                    )
    return {
        "table2": pd.DataFrame(t2, columns=["category", "correlation", "excluded", "value"]),
        "table3": pd.DataFrame(t3, columns=["excluded", "category", "value"]),
        "table4": pd.DataFrame(t4, columns=["excluded", "category", "value"]),
    }


def summary_features(
    corpus: SummarizationCorpus,
    instances: Sequence[str],
    rouge: Optional[Rouge] = None,
    length_limit: Optional[int] = 100,
) -> pd.DataFrame:
    """CLASSY-like features per summary (peers and models; a model's ROUGE is against the other
    models): ROUGE-1/2/SU4 recall, length in words and sentences, mean sentence length, and
    redundancy (largest unigram cosine between two of its sentences)."""
    rouge = rouge or Rouge(n=2, lcs=False, skip=4, su="SU", stem=True, length_limit=length_limit)
    counts = rouge_pair_counts(corpus, rouge, instances)
    feats = None
    for name, metric in (("rouge1", "ROUGE-1"), ("rouge2", "ROUGE-2"), ("rougesu4", "ROUGE-SU4")):
        r = recall_from_counts(counts, metric)[["instance", "system", "value"]].rename(
            columns={"value": name}
        )
        feats = r if feats is None else feats.merge(r, on=["instance", "system"])
    rows = []
    summ = corpus.summaries[corpus.summaries["instance"].isin(set(instances))]
    for inst, s, sents in summ[["instance", "summarizer", "sentences"]].itertuples(index=False):
        vecs = [Counter(x.lower().split()) for x in sents]
        vecs = [v for v in vecs if v]
        norms = [math.sqrt(sum(c * c for c in v.values())) for v in vecs]
        red = max(
            (
                sum(c * vecs[j][w] for w, c in vecs[i].items()) / (norms[i] * norms[j])
                for i in range(len(vecs))
                for j in range(i + 1, len(vecs))
            ),
            default=0.0,
        )
        words = sum(len(x.split()) for x in sents)
        rows.append(
            (inst, s, float(words), float(len(sents)), words / len(sents) if sents else 0.0, red)
        )
    shape = pd.DataFrame(
        rows,
        columns=["instance", "system", "words", "sentences", "mean_sentence_words", "redundancy"],
    )
    return feats.merge(shape, on=["instance", "system"])


def classy_like(
    years: Mapping[str, TacPart],
    target: str,
    exclude: Mapping[str, Sequence[str]],
    *,
    methods: Sequence[str] = ("robust", "nnls", "cca"),
    max_size: int = 2,
    features: Sequence[str] = FEATURES,
    precomputed: Optional[Mapping[str, pd.DataFrame]] = None,
) -> pd.DataFrame:
    """Table 5 for one target: ``version (base|new), population (NoModels|AllPeers), r,
    p_vs_base`` (for "new": the two-sided Williams test of its r against the base's r over the
    test year's systems).

    ``years`` maps ``"train"`` (Y-2), ``"select"`` (Y-1) and ``"test"`` (Y) to parts;
    ``exclude[role]`` = assessors whose topics leave the training years in the "new" version.
    NoModels scores only automatic peers; AllPeers also the models (features without their own
    text); ``precomputed[role]`` = the role's :func:`summary_features` (computed when absent)."""
    data = {}
    for role, p in years.items():
        f = (
            precomputed[role]
            if precomputed is not None
            else summary_features(p.corpus, p.instances)
        )
        y = human_scores(p, target, include_models=True).rename(columns={"value": "y"})
        d = f.merge(y, on=["instance", "system"])
        d["model"] = d["system"].isin(set(p.models))
        data[role] = d
    rows, preds = [], {}
    for version in ("base", "new"):
        train = dict(data)
        if version == "new":
            for role in ("train", "select"):
                train[role] = A.exclude_assessors(
                    data[role], exclude.get(role, ()), years[role].assessor_of
                )
        for pop in ("NoModels", "AllPeers"):
            keep = (lambda d: d[~d["model"]]) if pop == "NoModels" else (lambda d: d)  # noqa: E731
            test = keep(data["test"])
            pred, _ = select_fit_predict(
                keep(train["train"]),
                keep(train["select"]),
                keep(train["select"]),
                test,
                list(features),
                "y",
                methods=methods,
                max_size=max_size,
            )
            preds[(version, pop)] = test.assign(_p=pred).groupby("system")[["_p", "y"]].mean()
            p_vs_base = float("nan")
            if version == "new":
                p_vs_base = _new_vs_base(preds[("base", pop)], preds[(version, pop)])
            rows.append((version, pop, system_correlation(test, pred, "y"), p_vs_base))
    return pd.DataFrame(rows, columns=["version", "population", "r", "p_vs_base"])


def _new_vs_base(base: pd.DataFrame, new: pd.DataFrame) -> float:
    """Two-sided Williams test of r(new prediction, human) = r(base prediction, human) over
    the test year's systems (the two predictions share the human scores)."""
    from evalkit.stats.williams import williams_columns

    both = base.join(new[["_p"]].rename(columns={"_p": "_p_new"}))
    return williams_columns(both, "y", "_p_new", "_p")


def mp_minus_ap(part: TacPart, mp: pd.DataFrame) -> pd.DataFrame:
    """Figure 1 from :func:`manual_vs_auto_pyramid`'s frame: mean mP - aP per assessor."""
    manual = mp[["instance", "system", "mp"]].rename(columns={"mp": "value"})
    auto = mp[["instance", "system", "ap"]].rename(columns={"ap": "value"})
    return A.manual_minus_auto(manual, auto, part.assessor_of)


def worst_for(part: TacPart, target: str, exclusion: str = "alpha", n: int = 1) -> List[str]:
    """The ``n`` least consistent assessors of ``part`` for ``target``: lowest alpha of the
    target's repeated judgments, or (``exclusion="mp_minus_ap"``) lowest mean mP - aP."""
    if exclusion == "mp_minus_ap":
        return A.worst_assessors(
            mp_minus_ap(part, manual_vs_auto_pyramid(part)), n, value="mp_minus_ap"
        )
    return A.worst_assessors(alpha_table([part], [target]), n)
