r"""What the three catalogues share: a row's common fields, look-up by name, exports.

rankbook keeps three catalogues, one list each: the metrics
(`rankbook.metrics.registry.METRICS`), the rank-aggregation methods
(`rankbook.aggregate.registry.METHODS`) and the significance tests
(`rankbook.stats.registry.TESTS`). Each row is a frozen dataclass built with
keywords only, a subclass of `Entry`, which holds what every row has:

- ``name``: the name a user types (``"nDCG@k"``, ``"rrf"``, ``"t"``);
- ``function``: the plain function that computes it;
- ``title``: how prose and tables call it (``"paired t-test"``); the name when not given;
- ``page``: its docs page, a path under docs/ (``"comparing/paired_t_test.md"``);
- ``aliases``: other names a user may type for it (another tool's spelling).

From the rows, `find` looks a name up (or says which names exist), `exports`
gives the functions a package exports, and `unmatched` compares a package's
written-out ``__all__`` with them, so a test can fail when a row has no export
or an export no row. The docs' index tables are written from the same rows
(docs/hooks/catalogues.py).

>>> def rrf(lists):
...     return {}
>>> rows = {"rrf": Entry(name="rrf", function=rrf, page="aggregation/positional.md",
...                      aliases=("RRF",))}
>>> find(rows, "RRF", what="aggregation method").name, rows["rrf"].title
('rrf', 'rrf')
>>> find(rows, "rfr", what="aggregation method")
Traceback (most recent call last):
...
rankbook._errors.InvalidValueError: unknown aggregation method 'rfr' (did you mean 'rrf'?); choose one of rrf.
>>> exports(rows) == {"rrf": rrf}
True
>>> unmatched(["rrf", "borda"], exports(rows))
([], ['borda'])
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from rankbook._errors import InvalidValueError


@dataclass(frozen=True, kw_only=True)
class Entry:
    """One row of a catalogue: its name, function, title, docs page and other names.

    Built with keywords only (``Entry(name=..., function=..., page=...)``): rows of
    many fields read by position are rows whose fields are easily swapped.
    """

    name: str
    function: Callable | None
    page: str
    title: str = ""                  # "" -> the name
    aliases: tuple[str, ...] = ()

    def __post_init__(self):
        if not self.title:
            object.__setattr__(self, "title", self.name)


def find(rows: Mapping[str, Entry], name, *, what: str, fold_case: bool = False,
         how: str = "") -> Entry:
    """The row called ``name`` (its name or an alias), or an error naming the valid names.

    ``what`` names the kind of row in the message (``"aggregation method"``);
    ``fold_case`` accepts any case (``"CombSUM"`` for ``combsum``). The message
    suggests the closest valid names, then lists them all, then ``how`` (in brackets)
    if given.
    """
    def key(text):
        return text.lower() if fold_case and isinstance(text, str) else text

    by_name = {}
    for row in rows.values():
        for spelling in (row.name, *row.aliases):
            by_name.setdefault(key(spelling), row)
    found = by_name.get(key(name)) if isinstance(name, str) else None
    if found is not None:
        return found
    names = [row.name for row in rows.values()]
    close = difflib.get_close_matches(key(name), list(by_name), n=3) if isinstance(name, str) else []
    close = list(dict.fromkeys(by_name[c].name for c in close))
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    how = f" ({how})" if how else ""
    raise InvalidValueError(f"unknown {what} {name!r}{hint}; choose one of {', '.join(names)}{how}.")


def exports(rows: Iterable[Entry] | Mapping[str, Entry]) -> dict[str, Callable]:
    """``{function name: function}`` of the rows, in row order (a function once)."""
    if isinstance(rows, Mapping):
        rows = rows.values()
    return {row.function.__name__: row.function for row in rows if row.function is not None}


def unmatched(exported: Iterable[str], expected: Iterable[str],
              others: Iterable[str] = ()) -> tuple[list[str], list[str]]:
    """``(expected names missing from exported, exported names neither expected nor others)``.

    ``exported`` is a package's ``__all__``; ``expected`` the names the rows call for
    (`exports`); ``others`` the package's exports that are no row (helpers). Both
    lists empty: the package exports exactly the rows and its helpers.
    """
    exported, expected = list(exported), list(expected)
    allowed = set(expected) | set(others)
    return ([name for name in expected if name not in exported],
            [name for name in exported if name not in allowed])
