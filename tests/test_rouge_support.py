"""Shared helpers of the ROUGE tests: Perl availability and random summary corpora."""

from __future__ import annotations

import difflib

from hypothesis import strategies as st

from evalkit.text import rouge_resources

from _requires import requires

PERL_MISSING = rouge_resources.perl_available()
needs_perl = requires(PERL_MISSING and f"ROUGE-1.5.5.pl cannot run: {PERL_MISSING}")

# words that exercise stemming (Porter step 4, WordNet exceptions incl. the readdir-order
# conflicts), stop words (SMART list, 'reuters'), numbers, hyphens, '$', non-ASCII bytes
WORDS = [
    "the",
    "a",
    "of",
    "and",
    "reuters",
    "jan",
    "it's",
    "cats",
    "cat",
    "running",
    "ran",
    "agreement",
    "agreements",
    "dependent",
    "adoption",
    "communication",
    "better",
    "best",
    "offer",
    "offers",
    "testes",
    "involucra",
    "geese",
    "mice",
    "was",
    "were",
    "is",
    "yelling",
    "yield",
    "happy",
    "happiness",
    "generalization",
    "relational",
    "hopefully",
    "zebra",
    "12",
    "3.5",
    "1,000",
    "$5",
    "well-known",
    "-",
    "--",
    "state-of-the-art",
    "U.S.",
    "Caf\u00e9",
    "na\u00efve",
    "Z\u00fcrich",
    "\u2014",
    "\u20ac20",
    "NASA",
    "Obama's",
    "e-mail",
    "x",
    "xy",
    "sing",
    "sings",
    "singing",
    "ponies",
    "caresses",
    "feed",
    "agreed",
    "plastered",
    "conflated",
    "hopping",
    "filing",
    "sky",
    "electrical",
    "formalize",
    "adjustable",
    "\u00a0",
    "tab\there",
    "cr\r",
    "v\x0bw",
]
PUNCT = ["", "", "", ".", ",", ";", "!", "?", "'", '"', "(", ")"]

word = st.tuples(st.sampled_from(WORDS), st.sampled_from(PUNCT)).map(lambda t: t[0] + t[1])
rand_word = st.text(
    alphabet=st.sampled_from(list("abcdefgyz0129-.'$ \u00e9\u00df\u4e2dABY")),
    min_size=1,
    max_size=12,
)
sentence = st.lists(st.one_of(word, word, word, rand_word), min_size=0, max_size=14).map(" ".join)
summary = st.lists(sentence, min_size=0, max_size=5)
long_summary = st.lists(sentence, min_size=20, max_size=40)
long_sentence = st.lists(word, min_size=50, max_size=200).map(lambda ws: [" ".join(ws)])


@st.composite
def corpus_lists(draw, max_instances: int = 8, max_systems: int = 3, max_models: int = 4):
    """(summaries, references, instance_ids, system_ids) with random ids and sizes."""
    n_inst = draw(st.integers(1, max_instances))
    numeric = draw(st.booleans())
    if numeric:
        ids = draw(st.lists(st.integers(0, 300), min_size=n_inst, max_size=n_inst, unique=True))
        inst = [str(i) for i in ids]
    else:
        ids = draw(
            st.lists(
                st.text("ABDTxyz", min_size=1, max_size=4),
                min_size=n_inst,
                max_size=n_inst,
                unique=True,
            )
        )
        inst = [f"D{i}" for i in ids]
    systems = draw(
        st.lists(
            st.sampled_from(["S1", "S2", "sysA", "B", "M7", "10", "9"]),
            min_size=1,
            max_size=max_systems,
            unique=True,
        )
    )
    summaries, refs, iid, sid = [], [], [], []
    for i in inst:
        models = draw(
            st.lists(
                st.one_of(summary, summary, summary, long_summary, long_sentence),
                min_size=1,
                max_size=max_models,
            )
        )
        present = draw(
            st.lists(st.sampled_from(systems), min_size=1, max_size=len(systems), unique=True)
        )
        for s in present:
            summaries.append(
                draw(st.one_of(summary, summary, summary, long_summary, long_sentence))
            )
            refs.append(models)
            iid.append(i)
            sid.append(s)
    return summaries, refs, iid, sid


def guard_models(refs):
    """Give every model a content word first: ROUGE-1.5.5.pl dies (division by zero) on an
    empty model when ROUGE-W is on."""
    out = []
    for models in refs:
        fixed = []
        for m in models:
            m = list(m)
            if m:
                m[0] = "zebra " + m[0]
            else:
                m = ["zebra"]
            fixed.append(m)
        out.append(fixed)
    # keep references identical per instance object-wise
    return out


def assert_same_text(perl: str, ours: str, label: str) -> None:
    if perl != ours:
        diff = "".join(
            list(
                difflib.unified_diff(
                    perl.splitlines(True), ours.splitlines(True), "perl", "evalkit"
                )
            )[:60]
        )
        raise AssertionError(f"{label}: evalkit output differs from ROUGE-1.5.5.pl\n{diff}")
