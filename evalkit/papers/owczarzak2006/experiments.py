"""Owczarzak et al. (2006): the experiments on a bitext and a test set.

* :func:`paraphrase_pipeline`: bitext -> symmetrized links -> phrase table -> equivalence
  sets (Sec. 3), and :func:`alignment_quality` (AER against gold links);
* :func:`concept_oracle` / :func:`paraphrase_accuracy`: Tables 5-6 graded by the simulated
  bitext's concept labels instead of human judges;
* :func:`expanded_references`, :func:`table1`, :func:`reference_gain`,
  :func:`sentence_correlations`: Tables 1-4;
* :func:`load_bitext`, :func:`pick_systems`, :func:`darr_taus`: the data by profile."""

from __future__ import annotations

from collections import Counter
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.stats.human import coefficient_of_variation, critical_r
from evalkit.stats.williams import williams_p
from evalkit.text.alignment import align_bitext, alignment_error_rate, extract_phrases, parse_links
from evalkit.text.paraphrase import (
    PREPOSITIONS_EN,
    PhraseTable,
    equivalence_sets,
    equivalents,
    expand_reference,
    pivot_paraphrases,
)
from evalkit.text.tokenize import tokenize_words

__all__ = [
    "normalize",
    "bitext_from_frame",
    "paraphrase_pipeline",
    "alignment_quality",
    "concept_oracle",
    "paraphrase_accuracy",
    "expanded_references",
    "table1",
    "sentence_correlations",
    "load_bitext",
    "pick_systems",
    "darr_taus",
    "reference_gain",
]


# --------------------------------------------------------------------------- paraphrases
def normalize(text: str) -> List[str]:
    """Lower-cased, punctuation-free tokens (the paper's example references)."""
    return tokenize_words(text, "remove_punct", lowercase=True)


def bitext_from_frame(
    bitext: pd.DataFrame,
) -> Tuple[List[Tuple[List[str], List[str]]], Optional[List[set]]]:
    """(sentence pairs, gold links or None) from a frame with ``source``, ``target`` and
    optionally ``alignment`` (the simulator's bitext truth: tokens as written)."""
    pairs = [(s.split(), t.split()) for s, t in zip(bitext["source"], bitext["target"])]
    gold = None
    if "alignment" in bitext.columns:
        gold = [
            set(parse_links(a if isinstance(a, str) else "", where="bitext alignment"))
            for a in bitext["alignment"]
        ]
    return pairs, gold


def paraphrase_pipeline(
    pairs,
    method: str = "grow-diag-final-and",
    iterations: int = 5,
    max_length: int = 3,
    exclude=PREPOSITIONS_EN,
    lowercase: bool = True,
):
    """Links, phrase table and equivalence sets of a bitext (target side lower-cased)."""
    links = align_bitext(pairs, method, iterations)
    table = PhraseTable()
    found = []
    for (src, tgt), a in zip(pairs, links):
        tgt = [w.lower() for w in tgt] if lowercase else tgt
        found.extend(extract_phrases(src, tgt, a, max_length=max_length))
    table.add(found)
    return links, table, equivalence_sets(table, exclude=exclude)


def alignment_quality(links, gold) -> Dict[str, float]:
    """AER, precision and recall against gold links (sure links only)."""
    return alignment_error_rate(links, gold)


def concept_oracle(
    bitext: pd.DataFrame, max_length: int = 3
) -> Dict[Tuple[str, ...], Tuple[str, ...]]:
    """Lower-cased target n-gram -> its most frequent sequence of concepts (``-`` dropped)."""
    if "concepts" not in bitext.columns:
        raise ParameterError(
            "bitext", "no concepts column", "the simulator's bitext with its concept oracle"
        )
    seen: Dict[Tuple[str, ...], Counter] = {}
    for target, concepts in zip(bitext["target"], bitext["concepts"]):
        words, cs = target.lower().split(), concepts.split()
        for i in range(len(words)):
            for n in range(1, max_length + 1):
                if i + n <= len(words):
                    key = tuple(dict.fromkeys(c for c in cs[i : i + n] if c != "-"))
                    seen.setdefault(tuple(words[i : i + n]), Counter())[key] += 1
    return {k: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for k, c in seen.items()}


def _kind(concepts: Tuple[str, ...]) -> Tuple[str, ...]:
    return tuple(c.split(":")[0] if ":" in c else "name" for c in concepts)


def paraphrase_accuracy(
    table: PhraseTable, sets, oracle, sample_size: int = 50, seed: int = 0, pivot_agg: str = "max"
) -> pd.DataFrame:
    """Tables 5-6 graded by the oracle: for ``sample_size`` items drawn from the sets
    (seeded), the best paraphrase (pivot) and all equivalents; semantic accuracy = same
    concepts, syntactic = same kinds of concepts. Items the oracle cannot grade (function
    words only) are skipped and counted."""
    eq = equivalents(sets)
    items = sorted(k for k in eq if oracle.get(k))
    rng = np.random.default_rng(seed)
    chosen = (
        [items[i] for i in rng.choice(len(items), size=min(sample_size, len(items)), replace=False)]
        if items
        else []
    )
    best = pivot_paraphrases(table, chosen, agg=pivot_agg)
    rows = []
    for mode in ("best", "all"):
        sem = syn = graded = 0
        for e1 in chosen:
            cands = (
                [best[e1][0]]
                if mode == "best" and e1 in best
                else (eq[e1] if mode == "all" else [])
            )
            for e2 in cands:
                c1, c2 = oracle.get(e1), oracle.get(e2)
                if not c1 or not c2:
                    continue
                graded += 1
                sem += c1 == c2
                syn += _kind(c1) == _kind(c2)
        rows.append(
            {
                "paraphrases": mode,
                "items": len(chosen),
                "graded": graded,
                "semantic": sem / graded if graded else np.nan,
                "syntactic": syn / graded if graded else np.nan,
            }
        )
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- references and scores
def expanded_references(references: Sequence[str], sets) -> List[List[str]]:
    """Per segment: the normalized reference and its single-substitution variants."""
    eq = equivalents(sets)
    return [[" ".join(v) for v in expand_reference(normalize(r), eq)] for r in references]


def _metrics(smoothing: str = "none"):
    return (
        get_metric("bleu", tokenize="none", smoothing=smoothing, ref_layout="segments"),
        get_metric("nist", tokenize="none", ref_layout="segments"),
    )


def table1(
    hyps_by_system: Dict[str, List[str]], single: List[str], multi: List[List[str]]
) -> pd.DataFrame:
    """Table 1: corpus BLEU (0-1) and NIST per system with the single and multiple references
    (hypotheses and references normalized alike)."""
    bleu, nist = _metrics()
    rows = []
    for system, hyps in hyps_by_system.items():
        h = [" ".join(normalize(x)) for x in hyps]
        for label, refs in (
            ("single", [[" ".join(normalize(r))] for r in single]),
            ("multi", multi),
        ):
            rows.append(
                {
                    "system": system,
                    "references": label,
                    "BLEU": bleu.corpus_score(h, refs).score / 100.0,
                    "NIST": nist.corpus_score(h, refs).score,
                }
            )
    return pd.DataFrame(rows)


def reference_gain(
    hyps: List[str],
    single: List[str],
    multi: List[List[str]],
    n_boot: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Table 1's gain, multi minus single reference, of corpus BLEU (0-1) and NIST with a
    paired bootstrap over segments: each resample draws segments with replacement, the same
    for both reference sets, and recomputes both corpus scores from the summed sufficient
    statistics (NIST's information weights stay those of the full test set). Columns
    ``metric, single, multi, gain, ci_low, ci_high`` (percentile interval).

    Adding references cannot lower a clipped n-gram match, so the gain is positive almost by
    construction; what the interval adds is whether it exceeds the resampling noise (the
    brevity penalty and NIST's weights can move the other way)."""
    from evalkit.stats.validation import check_int, check_probability

    n_boot = check_int("n_boot", n_boot, minimum=1)
    conf = check_probability("confidence", confidence)
    h = [" ".join(normalize(x)) for x in hyps]
    single_refs = [[" ".join(normalize(r))] for r in single]
    idx = np.random.default_rng(seed).integers(0, len(h), size=(n_boot, len(h)))
    rows = []
    for name, metric, scale in zip(("BLEU", "NIST"), _metrics(), (100.0, 1.0)):
        st = {
            lab: np.asarray(metric.segment_statistics(h, refs), dtype=float)
            for lab, refs in (("single", single_refs), ("multi", multi))
        }
        full = {
            lab: float(metric.score_from_statistics(v.sum(0, keepdims=True))[0]) / scale
            for lab, v in st.items()
        }
        boot = {
            lab: np.asarray(metric.score_from_statistics(v[idx].sum(axis=1)), dtype=float) / scale
            for lab, v in st.items()
        }
        diff = boot["multi"] - boot["single"]
        lo, hi = np.quantile(diff, [(1 - conf) / 2, (1 + conf) / 2])
        rows.append(
            {
                "metric": name,
                "single": full["single"],
                "multi": full["multi"],
                "gain": full["multi"] - full["single"],
                "ci_low": float(lo),
                "ci_high": float(hi),
            }
        )
    return pd.DataFrame(rows)


def sentence_correlations(
    hyps: List[str],
    single: List[str],
    multi: List[List[str]],
    human: np.ndarray,
    n_boot: int = 1000,
    seed: int = 0,
) -> pd.DataFrame:
    """Tables 2-4: Pearson r of sentence BLEU, add-one smoothed BLEU and NIST with the human
    score, single vs multiple references; critical r at p < 0.01 and 0.10 for this n; the
    bootstrap share of resamples in which the multi-reference r is not higher (footnote 6);
    ``p_williams``: the two-sided Williams test of multi vs single r (the two share the
    human scores); ``p_vs_bleu`` (row ``BLEU smoothed``): smoothed vs plain BLEU, single
    reference."""
    human = np.asarray(human, dtype=float)
    h = [" ".join(normalize(x)) for x in hyps]
    n = len(h)
    bleu, nist = _metrics()
    smooth, _ = _metrics("add1")
    rng = np.random.default_rng(seed)
    boot = rng.integers(0, n, size=(n_boot, n))
    rows = []
    singles: Dict[str, tuple] = {}
    for name, metric in (("BLEU", bleu), ("BLEU smoothed", smooth), ("NIST", nist)):
        x = {
            lab: np.asarray(metric.sentence_scores(h, refs), dtype=float)
            for lab, refs in (
                ("single", [[" ".join(normalize(r))] for r in single]),
                ("multi", multi),
            )
        }
        r = {lab: float(np.corrcoef(v, human)[0, 1]) for lab, v in x.items()}
        singles[name] = (x["single"], r["single"])
        p_williams = williams_p(r["multi"], r["single"], x["multi"], x["single"], n)
        p_vs_bleu = (
            williams_p(r["single"], singles["BLEU"][1], x["single"], singles["BLEU"][0], n)
            if name == "BLEU smoothed"
            else float("nan")
        )
        rb = {
            lab: np.array([np.corrcoef(v[b], human[b])[0, 1] for b in boot]) for lab, v in x.items()
        }
        rows.append(
            {
                "metric": name,
                "single": r["single"],
                "multi": r["multi"],
                "n": n,
                "critical_r_p01": critical_r(n, 0.01),
                "critical_r_p10": critical_r(n, 0.10),
                "p_rise": float(np.mean(np.nan_to_num(rb["multi"] - rb["single"]) <= 0)),
                "p_williams": p_williams,
                "p_vs_bleu": p_vs_bleu,
            }
        )
    out = pd.DataFrame(rows)
    out.attrs["human_mean"] = float(human.mean())
    out.attrs["human_cv"] = coefficient_of_variation(human)
    return out


# --------------------------------------------------------------------------- data by profile
def load_bitext(
    profile: str, quick: bool = False, public_pair: str = "lt-en"
) -> Tuple[pd.DataFrame, str]:
    """The bitext paraphrases are derived from, and what it stands in for.

    ``sample``: the simulated TIDES bitext with gold links and the concept oracle (the
    paper aligned its test set's own source and reference files; the simulated bitext is
    the same language pair and domain, and it has gold links); ``public``: the WMT19 daRR
    source-reference pairs of ``public_pair`` (no gold links, no oracle); ``licensed``: the
    Europarl test sets were never distributed with their outputs and judgments.
    """
    from evalkit.errors import DataNotConfiguredError

    if profile == "sample":
        from evalkit.data.simulate.build import load_truth

        return load_truth("tides2003ce", quick=quick)[
            "bitext"
        ], "simulated TIDES bitext (gold links, concept oracle)"
    if profile == "public":
        from evalkit.data.wmt import load_wmt19_darr

        corpus = load_wmt19_darr(public_pair)
        pairs = corpus.segments.merge(corpus.references, on=["document", "segment"])
        frame = pd.DataFrame(
            {
                "source": [" ".join(normalize(s)) for s in pairs["source"]],
                "target": [" ".join(normalize(t)) for t in pairs["text"]],
            }
        )
        return frame, f"WMT19 daRR {public_pair} source-reference pairs (no gold links)"
    if profile == "licensed":
        raise DataNotConfiguredError(
            "Europarl fr-en test sets PH and LM with Pharaoh/Logomedia outputs and judgments",
            "never distributed; no licensed configuration exists for them",
        )
    raise ParameterError("profile", profile, "one of 'sample', 'public', 'licensed'")


def pick_systems(frame: pd.DataFrame, systems: Optional[Sequence[str]] = None) -> List[str]:
    """The two systems standing in for Pharaoh (PH) and Logomedia (LM): ``systems``, or the
    two with the most outputs (first and last of the corpus order on ties)."""
    if systems:
        unknown = [s for s in systems if s not in set(frame["system"])]
        if unknown or len(systems) != 2:
            raise ParameterError("systems", systems, f"two of {sorted(set(frame['system']))}")
        return list(systems)
    counts = frame["system"].value_counts(sort=False)
    order = list(dict.fromkeys(frame["system"]))
    top = sorted(order, key=lambda s: (-counts[s], order.index(s)))
    return [top[0], top[-1]] if counts[top[0]] == counts[top[-1]] else top[:2]


def darr_taus(
    frame: pd.DataFrame, multi: Dict[Tuple[str, int], List[str]], preferences: pd.DataFrame
) -> pd.DataFrame:
    """WMT daRR Kendall-like tau of sentence BLEU, smoothed BLEU and NIST, single vs multiple
    references (the public profile's stand-in for Tables 2 and 4)."""
    from evalkit.stats.correlation import wmt_kendall_like

    h = [" ".join(normalize(x)) for x in frame["text"]]
    keys = list(zip(frame["document"], frame["segment"]))
    refs = {
        "single": [[" ".join(normalize(r[0]))] for r in frame["refs"]],
        "multi": [multi[k] for k in keys],
    }
    bleu, nist = _metrics()
    smooth, _ = _metrics("add1")
    rows = []
    for name, metric in (("BLEU", bleu), ("BLEU smoothed", smooth), ("NIST", nist)):
        for label, rr in refs.items():
            long = frame[["document", "segment", "system"]].assign(
                metric=name, value=metric.sentence_scores(h, rr)
            )
            tau = wmt_kendall_like(preferences, long).iloc[0]
            rows.append({"metric": name, "references": label, "tau": tau["tau"]})
    return (
        pd.DataFrame(rows).pivot(index="metric", columns="references", values="tau").reset_index()
    )
