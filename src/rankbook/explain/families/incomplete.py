r"""Hand calculations of the chapter's measures (see `rankbook.explain.families`)."""

from __future__ import annotations

EXPLAINERS: tuple = ()
