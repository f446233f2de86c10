r"""Which registry measure computes each ir_measures measure, on which grades, in which order.

ir-measures 0.4.3 sends each measure to the first of its providers that supports it
(``pytrec_eval``, ``cwl_eval``, ``compat``, ``pyndeval``, ``judged``, ``msmarco``,
``gdeval``, ``accuracy``, in that order), and the provider's conventions decide the
value. `plan` names, for a measure object, the provider whose conventions the drop-in
follows and the rankbook registry measure that computes it (:mod:`rankbook.metrics.registry`),
with the only preprocessing each provider does before its arithmetic:

| provider | measures | rankbook | grades | ties in the run |
| --- | --- | --- | --- | --- |
| pytrec_eval | P, R, AP, RR, Rprec, nDCG, Bpref, infAP, IPrec, Success, Set*, Num* | trec_eval's rows (``P@k``, ``nDCG@k``, ``R-prec`` ...) | as given (``gains``: mapped first) | document id descending (scores as C floats) |
| cwl_eval | RBP(rel=...), SDCG, INST, INSQ, BPM, NERR8-11 | ``CWL-RBP``, ``SDCG@k``, ``INST`` ... | ``rel``: 1 if grade ≥ rel else 0; ``min_rel``/``max_rel``: clipped to that range and scaled to [0, 1] | file order |
| compat, judged | Compat, Judged | ``Compat``, ``Judged@k`` | as given | document id ascending |
| msmarco | RR@k | ``RR@k`` | as given | document id ascending |
| gdeval | ERR@k, nDCG(dcg='exp-log2')@k | ``gdeval-ERR@k``, ``gdeval-nDCG@k`` | as given | document id descending |
| accuracy | Accuracy | ``Accuracy`` (with ``@k``: the run cut at k) | as given | file order |
| pyndeval | alpha_nDCG, alpha_DCG, ERR_IA, nERR_IA, NRBP, nNRBP, AP_IA, P_IA, StRecall | ndeval's rows (``alpha_nDCG(alpha=0.5)@20``, ``NRBP(alpha=0.5,beta=0.5)`` ...) on the subtopic qrels (the qrels' ``iteration``) | ``rel``: 1 if grade ≥ rel else 0 | document id ascending |

A measure no provider supports (``RBP`` without ``rel``, ``ERR`` without a cut-off,
``NumRel(rel=2)``, a diversity measure without a cut-off or cut at more than 20, ndeval's
deepest) is refused as ir_measures refuses it.

Examples
--------
>>> from rankbook.ir_measures.measures import nDCG, ERR, INST, Judged
>>> plan(nDCG@10).name, plan(ERR@20).name, plan(Judged@10).order
('nDCG@10', 'gdeval-ERR@20', 'id ascending')
>>> plan(INST(T=2.0, max_rel=3)).grades
('scaled', 0, 3)
>>> from rankbook.ir_measures.measures import alpha_nDCG
>>> plan(alpha_nDCG(rel=2)@10)[:4]
('pyndeval', 'alpha_nDCG(alpha=0.5)@10', ('binary', 2), 'id ascending')
"""

from __future__ import annotations

from typing import NamedTuple

from rankbook._errors import InvalidValueError
from rankbook.ir_measures.measures import NOT_PROVIDED, Measure

TREC, ID_ASCENDING, FILE, ID_DESCENDING = "trec_eval", "id ascending", "file", "id descending"
AS_GIVEN = ("as given",)


class Plan(NamedTuple):
    """How one ir_measures measure is computed by rankbook's registry."""

    provider: str  # whose conventions: ir_measures' provider
    name: str  # the registry measure, in rankbook.evaluate's syntax
    grades: tuple = AS_GIVEN  # ("binary", rel), ("scaled", min, max) or ("gains", pairs)
    order: str = TREC  # how score ties are ordered
    judged_only: bool = False
    max_docs: int | None = None
    reported_if: str | None = None  # a topic is reported when this measure is above 0
    subtopics: bool = False  # the qrels' iteration is the subtopic (pyndeval)


def plan(measure: Measure) -> Plan:
    r"""The provider, registry measure, grades and tie order for one measure object.

    Parameters
    ----------
    measure : Measure

    Returns
    -------
    Plan

    Raises
    ------
    InvalidValueError
        If ir_measures would refuse the measure (a parameter missing or of the wrong type,
        no provider for it), or rankbook's registry does not have it yet (Compat(normalize=False)).
    """
    if measure.NAME == "Compat" and measure.params.get("normalize") is False:
        raise InvalidValueError(
            f"{measure} is not yet available in rankbook.ir_measures: the registry's Compat "
            "is the normalised one (rankbook.metrics.compatibility(..., normalize=False) "
            "computes it for one ranking).")
    measure.validate_params()
    planned = _PLANS[measure.NAME](measure)
    if planned is None:
        raise InvalidValueError(
            f"Unsupported measure {measure}: no ir_measures 0.4.3 provider computes it "
            f"with these parameters ({_WHY.get(measure.NAME, 'see the page')}).")
    return planned


def _rel(measure: Measure) -> str:
    return f"rel={measure['rel']}"


def _judged(measure: Measure) -> dict:
    return {"judged_only": measure["judged_only"]}


def _trec(name: str, param: str | None = None, at: str | None = "cutoff"):
    """A pytrec_eval measure: rankbook's trec_eval row with ``rel=`` and ``@`` filled in."""
    def planned(measure: Measure) -> Plan:
        inside = ",".join(p for p in (param and _words(measure, param), _rel(measure)) if p)
        suffix = f"@{measure[at]}" if at and measure[at] is not NOT_PROVIDED else ""
        return Plan("pytrec_eval", f"{name}({inside}){suffix}", **_judged(measure))
    return planned


def _words(measure: Measure, param: str) -> str:
    return f"{param}={measure[param]!r}"


def _scaled(name: str, *params: str, at: bool = False):
    """A cwl_eval measure on grades clipped to [min_rel, max_rel] and scaled to [0, 1]."""
    def planned(measure: Measure) -> Plan:
        if measure["min_rel"] >= measure["max_rel"]:
            raise InvalidValueError(f"{measure}: min_rel must be less than max_rel.")
        inside = ",".join(f"{p}={float(measure[p])!r}" for p in params)
        text = f"{name}({inside})" if inside else name
        if at:
            text += f"@{measure['cutoff']}"
        return Plan("cwl_eval", text, ("scaled", measure["min_rel"], measure["max_rel"]), FILE)
    return planned


def _ndcg(measure: Measure) -> Plan | None:
    cut = measure["cutoff"]
    if measure["dcg"] == "exp-log2":
        if cut is NOT_PROVIDED or measure["gains"] is not NOT_PROVIDED or measure["judged_only"]:
            return None
        return Plan("gdeval", f"gdeval-nDCG@{cut}", order=ID_DESCENDING)
    gains = measure["gains"]
    grades = AS_GIVEN if gains is NOT_PROVIDED else ("gains", tuple(sorted(gains.items())))
    return Plan("pytrec_eval", "nDCG" if cut is NOT_PROVIDED else f"nDCG@{cut}", grades,
                **_judged(measure))


def _rr(measure: Measure) -> Plan | None:
    if measure["cutoff"] is NOT_PROVIDED:
        return _trec("RR")(measure)
    if measure["judged_only"]:
        return None
    return Plan("msmarco", f"RR({_rel(measure)})@{measure['cutoff']}", order=ID_ASCENDING)


def _rbp(measure: Measure) -> Plan | None:
    if measure["rel"] is NOT_PROVIDED or measure["cutoff"] is not NOT_PROVIDED:
        return None
    return Plan("cwl_eval", f"CWL-RBP(p={float(measure['p'])!r})", ("binary", measure["rel"]),
                FILE)


def _numret(measure: Measure) -> Plan:
    if measure["rel"] is NOT_PROVIDED:
        return Plan("pytrec_eval", "NumRet")
    return Plan("pytrec_eval", f"NumRelRet({_rel(measure)})")


def _setp(measure: Measure) -> Plan:
    name = "SetRelP" if measure["relative"] else "SetP"
    return Plan("pytrec_eval", f"{name}({_rel(measure)})", **_judged(measure))


def _judged_at(measure: Measure) -> Plan:
    cut = measure["cutoff"]  # none: the whole run (filled in by the evaluator)
    return Plan("judged", "Judged@{}" if cut is NOT_PROVIDED else f"Judged@{cut}",
                order=ID_ASCENDING)


#: ir_measures' names to ndeval's registry rows (rankbook.metrics.registry_diversity).
_NDEVAL = {"alpha_DCG": "alpha_DCG(alpha={alpha})@{cutoff}",
           "alpha_nDCG": "alpha_nDCG(alpha={alpha})@{cutoff}", "ERR_IA": "ERR_IA@{cutoff}",
           "nERR_IA": "nERR_IA@{cutoff}", "P_IA": "P_IA@{cutoff}", "AP_IA": "AP_IA",
           "NRBP": "NRBP(alpha={alpha},beta={beta})",
           "nNRBP": "nNRBP(alpha={alpha},beta={beta})", "StRecall": "StRecall@{cutoff}"}


def _diversity(measure: Measure) -> Plan | None:
    """A pyndeval measure: ndeval's row on the grades binary at ``rel``, ties by id ascending."""
    values = {p: measure[p] for p in ("cutoff", "alpha", "beta") if p in measure.SUPPORTED_PARAMS}
    if values.get("cutoff", 1) is NOT_PROVIDED or not 0 < values.get("cutoff", 1) <= 20:
        return None
    values = {k: float(v) if k != "cutoff" else v for k, v in values.items()}
    judged_only = "judged_only" in measure.SUPPORTED_PARAMS and bool(measure["judged_only"])
    return Plan("pyndeval", _NDEVAL[measure.NAME].format(**values), ("binary", measure["rel"]),
                ID_ASCENDING, judged_only, subtopics=True)


def _accuracy(measure: Measure) -> Plan:
    cut = None if measure["cutoff"] is NOT_PROVIDED else measure["cutoff"]
    return Plan("accuracy", f"Accuracy({_rel(measure)})", order=FILE, max_docs=cut,
                reported_if=f"NumRelRet({_rel(measure)})")


_PLANS = {
    "P": _trec("P"), "R": _trec("R"), "AP": _trec("AP"), "Success": _trec("success"),
    "Rprec": _trec("R-prec", at=None), "Bpref": lambda x: Plan("pytrec_eval", f"bpref({_rel(x)})"),
    "infAP": lambda x: Plan("pytrec_eval", f"infAP({_rel(x)})"),
    "IPrec": _trec("IPrec", at="recall"), "SetAP": _trec("SetAP", at=None),
    "SetF": _trec("SetF", "beta", at=None), "SetR": lambda x: Plan("pytrec_eval", f"SetR({_rel(x)})"),
    "SetP": _setp, "NumRet": _numret, "NumQ": lambda x: Plan("pytrec_eval", "NumQ"),
    "NumRel": lambda x: Plan("pytrec_eval", "NumRel") if x["rel"] == 1 else None,
    "nDCG": _ndcg, "RR": _rr, "RBP": _rbp,
    "ERR": lambda x: None if x["cutoff"] is NOT_PROVIDED else
    Plan("gdeval", f"gdeval-ERR@{x['cutoff']}", order=ID_DESCENDING),
    "SDCG": _scaled("SDCG", at=True), "INST": _scaled("INST", "T"), "INSQ": _scaled("INSQ", "T"),
    "BPM": _scaled("BPM", "T", at=True), "NERR8": _scaled("NERR8", at=True),
    "NERR9": _scaled("NERR9", at=True), "NERR10": _scaled("NERR10", "p"),
    "NERR11": _scaled("NERR11", "T"), "Judged": _judged_at, "Accuracy": _accuracy,
    "Compat": lambda x: Plan("compat", f"Compat(p={float(x['p'])!r})", order=ID_ASCENDING),
    **dict.fromkeys(_NDEVAL, _diversity),
}

_WHY = {
    "RBP": "RBP needs rel=..., cwl_eval's binary RBP, and no cut-off",
    "ERR": "ERR needs a cut-off, gdeval's ERR@k",
    "NumRel": "pytrec_eval's NumRel supports only rel=1",
    "nDCG": "nDCG(dcg='exp-log2') needs a cut-off and no gains or judged_only (gdeval's)",
    "RR": "RR@k with judged_only: no provider",
    **dict.fromkeys(_NDEVAL, "pyndeval's measures need a cut-off from 1 to 20, ndeval's"),
}
