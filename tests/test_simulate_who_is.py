"""The DUC 2004 task 5 ("Who is X?") sample variant: person-focused topics, its config,
and the corpus read back with its documents."""

from __future__ import annotations

import random

import pytest

from evalkit.data.simulate import who_is
from evalkit.data.simulate.corpora import CORPORA, config
from evalkit.data.simulate.language import Entity
from evalkit.data.simulate.world import make_topic


def _mentions(fact, key):
    args = [fact.agent, fact.patient, fact.source] + [a for _, a in fact.adjuncts]
    return any(isinstance(a, Entity) and a.key == key for a in args)


@pytest.mark.parametrize("seed", range(6))
def test_focus_reweights_the_facts_about_the_person(seed):
    topic = make_topic(f"D{seed}", random.Random(seed))
    person = who_is.focus_person(topic)
    assert person is not None and person.kind in who_is._PEOPLE
    counts = {}
    for f in topic.facts:
        for a in [f.agent, f.patient, f.source] + [x for _, x in f.adjuncts]:
            if isinstance(a, Entity) and a.kind in who_is._PEOPLE:
                counts[a.key] = counts.get(a.key, 0) + 1
    assert counts[person.key] == max(counts.values())
    focused = who_is.focus_on_person(topic, random.Random(0))
    for old, new in zip(topic.facts, focused.facts):
        factor = who_is.FOCUS if _mentions(old, person.key) else who_is.BACKGROUND
        assert new.key == old.key and new.weight == pytest.approx(round(old.weight * factor, 4))
    assert who_is.question(topic) == f"Who is {person.names[0]}?"


def test_config_is_task5_of_duc2004():
    assert "duc2004t5" in CORPORA
    full, quick = config("duc2004t5"), config("duc2004t5", quick=True)
    assert (full.year, full.task, full.max_bytes, full.writers) == (2004, "5", 665, "ABCDEFGH")
    assert len(full.instance_ids) == 50 and len(full.peers) == 22 and len(quick.instance_ids) == 6
    assert full.peers[0].id == "5" and full.peers[0].strategy == "lead"
    assert {p.strategy for p in full.peers[1:]} == {"extract"}
    assert full.extra["model_noise"] == who_is.MODEL_NOISE
    assert config("duc2004t5") == full  # the corpus definition is seeded


def test_task5_sample_reads_back_with_documents_and_questions(tmp_path):
    from evalkit.data.simulate import build_sample, load_sample, load_truth, simulate_corpus

    build_sample(tmp_path, quick=True, corpora=["duc2004t5"], jobs=1)
    corpus = load_sample("duc2004t5", root=tmp_path, quick=True)
    truth = load_truth("duc2004t5", root=tmp_path, quick=True)
    sim, _ = simulate_corpus("duc2004t5", quick=True)
    assert sorted(corpus.instances["instance"]) == sorted(sim.instances["instance"])
    assert (tmp_path / "duc2004t5" / "docs" / "d151t").is_dir()
    assert len(corpus.documents) == 6 * 6
    assert truth["instances"]["question"].str.match(r"^Who is [A-Z].*\?$").all()
    assert set(corpus.summarizers.loc[corpus.summarizers["type"] == "model", "summarizer"]) <= set(
        "ABCDEFGH"
    )
