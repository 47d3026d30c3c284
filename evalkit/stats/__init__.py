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

# Re-exports, loaded on first use so that `import evalkit.stats` stays light (pingouin and
# krippendorff are only imported by the modules that need them).
_EXPORTS = {
    "correlation": [
        "correlate",
        "correlate_columns",
        "level_correlation",
        "batched_level_correlation",
        "score_matrices",
        "fisher_ci",
        "bootstrap_ci",
        "resampled_correlations",
        "wmt_kendall_like",
        "apply_missing_rule",
        "fisher_sample_size",
        "darr_pairs",
    ],
    "difference_tests": [
        "resampled_deltas",
        "correlation_difference_test",
        "permutation_test",
        "compare_metrics",
        "assign_ranks",
        "significance_clusters",
        "equal_correlation_metrics",
        "type1_error_rates",
    ],
    "kendall": [
        "concordance_counts",
        "kendall_columns",
        "kendall_tau",
        "tie_calibration",
        "pairwise_accuracy",
    ],
    "grouped": ["per_group_correlations", "averaged_correlation"],
    "williams": [
        "williams_test",
        "williams_pairs",
        "significance_matrix",
        "not_significantly_beaten",
    ],
    "resampling": ["approximate_randomization", "paired_bootstrap", "result_matrix"],
    "pairwise": [
        "paired_test",
        "shapiro_by_system",
        "pairwise_tests",
        "beats_matrix",
        "not_outperformed",
        "significance_decisions",
        "decision_agreement",
    ],
    "anova": ["one_way_anova", "tukey_hsd", "anova_markers", "compact_letters"],
    "agreement": ["krippendorff_alpha", "alpha_two_judgments"],
    "qarla": [
        "queen",
        "queen_system_scores",
        "king",
        "k_pairwise",
        "jack",
        "best_metric_sets",
        "acceptance_events",
        "metric_set_similarity",
        "cluster_metrics",
    ],
    "corroboration": [
        "build_pairs",
        "reliability",
        "sensitivity",
        "heterogeneity",
        "threshold_curve",
        "reliability_gain",
        "additive_reliability_pairs",
        "sample_measure_sets",
        "measure_set_table",
    ],
    "multiplicity": [
        "experimentwise_error",
        "per_comparison_level",
        "binomial_ci",
        "ci_versus_reference",
        "partial_conjunction",
    ],
    "human": [
        "normalize_per_judge",
        "segment_scores",
        "system_scores",
        "per_system_correlation",
        "critical_r",
        "coefficient_of_variation",
        "win_share",
    ],
    "sampling": [
        "topic_subsample_correlations",
        "split_half_correlations",
        "model_subset_draws",
        "stability_summary",
    ],
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name):
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
