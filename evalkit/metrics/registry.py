"""Every metric by name: ``get_metric(name, **config)``, ``available()``, ``register_metric``.

One registry of metric builders, as sacrebleu's ``METRICS`` dict: a notebook or paper
module asks for ``get_metric("bleu-mteval")`` or ``get_metric("rouge", method="2",
stem=True)`` instead of importing a class and remembering its preset. A builder is a
:class:`evalkit.metrics.base.Metric` subclass or a function returning one, registered
under a unique name with the :func:`register_metric` decorator; registering a name twice
is an error. Built metrics take references in the protocol's layout (one list of
reference strings per segment) unless their config says ``ref_layout="streams"``.

Configuration is checked before the builder runs: an unknown name or an unknown
parameter raises :class:`evalkit.errors.ParameterError` naming it and listing what is
allowed; values are checked by the metric itself (same error type).

The built-in metrics are listed by name as ``"module:attribute"`` (:data:`BUILTIN`) and
registered by the modules that define them; a module is imported on the first use of one
of its names (so ``import evalkit.metrics`` and ``evalkit --help`` stay cheap and
``get_metric("bleu")`` does not import the parsers or ROUGE).

>>> from evalkit.metrics import get_metric
>>> bleu = get_metric("bleu")
>>> round(bleu.corpus_score(["the cat sat on the mat"], [["the cat sat on the mat"]]).score, 1)
100.0
>>> get_metric("wer").name
'wer'
"""

from __future__ import annotations

import importlib
import inspect
import textwrap
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

from evalkit.errors import ParameterError

__all__ = [
    "register_metric",
    "get_metric",
    "available",
    "builder",
    "preset",
    "one_call",
    "ONE_CALL_INPUTS",
    "BUILTIN",
]

#: the built-in metrics: name -> "module:attribute" of the builder. The module is imported
#: on first use of the name (so ``import evalkit.metrics`` and ``get_metric("bleu")`` do not
#: import the parsers, pandas-heavy ROUGE or the similarity metrics); importing it registers
#: the builder with :func:`register_metric`, which checks it is the one named here.
#: ``tests/test_metrics_registry.py`` checks this table against the decorators.
BUILTIN: Dict[str, str] = {
    "bleu": "evalkit.metrics.bleu:sacrebleu_bleu",
    "bleu-mteval": "evalkit.metrics.bleu:mteval_bleu",
    "bleu-multi": "evalkit.metrics.bleu:multi_bleu",
    "nist": "evalkit.metrics.nist:nist",
    "nist-mteval": "evalkit.metrics.nist:mteval_nist",
    "chrf": "evalkit.metrics.chrf:chrf",
    "chrf++": "evalkit.metrics.chrf:chrf_plus_plus",
    "wer": "evalkit.metrics.wer:wer",
    "per": "evalkit.metrics.wer:per",
    "ter": "evalkit.metrics.ter:ter",
    "gtm": "evalkit.metrics.gtm:gtm",
    "meteor": "evalkit.metrics.meteor:meteor",
    "meteor-jar": "evalkit.metrics.meteor_jar:meteor_jar",
    "rouge": "evalkit.metrics.rouge_variants:rouge",
    "window-f": "evalkit.metrics.relations:WindowFScore",
    "tvm": "evalkit.metrics.similarity:TermVectorSimilarity",
    "avls": "evalkit.metrics.similarity:SentenceLengthSimilarity",
    "gramsim": "evalkit.metrics.similarity:TagGramSimilarity",
    "ol": "evalkit.metrics.similarity:LexicalOverlap",
    "sp-op": "evalkit.metrics.similarity:TagOverlap",
    "ne-oe": "evalkit.metrics.similarity:EntityOverlap",
    "dp-hwc": "evalkit.metrics.similarity:ChainOverlap",
    "rouge-sim": "evalkit.metrics.qarla_pool:rouge_similarity",
    "sentence-precision": "evalkit.metrics.iscorpus:SentencePrecision",
    "sentence-recall": "evalkit.metrics.iscorpus:SentenceRecall",
    "docsim": "evalkit.metrics.iscorpus:DocumentSimilarity",
    "nicos": "evalkit.metrics.iscorpus:ConceptSimilarity",
    "stm": "evalkit.metrics.syntax:STM",
    "dstm": "evalkit.metrics.syntax:DSTM",
    "hwcm": "evalkit.metrics.syntax:HWCM",
    "tkm": "evalkit.metrics.syntax:TKM",
    "dtkm": "evalkit.metrics.syntax:DTKM",
    "dep-f": "evalkit.metrics.dependency:DependencyF",
    "depeval": "evalkit.metrics.dependency:DEPEVAL",
    "be-hm": "evalkit.metrics.dependency:BEHM",
    "pourpre": "evalkit.metrics.pourpre:Pourpre",
}

_BUILDERS: Dict[str, Callable[..., Any]] = {}


def _target(name: str) -> str:
    return BUILTIN[name].replace(":", ".")


def register_metric(name: str) -> Callable:
    """Decorator: register a Metric subclass or a factory returning one under ``name``.

    The builder's keyword parameters are the metric's configuration; the built metric's
    ``name`` attribute is set to ``name``. A second registration of ``name`` raises
    ParameterError naming the builder already registered (a built-in name is taken by
    the builder :data:`BUILTIN` names, and only by it).

    Parameters
    ----------
    name : str
        The new metric's name: non-empty, without surrounding spaces, not yet registered
        and not a built-in name (each raises :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    callable
        The decorator; it registers the builder (a Metric subclass or a function
        returning a Metric) and returns it unchanged.

    Examples
    --------
    A user metric registers once per process, then ``get_metric`` builds it:

    .. code-block:: python

        from evalkit.metrics import get_metric, register_metric
        from evalkit.metrics.wer import ErrorRate

        @register_metric("wer-lc")
        def wer_lc(ref_length: str = "best"):
            return ErrorRate("wer", lowercase=True, ref_length=ref_length, ref_layout="segments")

        get_metric("wer-lc").corpus_score(["A B"], [["a b"]])  # 0.0

    A built-in (or already registered) name is refused:

    >>> from evalkit.metrics.registry import register_metric
    >>> from evalkit.metrics.wer import ErrorRate
    >>> register_metric("bleu")(ErrorRate)
    Traceback (most recent call last):
    ...
    evalkit.errors.ParameterError: invalid value for parameter 'name': 'bleu'; expected a name not ...
    """
    if not isinstance(name, str) or not name or name != name.strip():
        raise ParameterError("name", name, "a non-empty metric name without surrounding spaces")

    def decorate(builder: Callable) -> Callable:
        if not callable(builder):
            raise ParameterError(
                "builder", builder, "a Metric subclass or a function returning a Metric"
            )
        where = f"{builder.__module__}.{builder.__qualname__}"
        old = _BUILDERS.get(name)
        if old is not None:
            raise ParameterError(
                "name",
                name,
                f"a name not registered yet (already {old.__module__}.{old.__qualname__})",
            )
        if name in BUILTIN and where != _target(name):
            raise ParameterError("name", name, f"a name not taken (built in: {_target(name)})")
        _BUILDERS[name] = builder
        return builder

    return decorate


def available() -> List[str]:
    """The registered metric names (built in and registered by the user), sorted.

    Returns
    -------
    list of str
        Every name :func:`get_metric` accepts; no metric module is imported.

    Examples
    --------
    >>> from evalkit.metrics import available
    >>> "bleu" in available() and "rouge" in available()
    True
    """
    return sorted(set(BUILTIN) | set(_BUILDERS))


def builder(name: str) -> Callable:
    """The builder registered under ``name`` (ParameterError listing the names if none).
    A built-in builder's module is imported here, on first use.

    Parameters
    ----------
    name : str
        A registered metric name (:func:`available`); any other value raises
        :class:`~evalkit.errors.ParameterError` listing the registered names.

    Returns
    -------
    callable
        The Metric subclass or factory function; :func:`get_metric` calls it with the
        checked configuration.

    Examples
    --------
    >>> from evalkit.metrics.registry import builder
    >>> from evalkit.metrics.wer import wer
    >>> builder("wer") is wer
    True
    """
    found = _BUILDERS.get(name) if isinstance(name, str) else None
    if found is not None:
        return found
    if isinstance(name, str) and name in BUILTIN:
        module, _, attribute = BUILTIN[name].partition(":")
        importlib.import_module(module)  # the decorator registers it
        found = _BUILDERS.get(name)
        if found is None:  # the module was imported before a test cleared the registry
            found = _BUILDERS[name] = getattr(importlib.import_module(module), attribute)
        return found
    raise ParameterError("name", name, f"one of the registered metrics {available()}") from None


def preset(
    cls: type,
    omit: Sequence[str] = ("references",),
    choices: Optional[Mapping[str, Sequence[Any]]] = None,
    **defaults: Any,
) -> Callable:
    """Decorator: turn a documented stub into a factory of ``cls`` whose parameters are those
    of ``cls``'s constructor (but ``omit``) with ``defaults`` replacing some of their
    defaults; for builders that differ from their class only in defaults (the protocol's
    ``ref_layout="segments"``, chrF++'s word bigrams) or in fewer allowed values (``bleu``
    takes sacrebleu's semantics only), so that the parameter list is written once, in the
    class.

    The factory keeps the stub's name, module and docstring; its signature (what
    :func:`get_metric` checks a configuration against) is the derived one. A parameter in
    both ``omit`` and ``defaults`` is fixed: always passed with that value. A stub docstring
    without a ``Parameters`` section (a summary, then ``References``, ``Examples``) gets the
    ``Parameters`` and ``Returns`` sections written from ``cls`` after its first paragraph:
    the parameters taken as they are (see ``cls``), then each changed default or narrowed
    choice.

    Parameters
    ----------
    cls : type
        The metric class.
    omit : sequence of str, default ``("references",)``
        Constructor parameters the factory does not take.
    choices : mapping of str to sequence, optional
        For some parameters, the values the factory allows (fewer than ``cls`` does); any
        other value raises :class:`~evalkit.errors.ParameterError` listing them.
    **defaults
        New defaults (or, for omitted ones, fixed values) of some constructor parameters
        (an unknown name raises :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    callable
        The decorator; applied to a stub function it returns the factory.

    Examples
    --------
    >>> import inspect
    >>> from evalkit.metrics.registry import preset
    >>> class Greeting:
    ...     def __init__(self, word="hello", times=1, references=None):
    ...         self.text = " ".join([word] * times)
    >>> @preset(Greeting, times=2)
    ... def twice():
    ...     "Greeting twice."
    >>> twice().text, twice("hi").text, twice.__name__
    ('hello hello', 'hi hi', 'twice')
    >>> str(inspect.signature(twice))
    "(word='hello', times=2) -> ..."
    >>> @preset(Greeting, omit=("times", "references"), times=3)
    ... def thrice():
    ...     "Greeting three times."
    >>> thrice("hi").text, str(inspect.signature(thrice))
    ('hi hi hi', "(word='hello') -> ...")
    >>> print(inspect.getdoc(twice))
    Greeting twice.
    <BLANKLINE>
    Parameters
    ----------
    word : see :class:`Greeting`
        Same meaning and default as there.
    times : default 2
        As in :class:`Greeting` (default there: 1).
    <BLANKLINE>
    Returns
    -------
    Greeting
        The configured metric.
    """
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    choices = dict(choices or {})
    unknown = sorted((set(defaults) | set(choices)) - {p.name for p in params})
    if unknown:
        raise ParameterError("defaults", unknown, f"parameters of {cls.__name__}")
    signature = inspect.Signature(
        [p.replace(default=defaults.get(p.name, p.default)) for p in params if p.name not in omit],
        return_annotation=cls,
    )
    fixed = {name: value for name, value in defaults.items() if name in omit}

    def decorate(stub: Callable) -> Callable:
        def build(*args: Any, **config: Any):
            bound = signature.bind(*args, **config)
            bound.apply_defaults()
            for name, allowed in choices.items():
                if bound.arguments[name] not in allowed:
                    raise ParameterError(name, bound.arguments[name], f"one of {list(allowed)}")
            return cls(**fixed, **bound.arguments)

        for attribute in ("__module__", "__name__", "__qualname__"):
            setattr(build, attribute, getattr(stub, attribute))
        build.__doc__ = _preset_doc(stub.__doc__, cls, params, signature, choices)
        build.__signature__ = signature
        return build

    return decorate


def _preset_doc(doc, cls, params, signature, choices) -> str:
    """``doc`` with, when it has no ``Parameters`` section, the sections :func:`preset`
    derives from ``cls`` (its constructor's ``params``) inserted after the first paragraph."""
    doc = inspect.cleandoc(doc or "")
    if "\nParameters\n---" in doc:
        return doc
    name = cls.__name__
    before = {p.name: p.default for p in params}
    kept = [
        p.name
        for p in signature.parameters.values()
        if p.default == before[p.name] and p.name not in choices
    ]
    lines = ["Parameters", "----------"]
    for group in _groups(kept, 88 - len(f" : see :class:`{name}`")):
        lines += [f"{', '.join(group)} : see :class:`{name}`"]
        lines += [f"    Same meaning and default{'s' if len(group) > 1 else ''} as there."]
    for p in signature.parameters.values():
        if p.name in kept:
            continue
        lines.append(f"{p.name} : default {_shown(p.default)}")
        if p.name in choices:
            allowed = ", ".join(_shown(v) for v in choices[p.name])
            lines.append(f"    One of {allowed} (fewer than :class:`{name}` takes).")
        else:
            lines.append(f"    As in :class:`{name}` (default there: {_shown(before[p.name])}).")
    lines += ["", "Returns", "-------", name, "    The configured metric."]
    return _after_summary(doc, lines)


def _after_summary(doc: str, lines: List[str]) -> str:
    """``doc`` (cleaned) with ``lines`` inserted as a paragraph after its first one."""
    summary, _, rest = doc.partition("\n\n")
    return "\n\n".join(part for part in (summary, "\n".join(lines), rest) if part)


def _groups(names: List[str], width: int) -> List[List[str]]:
    """``names`` in order, cut into runs whose ``", "``-joined text fits ``width``."""
    groups: List[List[str]] = []
    for n in names:
        if groups and len(", ".join(groups[-1] + [n])) <= width:
            groups[-1].append(n)
        else:
            groups.append([n])
    return groups


def _shown(value) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


#: the inputs of :func:`one_call`'s functions per method: (name, annotation, type as the
#: docstring gives it, description)
ONE_CALL_INPUTS = {
    "corpus_score": (
        ("hyps", "Sequence[str]", "sequence of str", "One hypothesis per segment."),
        (
            "refs",
            "Sequence",
            "sequence",
            'Reference streams (default ``ref_layout="streams"``, as sacrebleu) or, with '
            '``ref_layout="segments"``, one list of references per segment.',
        ),
    ),
    "sentence_score": (
        ("hyp", "str", "str", "The hypothesis."),
        (
            "refs",
            "Sequence[str]",
            "sequence of str or str",
            "Its references (a single string is one reference).",
        ),
    ),
}


def one_call(cls: type, method: str) -> Callable:
    """Decorator: turn a documented stub into sacrebleu's one-call form of a metric method,
    ``f(inputs, refs, **config) = cls(**config).method(inputs, refs)`` (``corpus_bleu``,
    ``sentence_chrf``, ...), writing the stub docstring's ``Parameters`` section (the inputs as
    :data:`ONE_CALL_INPUTS` describes them, then ``**config``) after its first paragraph.

    Parameters
    ----------
    cls : type
        The metric class; ``**config`` is any of its settings.
    method : str
        ``"corpus_score"`` or ``"sentence_score"``.

    Returns
    -------
    callable
        The decorator; applied to a stub function it returns the one-call function, with the
        stub's name and module.

    Examples
    --------
    >>> import inspect
    >>> from evalkit.metrics.registry import one_call
    >>> class Overlap:
    ...     def __init__(self, lowercase=False):
    ...         self.lowercase = lowercase
    ...     def sentence_score(self, hyp, refs):
    ...         fold = str.lower if self.lowercase else str
    ...         return max(fold(hyp) == fold(r) for r in refs)
    >>> @one_call(Overlap, "sentence_score")
    ... def sentence_overlap():
    ...     "Whether the hypothesis equals a reference."
    >>> sentence_overlap("A", ["a"]), sentence_overlap("A", refs=["a"], lowercase=True)
    (False, True)
    >>> str(inspect.signature(sentence_overlap))
    "(hyp: 'str', refs: 'Sequence[str]', **config)"
    >>> print(inspect.getdoc(sentence_overlap))
    Whether the hypothesis equals a reference.
    <BLANKLINE>
    Parameters
    ----------
    hyp : str
        The hypothesis.
    refs : sequence of str or str
        Its references (a single string is one reference).
    **config
        Any :class:`Overlap` setting.
    """
    inputs = ONE_CALL_INPUTS[method]
    lines = ["Parameters", "----------"]
    for name, _, kind, text in inputs:
        lines += [
            f"{name} : {kind}",
            *textwrap.wrap(text, 88, initial_indent="    ", subsequent_indent="    "),
        ]
    lines += ["**config", f"    Any :class:`{cls.__name__}` setting."]
    signature = inspect.Signature(
        [
            inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=annotation)
            for name, annotation, _, _ in inputs
        ]
        + [inspect.Parameter("config", inspect.Parameter.VAR_KEYWORD)],
        return_annotation=inspect.signature(getattr(cls, method)).return_annotation,
    )

    def decorate(stub: Callable) -> Callable:
        def call(*args: Any, **kwargs: Any):
            bound = signature.bind(*args, **kwargs)
            data = [bound.arguments[name] for name, *_ in inputs]
            return getattr(cls(**bound.arguments.get("config", {})), method)(*data)

        for attribute in ("__module__", "__name__", "__qualname__"):
            setattr(call, attribute, getattr(stub, attribute))
        call.__doc__ = _after_summary(inspect.cleandoc(stub.__doc__ or ""), lines)
        call.__signature__ = signature
        return call

    return decorate


def _parameters(build: Callable) -> Dict[str, inspect.Parameter]:
    target = build.__init__ if inspect.isclass(build) else build
    params = dict(inspect.signature(target).parameters)
    params.pop("self", None)
    return {
        k: p
        for k, p in params.items()
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    }


def get_metric(name: str, **config: Any):
    """Build the metric registered under ``name`` with ``config`` (keyword settings).

    Parameters
    ----------
    name : str
        A registered name (:func:`available`), e.g. ``"bleu"``, ``"rouge"``, ``"meteor"``.
    **config
        The metric's settings (the builder's keyword parameters); an unknown one raises
        :class:`evalkit.errors.ParameterError` listing the allowed ones.

    Returns
    -------
    Metric
        The configured metric (:class:`evalkit.metrics.base.Metric`): ``corpus_score``,
        ``sentence_scores``, ``segment_statistics``, ``signature``.

    Examples
    --------
    >>> from evalkit import get_metric
    >>> rouge2 = get_metric("rouge", method="2", stem=True, score="R")
    >>> rouge2.signature().split("|")[:4]
    ['rouge', 'method:2', 'score:R', 'agg:mean']
    """
    build = builder(name)
    allowed = _parameters(build)
    for key, value in config.items():
        if key not in allowed:
            raise ParameterError(
                key, value, f"a setting of metric {name!r}: one of {sorted(allowed) or 'none'}"
            )
    metric = build(**config)
    metric.name = name
    return metric
