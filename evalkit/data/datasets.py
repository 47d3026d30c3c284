"""Data sets by key and profile: one registry from ``(key, profile)`` to a loader.

A paper names the data sets each profile runs on (``{"sample": ("duc2004",), "public":
("summeval", "realsumm"), "licensed": ("duc2004",)}``) and calls :func:`load`, which
returns the corpus (:mod:`evalkit.data.model`) with a :class:`~evalkit.data.provenance.Provenance`
record in ``corpus.provenance`` (files, SHA-256, what the data stand in for). Profiles
(SPEC 2.2):

* ``sample``: the simulated corpora (:mod:`evalkit.data.simulate`), built on first use;
  options ``quick`` (the test size), ``seed``, ``root``. Each stands in for the licensed
  corpus it imitates.
* ``public``: the pinned public sets (:mod:`evalkit.data.public`), verified by SHA-256;
  options are the loader's (``documents``, ``annotations``).
* ``licensed``: the user's DUC/TAC/LDC copies (:mod:`evalkit.data.licensed`); an
  unconfigured corpus raises :class:`~evalkit.errors.DataNotConfiguredError`.

``available()`` lists every entry with its description and stand-in; :func:`profiles`
gives the profiles of one key. ``load(key, profile, stands_in_for="...")`` overrides the
registered stand-in text for one use (SummEval standing in for DUC 2004 in one paper,
for other data in another).

Register a new data set with :func:`register_dataset`; the ``files`` callable returns the
files the loader read, as ``(root, [paths or (name, path) pairs])``, for the provenance.
A second registration of the same ``(key, profile)`` is an error.

>>> sorted(profiles("duc2004"))
['licensed', 'sample']
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, Union

import pandas as pd

from evalkit.data.provenance import PROFILES, record_provenance
from evalkit.errors import ParameterError

__all__ = [
    "PROFILES",
    "KINDS",
    "Dataset",
    "FileList",
    "register_dataset",
    "get_dataset",
    "available",
    "profiles",
    "keys",
    "load",
]

#: What a data set's loader returns.
KINDS: Tuple[str, ...] = ("summarization", "mt", "study", "decompounding")
#: What a ``files`` callable returns: the root the names are relative to, and the files.
FileList = Tuple[Optional[Path], List[Union[Path, Tuple[str, Path]]]]


@dataclass(frozen=True)
class Dataset:
    """One registry entry: ``loader(**options)`` returns the corpus (``has_quick``: the
    loader takes ``quick`` and has a test size; ``kind``
    ``"summarization"`` -> :class:`~evalkit.data.model.SummarizationCorpus`, ``"mt"`` ->
    :class:`~evalkit.data.model.MTCorpus`); ``files(corpus, options)`` the files it was read
    from (see :data:`FileList`)."""

    key: str
    profile: str
    loader: Callable[..., Any]
    description: str
    kind: str = "summarization"
    stands_in_for: str = ""
    source: str = ""
    licence: str = ""
    files: Optional[Callable[[Any, Mapping[str, Any]], FileList]] = None
    has_quick: bool = False


_REGISTRY: Dict[Tuple[str, str], Dataset] = {}


def register_dataset(
    key: str,
    profile: str,
    loader: Callable[..., Any],
    *,
    description: str,
    kind: str = "summarization",
    stands_in_for: str = "",
    source: str = "",
    licence: str = "",
    files: Optional[Callable[[Any, Mapping[str, Any]], FileList]] = None,
    has_quick: bool = False,
) -> Dataset:
    """Register ``loader`` under ``(key, profile)``; returns the entry."""
    if not isinstance(key, str) or not key:
        raise ParameterError("key", key, "a non-empty data set key")
    if profile not in PROFILES:
        raise ParameterError("profile", profile, f"one of {PROFILES}")
    if not callable(loader):
        raise ParameterError("loader", loader, "a callable returning a corpus")
    if not description:
        raise ParameterError("description", description, "a description of the data set")
    if kind not in KINDS:
        raise ParameterError("kind", kind, f"one of {KINDS}")
    if (key, profile) in _REGISTRY:
        raise ParameterError("key", (key, profile), "a (key, profile) not registered yet")
    entry = Dataset(
        key, profile, loader, description, kind, stands_in_for, source, licence, files, has_quick
    )
    _REGISTRY[(key, profile)] = entry
    return entry


def profiles(key: str) -> Tuple[str, ...]:
    """The profiles data set ``key`` has (in SPEC order); an unknown key raises."""
    found = tuple(p for p in PROFILES if (key, p) in _REGISTRY)
    if not found:
        raise ParameterError("key", key, f"a registered data set: {keys()}")
    return found


def keys(profile: Optional[str] = None) -> List[str]:
    """The registered keys (of one ``profile``), in registration order."""
    if profile is not None and profile not in PROFILES:
        raise ParameterError("profile", profile, f"one of {PROFILES}")
    return list(dict.fromkeys(k for k, p in _REGISTRY if profile is None or p == profile))


def get_dataset(key: str, profile: str) -> Dataset:
    """The entry of ``(key, profile)``; the error names the profiles ``key`` does have."""
    if profile not in PROFILES:
        raise ParameterError("profile", profile, f"one of {PROFILES}")
    if (key, profile) not in _REGISTRY:
        have = [p for p in PROFILES if (key, p) in _REGISTRY]
        expected = (
            f"a profile of {key!r}: {have}"
            if have
            else f"a data set registered for profile {profile!r}: {keys(profile)}"
        )
        raise ParameterError(
            "key" if not have else "profile", key if not have else profile, expected
        )
    return _REGISTRY[(key, profile)]


def available(profile: Optional[str] = None) -> pd.DataFrame:
    """Every entry (of one ``profile``): ``key, profile, kind, description, stands_in_for,
    source``, sorted by key and profile (SPEC order)."""
    if profile is not None and profile not in PROFILES:
        raise ParameterError("profile", profile, f"one of {PROFILES}")
    rows = [
        (e.key, e.profile, e.kind, e.description, e.stands_in_for, e.source)
        for e in _REGISTRY.values()
        if profile is None or e.profile == profile
    ]
    frame = pd.DataFrame(
        rows, columns=["key", "profile", "kind", "description", "stands_in_for", "source"]
    )
    order = {p: i for i, p in enumerate(PROFILES)}
    frame = frame.assign(_p=frame["profile"].map(order)).sort_values(
        ["key", "_p"], kind="mergesort"
    )
    return frame.drop(columns="_p").reset_index(drop=True)


def load(
    key: str, profile: str, quick: bool = False, stands_in_for: Optional[str] = None, **options: Any
):
    """Load data set ``key`` in ``profile`` with the loader's ``options``; the corpus
    carries its provenance (``corpus.provenance``).

    Parameters
    ----------
    key : str
        A data set key (``evalkit data datasets`` lists them, :func:`keys`).
    profile : str
        ``"sample"`` (simulated, always available), ``"public"`` or ``"licensed"``.
    quick : bool
        The data set's test size where it has one (below).
    stands_in_for : str, optional
        Replaces the registered stand-in text in the provenance record.
    **options
        The loader's own options.

    Returns
    -------
    object
        The corpus (e.g. :class:`evalkit.data.model.SummarizationCorpus` or ``MTCorpus``),
        with ``corpus.provenance``.

    Examples
    --------
    >>> from evalkit import load_dataset
    >>> from evalkit.data.datasets import keys
    >>> "summeval" in keys("public")
    True
    >>> load_dataset("no-such-set", "sample")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    evalkit.errors.ParameterError: ...

    Notes
    -----

    ``quick`` asks for the data set's test size where it has one (the sample corpora:
    ``Dataset.has_quick``); the public and licensed sets have none and load whole (the
    caller takes a subset, e.g. the first instances). A quick request is recorded in the
    provenance options either way. ``stands_in_for`` replaces the registered stand-in text
    in the record."""
    if not isinstance(quick, bool):
        raise ParameterError("quick", quick, "True or False")
    entry = get_dataset(key, profile)
    loader_options = {**options, "quick": quick} if entry.has_quick else dict(options)
    corpus = entry.loader(**loader_options)
    root, files = entry.files(corpus, loader_options) if entry.files is not None else (None, [])
    record_provenance(
        corpus,
        key,
        profile,
        entry.source,
        files,
        root=root,
        stands_in_for=entry.stands_in_for if stands_in_for is None else stands_in_for,
        options={**options, "quick": True} if quick else options,
        licence=entry.licence,
    )
    return corpus


def _below(*folders: Path) -> List[Path]:
    """Every regular file below the folders that exist (sorted, hidden files skipped)."""
    out: List[Path] = []
    for folder in folders:
        if folder.is_dir():
            out += sorted(
                p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".")
            )
    return out


# --------------------------------------------------------------------------- sample
_SAMPLE_STANDS_IN = {
    "duc2004": "DUC 2004 task 2 (licensed duc2004: NIST SEE coverage and linguistic quality)",
    "duc2004t5": "DUC 2004 task 5, 'Who is X?' (not in the licensed duc2004 entry, which reads task 2)",
    "duc2005": "DUC 2005 (licensed duc2005: responsiveness, linguistic quality, pyramids)",
    "duc2006": "DUC 2006 (licensed duc2006: responsiveness, linguistic quality, pyramids)",
    "duc2007": "DUC 2007 main task (licensed duc2007: content responsiveness)",
    "tac2008": "TAC 2008 update task (licensed tac2008: pyramids, responsiveness, linguistic quality)",
    "tac2009": "TAC 2009 update task (licensed tac2009)",
    "tac2010": "TAC 2010 guided task (licensed tac2010)",
    "tac2011": "TAC 2011 guided task (licensed tac2011)",
    "tides2003": "TIDES 2003 zh-en / Multiple-Translation Chinese Part 4 (licensed mtc4: adequacy, fluency)",
    "tides2003ce": "TIDES 2003 zh-en with the 2005 papers' systems E09-E22 (licensed mtc4: adequacy, fluency)",
    "tides2003ae": "TIDES 2003 ar-en (licensed tides2003-ar-en: adequacy, fluency)",
    "btec2004": "IWSLT 2004 BTEC zh-en (never distributed; 11 systems, 16 references)",
}
_SAMPLE_MT = ("tides2003", "tides2003ce", "tides2003ae", "btec2004")


def _register_simulated(
    key: str, name: str, module: str, load: str, locate: str, **meta: Any
) -> None:
    """Register the sample (simulated) data set ``key``: ``<module>.<load>(name, root=, quick=,
    seed=)`` reads the built corpus ``name`` (building it first if missing) and
    ``<module>.<locate>(...)`` (same arguments) is its folder, whose files are the provenance.
    Imported when called: the simulators import this module's readers."""
    import importlib

    def call(function: str, root: Any, quick: bool, seed: Optional[int]) -> Any:
        from evalkit.data.simulate import DEFAULT_SEED

        return getattr(importlib.import_module(module), function)(
            name, root=root, quick=quick, seed=DEFAULT_SEED if seed is None else seed
        )

    def loader(quick: bool = False, seed: Optional[int] = None, root: Optional[str] = None) -> Any:
        return call(load, root, quick, seed)

    def files(corpus: Any, options: Mapping[str, Any]) -> FileList:
        folder = call(
            locate, options.get("root"), bool(options.get("quick", False)), options.get("seed")
        )
        return folder, _below(folder)

    register_dataset(
        key,
        "sample",
        loader,
        files=files,
        has_quick=True,
        licence="CC0 (generated by evalkit)",
        **meta,
    )


def _register_sample() -> None:
    from evalkit.data.simulate.corpora import CORPORA

    for name in CORPORA:
        kind = "MT evaluation" if name in _SAMPLE_MT else "summarization evaluation"
        _register_simulated(
            name,
            name,
            "evalkit.data.simulate.build",
            "load_sample",
            "corpus_dir",
            kind="mt" if name in _SAMPLE_MT else "summarization",
            description=f"simulated {kind} in the real on-disk format of {name} "
            "(known latent truth next to it)",
            stands_in_for=_SAMPLE_STANDS_IN[name],
            source="evalkit.data.simulate (seeded; see data/README.md, 'The sample profile')",
        )


# --------------------------------------------------------------------------- public
def _public_files(corpus: Any, options: Mapping[str, Any]) -> FileList:
    from evalkit.data.public import locate

    rels = sorted((corpus.meta.get("sha256") or {}))
    return None, [(rel, locate(rel)) for rel in rels]


def _register_public() -> None:
    from evalkit.data import public, realsumm, summeval, wmt

    def licence(rel: str) -> str:
        for info in public.manifest()["sets"].values():
            for entry in info["files"]:
                if entry["path"] == rel:
                    return str(entry.get("licence", ""))
        return ""

    entries = [
        (
            "summeval",
            summeval.load_summeval,
            "summeval/data.pkl",
            "SummEval: 100 CNN/DM documents x 16 systems, 11 references, mean expert ratings 1-5 "
            "(coherence, consistency, fluency, relevance)",
            "DUC-style coverage and linguistic quality judgments (relevance for coverage; coherence, "
            "consistency, fluency for quality)",
            "SummEval (Fabbri et al. 2021), copy in neulab/BARTScore",
        ),
        (
            "realsumm",
            realsumm.load_realsumm,
            "realsumm/data.pkl",
            "REALSumm: 100 CNN/DM documents x 24 systems, 1 reference, LitePyramid recall (and the crowd "
            "SCU annotations with annotations=True)",
            "DUC/TAC pyramid or coverage judgments (LitePyramid recall)",
            "REALSumm (Bhandari et al. 2020), neulab/BARTScore copy and neulab/REALSumm annotations",
        ),
        (
            "wmt17-en-de",
            wmt.load_wmt17_en_de,
            "wmt17-en-de/wmt17_en_de_systems.pkl.bz2",
            "WMT17 newstest2017 en-de: 16 systems + reference, 3004 segments, no human judgments",
            "NIST/TIDES MT evaluations without judgments (e.g. Riezler & Maxwell's Europarl reranker outputs)",
            "WMT17 news en-de, copy in mjpost/sacrebleu tests",
        ),
        (
            "wmt09-cz-en",
            wmt.load_wmt09_cz_en,
            "wmt09-cz-en/ref.sgm",
            "newstest2009 cz-en reference and cmu-combo output in NIST SGML (2525 segments, 111 documents)",
            "",
            "cmu-mtlab/meteor example (WMT09 newstest2009)",
        ),
    ]
    for pair in wmt.WMT19_PAIRS:
        entries.append(
            (
                f"wmt19-darr-{pair}",
                (lambda p: lambda: wmt.load_wmt19_darr(p))(pair),
                f"wmt19-darr/{pair}/data.pkl",
                f"WMT19 segment-level daRR relative rankings, {pair}",
                "",
                "WMT19 metrics task daRR, copy in neulab/BARTScore",
            )
        )
    for key, loader, rel, description, stands, source in entries:
        register_dataset(
            key,
            "public",
            loader,
            files=_public_files,
            description=description,
            kind="mt" if key.startswith("wmt") else "summarization",
            stands_in_for=stands,
            source=source,
            licence=licence(rel),
        )


# --------------------------------------------------------------------------- licensed
def _duc_files(corpus: Any, where: Path, year: int, options: Mapping[str, Any]) -> FileList:
    from evalkit.data import duc

    layout = options.get("layout") or duc.LAYOUTS[f"duc{year}"]
    tables = [where / rel for rel in layout.tables.values() if (where / rel).is_file()]
    return where, _below(where / layout.peers, where / layout.models) + tables


def _tac_files(corpus: Any, where: Path, year: int, options: Mapping[str, Any]) -> FileList:
    from evalkit.data import tac

    layout = tac.LAYOUTS[year]
    rels = [rel for _, rel in layout.peer_tables + layout.model_tables]
    if options.get("rouge"):
        rels += [rel for _, rel, _ in layout.rouge]
    folders = [where / layout.models, where / layout.peers]
    if options.get("pyramids", True):
        folders += [where / layout.pyramids, where / layout.peer_annotations]
    return where, _below(*folders) + [where / rel for rel in rels if (where / rel).is_file()]


def _nist_files(spec: Mapping[str, Any]) -> FileList:
    files = [
        Path(p)
        for p in [spec["source"], *spec["references"], *spec["systems"], spec["assessments"]]
        if p
    ]
    root = Path(os.path.commonpath([str(p.parent) for p in files]))
    return root, files


def _licensed_files(name: str) -> Callable[[Any, Mapping[str, Any]], FileList]:
    def files(corpus: Any, options: Mapping[str, Any]) -> FileList:
        from evalkit.data import licensed
        from evalkit.data.hong2014 import hong2014_files

        c = licensed.CORPORA[name]
        where = licensed.require(name)
        if c.kind == "nist":
            return _nist_files(where)
        if c.kind == "duc":
            return _duc_files(corpus, where, c.year, options)
        if c.kind == "tac":
            return _tac_files(corpus, where, c.year, options)
        if c.kind == "decompound":
            return where, [Path(f) for f in corpus.meta.get("_files", [])]
        if c.kind == "task":
            return where, _below(where)
        return where, hong2014_files(where, options.get("systems"))

    return files


def _licensed_loader(name: str) -> Callable[..., Any]:
    def loader(**options: Any):
        from evalkit.data import licensed

        if licensed.CORPORA[name].kind == "summaries" and options.get("duc_corpus") is None:
            options["duc_corpus"] = load("duc2004", "licensed")
        return licensed.load(name, **options)

    return loader


def _register_licensed() -> None:
    from evalkit.data import licensed

    for name, c in licensed.CORPORA.items():
        register_dataset(
            name,
            "licensed",
            _licensed_loader(name),
            files=_licensed_files(name),
            kind="mt"
            if c.kind == "nist"
            else "study"
            if c.kind == "task"
            else "decompounding"
            if c.kind == "decompound"
            else "summarization",
            description=c.description,
            source=c.obtain,
            licence="NIST/LDC licence of the user's copy (not redistributable)",
        )


# --------------------------------------------------------------------------- human studies
#: licensed study key -> (sample task corpus, what the sample stands in for)
_STUDIES = {
    "tdt3-relevance": (
        "relevance",
        "TDT-3 relevance study of Dorr et al. (2005): subjects' judgments on headlines, "
        "human summaries and full text, LDC relevance labels",
    ),
    "kolluru-study": (
        "questionnaires",
        "Kolluru & Gotoh's (2005) one-line summaries, questionnaires and grades",
    ),
    "icsi-meetings": (
        "meetings",
        "ICSI meetings (Murray et al. 2005): manual and ASR transcripts, extracts, ratings",
    ),
    "trec-qa-2004": (
        "nuggets",
        "TREC 2004 QA 'other' questions: nuggets, runs, judgments (Lin & Demner-Fushman 2005)",
    ),
}


def _register_studies() -> None:
    from evalkit.data.meetings import SUMMEVAL_STANDS_IN, meetings_from_summeval
    from evalkit.data.trec_qa import REALSUMM_STANDS_IN, nuggets_from_realsumm

    for key, (task, stands) in _STUDIES.items():
        _register_simulated(
            key,
            task,
            "evalkit.data.simulate.tasks",
            "load_task_sample",
            "task_dir",
            kind="study",
            description=f"simulated {task} study in its documented layout (known latent truth next to it)",
            stands_in_for=stands,
            source="evalkit.data.simulate.tasks (seeded; data/README.md)",
        )
    register_dataset(
        "icsi-meetings",
        "public",
        meetings_from_summeval,
        files=_public_files,
        kind="study",
        description="SummEval's CNN/DM articles as meetings (sentences as dialogue acts, synthetic ASR)",
        stands_in_for=SUMMEVAL_STANDS_IN,
        source="SummEval (Fabbri et al. 2021), copy in neulab/BARTScore",
    )
    register_dataset(
        "trec-qa-2004",
        "public",
        nuggets_from_realsumm,
        files=_public_files,
        kind="study",
        description="REALSumm's SCUs as nuggets with the crowd's presence judgments",
        stands_in_for=REALSUMM_STANDS_IN,
        source="REALSumm (Bhandari et al. 2020) annotations",
    )


# --------------------------------------------------------------------------- decompounding
def _compound_files(corpus: Any, options: Mapping[str, Any]) -> FileList:
    files = [Path(f) for f in corpus.meta.get("_files", [])]
    root = corpus.meta.get("_root")
    return (Path(root), files) if root else (None, files)


def _register_compounds() -> None:
    from evalkit.data import compounds

    register_dataset(
        "decompound-sim",
        "sample",
        compounds.load_sample_compounds,
        files=_compound_files,
        has_quick=True,
        kind="decompounding",
        description="simulated compounds of two synthetic languages: lexicon with connectors and "
        "compound-only stems, gold decompositions, lexicalized irregular forms, parts "
        "missing from the lexicon (known truth beside them)",
        stands_in_for="the proprietary Oracle lexica and gold compound sets of Owczarzak et al. (2014)",
        source="evalkit.data.simulate.compounds (seeded)",
        licence="CC0 (generated by evalkit)",
    )
    register_dataset(
        "decompound-debian",
        "public",
        compounds.load_debian_silver,
        files=_compound_files,
        has_quick=True,
        kind="decompounding",
        description="silver two-part compounds built at run time from the Debian word lists "
        "(wngerman, wdutch, wswedish, wdanish, wnorwegian), the lists as lexica",
        stands_in_for="the proprietary gold compound sets and lexica of Owczarzak et al. (2014)",
        source="Debian packages wngerman, wdutch, wswedish, wdanish, wnorwegian (/usr/share/dict)",
        licence="GPL-2+ (wngerman, wswedish, wdanish, wnorwegian); BSD / CC-BY 3.0 (wdutch)",
    )


_register_sample()
_register_public()
_register_licensed()
_register_studies()
_register_compounds()
