"""What a profile can and cannot show, said in every notebook (rendered as Markdown).

Three kinds of result, kept apart everywhere (notebooks, results pages, README):

* **recomputed exactly from printed numbers**: no data; the paper checked against itself;
* **regenerated from the paper's data** (``licensed``): the reproduction proper;
* **the method applied to stand-in data** (``sample``: simulated by evalkit; ``public``: openly
  licensed real data): the paper's procedure on other data, so printed values are *not
  comparable*; only statements about direction and significance can agree or differ.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from evalkit.errors import ParameterError

KINDS = {
    "none": "**Recomputed exactly from printed numbers.** No data are read; every profile gives the same result.",
    "sample": (
        "**The method applied to simulated data.** The `sample` profile runs on corpora that evalkit "
        "simulates from a known latent truth (in the real on-disk formats). They stand in for the "
        "paper's data: printed values are *not comparable* with this run's, and only the paper's "
        "statements (which metric is higher, what is significant) can agree or differ."
    ),
    "public": (
        "**The method applied to openly licensed stand-in data.** The `public` profile runs on real "
        "data other than the paper's; printed values are *not comparable*, the paper's statements "
        "are checked for what they say."
    ),
    "licensed": (
        "**Regenerated from the paper's own data** (the `licensed` profile, your copies): printed "
        "values are comparable, differences are the reproduction check."
    ),
}


def kind_of(profile: str, needs_data: bool = True) -> str:
    """``none`` for notebooks that read no data, else the profile."""
    if profile not in ("sample", "public", "licensed"):
        raise ParameterError("profile", profile, "one of 'sample', 'public', 'licensed'")
    return profile if needs_data else "none"


def data_note(
    profile: str, data: Iterable[Any] = (), needs_data: bool = True, paper: Optional[str] = None
) -> str:
    """Markdown: what kind of result this run is, and what stands in for what.

    ``data`` are evaluations or corpora (anything with ``name``/``description`` or a
    ``provenance`` record with ``stands_in_for``). On ``sample``, for a ``paper`` the
    simulator was calibrated to, it also says which of the paper's printed statistics were
    calibrated (not evidence) and, one sentence each, where the simulation still contradicts
    the paper's premises (:func:`evalkit.data.simulate.realism.premise_gaps`).

    >>> data_note("sample", needs_data=False).startswith("**Recomputed exactly")
    True
    """
    lines = [KINDS[kind_of(profile, needs_data)]]
    for item in data:
        name = getattr(item, "name", str(item))
        desc = getattr(item, "description", "")
        record = getattr(item, "provenance", None)
        stand = getattr(record, "stands_in_for", "") if record is not None else ""
        text = (
            f"- **{name}**"
            + (f": {desc}" if desc else "")
            + (f" Stands in for: {stand}." if stand else "")
        )
        lines.append(text)
    text = "\n\n".join(lines[:1]) + ("\n\n" + "\n".join(lines[1:]) if len(lines) > 1 else "")
    if profile == "sample" and needs_data and paper is not None:
        text += realism_note(paper)
    return text


def realism_note(paper: str) -> str:
    """Markdown paragraphs on the sample's calibration to ``paper`` (``""`` when none)."""
    from evalkit.data.simulate import realism

    parts = []
    calibrated = realism.CALIBRATED.get(paper)
    if calibrated:
        parts.append(
            f"**Calibrated, not evidence.** The simulator was tuned to this paper's "
            f"{calibrated['calibrated']}; claims on them hold by construction. Left free to "
            f"agree or disagree: {calibrated['free']}."
        )
    gaps = realism.premise_gaps(paper)
    if gaps:
        parts.append("**Where the simulation contradicts the paper's premises.** " + " ".join(gaps))
    return "".join("\n\n" + p for p in parts)


def show_note(
    profile: str, data: Iterable[Any] = (), needs_data: bool = True, paper: Optional[str] = None
):
    """:func:`data_note` as an IPython Markdown object (displayed by a notebook cell)."""
    from IPython.display import Markdown

    return Markdown(data_note(profile, data, needs_data, paper))


__all__ = ["KINDS", "data_note", "kind_of", "realism_note", "show_note"]
