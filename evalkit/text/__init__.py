"""Text processing shared by the metrics: tokenizers, stemmers, stop words, WordNet access."""
