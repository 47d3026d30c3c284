"""One signature, one result type (issue 26, item 4): every registered metric's signature
is made by :func:`evalkit.metrics.base.build_signature` (registry name first, options as
``key:value``, parser's own signature, versions last), carries the package version and
changes when an option changes; every ``corpus_score`` returns a :class:`Score`."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

import evalkit
from evalkit.metrics import available, get_metric
from evalkit.metrics.base import SCALES, Score, Signature

#: one option per metric whose change must show in the signature
CHANGES = {
    "avls": {"tokens": "13a"},
    "be-hm": {"stem": False},
    "bleu": {"lowercase": True},
    "bleu-mteval": {"case_sensitive": True},
    "bleu-multi": {"lowercase": True},
    "chrf": {"beta": 3},
    "chrf++": {"word_order": 1},
    "dep-f": {"score": "P"},
    "depeval": {"variant": "pm"},
    "docsim": {"denominator": "documents"},
    "dp-hwc": {"window": 2},
    "dstm": {"max_depth": 2},
    "dtkm": {"decay": 0.5},
    "gramsim": {"n": 2},
    "gtm": {"exponent": 2.0},
    "hwcm": {"max_length": 2},
    "meteor": {"modules": ("exact",)},
    "meteor-jar": {"language": "de"},
    "ne-oe": {},
    "nicos": {"concepts": "extracted"},
    "nist": {"max_ngram_order": 4},
    "nist-mteval": {"case_sensitive": True},
    "ol": {},
    "per": {"m": 2},
    "pourpre": {"beta": 1.0},
    "rouge": {"method": "2"},
    "rouge-sim": {"inverted": True},
    "sentence-precision": {"swap": True},
    "sentence-recall": {"swap": True},
    "sp-op": {},
    "stm": {"include_words": True},
    "ter": {"normalized": True},
    "tkm": {"decay": 0.5},
    "tvm": {"n": 1},
    "wer": {"ref_length": "average"},
    "window-f": {"window": 2},
}
#: metrics with no option that changes the numbers (nothing to vary)
NO_OPTIONS = {name for name, change in CHANGES.items() if not change}


def test_the_table_covers_every_registered_metric():
    assert sorted(CHANGES) == available()


@pytest.mark.parametrize("name", available())
def test_signature_is_built_by_the_one_builder(name):
    sig = get_metric(name).signature()
    assert isinstance(sig, Signature), f"{name}: signature not made by build_signature"
    parts = sig.split("|")
    assert parts[0] == name  # registry name first
    assert f"version:{evalkit.__version__}" in parts  # the package version
    assert all(":" in p for p in parts[1:])  # options as key:value
    if name in NO_OPTIONS:
        assert _parameters(name) == set(), f"{name} has settings: give CHANGES one"
        return
    changed = get_metric(name, **CHANGES[name]).signature()
    assert changed != sig and changed.split("|")[0] == name


def _parameters(name):
    from evalkit.metrics.registry import _parameters, builder

    return set(_parameters(builder(name))) - {"ref_layout", "references", "parser", "wordnet"}


@pytest.mark.parametrize(
    "name", ["stm", "dstm", "hwcm", "tkm", "dtkm", "dep-f", "depeval", "be-hm"]
)
def test_parse_based_metrics_record_the_parsers_own_signature(name):
    from evalkit.text.parse import PreParsed

    parser = PreParsed([], [], "gold-trees-v7")
    sig = get_metric(name, parser=parser).signature()
    assert f"parser:{parser.signature().replace('|', ',')}|" in sig
    default = get_metric(name).signature()
    assert "parser:spacy-" in default and "default-spacy" not in default


H = ["the cat sat on the mat .", "it is raining today"]
R = [["the cat was on the mat ."], ["today it rains"]]


@pytest.mark.parametrize("name", ["bleu", "chrf", "nist", "ter", "wer", "gtm", "rouge", "meteor"])
def test_corpus_score_is_a_float_with_scale_signature_and_details(name):
    metric = get_metric(name)
    score = metric.corpus_score(H, R)
    assert isinstance(score, Score) and isinstance(score, float)
    assert score.scale in SCALES and score.scale == metric.scale
    assert score.signature == metric.signature()
    value = float(score)
    assert score + 1 == value + 1 and np.asarray([score]).dtype == np.float64
    assert math.isclose(float(f"{value:.4f}"), round(score, 4))
    assert f"{value:.2f}" in score.format(2) or f"{value:.2f}" in score.format()
    assert score.format(signature=True).endswith(f"({score.signature})")
    assert pickle.loads(pickle.dumps(score)) == score
    assert pickle.loads(pickle.dumps(score)).scale == score.scale


def test_scales_are_what_the_numbers_are_on():
    assert round(get_metric("bleu").corpus_score(H, [[h] for h in H]), 9) == 100.0
    assert get_metric("bleu").scale == get_metric("chrf").scale == "0-100"
    assert get_metric("rouge").corpus_score(H, [[h] for h in H]) == 1.0
    assert get_metric("rouge").scale == get_metric("wer").scale == "0-1"
    assert get_metric("nist").scale == "0-inf" and get_metric("avls").scale == "-inf-0"


def test_details_stay_readable_on_the_score():
    score = get_metric("bleu").corpus_score(H, R)
    assert score.score == float(score) and len(score.precisions) == 4
    assert str(score).startswith("BLEU = ")


def test_the_version_is_single_sourced_and_semantic():
    import re
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    project = tomllib.loads((root / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "evalkit.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", evalkit.__version__)
    changelog = (root / "CHANGELOG.md").read_text()
    assert f"## {evalkit.__version__} " in changelog  # every version has its entry
    assert evalkit.__version__ != "0.1.0"  # the signatures changed form: not the old number
    assert get_metric("bleu").signature().endswith(f"|version:{evalkit.__version__}")
