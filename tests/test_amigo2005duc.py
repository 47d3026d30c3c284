"""The DUC 2004 QARLA paper module: printed counts, ranking correlation, Figure 5 search, Figure 3 reading."""
import numpy as np
import pandas as pd
import pytest

from evalkit.papers import amigo2005duc as dp
from evalkit.stats import qarla
from evalkit.stats.qarla_synthetic import point_clouds


def test_printed_checks_all_agree():
    checks = dp.printed_checks()
    assert len(checks) == 6 and (checks["verdict"] == "agrees").all(), checks


def test_ranking_correlation_by_hand():
    q = pd.Series([0.1, 0.2, 0.3, 0.4], index=list("abcd"))
    h = pd.Series([1.0, 2.0, 4.0, 3.0, 9.0], index=list("abcde"))
    r = dp.ranking_correlation(q, h)
    assert r["systems"] == 4 and r["pearson_ranks"] == pytest.approx(0.8)
    assert r["pearson_scores"] == pytest.approx(np.corrcoef([0.1, 0.2, 0.3, 0.4], [1, 2, 4, 3])[0, 1])


def test_king_vs_correlation_matches_direct_computation():
    _, sims, roles = point_clouds(3, 4, 5, 3, noise=0.5, seed=7)
    data = qarla.QarlaData(sims, roles)
    human = pd.Series(np.arange(5, dtype=float), index=[f"P{i}" for i in range(5)])
    table = dp.king_vs_correlation(data, ["x0", "x1", "x2"], human).set_index("metrics")
    assert len(table) == 7
    direct = qarla.queen_system_scores(data, metrics=["x0", "x2"])
    expect = dp.ranking_correlation(dp.as_series(direct), human)
    assert table.loc["x0 + x2", "pearson_scores"] == pytest.approx(expect["pearson_scores"])
    assert table.loc["x0 + x2", "king"] == pytest.approx(qarla.king(data, metrics=["x0", "x2"]))


def test_jack_growth_reads_the_curve():
    curve = pd.DataFrame({"order": 0, "systems": [1, 2, 3, 4], "jack": [0.0, 0.4, 0.6, 0.7]})
    g = dp.jack_growth(curve, knee=2)
    assert g == {"before": pytest.approx(0.4), "after": pytest.approx(0.15), "final": pytest.approx(0.7)}
    assert dp.jack_knee() == 10
