r"""Significance tests for comparing IR systems: one plain function per test.

| function | systems | question | module |
| --- | --- | --- | --- |
| `paired_t_test` | 2 | is the mean per-topic difference 0? (normal theory) | `paired` |
| `wilcoxon_test` | 2 | are the differences symmetric around 0? (signed ranks) | `paired` |
| `randomization_test` | 2 | are the systems exchangeable on every topic? (sign flips) | `resampling` |
| `bootstrap_test` | 2 | is the mean difference 0? (bootstrap of the studentised mean) | `resampling` |
| `two_way_anova` | m | do the system means differ, topic effect removed? | `anova` |
| `tukey_hsd` | m | which pairs differ, with one family-wise error rate? | `tukey` |
| `correct_pvalues` | - | Bonferroni, Holm, Benjamini-Hochberg adjustments | `corrections` |

Inputs
------
The two-system tests take ``x`` and ``y``: per-topic scores of the same
topics in the same order (lists, numpy arrays, pandas Series with equal
indexes, or two mappings topic -> score, paired by key). The m-system
functions take ``scores``: a mapping system -> per-topic scores or a pandas
DataFrame with one row per topic and one column per system. Every score must
be a finite number and there must be at least 2 topics; anything else raises
`rankbook.InvalidValueError` or `rankbook.InvalidTypeError` saying how to fix it.
All tests are two-sided.

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

Reproducibility
---------------
The resampling tests take ``seed`` (default 0): the same seed gives the same
p-value on every call. p-value conventions are in `rankbook.stats.resampling`.

scipy is imported inside the functions that need it, so ``import rankbook``
stays light.
"""

from rankbook.stats.anova import TwoWayAnovaResult, two_way_anova
from rankbook.stats.corrections import correct_pvalues
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
from rankbook.stats.tukey import TukeyComparison, TukeyHSDResult, tukey_hsd

__all__ = [
    "paired_t_test",
    "wilcoxon_test",
    "randomization_test",
    "bootstrap_test",
    "two_way_anova",
    "tukey_hsd",
    "correct_pvalues",
    "PairedTTestResult",
    "WilcoxonTestResult",
    "RandomizationTestResult",
    "BootstrapTestResult",
    "TwoWayAnovaResult",
    "TukeyHSDResult",
    "TukeyComparison",
]
