"""Human-judgment processing shared by banerjee2005, leusch2005 and owczarzak2006."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats.human import (
    coefficient_of_variation,
    critical_r,
    normalize_per_judge,
    per_system_correlation,
    segment_scores,
    system_scores,
)


def _judgments():
    rows = []
    # two judges: J1 harsh (scores 1..3), J2 lenient (3..5), same ranking of segments
    for sys_ in ("A", "B"):
        for seg in range(1, 5):
            for judge, base in (("J1", 0), ("J2", 2)):
                for kind, off in (("adequacy", 0), ("fluency", 1 if seg % 2 else 0)):
                    rows.append(
                        {
                            "system": sys_,
                            "document": "d1",
                            "segment": seg,
                            "judge": judge,
                            "judgment": kind,
                            "value": float(min(5, 1 + base + (seg - 1) // 2 + off)),
                        }
                    )
    return pd.DataFrame(rows)


def test_zscore_per_judge_and_judgment():
    j = normalize_per_judge(_judgments(), "zscore")
    for (_, _), part in j.groupby(["judge", "judgment"]):
        assert part["value"].mean() == pytest.approx(0.0, abs=1e-12)
        assert part["value"].std(ddof=0) == pytest.approx(1.0)
    # the two judges differ only by an offset, so their normalized adequacies coincide
    a = j[(j.judgment == "adequacy")].pivot_table(
        index=["system", "segment"], columns="judge", values="value"
    )
    assert np.allclose(a["J1"], a["J2"])


def test_unit_scaling_and_constant_judge():
    j = normalize_per_judge(_judgments(), "unit")
    assert j["value"].min() == 0.0 and j["value"].max() == 1.0
    bad = _judgments()
    bad.loc[bad.judge == "J1", "value"] = 3.0
    with pytest.raises(ParameterError, match="J1"):
        normalize_per_judge(bad, "zscore")
    with pytest.raises(ParameterError):
        normalize_per_judge(_judgments(), "median")


def test_combined_score_is_mean_of_four_numbers():
    j = _judgments()
    seg = segment_scores(j)
    one = j[(j.system == "A") & (j.segment == 1)]["value"]
    assert len(one) == 4
    row = seg[(seg.system == "A") & (seg.segment == 1)].iloc[0]
    assert row["combined"] == pytest.approx(one.mean())
    assert row["adequacy"] == pytest.approx(
        j[(j.system == "A") & (j.segment == 1) & (j.judgment == "adequacy")]["value"].mean()
    )
    with pytest.raises(ParameterError):
        segment_scores(j, kinds=("adequacy", "grammar"))
    with pytest.raises(ParameterError, match="lacks"):
        segment_scores(j[~((j.segment == 2) & (j.judgment == "fluency"))])


def test_system_scores_length_weighted():
    seg = pd.DataFrame({"system": ["A", "A", "B"], "h": [1.0, 3.0, 2.0], "len": [1, 3, 5]})
    assert system_scores(seg, "h")["A"] == 2.0
    assert system_scores(seg, "h", weights="len")["A"] == pytest.approx((1 + 9) / 4)
    with pytest.raises(ParameterError):
        system_scores(seg.assign(len=[-1, 3, 5]), "h", weights="len")


def test_per_system_correlation_average_and_absolute():
    rng = np.random.default_rng(1)
    frames = []
    for s, sign in (("A", 1), ("B", -1)):
        x = rng.normal(size=30)
        frames.append(pd.DataFrame({"system": s, "m": x, "h": sign * x + rng.normal(size=30)}))
    f = pd.concat(frames)
    t = per_system_correlation(f, "m", "h")
    ra = stats.pearsonr(frames[0]["m"], frames[0]["h"])[0]
    rb = stats.pearsonr(frames[1]["m"], frames[1]["h"])[0]
    assert t.iloc[0]["r"] == pytest.approx(ra) and t.iloc[1]["r"] == pytest.approx(rb)
    assert t.iloc[-1]["system"] == "Average" and t.iloc[-1]["r"] == pytest.approx((ra + rb) / 2)
    ta = per_system_correlation(f, "m", "h", absolute=True)
    assert ta.iloc[-1]["r"] == pytest.approx((abs(ra) + abs(rb)) / 2)


def test_critical_r_matches_textbook_tables():
    # Owczarzak et al. (2006) quote 0.267 (p < 0.01) and 0.164 (p < 0.10); printed tables
    # give these for df = 90 and df = 100 (two-sided); scipy's pearsonr p at the critical r
    # must equal alpha.
    r = critical_r(92, 0.01)
    assert round(r, 3) == 0.267
    assert round(critical_r(102, 0.10), 3) == 0.164
    x = np.linspace(0, 1, 92)
    # a sample with exactly correlation r: its pearsonr p-value is alpha
    y = r * (x - x.mean()) / x.std() + np.sqrt(1 - r * r) * np.sin(np.arange(92) * 12.9898)
    rr, p = stats.pearsonr(x, y)
    assert critical_r(92, p) == pytest.approx(abs(rr), rel=1e-9)
    assert critical_r(92, 0.01, two_sided=False) < r
    with pytest.raises(ParameterError):
        critical_r(2)


def test_coefficient_of_variation():
    assert coefficient_of_variation([1.0, 3.0]) == pytest.approx(np.std([1, 3], ddof=1) / 2)
    with pytest.raises(ParameterError):
        coefficient_of_variation([1.0])


def test_win_share():
    from evalkit.stats.human import win_share

    p = pd.DataFrame({"better": ["A", "A", "B"], "worse": ["B", "C", "C"]})
    w = win_share(p)
    assert w["A"] == 1.0 and w["B"] == 0.5 and w["C"] == 0.0
