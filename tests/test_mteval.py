"""``evalkit mteval``: sacrebleu's BLEU and NLTK's NIST on WMT09 SGML; detail and .scr files."""

from __future__ import annotations

import re

import pytest
import sacrebleu
from nltk.translate.nist_score import corpus_nist as nltk_corpus_nist

from evalkit.cli import main
from evalkit.data.nist_sgml import aligned_segments, nist_set_from_segments, read_nist, write_nist
from evalkit.metrics.bleu import BLEU
from evalkit.metrics.nist import NIST
from evalkit.text.tokenize import tokenize_words

pytestmark = pytest.mark.parity


def _run(capsys, *argv):
    code = main(["mteval", "--no-timestamps", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def _scr(path):
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.public
def test_wmt09_bleu_equals_sacrebleu_and_scr_matches_meteor(data_mirror, tmp_path, capsys):
    d = data_mirror / "wmt09-cz-en"
    code, out, err = _run(
        capsys,
        "-r",
        d / "ref.sgm",
        "-t",
        d / "test.sgm",
        "-c",
        "--metricsMATR",
        "--scr-dir",
        tmp_path,
    )
    assert code == 0, err
    _, hyps, streams = aligned_segments(None, read_nist(d / "ref.sgm"), read_nist(d / "test.sgm"))
    expected = sacrebleu.corpus_bleu(hyps, streams).score / 100  # 13a, case-sensitive, closest ref
    sys_bleu = float(_scr(tmp_path / "BLEU-sys.scr")[0][2])
    assert sys_bleu == pytest.approx(expected, rel=1e-13)
    m = re.search(r'NIST score = ([\d.]+)  BLEU score = ([\d.]+) for system "cmu-combo"', out)
    assert m and m.group(2) == f"{expected:.4f}"
    # NIST against NLTK with the same (13a, case-sensitive) tokens, one reference
    nist_expected = nltk_corpus_nist(
        [[tokenize_words(r)] for r in streams[0]], [tokenize_words(h) for h in hyps], n=5
    )
    assert float(_scr(tmp_path / "NIST-sys.scr")[0][2]) == pytest.approx(nist_expected, rel=1e-10)
    assert m.group(1) == f"{nist_expected:.4f}"
    # segment and document keys (and their order) are those of METEOR's .scr files
    seg, meteor_seg = _scr(tmp_path / "BLEU-seg.scr"), _scr(d / "meteor-seg.scr")
    assert len(seg) == len(meteor_seg) == 2525
    assert [r[:4] for r in seg] == [r[:4] for r in meteor_seg]
    assert [r[:3] for r in _scr(tmp_path / "NIST-doc.scr")] == [
        r[:3] for r in _scr(d / "meteor-doc.scr")
    ]
    # default is mteval's case-insensitive scoring
    code, out, _ = _run(capsys, "-r", d / "ref.sgm", "-t", d / "test.sgm", "-b")
    lc = sacrebleu.corpus_bleu(hyps, streams, lowercase=True).score / 100
    assert f"BLEU score = {lc:.4f}" in out and "NIST score" not in out.split("\n\n")[1]


def _english(kind, by_system):
    """One NIST set (set ``s``, Czech to English) with the documents of every system (or
    reference) of ``{sysid: [(docid, [segments])]}``, in that order."""
    sets = [nist_set_from_segments(kind, "s", "cz", "en", k, docs) for k, docs in by_system.items()]
    for other in sets[1:]:
        sets[0].docs += other.docs
    return sets[0]


def test_synthetic_multi_system_multi_reference(tmp_path, capsys):
    docs_src = [("d1", ["a", "b", "c"]), ("d2", ["d"])]
    src = nist_set_from_segments("srcset", "s", "cz", None, None, docs_src)
    refs = _english(
        "refset",
        {
            "r1": [
                (
                    "d1",
                    ["The cat sat on the mat .", "It is raining today", "Ça va très bien , merci"],
                ),
                ("d2", ["A short one ."]),
            ],
            "r2": [
                ("d1", ["A cat was sitting on the mat", "Today it rains", "Very well , thanks"]),
                ("d2", ["Short ."]),
            ],
        },
    )
    tst = _english(
        "tstset",
        {
            "sysA": [
                ("d1", ["the cat sat on a mat .", "it rains today", "ça va bien merci"]),
                ("d2", ["A short one"]),
            ],
            "sysB": [("d1", ["cat mat", "raining", "bien"]), ("d2", ["one ."])],
        },
    )
    write_nist(src, tmp_path / "src.sgm")
    write_nist(refs, tmp_path / "ref.xml")
    write_nist(tst, tmp_path / "tst.sgm")
    code, out, err = _run(
        capsys,
        "-s",
        tmp_path / "src.sgm",
        "-r",
        tmp_path / "ref.xml",
        "-t",
        tmp_path / "tst.sgm",
        "-d",
        "2",
        "--metricsMATR",
        "--scr-dir",
        tmp_path / "scr",
    )
    assert code == 0, err
    assert "(2 refs)" in out and "(2 systems)" in out
    ref_streams = [
        [s.text for d in refs.docs if d.sysid == r for s in d.segments] for r in ("r1", "r2")
    ]
    for sysid in ("sysA", "sysB"):
        hyps = [s.text for d in tst.docs if d.sysid == sysid for s in d.segments]
        b = BLEU.mteval_v13a().corpus_score(hyps, ref_streams).score / 100
        n = NIST.mteval_v13a().corpus_score(hyps, ref_streams).score
        assert f'NIST score = {n:.4f}  BLEU score = {b:.4f} for system "{sysid}"' in out
    assert out.count("on segment") == 2 * 4 * 2  # 2 systems x 4 segments x (BLEU, NIST)
    assert (
        len(_scr(tmp_path / "scr" / "BLEU-seg.scr")) == 8
        and len(_scr(tmp_path / "scr" / "NIST-sys.scr")) == 2
    )


def test_validation_error_exit_code(tmp_path, capsys):
    src = nist_set_from_segments("srcset", "s", "cz", None, None, [("d1", ["a", "b"])])
    ref = nist_set_from_segments("refset", "s", "cz", "en", "r", [("d1", ["a", "b"])])
    tst = nist_set_from_segments("tstset", "s", "cz", "en", "x", [("d1", ["a"])])
    for s, n in ((src, "s.sgm"), (ref, "r.sgm"), (tst, "t.sgm")):
        write_nist(s, tmp_path / n)
    code, out, err = _run(
        capsys, "-s", tmp_path / "s.sgm", "-r", tmp_path / "r.sgm", "-t", tmp_path / "t.sgm"
    )
    assert code == 2 and "t.sgm, line 2" in err and "2 segments" in err
