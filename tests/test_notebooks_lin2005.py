"""Smoke runs of notebooks/lin2005/ (quick mode), see tests/_notebook_smoke.py: sample, public
(REALSumm SCUs as nuggets; the data notebooks), licensed (skipped without configuration; run
on TREC QA nugget files written here)."""

from evalkit.data import trec_qa

from _notebook_smoke import simulated_fixture, numbers, paper_vs_run, runs_on, Smoke


def _sample(out):
    worked = numbers(out, "00_worked_example")
    # the notes' hand computation (acl2005-workshop-part-B-and-qarla.md P1.4)
    assert round(worked["F_beta5"], 6) == 0.257027 and round(worked["F_beta3"], 6) == 0.269131
    assert set(paper_vs_run(out, "01_nuggets_pourpre")["claim_id"]) >= {
        "tau_pourpre_idf",
        "tau_pyramid",
    }


SMOKE = Smoke(
    "lin2005",
    {"00_worked_example", "01_nuggets_pourpre"},
    skip_reason="trec-qa-2004",
    licensed_fixture=simulated_fixture("nuggets", trec_qa.write_trec_qa, "trec-qa-2004"),
    sample_check=_sample,
    public_data_only=True,
    public_check=runs_on("01_nuggets_pourpre", "public:realsumm"),
    licensed_check=runs_on("01_nuggets_pourpre", "trec-qa-2004"),
)
