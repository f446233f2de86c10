r"""The result of `rankbook.compare.compare`: means, tests per pair, and its exports.

A `ComparisonReport` holds the per-topic scores it was computed from, so it
can be re-drawn (`plot_differences`, `plot_distribution`) and written as a
DataFrame, plain text, Markdown, LaTeX (booktabs, the best mean in bold) or
JSON (`to_json` and `ComparisonReport.from_json` round-trip).

Marks on the means table (``table()``):

- with a baseline, ``▲`` (LaTeX $^{\uparrow}$) after a system significantly
  better than the baseline, ``▼`` ($^{\downarrow}$) after one significantly worse;
- without one, each system gets a letter (a, b, c, ...) and its mean is
  followed by the letters of the systems it is significantly better than
  (``0.4855 ^bc``; Markdown ``<sup>bc</sup>``, LaTeX $^{b c}$), the usual
  notation of IR papers.
"""

from __future__ import annotations

import json
import math
import string
from dataclasses import dataclass, fields
from typing import NamedTuple

from rankbook._errors import InvalidValueError
from rankbook.compare import tables
from rankbook.stats import registry

UP, DOWN = "▲", "▼"
TEST_NAMES = {name: entry.title for name, entry in registry.TESTS.items()}


class PairComparison(NamedTuple):
    """One pair of systems on one measure."""

    measure: str
    system_a: str
    system_b: str
    mean_a: float
    mean_b: float
    difference: float
    """mean_a - mean_b."""
    effect_size: float
    ci_low: float | None
    """Lower end of the interval of the difference (None when the test gives none)."""
    ci_high: float | None
    pvalue: float
    """The test's p-value (Tukey's: already adjusted for all pairs)."""
    adjusted_pvalue: float
    """After the correction (the p-value itself without one)."""
    significant: bool
    """adjusted_pvalue <= alpha."""
    wins: int
    """Topics where system_a scores higher."""
    ties: int
    losses: int


@dataclass(frozen=True)
class ComparisonReport:
    r"""Systems compared on per-topic scores: settings, scores and one `PairComparison` per pair and measure.

    Attributes
    ----------
    test, correction, baseline, alpha, confidence, tukey_method
        The settings of `compare_scores`.
    systems, measures, topics : tuple of str
        What was compared, in order.
    scores : dict
        ``{measure: {system: per-topic scores}}``.
    pairs : tuple of PairComparison
        Measure by measure, pair by pair.
    """

    test: str
    correction: str | None
    baseline: str | None
    alpha: float
    confidence: float
    tukey_method: str | None
    systems: tuple
    measures: tuple
    topics: tuple
    scores: dict
    pairs: tuple

    def per_topic(self, measure: str | None = None):
        """The per-topic scores of one measure (default: the first), topics x systems."""
        import pandas as pd

        measure = self._measure(measure)
        return pd.DataFrame(self.scores[measure], index=pd.Index(self.topics, name="topic"))

    def means(self):
        """Each system's mean of each measure, systems x measures."""
        import pandas as pd

        return pd.DataFrame({m: {s: math.fsum(v) / len(v) for s, v in self.scores[m].items()}
                             for m in self.measures}).loc[list(self.systems)]

    def to_frame(self):
        """The pairs as a DataFrame, one row per measure and pair."""
        import pandas as pd

        return pd.DataFrame([p._asdict() for p in self.pairs], columns=PairComparison._fields)

    def letters(self) -> dict:
        """``{system: letter}``: a, b, ..., z, A, ..., Z, then aa, ab, ..."""
        alphabet = string.ascii_lowercase + string.ascii_uppercase
        names = [alphabet[i] if i < len(alphabet) else alphabet[i // len(alphabet) - 1] +
                 alphabet[i % len(alphabet)] for i in range(len(self.systems))]
        return dict(zip(self.systems, names))

    def marks(self) -> dict:
        """``{(measure, system): marks}``: ``▲``/``▼`` against the baseline, else the letters beaten."""
        letters = self.letters()
        found = {(m, s): "" for m in self.measures for s in self.systems}
        for p in self.pairs:
            if not p.significant or p.difference == 0:
                continue
            if self.baseline is not None:
                found[(p.measure, p.system_a)] = UP if p.difference > 0 else DOWN
            else:
                winner, loser = (p.system_a, p.system_b) if p.difference > 0 else (p.system_b, p.system_a)
                found[(p.measure, winner)] += letters[loser]
        return {key: "".join(sorted(v)) if self.baseline is None else v for key, v in found.items()}

    def table(self, decimals: int = 4):
        """The means as text with their marks (systems x measures); the legend is ``.attrs["note"]``."""
        import pandas as pd

        marks, means = self.marks(), self.means()
        text = {}
        for m in self.measures:
            shown = [_plain(marks[(m, s)], self.baseline) for s in self.systems]
            width = max(len(mark) for mark in shown)   # same width: the decimal points align
            text[m] = [f"{means.loc[s, m]:.{decimals}f}" + mark.ljust(width)
                       for s, mark in zip(self.systems, shown)]
        table = pd.DataFrame(text, index=pd.Index(self._labels(), name="system"))
        table.attrs["note"] = self.note()
        return table

    def note(self) -> str:
        """The legend of the marks: what was tested, how, and what a mark means."""
        how = TEST_NAMES[self.test] + (f" ({self.tukey_method})" if self.tukey_method else "")
        fix = f", {self.correction} correction" if self.correction else ""
        base = f"{how}{fix}, alpha = {self.alpha:g}, {len(self.topics)} topics"
        if self.baseline is not None:
            return f"{base}; {UP}/{DOWN}: significantly better/worse than the baseline {self.baseline}."
        return f"{base}; letters: significantly better than the system with that letter."

    def to_text(self, decimals: int = 4) -> str:
        """The means table, its legend and the pairs, as plain text (the CLI's default).

        ``decimals`` applies to the means, the differences, the intervals and the p-values
        (adjusted ones too); the effect size has 3.
        """
        import pandas as pd

        pairs = self.to_frame()
        shown = pd.DataFrame({
            "measure": pairs["measure"],
            "pair": pairs["system_a"] + " - " + pairs["system_b"],
            "difference": pairs["difference"].map(lambda v: f"{v:+.{decimals}f}"),
            "effect": pairs["effect_size"].map(lambda v: f"{v:.3f}"),
            "interval": [_interval(lo, hi, decimals) for lo, hi in zip(pairs["ci_low"], pairs["ci_high"])],
            "p": pairs["pvalue"].map(lambda v: f"{v:.{decimals}f}"),
            "W/T/L": [f"{w}/{t}/{loss}" for w, t, loss in zip(pairs["wins"], pairs["ties"], pairs["losses"])],
        })
        if self.correction:
            shown.insert(6, f"p ({self.correction})",
                         pairs["adjusted_pvalue"].map(lambda v: f"{v:.{decimals}f}"))
        shown["sig."] = pairs["significant"].map(lambda s: "*" if s else "")
        return "\n".join([self.table(decimals).to_string(), "", self.note(), "",
                          shown.to_string(index=False)])

    def to_markdown(self, decimals: int = 4, *, pairs: bool = True) -> str:
        """The means (best in bold, marks as superscripts) and optionally the pairs, as Markdown."""
        means, marks = self.means(), self.marks()
        body = tables.to_markdown(means.set_axis(self._labels()).rename_axis("system"),
                                  decimals=decimals)
        lines = body.split("\n")
        for i, s in enumerate(self.systems):
            cells = lines[i + 2].split(" | ")
            for j, m in enumerate(self.measures):
                if marks[(m, s)]:
                    cells[j + 1] += _markdown_mark(marks[(m, s)], self.baseline)
            lines[i + 2] = " | ".join(cells)
        text = "\n".join(lines) + f"\n\n{self.note()}\n"
        if pairs:
            text += "\n" + tables.to_markdown(self._pairs_for_export(), decimals=decimals,
                                              bold_best=False) + "\n"
        return text

    def to_latex(self, decimals: int = 4, *, pairs: bool = False) -> str:
        r"""The means as a booktabs ``tabular`` (best in bold, marks as superscripts); the pairs too if asked."""
        means, marks = self.means(), self.marks()
        best = tables.best_rows(means, decimals)
        note = self.note().replace(UP, r"$\uparrow$").replace(DOWN, r"$\downarrow$")
        lines = [f"% {note}", r"\begin{tabular}{l" + "r" * len(self.measures) + "}",
                 r"\toprule", " & ".join(tables.latex_escape(h) for h in ["System", *self.measures])
                 + r" \\", r"\midrule"]
        for i, (s, label) in enumerate(zip(self.systems, self._labels())):
            cells = [tables.latex_escape(label)]
            for m in self.measures:
                value = f"{means.loc[s, m]:.{decimals}f}"
                cell = rf"\textbf{{{value}}}" if i in best.get(m, ()) else value
                cells.append(cell + _latex_mark(marks[(m, s)], self.baseline))
            lines.append(" & ".join(cells) + r" \\")
        lines += [r"\bottomrule", r"\end{tabular}"]
        text = "\n".join(lines)
        if pairs:
            text += "\n\n" + tables.to_latex(self._pairs_for_export(), decimals=decimals,
                                             bold_best=False)
        return text

    def to_json(self) -> str:
        """Everything (settings, scores, pairs) as JSON; ``from_json`` reads it back."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["pairs"] = [{k: _encode(v) for k, v in p._asdict().items()} for p in self.pairs]
        return json.dumps(data, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> ComparisonReport:
        """The report written by `to_json`."""
        data = json.loads(text)
        for name in ("systems", "measures", "topics"):
            data[name] = tuple(data[name])
        data["scores"] = {m: {s: tuple(v) for s, v in per.items()} for m, per in data["scores"].items()}
        data["pairs"] = tuple(PairComparison(**{k: _decode(v) for k, v in p.items()})
                              for p in data["pairs"])
        return cls(**data)

    def plot_differences(self, system_a: str, system_b: str, measure: str | None = None, *, ax=None):
        """Sorted bars of the per-topic differences of two systems (`plots.per_topic_differences`)."""
        from rankbook.compare.plots import per_topic_differences

        frame = self.per_topic(measure)
        for s in (system_a, system_b):
            if s not in frame.columns:
                raise InvalidValueError(f"{s!r} is not one of the systems: {', '.join(self.systems)}.")
        return per_topic_differences(frame[system_a] - frame[system_b], system_a, system_b,
                                     self._measure(measure), ax=ax)

    def plot_distribution(self, measure: str | None = None, *, kind: str = "box", ax=None):
        """A box or violin per system of its per-topic scores (`plots.per_topic_distribution`)."""
        from rankbook.compare.plots import per_topic_distribution

        return per_topic_distribution(self.per_topic(measure), self._measure(measure), kind=kind, ax=ax)

    def _measure(self, measure):
        if measure is None:
            return self.measures[0]
        if measure not in self.measures:
            raise InvalidValueError(f"measure={measure!r} is not one of {', '.join(self.measures)}.")
        return measure

    def _labels(self) -> list:
        if self.baseline is not None:
            return [f"{s} (baseline)" if s == self.baseline else s for s in self.systems]
        letters = self.letters()
        return [f"({letters[s]}) {s}" for s in self.systems]

    def _pairs_for_export(self):
        frame = self.to_frame().drop(columns=["mean_a", "mean_b"])
        frame.insert(1, "pair", frame.pop("system_a") + " - " + frame.pop("system_b"))
        return frame.set_index("measure")


def _plain(mark: str, baseline) -> str:
    return "" if not mark else f" {mark}" if baseline is not None else f" ^{mark}"


def _markdown_mark(mark: str, baseline) -> str:
    return f" {mark}" if baseline is not None else f"<sup>{mark}</sup>"


def _latex_mark(mark: str, baseline) -> str:
    if not mark:
        return ""
    if baseline is not None:
        return r"$^{\uparrow}$" if mark == UP else r"$^{\downarrow}$"
    return f"$^{{{mark}}}$"


def _interval(low, high, decimals: int) -> str:
    if low is None or high is None or (isinstance(low, float) and math.isnan(low)):
        return "-"
    return f"[{low:+.{decimals}f}, {high:+.{decimals}f}]"


def _encode(value):
    """JSON has no infinity (an effect size can be): write "inf" / "-inf", which `_decode` reads back."""
    if isinstance(value, float) and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def _decode(value):
    return float(value) if value in ("inf", "-inf") else value
