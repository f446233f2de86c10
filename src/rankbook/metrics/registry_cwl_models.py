r"""The registry's rows of the C/W/L user models cwl_eval adds: BPM, U-measure, TBG, IFT, NERR.

Each is a measure of :mod:`rankbook.metrics.cwl_models` or
:mod:`rankbook.metrics.cwl_gain_models` with cwl_eval's five quantities (EU, ETU, EC, ETC,
ED), as the rows of :mod:`rankbook.metrics.registry_cwl`. They join
:data:`rankbook.metrics.registry.METRICS` after them. Names as ir_measures writes them where
it has one (``BPM(T=2)@10``, ``NERR8@10``, ``NERR10(p=0.8)``, ``NERR11(T=2)``); cwl_eval's
own words for the others (``BPM-Dynamic``, ``U``, ``TBG``, ``IFT-C1``, ``IFT-C2``,
``IFT-C1-C2``).
"""

from __future__ import annotations

import math
import re

from rankbook._errors import InvalidValueError
from rankbook.metrics.cwl_gain_models import (cwl_ift_goal, cwl_ift_goal_rate, cwl_ift_rate,
                                              cwl_nerr8, cwl_nerr9, cwl_nerr10, cwl_nerr11)
from rankbook.metrics.cwl_models import (cwl_bejewelled_player, cwl_time_biased_gain,
                                         cwl_u_measure)
from rankbook.metrics.params import Param
from rankbook.metrics.registry_cwl import CWL_QUANTITIES, DEPTH
from rankbook.metrics.spec import Metric


def _setting(symbol: str, low: float, high: float = math.inf):
    """A reader of ``symbol=value`` (the leading setting written in parentheses)."""
    def read(text: str) -> float:
        name, equals, value = (part.strip() for part in text.partition("="))
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if name != symbol or not equals or not low < number <= high:
            raise InvalidValueError(
                f"the setting {text!r} is not {symbol}=<number> with {low:g} < {symbol} <= "
                f"{high:g}; write e.g. ({symbol}=2).")
        return number
    return read


def _number(symbol: str, default: float, keyword: str, **bounds) -> Param:
    """A parameter written in parentheses (``T=2``), filling the argument ``keyword``."""
    return Param(symbol, float, default, cutoffs=False, keyword=keyword, **bounds)


def _leading(symbol: str, default: float, keyword: str, low: float = 0.0,
             high: float = math.inf) -> Param:
    """The first parameter of a row that has no cut-off: its setting, ``NERR11(T=2)``."""
    return Param(symbol, float, default, cutoffs=False, keyword=keyword,
                 read=_setting(symbol, low, high))


#: ir_measures' ``max_rel`` (``NERR8(max_rel=3)@10``): the grade that is gain 1 (grades
#: clipped to [0, max_rel], over max_rel). 1 here, so that a binary qrels file is as given.
_MAX_REL = _number("max_rel", 1.0, keyword="max_rel", low=0)
_K = Param("k", float, (10.0,), low=0, keyword="K")
_NERR_K = Param("k", int, (10,), low=1, keyword="k")
_T = _number("T", 1.0, "T", low=0)
_GOAL = (_number("T", 2.0, "T"), _number("b1", 0.9, "b1"), _number("R1", 10.0, "R1"))
_RATE = (_number("A", 0.2, "A"), _number("b2", 0.9, "b2"), _number("R2", 10.0, "R2"))
#: Each family's page (the overview, user_models/cwl_models.md, links them all).
_PAGES = {"BPM": "bpm", "U": "u_measure", "TBG": "tbg", "IFT": "ift", "NERR": "nerr"}


def _page(name: str) -> str:
    family = re.match(r"[A-Z]+", name).group()
    return f"user_models/{_PAGES[family]}.md"


def _row(name: str, function, summary: str, params: tuple, per_topic) -> Metric:
    return Metric(name=name, function=function, family="User models", page=_page(name),
                  summary=summary, params=params + (DEPTH,), quantities=CWL_QUANTITIES,
                  needs=("costs",), per_topic=per_topic, graded=True)


CWL_MODEL_ROWS: tuple[Metric, ...] = (
    _row("BPM@k", cwl_bejewelled_player,
         "Bejewelled Player Model, static (cwl_eval's BPM-Static-T-K): read until the gain "
         "reaches T or the cost reaches K (written after @).", (_K, _T, _MAX_REL),
         lambda t, a: cwl_bejewelled_player(t.grades, a.T, a.k, max_rel=a.max_rel,
                                            depth=a.depth, costs=t.costs)),
    _row("BPM-Dynamic@k", cwl_bejewelled_player,
         "Bejewelled Player Model, dynamic (cwl_eval's BPM-Dynamic): T moves by hb per gain "
         "above or below gain_med; hc=0 as cwl_eval 1.0.12.",
         (_K, _T, _number("hb", 1.0, "hb"), _number("hc", 0.0, "hc"),
          _number("gain_med", 0.5, "gain_median"), _MAX_REL),
         lambda t, a: cwl_bejewelled_player(t.grades, a.T, a.k, hb=a.hb, hc=a.hc,
                                            gain_median=a.gain_med, max_rel=a.max_rel,
                                            depth=a.depth, costs=t.costs)),
    _row("U", cwl_u_measure,
         "U-measure (cwl_eval's U-L@L): attention falls linearly to 0 after L units of cost "
         "read.", (_leading("L", 1000.0, "L"),),
         lambda t, a: cwl_u_measure(t.grades, a.L, depth=a.depth, costs=t.costs)),
    _row("TBG", cwl_time_biased_gain,
         "Time-biased gain (cwl_eval's TBG-H@H): the chance of reading on halves every H "
         "units of cost.", (_leading("H", 224.0, "halflife"),),
         lambda t, a: cwl_time_biased_gain(t.grades, a.H, depth=a.depth, costs=t.costs)),
    _row("IFT-C1", cwl_ift_goal,
         "Information foraging, goal only (cwl_eval's IFT-C1): stop as the gain nears T.",
         (_leading("T", 2.0, "T", low=-math.inf),) + _GOAL[1:],
         lambda t, a: cwl_ift_goal(t.grades, a.T, a.b1, a.R1, depth=a.depth, costs=t.costs)),
    _row("IFT-C2", cwl_ift_rate,
         "Information foraging, rate only (cwl_eval's IFT-C2): go on while gain per cost "
         "beats A.", (_leading("A", 0.2, "A", low=-math.inf),) + _RATE[1:],
         lambda t, a: cwl_ift_rate(t.grades, a.A, a.b2, a.R2, depth=a.depth, costs=t.costs)),
    _row("IFT-C1-C2", cwl_ift_goal_rate,
         "Information foraging, goal and rate (cwl_eval's IFT-C1-C2): the product of both.",
         (_leading("T", 2.0, "T", low=-math.inf),) + _GOAL[1:] + _RATE,
         lambda t, a: cwl_ift_goal_rate(t.grades, a.T, a.b1, a.R1, a.A, a.b2, a.R2,
                                        depth=a.depth, costs=t.costs)),
    _row("NERR8@k", cwl_nerr8,
         "Not-but-nearly ERR, equation 8 (ir_measures' NERR8@k): C(i) = 1 - g_i up to rank k.",
         (_NERR_K, _MAX_REL),
         lambda t, a: cwl_nerr8(t.grades, a.k, max_rel=a.max_rel, depth=a.depth,
                                costs=t.costs)),
    _row("NERR9@k", cwl_nerr9,
         "Not-but-nearly ERR, equation 9 (ir_measures' NERR9@k): C(i) = i/(i+1) (1 - g_i) "
         "up to rank k.", (_NERR_K, _MAX_REL),
         lambda t, a: cwl_nerr9(t.grades, a.k, max_rel=a.max_rel, depth=a.depth,
                                costs=t.costs)),
    _row("NERR10", cwl_nerr10,
         "Not-but-nearly ERR, equation 10 (ir_measures' NERR10(p=..)): C(i) = p (1 - g_i).",
         (_leading("p", 0.9, "phi", high=1.0), _MAX_REL),
         lambda t, a: cwl_nerr10(t.grades, a.p, max_rel=a.max_rel, depth=a.depth,
                                 costs=t.costs)),
    _row("NERR11", cwl_nerr11,
         "Not-but-nearly ERR, equation 11 (ir_measures' NERR11(T=..)): INST's patience times "
         "(1 - g_i).", (_leading("T", 1.0, "T"), _MAX_REL),
         lambda t, a: cwl_nerr11(t.grades, a.T, max_rel=a.max_rel, depth=a.depth,
                                 costs=t.costs)),
)
