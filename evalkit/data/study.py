"""The common face of evalkit's human-study data sets (relevance task, questionnaires,
meetings, nugget evaluations): a ``meta`` dict, a ``name`` and the ``provenance`` record
:func:`evalkit.data.datasets.load` stores (files, SHA-256, what the data stand in for),
as the corpora of :mod:`evalkit.data.model` have."""

from __future__ import annotations

__all__ = ["StudyData"]


class StudyData:
    """Mixin of the study dataclasses (each defines a ``meta: dict`` field)."""

    meta: dict

    @property
    def name(self) -> str:
        return str(self.meta.get("name", type(self).__name__))

    @property
    def provenance(self):
        from evalkit.data.provenance import provenance_of

        return provenance_of(self)
