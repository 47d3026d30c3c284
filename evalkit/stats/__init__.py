"""Meta-evaluation statistics: correlations, significance tests, agreement, QARLA, corroboration.

Functions take and return tidy pandas frames (or (systems x inputs) matrices where noted) and
every random procedure takes a seed.

Meta-evaluation toolbox: what corresponds to what
-------------------------------------------------
The two reference libraries are SacreROUGE (Deutsch, Dror & Roth 2021, "A Statistical
Analysis of Summarization Evaluation Metrics Using Resampling Methods", TACL) and
google-research/mt-metrics-eval ("mtme"; WMT metrics tasks 2021-2024; Deutsch, Foster &
Freitag 2023, "Ties Matter", EMNLP).

======================================================  ====================================  ============================================
evalkit function                                        library counterpart                   paper
======================================================  ====================================  ============================================
``correlation.level_correlation`` / ``correlate``       SacreROUGE ``system_level_corr``,     Deutsch et al. 2021, Sec. 3
(levels system / summary / global)                      ``summary_level_corr``,
                                                        ``global_corr``; mtme
                                                        ``average_by=none|item``
``correlation.apply_missing_rule``                      (both assume complete matrices)       evalkit's shared-cells rule (issue 13)
``correlation.fisher_ci``, ``fisher_sample_size``       SacreROUGE ``fisher``                 Bonett & Wright 2000; Deutsch et al. 2021
``correlation.bootstrap_ci``, ``resampled_correlations``  SacreROUGE ``bootstrap``            Deutsch et al. 2021, BOOT-SYSTEMS/INPUTS/BOTH
``difference_tests.correlation_difference_test``        SacreROUGE ``bootstrap_test``,        Deutsch et al. 2021, Sec. 5 (BOOT-*, PERM-*)
(``test="boot"|"perm"``, ``unit=...``)                  ``permutation_test``; mtme
                                                        ``PermutationSigDiff`` (PERM-BOTH)
``difference_tests.compare_metrics``                    SacreROUGE ``compare-metrics``        Deutsch et al. 2021
``difference_tests.significance_clusters``,             mtme ``ComputeSigMatrix`` +           Freitag et al. 2021-2023 (WMT metrics tasks)
``assign_ranks``                                        ``AssignRanks``
``difference_tests.type1_error_rates``                  (none)                                Deutsch et al. 2021, Sec. 5 (simulation)
``multiplicity.partial_conjunction``                    (Dror et al.'s replicability code)    Benjamini & Heller 2008; Dror et al. 2017;
                                                                                              Deutsch et al. 2021, Sec. 6
``grouped.per_group_correlations``                      mtme ``AverageCorrelation``           Bhandari et al. 2020 (REALSumm) per-input p
``grouped.averaged_correlation`` (``alpha``,            mtme ``average_by``,                  Bhandari et al. 2020, Sec. 4.1 (significant
``undefined="skip"|"zero"``, ``weighted``)              ``replace_nans_with_zeros``,          inputs only)
                                                        ``macro``
``kendall.kendall_tau`` (``a``, ``b``, ``c``)           mtme ``KendallVariants``; scipy       Kendall 1938/1945; Stuart 1953
``kendall.kendall_tau`` (``23``, ``acc23``)             mtme ``KendallVariants``              Deutsch et al. 2023 (tau_eq, acc_eq)
``kendall.tie_calibration``                             mtme ``KendallWithTiesOpt``           Deutsch et al. 2023, Sec. 5
``kendall.pairwise_accuracy``                           mtme ``CompareMetricsWithPairwise``   Kocmi et al. 2021, "To Ship or Not to Ship"
                                                        ``Accuracy``
``correlation.wmt_kendall_like``, ``darr_pairs``        mtme ``KendallLike`` (thresh 25)      WMT17-20 metrics tasks (Ma et al. 2019)
``williams.williams_test``                              mtme ``WilliamsSigDiff``; R psych     Williams 1959; Graham & Baldwin 2014
======================================================  ====================================  ============================================

The BLEU options that reproduce the published tools' conventions live with BLEU:
``BLEU(tokenize="moses")`` (Moses ``tokenizer.perl`` via sacremoses) and
``BLEU(semantics="sacrebleu1")`` (sacrebleu 1.x smoothing of zero-unigram segments); both
appear in ``BLEU.signature()``.
"""

# Re-exports: the public functions and classes of these modules, i.e. each module's
# ``__all__`` less its upper-case constants (those stay with their module: ``LEVELS`` and
# ``TESTS`` mean different things in different modules). Loaded on first use so that
# ``import evalkit.stats`` stays light: a name is looked up module by module in this order,
# importing stops at the module that has it, and the modules that bring pingouin
# (``anova``) come last.
_REEXPORTED = (
    "correlation",
    "difference_tests",
    "kendall",
    "grouped",
    "williams",
    "resampling",
    "pairwise",
    "qarla",
    "corroboration",
    "multiplicity",
    "human",
    "sampling",
    "agreement",
    "anova",
)


def _exports(module: str) -> list:
    import importlib

    names = importlib.import_module(f"{__name__}.{module}").__all__
    return [name for name in names if not name.isupper()]


def __getattr__(name):
    if name == "__all__":  # ``from evalkit.stats import *``: imports every module above
        return sorted({n for module in _REEXPORTED for n in _exports(module)})
    import importlib.util

    # a submodule not imported yet (``from evalkit.stats import corroboration``) is not
    # looked for in the modules above
    if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is None:
        for module in _REEXPORTED:
            if name in _exports(module):
                value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
                globals()[name] = value  # next time without __getattr__
                return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
