"""FLAGR qrels: the numpy path for the usual file against the line reader, frame for frame.

`read_flagr_qrels` reads the usual file (4 non-empty fields a line, no blanks, plain
decimal grades) with numpy (`rankbook.io.fast._csv.fast_qrels`) and hands any other file to the
line reader. The oracle is the line reader itself, made to read the same judgments by a
blank line at the end (which the numpy path hands over): the frames must be equal, values,
dtypes, order and line numbers in errors and warnings. Files: FLAGR's sample qrels and
random ones (ids with dashes, dots and UTF-8, grades 0-4, negative and fractional ones).
"""

from __future__ import annotations

import random
import warnings

import pandas as pd
import pytest

from rankbook import InputFileError
from rankbook.datasets import flagr_sample
from rankbook.io import read_flagr_qrels
from rankbook.io.fast._csv import fast_qrels, read_bytes


def both(path, tmp_path):
    text = path.read_bytes()
    slow = tmp_path / "slow.csv"
    slow.write_bytes(text + b"\n\n")                   # a blank line: the line reader reads it
    assert fast_qrels(*read_bytes(path)) is not None   # the numpy path reads the usual file
    assert fast_qrels(*read_bytes(slow)) is None
    return read_flagr_qrels(path), read_flagr_qrels(slow)


def test_the_sample_qrels(tmp_path):
    fast, slow = both(flagr_sample()[1], tmp_path)
    assert len(fast) == 2000
    pd.testing.assert_frame_equal(fast, slow, check_exact=True)


@pytest.mark.parametrize("seed", range(6))
def test_random_qrels(seed, tmp_path):
    rng = random.Random(seed)
    lines = [f"{rng.choice(['1', 'q-2', 'é3', '10'])},0,{rng.choice(['Q1-E', 'd.', 'ü'])}{i},"
             f"{rng.choice(['0', '1', '2', '4', '-1', '0.5', '3.25', '.5', '007'])}"
             for i in rng.sample(range(500), rng.choice([1, 30, 400]))]
    path = tmp_path / "qrels.csv"
    path.write_text("\n".join(lines) + rng.choice(["", "\n"]), encoding="utf-8")
    fast, slow = both(path, tmp_path)
    pd.testing.assert_frame_equal(fast, slow, check_exact=True)
    assert fast["grade"].tolist() == [float(line.rsplit(",", 1)[1]) for line in lines]


def test_a_conflicting_judgment_names_the_same_lines(tmp_path):
    path = tmp_path / "qrels.csv"
    path.write_text("1,0,a,1\n1,0,b,0\n1,0,a,2\n")
    with pytest.raises(InputFileError) as fast:
        read_flagr_qrels(path)
    path.write_text("1,0,a,1\n1,0,b,0\n1,0,a,2\n\n")
    with pytest.raises(InputFileError) as slow:
        read_flagr_qrels(path)
    assert str(fast.value) == str(slow.value) and "lines 1, 3" in str(fast.value)


def test_a_repeated_judgment_warns_alike(tmp_path):
    path = tmp_path / "qrels.csv"
    messages = []
    for tail in ("", "\n\n"):
        path.write_text("1,0,a,1\n1,0,a,1\n" + tail)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            frame = read_flagr_qrels(path)
        assert len(frame) == 1
        messages.append([str(w.message) for w in caught])
    assert messages[0] == messages[1] and "line 2" in messages[0][0]
