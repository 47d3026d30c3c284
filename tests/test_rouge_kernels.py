"""The fast ROUGE kernels against the direct transcriptions of the script's loops, on seeded
random corpora built to hit the corner cases: tiny vocabularies (many ties in the LCS/WLCS
tables), empty and single-token texts and sentences, peer sentences over 64 tokens (the
bit-parallel LCS falls back to the table), texts shared by evaluations, a peer equal to one
of its models, the same model twice, systems missing from some evaluations.

References: ``K.lcs_hits`` (per pair, the script's LCS/WLCS tables and back-traces) and,
for n-grams and skip-bigrams, clipped counts taken with ``collections.Counter`` from the
cell's token ids plus ``K.count_hits`` on ``K.skip_keys``/``K.hash_ids`` ids. The
per-summary scores of the whole pipeline are compared with ROUGE-1.5.5.pl itself in
``tests/test_rouge_parity.py``.
"""

from __future__ import annotations

import os
from collections import Counter

import numpy as np
import pytest

from evalkit.metrics import rouge as RM
from evalkit.metrics.rouge_text import CleanedTexts
from evalkit.metrics import rouge_kernels as K


def _random_corpus(seed: int, vocab: int, long_sentences: bool = False) -> RM.RougeCorpus:
    rng = np.random.default_rng(seed)
    words = [f"w{i}" for i in range(vocab)] + ["the", "of", "a", "running", "runs", "cats"]

    def text() -> list:
        n_sent = int(rng.integers(0, 5))
        out = []
        for _ in range(n_sent):
            n = (
                int(rng.integers(70, 90))
                if long_sentences and rng.random() < 0.3
                else int(rng.integers(0, 14))
            )
            out.append(" ".join(rng.choice(words, n)) or ".")
        return out or ["."]

    summaries, references, inst, sysid = [], [], [], []
    shared_ref = text()
    for e in range(int(rng.integers(6, 12))):
        refs = [text() for _ in range(int(rng.integers(1, 5)))]
        if e % 3 == 0:
            refs.append(shared_ref)  # a text in several evaluations
        if e % 4 == 1:
            refs.append(refs[0])  # the same model twice
        for s in range(int(rng.integers(1, 6))):
            if rng.random() < 0.15:
                continue  # a system missing from this evaluation
            summ = refs[0] if (s == 0 and e % 5 == 2) else text()  # a peer equal to a model
            summaries.append(summ)
            references.append(refs)
            inst.append(str(e))
            sysid.append(f"S{s}")
    return RM.RougeCorpus.from_lists(summaries, references, inst, sysid)


CASES = [
    (seed, vocab, long)
    for seed, vocab, long in [
        (0, 3, False),
        (1, 5, False),
        (2, 12, False),
        (3, 60, False),
        (4, 4, True),
        (5, 30, True),
    ]
]


def _cell(corpus: RM.RougeCorpus, stem: bool, stop: bool, limit: int = 0):
    cfg = RM.Rouge(
        n=4, w=1.2, skip=4, su="both", stem=stem, stopwords=stop, length_limit=limit or None
    )
    cleaned = CleanedTexts(corpus.texts, limit, 0)
    peer_ids = sorted({p for _, ps, _ in corpus.evals for p in ps})
    V, fptr, ftok, sptr, tptr, stok, _ = RM._encode(cleaned, cfg._tokenizer())
    rows, peers, models, inst, nmod, gptr, gpairs = RM._pairs(cleaned, corpus, peer_ids)
    return cleaned, (V, fptr, ftok, sptr, tptr, stok), (peers, models, gptr, gpairs)


@pytest.mark.parametrize("seed,vocab,long", CASES)
@pytest.mark.parametrize("weight", [1.2, 1.5])
def test_sentence_pair_lcs_equals_the_per_pair_tables(seed, vocab, long, weight):
    corpus = _random_corpus(seed, vocab, long)
    for stem, stop, limit in ((False, False, 0), (True, True, 0), (True, False, 9)):
        cleaned, (V, fptr, ftok, sptr, tptr, stok), (peers, models, _, _) = _cell(
            corpus, stem, stop, limit
        )
        if long and not limit:
            assert (np.diff(tptr) > 64).any()  # the table fallback runs
        for do_l, do_w in ((True, True), (True, False), (False, True)):
            want = K.lcs_hits(sptr, tptr, stok, fptr, ftok, peers, models, V, weight, do_l, do_w)
            got = RM._lcs_counts(
                cleaned, sptr, tptr, stok, fptr, ftok, peers, models, V, weight, do_l, do_w
            )
            for w, g in zip(want, got):
                assert g.dtype == w.dtype and np.array_equal(g, w)
            if do_l and do_w:
                assert want[0].any() and want[2].any()  # the corpora do share words


@pytest.mark.parametrize("seed,vocab,long", CASES)
def test_stemming_cell_reusing_unstemmed_masks_equals_the_per_pair_tables(seed, vocab, long):
    """Pairs where stemming joins no two words copy the unstemmed cell's back-traces."""
    corpus = _random_corpus(seed, vocab, long)
    # words that share a stem with another, so both kinds of pair occur
    corpus = RM.RougeCorpus(
        [
            tuple(s + " cat cats running runs" if i % 3 == 0 else s for i, s in enumerate(t))
            for t in corpus.texts
        ],
        corpus.evals,
    )
    for stop in (False, True):
        cleaned = CleanedTexts(corpus.texts, 0, 0)
        peer_ids = sorted({p for _, ps, _ in corpus.evals for p in ps})
        _, peers, models, *_ = RM._pairs(cleaned, corpus, peer_ids)
        for stem in (False, True):
            cfg = RM.Rouge(n=0, w=1.2, stem=stem, stopwords=stop)
            V, fptr, ftok, sptr, tptr, stok, keep = RM._encode(cleaned, cfg._tokenizer())
            want = K.lcs_hits(sptr, tptr, stok, fptr, ftok, peers, models, V, 1.2, True, True)
            got = RM._lcs_counts(
                cleaned, sptr, tptr, stok, fptr, ftok, peers, models, V, 1.2, True, True, keep, stem
            )
            for w, g in zip(want, got):
                assert np.array_equal(g, w)
        assert len(cleaned._masks) == 1  # the stemming cell found the masks to start from


def _counter_hits(seq_p, seq_m) -> int:
    a, b = Counter(seq_p), Counter(seq_m)
    return sum(min(c, b[g]) for g, c in a.items())


def _ngrams(toks, n):
    return [tuple(toks[i : i + n]) for i in range(len(toks) - n + 1)]


def _skips(toks, skip, unigrams):
    out = []
    for i in range(len(toks) - 1):
        if unigrams:
            out.append((toks[i],))
        top = len(toks) - 1 if skip < 0 else min(len(toks) - 1, i + skip + 1)
        out += [(toks[i], toks[j]) for j in range(i + 1, top + 1)]
    return out


@pytest.mark.parametrize("seed,vocab,long", CASES)
@pytest.mark.parametrize("n,skip", [(4, 4), (2, -1), (0, 1), (1, 0)])
def test_evaluation_gram_hits_equal_clipped_counts(seed, vocab, long, n, skip):
    corpus = _random_corpus(seed, vocab, long)
    for stem, stop in ((False, False), (True, True)):
        cleaned, (V, fptr, ftok, *_), (peers, models, gptr, gpairs) = _cell(corpus, stem, stop)
        hits = np.zeros((n + 2, len(peers)), dtype=np.int64)
        K.eval_gram_hits(
            fptr, ftok, V, n, skip, True, gptr, gpairs, peers, models, 0, len(gptr) - 1, hits
        )
        # the same in two halves of the evaluations (as the threads split them)
        halves = np.zeros_like(hits)
        mid = (len(gptr) - 1) // 2
        K.eval_gram_hits(fptr, ftok, V, n, skip, True, gptr, gpairs, peers, models, 0, mid, halves)
        K.eval_gram_hits(
            fptr, ftok, V, n, skip, True, gptr, gpairs, peers, models, mid, len(gptr) - 1, halves
        )
        assert np.array_equal(hits, halves)
        text = [ftok[fptr[t] : fptr[t + 1]].tolist() for t in range(len(fptr) - 1)]
        for k, (p, m) in enumerate(zip(peers.tolist(), models.tolist())):
            for order in range(1, n + 1):
                assert hits[order - 1, k] == _counter_hits(
                    _ngrams(text[p], order), _ngrams(text[m], order)
                )
            assert hits[n, k] == _counter_hits(
                _skips(text[p], skip, False), _skips(text[m], skip, False)
            )
            su = _counter_hits(_skips(text[p], skip, True), _skips(text[m], skip, True))
            assert hits[n, k] + hits[n + 1, k] == su
        # and the transcription of the script's loop on corpus-wide ids
        for uni in (False, True):
            sptr_, keys = K.skip_keys(fptr, ftok, V, skip, uni)
            ids, nid = K.hash_ids(keys)
            want = K.count_hits(sptr_, ids, peers, models, max(nid, 1))
            assert np.array_equal(hits[n] + (hits[n + 1] if uni else 0), want)
            sizes = RM._skip_sizes(np.diff(fptr), skip) + (
                np.maximum(np.diff(fptr) - 1, 0) if uni else 0
            )
            assert np.array_equal(np.diff(sptr_), sizes)


def test_evaluation_gram_hits_without_ngrams_still_count_su_unigrams():
    corpus = _random_corpus(7, 4)
    _, (V, fptr, ftok, *_), (peers, models, gptr, gpairs) = _cell(corpus, False, False)
    only = np.zeros((2, len(peers)), dtype=np.int64)
    K.eval_gram_hits(fptr, ftok, V, 0, 4, True, gptr, gpairs, peers, models, 0, len(gptr) - 1, only)
    full = np.zeros((3, len(peers)), dtype=np.int64)
    K.eval_gram_hits(fptr, ftok, V, 1, 4, True, gptr, gpairs, peers, models, 0, len(gptr) - 1, full)
    assert np.array_equal(only, full[1:]) and only[1].any()


def test_grid_scores_do_not_depend_on_the_number_of_threads(monkeypatch):
    from evalkit.metrics.rouge_variants import rouge_variant_grid

    rng = np.random.default_rng(11)
    words = "the cat sat on a mat dog barked loudly zebra runs fast slow".split()
    n = 600
    summ = [[" ".join(rng.choice(words, 9)), " ".join(rng.choice(words, 7))] for _ in range(n)]
    per_inst = [[" ".join(rng.choice(words, 12)) for _ in range(3)] for _ in range(n // 4)]
    refs = [per_inst[i // 4] for i in range(n)]
    inst = [str(i // 4) for i in range(n)]
    sysid = [f"S{i % 4}" for i in range(n)]
    threaded = rouge_variant_grid(summ, refs, inst, sysid, per_summary=True)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    single = rouge_variant_grid(summ, refs, inst, sysid, per_summary=True)
    assert threaded.equals(single)


@pytest.mark.parametrize("stem,stop", [(False, False), (False, True), (True, False), (True, True)])
def test_cell_encoding_equals_the_per_token_filter_and_stemmer(stem, stop):
    """``_encode`` (vocabulary-wide, stems shared by the cells) keeps and joins the tokens
    exactly as ``_Tokenizer.token`` filters and stems each one."""
    corpus = RM.RougeCorpus.from_lists(
        ["The cats were running -- quickly, 3 times; $5 isn't much.\nA DOG's houses", "of the and"],
        [["cat running runs ran houses house's"], ["the"]],
    )
    cleaned = CleanedTexts(corpus.texts, 0, 0)
    tok = RM.Rouge(stem=stem, stopwords=stop)._tokenizer()
    V, fptr, ftok, sptr, tptr, stok, _ = RM._encode(cleaned, tok)
    words = [cleaned.vocab[i] for i in cleaned.fraw]
    want = [tok.token(w) for w in words]
    kept = [w for w in want if w is not None]
    assert len(ftok) == len(kept) and np.array_equal(stok, ftok)
    # equal ids exactly for equal tokens
    assert (
        len({(a, b) for a, b in zip(kept, ftok.tolist())})
        == len(set(kept))
        == len(set(ftok.tolist()))
    )
    assert (tok.token("cats") == "cat") == stem and (tok.token("the") is None) == stop
