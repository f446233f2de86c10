"""The worked-example notebooks read like worked examples (issue 9).

Their checks stay (nbval runs every notebook in `make test`) but live in one final
"Check against the published figures" code cell, after a markdown cell of that title; the
teaching cells above hold no `assert`. The notebooks are stored executed, and a notebook that
draws on the lecture notes or the thesis section cites it in full.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CHECK_TITLE = "## Check against the published figures"


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 7, [p.name for p in NOTEBOOKS]


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_checks_are_in_the_final_cell_only(path):
    cells = _cells(path)
    code = [i for i, cell in enumerate(cells) if cell["cell_type"] == "code"]
    last = code[-1]
    assert last == len(cells) - 1, f"{path.name}: the last cell is not the check cell"
    title = "".join(cells[last - 1]["source"])
    assert cells[last - 1]["cell_type"] == "markdown" and CHECK_TITLE in title
    assert "assert " in "".join(cells[last]["source"])
    teaching = [i for i in code[:-1] if "assert " in "".join(cells[i]["source"])]
    assert not teaching, f"{path.name}: cells {teaching} mix asserts into the teaching"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_executed_and_passing(path):
    cells = [cell for cell in _cells(path) if cell["cell_type"] == "code"]
    assert all(cell["execution_count"] is not None for cell in cells), (
        f"{path.name}: run it (see toolchain notes) so that nbval compares its outputs")
    assert [cell["execution_count"] for cell in cells] == list(range(1, len(cells) + 1))
    outputs = cells[-1]["outputs"]
    assert outputs and not any(output["output_type"] == "error" for output in outputs), (
        f"{path.name}: the check cell has no output or an error")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_sources_are_cited_in_full(path):
    text = " ".join("".join(cell["source"]) for cell in _cells(path) if cell["cell_type"] ==
                    "markdown")
    if "lecture" in text.lower():
        # Y. Huang (2019), "Common information retrieval evaluation metrics".
        assert "Huang" in text and "2019" in text and "yonglhuang.com/ir-eval" in text, path.name
    if "thesis" in text.lower():
        assert "11-point Interpolated Average Precision - 11pIAP" in text, (
            f"{path.name}: say which thesis section (its paragraphs), and what is not known")
