"""ROUGE variants as metrics (``get_metric("rouge", ...)``) against the variant grid and the
full ROUGE-1.5.5 configuration, both of which ``tests/test_rouge_parity.py`` checks
against ROUGE-1.5.5.pl; Graham ids."""

from __future__ import annotations

import numpy as np
import pytest

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.metrics.rouge import Rouge
from evalkit.metrics.rouge_variants import (
    GRID_METHODS,
    RougeVariant,
    parse_variant_id,
    rouge_variant_grid,
    variant_id,
)

SUMMARIES = [
    "the cats are sitting on the mats .\nthey look happy",
    ["a dog runs in the park", "it barks at birds"],
    "cats sit and cats sleep",
    "dogs running fast past the running cats",
    "nothing in common",
]
REFERENCES = [
    ["a cat sat on the mat .", "cats sit on mats\nand are happy"],
    ["the dog ran through the park barking", "dogs run ; birds fly"],
    ["the cat sleeps", "cats sat"],
    ["the dog ran past the cat", "fast dogs run"],
    ["something else", "other words entirely"],
]


@pytest.fixture(scope="module")
def grid():
    n = len(SUMMARIES)
    return rouge_variant_grid(
        SUMMARIES, REFERENCES, [str(i) for i in range(n)], ["S"] * n, per_summary=True
    )


@pytest.mark.parametrize("tag", sorted(GRID_METHODS))
def test_every_grid_value_is_the_variant_metric_score(grid, tag):
    for stem in (False, True):
        for stop in (False, True):
            for score in "PRF":
                metric = get_metric("rouge", variant=variant_id(tag, stem, stop, score))
                sel = grid[
                    (grid["method"] == tag)
                    & (grid["stem"] == stem)
                    & (grid["stopwords"] == stop)
                    & (grid["score"] == score)
                ]
                expected = sel.set_index("instance")["value"].loc[
                    [str(i) for i in range(len(SUMMARIES))]
                ]
                assert np.array_equal(
                    metric.sentence_scores(SUMMARIES, REFERENCES), expected.to_numpy()
                )
                assert metric.corpus_score(SUMMARIES, REFERENCES) == pytest.approx(
                    expected.mean(), rel=1e-15
                )


@pytest.mark.parametrize(
    "method,config",
    [
        ("3", dict(n=3)),
        ("SU*", dict(n=0, skip=-1, su="SU")),
        ("S2", dict(n=0, skip=2)),
        ("W-1.5", dict(n=0, w=1.5)),
        ("L", dict(n=0)),
    ],
)
def test_variants_outside_the_grid_equal_the_full_configuration(method, config):
    """-f B, truncation and alpha reach the per-summary scores as in the script's options."""
    settings = dict(stem=True, scoring="B", alpha=0.3, length_limit=6)
    full = Rouge(lcs=method == "L", **config, **settings).score(SUMMARIES, REFERENCES).scores
    full = full[full["metric"] == f"ROUGE-{method}"]
    for score in "RPF":
        metric = RougeVariant(method=method, score=score, **settings)
        assert np.array_equal(metric.sentence_scores(SUMMARIES, REFERENCES), full[score].to_numpy())
        assert f"method:{method}" in metric.signature() and "f:B" in metric.signature()


def test_graham_ids_round_trip_and_refusals():
    for tag, method in GRID_METHODS.items():
        parsed = parse_variant_id(variant_id(tag, True, False, "R", "A"))
        assert parsed == {
            "method": method,
            "stem": True,
            "stopwords": False,
            "aggregate": "A",
            "score": "R",
        }
    assert parse_variant_id("R2_ST0_RS1_P")["aggregate"] is None
    with pytest.raises(ParameterError, match="Graham"):
        parse_variant_id("R2-ST1-RS1-P")
    with pytest.raises(ParameterError, match="median"):
        get_metric("rouge", variant="R2_ST1_RS1_M_P")
    with pytest.raises(ParameterError, match="'stem'.*variant"):
        get_metric("rouge", variant="R2_ST1_RS1_A_P", stem=True)
    with pytest.raises(ParameterError, match="method"):
        get_metric("rouge", method="X")
    with pytest.raises(ParameterError, match="score"):
        get_metric("rouge", score="G")
