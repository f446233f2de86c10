"""Shared data of the significance-test tests.

SAKAI_TABLE_5_1: three systems (A, B, C) scored on 20 topics, from Table 5.1 of Sakai's book
"情報アクセス評価方法論" (Information access evaluation methodology, Coronasha, 2015), as
reproduced in the test suite of the Rust library elinor
(https://github.com/kampersanda/elinor, src/statistical_tests/two_way_anova_without_replication.rs,
student_t_test.rs and tukey_hsd_test.rs), which also prints the book's results that the tests
below compare with (rounded to the digits the book gives). Issue 10 of this project refers to the
same data as Sakai's "Laboratory Experiments in Information Retrieval" (2018), table 5.1, and
gives the exact Fisher randomisation p-value of A vs B, 0.0659.
"""

from __future__ import annotations

import pytest

SAKAI_TABLE_5_1 = {
    "A": [0.70, 0.30, 0.20, 0.60, 0.40, 0.40, 0.00, 0.70, 0.10, 0.30,
          0.50, 0.40, 0.00, 0.60, 0.50, 0.30, 0.10, 0.50, 0.20, 0.10],
    "B": [0.50, 0.10, 0.00, 0.20, 0.40, 0.30, 0.00, 0.50, 0.30, 0.30,
          0.40, 0.40, 0.10, 0.40, 0.20, 0.10, 0.10, 0.60, 0.30, 0.20],
    "C": [0.00, 0.00, 0.20, 0.10, 0.30, 0.30, 0.10, 0.20, 0.40, 0.40,
          0.40, 0.30, 0.30, 0.20, 0.20, 0.20, 0.10, 0.50, 0.40, 0.30],
}


@pytest.fixture
def sakai():
    """Sakai's table 5.1 as {system: 20 per-topic scores} (a fresh copy per test)."""
    return {name: list(values) for name, values in SAKAI_TABLE_5_1.items()}
