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

Every method of `METHODS` is exported under its function's name, written out below;
a test (tests/house/test_catalogues.py) fails when a method of `METHODS`
is missing here or a name here is neither a method nor a helper. Queries, runs and files belong to the floor above
(`rankbook.fuse`); the worked tables of a small case to `rankbook.explain_aggregation`.

>>> from rankbook.aggregate import borda
>>> borda([["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]])
{'a': 5.0, 'b': 3.0, 'c': 1.0}
"""

from rankbook.aggregate._profile import Profile, make_profile, ranked_result
from rankbook.aggregate.agglomerative import agglomerative
from rankbook.aggregate.combination import (combanz, combgmnz, combmax, combmed, combmin,
                                            combmnz, combsum)
from rankbook.aggregate.combination_weighted import mixed, wmnz, wsum
from rankbook.aggregate.dibra import dibra
from rankbook.aggregate.kemeny_young import kemeny
from rankbook.aggregate.majoritarian import condorcet, copeland, outranking, schulze
from rankbook.aggregate.markov import markov_chain_matrix, mc1, mc2, mc3, mc4, mct
from rankbook.aggregate.normalization import NORMS, normalize
from rankbook.aggregate.positional import borda, dowdall, isr, log_isr, logn_isr, rbc, rrf
from rankbook.aggregate.prefrel import prefrel
from rankbook.aggregate.registry import FAMILIES, METHODS, Method
from rankbook.aggregate.rra import beta_scores, rra, rra_exact, rra_pvalue
from rankbook.aggregate.stationary import power_iterations, stationary_distribution

# every method of METHODS, in its order, then the names that are no method (the import of
# rankbook.aggregate.rra above binds `rra` to the function, not the module);
# tests/house/test_catalogues.py checks this list against the registry
__all__ = [
    "combsum", "combmnz", "combanz", "combgmnz", "combmax", "combmin", "combmed",
    "wsum", "wmnz", "mixed",
    "borda", "dowdall", "rrf", "isr", "log_isr", "logn_isr", "rbc",
    "condorcet", "copeland", "outranking", "schulze", "kemeny",
    "mc1", "mc2", "mc3", "mc4", "mct",
    "rra", "rra_exact",
    "prefrel", "agglomerative", "dibra",
    "METHODS", "FAMILIES", "Method", "NORMS", "Profile", "make_profile", "ranked_result",
    "normalize", "markov_chain_matrix", "stationary_distribution", "power_iterations",
    "beta_scores", "rra_pvalue",
]
