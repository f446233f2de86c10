r"""Figures of the chapter on set-based measures.

| function | what it draws |
| --- | --- |
"""

from __future__ import annotations

__all__: list[str] = []
