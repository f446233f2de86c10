r"""Figures of ranking evaluation (matplotlib), one function per picture, one module per chapter.

Each function takes the same inputs as the metric, test or method it pictures (the grades of
one ranked list, rank 1 first; paired per-topic scores; the input lists of one query), computes
every value it shows with rankbook's own functions, draws on the ``ax`` it is given (or on a
new figure's axes) and returns the Axes, so a caller can add titles, save or combine figures.
The docs site draws every figure of a page from that page's own worked example with these
functions when it is built, so a figure and the numbers beside it cannot disagree; a reader
draws the same figure for a list of their own with the same call.

matplotlib is imported only when a figure is drawn. The colours (`_style.PALETTE`) read on
white paper, on the site's light and dark themes and for readers who do not tell red from
green; lines also carry markers or dashes.

| module | chapter |
| --- | --- |
| `set_based` | set-based measures: P@k, R@k, F, R-precision, success |
| `set_based_cutoffs` | set-based measures: P@(mR), relative P@k, utility |
| `rank_based` | rank-based measures: AP, MAP, RR, MRR |
| `rank_based_effort` | rank-based measures: search length, LAG |
| `rank_based_curves` | rank-based measures: precision-recall, interpolated precision, ROC |
| `graded` | graded relevance: DCG, nDCG and their variants |
| `user_models` | user models: RBP, ERR |
| `conventions` | user models: one measure's name, each tool's number |
| `diversity` | diversity: the subtopics each rank covers, novelty gains, ERR-IA's normalisers, NRBP, intent-aware averages |
| `ntcir_diversity` | diversity: NTCIREVAL's D#-measures between I-rec and the D-measure |
| `incomplete` | incomplete judgments: bpref, infAP, unjudged documents |
| `significance` | comparing two systems: the per-topic differences, each test's null distribution |
| `risk` | comparing against a baseline: per-topic wins and losses weighted by $1 + \alpha$ (URisk) |
| `many_systems` | comparing many systems: ANOVA's F, Tukey's intervals, corrected p-values, ASL curves, power |
| `reproducibility` | reproducibility: original against replicated scores (RMSE, ARP), effects (ER, delta RI) |
| `aggregation` | rank aggregation: input lists and fused lists, the points behind them, voter weights |
| `aggregation_scores` | rank aggregation: normalised scores, pairwise matrix, Kemeny distances, Markov walks, RRA's p-values |
| `online` | online evaluation: interleaved lists, outcomes of comparisons, clicks, estimates |
| `collections` | building test collections: pool growth, a topic's pool, pool bias, scores under incomplete judgments |
| `agreement` | building test collections: two assessors' confusion table, system scores under two evaluations |

Examples
--------
>>> import rankbook as rb
>>> ax = rb.plots.average_precision_area([1, 0, 1, 0, 1], 3)
>>> ax.get_xlabel(), ax.get_ylabel()
('recall', 'precision')
"""

from rankbook.plots import (
    aggregation,
    aggregation_scores,
    agreement,
    collections,
    conventions,
    diversity,
    graded,
    incomplete,
    many_systems,
    ntcir_diversity,
    online,
    rank_based,
    rank_based_curves,
    rank_based_effort,
    reproducibility,
    risk,
    set_based,
    set_based_cutoffs,
    significance,
    user_models,
)
from rankbook.plots.aggregation import *  # noqa: F403
from rankbook.plots.aggregation_scores import *  # noqa: F403
from rankbook.plots.agreement import *  # noqa: F403
from rankbook.plots.collections import *  # noqa: F403
from rankbook.plots.conventions import *  # noqa: F403
from rankbook.plots.diversity import *  # noqa: F403
from rankbook.plots.graded import *  # noqa: F403
from rankbook.plots.incomplete import *  # noqa: F403
from rankbook.plots.many_systems import *  # noqa: F403
from rankbook.plots.ntcir_diversity import *  # noqa: F403
from rankbook.plots.online import *  # noqa: F403
from rankbook.plots.rank_based import *  # noqa: F403
from rankbook.plots.rank_based_curves import *  # noqa: F403
from rankbook.plots.rank_based_effort import *  # noqa: F403
from rankbook.plots.reproducibility import *  # noqa: F403
from rankbook.plots.risk import *  # noqa: F403
from rankbook.plots.set_based import *  # noqa: F403
from rankbook.plots.set_based_cutoffs import *  # noqa: F403
from rankbook.plots.significance import *  # noqa: F403
from rankbook.plots.user_models import *  # noqa: F403

#: Every figure function, by module (each module's ``__all__``), in the order of the chapters.
MODULES = (set_based, set_based_cutoffs, rank_based, rank_based_effort, rank_based_curves,
           graded, user_models, conventions, diversity, ntcir_diversity,
           incomplete, significance, risk, many_systems, reproducibility,
           aggregation, aggregation_scores, online, collections, agreement)
__all__ = [name for module in MODULES for name in module.__all__]
