"""``registry.preset``: builders derived from their class's constructor keep its parameters
(only the named defaults change) and build the same metric as the class."""

from __future__ import annotations

import inspect

import pytest

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.metrics.registry import preset

# name -> (class, the defaults the builder changes, the parameters it leaves out)
PRESETS = {
    "bleu": ("evalkit.metrics.bleu:BLEU", {"ref_layout": "segments"}, {"references"}),
    "chrf": ("evalkit.metrics.chrf:CHRF", {"ref_layout": "segments"}, {"references"}),
    "chrf++": (
        "evalkit.metrics.chrf:CHRF",
        {"ref_layout": "segments", "word_order": 2},
        {"references"},
    ),
    "nist": ("evalkit.metrics.nist:NIST", {"ref_layout": "segments"}, set()),
    "gtm": ("evalkit.metrics.gtm:GTM", {"ref_layout": "segments"}, set()),
    "meteor": ("evalkit.metrics.meteor:METEOR", {"ref_layout": "segments"}, set()),
    "meteor-jar": ("evalkit.metrics.meteor_jar:MeteorJar", {"ref_layout": "segments"}, set()),
    "wer": (
        "evalkit.metrics.wer:ErrorRate",
        {"ref_layout": "segments"},
        {"kind", "m", "boundaries"},
    ),
    "per": ("evalkit.metrics.wer:ErrorRate", {"ref_layout": "segments"}, {"kind"}),
}


def _class(target):
    import importlib

    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_preset_has_its_class_parameters_with_the_changed_defaults(name):
    from evalkit.metrics.registry import builder

    cls, changed, left_out = _class(PRESETS[name][0]), PRESETS[name][1], PRESETS[name][2]
    own = list(inspect.signature(cls.__init__).parameters.values())[1:]
    expected = [(p.name, changed.get(p.name, p.default)) for p in own if p.name not in left_out]
    got = [(p.name, p.default) for p in inspect.signature(builder(name)).parameters.values()]
    assert got == expected
    built = get_metric(name)
    assert isinstance(built, cls) and built.ref_layout == "segments"


def test_preset_passes_positional_and_keyword_settings_and_refuses_unknown_ones():
    class Pair:
        def __init__(self, a=1, b=2, fixed=0):
            self.values = (a, b, fixed)

    @preset(Pair, omit=("fixed",), b=5, fixed=9)
    def pair():
        """Pair with b = 5."""

    assert pair().values == (1, 5, 9)
    assert pair(3, b=4).values == (3, 4, 9)
    with pytest.raises(TypeError):
        pair(fixed=1)
    with pytest.raises(ParameterError, match="parameters of Pair"):
        preset(Pair, c=1)


def test_preset_choices_narrow_what_the_class_allows():
    class Pair:
        def __init__(self, a=1, b=2):
            self.values = (a, b)

    @preset(Pair, choices={"a": (1, 3)})
    def odd():
        """Pair with an odd a."""

    assert odd(3).values == (3, 2) and odd().values == (1, 2)
    with pytest.raises(ParameterError, match=r"'a'.*one of \[1, 3\]"):
        odd(a=2)
    with pytest.raises(ParameterError, match="parameters of Pair"):
        preset(Pair, choices={"c": (1,)})
    with pytest.raises(ParameterError, match="semantics"):
        get_metric("bleu", semantics="multi-bleu")


def _documented_parameters(doc: str) -> list:
    """The names the numpydoc ``Parameters`` section of ``doc`` documents, in order."""
    section = doc.split("Parameters\n----------\n", 1)[1].split("\n\n", 1)[0]
    heads = [line.split(" : ")[0] for line in section.splitlines() if not line.startswith(" ")]
    return [name for head in heads for name in head.split(", ")]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_preset_documents_each_of_its_parameters_once(name):
    from evalkit.metrics.registry import builder

    build = builder(name)
    documented = _documented_parameters(inspect.getdoc(build))
    assert sorted(documented) == sorted(inspect.signature(build).parameters)


def test_preset_writes_the_parameters_a_stub_does_not_document():
    class Pair:
        def __init__(self, a=1, b="x", c=0):
            self.values = (a, b, c)

    @preset(Pair, choices={"a": (1, 3)}, b="y")
    def pair():
        """Pair with b = "y".

        Examples
        --------
        >>> 1
        1
        """

    doc = inspect.getdoc(pair)
    assert doc.startswith('Pair with b = "y".\n\nParameters\n----------\n')
    assert "c : see :class:`Pair`\n    Same meaning and default as there." in doc
    assert 'b : default "y"\n    As in :class:`Pair` (default there: "x").' in doc
    assert "a : default 1\n    One of 1, 3" in doc
    assert doc.index("Returns\n-------\nPair\n") < doc.index("Examples\n--------")
    assert _documented_parameters(doc) == ["c", "a", "b"]

    @preset(Pair)
    def documented():
        """Pair.

        Parameters
        ----------
        a, b, c : as in Pair
        """

    assert "see :class:" not in inspect.getdoc(documented)


@pytest.mark.parametrize(
    "function, cls, method",
    [
        ("evalkit.metrics.bleu:corpus_bleu", "evalkit.metrics.bleu:BLEU", "corpus_score"),
        ("evalkit.metrics.bleu:sentence_bleu", "evalkit.metrics.bleu:BLEU", "sentence_score"),
        ("evalkit.metrics.chrf:corpus_chrf", "evalkit.metrics.chrf:CHRF", "corpus_score"),
        ("evalkit.metrics.chrf:sentence_chrf", "evalkit.metrics.chrf:CHRF", "sentence_score"),
        ("evalkit.metrics.nist:corpus_nist", "evalkit.metrics.nist:NIST", "corpus_score"),
    ],
)
def test_one_call_functions_score_as_their_class_and_document_their_inputs(function, cls, method):
    from evalkit.metrics.registry import ONE_CALL_INPUTS

    call, cls = _class(function), _class(cls)
    names = [name for name, *_ in ONE_CALL_INPUTS[method]]
    assert list(inspect.signature(call).parameters) == [*names, "config"]
    assert _documented_parameters(inspect.getdoc(call)) == [*names, "**config"]
    hyps = ["the cat sat on a mat", "it rains"]
    refs = [["the cat sat on the mat", "it is raining"], ["a cat sat on the mat", "it rains"]]
    first = hyps if method == "corpus_score" else hyps[0]
    second = refs if method == "corpus_score" else [r[0] for r in refs]
    expected = getattr(cls(lowercase=True), method)(first, second)
    assert call(first, second, lowercase=True) == expected
    assert call(**dict(zip(names, (first, second))), lowercase=True) == expected
