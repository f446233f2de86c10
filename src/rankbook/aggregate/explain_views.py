"""The views of part 1's families for `rankbook.aggregate.explain.explain_aggregation`.

Each function takes an `AggregationCase` and returns a DataFrame or a
``(DataFrame, note)`` pair; the `view` decorator registers it for a family.
"""

from __future__ import annotations

import numpy as np

from rankbook.aggregate.explain import AggregationCase, item_table, view
from rankbook.aggregate.kemeny_young import kemeny_distance, kemeny_matrix
from rankbook.aggregate.majoritarian import (
    concordance_discordance,
    outranking_thresholds,
    strongest_paths,
)
from rankbook.aggregate.normalization import normalized_matrix
from rankbook.aggregate.pairwise import preference_matrix, wins_ties_losses
from rankbook.aggregate.positional import borda_points

COMBINATION_DEFAULTS = {"norm": "min_max", "convention": "textbook"}


@view("combination", "Normalised scores")
def normalised_scores(case: AggregationCase):
    """Each list's normalised value of each item (blank: no value), and the number of lists."""
    params = {**COMBINATION_DEFAULTS, **case.params}
    values, present = normalized_matrix(case.profile, params["norm"],
                                        convention=params["convention"])
    table = item_table(case.profile, {"lists": np.where(present, values, np.nan),
                                      "h (lists ranking it)": case.profile.hits})
    return table, (f"norm={params['norm']!r}; the method combines these values "
                   "(times the list weights).")


@view("positional", "Points")
def points(case: AggregationCase):
    """The points each list gives each item, before the lists are combined."""
    profile, params = case.profile, case.params
    rank = profile.rank
    with np.errstate(divide="ignore", invalid="ignore"):
        if case.method == "borda":
            values = borda_points(profile, unranked=params.get("unranked", "share"),
                                  convention=params.get("convention", "textbook"))
            note = "Borda points: n - r for the item at rank r (the textbook scale)."
        elif case.method == "rrf":
            k = params.get("k", 60)
            values = np.where(profile.ranked, 1.0 / (k + rank), np.nan)
            note = f"1 / (k + r) with k = {k:g}."
        elif case.method == "rbc":
            phi = params["phi"]
            values = np.where(profile.ranked, (1 - phi) * phi ** (rank - 1), np.nan)
            note = f"(1 - phi) phi^(r - 1) with phi = {phi:g}."
        else:   # the ISR family
            values = np.where(profile.ranked, 1.0 / rank**2, np.nan)
            note = "1 / r^2; the sum is then multiplied by a function of h, the lists ranking it."
    table = item_table(profile, {"lists": values, "h (lists ranking it)": profile.hits})
    return table, note


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
    strength = case.params.get("strength", "winning_votes")
    paths = strongest_paths(preference_matrix(case.profile), strength)
    return pd.DataFrame(paths, index=items, columns=items), (
        "x beats y in Schulze's ranking when P(x, y) > P(y, x).")


@view("majoritarian", "Concordance c(x, y), outranking pairs marked *", methods=("outranking",))
def outranking_concordance(case: AggregationCase):
    """The concordant weight of each ordered pair, and which pairs pass both tests."""
    import pandas as pd

    profile, params = case.profile, case.params
    convention = params.get("convention", "textbook")
    voters = profile.n_lists if convention == "flagr" else float(profile.weight.sum())
    pt, vt, ct, dt = outranking_thresholds(
        profile.n_items, voters, params.get("preference", 0.0), params.get("veto", 0.75),
        params.get("concordance", 0.0), params.get("discordance", 0.25), convention)
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
    convention = case.params.get("convention", "textbook")
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
