r"""The one list of significance tests and p-value corrections: `TESTS` and `CORRECTIONS`.

Everything that lists the tests reads them from here: the exports of
`rankbook.stats`, the ``test=`` and ``correction=`` choices of
`rankbook.compare` and how it calls each test, the report's headings,
``rankbook compare --test`` (its choices and help), the table of the
Comparing systems page (docs/comparing/index.md) and the API pages. A
test is added with its function, one `StatTest` entry, its page and its
tests (docs/contributing.md, "Adding a significance test").

>>> tuple(name for name, entry in TESTS.items() if entry.kind == "paired")
('t', 'randomization', 'wilcoxon', 'bootstrap')
>>> TESTS["t"].function.__name__, TESTS["t"].reports
('paired_t_test', ('p', 'effect size', 'interval'))
>>> tuple(CORRECTIONS)
('bonferroni', 'holm', 'benjamini_hochberg')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rankbook._catalogue import Entry
from rankbook.stats import anova, corrections, paired, resampling, tukey, unpaired

KINDS = {
    "paired": "2 systems on the same topics, paired by topic",
    "unpaired": "2 independent samples",
    "multi": "m systems on the same topics, every pair",
    "omnibus": "m systems on the same topics, one question for all",
}
REPORTS = ("p", "effect size", "interval")


@dataclass(frozen=True, kw_only=True)
class StatTest(Entry):
    """One significance test: a catalogue row (`rankbook._catalogue.Entry`: name, function,
    title, page, aliases) and what the floors above need to know.

    Built with keywords only (``StatTest(name="t", function=..., ...)``): a row of
    14 fields read by position is a row whose fields are easily swapped.

    ``compare`` is how `rankbook.compare` calls it: ``(frame, pairs, options) ->``
    one ``(p-value, effect size, interval or None)`` per pair, where ``frame`` is a
    topics x systems DataFrame and ``options`` holds ``confidence``,
    ``tukey_method``, ``n_resamples`` (None: the test's own) and ``seed``; None for
    a test `compare` does not offer. ``help`` is its line in ``rankbook compare
    --help``; ``effect`` and ``interval`` say which effect size and interval
    `compare` reports with it; ``methods`` are the choices of ``tukey_method``.
    """

    result: type
    kind: str
    question: str
    reports: tuple
    alternative: bool
    compare: Callable | None = None
    help: str = ""
    effect: str = ""
    interval: str = ""
    methods: tuple = ()


@dataclass(frozen=True, kw_only=True)
class Correction(Entry):
    """One p-value correction: ``correct_pvalues(p, method=name)``, a catalogue row."""

    controls: str
    page: str = "comparing/multiple_comparisons.md"
    function: Callable = corrections.correct_pvalues


def _resamples(options: dict) -> dict:
    extra = {"seed": options["seed"]}
    if options["n_resamples"] is not None:
        extra["n_resamples"] = options["n_resamples"]
    return extra


def _t_effect_and_interval(test: Callable):
    """Pairs by ``test``'s p-value, with the paired t-test's effect size and interval."""
    def each(frame, pairs, options) -> list:
        rows = []
        for a, b in pairs:
            x, y = frame[a].to_numpy(dtype=float), frame[b].to_numpy(dtype=float)
            t = paired.paired_t_test(x, y, confidence=options["confidence"])
            p = t.pvalue if test is paired.paired_t_test else test(x, y, **_resamples(options)).pvalue
            rows.append((p, t.effect_size, t.confidence_interval))
        return rows
    return each


def _wilcoxon(frame, pairs, options) -> list:
    rows = []
    for a, b in pairs:
        x, y = frame[a].to_numpy(dtype=float), frame[b].to_numpy(dtype=float)
        w = paired.wilcoxon_test(x, y)
        t = paired.paired_t_test(x, y, confidence=options["confidence"])
        rows.append((w.pvalue, w.effect_size, t.confidence_interval))
    return rows


def _unpaired(frame, pairs, options) -> list:
    rows = []
    for a, b in pairs:
        r = unpaired.unpaired_t_test(frame[a].to_numpy(dtype=float),
                                     frame[b].to_numpy(dtype=float),
                                     confidence=options["confidence"])
        rows.append((r.pvalue, r.effect_size, r.confidence_interval))
    return rows


def _tukey(frame, pairs, options) -> list:
    extra = {} if options["n_resamples"] is None else {"n_resamples": options["n_resamples"]}
    result = tukey.tukey_hsd(frame, method=options["tukey_method"],
                             confidence=options["confidence"], seed=options["seed"], **extra)
    found = [result.comparison(a, b) for a, b in pairs]
    return [(c.pvalue, c.effect_size, c.confidence_interval) for c in found]


_ALL = ("p", "effect size", "interval")
EFFECT_T = r"$\bar d / s_d$"
T_INTERVAL = "the paired t interval"
TESTS: dict[str, StatTest] = {entry.name: entry for entry in (
    StatTest(name="t", function=paired.paired_t_test, result=paired.PairedTTestResult,
             kind="paired", title="paired t-test", page="comparing/paired_t_test.md",
             question="mean per-topic difference is 0", reports=_ALL, alternative=True,
             compare=_t_effect_and_interval(paired.paired_t_test), help="paired t-test",
             effect=EFFECT_T, interval=r"$\bar d \pm t_{n-1}\, s_d/\sqrt{n}$"),
    StatTest(name="randomization", function=resampling.randomization_test,
             result=resampling.RandomizationTestResult, kind="paired",
             title="randomisation test", page="comparing/randomization_test.md",
             question="the two scores of each topic are exchangeable", reports=("p",),
             alternative=True, compare=_t_effect_and_interval(resampling.randomization_test),
             help="randomisation test (exact for up to 20 topics)", effect=EFFECT_T,
             interval=T_INTERVAL),
    StatTest(name="wilcoxon", function=paired.wilcoxon_test, result=paired.WilcoxonTestResult,
             kind="paired", title="Wilcoxon signed-rank test", page="comparing/wilcoxon_test.md",
             question="differences symmetric around 0", reports=("p", "effect size"),
             alternative=True, compare=_wilcoxon, help="Wilcoxon signed-rank test",
             effect="rank-biserial $(W^+ - W^-)/(W^+ + W^-)$", interval=T_INTERVAL),
    StatTest(name="bootstrap", function=resampling.bootstrap_test,
             result=resampling.BootstrapTestResult, kind="paired", title="bootstrap test",
             page="comparing/bootstrap_test.md", question="mean difference is 0",
             reports=("p",), alternative=True,
             compare=_t_effect_and_interval(resampling.bootstrap_test),
             help="Sakai's bootstrap test", effect=EFFECT_T, interval=T_INTERVAL),
    StatTest(name="unpaired_t", function=unpaired.unpaired_t_test,
             result=unpaired.UnpairedTTestResult, kind="unpaired", title="unpaired t-test",
             page="comparing/unpaired_t_test.md", question="the two samples' means are equal",
             reports=_ALL, alternative=True, compare=_unpaired,
             help="Student's two-sample t-test, topics ignored (to show what pairing buys)",
             effect=r"Cohen's $d = (\bar x_a - \bar x_b)/s_p$",
             interval=r"$\bar x_a - \bar x_b \pm t_{2n-2}\, s_p \sqrt{2/n}$"),
    StatTest(name="anova", function=anova.two_way_anova, result=anova.TwoWayAnovaResult,
             kind="omnibus", title="two-way ANOVA", page="comparing/two_way_anova.md",
             question="all system means equal, topic effect removed", reports=("p",),
             alternative=False),
    StatTest(name="tukey", function=tukey.tukey_hsd, result=tukey.TukeyHSDResult, kind="multi",
             title="Tukey HSD", page="comparing/tukey_hsd.md",
             question="each pair's means equal (family-wise)", reports=_ALL, alternative=False,
             compare=_tukey, help="Tukey HSD over all runs; already adjusted for every pair, "
             "so no correction", effect=r"$\bar d / \sqrt{V_E}$",
             interval="simultaneous (none for `\"randomized\"`)", methods=tukey.TUKEY_METHODS),
)}

CORRECTIONS: dict[str, Correction] = {entry.name: entry for entry in (
    Correction(name="bonferroni", controls="family-wise error rate", title="Bonferroni"),
    Correction(name="holm", controls="family-wise error rate", title="Holm"),
    Correction(name="benjamini_hochberg", controls="false discovery rate",
               title="Benjamini-Hochberg"),
)}


def tukey_methods() -> tuple:
    """The choices of ``tukey_method`` in `rankbook.compare` (those of the multi-system test)."""
    return next(entry.methods for entry in TESTS.values() if entry.methods)


def compared() -> dict[str, StatTest]:
    """The tests `rankbook.compare` offers (``test=``), in registry order."""
    return {name: entry for name, entry in TESTS.items() if entry.compare is not None}


def markdown_table(link_prefix: str) -> str:
    """The table of every test and correction: function, systems, question, reports, page.

    Each page is a link; ``link_prefix`` is the way from the page showing the table to
    the docs root (``"../"`` from docs/comparing/index.md).
    """
    rows = ["| function | `compare` name | systems | null hypothesis | reports | page |",
            "| --- | --- | --- | --- | --- | --- |"]
    for entry in TESTS.values():
        name = f"`{entry.name}`" if entry.compare is not None else "-"
        rows.append(f"| `{entry.function.__name__}` | {name} | {KINDS[entry.kind]} | "
                    f"{entry.question} | {', '.join(entry.reports)} | "
                    f"{_page(entry, link_prefix)} |")
    for entry in CORRECTIONS.values():
        rows.append(f"| `correct_pvalues(method=\"{entry.name}\")` | `{entry.name}` "
                    f"(`correction=`) | - | controls the {entry.controls} | adjusted p | "
                    f"{_page(entry, link_prefix)} |")
    return "\n".join(rows)


def compare_table() -> str:
    """The tests of `rankbook.compare`: name, function, effect size and interval it reports."""
    rows = ["| ``test`` | p-value | effect size | interval of the mean difference |",
            "| --- | --- | --- | --- |"]
    for name, entry in compared().items():
        rows.append(f"| ``\"{name}\"`` | `{entry.function.__name__}` | {entry.effect} | "
                    f"{entry.interval} |")
    return "\n".join(rows)


def _page(entry, link_prefix: str) -> str:
    return f"[{entry.title}]({link_prefix}{entry.page})"


def exports() -> dict:
    """``{name: object}`` that `rankbook.stats` exports: every function and result class."""
    out = {}
    for entry in TESTS.values():
        out[entry.function.__name__] = entry.function
        out[entry.result.__name__] = entry.result
    out[corrections.correct_pvalues.__name__] = corrections.correct_pvalues
    return out
