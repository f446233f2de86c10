"""Everything generated from the metric registry agrees with it, and with trec_eval.

The registry (``rankbook.metrics.registry.METRICS``) is the one list of metrics. From it come
the measure-name parser and the per-topic path of ``rankbook.evaluate``, the summary row, the
measure list of ``rankbook eval --help``, the table of measure names of the guide *Evaluating
runs* and the docs' metric index (both by ``docs/hooks/catalogues.py``). These tests fail when
any of them leaves an entry out or disagrees with it, and when the registry disagrees with
trec_eval's own measure list: the families of ``-m all_trec`` in trec_eval's regression output
``tests/data/trec_eval/out.test.a`` (trec_eval 9.0.8, usnistgov/trec_eval).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import sys
from pathlib import Path

import pytest

import rankbook.evaluation
import rankbook.metrics.registry as registry
from rankbook.cli import build_parser
from rankbook.evaluation import kernels
from rankbook.evaluation.measure_lists import canonical_names, trec_names
from rankbook.evaluation.measures import Measure, parse_measures
from rankbook.metrics import means
from rankbook.metrics.registry import METRICS, SUMMARY_RULES, TopicData

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
EVALUABLE = [m for m in METRICS if m.evaluable]
# trec_eval 9's all_trec families that no registry entry computed when this was written: issue 7
# item 2 wires them (a wired one may be removed from this list; the check is that nothing else
# is missing).
NOT_YET: set = set()


def _families(path: Path) -> list[str]:
    """The measure families of a trec_eval output, in print order (P_5 -> P)."""
    names = [line.split("\t")[0].rstrip() for line in path.read_text().splitlines()]
    families = [re.sub(r"_(\d+|\d\.\d\d)$", "", name) for name in names]
    return list(dict.fromkeys(families))


def _all_trec(folder: str) -> list[str]:
    """all_trec's families in print order: those of out.test.a (the all lines), and relstring.

    relstring has per-topic lines only, so it is missing from out.test.a; out.test.aq prints
    it after P (per topic), where trec_eval's measure table has it.
    """
    families = _families(DATA / folder / "out.test.a")
    assert "relstring" in _families(DATA / folder / "out.test.aq")
    return families[:families.index("P") + 1] + ["relstring"] + families[families.index("P") + 1:]


ALL_TREC_9 = _all_trec("trec_eval")
ALL_TREC_10 = _all_trec("trec_eval_10")


def _example(metric) -> str:
    """The canonical name with a parameter value: P@k -> P@10."""
    if metric.param is None or not metric.param.cutoffs:  # a setting: the name alone
        return metric.name
    value = metric.param.defaults[-1] if metric.param.defaults else 10
    return metric.name[:-len(metric.param.symbol)] + format(value, "g")


def test_the_lists_are_not_empty():
    assert len(EVALUABLE) >= 22  # today's; the registry only grows
    assert len(ALL_TREC_9) == 34 and len(ALL_TREC_10) == 37


@pytest.mark.parametrize("metric", EVALUABLE, ids=lambda m: m.name)
def test_every_entry_parses_in_both_notations(metric):
    columns = parse_measures(_example(metric))  # a column per quantity (C/W/L's five)
    assert [c.metric for c in columns] == [metric] * len(metric.quantities)
    assert [c.quantity for c in columns] == (
        [None] if len(metric.quantities) == 1 else list(metric.quantities))
    for name in metric.trec_eval:
        columns = parse_measures(name)
        assert {column.metric.name for column in columns} == {metric.name}
        if metric.param is not None and metric.param.cutoffs:
            assert [c.param for c in columns] == sorted(metric.param.defaults)
            value = metric.param.defaults[0]
            [one] = parse_measures(f"{name}.{value}")
            assert one.param == value and one.trec == columns[0].trec == one.label
            assert parse_measures(f"{name}_{value}")[0].param == value


@pytest.mark.parametrize("metric", [m for m in METRICS if not m.evaluable],
                         ids=lambda m: m.name)
def test_textbook_only_entries_are_refused_by_name(metric):
    if metric.same_as:  # MAP and MRR name the all row of AP and RR
        [column] = parse_measures(metric.name)
        assert column.metric.name == metric.same_as and column.label == metric.name
        return
    with pytest.raises(ValueError, match=f"rankbook.{metric.function.__name__}"):
        parse_measures(metric.name.replace("@k", "@5"))


def test_the_cli_help_lists_every_name():
    parser = build_parser()
    action = next(a for a in parser._subparsers._group_actions if a.choices)
    help_text = " ".join(action.choices["eval"].format_help().split())
    for name in canonical_names() + trec_names():
        assert re.search(rf"(^|\s){re.escape(name)}(\s|$)", help_text), name
    assert len(canonical_names()) >= 25 and len(trec_names()) >= 22


def test_the_guide_lists_every_evaluable_entry_and_the_docstring_points_to_it():
    # the hook writes the table into the guide's source; no docstring is rewritten at import
    guide = (ROOT / "docs" / "guide" / "evaluating_runs.md").read_text(encoding="utf-8")
    written = _hook().on_page_markdown(guide, _Page("guide/evaluating_runs.md"), None, None)
    doc = rankbook.evaluation.__doc__
    assert "| canonical |" not in doc and "docs/guide/evaluating_runs.md" in doc
    section = written.split("\n## Measure names\n")[1].split("\n## ")[0]
    assert "<!-- measure-names -->" in guide and "<!--" not in section
    table = section[section.index("| canonical |"):].split("\n\n")[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert len(rows) == len(EVALUABLE)
    for metric, row in zip(EVALUABLE, rows):
        assert row.startswith(f"| `{metric.name}`") and metric.summary in row
        assert all(f"`{name}" in row for name in metric.trec_eval)
        assert f"| {metric.summary_rule} |" in row


class _Page:
    """What on_page_markdown reads of mkdocs' page: its source path."""

    def __init__(self, src_uri: str):
        self.file = type("File", (), {"src_uri": src_uri})()


def _hook():
    spec = importlib.util.spec_from_file_location("catalogues",
                                                  ROOT / "docs" / "hooks" / "catalogues.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_index_has_a_row_per_entry():
    table = _hook().metric_table("metrics")
    rows = [line for line in table.splitlines() if line.startswith("| [")]
    assert len(rows) == len(METRICS)
    for metric in METRICS:
        [row] = [r for r in rows if r.startswith(f"| [{metric.name}](")]
        assert metric.summary in row
        link = metric.page[len("metrics/"):] if metric.page.startswith("metrics/") else \
            f"../{metric.page}"
        assert f"({link})" in row
        if metric.function is not None:
            assert f"[`{metric.function.__name__}`]" in row
        if metric.trec_eval:
            assert f"`{metric.trec_notation}`" in row


def test_every_trec_eval_family_of_all_trec_has_an_entry_in_trec_eval_order():
    families = trec_names()
    assert set(ALL_TREC_9) - set(families) <= NOT_YET, "a trec_eval family lost its entry"
    in_9 = [f for f in families if f in ALL_TREC_9]
    assert in_9 == [f for f in ALL_TREC_9 if f in families], "not in trec_eval's print order"
    for version, expected in (("9", ALL_TREC_9), ("10", ALL_TREC_10)):
        all_trec = [m.family for m in parse_measures("all_trec", trec_eval=version)]
        assert list(dict.fromkeys(all_trec)) == [f for f in expected if f in families]


def test_every_kernel_computes_a_registry_entry():
    names = {m.name for m in EVALUABLE}
    assert set(kernels.KERNELS) <= names
    # every entry of the original evaluator has a kernel (runid has no values to compute)
    assert {"AP", "P@k", "nDCG@k", "SetF", "bpref"} <= set(kernels.KERNELS)
    assert "runid" not in kernels.KERNELS


def _spy(monkeypatch, module, name):
    calls = []
    original = getattr(module, name)

    def spy(*args, **kwargs):
        calls.append(name)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return calls


TOPIC = TopicData(grades=__import__("numpy").array([1.0, 0.0, 2.0, 0.0]),
                  judged=__import__("numpy").array([True, True, True, False]),
                  ideal=__import__("numpy").array([1.0, 0.0, 2.0, 1.0]), R=3, N=1)


@pytest.mark.parametrize("metric", [m for m in EVALUABLE if m.function is not None],
                         ids=lambda m: m.name)
def test_every_adapter_calls_the_function_its_entry_names(monkeypatch, metric):
    # A geometric mean over queries (GMAP) names the mean function; its adapter gives the
    # per-query value (AP) through some registry function, and its all row is the geometric
    # mean that metrics.means defines once.
    if metric.summary_rule == "gmean":
        assert metric.rule.combine is means.geometric_mean
        names = {m.function.__name__ for m in METRICS if m.function is not None}
    else:
        names = {metric.function.__name__}
    calls = []
    # the rows' adapters live in registry.py and in the chapters' row modules (registry_cwl.py)
    modules = {sys.modules[m.per_topic.__module__] for m in METRICS if m.per_topic is not None}
    for name in names:
        for module in modules:
            if hasattr(module, name):
                calls.append(_spy(monkeypatch, module, name))
    param = None
    if metric.param is not None:
        cutoffs = metric.param.defaults or (10,)  # RR@k, ERR@k: no trec_eval default
        param = cutoffs[0] if metric.param.cutoffs else metric.param.defaults
    # a row that is not graded sees grades 0/1 (INST refuses a gain above 1, as cwl_eval does)
    topic = TOPIC if metric.graded else dataclasses.replace(TOPIC, grades=TOPIC.grades.clip(0, 1))
    metric.per_topic(topic, Measure(metric.name, metric, param).arguments(1.0))
    assert any(calls), f"{metric.name}'s adapter calls none of {sorted(names)}"


def test_geometric_mean_average_precision_uses_the_summary_rule(monkeypatch):
    calls = _spy(monkeypatch, means, "geometric_mean")
    means.geometric_mean_average_precision([[1, 0]], [1])
    assert calls == ["geometric_mean"]


def test_a_setting_parameter_makes_one_column():
    # trec_eval's "params" (ndcg.1=3,2=9, utility.2,-1,0,0): the values together set one column,
    # named with the text as written; named alone, the entry gets its defaults.
    from rankbook.metrics.spec import Metric, Param

    toy = Metric(name="Toy", function=registry.precision_at_k, family="Set-based", page="metrics/precision_at_k.md",
                 summary="A toy.", trec_eval=("toy",),
                 params=(Param("w", float, (1.0, 2.0), cutoffs=False),),
                 per_topic=lambda t, a: sum(a.w))
    metrics = METRICS + (toy,)
    [alone] = parse_measures("toy", metrics=metrics)
    assert (alone.label, alone.trec, alone.param) == ("toy", "toy", (1.0, 2.0))
    [canonical] = parse_measures("Toy", metrics=metrics)
    assert canonical.param == (1.0, 2.0) and canonical.trec == "toy"
    [given] = parse_measures("toy.0.5,3", metrics=metrics)
    assert (given.label, given.trec, given.param) == ("toy_0.5,3", "toy_0.5,3", (0.5, 3.0))
    with pytest.raises(ValueError, match="after a dot"):
        parse_measures("toy_0.5", metrics=metrics)
    reader = Param("g", str, (), cutoffs=False, read=lambda text: dict(
        pair.split("=") for pair in text.split(",")))
    gains = Metric(name="G2", function=None, family="Counts", page="guide/evaluating_runs.md", summary="Gains.",
                   trec_eval=("gains",), params=(reader,), per_topic=lambda t, a: 0.0)
    [column] = parse_measures("gains.1=3,2=9", metrics=METRICS + (gains,))
    assert column.param == {"1": "3", "2": "9"} and column.trec == "gains_1=3,2=9"


def test_summary_rules_are_the_ones_the_registry_names():
    assert {m.summary_rule for m in EVALUABLE} <= set(SUMMARY_RULES)
    assert SUMMARY_RULES["mean"].combine is means.mean_over_topics


def test_the_index_is_grouped_by_chapter_in_reading_order_counts_last():
    from rankbook.metrics.registry import CHAPTERS

    table = _hook().metric_table("metrics")
    headings = [line[4:] for line in table.splitlines() if line.startswith("### ")]
    assert headings == ["Set-based measures", "Rank-based measures", "Graded relevance",
                        "User models", "Incomplete judgments", "Diversity",
                        "trec_eval's counts and the run's name"]
    assert {metric.family for metric in METRICS} <= set(CHAPTERS)
    counts = table[table.index("### trec_eval's counts"):]
    assert "| [NumQ](" in counts and "| [AP](" not in counts


def test_the_nav_and_the_api_page_take_new_metric_pages_and_modules():
    hook = _hook()
    nav = [{"Home": "index.md"}, {"Set-based": ["set_based/index.md", "metrics/a.md"]},
           {"Guide": [{"x": "guide/x.md"}]}]
    assert hook.add_metric_page(nav, "metrics/new.md", "set_based/index.md")
    assert not hook.add_metric_page(nav, "metrics/a.md", "set_based/index.md")
    assert nav[1]["Set-based"] == ["set_based/index.md", "metrics/a.md", "metrics/new.md"]
    with pytest.raises(Exception, match="no section opens with"):
        hook.add_metric_page(nav, "metrics/other.md", "graded/index.md")


def test_a_per_topic_text_measure_is_printed_as_trec_eval_prints_relstring():
    # A measure whose value is a string and whose all row is empty (summary rule "none"), as
    # trec_eval's relstring: per-topic lines only, the text quoted (m_relstring.c prints
    # "%-22s\t%s\t'%s'"); the batch path takes it from the adapter (no kernel).
    from rankbook.evaluation import batch
    from rankbook.evaluation.summary import summarise
    from rankbook.evaluation.trec_text import trec_text
    from rankbook.io.convert import as_judgments, as_ranking
    from rankbook.evaluation.options import Options
    from rankbook.metrics.spec import Metric

    text = Metric(name="Text", function=None, family="Counts", page="guide/evaluating_runs.md", summary="Grades as text.",
                  trec_eval=("text",), summary_rule="none",
                  per_topic=lambda t, a: "".join(str(int(g)) for g in t.grades))
    columns = parse_measures(["text", "num_ret"], metrics=METRICS + (text,))
    outcome = batch.evaluate_arrays(
        as_judgments({"q1": {"a": 1, "b": 0}, "q2": {"c": 2}}),
        as_ranking({"q1": {"a": 2.0, "b": 1.0}, "q2": {"c": 1.0}}), columns, Options())
    per_topic = {key: value.tolist() for key, value in outcome.values.items()}
    assert per_topic[columns[0].key] == ["10", "2"]
    table = summarise(columns, outcome.topics, per_topic, "run", [], [], "9")
    assert table.summary["text"] is None
    lines = trec_text(table).splitlines()
    assert "text                  \tq1\t'10'" in lines and "text                  \tq2\t'2'" in lines
    assert "num_ret               \tall\t3" in lines
    assert not any(line.startswith("text") and "\tall\t" in line for line in lines)
