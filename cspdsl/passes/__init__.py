"""IR -> IR passes that backends share: domain narrowing (`narrow`), normal form (`normal_form`), default
decompositions and negation pushing (`decompose`), one evaluator with a two- and a three-valued entry
(`evaluate`), the integer algebra of a model's sums (`sums`) and its symmetries (`symmetry`). A pass
imports only `cspdsl.ir`: it knows no backend."""
