"""The methods paper module: score matrices built from a corpus, long frames, input blocks."""

import numpy as np
import pandas as pd
import pytest

from evalkit.errors import ParameterError
from evalkit.metrics.chrf import CHRF
from evalkit.papers import methods as mt
from evalkit.stats.correlation import score_matrices


@pytest.fixture(scope="module")
def sample(quick_sample):
    with pytest.MonkeyPatch.context() as mp:  # the session's quick sample (conftest.py)
        mp.setenv("EVALKIT_SAMPLE_DIR", str(quick_sample))
        corpus, judgment, _ = mt.load_summarization("sample", quick=True)
    return corpus, judgment


def test_summary_matrices_score_each_peer_against_its_models(sample):
    corpus, judgment = sample
    mats, human = mt.summary_matrices(corpus, judgment, ["chrF"])
    inst, peer = human.columns[1], human.index[2]
    s = corpus.summaries
    text = lambda who: " ".join(
        s[(s.instance == inst) & (s.summarizer == who)]["sentences"].iloc[0]
    )  # noqa: E731
    refs = [text(m) for m in corpus.models(inst)]
    assert mats["chrF"].loc[peer, inst] == pytest.approx(
        CHRF().sentence_score(text(peer), refs).score
    )
    j = corpus.judgments
    want = j[(j.instance == inst) & (j.summarizer == peer) & (j.judgment == judgment)][
        "value"
    ].mean()
    assert human.loc[peer, inst] == pytest.approx(want)
    scores, judgments = mt.long_frames(mats, human, judgment)
    x, y = score_matrices(scores, judgments, "chrF", judgment)
    pd.testing.assert_frame_equal(
        x.loc[human.index, human.columns], mats["chrF"], check_names=False
    )
    sys_scores, sys_human = mt.system_level(mats, human)
    assert sys_scores["value"].to_numpy() == pytest.approx(
        np.nanmean(mats["chrF"].to_numpy(), axis=1)
    )
    with pytest.raises(ParameterError):
        mt.summary_matrices(corpus, "no such judgment", ["chrF"])


def test_input_blocks_partition_and_claims_schema():
    blocks = mt.input_blocks(10, 3)
    assert np.array_equal(np.concatenate(blocks), np.arange(10)) and len(blocks) == 3
    with pytest.raises(ParameterError):
        mt.input_blocks(3, 4)
    with pytest.raises(ParameterError):
        mt.metric("BLEU-2.x")


def test_toolbox_claims_flag_broken_properties():
    from evalkit.stats.correlation import fisher_ci

    rows = [
        dict(
            level="summary",
            metric="m",
            method="kendall",
            fisher_n=conv,
            n_fisher=n,
            ci_low=fisher_ci(0.3, n, "kendall")[0],
            ci_high=fisher_ci(0.3, n, "kendall")[1],
        )
        for conv, n in (("systems", 16), ("inputs", 100))
    ]
    fisher = pd.DataFrame(rows)
    calibration = pd.DataFrame(
        {"test": ["perm", "boot"], "rate": [0.04, 0.3], "ci_low": [0.01, 0.2]}
    )
    calibrated = pd.DataFrame({"value": [0.6, 0.5], "value_at_0": [0.55, 0.5]})
    system = pd.DataFrame({"accuracy": [0.7], "tau_acc23": [0.7]})
    ok = mt.toolbox_claims(
        fisher, calibration, calibrated, system, metric_a="m", alpha=0.05, data="d"
    )
    assert list(ok.verdict) == ["agrees"] * 4
    bad = mt.toolbox_claims(
        fisher.assign(n_fisher=[16, 50]),
        calibration.assign(rate=[0.3, 0.3], ci_low=[0.2, 0.2]),
        calibrated.assign(value=[0.5, 0.5]),
        system.assign(accuracy=[0.6]),
        metric_a="m",
        alpha=0.05,
        data="d",
    )
    assert list(bad.verdict) == ["differs"] * 4
