"""A synthetic ASR error channel: word substitutions, deletions and insertions at a target WER.

Stands in for a speech recognizer when only manual transcripts exist (Murray et al. 2005
decode ICSI meetings at 29.5% WER; notes: acl2005-workshop-part-A.md 6.6). For a document
of utterances with N reference words in total, the channel makes E = round(wer * N) edit
operations, split into substitutions, deletions and insertions by ``mix`` (default
0.6 / 0.25 / 0.15, a typical conversational-ASR profile), and places them on reference
word positions drawn without replacement, utterance u being chosen with probability
proportional to n_u * m_u where m_u ~ LogNormal(0, ``spread``) is the utterance's
difficulty (``spread`` = 0: errors uniform over words; > 0: some utterances are much worse,
as real ASR is on short, overlapped speech); ``difficulty`` multiplies in a known
per-utterance factor (e.g. higher for short back-channels). A substitution draws a different word from
``vocabulary`` (default: the document's own words), an insertion adds one after the
position, a deletion removes the word.

Each edit touches its own reference position and a substituted word always differs, so the
realized WER (Levenshtein distance / N, :func:`evalkit.metrics.wer.summary_wer`) is at most
``wer``; it equals it exactly for substitutions only, and falls slightly below when the
alignment merges neighbouring edits (an insertion next to a deletion costs one substitution;
about 2% relative at 30% WER with the default mix). Same input + seed give the same output.

Why our own: no maintained package simulates recognition errors at a controlled rate.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError

__all__ = ["corrupt", "DEFAULT_MIX"]

DEFAULT_MIX = (0.60, 0.25, 0.15)  # substitution, deletion, insertion


def corrupt(
    utterances: Sequence[str],
    wer: float,
    seed=0,
    mix: Tuple[float, float, float] = DEFAULT_MIX,
    spread: float = 0.0,
    vocabulary: Optional[Sequence[str]] = None,
    difficulty: Optional[Sequence[float]] = None,
) -> List[str]:
    """Apply the channel to whitespace-tokenized ``utterances``; returns the corrupted texts."""
    if not (0 <= wer <= 1):
        raise ParameterError("wer", wer, "a target word error rate in [0, 1]")
    mix_ = np.asarray(mix, dtype=float)
    if mix_.shape != (3,) or np.any(mix_ < 0) or not np.isclose(mix_.sum(), 1.0):
        raise ParameterError(
            "mix", mix, "three non-negative shares (substitution, deletion, insertion) summing to 1"
        )
    if spread < 0:
        raise ParameterError("spread", spread, "a number >= 0")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ParameterError("seed", seed, "a non-negative integer")
    rng = np.random.default_rng(int(seed))
    words = [u.split() for u in utterances]
    n = sum(len(w) for w in words)
    vocab = sorted(set(vocabulary) if vocabulary is not None else {t for w in words for t in w})
    if n == 0:
        return [" ".join(w) for w in words]
    if len(vocab) < 2:
        raise ParameterError("vocabulary", vocab, "at least two distinct words to substitute from")
    e = int(np.floor(wer * n + 0.5))
    if difficulty is not None:
        base = np.asarray(difficulty, dtype=float)
        if base.shape != (len(words),) or np.any(~np.isfinite(base)) or np.any(base <= 0):
            raise ParameterError(
                "difficulty", "...", f"{len(words)} positive numbers (one per utterance)"
            )
    else:
        base = np.ones(len(words))
    difficulty = base * (rng.lognormal(0.0, spread, size=len(words)) if spread > 0 else 1.0)
    position_weight = np.concatenate([np.full(len(w), d) for w, d in zip(words, difficulty)])
    picks = (
        rng.choice(n, size=e, replace=False, p=position_weight / position_weight.sum())
        if e
        else np.array([], int)
    )
    kinds = rng.choice(3, size=e, p=mix_)
    op = {int(p): int(k) for p, k in zip(picks, kinds)}
    out: List[str] = []
    pos = 0
    for w in words:
        toks: List[str] = []
        for t in w:
            k = op.get(pos, -1)
            pos += 1
            if k == 1:  # deletion
                continue
            if k == 0:  # substitution with a different word
                j = int(rng.integers(len(vocab) - 1))
                cand = vocab[j] if vocab[j] != t else vocab[-1]
                toks.append(cand)
            else:
                toks.append(t)
            if k == 2:  # insertion after the word
                toks.append(vocab[int(rng.integers(len(vocab)))])
        out.append(" ".join(toks))
    return out
