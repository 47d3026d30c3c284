"""The METEOR 1.5 jar backend against the WMT09 scores shipped with METEOR.

``$EVALKIT_DATA_MIRROR/wmt09-cz-en/meteor-{sys,doc,seg}.scr`` are the example outputs of
the METEOR distribution (cmu-mtlab/meteor, ``example/``) for cmu-combo on newstest2009.
They were produced with English settings and normalization: running
``java -Xmx2G -jar meteor-1.5.jar test.sgm ref.sgm -sgml -l en -norm`` (the jar that
pycocoevalcap ships) reproduces the system score 0.299148440516935 to the last digit, so
the backend runs with ``language="en", normalize=True`` (its defaults).

Segment and document scores are compared to 4 ulp (abs 1e-15): the jar's own ``-sgml``
run on this JVM (OpenJDK 17) differs from the shipped files in the last bit of 131 of
2525 segment scores (``Math.pow`` rounding differs between JVMs), and so does ours.
"""

from __future__ import annotations

import csv
import math

import pytest

from evalkit.errors import ParameterError, ReferenceToolError

from _requires import unavailable

pytestmark = [pytest.mark.parity, pytest.mark.public, pytest.mark.slow]

SYSTEM_SCORE = 0.299148440516935  # meteor-sys.scr (printed there with all digits)


def _jar():
    from evalkit.metrics.meteor_jar import MeteorJar

    try:
        return MeteorJar()
    except ReferenceToolError as exc:
        unavailable(str(exc))


def _read_scr(path, n_keys):
    with open(path, encoding="utf-8", newline="") as fh:
        return {tuple(row[:n_keys]): float(row[n_keys]) for row in csv.reader(fh, delimiter="\t")}


@pytest.fixture(scope="module")
def wmt09(data_mirror):
    from evalkit.data.nist_sgml import aligned_segments, read_nist

    d = data_mirror / "wmt09-cz-en"
    ref, tst = read_nist(d / "ref.sgm"), read_nist(d / "test.sgm")
    keys, hyps, refs = aligned_segments(None, ref, tst)
    return d, keys, hyps, refs


@pytest.fixture(scope="module")
def jar_result(wmt09):
    jar = _jar()
    _, keys, hyps, refs = wmt09
    return jar.score(hyps, refs, groups=[doc for doc, _ in keys])


def test_system_score_matches_meteor_sys_scr(wmt09, jar_result):
    d = wmt09[0]
    shipped = _read_scr(d / "meteor-sys.scr", 2)
    assert shipped == {("newstest2009", "cmu-combo"): SYSTEM_SCORE}
    assert jar_result.score == SYSTEM_SCORE


def test_segment_scores_match_meteor_seg_scr(wmt09, jar_result):
    d, keys, _, _ = wmt09
    shipped = _read_scr(d / "meteor-seg.scr", 4)
    assert len(shipped) == len(keys) == 2525
    for (doc, seg), ours in zip(keys, jar_result.segment_scores):
        expected = shipped[("newstest2009", "cmu-combo", doc, str(seg))]
        assert math.isclose(ours, expected, rel_tol=0, abs_tol=1e-15), (doc, seg)


def test_document_scores_match_meteor_doc_scr(wmt09, jar_result):
    d = wmt09[0]
    shipped = _read_scr(d / "meteor-doc.scr", 3)
    assert len(shipped) == len(jar_result.group_scores) == 111
    for (_, _, doc), expected in shipped.items():
        assert math.isclose(jar_result.group_scores[doc], expected, rel_tol=0, abs_tol=1e-15), doc


def test_signature_and_bad_input():
    jar = _jar()
    from evalkit import __version__

    assert jar.signature() == f"meteor-jar|l:en|norm:yes|version:{__version__}|meteor:1.5"
    with pytest.raises(ParameterError, match="'\\|\\|\\|'"):
        jar.score(["a ||| b"], [["a b"]])
    with pytest.raises(ParameterError, match="lines"):
        jar.score(["a", "b"], [["a"]])


def test_missing_java_is_a_clear_error(monkeypatch):
    from evalkit.metrics.meteor_jar import find_java

    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.delenv("JAVA_HOME", raising=False)
    with pytest.raises(ReferenceToolError, match="default-jre-headless"):
        find_java()


def test_missing_jar_is_a_clear_error(tmp_path):
    from evalkit.metrics.meteor_jar import find_meteor_jar

    with pytest.raises(ReferenceToolError, match="pycocoevalcap"):
        find_meteor_jar(tmp_path / "meteor-1.5.jar")


def test_meteor2005_agrees_with_the_jar_where_the_definitions_coincide(wmt09):
    """The jar configured as the 2005 formula (exact module, weight 1, alpha 0.9, beta 3,
    gamma 0.5, delta 0.5 so content and function words count alike), on the same
    lower-cased 13a tokens: both maximise matches, so the match counts agree on every
    segment; where the largest alignment is unique (every shared word once on each side)
    the chunks, hence the scores, agree too; so does the aggregate over those segments.
    Excluded: hypotheses equal to their reference (METEOR 1.5 waives the penalty there).
    Elsewhere the alignments may differ (1.5 minimises chunks, 2005 crossings)."""
    from collections import Counter

    from evalkit.metrics.meteor import METEOR
    from evalkit.metrics.meteor_jar import MeteorJar

    try:
        jar = MeteorJar(
            normalize=False, modules=("exact",), weights=(1.0,), parameters=(0.9, 3.0, 0.5, 0.5)
        )
    except ReferenceToolError as exc:
        unavailable(str(exc))
    _, _, hyps, refs = wmt09
    ours = METEOR(modules=("exact",))
    th = [" ".join(ours.words(h)) for h in hyps]
    tr = [" ".join(ours.words(r)) for r in refs[0]]
    unique = []
    for h, r in zip(th, tr):
        ch, cr = Counter(h.split()), Counter(r.split())
        shared = set(ch) & set(cr)
        unique.append(bool(shared) and h != r and all(ch[w] == 1 == cr[w] for w in shared))
    assert sum(unique) > 400
    result = jar.score(th, [tr], groups=unique)
    mine = ours.sentence_results(th, [tr])
    for i, (m, stats) in enumerate(zip(mine, result.stats)):
        assert m.stats.matches == stats[-2] == stats[-1], i  # tst and ref word matches
        if unique[i]:
            assert m.stats.chunks == stats[-3], i
            assert math.isclose(m.score, result.segment_scores[i], rel_tol=0, abs_tol=1e-15), i
    subset = ours.aggregate([m for m, u in zip(mine, unique) if u])
    assert math.isclose(subset.score, result.group_scores[True], rel_tol=0, abs_tol=1e-15)
