"""Smoke runs of notebooks/owczarzak2014decompounding/ (quick mode), see tests/_notebook_smoke.py.

On ``sample`` every notebook must run; on ``public`` too (the Debian word lists of
requirements/apt.txt; skipped when they are not installed); on ``licensed`` they must be
reported as skipped when ``decompound-gold`` is not configured, and run on a gold folder the
test writes in evalkit's compound folder format.
"""

import pandas as pd

from evalkit.data import licensed
from evalkit.data.simulate.compounds import write_compounds
from evalkit.errors import DataNotConfiguredError
from evalkit.text.decompound_lexicon import debian_word_list

from _notebook_smoke import numbers, runs_on, Smoke

PAPER = "owczarzak2014decompounding"


def _sample(out):
    first = numbers(out, "01_dynamic_decompounding")
    assert first["printed_checks_errata"] == 6  # the README's errata, no more
    assert first["printed_checks_agree"] == first["printed_checks_total"] - 6
    grid = pd.read_csv(out / "02_guesser_grid" / "grid.csv")
    assert len(grid) == 2 * 4 * 4 * 4 * 5  # two languages, the quick grid
    assert grid["f"].between(0, 1).all() and grid["segmentation_accuracy"].between(0, 1).all()
    examples = pd.read_csv(out / "03_error_analysis" / "paper_examples.csv")
    assert set(examples.loc[examples["table"] == 7, "class"]) == {"connector attached"}


def _word_lists_missing():
    try:
        for lang in ("de", "sv"):
            debian_word_list(lang)
    except DataNotConfiguredError as exc:
        return f"Debian word lists missing ({exc}); see requirements/apt.txt"
    return None


def _public(out):
    table3 = pd.read_csv(out / "01_dynamic_decompounding" / "table3.csv")
    assert set(table3["language"]) == {"de", "sv"}
    lexical = table3[table3["condition"] == "lexicalized + dynamic"]
    assert (lexical["recall"] == 100).all()  # silver compounds are the lexicalized entries


def _gold(tmp_path, monkeypatch):
    monkeypatch.setenv(
        licensed.env_var("decompound-gold"),
        str(write_compounds(tmp_path / "gold", seed=11, quick=True)),
    )


SMOKE = Smoke(
    PAPER,
    {"01_dynamic_decompounding", "02_guesser_grid", "03_error_analysis"},
    exact=True,
    skip_reason="decompound-gold",
    licensed_fixture=_gold,
    sample_check=_sample,
    public_requires=_word_lists_missing,
    public_check=_public,
    licensed_check=runs_on("02_guesser_grid", "decompound-gold"),
)
