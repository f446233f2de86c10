"""rankbook.pyflagr's two DataFrames against pyflagr 1.0.18's, and its refusals of bad input.

Oracle: pyflagr 1.0.18 on FLAGR's sample data (tests/data/flagr) with the rank column inserted
(pyflagr >= 1.0.18 reads 6 columns; it reads the sample's own 5 as empty lists); rankbook.pyflagr
reads the 5-column file as it is. Both write FLAGR's 6 decimals. Methods left out here are
checked by the seed test (tests/pyflagr/test_pyflagr_seed.py): PrefRel (FLAGR's hash-ordered
ties move two items below rank 10), Agglomerative (9 s in pyflagr), RRA-Exact (rounding noise),
Kemeny (n! orders: run on three items below).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pyflagr.Kemeny
import pyflagr.Linear
import pyflagr.Majoritarian
import pyflagr.MarkovChains
import pyflagr.RRA
import pyflagr.Weighted
import pytest

from rankbook import InputFileError, InvalidTypeError, InvalidValueError
from rankbook.pyflagr import (
    RRA,
    Comparator,
    Kemeny,
    Linear,
    Majoritarian,
    MarkovChains,
    Weighted,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "flagr"
LISTS, QRELS = DATA / "testdata.csv", DATA / "testdata_qrels.csv"
CHAIN = {"max_iterations": 50, "ergodic_number": 0.15}
# (module, class, parameters): the same call on both packages
CONFIGURATIONS = [
    *[("Linear", "CombSUM", {"norm": norm}) for norm in
      ("borda", "rank", "score", "z-score", "simple-borda")],
    ("Linear", "CombMNZ", {"norm": "rank"}), ("Linear", "CombMNZ", {"norm": "z-score"}),
    ("Linear", "BordaCount", {}), ("Linear", "SimpleBordaCount", {}),
    ("Majoritarian", "CondorcetWinners", {}), ("Majoritarian", "CopelandWinners", {}),
    ("Majoritarian", "OutrankingApproach", {"veto": 0.5, "discordance": 0.3}),
    *[("MarkovChains", chain, {"eval_pts": 10, **CHAIN}) for chain in
      ("MC1", "MC2", "MC3", "MC4", "MCT")],
    ("RRA", "RRA", {}),
    ("Weighted", "DIBRA", {"gamma": 1.2}),
    ("Weighted", "DIBRA", {"aggregator": "combmnz:rank", "prune": "low", "d1": 0.3, "d2": 0.05}),
]
OURS = {"Linear": Linear, "Majoritarian": Majoritarian, "MarkovChains": MarkovChains,
        "RRA": RRA, "Weighted": Weighted, "Kemeny": Kemeny}
THEIRS = {"Linear": pyflagr.Linear, "Majoritarian": pyflagr.Majoritarian,
          "MarkovChains": pyflagr.MarkovChains, "RRA": pyflagr.RRA, "Weighted": pyflagr.Weighted,
          "Kemeny": pyflagr.Kemeny}


def with_ranks(frame: pd.DataFrame) -> pd.DataFrame:
    """FLAGR's 6 columns: the rank (position in the (query, voter) list) inserted as column 3."""
    ranked = frame.copy()
    ranked.insert(3, "rank", frame.groupby([0, 1], sort=False).cumcount() + 1)
    return ranked


@pytest.fixture(scope="module")
def six_columns(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("flagr") / "lists6.csv"
    with_ranks(pd.read_csv(LISTS, header=None)).to_csv(path, header=False, index=False)
    return path


def assert_same_frames(ours, theirs):
    (out, evaluation), (their_out, their_evaluation) = ours, theirs
    assert list(out.columns) == list(their_out.columns)
    assert list(out.dtypes.astype(str)) == list(their_out.dtypes.astype(str))
    for column in ("Query", "Voter", "ItemID", "Rank", "Aggregator"):
        assert out[column].tolist() == their_out[column].tolist(), column
    assert np.allclose(out["Score"], their_out["Score"], rtol=1e-12, atol=1.5e-6)
    assert list(evaluation.columns) == list(their_evaluation.columns)
    assert list(evaluation.dtypes.astype(str)) == list(their_evaluation.dtypes.astype(str))
    assert evaluation["q"].tolist() == their_evaluation["q"].tolist()
    values = evaluation.columns[1:]
    assert np.abs(evaluation[values].to_numpy(float)
                  - their_evaluation[values].to_numpy(float)).max() <= 1.5e-6


@pytest.mark.parametrize(("module", "name", "params"), CONFIGURATIONS,
                         ids=[f"{c[1]}-{'-'.join(map(str, c[2].values()))}" for c in CONFIGURATIONS])
def test_both_frames_equal_pyflagr(module, name, params, six_columns, tmp_path):
    theirs = getattr(THEIRS[module], name)(**params).aggregate(
        input_file=str(six_columns), rels_file=str(QRELS), out_dir=str(tmp_path))
    ours = getattr(OURS[module], name)(**params).aggregate(input_file=LISTS, rels_file=QRELS)
    assert ours[0].shape == (2000, 6) or name == "DIBRA"        # 20 queries x 100 items
    assert ours[1].shape == (21, 45)                             # 20 queries + all, 5 + 4 x 10
    assert_same_frames(ours, theirs)


def test_kemeny_on_three_items(tmp_path):
    lists = pd.DataFrame([["1", f"V{v}", item, 1.0, "x"] for v, order in
                          enumerate(["abc", "bac", "acb"]) for item in order])
    path = tmp_path / "lists6.csv"
    with_ranks(lists.rename(columns=dict(enumerate(range(5))))).to_csv(path, header=False, index=False)
    theirs = pyflagr.Kemeny.KemenyOptimal().aggregate(input_file=str(path), out_dir=str(tmp_path))
    ours = Kemeny.KemenyOptimal().aggregate(input_df=lists)
    assert ours[0]["ItemID"].tolist() == theirs[0]["ItemID"].tolist() == ["a", "b", "c"]
    assert ours[0]["Aggregator"].tolist() == theirs[0]["Aggregator"].tolist() == [400] * 3
    assert ours[1].empty and theirs[1].empty           # no judgments: an empty evaluation


def test_dataframes_and_out_dir(six_columns, tmp_path):
    method = Linear.CombSUM(norm="rank", eval_pts=5)
    from_files = method.aggregate(input_file=LISTS, rels_file=QRELS)
    frames = method.aggregate(input_df=pd.read_csv(six_columns, header=None),
                              rels_df=pd.read_csv(QRELS, header=None), out_dir=tmp_path)
    assert from_files[0].equals(frames[0]) and from_files[1].equals(frames[1])
    (out_file,) = tmp_path.glob("out_*.csv")
    (eval_file,) = tmp_path.glob("eval_*.csv")
    assert out_file.name[4:] == eval_file.name[5:] and len(out_file.stem) == 4 + 16
    # read back as pyflagr reads FLAGR's files
    written = pd.read_csv(out_file, header=None, names=list(frames[0].columns))
    assert written.equals(frames[0])
    assert np.allclose(pd.read_csv(eval_file).iloc[:, 1:], frames[1].iloc[:, 1:], atol=1e-12)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Linear.CombSUM(norm="minmax"), "norm='minmax' is not one of PyFLAGR's choices"),
    (lambda: Linear.CombMNZ(norm="Score"), "'borda', 'rank', 'score', 'z-score', 'simple-borda'"),
    (lambda: Weighted.DIBRA(dist="tau"), "cosine distance only"),
    (lambda: Weighted.DIBRA(w_norm="z"), "no 'z' weight normalisation"),
    (lambda: Weighted.DIBRA(prune="high"), "prune='high'"),
    (lambda: Weighted.DIBRA(aggregator="combsum:minmax"), "aggregator='combsum:minmax'"),
    (lambda: Weighted.DIBRA(aggregator="outrank", veto=0.5), "veto=0.5"),
    (lambda: Weighted.DIBRA(gamma=0), "gamma"),
    (lambda: MarkovChains.MC(10, chain=806), "chain=806"),
    (lambda: MarkovChains.MC4(10, ergodic_number=1.5), "ergodic_number"),
    (lambda: Majoritarian.OutrankingApproach(veto=-1), "veto"),
    (lambda: RRA.RRA(exact="yes"), "exact='yes'"),
    (lambda: Linear.BordaCount(eval_pts=0), "eval_pts must be at least 1"),
])
def test_bad_parameters_are_refused_at_construction(make, message):
    with pytest.raises((InvalidValueError, InvalidTypeError), match=None) as error:
        make()
    assert message in str(error.value)


def test_bad_input_is_refused_clearly(tmp_path):
    method = Linear.BordaCount()
    garbage = tmp_path / "lists.csv"
    garbage.write_text("1,V-0,a,1,0.5,x\n1,V-0,b,two,0.4,x\n")
    with pytest.raises(InputFileError, match=r"lists\.csv, line 2: .*rank"):
        method.aggregate(input_file=garbage)
    with pytest.raises(InputFileError, match=r"input_df \(row 1; the first row is 0\)"):
        method.aggregate(input_df=pd.DataFrame([["1", "V-0", "a", 0.5, "x"], ["1", "V-0", "b", None, None]]))
    with pytest.raises(InputFileError, match="no_such.csv"):
        method.aggregate(input_file=tmp_path / "no_such.csv")
    with pytest.raises(InvalidValueError, match="input_file='lists.csv'"):
        method.aggregate()
    with pytest.raises(InvalidValueError, match="not an existing folder"):
        method.aggregate(input_file=LISTS, out_dir=tmp_path / "missing")
    with pytest.raises(InvalidTypeError, match="input_df must be a pandas DataFrame"):
        method.aggregate(input_df=[["1", "V-0", "a", 0.5, "x"]])


def test_comparator_refuses_at_add_aggregator():
    cmp = Comparator.Comparator(10)
    with pytest.raises(InvalidTypeError, match="pyflagr.Linear.CombSUM; import the classes"):
        cmp.add_aggregator("theirs", pyflagr.Linear.CombSUM(norm="rank"))
    with pytest.raises(InvalidValueError, match="pass eval_pts=10"):
        cmp.add_aggregator("five", Linear.CombSUM(eval_pts=5))
    cmp.add_aggregator("Borda", Linear.BordaCount())
    with pytest.raises(InvalidValueError, match="already added"):
        cmp.add_aggregator("Borda", Linear.BordaCount())
    with pytest.raises(InvalidValueError, match="give the judgments"):
        cmp.aggregate(input_file=LISTS)
    with pytest.raises(InvalidValueError, match="no results yet"):
        cmp.get_results(5, ["map"])
