"""FLAGR CSV readers: the sample data (shared/data/flagr) and the bad-input errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from rankbook import InputFileError
from rankbook.io import read_flagr_lists, read_flagr_qrels

DATA = Path(__file__).resolve().parents[1] / "data" / "flagr"


def test_sample_lists_one_run_per_voter():
    # shared/data/flagr/README.md: 20 queries x 50 voters x 30 items, voters V-0 .. V-49.
    runs = read_flagr_lists(DATA / "testdata.csv")
    assert list(runs) == [f"V-{i}" for i in range(50)]
    for name, run in runs.items():
        assert len(run) == 600 and run["query"].nunique() == 20
        assert run.attrs["name"] == name
        assert run["rank"].min() == 1 and run["rank"].max() == 30
    # README: the first line is 1,V-0,Q1-E35,1.00000,SyntheticMOSO
    first = runs["V-0"].iloc[0]
    assert (first["query"], first["doc"], first["score"], first["rank"]) == ("1", "Q1-E35", 1.0, 1)


def test_sample_qrels():
    # README: 2,000 rows, 100 per query, 926 relevant.
    qrels = read_flagr_qrels(DATA / "testdata_qrels.csv")
    assert len(qrels) == 2000 and int(qrels.grade.sum()) == 926
    assert qrels.groupby("query").size().eq(100).all()


def test_six_columns_with_rank(tmp_path):
    path = tmp_path / "six.csv"
    path.write_text("1,V-0,a,2,0.5,L\n1,V-0,b,1,0.9,L\n")
    run = read_flagr_lists(path)["V-0"]
    assert run["rank"].tolist() == [2, 1] and run["score"].tolist() == [0.5, 0.9]


def test_several_labels_need_a_choice(tmp_path):
    path = tmp_path / "two.csv"
    path.write_text("1,V-0,a,1,A\n1,V-0,a,1,B\n1,V-1,b,1,B\n")
    with pytest.raises(InputFileError, match="label="):
        read_flagr_lists(path)
    assert list(read_flagr_lists(path, label="B")) == ["V-0", "V-1"]


def test_bad_lines(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("1,V-0,a,1.0,L\n1,V-0,b,0.5\n")
    with pytest.raises(InputFileError) as caught:
        read_flagr_lists(path)
    assert caught.value.lines == (2,) and "commas" in str(caught.value)
    path.write_text("1,V-0,a,1.0,L\n1,V-0,a,0.5,L\n")
    with pytest.raises(InputFileError, match="appears 2 times") as caught:
        read_flagr_lists(path)
    assert caught.value.lines == (1, 2)
    path.write_text("1,0,a,yes\n")
    with pytest.raises(InputFileError, match="not a number") as caught:
        read_flagr_qrels(path)
    assert str(caught.value).startswith(f"{path}, line 1:")
