"""Reference values shared by several test modules, each computed or printed independently of
evalkit: scipy's correlation coefficients, the LFG triples a paper prints for its example, and a
hand-written CoNLL-U document."""

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

#: Two sentences in CoNLL-U, written by hand: "I have a red pen" (Liu & Gildea's example) and "Go"
CONLLU = """# text = I have a red pen
1\tI\tI\tPRON\tPRP\t_\t2\tnsubj\t_\t_
2\thave\thave\tVERB\tVBP\t_\t0\troot\t_\t_
3\ta\ta\tDET\tDT\t_\t5\tdet\t_\t_
4\tred\tred\tADJ\tJJ\t_\t5\tamod\t_\t_
5\tpen\tpen\tNOUN\tNN\tNumber=Sing\t2\tobj\t_\t_

1\tGo\tgo\tVERB\tVB\t_\t0\troot\t_\t_
"""
