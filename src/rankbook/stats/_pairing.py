"""The one pairing rule of the significance tests: per-topic scores matched by topic id.

Every test reads its systems through `align`. A system's scores come either

- **by position**: a list, tuple or numpy array, one score per topic in an
  order the caller vouches for; or
- **by topic**: a pandas Series indexed by topic (a column of the table
  `rankbook.evaluate` returns), a one-column DataFrame, or a mapping
  topic -> score.

Scores by topic are paired by topic id, whatever their order, and the
summary row ``all`` that `rankbook.evaluate` appends is never a topic. When
the systems' topic sets differ the tests refuse, naming the topics, unless
``topics`` says what to do:

| ``topics`` | topics tested | a topic one system lacks |
| --- | --- | --- |
| ``"same"`` (default) | every topic; the sets must be equal | refused, with the topics named |
| ``"intersect"`` | the topics every system has | left out |
| ``"complete"`` | every topic of any system | scores 0, as trec_eval's ``-c`` |

Mixing the two forms (one system by topic, the other by position) is
refused: a position says nothing about which topic it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError

TOPIC_RULES = ("same", "intersect", "complete")
SUMMARY_ROW = "all"  # the label of rankbook.evaluate's (and trec_eval's) summary row


def is_series(value) -> bool:
    return hasattr(value, "index") and hasattr(value, "to_numpy") and not hasattr(value, "columns")


def is_frame(value) -> bool:
    return hasattr(value, "columns") and hasattr(value, "index") and hasattr(value, "to_numpy")


def by_topic(value) -> bool:
    """True for scores labelled by topic (Series, DataFrame, mapping)."""
    return isinstance(value, Mapping) or is_series(value) or is_frame(value)


def labelled(value, name: str):
    """``(topics, scores)`` of one system given by topic, without the summary row ``all``."""
    if is_frame(value):
        columns = list(value.columns)
        if len(columns) != 1:
            example = f" e.g. {name}[{str(columns[0])!r}]" if columns else ""
            raise InvalidValueError(
                f"{name} is a table with {len(columns)} columns ({', '.join(map(str, columns))}); "
                f"a test compares one measure at a time: pass one column,{example}.")
        value = value[columns[0]]
    if is_series(value):
        topics, scores = list(value.index), list(value.to_numpy())
    else:
        topics, scores = list(value), [value[t] for t in value]
    keep = [i for i, t in enumerate(topics) if not (isinstance(t, str) and t == SUMMARY_ROW)]
    topics, scores = [topics[i] for i in keep], [scores[i] for i in keep]
    seen: set = set()
    for topic in topics:
        if topic in seen:
            raise InvalidValueError(
                f"topic {topic!r} appears twice in {name}; give each topic one score "
                "(e.g. the per-topic table of one run).")
        seen.add(topic)
    return topics, scores


def align(systems: dict, topics: str = "same"):
    """``(topic ids or None, [scores of each system])``, the systems paired by topic.

    ``systems`` maps each argument's name (``"x"``, ``"scores['A']"``) to what
    the caller passed. Scores by position are returned as given (the length
    check is the caller's); scores by topic come back in the first system's
    topic order (``"complete"`` appends the other systems' extra topics).
    """
    _validate.choice(topics, TOPIC_RULES, "topics")
    names = list(systems)
    kinds = [by_topic(systems[n]) for n in names]
    if not any(kinds):
        if topics != "same":
            raise InvalidValueError(
                f"topics={topics!r} needs scores labelled by topic (pandas Series or "
                "mappings topic -> score); lists and arrays are paired by position.")
        return None, [systems[n] for n in names]
    if not all(kinds):
        plain = names[kinds.index(False)]
        keyed = names[kinds.index(True)]
        raise InvalidTypeError(
            f"{keyed} is labelled by topic but {plain} is a plain sequence (paired by "
            f"position); pass both by topic (e.g. two columns of rb.evaluate tables) or both "
            "as plain sequences in the same topic order.")
    read = {n: labelled(systems[n], n) for n in names}
    order = _topic_order(read, topics)
    tables = {n: dict(zip(*read[n])) for n in names}
    return order, [[tables[n].get(t, 0.0) for t in order] for n in names]


def _topic_order(read: dict, topics: str) -> list:
    names = list(read)
    first = read[names[0]][0]
    sets = {n: set(read[n][0]) for n in names}
    if topics == "intersect":
        return [t for t in first if all(t in s for s in sets.values())]
    if topics == "complete":
        order = list(first)
        for n in names[1:]:
            order += [t for t in read[n][0] if t not in set(order)]
        return order
    for n in names[1:]:
        if sets[n] != sets[names[0]]:
            _refuse(names[0], first, n, read[n][0], sets)
    return first


def _refuse(name_a: str, first: list, name_b: str, second: list, sets: dict) -> None:
    only_a = [t for t in first if t not in set(second)]
    only_b = [t for t in second if t not in set(first)]
    common = len(set.intersection(*sets.values()))
    union = len(set.union(*sets.values()))
    raise InvalidValueError(
        f"{name_a} and {name_b} are not scores of the same topics: only in {name_a}: "
        f"{_few(only_a)}; only in {name_b}: {_few(only_b)}. Say which topics to test: "
        f"topics='intersect' tests the {common} topics every system has, topics='complete' "
        f"tests all {union} and scores a missing topic 0 (as trec_eval -c; or evaluate every "
        "run with rb.evaluate(..., complete=True))."
    )


def _few(topics: list) -> str:
    return f"{topics[:5]}{' ...' if len(topics) > 5 else ''}"
