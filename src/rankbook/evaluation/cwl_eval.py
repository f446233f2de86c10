r"""cwl_eval's evaluation, as ``cwl-eval`` 1.0.12 runs it: ``rankbook cwl-eval``.

cwl_eval (Azzopardi, Thomas and Moffat, SIGIR 2019) differs from trec_eval in how it reads
and walks the files, and this module follows it, so that ``rankbook cwl-eval`` prints what
``cwl-eval`` prints:

| | cwl_eval | trec_eval (``rankbook eval``) |
| --- | --- | --- |
| order of a topic's documents | the run file's, as written (rank and score ignored) | score descending, then document id descending |
| topics reported | each block of consecutive lines of the run, in file order (a topic that comes back is reported again) | the topics of run and qrels, in string order |
| qrels' fourth column | a gain, a number in ``[min_gain, max_gain]`` (0.25 is 0.25) | a grade, read as a whole number |
| the list scored | padded (or cut) to ``max_depth`` ranks | as retrieved |
| an unjudged document | gain ``min_gain`` (worst case) or ``max_gain`` (best case, for the residuals) | grade 0 |
| a cost | from the cost file by the run's second column (element type); none: ``max_cost`` (worst) or ``min_cost`` (best) | -- |

Each measure is computed by its registry row (:mod:`rankbook.metrics.registry_cwl` and the
other C/W/L rows), through `CWL_CLASSES`, the table from cwl_eval's metric classes
(``RBPCWLMetric(0.8)`` in a metrics file) to the rows and to cwl_eval's printed names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.io.costs import read_costs
from rankbook.io.cwl_files import read_gains, run_blocks
from rankbook.metrics.registry import by_name
from rankbook.metrics.spec import TopicData


@dataclass(frozen=True)
class CWLClass:
    """One of cwl_eval's metric classes: the row that computes it and how cwl_eval names it.

    ``arguments`` are the class's constructor arguments in order, each ``(cwl_eval's name,
    the row's parameter symbol, default)``, the symbol None for an argument cwl_eval prints
    but does not use; ``printed`` formats cwl_eval's metric name from them (``"RBP@{theta}"``),
    trailing spaces included where cwl_eval prints them; ``fixed`` sets row parameters to
    what cwl_eval computes with, whatever the class is given.
    """

    row: str
    arguments: tuple
    printed: str
    fixed: tuple = ()


#: cwl_eval 1.0.12's metric classes that rankbook computes (cwl/ruler/measures/).
CWL_CLASSES: dict[str, CWLClass] = {
    "PrecisionCWLMetric": CWLClass("CWL-P@k", (("k", "k", 10),), "P@{k}"),
    "RBPCWLMetric": CWLClass("CWL-RBP", (("theta", "p", 0.9),), "RBP@{theta}"),
    "NDCGCWLMetric": CWLClass("SDCG@k", (("k", "k", None),), "NDCG-k@{k}"),
    "RRCWLMetric": CWLClass("CWL-RR", (), "RR"),
    "APCWLMetric": CWLClass("CWL-AP", (), "AP"),
    "INSTCWLMetric": CWLClass("INST", (("T", "T", 1.0),), "INST-T={T}"),
    "INSQCWLMetric": CWLClass("INSQ", (("T", "T", 1.0),), "INSQ-T={T}"),
    "BPMCWLMetric": CWLClass("BPM@k", (("T", "T", 1.0), ("K", "k", 10)),
                             "BPM-Static-T={T}-K={K}"),
    # cwl_eval 1.0.12's dynamic BPM never moves K (its loop updates T where Zhang et al.
    # update K): whatever its hc, it computes rankbook's hc = 0 (metrics.cwl_models).
    "BPMDCWLMetric": CWLClass("BPM-Dynamic@k", (("T", "T", 1), ("K", "k", 10),
                                                ("hb", "hb", 1.0), ("hc", None, 1.0),
                                                ("gain_med", "gain_med", 0.5)),
                              "BPM-Dynamic-T={T}-K={K}-hb={hb}-hc={hc}", (("hc", 0.0),)),
    "UMeasureCWLMetric": CWLClass("U", (("L", "L", 1000),), "U-L@{L} "),
    "TBGCWLMetric": CWLClass("TBG", (("halflife", "H", 224),), "TBG-H@{halflife} "),
    "IFTGoalCWLMetric": CWLClass("IFT-C1", (("T", "T", None), ("b1", "b1", None),
                                            ("R1", "R1", None)),
                                 "IFT-C1-T={T}-b1={b1}-R1={R1}"),
    "IFTRateCWLMetric": CWLClass("IFT-C2", (("A", "A", None), ("b2", "b2", None),
                                            ("R2", "R2", None)),
                                 "IFT-C2-A={A}-b2={b2}-R2={R2}"),
    "IFTGoalRateCWLMetric": CWLClass(
        "IFT-C1-C2", (("T", "T", None), ("b1", "b1", None), ("R1", "R1", None),
                      ("A", "A", None), ("b2", "b2", None), ("R2", "R2", None)),
        "IFT-C1-C2-T={T}-b1={b1}-R1={R1}-A={A}-b2={b2}-R2={R2}"),
    "NERReq8CWLMetric": CWLClass("NERR8@k", (("k", "k", None),), "NERR-EQ8@k={k}"),
    "NERReq9CWLMetric": CWLClass("NERR9@k", (("k", "k", None),), "NERR-EQ9@k={k}"),
    "NERReq10CWLMetric": CWLClass("NERR10", (("phi", "p", 0.9),), "NERR-EQ10@phi={phi}"),
    "NERReq11CWLMetric": CWLClass("NERR11", (("T", "T", 1.0),), "NERR-EQ11@T={T}"),
}

#: cwl_eval's default metrics (its ``CWLRuler`` without ``-m``), as metrics-file lines.
DEFAULT_METRICS = ("PrecisionCWLMetric(1)", "PrecisionCWLMetric(2)", "PrecisionCWLMetric(3)",
                   "PrecisionCWLMetric(4)", "PrecisionCWLMetric(5)", "PrecisionCWLMetric(10)",
                   "RBPCWLMetric(0.2)", "RBPCWLMetric(0.4)", "RBPCWLMetric(0.8)",
                   "NDCGCWLMetric(5)", "NDCGCWLMetric(10)", "RRCWLMetric()", "APCWLMetric()",
                   "INSTCWLMetric(1.0)", "INSTCWLMetric(2.0)", "INSTCWLMetric(3.0)")


@dataclass(frozen=True)
class CWLMeasure:
    """One line of a metrics file, resolved: the row, its parameter values, the printed name."""

    row: object
    given: dict
    name: str


@dataclass(frozen=True)
class Bounds:
    """cwl_eval's ``--min_gain --max_gain --min_cost --max_cost --max_depth``."""

    min_gain: float = 0.0
    max_gain: float = 1.0
    min_cost: float = 1.0
    max_cost: float = 1.0
    depth: int = 1000


def parse_metric_line(text: str, where: str = "the metrics") -> CWLMeasure:
    """``RBPCWLMetric(0.8)`` as a measure, or an error naming what rankbook computes."""
    head, paren, rest = text.strip().partition("(")
    if not paren or not rest.endswith(")"):
        raise InvalidValueError(
            f"{where}: {text.strip()!r} is not ClassName(arguments), e.g. RBPCWLMetric(0.8).")
    known = CWL_CLASSES.get(head.strip())
    if known is None:
        raise InvalidValueError(
            f"{where}: cwl_eval's {head.strip()!r} is not computed by rankbook cwl-eval yet; "
            f"it computes {', '.join(CWL_CLASSES)}.")
    values = [_cast(part.strip(), f"{where}: {text.strip()!r}") for part in rest[:-1].split(",")
              if part.strip()]
    if len(values) > len(known.arguments):
        raise InvalidValueError(f"{where}: {text.strip()!r} has {len(values)} arguments; "
                                f"{head.strip()} takes at most {len(known.arguments)}.")
    named, given = {}, {}
    for i, (cwl_name, symbol, default) in enumerate(known.arguments):
        if i >= len(values) and default is None:
            raise InvalidValueError(f"{where}: {text.strip()!r} needs its {cwl_name}.")
        value = values[i] if i < len(values) else default
        named[cwl_name] = value
        if symbol is not None:
            given[symbol] = value
    given.update(known.fixed)
    return CWLMeasure(by_name()[known.row], given, known.printed.format(**named))


def _cast(text: str, place: str):
    """cwl_eval's reading of an argument: a float if it has a dot, else an int."""
    try:
        return float(text) if "." in text else int(text)
    except ValueError:
        raise InvalidValueError(f"{place}: {text!r} is not a number.") from None


def topic_cases(gains: dict, docs: list, types: list, costs: dict | None,
                bounds: Bounds) -> tuple[TopicData, TopicData]:
    """The worst and best cases of one topic's list, padded or cut to the depth, as TopicData.

    Worst: an unjudged document has gain ``min_gain`` and an unknown cost ``max_cost``;
    best: ``max_gain`` and ``min_cost``; the padding likewise.
    """
    # NaN: unjudged, or no cost known (a gain or a cost read from a file is a finite number)
    judged = np.array([gains.get(doc, np.nan) for doc in docs[:bounds.depth]], dtype=np.float64)
    if costs is None:  # no cost file: every cost unknown
        known = np.full(judged.size, np.nan)
    else:
        known = np.array([costs.get(kind, np.nan) for kind in types[:bounds.depth]],
                         dtype=np.float64)
    pad = bounds.depth - judged.size
    ideal = np.array(list(gains.values()), dtype=np.float64)
    cases = []
    for gain_fill, cost_fill in ((bounds.min_gain, bounds.max_cost),
                                 (bounds.max_gain, bounds.min_cost)):
        grades = np.concatenate([np.where(np.isnan(judged), gain_fill, judged),
                                 np.full(pad, gain_fill)])
        cost = np.concatenate([np.where(np.isnan(known), cost_fill, known),
                               np.full(pad, cost_fill)])
        cases.append(TopicData(grades, np.ones(grades.size, bool), ideal,
                               int(np.count_nonzero(ideal > 0)), 0, costs=cost))
    return cases[0], cases[1]


def measure_line(measure: CWLMeasure, topic: str, worst: TopicData, best: TopicData | None,
                 depth: int) -> str:
    """cwl_eval's output line: topic, name, EU ETU EC ETC ED (and the residuals), %.4f."""
    given = {**measure.given, "depth": depth}
    values = list(measure.row.value(worst, given))
    if best is not None:
        values += [b - w for b, w in zip(measure.row.value(best, given), values)]
    return "\t".join([topic, measure.name, *(f"{v:.4f}" for v in values)])


def costs_of(path) -> dict | None:
    """The cost file's table, or None without one (every cost unknown)."""
    return None if path is None else read_costs(path)


def finite(value: float, name: str) -> float:
    """A finite number given on the command line."""
    if not math.isfinite(value):
        raise InvalidValueError(f"{name} must be a finite number, got {value!r}.")
    return value
