r"""The registry's rows of NTCIREVAL's measures (Sakai): Q-measure, O/P/P+, NCU, ERR, nERR, EBR, ...

Each follows NTCIREVAL's conventions (pyNTCIREVAL 0.0.3 is the oracle); they join
:data:`rankbook.metrics.registry.METRICS` after the C/W/L rows.
"""

from __future__ import annotations

from rankbook.metrics.spec import Metric

NTCIR_ROWS: tuple[Metric, ...] = ()
