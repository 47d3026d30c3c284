"""Simulated extrinsic relevance task in the design of Dorr et al. (2005), with a latent truth.

Events x documents (3 x 20, exactly half relevant to their event), 10 subjects, two
surrogates per document (HEAD: a headline of the document's first two facts in a desk
writer's words cut to ``HEAD_CHARS``, or with probability 0.35 an uninformative
"eye-catcher", a catchphrase, a name and a teaser without the document's facts; HUM: the
first two facts in the document's own wording cut to ``HUM_CHARS``, the summarizers' limit)
and 3 reference summaries (REF, for ROUGE). The surrogates' mean lengths are calibrated to
the printed ones (dorr2005 ``text.csv`` head_chars, hum_chars; checked by
``simulator_targets.csv``). Latent truth per document: a relevance strength z_d (relevant: z > 0);
per surrogate: an informativeness q in (0, 1]; per subject: a bias and a noise level.
A subject perceives p_ud = z_d + e_ud + b_u from the full text (e_ud ~ N(0, s_u)) and
q z_d + e_ud + b_u + (1 - q) N(0, 1) from a surrogate, so the surrogate judgment shares the
subject's own reading of the document (Relevance-Prediction exceeds LDC-Agreement, as the
paper finds). Judgment = 1 when the perception is > 0. Seconds: full text ~13 s,
surrogates ~4-5 s, slower when the surrogate and the document disagree.

``ablate`` (default none: the sample as built) switches off one mechanism of the headlines
for an ablation study, leaving every other draw as it is (the replacement text comes from
a generator of its own, seeded by the seed and the document):

* ``"eye_catchers"``: each eye-catcher headline becomes a desk headline of the document's
  first two facts, clipped to the eye-catcher's own length (so the headlines' lengths stay), with
  an informativeness q from the non-eye-catcher range;
* ``"desk_style"``: the non-eye-catcher headlines are written in the document journalist's
  style (as HUM is) instead of a desk writer's, still clipped to ``HEAD_CHARS``.
"""

from __future__ import annotations

import math
import random
from typing import Dict, Iterable, Tuple

import pandas as pd

from evalkit.data.relevance import RelevanceTask

from evalkit.errors import ParameterError

from . import world
from .texts import clip, render_all, writer_style

__all__ = ["ABLATIONS", "simulate"]

#: The mechanisms ``simulate(..., ablate=...)`` can switch off (module docstring).
ABLATIONS = ("eye_catchers", "desk_style")

_EYE_CATCHERS = (
    "There he goes again",
    "A day to remember",
    "Trouble ahead",
    "Not again",
    "The waiting game",
    "Back to square one",
    "All eyes on",
    "A long road",
    "What now",
    "Hard times for",
)
#: Teaser endings of the eye-catchers: no fact of the document, so no word of it but a name.
_TEASERS = (
    "counts the cost",
    "waits for answers",
    "holds its breath",
    "looks ahead",
    "takes stock",
    "in the spotlight",
    "on edge",
    "after the storm",
)
#: The longest headline and HUM summary in characters (HUM: the summarizers' limit); with
#: them the mean lengths meet the printed ones (text.csv head_chars, hum_chars), which the
#: realism report checks on the built corpus (simulator_targets.csv).
HEAD_CHARS, HUM_CHARS = 62, 75


def simulate(
    seed: int, quick: bool = False, ablate: Iterable[str] = ()
) -> Tuple[RelevanceTask, Dict[str, pd.DataFrame]]:
    ablate = frozenset(ablate)
    unknown = sorted(ablate - set(ABLATIONS))
    if unknown:
        raise ParameterError("ablate", unknown[0], f"mechanisms among {ABLATIONS}")
    rng = random.Random(f"relevance:{seed}")
    n_events, n_docs, n_subjects = 3, 20, 10
    categories = sorted(world.CATEGORIES)
    events, documents, surrogates, judgments = [], [], [], []
    t_docs, t_surr, t_subj = [], [], []
    subjects = [f"S{u + 1:02d}" for u in range(n_subjects)]
    traits = {u: (rng.gauss(0.0, 0.3), rng.uniform(0.7, 1.2)) for u in subjects}
    for u in subjects:
        t_subj.append({"subject": u, "bias": traits[u][0], "noise": traits[u][1]})
    for e in range(n_events):
        ev = f"3{e + 1:04d}"
        cat = categories[e % len(categories)]
        topic = world.make_topic(f"E{ev}", rng, cat, n_details=10)
        other = world.make_topic(f"O{ev}", rng, cat, n_details=10)
        events.append(
            {
                "event": ev,
                "description": render_all(topic.facts[:2], writer_style("ldc", rng, 0.9), rng),
            }
        )
        relevant = [1] * (n_docs // 2) + [0] * (n_docs - n_docs // 2)
        rng.shuffle(relevant)
        for d, rel in enumerate(relevant):
            doc = f"APW1998{e + 1:02d}{d + 1:02d}.{1000 + d:04d}"
            src = topic if rel else other
            core = sorted(src.facts[:8], key=lambda f: -f.weight)
            facts = rng.sample(core[:6], 3) + rng.sample(src.facts[8:], 2)
            z = rng.gauss(0.8, 0.6) if rel else rng.gauss(-0.8, 0.6)
            z = z if (z > 0) == bool(rel) else (0.05 if rel else -0.05)
            journalist = writer_style(f"journalist-{doc}", rng, 0.8)
            documents.append(
                {
                    "event": ev,
                    "document": doc,
                    "relevant": rel,
                    "text": render_all(facts, journalist, rng),
                }
            )
            t_docs.append({"event": ev, "document": doc, "z": round(z, 4)})
            hum = clip(render_all(facts[:2], journalist, rng), HUM_CHARS)
            eye = rng.random() < 0.35
            if eye:
                ent = next(iter(src.entities.values())).names[-1]
                head = f"{rng.choice(_EYE_CATCHERS)}: {ent} {rng.choice(_TEASERS)}"
            else:
                desk = writer_style(f"desk-{doc}", rng, 0.3)
                head = clip(render_all(facts[:2], desk, rng), HEAD_CHARS)
            if ablate:
                side = random.Random(f"relevance-ablation:{seed}:{doc}")
                if eye and "eye_catchers" in ablate:
                    desk = writer_style(f"desk-{doc}", side, 0.3)
                    head, eye = clip(render_all(facts[:2], desk, side), len(head)), False
                elif not eye and "desk_style" in ablate:
                    head = clip(render_all(facts[:2], journalist, side), HEAD_CHARS)
            q = {
                "HUM": rng.uniform(0.6, 0.85),
                "HEAD": rng.uniform(0.35, 0.6) if eye else rng.uniform(0.6, 0.85),
            }
            surrogates += [
                {"event": ev, "document": doc, "kind": "HEAD", "index": 1, "text": head},
                {"event": ev, "document": doc, "kind": "HUM", "index": 1, "text": hum},
            ]
            for r in range(3):
                ref = clip(render_all(facts[:2], writer_style(f"ref{r}-{doc}", rng, 0.6), rng), 75)
                surrogates.append(
                    {"event": ev, "document": doc, "kind": "REF", "index": r + 1, "text": ref}
                )
            t_surr += [
                {
                    "event": ev,
                    "document": doc,
                    "kind": k,
                    "q": round(v, 4),
                    "eye_catcher": int(eye and k == "HEAD"),
                }
                for k, v in q.items()
            ]
            for pos_u, u in enumerate(subjects):
                b, s = traits[u]
                err = rng.gauss(0.0, s)
                doc_j = int(z + err + b > 0)
                first_half = d < n_docs // 2
                order = ("HEAD", "HUM") if (pos_u % 2 == 0) == first_half else ("HUM", "HEAD")
                for k, kind in enumerate(order):
                    p = q[kind] * z + err + b + (1 - q[kind]) * rng.gauss(0.0, 2.5)
                    j = int(p > 0)
                    secs = math.exp(rng.gauss(math.log(4.0 if j == doc_j else 7.5), 0.35))
                    judgments.append(
                        {
                            "subject": u,
                            "event": ev,
                            "document": doc,
                            "presentation": kind,
                            "position": k + 1,
                            "judgment": j,
                            "seconds": round(secs, 2),
                        }
                    )
                judgments.append(
                    {
                        "subject": u,
                        "event": ev,
                        "document": doc,
                        "presentation": "DOC",
                        "position": 3,
                        "judgment": doc_j,
                        "seconds": round(math.exp(rng.gauss(math.log(12.5), 0.3)), 2),
                    }
                )
    task = RelevanceTask(
        pd.DataFrame(events),
        pd.DataFrame(documents),
        pd.DataFrame(surrogates),
        pd.DataFrame(judgments),
    )
    return task, {
        "documents": pd.DataFrame(t_docs),
        "surrogates": pd.DataFrame(t_surr),
        "subjects": pd.DataFrame(t_subj),
    }
