"""Paper-specific logic that the notebooks call (one module per paper key).

A paper module holds what only that paper defines -- its human-score combination, its
variant naming, the recomputation of its printed tables from other printed tables, its
internal-consistency checks -- with docstrings citing the paper's section, equation or
table. Everything general (metrics, statistics, loaders) lives in :mod:`evalkit.metrics`,
:mod:`evalkit.stats` and :mod:`evalkit.data`; notebooks stay thin.

A paper that is a package (``papers/<key>/``) lists each module's public names once, in that
module's ``__all__``; the package's ``__init__`` re-exports them all, so
``from evalkit.papers.<key> import <name>`` reaches every one.
"""
