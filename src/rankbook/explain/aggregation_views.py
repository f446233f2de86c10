"""The views of every family for `rankbook.explain.aggregation.explain_aggregation`.

Each function takes an `AggregationCase` and returns a DataFrame or a
``(DataFrame, note)`` pair; the `view` decorator registers it for a family.
The parameters a view reads come from ``case.settings`` (the method's own
defaults, overridden by the call's parameters).
"""

from __future__ import annotations

import numpy as np

from rankbook.aggregate.stationary import flagr_power_iterations
from rankbook.explain.aggregation import AggregationCase, item_table, view
from rankbook.aggregate.kemeny_young import kemeny_distance, kemeny_matrix
from rankbook.aggregate.majoritarian import (
    concordance_discordance,
    outranking_thresholds,
    strongest_paths,
)
from rankbook.aggregate.markov import markov_chain_matrix
from rankbook.aggregate.normalization import normalized_matrix
from rankbook.aggregate.pairwise import preference_matrix, wins_ties_losses
from rankbook.aggregate.positional import borda_points
from rankbook.aggregate.rra import beta_scores, normalised_ranks, rra_pvalue
from rankbook.aggregate.stationary import power_iterations

SHOWN_STEPS = 6     # power iterations shown before the last one


@view("combination", "Normalised scores")
def normalised_scores(case: AggregationCase):
    """Each list's normalised value of each item (blank: no value), and the number of lists."""
    params = case.settings
    values, present = normalized_matrix(case.profile, params["norm"],
                                        convention=params["convention"])
    table = item_table(case.profile, {"lists": np.where(present, values, np.nan),
                                      "h (lists ranking it)": case.profile.hits})
    return table, (f"norm={params['norm']!r}; the method combines these values "
                   "(times the list weights).")


@view("positional", "Points")
def points(case: AggregationCase):
    """The points each list gives each item, before the lists are combined."""
    profile, params = case.profile, case.settings
    rank = profile.rank
    with np.errstate(divide="ignore", invalid="ignore"):
        if case.method == "borda":
            values = borda_points(profile, unranked=params["unranked"],
                                  convention=params["convention"])
            note = "Borda points: n - r for the item at rank r (the textbook scale)."
        elif case.method == "rrf":
            k = params["k"]
            values = np.where(profile.ranked, 1.0 / (k + rank), np.nan)
            note = f"1 / (k + r) with k = {k:g}."
        elif case.method == "rbc":
            phi = params["phi"]
            values = np.where(profile.ranked, (1 - phi) * phi ** (rank - 1), np.nan)
            note = f"(1 - phi) phi^(r - 1) with phi = {phi:g}."
        elif case.method in ("isr", "log_isr", "logn_isr"):
            values = np.where(profile.ranked, 1.0 / rank**2, np.nan)
            note = "1 / r^2; the sum is then multiplied by a function of h, the lists ranking it."
        else:   # a sum of per-list points: list l's points are the method with weight 1 on l only
            values, note = _points_of_each_list(case), "The points each list gives (weight 1 each)."
    table = item_table(profile, {"lists": values, "h (lists ranking it)": profile.hits})
    return table, note


def _points_of_each_list(case: AggregationCase) -> np.ndarray:
    """(L, n) points of a position method that sums per-list points (``linear_in_weights``)."""
    from rankbook.aggregate.registry import METHODS

    profile = case.profile
    function = METHODS[case.method].function
    values = np.full(profile.rank.shape, np.nan)
    for l in range(profile.n_lists):
        alone = np.zeros(profile.n_lists)
        alone[l] = 1.0
        scores = function(profile, weights=alone, **case.params)
        values[l] = [scores[item] for item in profile.items]
    return np.where(profile.ranked, values, np.nan)


@view("majoritarian", "Pairwise preferences N(x, y)")
def pairwise_preferences(case: AggregationCase):
    """N(x, y): the weight of the lists that put the row item above the column item."""
    import pandas as pd

    items = list(case.profile.items)
    matrix = preference_matrix(case.profile)
    table = pd.DataFrame(matrix, index=items, columns=items)
    return table, ("Row x, column y: the lists (by weight) ranking x above y; a ranked item "
                   "is above an unranked one.")


@view("majoritarian", "Pairwise contests")
def pairwise_contests(case: AggregationCase):
    """Each item's wins, ties and losses, with the Condorcet and Copeland tallies."""
    wins, ties, losses = wins_ties_losses(preference_matrix(case.profile))
    table = item_table(case.profile, {"wins": wins, "ties": ties, "losses": losses,
                                      "Condorcet": wins, "Copeland": wins - losses})
    return table, ("x wins against y when N(x, y) > N(y, x). Condorcet = wins; "
                   "Copeland = wins - losses (FLAGR's wins + ties/2 orders the same way).")


@view("majoritarian", "Strongest paths P(x, y)", methods=("schulze",))
def schulze_paths(case: AggregationCase):
    """Schulze's strongest-path strengths."""
    import pandas as pd

    items = list(case.profile.items)
    strength = case.settings["strength"]
    paths = strongest_paths(preference_matrix(case.profile), strength)
    return pd.DataFrame(paths, index=items, columns=items), (
        "x beats y in Schulze's ranking when P(x, y) > P(y, x).")


@view("majoritarian", "Concordance c(x, y), outranking pairs marked *", methods=("outranking",))
def outranking_concordance(case: AggregationCase):
    """The concordant weight of each ordered pair, and which pairs pass both tests."""
    import pandas as pd

    profile, params = case.profile, case.settings
    convention = params["convention"]
    voters = profile.n_lists if convention == "flagr" else float(profile.weight.sum())
    pt, vt, ct, dt = outranking_thresholds(
        profile.n_items, voters, params["preference"], params["veto"],
        params["concordance"], params["discordance"], convention)
    c, d = concordance_discordance(profile, pt, vt, convention)
    outranks = (c >= ct) & (d <= dt) & ~np.eye(profile.n_items, dtype=bool)
    cells = [[f"{c[x, y]:g}{'*' if outranks[x, y] else ''}" if x != y else ""
              for y in range(profile.n_items)] for x in range(profile.n_items)]
    items = list(profile.items)
    return pd.DataFrame(cells, index=items, columns=items), (
        f"Thresholds: s_p = {pt}, s_v = {vt} positions; c_min = {ct}, d_max = {dt} voters. "
        "x outranks y (*) when c(x, y) >= c_min and d(x, y) <= d_max; "
        "x scores the sum of its starred row.")


@view("majoritarian", "Kemeny distance", methods=("kemeny",))
def kemeny_distances(case: AggregationCase):
    """The Kemeny distance of the winning order, beside each list's own order."""
    import pandas as pd

    profile = case.profile
    convention = case.settings["convention"]
    cost = kemeny_matrix(profile, convention)
    where = {item: x for x, item in enumerate(profile.items)}
    orders = {"the Kemeny order": [where[item] for item in case.result]}
    for l in range(profile.n_lists):
        ranked = np.flatnonzero(profile.ranked[l])
        unranked = np.flatnonzero(~profile.ranked[l])
        orders[f"list {l + 1}, unranked after"] = list(ranked[np.argsort(profile.rank[l, ranked])]) \
            + list(unranked)
    rows = {name: kemeny_distance(cost, order) for name, order in orders.items()}
    table = pd.DataFrame({"distance": list(rows.values())}, index=list(rows))
    return table, ("The weighted number of pairs an order puts the other way round from the "
                   "lists; the Kemeny order has the least.")


@view("markov", "Transition matrix T'")
def transition_matrix(case: AggregationCase):
    """The chain's row-stochastic transition matrix, teleportation included."""
    import pandas as pd

    settings = case.settings
    items, matrix = markov_chain_matrix(case.profile, case.method, ergodic_number=settings["ergodic_number"],
                                        convention=settings["convention"])
    table = pd.DataFrame(matrix, index=list(items), columns=list(items))
    return table, (f"Row P, column Q: the probability of moving from P to Q; each row sums to 1. "
                   f"T' = (1 - e) T + e/n with the teleportation e = {settings['ergodic_number']:g}.")


@view("markov", "Power iterations pi(t)")
def power_iteration_steps(case: AggregationCase):
    """The walk's distribution step by step from the uniform start: the first steps and the last."""
    import pandas as pd

    settings = case.settings
    items, matrix = markov_chain_matrix(case.profile, case.method, ergodic_number=settings["ergodic_number"],
                                        convention=settings["convention"])
    if settings["convention"] == "flagr":
        steps = 100 if settings["max_iterations"] is None else settings["max_iterations"]
        states = flagr_power_iterations(matrix, max_iterations=steps)
        rule = (f"FLAGR stops after max_iterations - 1 = {steps - 1} steps (or when nothing "
                "changes); its last row is the method's scores, converged or not")
    else:
        steps = 1000 if settings["max_iterations"] is None else settings["max_iterations"]
        states = power_iterations(matrix, max_iterations=steps)
        rule = ("until no probability changes by more than 1e-12; the last row is the stationary "
                "distribution, the method's scores")
    shown = sorted(set(range(min(SHOWN_STEPS, len(states)))) | {len(states) - 1})
    table = pd.DataFrame(states[shown], index=pd.Index(shown, name="t"), columns=list(items))
    return table, f"pi(t+1) = pi(t) T', from pi(0) = 1/n each, {rule}."


@view("rra", "Normalised ranks u = r / n")
def rra_normalised_ranks(case: AggregationCase):
    """Each list's normalised rank of each item, 1 where the list leaves it out."""
    values = normalised_ranks(case.profile, case.settings["n"])
    n = case.profile.n_items if case.settings["n"] is None else case.settings["n"]
    return item_table(case.profile, {"lists": values}), (
        f"n = {n} rankable items; an item a list leaves out gets u = 1.")


@view("rra", "Order statistics u_(i)")
def rra_order_statistics(case: AggregationCase):
    """Each item's normalised ranks sorted, smallest first."""
    import pandas as pd

    ordered = np.sort(normalised_ranks(case.profile, case.settings["n"]), axis=0)
    columns = [f"u_({i})" for i in range(1, ordered.shape[0] + 1)]
    return pd.DataFrame(ordered.T, index=list(case.profile.items), columns=columns), (
        "Under 'every list is random' u_(i) is the i-th smallest of L uniform numbers, "
        "a Beta(i, L - i + 1) variable.")


@view("rra", "Beta p-values p_i, rho and the p-value")
def rra_pvalues(case: AggregationCase):
    """p_i = I_u(i)(i, L - i + 1), their minimum rho, and the corrected p-values."""
    import pandas as pd

    p = beta_scores(normalised_ranks(case.profile, case.settings["n"]))
    L = p.shape[0]
    rho = p.min(axis=0)
    naive = case.settings["convention"] == "flagr"
    table = pd.DataFrame(p.T, index=list(case.profile.items),
                         columns=[f"p_{i}" for i in range(1, L + 1)])
    table["rho"] = rho
    table["Bonferroni"] = np.minimum(1.0, L * rho)
    table["exact"] = [rra_pvalue(float(r), L, naive=naive) for r in rho]
    return table, ("rho = min p_i; Bonferroni = min(1, L rho) (`rra`); exact = the probability "
                   "that random lists give a rho this small (`rra_exact`). Smaller is better.")


@view("self_weighting", "Learned voter weights")
def learned_weights(case: AggregationCase):
    """The list weights the method learned (``return_weights=True``)."""
    import pandas as pd

    from rankbook.aggregate.registry import METHODS

    _, weights = METHODS[case.method].function(case.profile, **{**case.params, "return_weights": True})
    names = [f"list {l + 1}" for l in range(case.profile.n_lists)]
    table = pd.DataFrame({"weight": weights}, index=names)
    if case.method == "dibra":
        spread = weights.max() - weights.min()
        table["min-max normalised"] = (weights - weights.min()) / spread if spread > 0 else 1.0
    return table, _WEIGHT_NOTES[case.method]


_WEIGHT_NOTES = {
    "prefrel": "w = 1 - D / C(n, 2): D counts the pairs on which the list sides with an "
               "alpha-minority (1/2 where it ranks neither item).",
    "agglomerative": "W = 1 + the pairs on which the list agrees with the pairwise majority; "
                     "the merges weigh the lists' scores by W.",
    "dibra": "w after the last round (each round adds exp(-gamma (t + 1) d) for the list's distance "
             "d to the aggregate); the base method weighs the lists by the min-max normalised w.",
}
