"""explain(): the running table and the worked formulas (rankbook.explain).

The reference numbers are conventions.md's table for the seed's 8-element list
(FLAGR's documentation, page "Evaluation measures": relevant at ranks 1, 3, 4
and 6, four relevant) and its values for the lecture's 0-3 example (the slides
"Common information retrieval evaluation metrics"); both are in docs/conventions.md,
"Reference values". The worked-formula checks use the seed's
"example calculations at the 5th element".
"""

from __future__ import annotations

import math
import re

import pytest

import rankbook as rb

SEED = [1, 0, 1, 1, 0, 1, 0, 0]

# conventions.md, "Reference values": k, P, R, F1, DCG, IDCG, nDCG, AP@k /R,
# AP@k /rel. retrieved, AP@k /min(k,R).
REFERENCE = """
1 1.000000 0.250000 0.400000 1.000000 1.000000 1.000000 0.250000 1.000000 1.000000
2 0.500000 0.250000 0.333333 1.000000 1.630930 0.613147 0.250000 1.000000 0.500000
3 0.666667 0.500000 0.571429 1.500000 2.130930 0.703918 0.416667 0.833333 0.555556
4 0.750000 0.750000 0.750000 1.930677 2.561606 0.753698 0.604167 0.805556 0.604167
5 0.600000 0.750000 0.666667 1.930677 2.561606 0.753698 0.604167 0.805556 0.604167
6 0.666667 1.000000 0.800000 2.286884 2.561606 0.892754 0.770833 0.770833 0.770833
7 0.571429 1.000000 0.727273 2.286884 2.561606 0.892754 0.770833 0.770833 0.770833
8 0.500000 1.000000 0.666667 2.286884 2.561606 0.892754 0.770833 0.770833 0.770833
"""
COLUMNS = ["P@k", "R@k", "F1@k", "DCG@k", "IDCG@k", "nDCG@k"]
AP_VARIANTS = ["relevant", "retrieved_relevant", "min_k_relevant"]
ROWS = [[float(x) for x in line.split()] for line in REFERENCE.strip().splitlines()]


@pytest.mark.parametrize("denominator", AP_VARIANTS)
def test_seed_table_matches_conventions(denominator):
    table = rb.explain(SEED, 4, ap_denominator=denominator).table
    assert list(table.index) == list(range(1, 9))
    assert list(table.columns) == ["grade", "relevant", *COLUMNS, "AP@k"]
    assert list(table["grade"]) == SEED
    assert list(table["relevant"]) == [g == 1 for g in SEED]
    for row in ROWS:
        k = int(row[0])
        expected = dict(zip(COLUMNS, row[1:7]))
        expected["AP@k"] = row[7 + AP_VARIANTS.index(denominator)]
        for column, value in expected.items():
            assert table.loc[k, column] == pytest.approx(value, abs=1e-6), (k, column)


def test_seed_ap_column_as_printed():
    # The seed prints AP@k = 1.00 1.00 0.83 0.81 0.81 0.77 0.77 0.77: the
    # "retrieved_relevant" variant, not trec_eval's (over R).
    printed = [1.00, 1.00, 0.83, 0.81, 0.81, 0.77, 0.77, 0.77]
    table = rb.explain(SEED, 4, ap_denominator="retrieved_relevant").table
    assert [round(x, 2) for x in table["AP@k"]] == printed
    assert [round(x, 2) for x in rb.explain(SEED, 4).table["AP@k"]] != printed


def test_lecture_example_with_jarvelin_discount():
    # conventions.md: the lecture's DCG@k (J-K discount) and nDCG@10 = 0.882494.
    lecture = [3, 2, 3, 0, 0, 1, 2, 2, 3, 0]
    dcg = [3, 5, 6.892789, 6.892789, 6.892789, 7.279642, 7.992056, 8.658723, 9.605118, 9.605118]
    table = rb.explain(lecture, discount="jarvelin").table
    assert list(table["DCG@k"]) == pytest.approx(dcg, abs=5e-7)
    assert table.loc[10, "nDCG@k"] == pytest.approx(0.882494, abs=5e-7)


def test_table_is_a_copy():
    ex = rb.explain(SEED, 4)
    table = ex.table
    table.loc[1, "P@k"] = 99.0
    assert ex.table.loc[1, "P@k"] == 1.0


# --- notes -----------------------------------------------------------------------

def test_without_n_relevant_the_R_columns_are_left_out_with_a_note():
    ex = rb.explain(SEED)
    assert not {"R@k", "F1@k", "AP@k"} & set(ex.table.columns)
    assert {"P@k", "DCG@k", "IDCG@k", "nDCG@k"} <= set(ex.table.columns)
    assert len(ex.notes) == 1
    note = ex.notes[0]
    assert "R@k" in note and "F1@k" in note and "AP@k" in note and "n_relevant" in note
    assert note in str(ex)
    assert note in ex._repr_html_()


def test_without_n_relevant_the_retrieved_relevant_ap_is_still_there():
    ex = rb.explain(SEED, ap_denominator="retrieved_relevant")
    assert "AP@k" in ex.table.columns
    assert "AP@k" not in ex.notes[0]
    assert round(ex.table.loc[5, "AP@k"], 2) == 0.81  # the seed's AP@5


def test_no_note_when_everything_is_known():
    assert rb.explain(SEED, 4).notes == ()


def test_note_when_relevant_documents_were_not_retrieved():
    ex = rb.explain(SEED, 6)
    assert len(ex.notes) == 1
    assert "ideal" in ex.notes[0] and "6" in ex.notes[0]
    # Passing the query's grades as `ideal` answers it: no note, and a lower nDCG.
    full = rb.explain(SEED, 6, ideal=[1] * 6)
    assert full.notes == ()
    # IDCG@8 over six relevant documents: sum_{i=1}^{6} 1/log2(i+1).
    idcg = sum(1 / math.log2(i + 1) for i in range(1, 7))
    assert full.table.loc[8, "IDCG@k"] == pytest.approx(idcg, rel=1e-12)


# --- show_work --------------------------------------------------------------------

def test_show_work_5_reproduces_the_seed_calculations():
    # The seed: Precision@5 = 3/5 = 0.60, Recall@5 = 3/4 = 0.75, DCG@5 = 1.93, IDCG@5 = 2.56,
    # nDCG@5 = 0.75; conventions.md gives 1.930677, 2.561606, 0.753698 (4 decimals here).
    text = str(rb.explain(SEED, 4).show_work(5))
    for fragment in ("3/5", "3/4", "0.6000", "0.7500", "1.9307", "2.5616", "0.7537"):
        assert fragment in text
    lines = text.splitlines()
    assert lines[0].startswith("P@5") and lines[0].endswith("3/5 = 0.6000")
    assert lines[1].startswith("R@5") and lines[1].endswith("3/4 = 0.7500")
    assert lines[2].startswith("F1@5") and lines[2].endswith("= 0.6667")  # 2/3
    assert lines[3].startswith("DCG@5") and lines[3].endswith("= 1.9307")
    assert lines[4].startswith("IDCG@5") and lines[4].endswith("= 2.5616")
    assert lines[5].startswith("nDCG@5") and lines[5].endswith("= 0.7537")
    assert lines[6].startswith("AP@5")
    assert "1/1 + 2/3 + 3/4" in lines[6]


def test_show_work_ap_denominator_follows_the_convention():
    # The seed's AP@5 = (1 + 0.67 + 0.75)/3 = 0.81; trec_eval's divides by R = 4: 29/48.
    seed_style = str(rb.explain(SEED, 4, ap_denominator="retrieved_relevant").show_work(5))
    assert "(1/1 + 2/3 + 3/4) / 3 = 0.8056" in seed_style
    trec_style = str(rb.explain(SEED, 4).show_work(5))
    assert "(1/1 + 2/3 + 3/4) / 4 = 0.6042" in trec_style
    min_style = str(rb.explain(SEED, 4, ap_denominator="min_k_relevant").show_work(2))
    assert "(1/1) / 2 = 0.5000" in min_style


def test_show_work_markdown():
    work = rb.explain(SEED, 4).show_work(5)
    markdown = work.markdown
    assert work._repr_markdown_() == markdown
    assert r"\frac" in markdown
    assert markdown.count("$$") == 2 * len(str(work).splitlines())
    assert r"\frac{3}{5}" in markdown and r"\frac{3}{4}" in markdown


def test_show_work_without_n_relevant_skips_the_R_formulas():
    text = str(rb.explain(SEED).show_work(5))
    assert not re.search(r"^(R@|F1@|AP@)", text, re.M)
    assert "P@5" in text and "nDCG@5" in text


def _dcg_line_terms(line: str) -> list[float]:
    """The terms of a plain-text DCG line ('NAME@k = t1 + t2 + ... = value'), evaluated."""
    terms = line.split(" = ")[1].split(" + ")
    python = [t.replace("^", "**").replace("log2", "math.log2") for t in terms]
    return [eval(term, {"math": math}) for term in python]  # noqa: S307 (our own output)


@pytest.mark.parametrize("grades, options", [
    (SEED, {}),
    ([3, 2, 3, 0, 0, 1, 2, 2, 3, 0], {"discount": "jarvelin"}),
    ([3, 2, 3, 0, 0, 1, 2, 2, 3, 0], {"gain": "exponential"}),
    ([3, 2, 3, 0, 0, 1, 2, 2, 3, 0], {"gain": "exponential", "discount": "jarvelin"}),
    ([0, -1, 2, None, 1], {"ideal": [2, 2, 1, 0, -1]}),
])
@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_show_work_terms_add_up_to_the_table(grades, options, k):
    ex = rb.explain(grades, **options)
    lines = {line.split(" = ")[0]: line for line in str(ex.show_work(k)).splitlines()}
    for name in ("DCG", "IDCG"):
        line = lines[f"{name}@{k}"]
        terms = _dcg_line_terms(line)
        assert len(terms) == k
        assert math.fsum(terms) == pytest.approx(ex.table.loc[k, f"{name}@k"], rel=1e-12)
        assert line.endswith(f"= {ex.table.loc[k, f'{name}@k']:.4f}")


def test_show_work_decimals():
    assert str(rb.explain(SEED, 4).show_work(5, decimals=2)).splitlines()[0].endswith("= 0.60")


# --- display --------------------------------------------------------------------------

def test_displays():
    ex = rb.explain(SEED, 4)
    assert "<table" in ex._repr_html_()
    assert "nDCG@k" in str(ex) and repr(ex) == str(ex)
    markdown = ex.to_markdown()
    assert markdown.splitlines()[0].startswith("| k | grade | relevant | P@k")
    assert "| 5 | 0 | no | 0.6000 | 0.7500 | 0.6667 | 1.9307 | 2.5616 | 0.7537 |" in markdown
