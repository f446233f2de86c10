"""rb.evaluate and `rankbook eval` with subtopic judgments, against pyndeval 0.0.8 run in the test.

pyndeval orders a topic's documents by score descending, ties by document id *ascending*;
rankbook (trec_eval's order) breaks ties by document id *descending*, and ndeval itself reads
the rank column unless told ``-traditional``. So pyndeval is given distinct scores in
trec_eval's order (computed here, independently of rankbook), while rankbook gets the run
with its ties; `test_tied_scores_are_ordered_as_trec_eval_not_as_pyndeval` shows the
difference on one topic.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import rankbook as rb
from rankbook._errors import InvalidValueError

pyndeval = pytest.importorskip("pyndeval")

MEASURES = {  # rankbook's name -> ndeval's
    "alpha_nDCG@20": "alpha-nDCG@20", "alpha_DCG@10": "alpha-DCG@10", "ERR_IA@5": "ERR-IA@5",
    "nERR_IA@20": "nERR-IA@20", "NRBP": "NRBP", "nNRBP": "nNRBP", "AP_IA": "MAP-IA",
    "P_IA@10": "P-IA@10", "StRecall@5": "strec@5",
}


def _trec_eval_order(scores: dict) -> list:
    """Score descending, ties by document id descending (two stable sorts)."""
    by_id = sorted(scores, reverse=True)
    return sorted(by_id, key=lambda doc: -scores[doc])


def _random_case(count: int, seed: int):
    """Subtopic qrels and a run with tied scores, unjudged documents and one-sided topics."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for t in range(count):
        query = f"q{t:04d}"
        docs = [f"d{i:02d}" for i in rng.permutation(25)[:int(rng.integers(1, 10))]]
        if rng.random() > 0.05:  # else: a topic only in the run
            qrels[query] = {f"s{s}": {doc: int(rng.choice([0, 1, 1, 2])) for doc in docs
                                      if rng.random() < 0.5}
                            for s in range(int(rng.integers(2, 7)))}
            qrels[query] = {s: judged for s, judged in qrels[query].items() if judged} or \
                {"s0": {docs[0]: 1}}
        if rng.random() > 0.05:  # else: a topic only in the qrels
            retrieved = docs + [f"u{i}" for i in range(int(rng.integers(0, 6)))]
            chosen = rng.permutation(len(retrieved))[:int(rng.integers(1, len(retrieved) + 1))]
            run[query] = {retrieved[i]: float(rng.integers(0, 6)) / 2 for i in chosen}  # ties
    return qrels, run


def _pyndeval_values(qrels, run, **kwargs):
    lines = [(q, s, d, g) for q, subtopics in qrels.items() for s, judged in subtopics.items()
             for d, g in judged.items()]
    ordered = [(q, doc, float(-rank)) for q, scores in run.items()
               for rank, doc in enumerate(_trec_eval_order(scores))]
    return pyndeval.ndeval(lines, ordered, measures=list(MEASURES.values()), **kwargs)


def _evaluate(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rb.TopicMismatchWarning)
        return rb.evaluate(*args, **kwargs)


@pytest.mark.slow
def test_evaluate_equals_pyndeval_per_topic_on_2000_random_topics():
    qrels, run = _random_case(2000, seed=31)
    oracle = _pyndeval_values(qrels, run)
    table = _evaluate(None, run, list(MEASURES), subtopic_qrels=qrels)
    topics = sorted(oracle)
    assert topics == [q for q in table.index if q != "all"]  # the topics on both sides only
    assert 1700 < len(topics) < 2000 and len(set(qrels) ^ set(run)) > 100
    for ours, theirs in MEASURES.items():
        expected = np.array([oracle[q][theirs] for q in topics])
        expected[np.isnan(expected)] = 0.0  # nNRBP of a topic with no relevant subtopic: 0/0
        error = np.abs(table.loc[topics, ours].to_numpy() - expected)
        assert error.max() < 1e-12, (ours, topics[int(error.argmax())])
        assert table.loc["all", ours] == pytest.approx(expected.mean(), abs=1e-12)


def test_max_docs_is_ndevals_depth_cut_and_complete_scores_a_missed_topic_0():
    qrels, run = _random_case(40, seed=5)
    cut = {q: dict((doc, scores[doc]) for doc in _trec_eval_order(scores)[:3])
           for q, scores in run.items()}
    oracle = _pyndeval_values(qrels, cut)
    table = _evaluate(None, run, list(MEASURES), subtopic_qrels=qrels, max_docs=3,
                      complete=True)
    for query in qrels:
        for ours, theirs in MEASURES.items():
            expected = oracle[query][theirs] if query in oracle else 0.0  # -c: run missed it
            expected = 0.0 if math.isnan(expected) else expected
            assert table.loc[query, ours] == pytest.approx(expected, abs=1e-12), (query, ours)
    assert any(query not in run for query in qrels)


def test_alpha_and_beta_settings_in_the_measure_names():
    qrels, run = _random_case(30, seed=9)
    oracle = _pyndeval_values(qrels, run, alpha=0.3, beta=0.8)
    table = _evaluate(None, run, ["alpha_nDCG(alpha=0.3)@20", "NRBP(alpha=0.3,beta=0.8)"],
                      subtopic_qrels=qrels)
    for query, values in oracle.items():
        assert table.loc[query, "alpha_nDCG(alpha=0.3)@20"] == \
            pytest.approx(values["alpha-nDCG@20"], abs=1e-12)
        assert table.loc[query, "NRBP(alpha=0.3,beta=0.8)"] == \
            pytest.approx(values["NRBP"], abs=1e-12)


def test_tied_scores_are_ordered_as_trec_eval_not_as_pyndeval():
    # a and b tie; trec_eval puts b (the larger id) first, pyndeval a. Only b is relevant.
    qrels = {"1": {"x": {"b": 1}, "y": {"a": 0}}}
    run = {"1": {"a": 1.0, "b": 1.0}}
    ours = _evaluate(None, run, ["ERR_IA@5"], subtopic_qrels=qrels).loc["1", "ERR_IA@5"]
    tied = pyndeval.ndeval([("1", "x", "b", 1), ("1", "y", "a", 0)],
                           [("1", "a", 1.0), ("1", "b", 1.0)], measures=["ERR-IA@5"])["1"]
    ranked = pyndeval.ndeval([("1", "x", "b", 1), ("1", "y", "a", 0)],
                             [("1", "b", 2.0), ("1", "a", 1.0)], measures=["ERR-IA@5"])["1"]
    assert ours == pytest.approx(ranked["ERR-IA@5"], abs=1e-12)
    assert ours > tied["ERR-IA@5"]  # b at rank 2 for pyndeval


def test_ordinary_qrels_stay_as_given_and_the_subtopic_matrices_follow_the_run():
    subtopics = {"1": {"a": {"A": 1}, "b": {"B": 1, "D": 1}, "c": {"C": 1}}}
    run = {"1": {"A": 9.3, "D": 8.4, "E": 8.1, "B": 7.6}}
    table = _evaluate({"1": {"A": 2, "E": 1}}, run, ["P@2", "alpha_nDCG@5", "MAP-IA"],
                      subtopic_qrels=subtopics)
    assert table.loc["1", "P@2"] == 0.5                      # the ordinary qrels: A relevant
    assert table.loc["1", "alpha_nDCG@5"] == pytest.approx(0.786895617614416, abs=1e-12)
    assert table.loc["1", "MAP-IA"] == 0.5                   # pyndeval's README


def test_a_diversity_measure_without_subtopic_judgments_says_what_to_add():
    with pytest.raises(InvalidValueError, match=r"alpha_nDCG@20.*subtopic_qrels=FILE.*"
                                                r"--subtopic-qrels FILE"):
        rb.evaluate({"1": {"a": 1}}, {"1": {"a": 1.0}}, ["P@5", "alpha_nDCG@20"])
    with pytest.raises(InvalidValueError, match="stream=False"):
        rb.evaluate({"1": {"a": 1}}, "run.txt", ["NRBP"], stream=True,
                    subtopic_qrels={"1": {"x": {"a": 1}}})


def test_rankbook_eval_subtopic_qrels_flag(tmp_path, capsys):
    from rankbook.cli import main

    subtopic_file, qrels_file, run_file = (tmp_path / name for name in ("div", "qrels", "run"))
    subtopic_file.write_text("1 a A 1\n1 b B 1\n1 b D 1\n1 c C 1\n")
    qrels_file.write_text("1 0 A 1\n1 0 B 1\n1 0 C 1\n1 0 D 1\n")
    run_file.write_text("1 Q0 A 1 9.3 r\n1 Q0 D 2 8.4 r\n1 Q0 E 3 8.1 r\n1 Q0 B 4 7.6 r\n")
    main(["eval", "--subtopic-qrels", str(subtopic_file), "-m", "ERR-IA@5", "-m", "strec@5",
          str(qrels_file), str(run_file)])
    rows = {line.split()[0]: float(line.split()[2]) for line in capsys.readouterr().out.splitlines()}
    assert rows["ERR-IA@5"] == pytest.approx(0.3933, abs=1e-4)  # pyndeval's README
    assert rows["strec@5"] == pytest.approx(2 / 3, abs=1e-4)


def test_several_runs_evaluate_many_and_the_command_line(tmp_path, capsys):
    """The per-topic path takes the qrels evaluate_many reads once (it refused them before)."""
    from rankbook.cli import main

    subtopics = {"1": {"a": {"A": 1}, "b": {"B": 1, "D": 1}, "c": {"C": 1}}}
    runs = [{"1": {"A": 9.3, "D": 8.4, "E": 8.1, "B": 7.6}}, {"1": {"B": 2.0, "C": 1.0}}]
    first, second = rb.evaluate_many(None, runs, ["ERR_IA@5"], engine="serial",
                                     subtopic_qrels=subtopics)
    assert first.loc["1", "ERR_IA@5"] == pytest.approx(0.39334341906202724, abs=1e-12)
    ideal_ideal = 3 * (1 + 0.5 / 2 + 0.25 / 3 + 0.125 / 4 + 0.0625 / 5)  # ndeval's, at k = 5
    assert second.loc["1", "ERR_IA@5"] == pytest.approx((1 + 1 / 2) / ideal_ideal, abs=1e-12)
    files = [tmp_path / name for name in ("div", "qrels", "r1", "r2")]
    files[0].write_text("1 a A 1\n1 b B 1\n1 b D 1\n1 c C 1\n")
    files[1].write_text("1 0 A 1\n1 0 B 1\n1 0 C 1\n1 0 D 1\n")
    files[2].write_text("1 Q0 A 1 9.3 r\n1 Q0 D 2 8.4 r\n1 Q0 E 3 8.1 r\n1 Q0 B 4 7.6 r\n")
    files[3].write_text("1 Q0 B 1 2.0 s\n1 Q0 C 2 1.0 s\n")
    main(["eval", "--subtopic-qrels", str(files[0]), "-m", "ERR-IA@5", "-j", "1",
          *map(str, files[1:])])
    printed = [float(line.split()[2]) for line in capsys.readouterr().out.splitlines()
               if line.startswith("ERR-IA@5")]
    assert printed == [0.3933, round((1 + 1 / 2) / ideal_ideal, 4)]
