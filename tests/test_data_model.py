"""Tests of the data model contract (evalkit.data.model)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evalkit.data.model import (
    CorpusValidationError,
    MTCorpus,
    SummarizationCorpus,
    load_corpus,
    scores_frame,
)
from evalkit.errors import EvalkitError, InputFormatError, ParameterError


def toy_summ(**over):
    tables = dict(
        instances=pd.DataFrame({"instance": ["d1", "d2"], "title": ["T1", None]}),
        summarizers=pd.DataFrame(
            {"summarizer": ["A", "B", "1", "2"], "type": ["model", "model", "peer", "peer"]}
        ),
        summaries=pd.DataFrame(
            {
                "instance": ["d1", "d1", "d1", "d1", "d2", "d2"],
                "summarizer": ["A", "B", "1", "2", "A", "1"],
                "sentences": [("a b.", "c."), ("d.",), ("e.",), (), ("f.",), ("g.",)],
            }
        ),
        judgments=pd.DataFrame(
            {
                "instance": ["d1", "d1", "d1", "d2"],
                "summarizer": ["1", "1", "2", "1"],
                "judgment": ["coverage"] * 4,
                "value": [0.2, 0.4, 0.1, 0.9],
                "assessor": ["x", "y", "x", "x"],
            }
        ),
    )
    tables.update(over)
    return SummarizationCorpus(name="toy", meta={"year": 2004}, **tables)


def toy_mt(**over):
    tables = dict(
        segments=pd.DataFrame(
            {
                "document": ["doc1", "doc1", "doc2"],
                "segment": [1, 2, 1],
                "source": ["s1", "s2", None],
            }
        ),
        references=pd.DataFrame(
            {
                "document": ["doc1", "doc1", "doc2"],
                "segment": [1, 2, 1],
                "reference": ["r"] * 3,
                "text": ["a", "b", "c"],
            }
        ),
        outputs=pd.DataFrame(
            {
                "document": ["doc1"] * 4 + ["doc2"] * 2,
                "segment": [1, 1, 2, 2, 1, 1],
                "system": ["s", "t"] * 3,
                "text": list("uvwxyz"),
            }
        ),
        judgments=pd.DataFrame(
            {
                "document": ["doc1", "doc1"],
                "segment": [1, 1],
                "system": ["s", "s"],
                "judgment": ["adequacy"] * 2,
                "value": [3.0, 5.0],
                "judge": ["j1", "j2"],
            }
        ),
        preferences=pd.DataFrame(
            {"document": ["doc2"], "segment": [1], "better": ["t"], "worse": ["s"]}
        ),
    )
    tables.update(over)
    return MTCorpus(name="toymt", source_language="cs", target_language="en", **tables)


def test_summarization_convenience():
    c = toy_summ().validate()
    assert c.models("d1") == ["A", "B"] and c.models("d2") == ["A"]
    assert c.peers() == ["1", "2"] and c.peers("d2") == ["1"]
    assert c.summary_text("d1", "A") == "a b.\nc."
    assert c.summary("d1", "2") == ()
    # d1: assessors averaged first (0.3), then instances: (0.3 + 0.9) / 2
    lvl = c.system_level("coverage")
    assert lvl["1"] == pytest.approx(0.6) and lvl["2"] == pytest.approx(0.1)
    assert c.judgment_table("coverage").loc["d1", "1"] == pytest.approx(0.3)
    with pytest.raises(ParameterError, match="responsiveness"):
        c.system_level("responsiveness")
    with pytest.raises(CorpusValidationError, match="no summary for instance 'd2', summarizer 'B'"):
        c.summary("d2", "B")
    sub = c.subset(instances=["d2"])
    assert len(sub.summaries) == 2 and sub.validate().instances["instance"].tolist() == ["d2"]


def test_dtypes_are_normalized():
    c = toy_summ(
        summaries=pd.DataFrame(
            {"instance": ["d1"], "summarizer": ["A"], "sentences": [["x.", "y."]]}
        ),
        judgments=None,
    )
    assert c.summaries["sentences"].iat[0] == ("x.", "y.")
    assert isinstance(c.summaries["instance"].dtype, pd.StringDtype)
    assert c.judgments.empty and list(c.judgments.columns) == [
        "instance",
        "summarizer",
        "judgment",
        "value",
    ]
    assert c.scu_contributors["start"].dtype == "Int64"


@pytest.mark.parametrize(
    "over, message",
    [
        (
            dict(summarizers=pd.DataFrame({"summarizer": ["A"], "kind": ["model"]})),
            r"summarizers: missing required column\(s\) 'type'",
        ),
        (
            dict(summarizers=pd.DataFrame({"summarizer": ["A", 1], "type": ["model", "peer"]})),
            r"summarizers.summarizer: expected strings .* found 1",
        ),
        (
            dict(
                summaries=pd.DataFrame(
                    {"instance": ["d1"], "summarizer": ["A"], "sentences": ["a flat string"]}
                )
            ),
            r"expected a tuple of strings \(sentences\) in row 0",
        ),
        (
            dict(
                judgments=pd.DataFrame(
                    {"instance": ["d1"], "summarizer": ["1"], "judgment": ["c"], "value": ["high"]}
                )
            ),
            r"judgments.value: expected numbers, found 'high'",
        ),
    ],
)
def test_construction_type_errors(over, message):
    with pytest.raises(CorpusValidationError, match=message):
        toy_summ(**over)


@pytest.mark.parametrize(
    "over, message",
    [
        (
            dict(
                summarizers=pd.DataFrame(
                    {"summarizer": ["A", "A", "1", "2", "B"], "type": ["model"] * 3 + ["peer"] * 2}
                )
            ),
            r"summarizers: duplicate key \('summarizer',\).*summarizer='A'",
        ),
        (
            dict(
                judgments=pd.DataFrame(
                    {"instance": ["d1"], "summarizer": ["9"], "judgment": ["c"], "value": [1.0]}
                )
            ),
            r"judgments: unknown summarizer\(s\): '9'",
        ),
        (
            dict(
                judgments=pd.DataFrame(
                    {"instance": ["d2"], "summarizer": ["2"], "judgment": ["c"], "value": [1.0]}
                )
            ),
            r"judgment\(s\) for a missing summary .*\('d2', '2'\)",
        ),
        (
            dict(
                summaries=pd.DataFrame(
                    {"instance": ["d9"], "summarizer": ["A"], "sentences": [()]}
                ),
                judgments=None,
            ),
            r"summaries: unknown instance\(s\): 'd9'",
        ),
        (
            dict(
                summarizers=pd.DataFrame(
                    {
                        "summarizer": ["A", "B", "1", "2"],
                        "type": ["model", "model", "peer", "system"],
                    }
                )
            ),
            r"summarizers.type: expected one of \('peer', 'model'\), found 'system'",
        ),
        (
            dict(
                judgments=pd.DataFrame(
                    {"instance": ["d1"], "summarizer": ["1"], "judgment": ["c"], "value": [np.nan]}
                )
            ),
            r"judgments.value: missing values \(NA\) are not allowed",
        ),
        (
            dict(
                judgments=pd.DataFrame(
                    {"instance": ["d1"], "summarizer": ["1"], "judgment": ["c"], "value": [np.inf]}
                )
            ),
            r"judgments.value: values must be finite",
        ),
        (dict(summaries=None, judgments=None), r"is empty"),
        (
            dict(instances=pd.DataFrame({"instance": []}), summaries=None, judgments=None),
            r"has no instances",
        ),
        (
            dict(peer_scus=pd.DataFrame({"instance": ["d1"], "summarizer": ["1"], "scu": ["3"]})),
            r"peer_scus: unknown SCU\(s\) \(instance, scu\): \('d1', '3'\)",
        ),
    ],
)
def test_validate_errors(over, message):
    with pytest.raises(CorpusValidationError, match=message) as info:
        toy_summ(**over).validate()
    assert isinstance(info.value, EvalkitError)


def test_mt_convenience_and_validation():
    c = toy_mt().validate()
    assert c.systems == ["s", "t"]
    assert c.system_output("t") == ["v", "x", "z"]
    assert c.reference_stream("r") == ["a", "b", "c"]
    assert c.system_level("adequacy")["s"] == 4.0
    assert c.meta["source_language"] == "cs"
    with pytest.raises(CorpusValidationError, match=r"segment numbers are 1-based"):
        toy_mt(
            preferences=pd.DataFrame(
                {"document": ["doc2"], "segment": [0], "better": ["t"], "worse": ["s"]}
            )
        ).validate()
    with pytest.raises(CorpusValidationError, match=r"better == worse"):
        toy_mt(
            preferences=pd.DataFrame(
                {"document": ["doc2"], "segment": [1], "better": ["t"], "worse": ["t"]}
            )
        ).validate()
    with pytest.raises(
        CorpusValidationError, match=r"preferences.better: system\(s\) without an output"
    ):
        toy_mt(
            preferences=pd.DataFrame(
                {"document": ["doc2"], "segment": [1], "better": ["q"], "worse": ["s"]}
            )
        ).validate()
    with pytest.raises(
        CorpusValidationError, match=r"segments.segment: expected integers, found '1'"
    ):
        toy_mt(segments=pd.DataFrame({"document": ["doc1"], "segment": ["1"], "source": ["x"]}))
    with pytest.raises(CorpusValidationError, match=r"unknown segment\(s\).*\('doc1', 2\)"):
        toy_mt(
            segments=pd.DataFrame(
                {"document": ["doc1", "doc2"], "segment": [1, 1], "source": ["x", "y"]}
            )
        ).validate()


def _assert_same(a, b):
    assert type(a) is type(b) and a.name == b.name and a.meta == b.meta
    for t in a.TABLES:
        pd.testing.assert_frame_equal(getattr(a, t), getattr(b, t), check_exact=True)


def test_round_trip_examples(tmp_path):
    c = toy_summ(
        scus=pd.DataFrame({"instance": ["d1"], "scu": ["12"], "label": ["x"], "weight": [3.0]}),
        scu_contributors=pd.DataFrame(
            {
                "instance": ["d1", "d1"],
                "scu": ["12", "12"],
                "summarizer": ["A", "B"],
                "contributor": ["a b", "d"],
                "start": [0, None],
                "end": [3, None],
            }
        ),
    )
    c.summaries["extra"] = [1.5, -0.0, np.inf, 2.0, 1e-310, 0.1 + 0.2]
    c = SummarizationCorpus(name=c.name, meta=c.meta, **c.tables())
    back = SummarizationCorpus.load(c.save(tmp_path / "c"))
    _assert_same(c, back)
    assert math.copysign(1, back.summaries["extra"].iat[1]) == -1.0
    m = toy_mt()
    _assert_same(m, load_corpus(m.save(tmp_path / "m")))
    assert MTCorpus.load(tmp_path / "m").source_language == "cs"
    with pytest.raises(InputFormatError, match="a summarization corpus"):
        SummarizationCorpus.load(tmp_path / "m")
    assert not [p for p in (tmp_path / "c").iterdir() if p.name.endswith(".part")]


def test_load_errors(tmp_path):
    d = toy_summ().save(tmp_path / "c")
    with pytest.raises(InputFormatError, match=r"meta.json: expected a corpus directory"):
        load_corpus(tmp_path)
    lines = (d / "summaries.jsonl").read_text().splitlines()
    (d / "summaries.jsonl").write_text("\n".join(lines[:2] + ['["d1", "A"'] + lines[3:]) + "\n")
    with pytest.raises(InputFormatError, match=r"summaries.jsonl, line 3: expected a JSON array"):
        load_corpus(d)
    (d / "summaries.jsonl").write_text("\n".join(lines[:-1]) + "\n")
    with pytest.raises(
        InputFormatError, match=r"expected 6 rows as meta.json says, found '5 rows'"
    ):
        load_corpus(d)
    (d / "summaries.jsonl").write_text("\n".join(lines[:-1] + ['["d2", "1", "not a list"]']) + "\n")
    with pytest.raises(InputFormatError, match=r"column 'sentences' of kind tuple"):
        load_corpus(d)


def test_meta_must_be_json(tmp_path):
    with pytest.raises(ParameterError, match="meta"):
        SummarizationCorpus(
            name="x", meta={"years": (2001, 2002)}, instances=pd.DataFrame({"instance": ["a"]})
        ).save(tmp_path)


# ------------------------------------------------------------------ hypothesis round trip
ids = st.text(min_size=1, max_size=6)
texts = st.text(max_size=12)  # any code points, including lone surrogates and NUL
floats = st.floats(allow_nan=False, width=64)


@st.composite
def summ_corpora(draw):
    instances = draw(st.lists(ids, min_size=1, max_size=4, unique=True))
    summarizers = draw(st.lists(ids, min_size=1, max_size=4, unique=True))
    types = [draw(st.sampled_from(["peer", "model"])) for _ in summarizers]
    pairs = draw(
        st.lists(
            st.tuples(st.sampled_from(instances), st.sampled_from(summarizers)),
            unique=True,
            max_size=8,
        )
    )
    sentences = [tuple(draw(st.lists(texts, max_size=3))) for _ in pairs]
    judg = [(i, s, draw(ids), draw(floats), draw(st.none() | ids)) for i, s in pairs]
    judg = list({(i, s, j, a): (i, s, j, v, a) for i, s, j, v, a in judg}.values())
    titles = [draw(st.none() | texts) for _ in instances]
    starts = [draw(st.none() | st.integers(-(2**62), 2**62)) for _ in pairs]
    return SummarizationCorpus(
        name=draw(ids),
        meta=draw(
            st.dictionaries(
                st.text(max_size=3), st.integers() | st.text(max_size=3) | st.none(), max_size=3
            )
        ),
        instances=pd.DataFrame({"instance": instances, "title": titles}),
        summarizers=pd.DataFrame({"summarizer": summarizers, "type": types}),
        summaries=pd.DataFrame(
            {
                "instance": [p[0] for p in pairs],
                "summarizer": [p[1] for p in pairs],
                "sentences": sentences,
            }
        )
        if pairs
        else None,
        judgments=pd.DataFrame(
            judg, columns=["instance", "summarizer", "judgment", "value", "assessor"]
        )
        if judg
        else None,
        scu_contributors=pd.DataFrame(
            {
                "instance": [p[0] for p in pairs],
                "scu": ["1"] * len(pairs),
                "summarizer": [p[1] for p in pairs],
                "contributor": [None] * len(pairs),
                "start": starts,
                "end": starts,
            }
        )
        if pairs
        else None,
    )


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(corpus=summ_corpora())
def test_save_load_is_identity_summarization(tmp_path_factory, corpus):
    path = tmp_path_factory.mktemp("c")
    _assert_same(corpus, load_corpus(corpus.save(path)))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_save_load_is_identity_mt(tmp_path_factory, data):
    keys = data.draw(
        st.lists(st.tuples(ids, st.integers(1, 2**40)), min_size=1, max_size=5, unique=True)
    )
    sources = [data.draw(st.none() | texts) for _ in keys]
    outs = [(d, s, data.draw(ids), data.draw(texts)) for d, s in keys]
    corpus = MTCorpus(
        name="m",
        source_language=data.draw(st.text(max_size=3)),
        segments=pd.DataFrame(
            {"document": [k[0] for k in keys], "segment": [k[1] for k in keys], "source": sources}
        ),
        outputs=pd.DataFrame(outs, columns=["document", "segment", "system", "text"]),
        judgments=pd.DataFrame(
            [(d, s, y, "adequacy", data.draw(floats)) for d, s, y, _ in outs],
            columns=["document", "segment", "system", "judgment", "value"],
        ),
    )
    _assert_same(corpus, load_corpus(corpus.save(data.draw(st.just(tmp_path_factory.mktemp("m"))))))


def test_scores_frame():
    df = scores_frame(
        {
            "document": ["d"],
            "segment": [1],
            "system": ["s"],
            "metric": ["bleu"],
            "stem": [True],
            "value": [1],
        },
        unit="mt",
        variants=["stem"],
    )
    assert list(df.columns) == ["document", "segment", "system", "metric", "stem", "value"]
    assert df["value"].dtype == np.float64
    with pytest.raises(
        CorpusValidationError, match=r"unexpected 'stem' \(declare them as variants\)"
    ):
        scores_frame(
            {"instance": ["d"], "system": ["s"], "metric": ["r"], "stem": [1], "value": [1.0]}
        )
    with pytest.raises(CorpusValidationError, match=r"duplicate key"):
        scores_frame(
            {"system": ["s", "s"], "metric": ["r", "r"], "value": [1.0, 2.0]}, unit="system"
        )
    with pytest.raises(CorpusValidationError, match=r"missing values \(NA\)"):
        scores_frame({"system": ["s"], "metric": ["r"], "value": [np.nan]}, unit="system")
    with pytest.raises(CorpusValidationError, match=r"finite"):
        scores_frame({"system": ["s"], "metric": ["r"], "value": [-np.inf]}, unit="system")
    assert scores_frame(
        {"system": ["s"], "metric": ["r"], "value": [np.nan]}, unit="system", allow_nan=True
    ).shape == (1, 3)
    with pytest.raises(ParameterError, match="unit"):
        scores_frame(unit="doc")


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.data(),
    table=st.sampled_from(["meta.json", "summaries.jsonl", "judgments.jsonl", "instances.jsonl"]),
)
def test_corrupted_corpus_directory_raises_only_evalkit_errors(tmp_path_factory, data, table):
    from _data_corrupt import corrupt

    d = toy_summ().save(tmp_path_factory.mktemp("c"))
    (d / table).write_bytes(corrupt(data, (d / table).read_bytes()))
    try:
        load_corpus(d).validate()
    except EvalkitError:
        pass


def test_header_without_name_or_meta_is_a_format_error(tmp_path):
    import json as _json

    from evalkit.errors import InputFormatError

    corpus = SummarizationCorpus(
        name="x",
        summarizers=pd.DataFrame({"summarizer": ["A"], "type": ["model"]}),
        instances=pd.DataFrame({"instance": ["d1"]}),
        summaries=pd.DataFrame({"instance": ["d1"], "summarizer": ["A"], "sentences": [("One.",)]}),
    )
    corpus.save(tmp_path / "c")
    header = _json.loads((tmp_path / "c" / "meta.json").read_text())
    del header["meta"]
    (tmp_path / "c" / "meta.json").write_text(_json.dumps(header))
    with pytest.raises(InputFormatError, match=r"meta\.json.*\"name\" and an object \"meta\""):
        SummarizationCorpus.load(tmp_path / "c")
