"""Smoke runs of notebooks/murray2005/ (quick mode), see tests/_notebook_smoke.py: sample; public
(SummEval: its articles stand in for meetings, its expert ratings for the judges'; the data
notebooks); licensed (skipped without configuration; the meeting notebook run on ICSI NXT XML
written here, the ratings notebook always skipped: the ratings were never released)."""

from pathlib import Path

import pandas as pd

from evalkit.data import licensed, meetings
from evalkit.data.simulate.tasks import simulate_task

from _notebook_smoke import numbers, runs_on, Smoke

NITE = 'xmlns:nite="http://nite.sourceforge.net/"'


def _sample(out):
    checks = pd.read_csv(out / "00_printed_checks" / "paper_vs_run.csv").set_index("claim_id")
    # the printed rho is impossible over the 4 approaches, possible over 24 points (D = 1150)
    unit = checks.loc["rho_inf1_asr_unit", "this_run"]
    assert unit.startswith("impossible on 4 points") and "D = 1150" in unit, unit
    wer = pd.read_csv(out / "01_summarizers_rouge" / "wer_table.csv")
    assert len(wer) == 2 and (wer["meeting_wer"] > 20).all()
    assert "rho_inf1_all" in numbers(out, "02_human_ratings")


def _public(out):
    assert numbers(out, "02_human_ratings")["data"]["name"] == "public:summeval"
    assert numbers(out, "01_summarizers_rouge")["data"]["name"] == "public:summeval-articles"


def _write_nxt(corpus: meetings.MeetingCorpus, folder: Path) -> None:
    """The sample meetings as ICSI NXT XML: words and dialogue acts per speaker channel,
    one extractive summary file per annotator."""
    folder.mkdir(parents=True)
    for m in corpus.meeting_ids():
        u = corpus.units[corpus.units.meeting == m].sort_values("position")
        for spk, g in u.groupby("speaker"):
            words, das, k = [], [], 0
            for row in g.itertuples():
                ids = []
                toks = row.manual.split()
                for j, w in enumerate(toks):
                    t0 = row.start + (row.end - row.start) * j / max(len(toks), 1)
                    words.append(
                        f'<w nite:id="{m}.{spk}.w{k}" starttime="{t0:.3f}" endtime="{t0 + 0.1:.3f}">{w}</w>'
                    )
                    ids.append(f"{m}.{spk}.w{k}")
                    k += 1
                if ids:
                    das.append(
                        f'<dialogueact nite:id="{row.da}" starttime="{row.start}" endtime="{row.end}">'
                        f'<nite:child href="{m}.{spk}.words.xml#id({ids[0]})..id({ids[-1]})"/></dialogueact>'
                    )
            (folder / f"{m}.{spk}.words.xml").write_text(
                f"<nite:root {NITE}>{''.join(words)}</nite:root>"
            )
            (folder / f"{m}.{spk}.dialogue-acts.xml").write_text(
                f"<nite:root {NITE}>{''.join(das)}</nite:root>"
            )
        speaker = u.set_index("da")["speaker"]
        for a, g in corpus.extracts[corpus.extracts.meeting == m].groupby("annotator"):
            kids = "".join(
                f'<nite:child href="{m}.{speaker[d]}.dialogue-acts.xml#id({d})"/>' for d in g["da"]
            )
            (folder / f"{m}.{a}.extsumm.xml").write_text(
                f'<nite:root {NITE}><extsumm nite:id="{m}.{a}.e">{kids}</extsumm></nite:root>'
            )


def _icsi_fixture(tmp_path, monkeypatch):
    """The sample meetings as ICSI NXT XML, read back by the loader before the notebooks run."""
    corpus, _ = simulate_task("meetings", seed=3, quick=True)
    _write_nxt(corpus, tmp_path / "icsi")
    back = meetings.load_icsi_folder(tmp_path / "icsi")
    m = corpus.meeting_ids("test")[0]
    original = corpus.transcript(m)
    original = original[original["text"] != ""]
    assert back.transcript(m)["text"].tolist() == original["text"].tolist()
    assert back.meeting_ids("test") == corpus.meeting_ids("test")
    monkeypatch.setenv(licensed.env_var("icsi-meetings"), str(tmp_path / "icsi"))


SMOKE = Smoke(
    "murray2005",
    {"00_printed_checks", "01_summarizers_rouge", "02_human_ratings"},
    skip_reason="icsi-meetings",
    licensed_fixture=_icsi_fixture,
    licensed_always_skipped={"02_human_ratings": "never released"},
    sample_check=_sample,
    public_data_only=True,
    public_check=_public,
    licensed_check=runs_on("01_summarizers_rouge", "icsi-meetings"),
)
