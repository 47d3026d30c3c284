"""Simulated meeting corpus in the design of Murray et al. (2005), with a latent truth.

Meetings (6 test meetings named as the paper's, plus training meetings; quick: 2 + 3) are
sequences of dialogue acts (DAs) by 3-6 speakers: back-channels and fillers ("yeah",
"uh-huh", about a third of the DAs) and content DAs, each expressing one fact of the
meeting's topic (facts recur; important facts more often) in the speaker's wording with
disfluencies. Annotators (3-4 per test meeting, 1 per training meeting) extract about 10%
of the DAs, preferring important facts and first mentions. The ASR version passes the
manual words through :func:`evalkit.text.asr_channel.corrupt`, short DAs being harder, at
the meeting WER the paper prints for each test meeting (``data/published/murray2005/wer.csv``,
35.6-49.8%) and, for the training meetings, around the level that makes the whole corpus
average the printed corpus WER (``text.csv`` ``corpus_wer``, 29.5%): the test meetings are
the harder ones, as in the paper (:func:`target_wers`).

The four approaches of :mod:`evalkit.text.extractive` (FB1/FB2 trained on the training
meetings' manual transcripts and extracts) summarize every test meeting at 10% of its
DAs, on manual and on ASR transcripts; five judges rate each summary on the six
INFORMATIVENESS statements (1-7) from its latent content: coverage of the meeting's
fact weight, redundancy (repeated facts), filler share and, on ASR, its word error rate,
plus a judge bias and noise. Truth: each DA's fact and weight, the per-meeting WER, the
latent summary properties.
"""

from __future__ import annotations

import random
from typing import Dict, List, Tuple

import pandas as pd

from evalkit.data.meetings import TEST_MEETINGS, MeetingCorpus
from evalkit.data.published import read_published
from evalkit.metrics.wer import summary_wer
from evalkit.text import asr_channel, extractive

from . import world
from .texts import render, writer_style

__all__ = ["simulate", "TEST_MEETINGS", "STATEMENTS", "target_wers"]

STATEMENTS = ("INF1", "INF2", "INF3", "INF4", "INF5", "INF6")
_FILLERS = (
    "yeah",
    "uh-huh",
    "okay",
    "right",
    "mm-hmm",
    "so um",
    "i mean yeah",
    "that's right",
    "oh okay",
    "yeah yeah",
    "um",
    "sure",
    "exactly",
    "i don't know",
)


def _transcribe(text: str, rng: random.Random) -> str:
    words = [w.strip(".,;:'\"").lower() for w in text.split()]
    out = []
    for w in words:
        if rng.random() < 0.06:
            out.append(rng.choice(("uh", "um")))
        out.append(w)
    if rng.random() < 0.2:  # an abandoned DA
        out = out[: max(2, int(len(out) * rng.uniform(0.4, 0.9)))]
    return " ".join(w for w in out if w)


def _meeting(name: str, n_das: int, rng: random.Random, cat: str):
    topic = world.make_topic(name, rng, cat, n_details=20)
    speakers = [chr(ord("A") + i) for i in range(rng.randint(3, 6))]
    styles = {s: writer_style(f"{name}-{s}", rng, 0.6) for s in speakers}
    weights = [f.weight for f in topic.facts]
    units, truth = [], []
    t = 0.0
    for i in range(n_das):
        spk = rng.choice(speakers)
        if rng.random() < 0.33:
            text, fact, w = rng.choice(_FILLERS), "", 0.0
        else:
            f = rng.choices(topic.facts, weights=weights)[0]
            text, fact, w = _transcribe(render(f, styles[spk], rng), rng), f.key, f.weight
        dur = 0.35 * len(text.split()) + rng.uniform(0.2, 1.0)
        da = f"{name}.{spk}.dialogueact{i}"
        units.append(
            {
                "meeting": name,
                "da": da,
                "position": i,
                "speaker": spk,
                "start": round(t, 2),
                "end": round(t + dur, 2),
                "manual": text,
            }
        )
        truth.append({"meeting": name, "da": da, "fact": fact, "weight": w})
        t += dur + rng.uniform(0.0, 0.8)
    return units, truth


def _annotate(truth: List[dict], n_annotators: int, rng: random.Random) -> List[Tuple[str, str]]:
    out = []
    for a in range(n_annotators):
        seen, scored = set(), []
        for row in truth:
            if not row["fact"]:
                continue
            s = row["weight"] * rng.lognormvariate(0, 0.6) * (0.5 if row["fact"] in seen else 1.0)
            seen.add(row["fact"])
            scored.append((s, row["da"]))
        k = max(1, int(len(truth) * rng.uniform(0.08, 0.14)))
        out += [(f"A{a + 1}", da) for _, da in sorted(scored, reverse=True)[:k]]
    return out


def _latent(picked: List[int], truth: List[dict], wer: float) -> Dict[str, float]:
    rows = [truth[i] for i in picked]
    facts = {}
    for r in truth:
        if r["fact"]:
            facts[r["fact"]] = r["weight"]
    ideal = sum(sorted(facts.values(), reverse=True)[: len(picked)])
    got = {r["fact"]: r["weight"] for r in rows if r["fact"]}
    content = [r for r in rows if r["fact"]]
    return {
        "coverage": sum(got.values()) / ideal if ideal else 0.0,
        "redundancy": 1 - len(got) / len(content) if content else 0.0,
        "filler": 1 - len(content) / len(rows),
        "wer": wer,
    }


def _ratings(
    lat: Dict[str, float], judge: Tuple[float, float], rng: random.Random
) -> Dict[str, int]:
    bias, noise = judge
    garble = lat["wer"]
    mean = {
        "INF1": 1.5 + 5.0 * lat["coverage"] * (1 - 0.9 * garble),
        "INF2": 5.5 - 6.0 * lat["redundancy"] - 1.5 * garble,
        "INF3": 5.5 - 4.0 * lat["filler"] - 3.0 * garble,
        "INF4": 1.5 + 4.0 * lat["coverage"] * (1 - garble),
        "INF5": 2.5 + 6.0 * lat["redundancy"],
        "INF6": 3.5 + 3.0 * lat["filler"] + 2.0 * lat["redundancy"] + 1.5 * garble,
    }
    return {k: int(min(7, max(1, round(v + bias + rng.gauss(0, noise))))) for k, v in mean.items()}


def target_wers(test: List[str], n_train: int) -> Tuple[Dict[str, float], float]:
    """(target WER per test meeting, mean target WER of the training meetings), as fractions:
    the test meetings' printed meeting WERs (``murray2005/wer.csv``), and the training mean
    ``(corpus x (n_test + n_train) - sum of the test WERs) / n_train`` for the printed corpus
    average (``murray2005/text.csv`` ``corpus_wer``)."""
    printed = read_published("murray2005", "wer").set_index("meeting")["meeting_wer"]
    corpus = read_published("murray2005", "text").set_index("claim").loc["corpus_wer", "value"]
    tests = {m: float(printed[m]) / 100 for m in test}
    train = (float(corpus) / 100 * (len(test) + n_train) - sum(tests.values())) / n_train
    return tests, train


def simulate(seed: int, quick: bool = False) -> Tuple[MeetingCorpus, Dict[str, pd.DataFrame]]:
    rng = random.Random(f"meetings:{seed}")
    test = list(TEST_MEETINGS[:2] if quick else TEST_MEETINGS)
    train = [f"Btr{i + 1:03d}" for i in range(3 if quick else 10)]
    n_das = 70 if quick else 240
    cats = sorted(world.CATEGORIES)
    meetings, units, truth, extracts, t_wer = [], [], {}, [], []
    test_wer, train_wer = target_wers(test, len(train))
    for k, m in enumerate(test + train):
        u, tr = _meeting(m, n_das, rng, cats[k % len(cats)])
        draw = rng.gauss(0.0, 0.05)
        target = test_wer[m] if m in test_wer else min(0.6, max(0.1, train_wer + draw))
        manual = [row["manual"] for row in u]
        vocab = sorted({w for t in manual for w in t.split()})
        difficulty = [1.0 + 2.5 / max(1, len(t.split())) for t in manual]
        asr = asr_channel.corrupt(
            manual,
            target,
            seed=rng.randrange(2**31),
            spread=0.5,
            vocabulary=vocab,
            difficulty=difficulty,
        )
        for row, a in zip(u, asr):
            row["asr"] = a
        units += u
        truth[m] = tr
        meetings.append({"meeting": m, "split": "test" if m in test else "train"})
        extracts += [
            {"meeting": m, "annotator": a, "da": da}
            for a, da in _annotate(tr, rng.choice((3, 4)) if m in test else 1, rng)
        ]
        t_wer.append(
            {"meeting": m, "target_wer": round(target, 4), "wer": summary_wer(asr, manual)}
        )
    units_f = pd.DataFrame(units)
    ex_f = pd.DataFrame(extracts)
    docs = [units_f.loc[units_f.meeting == m, "manual"].tolist() for m in train]
    labels = [
        units_f.loc[units_f.meeting == m, "da"]
        .isin(set(ex_f.loc[ex_f.meeting == m, "da"]))
        .astype(int)
        .tolist()
        for m in train
    ]
    classifiers = extractive.train_classifiers(docs, labels, seed=seed % (2**31))
    judges = {f"J{j + 1}": (rng.gauss(0, 0.4), rng.uniform(0.5, 0.9)) for j in range(5)}
    sys_rows, ratings, t_sum = [], [], []
    for m in test:
        mu = units_f[units_f.meeting == m]
        n = extractive.summary_size(len(mu))
        for transcript in ("manual", "asr"):
            texts = mu[transcript].tolist()
            for approach in extractive.APPROACHES:
                picked = extractive.run_approach(approach, texts, n, classifiers)
                sys_rows += [
                    {
                        "meeting": m,
                        "approach": approach,
                        "transcript": transcript,
                        "da": mu["da"].iloc[i],
                    }
                    for i in picked
                ]
                wer = (
                    summary_wer(mu["asr"].tolist(), mu["manual"].tolist(), picked)
                    if transcript == "asr"
                    else 0.0
                )
                lat = _latent(picked, truth[m], wer)
                t_sum.append({"meeting": m, "approach": approach, "transcript": transcript, **lat})
                for j, traits in judges.items():
                    for st, r in _ratings(lat, traits, rng).items():
                        ratings.append(
                            {
                                "judge": j,
                                "meeting": m,
                                "approach": approach,
                                "transcript": transcript,
                                "statement": st,
                                "rating": r,
                            }
                        )
    corpus = MeetingCorpus(
        pd.DataFrame(meetings), units_f, ex_f, pd.DataFrame(sys_rows), pd.DataFrame(ratings)
    )
    t_units = pd.DataFrame([r for m in truth for r in truth[m]])
    return corpus, {
        "units": t_units,
        "meeting_wer": pd.DataFrame(t_wer),
        "summaries": pd.DataFrame(t_sum),
        "judges": pd.DataFrame(
            [{"judge": j, "bias": b, "noise": s} for j, (b, s) in judges.items()]
        ),
    }
