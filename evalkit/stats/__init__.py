"""Meta-evaluation statistics: correlations, significance tests, agreement, QARLA, corroboration."""
