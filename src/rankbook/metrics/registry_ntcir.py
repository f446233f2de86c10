r"""The registry's rows of NTCIREVAL's measures (Sakai): Q-measure, O/P/P+, NCU, ERR, nERR, ...

Each follows NTCIREVAL's conventions (pyNTCIREVAL 0.0.3 is the oracle); they join
:data:`rankbook.metrics.registry.METRICS` after the C/W/L rows. Names are NTCIREVAL's where
no other row has them (``Q``, ``Q@k``, ``O``, ``nERR@k``, ``MSnDCG@k``, ``Hit@k``); where the
name means something else elsewhere (``ERR``, ``nDCG@k``, ``P``) the row is ``NTCIR-ERR``,
``NTCIR-nDCG@k``, ``P-measure``, and NTCIREVAL's comma names (``NCUgu,P``) are written with a
hyphen (``NCUgu-P``), a comma separating measures in a list. The gain of each level is a
setting, ``Q(gains=1/4/9)`` (NTCIREVAL's ``-g 1:4:9``: a colon in a measure's name picks one of
its quantities, so the levels are separated by slashes); without it, each level gains its number.
"""

from __future__ import annotations

from rankbook._errors import InvalidValueError
from rankbook.metrics.ntcir import (
    normalised_cumulative_utility,
    o_measure,
    p_measure,
    p_plus_measure,
    q_measure,
)
from rankbook.metrics.ntcir_discounted import (
    NTCIREVAL_CUTOFF,
    microsoft_ndcg,
    ntcir_expected_reciprocal_rank,
    ntcir_hit,
    ntcir_ndcg,
    ntcir_normalized_err,
)
from rankbook.metrics.params import ANY_K, Param
from rankbook.metrics.spec import Metric


def ntcir_gains_setting(text: str) -> tuple[float, ...]:
    """``"gains=1/2/3"`` (or ``"1/2/3"``, ``"1:2:3"``) -> ``(1.0, 2.0, 3.0)``: the gain of L1, L2, ...

    Examples
    --------
    >>> ntcir_gains_setting("gains=1/4/9")
    (1.0, 4.0, 9.0)
    """
    _, _, value = text.rpartition("=")
    try:
        gains = tuple(float(part) for part in value.replace(":", "/").split("/"))
    except ValueError:
        gains = ()
    if not gains or any(g < 0 for g in gains) or list(gains) != sorted(gains):
        raise InvalidValueError(
            f"the gains {text!r} are not NTCIREVAL's gains per level: write the gain of L1, "
            "L2, ... in ascending order, separated by slashes (NTCIREVAL's -g 1:2:3): "
            "Q(gains=1/2/3).")
    return gains


#: The gain of each level (NTCIREVAL's ``-g``); not given: the level itself.
GAINS = Param("gains", float, (), cutoffs=False, read=ntcir_gains_setting, keyword="gains")
#: Q-measure's beta and the blended ratio's (NTCIREVAL's ``--beta``).
BETA = Param("beta", float, 1.0, cutoffs=False, low=0.0, keyword="beta")
#: NTCIREVAL's cut-off: named alone, ``nERR`` is ``nERR@1000`` as NTCIREVAL prints it.
NTCIR_K = Param("k", int, (NTCIREVAL_CUTOFF,), low=1, keyword="k")
PAGE = "metrics/ntcireval.md"


def _gains(a):
    return a.gains or None


def _ncu(stop: str, blended: bool):
    def per_topic(t, a):
        return normalised_cumulative_utility(
            t.with_unjudged, t.ideal, stop=stop, beta=a.beta if blended else 0.0,
            gains=_gains(a))
    return per_topic


def _ncu_row(name: str, stop: str, blended: bool) -> Metric:
    utility = "the blended ratio" if blended else "precision"
    return Metric(
        name=name, function=normalised_cumulative_utility, family="User models", page=PAGE,
        summary=f"NTCIREVAL's {name.replace('-', ',')}: NCU with a {stop} stop and {utility}.",
        params=(GAINS, BETA) if blended else (GAINS,), per_topic=_ncu(stop, blended),
        graded=True)


NTCIR_ROWS: tuple[Metric, ...] = (
    Metric(name="Q", function=q_measure, family="User models", page=PAGE,
           summary="Q-measure (NTCIREVAL's Q-measure): the blended ratio averaged over R.",
           params=(GAINS, BETA),
           per_topic=lambda t, a: q_measure(t.with_unjudged, t.ideal, gains=_gains(a),
                                            beta=a.beta),
           graded=True),
    Metric(name="Q@k", function=q_measure, family="User models", page=PAGE,
           summary="Q-measure of the top k, divided by min(R, k) (NTCIREVAL's Q@k).",
           params=(ANY_K, BETA),
           per_topic=lambda t, a: q_measure(t.with_unjudged, t.ideal, a.k, beta=a.beta),
           graded=True),
    Metric(name="O", function=o_measure, family="User models", page=PAGE,
           summary="O-measure (NTCIREVAL's O-measure): the blended ratio at the first hit.",
           params=(GAINS, BETA),
           per_topic=lambda t, a: o_measure(t.with_unjudged, t.ideal, gains=_gains(a),
                                            beta=a.beta),
           graded=True),
    Metric(name="P-measure", function=p_measure, family="User models", page=PAGE,
           summary="NTCIREVAL's P-measure: the blended ratio at the first most relevant hit.",
           params=(GAINS, BETA),
           per_topic=lambda t, a: p_measure(t.with_unjudged, t.ideal, gains=_gains(a),
                                            beta=a.beta),
           graded=True),
    Metric(name="P-plus", function=p_plus_measure, family="User models", page=PAGE,
           summary="NTCIREVAL's P+ (P-plus): the blended ratio averaged down to that hit.",
           params=(GAINS, BETA),
           per_topic=lambda t, a: p_plus_measure(t.with_unjudged, t.ideal, gains=_gains(a),
                                                 beta=a.beta),
           graded=True),
    _ncu_row("NCUgu-P", "graded-uniform", blended=False),
    _ncu_row("NCUgu-BR", "graded-uniform", blended=True),
    _ncu_row("NCUrb-P", "rank-biased", blended=False),
    _ncu_row("NCUrb-BR", "rank-biased", blended=True),
    Metric(name="NTCIR-ERR", function=ntcir_expected_reciprocal_rank, family="User models",
           page=PAGE,
           summary="NTCIREVAL's ERR: stop probability g/(gmax+1), not Chapelle et al.'s.",
           params=(GAINS,),
           per_topic=lambda t, a: ntcir_expected_reciprocal_rank(
               t.with_unjudged, t.ideal, gains=_gains(a)),
           graded=True),
    Metric(name="nERR@k", function=ntcir_normalized_err, family="User models", page=PAGE,
           summary="NTCIREVAL's nERR@k: its ERR of the top k over the ideal list's.",
           params=(NTCIR_K,),
           per_topic=lambda t, a: ntcir_normalized_err(t.with_unjudged, t.ideal, a.k),
           graded=True),
    Metric(name="NTCIR-nDCG@k", function=ntcir_ndcg, family="User models", page=PAGE,
           summary="NTCIREVAL's nDCG@k: Jarvelin and Kekalainen's, no discount before rank 2.",
           params=(NTCIR_K,),
           per_topic=lambda t, a: ntcir_ndcg(t.with_unjudged, t.ideal, a.k),
           graded=True),
    Metric(name="MSnDCG@k", function=microsoft_ndcg, family="User models", page=PAGE,
           summary="NTCIREVAL's MSnDCG@k: nDCG with Burges et al.'s 1/log(r+1) discount.",
           params=(NTCIR_K,),
           per_topic=lambda t, a: microsoft_ndcg(t.with_unjudged, t.ideal, a.k),
           graded=True),
    Metric(name="Hit@k", function=ntcir_hit, family="User models", page=PAGE,
           summary="NTCIREVAL's Hit@k: 1 if a relevant document is in the top k.",
           params=(NTCIR_K,),
           per_topic=lambda t, a: ntcir_hit(t.with_unjudged, a.k), exercise_hints=("binary",)),
)
