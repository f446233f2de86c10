r"""Exercises on the significance tests: two systems' scores on 5 to 8 topics.

``randomization`` asks for the exact paired randomisation (sign-flip) test:
of the $2^n$ sign patterns of the differences $d_i = x_i - y_i$, the share
whose mean is at least as far from 0 as the observed one. The p-value is the
exact fraction $C/2^n$. ``t-test`` asks for the paired t statistic
$t = \bar d / (s_d / \sqrt n)$ and its two-sided p-value, to 4 decimals.
Scores are multiples of 0.05 (AP-like values), so the differences are easy
to add by hand. The answers come from `rankbook.stats`.
"""

from __future__ import annotations

import random
from fractions import Fraction

#: The tests with exercises, and the names they may be asked by.
TESTS = {"randomization": "randomization", "randomisation": "randomization",
         "permutation": "randomization", "randomization_test": "randomization",
         "t-test": "t-test", "t_test": "t-test", "ttest": "t-test", "paired_t_test": "t-test",
         "paired-t": "t-test", "paired_t": "t-test"}


def test_name(text: str) -> str | None:
    """The test asked for by ``text`` (any case), or None."""
    return TESTS.get(text.strip().lower())


def draw_scores(rng: random.Random, level) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """Two systems' per-topic scores, multiples of 1/20 between 0 and 1."""
    while True:
        x, y = [], []
        for _ in range(level.topics):
            a = rng.randint(2, 18)
            b = min(20, max(0, a - rng.randint(-3, 5)))
            x.append(Fraction(a, 20))
            y.append(Fraction(b, 20))
        if len({a - b for a, b in zip(x, y)}) > 1:  # equal differences: no spread, no test
            return tuple(x), tuple(y)


def listed(scores) -> str:
    return "`[" + ", ".join(f"{float(s):.2f}" for s in scores) + "]`"


def check_command(test: str, x, y) -> str:
    """A shell command that prints the test's result with rankbook."""
    function = "randomization_test" if test == "randomization" else "paired_t_test"
    a = ", ".join(f"{float(v):.2f}" for v in x)
    b = ", ".join(f"{float(v):.2f}" for v in y)
    return (f'python -c "import rankbook as rb; print(rb.stats.{function}([{a}], [{b}]))"')


def question_text(test: str, x, y) -> str:
    data = (f"Two systems are evaluated on the same {len(x)} topics. System A scores "
            f"{listed(x)} and system B {listed(y)} (topic by topic).")
    if test == "randomization":
        return (data + " Run the exact paired randomisation test of the mean difference A - B "
                f"(all 2^{len(x)} sign flips of the differences): give the two-sided p-value "
                "as an exact fraction.")
    return (data + " Run the paired t-test of A - B: give t and its two-sided p-value, to 4 "
            "decimals.")


def answer_and_solution(test: str, x, y):
    """``(answer, solution, parts)``; parts are the differences."""
    d = [a - b for a, b in zip(x, y)]
    n = len(d)
    mean = sum(d) / n
    lines = [f"differences d = A - B: {', '.join(f'{float(v):+.2f}' for v in d)}",
             f"mean difference = {float(sum(d)):+.2f} / {n} = {float(mean):+.4f}"]
    if test == "randomization":
        from rankbook.stats.resampling import randomization_test

        result = randomization_test([float(v) for v in x], [float(v) for v in y])
        answer = Fraction(result.count, 2 ** n)
        lines += [f"sign patterns with |mean| >= {abs(float(mean)):.4f}: {result.count} of "
                  f"2^{n} = {2 ** n}",
                  f"p = {result.count}/{2 ** n}" + (f" = {answer}" if answer.denominator
                                                    != 2 ** n else "")]
        return answer, "\n".join(lines), tuple(d)
    from rankbook.stats.paired import paired_t_test

    result = paired_t_test([float(v) for v in x], [float(v) for v in y])
    lines += [f"s_d = {result.sd_difference:.4f} (sample standard deviation, divisor n - 1)",
              f"t = {float(mean):.4f} / ({result.sd_difference:.4f} / sqrt({n})) = "
              f"{result.statistic:.4f}, with {result.df} degrees of freedom",
              f"two-sided p = P(|T_{result.df}| >= {abs(result.statistic):.4f}) = "
              f"{result.pvalue:.4f}"]
    answer = f"t = {result.statistic:.4f}, p = {result.pvalue:.4f}"
    return answer, "\n".join(lines), tuple(d)
