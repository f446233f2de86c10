r"""Figures of the chapter on incomplete judgments.

| function | what it draws |
| --- | --- |
"""

from __future__ import annotations

__all__: list[str] = []
