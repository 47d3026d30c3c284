"""The sample profile against the statistics the papers print about their data (issue 29).

Every row of ``data/published/simulator_targets.csv`` is one test: the default sample
build (simulated in memory with the default seed: the same corpus the build writes, as
tests/test_simulate.py checks) must give the printed value within the row's tolerance.
Targets the calibration does not reach yet are listed in ``KNOWN_GAPS`` as strict xfails:
they are reported (``premise_gaps``) and the test fails as soon as one is met, so the list
cannot go stale.
"""

from __future__ import annotations

from types import SimpleNamespace

import pandas as pd
import pytest
from _frames import one_topic

from evalkit.data.simulate import realism as rl
from evalkit.errors import ParameterError

TARGETS = rl.read_targets()

#: target_id -> why the calibration misses it (reported by premise_gaps on the notebooks)
KNOWN_GAPS: dict = {}


@pytest.fixture(scope="module")
def report():
    corpora = rl.simulated_corpora(sorted(set(TARGETS["corpus"])))
    return rl.realism_report(corpora, TARGETS).set_index("target_id")


def _params():
    for target_id in TARGETS["target_id"]:
        marks = []
        if target_id in KNOWN_GAPS:
            marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[target_id]))
        yield pytest.param(target_id, marks=marks, id=target_id)


@pytest.mark.parametrize("target_id", list(_params()))
def test_target_is_met(report, target_id):
    row = report.loc[target_id]
    assert row["met"], (
        f"{target_id}: printed {row['printed_value']:g} ({row['paper']} {row['table']}), "
        f"simulated {row['simulated']:.4g}, tolerance {row['tolerance']}"
    )


def test_every_target_resolves_to_one_printed_value():
    assert TARGETS["target_id"].is_unique
    assert TARGETS["printed_value"].notna().all()
    # a reference, not a copy: the value comes from the paper's transcription
    t3 = TARGETS[TARGETS["table"] == "table3"].iloc[0]
    assert t3["printed"] == "" and t3["printed_value"] == rl.printed_value(t3)
    # a wide table: the cell names the column the number is read from
    from evalkit.data.published import read_published

    table2 = read_published("leusch2005", "table2").set_index("statistic")
    btec = TARGETS.set_index("target_id").loc["reference_tokens_btec"]
    assert btec["printed_value"] == float(table2.loc["avg_reference_length", "btec_ce"])
    wrong = btec.copy()
    wrong["cell"] = "statistic=avg_reference_length;value_column=no_such_column"
    with pytest.raises(ParameterError, match="columns of leusch2005/table2"):
        rl.printed_value(SimpleNamespace(**wrong.to_dict()))


def test_a_missed_target_is_a_premise_gap():
    fake = pd.DataFrame(
        [
            {
                "target_id": "x",
                "corpus": "tac2008",
                "statistic": "pyramid_mean",
                "where": "group=human;docset=initial",
                "paper": "owczarzak2011who",
                "table": "table2",
                "tolerance": "0.06",
                "printed_value": 0.66,
                "simulated": 0.4,
                "met": rl._met(0.66, 0.4, "0.06"),
            }
        ]
    )
    gaps = rl.premise_gaps("owczarzak2011who", fake)
    assert len(gaps) == 1 and "0.66" in gaps[0] and "0.4" in gaps[0]
    assert rl.premise_gaps("graham2015", fake) == []


@pytest.mark.parametrize(
    "printed, simulated, tolerance, met",
    [
        (9.0, 14.9, "6", True),
        (9.0, 15.1, "6", False),
        (230.0, 280.0, "25%", True),
        (230.0, 300.0, "25%", False),
        (2.4, 0.0, "present", False),
        (0.0, 0.0, "present", True),
    ],
)
def test_tolerances(printed, simulated, tolerance, met):
    assert rl._met(printed, simulated, tolerance) is met


def test_realism_claims_label_met_targets_by_construction_and_misses_as_differs():
    """A met target is calibrated (by construction, never evidence); a missed one is a
    premise gap the reader must see (differs), unless the report is of the quick corpora."""
    from evalkit.papers.methods.claims import realism_claims

    report = pd.DataFrame(
        {
            "target_id": ["hit", "miss"],
            "paper": "leusch2005",
            "table": "table2",
            "corpus": "tides2003ce",
            "tolerance": "10%",
            "printed_value": [7.3, 28.1],
            "simulated": [7.3, 13.3],
            "met": [True, False],
        }
    )
    rows = realism_claims(report).set_index("claim_id")["verdict"]
    assert rows.to_dict() == {"hit": "by construction", "miss": "differs"}
    quick = realism_claims(report, quick=True).set_index("claim_id")["verdict"]
    assert quick.to_dict() == {"hit": "by construction", "miss": "not comparable"}


def test_rouge2_recall_ranks_the_peers_by_their_median_recall_as_rouge_counts_it():
    """By hand: peer 1 shares with model A its 2 bigrams (the cat, cat sat) and with model B
    3 of its 5 (sat on, on the, the mat): 5 / 7; peer 2 shares "a dog" with B: 1 / 7."""
    texts = {"A": "the cat sat", "B": "a dog sat on the mat"}
    texts.update({"1": "the cat sat on the mat", "2": "a dog ran"})
    roles = {"A": "model", "B": "model", "1": "peer", "2": "peer"}
    summaries, summarizers = one_topic(texts, roles, instance="d1")
    corpus = SimpleNamespace(summaries=summaries, summarizers=summarizers)
    assert rl.rouge2_recall(corpus) == pytest.approx(100 * 5 / 7, abs=1e-3)
    assert rl.rouge2_recall(corpus, rank=2) == pytest.approx(100 / 7, abs=1e-3)
    # -b 10 cuts models and peers alike (ROUGE-1.5.5): A "the cat sa", B "a dog sat", peer 1
    # "the cat sa" shares 2 of the 4 model bigrams, peer 2 "a dog ran" 1 of them
    assert rl.rouge2_recall(corpus, byte_limit=10) == pytest.approx(50.0, abs=1e-3)
    assert rl.rouge2_recall(corpus, rank=2, byte_limit=10) == pytest.approx(25.0, abs=1e-3)
    where = {"rank": "1", "aggregate": "mean", "bytes": ""}
    assert rl.simulated_value(corpus, "rouge2_recall", where) == pytest.approx(
        100 * 5 / 7, abs=1e-3
    )
    with pytest.raises(ParameterError):
        rl.rouge2_recall(corpus, rank=3)
    with pytest.raises(ParameterError):
        rl.rouge2_recall(corpus, aggregate="max")
