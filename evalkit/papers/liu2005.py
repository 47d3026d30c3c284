"""Liu & Gildea (2005): the paper-specific logic of ``notebooks/liu2005/``.

Ding Liu and Daniel Gildea, "Syntactic Features for Evaluation of Machine Translation", ACL
2005 workshop on intrinsic and extrinsic evaluation measures (W05-0904). The metrics (STM,
TKM, HWCM, DSTM, DTKM) live in :mod:`evalkit.metrics.syntax`, sentence BLEU with the paper's
epsilon in :mod:`evalkit.metrics.bleu` (``smoothing="epsilon"``). This module adds

* the trees of the paper's figures (:data:`FIGURE2_HYP`, :data:`FIGURE2_REF`, the Figure 1
  sentences with trees reconstructed from the text, the "I have a red pen" example) and
  :func:`worked_examples`, which recomputes the printed worked example;
* :func:`metric_grid`: the metric x depth configurations of Tables 1-6;
* :func:`sentence_level`: Tables 1-5 (Pearson r of sentence scores with human judgments of
  one system's sentences) and :func:`corpus_level`: Table 6 (r over systems);
* :func:`human_segment_scores`: fluency or overall (= fluency + adequacy) per segment,
  judges averaged (the paper does not say how two judges were combined; Pearson r is the
  same for their mean and their sum when both are present).
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data.published import read_published
from evalkit.errors import ParameterError
from evalkit.metrics.syntax import DSTM, DTKM, HWCM, STM, TKM, Forest, headword_chains
from evalkit.stats.correlation import correlate_columns
from evalkit.text.trees import DepTree, parse_ptb

PAPER = "liu2005"

#: Figure 2: the hypothesis and reference trees of the STM example (categories only).
FIGURE2_HYP = "(S (NP (PRON)) (VP (V) (NP (PRON))))"
FIGURE2_REF = "(S (NP (PRON)) (VP (V) (NP (ART) (N))))"
#: Figure 1 (trees reconstructed from the text: Hyp1 has the reference's structure).
FIGURE1 = {
    "ref": ("I had a dog", "(S (NP (PRP I)) (VP (VBD had) (NP (DT a) (NN dog))))"),
    "hyp1": ("I have the dog", "(S (NP (PRP I)) (VP (VBP have) (NP (DT the) (NN dog))))"),
    "hyp2": ("A dog I had", "(S (NP (DT a) (NN dog)) (NP (PRP I)) (VP (VBD had)))"),
}
#: Section 2.2: the dependency tree of "I have a red pen".
RED_PEN = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])

__all__ = ["PAPER", "FIGURE2_HYP", "FIGURE2_REF", "FIGURE1", "RED_PEN", "published", "worked_examples",
           "figure1_scores", "red_pen_chains", "metric_grid", "human_segment_scores", "sentence_level", "corpus_level", "paper_layout"]


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/liu2005/<table>.csv``)."""
    return read_published(PAPER, table)


def worked_examples() -> pd.DataFrame:
    """The Figure 2 STM example recomputed: the three depth precisions and their mean,
    beside the printed values (``key, printed, this_run``)."""
    (h,), (r,) = parse_ptb(FIGURE2_HYP), parse_ptb(FIGURE2_REF)
    stm = STM(max_depth=3)
    stats = stm.segment_statistics([h], [[r]])[0]
    ex = published("examples").set_index("key")
    rows = [("stm_figure2", float(ex.loc["stm_figure2", "value"]), round(stm.score_from_statistics(stats), 3))]
    for n in range(3):
        rows.append((f"stm_figure2_depth{n + 1}", float(ex.loc[f"stm_figure2_depth{n + 1}", "value"]),
                     float(stats[n] / stats[3 + n])))
    out = pd.DataFrame(rows, columns=["key", "printed", "this_run"])
    return out.assign(agrees=np.isclose(out["printed"], out["this_run"], atol=5e-10))


def red_pen_chains(length: int = 2) -> List[Tuple[str, ...]]:
    """The headword chains of the given length in "I have a red pen" (Section 2.2)."""
    return sorted(headword_chains(Forest.from_dependencies(RED_PEN), length)[length - 1])


def figure1_scores(bleu) -> pd.DataFrame:
    """Sentence BLEU (``bleu``: a sentence-BLEU metric, the paper's epsilon) and the syntactic
    metrics on the Figure 1 sentences: BLEU prefers Hyp2, the tree metrics Hyp1."""
    trees = {k: parse_ptb(t)[0] for k, (_, t) in FIGURE1.items()}
    rows = []
    for hyp in ("hyp1", "hyp2"):
        text, ref_text = FIGURE1[hyp][0], FIGURE1["ref"][0]
        rows.append({"hypothesis": hyp, "text": text,
                     "BLEU": float(bleu.sentence_scores([text.lower()], [[ref_text.lower()]])[0]) / 100.0,
                     "STM": float(STM(max_depth=3).sentence_scores([trees[hyp]], [[trees["ref"]]])[0]),
                     "HWCM": float(HWCM(max_length=2).sentence_scores([trees[hyp]], [[trees["ref"]]])[0]),
                     "TKM": float(TKM().sentence_scores([trees[hyp]], [[trees["ref"]]])[0])})
    return pd.DataFrame(rows)


def metric_grid(max_depth: int, parser=None, decay: float = 1.0, epsilon: float = 1e-3,
                include_words: bool = False, bleu_factory=None) -> Dict[Tuple[str, str], object]:
    """``{(metric, depth): metric}`` as in the tables: BLEU (via ``bleu_factory(n)``) and HWCM
    for 1..max_depth, STM and DSTM for 2..max_depth, and the kernels (depth ``"kernel"``)."""
    if not isinstance(max_depth, int) or max_depth < 1:
        raise ParameterError("max_depth", max_depth, "an integer >= 1")
    grid: Dict[Tuple[str, str], object] = {}
    for d in range(1, max_depth + 1):
        if bleu_factory is not None:
            grid[("BLEU", str(d))] = bleu_factory(d)
        grid[("HWCM", str(d))] = HWCM(max_length=d, epsilon=epsilon, parser=parser)
        if d >= 2:
            grid[("STM", str(d))] = STM(max_depth=d, include_words=include_words, parser=parser)
            grid[("DSTM", str(d))] = DSTM(max_depth=d, parser=parser)
    grid[("TKM", "kernel")] = TKM(decay=decay, include_words=include_words, parser=parser)
    grid[("DTKM", "kernel")] = DTKM(decay=decay, parser=parser)
    return grid


def human_segment_scores(corpus, judgment: str) -> pd.DataFrame:
    """``document, segment, system, human``: fluency, or overall = fluency + adequacy, per
    segment, the judges' values averaged first."""
    if judgment not in ("fluency", "overall"):
        raise ParameterError("judgment", judgment, "'fluency' or 'overall'")
    j = corpus.judgments
    per = j.groupby(["document", "segment", "system", "judgment"], sort=False)["value"].mean().unstack("judgment")
    human = per["fluency"] if judgment == "fluency" else per["fluency"] + per["adequacy"]
    return human.rename("human").reset_index()


def sentence_level(hyps: Sequence, refs: Sequence[Sequence], human: Sequence[float],
                   grid: Mapping[Tuple[str, str], object]) -> pd.DataFrame:
    """Pearson r between each grid metric's sentence scores and ``human`` (Tables 1-5).
    ``hyps``/``refs`` may be texts or parses (parse once, then pass the Parse objects)."""
    y = np.asarray(human, dtype=float)
    rows = []
    for (name, depth), metric in grid.items():
        x = np.asarray(metric.sentence_scores(list(hyps), [list(r) for r in refs]), dtype=float)
        rows.append({"max_depth": depth, "metric": name, "r": float(correlate_columns(x[:, None], y[:, None])[0]),
                     "n": len(y)})
    return pd.DataFrame(rows)


def corpus_level(by_system: Mapping[str, Tuple[Sequence, Sequence[Sequence]]], human: Mapping[str, float],
                 grid: Mapping[Tuple[str, str], object], aggregate: str = "micro") -> pd.DataFrame:
    """Pearson r over systems between corpus scores and ``human`` system scores (Table 6).

    ``aggregate="micro"``: the metric's corpus score from summed statistics; ``"mean"``:
    the mean of its sentence scores (the paper does not say which it used)."""
    if aggregate not in ("micro", "mean"):
        raise ParameterError("aggregate", aggregate, "'micro' or 'mean'")
    systems = sorted(by_system)
    y = np.array([human[s] for s in systems], dtype=float)
    rows = []
    for (name, depth), metric in grid.items():
        vals = []
        for s in systems:
            h, r = by_system[s]
            if aggregate == "micro":
                vals.append(float(metric.corpus_score(list(h), [list(x) for x in r])))
            else:
                vals.append(float(np.mean(metric.sentence_scores(list(h), [list(x) for x in r]))))
        x = np.array(vals)
        rows.append({"max_depth": depth, "metric": name, "r": float(correlate_columns(x[:, None], y[:, None])[0]),
                     "n": len(systems)})
    return pd.DataFrame(rows)


def paper_layout(frame: pd.DataFrame, value: str = "r") -> pd.DataFrame:
    """The printed layout: rows max length/depth (then ``kernel``), columns BLEU, HWCM, STM,
    DSTM, with TKM under STM and DTKM under DSTM in the kernel row."""
    f = frame.copy()
    f["column"] = f["metric"].replace({"TKM": "STM", "DTKM": "DSTM"})
    out = f.pivot(index="max_depth", columns="column", values=value)
    order = sorted([d for d in out.index if d != "kernel"], key=int) + (["kernel"] if "kernel" in out.index else [])
    return out.reindex(index=order, columns=[c for c in ("BLEU", "HWCM", "STM", "DSTM") if c in out.columns])
