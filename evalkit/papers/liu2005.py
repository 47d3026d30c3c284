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
* :func:`noise_tables`, :func:`noise_claims`: Tables 1-4 once with the simulator's gold trees
  and once with a real parser's (``03_parser_noise``, the cost of parser noise);
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
from evalkit.notebook.params import Parameter as P
from evalkit.metrics import get_metric
from evalkit.metrics.syntax import Forest, headword_chains
from evalkit.notebook.segments import darr_table, metric_inputs
from evalkit.stats.correlation import correlate_columns
from evalkit.text.trees import DepTree, parse_ptb

PAPER = "liu2005"
#: data set per profile: the ACL05 workshop's TIDES 2003 zh-en data (licensed: MTC part 4; sample:
#: the simulated TIDES 2003), public: WMT19 kk-en daRR (relative rankings stand in for the scores)
DATA = {"sample": "tides2003", "public": "wmt19-darr-kk-en", "licensed": "mtc4"}

#: Figure 2: the hypothesis and reference trees of the STM example (categories only).
FIGURE2_HYP = "(S (NP (PRON)) (VP (V) (NP (PRON))))"
FIGURE2_REF = "(S (NP (PRON)) (VP (V) (NP (ART) (N))))"
#: Figure 1 (trees reconstructed from the text: Hyp1 has the reference's structure above the
#: part-of-speech level; Penn tags of its words: VBP "have" against the reference's VBD "had").
FIGURE1 = {
    "ref": ("I had a dog", "(S (NP (PRP I)) (VP (VBD had) (NP (DT a) (NN dog))))"),
    "hyp1": ("I have the dog", "(S (NP (PRP I)) (VP (VBP have) (NP (DT the) (NN dog))))"),
    "hyp2": ("A dog I had", "(S (NP (DT a) (NN dog)) (NP (PRP I)) (VP (VBD had)))"),
}
#: Table 7: the hypothesis and its three references.
TABLE7 = {
    "hyp": "Diplomats will be aboard the plane to return home .",
    "refs": [
        "Diplomats are to come back home aboard the fifth plane .",
        "Diplomatic staff would go home in a fifth plane .",
        "Diplomatic staff will take the fifth plane home .",
    ],
}
#: Section 2.1: the dependency tree of "I have a red pen".
RED_PEN = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])

__all__ = [
    "NOTEBOOKS",
    "PAPER",
    "FIGURE2_HYP",
    "FIGURE2_REF",
    "FIGURE1",
    "RED_PEN",
    "published",
    "printed_curves",
    "worked_examples",
    "figure1_scores",
    "figure1_structure",
    "example_claims",
    "red_pen_chains",
    "table7_sentences",
    "TABLE7",
    "metric_grid",
    "human_segment_scores",
    "sentence_level",
    "corpus_level",
    "paper_layout",
    "sentence_tables",
    "DATA",
    "load_corpus",
    "system_human",
    "pattern_checks",
    "sentence_claims",
    "corpus_claims",
    "noise_tables",
    "noise_claims",
]


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/liu2005/<table>.csv``)."""
    return read_published(PAPER, table)


def worked_examples() -> pd.DataFrame:
    """The Figure 2 STM example recomputed: the three depth precisions and their mean,
    beside the printed values (``key, printed, this_run``)."""
    (h,), (r,) = parse_ptb(FIGURE2_HYP), parse_ptb(FIGURE2_REF)
    stm = get_metric("stm", max_depth=3)
    stats = stm.segment_statistics([h], [[r]])[0]
    ex = published("examples").set_index("key")
    rows = [
        (
            "stm_figure2",
            float(ex.loc["stm_figure2", "value"]),
            round(stm.score_from_statistics(stats), 3),
        )
    ]
    for n in range(3):
        rows.append(
            (
                f"stm_figure2_depth{n + 1}",
                float(ex.loc[f"stm_figure2_depth{n + 1}", "value"]),
                float(stats[n] / stats[3 + n]),
            )
        )
    out = pd.DataFrame(rows, columns=["key", "printed", "this_run"])
    return out.assign(agrees=np.isclose(out["printed"], out["this_run"], atol=5e-10))


def table7_sentences() -> Dict[str, object]:
    """The Table 7 sentences (a copy)."""
    return {"hyp": TABLE7["hyp"], "refs": list(TABLE7["refs"])}


def red_pen_chains(length: int = 2) -> List[Tuple[str, ...]]:
    """The headword chains of the given length in "I have a red pen" (Section 2.1)."""
    return sorted(headword_chains(Forest.from_dependencies(RED_PEN), length)[length - 1])


def figure1_structure() -> Dict[str, bool]:
    """How the reconstructed Figure 1 trees compare with the reference's: ``same_labels``
    (every label equal, words aside) and ``same_skeleton`` (equal once the part-of-speech
    tags are set aside), for ``hyp1`` and ``hyp2``. The text says Hyp1 "has exactly the same
    syntactic structure with the reference"; the reconstruction tags "have" VBP where the
    reference's "had" is VBD, so the two agree above the part-of-speech level only."""
    import re

    def words_out(t: str) -> str:
        return re.sub(r"\((\S+) [^()]+\)", r"(\1)", t)

    def skeleton(t: str) -> str:
        return re.sub(r"\((\S+) [^()]+\)", "(POS)", t)

    ref = FIGURE1["ref"][1]
    out = {}
    for hyp in ("hyp1", "hyp2"):
        t = FIGURE1[hyp][1]
        out[f"{hyp}_same_labels"] = words_out(t) == words_out(ref)
        out[f"{hyp}_same_skeleton"] = skeleton(t) == skeleton(ref)
    return out


def figure1_scores(bleu) -> pd.DataFrame:
    """Sentence BLEU (``bleu``: a sentence-BLEU metric, the paper's epsilon) and the syntactic
    metrics on the Figure 1 sentences. BLEU prefers Hyp2 and the constituent metric STM
    Hyp1, as the text says of "syntactic similarity"; HWCM, over head-modifier word chains,
    gives Hyp2 ("A dog I had") 1.0: it has every head-modifier pair of the reference."""
    trees = {k: parse_ptb(t)[0] for k, (_, t) in FIGURE1.items()}
    figure1_metrics = {
        "STM": get_metric("stm", max_depth=3),
        "HWCM": get_metric("hwcm", max_length=2),
        "TKM": get_metric("tkm"),
    }
    rows = []
    for hyp in ("hyp1", "hyp2"):
        text, ref_text = FIGURE1[hyp][0], FIGURE1["ref"][0]
        rows.append(
            {
                "hypothesis": hyp,
                "text": text,
                "BLEU": float(bleu.sentence_scores([text.lower()], [[ref_text.lower()]])[0])
                / 100.0,
                **{
                    label: float(metric.sentence_scores([trees[hyp]], [[trees["ref"]]])[0])
                    for label, metric in figure1_metrics.items()
                },
            }
        )
    return pd.DataFrame(rows)


def metric_grid(
    max_depth: int,
    parser=None,
    decay: float = 1.0,
    epsilon: float = 1e-3,
    include_words: bool = False,
    bleu: bool = True,
) -> Dict[Tuple[str, str], object]:
    """``{(metric, depth): metric}`` as in the tables: sentence BLEU with the paper's epsilon
    (lower-cased, 13a tokens) and HWCM for 1..max_depth, STM and DSTM for 2..max_depth, and the
    kernels (depth ``"kernel"``)."""
    if not isinstance(max_depth, int) or max_depth < 1:
        raise ParameterError("max_depth", max_depth, "an integer >= 1")
    grid: Dict[Tuple[str, str], object] = {}
    for d in range(1, max_depth + 1):
        if bleu:
            grid[("BLEU", str(d))] = get_metric(
                "bleu", max_ngram_order=d, smoothing="epsilon", smooth_value=epsilon, lowercase=True
            )
        grid[("HWCM", str(d))] = get_metric("hwcm", max_length=d, epsilon=epsilon, parser=parser)
        if d >= 2:
            grid[("STM", str(d))] = get_metric(
                "stm", max_depth=d, include_words=include_words, parser=parser
            )
            grid[("DSTM", str(d))] = get_metric("dstm", max_depth=d, parser=parser)
    grid[("TKM", "kernel")] = get_metric(
        "tkm", decay=decay, include_words=include_words, parser=parser
    )
    grid[("DTKM", "kernel")] = get_metric("dtkm", decay=decay, parser=parser)
    return grid


def human_segment_scores(corpus, judgment: str) -> pd.DataFrame:
    """``document, segment, system, human``: fluency, or overall = fluency + adequacy, per
    segment, the judges' values averaged first."""
    if judgment not in ("fluency", "overall"):
        raise ParameterError("judgment", judgment, "'fluency' or 'overall'")
    j = corpus.judgments
    per = (
        j.groupby(["document", "segment", "system", "judgment"], sort=False)["value"]
        .mean()
        .unstack("judgment")
    )
    human = per["fluency"] if judgment == "fluency" else per["fluency"] + per["adequacy"]
    return human.rename("human").reset_index()


def sentence_level(
    hyps: Sequence,
    refs: Sequence[Sequence],
    human: Sequence[float],
    grid: Mapping[Tuple[str, str], object],
    parsed: Optional[Mapping] = None,
) -> pd.DataFrame:
    """Pearson r between each grid metric's sentence scores and ``human`` (Tables 1-5).
    ``parsed`` maps texts to their parses (the syntactic metrics use them; BLEU the texts)."""
    xs = []
    for metric in grid.values():
        h, r = metric_inputs(metric, hyps, refs, parsed)
        xs.append(np.asarray(metric.sentence_scores(h, r), dtype=float))
    return _correlations(list(grid), xs, np.asarray(human, dtype=float))


def corpus_level(
    by_system: Mapping[str, Tuple[Sequence, Sequence[Sequence]]],
    human: Mapping[str, float],
    grid: Mapping[Tuple[str, str], object],
    aggregate: str = "micro",
    parsed: Optional[Mapping] = None,
) -> pd.DataFrame:
    """Pearson r over systems between corpus scores and ``human`` system scores (Table 6).

    ``aggregate="micro"``: the metric's corpus score from summed statistics; ``"mean"``:
    the mean of its sentence scores (the paper does not say which it used)."""
    if aggregate not in ("micro", "mean"):
        raise ParameterError("aggregate", aggregate, "'micro' or 'mean'")
    systems = sorted(by_system)
    y = np.array([human[s] for s in systems], dtype=float)
    xs = []
    for metric in grid.values():
        vals = []
        for s in systems:
            h, r = metric_inputs(metric, *by_system[s], parsed)
            if aggregate == "micro":
                vals.append(float(metric.corpus_score(h, r)))
            else:
                vals.append(float(np.mean(metric.sentence_scores(h, r))))
        xs.append(np.array(vals))
    return _correlations(list(grid), xs, y)


def _correlations(keys, xs: Sequence[np.ndarray], y: np.ndarray) -> pd.DataFrame:
    """One row per grid key ``(metric, depth)``: Pearson r of its scores ``xs[i]`` with
    ``y`` over the ``n`` units, with the Williams tests of :func:`_with_williams`."""
    rows = [
        {
            "max_depth": depth,
            "metric": name,
            "r": float(correlate_columns(x[:, None], y[:, None])[0]),
            "n": len(y),
        }
        for (name, depth), x in zip(keys, xs)
    ]
    return _with_williams(pd.DataFrame(rows), xs, y)


def _with_williams(frame: pd.DataFrame, xs: Sequence[np.ndarray], y: np.ndarray) -> pd.DataFrame:
    """Add the two-sided Williams tests the findings need (the correlations share the human
    scores): ``p_vs_bleu`` (against BLEU at the same depth; NaN for BLEU and the kernels),
    ``best_rival`` (the other configuration with the highest r, ``metric@depth``) and
    ``p_vs_best_rival``."""
    from evalkit.stats.williams import williams_test

    out = frame.copy()
    n = len(y)
    keys = [f"{m}@{d}" for m, d in zip(out["metric"], out["max_depth"])]
    r = out["r"].to_numpy(float)

    def p_between(i: int, j: int) -> float:
        a, b = xs[i], xs[j]
        if n < 4 or np.std(a) == 0 or np.std(b) == 0 or not np.isfinite([r[i], r[j]]).all():
            return float("nan")
        r_ab = float(np.corrcoef(a, b)[0, 1])
        return float(williams_test(r[i], r[j], r_ab, n, alternative="two-sided").p)

    index = {k: i for i, k in enumerate(keys)}
    p_bleu, rival, p_rival = [], [], []
    for i, (m, d) in enumerate(zip(out["metric"], out["max_depth"])):
        j = index.get(f"BLEU@{d}")
        p_bleu.append(p_between(i, j) if m != "BLEU" and j is not None else float("nan"))
        others = [k for k in range(len(keys)) if k != i and np.isfinite(r[k])]
        best = max(others, key=lambda k: r[k]) if others else None
        rival.append(keys[best] if best is not None else "")
        p_rival.append(p_between(i, best) if best is not None else float("nan"))
    return out.assign(p_vs_bleu=p_bleu, best_rival=rival, p_vs_best_rival=p_rival)


def paper_layout(frame: pd.DataFrame, value: str = "r") -> pd.DataFrame:
    """The printed layout: rows max length/depth (then ``kernel``), columns BLEU, HWCM, STM,
    DSTM, with TKM under STM and DTKM under DSTM in the kernel row."""
    f = frame.copy()
    f["column"] = f["metric"].replace({"TKM": "STM", "DTKM": "DSTM"})
    out = f.pivot(index="max_depth", columns="column", values=value)
    order = sorted([d for d in out.index if d != "kernel"], key=int) + (
        ["kernel"] if "kernel" in out.index else []
    )
    return out.reindex(
        index=order, columns=[c for c in ("BLEU", "HWCM", "STM", "DSTM") if c in out.columns]
    )


# --------------------------------------------------------------------------- corpora
def sentence_tables(
    corpus, rows: pd.DataFrame, judgments: Sequence[str], grid, parsed
) -> pd.DataFrame:
    """Tables 1-4: for every system of ``rows`` and judgment, :func:`sentence_level`."""
    parts = []
    for judgment in judgments:
        human = human_segment_scores(corpus, judgment)
        merged = rows.merge(human, on=["document", "segment", "system"])
        for system, part in merged.groupby("system", sort=True):
            t = sentence_level(
                part["hyp"].tolist(), part["refs"].tolist(), part["human"].to_numpy(), grid, parsed
            )
            parts.append(t.assign(system=system, judgment=judgment))
    return pd.concat(parts, ignore_index=True)


def load_corpus(profile: str, quick: bool = False):
    """The corpus of ``profile`` (:data:`DATA`) through :func:`evalkit.data.datasets.load`."""
    from evalkit.data.datasets import load

    if profile not in DATA:
        raise ParameterError("profile", profile, f"one of {sorted(DATA)}")
    return load(DATA[profile], profile, **({"quick": quick} if profile == "sample" else {}))


def system_human(corpus, rows: pd.DataFrame) -> Dict[str, float]:
    """Table 6's human system score: the sum of overall (fluency + adequacy) over the system's
    segments in ``rows``; for a daRR corpus the share of its preference pairs it wins."""
    if (
        getattr(corpus, "preferences", None) is not None
        and len(corpus.preferences)
        and corpus.judgments.empty
    ):
        p = corpus.preferences
        keep = set(zip(rows["segment"], rows["system"]))
        p = p[
            [
                (s, b) in keep and (s, w) in keep
                for s, b, w in zip(p["segment"], p["better"], p["worse"])
            ]
        ]
        wins = p["better"].value_counts()
        total = wins.add(p["worse"].value_counts(), fill_value=0)
        return {
            s: float(wins.get(s, 0) / total[s])
            for s in sorted(set(rows["system"]))
            if total.get(s, 0)
        }
    human = human_segment_scores(corpus, "overall").merge(rows[["document", "segment", "system"]])
    return {s: float(v) for s, v in human.groupby("system")["human"].sum().items()}


def _best(frame: pd.DataFrame, metrics: Sequence[str]) -> float:
    part = frame[frame["metric"].isin(list(metrics))]["value" if "value" in frame else "r"].astype(
        float
    )
    return float(part.max())


def pattern_checks(
    printed: pd.DataFrame, run: pd.DataFrame, level: str
) -> List[Tuple[str, str, bool, bool]]:
    """The paper's qualitative findings, each evaluated on a printed table and on this run:
    ``(claim, statement, printed_holds, run_holds)``."""
    out = []
    for frame, which in ((printed, "printed"), (run, "run")):
        f = frame.assign(value=frame["value" if "value" in frame else "r"].astype(float))
        get = f.set_index(["metric", "max_depth"])["value"]
        res = {
            "hwcm_beats_bleu": _best(f, ["HWCM"]) > _best(f, ["BLEU"]),
            "syntax_beats_kernels" if level == "sentence" else "dtkm_best": (
                _best(f, ["HWCM", "STM", "DSTM"]) > _best(f, ["TKM", "DTKM"])
            )
            if level == "sentence"
            else (_best(f, ["DTKM"]) >= _best(f, ["BLEU", "HWCM", "STM", "DSTM", "TKM"])),
            "bleu_falls_2_to_4" if level == "sentence" else "bleu_rises_1_to_4": (
                get[("BLEU", "4")] < get[("BLEU", "2")]
            )
            if level == "sentence"
            else (get[("BLEU", "4")] > get[("BLEU", "1")]),
        }
        out.append(res)
    text = {
        "hwcm_beats_bleu": "best HWCM above best BLEU",
        "syntax_beats_kernels": "best of HWCM/STM/DSTM above both kernels",
        "dtkm_best": "DTKM highest of all",
        "bleu_falls_2_to_4": "BLEU r lower at n = 4 than at n = 2",
        "bleu_rises_1_to_4": "BLEU r higher at n = 4 than at n = 1",
    }
    return [(k, text[k], bool(out[0][k]), bool(out[1][k])) for k in out[0]]


_TABLES = {
    1: ("E14", "fluency"),
    2: ("E15", "fluency"),
    3: ("E14", "overall"),
    4: ("E15", "overall"),
}


def printed_curves(system: str, judgment: str) -> Tuple[Optional[int], pd.DataFrame]:
    """``(k, table)``: the printed Table k of ``system`` and ``judgment`` (Tables 1-4; ``"all"``
    and ``"corpus"``: Table 6) as ``max_depth, metric, value`` (value a float; the kernels'
    depth ``"kernel"``), for marking the printed r on this run's figures; ``(None, empty)``
    for a pair the paper has no table of (the public daRR table)."""
    if (system, judgment) == ("all", "corpus"):
        k = 6
    else:
        k = next((n for n, key in _TABLES.items() if key == (system, judgment)), None)
    if k is None:
        return None, pd.DataFrame(columns=["max_depth", "metric", "value"])
    t = published(f"table{k}")
    return k, t[["max_depth", "metric"]].assign(value=t["value"].astype(float))


def _majority_finding(
    c, cid: str, source: str, printed: str, rows: pd.DataFrame, note: str
) -> None:
    """A finding "A correlates better than BLEU in most settings" over ``rows`` (columns
    ``r_diff`` = r(A) - r(BLEU) and ``p_vs_bleu``, two-sided Williams): the one-sided
    p-values in the paper's direction combined by the partial conjunction "at least a
    majority of the settings" (Bonferroni; Benjamini & Heller 2008)."""
    from evalkit.stats.multiplicity import partial_conjunction

    ok = rows[np.isfinite(rows["p_vs_bleu"]) & np.isfinite(rows["r_diff"])]
    if ok.empty:
        c.not_comparable(
            cid,
            source=source,
            printed=printed,
            note=f"no Williams test on this run (relative rankings or no sentence scores); {note}",
        )
        return
    d = ok["r_diff"].to_numpy(float)
    p2 = ok["p_vs_bleu"].to_numpy(float)
    one = np.where(d > 0, p2 / 2, 1 - p2 / 2)
    u = len(ok) // 2 + 1
    pc = partial_conjunction(one)
    p = float(pc.loc[pc["u"] == u, "pc_monotone"].iloc[0])
    if float(d.mean()) <= 0 and p < 0.05:  # majority above BLEU, mean below: undecided
        p = 1.0
    c.finding(
        cid,
        source=source,
        printed=printed,
        expected=">",
        difference=float(d.mean()),
        p_value=p,
        test=f"Williams test (one-sided) per setting, partial conjunction: at least {u} of "
        f"{len(ok)} significant (Bonferroni)",
        this_run=f"above BLEU in {int((d > 0).sum())} of {len(ok)} settings, "
        f"{int((one < 0.05).sum())} significant alone",
        note=note,
    )


def _claims_for(c, k: int, printed: pd.DataFrame, run: pd.DataFrame, level: str, note: str) -> None:
    """Table k's findings: HWCM above BLEU depth by depth (every table; headline for the
    overall tables and Table 6), the syntactic metrics above BLEU (fluency tables 1-2),
    DTKM best (Table 6), each tested by Williams tests on this run; the other orderings of
    two r values are shown untested; the best printed r beside this run's."""
    pv = printed.assign(value=printed["value"].astype(float))
    pr = pv.pivot_table(index="max_depth", columns="metric", values="value")
    both = pr[["HWCM", "BLEU"]].dropna() if {"HWCM", "BLEU"} <= set(pr.columns) else pr.iloc[:0]
    wins = int((both["HWCM"] > both["BLEU"]).sum())
    has_p = "p_vs_bleu" in run.columns
    rr = run.assign(r=run["r"].astype(float))
    bleu = rr[rr["metric"] == "BLEU"].set_index("max_depth")["r"]

    def vs_bleu(metrics):
        part = rr[rr["metric"].isin(metrics) & rr["max_depth"].isin(bleu.index)].copy()
        part["r_diff"] = part["r"].to_numpy() - bleu.reindex(part["max_depth"]).to_numpy()
        if not has_p:
            part["p_vs_bleu"] = np.nan
        return part

    _majority_finding(
        c,
        f"table{k}_hwcm_beats_bleu",
        f"Table {k}",
        f"HWCM above BLEU at {wins} of {len(both)} depths",
        vs_bleu(["HWCM"]),
        f"depth by depth; {note}",
    )
    if level == "sentence" and k in (1, 2):
        synt = pr[[m for m in ("HWCM", "STM", "DSTM") if m in pr.columns]]
        above = int((synt.sub(pr["BLEU"], axis=0) > 0).sum().sum())
        _majority_finding(
            c,
            f"table{k}_syntax_beats_bleu",
            f"Table {k} / Section 4",
            f"HWCM, STM, DSTM above BLEU in {above} of {int(synt.notna().sum().sum())} settings",
            vs_bleu(["HWCM", "STM", "DSTM"]),
            f"fluency; {note}",
        )
    if level == "corpus":
        dtkm_printed = float(pv.loc[pv["metric"] == "DTKM", "value"].max())
        top = bool(dtkm_printed >= pv["value"].max())
        row = rr[rr["metric"] == "DTKM"]
        if has_p and len(row) and np.isfinite(row["p_vs_best_rival"].iloc[0]):
            row = row.iloc[0]
            rival = row["best_rival"]
            m, d = rival.split("@")
            r_rival = float(
                rr[(rr["metric"] == m) & (rr["max_depth"].astype(str) == d)]["r"].iloc[0]
            )
            c.finding(
                "table6_dtkm_best",
                source="Table 6 / Section 4",
                printed=f"DTKM highest ({'yes' if top else 'no'})",
                expected=">",
                difference=float(row["r"]) - r_rival,
                p_value=float(row["p_vs_best_rival"]),
                test=f"Williams test (two-sided) against the best other configuration ({rival})",
                this_run=f"DTKM {float(row['r']):.3f} vs {rival} {r_rival:.3f}",
                note=note,
            )
        else:
            c.not_comparable(
                "table6_dtkm_best",
                source="Table 6 / Section 4",
                printed=f"DTKM highest ({'yes' if top else 'no'})",
                note=f"no Williams test on this run; {note}",
            )
    for claim, text, p_holds, r_holds in pattern_checks(printed, run, level):
        if claim in ("hwcm_beats_bleu", "dtkm_best"):
            continue
        c.not_comparable(
            f"table{k}_{claim}",
            source=f"Table {k}",
            printed=p_holds,
            this_run=r_holds,
            note=f"{text}: the order of two r values, not tested on this run (shown only); {note}",
        )
    for metric in ("HWCM", "BLEU", "DTKM"):
        p = printed[printed["metric"] == metric]["value"].astype(float)
        r = run[run["metric"] == metric]["r"].astype(float)
        if len(p) and len(r):
            c.compare(
                f"table{k}_best_{metric.lower()}",
                source=f"Table {k}",
                printed=float(p.max()),
                this_run=float(r.max()),
                comparable=False,
                note=f"best {metric} r; {note}",
            )


def sentence_claims(table: pd.DataFrame, profile: str, data: str):
    """Claims of Tables 1-4 (:func:`pattern_checks` on the printed and the run's tables, and the
    best printed r beside this run's, not comparable). ``public``: its daRR table against
    Table 3 (overall, E14)."""
    from evalkit.notebook.claims import Claims

    c = Claims(PAPER, data=data, kind="reproduced")
    note = (
        "daRR tau-like, WMT19 kk-en" if profile == "public" else f"profile {profile}"
    ) + "; spaCy parses stand in for the Collins parser"
    for k, (system, judgment) in _TABLES.items():
        if profile == "public":
            run = table if k == 3 else table.iloc[0:0]
        else:
            run = table[(table["system"] == system) & (table["judgment"] == judgment)]
        if not run.empty:
            _claims_for(c, k, published(f"table{k}"), run, "sentence", note)
        else:  # the headline findings appear on every profile
            ids = [f"table{k}_hwcm_beats_bleu"] + ([f"table{k}_syntax_beats_bleu"] if k < 3 else [])
            for cid in ids:
                c.not_comparable(
                    cid,
                    source=f"Table {k}",
                    printed="syntactic metric above BLEU",
                    note=f"no {system} {judgment} judgments on this profile; {note}",
                )
    return c


def corpus_claims(table: pd.DataFrame, profile: str, data: str):
    """Claims of Table 6 (as :func:`sentence_claims`)."""
    from evalkit.notebook.claims import Claims

    c = Claims(PAPER, data=data, kind="reproduced")
    note = f"profile {profile}; {table['n'].iloc[0]} systems; spaCy parses stand in for the Collins parser"
    _claims_for(c, 6, published("table6"), table, "corpus", note)
    return c


def noise_tables(
    corpus,
    rows: pd.DataFrame,
    judgments: Sequence[str],
    grid,
    parsed_by: Mapping[str, Mapping],
    darr: bool = False,
) -> pd.DataFrame:
    """Tables 1-4 once per parser (``{parser: parsed texts}``; ``darr``: the public daRR
    table), side by side (:func:`evalkit.notebook.parser_noise.side_by_side`)."""
    from evalkit.notebook.parser_noise import side_by_side

    tables = {}
    for name, parsed in parsed_by.items():
        if darr:
            tables[name] = darr_table(corpus, rows, grid, parsed).assign(
                system="all", judgment="daRR"
            )
        else:
            tables[name] = sentence_tables(corpus, rows, judgments, grid, parsed)
    return side_by_side(tables, ["system", "judgment", "max_depth", "metric"])


def noise_claims(table: pd.DataFrame, accuracy: Optional[pd.DataFrame], profile: str, data: str):
    """Claims of ``03_parser_noise``: the findings of Tables 1-4 (:func:`pattern_checks`) with
    each parser's trees; the parser's UAS/LAS against the gold trees and the mean r each
    syntactic metric loses to parser noise (no printed counterparts: not comparable)."""
    from evalkit.notebook.claims import Claims

    c = Claims(PAPER, data=data, kind="reproduced")
    parsers = [col[2:] for col in table.columns if col.startswith("r_")]
    for parser in parsers:
        run_all = table.rename(columns={f"r_{parser}": "r"})
        for k, (system, judgment) in _TABLES.items():
            run = (
                run_all
                if profile == "public" and k == 3
                else run_all[(run_all["system"] == system) & (run_all["judgment"] == judgment)]
            )
            if run.empty or profile == "public" and k != 3:
                continue
            for claim, text, p_holds, r_holds in pattern_checks(
                published(f"table{k}"), run, "sentence"
            ):
                c.not_comparable(
                    f"table{k}_{claim}_{parser}",
                    source=f"Table {k}",
                    printed=p_holds,
                    this_run=r_holds,
                    note=f"{text}; {parser} trees; profile {profile}: the order of two r "
                    "values, untested here (01_sentence_level tests HWCM vs BLEU)",
                )
    if accuracy is None or accuracy.empty:
        c.derived(
            "tree_accuracy",
            source="Section 4",
            this_run=None,
            note=f"no gold trees on profile {profile} (the simulator's ideal parser exists on sample; "
            "give a treebank's parses as gold=conllu:<file>)",
        )
    else:
        for row in accuracy.itertuples():
            for score in ("uas", "las"):
                c.derived(
                    f"{score}_{row.texts.replace(' ', '_')}",
                    source="Section 4",
                    this_run=getattr(row, score),
                    note=f"{score.upper()} of the parser against the gold trees, {row.tokens} tokens "
                    "(punctuation left out); the paper does not print its parser's accuracy",
                )
    for col in [c_ for c_ in table.columns if c_.startswith("cost_")]:
        for metric, part in table[table["metric"] != "BLEU"].groupby("metric", sort=True):
            c.derived(
                f"{col}_{metric.lower()}",
                source="Tables 1-4",
                this_run=float(part[col].mean()),
                note=f"mean r with gold trees minus r with {col[5:]} trees over the tables' "
                "settings (parser noise; no printed counterpart)",
            )
    return c


# --------------------------------------------------------------------------- notebook parameters
_PARSER = P(
    "parser", str, default="spacy", help="spacy | link-grammar | conllu:<file with # text comments>"
)
_MT = (
    P("references", list, default=["E01", "E03", "E04"], help="reference ids ([] = all)"),
    P("decay", float, default=1.0, low=0.0, high=1.0, help="tree-kernel decay lambda"),
    P("epsilon", float, default=0.001, low=0.0, high=0.999, help="zero-precision replacement"),
    _PARSER,
)


def _first_segments(quick: int):
    """The first-N-segments parameter (all by default; ``quick`` in quick runs)."""
    return P(
        "n_segments",
        int,
        default=None,
        allow_none=True,
        quick=quick,
        low=1,
        help="first N segments",
    )


def _per_system(quick: int):
    """The sentence-level notebooks' selection: systems, judgments, depth, segments."""
    return (
        P(
            "systems",
            list,
            default=["E14", "E15"],
            help="systems (sample/licensed; public uses all)",
        ),
        P("judgments", list, default=["fluency", "overall"], choices=("fluency", "overall")),
        P("max_depth", int, default=4, low=1, high=8),
        _first_segments(quick),
    )


NOTEBOOKS = {
    "00_worked_examples": (
        P("table7_length", int, default=3, low=1, high=10, help="HWCM D for Table 7"),
        _PARSER,
    ),
    "01_sentence_level": (*_per_system(40), *_MT),
    "03_parser_noise": (
        *_per_system(30),
        P(
            "gold",
            str,
            default="ideal",
            help="ideal (the simulator's trees; sample) | none | conllu:<gold parses>",
        ),
        *_MT,
    ),
    "02_corpus_level": (
        P("systems", list, default=[], help="systems to correlate over ([] = all)"),
        P("max_depth", int, default=6, low=1, high=8),
        _first_segments(30),
        P("aggregate", str, default="micro", choices=("micro", "mean")),
        *_MT,
    ),
}


def example_claims(
    c, figure1: pd.DataFrame, figure2: pd.DataFrame, t7: pd.DataFrame, length
) -> None:
    """The worked examples' claims: Figure 2's STM and depth precisions (recomputed), Figure
    1's preferences (BLEU prefers Hyp2, STM Hyp1; HWCM shown), whether Hyp1 has the
    reference's structure, and Table 7's scores (another parser: not comparable)."""
    for row in figure2.itertuples():
        c.compare(
            row.key,
            source="Figure 2 / Section 2",
            printed=c.printed("examples", key=row.key),
            this_run=round(row.this_run, 3),
            tolerance=5e-4,
        )
    f1 = figure1.set_index("hypothesis")
    bleu = bool(f1.loc["hyp2", "BLEU"] > f1.loc["hyp1", "BLEU"])
    stm = bool(f1.loc["hyp1", "STM"] > f1.loc["hyp2", "STM"])
    c.check(
        "figure1_bleu_prefers_hyp2",
        source="Figure 1 / Section 1",
        printed="yes",
        this_run=bleu,
        holds=bleu,
    )
    c.check(
        "figure1_stm_prefers_hyp1",
        source="Figure 1 / Section 1",
        printed="yes",
        this_run=stm,
        holds=stm,
        note="trees of Figure 1 reconstructed from the text",
    )
    shape = figure1_structure()
    c.check(
        "figure1_hyp1_same_structure",
        source="Figure 1 / Section 1",
        printed="exactly the same syntactic structure",
        this_run="same above the part-of-speech level"
        + ("" if shape["hyp1_same_labels"] else "; tags differ (VBP have / VBD had)"),
        holds=shape["hyp1_same_skeleton"],
        note="the reconstruction keeps the Penn tags of the words; the text's claim holds for "
        "the phrase structure",
    )
    c.derived(
        "figure1_hwcm",
        source="Figure 1",
        this_run=f"Hyp1 {f1.loc['hyp1', 'HWCM']:.3f}, Hyp2 {f1.loc['hyp2', 'HWCM']:.3f}",
        note="HWCM compares head-modifier word chains: Hyp2 has every pair of the reference, so "
        "'the tree metrics prefer Hyp1' holds for the constituent metric STM only",
    )
    for metric, key in (("HWCM", "table7_hwcm"), ("BLEU", "table7_bleu")):
        c.not_comparable(
            key,
            source="Table 7",
            printed=c.printed("examples", key=key),
            kind="reproduced",
            this_run=float(t7.set_index("metric").loc[metric, "this_run"]),
            note=f"spaCy en_core_web_sm 3.8.0 stands in for the Collins parser; D = {length} assumed",
        )
