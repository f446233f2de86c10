r"""ir_measures' measure objects: ``nDCG@10``, ``P(rel=2)@5``, ``RBP(p=0.9, rel=1)``, ...

Each object is a name and the parameters given to it, written, compared and hashed as
ir-measures 0.4.3 writes, compares and hashes them: ``str()`` and ``repr()`` give the name,
then the parameters that differ from their defaults in parentheses (``AP(rel=2)``), then
the ``@`` parameter (``nDCG@10``); two objects are equal when they print the same.
``measure(p=0.5)`` gives a copy with that parameter set, ``measure@10`` one with its ``@``
parameter set (a cut-off; the recall level for ``IPrec``). The parameters, their types,
their defaults and which are required are ir-measures 0.4.3's (its
``ir_measures/measures/*.py``); rankbook's registry computes every value (see
:mod:`rankbook.ir_measures.plans`).

Examples
--------
>>> from rankbook.ir_measures.measures import nDCG, P, RBP, MAP
>>> nDCG@10
nDCG@10
>>> P(rel=2)@5
P(rel=2)@5
>>> RBP(p=0.9, rel=1)
RBP(p=0.9,rel=1)
>>> MAP == AP(), str(P@5) == "P@5", (P@5)["rel"]
(True, True, 1)
"""

from __future__ import annotations

from rankbook._errors import InvalidValueError, RankbookError

#: The value of a parameter not given (ir_measures' ``NOT_PROVIDED``).
NOT_PROVIDED = type("NotProvided", (), {"__repr__": lambda self: "NOT_PROVIDED"})()


class MeasureNotFoundError(RankbookError, NameError):
    """A measure name ir_measures does not know (ir_measures raises a NameError)."""


class Param:
    """One parameter of a measure: its type, default, whether it is required, its choices."""

    def __init__(self, dtype, default=NOT_PROVIDED, required=False, choices=None):
        self.dtype, self.default, self.required, self.choices = dtype, default, required, choices

    def problem(self, name: str, value) -> str | None:
        """Why ``value`` is not valid for this parameter, or None."""
        if value is NOT_PROVIDED:
            return f"{name} is required ({name}=...)" if self.required else None
        whole = isinstance(value, int) and not isinstance(value, bool)
        if self.dtype is float and whole:  # T=2 for T=2.0: ir_measures refuses it, rankbook not
            return None
        if not isinstance(value, self.dtype) or (self.dtype is int and not whole):
            return f"{name}={value!r} must be of type {self.dtype.__name__}"
        if self.choices is not None and value not in self.choices:
            return f"{name}={value!r} must be one of {list(self.choices)}"
        return None


class Measure:
    """A measure as ir_measures writes it: a name, parameters, an ``@`` parameter."""

    def __init__(self, name: str, supported: dict[str, Param], *, at_param: str = "cutoff",
                 summed: bool = False, **params):
        self.NAME = self.__name__ = name
        self.SUPPORTED_PARAMS = supported
        self.AT_PARAM = at_param
        self.DEFAULT = 0.0
        self._summed = summed
        self.params = params
        self._text = None

    def __call__(self, **kwargs) -> Measure:
        return Measure(self.NAME, self.SUPPORTED_PARAMS, at_param=self.AT_PARAM,
                       summed=self._summed, **{**self.params, **kwargs})

    def __matmul__(self, at_value) -> Measure:
        return self(**{self.AT_PARAM: at_value})

    def __getitem__(self, key: str):
        return self.params.get(key, self.SUPPORTED_PARAMS[key].default)

    def __repr__(self) -> str:
        if self._text is None:  # parameters are set once, as in ir_measures
            self._text = self._written()
        return self._text

    def _written(self) -> str:
        shown = ",".join(f"{k}={_value_text(v)}" for k, v in self.params.items()
                         if k != self.AT_PARAM and v != self.SUPPORTED_PARAMS[k].default)
        text = f"{self.NAME}({shown})" if shown else self.NAME
        return f"{text}@{self.params[self.AT_PARAM]}" if self.AT_PARAM in self.params else text

    __str__ = __repr__

    def __eq__(self, other) -> bool:
        return isinstance(other, Measure) and repr(self) == repr(other)

    def __hash__(self) -> int:
        return hash(repr(self))

    def validate_params(self) -> None:
        """Raise InvalidValueError if a parameter is unknown, missing or of the wrong type."""
        unknown = sorted(set(self.params) - set(self.SUPPORTED_PARAMS))
        problems = [f"unknown parameter {k!r} (it has {list(self.SUPPORTED_PARAMS)})"
                    for k in unknown]
        problems += [p for k, spec in self.SUPPORTED_PARAMS.items()
                     if (p := spec.problem(k, self.params.get(k, NOT_PROVIDED)))]
        if problems:
            raise InvalidValueError(f"{self}: {'; '.join(problems)}.")

    def summed(self) -> bool:
        """True if the aggregate is the sum over topics (NumQ, NumRel, NumRet), not the mean."""
        return self._summed

    # The shortcuts of ir_measures' Measure: one measure, one call (CALLS, below).
    def calc_aggregate(self, qrels, run):
        return CALLS["calc_aggregate"]([self], qrels, run)[self]

    def iter_calc(self, qrels, run):
        return CALLS["iter_calc"]([self], qrels, run)

    def calc(self, qrels, run):
        result = CALLS["calc"]([self], qrels, run)
        return result._replace(aggregated=result.aggregated[self])

    def evaluator(self, qrels):
        return CALLS["evaluator"]([self], qrels)


#: The evaluation functions the shortcuts call, filled in by the package (which imports
#: :mod:`rankbook.ir_measures.evaluator`; this module cannot, the evaluator reads measures).
CALLS: dict = {}


def _value_text(value) -> str:
    if isinstance(value, dict):  # ir_measures writes a gain map {grade:gain}, sorted
        return "{" + ",".join(f"{k}:{v}" for k, v in sorted(value.items()) if k != v) + "}"
    return repr(value)


_INT, _FLOAT, _BOOL = int, float, bool


def _p(dtype, default=NOT_PROVIDED, required=False, choices=None) -> Param:
    return Param(dtype, default, required, choices)


def _rel() -> Param:
    return _p(_INT, 1)


def _judged() -> Param:
    return _p(_BOOL, False)


def _scaled(**first) -> dict[str, Param]:
    """The parameters of cwl_eval's measures on grades scaled to [0, 1]."""
    return {**first, "min_rel": _p(_INT, 0), "max_rel": _p(_INT, required=True)}


_CUT = {"cutoff": _p(_INT)}
_CUT_REQUIRED = {"cutoff": _p(_INT, required=True)}
_DIVERSITY = {**_CUT, "rel": _rel(), "judged_only": _judged()}

P = Measure("P", {**_CUT_REQUIRED, "rel": _rel(), "judged_only": _judged()})
R = Measure("R", {**_CUT_REQUIRED, "rel": _rel(), "judged_only": _judged()})
AP = Measure("AP", {**_CUT, "rel": _rel(), "judged_only": _judged()})
RR = Measure("RR", {**_CUT, "rel": _rel(), "judged_only": _judged()})
Rprec = Measure("Rprec", {"rel": _rel(), "judged_only": _judged()})
nDCG = Measure("nDCG", {**_CUT, "dcg": _p(str, "log2", choices=("log2", "exp-log2")),
                        "gains": _p(dict), "judged_only": _judged()})
Bpref = Measure("Bpref", {"rel": _rel()})
infAP = Measure("infAP", {"rel": _rel()})
IPrec = Measure("IPrec", {"recall": _p(_FLOAT, required=True), "rel": _rel(),
                          "judged_only": _judged()}, at_param="recall")
Success = Measure("Success", {**_CUT_REQUIRED, "rel": _rel(), "judged_only": _judged()})
NumQ = Measure("NumQ", {}, summed=True)
NumRel = Measure("NumRel", {"rel": _rel()}, summed=True)
NumRet = Measure("NumRet", {"rel": _p(_INT)}, summed=True)
NumRelRet = NumRet(rel=1)
SetP = Measure("SetP", {"rel": _rel(), "relative": _p(_BOOL, False), "judged_only": _judged()})
SetRelP = SetP(relative=True)
SetR = Measure("SetR", {"rel": _rel()})
SetF = Measure("SetF", {"rel": _rel(), "beta": _p(_FLOAT, 1.0), "judged_only": _judged()})
SetAP = Measure("SetAP", {"rel": _rel(), "judged_only": _judged()})
ERR = Measure("ERR", dict(_CUT))
RBP = Measure("RBP", {**_CUT, "p": _p(_FLOAT, 0.8), "rel": _p(_INT)})
SDCG = Measure("SDCG", _scaled(**_CUT_REQUIRED, dcg=_p(str, "log2", choices=("log2",))))
INST = Measure("INST", _scaled(T=_p(_FLOAT, 1.0)))
INSQ = Measure("INSQ", _scaled(T=_p(_FLOAT, 1.0)))
BPM = Measure("BPM", _scaled(**_CUT_REQUIRED, T=_p(_FLOAT, 1.0)))
NERR8 = Measure("NERR8", _scaled(**_CUT_REQUIRED))
NERR9 = Measure("NERR9", _scaled(**_CUT_REQUIRED))
NERR10 = Measure("NERR10", _scaled(p=_p(_FLOAT, 0.9)))
NERR11 = Measure("NERR11", _scaled(T=_p(_FLOAT, 1.0)))
Judged = Measure("Judged", dict(_CUT))
Compat = Measure("Compat", {"p": _p(_FLOAT, 0.95), "normalize": _p(_BOOL, True)})
Accuracy = Measure("Accuracy", {**_CUT, "rel": _rel()})
ERR_IA = Measure("ERR_IA", dict(_DIVERSITY))
nERR_IA = Measure("nERR_IA", dict(_DIVERSITY))
alpha_DCG = Measure("alpha_DCG", {**_DIVERSITY, "alpha": _p(_FLOAT, 0.5)})
alpha_nDCG = Measure("alpha_nDCG", {**_DIVERSITY, "alpha": _p(_FLOAT, 0.5)})
NRBP = Measure("NRBP", {"rel": _rel(), "alpha": _p(_FLOAT, 0.5), "beta": _p(_FLOAT, 0.5)})
nNRBP = Measure("nNRBP", {"rel": _rel(), "alpha": _p(_FLOAT, 0.5), "beta": _p(_FLOAT, 0.5)})
AP_IA = Measure("AP_IA", {"rel": _rel(), "judged_only": _judged()})
P_IA = Measure("P_IA", dict(_DIVERSITY))
StRecall = Measure("StRecall", {**_CUT, "rel": _rel()})

# ir_measures' aliases: the same objects under a second name.
MAP, MRR, NDCG, Precision, Recall, BPref, RPrec = AP, RR, nDCG, P, R, Bpref, Rprec
MAP_IA, α_DCG, α_nDCG = AP_IA, alpha_DCG, alpha_nDCG

#: Every name ``parse_measure`` reads, as ir_measures' ``measures.registry``.
registry: dict[str, Measure] = {
    "P": P, "Precision": P, "R": R, "Recall": R, "AP": AP, "MAP": AP, "RR": RR, "MRR": RR,
    "Rprec": Rprec, "RPrec": Rprec, "nDCG": nDCG, "NDCG": nDCG, "Bpref": Bpref,
    "BPref": Bpref, "infAP": infAP, "IPrec": IPrec, "Success": Success, "NumQ": NumQ,
    "NumRel": NumRel, "NumRet": NumRet, "NumRelRet": NumRelRet, "SetP": SetP,
    "SetRelP": SetRelP, "SetR": SetR, "SetF": SetF, "SetAP": SetAP, "ERR": ERR, "RBP": RBP,
    "SDCG": SDCG, "INST": INST, "INSQ": INSQ, "BPM": BPM, "NERR8": NERR8, "NERR9": NERR9,
    "NERR10": NERR10, "NERR11": NERR11, "Judged": Judged, "Compat": Compat,
    "Accuracy": Accuracy, "ERR_IA": ERR_IA, "nERR_IA": nERR_IA, "alpha_DCG": alpha_DCG,
    "α_DCG": alpha_DCG, "alpha_nDCG": alpha_nDCG, "α_nDCG": alpha_nDCG, "NRBP": NRBP,
    "nNRBP": nNRBP, "AP_IA": AP_IA, "MAP_IA": AP_IA, "P_IA": P_IA, "StRecall": StRecall,
}
