"""The METEOR 1.5 jar (Denkowski & Lavie 2014) as an optional backend and oracle.

Modern METEOR differs from the 2005 metric of :mod:`evalkit.metrics.meteor`: it adds a
paraphrase module, weights matches by module and by content/function word, tunes
(alpha, beta, gamma, delta) per language, and searches alignments with a beam. We do not
re-implement it; we run the jar that the ``pycocoevalcap`` package ships (found in the
installed package at run time, never copied), with Java (Debian ``default-jre-headless``).

The jar runs once per call in its ``-stdio`` mode: one ``SCORE ||| ref1 ||| ... ||| hyp``
line per segment returns the segment's sufficient statistics; ``EVAL ||| s1 ||| s2 ...``
returns the score of each and of their sum, which is how the jar itself scores documents
and systems (its ``-sgml`` mode), so segment, document and system scores are the jar's own
numbers. :meth:`MeteorJar.score_sgml` runs the ``-sgml`` mode itself and reads its
``.scr`` files.

The WMT09 example files of the METEOR distribution (``meteor-*.scr``) come from
``-l en -norm`` (the defaults here); ``tests/test_meteor_jar.py`` reproduces them.

As an :class:`evalkit.metrics.base.Metric` (registered as ``meteor-jar``) the segment
statistics are the jar's own ``SCORE`` lines (23 numbers; made additive, see
:meth:`MeteorJar.segment_statistics`), and :meth:`MeteorJar.score_from_statistics` asks
the jar (``EVAL``) for the score of each summed row, in one run of the jar for all rows.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence

import numpy as np

from evalkit import config
from evalkit.errors import ParameterError, ReferenceToolError
from evalkit.metrics.base import Metric
from evalkit.metrics.registry import preset, register_metric

__all__ = ["MeteorJar", "MeteorJarResult", "find_meteor_jar", "find_java"]

_LANGUAGES = (
    "en",
    "cz",
    "de",
    "es",
    "fr",
    "ar",
    "da",
    "fi",
    "hu",
    "it",
    "nl",
    "no",
    "pt",
    "ro",
    "ru",
    "se",
    "tr",
    "other",
)
_TASKS = ("rank", "util", "adq", "hter", "li", "tune")


def find_meteor_jar(path: Optional[os.PathLike] = None) -> Path:
    """The METEOR 1.5 jar: ``path``, ``$EVALKIT_METEOR_JAR``, or pycocoevalcap's copy.

    Parameters
    ----------
    path : path-like, optional
        The jar; when None, ``$EVALKIT_METEOR_JAR`` or else the copy inside the installed
        ``pycocoevalcap`` package.

    Returns
    -------
    pathlib.Path
        The jar file.

    Raises
    ------
    evalkit.errors.ReferenceToolError
        When no such file exists, saying how to install it.

    Examples
    --------
    >>> from evalkit.metrics.meteor_jar import find_meteor_jar
    >>> find_meteor_jar().name
    'meteor-1.5.jar'
    >>> find_meteor_jar("/no/such/meteor.jar")
    Traceback (most recent call last):
    ...
    evalkit.errors.ReferenceToolError: METEOR 1.5 jar not found (/no/such/meteor.jar); ...
    """
    candidates = []
    if path is not None:
        candidates.append(Path(path))
    elif config.meteor_jar() is not None:
        candidates.append(config.meteor_jar())
    else:
        import importlib.util

        spec = importlib.util.find_spec("pycocoevalcap")
        if spec is not None and spec.submodule_search_locations:
            for loc in spec.submodule_search_locations:
                candidates.append(Path(loc) / "meteor" / "meteor-1.5.jar")
    for c in candidates:
        if c.is_file():
            return c
    where = ", ".join(str(c) for c in candidates) or "no pycocoevalcap package installed"
    raise ReferenceToolError(
        f"METEOR 1.5 jar not found ({where}); install it with `pip install pycocoevalcap` "
        "(evalkit's 'reference' extra) or set EVALKIT_METEOR_JAR to the jar"
    )


def find_java(java: Optional[str] = None) -> str:
    """The ``java`` executable (``java``, ``$JAVA_HOME/bin/java`` or PATH).

    Parameters
    ----------
    java : str, optional
        A command name or path to look up on PATH; when None, ``$JAVA_HOME/bin/java`` or
        else ``java`` on PATH.

    Returns
    -------
    str
        The path of the executable.

    Raises
    ------
    evalkit.errors.ReferenceToolError
        When neither the command given, ``$JAVA_HOME/bin/java`` nor ``java`` on PATH exists;
        the message names the Debian package that provides it.

    Examples
    --------
    >>> from evalkit.metrics.meteor_jar import find_java
    >>> find_java("no-such-java")
    Traceback (most recent call last):
    ...
    evalkit.errors.ReferenceToolError: Java is needed to run the METEOR 1.5 jar but was not found; ...
    """
    if java is not None:
        found = shutil.which(java)
    else:
        home = config.get("JAVA_HOME")
        found = None
        if home and Path(home, "bin", "java").is_file():
            found = str(Path(home, "bin", "java"))
        found = found or shutil.which("java")
    if not found:
        raise ReferenceToolError(
            "Java is needed to run the METEOR 1.5 jar but was not found; install Debian's "
            "'default-jre-headless' (apt-get install default-jre-headless) or set JAVA_HOME"
        )
    return found


@dataclass(frozen=True)
class MeteorJarResult:
    """Scores from one run of the jar: system ``score``, one per segment, per group.

    Attributes
    ----------
    score : float
        The system-level METEOR 1.5 score in [0, 1] (from the summed statistics).
    segment_scores : list of float
        One score per segment, in [0, 1].
    group_scores : dict
        Score per group label (``MeteorJar.score(..., groups=...)``), else empty.
    stats : list of list of float
        The jar's 23 statistics per segment.
    signature : str
        The configuration's :meth:`MeteorJar.signature`.

    Examples
    --------
    >>> from evalkit.metrics.meteor_jar import MeteorJarResult
    >>> result = MeteorJarResult(0.5, [0.5], {}, [[0.0] * 23], "meteor-jar|l:en")
    >>> float(result), str(result)
    (0.5, 'meteor-jar|l:en = 0.500000')
    """

    score: float
    segment_scores: List[float]
    group_scores: Dict[object, float]
    stats: List[List[float]]
    signature: str

    def __float__(self) -> float:
        return self.score

    def __str__(self) -> str:
        return f"{self.signature} = {self.score:.6f}"


class MeteorJar(Metric):
    """METEOR 1.5 through its jar, sacrebleu-style.

    Parameters
    ----------
    language : str, default "en"
        ``-l``: one of the jar's languages (``"en"``, ``"cz"``, ``"de"``, ``"es"``,
        ``"fr"``, ..., ``"other"``); another raises :class:`~evalkit.errors.ParameterError`.
    normalize : bool, default True
        ``-norm``: tokenize, normalize punctuation and lower-case.
    lowercase : bool, default False
        ``-lower`` (used only without ``normalize``).
    no_punct : bool, default False
        ``-noPunct``.
    task : str, optional
        ``-t``: ``"rank"``, ``"util"``, ``"adq"``, ``"hter"``, ``"li"`` or ``"tune"``;
        None for the jar's default.
    modules, weights, parameters : sequence, optional
        ``-m``, ``-w``, ``-p`` overrides (module names, module weights, alpha beta gamma
        delta), or None for the language's defaults.
    java, jar : str or path, optional
        The executables (:func:`find_java`, :func:`find_meteor_jar`; looked up when the
        metric is built, which raises :class:`~evalkit.errors.ReferenceToolError` if absent).
    memory : str, default "2G"
        Java's ``-Xmx``.
    timeout : float, optional
        Seconds for one run of the jar (None: no limit).
    ref_layout : str, default "streams"
        ``"streams"`` (sacrebleu's) or ``"segments"`` (one list of references per segment).

    Returns
    -------
    ``corpus_score`` returns a :class:`evalkit.metrics.base.Score` on the 0-1 scale.

    References
    ----------
    Denkowski & Lavie (2014), "Meteor Universal: Language Specific Translation Evaluation
    for Any Target Language", WMT.

    Examples
    --------
    The options passed to the jar and the signature; scoring runs Java (a few seconds, so
    not run here), and an identical hypothesis scores 1:

    >>> from evalkit.metrics.meteor_jar import MeteorJar
    >>> MeteorJar(modules=["exact"]).options()
    ['-l', 'en', '-norm', '-m', 'exact']
    >>> MeteorJar(task="adq", normalize=False, lowercase=True).signature().split("|")[:4]
    ['meteor-jar', 'l:en', 'lower:yes', 't:adq']
    >>> jar = MeteorJar(ref_layout="segments")
    >>> jar.score(["the cat sat on the mat"], [["the cat sat on the mat"]]).score  # doctest: +SKIP
    1.0
    """

    name = "meteor-jar"
    n_statistics = 23  # MeteorStats.STATS_LENGTH of METEOR 1.5

    def __init__(
        self,
        language: str = "en",
        normalize: bool = True,
        lowercase: bool = False,
        no_punct: bool = False,
        task: Optional[str] = None,
        modules: Optional[Sequence[str]] = None,
        weights: Optional[Sequence[float]] = None,
        parameters: Optional[Sequence[float]] = None,
        java: Optional[str] = None,
        jar: Optional[os.PathLike] = None,
        memory: str = "2G",
        timeout: Optional[float] = None,
        ref_layout: str = "streams",
    ):
        if ref_layout not in ("streams", "segments"):
            raise ParameterError("ref_layout", ref_layout, "'streams' or 'segments'")
        self.ref_layout = ref_layout
        if language not in _LANGUAGES:
            raise ParameterError("language", language, f"one of {_LANGUAGES}")
        if task is not None and task not in _TASKS:
            raise ParameterError("task", task, f"None or one of {_TASKS}")
        for name, value in (
            ("normalize", normalize),
            ("lowercase", lowercase),
            ("no_punct", no_punct),
        ):
            if not isinstance(value, bool):
                raise ParameterError(name, value, "True or False")
        self.language, self.normalize, self.lowercase, self.no_punct = (
            language,
            normalize,
            lowercase,
            no_punct,
        )
        self.task = task
        self.modules = tuple(modules) if modules is not None else None
        self.weights = tuple(float(w) for w in weights) if weights is not None else None
        self.parameters = tuple(float(p) for p in parameters) if parameters is not None else None
        self.memory = memory
        self.timeout = timeout
        self.jar = find_meteor_jar(jar)
        self.java = find_java(java)

    def options(self) -> List[str]:
        """The jar's command-line options for this configuration."""
        opts = ["-l", self.language]
        if self.normalize:
            opts.append("-norm")
        elif self.lowercase:
            opts.append("-lower")
        if self.no_punct:
            opts.append("-noPunct")
        if self.task is not None:
            opts += ["-t", self.task]
        if self.modules is not None:
            opts += ["-m", " ".join(self.modules)]
        if self.weights is not None:
            opts += ["-w", " ".join(repr(w) for w in self.weights)]
        if self.parameters is not None:
            opts += ["-p", " ".join(repr(p) for p in self.parameters)]
        return opts

    def signature(self) -> str:
        """``meteor-jar|l:en|norm:yes|...|version:...|meteor:1.5``: the jar's options that change
        the numbers (a flag without a value as ``flag:yes``)."""
        opts, parts, i = self.options(), [], 0
        while i < len(opts):
            if i + 1 < len(opts) and not opts[i + 1].startswith("-"):
                parts.append((opts[i][1:], opts[i + 1]))
                i += 2
            else:
                parts.append((opts[i][1:], True))
                i += 1
        return self.build_signature(parts, versions=[("meteor", "1.5")])

    def _command(self, *args: str) -> List[str]:
        return [self.java, f"-Xmx{self.memory}", "-jar", str(self.jar), *args, *self.options()]

    # -- stdio mode ------------------------------------------------------------------
    @staticmethod
    def _clean(text: str, what: str, index: int) -> str:
        if not isinstance(text, str):
            raise ParameterError(what, text, f"a string (segment {index})")
        if "|||" in text:
            raise ParameterError(
                what, text, f"text without '|||', the jar's field separator (segment {index})"
            )
        return " ".join(text.split())

    def score(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str]],
        groups: Optional[Sequence[object]] = None,
    ) -> MeteorJarResult:
        """Score segments (``references`` in the configured ``ref_layout``).

        ``groups`` (e.g. document ids, one per segment) adds a score per group, computed by
        the jar from the group's summed statistics, as its SGML mode scores documents.
        """
        from evalkit.metrics.meteor import references_per_segment

        hyps, per_seg = references_per_segment(hypotheses, references, self.ref_layout)
        if not hyps:
            raise ParameterError("hypotheses", hyps, "at least one segment")
        if groups is not None:
            groups = list(groups)
            if len(groups) != len(hyps):
                raise ParameterError("groups", f"{len(groups)} labels", f"{len(hyps)} labels")
        lines = []
        for i, h in enumerate(hyps):
            refs = [self._clean(r, "references", i) for r in per_seg[i]]
            lines.append(
                "SCORE ||| " + " ||| ".join(refs) + " ||| " + self._clean(h, "hypotheses", i)
            )

        proc = subprocess.Popen(
            self._command("-", "-", "-stdio"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        err_chunks: List[str] = []
        drain = threading.Thread(target=lambda: err_chunks.append(proc.stderr.read()), daemon=True)
        drain.start()

        def write_all(text_lines):
            try:
                for line in text_lines:
                    proc.stdin.write(line + "\n")
                proc.stdin.flush()
            except BrokenPipeError:
                pass

        def read_line() -> str:
            line = proc.stdout.readline()
            if not line:
                proc.kill()
                proc.wait()
                drain.join(5)
                raise ReferenceToolError(
                    "the METEOR jar stopped early: "
                    + ("".join(err_chunks).strip()[-800:] or "no message")
                )
            return line.strip()

        try:
            writer = threading.Thread(target=write_all, args=(lines,), daemon=True)
            writer.start()
            stats_lines = [read_line() for _ in lines]
            writer.join()
            stats = [[float(x) for x in s.split()] for s in stats_lines]
            evals: List[str] = []
            group_order: List[object] = []
            if groups is not None:
                members: Dict[object, List[int]] = {}
                for i, g in enumerate(groups):
                    members.setdefault(g, []).append(i)
                for g, idx in members.items():
                    group_order.append(g)
                    evals.append("EVAL ||| " + " ||| ".join(stats_lines[i] for i in idx))
            evals.append("EVAL ||| " + " ||| ".join(stats_lines))
            write_all(evals)
            group_scores: Dict[object, float] = {}
            for g in group_order:
                for _ in members[g]:
                    read_line()
                group_scores[g] = float(read_line())
            seg_scores = [float(read_line()) for _ in lines]
            system = float(read_line())
        finally:
            try:
                proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
                raise ReferenceToolError(
                    f"the METEOR jar did not finish within {self.timeout} s"
                ) from None
        return MeteorJarResult(system, seg_scores, group_scores, stats, self.signature())

    def corpus_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> float:
        """System-level METEOR 1.5 score."""
        return self.score(hypotheses, references).score

    def sentence_scores(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> np.ndarray:
        """One METEOR 1.5 score per segment."""
        return np.asarray(self.score(hypotheses, references).segment_scores, dtype=np.float64)

    # -- the Metric protocol ------------------------------------------------------------
    def segment_statistics(self, hyps: Sequence[str], refs: Sequence) -> np.ndarray:
        """``(n_segments, 23)`` float64: the jar's statistics line per segment, made additive.

        Columns (``MeteorStats``): test and reference length and function words, per
        module (4) test/reference content and function matches, chunks, test and reference
        word matches. When the jar aggregates (``MeteorStats.addStats``) it drops the chunk
        of a segment that matches perfectly in one chunk; such a segment's ``chunks`` is 0
        here, so column sums are what the jar aggregates."""
        stats = np.asarray(self.score(hyps, refs).stats, dtype=np.float64)
        if stats.ndim != 2 or stats.shape[1] != self.n_statistics:
            raise ReferenceToolError(
                f"the METEOR jar printed statistics of shape {stats.shape}, "
                f"expected (n, {self.n_statistics}) (METEOR 1.5)"
            )
        test_matches = stats[:, 4:20:4].sum(axis=1) + stats[:, 6:20:4].sum(axis=1)
        ref_matches = stats[:, 5:20:4].sum(axis=1) + stats[:, 7:20:4].sum(axis=1)
        perfect = (
            (test_matches == stats[:, 0]) & (ref_matches == stats[:, 1]) & (stats[:, 20] == 1.0)
        )
        stats[perfect, 20] = 0.0
        return stats

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        lines = ["EVAL ||| " + " ".join(repr(float(x)) for x in row) for row in stats_sums]
        if not lines:
            return np.zeros(0)
        run = subprocess.run(
            self._command("-", "-", "-stdio"),
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=self.timeout,
        )
        out = run.stdout.split()
        if run.returncode != 0 or len(out) != 2 * len(lines):
            raise ReferenceToolError(
                f"the METEOR jar did not score the statistics: {run.stderr.strip()[-800:]}"
            )
        # EVAL with one statistics line prints its score, then the score of the sum (the same)
        return np.array([float(x) for x in out[1::2]], dtype=np.float64)

    def _score_one(self, stats_sum: Sequence[float]) -> float:
        return float(self._score_many(np.asarray(stats_sum, dtype=np.float64).reshape(1, -1))[0])

    def segment_scores(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str]],
        segment_ids: Optional[Sequence] = None,
        system: Optional[str] = None,
    ):
        """Tidy per-segment scores: columns ``segment``, [``system``], ``score``."""
        import pandas as pd

        result = self.score(hypotheses, references)
        ids = (
            list(segment_ids)
            if segment_ids is not None
            else list(range(len(result.segment_scores)))
        )
        if len(ids) != len(result.segment_scores):
            raise ParameterError(
                "segment_ids", f"{len(ids)} ids", f"{len(result.segment_scores)} ids"
            )
        frame = pd.DataFrame({"segment": ids, "score": result.segment_scores})
        if system is not None:
            frame.insert(1, "system", system)
        return frame

    # -- SGML mode -------------------------------------------------------------------
    def score_sgml(
        self, test_path: os.PathLike, reference_path: os.PathLike
    ) -> Dict[str, "object"]:
        """Run the jar's own ``-sgml`` mode; returns its ``.scr`` files as data frames.

        Keys ``"sys"`` (setid, system, score), ``"doc"`` (+ document) and ``"seg"``
        (+ segment), as the jar writes them (``<prefix>-{sys,doc,seg}.scr``).
        """
        import pandas as pd

        for p in (test_path, reference_path):
            if not Path(p).is_file():
                raise ParameterError("path", os.fspath(p), "an existing SGML file")
        with tempfile.TemporaryDirectory(prefix="evalkit-meteor-") as tmp:
            prefix = str(Path(tmp) / "meteor")
            cmd = self._command(
                os.fspath(test_path), os.fspath(reference_path), "-sgml", "-f", prefix
            )
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
            if run.returncode != 0:
                raise ReferenceToolError(f"the METEOR jar failed: {run.stderr.strip()[-800:]}")
            out = {}
            columns = {
                "sys": ["setid", "system", "score"],
                "doc": ["setid", "system", "document", "score"],
                "seg": ["setid", "system", "document", "segment", "score"],
            }
            for kind, cols in columns.items():
                out[kind] = pd.read_csv(
                    f"{prefix}-{kind}.scr",
                    sep="\t",
                    header=None,
                    names=cols,
                    dtype={c: str for c in cols if c != "score"},
                    float_precision="round_trip",
                )
        return out


@register_metric("meteor-jar")
@preset(MeteorJar, ref_layout="segments")
def meteor_jar():
    """The METEOR 1.5 jar (any :class:`MeteorJar` setting, 0-1 scale); registered as
    ``get_metric("meteor-jar")``.

    References
    ----------
    Denkowski & Lavie (2014), in full at :class:`MeteorJar`.

    Examples
    --------
    >>> from evalkit.metrics.meteor_jar import meteor_jar
    >>> meteor_jar(language="de").options()
    ['-l', 'de', '-norm']
    """
