"""Liu & Gildea (2005), the claim rows: the findings of Tables 1-4 and 6 (HWCM and the
syntactic metrics against BLEU, the kernels poor at sentence level, DTKM best; at sentence
level the percentile bootstrap over the documents, at corpus level Williams' test over the
systems, combined by the partial conjunction where the paper says "in most cases"), the
parser-noise rows, and the printed curves the figures mark (the worked examples' rows:
:mod:`.claims_examples`).
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from .spec import _TABLES, KERNELS, PAPER, SYNTAX, published

__all__ = [
    "corpus_claims",
    "noise_claims",
    "pattern_checks",
    "printed_curves",
    "sentence_claims",
]


def _best(frame: pd.DataFrame, metrics: Sequence[str]) -> float:
    part = frame[frame["metric"].isin(list(metrics))]["value" if "value" in frame else "r"].astype(
        float
    )
    return float(part.max())


def _untested(c, cid: str, source: str, printed, run: pd.DataFrame, note: str) -> None:
    """A finding this run's table cannot test (relative rankings, no sentence scores, too
    few documents to resample): not comparable, saying why (the table's ``test``)."""
    why = (
        _test_name(run)
        if "test" in run.columns and len(run)
        else "relative rankings or no sentence scores"
    )
    c.not_comparable(
        cid, source=source, printed=printed, note=f"no test of two correlations ({why}); {note}"
    )


def _test_name(rows) -> str:
    """The test of a run's table (its ``test`` column; Williams' test in older tables)."""
    test = rows.get("test") if hasattr(rows, "get") else None
    if test is None:
        return "Williams test (two-sided)"
    return str(test.iloc[0]) if isinstance(test, pd.Series) else str(test)


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
                _best(f, SYNTAX) > _best(f, KERNELS)
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
    ``r_diff`` = r(A) - r(BLEU), ``p_vs_bleu`` two-sided and ``test`` its name): the
    one-sided p-values in the paper's direction combined by the partial conjunction "at
    least a majority of the settings" (Bonferroni; Benjamini & Heller 2008)."""
    from evalkit.stats.multiplicity import partial_conjunction

    ok = rows[np.isfinite(rows["p_vs_bleu"]) & np.isfinite(rows["r_diff"])]
    if ok.empty:
        _untested(c, cid, source, printed, rows, note)
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
        test=f"{_test_name(ok)} per setting, one-sided in the paper's direction, partial "
        f"conjunction: at least {u} of {len(ok)} significant (Bonferroni)",
        this_run=f"above BLEU in {int((d > 0).sum())} of {len(ok)} settings, "
        f"{int((one < 0.05).sum())} significant alone",
        note=note,
    )


def _claims_for(c, k: int, printed: pd.DataFrame, run: pd.DataFrame, level: str, note: str) -> None:
    """Table k's findings: HWCM above BLEU depth by depth (every table; headline for the
    overall tables and Table 6), the syntactic metrics above BLEU (fluency tables 1-2),
    DTKM best (Table 6), each tested on this run (the table's ``test``); the other orderings of
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
        synt = pr[[m for m in SYNTAX if m in pr.columns]]
        above = int((synt.sub(pr["BLEU"], axis=0) > 0).sum().sum())
        _majority_finding(
            c,
            f"table{k}_syntax_beats_bleu",
            f"Table {k} / Section 4",
            f"HWCM, STM, DSTM above BLEU in {above} of {int(synt.notna().sum().sum())} settings",
            vs_bleu(list(SYNTAX)),
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
                test=f"{_test_name(row)} against the best other configuration ({rival})",
                this_run=f"DTKM {float(row['r']):.3f} vs {rival} {r_rival:.3f}",
                note=note,
            )
        else:
            _untested(
                c,
                "table6_dtkm_best",
                "Table 6 / Section 4",
                f"DTKM highest ({'yes' if top else 'no'})",
                rr,
                note,
            )
    for claim, text, p_holds, r_holds in pattern_checks(printed, run, level):
        if claim in ("hwcm_beats_bleu", "dtkm_best"):
            continue
        if claim == "syntax_beats_kernels" and "p_vs_best_syntax" in rr.columns:
            _kernels_finding(c, k, rr, p_holds, note)
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


def _kernels_finding(c, k: int, run: pd.DataFrame, printed_holds: bool, note: str) -> None:
    """Section 4's "the kernel based metrics, though poor in sentence-level evaluation" (the
    sentence half of its contrast; Table 6's ``dtkm_best`` is the corpus half): the best
    HWCM/STM/DSTM configuration's r minus the best kernel's, by the table's test (two-sided;
    the document bootstrap on a run) between the two configurations."""
    kernels = run[run["metric"].isin(KERNELS) & np.isfinite(run["r"])]
    cid, source = f"table{k}_syntax_beats_kernels", f"Table {k} / Section 4"
    printed = f"best of HWCM/STM/DSTM above both kernels ({'yes' if printed_holds else 'no'})"
    top = kernels.sort_values("r", ascending=False, kind="mergesort").head(1)
    if top.empty or not np.isfinite(float(top["p_vs_best_syntax"].iloc[0])):
        _untested(c, cid, source, printed, run, note)
        return
    row = top.iloc[0]
    rival = row["best_syntax"]
    m, d = rival.split("@")
    r_syn = float(run[(run["metric"] == m) & (run["max_depth"].astype(str) == d)]["r"].iloc[0])
    c.finding(
        cid,
        source=source,
        printed=printed,
        expected=">",
        difference=r_syn - float(row["r"]),
        p_value=float(row["p_vs_best_syntax"]),
        test=f"{_test_name(row)} of {rival} against {row['metric']}",
        this_run=f"{rival} {r_syn:.3f} vs {row['metric']} {float(row['r']):.3f}",
        note=f"the sentence half of 'kernels poor at sentence level, best at corpus level' "
        f"(Table 6's table6_dtkm_best tests the corpus half); {note}",
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


def noise_claims(table: pd.DataFrame, accuracy: Optional[pd.DataFrame], profile: str, data: str):
    """Claims of ``03_parser_noise``: the findings of Tables 1-4 (:func:`pattern_checks`) with
    each parser's trees; the parser's UAS/LAS against the gold trees and the mean r each
    syntactic metric loses to parser noise (no printed counterparts: not comparable)."""
    from evalkit.notebook.claims import Claims, parser_cost_rows, tree_accuracy_rows

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
        tree_accuracy_rows(
            c,
            accuracy,
            source="Section 4",
            note="{score} of the parser against the gold trees, {tokens} tokens (punctuation left "
            "out); the paper does not print its parser's accuracy",
        )
    parser_cost_rows(
        c,
        table,
        source="Tables 1-4",
        tree_free=["BLEU"],
        over="the tables' settings (parser noise; no printed counterpart)",
    )
    return c
