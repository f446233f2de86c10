"""The FLAGR reader's id numbering (`rankbook.io.fast._csv.first_appearance`) against its plain definition.

Definition: the distinct ids in order of first appearance, each row coded by its id's place
in that order (what ``dict.fromkeys`` gives). Ids of at most 8 bytes take pandas' hash
table, longer ones numpy's sort: both paths are checked, on random ids with many repeats.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from rankbook.io.fast._csv import first_appearance


def plain(ids: list[bytes]) -> tuple[list[int], list[str]]:
    order = list(dict.fromkeys(ids))
    place = {value: i for i, value in enumerate(order)}
    return [place[value] for value in ids], [value.decode("utf-8") for value in order]


@pytest.mark.parametrize("width", [1, 3, 8, 9, 20])
@pytest.mark.parametrize("seed", range(4))
def test_codes_and_names_by_first_appearance(width, seed):
    rng = random.Random(seed)
    pool = [bytes(rng.choice(b"abcxyz019-") for _ in range(rng.randint(1, width)))
            for _ in range(rng.choice([1, 5, 200]))]
    ids = [rng.choice(pool) for _ in range(rng.choice([1, 10, 3000]))]
    codes, names = first_appearance(np.array(ids, dtype=f"S{max(map(len, ids))}"))
    expected_codes, expected_names = plain(ids)
    assert codes.dtype == np.int64
    assert codes.tolist() == expected_codes
    assert names.dtype == object and names.tolist() == expected_names


def test_ids_that_differ_only_in_trailing_bytes_stay_apart():
    ids = [b"a", b"ab", b"a", b"abc", b"ab"]
    codes, names = first_appearance(np.array(ids, dtype="S3"))
    assert codes.tolist() == [0, 1, 0, 2, 1] and names.tolist() == ["a", "ab", "abc"]


def test_utf8_ids():
    ids = ["é".encode(), b"e", "é".encode()]
    codes, names = first_appearance(np.array(ids, dtype="S2"))
    assert codes.tolist() == [0, 1, 0] and names.tolist() == ["é", "e"]
