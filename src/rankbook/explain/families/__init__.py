r"""The explainers of each chapter's metrics (`rankbook.explain.catalog` gathers them).

| module | chapter |
| --- | --- |
| `set_based` | set-based measures: P@k, R@k, F, R-precision, success, utility, the set measures |
| `rank_based` | rank-based measures: AP, RR, search length, LAG |
| `curves` | rank-based measures: the precision-recall curve, interpolated precision, ROC and AUC |
| `graded` | graded relevance: DCG, IDCG, nDCG and trec_eval's gain measures |
| `user_models` | user models: RBP and its residual, ERR |
| `cwl` | user models: the C/W/L measures (cwl_eval's), with C(i), W(i), L(i) and EU rank by rank |
| `incomplete` | incomplete judgments: bpref, infAP, unjudged documents, relstring |
| `tools` | the tools' own measures: gdeval's nDCG@k and ERR@k, ir_measures' Compat and Accuracy |
| `ntcir`, `ntcir_discounted` | NTCIREVAL: Q, O, P, P+, NCU; its ERR, nERR, nDCG, MSnDCG, Hit |
| `diversity` | diversity: ndeval's alpha-nDCG, ERR-IA, NRBP, MAP-IA, P-IA, subtopic recall (input: subtopics per rank) |

Each module's ``EXPLAINERS`` is a tuple of `rankbook.explain.catalog.Explainer`; each running
value and each number of a worked formula is computed by a function of `rankbook.metrics`.
"""

from rankbook.explain.families import (
    curves,
    cwl,
    diversity,  # subtopics per rank (rankbook.explain.subtopic_case)
    graded,
    incomplete,
    ntcir,
    ntcir_discounted,
    rank_based,
    set_based,
    tools,  # gdeval's and ir_measures' own rows
    user_models,
)

#: Every explainer, in the order of the chapters.
ALL = (*set_based.EXPLAINERS, *rank_based.EXPLAINERS, *curves.EXPLAINERS, *graded.EXPLAINERS,
       *user_models.EXPLAINERS, *cwl.EXPLAINERS, *incomplete.EXPLAINERS,
       *tools.EXPLAINERS,  # the tools' own rows
       *ntcir.EXPLAINERS, *ntcir_discounted.EXPLAINERS,  # NTCIREVAL's
       *diversity.EXPLAINERS)  # ndeval's, of subtopics per rank
