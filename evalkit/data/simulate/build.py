"""Build the sample profile: simulate every corpus, write it in its real format, save the truth.

``build_sample(out_dir)`` writes, for every corpus of :data:`~.corpora.CORPORA`::

    <out_dir>/<corpus>/          the corpus in its real on-disk format (DUC, TAC, NIST SGML)
    <out_dir>/<corpus>/truth/    the latent truth (CSV): facts and weights, what every
                                 summary / segment really expresses, the systems' and
                                 assessors' parameters; build.json (seed, size, version,
                                 simulator source)

``load_sample(name)`` builds a missing corpus and reads it back through the corpus's real
reader, returning the data-model object.  Every random choice is seeded from
``(corpus name, seed)`` alone, so corpora are independent of one another and of the build
order, and the same seed gives byte-identical files.
"""

from __future__ import annotations

import json
import os
import shutil
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

import pandas as pd

from evalkit import config
from evalkit.atomic import file_lock, fsync_disabled, remove_stale_directories, swap_directory
from evalkit.data.checksums import source_fingerprint
from evalkit.data.model import MTCorpus, SummarizationCorpus
from evalkit.errors import InputFormatError, ParameterError

from . import corpora, documents, formats, mt, summarization, trees

#: Bumped whenever the simulation changes what it writes (a stale sample is rebuilt).
GENERATOR_VERSION = 17  # 17: nouns agree in number with the variant written (basic "supplies", "funds", "authorities", "remains", "woods" too) ("supplies:pl", "wildlife:sg": verb, "a"/"an" or bare) and modifiers fit the noun's kind (people/places/things; none on time/unit nouns, only "additional"/"local"/"other" on counted ones); 16: duc2004 and duc2004t5 writers share a rich language (simulate.lexicon: wider variants per concept, NP modifiers, clause adverbs, entities named by description) and task 2 models choose content freely (model_noise 2.0-2.6): best task 2 system ROUGE-2 at graham2015 Table 3 level; 15: clauses joined as English does (language.JUNCTIONS: "and", "but", "while", "after", "as", one word each; no bare comma splice); tides2003/ce/ae draw their extra facts Poisson(1.45/1.45/1.27) so some segments are one-clause sentences (leusch2005 Table 2 length still met); 14: duc2004 records truth/realism.csv: its systems' ROUGE-2 level against graham2015 Table 3 (a known gap, tests/test_simulator_realism.py); 13: tides2003 segments carry 1.5 more facts as tides2003ce (leusch2005 Table 2 TIDES CE reference length), E14 and E10 swap qualities (liu2005 Sec. 3.1: E14 high, E15 low); 12: tides2003ce/ae segments carry 1.5/1.35 more facts (leusch2005 Table 2 reference length); 11: btec2004 references keep an adjunct in 55% of segments (leusch2005 Table 2 length); 10: TAC 2008 systems' content selection and SCU match as per-system traits (issue 29); 9: per-year responsiveness curve, models scored on their own SCUs, 2010-11 update writers (issue 29); 8: calibrated to data/published/simulator_targets.csv (issue 29); 7: DUC source documents on disk, truth extracts; 6: bitext gold links per written word
DEFAULT_SEED = 20051
PathLike = Union[str, "os.PathLike[str]"]

Corpus = Union[SummarizationCorpus, MTCorpus]


def _frame(rows: List[dict], columns: Optional[Sequence[str]] = None) -> pd.DataFrame:
    df = pd.DataFrame(rows)
    if columns is not None:
        if df.empty:
            df = pd.DataFrame({c: [] for c in columns})
        df = df[list(columns) + [c for c in df.columns if c not in columns]]
    return df


def simulate_corpus(
    name: str, seed: int = DEFAULT_SEED, quick: bool = False
) -> Tuple[Corpus, Dict[str, pd.DataFrame]]:
    """Simulate corpus ``name`` in memory: (data-model corpus, truth tables)."""
    if name not in corpora.CORPORA:
        raise ParameterError("corpus", name, f"one of {', '.join(corpora.CORPORA)}")
    cfg = corpora.config(name, quick)
    meta = {
        "source": "evalkit sample simulation",
        "seed": int(seed),
        "quick": bool(quick),
        "generator_version": GENERATOR_VERSION,
    }
    if isinstance(cfg, mt.MTConfig):
        rows = mt.simulate(cfg, seed)
        corpus = MTCorpus(
            name=name,
            source_language="zz",
            target_language="en",
            segments=_frame(rows["segments"]),
            references=_frame(rows["references"]),
            outputs=_frame(rows["outputs"]),
            judgments=_frame(rows["judgments"]),
            meta={**meta, "setid": cfg.setid, "year": 2003},
        ).validate()
        truth = {
            "segments": _frame(rows["truth_segments"]),
            "systems": _frame(rows["truth_systems"]),
            "judges": _frame(rows["judges"]),
            "bitext": _frame(rows["bitext"]),
        }
        return corpus, truth
    rows = summarization.simulate(cfg, seed)
    corpus = SummarizationCorpus(
        name=name,
        instances=_frame(rows["instances"]),
        # a writer who wrote no model for these topics is not in the corpus (nor on disk)
        summarizers=_frame(
            [
                r
                for r in rows["summarizers"]
                if r["summarizer"] in {s["summarizer"] for s in rows["summaries"]}
            ]
        ),
        summaries=_frame(rows["summaries"]),
        judgments=_frame(rows["judgments"]),
        scus=_frame(rows["scus"], ["instance", "scu", "label", "weight"]),
        scu_contributors=_frame(
            rows["scu_contributors"],
            ["instance", "scu", "summarizer", "contributor", "start", "end"],
        ),
        peer_scus=_frame(rows["peer_scus"], ["instance", "summarizer", "scu"]),
        # DUC corpora write their source documents (formats -> .documents) and read them back
        documents=documents.documents_frame(
            _frame(rows["truth_sentences"]), _frame(rows["instances"])
        )[["instance", "document", "sentences"]]
        if name.startswith("duc")
        else None,
        meta={
            **meta,
            "year": cfg.year,
            "task": cfg.task,
            "words": cfg.words,
            "max_bytes": cfg.max_bytes,
            "update": cfg.update,
        },
    ).validate()
    truth = {
        "instances": _frame(rows["truth_instances"]),
        "facts": _frame(rows["truth_facts"]),
        "summaries": _frame(rows["truth_summaries"]),
        "summarizers": _frame(rows["truth_summarizers"]),
        "assessors": _frame(rows["assessors"]),
        "sentences": _frame(rows["truth_sentences"]),
        "extracts": _frame(rows["truth_extracts"]),
    }
    if rows["truth_scus"]:
        truth["scus"] = _frame(rows["truth_scus"])
    return corpus, truth


def _write_truth(truth: Dict[str, pd.DataFrame], directory: Path, info: dict) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for table, df in truth.items():
        df.to_csv(directory / f"{table}.csv", index=False, lineterminator="\n")
    (directory / "build.json").write_text(
        json.dumps(info, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


def write_realism(name: str, corpus, directory: Path) -> None:
    """``truth/realism.csv``: the corpus's rows of the realism report (the papers' printed
    data statistics against this simulation, :mod:`.realism`), when it has targets."""
    from . import realism

    try:
        targets = realism.read_targets()
    except (OSError, ParameterError, InputFormatError):  # no data/published (an installed package)
        return
    targets = targets[targets["corpus"] == name]
    if targets.empty:
        return
    report = realism.realism_report({name: corpus}, targets)
    report.round({"simulated": 6, "difference": 6}).to_csv(
        directory / "realism.csv", index=False, lineterminator="\n"
    )


def _build_one(args: Tuple[str, str, int, bool]) -> Tuple[str, str]:
    name, out_dir, seed, quick = args
    corpus, truth = simulate_corpus(name, seed, quick)
    target = Path(out_dir) / name
    tmp = Path(out_dir) / f".{name}.building-{os.getpid()}"  # parallel notebooks may build at once
    remove_stale_directories(out_dir, f".{name}.building-")  # left by killed builds
    if tmp.exists():
        shutil.rmtree(tmp)
    try:
        # A sample corpus is tens of thousands of small regenerable files and one fsync
        # costs milliseconds; atomicity is kept by building in a hidden directory and
        # renaming it into place below.
        with fsync_disabled():
            formats.write(name, corpus, truth, tmp)
            trees.write_gold(
                name, tmp, seed, quick
            )  # the ideal parser's trees (supported corpora only)
        info = {
            "corpus": name,
            "seed": int(seed),
            "quick": bool(quick),
            "generator_version": GENERATOR_VERSION,
            "simulator": simulator_fingerprint(),
            "format": formats.describe(name),
        }
        _write_truth(truth, tmp / "truth", info)
        if not quick:  # the targets describe the full-size corpora
            write_realism(name, corpus, tmp / "truth")
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    try:
        # a half-built corpus is never seen under its name, and a reader of the old one
        # finds a whole corpus (old or new) at every moment: the two are swapped
        swap_directory(tmp, target)
    except OSError:  # another process put the same corpus (same seed, same bytes) in place first
        shutil.rmtree(tmp, ignore_errors=True)
    return name, str(target)


def build_sample(
    out_dir: PathLike,
    quick: bool = False,
    seed: int = DEFAULT_SEED,
    corpora: Optional[Iterable[str]] = None,
    jobs: Optional[int] = None,
) -> Dict[str, str]:
    """Simulate and write the sample corpora; return {corpus name: directory}.

    Parameters
    ----------
    out_dir : directory to write into (``data/sample`` for ``evalkit data sample``).
    quick : the small sizes used by the tests (a handful of topics / documents).
    seed : master seed; each corpus derives its own random streams from (name, seed), so
        the same seed gives byte-identical files whatever subset is built, in any order.
    corpora : names to build (default: all of :data:`evalkit.data.simulate.CORPORA`).
    jobs : worker processes (default: ``min(4, number of corpora)``; 1 = in process).
    """
    from . import corpora as _c

    names = list(_c.CORPORA if corpora is None else corpora)
    for n in names:
        if n not in _c.CORPORA:
            raise ParameterError("corpora", n, f"names among {', '.join(_c.CORPORA)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ParameterError("seed", seed, "an integer")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    # Writing ~46,000 small files dominates a full build, so more workers than cores
    # overlap the waits on the file system (measured: 26-64 s with 4 workers against
    # 42-68 s with 2 on the shared 2-core machine).
    jobs = min(4, len(names)) if jobs is None else int(jobs)
    # biggest first, so the workers finish together
    tasks = [
        (n, str(out), seed, bool(quick)) for n in sorted(names, key=lambda n: -_COST.get(n, 1))
    ]
    if jobs <= 1 or len(tasks) <= 1:
        done = dict(_build_one(t) for t in tasks)
    else:
        # Workers are spawned, not forked: a fork copies the caller's locks as they are, and
        # a lock another thread of the caller held at that instant (an allocator's background
        # thread, a BLAS pool, a test runner's I/O thread) is never released in the child,
        # which then hangs the build forever (seen in a CI rehearsal: the child stuck in a
        # futex after 1 s of CPU). Spawning costs each worker its imports (about a second).
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
            done = dict(pool.map(_build_one, tasks))
    return {n: done[n] for n in names}


#: Relative build cost (files written and text simulated) of the full-size corpora.
_COST = {
    "tac2008": 12,
    "tac2009": 10,
    "tac2011": 10,
    "tac2010": 8,
    "duc2006": 4,
    "duc2005": 4,
    "duc2007": 3,
    "duc2004": 2,
    "duc2004t5": 2,
    "tides2003": 1,
    "tides2003ce": 1,
    "tides2003ae": 1,
    "btec2004": 2,
}


def default_root() -> Path:
    """``$EVALKIT_SAMPLE_DIR``, else the repository's ``data/sample``, else a user cache."""
    env = config.sample_dir()
    if env is not None:
        return env
    repo = Path(__file__).resolve().parents[3] / "data" / "sample"
    if repo.parent.is_dir() and os.access(repo.parent, os.W_OK):
        return repo
    import platformdirs

    return Path(platformdirs.user_cache_dir("evalkit")) / "sample"


def simulator_fingerprint() -> str:
    """SHA-256 of the simulator's own source (every ``*.py`` file of
    ``evalkit/data/simulate``, :func:`evalkit.data.checksums.source_fingerprint`).

    Every build record (``truth/build.json``) stores it beside :data:`GENERATOR_VERSION`, and
    a corpus recorded with another one is rebuilt: a sample written by other simulator code
    (an edit made without a version bump, another checkout sharing ``$EVALKIT_SAMPLE_DIR``)
    is never read as this code's. Code outside the package (the corpus writers in
    :mod:`evalkit.data`) is covered by the version alone.
    """
    return source_fingerprint(Path(__file__).resolve().parent)


def is_built(name: str, root: Path, seed: int, quick: bool) -> bool:
    info = root / name / "truth" / "build.json"
    try:
        data = json.loads(info.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (
        data.get("seed") == seed
        and data.get("quick") == quick
        and data.get("generator_version") == GENERATOR_VERSION
        and data.get("simulator") == simulator_fingerprint()
    )


def load_sample(
    corpus_name: str, root: Optional[PathLike] = None, quick: bool = False, seed: int = DEFAULT_SEED
) -> Corpus:
    """The sample corpus ``corpus_name`` read back through its real reader (built if missing).

    ``root`` defaults to :func:`default_root`; the quick size lives in ``<root>/quick``.
    A corpus built with another seed, size or generator version is rebuilt.
    """
    from . import corpora as _c

    if corpus_name not in _c.CORPORA:
        raise ParameterError("corpus_name", corpus_name, f"one of {', '.join(_c.CORPORA)}")
    base = _locate(corpus_name, root, seed, quick)
    return formats.read(corpus_name, base / corpus_name)


def corpus_dir(
    corpus_name: str, root: Optional[PathLike] = None, quick: bool = False, seed: int = DEFAULT_SEED
) -> Path:
    """The directory of the built sample corpus ``corpus_name`` (built first if missing or
    stale), as :func:`load_sample` reads it: every file of the sample lies below it."""
    from . import corpora as _c

    if corpus_name not in _c.CORPORA:
        raise ParameterError("corpus_name", corpus_name, f"one of {', '.join(_c.CORPORA)}")
    return _locate(corpus_name, root, seed, quick) / corpus_name


def _locate(corpus_name: str, root: Optional[PathLike], seed: int, quick: bool) -> Path:
    """The directory holding a built ``corpus_name`` (building it if needed).

    A quick build may sit in ``<root>`` itself (``build_sample(root, quick=True)``, as
    ``run_all.sh --quick`` does) or in ``<root>/quick``; a full build in ``<root>``.
    """
    base = Path(root) if root is not None else default_root()
    candidates = [base, base / "quick"] if quick else [base]
    for c in candidates:
        if is_built(corpus_name, c, seed, quick):
            return c
    target = candidates[-1]
    target.mkdir(parents=True, exist_ok=True)
    # notebooks run in parallel: one builds, the others wait and then find it built
    with file_lock(target / f".{corpus_name}.lock"):
        if not is_built(corpus_name, target, seed, quick):
            build_sample(target, quick=quick, seed=seed, corpora=[corpus_name], jobs=1)
    return target


def load_truth(
    corpus_name: str, root: Optional[PathLike] = None, quick: bool = False, seed: int = DEFAULT_SEED
) -> Dict[str, pd.DataFrame]:
    """The latent truth saved next to a sample corpus (built if missing), as data frames."""
    from . import corpora as _c

    if corpus_name not in _c.CORPORA:
        raise ParameterError("corpus_name", corpus_name, f"one of {', '.join(_c.CORPORA)}")
    d = _locate(corpus_name, root, seed, quick) / corpus_name / "truth"
    return {
        p.stem: pd.read_csv(
            p,
            dtype={
                "instance": str,
                "summarizer": str,
                "system": str,
                "document": str,
                "fact": str,
                "scu": str,
            },
        )
        for p in sorted(d.glob("*.csv"))
    }


__all__ = [
    "build_sample",
    "load_sample",
    "load_truth",
    "corpus_dir",
    "simulate_corpus",
    "default_root",
    "file_lock",
    "DEFAULT_SEED",
    "GENERATOR_VERSION",
    "simulator_fingerprint",
]
