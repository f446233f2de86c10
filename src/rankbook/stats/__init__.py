r"""Significance tests for comparing IR systems: one plain function per test.

The table of every test (function, systems, null hypothesis, what it
reports, page) is on the API page of this package (docs/api/stats/index.md)
and in the guide "Comparing systems" (docs/comparing/index.md), which says
which to choose; both are written from `rankbook.stats.registry`, the one
list of tests.

Inputs
------
The two-system tests take ``x`` and ``y``: per-topic scores either by
position (lists, numpy arrays: the same topics in the same order) or by topic
(pandas Series such as a column of `rankbook.evaluate`'s table, one-column
DataFrames, mappings topic -> score), paired by topic id. The summary row
``all`` of `rankbook.evaluate` is never a topic. Topic sets that differ are
refused with the topics named, unless ``topics="intersect"`` (test the common
topics) or ``topics="complete"`` (a missing topic scores 0, as trec_eval's
``-c``). The m-system functions take ``scores``: a mapping system -> per-topic
scores or a pandas DataFrame with one row per topic and one column per
system, read the same way. Every score must be a finite number and there must
be at least 2 topics; anything else raises `rankbook.InvalidValueError` or
`rankbook.InvalidTypeError` saying how to fix it. The tests of two systems are
two-sided by default and take ``alternative="greater"`` or ``"less"``.

Results
-------
Each test returns a small frozen dataclass whose fields are documented on
the class (`PairedTTestResult`, ...). Fields that do not apply are None,
never NaN.

Zero variance
-------------
Identical systems (every difference 0) give p-value 1.0 and effect size 0.0
in every test: nothing separates them. A difference with zero spread but a
non-zero value (one system better by the same amount on every topic) gives
the limit of the formula: statistic and effect size $\pm\infty$ and the
smallest p-value the test can give (0.0 for the t-based tests, $2/2^n$ for
the exact randomisation test, $1/(B+1)$ for the bootstrap). A spread below
$10^{-12}$ of the largest absolute value is float rounding and counts as 0.
No test returns NaN.

Topic set size design
---------------------
`topic_set_size` and `power` (Sakai 2016) say how many topics a paired t-test,
a one-way ANOVA or a confidence interval needs, with the variance from
`residual_variance` of existing runs (`rankbook.stats.design`).

Discriminative power
--------------------
`discriminative_power` (Sakai 2006, with the randomised Tukey HSD of Sakai
2012) says how many pairs of a set of systems a measure tells apart, and
the difference in means that it takes (`rankbook.stats.discriminative`).

Risk against a baseline
-----------------------
`urisk`, `trisk` and `georisk` (Wang et al. 2012; Dincer, Macdonald and Ounis
2014, 2016) weigh the topics a run loses to a baseline $1 + \alpha$ times as
much as those it wins (`rankbook.stats.risk`).

Reproducibility
---------------
The resampling tests take ``seed`` (default 0): the same seed gives the same
p-value on every call. p-value conventions are in `rankbook.stats.resampling`.

scipy is imported inside the functions that need it, so ``import rankbook``
stays light.
"""

from rankbook.stats.anova import TwoWayAnovaResult, two_way_anova
from rankbook.stats.corrections import correct_pvalues
from rankbook.stats.design import power, residual_variance, topic_set_size
from rankbook.stats.discriminative import (
    DiscriminativePowerResult,
    discriminative_power,
)
from rankbook.stats.paired import (
    PairedTTestResult,
    WilcoxonTestResult,
    paired_t_test,
    wilcoxon_test,
)
from rankbook.stats.resampling import (
    BootstrapTestResult,
    RandomizationTestResult,
    bootstrap_test,
    randomization_test,
)
from rankbook.stats.risk import georisk, risk_weighted_differences, trisk, urisk
from rankbook.stats.tukey import TukeyComparison, TukeyHSDResult, tukey_hsd
from rankbook.stats.unpaired import UnpairedTTestResult, unpaired_t_test

# the tests of rankbook.stats.registry (TESTS, CORRECTIONS) with their results, in its order;
# tests/house/test_catalogues.py checks this list against the registry's rows
__all__ = [
    "paired_t_test", "PairedTTestResult",
    "randomization_test", "RandomizationTestResult",
    "wilcoxon_test", "WilcoxonTestResult",
    "bootstrap_test", "BootstrapTestResult",
    "unpaired_t_test", "UnpairedTTestResult",
    "two_way_anova", "TwoWayAnovaResult",
    "tukey_hsd", "TukeyHSDResult", "TukeyComparison",
    "correct_pvalues",
    # not tests (not in the registry): topic set size and discriminative power
    "topic_set_size", "power", "residual_variance",
    "discriminative_power", "DiscriminativePowerResult",
    # not tests (measures, no p-value): risk-sensitive evaluation against baselines
    "risk_weighted_differences", "urisk", "trisk", "georisk",
]
