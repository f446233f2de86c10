r"""What a metric's hand calculation asks for besides the grades: one vocabulary for every metric.

A metric's explanation takes exactly the keyword arguments of its function (the registry's
``function``): `rank_biased_precision` takes ``persistence`` and ``max_grade``, so
``rankbook explain --metric RBP`` takes ``--persistence`` and ``--max-grade``, and the RBP
page's "Verify your hand calculation" box has those two fields. This module names each such
argument once: its command-line flag, the box's label, a line of help, and how a typed value
is read. ``tests/explain/test_catalog.py`` checks that every argument of every registry
function is here.

| kind | typed as | read as |
| --- | --- | --- |
| ``int`` | ``4`` | int |
| ``float`` | ``0.8`` | float |
| ``grades`` | ``3 2 1 0`` (``-`` unjudged) | list of float or None |
| ``floats`` | ``1 -1 0 0`` | tuple of float |
| ``choice`` | one of ``choices`` | str |
| ``gain_map`` | ``1=3 2=9`` (grade=gain) | dict |
| ``bool`` | ``yes`` or ``no`` | bool |
| ``subtopics`` | ``a,b - c:2 a`` (one token per document) | list of str (`rankbook.explain.subtopic_case` reads them) |

A diversity measure's function also takes ``ideal``, but as the rule of its ideal list
(``"greedy"``, ...) rather than nDCG's ideal grades: its explainer asks for it through
`SUBTOPIC_OPTIONS` (flag ``--ideal-list``), which replaces ``OPTIONS``'s entry of the same
name for the explainers whose input is subtopics.
"""

from __future__ import annotations

from dataclasses import dataclass

from rankbook._errors import InvalidValueError
from rankbook.metrics.average_precision import AP_DENOMINATORS
from rankbook.metrics.dcg import DISCOUNTS, GAINS
from rankbook.metrics.diversity import IDEALS
from rankbook.metrics.interpolation import CUTOFF_RULES
from rankbook.metrics.lag import UNRETRIEVED
from rankbook.metrics.search_length import COUNTS
from rankbook.metrics.set_measures import BETA_CONVENTIONS, PRECISION_DENOMINATORS
from rankbook.metrics.user_models import RESIDUAL_CONVENTIONS


@dataclass(frozen=True)
class Option:
    """One keyword argument of a metric function, as the command line and the box ask for it.

    Attributes
    ----------
    name : str
        The keyword argument, e.g. ``"n_relevant"``.
    flag : str
        The command-line flag of ``rankbook explain``, e.g. ``"--relevant"``.
    label : str
        The short label of the box's field, e.g. ``"R"``.
    help : str
        What it is, in one line.
    kind : str
        How a typed value is read (see the module's table).
    choices : tuple of str
        The allowed values of a ``choice``.
    metavar : str
        The value's name in ``--help`` (default: the name in capitals).
    dest : str
        Where the command line keeps the value (default: the name), for an option whose name
        another option already has (the diversity measures' ``ideal``).
    """

    name: str
    flag: str
    label: str
    help: str
    kind: str
    choices: tuple[str, ...] = ()
    metavar: str = ""
    dest: str = ""

    def read(self, text: str):
        """A value typed on the command line or in the box, as the function takes it."""
        words = str(text).replace(",", " ").split()
        try:
            if self.kind == "int":
                return int(text)
            if self.kind == "float":
                return float(text)
            if self.kind == "grades":
                return [None if w in ("-", "None", "none") else float(w) for w in words]
            if self.kind == "subtopics":
                return str(text).split()
            if self.kind == "floats":
                return tuple(float(w) for w in words)
            if self.kind == "gain_map":
                return {float(g): float(v) for g, v in (w.split("=") for w in words)}
            if self.kind == "bool" and str(text).lower() in _YES_NO:
                return _YES_NO[str(text).lower()]
        except ValueError:
            pass
        else:
            if self.kind == "choice" and text in self.choices:
                return text
        example = {"int": "4", "float": "0.8", "grades": "3 2 1 0 (- for unjudged)",
                   "floats": "1 -1 0 0", "gain_map": "1=3 2=9",
                   "choice": " or ".join(self.choices), "bool": "yes or no",
                   "subtopics": "a,b - c a"}[self.kind]
        raise InvalidValueError(f"{self.flag} {text!r}: {self.help}; type e.g. {example}.")


#: How a ``bool`` option is typed.
_YES_NO = {"yes": True, "true": True, "no": False, "false": False}


def _choice(name, flag, label, help, choices) -> Option:
    return Option(name, flag, label, help, "choice", tuple(choices))


#: Every keyword argument of a registry function that a hand calculation can set, by name.
OPTIONS: dict[str, Option] = {option.name: option for option in (
    Option("n_relevant", "--relevant", "R",
           "R, the relevant documents of the query, retrieved or not", "int"),
    Option("n_nonrelevant", "--nonrelevant", "N",
           "N, the judged non-relevant documents of the query, retrieved or not", "int"),
    Option("ideal", "--ideal", "Ideal grades",
           "every judged grade of the query, retrieved or not (for the ideal ranking)", "grades"),
    Option("relevance_level", "-l", "Threshold",
           "the lowest grade that counts as relevant (trec_eval's -l)", "float"),
    _choice("gain", "--gain", "Gain", "the gain of a grade: rel (linear) or 2^rel - 1", GAINS),
    _choice("discount", "--discount", "Discount",
            "the discount of rank i: log2(i+1), or max(1, log2 i) (Järvelin)", DISCOUNTS),
    Option("gain_map", "--gain-map", "Gain map", "the gain of each grade, grade=gain (trec_eval's "
           "ndcg.1=3,2=9)",
           "gain_map"),
    _choice("denominator", "--ap-denominator", "Denominator",
            "what AP divides by: R, the relevant retrieved, or min(k, R)", AP_DENOMINATORS),
    Option("persistence", "--persistence", "p",
           "the probability that the user goes on to the next rank", "float"),
    Option("max_grade", "--max-grade", "Highest grade",
           "the highest grade of the scale: RBP's gain is grade / it, ERR's stop probability "
           "(2^grade - 1) / 2^it", "float"),
    Option("multiple", "--multiple", "m", "the multiple of R to cut at (R-prec@m)", "float"),
    Option("weights", "--weights", "Weights",
           "utility's four weights: relevant retrieved, non-relevant retrieved, relevant "
           "missed, non-relevant missed", "floats"),
    Option("n_documents", "--documents", "Documents",
           "the documents of the collection (for utility's missed non-relevant)", "int"),
    Option("beta", "--beta", "β", "F's β: how many times recall matters as much as precision; "
           "NTCIREVAL's β (--beta): how much the grades count in the blended ratio; NRBP's β "
           "(ndeval's -beta): the user's patience", "float"),
    _choice("beta_convention", "--beta-convention", "β convention",
            "van Rijsbergen's beta, or trec_eval's", BETA_CONVENTIONS),
    _choice("precision_denominator", "--precision-denominator", "Precision over",
            "what set precision divides by: k, or the documents retrieved", PRECISION_DENOMINATORS),
    Option("recall_levels", "--recall", "Recall level",
           "the recall level(s) to interpolate precision at", "floats"),
    _choice("cutoff_rule", "--cutoff-rule", "Cut-off rule",
            "how a recall level is read: as trec_eval 9, trec_eval 10, or exactly",
            CUTOFF_RULES),
    Option("wanted", "--wanted", "Wanted", "how many relevant documents the user wants", "int"),
    _choice("count", "--count", "Count", "what search length counts: ranks read, or the "
            "non-relevant among them", COUNTS),
    Option("scores", "--scores", "Scores",
           "the system's score of each document, rank 1 first: equal scores are ties (Cooper's "
           "expected search length)", "floats"),
    _choice("unretrieved", "--unretrieved", "Unretrieved",
            "how LAG treats relevant documents the list missed", UNRETRIEVED),
    _choice("convention", "--residual-convention", "Residual convention",
            "whose RBP residual: trec_eval 10's, or Moffat and Zobel's",
            RESIDUAL_CONVENTIONS),
    # the tools' own rows (gdeval, ir_measures' Compat): explain/families/tools.py
    Option("normalize", "--normalize", "Normalise", "Compat: divide RBO(run, ideal) by "
           "RBO(ideal, ideal), so that the ideal run scores 1 (ir_measures' default)", "bool",
           ("yes", "no")),
    # NTCIREVAL's measures (rankbook.explain.families.ntcir, ntcir_discounted)
    Option("gains", "--gains", "Gains", "NTCIREVAL's gain of each level L1, L2, ... in "
           "ascending order (its -g 1:2:3) [default: the level itself]", "floats"),
    Option("stops", "--stops", "Stop values", "NCU's stop value of each level L1, L2, ... "
           "(NTCIREVAL's -s) [default: the gains]", "floats"),
    Option("gamma", "--gamma", "γ", "NCU's rank-biased stop: each further relevant document "
           "stops γ times as many users (NTCIREVAL's --gamma) [default: 0.95]", "float"),
    Option("log_base", "--log-base", "Log base", "the base b of NTCIREVAL's nDCG discount "
           "log_b(r), 1 before rank b (its --logb) [default: 2]", "float"),
    # the C/W/L measures (rankbook.explain.families.cwl); every default is the registry row's
    Option("k", "--k", "k", "C/W/L: the rank the user reads to, at the latest (CWL-P@k, "
           "SDCG@k, NERR8@k, NERR9@k) [default: 10]", "int", metavar="RANK"),
    Option("T", "--T", "T", "C/W/L: the gain the user wants (INST, INSQ, NERR11: T > 0; BPM: "
           "the gain at which the player stops; IFT: the goal) [default: 1; IFT: 2]", "float",
           metavar="GAIN"),
    Option("K", "--K", "K", "BPM: the cost the player will spend; with cost 1 per document, the "
           "most documents read [default: 10]", "float", metavar="COST"),
    Option("hb", "--hb", "hb", "dynamic BPM: how much a gain above (below) the median raises "
           "(lowers) T [default: 1]", "float"),
    Option("hc", "--hc", "hc", "dynamic BPM: the same for K (0: cwl_eval 1.0.12, which never "
           "moves K) [default: 0]", "float"),
    Option("gain_median", "--gain-median", "g_med", "dynamic BPM: the gain that leaves T and K "
           "unchanged [default: 0.5]", "float"),
    Option("max_rel", "--max-rel", "max_rel", "C/W/L: the grade that is gain 1; grades are "
           "clipped to [0, max_rel] and divided by it (ir_measures' max_rel) [default: 1]",
           "float"),
    Option("L", "--L", "L", "U-measure: the text (in the unit of the costs) after which the "
           "reader has stopped for certain [default: 1000]", "float"),
    Option("halflife", "--halflife", "H", "TBG: the cost (time) after which half the users "
           "have stopped [default: 224]", "float"),
    Option("b1", "--b1", "b1", "IFT's goal model: the intercept [default: 0.9]", "float"),
    Option("R1", "--R1", "R1", "IFT's goal model: the rationality (0: a constant C) "
           "[default: 10]", "float"),
    Option("A", "--A", "A", "IFT's rate model: the rate of gain per cost the user expects "
           "[default: 0.2]", "float"),
    Option("b2", "--b2", "b2", "IFT's rate model: the intercept [default: 0.9]", "float"),
    Option("R2", "--R2", "R2", "IFT's rate model: the rationality [default: 10]", "float"),
    Option("phi", "--phi", "φ", "NERR10: the probability of going on after a document that "
           "does not satisfy [default: 0.9]", "float"),
    # ndeval's diversity measures (rankbook.explain.families.diversity; ideal: SUBTOPIC_OPTIONS)
    Option("judged", "--judged", "Judged documents", "diversity: every judged document of the "
           "topic, one token each naming its relevant subtopics (a,b  c  -), the ranked ones "
           "included: the subtopics m and the ideal list [default: the ranked documents]",
           "subtopics", metavar="TOKEN"),
    Option("alpha", "--alpha", "α", "diversity: the redundancy penalty, each repeat of a "
           "subtopic is worth (1 - α) of the one before (ndeval's -alpha) [default: 0.5]",
           "float"),
    Option("normalise_rank_one", "--normalise-rank-one", "Normalise rank 1", "alpha-DCG and "
           "ERR-IA: divide at k = 1 too (ndeval prints the raw gain there) [default: no]",
           "bool", ("yes", "no")),
    Option("costs", "--costs", "Costs", "C/W/L: the cost of each document, rank 1 first "
           "(cwl_eval's cost file); a rank without one costs 1 [default: 1 each]", "floats"),
)}


#: The options of the explainers whose input is subtopics that differ from ``OPTIONS``'s entry
#: of the same keyword (see the module's docstring).
SUBTOPIC_OPTIONS: dict[str, Option] = {option.name: option for option in (
    Option("ideal", "--ideal-list", "Ideal list", "diversity: what the value is divided by: "
           "ndeval's 'ideal ideal' (every document relevant to every subtopic), its greedy "
           "ideal list of the judged documents, or the exact best list [default: the measure's, "
           "ndeval's]", "choice", IDEALS, dest="ideal_list"),
)}
