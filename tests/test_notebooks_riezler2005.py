"""Smoke runs of notebooks/riezler2005/ (quick mode), see tests/_notebook_smoke.py.

On ``sample`` every notebook must run; on ``public`` (when EVALKIT_DATA_MIRROR is set) too;
on ``licensed`` the data notebooks must be reported as skipped when nothing is configured
and must run on MTC Part 4 (TIDES 2003) fixture files the test writes in NIST SGML.
"""

from pathlib import Path

import yaml

from evalkit.data import licensed, nist_sgml

from _notebook_smoke import numbers, runs_on, Smoke


def _sample(out):
    mult = numbers(out, "00_multiplicity")
    assert round(mult["experimentwise_k105_pc05"], 4) == 0.9954
    assert mult["printed_checks_agree"] == mult["printed_checks_total"] - 1  # and the one erratum


def _write_mtc4_fixture(folder: Path) -> Path:
    """A small TIDES 2003 (MTC Part 4) layout in NIST mteval SGML: one refset file with
    four references, one tstset file per system, and the YAML mapping EVALKIT_MTC4 names.
    The texts come from the simulated corpus (quick size, first 4 documents)."""
    from evalkit.data.simulate.build import load_sample

    corpus = load_sample("tides2003", root=folder / "sim", quick=True)
    docs = list(dict.fromkeys(corpus.segments["document"]))[:4]
    corpus = corpus.subset(documents=docs)

    def docs_of(frame, column, ident):
        rows = frame[frame[column] == ident]
        return [
            nist_sgml.Document(
                d,
                ident,
                [
                    nist_sgml.Segment(int(r.segment), r.text)
                    for r in rows[rows["document"] == d].itertuples()
                ],
            )
            for d in docs
        ]

    ref = nist_sgml.NistSet("refset", "mt03", "Chinese", "English")
    for r in corpus.reference_ids:
        ref.docs += docs_of(corpus.references, "reference", r)
    nist_sgml.write_nist(ref, folder / "ref.sgm")
    systems = []
    for s in corpus.systems:
        tst = nist_sgml.NistSet(
            "tstset", "mt03", "Chinese", "English", docs_of(corpus.outputs, "system", s)
        )
        nist_sgml.write_nist(tst, folder / f"{s}.sgm")
        systems.append(f"{s}.sgm")
    spec = folder / "mtc4.yaml"
    spec.write_text(
        yaml.safe_dump({"root": str(folder), "references": ["ref.sgm"], "systems": systems})
    )
    return spec


def _mtc4(tmp_path, monkeypatch):
    fixture = tmp_path / "mtc4"
    fixture.mkdir()
    monkeypatch.setenv(licensed.env_var("mtc4"), str(_write_mtc4_fixture(fixture)))


SMOKE = Smoke(
    "riezler2005",
    {"00_multiplicity", "01_table1_significance", "02_table2_type1_error", "03_many_systems"},
    skip_reason="mtc4",
    licensed_fixture=_mtc4,
    sample_check=_sample,
    licensed_check=runs_on("01_table1_significance", "mtc4"),
)
