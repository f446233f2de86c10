r"""`Explanation`: the core table of `explain` (P@k ... AP@k at every rank) and its worked formulas."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rankbook import _validate
from rankbook._markdown import pipe_table
from rankbook.explain.worksheet import Worksheet, worked_steps, written_number
from rankbook.metrics.average_precision import average_precision
from rankbook.metrics.dcg import dcg_at_k, idcg_at_k, ndcg_at_k
from rankbook.metrics.interpolation import interpolated_precision
from rankbook.metrics.lag import lag
from rankbook.metrics.precision import f1_at_k, precision_at_k, recall_at_k
from rankbook.metrics.roc import roc_curve


@dataclass(frozen=True)
class Explanation:
    """The result of `explain`: the running table and the worked formulas."""

    grades: tuple[float, ...]
    n_relevant: int | None
    ideal: tuple[float, ...]
    gain: str
    discount: str
    ap_denominator: str
    relevance_level: float
    notes: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    n_nonrelevant: int | None = None
    depth: int = 0
    _table: list = field(default_factory=list, repr=False, compare=False)

    @property
    def table(self):
        """pandas DataFrame, one row per rank k: grade, relevant, then the metric columns."""
        if not self._table:
            self._table.append(self._build_table())
        return self._table[0].copy()

    def values_at(self, k: int) -> dict[str, float]:
        """Every column's value at rank k (k may pass the end of the list), each from its function."""
        grades, R, t = self.grades, self.n_relevant, self.relevance_level
        dcg_options = {"gain": self.gain, "discount": self.discount}
        values = {"P@k": precision_at_k(grades, k, relevance_level=t)}
        if R is not None:
            values["R@k"] = recall_at_k(grades, k, R, relevance_level=t)
            values["F1@k"] = f1_at_k(grades, k, R, relevance_level=t)
        values["DCG@k"] = dcg_at_k(grades, k, **dcg_options)
        values["IDCG@k"] = idcg_at_k(self.ideal, k, **dcg_options)
        values["nDCG@k"] = ndcg_at_k(grades, k, ideal=self.ideal, **dcg_options)
        if R is not None or self.ap_denominator == "retrieved_relevant":
            values["AP@k"] = average_precision(
                grades, R, k=k, denominator=self.ap_denominator, relevance_level=t
            )
        values.update(self._extra_values_at(k))
        return values

    def _extra_values_at(self, k: int) -> dict[str, float]:
        """The optional columns at rank k, each from its own function."""
        grades, R, t = self.grades, self.n_relevant, self.relevance_level
        values = {}
        if "iP@k" in self.extra:
            recall = recall_at_k(grades, k, R, relevance_level=t)
            values["iP@k"] = interpolated_precision(grades, R, recall, relevance_level=t)
        if "TPR@k" in self.extra or "FPR@k" in self.extra:
            fpr, tpr = roc_curve(grades, n_relevant=R, n_nonrelevant=self.n_nonrelevant,
                                 relevance_level=t)
            if "TPR@k" in self.extra:
                values["TPR@k"] = float(tpr[min(k, len(grades))])
            if "FPR@k" in self.extra:
                values["FPR@k"] = float(fpr[min(k, len(grades))])
        if "LAG@k" in self.extra:
            values["LAG@k"] = lag(grades[:k], relevance_level=t)
        return values

    def _build_table(self):
        import pandas as pd

        rows = []
        for k in range(1, max(len(self.grades), self.depth) + 1):
            grade = self.grades[k - 1] if k <= len(self.grades) else float("nan")
            row = {"k": k, "grade": grade, "relevant": bool(grade >= self.relevance_level)}
            row.update(self.values_at(k))
            rows.append(row)
        return pd.DataFrame(rows).set_index("k")

    def show_work(self, k: int, *, decimals: int = 4) -> Worksheet:
        """The formulas at rank k with the numbers substituted.

        Parameters
        ----------
        k : int
            The rank, k >= 1. Past the end of the list the missing ranks count
            as non-relevant (as in trec_eval), and the first step says so.
        decimals : int, default 4
            Decimals shown for intermediate and final values.

        Returns
        -------
        Worksheet
            Renders as Markdown with LaTeX in Jupyter; ``str()`` gives plain text.
        """
        k = _validate.cutoff(k)
        deep = self if k <= max(len(self.grades), self.depth) else replace(self, depth=k, _table=[])
        return Worksheet(tuple(worked_steps(deep, k, decimals)))

    def to_markdown(self, decimals: int = 4) -> str:
        """The table as a Markdown pipe table."""
        table = self.table
        rows = []
        for k, row in table.iterrows():
            cells = [str(k)]
            for column, value in row.items():
                if column == "relevant":
                    cells.append(_relevant_cell(value, k, len(self.grades)))
                elif column == "grade":
                    cells.append("—" if value != value else written_number(value, decimals))
                elif value != value:  # NaN: LAG@k before the first relevant document
                    cells.append("—")
                else:
                    cells.append(f"{value:.{decimals}f}")
            rows.append(cells)
        return pipe_table(["k", *table.columns], rows)

    def __str__(self) -> str:
        text = self.table.round(4).to_string()
        return "\n".join([text, *self.notes])

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        html = self.table.to_html(
            formatters={"grade": lambda grade: "—" if grade != grade else written_number(grade, 4)},
            float_format=lambda x: f"{x:.4f}",
        )
        notes = "".join(f"<p><em>Note:</em> {note}</p>" for note in self.notes)
        return html + notes


def _relevant_cell(relevant: bool, k: int, n: int) -> str:
    """yes / no, and "no (past the end)" for a rank the list does not reach."""
    return "no (past the end)" if k > n else ("yes" if relevant else "no")
