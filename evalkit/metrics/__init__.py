"""Automatic evaluation metrics: ROUGE, BLEU, NIST, METEOR, WER/PER, TER, GTM, chrF, ..."""
