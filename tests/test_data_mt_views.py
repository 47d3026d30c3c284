"""evalkit.data.mt_views: MT evaluations by profile, the output frame, subsets."""

import pytest

from evalkit.data.mt_views import (
    limit_segments,
    load_mt_evaluation,
    reference_streams,
)
from evalkit.errors import DataNotConfiguredError, ParameterError


def test_output_frame_and_limit(small_mt_sample):
    corpus, frame = small_mt_sample
    assert len(frame) == 30 * 7 and set(frame.columns) == {
        "document",
        "segment",
        "system",
        "text",
        "refs",
    }
    doc, seg = corpus.segment_keys()[0]
    # references in the corpus' reference order
    assert frame.iloc[0]["refs"] == [corpus.reference_stream(r)[0] for r in corpus.reference_ids]
    five = limit_segments(corpus, 5)
    assert len(five.segments) == 5 and len(five.outputs) == 5 * 7
    assert set(zip(five.judgments["document"], five.judgments["segment"])) <= set(
        five.segment_keys()
    )
    assert limit_segments(corpus, None) is corpus
    with pytest.raises(ParameterError):
        limit_segments(corpus, 0)
    streams = reference_streams(frame["refs"].tolist()[:3])
    assert len(streams) == 4 and len(streams[0]) == 3
    with pytest.raises(ParameterError):
        reference_streams([["a"], ["a", "b"]])


def test_profiles_and_languages():
    with pytest.raises(ParameterError):
        load_mt_evaluation("sample", "fr")
    with pytest.raises(DataNotConfiguredError, match="BTEC"):
        load_mt_evaluation("licensed", "btec")
    with pytest.raises(ParameterError):
        load_mt_evaluation("cloud", "zh")
