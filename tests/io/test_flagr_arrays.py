"""The FLAGR list reader's two paths agree (rankbook.io.flagr.read_flagr_arrays).

The numpy path (``rankbook.io.fast._csv.fast_table``) takes the usual file; the line reader
takes the rest and is the reference (it is itself checked against an independent parser
by ``test_fuzz_readers.py``). On random usual files both must give the same table, and the
numpy path must really be the one taken; an unusual file must go to the line reader.
"""

from __future__ import annotations

import numpy as np
import pytest

from rankbook import InputFileError, fuse
from rankbook.io import flagr
from rankbook.io.fast import _csv


def _random_file(rng, columns: int, labels: list[str]) -> str:
    lines = []
    for _ in range(int(rng.integers(1, 60))):
        query = rng.choice(["1", "2", "q\u00e9", "10"])
        voter = rng.choice(["V-0", "V-1", "V\u00a02"])
        item = f"Q{rng.integers(0, 30)}-E\u3000{rng.integers(0, 3)}"
        score = rng.choice([f"{rng.random():.5f}", str(int(rng.integers(-5, 5))), ".5", "-0.25"])
        label = rng.choice(labels)
        rank = [str(int(rng.integers(0, 10**9)))] if columns == 6 else []
        lines.append(",".join([query, voter, item, *rank, score, label]))
    return "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")


def _tables_equal(a, b):
    assert a.query.tolist() == b.query.tolist() and a.query_names == b.query_names
    assert a.voter.tolist() == b.voter.tolist() and a.voter_names == b.voter_names
    assert a.item.tolist() == b.item.tolist() and a.item_names.tolist() == b.item_names.tolist()
    assert a.rank.tolist() == b.rank.tolist()
    assert [np.float64(x).tobytes() for x in a.score] == [np.float64(x).tobytes() for x in b.score]
    assert a.lines.tolist() == b.lines.tolist()


@pytest.mark.parametrize("seed", range(30))
def test_numpy_path_equals_the_line_reader(seed, tmp_path, monkeypatch):
    rng = np.random.default_rng(seed)
    labels = ["A"] if seed % 3 else ["A", "B"]
    path = tmp_path / "lists.csv"
    path.write_text(_random_file(rng, 5 if seed % 2 else 6, labels), encoding="utf-8")
    label = None if len(labels) == 1 else "B"
    taken = _csv.fast_table(path.read_bytes(), str(path), label)
    assert taken is not None  # the usual file takes the numpy path
    fast = flagr.read_flagr_arrays(path, label=label)
    monkeypatch.setattr(flagr, "fast_table", lambda data, name, label: None)
    _tables_equal(fast, flagr.read_flagr_arrays(path, label=label))


@pytest.mark.parametrize("text", [
    "1,V-0,a,1.0,x\n\n1,V-0,b,0.5,x\n",      # a blank line
    "1,V-0,a ,1.0,x\n",                      # white space around a field
    "1,V-0,a,1e0,x\n",                       # a score with an exponent
    "1,V-0,a,+7,1.0,x\n",                    # a rank with a sign
    "1,V-0,a,1.0,x\n1,V-0,b,0.5,y\n",        # two labels, none chosen
    "1,V-0,,1.0,x\n",                        # an empty field
    "1,V-0,a,1.0,x\n1,V-0,b,x\n",            # a short line
])
def test_unusual_files_go_to_the_line_reader(text, tmp_path):
    path = tmp_path / "lists.csv"
    path.write_text(text)
    assert _csv.fast_table(path.read_bytes(), str(path), None) is None


def test_fuse_refuses_an_item_listed_twice(tmp_path):
    path = tmp_path / "lists.csv"
    path.write_text("1,V-0,a,1.0,x\n1,V-0,a,0.5,x\n1,V-1,b,1.0,x\n")
    with pytest.raises(InputFileError, match="lists.csv"):
        fuse(flagr=str(path), method="borda")
