"""Simulated TREC definition-question evaluation (Lin & Demner-Fushman 2005), with a latent truth.

Questions (20; quick 6) are targets (topics) whose facts are the nuggets: terse keyword
descriptions in the assessor's wording; the most important third are *vital*, the rest
*okay*. Five assessors (quick 3) each label every nugget vital/okay from their noisy
reading of the fact weight (the votes of the pyramid variant); the first assessor's
labels are the official key. Runs (12; quick 5) have a skill (how many and which facts
they find) and a verbosity (padding sentences about other things); each response is a
list of answer strings with document ids, each string rendering a fact in the run's own
wording (or padding). The assessor judges a nugget present when the run expressed its
fact (missing it with probability .1) and, rarely (.02), when it did not.
Truth: each answer string's fact, the runs' skill and verbosity.
"""

from __future__ import annotations

import random
from typing import Dict, Tuple

import pandas as pd

from evalkit.data.trec_qa import NuggetEvaluation

from . import world
from .texts import keywords, render, writer_style

__all__ = ["simulate"]


def simulate(seed: int, quick: bool = False) -> Tuple[NuggetEvaluation, Dict[str, pd.DataFrame]]:
    rng = random.Random(f"nuggets:{seed}")
    n_q, n_runs, n_assessors = (6, 5, 3) if quick else (20, 12, 5)
    cats = sorted(world.CATEGORIES)
    runs = {
        f"run{r + 1:02d}": (rng.uniform(0.2, 0.85), rng.uniform(0.0, 1.5)) for r in range(n_runs)
    }
    key, votes, responses, judgments, t_strings = [], [], [], [], []
    assessor = writer_style("assessor", rng, 0.9)
    for qi in range(n_q):
        q = f"{1900 + qi + 1}"
        topic = world.make_topic(f"Q{q}", rng, cats[qi % len(cats)], n_details=6)
        facts = sorted(topic.facts, key=lambda f: -f.weight)[: rng.randint(8, 14)]
        n_vital = max(1, len(facts) // 3)
        nug = {}
        for i, f in enumerate(facts, start=1):
            text = keywords(render(f, assessor, rng)) or f.key
            key.append(
                {
                    "question": q,
                    "nugget": str(i),
                    "label": "vital" if i <= n_vital else "okay",
                    "text": text,
                }
            )
            nug[f.key] = str(i)
            for a in range(n_assessors):
                if a == 0:
                    lab = "vital" if i <= n_vital else "okay"
                else:
                    lab = (
                        "vital"
                        if f.weight * rng.lognormvariate(0, 0.5) >= facts[n_vital - 1].weight
                        else "okay"
                    )
                votes.append(
                    {"question": q, "nugget": str(i), "assessor": f"A{a + 1}", "label": lab}
                )
        other = world.make_topic(f"X{q}", rng, cats[(qi + 1) % len(cats)], n_details=4)
        for run, (skill, verbosity) in runs.items():
            style = writer_style(f"{run}-{q}", rng, 0.5)
            found = [
                f
                for f in facts
                if rng.random() < skill * (1.3 if f.weight >= facts[n_vital - 1].weight else 0.8)
            ]
            padding = rng.sample(
                other.facts, min(len(other.facts), int(round(verbosity * rng.uniform(1, 4))))
            )
            strings = [(f, True) for f in found] + [(f, False) for f in padding]
            rng.shuffle(strings)
            if not strings:
                strings = [(rng.choice(other.facts), False)]
            for k, (f, on_topic) in enumerate(strings):
                doc = f"NYT{19980000 + rng.randrange(10000):08d}.{rng.randrange(10000):04d}"
                responses.append(
                    {"run": run, "question": q, "document": doc, "answer": render(f, style, rng)}
                )
                t_strings.append(
                    {
                        "run": run,
                        "question": q,
                        "index": k,
                        "fact": f.key,
                        "on_topic": int(on_topic),
                    }
                )
            expressed = {f.key for f in found}
            for f in facts:
                present = (f.key in expressed and rng.random() > 0.1) or (
                    f.key not in expressed and rng.random() < 0.02
                )
                judgments.append(
                    {"run": run, "question": q, "nugget": nug[f.key], "present": int(present)}
                )
    ev = NuggetEvaluation(
        pd.DataFrame(key), pd.DataFrame(responses), pd.DataFrame(judgments), pd.DataFrame(votes)
    )
    truth = {
        "strings": pd.DataFrame(t_strings),
        "runs": pd.DataFrame(
            [{"run": r, "skill": s, "verbosity": v} for r, (s, v) in runs.items()]
        ),
    }
    return ev, truth
