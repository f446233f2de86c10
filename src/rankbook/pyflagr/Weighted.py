r"""PyFLAGR's ``Weighted`` module: the self-weighting methods, which learn how far to trust each voter.

| class | rankbook (``convention="flagr"``) | FLAGR's code |
| --- | --- | --- |
| ``PreferenceRelationsGraph(eval_pts, alpha, beta)`` | `rankbook.aggregate.prefrel` | 600 |
| ``Agglomerative(eval_pts, c1, c2)`` | `rankbook.aggregate.agglomerative` | 700 |
| ``DIBRA(eval_pts, aggregator, w_norm, dist, prune, gamma, num_buckets, d1, d2, tol, max_iter, pref, veto, conc, disc)`` | `rankbook.aggregate.dibra` | the base method's: 5100-5114, 5200, 5201, 5300 |

DIBRA's parameters keep PyFLAGR's names: ``w_norm`` is rankbook's
``weight_normalization``, ``dist`` its ``distance``, ``max_iter`` its
``max_iterations``, ``prune=0`` (PyFLAGR's default) its ``None``, and the base
``"outrank"`` its ``"outranking"``. What rankbook does not implement is refused
when the object is built: the distances ``"rho"``, ``"footrule"`` and ``"tau"``,
``w_norm="z"``, and outranking thresholds (``pref``, ``veto``, ``conc``,
``disc``) other than FLAGR's defaults.
"""

from __future__ import annotations

from rankbook._errors import InvalidValueError
from rankbook.pyflagr.Linear import NORMS
from rankbook.pyflagr.RAM import RAM, spelling

# PyFLAGR's DIBRA base method -> (rankbook's aggregator, FLAGR's code)
BASES = {**{f"combsum:{norm}": (f"combsum:{name}", 5100 + offset)
            for norm, (name, offset) in NORMS.items()},
         **{f"combmnz:{norm}": (f"combmnz:{name}", 5110 + offset)
            for norm, (name, offset) in NORMS.items()},
         "condorcet": ("condorcet", 5200), "copeland": ("copeland", 5201),
         "outrank": ("outranking", 5300)}
OUTRANKING_DEFAULTS = {"pref": 0.0, "veto": 0.75, "conc": 0.0, "disc": 0.25}


class PreferenceRelationsGraph(RAM):
    r"""Desarkar et al.'s preference relations graph (`rankbook.aggregate.prefrel`).

    Parameters
    ----------
    eval_pts : int, default 10
        The evaluation points of ``aggregate()``'s table.
    alpha, beta : float, default 0.1, 0.5
        The majority margin and the share of lists that must rank a pair.
    """

    code = 600

    def __init__(self, eval_pts=10, alpha=0.1, beta=0.5):
        self.alpha, self.beta = alpha, beta
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "prefrel", {"alpha": self.alpha, "beta": self.beta, "convention": "flagr"}


class Agglomerative(RAM):
    r"""Chatterjee et al.'s agglomerative aggregation (`rankbook.aggregate.agglomerative`).

    Parameters
    ----------
    eval_pts : int, default 10
        The evaluation points of ``aggregate()``'s table.
    c1, c2 : float, default 0.1, 0.5
        The weights of the two merged lists' voter weights.
    """

    code = 700

    def __init__(self, eval_pts=10, c1=0.1, c2=0.5):
        self.c1, self.c2 = c1, c2
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "agglomerative", {"c1": self.c1, "c2": self.c2, "convention": "flagr"}


class DIBRA(RAM):
    r"""Akritidis et al.'s distance-based iterative rank aggregation (`rankbook.aggregate.dibra`).

    Parameters
    ----------
    eval_pts : int, default 10
        The evaluation points of ``aggregate()``'s table.
    aggregator : str, default "combsum:borda"
        The base method: ``"combsum:NORM"`` or ``"combmnz:NORM"`` (NORM as in
        ``Linear``), ``"condorcet"``, ``"copeland"`` or ``"outrank"``.
    w_norm : {"minmax", "none"}, default "minmax"
        How the voter weights are normalised in each round.
    dist : {"cosine"}, default "cosine"
        The distance between a list and the aggregate.
    prune : {0, None, "low", "wire"}, default 0
        No pruning, pruning of each list's tail (``d1``, ``d2``), or WISE (``num_buckets``).
    gamma : float, default 1.5
        The weight step's decay.
    num_buckets : int, default 3
        WISE's buckets.
    d1, d2 : float, default 0.4, 0.1
        The pruning cut-off, $\lfloor (d_1 + d_2 \hat w_\ell) |\ell| \rfloor$.
    tol : float, default 0.01
        Convergence: every weight step at most ``tol``.
    max_iter : int, default 50
        The most rounds.
    pref, veto, conc, disc : float, default 0.0, 0.75, 0.0, 0.25
        The outranking base's thresholds (only FLAGR's defaults are offered).
    """

    def __init__(self, eval_pts=10, aggregator='combsum:borda', w_norm='minmax', dist='cosine',
                 prune=0, gamma=1.5, num_buckets=3, d1=0.4, d2=0.1, tol=0.01, max_iter=50,
                 pref=0.0, veto=0.75, conc=0.0, disc=0.25):
        self.aggregator, self.code = spelling(aggregator, "aggregator", BASES)
        self.options = {
            "weight_normalization": spelling(w_norm, "w_norm", {"minmax": "minmax", "none": "none"},
                                             " (rankbook has no 'z' weight normalisation)"),
            "distance": spelling(dist, "dist", {"cosine": "cosine"},
                                 " (rankbook implements DIBRA's cosine distance only)"),
            "prune": _prune(prune), "gamma": gamma, "num_buckets": num_buckets, "d1": d1,
            "d2": d2, "tol": tol, "max_iterations": max_iter}
        _default_thresholds({"pref": pref, "veto": veto, "conc": conc, "disc": disc})
        super().__init__(eval_pts)

    def method(self) -> tuple[str, dict]:
        return "dibra", {"aggregator": self.aggregator, **self.options, "convention": "flagr"}


def _default_thresholds(given: dict) -> None:
    """Refuse outranking thresholds other than FLAGR's defaults (rankbook's DIBRA has no others)."""
    for name, value in given.items():
        default = OUTRANKING_DEFAULTS[name]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != default:
            raise InvalidValueError(
                f"{name}={value!r}: rankbook's DIBRA uses the outranking base with FLAGR's "
                f"default thresholds only; leave {name} out (it is {default}).")


def _prune(prune):
    """PyFLAGR's ``0`` and ``None`` (no pruning), ``"low"`` or ``"wire"``."""
    if prune is None or (type(prune) is int and prune == 0):
        return None
    return spelling(prune, "prune", {"low": "low", "wire": "wire"}, " (or 0 / None: no pruning)")
