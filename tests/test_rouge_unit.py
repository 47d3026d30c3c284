"""ROUGE API behaviour that needs no reference tool: validation, signatures, tidy frames,
and properties that follow from the definitions (any implementation must satisfy them)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit.errors import ParameterError
from evalkit.metrics.rouge import Rouge
from evalkit.metrics.rouge_text import perl_round5
from evalkit.metrics.rouge_variants import rouge_variant_grid
from evalkit.metrics import rouge_kernels as K


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(n=-1),
        dict(w=0),
        dict(su="X"),
        dict(length_limit=5, byte_limit=5),
        dict(scoring="C"),
        dict(alpha=1.5),
        dict(unit=3),
        dict(confidence=101),
        dict(resamples=0),
        dict(length_limit=-2),
    ],
)
def test_invalid_parameters_are_refused_with_the_parameter_named(kwargs):
    with pytest.raises(ParameterError) as e:
        Rouge(**kwargs)
    assert list(kwargs)[0].split("_")[0] in str(e.value)


def test_inputs_are_validated():
    r = Rouge(n=1)
    with pytest.raises(ParameterError):
        r.score(["a b"], [["a"], ["b"]])  # one reference list per summary
    with pytest.raises(ParameterError):
        r.score(["a b"], ["a b"])  # references must be a list per summary
    with pytest.raises(ParameterError):
        r.score([["two\nlines"]], [["a"]])  # a sentence may not hold a newline
    with pytest.raises(ParameterError):
        r.score(["a", "b"], [["a"], ["a"]], instance_ids=["1", "1"], system_ids=["S", "S"])


def test_signature_names_every_setting():
    a = Rouge(
        n=4,
        w=1.2,
        skip=4,
        su="both",
        stem=True,
        stopwords=True,
        byte_limit=665,
        scoring="B",
        alpha=0.3,
    )
    sig = a.signature()
    for part in (
        "n:4",
        "w:1.2",
        "s:4",
        "su:both",
        "stem:porter-rouge+wn2.0exc(",
        "stop:smart",
        "trunc:665b",
        "f:B",
        "alpha:0.3",
        "t:0",
        "boot:1000@95",
        "version:",
    ):
        assert part in sig, part
    assert Rouge().signature() != Rouge(stem=True).signature()
    assert repr(a).startswith("Rouge(rouge-1.5.5|")


def test_method_tags_follow_the_script():
    assert Rouge(n=2, w=1.2, skip=4, su="both").methods() == [
        "ROUGE-1",
        "ROUGE-2",
        "ROUGE-L",
        "ROUGE-W-1.2",
        "ROUGE-S4",
        "ROUGE-SU4",
    ]
    assert Rouge(n=0, lcs=False, skip=-1, su="SU").methods() == ["ROUGE-SU*"]


def test_identical_summary_scores_one_and_disjoint_scores_zero():
    r = Rouge(n=2, w=1.2, skip=4, su="both", resamples=10)
    res = r.score(
        ["the cat sat on the mat", "zebra crossing"],
        [["the cat sat on the mat"], ["lions roar loud"]],
    )
    s = res.scores.set_index(["instance", "metric"])
    for m in r.methods():
        assert tuple(s.loc[("2", m), ["R", "P", "F"]]) == (0.0, 0.0, 0.0)
        if m != "ROUGE-W-1.2":
            assert tuple(s.loc[("1", m), ["R", "P", "F"]]) == (1.0, 1.0, 1.0)
    # ROUGE-1.5.5 weights the pooled ROUGE-W recall base twice: identical 6-token texts
    # get R = (6^1.2 / (6^1.2)^1.2)^(1/1.2) = 6^-0.2, P = 1 (the parity tests confirm it)
    assert s.loc[("1", "ROUGE-W-1.2"), "R"] == float("%.5f" % 6**-0.2)
    assert s.loc[("1", "ROUGE-W-1.2"), "P"] == 1.0


def test_graham_frame_has_192_variants_and_tidy_columns():
    summ = ["the cats are sitting on mats", "a dog runs", "cats sit", "dogs running fast"]
    refs = [["a cat sat on the mat", "cats sit on mats"]] * 2 + [["the dog ran", "dogs run"]] * 2
    g = rouge_variant_grid(summ, refs, ["d1", "d1", "d2", "d2"], ["A", "B", "B", "A"])
    assert list(g.columns) == [
        "system",
        "method",
        "stem",
        "stopwords",
        "score",
        "aggregate",
        "variant",
        "value",
    ]
    assert g["variant"].nunique() == 192 and len(g) == 192 * 2
    assert {"R2_ST1_RS1_A_P", "RSU4_ST0_RS0_M_F", "RL_ST1_RS0_A_R"} <= set(g["variant"])
    per = rouge_variant_grid(
        summ, refs, ["d1", "d1", "d2", "d2"], ["A", "B", "B", "A"], per_summary=True
    )
    # system-level A and M are the mean and median of the per-summary values
    for (system, method, st_, rs, score), grp in per.groupby(
        ["system", "method", "stem", "stopwords", "score"]
    ):
        sel = g[
            (g["system"] == system)
            & (g["method"] == method)
            & (g["stem"] == st_)
            & (g["stopwords"] == rs)
            & (g["score"] == score)
        ]
        assert sel[sel["aggregate"] == "A"]["value"].item() == pytest.approx(grp["value"].mean())
        assert sel[sel["aggregate"] == "M"]["value"].item() == pytest.approx(grp["value"].median())


@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=50))
@settings(max_examples=200)
def test_perl_round5_equals_c_printf(xs):
    got = perl_round5(np.asarray(xs))
    assert [float("%7.5f" % x) for x in xs] == got.tolist()


def test_perl_round5_on_exact_binary_ties():
    xs = [1 / 64, 3 / 64, 0.041665000000000000646, 0.5, 0.125]
    assert perl_round5(np.asarray(xs)).tolist() == [float("%.5f" % x) for x in xs]
    assert (
        float(perl_round5(np.float64(1 / 64))) == 0.01562
    )  # C rounds the exact binary tie to even


def test_hash_ids_gives_equal_ids_exactly_for_equal_keys():
    keys = np.random.default_rng(1).integers(-50, 50, 2000).astype(np.int64) * 1_000_003
    ids, u = K.hash_ids(keys)
    assert u == len(np.unique(keys))
    for k in np.unique(keys):
        assert len(set(ids[keys == k])) == 1
    assert len({(int(k), int(i)) for k, i in zip(keys, ids)}) == u


def test_same_seed_same_numbers_and_results_do_not_depend_on_threads():
    rng = np.random.default_rng(3)
    words = "the cat sat on a mat dog barked loudly zebra runs fast slow".split()
    summ = [" ".join(rng.choice(words, 15)) for _ in range(2500)]
    refs = [[" ".join(rng.choice(words, 12)) for _ in range(2)] for _ in range(2500)]
    r = Rouge(n=2, w=1.2, resamples=20)
    a = r.score(summ, refs)  # >= 2000 pairs: threaded kernels
    b = r.score(summ[:1000], refs[:1000])  # below the threshold: one thread
    assert a.scores.equals(r.score(summ, refs).scores)
    sa = a.scores.set_index(["instance", "metric"])
    sb = b.scores.set_index(["instance", "metric"])
    assert sa.loc[sb.index].equals(sb)


def test_fused_bootstrap_equals_explicit_perl_indices():
    vals = np.random.default_rng(2).random((37, 6))
    idx = K.drand48_indices(37, 50)
    assert np.array_equal(K.perl_bootstrap_sums(vals, 50), K.bootstrap_sums(vals, idx))


def test_empty_model_with_rouge_w_does_not_abort():
    """The Perl script dies here (division by zero); evalkit scores on."""
    for scoring in ("A", "B"):
        res = Rouge(n=1, w=1.2, scoring=scoring, resamples=5).score(
            ["cats sit"], [["", "cats sit here"]]
        )
        w = res.scores.set_index("metric").loc["ROUGE-W-1.2"]
        assert 0 < w["P"] <= 1 and 0 < w["R"] <= 1
