"""same_name_bars draws the table it is given: one bar per tool and measure, a dash where none.

Expected values are the table's own cells (the figure computes nothing), and the layout rule:
group i of n tools spans i - 0.4 .. i + 0.4, bar j of it centred at i - 0.4 + 0.8 (j + 0.5) / n.
"""

from __future__ import annotations

import math

import pandas as pd
import pytest

from rankbook._errors import InvalidValueError
from rankbook.plots import same_name_bars

TABLE = pd.DataFrame({"trec_eval": [0.5676, 0.3411, None], "cwl_eval": [1.5619, 1.0232, None],
                      "gdeval": [None, None, 0.3117]}, index=["AP", "RBP", "ERR@5"])


def test_each_bar_is_its_cell_and_sits_in_its_measures_group():
    ax = same_name_bars(TABLE)
    assert [c.get_label() for c in ax.containers] == ["trec_eval", "cwl_eval", "gdeval"]
    for j, container in enumerate(ax.containers):
        for i, bar in enumerate(container):
            cell = TABLE.iloc[i, j]
            assert bar.get_height() == (0.0 if cell is None or math.isnan(cell) else cell)
            centre = bar.get_x() + bar.get_width() / 2
            assert centre == pytest.approx(i - 0.4 + 0.8 * (j + 0.5) / 3)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["AP", "RBP", "ERR@5"]
    assert ax.get_ylim()[1] == pytest.approx(1.5619 * 1.25)


def test_missing_cells_are_dashes_and_values_are_printed_to_four_decimals():
    labels = [t.get_text().strip() for t in same_name_bars(TABLE).texts]
    assert labels == ["0.5676", "0.3411", "—", "1.5619", "1.0232", "—", "—", "—", "0.3117"]


def test_a_cell_that_is_not_a_number_and_too_many_tools_are_refused():
    with pytest.raises(InvalidValueError, match=r"table\['AP', 'trec_eval'\] = 'high'"):
        same_name_bars(pd.DataFrame({"trec_eval": ["high"]}, index=["AP"]))
    with pytest.raises(InvalidValueError, match="1 to 6 tools"):
        same_name_bars(pd.DataFrame({f"tool{i}": [0.5] for i in range(7)}, index=["AP"]))
