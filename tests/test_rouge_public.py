"""ROUGE parity on the public SummEval set (a slice, to keep the suite fast): evalkit's
report and `evalkit rouge` must print exactly what ROUGE-1.5.5.pl prints for the option
sets behind Graham's 192 variants. The full-size comparison is benchmarks/bench_rouge.py."""

from __future__ import annotations

import contextlib
import io
import subprocess
import tempfile

import pytest

from evalkit.cli import main as evalkit_main
from evalkit.metrics.rouge import Rouge, RougeCorpus
from evalkit.data.summeval import summeval_rouge_inputs
from evalkit.metrics.rouge_perl import perl_args, run_perl, write_corpus
from evalkit.text import rouge_resources
from test_rouge_support import assert_same_text, needs_perl

pytestmark = [pytest.mark.public, pytest.mark.parity, needs_perl]

N_DOCS = 2  # 32 summaries x 11 references


@pytest.fixture(scope="module")
def summeval_corpus(data_mirror):
    return RougeCorpus.from_lists(*summeval_rouge_inputs(N_DOCS))


@pytest.mark.parametrize(
    "stem,stopwords", [(False, False), (True, True)]
)  # the others: random tests
def test_graham_runs_on_summeval_match_perl(summeval_corpus, stem, stopwords):
    r = Rouge(n=4, w=1.2, skip=4, su="both", stem=stem, stopwords=stopwords, resamples=1000)
    ours = r.report(r.score_corpus(summeval_corpus), per_eval=True)
    assert_same_text(
        run_perl(r, summeval_corpus), ours, f"SummEval, stem={stem}, stopwords={stopwords}"
    )


def test_cli_on_summeval_config_matches_perl(summeval_corpus):
    r = Rouge(n=4, w=1.2, skip=4, su="both", stem=True, byte_limit=665, resamples=200)
    with tempfile.TemporaryDirectory() as tmp:
        cfg = write_corpus(summeval_corpus, tmp)
        flags = ["-e", str(rouge_resources.rouge_data_dir())] + perl_args(r)
        perl = subprocess.run(
            ["perl", str(rouge_resources.rouge_script()), *flags, cfg],
            capture_output=True,
            check=True,
        ).stdout.decode("latin-1")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert evalkit_main(["rouge", *flags, cfg]) == 0
    assert_same_text(perl, out.getvalue(), "evalkit rouge on SummEval config")
