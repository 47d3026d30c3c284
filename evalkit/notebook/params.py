"""Notebook parameters: declared once per paper, validated before any work.

Every notebook has a ``parameters`` cell whose values papermill (or ``run_all.sh -p``) may
override. Its paper module declares, once, what each knob may be::

    from evalkit.notebook.params import Parameter

    NOTEBOOKS = {
        "01_table1_significance": (
            Parameter("alpha", float, default=0.05, low=0.0, high=1.0, help="rejection level"),
            Parameter("n_trials", int, default=2000, full=10000, quick=300, low=1,
                      help="AR shuffles"),
            Parameter("metrics", list, default=["NIST", "BLEU"], choices=("NIST", "BLEU", "F")),
        ),
    }

and :func:`evalkit.notebook.setup` checks every injected value against that declaration
(scikit-learn's declared constraints: a message names the parameter, the value and what is
allowed), refuses names the declaration does not know, parses lists and mappings given as
JSON or YAML text (``-p metrics '["NIST"]'``, ``-p metrics NIST``), and applies the declared
``quick`` value when ``quick=True`` and the value is still the declared default. The
notebook then reads ``params.n_trials`` etc.

Three scales. ``default`` sizes are what ``./run_all.sh`` runs: enough for the notebook's
claims and quick enough that the whole default run finishes while one waits. ``full`` is the
paper's scale (its replication counts, all segments), declared as ``full=`` where it differs
from the default and used by ``./run_all.sh --full`` (``EVALKIT_SCALE=full`` in the notebook's
environment); a notebook run below the paper's scale says so under its parameters, with the
paper's values. ``quick`` sizes are for smoke tests only.

The common knobs (``profile``, ``seed``, ``quick``, ``results_dir``, ``data_dir``) are
declared here for every notebook.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from numbers import Integral, Real
from pathlib import Path
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple

from evalkit.errors import ParameterError
from evalkit.config import repository_root, working_root
from evalkit.stats.validation import check_choice  # re-exported for notebooks

PROFILES = ("sample", "public", "licensed")
COMMON = ("profile", "seed", "quick", "results_dir", "data_dir")
_MISSING = object()
_TYPES = {
    bool: "a boolean (True/False)",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "a mapping",
}


@dataclass(frozen=True)
class Parameter:
    """One declared notebook parameter.

    ``kind``: ``bool``, ``int``, ``float``, ``str``, ``list`` or ``dict``. ``low``/``high``
    bound numbers (and list lengths are not bounded); ``choices`` lists the allowed values
    (for a list: of each element); ``allow_none`` admits ``None``; ``quick`` is the value used
    in quick mode (smoke tests) when the notebook kept the default; ``full`` the paper's value,
    used at the full scale (``--full``) when the notebook kept the default; ``element`` is the type of
    list elements (``str`` by default, ``float``/``int`` for sizes or levels).
    """

    name: str
    kind: type
    default: Any = None
    quick: Any = _MISSING
    full: Any = _MISSING
    low: Optional[float] = None
    high: Optional[float] = None
    choices: Optional[Sequence[Any]] = None
    allow_none: bool = False
    element: type = str
    length: Optional[int] = None
    help: str = ""

    def __post_init__(self):
        if self.kind not in _TYPES:
            raise ParameterError("kind", self.kind, "one of bool, int, float, str, list, dict")
        if self.default is None and not self.allow_none:
            object.__setattr__(self, "allow_none", True)

    @property
    def has_quick(self) -> bool:
        return self.quick is not _MISSING

    @property
    def has_full(self) -> bool:
        return self.full is not _MISSING

    def allowed(self) -> str:
        """What the parameter accepts, in words (used in every message)."""
        what = _TYPES[self.kind]
        if self.kind is list:
            what = f"a list of {_TYPES[self.element].split(' ', 1)[1]}s"
            if self.length is not None:
                what += f" of length {self.length}"
        if self.choices is not None:
            listed = ", ".join(repr(c) for c in self.choices)
            what += f" with elements among {listed}" if self.kind is list else f" among {listed}"
        if self.low is not None or self.high is not None:
            lo = "-inf" if self.low is None else f"{self.low:g}"
            hi = "inf" if self.high is None else f"{self.high:g}"
            what += f" in [{lo}, {hi}]"
        if self.allow_none:
            what += ", or None"
        return what

    def validate(self, value: Any) -> Any:
        """The value converted to ``kind``, or :class:`ParameterError` naming the parameter."""
        if value is None or (
            isinstance(value, str)
            and value.strip().lower() in ("none", "null")
            and self.kind is not str
        ):
            if self.allow_none:
                return None
            raise ParameterError(self.name, value, self.allowed())
        if self.kind is bool:
            return _as_bool(self.name, value, self.allowed())
        if self.kind in (int, float):
            return self._number(value, self.kind, self.name)
        if self.kind is str:
            if not isinstance(value, str):
                raise ParameterError(self.name, value, self.allowed())
            if self.choices is not None and value not in self.choices:
                raise ParameterError(self.name, value, self.allowed())
            return value
        if self.kind is dict:
            value = (
                _parse_text(value, self.name, self.allowed()) if isinstance(value, str) else value
            )
            if not isinstance(value, Mapping):
                raise ParameterError(self.name, value, self.allowed())
            return dict(value)
        # list
        if isinstance(value, str):
            parsed = _parse_text(value, self.name, self.allowed())
            value = parsed if isinstance(parsed, (list, tuple)) else [parsed]
        if not isinstance(value, (list, tuple)):
            raise ParameterError(self.name, value, self.allowed())
        out = []
        for item in value:
            if self.element in (int, float):
                item = self._number(item, self.element, f"{self.name}[{len(out)}]")
            elif self.element is str and not isinstance(item, str):
                raise ParameterError(self.name, value, self.allowed())
            if self.choices is not None and item not in self.choices:
                raise ParameterError(self.name, value, self.allowed())
            out.append(item)
        if self.length is not None and len(out) != self.length:
            raise ParameterError(self.name, value, self.allowed())
        return out

    def _number(self, value: Any, kind: type, name: str):
        if isinstance(value, str):
            parsed = _parse_text(value, name, self.allowed())
            value = parsed
        if isinstance(value, bool) or not isinstance(value, Real):
            raise ParameterError(name, value, self.allowed())
        if kind is int:
            if isinstance(value, Integral):
                value = int(value)
            elif float(value).is_integer():
                value = int(value)
            else:
                raise ParameterError(name, value, self.allowed())
        else:
            value = float(value)
            if not math.isfinite(value):
                raise ParameterError(name, value, self.allowed())
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise ParameterError(name, value, self.allowed())
        if self.choices is not None and self.kind is not list and value not in self.choices:
            raise ParameterError(name, value, self.allowed())
        return value


def first_n(name: str, help: str, quick: Any = _MISSING) -> Parameter:
    """An optional cap ``name``: a notebook reads only the first n items (n >= 1; ``None``,
    the default: all), ``quick`` n in quick mode."""
    return count(name, None, help, quick=quick)


# One constructor per kind of parameter: each kind's type and range stated once, so that the
# same kind reads the same in every paper's declaration.
def probability(name: str, default: float = 0.05, help: str = "") -> Parameter:
    """A probability ``name`` (a significance level, a chance, a share): a number in [0, 1]."""
    return Parameter(name, float, default=default, low=0.0, high=1.0, help=help)


def switch(name: str, default: bool, help: str = "", quick: Any = _MISSING) -> Parameter:
    """An on/off switch ``name`` (a boolean), ``quick`` its value in quick mode."""
    return Parameter(name, bool, default=default, quick=quick, help=help)


def one_of(
    name: str, choices: Sequence[str], default: str, help: str = "", quick: Any = _MISSING
) -> Parameter:
    """A choice ``name`` among the named options ``choices`` (strings)."""
    return Parameter(name, str, default=default, quick=quick, choices=choices, help=help)


def count(name: str, default: Optional[int], help: str = "", **kw: Any) -> Parameter:
    """A count ``name``: an integer of at least 1 unless ``low`` says otherwise. Other
    keywords as :class:`Parameter` takes them (``quick``, ``full``, ``high``, ``allow_none``)."""
    kw.setdefault("low", 1)
    return Parameter(name, int, default=default, help=help, **kw)


def sizes(name: str, default: Optional[Sequence[int]], help: str = "", **kw: Any) -> Parameter:
    """A list ``name`` of integers (sizes, orders, counts), each at least 1 unless ``low`` says
    otherwise. Other keywords as :class:`Parameter` takes them (``quick``, ``high``,
    ``length``)."""
    kw.setdefault("low", 1)
    return Parameter(name, list, default=default, element=int, help=help, **kw)


#: The WMT19 daRR language pair a public profile reads (MT papers tested on public data).
WMT19_DARR_PAIR = Parameter(
    "public_pair", str, default="lt-en", choices=("gu-en", "kk-en", "lt-en"), help="WMT19 daRR pair"
)
#: The dependency parser of the dependency-based metrics (labelled dependencies).
DEPENDENCY_PARSER = Parameter(
    "parser",
    str,
    default="spacy",
    help="spacy | conllu:<file with # text comments> (labelled dependencies)",
)


def _parse_text(text: str, name: str, expected: str):
    """A value given as text (papermill ``-p``, command lines): JSON first, then YAML."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        import yaml

        return yaml.safe_load(text)
    except Exception:  # noqa: BLE001 - any YAML error is a bad parameter
        raise ParameterError(name, text, expected) from None


def _as_bool(name: str, value: Any, expected: str = "a boolean (True/False)") -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0", "yes", "no"):
        return value.strip().lower() in ("true", "1", "yes")
    if isinstance(value, Integral) and value in (0, 1):
        return bool(value)
    raise ParameterError(name, value, expected)


#: The knobs every notebook has, declared like a paper's own.
COMMON_PARAMETERS: Tuple[Parameter, ...] = (
    Parameter("profile", str, default="sample", choices=PROFILES, help="data profile"),
    Parameter("seed", int, default=12345, low=0, high=2**32 - 1, help="seed of every random step"),
    Parameter("quick", bool, default=False, help="small sizes for smoke tests"),
)


class NotebookParameters:
    """The validated parameters of one notebook run (read-only attributes).

    ``params.profile``, ``params.seed``, ``params.quick``, ``params.results_dir``,
    ``params.data_dir`` and every declared parameter of the paper's notebook
    (``params.alpha``); ``params.extra`` holds the declared ones as a dict.
    """

    __slots__ = (
        "paper",
        "notebook",
        "profile",
        "seed",
        "quick",
        "full",
        "results_dir",
        "data_dir",
        "extra",
    )

    def __init__(
        self,
        paper: str,
        notebook: str,
        profile: str = "sample",
        seed: int = 12345,
        quick: bool = False,
        results_dir: Optional[Path] = None,
        data_dir: Optional[Path] = None,
        extra: Optional[Dict[str, Any]] = None,
        full: bool = False,
    ):
        for key, value in (
            ("paper", paper),
            ("notebook", notebook),
            ("profile", profile),
            ("seed", seed),
            ("quick", quick),
            ("full", full),
            ("results_dir", results_dir),
            ("data_dir", data_dir),
            ("extra", dict(extra or {})),
        ):
            object.__setattr__(self, key, value)

    def __setattr__(self, key, value):
        raise AttributeError(f"notebook parameters are read-only ({key})")

    def __getattr__(self, key):
        extra = object.__getattribute__(self, "extra")
        if key in extra:
            return extra[key]
        raise AttributeError(f"no parameter {key!r}; declared: {sorted(extra)}")

    def __getitem__(self, key):
        return self.as_dict()[key]

    def __eq__(self, other):
        return isinstance(other, NotebookParameters) and self.as_dict() == other.as_dict()

    def __repr__(self):
        return f"NotebookParameters({self.as_dict()!r})"

    def as_dict(self) -> Dict[str, Any]:
        out = {
            "paper": self.paper,
            "notebook": self.notebook,
            "profile": self.profile,
            "seed": self.seed,
            "quick": self.quick,
            "full": self.full,
            "results_dir": None if self.results_dir is None else str(self.results_dir),
            "data_dir": None if self.data_dir is None else str(self.data_dir),
        }
        out.update(self.extra)
        return out


def check_int(
    name: str, value: Any, minimum: Optional[int] = None, maximum: Optional[int] = None
) -> int:
    """Return ``value`` as an int, or raise :class:`ParameterError` naming ``name``.

    Unlike the strict check of :mod:`evalkit.stats`, numeric strings are accepted, because
    papermill and command lines may hand a notebook its integers as text.
    """
    return Parameter(name, int, default=0, low=minimum, high=maximum).validate(value)


def declared_parameters(paper: str, notebook: str) -> Optional[Tuple[Parameter, ...]]:
    """The declaration of ``paper``'s ``notebook`` (``evalkit.papers.<paper>.NOTEBOOKS``).

    None when the paper module declares nothing (then extra parameters pass unchecked, for
    notebooks outside the paper layer such as user experiments).
    """
    import importlib

    try:
        module = importlib.import_module(f"evalkit.papers.{paper}")
    except ModuleNotFoundError as exc:
        if exc.name == f"evalkit.papers.{paper}":
            return None
        raise
    table = getattr(module, "NOTEBOOKS", None)
    if table is None:
        return None
    if notebook not in table:
        raise ParameterError(
            "notebook", notebook, f"one of the notebooks {paper} declares: {sorted(table)}"
        )
    return tuple(table[notebook])


def validate_parameters(
    paper: str,
    notebook: str,
    profile: Any = "sample",
    seed: Any = 12345,
    quick: Any = False,
    results_dir: Any = None,
    data_dir: Any = None,
    full: Any = None,
    **extra: Any,
) -> NotebookParameters:
    """Validate a notebook's parameters against its declaration; return them read-only.

    ``results_dir`` defaults to ``$EVALKIT_RESULTS_DIR`` when set (``run_all.sh`` sets it
    per notebook), else ``results/<profile>/<paper>/<notebook>`` below the working checkout
    (:func:`working_root`), never below the installed package. ``full`` (the paper's scale)
    defaults to ``$EVALKIT_SCALE == "full"`` (``run_all.sh --full``); not with ``quick``.
    """
    if not paper or not isinstance(paper, str):
        raise ParameterError("paper", paper, "a non-empty paper key such as 'graham2015'")
    if not notebook or not isinstance(notebook, str):
        raise ParameterError("notebook", notebook, "a non-empty notebook name")
    profile, seed, quick = (
        p.validate(v) for p, v in zip(COMMON_PARAMETERS, (profile, seed, quick))
    )
    if full is None:
        from evalkit import config

        full = config.full_scale()
    full = Parameter("full", bool, default=False).validate(full)
    if full and quick:
        raise ParameterError("full", full, "False when quick=True (one scale at a time)")
    declared = declared_parameters(paper, notebook)
    if declared is not None:
        extra = _validate_declared(declared, extra, quick, full)
    if results_dir in (None, ""):
        from evalkit import config

        env = config.results_dir()
        results_dir = Path(env) if env else working_root() / "results" / profile / paper / notebook
    else:
        results_dir = Path(results_dir)
    if data_dir not in (None, ""):
        data_dir = Path(data_dir)
        if not data_dir.is_dir():
            raise ParameterError("data_dir", str(data_dir), "an existing directory")
    else:
        data_dir = None
    return NotebookParameters(
        paper=paper,
        notebook=notebook,
        profile=profile,
        seed=seed,
        quick=quick,
        results_dir=results_dir,
        data_dir=data_dir,
        extra=extra,
        full=full,
    )


def _validate_declared(
    declared: Sequence[Parameter], given: Mapping[str, Any], quick: bool, full: bool = False
) -> Dict[str, Any]:
    by_name = {p.name: p for p in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        allowed = ", ".join(sorted(set(by_name) | set(COMMON))) or "only " + ", ".join(COMMON)
        raise ParameterError(unknown[0], given[unknown[0]], f"a declared parameter name: {allowed}")
    out: Dict[str, Any] = {}
    for p in declared:
        value = p.validate(given[p.name]) if p.name in given else p.validate(p.default)
        if quick and p.has_quick and value == p.validate(p.default):
            value = p.validate(p.quick)
        elif full and p.has_full and value == p.validate(p.default):
            value = p.validate(p.full)
        out[p.name] = value
    return out


def below_paper_scale(params: NotebookParameters) -> Dict[str, tuple]:
    """``{name: (value used, the paper's value)}`` for every declared parameter of this run
    that has a paper-scale value (``full=``) and runs below it: empty at the full scale, and
    for a notebook that declares none. Quick runs are reported by their own mark instead."""
    if params.full or params.quick:
        return {}
    declared = declared_parameters(params.paper, params.notebook) or ()
    out = {}
    for p in declared:
        if p.has_full and p.name in params.extra:
            paper = p.validate(p.full)
            if params.extra[p.name] != paper:
                out[p.name] = (params.extra[p.name], paper)
    return out


def scale_note(params: NotebookParameters) -> str:
    """One line saying that this run is below the paper's scale, and how to run that one;
    empty when it is not."""
    below = below_paper_scale(params)
    if not below:
        return ""
    listed = ", ".join(f"{k}={v!r} (paper: {paper!r})" for k, (v, paper) in below.items())
    return (
        f"Default sizes, below the paper's: {listed}. "
        "./run_all.sh --full (or full=True) runs the paper's."
    )


def parameters_from_mapping(values: Mapping[str, Any]) -> NotebookParameters:
    """Validate a mapping (e.g. papermill's injected parameters)."""
    return validate_parameters(**dict(values))


__all__ = [
    "COMMON",
    "COMMON_PARAMETERS",
    "NotebookParameters",
    "PROFILES",
    "Parameter",
    "check_choice",
    "check_int",
    "declared_parameters",
    "DEPENDENCY_PARSER",
    "count",
    "first_n",
    "probability",
    "one_of",
    "sizes",
    "switch",
    "WMT19_DARR_PAIR",
    "below_paper_scale",
    "parameters_from_mapping",
    "scale_note",
    "repository_root",
    "validate_parameters",
    "working_root",
]
