"""Owczarzak (2009), DEPEVAL(summ): the paper-specific logic of ``notebooks/owczarzak2009depeval/``.

Karolina Owczarzak, "DEPEVAL(summ): Dependency-based Evaluation for Automatic Summaries",
ACL-IJCNLP 2009, pp. 190-198. Summaries are parsed, flattened into LFG dependency triples and
scored by recall against the bag union of the model summaries; five switches (pm, wn, pred,
norel, one) give 32 variants. Correlations with Pyramid and Overall Responsiveness (TAC 2008,
Tables 1-2) and Content Responsiveness (DUC 2007, Tables 3-4), at system and summary level,
for model and system summaries, against ROUGE-2, ROUGE-SU4 and BE-HM, all jackknifed.

The metrics live in :mod:`evalkit.metrics.dependency` (DEPEVAL, BE-HM, jackknifing) and
:mod:`evalkit.metrics.rouge`; correlations and Fisher intervals in
:mod:`evalkit.stats.correlation`. This module adds what only this paper defines:

* :func:`variant_rows`: the 32 variants in the order of Table 1 (read from the printed table);
* :func:`significance_letters`: Table 2's letters recomputed from the printed r values
  (the rule "the two 95% Fisher-z intervals do not overlap", n = 384 model / 5,568 system
  summaries, reproduces every letter: notes P4 §4);
* :func:`asterisks`, :func:`shading`, :func:`ci_excludes_zero`: the other derivable marks;
* :func:`score_summaries`: every variant and competitor on a summarization corpus;
* :func:`correlations`: the four columns of Tables 1-4 from those scores;
* :func:`summary_texts`, :func:`noise_claims`: ``03_parser_noise`` (Tables 1-2 with the
  simulator's gold summary trees beside a real parser's).
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data.published import read_published
from evalkit.errors import ParameterError
from evalkit.notebook.params import Parameter as P
from evalkit.metrics import get_metric
from evalkit.metrics.dependency import jackknife_scores
from evalkit.metrics.syntax import ParsedMetric, as_parses
from evalkit.stats.correlation import correlate, fisher_ci

PAPER = "owczarzak2009depeval"
COMPETITORS = ("ROUGE-2", "ROUGE-SU4", "BE-HM")
LETTER = {"ROUGE-2": "R2", "ROUGE-SU4": "R4", "BE-HM": "B"}
#: summary-level sample sizes that reproduce Table 2's letters (96 x 4 models, 96 x 58 systems)
N_SUMMARY_LEVEL = {"models": 384, "systems": 5568}
#: The DUC 2007 n of Tables 3 (system level: 10 humans, 32 systems) and 4 (summaries:
#: 45 topics x 4 models and 45 x 32 system summaries, 1,620 in all; 180 is the n at which
#: the printed r = 0.1501 is significant and 0.1397 is not, as the caption says).
N_DUC2007 = {"table3": {"models": 10, "systems": 32}, "table4": {"models": 180, "systems": 1440}}
COLUMNS = ("pyramid_models", "pyramid_systems", "responsiveness_models", "responsiveness_systems")

__all__ = [
    "NOTEBOOKS",
    "PAPER",
    "key",
    "COMPETITORS",
    "N_SUMMARY_LEVEL",
    "published",
    "variant_rows",
    "significance_letters",
    "asterisks",
    "shading",
    "ci_excludes_zero",
    "score_summaries",
    "correlations",
    "wide",
    "DATA",
    "load_corpus",
    "manual_scores",
    "rouge_metrics",
    "run_claims",
    "competitor_tests",
    "N_DUC2007",
    "printed_as_run",
    "summary_texts",
    "noise_claims",
]


def key(*parts: str) -> str:
    """A claim id from table/metric/column names (``DEPEVAL(summ) wn`` -> ``DEPEVAL_summ_wn``)."""
    import re

    return "_".join(re.sub(r"[^A-Za-z0-9.:-]+", "_", p).strip("_") for p in parts)


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/owczarzak2009depeval/<table>.csv``)."""
    return read_published(PAPER, table, dtypes={"value": "float"} if table != "text" else None)


def variant_rows() -> List[str]:
    """The DEPEVAL row labels of Table 1, in printed order (``base``, ``pm``, ..., 32 rows)."""
    t = published("table1")
    return list(dict.fromkeys(t.loc[t["group"] != "other", "metric"]))


def _side(column: str) -> str:
    return column.rsplit("_", 1)[1]


def significance_letters(
    table: pd.DataFrame, n: Optional[Dict[str, int]] = None, confidence: float = 0.95
) -> pd.DataFrame:
    """For every DEPEVAL row and column of a Table-2-shaped frame (``metric, column, value``):
    the competitors whose Fisher-z interval lies entirely below the variant's (intervals do
    not overlap), as a space-separated string of R2/R4/B in the printed order."""
    n = dict(N_SUMMARY_LEVEL if n is None else n)
    ci = {
        (r.metric, r.column): fisher_ci(r.value, n[_side(r.column)], "pearson", confidence)
        for r in table.itertuples()
    }
    rows = []
    for r in table.itertuples():
        if r.metric in COMPETITORS:
            continue
        low = ci[(r.metric, r.column)][0]
        beats = [LETTER[c] for c in COMPETITORS if ci[(c, r.column)][1] < low]
        rows.append(
            {
                "metric": r.metric,
                "column": r.column,
                "value": r.value,
                "better_than": " ".join(beats),
            }
        )
    return pd.DataFrame(rows)


def asterisks(table: pd.DataFrame) -> pd.DataFrame:
    """``star`` = 1 where the value is the highest of its column (ties all starred)."""
    best = table.groupby("column")["value"].transform("max")
    return table.assign(star=(table["value"] == best).astype(int))[
        ["metric", "column", "value", "star"]
    ]


def shading(table: pd.DataFrame) -> pd.DataFrame:
    """How many of ROUGE-2, ROUGE-SU4, BE-HM each DEPEVAL value strictly exceeds (3 = darkest grey)."""
    comp = table[table["metric"].isin(COMPETITORS)].pivot(
        index="metric", columns="column", values="value"
    )
    rows = [
        {
            "metric": r.metric,
            "column": r.column,
            "value": r.value,
            "k": int(sum(r.value > comp.loc[c, r.column] for c in COMPETITORS)),
        }
        for r in table.itertuples()
        if r.metric not in COMPETITORS
    ]
    return pd.DataFrame(rows)


def ci_excludes_zero(r: float, n: int, confidence: float = 0.95) -> bool:
    """Whether the Fisher-z interval of r excludes 0 (Tables 3-4 notes)."""
    lo, hi = fisher_ci(r, n, "pearson", confidence)
    return bool(lo > 0 or hi < 0)


# --------------------------------------------------------------------------- this run
def _variant(label: str) -> Tuple[str, ...]:
    return () if label == "base" else tuple(label.split())


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


# --------------------------------------------------------------------------- data per profile
#: data set per (table group, profile): TAC 2008 for Tables 1-2, DUC 2007 for Tables 3-4; the
#: public stand-in is SummEval (expert relevance for Pyramid / content responsiveness, the mean
#: of the four expert ratings for overall responsiveness; its references are not judged)
DATA = {
    "tac2008": {"sample": "tac2008", "public": "summeval", "licensed": "tac2008"},
    "duc2007": {"sample": "duc2007", "public": "summeval", "licensed": "duc2007"},
}


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


def _printed_patterns(t: pd.DataFrame) -> Dict[str, bool]:
    v = t.set_index(["metric", "column"])["value"].astype(float)
    out = {}
    cols = set(t["column"])
    for col in sorted(cols):
        comp = [v.get((c, col), np.nan) for c in COMPETITORS]
        if ("base", col) in v.index and not np.isnan(comp).all():
            out[f"{col}_base_above_all_competitors"] = bool(v[("base", col)] > np.nanmax(comp))
        if ("pm", col) in v.index and ("base", col) in v.index:
            out[f"{col}_pm_above_base"] = bool(v[("pm", col)] > v[("base", col)])
    return out


def printed_as_run(table: str) -> pd.DataFrame:
    """A printed table with this module's names: Tables 3-4's ``DEPEVAL(summ) wn`` -> ``wn``
    (``DEPEVAL(summ)`` -> ``base``) and their columns ``models``/``systems`` ->
    ``content_responsiveness_models``/``..._systems``."""
    t = published(table)
    if table in ("table3", "table4"):
        t = t.assign(
            metric=t["metric"]
            .str.replace("DEPEVAL(summ)", "", regex=False)
            .str.strip()
            .replace("", "base"),
            column="content_responsiveness_" + t["column"],
        )
    return t


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


def run_claims(
    run: pd.DataFrame, table: str, profile: str, data: str, tests: Optional[pd.DataFrame] = None
):
    """Claims of one table: the paper's findings per column (base above every competitor; pm
    above base), each tested on this run with a two-sided Williams test (``tests``:
    :func:`competitor_tests` at this table's level) against the best competitor or base;
    for the DUC 2007 tables which correlations' 95% Fisher interval excludes 0 (derived: the
    printed statement is recomputed from the printed r in ``00_printed_checks``); every
    printed value beside this run's (not comparable:
    other data and parser)."""
    from evalkit.notebook.claims import Claims

    printed = printed_as_run(table)
    mine = run.rename(columns={"r": "value"})
    c = Claims(PAPER, data=data, kind="reproduced")
    note = f"profile {profile}; spaCy parses and LFG-like triples stand in for Charniak-Johnson + LFG annotation"
    p, r = _printed_patterns(printed), _printed_patterns(mine)
    got = mine.set_index(["metric", "column"])["value"]
    pair = tests.set_index(["column", "metric_a", "metric_b"])["p"] if tests is not None else None
    for finding in sorted(set(p) & set(r)):
        col = finding.split("_base_")[0].split("_pm_")[0]
        if finding.endswith("_base_above_all_competitors"):
            rivals = {m: got.get((m, col), np.nan) for m in COMPETITORS}
            rival = max((m for m in rivals if rivals[m] == rivals[m]), key=rivals.get)
            a, b, what = "base", rival, f"base vs the best competitor on this run ({rival})"
        else:
            a, b, what = "pm", "base", "pm vs base"
        key_ = (col, a, b)
        if pair is None or key_ not in pair.index:
            c.not_comparable(
                f"{table}_{finding}",
                source=table.title(),
                printed=p[finding],
                this_run=r[finding],
                note=f"{note}; too few units for a Williams test",
            )
            continue
        c.finding(
            f"{table}_{finding}",
            source=table.title(),
            printed=f"{'yes' if p[finding] else 'no'} (printed r)",
            expected=">" if p[finding] else "<",
            difference=float(got[(a, col)] - got[(b, col)]),
            p_value=float(pair[key_]),
            test=f"Williams test, two-sided, {what}",
            note=note,
        )
    if table in ("table3", "table4"):
        n = run.groupby("column")["n"].first()
        for col in sorted(set(printed["column"]) & set(n.index)):
            sig_printed = {
                m: ci_excludes_zero(v, N_DUC2007[table][_side(col)])
                for (m, cc), v in printed.set_index(["metric", "column"])["value"].items()
                if cc == col
            }
            sig_run = {
                m: ci_excludes_zero(v, int(n[col]))
                for (m, cc), v in got.items()
                if cc == col and m in sig_printed
            }
            if not sig_run:
                continue

            def only_depeval(sig):
                return sorted(m for m, s in sig.items() if s and m not in COMPETITORS)

            c.derived(
                f"{table}_{col}_significant_correlations",
                source=table.title(),
                printed=" ".join(sorted(m for m, s in sig_printed.items() if s)) or "none",
                this_run=" ".join(sorted(m for m, s in sig_run.items() if s)) or "none",
                evidence=f"95% Fisher-z interval excludes 0 (n = {int(n[col])} this run)",
                note=f"{note}; shown, not counted: 'only DEPEVAL is significant' includes "
                "'ROUGE and BE are not', which a non-significant test on stand-in data cannot "
                "confirm; the comparison is tested in "
                f"{table}_{col}_base_above_all_competitors (Williams); DEPEVAL variants "
                f"significant on this run: {', '.join(only_depeval(sig_run)) or 'none'}",
            )
    for row in printed.itertuples():
        if (row.metric, row.column) in got.index:
            c.not_comparable(
                key(table, row.metric, row.column),
                source=table.title(),
                printed=float(row.value),
                this_run=float(got[(row.metric, row.column)]),
                note=note,
            )
    return c


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


def noise_claims(table: pd.DataFrame, accuracy: Optional[pd.DataFrame], profile: str, data: str):
    """Claims of ``03_parser_noise``: the paper's findings (:func:`run_claims`' patterns) with
    each parser's trees (``table``: ``metric, column, level, r_<parser>``), the parser's
    UAS/LAS against the gold trees and the mean r each DEPEVAL variant and BE-HM lose to
    parser noise (no printed counterparts: not comparable)."""
    from evalkit.notebook.claims import Claims

    c = Claims(PAPER, data=data, kind="reproduced")
    for parser in [col[2:] for col in table.columns if col.startswith("r_")]:
        for level, name in (("system", "table1"), ("summary", "table2")):
            run = table[table["level"] == level].rename(columns={f"r_{parser}": "value"})
            p, r = _printed_patterns(printed_as_run(name)), _printed_patterns(run)
            for finding in sorted(set(p) & set(r)):
                c.derived(
                    f"{name}_{finding}_{parser}",
                    source=name.title(),
                    this_run=r[finding],
                    note=f"{parser} trees; profile {profile}; the same finding is tested in "
                    f"01_tac2008_tables1_2 (with {parser} trees), counted there once",
                )
    if accuracy is None or accuracy.empty:
        c.not_comparable(
            "tree_accuracy",
            source="Section 3",
            printed="-",
            note=f"no gold trees on profile {profile} (the simulator's ideal parser exists on sample)",
        )
    else:
        for row in accuracy.itertuples():
            for score in ("uas", "las"):
                c.derived(
                    f"{score}_{row.texts.replace(' ', '_')}",
                    source="Section 3",
                    this_run=getattr(row, score),
                    note=f"{score.upper()} against the gold trees, {row.tokens} tokens; not printed in the paper",
                )
    for col in [x for x in table.columns if x.startswith("cost_")]:
        for metric, part in table[~table["metric"].isin(["ROUGE-2", "ROUGE-SU4"])].groupby(
            "metric", sort=True
        ):
            c.derived(
                f"{col}_{metric.replace(' ', '_').lower()}",
                source="Table 1; Table 2",
                this_run=float(part[col].mean()),
                note=f"mean r with gold trees minus r with {col[5:]} trees over columns and levels",
            )
    return c


# --------------------------------------------------------------------------- notebook parameters
_LABELS = ("base", "pm", "wn", "pred", "norel", "one")
_RUN = (
    P("n_instances", int, default=None, allow_none=True, quick=2, low=1, help="first N topics"),
    P(
        "n_models",
        int,
        default=4,
        low=2,
        help="model summaries per topic (SummEval has 11; the paper 4)",
    ),
    P("wordnet", bool, default=True, help="the wn switch (WordNet 3.0)"),
    P(
        "parser",
        str,
        default="spacy",
        help="spacy | conllu:<file with # text comments> (labelled dependencies)",
    ),
)
NOTEBOOKS = {
    "00_printed_checks": (P("confidence", float, default=0.95, low=0.5, high=0.999),),
    "01_tac2008_tables1_2": (
        P(
            "variants",
            list,
            default=None,
            allow_none=True,
            quick=list(_LABELS),
            help="Table 1 labels, e.g. 'pm wn' (None = all 32)",
        ),
        *_RUN,
    ),
    "03_parser_noise": (
        P("variants", list, default=list(_LABELS), help="Table 1 labels"),
        P(
            "gold",
            str,
            default="ideal",
            help="ideal (the simulator's trees; sample) | none | conllu:<file>",
        ),
        *_RUN,
    ),
    "02_duc2007_tables3_4": (
        P(
            "variants",
            list,
            default=None,
            allow_none=True,
            quick=["base", "norel"],
            help="labels (None = base, wn, norel, one)",
        ),
        *_RUN,
    ),
}
