"""rankbook.pyflagr offers pyflagr 1.0.18's public API: every class, parameter and default.

The oracle is pyflagr 1.0.18 itself, read with ``inspect``: for each of its modules, every class
defined there, its constructor's parameters (names, order, defaults) and its public methods'
parameters. What rankbook.pyflagr leaves out is listed in NOT_OFFERED with the reason, as on the
docs page "Coming from PyFLAGR" (docs/aggregation/pyflagr.md), which the last test checks.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

MODULES = ("RAM", "Linear", "Majoritarian", "MarkovChains", "Kemeny", "RRA", "Weighted",
           "Comparator")
# PyFLAGR's helpers of its ctypes bridge: they pass files to the C library and read its output
# files back; rankbook.pyflagr calls Python functions and has no such step.
NOT_OFFERED = {"check_get_input", "check_get_rels_input", "get_output", "get_random_string"}
PAGE = Path(__file__).resolve().parents[2] / "docs" / "aggregation" / "pyflagr.md"


def pyflagr_classes():
    for module in MODULES:
        theirs = importlib.import_module(f"pyflagr.{module}")
        for name, cls in inspect.getmembers(theirs, inspect.isclass):
            if cls.__module__ == theirs.__name__:
                yield module, name, cls


CLASSES = list(pyflagr_classes())


def parameters(function) -> list[tuple]:
    """(name, default or EMPTY, kind) of each parameter but self."""
    return [(p.name, p.default, p.kind) for p in inspect.signature(function).parameters.values()
            if p.name != "self"]


def test_the_oracle_is_pyflagr_1_0_18_and_has_the_seed_classes():
    from importlib.metadata import version

    assert version("pyflagr") == "1.0.18"
    names = {name for _, name, _ in CLASSES}
    assert {"CombSUM", "CombMNZ", "BordaCount", "SimpleBordaCount", "CondorcetWinners",
            "CopelandWinners", "OutrankingApproach", "MC1", "MC2", "MC3", "MC4", "MCT",
            "KemenyOptimal", "RRA", "PreferenceRelationsGraph", "Agglomerative", "DIBRA",
            "Comparator", "RAM", "MC"} == names


@pytest.mark.parametrize(("module", "name", "cls"), CLASSES, ids=[c[1] for c in CLASSES])
def test_every_class_with_the_same_parameters_and_defaults(module, name, cls):
    ours = getattr(importlib.import_module(f"rankbook.pyflagr.{module}"), name)
    assert parameters(ours.__init__) == parameters(cls.__init__)
    theirs_bases = [b.__name__ for b in cls.__mro__[1:-1]]
    assert [b.__name__ for b in ours.__mro__[1:-1]] == theirs_bases    # CombMNZ: RAM here too?


@pytest.mark.parametrize(("module", "name", "cls"), CLASSES, ids=[c[1] for c in CLASSES])
def test_every_public_method_with_the_same_parameters(module, name, cls):
    ours = getattr(importlib.import_module(f"rankbook.pyflagr.{module}"), name)
    for method, function in inspect.getmembers(cls, inspect.isfunction):
        if method.startswith("_") or method in NOT_OFFERED:
            continue
        assert hasattr(ours, method), f"{name}.{method}"
        assert parameters(getattr(ours, method)) == parameters(function), f"{name}.{method}"


def test_what_is_not_offered_is_on_the_page():
    text = PAGE.read_text()
    for method in NOT_OFFERED:
        assert f"`{method}`" in text
    for reason in ("WISE", "PrefRel", "RRA-Exact"):
        assert reason in text
