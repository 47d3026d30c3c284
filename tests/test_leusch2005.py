"""leusch2005: Table 1 exactly, the factor grid, and the ablation's statistics."""

import pandas as pd
import pytest

from evalkit.data.mt_views import score_outputs
from evalkit.errors import ParameterError
from evalkit.metrics.wer import ErrorRate
from evalkit.papers import leusch2005 as L


def test_table1_reproduced_exactly_from_published():
    t = L.table1()
    assert len(t) == 4 and t["same"].all(), t


def test_configuration_and_metrics():
    base = L.configuration()
    assert base["tokenize"] == "mteval_contractions" and base["lowercase"] is True
    assert L.configuration("case", "case-sensitive")["lowercase"] is False
    assert L.configuration("reflen", "average")["ref_length"] == "average"
    wer = L.make_metric("WER")
    assert isinstance(wer, ErrorRate) and wer.ref_length == "best"
    assert L.make_metric("2-PER", boundaries="start").m == 2
    with pytest.raises(ParameterError):
        L.make_metric("BLEU-S", ref_length="best")
    with pytest.raises(ParameterError):
        L.configuration("case", "upper")


@pytest.fixture(scope="module")
def small(small_mt_sample):
    return small_mt_sample


def test_human_scores_length_weighted(small):
    corpus, frame = small
    seg, sys_ = L.human_scores(corpus, frame, "none")
    one = seg[seg["system"] == "E09"]
    assert sys_.loc["E09", "adequacy"] == pytest.approx(
        (one["adequacy"] * one["length"]).sum() / one["length"].sum()
    )
    zseg, _ = L.human_scores(corpus, frame, "zscore")
    assert abs(zseg["adequacy"].mean()) < 0.5


def test_ablation_rows_and_segment_bootstrap_p(small):
    corpus, frame = small
    out = L.ablation(corpus, frame, "case", measures=("WER", "BLEU-S"), score=score_outputs)
    assert set(out["setting"]) == {"lowercase", "case-sensitive"}
    assert set(out["level"]) == {"sentence", "system"}
    sent = out[(out["level"] == "sentence") & (out["setting"] == "case-sensitive")]
    assert sent["p_vs_baseline"].between(0, 1).all()
    assert out["abs_r"].between(0, 1).all()
    # WER is an error rate: its correlation with adequacy is negative, reported as |r|
    wer = out[
        (out["measure"] == "WER") & (out["level"] == "sentence") & (out["human"] == "adequacy")
    ]
    assert (wer["r"] < 0).all()


def test_corpus_statistics(small):
    _, frame = small
    st = L.corpus_statistics(frame)
    assert (
        st["sentences"] == 30 and st["reference_translations"] == 4 and st["candidate_systems"] == 7
    )
    assert st["avg_reference_length"] == pytest.approx(st["running_words"] / 30)


def test_ablation_system_level_uses_raw_human_scores(small):
    # Sec. 4.2: evaluator normalization is a condition of sentence evaluation only
    corpus, frame = small
    out = L.ablation(corpus, frame, "case", measures=("WER",), score=score_outputs)
    row = out[
        (out["setting"] == "lowercase") & (out["level"] == "system") & (out["human"] == "adequacy")
    ]
    scored, system = score_outputs(frame, L.make_metric("WER", **L.configuration()), "WER")
    _, raw = L.human_scores(corpus, frame, "none")
    expected = abs(pd.Series(system).corr(raw["adequacy"]))
    assert float(row["abs_r"].iloc[0]) == pytest.approx(expected)


def test_contraction_case_is_a_declared_option():
    assert L.make_metric("WER").tokenize == "mteval_contractions"
    assert L.make_metric("WER", contraction_case="keep").tokenize == "mteval_contractions_cased"
    with pytest.raises(ParameterError):
        L.make_metric("WER", contraction_case="upper")


def _ablation_rows(factor, better, other, diffs, ps, humans=("adequacy",), measures=("WER",)):
    rows = []
    i = 0
    for measure in measures:
        for human in humans:
            d, p = diffs[i], ps[i]
            i += 1
            base = 0.5
            rows.append(
                ("C", factor, "sentence", measure, human, better, base + d, float("nan"), 90)
            )
            rows.append(("C", factor, "sentence", measure, human, other, base, p, 90))
    cols = ["corpus", "factor", "level", "measure", "human", "setting", "abs_r", "p_vs_baseline"]
    cols.append("segments")
    return pd.DataFrame(rows, columns=cols)


def test_tokenization_claim_uses_adequacy_and_the_intersection_union_rule():
    frame = _ablation_rows(
        "tokenization",
        "mteval_contractions",
        "mteval",
        [0.05, -0.2],
        [0.01, 0.001],
        humans=("adequacy", "fluency"),
    )
    claims = L.ablation_claims(frame).set_index("claim_id")
    row = claims.loc["tokenization_adequacy"]
    # fluency (against the paper, significant) is not part of the adequacy claim
    assert row["verdict"] == "agrees" and row["level"] == "headline"
    assert "1/1 pairs" in row["this_run"]
    # a gain inside the noise is inconclusive, not agrees (p not below alpha)
    frame = _ablation_rows("tokenization", "mteval_contractions", "mteval", [0.05], [0.3])
    assert (
        L.ablation_claims(frame).set_index("claim_id").loc["tokenization_adequacy", "verdict"]
        == "inconclusive"
    )


def test_level_claims_not_comparable_on_darr():
    base = pd.DataFrame(
        [
            ("wmt", "BLEU-S", "sentence", "daRR pairs", 0.2, 1000),
            ("wmt", "BLEU-S", "system", "win share", 0.9, 11),
        ],
        columns=["corpus", "measure", "level", "human", "abs_r", "n"],
    )
    out = L.level_claims(base, {"wmt": "zh"}).set_index("claim_id")
    assert out.loc["tides_system_high", "verdict"] == "not comparable"
    base["human"] = "adequacy"
    base.loc[1, "n"] = 7
    out = L.level_claims(base, {"wmt": "zh"}).set_index("claim_id")
    assert out.loc["tides_system_high", "verdict"] == "agrees"  # 0.9 at n=7 vs 0.2 at n=1000


def test_intersection_union_and_fisher_z():
    from evalkit.stats.multiplicity import fisher_z_difference, intersection_union

    assert intersection_union([0.1, 0.2], [0.01, 0.04]) == pytest.approx((0.15, 0.04))
    assert intersection_union([0.1, -0.2], [0.01, 0.001])[1] == 1.0
    z, p = fisher_z_difference(0.5, 103, 0.5, 103)
    assert z == 0 and p == 1.0
    with pytest.raises(ParameterError):
        fisher_z_difference(0.5, 3, 0.2, 50)


def test_boundaries_claim_takes_the_p_value_of_the_non_baseline_setting():
    # the factor's baseline is "none" (the paper's worse setting): its p is NaN
    frame = _ablation_rows(
        "boundaries", "both", "none", [0.05, 0.04], [0.01, 0.02], measures=("2-PER", "BLEU-S")
    )
    swap = frame["setting"] == "both"
    frame.loc[swap, "p_vs_baseline"], frame.loc[~swap, "p_vs_baseline"] = (
        frame.loc[~swap, "p_vs_baseline"].to_numpy(),
        float("nan"),
    )
    row = L.ablation_claims(frame).set_index("claim_id").loc["boundaries_ngram"]
    assert row["verdict"] == "agrees"


def test_ablation_pairs_resample_segments_not_rows():
    """200 rows: 10 segments, each translated by 20 systems; the two case settings err by
    segment-level amounts (a sentence that suits one variant suits it in every system's
    output). Williams' test counting the 200 rows calls lower-casing's gain in |r|
    significant (p < .01) and the claim would agree; the percentile bootstrap over the 10
    segments does not (p > .05), and the claim is inconclusive, its evidence naming the 10
    segments."""
    import numpy as np

    from evalkit.papers.leusch2005.experiments import _segment_p
    from evalkit.stats.williams import williams_test

    rng = np.random.default_rng(9)
    seg = np.repeat(np.arange(10), 20)
    segments = np.array([f"d\x1f{s}" for s in seg])
    quality = rng.normal(size=200)
    human = quality + rng.normal(0, 0.7, 200)
    lower = quality + rng.normal(0, 0.8, 10)[seg] + rng.normal(0, 0.3, 200)
    cased = quality + rng.normal(0, 0.8, 10)[seg] + rng.normal(0, 0.3, 200)
    r_l, r_c = np.corrcoef(lower, human)[0, 1], np.corrcoef(cased, human)[0, 1]
    old = williams_test(
        r_l, r_c, np.corrcoef(lower, cased)[0, 1], 200, alternative="two-sided", absolute=True
    ).p
    assert abs(r_l) > abs(r_c) and old < 0.01
    p = _segment_p(cased, lower, human, segments, n_resamples=1000, seed=0)
    assert p > 0.05
    assert _segment_p(cased, lower, human, segments, n_resamples=1000, seed=0) == p
    for p_pair, verdict in ((old, "agrees"), (p, "inconclusive")):
        frame = _ablation_rows("case", "lowercase", "case-sensitive", [r_l - r_c], [p_pair])
        frame["segments"] = 10
        row = L.ablation_claims(frame).set_index("claim_id").loc["case_sentence"]
        assert row["verdict"] == verdict and "over the segments (n = 10" in row["evidence"]
