r"""Figures of the chapter on user models (RBP, ERR).

| function | what it draws |
| --- | --- |
"""

from __future__ import annotations

__all__: list[str] = []
