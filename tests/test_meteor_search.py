"""The numba stage search (evalkit.metrics.meteor_search) against the Python programme.

``_StageSearch`` (the kernel, what METEOR uses) must return exactly what ``PythonSearch``
(the reference dynamic programme, ``tests/meteor_oracle.py``) returns for every pass: the same alignment, cost and
truncation flag, with and without a bound, with the weak and the strong lower bound,
exact or truncated to a beam. Inputs are seeded random word sequences over tiny
vocabularies (many repeated words, so classes compete and ties abound) and random
candidate relations for the relation stages.
"""

from __future__ import annotations

import random

import pytest
from meteor_oracle import PythonSearch

import evalkit.metrics.meteor as mm
from evalkit.metrics.meteor import METEOR

VOCAB = ["the", "a", "of", ",", "and", "cat", "cats", "dog", "dogs", "ran", "runs", "running"]


def _sentences(rng, n, lo, hi, vocab=VOCAB):
    return [[rng.choice(vocab) for _ in range(rng.randint(lo, hi))] for _ in range(n)]


def _capture_stages(metric, pairs):
    """Every (nodes, cands, target, stage, key_classes) the metric's searches get."""
    seen = []
    original = mm._solve_stage

    def spy(*args):
        seen.append(args)
        return original(*args)

    mm._solve_stage = spy
    try:
        for h, r in pairs:
            metric.align_words(h, r)
    finally:
        mm._solve_stage = original
    return seen


def _relation_stages(rng, count, tie_chunks=True):
    """Random relation stages (any bipartite candidate graph), some with context."""
    out = []
    for _ in range(count):
        n_hyp, n_ref = rng.randint(2, 16), rng.randint(2, 16)
        ctx = []
        free_h, free_r = list(range(n_hyp)), list(range(n_ref))
        for _ in range(rng.randint(0, 3)):
            if len(free_h) > 1 and len(free_r) > 1:
                h, r = rng.choice(free_h), rng.choice(free_r)
                free_h.remove(h)
                free_r.remove(r)
                ctx.append((h, r))
        st = mm._Stage(free_h, free_r, ctx, dict(ctx), tie_chunks, n_hyp, 2000)
        hs = {h: frozenset(rng.sample(range(5), rng.randint(0, 2))) for h in free_h}
        rs = {r: frozenset(rng.sample(range(5), rng.randint(0, 2))) for r in free_r}
        cands = {}
        refs_of = {}
        for r in free_r:
            for item in rs[r]:
                refs_of.setdefault(item, []).append(r)
        for h in free_h:
            cands[h] = sorted({r for item in hs[h] for r in refs_of.get(item, ())})
        nodes = [h for h in free_h if cands[h]]
        if nodes:
            out.append((nodes, cands, mm._max_matching(nodes, cands), st, None))
    return out


def _passes(args):
    """Run both programmes through the pass sequence _solve_stage uses, plus extra widths
    and bounds (the optimum, one less: nothing may survive, one more)."""
    fast = mm._StageSearch(*args)
    ref = PythonSearch(*args)
    results = []
    optimum = ref.run(width=1 << 62, bound=None)
    assert fast.run(width=1 << 62, bound=None) == optimum
    for strong in (False, True):
        if strong:
            fast.use_strong_bound()
            ref.use_strong_bound()
        for width in (1, 2, 5, 64, 1 << 40):
            for bound in (None, optimum[0] - 1, optimum[0], optimum[0] + 7):
                if bound is not None and bound < 0:
                    continue
                try:
                    expected = ref.run(width=width, bound=bound)
                except RuntimeError:
                    with pytest.raises(RuntimeError):
                        fast.run(width=width, bound=bound)
                    continue
                got = fast.run(width=width, bound=bound)
                assert got == expected, (args[0], width, bound, strong)
                results.append(expected)
    return results


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kernel_equals_python_programme_on_key_stages(seed):
    rng = random.Random(seed)
    pairs = [(h, r) for h, r in zip(_sentences(rng, 30, 4, 24), _sentences(rng, 30, 4, 24))]
    metric = METEOR(modules=("exact", "porter"), tokenize="none")
    stages = _capture_stages(metric, pairs)
    assert len(stages) >= 30
    results = []
    for args in stages:
        results += _passes(args)
    # the inputs must exercise truncation, pruning to nothing, and exact passes
    assert any(r is not None and r[2] for r in results)
    assert any(r is None for r in results)
    assert any(r is not None and not r[2] for r in results)


@pytest.mark.parametrize("tie_chunks", [True, False])
def test_kernel_equals_python_programme_on_relation_stages(tie_chunks):
    rng = random.Random(16 + tie_chunks)
    stages = _relation_stages(rng, 120, tie_chunks)
    assert len(stages) >= 60
    for args in stages:
        _passes(args)


@pytest.mark.parametrize(
    "config",
    [
        {},
        {"crossings_scope": "stage"},
        {"tie_break": "first"},
        {"max_states": 3},
        {"stopwords": ["the", "a", "of"]},
    ],
)
def test_alignments_equal_with_either_programme(config, monkeypatch):
    """Whole alignments (several stages, the widening passes, beams that give up)."""
    rng = random.Random(2005)
    pairs = list(zip(_sentences(rng, 40, 1, 30), _sentences(rng, 40, 1, 30)))
    if "max_states" in config:  # a long, reordered pair the narrow beam cannot prove
        pairs.append(
            (
                ["the", "cat", ",", "of", "the", "dog", "and", "the", "bird", "."] * 8,
                ["of", "the", "dog", ",", "the", "bird", "and", "the", "cat", "."] * 9,
            )
        )
    metric = METEOR(modules=("exact", "porter"), tokenize="none", **config)
    fast = [metric.align_words(h, r) for h, r in pairs]
    monkeypatch.setattr(mm, "_StageSearch", PythonSearch)
    slow = [metric.align_words(h, r) for h, r in pairs]
    assert fast == slow
    if config.get("max_states") == 3:
        assert any(not a.exact for a in fast)


def test_relation_stage_shortcut_equals_the_search(monkeypatch):
    """_stage_relation skips the search when every node has one candidate, all different;
    with or without that shortcut, and with the Python programme, the result is the same."""
    rng = random.Random(1980)
    cases = []
    for _ in range(300):
        n_hyp, n_ref = rng.randint(1, 12), rng.randint(1, 12)
        ctx = [(h, h) for h in range(min(n_hyp, n_ref)) if rng.random() < 0.2]
        fixed = dict(ctx)
        free_h = [h for h in range(n_hyp) if h not in fixed]
        free_r = [r for r in range(n_ref) if r not in fixed.values()]
        if not free_h or not free_r:
            continue
        st = mm._Stage(free_h, free_r, ctx, fixed, rng.random() < 0.8, n_hyp, 2000)
        items = rng.randint(2, 12)  # many items: mostly one candidate each
        hs = {h: frozenset(rng.sample(range(items), rng.randint(0, 2))) for h in free_h}
        rs = {r: frozenset(rng.sample(range(items), rng.randint(0, 1))) for r in free_r}
        cases.append((hs, rs, st))
    fast = [mm._stage_relation(hs, rs, st) for hs, rs, st in cases]

    def searched(hs, rs, st):
        cands = {h: [r for r in st.free_r if hs[h] & rs[r]] for h in st.free_h}
        nodes = [h for h in st.free_h if cands[h]]
        if not nodes:
            return [], True
        return mm._solve_stage(nodes, cands, mm._max_matching(nodes, cands), st, None)

    monkeypatch.setattr(mm, "_StageSearch", PythonSearch)
    slow = [searched(hs, rs, st) for hs, rs, st in cases]
    assert fast == slow

    def shortcut(hs, rs, st):
        cands = [[r for r in st.free_r if hs[h] & rs[r]] for h in st.free_h]
        firsts = [c[0] for c in cands if c]
        return firsts and all(len(c) <= 1 for c in cands) and len(set(firsts)) == len(firsts)

    taken = sum(1 for case in cases if shortcut(*case))
    assert 50 <= taken < len(cases) - 50  # both paths exercised


def test_long_segments_use_several_bitset_words(monkeypatch):
    """Segments of 70-200 words: the kernel's bitsets span 2-4 words of 64 bits (the
    merge key packs positions across word boundaries); small max_states keeps the
    Python reference quick and exercises the beams too."""
    rng = random.Random(113)
    vocab = [f"w{k}" for k in range(60)] + VOCAB
    pairs = list(zip(_sentences(rng, 4, 70, 200, vocab), _sentences(rng, 4, 70, 200, vocab)))
    metric = METEOR(modules=("exact", "porter"), tokenize="none", max_states=40)
    stages = _capture_stages(metric, pairs)
    assert max(max(r for c in args[1].values() for r in c) for args in stages) >= 128
    fast = [metric.align_words(h, r) for h, r in pairs]
    monkeypatch.setattr(mm, "_StageSearch", PythonSearch)
    slow = [metric.align_words(h, r) for h, r in pairs]
    assert fast == slow
