"""ir_measures' measure strings in rb.evaluate, `rankbook eval`, compare, explain and exercises.

Issue 32, item 2. Oracle: ir_measures 0.4.3 itself (and pyndeval 0.0.8 for the diversity
measures' ``rel``), run in the test on seeded random qrels and runs whose topics are all in
both and whose scores are distinct: rb.evaluate orders tied scores as trec_eval does,
ir_measures' providers each their own way (docs/guide/ir_measures.md says so), and
ir_measures scores a topic only in the qrels as 0 where rb.evaluate leaves it out unless
``complete=True``. Every string below is one ir_measures accepts; rb.evaluate reads each as
ir_measures does, or refuses it saying what to write instead; ``ACCURACY`` is the one
string both read with different means (ir_measures leaves out a topic with no relevant
document retrieved).
"""

from __future__ import annotations

import math
import random
import warnings
from pathlib import Path

import pytest

import rankbook as rb
from rankbook._errors import InvalidValueError
from rankbook.cli import main

ir_measures = pytest.importorskip("ir_measures")
pyndeval = pytest.importorskip("pyndeval")

#: Strings ir_measures reads and rb.evaluate computes as ir_measures does (tie-free runs).
SAME = [
    "P@5", "P(rel=2)@5", "R@10", "AP", "AP(rel=2)", "AP@10", "MAP", "RR", "MRR", "Rprec",
    "nDCG", "nDCG@10", "NDCG@5", "Bpref", "infAP", "IPrec@0.5", "Success@5", "NumQ", "NumRel",
    "NumRet", "NumRelRet", "SetP", "SetRelP", "SetR", "SetF(beta=0.5)", "SetAP",
    "Judged@5", "Compat", "Compat(p=0.8)", "RR@10", "RR(rel=2)@5",
    "BPM(T=2.0,max_rel=3)@10", "NERR8(max_rel=3)@10", "NERR11(T=2.0,max_rel=3)",
    # read only as ir_measures writes them (rankbook's grammar has no such settings):
    "nDCG(dcg='exp-log2')@20", "nDCG(dcg='log2')@10", "SetP(relative=True)", "NumRet(rel=1)",
    "NumRet(rel=2)", "ERR@20", "MAP@5",
]
#: The same strings in another case: read when the case names one measure.
OTHER_CASE = {"ndcg(dcg='exp-log2')@20": "nDCG(dcg='exp-log2')@20",
              "SETP(relative=True)": "SetP(relative=True)", "numret(rel=1)": "NumRet(rel=1)"}
#: Strings ir_measures reads that need a column's grades changed: refused, with what to write.
REFUSED = {
    "AP(judged_only=True)": "judged_only=True", "nDCG(judged_only=True)@10": "-J",
    "nDCG(gains={0:0,1:1,2:3,3:7})@10": "gains=", "RBP(rel=1)": "binary at rel=1",
    "RBP(p=0.9,rel=2)": "binary at rel=2", "SDCG(max_rel=3)@10": "scaled to [0, 1]",
    "INST(T=1.0,max_rel=3)": "scaled to [0, 1]", "Accuracy@5": "max_docs=5", "Judged": "Judged@",
}
ACCURACY = "Accuracy"
GDEVAL = ("nDCG(dcg='exp-log2')@20", "ERR@20")  # gdeval.pl prints %.5f


def _tie_free_collection(seed: int, topics: int):
    rng = random.Random(seed)
    qrels, run = {}, {}
    for t in range(topics):
        qid = str(100 + t)  # numeric: gdeval.pl reads only numeric topics
        pool = list(dict.fromkeys(f"d{rng.randrange(1000)}" for _ in range(rng.randint(4, 25))))
        qrels[qid] = {d: rng.choice((0, 0, 0, 1, 1, 2, 3)) for d in pool}
        retrieved = rng.sample(pool, rng.randint(1, len(pool))) + [f"u{t}x{i}" for i in range(3)]
        rng.shuffle(retrieved)
        run[qid] = {d: 1 + i / 64 for i, d in enumerate(retrieved)}
    return qrels, run


@pytest.fixture(scope="module")
def collection():
    return _tie_free_collection(32, 30)


def _theirs(names, qrels, run):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        measures = [ir_measures.parse_measure(n) for n in names]
        return {str(m): v for m, v in ir_measures.calc_aggregate(measures, qrels, run).items()}


def test_rb_evaluate_reads_ir_measures_strings_as_ir_measures_computes_them(collection):
    qrels, run = collection
    for name in SAME:
        table = rb.evaluate(qrels, run, measures=[name])
        # One column (NDCG@5 is labelled nDCG@5), or C/W/L's five quantities, EU first: the
        # value ir_measures gives.
        assert len(table.columns) == 1 or [c.split(":")[-1] for c in table.columns] == \
            ["EU", "ETU", "EC", "ETC", "ED"]
        ours = table.loc["all"].iloc[0]
        [theirs] = _theirs([name], qrels, run).values()  # one call each: see test_parity.py
        tolerance = 5e-6 + 1e-12 if name in GDEVAL else 1e-9
        assert math.isclose(ours, theirs, rel_tol=0, abs_tol=tolerance), (name, ours, theirs)


def test_another_case_is_the_same_measure(collection):
    qrels, run = collection
    table = rb.evaluate(qrels, run, measures=[*OTHER_CASE, *OTHER_CASE.values()])
    for other, written in OTHER_CASE.items():
        assert list(table.columns).count(other) == 1  # labelled as the user wrote it
        assert table[other].tolist() == table[written].tolist()


@pytest.mark.parametrize("name", REFUSED)
def test_strings_needing_other_grades_are_refused_saying_what_to_write(collection, name):
    qrels, run = collection
    with pytest.raises(InvalidValueError) as caught:
        rb.evaluate(qrels, run, measures=[name])
    assert REFUSED[name] in str(caught.value)
    if name != "Judged":
        assert "rankbook.ir_measures" in str(caught.value)
    _theirs([name], qrels, run)  # ir_measures reads it: a string of its syntax


def test_accuracy_is_the_string_whose_mean_differs(collection):
    qrels, run = collection
    ours = rb.evaluate(qrels, run, measures=[ACCURACY])[ACCURACY]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = {m.query_id: m.value for m in
                  ir_measures.iter_calc([ir_measures.parse_measure(ACCURACY)], qrels, run)}
    assert theirs and len(theirs) < len(qrels)  # topics with nothing relevant retrieved: left out
    assert all(math.isclose(ours[q], v, abs_tol=1e-12) for q, v in theirs.items())
    assert not math.isclose(ours["all"], sum(theirs.values()) / len(theirs), abs_tol=1e-6)


def test_a_misspelt_string_is_still_refused_with_a_valid_suggestion(collection):
    qrels, run = collection
    with pytest.raises(InvalidValueError, match="did you mean nDCG@10"):
        rb.evaluate(qrels, run, measures=["nDGC@10"])


def _binary_at(qrels: dict, level: int) -> list:
    return [(q, s, d, int(g >= level)) for q, subtopics in qrels.items()
            for s, judged in subtopics.items() for d, g in judged.items()]


def test_the_diversity_measures_take_rel_as_ir_measures_writes_it():
    rng = random.Random(33)
    qrels, run = {}, {}
    for t in range(40):
        docs = [f"d{i:02d}" for i in rng.sample(range(30), rng.randint(3, 12))]
        qrels[f"q{t}"] = {f"s{s}": {d: rng.choice((0, 1, 2, 2, 3)) for d in docs}
                          for s in range(rng.randint(2, 5))}
        run[f"q{t}"] = {d: 1 + i / 64 for i, d in enumerate(docs + [f"u{t}"])}
    names = {"ERR_IA(rel=2)@10": "ERR-IA@10", "alpha_nDCG(rel=2)@20": "alpha-nDCG@20",
             "AP_IA(rel=3)": "MAP-IA", "nNRBP(rel=2)": "nNRBP"}
    table = rb.evaluate(None, run, measures=list(names), subtopic_qrels=qrels)
    ordered = [(q, d, s) for q, scores in run.items() for d, s in scores.items()]
    for name, theirs in names.items():
        level = int(name.split("rel=")[1][0])
        oracle = pyndeval.ndeval(_binary_at(qrels, level), ordered, measures=[theirs])
        for query, values in oracle.items():
            assert math.isclose(table.loc[query, name], values[theirs], abs_tol=1e-9), \
                (name, query)


def test_the_command_lines_read_the_strings_too(capsys):
    data = Path(__file__).resolve().parents[1] / "data" / "trec_eval"
    qrels, run = data / "qrels.test", data / "results.test"

    def rankbook(*args):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            main(list(map(str, args)))
        return capsys.readouterr().out

    evaluated = rankbook("eval", "-m", "nDCG(dcg='exp-log2')@20", "-m", "gdeval-nDCG@20",
                         qrels, run)
    values = {line.split()[0]: line.split()[-1] for line in evaluated.splitlines()
              if "\tall\t" in line}
    assert values["nDCG(dcg='exp-log2')@20"] == values["gdeval-nDCG@20"]
    compared = rankbook("compare", "-m", "SetP(relative=True)", qrels, run,
                        data / "results.trunc")
    assert "SetP(relative=True)" in compared
    explained = rankbook("explain", "3", "0", "1", "2", "--metric", "nDCG(dcg='exp-log2')@5")
    assert explained == rankbook("explain", "3", "0", "1", "2", "--metric", "gdeval-nDCG@5")
    sheet = rankbook("exercises", "SetP(relative=True)", "--count", "2", "--seed", "3")
    assert sheet == rankbook("exercises", "SetRelP", "--count", "2", "--seed", "3")


def test_the_page_quotes_the_number_of_strings_checked_here():
    page = Path(__file__).resolve().parents[2] / "docs" / "guide" / "ir_measures.md"
    assert f"values of {len(SAME)} such strings equal ir_measures' own" in page.read_text()
