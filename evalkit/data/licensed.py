"""Licensed corpora (SPEC 2.2 ``licensed``): where the user's DUC/TAC/TIDES copies live.

evalkit never ships or downloads these (NIST and LDC licences). The user says where the
extracted copies are, by environment variable or YAML file; the first found wins:

1. ``EVALKIT_<NAME>`` -- e.g. ``EVALKIT_DUC2004=/data/duc2004_results``,
   ``EVALKIT_TAC2008=/data/UpdateSumm08_eval``, ``EVALKIT_MTC4=/data/mtc4.yaml`` (names
   upper-cased, ``-`` -> ``_``);
2. the YAML file named by ``EVALKIT_CONFIG``, else ``<user config dir>/evalkit/data.yaml``
   (``~/.config/evalkit/data.yaml`` on Linux)::

       licensed:
         duc2004: /data/duc/duc2004_results
         tac2008: /data/tac/UpdateSumm08_eval
         mtc4:                       # NIST/LDC MT sets (also nist-mt04-ar-en, nist-mt04-zh-en,
                                     # nist-mt05-ar-en, nist-mt05-zh-en): files, relative to "root"
           root: /data/LDC2006T04
           references: [refs/ref.sgm]
           systems: [sys/E09.sgm, sys/E11.sgm]
           source: src/source.sgm    # optional
           assessments: assessments.txt
           layout: ldc               # or csv (evalkit's documented CSV)
         hong2014: /data/sumrepo_duc2004   # Hong et al. (2014) summaries, evalkit.data.hong2014

For an MT corpus given by environment variable, the variable names such a YAML mapping
file. :func:`require` raises :class:`~evalkit.errors.DataNotConfiguredError` (a notebook
reports it as *skipped*) when a corpus is not configured or its path is missing;
:func:`load` returns the corpus through the format readers; :func:`check` (``evalkit
data check``) says, per corpus, what is configured, found and readable.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, Union

from evalkit import config
from evalkit.errors import DataNotConfiguredError, EvalkitError, InputFormatError, ParameterError

__all__ = ["LicensedCorpus", "CORPORA", "config_path", "configured", "require", "load", "check"]

ENV_CONFIG = "EVALKIT_CONFIG"


@dataclass(frozen=True)
class LicensedCorpus:
    name: str
    # "duc" | "tac" | "nist" | "summaries" (system outputs without judgments) | "task" (a folder read by
    # ``loader``) | "decompound" (a compound gold folder, evalkit.data.compounds)
    kind: str
    year: Optional[int]
    description: str
    obtain: str  # what to ask NIST / LDC for
    expect: Tuple[str, ...] = ()  # paths below the root that must exist (first check)
    loader: str = ""  # "task" corpora: "module:function", called with the configured folder


def _duc(year: int, what: str, expect: Tuple[str, ...]) -> LicensedCorpus:
    return LicensedCorpus(
        f"duc{year}",
        "duc",
        year,
        what,
        f"DUC {year} past results (NIST, duc.nist.gov: sign the Agreement Concerning Dissemination "
        "of DUC Results, then download the results tarball and extract it)",
        expect,
    )


def _tac(year: int, eval_dir: str) -> LicensedCorpus:
    return LicensedCorpus(
        f"tac{year}",
        "tac",
        year,
        f"TAC {year} summarization track evaluation ({eval_dir}: summaries, manual judgments, pyramids)",
        f"TAC {year} {eval_dir}.tgz (NIST, tac.nist.gov past data: sign the TAC data agreement; "
        "point evalkit at the extracted eval directory)",
        ("ROUGE/models", "ROUGE/peers", "manual"),
    )


def _nist_mt(year: int, src: str) -> LicensedCorpus:
    """A NIST (Open)MT evaluation with its LDC human assessments: ``nist-mt04-ar-en`` ...

    Layout (a YAML mapping, like ``mtc4``): the evaluation set's source and reference SGML
    (LDC2010T12 for 2004, LDC2010T14 for 2005: ``<srcset>`` / ``<refset>`` files, the
    references repeated per ``sysid`` in one file), one ``<tstset>`` SGML file per
    participant system (from NIST; 2005 outputs only with each participant's permission), and
    the LDC adequacy/fluency assessments (1-5, one row per segment, system and judge) in
    the LDC whitespace layout (``layout: ldc``) or evalkit's CSV (``layout: csv``), read by
    :func:`evalkit.data.judgments.load_mt_evaluation`."""
    language, tag = {"ar": ("Arabic", "AE"), "zh": ("Chinese", "CE")}[src]
    catalog = {2004: "LDC2010T12", 2005: "LDC2010T14"}[year]
    return LicensedCorpus(
        f"nist-mt{year % 100:02d}-{src}-en",
        "nist",
        year,
        f"NIST MT {year} {language}-English evaluation: SGML source, references and system outputs with LDC "
        f"adequacy/fluency assessments (test bed {tag}{year} of Amigó et al. 2011)",
        f"{catalog} (LDC: NIST {year} OpenMT evaluation set, source and references) plus the participants' system "
        "outputs and LDC's adequacy/fluency assessments of the evaluation (from NIST)",
    )


CORPORA: Dict[str, LicensedCorpus] = {
    c.name: c
    for c in [
        _duc(2001, "DUC 2001 summaries", ("ROUGE/peers", "ROUGE/models")),
        _duc(2002, "DUC 2002 summaries and SEE judgments", ("ROUGE/peers", "ROUGE/models")),
        _duc(
            2003,
            "DUC 2003 summaries, SEE coverage/quality and responsiveness",
            ("ROUGE/peers", "ROUGE/models"),
        ),
        _duc(
            2004,
            "DUC 2004 summaries (task 2), SEE coverage/quality, responsiveness",
            ("ROUGE/peers", "ROUGE/models"),
        ),
        _duc(
            2005,
            "DUC 2005 summaries, responsiveness, linguistic quality, pyramids",
            ("results/ROUGE",),
        ),
        _duc(
            2006,
            "DUC 2006 summaries, responsiveness, linguistic quality, pyramids",
            ("NISTeval2/ROUGE", "NISTeval"),
        ),
        _duc(2007, "DUC 2007 main task summaries and content responsiveness", ("mainEval/ROUGE",)),
        _tac(2008, "UpdateSumm08_eval"),
        _tac(2009, "UpdateSumm09_eval"),
        _tac(2010, "GuidedSumm2010_eval"),
        _tac(2011, "GuidedSumm2011_eval"),
        LicensedCorpus(
            "mtc2",
            "nist",
            None,
            "Multiple-Translation Chinese Part 2: NIST SGML sets and human adequacy/fluency assessments",
            "LDC2003T17 (LDC; licence via LDC membership or purchase)",
        ),
        LicensedCorpus(
            "mtc4",
            "nist",
            None,
            "Multiple-Translation Chinese Part 4 (TIDES 2003 zh-en: 7 judged systems, 4 references)",
            "LDC2006T04 (LDC; licence via LDC membership or purchase)",
        ),
        LicensedCorpus(
            "tides2003-ar-en",
            "nist",
            None,
            "TIDES 2003 Arabic-English evaluation with human assessments",
            "the LDC Multiple-Translation Arabic release with TIDES 2003 assessments (LDC)",
        ),
        *(_nist_mt(year, src) for year in (2004, 2005) for src in ("ar", "zh")),
        LicensedCorpus(
            "tdt3-relevance",
            "task",
            1998,
            "TDT-3 relevance study (Dorr et al. 2005): relevance.table, *.sgm documents, experiment/*.tsv",
            "TDT-3 (LDC2001T58: topic relevance table and newswire SGML, LDC) plus the experiment's "
            "surrogates and subject judgments in evalkit's TSV layout (from the study's authors)",
            ("relevance.table", "experiment/judgments.tsv"),
            loader="evalkit.data.relevance:load_tdt_folder",
        ),
        LicensedCorpus(
            "kolluru-study",
            "task",
            1998,
            "cross-comprehension study (Kolluru & Gotoh 2005) in evalkit's questionnaire layout",
            "the authors' summaries, questionnaires and grades of TDT-2 stories (LDC99T37); never "
            "published",
            ("grades.tsv",),
            loader="evalkit.data.questionnaires:read_questionnaire_study",
        ),
        LicensedCorpus(
            "icsi-meetings",
            "task",
            2004,
            "ICSI Meeting Corpus NXT annotations: words, dialogue acts, extractive summaries",
            "ICSI Meeting Corpus (LDC2004S02/LDC2004T04, LDC) with the NXT-format annotation release "
            "(dialogue acts and summaries)",
            (),
            loader="evalkit.data.meetings:load_icsi_folder",
        ),
        LicensedCorpus(
            "trec-qa-2003",
            "task",
            2003,
            "TREC 2003 QA definition questions: nuggets, runs, nugget judgments",
            "TREC 2003 QA track data (trec.nist.gov past results: definition nuggets and judgments; "
            "run files under the TREC agreement)",
            ("nuggets.txt", "responses.txt", "judgments.txt"),
            loader="evalkit.data.trec_qa:read_trec_qa",
        ),
        LicensedCorpus(
            "trec-qa-2004",
            "task",
            2004,
            "TREC 2004 QA 'other' questions: nuggets, runs, nugget judgments",
            "TREC 2004 QA track data (trec.nist.gov past results; run files under the TREC agreement)",
            ("nuggets.txt", "responses.txt", "judgments.txt"),
            loader="evalkit.data.trec_qa:read_trec_qa",
        ),
        LicensedCorpus(
            "hong2014",
            "summaries",
            2004,
            "Hong et al. (2014) summaries of 12 systems on DUC 2004 task 2 (sumrepo_duc2004)",
            "the sumrepo_duc2004 folder of Hong et al. (2014), LREC (needs the DUC 2004 licence; "
            "point evalkit at the folder holding SOAsums/ and basicsums/)",
            ("SOAsums", "basicsums"),
        ),
        LicensedCorpus(
            "duc2004-docs",
            "task",
            2004,
            "DUC 2004 source documents (docset directories d30001t/... of TREC SGML, evalkit.data.duc_documents)",
            "DUC 2004 test documents (NIST, duc.nist.gov: the DUC agreement; point evalkit at the folder "
            "holding the docset directories, e.g. duc2004_testdata/tasks1and2/duc2004_tasks1and2_docs/docs)",
            loader="evalkit.data.duc_documents:read_document_collection",
        ),
        LicensedCorpus(
            "decompound-gold",
            "decompound",
            None,
            "your compound gold set (e.g. Owczarzak et al. 2014's): one folder per language with gold.tsv "
            "(word, decompositions, optional segmentation) and optional lexicon.tsv, lexicalized.tsv, "
            "config.json (evalkit.data.compounds)",
            "your own (or licensed) compound gold set, written in evalkit's compound folder format",
        ),
    ]
}


def env_var(name: str) -> str:
    """The environment variable that locates corpus ``name`` (``EVALKIT_DUC2004``)."""
    return config.licensed_variable(name)


def config_path() -> Path:
    """The YAML configuration file (``$EVALKIT_CONFIG`` or the user config dir)."""
    env = config.licensed_config_file()
    if env is not None:
        return env
    import platformdirs

    return Path(platformdirs.user_config_dir("evalkit")) / "data.yaml"


def _read_yaml(path: Path) -> Any:
    import yaml

    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputFormatError(path, None, "UTF-8 YAML", found=str(exc)) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputFormatError(
            path, mark.line + 1 if mark else None, "valid YAML", found=str(exc)[:120]
        ) from None


def _config() -> Dict[str, Any]:
    path = config_path()
    if not path.is_file():
        return {}
    data = _read_yaml(path) or {}
    if not isinstance(data, dict) or not isinstance(data.get("licensed", {}), dict):
        raise InputFormatError(
            path, None, "a mapping with a 'licensed' mapping of corpus name -> path"
        )
    unknown = sorted(set(data.get("licensed", {})) - set(CORPORA))
    if unknown:
        raise InputFormatError(
            path, None, f"corpus names among {sorted(CORPORA)}", found=", ".join(map(str, unknown))
        )
    return data.get("licensed", {}) or {}


def _corpus(name: str) -> LicensedCorpus:
    if name not in CORPORA:
        raise ParameterError("corpus", name, f"one of {sorted(CORPORA)}")
    return CORPORA[name]


def configured(name: str) -> Optional[Tuple[str, Any]]:
    """``(where, value)`` for a configured corpus (``where`` = the env var or the config
    file), or None."""
    _corpus(name)
    value = config.licensed_value(name)
    if value is not None:
        return env_var(name), value
    value = _config().get(name)
    return (str(config_path()), value) if value else None


def _how(c: LicensedCorpus) -> str:
    return (
        f"obtain {c.obtain}; then set {env_var(c.name)}=PATH or add 'licensed: {{{c.name}: PATH}}' to "
        f"{config_path()} (see data/README.md)"
    )


def _mt_spec(c: LicensedCorpus, where: str, value: Any) -> Dict[str, Any]:
    """Normalize an MT corpus entry: a mapping, or a path to a YAML file holding one."""
    from evalkit.data.judgments import evaluation_spec

    base = Path(where).parent if where.endswith((".yaml", ".yml")) else Path.cwd()
    if isinstance(value, (str, os.PathLike)):
        path = Path(value).expanduser()
        if not path.is_file():
            raise DataNotConfiguredError(
                f"licensed corpus {c.name}: {path} (from {where}) does not exist", _how(c)
            )
        value, base, where = _read_yaml(path), path.parent, str(path)
    return evaluation_spec(value, base, where)


def require(name: str) -> Union[Path, Dict[str, Any]]:
    """The configured location of corpus ``name`` (a directory, or for MT corpora a
    mapping of files), checked to exist; DataNotConfiguredError otherwise."""
    c = _corpus(name)
    found = configured(name)
    if found is None:
        raise DataNotConfiguredError(f"licensed corpus {name} ({c.description})", _how(c))
    where, value = found
    if c.kind == "nist":
        spec = _mt_spec(c, where, value)
        files = [
            p
            for p in [*spec["references"], *spec["systems"], spec["source"], spec["assessments"]]
            if p
        ]
        missing = [str(p) for p in files if not p.is_file()]
        if missing:
            raise DataNotConfiguredError(
                f"licensed corpus {name}: {missing[0]} (from {where}) does not exist", _how(c)
            )
        return spec
    root = Path(str(value)).expanduser()
    if not root.is_dir():
        raise DataNotConfiguredError(
            f"licensed corpus {name}: {root} (from {where}) is not a directory", _how(c)
        )
    return root


def load(name: str, **kwargs: Any):
    """Load a configured licensed corpus through evalkit's readers (keyword arguments go
    to :func:`evalkit.data.duc.read_corpus`, :func:`evalkit.data.tac.read_corpus`,
    :func:`evalkit.data.judgments.load_mt_evaluation` or, for ``hong2014``,
    :func:`evalkit.data.hong2014.load_hong2014`, which needs ``duc_corpus=``)."""
    c = _corpus(name)
    where = require(name)
    if c.kind == "summaries":
        from evalkit.data.hong2014 import load_hong2014

        if "duc_corpus" not in kwargs:
            raise ParameterError(
                "duc_corpus",
                None,
                f"the DUC 2004 corpus whose models serve as references of {name}",
            )
        return load_hong2014(root=where, **kwargs)
    if c.kind == "decompound":
        from evalkit.data.compounds import read_compound_folder

        corpus = read_compound_folder(where, name, c.description, **kwargs)
        corpus.meta["_root"] = str(where)
        return corpus
    if c.kind == "duc":
        from evalkit.data import duc

        return duc.read_corpus(where, c.year, name=name, **kwargs)
    if c.kind == "tac":
        from evalkit.data import tac

        return tac.read_corpus(where, c.year, name=name, **kwargs)
    if c.kind == "task":
        import importlib

        module, _, function = c.loader.partition(":")
        corpus = getattr(importlib.import_module(module), function)(where, **kwargs)
        corpus.meta["name"] = name
        return corpus
    from evalkit.data.judgments import load_evaluation_spec

    return load_evaluation_spec(where, name=name, **kwargs)


def check(names: Optional[List[str]] = None) -> List[Dict[str, str]]:
    """Per corpus: ``configured`` (where, or empty), ``path`` and ``state`` -- ``not
    configured``, ``missing``, ``incomplete (no X)``, ``unreadable``, ``error: ...`` or
    ``ok``. Never raises for a corpus' own problems."""
    rows = []
    for name in names or list(CORPORA):
        c = _corpus(name)
        row = {"corpus": name, "configured": "", "path": "", "state": "not configured"}
        try:
            found = configured(name)
        except EvalkitError as exc:
            row["state"] = f"error: {exc}"
            rows.append(row)
            continue
        if found is None:
            rows.append(row)
            continue
        row["configured"], value = found[0], found[1]
        row["path"] = (
            str(value) if not isinstance(value, dict) else str(value.get("root", "(mapping)"))
        )
        try:
            where = require(name)
        except DataNotConfiguredError:
            row["state"] = "missing"
            rows.append(row)
            continue
        except EvalkitError as exc:
            row["state"] = f"error: {exc}"
            rows.append(row)
            continue
        if isinstance(where, Path):
            lacking = [e for e in c.expect if not (where / e).exists()]
            if lacking:
                row["state"] = f"incomplete (no {lacking[0]})"
            elif not os.access(where, os.R_OK | os.X_OK):
                row["state"] = "unreadable"
            else:
                row["state"] = "ok"
        else:
            files = [
                p
                for p in [
                    *where["references"],
                    *where["systems"],
                    where["source"],
                    where["assessments"],
                ]
                if p
            ]
            row["state"] = "ok" if all(os.access(p, os.R_OK) for p in files) else "unreadable"
        rows.append(row)
    return rows
