"""The registry (rankbook.metrics.registry) is the one list of rankbook's metrics.

The docs' metric index, the evaluator and the CLI read it, so it must name every
public metric function, with well-formed entries. Whether each page exists is
checked here and by `mkdocs build --strict` (the index links to it); that the lists
generated from the registry agree is tests/metrics/test_registry_generated.py's job.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import rankbook
import rankbook.metrics
from rankbook.metrics.registry import METRICS, SUMMARY_RULES, Metric, by_function_name, by_name

DOCS = Path(__file__).resolve().parents[2] / "docs"
PUBLIC_FUNCTIONS = sorted(
    name for name in rankbook.metrics.__all__
    if inspect.isfunction(getattr(rankbook.metrics, name))
    and name not in rankbook.metrics.HELPERS
)


def test_the_helpers_are_public_and_not_metrics():
    # judged_only (trec_eval's -J rule) is exported by rankbook.metrics but is no metric.
    assert rankbook.metrics.HELPERS == ("judged_only",)
    registered = {info.function.__name__ for info in METRICS if info.function is not None}
    for name in rankbook.metrics.HELPERS:
        assert getattr(rankbook, name) is getattr(rankbook.metrics, name)
        assert name not in registered


def test_there_are_public_metric_functions():
    # The core metrics of the foundation issue, at least.
    assert {"precision_at_k", "recall_at_k", "f1_at_k", "r_precision", "average_precision",
            "reciprocal_rank", "dcg_at_k", "idcg_at_k", "ndcg_at_k"} <= set(PUBLIC_FUNCTIONS)
    assert len(PUBLIC_FUNCTIONS) >= 37  # 22 before trec_eval's remaining measures, 15 with them


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
def test_every_public_function_is_registered(name):
    registered = [info for info in METRICS if info.function is getattr(rankbook.metrics, name)]
    assert registered, f"rankbook.metrics.{name} needs a registry entry"
    assert by_function_name()[name] is registered[0]


@pytest.mark.parametrize("info", [m for m in METRICS if m.function is not None],
                         ids=lambda info: info.name)
def test_every_registered_function_is_public(info):
    name = info.function.__name__
    assert name in rankbook.metrics.__all__, f"{name} is registered but not in rankbook.metrics"
    assert getattr(rankbook.metrics, name) is info.function
    assert getattr(rankbook, name) is info.function, f"{name} is not exported by rankbook"
    assert name in rankbook.__all__


@pytest.mark.parametrize("info", METRICS, ids=lambda info: info.name)
def test_entries_are_well_formed(info):
    assert isinstance(info, Metric)
    assert info.name and info.name == info.name.strip()
    assert info.family and info.family == info.family.strip()
    # The diversity rows point at their API page until issue 31's chapter pages are written.
    assert re.fullmatch(r"(metrics|guide|user_models|diversity)/[a-z0-9_]+\.md", info.page) or \
        info.page == "api/metrics/diversity.md", info.page
    assert (DOCS / info.page).is_file(), info.page
    assert all(re.fullmatch(r"[A-Za-z0-9_]+", name) for name in info.trec_eval)
    assert info.summary and "\n" not in info.summary
    assert info.summary.endswith(".")
    assert info.summary_rule is None or info.summary_rule in SUMMARY_RULES
    if info.function is None:  # only the bookkeeping counts have no textbook function
        assert info.family == "Counts" and info.trec_eval
    else:
        assert inspect.isfunction(info.function)
        assert info.function.__doc__, f"{info.function.__name__} has no docstring"
    if info.param is not None and info.param.cutoffs:  # canonical notation: the cut-off after @
        assert info.name.endswith("@" + info.param.symbol)
        assert all(spelling.endswith("@" + info.param.symbol) for spelling in info.aliases)
    if info.same_as is not None:
        assert by_name()[info.same_as].evaluable and not info.evaluable
    if info.evaluable and info.summary_rule != "name":
        assert callable(info.per_topic)


def test_names_are_unique():
    spellings = [s for info in METRICS for s in (info.name, *info.aliases)]
    assert len(spellings) == len(set(spellings))
    trec = [name for info in METRICS for name in info.trec_eval]
    assert len(trec) == len(set(trec))


def test_by_function_name():
    table = by_function_name()
    assert sorted(table) == PUBLIC_FUNCTIONS
    assert table["precision_at_k"].name == "P@k"
    assert table["ndcg_at_k"].trec_eval == ("ndcg",)
    assert table["average_precision"].name == "AP"
