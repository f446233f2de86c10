r"""ir_measures' measure strings read by :func:`rankbook.evaluate`: ``nDCG(dcg='exp-log2')@20``.

`rankbook.evaluation.measures` reads rankbook's names and trec_eval's first; most of
ir_measures' strings are rankbook names already (``nDCG@10``, ``P(rel=2)@5``, ``AP``,
``MAP``, ``RR@10``, ``Judged@10``, ``alpha_nDCG@20``, ``IPrec@0.5``). A string only
ir_measures writes comes here: it is read with ir_measures' grammar
(:func:`rankbook.ir_measures.parse_measure`, its measure names in any case when that
names one measure: ``ndcg(dcg='exp-log2')@20``) and sent where ir_measures 0.4.3 would
send it (:func:`rankbook.ir_measures.plans.plan`): the registry row that computes it
under the convention of ir_measures' provider, ``gdeval-nDCG@20`` for
``nDCG(dcg='exp-log2')@20``, ``SetRelP`` for ``SetP(relative=True)``, ``NumRelRet`` for
``NumRet(rel=1)``. The column keeps the name the user wrote.

**Where the two tools read one string differently, rankbook's meaning wins** in
``rankbook.evaluate`` (its pages document it); ``rankbook.ir_measures`` gives ir_measures'.
The strings concerned are listed on the page "Coming from ir_measures and PyTerrier"
(``ERR@k``: rankbook's ERR over the topic's grades, ir_measures' gdeval's ERR; the
order of tied scores for ``RR@k``, ``Judged@k``, ``Compat`` and the diversity measures).

A string whose ir_measures meaning needs the evaluation's grades changed column by
column (cwl_eval's ``rel=`` and ``max_rel=``, ``gains=``, ``judged_only=True``, a cut-off
on ``Accuracy``) is refused with what to write instead: the evaluation's own options
(``judged_only=True``) or ``rankbook.ir_measures``, which computes each as ir_measures does.

Examples
--------
>>> translated("nDCG(dcg='exp-log2')@20"), translated("SETP(relative=True)")
('gdeval-nDCG@20', 'SetRelP(rel=1)')
>>> translated("no_such_measure") is None
True
>>> translated("AP(judged_only=True)")
Traceback (most recent call last):
...
rankbook._errors.InvalidValueError: AP(judged_only=True) is ir_measures' measure on each topic's judged documents only; rankbook.evaluate takes that for the whole evaluation: evaluate(..., judged_only=True), rankbook eval -J; or compute it as ir_measures does with rankbook.ir_measures.calc_aggregate.
"""

from __future__ import annotations

import re

from rankbook._errors import InvalidValueError, RankbookError

#: A name, then nothing, parameters in parentheses or an ``@`` (``AP correlation`` is no measure).
_NAME = re.compile(r"\s*(?P<name>[A-Za-z_][A-Za-z_0-9]*)(?P<rest>\s*(?:[(@].*)?)", re.DOTALL)
_INSTEAD = "compute it as ir_measures does with rankbook.ir_measures.calc_aggregate"


def translated(text: str) -> str | None:
    """The registry spelling of an ir_measures measure string, or None if it is not one.

    A string ir_measures itself refuses (a parameter of the wrong type, no provider) is not
    one: rankbook's reading of it says what is wrong.

    Raises
    ------
    InvalidValueError
        If the string's meaning in ir_measures needs grades changed for this column alone.
    """
    from rankbook.ir_measures import plans  # the adapter's table; it imports this floor
    from rankbook.ir_measures.parsing import parse_measure

    measure = _parsed(text, parse_measure)
    if measure is None:
        return None
    try:
        plan = plans.plan(measure)
    except (RankbookError, KeyError):  # ir_measures refuses it too: rankbook's reading says why
        return None
    if plan.judged_only:
        raise InvalidValueError(
            f"{measure} is ir_measures' measure on each topic's judged documents only; "
            "rankbook.evaluate takes that for the whole evaluation: evaluate(..., "
            f"judged_only=True), rankbook eval -J; or {_INSTEAD}.")
    if plan.max_docs is not None:
        raise InvalidValueError(
            f"{measure} reads each run cut at {plan.max_docs} documents; rankbook.evaluate "
            f"cuts every run alike: evaluate(..., max_docs={plan.max_docs}) with Accuracy, "
            f"rankbook eval -M {plan.max_docs}; or {_INSTEAD}.")
    if "{}" in plan.name:  # Judged: the evaluator of rankbook.ir_measures fills in the run's length
        raise InvalidValueError(
            f"{measure} is the share of the whole run that is judged; rankbook.evaluate's "
            "Judged@k takes a cut-off: Judged@1000 is the whole of a run of 1000 documents.")
    if plan.grades != plans.AS_GIVEN and not _ndeval_binary(plan):
        raise InvalidValueError(
            f"{measure} is {plan.provider}'s measure on grades {_grades(plan.grades)}; "
            f"rankbook.evaluate reads every column on the qrels' own grades, where it is "
            f"{plan.name}; {_INSTEAD}.")
    return plan.name


def _parsed(text: str, parse_measure):
    """ir_measures' measure object for ``text``, or None if ir_measures does not read it.

    The name is matched in any case when only one measure has it (``ndcg`` is ``nDCG``).
    """
    match = _NAME.fullmatch(text)
    if match is None:
        return None
    from rankbook.ir_measures.measures import registry
    name = match["name"]
    if name not in registry:
        names = {registry[n].NAME: n for n in registry if n.lower() == name.lower()}
        if len(names) != 1:
            return None
        name = names.popitem()[1]
    try:
        return parse_measure(name + match["rest"])
    except RankbookError:
        return None


def _ndeval_binary(plan) -> bool:
    """ndeval's measures read a grade of 1 or more as relevant: ir_measures' rel=1 is theirs."""
    return plan.subtopics and plan.grades == ("binary", 1)


def _grades(grades: tuple) -> str:
    kind, *values = grades
    if kind == "binary":
        return f"made binary at rel={values[0]} (1 from grade {values[0]} up, else 0)"
    if kind == "scaled":
        return f"clipped to [{values[0]}, {values[1]}] and scaled to [0, 1] (min_rel, max_rel)"
    return f"mapped through gains={dict(values[0])}"
