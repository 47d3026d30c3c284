"""Reference values shared by several test modules, each computed or printed independently of
evalkit: scipy's correlation coefficients, and the LFG triples a paper prints for its example."""

from scipy import stats

#: method -> the coefficient as scipy computes it (Kendall: tau-b, scipy's default)
SCIPY = {
    "pearson": lambda a, b: stats.pearsonr(a, b)[0],
    "spearman": lambda a, b: stats.spearmanr(a, b)[0],
    "kendall": lambda a, b: stats.kendalltau(a, b, variant="b")[0],
}

#: Owczarzak et al. (2007) example (1), "John resigned yesterday": the f-structure's triples
#: (subj(resign,john), pers(john,3), num(john,sg), tense(resign,past), adj(resign,yesterday),
#: pers(yesterday,3), num(yesterday,sg)), both word orders alike
LFG_EXAMPLE = [
    ("subj", "resign", "john"),
    ("pers", "john", "3"),
    ("num", "john", "sg"),
    ("tense", "resign", "past"),
    ("adjunct", "resign", "yesterday"),
    ("pers", "yesterday", "3"),
    ("num", "yesterday", "sg"),
]
