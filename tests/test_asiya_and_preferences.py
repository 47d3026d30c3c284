"""The external score-file reader/writer and corroboration pairs built from preferences."""

import pandas as pd
import pytest

from evalkit.data import asiya
from evalkit.errors import InputFormatError, ParameterError
from evalkit.stats import corroboration as co


def test_round_trip(tmp_path):
    frame = pd.DataFrame(
        {
            "measure": ["DP-HWCr-4", "Ol"],
            "language_pair": ["ar-en"] * 2,
            "testset": ["nist2005"] * 2,
            "system": ["s1", "s2"],
            "segment": [1, 12],
            "score": [0.1 + 0.2, 1 / 3],
        }
    )
    path = asiya.write_scores(frame, tmp_path / "x.seg.score")
    back = asiya.read_scores(path)
    pd.testing.assert_frame_equal(back, frame)
    corr = asiya.to_corroboration_scores(back)
    assert list(corr.columns) == ["instance", "system", "metric", "value"]
    assert corr.instance.tolist() == ["ar-en/nist2005:1", "ar-en/nist2005:12"]


@pytest.mark.parametrize(
    "line, what",
    [
        ("Ol\tar-en\tnist2005\ts1\t1", "6 tab-separated"),
        ("Ol\tar-en\tnist2005\ts1\tx\t0.5", "integer SEGMENT"),
        ("Ol\tar-en\tnist2005\ts1\t0\t0.5", "1-based"),
        ("Ol\tar-en\tnist2005\ts1\t1\tnan", "finite"),
        ("Ol\tar-en\tnist2005\ts1\t1\thigh", "a number"),
    ],
)
def test_bad_lines_name_file_and_line(tmp_path, line, what):
    path = tmp_path / "bad.seg.score"
    path.write_text("# header comment\nOl\tar-en\tnist2005\ts0\t1\t0.5\n" + line + "\n")
    with pytest.raises(InputFormatError, match=what) as err:
        asiya.read_scores(path)
    assert err.value.line == 3 and err.value.path == str(path)


def test_duplicate_key_and_missing_file(tmp_path):
    path = tmp_path / "dup.seg.score"
    path.write_text("Ol\tar-en\tt\ts\t1\t0.5\nOl\tar-en\tt\ts\t1\t0.6\n")
    with pytest.raises(InputFormatError, match="one score per key"):
        asiya.read_scores(path)
    with pytest.raises(InputFormatError, match="existing"):
        asiya.read_scores(tmp_path / "none")
    with pytest.raises(ParameterError):
        asiya.write_scores(pd.DataFrame({"measure": ["x"]}), tmp_path / "y")


def _prefs():
    scores = pd.DataFrame(
        {
            "instance": ["1"] * 6 + ["2"] * 6,
            "system": ["a", "a", "b", "b", "c", "c"] * 2,
            "metric": ["x", "y"] * 6,
            "value": [3, 1, 2, 2, 1, 3, 1, 1, 2, 2, 3, 3],
        }
    )
    prefs = pd.DataFrame(
        {"instance": ["1", "1", "2"], "better": ["a", "b", "c"], "worse": ["c", "c", "a"]}
    )
    return scores, prefs


def test_pairs_from_preferences_by_hand():
    scores, prefs = _prefs()
    t = co.pairs_from_preferences(scores, prefs)
    assert t.diffs.shape == (6, 2)
    # pairs (better, worse): a>c in 1: x +2, y -2; b>c in 1: x +1, y -1; c>a in 2: x +2, y +2
    # R({x}): x agrees with humans on 3 forward pairs, x(s) > x(s') on no reversed pair -> 3/3
    assert co.reliability(t, ["x"]) == 1.0
    # R({y}): y(s) > y(s') on (c>a in 2) forward and on reversed (c,a) and (c,b) in 1 -> 1/3
    assert co.reliability(t, ["y"]) == pytest.approx(1 / 3)
    # R({x, y}): unanimous only on c>a in 2 -> 1/1 ; S({x, y}) = 1/3
    assert co.reliability(t, ["x", "y"]) == 1.0 and co.sensitivity(t, ["x", "y"]) == pytest.approx(
        1 / 3
    )
    # H: contradiction on both directions of the two pairs of instance 1 -> 4/6
    assert co.heterogeneity(t, ["x", "y"]) == pytest.approx(4 / 6)


def test_pairs_from_preferences_errors():
    scores, prefs = _prefs()
    with pytest.raises(ParameterError, match="both outputs"):
        co.pairs_from_preferences(scores, prefs.assign(worse="zzz"))
    with pytest.raises(ParameterError):
        co.pairs_from_preferences(pd.concat([scores, scores.iloc[:1]]), prefs)
