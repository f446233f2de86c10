r"""Did I reproduce that paper? Measures that compare an original run with its repetition.

After Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff (SIGIR 2020),
section 3, from the finest level to the coarsest:

| level | function | compares | perfect |
| --- | --- | --- | --- |
| ranked lists | `kendall_tau_union` | the order of the documents, per topic | 1 |
| ranked lists | `rbo` | the top-weighted overlap of the documents, per topic | 1 |
| effectiveness | `rmse` | the per-topic scores of one measure | 0 |
| effectiveness | `arp` | the mean score (average retrieval performance) | the original's |
| overall effect | `effect_ratio` | the improvement of an advanced run over a baseline | 1 |
| overall effect | `delta_relative_improvement` | the relative improvement | 0 |

`reproduction_table` puts them together, one row per measure, from the per-topic
score tables of the runs: the table ``rankbook reproduce`` prints.

The significance tests of the paper are the stats floor's: the paired t-test
(`rankbook.stats.paired_t_test`) for a *replication* (same topics) and the
unpaired t-test (`rankbook.stats.unpaired_t_test`) for a *reproduction*
(another collection, other topics).

Per-topic scores are read as the significance tests read them: plain
sequences paired by position, or scores by topic (a pandas Series such as a
column of `rankbook.evaluate`'s table, or a mapping topic -> score) paired by
topic id; the summary row ``all`` is never a topic. An effect ratio of 0 over 0
(no improvement in the original nor in the repetition) is undefined: NaN, with an
`UndefinedEffectWarning`.
"""

from rankbook.reproducibility.effects import (
    UndefinedEffectWarning,
    arp,
    delta_relative_improvement,
    effect_ratio,
    rmse,
)
from rankbook.reproducibility.orderings import kendall_tau_union, rbo
from rankbook.reproducibility.table import reproduction_table

__all__ = ["arp", "rmse", "effect_ratio", "delta_relative_improvement",
           "kendall_tau_union", "rbo", "reproduction_table", "UndefinedEffectWarning"]
