"""Who wrote each paper the notebooks reproduce: one registry for the results site.

``REFERENCES[key]`` gives the authors, the title and where it appeared, as written in the
paper's ``data/published/<key>/README.md`` (and each notebook's introduction); the site's
paper pages open with them instead of the key. Folders of ``notebooks/`` that are not
papers (``methods``, a course, ...) are listed under :data:`SECTIONS`: the site groups its
landing page by section, so a new folder of notebooks appears there without code here
(folders not named fall under "Other notebooks", titled by their ``README.md`` heading).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional

__all__ = ["REFERENCES", "Reference", "SECTIONS", "reference", "section_of"]


@dataclass(frozen=True)
class Reference:
    authors: str
    year: int
    title: str
    venue: str

    def citation(self) -> str:
        """``Authors (year), "Title", venue.``"""
        return f'{self.authors} ({self.year}), "{self.title}", {self.venue}.'


_MTSE = (
    "ACL 2005 Workshop on Intrinsic and Extrinsic Evaluation Measures for MT and/or Summarization"
)
_AMIGO = "Enrique Amigó, Julio Gonzalo, Anselmo Peñas and Felisa Verdejo"
_OVW = "Karolina Owczarzak, Josef van Genabith and Andy Way"

REFERENCES: Dict[str, Reference] = {
    "amigo2005duc": Reference(
        _AMIGO, 2005, "Evaluating DUC 2004 Tasks with the QARLA Framework", f"{_MTSE}, pp. 49-56"
    ),
    "amigo2005qarla": Reference(
        _AMIGO,
        2005,
        "QARLA: A Framework for the Evaluation of Text Summarization Systems",
        "ACL 2005, pp. 280-289",
    ),
    "amigo2011": Reference(
        "Enrique Amigó, Julio Gonzalo, Jesús Giménez and Felisa Verdejo",
        2011,
        "Corroborating Text Evaluation Results with Heterogeneous Measures",
        "EMNLP 2011, pp. 455-466",
    ),
    "banerjee2005": Reference(
        "Satanjeev Banerjee and Alon Lavie",
        2005,
        "METEOR: An Automatic Metric for MT Evaluation with Improved Correlation with Human "
        "Judgments",
        f"{_MTSE}, pp. 65-72",
    ),
    "dorr2005": Reference(
        "Bonnie J. Dorr, Christof Monz, Stacy President, Richard Schwartz and David Zajic",
        2005,
        "A Methodology for Extrinsic Evaluation of Text Summarization: Does ROUGE Correlate?",
        f"{_MTSE}, pp. 1-8",
    ),
    "graham2015": Reference(
        "Yvette Graham",
        2015,
        "Re-evaluating Automatic Summarization with BLEU and 192 Shades of ROUGE",
        "EMNLP 2015, pp. 128-137",
    ),
    "kolluru2005": Reference(
        "BalaKrishna Kolluru and Yoshihiko Gotoh",
        2005,
        "On the Subjectivity of Human Authored Short Summaries",
        f"{_MTSE}, pp. 9-16",
    ),
    "leusch2005": Reference(
        "Gregor Leusch, Nicola Ueffing, David Vilar and Hermann Ney",
        2005,
        "Preprocessing and Normalization for Automatic Evaluation of Machine Translation",
        f"{_MTSE}, pp. 17-24",
    ),
    "lin2005": Reference(
        "Jimmy Lin and Dina Demner-Fushman",
        2005,
        "Evaluating Summaries and Answers: Two Sides of the Same Coin?",
        f"{_MTSE}, pp. 41-48",
    ),
    "liu2005": Reference(
        "Ding Liu and Daniel Gildea",
        2005,
        "Syntactic Features for Evaluation of Machine Translation",
        f"{_MTSE}, pp. 25-32",
    ),
    "murray2005": Reference(
        "Gabriel Murray, Steve Renals, Jean Carletta and Johanna Moore",
        2005,
        "Evaluating Automatic Summaries of Meeting Recordings",
        f"{_MTSE}, pp. 33-40",
    ),
    "owczarzak2006": Reference(
        "Karolina Owczarzak, Declan Groves, Josef Van Genabith and Andy Way",
        2006,
        "Contextual Bitext-Derived Paraphrases in Automatic MT Evaluation",
        "Workshop on Statistical Machine Translation (WMT 2006), pp. 86-93",
    ),
    "owczarzak2007ssst": Reference(
        _OVW,
        2007,
        "Dependency-Based Automatic Evaluation for Machine Translation",
        "SSST, NAACL-HLT 2007 / AMTA Workshop on Syntax and Structure in Statistical "
        "Translation, pp. 80-87",
    ),
    "owczarzak2007wmt": Reference(
        _OVW,
        2007,
        "Labelled Dependencies in Machine Translation Evaluation",
        "Second Workshop on Statistical Machine Translation (WMT 2007), pp. 104-111",
    ),
    "owczarzak2009conditions": Reference(
        "Karolina Owczarzak and Hoa Trang Dang",
        2009,
        "Evaluation of automatic summaries: Metrics under varying data conditions",
        "ACL-IJCNLP 2009 Workshop on Language Generation and Summarisation (UCNLG+Sum), pp. 23-30",
    ),
    "owczarzak2009depeval": Reference(
        "Karolina Owczarzak",
        2009,
        "DEPEVAL(summ): Dependency-based Evaluation for Automatic Summaries",
        "ACL-IJCNLP 2009, pp. 190-198",
    ),
    "owczarzak2011who": Reference(
        "Karolina Owczarzak and Hoa Trang Dang",
        2011,
        "Who wrote What Where: Analyzing the content of human and automatic summaries",
        "ACL 2011 Workshop on Automatic Summarization for Different Genres, Media, and "
        "Languages, pp. 25-32",
    ),
    "owczarzak2012accuracy": Reference(
        "Karolina Owczarzak, John M. Conroy, Hoa Trang Dang and Ani Nenkova",
        2012,
        "An Assessment of the Accuracy of Automatic Evaluation in Summarization",
        "NAACL-HLT 2012 Workshop on Evaluation Metrics and System Comparison for Automatic "
        "Summarization, pp. 1-9",
    ),
    "owczarzak2012assessors": Reference(
        "Karolina Owczarzak, Peter A. Rankel, Hoa Trang Dang and John M. Conroy",
        2012,
        "Assessing the Effect of Inconsistent Assessors on Summarization Evaluation",
        "ACL 2012 (short papers), pp. 359-362",
    ),
    "owczarzak2014decompounding": Reference(
        "Karolina Owczarzak, Ferdinand de Haan, George Krupka and Don Hindle",
        2014,
        "Wordsyoudontknow: Evaluation of lexicon-based decompounding with unknown handling",
        "COLING 2014 Workshop on Computational Approaches to Compound Analysis, pp. 63-71",
    ),
    "riezler2005": Reference(
        "Stefan Riezler and John T. Maxwell III",
        2005,
        "On Some Pitfalls in Automatic Evaluation and Significance Testing for MT",
        f"{_MTSE}, pp. 57-64",
    ),
}

#: folders of ``notebooks/`` that are not one paper, and the landing page's section for each
SECTIONS: Dict[str, str] = {
    "methods": "Methods across papers",
    "course": "Course",
}


def reference(key: str) -> Optional[Reference]:
    """The paper ``key`` (a folder of ``notebooks/``), or None when it is not a paper."""
    return REFERENCES.get(key)


def section_of(key: str) -> str:
    """The landing page's section of the folder ``key``: "Papers" for a paper, its
    :data:`SECTIONS` entry, else "Other notebooks"."""
    if key in REFERENCES:
        return "Papers"
    return SECTIONS.get(key, "Other notebooks")
