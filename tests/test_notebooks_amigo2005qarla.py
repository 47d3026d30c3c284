"""Smoke runs of notebooks/amigo2005qarla/ (quick mode), see tests/_notebook_smoke.py: sample;
public (the data notebook, on SummEval); licensed (skipped naming duc2004 without configuration;
run on the quick simulated DUC 2004 task 2 written as NIST's results tree)."""

import pandas as pd

from _notebook_smoke import duc2004_smoke, numbers

PAPER = "amigo2005qarla"
NO_DOC_METRICS = {"NICOS", "DocSim", "SentencePrecision", "SentenceRecall"}


def _sample(out):
    found = numbers(out, "00_formal_properties")
    # every printed check agrees but the one erratum and the derived peers_selected
    assert found["printed_checks_agree"] == found["printed_checks_total"] - 2
    claims = pd.read_csv(out / "00_formal_properties" / "paper_vs_run.csv")
    props = claims[claims["kind"] == "reproduced"].set_index("claim_id")["verdict"]
    assert props.drop("c6_random_metric").eq("agrees").all(), props
    quality = numbers(out, "01_metric_quality")
    assert NO_DOC_METRICS | {"ROUGESim"} <= set(quality["metrics"])
    assert not NO_DOC_METRICS & set(quality["set1"])
    kings = pd.read_csv(out / "01_metric_quality" / "figure5_king_per_metric.csv")
    assert kings["king"].between(0, 1).all() and len(kings) == len(quality["metrics"])
    table1 = pd.read_csv(out / "01_metric_quality" / "table1.csv")
    assert list(table1["criterion"])[-2:] == ["QUEEN(ROUGESim)", "QUEEN(Best Metric Combination)"]
    assert (table1["successes"] <= table1["total"]).all() and (table1["total"] > 0).all()


def _public(out):
    found = numbers(out, "01_metric_quality")
    assert found["data"] == "summeval"
    assert not NO_DOC_METRICS & set(found["metrics"])


def _licensed(out):
    assert numbers(out, "01_metric_quality")["data"] == "duc2004"


SMOKE = duc2004_smoke(
    PAPER,
    {"00_formal_properties", "01_metric_quality"},
    "01_metric_quality",
    _sample,
    _public,
    _licensed,
)
