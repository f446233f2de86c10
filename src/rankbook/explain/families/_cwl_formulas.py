r"""Each C/W/L model's continuation C(i), written with the numbers of rank i substituted.

One function per model, ``(i, g, c, a) -> (words, formula, substituted)``: ``g`` and ``c`` are
the gains and costs of cwl_eval's list (rank 1 at index 0), ``a`` the measure's arguments.
``words`` are lines said before the formula (how a quantity it reads was found, or why C(i)
is what it is); ``formula`` is C(i)'s formula in letters and ``substituted`` the same with the
numbers in (either may be None: a model that stops by a rule has none). The value of C(i) is
never computed here: it comes from the model's continuation function
(`rankbook.metrics.cwl_continuations`, `rankbook.metrics.cwl_model_continuations`).
"""

from __future__ import annotations

import math


def n(x) -> str:
    """A number as it is substituted: 0.8, 2, -1 in parentheses, 6 significant digits."""
    x = float(x)
    text = str(int(x)) if x.is_integer() and abs(x) < 1e15 else f"{x:.6g}"
    return f"({text})" if x < 0 else text


def _collected(g, i: int) -> float:
    """y_i = g_1 + ... + g_i, in the order of the list (as numpy's cumsum adds them)."""
    return math.fsum(g[:i])


def _spent(c, i: int) -> float:
    return math.fsum(c[:i])


def _cut(i: int, k, reads_on):
    """The words and formula of a model cut at rank k: its own formula before k, 0 from k on."""
    if i >= k:
        return [f"i = {i} ≥ k = {n(k)}: the user stops at rank k at the latest"], None, "0"
    return reads_on()


def rbp(i, g, c, a, C):
    return [], "p", n(a["persistence"])


def precision(i, g, c, a, C):
    return _cut(i, a["k"], lambda: ([f"i = {i} < k = {n(a['k'])}: the user reads on"], None,
                                    "1"))


def scaled_dcg(i, g, c, a, C):
    return _cut(i, a["k"], lambda: ([], "log2(i + 1)/log2(i + 2)",
                                    f"log2({i} + 1)/log2({i} + 2)"))


def reciprocal_rank(i, g, c, a, C):
    useful = [j for j in range(1, len(g) + 1) if g[j - 1] > 0]
    if not useful:
        return ["no rank has a positive gain: the user reads the whole list"], None, "1"
    f = useful[0]
    words = f"f = {f}, the first rank with a positive gain: the user reads to it and stops"
    return [words], None, "1" if i < f else "0"


def average_precision(i, g, c, a, C):
    ahead = [f"{n(g[j - 1])}/{j}" for j in range(i, len(g) + 1) if g[j - 1] != 0]
    if not ahead[1 if g[i - 1] != 0 else 0:]:
        return ["no useful document below rank i: the user stops"], None, "0"
    here = " + ".join(ahead)
    after = " + ".join(ahead[1:] if g[i - 1] != 0 else ahead)
    return [], "(Σ_(j>i) g_j/j)/(Σ_(j≥i) g_j/j)", f"({after})/({here})"


def inst(i, g, c, a, C):
    T = a["T"]
    wanted = T - _collected(g, i)
    words = f"T_{i} = T - (g_1 + ... + g_{i}) = {n(T)} - {n(_collected(g, i))} = {wanted:.6g}"
    return ([words], f"((i + T + T_{i} - 1)/(i + T + T_{i}))^2",
            f"(({i} + {n(T)} + {n(wanted)} - 1)/({i} + {n(T)} + {n(wanted)}))^2")


def insq(i, g, c, a, C):
    T = a["T"]
    return [], "((i + 2T - 1)/(i + 2T))^2", f"(({i} + 2·{n(T)} - 1)/({i} + 2·{n(T)}))^2"


def bpm(i, g, c, a, C):
    T, K, hb, hc, median = a["T"], a["K"], a["hb"], a["hc"], a["gain_median"]
    stops = [m for m in range(1, i + 1) if C[m - 1] == 0]
    m = stops[0] if stops else i
    surplus = math.fsum(x - median for x in g[:m - 1])
    gain_bound, cost_bound = T + hb * surplus, K + hc * surplus
    gain, cost = _collected(g, m), _spent(c, m)
    bounds = "" if hb == hc == 0 else (
        f" (T_{m} = T + hb·Σ_(j<{m}) (g_j - g_med) = {n(gain_bound)}, K_{m} = K + "
        f"hc·Σ_(j<{m}) (g_j - g_med) = {n(cost_bound)})")
    if stops:
        said = (f"the gain {n(gain)} reaches T_{m} = {n(gain_bound)}" if gain >= gain_bound
                else f"the cost {n(cost)} reaches K_{m} = {n(cost_bound)}")
        return [f"at rank {m} {said}{bounds}: the player stops there"], None, "0"
    return [f"at rank {i} the gain {n(gain)} < T_{i} = {n(gain_bound)} and the cost "
            f"{n(cost)} < K_{i} = {n(cost_bound)}{bounds}: the player reads on"], None, "1"


def weights_ratio(name: str, weight_text):
    """U-measure and TBG: C(i) = W(i+1)/W(i), each W written by ``weight_text(t, a)``."""
    def formula(i, g, c, a, C):
        if i >= len(g):
            return [f"rank {i} is the last of cwl_eval's list: C = 0 there"], None, "0"
        t_here, t_next = _spent(c, i - 1), _spent(c, i)
        words = [f"t_{i} = {n(t_here)} and t_{i + 1} = {n(t_next)}, the cost read before "
                 f"ranks {i} and {i + 1}; {name}"]
        return (words, f"W({i + 1})/W({i})",
                f"{weight_text(t_next, a)}/{weight_text(t_here, a)}")
    return formula


u_measure = weights_ratio("W(i) ∝ max(0, 1 - t_i/L)",
                          lambda t, a: f"max(0, 1 - {n(t)}/{n(a['L'])})")
tbg = weights_ratio("W(i) ∝ 2^(-t_i/H)", lambda t, a: f"2^(-{n(t)}/{n(a['halflife'])})")


def _goal_text(i, g, a) -> str:
    return (f"1 - 1/(1 + {n(a['b1'])}·exp({n(a['R1'])}·({n(a['T'])} - "
            f"{n(_collected(g, i))})))")


def _rate_text(i, g, c, a) -> str:
    return (f"1/(1 + {n(a['b2'])}·exp({n(a['R2'])}·({n(a['A'])} - "
            f"{n(_collected(g, i))}/{n(_spent(c, i))})))")


def _sums(i, g, c, cost: bool) -> str:
    words = f"y_{i} = g_1 + ... + g_{i} = {n(_collected(g, i))}"
    return words + (f", k_{i} = c_1 + ... + c_{i} = {n(_spent(c, i))}" if cost else "")


def ift_goal(i, g, c, a, C):
    return [_sums(i, g, c, False)], "1 - 1/(1 + b1·exp(R1·(T - y_i)))", _goal_text(i, g, a)


def ift_rate(i, g, c, a, C):
    return [_sums(i, g, c, True)], "1/(1 + b2·exp(R2·(A - y_i/k_i)))", _rate_text(i, g, c, a)


def ift_goal_rate(i, g, c, a, C):
    return ([_sums(i, g, c, True)], "C1(y_i)·C2(y_i, k_i)",
            f"({_goal_text(i, g, a)})·({_rate_text(i, g, c, a)})")


def nerr8(i, g, c, a, C):
    return _cut(i, a["k"], lambda: ([], "1 - g_i", f"1 - {n(g[i - 1])}"))


def nerr9(i, g, c, a, C):
    return _cut(i, a["k"], lambda: ([], "i/(i + 1)·(1 - g_i)",
                                    f"{i}/({i} + 1)·(1 - {n(g[i - 1])})"))


def nerr10(i, g, c, a, C):
    return [], "φ·(1 - g_i)", f"{n(a['phi'])}·(1 - {n(g[i - 1])})"


def nerr11(i, g, c, a, C):
    T = a["T"]
    return ([], "((i + 2T - 1)/(i + 2T))^2·(1 - g_i)",
            f"(({i} + 2·{n(T)} - 1)/({i} + 2·{n(T)}))^2·(1 - {n(g[i - 1])})")
