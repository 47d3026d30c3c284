"""Amigó, Gonzalo, Giménez & Verdejo (2011): what only the corroboration paper defines, for
``notebooks/amigo2011/``.

"Corroborating Text Evaluation Results with Heterogeneous Measures", EMNLP 2011,
pp. 455-466. Over pairs of system outputs for the same input the paper measures how often
a unanimous verdict of a measure set X is confirmed by humans (reliability R), how often
two measures of X contradict each other (heterogeneity H), and how much corroboration
gains over thresholding one measure at equal sensitivity. MT: NIST 2004/2005 Arabic and
Chinese to English, 64 Asiya measures, human adequacy + fluency; AS: DUC 2005/2006, 21
ROUGE measures, responsiveness. Figures: 1 additive reliability of measure pairs, 2-3 H vs
R of random sets, 4 H of lexical vs lexical + linguistic sets, 5-6 reliability gain vs H.

Below the paper layer: R, S, H, thresholds and gains (:mod:`evalkit.stats.corroboration`,
also pairs from preferences), the measures (registered metrics; the linguistic Asiya
families as offline stand-ins in :mod:`evalkit.metrics.similarity`) and the Asiya score
importer (:mod:`evalkit.data.asiya`). This module holds the paper's measure pools, their
per-output scores on a corpus, its printed-number checks and its claims.
"""

from __future__ import annotations

from math import comb
from typing import Dict, Optional, Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.notebook.claims import Claims
from evalkit.notebook.params import Parameter as P
from evalkit.stats import corroboration as co
from evalkit.stats import pairwise
from evalkit.stats.correlation import spearman_permutation, spearman_trend

PAPER = "amigo2011"
#: the paper's test beds (Tables 1-2) as licensed corpora; ``sample`` simulates the DUC ones
TESTBEDS = {
    "mt": {
        "AE2004": "nist-mt04-ar-en",
        "CE2004": "nist-mt04-zh-en",
        "AE2005": "nist-mt05-ar-en",
        "CE2005": "nist-mt05-zh-en",
    },
    "as": {"DUC2005": "duc2005", "DUC2006": "duc2006"},
}
#: the stand-ins where a profile has one corpus per suite (None: the test bed's own corpus)
DATASETS = {
    "mt": {"sample": "tides2003", "public": "wmt19-darr-kk-en", "licensed": None},
    "as": {"sample": None, "public": "summeval", "licensed": None},
}
#: lexical MT measures: name -> (registered metric, configuration); error rates are negated
LEXICAL: Dict[str, tuple] = {
    "BLEU": ("bleu", {}),
    "NIST": ("nist", {}),
    "chrF": ("chrf", {}),
    "GTM": ("gtm", {}),
    "1-WER": ("wer", {}),
    "1-PER": ("per", {}),
    "1-TER": ("ter", {}),
    "Ol": ("ol", {}),
    "ROUGE-L": ("rouge", {"method": "L", "score": "F"}),
    "ROUGE-2": ("rouge", {"method": "2", "score": "F"}),
}
#: offline stand-ins for Asiya's linguistic families (SP, NE, DP and a tag-gram profile)
LINGUISTIC: Dict[str, tuple] = {
    "SP-Op(*)": ("sp-op", {}),
    "NE-Oe(*)": ("ne-oe", {}),
    "DP-HWC": ("dp-hwc", {}),
    "GRAMSIM": ("gramsim", {}),
}
#: linguistic measures over spaCy parses (the pinned pipeline, :mod:`evalkit.text.parse`)
PARSED: Dict[str, tuple] = {"DP-HWCM": ("hwcm", {})}
#: the 21 AS measures: 7 ROUGE kinds x recall, "reversed precision", F (stemmed, DUC defaults)
AS_KINDS = ("1", "2", "3", "4", "SU4", "L", "W-1.2")
_SIZES = P(
    "sizes", list, default=[2, 3, 5, 10, 20, 40], element=int, low=1, help="random set sizes (§7)"
)


def _testbed(suite: str, help: str) -> P:
    """The ``testbed`` knob of a suite's notebook: its first test bed by default."""
    beds = tuple(TESTBEDS[suite])
    return P("testbed", str, default=beds[0], choices=beds, help=help)


_N_SETS = P("n_sets", int, default=100, quick=12, low=1, help="random sets per size")

NOTEBOOKS = {
    "00_printed_checks": (),
    "01_mt_corroboration": (
        _testbed("mt", "NIST MT test bed of Table 1 (licensed; sample and public: one stand-in)"),
        P("max_segments", int, quick=40, low=2, help="first segments only"),
        _SIZES,
        _N_SETS,
        P(
            "fig4_sizes",
            list,
            default=list(range(1, 11)),
            quick=[1, 2, 4],
            element=int,
            low=1,
            help="Figure 4",
        ),
        P(
            "parsed_measures",
            bool,
            default=True,
            quick=False,
            help="add head-word chain matching over spaCy parses (DP-HWCM) to the linguistic pool",
        ),
    ),
    "02_as_corroboration": (
        _testbed("as", "DUC test bed of Table 2 (sample: its simulation; public: SummEval)"),
        P("max_instances", int, quick=3, low=1, help="first topics only"),
        P("max_peers", int, quick=8, low=2, help="first peer systems only"),
        P(
            "sizes",
            list,
            default=[2, 3, 5, 10, 20],
            element=int,
            low=1,
            help="random set sizes (AS: up to 20)",
        ),
        _N_SETS,
    ),
}


def dataset_key(suite: str, profile: str, testbed: Optional[str] = None) -> str:
    """The :mod:`evalkit.data.datasets` key of a suite (``mt``/``as``) and test bed (default:
    the first of the paper's table) in a profile."""
    fixed = DATASETS[suite][profile]
    return fixed if fixed is not None else TESTBEDS[suite][testbed or next(iter(TESTBEDS[suite]))]


def linguistic_pool(parsed: bool) -> Dict[str, tuple]:
    """The linguistic measures: the model-free stand-ins, plus the parsed ones if asked."""
    return {**LINGUISTIC, **(PARSED if parsed else {})}


def printed_checks() -> pd.DataFrame:
    """What the printed numbers imply, recomputed exactly (no data needed)."""
    c = Claims(PAPER, data="printed numbers only", kind="recomputed")
    v = lambda key: int(c.printed("text", "value", key=key))  # noqa: E731
    for suite, key in (("MT", "mt_measures"), ("AS", "as_measures")):
        n = v(key)
        c.derived(
            f"figure1_pairs_{suite}",
            source="§5 / Figure 1",
            printed=f"{n} measures",
            this_run=f"C({n},2) = {comb(n, 2):,}",
            note="implied, not printed: the number of measure pairs Figure 1 shows",
        )
    c.check(
        "as_21",
        source="§4.2",
        printed=v("as_measures"),
        this_run=f"{len(AS_KINDS)} kinds x 3 = {len(AS_KINDS) * 3}",
        holds=len(AS_KINDS) * 3 == v("as_measures") and v("rouge_kinds") == len(AS_KINDS),
    )
    beds = c.table("testbeds")
    wide = (
        beds[beds["table"] == 1].pivot(index="testbed", columns="row", values="value").astype(float)
    )
    for bed, row in wide.iterrows():
        share = row["outputs_assessed_per_system"] / row["system_outputs"]
        pairs = int(row["outputs_assessed_per_system"]) * comb(
            int(row["system_outputs_assessed"]), 2
        )
        c.check(
            f"judged_share_{bed}",
            source="Table 1",
            printed=f"{int(row['outputs_assessed_per_system'])}/{int(row['system_outputs']):,}",
            this_run=f"{share:.1%}",
            holds=bool(
                row["outputs_assessed_per_system"] <= row["system_outputs"]
                and row["system_outputs_assessed"] <= row["systems"]
            ),
            note=f"judged share; at most {pairs:,} unordered judged pairs if segments are shared",
        )
    duc = beds[beds["table"] == 2].pivot(index="testbed", columns="row", values="value")
    for bed, row in duc.iterrows():
        n = int(row["outputs_assessed_per_system"]) * comb(int(row["system_outputs_assessed"]), 2)
        c.check(
            f"pairs_{bed}",
            source="Table 2",
            printed=f"{int(row['system_outputs_assessed'])} systems x "
            f"{int(row['system_outputs'])} topics",
            this_run=f"{n:,} unordered pairs",
            holds=int(row["systems"]) == int(row["system_outputs_assessed"]),
            note="every system judged on every topic",
        )
    h = float(c.printed("text", key="unanimity_example_h"))
    c.check(
        "unanimity_example",
        source="§6",
        printed=c.printed("text", "printed", key="unanimity_example_share"),
        this_run=f"1 - H = {1 - h:.0%}",
        holds=round(1 - h, 9) == float(c.printed("text", key="unanimity_example_share")),
    )
    return c.frame()


# --------------------------------------------------------------------------- scores
def _build(name: str, config: dict):
    from evalkit.metrics import get_metric

    return get_metric(name, **config)


def mt_scores(
    corpus, measures: Dict[str, tuple], max_segments: Optional[int] = None
) -> pd.DataFrame:
    """Sentence-level scores of every system output: ``document, segment, system, metric,
    value`` (higher = better; error rates negated and named 1-X). References: all of the
    segment's."""
    outs = corpus.outputs
    keys = corpus.segments[["document", "segment"]].drop_duplicates()
    if max_segments is not None:
        keys = keys.head(max_segments)
    outs = outs.merge(keys, on=["document", "segment"])
    refs = corpus.references.groupby(["document", "segment"])["text"].apply(list)
    ref_lists = [refs[(d, s)] for d, s in zip(outs["document"], outs["segment"])]
    frames = []
    for label, (name, config) in measures.items():
        metric = _build(name, config)
        x = np.asarray(metric.sentence_scores(list(outs["text"]), ref_lists), float)
        x = x if metric.higher_is_better else -x
        frames.append(outs[["document", "segment", "system"]].assign(metric=label, value=x))
    return pd.concat(frames, ignore_index=True)


def mt_quality(corpus) -> pd.DataFrame:
    """Human quality per output: mean adequacy + mean fluency over judges (2-10 on 1-5
    scales, the paper's sum), ``document, segment, system, value``."""
    j = corpus.judgments
    per = (
        j.groupby(["document", "segment", "system", "judgment"])["value"].mean().unstack("judgment")
    )
    missing = [c for c in ("adequacy", "fluency") if c not in per.columns]
    if missing:
        from evalkit.errors import ParameterError

        raise ParameterError(
            "corpus", corpus.name, f"adequacy and fluency judgments (missing {missing})"
        )
    per = per.dropna(subset=["adequacy", "fluency"])
    return (per["adequacy"] + per["fluency"]).rename("value").reset_index()


def mt_pairs(corpus, scores: pd.DataFrame):
    """The pair table of an MT corpus: from per-output adequacy + fluency when judged
    (:func:`mt_quality`), else from relative preferences (WMT daRR), restricted to the
    scored segments."""
    if len(corpus.preferences):
        keys = scores[["document", "segment"]].drop_duplicates()
        prefs = corpus.preferences.merge(keys, on=["document", "segment"])
        return co.pairs_from_preferences(scores, prefs)
    return co.build_pairs(scores, mt_quality(corpus))


def as_quality(corpus) -> pd.DataFrame:
    """Human quality per peer summary: DUC responsiveness (DUC 2006: content responsiveness,
    as the paper does not say which of its two; notes B3), or SummEval expert relevance (the
    stand-in), ``instance, system, value``."""
    from evalkit.data import human_scores

    if corpus.name == "summeval":
        frame = human_scores.summeval_coverage_quality(corpus).rename(columns={"coverage": "value"})
    else:
        have = set(corpus.judgments["judgment"])
        name = (
            "responsiveness"
            if "responsiveness" in have or "content_responsiveness" not in have
            else "content_responsiveness"
        )
        frame = human_scores.wide_judgments(corpus, [name]).rename(columns={name: "value"})
    return frame[["instance", "system", "value"]].dropna()


def as_scores(summaries: pd.DataFrame, roles: pd.DataFrame) -> pd.DataFrame:
    """The 21 AS measures for every peer summary against its topic's models:
    ``instance, system, metric, value`` (metric ``R-<kind>``, ``P-<kind>``, ``F-<kind>``;
    P is the paper's "reversed precision version")."""
    from evalkit.metrics.rouge_variants import rouge_variant_grid

    texts = summaries.merge(roles, on=["instance", "summarizer"])
    peers = texts[texts["role"] == "peer"]
    models = (
        texts[texts["role"] == "model"]
        .groupby("instance")["sentences"]
        .apply(lambda s: [tuple(t) for t in s])
    )
    grid = rouge_variant_grid(
        [tuple(t) for t in peers["sentences"]],
        [models[i] for i in peers["instance"]],
        list(peers["instance"].astype(str)),
        list(peers["summarizer"].astype(str)),
        per_summary=True,
    )
    tags = {"R1": "1", "R2": "2", "R3": "3", "R4": "4", "RSU4": "SU4", "RL": "L", "RW": "W-1.2"}
    grid = grid[grid["stem"] & ~grid["stopwords"] & grid["method"].isin(list(tags))]
    back = {str(i): i for i in peers["instance"].unique()}
    return pd.DataFrame(
        {
            "instance": grid["instance"].map(back),
            "system": grid["system"],
            "metric": grid["score"] + "-" + grid["method"].map(tags),
            "value": grid["value"],
        }
    )


# --------------------------------------------------------------------------- figures
def heterogeneity_by_family(
    table,
    lexical: Sequence[str],
    linguistic: Sequence[str],
    sizes: Sequence[int],
    n_sets: int,
    seed,
) -> pd.DataFrame:
    """Figure 4: mean H of random sets of each size drawn from the lexical measures only or
    from lexical + linguistic ones. Returns ``size, family, heterogeneity`` (one row per set)."""
    rows = []
    pools = {"lexical": list(lexical), "lexical+linguistic": list(lexical) + list(linguistic)}
    for i, (family, pool) in enumerate(pools.items()):
        ok = [s for s in sizes if s <= len(pool)]
        for x in co.sample_measure_sets(pool, ok, n_sets, seed=None if seed is None else seed + i):
            rows.append(
                {"size": len(x), "family": family, "heterogeneity": co.heterogeneity(table, x)}
            )
    return pd.DataFrame(rows)


#: "Almost every case" (§5) read as at least this share of measure pairs (README reading 4:
#: a difference of 0 counts, the proof's R uses >=).
ALMOST_EVERY = 0.9


def claims(
    table,
    additive: pd.DataFrame,
    sets: pd.DataFrame,
    suite: str,
    data: str,
    by_family: Optional[pd.DataFrame] = None,
    seed: int = 0,
) -> pd.DataFrame:
    """The paper's findings on this run (values are not comparable), each with its test:
    the additive property by an exact binomial test of the share of pairs whose difference
    is >= 0 against :data:`ALMOST_EVERY`; H against R by Spearman's test over the sets; the
    lower envelope by a permutation Spearman test over the H deciles; the gains by a sign
    test; lexical + linguistic against lexical by a paired t-test over set sizes. Pairs and
    random sets share measures, so every test here is optimistic (said in the evidence)."""
    c = Claims(PAPER, data=data)
    fig = {
        "mt": ("Figure 2", "Figure 5", "max_gain_mt"),
        "as": ("Figure 3", "Figure 6", "max_gain_as"),
    }[suite]
    diff = additive["difference"].dropna()
    if len(diff):
        k = int((diff >= 0).sum())
        p = sps.binomtest(k, len(diff), ALMOST_EVERY).pvalue
        c.finding(
            f"additive_{suite}",
            source="§5 / Figure 1",
            printed="difference positive in almost every case",
            expected=">",
            difference=k / len(diff) - ALMOST_EVERY,
            p_value=float(p),
            test=f"exact binomial test of the share of the {len(diff)} pairs with a difference "
            f">= 0 against {ALMOST_EVERY:g} ('almost every case'; pairs share measures: "
            "optimistic)",
            this_run=f"{(diff > 0).mean():.0%} positive, {(diff == 0).mean():.0%} zero, "
            f"{(diff < 0).mean():.0%} negative of {len(diff)} pairs",
            note="difference = R({x1,x2}) - max(R(x1), R(x2)); a zero difference counts as "
            "holding (README reading 4); ties of the human scores make R's of different "
            "sets rest on the same few pairs",
        )
    if len(diff) and getattr(table, "human", None) is not None:
        ties = co.additive_reliability_pairs(co.human_ties_confirm(table))["difference"].dropna()
        k = int((ties >= 0).sum())
        c.finding(
            f"additive_{suite}_ties_confirm",
            source="§5 + §6",
            printed="difference positive in almost every case (R with >=, as in the proof)",
            expected=">",
            difference=k / len(ties) - ALMOST_EVERY,
            p_value=float(sps.binomtest(k, len(ties), ALMOST_EVERY).pvalue),
            test=f"exact binomial test of the share of the {len(ties)} pairs with a difference "
            f">= 0 against {ALMOST_EVERY:g} (pairs share measures: optimistic)",
            this_run=f"{(ties > 0).mean():.0%} positive, {(ties == 0).mean():.0%} zero, "
            f"{(ties < 0).mean():.0%} negative; human ties in "
            f"{(np.asarray(table.human) == 0).mean():.0%} of the output pairs",
            note="the same pairs with a human tie counted as confirming (README reading 4): "
            "whether the additive property's verdict depends on the ties of integer scores",
        )
    ok = sets.dropna(subset=["reliability", "heterogeneity"])
    trend = spearman_trend(ok, "heterogeneity", "reliability")
    if trend is None:
        c.not_comparable(
            f"h_vs_r_{suite}",
            source=f"§6 / {fig[0]}",
            printed="higher heterogeneity, higher reliability",
            this_run=f"{len(ok)} sets",
            note="no variation of H or R over the sets",
        )
    else:
        c.finding(
            f"h_vs_r_{suite}",
            source=f"§6 / {fig[0]}",
            printed="higher heterogeneity, higher reliability",
            expected=">",
            difference=trend["rho"],
            p_value=trend["p_value"],
            test=f"Spearman rho of H and R over the {trend['n']} random sets (they share "
            "measures: optimistic)",
            this_run=f"rho = {trend['rho']:.2f}",
        )
    bins = 10 if ok["heterogeneity"].nunique() >= 10 else 4
    if ok["heterogeneity"].nunique() >= 4:
        groups = pd.qcut(ok["heterogeneity"], bins, duplicates="drop")
        envelope = ok.groupby(groups, observed=True)["reliability"].min()
        mids = ok.groupby(groups, observed=True)["heterogeneity"].median()
        if len(envelope) >= 3 and envelope.nunique() > 1:
            rho, p = spearman_permutation(
                mids.to_numpy(), envelope.to_numpy(), alternative="two-sided", seed=seed
            )
            c.finding(
                f"r_lower_bound_{suite}",
                source=f"§6 / {fig[0]}",
                printed="R(X) >= F(H(X)) with F increasing",
                expected=">",
                difference=rho,
                p_value=p,
                test=f"Spearman rho of the lowest R and the median H over {len(envelope)} H "
                "bins, two-sided permutation test",
                this_run="min R per H bin: " + " ".join(f"{v:.2f}" for v in envelope),
                note="the lower envelope of R rises with H",
            )
    gains = sets["gain"].dropna()
    nonzero = gains[gains != 0]
    if len(nonzero):
        p = sps.binomtest(int((nonzero > 0).sum()), len(nonzero)).pvalue
        c.finding(
            f"gain_positive_{suite}",
            source=f"§7 / {fig[1]}",
            printed=c.printed("text", "printed", key="gain_positive"),
            expected=">",
            difference=float((nonzero > 0).mean() - 0.5),
            p_value=float(p),
            test=f"sign test over the {len(nonzero)} sets with a non-zero gain",
            this_run=f"{(gains > 0).mean():.0%} of {len(gains)} sets positive",
            note="the paper: positive for all sets; the test asks whether gains are positive "
            "more often than not",
        )
    c.compare(
        f"max_gain_{suite}",
        source=f"§7 / {fig[1]}",
        printed=c.printed("text", "printed", key=fig[2]),
        this_run=round(float(gains.max()), 3) if len(gains) else None,
        comparable=False,
    )
    if by_family is not None:
        mean = by_family.groupby(["size", "family"])["heterogeneity"].mean().unstack("family")
        mean = mean.drop(index=[1], errors="ignore").dropna()
        higher = mean["lexical+linguistic"] > mean["lexical"]
        if len(mean) >= 2:
            res = pairwise.paired_test(
                mean["lexical+linguistic"].to_numpy(), mean["lexical"].to_numpy(), test="t"
            ).iloc[0]
            c.finding(
                "linguistic_raise_h",
                source="§6 / Figure 4",
                printed="lexical+linguistic sets more heterogeneous",
                expected=">",
                difference=float(res["mean_diff"]),
                p_value=float(res["p_value"]),
                test=f"paired t-test over the {len(mean)} set sizes of the mean H",
                this_run=f"higher at sizes {list(higher[higher].index)} of {list(higher.index)}",
                note="size 1 has H = 0 in both (left out)",
            )
    c.check(
        f"pairs_{suite}",
        source="§5",
        printed=f"all pairs of the {len(table.measures)} measures",
        this_run=f"{len(additive)} = C({len(table.measures)},2)",
        holds=len(additive) == comb(len(table.measures), 2),
        note=f"{int(table.diffs.shape[0])} ordered output pairs",
    )
    return c.frame()


def fit_sizes(sizes: Sequence[int], n_measures: int) -> list:
    """The requested set sizes that the pool can fill (the paper's 40 needs 40 measures)."""
    return [s for s in sizes if s <= n_measures]
