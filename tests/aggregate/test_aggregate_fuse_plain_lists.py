"""rankbook.fuse given one query's plain ranked lists (issue 29, item 4).

``rb.fuse([["a", "b"], ["b", "a"]], method="borda")`` refused the lists with a message about
runs only. fuse fuses whole runs and returns a run ({query: {item: score}}); plain lists have
no query, so fuse still refuses them, and now names the function that takes them: the method
itself, ``rankbook.aggregate.borda(lists)``. The test checks that every method's pointer is a
function that takes the lists (Borda by hand: n - r points, a and b both 1 + 0 = 1).
"""

from __future__ import annotations

import re

import pytest

import rankbook
import rankbook as rb
from rankbook import InvalidTypeError
from rankbook.aggregate.registry import METHODS

LISTS = [["a", "b"], ["b", "a"]]


def test_plain_lists_point_to_the_method_that_takes_them():
    with pytest.raises(InvalidTypeError, match=re.escape(
            "runs[0] is a plain list of items, ['a', 'b']: fuse takes whole runs")) as error:
        rb.fuse(LISTS, method="Borda")
    assert "rankbook.aggregate.borda([['a', 'b'], ['b', 'a']])" in str(error.value)
    assert rb.aggregate.borda(LISTS) == {"a": 1.0, "b": 1.0}


@pytest.mark.parametrize("method", sorted(METHODS))
def test_every_method_named_in_the_message_takes_the_lists(method):
    with pytest.raises(InvalidTypeError) as error:
        rb.fuse(LISTS, method=method, **METHODS[method].example)
    name = re.search(r"rankbook\.aggregate\.(\w+)\(lists\)", str(error.value)).group(1)
    # the score-combination methods read scores: the same lists as item -> score
    lists = [{"a": 2, "b": 1}, {"b": 2, "a": 1}] if METHODS[method].needs_scores else LISTS
    result = getattr(rankbook.aggregate, name)(lists, **METHODS[method].example)
    assert set(result) == {"a", "b"}


def test_a_function_of_ones_own_is_named_as_it_is():
    def mine(lists, weights=None):
        return {item: 1.0 for ranked in lists for item in ranked}

    with pytest.raises(InvalidTypeError, match=r"method itself: mine\(lists\)"):
        rb.fuse(LISTS, method=mine)
