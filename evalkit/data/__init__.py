"""The data model, format readers and writers, public data sets and simulated corpora."""
