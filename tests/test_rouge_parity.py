"""Parity of evalkit's ROUGE with ROUGE-1.5.5.pl itself, run in the test.

Each hypothesis example draws a random corpus (several instances, systems and models;
hyphens, numbers, non-ASCII, empty and long summaries) and a random option set, runs the
Perl script ONCE on the whole batch, and requires evalkit's printed report to equal the
script's stdout byte for byte: every per-summary (-d) and averaged R/P/F with its
confidence interval, as printed with 5 decimals.
"""

from __future__ import annotations

import os
import subprocess

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from evalkit.metrics.rouge import Rouge, RougeCorpus
from evalkit.metrics.rouge_variants import rouge_variant_grid
from evalkit.metrics.rouge_perl import parse_perl_output, run_perl
from evalkit.text import porter_rouge, rouge_resources
from test_rouge_support import assert_same_text, corpus_lists, guard_models, needs_perl

pytestmark = [pytest.mark.parity, needs_perl]
# shrinking re-runs the Perl script hundreds of times; the unshrunk example is reported
NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate]

options = st.fixed_dictionaries(
    {
        "n": st.integers(0, 4),
        "lcs": st.booleans(),
        "w": st.sampled_from([None, None, 1.2, 1.5, 2]),
        "skip": st.sampled_from([None, 0, 1, 4, -1]),
        "su": st.sampled_from(["S", "SU", "both"]),
        "stem": st.booleans(),
        "stopwords": st.booleans(),
        "limit": st.sampled_from(
            [None, None, ("l", 1), ("l", 7), ("l", 40), ("b", 5), ("b", 30), ("b", 200)]
        ),
        "scoring": st.sampled_from(["A", "A", "B"]),
        "alpha": st.sampled_from([0.5, 0.5, 0.0, 0.25, 1.0, 0.8]),
        "unit": st.sampled_from([0, 0, 0, 1, 2]),
        "confidence": st.sampled_from([95, 90, 99, 50, 100, 97.5]),
        "resamples": st.sampled_from([1, 10, 100, 1000]),
    }
)


def _rouge(o) -> Rouge:
    lim = o["limit"]
    return Rouge(
        n=o["n"],
        lcs=o["lcs"],
        w=o["w"],
        skip=o["skip"],
        su=o["su"],
        stem=o["stem"],
        stopwords=o["stopwords"],
        length_limit=lim[1] if lim and lim[0] == "l" else None,
        byte_limit=lim[1] if lim and lim[0] == "b" else None,
        scoring=o["scoring"],
        alpha=o["alpha"],
        unit=o["unit"],
        confidence=o["confidence"],
        resamples=o["resamples"],
    )


@settings(
    max_examples=int(os.environ.get("EVALKIT_ROUGE_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=NO_SHRINK,
)
@given(data=corpus_lists(), o=options)
def test_random_corpora_and_options_match_perl(data, o):
    summaries, refs, iid, sid = data
    if o["w"] is not None:
        refs = guard_models(refs)
    if not (o["n"] or o["lcs"] or o["w"] or o["skip"] is not None):
        o = dict(o, lcs=True)
    r = _rouge(o)
    corpus = RougeCorpus.from_lists(summaries, refs, iid, sid)
    ours = r.report(r.score_corpus(corpus), per_eval=True)
    perl = run_perl(r, corpus)
    assert_same_text(perl, ours, f"options {o}")


GRAHAM_CELLS = [dict(stem=s, stopwords=w) for s in (False, True) for w in (False, True)]


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), phases=NO_SHRINK)
@given(
    data=corpus_lists(max_instances=12, max_systems=4, max_models=4),
    trunc=st.sampled_from([None, 665, 100]),
)
def test_graham_option_sets_match_perl(data, trunc):
    """The four ROUGE-1.5.5 runs behind Graham's 192 variants, per-summary and averages,
    and rouge_variant_grid() agrees with the per-summary values Perl prints."""
    summaries, refs, iid, sid = data
    refs = guard_models(refs)
    corpus = RougeCorpus.from_lists(summaries, refs, iid, sid)
    per_summary = rouge_variant_grid(
        summaries,
        refs,
        iid,
        sid,
        byte_limit=trunc if trunc == 665 else None,
        length_limit=trunc if trunc == 100 else None,
        per_summary=True,
    )
    for cell in GRAHAM_CELLS:
        r = Rouge(
            n=4,
            w=1.2,
            skip=4,
            su="both",
            resamples=1000,
            byte_limit=trunc if trunc == 665 else None,
            length_limit=trunc if trunc == 100 else None,
            **cell,
        )
        ours = r.report(r.score_corpus(corpus), per_eval=True)
        perl = run_perl(r, corpus)
        assert_same_text(perl, ours, f"Graham cell {cell}, truncation {trunc}")
        # the 192-variant frame holds exactly the per-summary numbers Perl printed
        _, per_eval = parse_perl_output(perl)
        tags = {
            "ROUGE-1": "R1",
            "ROUGE-2": "R2",
            "ROUGE-3": "R3",
            "ROUGE-4": "R4",
            "ROUGE-S4": "RS4",
            "ROUGE-SU4": "RSU4",
            "ROUGE-W-1.2": "RW",
            "ROUGE-L": "RL",
        }
        sub = per_summary[
            (per_summary["stem"] == cell["stem"]) & (per_summary["stopwords"] == cell["stopwords"])
        ]
        got = {
            (f"{i}.{s}", m, sc): v
            for i, s, m, sc, v in sub[
                ["instance", "system", "method", "score", "value"]
            ].itertuples(index=False)
        }
        assert len(got) == 3 * len(per_eval)
        for row in per_eval.itertuples(index=False):
            for sc in ("R", "P", "F"):
                assert "%7.5f" % got[(row.test_id, tags[row.metric], sc)] == getattr(row, sc)


def test_plain_mean_is_mean_of_printed_scores_and_perl_mean_moves_with_r():
    """Average_X is the bootstrap mean (moves with -r); evalkit's plain mean is the mean of
    the per-summary values Perl prints."""
    rng = np.random.default_rng(5)
    words = "the cat sat on a mat dog barked loudly zebra runs fast slow".split()
    summ = [" ".join(rng.choice(words, 12)) for _ in range(30)]
    refs = [[" ".join(rng.choice(words, 10)) for _ in range(2)] for _ in range(30)]
    corpus = RougeCorpus.from_lists(summ, refs)
    printed = {}
    for R in (10, 1000):
        r = Rouge(n=2, resamples=R)
        res = r.score_corpus(corpus)
        perl = run_perl(r, corpus)
        assert_same_text(perl, r.report(res, per_eval=True), f"-r {R}")
        avg, per_eval = parse_perl_output(perl)
        printed[R] = avg.set_index("metric")["perl_mean_R"]
        for m, grp in per_eval.groupby("metric"):
            ours = res.averages.set_index("metric").loc[m, "mean_R"]
            assert ours == pytest.approx(np.mean([float(x) for x in grp["R"]]), abs=1e-12)
    assert (printed[10] != printed[1000]).any()


def _perl_stem(words):
    """ROUGE-1.5.5.pl's own ``stem`` sub, loaded from the installed script at run time."""
    prog = (
        "open(F, $ARGV[0]) or die; local $/; $src = <F>; close F; "
        "($p) = $src =~ /(sub stem\\b.*)\\z/s; eval $p; die $@ if $@; initialise(); "
        '$/ = "\\n"; while (<STDIN>) { chomp; print stem($_), "\\n"; }'
    )
    r = subprocess.run(
        ["perl", "-e", prog, str(rouge_resources.rouge_script())],
        input="\n".join(words) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return r.stdout.split("\n")[: len(words)]


def test_porter_matches_rouge_perl_stemmer():
    table = rouge_resources.exception_table()
    words = sorted({w for kv in table.items() for w in kv if w.isalpha() and w.islower()})
    words += [
        "agreement",
        "dependent",
        "adoption",
        "yelling",
        "yield",
        "relational",
        "generalization",
        "abcdefgh",
        "1234",
        "y123",
        "ylly",
        "ionion",
        "sses",
        "eed",
        "ying",
    ]
    rng = np.random.default_rng(0)
    letters = list("abcdeilmnorstuyz")
    words += ["".join(rng.choice(letters, rng.integers(3, 12))) for _ in range(3000)]
    assert [porter_rouge.stem(w) for w in words] == _perl_stem(words)


def test_exception_table_equals_built_db():
    """evalkit's exception table equals the DB buildExeptionDB.pl built (readdir order)."""
    db = rouge_resources.rouge_data_dir() / "WordNet-2.0.exc.db"
    prog = (
        'use DB_File; tie %h, "DB_File", $ARGV[0], O_RDONLY, 0440, $DB_HASH or die; '
        'while (($k, $v) = each %h) { print "$k\\t$v\\n"; }'
    )
    out = subprocess.run(
        ["perl", "-e", prog, str(db)], capture_output=True, text=True, check=True
    ).stdout
    perl_table = dict(line.split("\t", 1) for line in out.split("\n") if line)
    assert perl_table == rouge_resources.exception_table()


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), phases=NO_SHRINK)
@given(data=corpus_lists(max_instances=6, max_systems=2, max_models=4), stem=st.booleans())
def test_jackknife_is_the_mean_of_perl_leave_one_out_runs(data, stem):
    """Jackknife = mean over leave-one-out model sets of the values Perl prints for each set;
    a peer equal to a model is scored against the other models only."""
    summaries, refs, iid, sid = data
    refs = guard_models(refs)
    # make one peer a copy of its first model: the human-summary case
    summaries = list(summaries)
    summaries[0] = refs[0][0]
    r = Rouge(n=2, w=1.2, skip=4, su="SU", stem=stem, resamples=1)
    ours = r.score_jackknife(summaries, refs, iid, sid).set_index(["instance", "system", "metric"])
    corpus = RougeCorpus.from_lists(summaries, refs, iid, sid)
    kmax = max(len(m) for _, _, m in corpus.evals)
    collected = {}
    for j in range(kmax):
        evals = []
        for eid, peers, models in corpus.evals:
            if len(models) < 2:
                if j == 0:
                    evals.append((eid, peers, models))
                continue
            if j >= len(models):
                continue
            ps = {p: t for p, t in peers.items() if t not in models or models.index(t) == j}
            if ps:
                evals.append((eid, ps, models[:j] + models[j + 1 :]))
        if not evals:
            continue
        _, per_eval = parse_perl_output(run_perl(r, RougeCorpus(corpus.texts, evals)))
        for row in per_eval.itertuples(index=False):
            inst = row.test_id[: -len(row.system) - 1]
            collected.setdefault((inst, row.system, row.metric), []).append(
                tuple(float(getattr(row, s)) for s in ("R", "P", "F"))
            )
    assert set(collected) == set(ours.index)
    for key, vals in collected.items():
        got = ours.loc[key]
        assert got["n_sets"] == len(vals)
        for s_i, s in enumerate(("R", "P", "F")):
            assert got[s] == pytest.approx(np.mean([v[s_i] for v in vals]), abs=1e-12)


@pytest.mark.parametrize("weight, length", [(1.2, 482), (1.2, 632), (1.5, 448)])
@pytest.mark.parametrize("unit", [1, 2])
def test_rouge_w_counts_use_the_c_librarys_pow(weight, length, unit):
    """ROUGE-W applies the weight to the pooled base (base ** w) with Perl's ``**``, the C
    library's pow. numpy's vectorized power (AVX-512) differs from it in the last bit for
    some bases; these model lengths are ones where that bit shows in the 15 digits the
    script prints for raw counts (``-t 1``/``-t 2``). The printed report must still equal
    ROUGE-1.5.5.pl's on every machine."""
    model = " ".join(f"w{i}" for i in range(length))
    peer = " ".join(f"w{i}" for i in range(0, length, 3))
    corpus = RougeCorpus.from_lists([[peer]], [[[model]]])
    r = Rouge(n=0, lcs=False, w=weight, unit=unit, resamples=1)
    ours = r.report(r.score_corpus(corpus), per_eval=True)
    assert_same_text(run_perl(r, corpus), ours, f"ROUGE-W-{weight}, length {length}, -t {unit}")
