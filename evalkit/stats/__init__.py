"""Meta-evaluation statistics: correlations, significance tests, agreement, QARLA, corroboration."""

# Re-exports, loaded on first use so that `import evalkit.stats` stays light (pingouin and
# krippendorff are only imported by the modules that need them).
_EXPORTS = {
    "correlation": ["correlate", "correlate_columns", "level_correlation", "batched_level_correlation",
                    "score_matrices", "fisher_ci", "bootstrap_ci", "resampled_correlations", "permutation_test",
                    "wmt_kendall_like"],
    "williams": ["williams_test", "williams_pairs", "significance_matrix", "not_significantly_beaten"],
    "resampling": ["approximate_randomization", "paired_bootstrap", "result_matrix"],
    "pairwise": ["paired_test", "shapiro_by_system", "pairwise_tests", "beats_matrix",
                 "not_outperformed", "significance_decisions", "decision_agreement"],
    "anova": ["one_way_anova", "tukey_hsd", "anova_markers", "compact_letters"],
    "agreement": ["krippendorff_alpha", "alpha_two_judgments"],
    "qarla": ["queen", "queen_system_scores", "king", "k_pairwise", "jack", "best_metric_sets",
              "acceptance_events", "metric_set_similarity", "cluster_metrics"],
    "corroboration": ["build_pairs", "reliability", "sensitivity", "heterogeneity", "threshold_curve",
                      "reliability_gain", "additive_reliability_pairs", "sample_measure_sets",
                      "measure_set_table"],
    "multiplicity": ["experimentwise_error", "per_comparison_level", "binomial_ci", "ci_versus_reference"],
    "human": ["normalize_per_judge", "segment_scores", "system_scores", "per_system_correlation", "critical_r",
              "coefficient_of_variation"],
    "sampling": ["topic_subsample_correlations", "split_half_correlations", "model_subset_draws",
                 "stability_summary"],
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name):
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
