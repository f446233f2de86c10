r"""Click models: simulated users who click on a ranked list of graded documents.

After Chuklin, Markov and de Rijke, *Click Models for Web Search* (2015), chapter 3, with
its names for the parameters. A user examines ranks ($E_r = 1$), finds a document attractive
($A_r = 1$, with probability $\alpha$ set by its grade) and clicks when both hold:
$C_r = 1 \iff E_r = 1 \wedge A_r = 1$. The models differ in what decides the examination.

| model | constructor | examination |
| --- | --- | --- |
| position-based (PBM) | `pbm(attractiveness, examination)` | $P(E_r = 1) = \gamma_r$, independent of the clicks |
| cascade (CM) | `cascade(attractiveness)` | from the top down; the user stops after the first click |
| dependent click (DCM) | `dcm(attractiveness, continuation)` | from the top down; after a click at rank $r$ the user goes on with probability $\lambda_r$ |
| dynamic Bayesian network (DBN) | `dbn(attractiveness, satisfaction, continuation)` | from the top down; a click satisfies with probability $\sigma$ (set by the grade), and an unsatisfied user goes on with probability $\gamma$ |

The three cascade models share one shape: at rank $r$ a user who examines it clicks with
probability $a_r$, goes on after a click with probability $\kappa_r$ and after no click with
probability $\eta_r$:

| model | $a_r$ | $\kappa_r$ | $\eta_r$ |
| --- | --- | --- | --- |
| CM | $\alpha_{g_r}$ | 0 | 1 |
| DCM | $\alpha_{g_r}$ | $\lambda_r$ | 1 |
| DBN | $\alpha_{g_r}$ | $\gamma (1 - \sigma_{g_r})$ | $\gamma$ |

so $P(E_1 = 1) = 1$, $P(E_{r+1} = 1) = P(E_r = 1)\,(a_r \kappa_r + (1 - a_r)\,\eta_r)$ and
$P(C_r = 1) = P(E_r = 1)\, a_r$. Parameters given as fractions give exact fractions.

| function | what it gives |
| --- | --- |
| `click_probabilities` | $P(C_r = 1)$ at every rank |
| `examination_probabilities` | $P(E_r = 1)$ at every rank |
| `click_pattern_probabilities` | every pattern of clicks with its probability |
| `sample_clicks` | simulated click patterns, for a seed |
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.online import _common

__all__ = ["ClickModel", "pbm", "cascade", "dcm", "dbn", "click_probabilities",
           "examination_probabilities", "click_pattern_probabilities", "sample_clicks"]


@dataclass(frozen=True)
class ClickModel:
    """A click model and its parameters (build one with `pbm`, `cascade`, `dcm` or `dbn`)."""

    name: str
    attractiveness: Mapping
    examination: tuple | None = None
    continuation: object = None
    satisfaction: Mapping | None = None


def _per_grade(values, name: str) -> dict:
    if isinstance(values, Mapping):
        pairs = values.items()
    elif isinstance(values, Sequence) and not isinstance(values, (str, bytes)):
        pairs = enumerate(values)
    else:
        raise InvalidTypeError(
            f"{name} must map each grade to a probability, e.g. {{0: 0.1, 1: 0.5, 2: 0.9}} or "
            f"[0.1, 0.5, 0.9] (grade 0 first); got {values!r}.")
    return {grade: _common.probability(p, f"{name}[{grade!r}]") for grade, p in pairs}


def _per_rank(values, name: str) -> tuple:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InvalidTypeError(f"{name} must hold one probability per rank, rank 1 first; got "
                               f"{values!r}.")
    return tuple(_common.probability(p, f"{name}[{r}]") for r, p in enumerate(values))


def pbm(attractiveness, examination) -> ClickModel:
    r"""The position-based model: $P(C_r = 1) = \gamma_r \, \alpha_{g_r}$.

    Parameters
    ----------
    attractiveness : mapping or sequence
        $\alpha$ of each grade: grade -> probability (a sequence lists grades 0, 1, ...).
    examination : sequence of float
        $\gamma_r$, the probability that rank $r$ is examined, rank 1 first.

    Returns
    -------
    ClickModel

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> model = pbm({0: F(1, 10), 1: F(9, 10)}, [1, F(1, 2), F(1, 3)])
    >>> click_probabilities(model, [1, 0, 1])
    [Fraction(9, 10), Fraction(1, 20), Fraction(3, 10)]
    """
    return ClickModel("pbm", _per_grade(attractiveness, "attractiveness"),
                      examination=_per_rank(examination, "examination"))


def cascade(attractiveness) -> ClickModel:
    r"""The cascade model: examine from the top, click the first attractive document, stop.

    Parameters
    ----------
    attractiveness : mapping or sequence
        $\alpha$ of each grade.

    Returns
    -------
    ClickModel

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> click_probabilities(cascade({0: F(1, 10), 1: F(9, 10)}), [0, 1, 1])
    [Fraction(1, 10), Fraction(81, 100), Fraction(81, 1000)]
    """
    return ClickModel("cascade", _per_grade(attractiveness, "attractiveness"))


def dcm(attractiveness, continuation) -> ClickModel:
    r"""The dependent click model: a cascade in which a user may go on after a click.

    After a click at rank $r$ the user examines the next rank with probability $\lambda_r$;
    after no click, always.

    Parameters
    ----------
    attractiveness : mapping or sequence
        $\alpha$ of each grade.
    continuation : sequence of float
        $\lambda_r$ for each rank, rank 1 first.

    Returns
    -------
    ClickModel

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> model = dcm({0: F(1, 10), 1: F(9, 10)}, [F(1, 2), F(1, 2), F(1, 2)])
    >>> click_probabilities(model, [1, 1, 0])
    [Fraction(9, 10), Fraction(99, 200), Fraction(121, 4000)]
    """
    return ClickModel("dcm", _per_grade(attractiveness, "attractiveness"),
                      continuation=_per_rank(continuation, "continuation"))


def dbn(attractiveness, satisfaction, continuation) -> ClickModel:
    r"""The dynamic Bayesian network model: a click may satisfy the user, who then stops.

    A click on a document of grade $g$ satisfies with probability $\sigma_g$; a user who is
    not satisfied examines the next rank with probability $\gamma$.

    Parameters
    ----------
    attractiveness : mapping or sequence
        $\alpha$ of each grade.
    satisfaction : mapping or sequence
        $\sigma$ of each grade: the probability that a click on it satisfies the user.
    continuation : float
        $\gamma$, the probability that an unsatisfied user examines the next rank.

    Returns
    -------
    ClickModel

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> model = dbn({0: F(1, 10), 1: F(9, 10)}, {0: 0, 1: F(1, 2)}, F(9, 10))
    >>> click_probabilities(model, [1, 0])
    [Fraction(9, 10), Fraction(99, 2000)]
    """
    return ClickModel("dbn", _per_grade(attractiveness, "attractiveness"),
                      continuation=_common.probability(continuation, "continuation"),
                      satisfaction=_per_grade(satisfaction, "satisfaction"))


def _model(model) -> ClickModel:
    if not isinstance(model, ClickModel):
        raise InvalidTypeError(
            f"model must be a ClickModel built by pbm, cascade, dcm or dbn; got {model!r}.")
    return model


def _grades(model: ClickModel, grades) -> list:
    if isinstance(grades, (str, bytes)) or not isinstance(grades, Sequence | np.ndarray):
        raise InvalidTypeError(f"grades must be the grades of a ranked list, rank 1 first, "
                               f"e.g. [2, 0, 1]; got {grades!r}.")
    values = [0 if g is None else g for g in grades]
    tables = [model.attractiveness] + ([model.satisfaction] if model.satisfaction else [])
    for rank, grade in enumerate(values, start=1):
        if any(grade not in table for table in tables):
            raise InvalidValueError(
                f"grade {grade!r} at rank {rank} has no attractiveness"
                f"{' or satisfaction' if model.satisfaction else ''} in the {model.name} model; "
                f"the model knows the grades {sorted(model.attractiveness)}.")
    per_rank = model.examination if model.name == "pbm" else model.continuation
    if isinstance(per_rank, tuple) and len(per_rank) < len(values):
        raise InvalidValueError(
            f"the {model.name} model has {len(per_rank)} per-rank probabilities but the list "
            f"has {len(values)} ranks; give one per rank.")
    return values


def _steps(model: ClickModel, grades: list) -> list[tuple]:
    """(a_r, kappa_r, eta_r) per rank of a cascade model (see the module's table)."""
    steps = []
    for r, grade in enumerate(grades):
        a = model.attractiveness[grade]
        if model.name == "cascade":
            steps.append((a, 0, 1))
        elif model.name == "dcm":
            steps.append((a, model.continuation[r], 1))
        else:
            gamma = model.continuation
            steps.append((a, gamma * (1 - model.satisfaction[grade]), gamma))
    return steps


def examination_probabilities(model: ClickModel, grades) -> list:
    r"""$P(E_r = 1)$ at every rank: $\gamma_r$ (PBM), or the cascade recursion.

    Parameters
    ----------
    model : ClickModel
        The simulated user.
    grades : sequence of int
        The grades of the ranked list, rank 1 first (None counts as 0).

    Returns
    -------
    list
        One probability per rank (exact when the parameters are fractions).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> examination_probabilities(cascade({0: F(1, 10), 1: F(9, 10)}), [0, 1, 1])
    [1, Fraction(9, 10), Fraction(9, 100)]
    """
    model = _model(model)
    grades = _grades(model, grades)
    if model.name == "pbm":
        return list(model.examination[:len(grades)])
    examined, current = [], 1
    for a, kappa, eta in _steps(model, grades):
        examined.append(current)
        current = current * (a * kappa + (1 - a) * eta)
    return examined


def click_probabilities(model: ClickModel, grades) -> list:
    r"""$P(C_r = 1) = P(E_r = 1)\, \alpha_{g_r}$ at every rank.

    Parameters
    ----------
    model : ClickModel
        The simulated user.
    grades : sequence of int
        The grades of the ranked list, rank 1 first (None counts as 0).

    Returns
    -------
    list
        One probability per rank.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> click_probabilities(cascade({0: F(1, 2), 1: 1}), [0, 0, 1])
    [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]
    """
    model = _model(model)
    grades = _grades(model, grades)
    examined = examination_probabilities(model, grades)
    return [e * model.attractiveness[g] for e, g in zip(examined, grades)]


def _cascade_patterns(steps: list) -> dict:
    """Every click pattern of a cascade model, walking down the ranks (zero branches pruned)."""
    n = len(steps)
    patterns: dict = {}

    def add(prefix, p):
        pattern = prefix + (0,) * (n - len(prefix))
        patterns[pattern] = patterns.get(pattern, 0) + p

    pending = [((), 1)]            # (clicks so far, probability of them and of going on)
    while pending:
        prefix, going_on = pending.pop()
        if len(prefix) == n:
            add(prefix, going_on)
            continue
        a, kappa, eta = steps[len(prefix)]
        for click, p, stay in ((1, a, kappa), (0, 1 - a, eta)):
            if going_on * p * (1 - stay):
                add(prefix + (click,), going_on * p * (1 - stay))
            if going_on * p * stay:
                pending.append((prefix + (click,), going_on * p * stay))
    return patterns


def click_pattern_probabilities(model: ClickModel, grades) -> dict[tuple, object]:
    r"""Every pattern of clicks the model can produce on the list, with its probability.

    Parameters
    ----------
    model : ClickModel
        The simulated user.
    grades : sequence of int
        The grades of the ranked list, rank 1 first (None counts as 0).

    Returns
    -------
    dict
        Click pattern (a tuple of 0 and 1, one per rank) -> probability, for the patterns of
        nonzero probability; the probabilities sum to 1.

    Examples
    --------
    The cascade model clicks at most once:

    >>> from fractions import Fraction as F
    >>> click_pattern_probabilities(cascade({0: F(1, 2), 1: 1}), [0, 1])
    {(1, 0): Fraction(1, 2), (0, 1): Fraction(1, 2)}
    """
    model = _model(model)
    grades = _grades(model, grades)
    if model.name != "pbm":
        return _cascade_patterns(_steps(model, grades))
    patterns = {(): 1}
    for p in click_probabilities(model, grades):
        patterns = {pattern + (c,): q * (p if c else 1 - p)
                    for pattern, q in patterns.items() for c in (1, 0) if q * (p if c else 1 - p)}
    return patterns


def sample_clicks(model: ClickModel, grades, *, size: int | None = None, seed=None) -> np.ndarray:
    r"""Simulated clicks: ``size`` sessions of the user on the list, for a seed.

    Parameters
    ----------
    model : ClickModel
        The simulated user.
    grades : sequence of int
        The grades of the ranked list, rank 1 first (None counts as 0).
    size : int, optional
        How many sessions; None gives one session as a 1-D array.
    seed : int, numpy.random.Generator or None
        The draws: the same seed gives the same clicks.

    Returns
    -------
    numpy.ndarray of int
        Shape (n,) or (size, n): 1 where the user clicked.

    Examples
    --------
    >>> sample_clicks(cascade({0: 0.2, 1: 0.9}), [0, 1, 1, 0], size=3, seed=1)
    array([[0, 1, 0, 0],
           [0, 1, 0, 0],
           [1, 0, 0, 0]])
    """
    model = _model(model)
    grades = _grades(model, grades)
    sessions = 1 if size is None else _common.count(size, "size", "sessions to simulate")
    rng = _common.generator(seed)
    draws = rng.random((sessions, len(grades), 2))
    if model.name == "pbm":
        p = np.array([float(x) for x in click_probabilities(model, grades)])
        clicks = draws[:, :, 0] < p
    else:
        clicks = np.zeros((sessions, len(grades)), dtype=bool)
        examining = np.ones(sessions, dtype=bool)
        for r, (a, kappa, eta) in enumerate(_steps(model, grades)):
            clicks[:, r] = examining & (draws[:, r, 0] < float(a))
            stay = np.where(clicks[:, r], draws[:, r, 1] < float(kappa),
                            draws[:, r, 1] < float(eta))
            examining &= stay
    clicks = clicks.astype(int)
    return clicks[0] if size is None else clicks
