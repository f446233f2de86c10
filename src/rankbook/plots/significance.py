r"""Figures of the chapter on comparing systems: significance tests.

| function | what it draws |
| --- | --- |
"""

from __future__ import annotations

__all__: list[str] = []
