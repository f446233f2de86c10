r"""Rank aggregation: one plain function per method over the ranked lists of ONE query.

Every method has the shape

    method(lists, *, weights=None, <the method's parameters>) -> dict

``lists`` is a sequence of ranked lists, each a sequence of item ids (best
first) or a mapping ``item -> score`` (higher is better); lists may be partial
and of different lengths. The result maps each item to its aggregate score, in
the aggregate order (best first; equal scores: the item more lists rank first,
then item id ascending, FLAGR's rule).

| module | methods |
| --- | --- |
| `normalization` | `normalize` and the norms `none`, `min_max`, `min_max_inverted`, `max`, `sum`, `z_score`, `rank`, `borda`, `simple_borda` |
| `combination` | `combsum`, `combmnz`, `combanz`, `combgmnz`, `combmax`, `combmin`, `combmed` |
| `combination_weighted` | `wsum`, `wmnz`, `mixed` |
| `positional` | the position-based methods: `borda`, `rrf`, ... (every one in `METHODS`) |
| `majoritarian` | `condorcet`, `copeland`, `outranking`, `schulze` |
| `kemeny_young` | `kemeny` |
| `markov` | `mc1`, `mc2`, `mc3`, `mc4`, `mct`, `markov_chain_matrix` (`stationary`: `stationary_distribution`, `power_iterations`) |
| `rra` | `rra`, `rra_exact`, `beta_scores`, `rra_pvalue` |
| `prefrel`, `agglomerative`, `dibra` | the self-weighting `prefrel`, `agglomerative`, `dibra` |
| `registry` | `METHODS` and `FAMILIES`, the table of all of them, from which the exports below are made |

Every method of `METHODS` is exported under its function's name (`exports`), so a new
method needs no line here. Queries, runs and files belong to the floor above
(`rankbook.fuse`); the worked tables of a small case to `rankbook.explain_aggregation`.

>>> from rankbook.aggregate import borda
>>> borda([["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]])
{'a': 5.0, 'b': 3.0, 'c': 1.0}
"""

from rankbook.aggregate._profile import Profile, make_profile, ranked_result
from rankbook.aggregate.markov import markov_chain_matrix
from rankbook.aggregate.normalization import NORMS, normalize
from rankbook.aggregate.registry import FAMILIES, METHODS, Method, exports
from rankbook.aggregate.rra import beta_scores, rra_pvalue
from rankbook.aggregate.stationary import power_iterations, stationary_distribution

# every method of the registry under its function's name (combsum, borda, ..., dibra); bound
# after the imports above, so that rankbook.aggregate.rra is the function, not its module
globals().update(exports())

__all__ = [
    "METHODS", "FAMILIES", "Method", "NORMS", "Profile", "make_profile", "ranked_result",
    "normalize", "markov_chain_matrix", "stationary_distribution", "power_iterations",
    "beta_scores", "rra_pvalue", *exports(),
]
