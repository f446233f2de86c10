r"""ir_measures' API over rankbook's measures: switch with one import line.

``import ir_measures`` becomes ``import rankbook.ir_measures as ir_measures``; the
measure objects (``nDCG@10``, ``P(rel=2)@5``, ``RBP(p=0.9, rel=1)``, ``MAP``), their
printing, parameters and defaults, ``parse_measure``, ``parse_trec_measure``,
``calc_aggregate``, ``iter_calc``, ``calc``, ``evaluator``, ``read_trec_qrels``,
``read_trec_run`` and the records ``Qrel``, ``ScoredDoc``, ``Metric`` are ir-measures
0.4.3's. Each value is computed by a registry measure through :func:`rankbook.evaluate`,
with the conventions of the provider ir_measures would call (:mod:`.plans`); no measure's
arithmetic is here. ir_measures need not be installed. The docs page "Coming from
ir_measures and PyTerrier" lists every difference.

| module | what |
| --- | --- |
| `measures` | the measure objects and ``NOT_PROVIDED`` |
| `parsing` | ``parse_measure``, ``parse_trec_measure`` |
| `plans` | which registry measure, grades and tie order each measure gets |
| `inputs` | ``Qrel``, ``ScoredDoc``, ``Metric``, the TREC readers, the qrels and run forms |
| `evaluator` | ``calc_aggregate``, ``iter_calc``, ``calc``, ``evaluator`` |

Examples
--------
>>> import rankbook.ir_measures as ir_measures
>>> from rankbook.ir_measures import nDCG, P, MAP
>>> qrels = {"q1": {"d1": 2, "d2": 0, "d3": 1}}
>>> run = {"q1": {"d1": 0.9, "d2": 0.8, "d3": 0.1}}
>>> ir_measures.calc_aggregate([nDCG@10, P@2, MAP], qrels, run)
{nDCG@10: 0.9502344167898356, P@2: 0.5, AP: 0.8333333333333333}
"""

from rankbook.ir_measures.evaluator import (
                                            CwlMetric,
                                            Evaluator,
                                            calc,
                                            calc_aggregate,
                                            evaluator,
                                            iter_calc,
)
from rankbook.ir_measures.inputs import (
                                            CalcResults,
                                            Metric,
                                            Qrel,
                                            ScoredDoc,
                                            read_trec_qrels,
                                            read_trec_run,
)
from rankbook.ir_measures.measures import (
                                            AP,
                                            AP_IA,
                                            BPM,
                                            ERR,
                                            ERR_IA,
                                            INSQ,
                                            INST,
                                            MAP,
                                            MAP_IA,
                                            MRR,
                                            NDCG,
                                            NERR8,
                                            NERR9,
                                            NERR10,
                                            NERR11,
                                            NOT_PROVIDED,
                                            NRBP,
                                            P_IA,
                                            RBP,
                                            RR,
                                            SDCG,
                                            Accuracy,
                                            BPref,
                                            Bpref,
                                            Compat,
                                            IPrec,
                                            Judged,
                                            Measure,
                                            MeasureNotFoundError,
                                            NumQ,
                                            NumRel,
                                            NumRelRet,
                                            NumRet,
                                            P,
                                            Precision,
                                            R,
                                            Recall,
                                            RPrec,
                                            Rprec,
                                            SetAP,
                                            SetF,
                                            SetP,
                                            SetR,
                                            SetRelP,
                                            StRecall,
                                            Success,
                                            alpha_DCG,
                                            alpha_nDCG,
                                            infAP,
                                            nDCG,
                                            nERR_IA,
                                            nNRBP,
                                            α_DCG,
                                            α_nDCG,
)
from rankbook.ir_measures.measures import CALLS as _CALLS
from rankbook.ir_measures.parsing import parse_measure, parse_trec_measure

_CALLS.update(calc_aggregate=calc_aggregate, iter_calc=iter_calc, calc=calc, evaluator=evaluator)

__version__ = "0.4.3"  # the ir_measures API this module follows

__all__ = [
                                            "AP",
                                            "AP_IA",
                                            "BPM",
                                            "ERR",
                                            "ERR_IA",
                                            "INSQ",
                                            "INST",
                                            "MAP",
                                            "MAP_IA",
                                            "MRR",
                                            "NDCG",
                                            "NERR8",
                                            "NERR9",
                                            "NERR10",
                                            "NERR11",
                                            "NOT_PROVIDED",
                                            "NRBP",
                                            "P_IA",
                                            "RBP",
                                            "RR",
                                            "SDCG",
                                            "Accuracy",
                                            "BPref",
                                            "Bpref",
                                            "CalcResults",
                                            "Compat",
                                            "CwlMetric",
                                            "Evaluator",
                                            "IPrec",
                                            "Judged",
                                            "Measure",
                                            "MeasureNotFoundError",
                                            "Metric",
                                            "NumQ",
                                            "NumRel",
                                            "NumRelRet",
                                            "NumRet",
                                            "P",
                                            "Precision",
                                            "Qrel",
                                            "R",
                                            "RPrec",
                                            "Recall",
                                            "Rprec",
                                            "ScoredDoc",
                                            "SetAP",
                                            "SetF",
                                            "SetP",
                                            "SetR",
                                            "SetRelP",
                                            "StRecall",
                                            "Success",
                                            "alpha_DCG",
                                            "alpha_nDCG",
                                            "calc",
                                            "calc_aggregate",
                                            "evaluator",
                                            "infAP",
                                            "iter_calc",
                                            "nDCG",
                                            "nERR_IA",
                                            "nNRBP",
                                            "parse_measure",
                                            "parse_trec_measure",
                                            "read_trec_qrels",
                                            "read_trec_run",
                                            "α_DCG",
                                            "α_nDCG",
]
