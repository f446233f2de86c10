"""The inputs of the agreement functions: two assessors' judgments of the same items.

An assessor's judgments are given in one of three forms:

- a mapping item -> grade, e.g. ``{"d1": 1, "d2": 0}`` (one topic's judgments);
- qrels as nested mappings topic -> document -> grade, e.g. ``{"401": {"d1": 1}}``
  (pytrec_eval's form): each (topic, document) pair is one item;
- a sequence of grades, paired with the other assessor's by position (as
  scikit-learn's ``cohen_kappa_score`` pairs them).

Both assessors must judge the same items; with ``common_only=True`` the items judged by
both are kept (and only those), as agreement studies do when the second assessor judged a
sample of the first one's documents.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.collections._pairing import paired_keys


def judgments(values, name: str) -> dict | list:
    """A dict item -> grade (mappings, qrels) or a list of grades (by position)."""
    if isinstance(values, Mapping):
        if values and all(isinstance(v, Mapping) for v in values.values()):
            return {(topic, doc): _grade(grade, f"{name}[{topic!r}][{doc!r}]")
                    for topic, docs in values.items() for doc, grade in docs.items()}
        return {item: _grade(grade, f"{name}[{item!r}]") for item, grade in values.items()}
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise InvalidTypeError(
            f"{name} must be judgments: a mapping document -> grade, qrels as a mapping "
            f"topic -> document -> grade, or a sequence of grades; got "
            f"{type(values).__name__} {values!r:.60}.")
    return [_grade(grade, f"{name}[{i}]") for i, grade in enumerate(values)]


def paired_labels(first, second, *, relevance_level=None, common_only: bool = False,
                  names=("first", "second")) -> tuple[list, list]:
    """The two assessors' labels of the items both judged, paired item by item."""
    a, b = judgments(first, names[0]), judgments(second, names[1])
    common = paired_keys(
        a, b, names, noun="item", values="grades", what="judge different items",
        fix="Agreement is measured on the items both judged: pass common_only=True to keep "
            "those.", common_only=common_only)
    if common is not None:
        a, b = [a[item] for item in common], [b[item] for item in common]
    if not a:
        raise InvalidValueError(f"{names[0]} and {names[1]} have no item in common.")
    return labels(a, relevance_level), labels(b, relevance_level)


def labels(grades: list, relevance_level) -> list:
    """The grades as they are, or 1 (relevant) / 0 with ``relevance_level`` given."""
    if relevance_level is None:
        return list(grades)
    level = _validate.relevance_level(relevance_level)
    return [int(grade >= level) for grade in grades]


def _grade(grade, where: str):
    if isinstance(grade, bool) or not isinstance(grade, numbers.Real):
        raise InvalidTypeError(
            f"{where} is {grade!r}; a relevance grade is a number (0 for not relevant).")
    if not math.isfinite(grade):
        raise InvalidValueError(f"{where} is {grade!r}; a grade must be a finite number.")
    return grade
