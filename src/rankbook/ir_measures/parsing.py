r"""Measure strings to measure objects: ir_measures' syntax (``parse_measure``) and trec_eval's (``parse_trec_measure``).

``parse_measure("nDCG(dcg='exp-log2')@20")`` reads the string as a Python expression,
``Name(key=value, ...)@at`` with literal values, as ir-measures 0.4.3 does: a syntax error
is a ValueError, an unknown name a NameError (:class:`MeasureNotFoundError`, which is
both a rankbook error and a NameError). ``parse_trec_measure("P.5,10")`` gives the list of
measure objects a trec_eval name stands for (``P_5``, ``ndcg_cut.10``, ``map``; without
parameters the trec_eval defaults: ``P`` is P@5 ... P@1000).

Examples
--------
>>> parse_measure("nDCG(dcg='exp-log2')@20")
nDCG(dcg='exp-log2')@20
>>> parse_trec_measure("P.5,10"), parse_trec_measure("ndcg_cut_10")
([P@5, P@10], [nDCG@10])
"""

from __future__ import annotations

import ast
import re

from rankbook._errors import InvalidValueError
from rankbook.ir_measures import measures as m
from rankbook.ir_measures.measures import Measure, MeasureNotFoundError

_SYNTAX = "problem parsing measure {}: {}; write it as Measure(k1=v1, k2=v2)@c, e.g. P(rel=2)@10"


def parse_measure(measure: str | Measure) -> Measure:
    r"""The measure object a string in ir_measures' syntax names.

    Parameters
    ----------
    measure : str or Measure
        ``"nDCG@10"``, ``"P(rel=2)@5"``, ``"RBP(p=0.9, rel=1)"``, ``"MAP"``; a measure
        object is returned as it is.

    Returns
    -------
    Measure

    Raises
    ------
    InvalidValueError
        If the string is not ``Name(key=value, ...)@value`` with literal values (a ValueError).
    MeasureNotFoundError
        If the name is not one of ir_measures' (a NameError).

    Examples
    --------
    >>> parse_measure("P(rel=2)@5"), parse_measure("MRR")
    (P(rel=2)@5, RR)
    """
    if isinstance(measure, Measure):
        return measure
    try:
        body = ast.parse(str(measure).strip()).body
    except SyntaxError as error:
        raise InvalidValueError(_SYNTAX.format(repr(measure), error.msg)) from None
    if len(body) != 1 or not isinstance(body[0], ast.Expr):
        raise InvalidValueError(_SYNTAX.format(repr(measure), "not one expression"))
    node, params = body[0].value, {}
    at_value = None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
        at_value, node = _literal(node.right, measure), node.left
    if isinstance(node, ast.Call):
        if node.args:
            raise InvalidValueError(_SYNTAX.format(repr(measure), "parameters must be named"))
        params = {k.arg: _literal(k.value, measure) for k in node.keywords}
        node = node.func
    if not isinstance(node, ast.Name):
        raise InvalidValueError(_SYNTAX.format(repr(measure), "unexpected expression"))
    if node.id not in m.registry:
        raise MeasureNotFoundError(
            f"measure not found: {node.id!r}; ir_measures' measures are "
            f"{', '.join(sorted(m.registry, key=str.lower))}.")
    base = m.registry[node.id]
    if at_value is not None:
        params[base.AT_PARAM] = at_value
    return base(**params)


def _literal(node, measure):
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise InvalidValueError(_SYNTAX.format(
            repr(measure), "values must be str, float, int, bool or a dict")) from None


_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
_RECALLS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)

#: trec_eval's names: the measure, the parameter its numbers fill, the numbers by default.
TREC_NAMES: dict[str, tuple[Measure, str | None, tuple]] = {
    "P": (m.P, "cutoff", _CUTOFFS), "map_cut": (m.AP, "cutoff", _CUTOFFS),
    "recall": (m.R, "cutoff", _CUTOFFS), "ndcg_cut": (m.nDCG, "cutoff", _CUTOFFS),
    "success": (m.Success, "cutoff", (1, 5, 10)), "set_F": (m.SetF, "beta", (1.0,)),
    "iprec_at_recall": (m.IPrec, "recall", _RECALLS),
    "ndcg": (m.nDCG, None, ()), "map": (m.AP, None, ()), "set_map": (m.SetAP, None, ()),
    "set_P": (m.SetP, None, ()), "set_relative_P": (m.SetRelP, None, ()),
    "set_recall": (m.SetR, None, ()), "infAP": (m.infAP, None, ()), "bpref": (m.Bpref, None, ()),
    "num_rel_ret": (m.NumRelRet, None, ()), "recip_rank": (m.RR, None, ()),
    "num_ret": (m.NumRet, None, ()), "num_rel": (m.NumRel, None, ()),
    "Rprec": (m.Rprec, None, ()), "num_q": (m.NumQ, None, ()),
}
#: trec_eval's names ir-measures 0.4.3 knows but has no measure object for.
WITHOUT_OBJECT = ("Rndcg", "num_nonrel_judged_ret", "11pt_avg", "relative_P", "gm_map", "binG",
                  "ndcg_rel", "utility", "Rprec_mult", "relstring", "gm_bpref", "G")
_WITH_NUMBERS = re.compile(r"(?P<name>.+?)[._](?P<numbers>[0-9]+(\.[0-9]+)?(,[0-9]+(\.[0-9]+)?)*)")


def parse_trec_measure(measure: str) -> list[Measure]:
    r"""The measure objects a trec_eval measure name stands for.

    Parameters
    ----------
    measure : str
        ``"map"``, ``"P"`` (trec_eval's cut-offs 5 ... 1000), ``"P.5,10"``, ``"P_5"``,
        ``"ndcg_cut.10"``, ``"iprec_at_recall_0.10"``, ``"set_F.0.5"`` ...

    Returns
    -------
    list of Measure

    Raises
    ------
    InvalidValueError
        If the name is not trec_eval's, or is one ir_measures has no object for.

    Examples
    --------
    >>> parse_trec_measure("map"), parse_trec_measure("success")
    ([AP], [Success@1, Success@5, Success@10])
    """
    name, numbers = measure, None
    if measure not in TREC_NAMES and measure not in WITHOUT_OBJECT:
        match = _WITH_NUMBERS.fullmatch(measure)
        known = match is not None and (match["name"] in TREC_NAMES
                                       or match["name"] in WITHOUT_OBJECT)
        if not known:
            raise InvalidValueError(
                f"unknown trec_eval measure {measure!r}; trec_eval's names with a measure object "
                f"are {', '.join(TREC_NAMES)} (numbers after '.' or '_', e.g. P.5,10).")
        name, numbers = match["name"], match["numbers"].split(",")
    if name in WITHOUT_OBJECT:
        raise InvalidValueError(
            f"known trec name {measure!r}, but ir_measures has no measure object for it; "
            "rankbook.evaluate computes it under the same trec_eval name.")
    base, param, defaults = TREC_NAMES[name]
    if numbers is None:
        return [base(**{param: v}) for v in defaults] if param else [base]
    if param is None:
        raise InvalidValueError(f"unknown argument for {measure!r}: {name} takes no numbers.")
    dtype = base.SUPPORTED_PARAMS[param].dtype
    try:
        return [base(**{param: dtype(number)}) for number in numbers]
    except ValueError:
        raise InvalidValueError(
            f"{measure!r}: {name}'s numbers must be of type {dtype.__name__}.") from None
