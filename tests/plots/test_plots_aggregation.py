"""The rank-aggregation figures draw what the methods compute, checked against hand arithmetic.

Every expected number is counted here from the method's definition (Borda's $n - r$ points,
RRF's $1/(k + r)$, $N(x, y)$, Kendall disagreements, the beta p-values of uniform order
statistics, a two-state chain solved by hand) or is a published one (Wikipedia's Tennessee
and Schulze examples), never read from the function under test.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

import rankbook as rb
from rankbook.plots import (
    kemeny_distances,
    learned_weights,
    markov_walk,
    normalized_scores,
    pairwise_preferences,
    rank_aggregation,
    rra_order_statistics,
    score_contributions,
)

# Wikipedia, "Borda count", "Condorcet method" and "Kemeny-Young method": the Tennessee capital.
TENNESSEE = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
             ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
             ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
             ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
VOTERS = [42, 26, 15, 17]
CITIES = TENNESSEE[0]



def _borda_by_hand(lists, weights):
    """Each list's n - r points per item, times its weight (complete lists)."""
    n = len(lists[0])
    return [{item: w * (n - r) for r, item in enumerate(ballot, start=1)}
            for ballot, w in zip(lists, weights)]


def _column(ax, x):
    """The texts written in the column at x, top to bottom."""
    texts = [t for t in ax.texts if t.get_position()[0] == pytest.approx(x)]
    return [t.get_text() for t in sorted(texts, key=lambda t: t.get_position()[1])]


def test_the_bump_chart_writes_each_list_and_the_fused_list_as_a_column():
    points = _borda_by_hand(TENNESSEE, VOTERS)
    totals = {city: sum(p[city] for p in points) for city in CITIES}
    assert totals == {"Memphis": 126, "Nashville": 194, "Chattanooga": 173, "Knoxville": 107}
    fused = sorted(CITIES, key=lambda city: -totals[city])
    ax = rank_aggregation(TENNESSEE, "borda", weights=VOTERS)
    for l, ballot in enumerate(TENNESSEE):     # the key shortens each city to its initial
        assert _column(ax, l) == [city[0] for city in ballot]
    assert _column(ax, 4.3) == [f"{city[0]}  {totals[city]}" for city in fused]
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "list 1\nw=42", "list 2\nw=26", "list 3\nw=15", "list 4\nw=17", "borda"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "M: Memphis", "N: Nashville", "C: Chattanooga", "K: Knoxville"]


def test_a_partial_list_leaves_a_gap_that_a_dotted_line_bridges():
    # The combination page's lists: list 2 ranks only b and d, so a is missing there.
    lists = [["a", "b", "c"], ["b", "d"], ["c", "a", "e", "b"]]
    ax = rank_aggregation(lists, ["borda", "rrf"])
    assert _column(ax, 1) == ["b", "d"]
    a_solid, a_dotted = ax.get_lines()[0], ax.get_lines()[1]
    assert a_solid.get_label() == "a" and a_dotted.get_linestyle() == ":"
    # a: rank 1 in list 1, bridged over list 2 to rank 2 in list 3
    assert a_dotted.get_xdata()[:2].tolist() == [0, 2]
    assert a_dotted.get_ydata()[:2].tolist() == [1, 2]
    with pytest.raises(rb.InvalidValueError, match="methods is empty"):
        rank_aggregation(lists, [])
    with pytest.raises(rb.InvalidValueError, match="one name per list"):
        rank_aggregation(lists, "borda", list_names=["one"])


def test_the_stacked_bars_are_each_groups_borda_points():
    ax = score_contributions(TENNESSEE, "borda", weights=VOTERS)
    points = _borda_by_hand(TENNESSEE, VOTERS)
    order = [label.get_text() for label in ax.get_yticklabels()]        # top to bottom
    assert order == ["Nashville", "Chattanooga", "Memphis", "Knoxville"]
    for l, bars in enumerate(ax.containers):
        assert [bar.get_width() for bar in bars] == [points[l][city] for city in order]
    totals = [sum(bars[row].get_width() for bars in ax.containers) for row in range(4)]
    assert totals == [194, 173, 126, 107]                     # Wikipedia's Borda count
    assert [text.get_text() for text in ax.texts] == ["194", "173", "126", "107"]


def test_rrf_contributions_are_one_over_k_plus_r():
    # The positional page's exercise 1: d1 is 1st and 2nd, d3 3rd and 1st, d2 2nd in list 1.
    ax = score_contributions([["d1", "d2", "d3"], ["d3", "d1"]], "rrf")
    order = [label.get_text() for label in ax.get_yticklabels()]
    assert order == ["d1", "d3", "d2"]
    expected = [[Fraction(1, 61), Fraction(1, 63), Fraction(1, 62)],
                [Fraction(1, 62), Fraction(1, 61), 0]]
    for bars, parts in zip(ax.containers, expected):
        assert [bar.get_width() for bar in bars] == pytest.approx([float(p) for p in parts])


def test_borda_shares_of_unranked_items_are_drawn_pale():
    # n = 5: list 2 hands out 4 and 3 to b and d and leaves 2, 1, 0: a, c and e get 1 each.
    ax = score_contributions([["a", "b", "c"], ["b", "d"], ["c", "a", "e", "b"]], "borda")
    order = [label.get_text() for label in ax.get_yticklabels()]
    assert order == ["b", "a", "c", "d", "e"]
    list_2 = {item: bar for item, bar in zip(order, ax.containers[1])}
    assert [list_2[x].get_width() for x in "acedb"] == [1, 1, 1, 3, 4]
    assert [list_2[x].get_alpha() is not None for x in "acedb"] == [True] * 3 + [False] * 2
    assert "share" in ax.get_legend().get_texts()[-1].get_text()


def test_contributions_refuse_a_method_that_is_not_a_sum_over_lists():
    with pytest.raises(rb.InvalidValueError, match="combmnz.*not one.*combsum"):
        score_contributions(TENNESSEE, "combmnz")


def test_the_normalised_values_are_the_formulas_by_hand():
    run = {"d1": 12.0, "d2": 9.0, "d3": 6.0, "d4": 5.0}
    raw, normalised = normalized_scores(run, ["min_max", "max", "z_score", "rank"])
    assert [bar.get_height() for bar in raw.patches] == [12, 9, 6, 5]
    mean, sd = 8, math.sqrt((16 + 1 + 4 + 9) / 4)           # population deviation
    expected = {"min_max": [(s - 5) / 7 for s in (12, 9, 6, 5)],
                "max": [s / 12 for s in (12, 9, 6, 5)],
                "z_score": [(s - mean) / sd for s in (12, 9, 6, 5)],
                "rank": [1, 3 / 4, 2 / 4, 1 / 4]}
    for line in normalised.get_lines()[:4]:
        assert line.get_ydata().tolist() == pytest.approx(expected[line.get_label()])
    assert [t.get_text() for t in normalised.get_xticklabels()] == ["d1", "d2", "d3", "d4"]


def test_the_borda_share_appears_for_the_items_the_list_leaves_out():
    # (n - |l| + 1) / (2n) with n = 6, |l| = 4: 3/12 for d5 and d6.
    _, normalised = normalized_scores({"d1": 3.0, "d2": 1.0}, "borda",
                                      items=["d1", "d2", "d5"])
    assert normalised.get_lines()[0].get_ydata().tolist() == pytest.approx([1, 2 / 3, 1 / 3])


def _cells(ax):
    """(row label, column label) -> the number written in that cell."""
    rows = [t.get_text() for t in ax.get_yticklabels()]
    return {(rows[round(y)], rows[round(x)]): float(t.get_text())
            for t in ax.texts for x, y in [t.get_position()] if x < len(rows) - 0.5}


def test_the_pairwise_grid_holds_the_voters_preferences():
    ax = pairwise_preferences(TENNESSEE, weights=VOTERS)
    cells = _cells(ax)
    for x, y in itertools.permutations(CITIES, 2):
        by_hand = sum(w for ballot, w in zip(TENNESSEE, VOTERS)
                      if ballot.index(x) < ballot.index(y))
        assert cells[x, y] == by_hand
    # Wikipedia's "Condorcet method": Nashville beats Memphis 58-42 and the others 68-32.
    assert (cells["Nashville", "Memphis"], cells["Nashville", "Knoxville"]) == (58, 68)
    assert ax.get_title() == "Condorcet winner: Nashville (beats all 3 others)"
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "Nashville", "Chattanooga", "Knoxville", "Memphis"]      # Copeland's order


def test_a_cycle_has_no_condorcet_winner():
    # Wikipedia, "Schulze method": 45 voters; its table of d[X, Y].
    ballots = {"ACBED": 5, "ADECB": 5, "BEDAC": 8, "CABED": 3, "CAEBD": 7, "CBADE": 2,
               "DCEBA": 7, "EBADC": 8}
    ax = pairwise_preferences([list(b) for b in ballots], weights=list(ballots.values()),
                              order="schulze")
    published = {("A", "B"): 20, ("A", "C"): 26, ("A", "D"): 30, ("A", "E"): 22,
                 ("B", "A"): 25, ("B", "C"): 16, ("B", "D"): 33, ("B", "E"): 18,
                 ("C", "A"): 19, ("C", "B"): 29, ("C", "D"): 17, ("C", "E"): 24,
                 ("D", "A"): 15, ("D", "B"): 12, ("D", "C"): 28, ("D", "E"): 14,
                 ("E", "A"): 23, ("E", "B"): 27, ("E", "C"): 21, ("E", "D"): 31}
    assert _cells(ax) == published
    assert ax.get_title().startswith("No Condorcet winner")
    lost = [p for p in ax.patches if p.get_hatch() == "//"]
    assert len(lost) == 10                          # every contest has a loser: 20 cells / 2


def _disagreements(order, lists, weights):
    """Kendall disagreements of ``order`` with complete lists, counted pair by pair."""
    return sum(w for ballot, w in zip(lists, weights)
               for x, y in itertools.combinations(order, 2)
               if ballot.index(y) < ballot.index(x))


def test_the_kemeny_bars_are_the_disagreements_counted_by_hand():
    ax = kemeny_distances(TENNESSEE, weights=VOTERS)
    best = min(itertools.permutations(CITIES), key=lambda o: _disagreements(o, TENNESSEE, VOTERS))
    widths = [bar.get_width() for bar in ax.patches]
    assert widths[0] == _disagreements(best, TENNESSEE, VOTERS) == 600 - 393  # Wikipedia
    assert widths[1:] == [_disagreements(b, TENNESSEE, VOTERS) for b in TENNESSEE]
    assert ax.get_title() == "Kemeny order: " + " > ".join(best)


def test_the_walk_of_a_two_state_chain_solved_by_hand():
    # One list [a, b]: MC4 moves from b up to a with 1/n = 1/2. With teleportation 0.2,
    # T' = 0.8 T + 0.1 = ((0.9, 0.1), (0.5, 0.5)); the balance 0.1 pi_a = 0.5 pi_b gives
    # pi_b = 1/6 (the Markov page's exercise 3).
    ax = markov_walk([["a", "b"]], "mc4", ergodic_number=0.2)
    walk_a, walk_b, limit_a, limit_b = ax.get_lines()
    assert walk_a.get_ydata()[:3].tolist() == pytest.approx([0.5, 0.7, 0.7 * 0.9 + 0.3 * 0.5])
    assert walk_b.get_ydata()[-1] == pytest.approx(1 / 6, abs=1e-11)
    assert (limit_a.get_ydata()[0], limit_b.get_ydata()[0]) == pytest.approx((5 / 6, 1 / 6))
    assert walk_b.get_label() == "b: π = 0.167"
    with pytest.raises(rb.InvalidValueError, match="ergodic_number"):
        markov_walk([["a", "b"]], ergodic_number=0)


def test_the_rra_curves_are_the_beta_pvalues_of_the_order_statistics():
    # The RRA page's lists: n = 4, L = 3. a: u = (1/4, 1/4, 1/4); b: u = (1/2, 3/4, 1/2).
    # P(U_(i) <= u) for the i-th smallest of 3 uniforms = sum_{j >= i} C(3, j) u^j (1-u)^(3-j).
    def p(i, u):
        return sum(math.comb(3, j) * u**j * (1 - u) ** (3 - j) for j in range(i, 4))

    ax = rra_order_statistics([["a", "b", "c", "d"], ["a", "c", "b", "d"], ["a", "b", "d", "c"]])
    a, _, b = ax.get_lines()[:3]
    assert a.get_ydata().tolist() == pytest.approx([p(1, 1 / 4), p(2, 1 / 4), p(3, 1 / 4)])
    assert a.get_ydata().tolist() == pytest.approx([37 / 64, 10 / 64, 1 / 64])
    assert b.get_ydata().tolist() == pytest.approx([p(1, 1 / 2), p(2, 1 / 2), p(3, 3 / 4)])
    assert a.get_label() == "a: ρ = 0.01562" and b.get_label() == "b: ρ = 0.4219"


def test_learned_weights_relative_to_the_most_trusted_list():
    # PrefRel (the self-weighting page's exercise 1): all 3 pairs split 2-1, and one vote
    # of 3 is below alpha = 0.4 of them: the third list is the minority on 3 of 3 pairs.
    lists = [["a", "b", "c"], ["a", "b", "c"], ["c", "b", "a"]]
    ax = learned_weights(lists, ["prefrel", "agglomerative"],
                         params={"prefrel": {"alpha": 0.4}})
    assert [bar.get_height() for bar in ax.containers[0]] == [1, 1, 0]
    # Agglomerative: W = 1 + the pairs on which the list sides with the majority (3, 3, 0).
    majority = {(x, y) for x, y in itertools.permutations("abc", 2)
                if sum(l.index(x) < l.index(y) for l in lists) >= 2}
    agree = [1 + sum(l.index(x) < l.index(y) for x, y in majority) for l in lists]
    assert agree == [4, 4, 1]
    assert [bar.get_height() for bar in ax.containers[1]] == pytest.approx(
        [w / max(agree) for w in agree])
    with pytest.raises(rb.InvalidValueError, match="self-weighting"):
        learned_weights(lists, ["borda"])
    with pytest.raises(rb.InvalidValueError, match="params names"):
        learned_weights(lists, ["dibra"], params={"prefrel": {"alpha": 0.4}})
