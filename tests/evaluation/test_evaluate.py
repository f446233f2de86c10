"""rankbook.evaluate (rankbook.evaluation): measure names, options, one-sided topics, hand-computed values."""

from __future__ import annotations

import warnings
from fractions import Fraction

import pandas as pd
import pytest

from rankbook import InvalidValueError
from rankbook.evaluation import TopicMismatchWarning, evaluate, format_trec, parse_measures

QRELS = {"q1": {"a": 1, "b": 0, "c": 1, "z": 2}, "q2": {"x": 1}, "q3": {"k": 1}}
RUN = {"q1": {"a": 0.9, "b": 0.8, "c": 0.7, "u": 0.1}, "q2": {"y": 0.5, "x": 0.5},
       "q9": {"a": 1.0}}


def quiet(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TopicMismatchWarning)
        return evaluate(*args, **kwargs)


@pytest.mark.parametrize("canonical, trec", [
    ("P@10", "P_10"), ("R@100", "recall_100"), ("AP", "map"), ("AP@10", "map_cut_10"),
    ("RR", "recip_rank"), ("R-prec", "Rprec"), ("nDCG", "ndcg"), ("nDCG@10", "ndcg_cut_10"),
    ("bpref", "bpref"), ("success@5", "success_5"), ("iP@0.3", "iprec_at_recall_0.30"),
    ("11pt", "11pt_avg"), ("GMAP", "gm_map"), ("MAP", "map"), ("MRR", "recip_rank"),
])
def test_canonical_and_trec_names_agree(canonical, trec):
    [a] = parse_measures(canonical)
    [b] = parse_measures(trec)
    assert (a.family, a.param) == (b.family, b.param)
    assert a.label == canonical and a.trec == trec and b.label == trec


def test_families_expand_to_trec_eval_defaults():
    assert [m.trec for m in parse_measures("P")] == [
        "P_5", "P_10", "P_15", "P_20", "P_30", "P_100", "P_200", "P_500", "P_1000"]
    assert [m.trec for m in parse_measures("P.10,5")] == ["P_5", "P_10"]
    assert len(parse_measures("iprec_at_recall")) == 11
    assert [m.trec for m in parse_measures("success")] == ["success_1", "success_5", "success_10"]


@pytest.mark.parametrize("bad", ["mapp", "P@0", "P@x", "iP@1.5", "ndcg_cut.0"])
def test_unknown_measures_are_refused(bad):
    with pytest.raises(InvalidValueError):
        parse_measures(bad)


def test_every_measure_names_a_registry_function():
    for measure in parse_measures("all_trec"):
        if measure.family not in ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret"):
            assert measure.info is not None and callable(measure.info.function)


def test_hand_computed_values():
    result = quiet(QRELS, RUN, ["P@2", "AP", "RR", "num_rel", "num_ret", "R-prec"])
    assert list(result.index) == ["q1", "q2", "all"]
    # q1: ranking a(1) b(0) c(1) u(unjudged); R = 3 (a, c, z). AP = (1/1 + 2/3) / 3 = 5/9.
    assert result.loc["q1", "AP"] == pytest.approx(float(Fraction(5, 9)), abs=1e-15)
    # q2: tie at 0.5 -> docid descending: y before x; x relevant at rank 2.
    assert result.loc["q2", "RR"] == 0.5
    assert result.loc["q1", "R-prec"] == pytest.approx(2 / 3)
    assert result.loc["all", "num_rel"] == 4 and result.loc["all", "num_ret"] == 6
    assert result.loc["all", "P@2"] == pytest.approx((1 / 2 + 1 / 2) / 2)


def test_complete_scores_missing_qrels_topics_zero():
    result = quiet(QRELS, RUN, ["AP", "num_rel"], complete=True)
    assert list(result.index) == ["q1", "q2", "q3", "all"]
    assert result.loc["q3", "AP"] == 0.0 and result.loc["all", "num_rel"] == 5
    assert result.loc["all", "AP"] == pytest.approx((5 / 9 + 1 / 2 + 0) / 3)


@pytest.mark.parametrize("batch_path", [True, False], ids=["batch", "per-topic"])
def test_complete_num_rel_summary_counts_the_qrels_file(batch_path):
    # trec_eval's -c prints, as num_rel's summary, the judgments with a grade above 0 in the
    # whole qrels file, whatever -l says (m_num_rel.c, te_calc_avg_num_rel): QRELS has 5
    # (a, c, z of q1; x; k), while at level 2 the topics' own values sum to 1 (z).
    from rankbook.evaluation import _evaluate_textbook

    function = quiet if batch_path else _evaluate_textbook
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TopicMismatchWarning)
        at_two = function(QRELS, RUN, ["num_rel"], complete=True, relevance_level=2)
        without_c = function(QRELS, RUN, ["num_rel"], relevance_level=2)
    assert at_two.loc[["q1", "q2", "q3"], "num_rel"].sum() == 1
    assert at_two.loc["all", "num_rel"] == 5
    assert without_c.loc["all", "num_rel"] == 1  # without -c: the sum over the topics


def test_max_docs_and_relevance_level():
    result = quiet(QRELS, RUN, ["num_ret", "num_rel"], max_docs=2, relevance_level=2)
    assert result.loc["q1", "num_ret"] == 2 and result.loc["q1", "num_rel"] == 1


def test_one_sided_topics_are_reported():
    with pytest.warns(TopicMismatchWarning, match=r"1 topic\(s\) of the run .* 'q9'") as record:
        result = evaluate(QRELS, RUN, ["AP"])
    assert "'q3'" in str(record[0].message)
    assert result.attrs["only_in_run"] == ["q9"] and result.attrs["only_in_qrels"] == ["q3"]


def test_no_common_topic_is_an_error():
    with pytest.raises(InvalidValueError, match="no topic is both"):
        quiet({"a": {"d": 1}}, {"b": {"d": 1.0}})


def test_inputs_as_dataframes_and_summary_only():
    qrels = pd.DataFrame({"query": ["1", "1"], "doc": ["a", "b"], "grade": [1, 1]})
    run = pd.DataFrame({"query": ["1", "1"], "doc": ["a", "b"], "score": [2.0, 1.0]})
    result = evaluate(qrels, run, "P@1", per_query=False)
    assert list(result.index) == ["all"] and result.loc["all", "P@1"] == 1.0


@pytest.mark.parametrize("option", [{"max_docs": 0}, {"relevance_level": 0}, {"max_docs": 1.5}])
def test_bad_options(option):
    with pytest.raises(InvalidValueError):
        evaluate(QRELS, RUN, "AP", **option)


def test_format_trec_pads_like_trec_eval():
    text = format_trec(quiet(QRELS, RUN, ["gm_map", "P@5"]), header=True)
    lines = text.splitlines()
    assert lines[0] == "P_5                   \tq1\t0.4000"
    assert "gm_map                \tall\t" in text and "gm_map                \tq1" not in text
    assert lines[-4].startswith("runid                 \tall\trankbook")


def test_trec_eval_parameters_replace_the_defaults():
    # trec_eval -m all_trec -m P.5,7 prints P_5 and P_7 only (meas_init.c: a measure's given
    # parameters replace its defaults); canonical names stay columns of their own.
    labels = [m.label for m in parse_measures(["all_trec", "P.5,7", "P@10"])]
    assert [label for label in labels if label.startswith("P")] == ["P_5", "P_7", "P@10"]
    assert labels.index("P_5") == labels.index("iprec_at_recall_1.00") + 1
    assert [m.label for m in parse_measures(["map", "AP", "MAP", "map"])] == ["map", "AP", "MAP"]
    assert [m.label for m in parse_measures(["P", "P_7"])][-1] == "P_7"  # P_7 is not P.7


def test_a_column_of_the_result_copies_no_registry_entry():
    # pandas deep-copies a frame's attrs into every column it hands out; attrs["measures"]
    # lists the columns' Measures, each holding its registry entry (functions, parameter
    # grammar). Those are immutable, so a deep copy keeps them: before, every ``table["map"]``
    # copied the whole list (2.2 ms a column of test_batch.py's 103-column tables, most of
    # that file's time).
    import copy

    from rankbook.metrics.registry import METRICS

    table = quiet(QRELS, RUN, "all_trec")
    measures = table.attrs["measures"]
    column = table["map"]
    assert column.attrs["measures"] == measures
    assert all(a is b for a, b in zip(column.attrs["measures"], measures))
    assert copy.deepcopy(METRICS[0]) is METRICS[0]
    # what stays mutable is still copied: the lists themselves
    assert column.attrs["measures"] is not measures
    assert column.attrs["only_in_qrels"] is not table.attrs["only_in_qrels"]
