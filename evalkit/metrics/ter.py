"""TER, translation edit rate (Snover, Dorr, Schwartz, Micciulla & Makhoul 2006).

    TER = (insertions + deletions + substitutions + shifts) / average reference length

Shifts move contiguous blocks and are found greedily as in tercom; the minimum number of
edits over the references is divided by the average reference length. Range [0, inf)
(0 = identical); the papers print it x100 (Owczarzak notes D5).

Backend: sacrebleu's TER, a port of tercom (identical on ordinary input), for the
preprocessing (normalization, punctuation, case, Asian characters); the edit count is
:func:`evalkit.metrics.ter_kernel.segment_edits`, a compiled search giving sacrebleu's
``translation_edit_rate`` numbers exactly. We add explicit configuration, a signature and
the sufficient-statistics pair used by the resampling tests:
:meth:`TER.segment_statistics` returns ``(n_segments, 2)`` float64 ``[edits, avg_ref_len]``
and :meth:`TER.score_from_statistics` divides the sums (x100, as sacrebleu).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.ngrams import check_hypotheses, normalize_references
from evalkit.metrics.registry import register_metric
from evalkit.metrics.ter_kernel import segment_edits

__all__ = ["TER"]


class TER(Metric):
    """TER with explicit configuration, an :class:`evalkit.metrics.base.Metric` (registered
    as ``ter``). The settings are sacrebleu's.

    Parameters
    ----------
    normalized : bool, default False
        Normalize and tokenize the text as tercom's ``-N`` does.
    no_punct : bool, default False
        Remove punctuation first.
    asian_support : bool, default False
        Split Asian characters (with ``normalized``).
    case_sensitive : bool, default False
        Keep case (tercom's default is case-insensitive).
    ref_layout : str, default "streams"
        ``"streams"`` (sacrebleu) or ``"segments"``; anything else raises
        :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    ``corpus_score`` returns a :class:`evalkit.metrics.base.Score` on the 0-100 scale (edits
    per 100 reference words; it can exceed 100).

    Examples
    --------
    >>> import sacrebleu
    >>> from evalkit.metrics.ter import TER
    >>> hyps, refs = ["the cat sat on a mat", "it rains"], ["the cat sat on the mat", "it rains today"]
    >>> TER(ref_layout="streams").corpus_score(hyps, [refs]) == sacrebleu.corpus_ter(hyps, [refs]).score
    True
    """

    name = "ter"
    scale = "0-100"
    higher_is_better = False
    n_statistics = 2

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        ref_layout: str = "streams",
    ):
        from sacrebleu.metrics.ter import TER as _SacreTER

        self.normalized, self.no_punct = bool(normalized), bool(no_punct)
        self.asian_support, self.case_sensitive = bool(asian_support), bool(case_sensitive)
        if ref_layout not in ("streams", "segments"):
            raise ParameterError("ref_layout", ref_layout, "'streams' or 'segments'")
        self.ref_layout = ref_layout
        self._backend = _SacreTER(
            normalized=self.normalized,
            no_punct=self.no_punct,
            asian_support=self.asian_support,
            case_sensitive=self.case_sensitive,
        )

    def signature(self) -> str:
        import sacrebleu

        return self.build_signature(
            [
                ("case", "mixed" if self.case_sensitive else "lc"),
                ("norm", self.normalized),
                ("punct", not self.no_punct),
                ("asian", self.asian_support),
            ],
            versions=[("sacrebleu", sacrebleu.__version__)],
        )

    def segment_statistics(self, hyps: Sequence[str], refs: Sequence) -> np.ndarray:
        """``(n_segments, 2)`` float64: minimum edits over references, average reference length."""
        hyps = check_hypotheses(hyps)
        per_seg = normalize_references(len(hyps), refs, self.ref_layout)
        be = self._backend
        rows = []
        for h, seg in zip(hyps, per_seg):
            refs_words = be._extract_reference_info([be._preprocess_segment(r) for r in seg])
            rows.append(segment_edits(be._preprocess_segment(h).split(), refs_words["ref_words"]))
        return np.array(rows, dtype=np.float64).reshape(len(hyps), 2)

    def _score_one(self, stats_sum: Sequence[float]) -> float:
        """TER x100 from summed ``[edits, ref_len]`` (1.0 x100 for an empty reference side)."""
        edits, ref_len = float(stats_sum[0]), float(stats_sum[1])
        if ref_len > 0:
            return 100 * edits / ref_len
        return 100.0 if edits > 0 else 0.0

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        edits, ref_len = stats_sums[:, 0].astype(np.float64), stats_sums[:, 1].astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(
                ref_len > 0,
                100 * edits / np.where(ref_len > 0, ref_len, 1.0),
                np.where(edits > 0, 100.0, 0.0),
            )


@register_metric("ter")
def ter(
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
    ref_layout: str = "segments",
) -> TER:
    """TER as sacrebleu's tercom port computes it (any :class:`TER` setting; the edit count
    from :mod:`evalkit.metrics.ter_kernel`); registered as ``get_metric("ter")``.

    Parameters
    ----------
    normalized, no_punct, asian_support, case_sensitive : see :class:`TER`
        Same meaning and defaults as there.
    ref_layout : str, default "segments"
        ``"segments"`` (one list of references per segment) or ``"streams"``.

    Returns
    -------
    TER
        The configured metric: edits per 100 reference words (0-100 scale, lower is
        better, can exceed 100).

    References
    ----------
    Snover, Dorr, Schwartz, Micciulla & Makhoul (2006), "A Study of Translation Edit Rate
    with Targeted Human Annotation", AMTA.

    Examples
    --------
    One substitution, or one block shift, per three reference words; case is ignored
    by default:

    >>> from evalkit.metrics.ter import ter
    >>> round(ter().corpus_score(["a b d"], [["a b c"]]), 2)
    33.33
    >>> round(ter().corpus_score(["b c a"], [["a b c"]]), 2)
    33.33
    >>> float(ter().corpus_score(["A B C"], [["a b c"]]))
    0.0
    """
    return TER(
        normalized=normalized,
        no_punct=no_punct,
        asian_support=asian_support,
        case_sensitive=case_sensitive,
        ref_layout=ref_layout,
    )
