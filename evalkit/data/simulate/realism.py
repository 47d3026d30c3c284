"""How realistic the sample profile is: the papers' descriptive statistics against the simulation.

The simulator is calibrated to statistics the papers *print about their data* (never to the
findings they test): ``data/published/simulator_targets.csv`` lists one row per statistic,
with the corpus it applies to, where the printed value lives (``paper``, ``table``,
``cell``: a reference into ``data/published/<paper>/<table>.csv``, ``key=value`` pairs that
select one row, the number read from its ``percent``, ``value`` or ``avg_count`` column or, in
a wide table, the column ``value_column=<name>`` names; so no number is copied;
a value not transcribed elsewhere is in ``printed``), a tolerance and, where the paper's
notebook states that value as a claim, the claim's id (``claim_id``, several separated by spaces
where a finding compares calibrated values, e.g. owczarzak2011who's human Pyramid 2010 vs 2008;
empty where no claim row states it, e.g. Table 5's aspect inventory, whose counts are free). This module computes
each statistic on a built (or in-memory) corpus and compares:

=====================  ===================================================================
``statistic``          simulated value (``where`` selects docset, group, ...)
=====================  ===================================================================
scu_weight_percent     % of the pyramids' SCUs of weight ``weight`` (docset ``initial`` =
                       ``-A``, ``update`` = ``-B``); owczarzak2011who Table 3
pyramid_mean           macro-average jackknifed modified pyramid score of the ``human``
                       (model) or ``automatic`` (peer) summaries; Table 2
responsiveness_mean    the same for overall responsiveness, 1-5 (TAC 2009's 1-10 halved)
scus_per_pyramid       mean number of SCUs per pyramid in a TAC 2010 ``category``; Table 4
aspect_present         whether the category's pyramids hold SCUs of ``aspect`` (1/0);
                       printed: Table 5's mean SCU count > 0
n_summaries            model and peer summaries in the corpus (DEPEVAL §1)
max_summary_words      the longest summary in words (the length limit, DEPEVAL §1)
topic_subset_r         mean Pearson r over peers between the score on ``topics`` topics and
                       on all topics (owczarzak2009conditions footnote 1): 1 topic = every
                       topic in turn, 3 topics = 200 seeded draws
identical_pairs        pairs of peer summaries of one docset with identical text
                       (owczarzak2012assessors §2)
surrogate_chars        mean length in characters of the relevance task's surrogates of
                       ``kind`` (HEAD headlines, HUM human summaries); dorr2005 §3
reference_tokens       mean length of an MT reference translation in mteval tokens
                       (punctuation included); leusch2005 Table 2
rouge2_recall          the ``rank``-th best peer's system-level ROUGE-2 recall x100
                       (``aggregate`` of its per-summary recalls: median or mean), stemmed,
                       stop words kept, against the instance's models, peers cut at
                       ``bytes`` (ROUGE-1.5.5 ``-n 2 -m -b``); graham2015 Table 3
=====================  ===================================================================

Tolerances: an absolute difference, ``N%`` relative, ``present`` (simulated > 0 exactly
when printed > 0). :func:`realism_report` gives one row per target (printed, simulated,
difference, ``met``); :func:`premise_gaps` the one-sentence statements, per paper, where
the simulation still contradicts a premise of the paper (a missed target), for the top of
that paper's notebooks. :data:`CALIBRATED` says, per paper, which of its printed statistics
the simulator was tuned to (so a claim on them is *by construction*, not evidence);
:func:`calibrated_claims` names those claim rows, which :class:`evalkit.notebook.claims.Claims`
shows as ``by construction`` on simulated data.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional

import numpy as np
import pandas as pd

from evalkit.data.published import published_dir, read_published
from evalkit.errors import InputFormatError, ParameterError

__all__ = [
    "read_targets",
    "printed_value",
    "simulated_value",
    "realism_report",
    "premise_gaps",
    "recorded_report",
    "sample_report",
    "CALIBRATED",
    "STATISTICS",
    "calibrated_claims",
    "rouge2_recall",
    "simulated_corpora",
]

TARGETS = "simulator_targets.csv"
STATISTICS = (
    "scu_weight_percent",
    "pyramid_mean",
    "responsiveness_mean",
    "scus_per_pyramid",
    "aspect_present",
    "n_summaries",
    "max_summary_words",
    "topic_subset_r",
    "identical_pairs",
    "surrogate_chars",
    "reference_tokens",
    "rouge2_recall",
)

#: Per paper: the printed statistics the simulator is calibrated to (not evidence), and
#: the findings left free to agree or disagree. Also in notebooks/README.md.
CALIBRATED: Dict[str, Dict[str, str]] = {
    "owczarzak2011who": {
        "calibrated": "Table 3 (SCU weight distribution per year and docset), Table 2 (human and "
        "automatic mean Pyramid and Responsiveness), Table 4's pyramid totals (SCUs per pyramid), "
        "Table 5's aspect inventory (every aspect has SCUs)",
        "free": "which aspects systems cover and miss (Tables 4-5 automatic, Table 8), category "
        "rankings and their significance (Tables 6-7), the 2010 vs 2008 model-agreement trend's "
        "consequences for scores",
    },
    "owczarzak2009conditions": {
        "calibrated": "footnote 1 (Pyramid and Responsiveness on 1 and 3 topics vs all "
        "topics), and with it Pyramid's 1-topic row of Tables 7-8 (footnote 1 against "
        "Responsiveness: its shape is by construction)",
        "free": "the model-count and topic-count curves of Tables 1-11, Figure 1's split halves, "
        "the ROUGE/BE gains from 1 topic to all topics",
    },
    "owczarzak2009depeval": {
        "calibrated": "§1's corpus sizes (TAC 2008 and DUC 2007 summaries) and summary lengths",
        "free": "every correlation of Tables 1-4 (DEPEVAL variants vs ROUGE and BE)",
    },
    "owczarzak2012assessors": {
        "calibrated": "§2's numbers of identical-summary pairs (2009, 2011)",
        "free": "the assessors' alphas (Table 1) and every effect of excluding assessors (Tables 2-5)",
    },
    "dorr2005": {
        "calibrated": "§3's mean surrogate lengths (HEAD headlines, HUM human summaries)",
        "free": "ROUGE-1 of HUM against HEAD (Table 4) and the agreement, timing and correlation "
        "results (Tables 1, 5, 6), except those the simulator's design gives (by construction "
        "rows, their notes)",
    },
    "owczarzak2012accuracy": {
        "calibrated": "none of its own numbers (it uses the TAC corpora calibrated above)",
        "free": "every ROUGE-difference threshold of Figures 1-2 and Tables 1-3",
    },
    # the task and MT corpora of single papers (tests/test_sample_printed_descriptives.py)
    "kolluru2005": {
        "calibrated": "story lengths (§3) and Table 1 (each author's characters, words and "
        "questions per summary)",
        "free": "every grade: found, shared and not-found rates per author (Figure 2, §5) and "
        "how they follow summary length",
    },
    "murray2005": {
        "calibrated": "meeting WER of each test meeting (the WER table) and corpus WER (§3)",
        "free": "the summaries' WER, ROUGE and the human ratings (Tables 1-2) and their "
        "correlations",
    },
    "leusch2005": {
        "calibrated": "reference length of BTEC, TIDES CE and TIDES AE (Table 2; the TIDES CE "
        "length also in tides2003, the NIST 2003 Chinese-English stand-in of liu2005, "
        "riezler2005, owczarzak2007, amigo2011 and methods)",
        "free": "every correlation and every normalization effect",
    },
    "liu2005": {
        "calibrated": "order of the systems' human scores as Sec. 3.1 describes the data (E14 "
        "relatively high, above the median; E15 low, last)",
        "free": "every correlation (Tables 1-6), HWCM, STM and DSTM against BLEU, the kernels",
    },
    "owczarzak2014decompounding": {
        "calibrated": "distribution of parts and share of lexicalized compounds (Table 2, "
        "pooled over its languages)",
        "free": "every precision, recall and F (Tables 3-6) and the guesser's correlations (§4.3)",
    },
}


# --------------------------------------------------------------------------- targets
def _pairs(text: str) -> Dict[str, str]:
    out = {}
    if not isinstance(text, str) or not text.strip():
        return out
    for part in text.split(";"):
        key, sep, value = part.partition("=")
        if not sep:
            raise ParameterError("where", text, "key=value pairs separated by ';'")
        out[key.strip()] = value.strip()
    return out


def _targets_table() -> pd.DataFrame:
    """``data/published/simulator_targets.csv`` as text, its columns checked."""
    path = published_dir() / TARGETS
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    except OSError as exc:
        raise InputFormatError(path, None, f"the simulator targets table ({exc})") from exc
    need = {
        "target_id",
        "corpus",
        "statistic",
        "where",
        "paper",
        "table",
        "cell",
        "printed",
        "tolerance",
        "claim_id",
    }
    if not need <= set(frame.columns):
        raise InputFormatError(path, 1, f"columns {sorted(need)}")
    return frame


def read_targets() -> pd.DataFrame:
    """``data/published/simulator_targets.csv`` with every printed value resolved."""
    frame = _targets_table()
    path = published_dir() / TARGETS
    for i, r in enumerate(frame.itertuples(), start=2):
        if r.statistic not in STATISTICS:
            raise InputFormatError(path, i, f"statistic one of {STATISTICS}, got {r.statistic!r}")
    tables: Dict[tuple, pd.DataFrame] = {}  # each transcription read once
    frame["printed_value"] = [printed_value(r, tables) for r in frame.itertuples()]
    return frame


def calibrated_claims(paper: str) -> Dict[str, str]:
    """The claim rows of ``paper`` that state a value the simulator was calibrated to.

    Parameters
    ----------
    paper : str
        A paper key (``owczarzak2011who``).

    Returns
    -------
    dict
        ``claim_id -> [target_id, ...]`` from the ``claim_id`` column of
        ``data/published/simulator_targets.csv`` (ids separated by spaces; a finding that
        compares two calibrated values names both targets; empty for a paper with none).

    Examples
    --------
    >>> from evalkit.data.simulate.realism import calibrated_claims
    >>> calibrated_claims("owczarzak2012assessors")
    {'pairs_2009': ['identical_pairs_2009'], 'pairs_2011': ['identical_pairs_2011']}
    >>> calibrated_claims("owczarzak2011who")["models_more_alike_2010"]
    ['pyramid_human_initial_2008', 'pyramid_human_initial_2010']
    """
    out: Dict[str, List[str]] = {}
    frame = _targets_table()
    rows = frame[frame["paper"] == paper]
    for ids, target in zip(rows["claim_id"], rows["target_id"]):
        for claim_id in ids.split():
            out.setdefault(claim_id, []).append(target)
    return out


def printed_value(target, tables: Optional[Dict[tuple, pd.DataFrame]] = None) -> float:
    """The printed number a target row refers to (its ``printed`` cell, else the one row of
    ``data/published/<paper>/<table>.csv`` matching ``cell``); ``tables`` caches the reads."""
    if str(target.printed).strip():
        return float(target.printed)
    tables = {} if tables is None else tables
    key = (target.paper, target.table)
    if key not in tables:
        tables[key] = read_published(target.paper, target.table, dtypes={})
    table = tables[key]
    sel = table
    pairs = _pairs(target.cell)
    column = pairs.pop("value_column", None)
    if (set(pairs) | {column}) - {None} - set(table.columns):
        raise ParameterError("cell", target.cell, f"columns of {target.paper}/{target.table}")
    for key, value in pairs.items():
        sel = sel[sel[key].astype(str) == value]
    if len(sel) != 1:
        raise ParameterError(
            "cell", target.cell, f"one row of {target.paper}/{target.table} (found {len(sel)})"
        )
    row = sel.iloc[0]
    if column is not None:
        return float(row[column])
    for column in ("percent", "value", "avg_count"):
        if column in sel.columns:
            return float(row[column])
    raise ParameterError("table", target.table, "a table with a value column")


# --------------------------------------------------------------------------- statistics
def _docset(instances: Iterable[str], docset: Optional[str]) -> np.ndarray:
    inst = pd.Series(list(instances), dtype=str)
    if docset is None:
        return np.ones(len(inst), bool)
    suffix = {"initial": "-A", "update": "-B"}[docset]
    return inst.str.endswith(suffix).to_numpy()


def _scores(corpus, judgment: str, docset: Optional[str]) -> pd.DataFrame:
    j = corpus.judgments
    j = j[j["judgment"] == judgment]
    return j[_docset(j["instance"], docset)]


def _group_ids(corpus, group: str) -> set:
    kind = {"human": "model", "automatic": "peer"}[group]
    s = corpus.summarizers
    return set(s.loc[s["type"] == kind, "summarizer"])


def _mean_score(corpus, judgment: str, group: str, docset: Optional[str]) -> float:
    j = _scores(corpus, judgment, docset)
    j = j[j["summarizer"].isin(_group_ids(corpus, group))]
    return float(j["value"].mean())


def _responsiveness_name(corpus) -> str:
    names = set(corpus.judgments["judgment"])
    for n in ("overall_responsiveness", "responsiveness"):
        if n in names:
            return n
    raise ParameterError("corpus", corpus.name, "a corpus with responsiveness judgments")


def _matrix(corpus, judgment: str, docset: Optional[str]) -> pd.DataFrame:
    j = _scores(corpus, judgment, docset)
    j = j[j["summarizer"].isin(_group_ids(corpus, "automatic"))]
    return j.pivot_table(index="summarizer", columns="instance", values="value", aggfunc="mean")


def topic_subset_r(matrix: pd.DataFrame, n_topics: int, draws: int = 200, seed: int = 0) -> float:
    """Mean Pearson r between the systems' mean over ``n_topics`` topics and over all topics
    (``matrix``: systems x topics); one topic: every topic in turn, else ``draws`` seeded draws."""
    m = matrix.dropna(axis=0, how="any").to_numpy(float)
    full = m.mean(axis=1)
    k = m.shape[1]
    if n_topics == 1:
        subsets = [[t] for t in range(k)]
    else:
        rng = random.Random(seed)
        subsets = [rng.sample(range(k), n_topics) for _ in range(draws)]
    rs = []
    for sub in subsets:
        part = m[:, sub].mean(axis=1)
        if np.std(part) > 0:
            rs.append(float(np.corrcoef(part, full)[0, 1]))
    return float(np.mean(rs)) if rs else math.nan


def rouge2_recall(corpus, rank: int = 1, aggregate: str = "median", byte_limit=None) -> float:
    """The ``rank``-th best peer's ``aggregate`` (median, mean) of its per-summary ROUGE-2
    recall x100, stemmed, stop words kept, each peer against its instance's models, cut at
    ``byte_limit`` bytes (ROUGE-1.5.5 ``-n 2 -m [-b]``, :class:`evalkit.metrics.rouge.Rouge`)."""
    from evalkit.metrics.rouge import Rouge

    if aggregate not in ("median", "mean"):
        raise ParameterError("aggregate", aggregate, "median or mean")
    s = corpus.summaries
    models = s[s["summarizer"].isin(_group_ids(corpus, "human"))]
    refs = {i: list(g["sentences"]) for i, g in models.groupby("instance", sort=True)}
    peers = s[s["summarizer"].isin(_group_ids(corpus, "automatic")) & s["instance"].isin(refs)]
    rouge = Rouge(n=2, lcs=False, stem=True, byte_limit=byte_limit)
    result = rouge.score(
        list(peers["sentences"]),
        [refs[i] for i in peers["instance"]],
        list(peers["instance"]),
        list(peers["summarizer"]),
    )
    scores = result.scores[result.scores["metric"] == "ROUGE-2"]
    systems = scores.groupby("system")["R"].agg(aggregate).sort_values(ascending=False)
    if not 1 <= rank <= len(systems):
        raise ParameterError("rank", rank, f"a rank among the {len(systems)} peers")
    return 100.0 * float(systems.iloc[rank - 1])


def simulated_value(corpus, statistic: str, where: Mapping[str, str]) -> float:
    """The simulated value of one statistic (see the module docstring) on ``corpus``."""
    docset = where.get("docset")
    if statistic == "scu_weight_percent":
        scus = corpus.scus[_docset(corpus.scus["instance"], docset)]
        return 100.0 * float((scus["weight"].round().astype(int) == int(where["weight"])).mean())
    if statistic == "pyramid_mean":
        return _mean_score(corpus, "pyramid_modified_jk", where["group"], docset)
    if statistic == "responsiveness_mean":
        value = _mean_score(corpus, _responsiveness_name(corpus), where["group"], docset)
        return value / 2.0 if corpus.meta.get("year") == 2009 else value
    if statistic in ("scus_per_pyramid", "aspect_present"):
        inst = corpus.instances
        inst = inst[inst["category"] == where["category"]]
        keep = set(inst["instance"][_docset(inst["instance"], docset)])
        scus = corpus.scus[corpus.scus["instance"].isin(keep)]
        if statistic == "scus_per_pyramid":
            return float(len(scus) / max(1, len(keep)))
        return float(any(where["aspect"] in tuple(a) for a in scus["aspects"]))
    if statistic == "n_summaries":
        return float(len(corpus.summaries))
    if statistic == "max_summary_words":
        return float(max(sum(len(s.split()) for s in ss) for ss in corpus.summaries["sentences"]))
    if statistic == "topic_subset_r":
        name = (
            _responsiveness_name(corpus)
            if where["metric"] == "responsiveness"
            else "pyramid_modified"
        )
        return topic_subset_r(_matrix(corpus, name, docset), int(where["topics"]))
    if statistic == "identical_pairs":
        peers = _group_ids(corpus, "automatic")
        s = corpus.summaries[corpus.summaries["summarizer"].isin(peers)]
        counts = s.groupby(["instance", s["sentences"].map(tuple)]).size()
        return float(sum(c * (c - 1) // 2 for c in counts))
    if statistic == "surrogate_chars":
        s = corpus.surrogates
        return float(s.loc[s["kind"] == where["kind"], "text"].str.len().mean())
    if statistic == "reference_tokens":
        from evalkit.text.tokenize import tokenize_words

        texts = corpus.references["text"]
        return float(np.mean([len(tokenize_words(t, "mteval")) for t in texts]))
    if statistic == "rouge2_recall":
        limit = where.get("bytes")
        return rouge2_recall(
            corpus,
            int(where.get("rank", 1)),
            where.get("aggregate", "median"),
            int(limit) if limit else None,
        )
    raise ParameterError("statistic", statistic, f"one of {STATISTICS}")


def _met(printed: float, simulated: float, tolerance: str) -> bool:
    if not math.isfinite(simulated):
        return False
    tol = tolerance.strip()
    if tol == "present":
        return (simulated > 0) == (printed > 0)
    if tol.endswith("%"):
        return abs(simulated - printed) <= float(tol[:-1]) / 100.0 * abs(printed)
    return abs(simulated - printed) <= float(tol) + 1e-9


def simulated_corpora(names: Iterable[str], quick: bool = False, seed: Optional[int] = None):
    """``{name: corpus}`` simulated in memory, the DUC/TAC/MT corpora and the task corpora
    (:mod:`.tasks`) alike, with the sample build's default seed unless ``seed`` is given."""
    from .build import DEFAULT_SEED, simulate_corpus
    from .tasks import TASKS, simulate_task

    seed = DEFAULT_SEED if seed is None else seed
    return {n: (simulate_task if n in TASKS else simulate_corpus)(n, seed, quick)[0] for n in names}


def realism_report(
    corpora: Mapping[str, object], targets: Optional[pd.DataFrame] = None
) -> pd.DataFrame:
    """One row per target whose corpus is in ``corpora`` ({name: corpus}): the target's
    columns plus ``printed_value``, ``simulated``, ``difference`` and ``met``."""
    targets = read_targets() if targets is None else targets
    rows = []
    for r in targets.itertuples(index=False):
        if r.corpus not in corpora:
            continue
        sim = simulated_value(corpora[r.corpus], r.statistic, _pairs(r.where))
        rows.append(
            {
                **r._asdict(),
                "simulated": sim,
                "difference": sim - r.printed_value,
                "met": _met(r.printed_value, sim, r.tolerance),
            }
        )
    return pd.DataFrame(rows)


def premise_gaps(paper: str, report: Optional[pd.DataFrame] = None) -> List[str]:
    """One sentence per target of ``paper`` the simulation misses: where the sample still
    contradicts a premise the paper prints about its data, with both values.

    ``report`` is a :func:`realism_report`; without one, the reports the sample build
    recorded next to each corpus (``truth/realism.csv``, :func:`recorded_report`) are read;
    the list is empty when no built corpus recorded one.
    """
    if report is None:
        report = recorded_report()
    if report is None or report.empty:
        return []
    miss = report[(report["paper"] == paper) & ~report["met"].astype(bool)]
    out = []
    for r in miss.itertuples(index=False):
        where = f" ({r.where.replace(';', ', ')})" if str(r.where).strip() else ""
        out.append(
            f"The sample's {r.corpus} misses {r.paper}'s {r.table} {r.statistic}{where}: "
            f"printed {r.printed_value:g}, simulated {r.simulated:.3g} (tolerance {r.tolerance})."
        )
    return out


def recorded_report(root=None) -> Optional[pd.DataFrame]:
    """The realism report the sample build recorded (``truth/realism.csv`` of each built
    full-size corpus under ``root``, default the sample root), or None when none was."""
    from .build import default_root

    frames = []
    root = default_root() if root is None else Path(root)
    for path in sorted(root.glob("*/truth/realism.csv")):
        frames.append(pd.read_csv(path, keep_default_na=False))
    if not frames:
        return None
    report = pd.concat(frames, ignore_index=True)
    report["met"] = report["met"].astype(str).isin(("True", "true", "1"))
    return report


def sample_report(quick: bool = False, root=None) -> pd.DataFrame:
    """The realism report of the sample profile: every target's corpus is built if missing
    (:func:`~.build.corpus_dir`) and its recorded report read; ``quick`` simulates the
    quick-size corpora in memory instead (the targets describe full-size corpora, so a
    quick report shows the machinery, not the calibration)."""
    from .build import corpus_dir
    from .tasks import TASKS, task_dir

    targets = read_targets()
    names = sorted(set(targets["corpus"]))
    if quick:
        return realism_report(simulated_corpora(names, quick=True), targets)
    for name in names:
        (task_dir if name in TASKS else corpus_dir)(name, root)
    report = recorded_report(root)
    if report is None:
        raise ParameterError("root", root, "a sample build with truth/realism.csv records")
    return report
