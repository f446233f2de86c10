"""Pairing two inputs item by item: by key (mappings) or by position (sequences).

The correlation functions pair two rankings system by system, the agreement functions two
assessors' judgments item by item, `jaccard_overlap` two qrels topic by topic: one rule for
all, and one set of messages when the two do not pair.
"""

from __future__ import annotations

from rankbook._errors import InvalidTypeError, InvalidValueError


def paired_keys(a, b, names, *, noun: str, values: str, what: str, fix: str,
                common_only: bool = False) -> list | None:
    """The keys to pair the dicts ``a`` and ``b`` by; None for two sequences paired by position.

    Keys found in one dict only are an error naming them (with ``fix``), unless
    ``common_only``: then the common keys are returned, in ``a``'s order.
    """
    if isinstance(a, dict) != isinstance(b, dict):
        raise InvalidTypeError(
            f"{names[0]} and {names[1]} cannot be paired: one names its {noun}s (a mapping), "
            f"the other is a plain sequence of {values} paired by position. Give both the same "
            "form.")
    if not isinstance(a, dict):
        if len(a) != len(b):
            raise InvalidValueError(
                f"{names[0]} holds {len(a)} {values} and {names[1]} {len(b)}; {values} paired "
                f"by position need one per {noun} in each.")
        return None
    common = [key for key in a if key in b]
    if not common_only and (len(common) != len(a) or len(common) != len(b)):
        only_a = [key for key in a if key not in b]
        only_b = [key for key in b if key not in a]
        raise InvalidValueError(
            f"{names[0]} and {names[1]} {what}: only in {names[0]}: {only_a[:5]} "
            f"({len(only_a)} in all); only in {names[1]}: {only_b[:5]} ({len(only_b)} in "
            f"all). {fix}")
    return common
