"""The diversity measures' hand calculations (rankbook.explain.families.diversity) against ndeval.

The oracle is pyndeval 0.0.8 (ndeval 4.5's C source), run in the test, and the values its
README publishes for its example: one query, subtopics a, b, c; A relevant to a, B and D to b,
C to c; the run A, D, E (unjudged), B: ERR-IA@5 0.3933, nERR-IA@k 0.8297, alpha-DCG@5 0.4052,
alpha-nDCG@k 0.7868, NRBP 0.3906, nNRBP 0.8620, MAP-IA 0.5000, P-IA@5 0.2000, strec@5 0.6666
(https://github.com/terrierteam/pyndeval, README.md; four decimals, cut, not rounded). Typed
as subtopic tokens: the ranking ``a b - b``, the judged documents D, C, B, A (document id
descending, ndeval's tie order) ``b c b a``.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import rankbook as rb
from rankbook.explain import explain_metric
from rankbook.metrics.registry import by_name

pyndeval = pytest.importorskip("pyndeval")

README_QRELS = [("0", "a", "A", 1), ("0", "b", "B", 1), ("0", "b", "D", 1), ("0", "c", "C", 1)]
README_RUN = [("0", "A", 9.3), ("0", "D", 8.4), ("0", "E", 8.1), ("0", "B", 7.6)]
RANKING, JUDGED = "a b - b", "b c b a"

# registry name -> (ndeval's name, the rank k the value is read at, the README's published value)
MEASURES = {
    "ERR_IA@k": ("ERR-IA@5", 5, 0.3933), "nERR_IA@k": ("nERR-IA@5", 5, 0.8297),
    "alpha_DCG@k": ("alpha-DCG@5", 5, 0.4052), "alpha_nDCG@k": ("alpha-nDCG@5", 5, 0.7868),
    "NRBP": ("NRBP", 4, 0.3906), "nNRBP": ("nNRBP", 4, 0.8620), "AP_IA": ("MAP-IA", 4, 0.5000),
    "P_IA@k": ("P-IA@5", 5, 0.2000), "StRecall@k": ("strec@5", 5, 0.6666),
}


def _function_value(metric: str, ranked, judged, k: int, **conventions) -> float:
    function = by_name()[metric].function
    if "@" in metric:
        return function(ranked, judged, k, **conventions)
    return function(ranked, judged, **conventions)


@pytest.mark.parametrize("metric", list(MEASURES))
def test_the_readme_example_gives_the_published_value_the_functions_and_pyndevals(metric):
    ndeval_name, k, published = MEASURES[metric]
    ex = explain_metric(RANKING, metric, judged=JUDGED)
    ranked = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]]          # A, D, E, B
    judged = [[0, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]          # D, C, B, A
    oracle = pyndeval.ndeval(README_QRELS, README_RUN, measures=[ndeval_name])["0"][ndeval_name]
    assert ex.value(k) == _function_value(metric, ranked, judged, k)
    assert ex.value(k) == pytest.approx(oracle, abs=1e-12)
    assert 0 <= ex.value(k) - published < 1e-4          # the README cuts to four decimals
    assert not ex.notes                                  # everything was given


def _random_topics(count: int, seed: int):
    """Small topics: 2-4 subtopics, up to 6 judged documents (grades 0-2), unjudged ones ranked."""
    rng = random.Random(seed)
    topics = []
    for t in range(count):
        names = "abcd"[:rng.randint(2, 4)]
        docs = {f"d{i}": {s: rng.choice([0, 0, 1, 2]) for s in names}
                for i in range(rng.randint(1, 6))}
        pool = list(docs) + [f"u{i}" for i in range(rng.randint(0, 3))]
        rng.shuffle(pool)
        topics.append((f"t{t}", docs, pool[:rng.randint(1, len(pool))]))
    return topics


def _token(grades: dict) -> str:
    return ",".join(s if g == 1 else f"{s}:{g}" for s, g in grades.items() if g) or "-"


def test_random_topics_equal_pyndeval_for_every_measure():
    topics = _random_topics(25, seed=31)
    qrels = [(q, s, d, g) for q, docs, _ in topics for d, cells in docs.items()
             for s, g in cells.items()]
    run = [(q, d, float(-i)) for q, _, ranking in topics for i, d in enumerate(ranking)]
    names = {name for name, _, _ in MEASURES.values()}
    oracle = pyndeval.ndeval(qrels, run, measures=sorted({n for n in names if "@" not in n}
                                                         | {"ERR-IA@3", "nERR-IA@3",
                                                            "alpha-DCG@3", "alpha-nDCG@3",
                                                            "P-IA@3", "strec@3"}))
    checked = 0
    for query, docs, ranking in topics:
        tokens = [_token(docs.get(d, {})) for d in ranking]
        judged = " ".join(_token(docs[d]) for d in sorted(docs, reverse=True))  # ndeval's ties
        for metric, (ndeval_name, _, _) in MEASURES.items():
            name, k = (ndeval_name.split("@")[0] + "@3", 3) if "@" in ndeval_name else \
                (ndeval_name, len(tokens))
            expected = oracle.get(query, {}).get(name, 0.0)
            if name == "nNRBP" and math.isnan(expected):   # ndeval: 0/0; rankbook: 0
                expected = 0.0
            got = explain_metric(tokens, metric, judged=judged).value(k)
            assert got == pytest.approx(expected, abs=1e-12), (query, metric, tokens, judged)
            checked += 1
    assert checked == 25 * len(MEASURES)


def test_alpha_beta_and_the_ideal_rule_are_the_functions_keywords():
    qrels = [q[:3] + (1,) for q in README_QRELS]
    oracle = pyndeval.ndeval(qrels, README_RUN, measures=["alpha-nDCG@5", "NRBP"], alpha=0.3,
                             beta=0.8)["0"]
    ex = explain_metric(RANKING, "alpha_nDCG@5", judged=JUDGED, alpha=0.3)
    assert ex.value() == pytest.approx(oracle["alpha-nDCG@5"], abs=1e-12)
    ex = explain_metric(RANKING, "NRBP", judged=JUDGED, alpha=0.3, beta=0.8)
    assert ex.value() == pytest.approx(oracle["NRBP"], abs=1e-12)
    # the ideal ideal turns alpha-nDCG into alpha-DCG (ndeval's 0.4052 in its README)
    ex = explain_metric(RANKING, "alpha_nDCG@5", judged=JUDGED, ideal="ideal ideal")
    assert 0 <= ex.value() - 0.4052 < 1e-4
    assert "ideal ideal" in str(ex.show_work())


# --- the columns add up ---------------------------------------------------------------------

def _column(ex, name):
    return [ex.values_at(k)[name] for k in range(1, ex.depth + 1)]


@pytest.mark.parametrize("metric, discount", [("alpha_nDCG@k", "1/log2(i+1)"),
                                              ("nERR_IA@k", "1/i"), ("ERR_IA@k", "1/i")])
def test_the_discounted_gains_over_the_ideal_gains_are_the_value(metric, discount):
    ex = explain_metric("a,b b - c:2 a b", metric, judged="b c a,b a d,b", depth=7)
    gains, w = _column(ex, "g_i"), _column(ex, discount)
    ideal = _column(ex, "ideal g*")
    for k in range(2, 8):
        run = sum(g * x for g, x in zip(gains[:k], w[:k]))
        best = sum(g * x for g, x in zip(ideal[:k], w[:k]))
        assert ex.value(k) == pytest.approx(run / best, rel=1e-12), k
    # the first rank covers a and b, both new; the second b again, worth 1 - alpha
    assert gains[:3] == [2.0, 0.5, 0.0]
    assert ex.values_at(3)["P(stop)" if "ERR" in metric else "g_i"] == 0.0


def test_the_seen_counts_give_the_gains_and_nrbp_its_closed_form():
    ex = explain_metric("a,b b a c", "NRBP", judged="a b c a,b", alpha=0.3, beta=0.7)
    # rank 2: b seen once (0.7); rank 3: a seen once (0.7); rank 4: c new (1)
    assert [ex.values_at(k)["seen b"] for k in (1, 2, 3)] == [0, 1, 2]
    assert _column(ex, "g_i") == pytest.approx([2.0, 0.7, 0.7, 1.0])
    terms = sum(g * x for g, x in zip(_column(ex, "g_i"), _column(ex, "β^(i-1)")))
    assert ex.value() == pytest.approx((1 - 0.7 * 0.7) / 3 * terms, rel=1e-12)


def test_the_count_measures_columns():
    ex = explain_metric("a,b b - c", "P_IA@4", judged="a,b b c")
    assert _column(ex, "subtopics") == [2, 1, 0, 1] and ex.values_at(4)["Σ subtopics"] == 4
    assert ex.value() == 4 / (4 * 3)
    ex = explain_metric("a,b b - c", "StRecall@4", judged="a,b b c")
    assert _column(ex, "new") == ["a b", "·", "·", "c"] and _column(ex, "covered") == [2, 2, 2, 3]
    ex = explain_metric("a,b b - c", "AP_IA", judged="a,b b c")
    assert _column(ex, "found b") == [1, 2, 2, 2]
    # by hand: AP(a) = 1, AP(b) = (1/1 + 2/2)/2 = 1, AP(c) = (1/4)/1
    assert ex.value() == pytest.approx((1 + 1 + 0.25) / 3)


def test_the_greedy_ideal_list_is_shown_with_its_gains():
    work = str(explain_metric(RANKING, "alpha_nDCG@5", judged=JUDGED).show_work(5))
    assert "b c a b; gains 1, 1, 1, 0.5" in work
    assert work.splitlines()[-1] == "alpha-nDCG@5 = 1.8463/2.3463 = 0.7869"


def test_without_judged_documents_a_note_says_what_was_assumed():
    ex = explain_metric(RANKING, "StRecall@5")
    assert ex.value() == 1.0 and "No judged documents given" in ex.notes[0]


# --- what is typed: the tokens and their errors ----------------------------------------------

@pytest.mark.parametrize("ranking, judged, message", [
    ("a,,b -", None, r"rank 1: 'a,,b' has an empty subtopic name .*a,b"),
    ("a b:x", None, r"rank 2: 'b:x' gives subtopic b the grade 'x'.*b:2"),
    ("a,a", None, r"rank 1: 'a,a' names subtopic a twice"),
    ("a -b", None, r"rank 2: '-b' names the subtopic '-b'.*letters, digits"),
    ([1, 0], None, r"rank 1: 1 is a grade, but a diversity measure needs the subtopics"),
    ("", None, r"the ranking is empty"),
    ("a b b", "a b", (r"subtopic b \(first at rank 2\) is relevant in 2 ranked documents but "
                      r"in only 1 of judged")),
    ("a", "a,:2", r"judged document 1: 'a,:2' has an empty subtopic name"),
])
def test_a_mistyped_ranking_says_which_token_and_how_to_fix_it(ranking, judged, message):
    options = {} if judged is None else {"judged": judged}
    with pytest.raises(rb.InvalidValueError, match=message):
        explain_metric(ranking, "alpha_nDCG@5", **options)


def test_ideal_grades_are_refused_with_the_diversity_words():
    with pytest.raises(rb.InvalidValueError, match="ideal is the rule of .* list the topic's"):
        explain_metric(RANKING, "NRBP", ideal=[1, 1])


def test_the_command_line_reads_tokens_and_names_its_flags_in_errors(capsys):
    from types import SimpleNamespace

    from rankbook.cli import main

    def _rankbook(*args):
        status = main(list(args))
        out, err = capsys.readouterr()
        return SimpleNamespace(returncode=status, stdout=out, stderr=err)

    done = _rankbook("explain", "a", "b", "-", "b", "--metric", "alpha_nDCG@5", "--judged", "b",
                     "c", "b", "a", "--ideal-list", "greedy")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].split()[:3] == ["k", "subtopics", "seen"]
    assert done.stdout.rstrip().endswith("= 0.7869")
    done = _rankbook("explain", "a", "b", "--metric", "NRBP", "--ideal", "1", "1")
    assert done.returncode == 2 and "--judged" in done.stderr and "--ideal-list" in done.stderr
    done = _rankbook("explain", "a", "b", "b", "--metric", "NRBP", "--judged", "a", "b")
    assert done.returncode == 2 and "only 1 of --judged" in done.stderr
    done = _rankbook("explain", "a", "b", "--metric", "nDCG@2")
    assert done.returncode == 2 and "'a' is not a grade" in done.stderr


def test_the_grades_of_other_metrics_still_read_as_grades():
    ex = explain_metric([1, 0, 0, 0, 0], "nDCG@5", ideal=[1, 1, 1, 1])
    assert round(ex.value(), 5) == 0.39038
    assert np.isclose(rb.explain(["a", "b"], metric="StRecall@2", judged="a b c").value(), 2 / 3)
