"""Build and load the sample *task* corpora (human-study designs the DUC/TAC simulation lacks).

Four corpora, each simulated with a latent truth by its own module, written in its
documented on-disk layout and read back through the real reader:

=============== ===================================== ================================ ======================
name            design (paper)                        module / writer                  reader
=============== ===================================== ================================ ======================
relevance       extrinsic relevance task (Dorr 2005)  :mod:`.extrinsic`                ``data.relevance``
questionnaires  summaries + questions + grades        :mod:`.questionnaires`           ``data.questionnaires``
                (Kolluru & Gotoh 2005)
meetings        manual + ASR meetings, extracts,      :mod:`.meetings`                 ``data.meetings``
                ratings (Murray et al. 2005)
nuggets         definition questions, nuggets,        :mod:`.nuggets`                  ``data.trec_qa``
                runs, judgments (Lin & D.-F. 2005)
=============== ===================================== ================================ ======================

``load_task_sample(name, root=None, quick=False, seed=DEFAULT_SEED)`` builds the corpus
into ``<root>/<name>`` (``<root>/quick/<name>`` for the quick size; root defaults to the
sample folder of :func:`~.build.default_root`) unless a build with the same seed, size,
:data:`TASK_VERSION` and simulator source (:func:`~.build.simulator_fingerprint`) is there,
then reads it back. The truth is written as CSV to
``<name>/truth/``; :func:`load_task_truth` reads it. A full-size build whose corpus has
simulator targets (:mod:`.realism`) also records ``truth/realism.csv`` there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Dict, Tuple

import pandas as pd

from evalkit.atomic import atomic_write_text
from evalkit.errors import ParameterError

from .build import DEFAULT_SEED, default_root, file_lock, simulator_fingerprint, write_realism

__all__ = [
    "TASKS",
    "TASK_VERSION",
    "simulate_task",
    "task_dir",
    "load_task_sample",
    "load_task_truth",
]

#: 2: the relevance task's surrogate lengths (Dorr et al. §3), questionnaires' story lengths
#: (Kolluru & Gotoh §3), meetings' WER (Murray et al.)
TASK_VERSION = 2


def _registry() -> Dict[str, Tuple[Callable, Callable, Callable]]:
    from evalkit.data import meetings as m, questionnaires as q, relevance as r, trec_qa as t

    from . import extrinsic, meetings, nuggets, questionnaires

    return {
        "relevance": (extrinsic.simulate, r.write_relevance_task, r.read_relevance_task),
        "questionnaires": (
            questionnaires.simulate,
            q.write_questionnaire_study,
            q.read_questionnaire_study,
        ),
        "meetings": (meetings.simulate, m.write_meeting_corpus, m.read_meeting_corpus),
        "nuggets": (nuggets.simulate, t.write_trec_qa, t.read_trec_qa),
    }


TASKS = ("relevance", "questionnaires", "meetings", "nuggets")


def _check(name: str) -> None:
    if name not in TASKS:
        raise ParameterError("name", name, f"one of {TASKS}")


def simulate_task(name: str, seed: int = DEFAULT_SEED, quick: bool = False):
    """(corpus object, truth frames) in memory."""
    _check(name)
    return _registry()[name][0](seed, quick)


def _folder(name: str, root, quick: bool) -> Path:
    base = Path(root) if root is not None else default_root()
    return (base / "quick" if quick else base) / name


def _built(folder: Path, seed: int, quick: bool) -> bool:
    try:
        info = json.loads((folder / "truth" / "build.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return info == _record(seed, quick)


def _record(seed: int, quick: bool) -> dict:
    """A task corpus's build record: seed, size, :data:`TASK_VERSION` and the simulator's
    source (:func:`~evalkit.data.simulate.build.simulator_fingerprint`)."""
    return {
        "seed": seed,
        "quick": quick,
        "version": TASK_VERSION,
        "simulator": simulator_fingerprint(),
    }


def _ensure(name: str, root, quick: bool, seed: int) -> Path:
    _check(name)
    folder = _folder(name, root, quick)
    if _built(folder, seed, quick):
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    with file_lock(folder.parent / f".{name}.lock"):
        if not _built(folder, seed, quick):
            simulate, write, _ = _registry()[name]
            corpus, truth = simulate(seed, quick)
            write(corpus, folder)
            (folder / "truth").mkdir(parents=True, exist_ok=True)
            for key, frame in truth.items():
                atomic_write_text(folder / "truth" / f"{key}.csv", frame.to_csv(index=False))
            if not quick:  # the targets describe the full-size corpora
                write_realism(name, corpus, folder / "truth")
            atomic_write_text(
                folder / "truth" / "build.json",
                json.dumps(_record(seed, quick)),
            )
    return folder


def task_dir(name: str, root=None, quick: bool = False, seed: int = DEFAULT_SEED) -> Path:
    """The folder of the built sample task corpus ``name`` (building it if needed)."""
    return _ensure(name, root, quick, seed)


def load_task_sample(name: str, root=None, quick: bool = False, seed: int = DEFAULT_SEED):
    """The sample corpus ``name`` read back through its reader (built first if missing)."""
    folder = _ensure(name, root, quick, seed)
    corpus = _registry()[name][2](folder)
    corpus.meta.update(
        {
            "name": f"sample:{name}",
            "seed": seed,
            "quick": quick,
            "stands_in_for": "simulated study with a latent truth (evalkit sample profile)",
        }
    )
    return corpus


def load_task_truth(
    name: str, root=None, quick: bool = False, seed: int = DEFAULT_SEED
) -> Dict[str, pd.DataFrame]:
    folder = _ensure(name, root, quick, seed) / "truth"
    return {
        p.stem: pd.read_csv(p, keep_default_na=False, na_values=[""])
        for p in sorted(folder.glob("*.csv"))
        if p.stem != "realism"  # the realism report, not a truth frame
    }
