r"""trec_eval's measure *settings*, read from the text after the measure's dot.

Some trec_eval measures take one setting rather than a list of cut-offs, and
print it in the column's name (``ndcg.1=3,2=9`` prints ``ndcg_1=3,2=9``). The
registry's `Param` of such a measure names one of these readers; each returns a
hashable value (the evaluator keys its columns by it) and refuses what trec_eval
could not mean with a message that shows the right form.

| reader | trec_eval form | value |
| --- | --- | --- |
| `gain_map_setting` | ``ndcg.1=3,2=9`` (also ``G``, ``ndcg_rel``, ``Rndcg``) | ``((1.0, 3.0), (2.0, 9.0))``: (grade, gain) pairs |
| `persistence_setting` | ``rbp.p=0.8`` (trec_eval 10) | ``0.8`` |
"""

from __future__ import annotations

import math

from rankbook._errors import InvalidValueError


def _finite(text: str):
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def gain_map_setting(text: str) -> tuple[tuple[float, float], ...]:
    """``"1=3,2=9"`` -> ``((1.0, 3.0), (2.0, 9.0))``: each listed grade and its gain.

    Examples
    --------
    >>> gain_map_setting("1=3,2=9,4=4.5")
    ((1.0, 3.0), (2.0, 9.0), (4.0, 4.5))
    """
    pairs = []
    for part in text.split(","):
        grade, equals, gain = part.partition("=")
        grade_value, gain_value = _finite(grade), _finite(gain)
        if not equals or grade_value is None or gain_value is None:
            raise InvalidValueError(
                f"the gain map {text!r} has the item {part!r}; write grade=gain pairs separated "
                "by commas, as trec_eval does: ndcg.1=3,2=9 (grade 1 gains 3, grade 2 gains 9).")
        if grade_value < 0:
            raise InvalidValueError(
                f"the gain map {text!r} maps the negative grade {grade}; trec_eval reads a "
                "negative grade as 'in the pool but unjudged' (gain 0). Map grades >= 0 only.")
        pairs.append((grade_value, gain_value))
    grades = [grade for grade, _ in pairs]
    if len(set(grades)) < len(grades):
        raise InvalidValueError(
            f"the gain map {text!r} gives a grade twice; give each grade one gain.")
    return tuple(sorted(pairs))


def persistence_setting(text: str) -> float:
    """``"p=0.8"`` -> ``0.8``: RBP's persistence, as trec_eval 10 writes it.

    Examples
    --------
    >>> persistence_setting("p=0.5")
    0.5
    """
    name, equals, value = text.partition("=")
    p = _finite(value)
    if name.strip() != "p" or not equals or p is None or not 0 < p < 1:
        raise InvalidValueError(
            f"the RBP setting {text!r} is not p=<persistence> with 0 < p < 1; write it as "
            "trec_eval 10 does: rbp.p=0.8.")
    return p
