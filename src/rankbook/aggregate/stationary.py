r"""The stationary distribution of a Markov chain: solved exactly, or by power iteration.

The Markov-chain methods (`rankbook.aggregate.markov`) score each item by the
long-run share of time a random walk spends on it: the distribution $\pi$ with
$\pi T = \pi$ and $\sum_x \pi_x = 1$ for the chain's row-stochastic transition
matrix $T$. `stationary_distribution` finds it; `power_iterations` shows the
walk's distribution step by step, from the uniform start.
"""

from __future__ import annotations

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.aggregate import _arguments as check


def stationary_distribution(transition, *, method: str = "solve", tol: float = 1e-12,
                            max_iterations: int = 1000):
    r"""The stationary distribution $\pi = \pi T$, $\sum_x \pi_x = 1$, of a row-stochastic matrix.

    ``method="solve"`` solves the linear system $\pi (I - T) = 0$ with one
    equation replaced by $\sum_x \pi_x = 1$ (exact up to rounding; the chain
    must have a single stationary distribution, which teleportation
    guarantees). ``method="power"`` iterates from the uniform distribution,

    $$\pi^{(0)} = (1/n, \dots, 1/n), \qquad \pi^{(t+1)} = \pi^{(t)} T,$$

    until $\max_x \lvert \pi^{(t+1)}_x - \pi^{(t)}_x \rvert \le$ ``tol``; with
    teleportation $\epsilon$ the error shrinks by at least $1 - \epsilon$ per step.

    Parameters
    ----------
    transition : array of float, shape (n, n)
        Row-stochastic matrix (each row sums to 1).
    method : {"solve", "power"}, default "solve"
    tol : float, default 1e-12
        Power iteration only.
    max_iterations : int, default 1000
        Power iteration only.

    Returns
    -------
    numpy.ndarray, shape (n,)
        Probabilities summing to 1.

    Raises
    ------
    rankbook.InvalidValueError
        If the chain has several stationary distributions (``"solve"``), or the
        power iteration has not converged after ``max_iterations`` steps: use an
        ``ergodic_number`` above 0, or raise ``max_iterations``.

    Examples
    --------
    >>> stationary_distribution([[0.5, 0.5], [0.25, 0.75]]).round(6).tolist()
    [0.333333, 0.666667]
    >>> stationary_distribution([[0.5, 0.5], [0.25, 0.75]], method="power").round(6).tolist()
    [0.333333, 0.666667]
    """
    matrix = np.asarray(transition, dtype=float)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1] or matrix.shape[0] == 0:
        raise InvalidValueError(f"transition must be a square matrix, got shape {matrix.shape}.")
    if np.any(matrix < -1e-12) or not np.allclose(matrix.sum(axis=1), 1.0):
        raise InvalidValueError("transition must be row-stochastic: entries >= 0, each row summing to 1.")
    _validate.choice(method, ("solve", "power"), "method")
    max_iterations = check.count(max_iterations, "max_iterations")  # checked for both methods
    if method == "solve":
        return _solve_stationary(matrix)
    states = power_iterations(matrix, tol=tol, max_iterations=max_iterations)
    if len(states) > max_iterations:
        raise InvalidValueError(
            f"the power iteration did not converge to tol={tol} in {max_iterations} steps; "
            "raise max_iterations, or use an ergodic_number above 0 so the chain has one "
            "stationary distribution.")
    return states[-1] / states[-1].sum()


def power_iterations(transition, *, tol: float = 1e-12, max_iterations: int = 1000) -> np.ndarray:
    r"""The states $\pi^{(0)}, \pi^{(1)}, \dots$ of the power iteration, the uniform start first.

    Stops at the first step whose largest change is at most ``tol``, or after
    ``max_iterations`` steps (then the array has ``max_iterations + 1`` rows
    and the last step changed more than ``tol``). `stationary_distribution`
    with ``method="power"`` returns the last state; `explain_aggregation`
    prints them.

    Parameters
    ----------
    transition : array of float, shape (n, n)
        Row-stochastic matrix.
    tol : float, default 1e-12
    max_iterations : int, default 1000

    Returns
    -------
    numpy.ndarray, shape (steps + 1, n)

    Examples
    --------
    >>> power_iterations([[0.5, 0.5], [0.25, 0.75]], tol=1e-3).round(4).tolist()[:3]
    [[0.5, 0.5], [0.375, 0.625], [0.3438, 0.6562]]
    """
    matrix = np.asarray(transition, dtype=float)
    tol = check.real(tol, "tol", low=0)
    max_iterations = check.count(max_iterations, "max_iterations")
    states = [np.full(matrix.shape[0], 1.0 / matrix.shape[0])]
    for _ in range(max_iterations):
        states.append(states[-1] @ matrix)
        if np.max(np.abs(states[-1] - states[-2])) <= tol:
            break
    return np.array(states)


def flagr_power_iterations(transition, *, max_iterations: int) -> np.ndarray:
    r"""Every state of FLAGR's power iteration, the uniform start first: shape (steps + 1, n).

    FLAGR (the Markov-chain methods with ``convention="flagr"``) iterates
    $\pi^{(t+1)} = \pi^{(t)} T$ from the uniform distribution as `power_iterations`
    does, with two differences that change its last digits and sometimes its order: each
    $\pi^{(t+1)}_x = \sum_j \pi^{(t)}_j T_{j x}$ is summed in the order of $j$ (FLAGR's
    loop; a matrix product may sum in another order), and the loop stops only when a step
    changes nothing at all, or after ``max_iterations - 1`` steps (FLAGR's count).

    Parameters
    ----------
    transition : array of float, shape (n, n)
        Row-stochastic matrix.
    max_iterations : int
        FLAGR's ``max_iterations``: at most ``max_iterations - 1`` steps.

    Returns
    -------
    numpy.ndarray, shape (steps + 1, n)

    See Also
    --------
    power_iterations : the textbook loop, which stops at a tolerance.

    Examples
    --------
    >>> flagr_power_iterations([[0.5, 0.5], [0.25, 0.75]], max_iterations=3).tolist()
    [[0.5, 0.5], [0.375, 0.625], [0.34375, 0.65625]]
    """
    matrix = np.asarray(transition, dtype=float)
    states = [np.full(matrix.shape[0], 1.0 / matrix.shape[0])]
    for _ in range(max_iterations - 1):
        following = np.cumsum(states[-1][:, None] * matrix, axis=0)[-1]   # sum over j, in order
        if np.all(following == states[-1]):
            break
        states.append(following)
    return np.array(states)


def _solve_stationary(matrix: np.ndarray) -> np.ndarray:
    n = matrix.shape[0]
    system = (np.eye(n) - matrix).T
    system[-1, :] = 1.0
    target = np.zeros(n)
    target[-1] = 1.0
    try:
        pi = np.linalg.solve(system, target)
    except np.linalg.LinAlgError:
        pi = np.full(n, np.nan)
    if not np.all(np.isfinite(pi)) or np.max(np.abs(pi @ matrix - pi)) > 1e-9:
        raise InvalidValueError(
            "this chain has more than one stationary distribution (it is not ergodic); "
            "use an ergodic_number above 0, or method='power' for the one reached from "
            "the uniform start.")
    pi = np.clip(pi, 0.0, None)
    return pi / pi.sum()
