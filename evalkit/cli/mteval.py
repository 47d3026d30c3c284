"""``evalkit mteval``: BLEU and NIST on NIST SGML/XML sets, like ``mteval-v13a.pl``.

Reads the source (optional here; mteval requires it), reference and test sets, validates
them as mteval does (:func:`evalkit.data.nist_sgml.check_mt_data`) and prints the system
scores and the individual / cumulative n-gram tables (n = 1..9) in mteval's layout.
``-d 1`` adds document scores, ``-d 2`` segment scores; ``--metricsMATR`` writes
``BLEU-{seg,doc,sys}.scr`` and ``NIST-{seg,doc,sys}.scr`` (tab-separated ``setid sysid
[docid [segid]] score``) into ``-o/--output`` (``--scr-dir``).

Semantics are mteval-v13a's: 13a tokenization, lower-casing unless ``-c``, closest
reference length (ties: shorter), mteval's BLEU smoothing at every level, NIST info weights
from all reference n-grams of the set; documents in sorted docid order (as mteval's Perl
hashes are traversed), segments in numeric id order.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, List, Optional, Sequence

from evalkit.cli._common import add_output, check_output_dir

if TYPE_CHECKING:  # imported where used: ``evalkit --help`` needs none of them
    import numpy as np

    from evalkit.data.nist_sgml import NistSet
    from evalkit.metrics.nist import NIST

MAX_N = 9  # mteval's table width
BLEU_N, NIST_N = 4, 5


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "mteval",
        help="BLEU and NIST on NIST SGML/XML source/reference/test sets (mteval-v13a semantics)",
        description=(
            "BLEU and NIST like mteval-v13a.pl: 13a tokens, lower-cased unless -c, closest reference "
            "length, NIST info weights from all references. -d 1/2 add document/segment scores; "
            "--metricsMATR writes BLEU-{seg,doc,sys}.scr and NIST-{seg,doc,sys}.scr "
            "(setid, sysid, [docid, [segid,]] score; tab-separated) into -o/--output. "
            "Exit codes: 0 done, 2 a usage or input error (the sets fail mteval's checks), "
            "130 interrupted."
        ),
    )
    p.add_argument("-r", "--ref", required=True, help="reference set (SGML, or XML if *.xml)")
    p.add_argument("-t", "--tst", required=True, help="test set (one or more systems)")
    p.add_argument("-s", "--src", help="source set (checked against ref and tst when given)")
    p.add_argument(
        "-c", "--case-sensitive", action="store_true", help="do not lower-case (mteval -c)"
    )
    g = p.add_mutually_exclusive_group()
    g.add_argument("-b", "--bleu-only", action="store_true", help="BLEU only")
    g.add_argument("-n", "--nist-only", action="store_true", help="NIST only")
    p.add_argument(
        "-d",
        "--detail",
        type=int,
        default=0,
        choices=[0, 1, 2],
        help="0: system, 1: + documents, 2: + segments",
    )
    p.add_argument("--metricsMATR", action="store_true", help="write BLEU-*.scr / NIST-*.scr files")
    add_output(
        p,
        "directory for the --metricsMATR .scr files (default: .)",
        default=".",
        aliases=("--scr-dir",),
    )
    p.add_argument("--no-timestamps", action="store_true", help="omit the began/ended lines")
    p.set_defaults(func=run)


class SystemScores:
    """Per-segment statistics of one system and the scores derived from them."""

    def __init__(
        self,
        sysid: str,
        keys,
        bleu_stats: Optional[np.ndarray],
        nist_stats: Optional[np.ndarray],
        nist: NIST,
    ):
        self.sysid, self.keys = sysid, keys
        self.bleu_stats, self.nist_stats, self._nist = bleu_stats, nist_stats, nist

    def bleu(self, stats: np.ndarray):
        from evalkit.metrics.bleu import mteval_bleu_orders

        N = MAX_N
        return mteval_bleu_orders(
            list(stats[2 : 2 + N]), list(stats[2 + N :]), int(stats[0]), float(stats[1])
        )

    def nist(self, stats: np.ndarray):
        return self._nist._compute(stats)

    def groups(self):
        """(docid, row indices) in document order."""
        import numpy as np

        out, start = [], 0
        for i in range(1, len(self.keys) + 1):
            if i == len(self.keys) or self.keys[i][0] != self.keys[start][0]:
                out.append((self.keys[start][0], np.arange(start, i)))
                start = i
        return out


def score_sets(
    src: Optional[NistSet],
    ref: NistSet,
    tst: NistSet,
    case_sensitive: bool = False,
    do_bleu: bool = True,
    do_nist: bool = True,
) -> List[SystemScores]:
    """Statistics of every system of ``tst`` (documents in sorted docid order)."""
    from evalkit.data.nist_sgml import aligned_segments, check_mt_data
    from evalkit.metrics.bleu import BLEU
    from evalkit.metrics.nist import NIST

    check_mt_data(src, ref, tst)
    bleu = BLEU.mteval_v13a(case_sensitive=case_sensitive, max_ngram_order=MAX_N)
    nist = NIST.mteval_v13a(case_sensitive=case_sensitive, max_ngram_order=MAX_N)
    results = []
    for sysid in tst.systems():
        keys, hyps, streams = aligned_segments(src, ref, tst, sysid)
        order = sorted(range(len(keys)), key=lambda i: (keys[i][0], i))
        keys = [keys[i] for i in order]
        hyps = [hyps[i] for i in order]
        streams = [[s[i] for i in order] for s in streams]
        bstats = bleu.segment_statistics(hyps, streams) if do_bleu else None
        nstats = nist.segment_statistics(hyps, streams) if do_nist else None
        results.append(SystemScores(sysid, keys, bstats, nstats, nist))
    return results


def _row(label: str, values: Sequence[float], sysid: str) -> str:
    return f" {label}:  " + "  ".join(f"{v:6.4f}" for v in values) + f'  "{sysid}"'


def run(args) -> int:
    from evalkit.atomic import atomic_write_text
    from evalkit.data.nist_sgml import read_nist

    out = sys.stdout
    if args.metricsMATR:  # a bad output directory is a usage error before any scoring
        check_output_dir(args.output)
    src = read_nist(args.src) if args.src else None
    ref = read_nist(args.ref)
    tst = read_nist(args.tst)
    do_bleu, do_nist = not args.nist_only, not args.bleu_only
    systems = score_sets(src, ref, tst, args.case_sensitive, do_bleu, do_nist)
    stamp = lambda: time.strftime("%Y %b %d at %H:%M:%S")  # noqa: E731
    if not args.no_timestamps:
        print(f"MT evaluation scorer began on {stamp()}", file=out)
    print(
        "command line:  evalkit mteval " + " ".join(sys.argv[2:] if len(sys.argv) > 2 else []),
        file=out,
    )
    template = src if src is not None else ref
    n_docs = len(template.docs) if src is not None else len(ref.by_system()[ref.systems()[0]])
    n_segs = sum(
        len(d.segments)
        for d in (template.docs if src is not None else ref.by_system()[ref.systems()[0]].values())
    )
    print(f"  Evaluation of {ref.srclang}-to-{ref.trglang} translation using:", file=out)
    print(
        f'    src set "{template.setid}" ({n_docs} docs, {n_segs} segs)'
        + ("" if src is not None else " [from the reference set; no -s given]"),
        file=out,
    )
    print(f'    ref set "{ref.setid}" ({len(ref.systems())} refs)', file=out)
    print(f'    tst set "{tst.setid}" ({len(tst.systems())} systems)', file=out)
    print("", file=out)
    scr = {"BLEU": {"seg": [], "doc": [], "sys": []}, "NIST": {"seg": [], "doc": [], "sys": []}}
    for s in systems:
        b_tot = s.bleu(s.bleu_stats.sum(axis=0)) if do_bleu else None
        n_tot = s.nist(s.nist_stats.sum(axis=0)) if do_nist else None
        if args.detail >= 1:
            for docid, rows in s.groups():
                if args.detail >= 2:
                    for r in rows:
                        segid = s.keys[r][1]
                        _detail_line(
                            out,
                            s,
                            s.bleu_stats[r] if do_bleu else None,
                            s.nist_stats[r] if do_nist else None,
                            f'segment {segid} of document "{docid}"',
                            "",
                        )
                _detail_line(
                    out,
                    s,
                    s.bleu_stats[rows].sum(axis=0) if do_bleu else None,
                    s.nist_stats[rows].sum(axis=0) if do_nist else None,
                    f'document "{docid}"',
                    f"{len(rows)} segments, ",
                )
        parts = []
        if do_nist:
            parts.append(f"NIST score = {n_tot.cumulative[NIST_N - 1]:.4f}")
        if do_bleu:
            parts.append(f"BLEU score = {b_tot[1][BLEU_N - 1]:.4f}")
        print("  ".join(parts) + f' for system "{s.sysid}"', file=out)
        # .scr records
        for metric, stats, value in (
            ("BLEU", s.bleu_stats, lambda st: s.bleu(st)[1][BLEU_N - 1]),
            ("NIST", s.nist_stats, lambda st: s.nist(st).cumulative[NIST_N - 1]),
        ):
            if stats is None:
                continue
            scr[metric]["sys"].append(f"{tst.setid}\t{s.sysid}\t{value(stats.sum(axis=0))!r}")
            for docid, rows in s.groups():
                scr[metric]["doc"].append(
                    f"{tst.setid}\t{s.sysid}\t{docid}\t{value(stats[rows].sum(axis=0))!r}"
                )
                for r in rows:
                    scr[metric]["seg"].append(
                        f"{tst.setid}\t{s.sysid}\t{docid}\t{s.keys[r][1]}\t{value(stats[r])!r}"
                    )
    header = "        " + "   ".join(f"{n}-gram" for n in range(1, MAX_N + 1))
    rule = "        " + "   ".join("------" for _ in range(MAX_N))
    for title, which in (("Individual N-gram scoring", 0), ("Cumulative N-gram scoring", 1)):
        print(
            "\n# ------------------------------------------------------------------------\n",
            file=out,
        )
        print(title, file=out)
        print(header, file=out)
        print(rule, file=out)
        for s in systems:
            if do_nist:
                n_tot = s.nist(s.nist_stats.sum(axis=0))
                print(
                    _row("NIST", n_tot.individual if which == 0 else n_tot.cumulative, s.sysid),
                    file=out,
                )
        if do_nist and do_bleu:
            print("", file=out)
        for s in systems:
            if do_bleu:
                b_tot = s.bleu(s.bleu_stats.sum(axis=0))
                print(_row("BLEU", b_tot[which], s.sysid), file=out)
    if args.metricsMATR:
        for metric, levels in scr.items():
            if (metric == "BLEU" and not do_bleu) or (metric == "NIST" and not do_nist):
                continue
            for level, lines in levels.items():
                atomic_write_text(
                    os.path.join(args.output, f"{metric}-{level}.scr"),
                    "".join(line + "\n" for line in lines),
                )
    if not args.no_timestamps:
        print(f"MT evaluation scorer ended on {stamp()}", file=out)
    return 0


def _detail_line(out, s: SystemScores, bstats, nstats, where: str, extra: str) -> None:
    words = int((bstats if bstats is not None else nstats)[0])
    if nstats is not None:
        print(
            f'    NIST score using 5-grams = {s.nist(nstats).cumulative[NIST_N - 1]:.4f} for system "{s.sysid}" '
            f"on {where} ({extra}{words} words)",
            file=out,
        )
    if bstats is not None:
        print(
            f'    BLEU score using 4-grams = {s.bleu(bstats)[1][BLEU_N - 1]:.4f} for system "{s.sysid}" '
            f"on {where} ({extra}{words} words)",
            file=out,
        )
