"""The one Markdown pipe-table writer: header, rule and rows, each cell already text.

The worked tables (`rankbook.explain`, `rankbook.explain_aggregation`), the Comparator's and
the report's tables (`rankbook.compare.tables.to_markdown`) and the commands' ``--markdown``
(``rankbook eval``, ``rankbook explain``) format their cells their own way and write the
table here.

>>> print(pipe_table(["k", "P@k"], [["1", "1.0000"], ["2", "0.5000"]], align="lr"))
| k | P@k |
| --- | ---: |
| 1 | 1.0000 |
| 2 | 0.5000 |
"""

from __future__ import annotations


def pipe_table(header, rows, *, align: str | None = None) -> str:
    """``| a | b |`` lines: the header, the rule (``---``, or ``---:`` where ``align`` has ``r``), the rows.

    ``align`` has one letter per column, ``l`` or ``r``; default: every column ``l``.
    """
    header = [str(cell) for cell in header]
    rule = ["---:" if letter == "r" else "---" for letter in (align or "l" * len(header))]
    return "\n".join("| " + " | ".join(line) + " |"
                     for line in [header, rule, *([str(c) for c in row] for row in rows)])
