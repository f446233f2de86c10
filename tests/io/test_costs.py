"""cwl_eval's cost file, the run's element-type column and each item's cost.

The fixture rankbook/data/cwl/cost_file (rankbook.datasets.cwl_sample) is cwl_eval 1.0.12's own test cost file
(``cwl/tests/cost_file`` in github.com/ireval/cwl: ``E1 1.0 / E2 2.0 / E3 5.0 / E4 7.5``);
run_with_types holds ``1 E1 d1 1 3.0 sys / 1 E3 d2 2 2.0 sys / 1 E1 d3 3 1.0 sys /
2 E2 d4 1 9.0 sys``. Expected values are read off those lines by hand.
"""

from __future__ import annotations

import numpy as np
import pytest

from rankbook.datasets import cwl_sample

from rankbook import InputFileError, InvalidValueError
from rankbook.io import document_costs, read_costs, read_run

DATA = "tests/data/subtopics/"
CWL_DATA = str(cwl_sample()[0].parent) + "/"


def test_cwl_eval_test_cost_file():
    assert read_costs(CWL_DATA + "cost_file") == {"E1": 1.0, "E2": 2.0, "E3": 5.0, "E4": 7.5}


def test_nothing_dropped_one_entry_per_line(tmp_path):
    text = "".join(f"T{i}\t{i / 4}\n" for i in range(40))
    path = tmp_path / "costs"
    path.write_text(text)
    costs = read_costs(path)
    assert len(costs) == text.count("\n") == 40 and costs["T39"] == 9.75


@pytest.mark.parametrize("text, reason, lines", [
    ("E1 1.0\nE2 cheap\n", "cost", "line 2"),
    ("E1 1.0\nE2 nan\n", "cost", "line 2"),
    ("E1 1.0\nE2 -1\n", "negative", "line 2"),
    ("E1 1.0\nE2 2.0\nE1 3.0\n", "twice", "lines 1, 3"),
    ("E1 1.0\nE2\n", "has 2 fields", "line 2"),
    ("E1 1.0 extra\n", "has 2 fields", "line 1"),
])
def test_cost_errors_name_file_and_lines(tmp_path, text, reason, lines):
    path = tmp_path / "costs"
    path.write_text(text)
    with pytest.raises(InputFileError, match=reason) as caught:
        read_costs(path)
    assert str(caught.value).startswith(f"{path}, {lines}:")


def test_run_keeps_element_types_only_when_asked():
    plain = read_run(DATA + "run_with_types")
    typed = read_run(DATA + "run_with_types", element_types=True)
    assert list(plain.columns) == ["query", "doc", "score"]
    assert typed["element_type"].tolist() == ["E1", "E3", "E1", "E2"]
    assert typed[["query", "doc", "score"]].equals(plain)
    assert typed.attrs == plain.attrs == {"name": "sys", "source": DATA + "run_with_types"}


def test_run_with_element_types_keeps_the_checks(tmp_path):
    path = tmp_path / "run"
    path.write_text("1 E1 d1 1 3.0 sys\n1 E2 d1 2 2.0 sys\n")
    with pytest.raises(InputFileError, match="appears 2 times") as caught:
        read_run(path, element_types=True)
    assert str(caught.value).startswith(f"{path}, lines 1, 2:")
    path.write_text("1 E1 d1 1 3.0 sys\n1 E2 d2 2\n")
    with pytest.raises(InputFileError, match="at least 6 fields") as caught:
        read_run(path, element_types=True)
    assert str(caught.value).startswith(f"{path}, line 2:")


def test_document_costs_from_the_run():
    run = read_run(DATA + "run_with_types", element_types=True)
    costs = read_costs(CWL_DATA + "cost_file")
    topic = run[run["query"] == "1"]
    np.testing.assert_array_equal(document_costs(topic["element_type"], costs), [1.0, 5.0, 1.0])


def test_document_costs_unknown_type():
    with pytest.raises(InvalidValueError, match="element type 'E9' has no cost"):
        document_costs(["E1", "E9"], {"E1": 1.0})
    # cwl_eval 1.0.12 (ranking.py _get_cost) gives such an item NaN, then --max_cost (1.0)
    np.testing.assert_array_equal(document_costs(["E1", "E9"], {"E1": 2.0}, default=1.0),
                                  [2.0, 1.0])
    np.testing.assert_array_equal(document_costs(["E1", "E9"], None), [1.0, 1.0])
    with pytest.raises(InvalidValueError, match="default must be"):
        document_costs(["E1"], {"E1": 1.0}, default=-1.0)
