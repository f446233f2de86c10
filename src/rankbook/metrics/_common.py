"""Small helpers shared by the metric functions (not part of the public API)."""

from __future__ import annotations

import numpy as np


def is_relevant(grades: np.ndarray, relevance_level: float) -> np.ndarray:
    """Boolean mask: which positions hold a grade >= the threshold."""
    return grades >= relevance_level


def relevant_in_top(grades: np.ndarray, k: int, relevance_level: float) -> int:
    """How many of the first k positions are relevant (positions past the end are not)."""
    return int(np.count_nonzero(is_relevant(grades[:k], relevance_level)))
