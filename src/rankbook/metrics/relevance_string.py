r"""The relevance values of the top of a list, as one string: trec_eval's ``relstring``.

| function | measure | trec_eval name |
| --- | --- | --- |
| `relevance_string` | relstring@k | `relstring`, `relstring.20` |

Not a score: a way to see a ranking at a glance, one character per document.
"""

from __future__ import annotations

from collections.abc import Sequence

from rankbook import _validate


def relevance_string(relevance: Sequence[float | None], k: int = 10) -> str:
    r"""One character per document of the first k: its grade, or what kind of unjudged.

    $$\text{relstring}@k = c(rel_1)\, c(rel_2) \cdots c(rel_{\min(k, n)})$$

    where the character $c$ of a document is

    | document | character |
    | --- | --- |
    | grade 0 to 9 | the digit |
    | grade above 9 | ``>`` |
    | not in the judgments (``None``) | ``-`` |
    | negative grade (in the pool, not judged) | ``.`` |

    The string is as long as the list when the list is shorter than $k$
    (trec_eval does not pad it). A fractional grade is cut to its whole part
    first, as trec_eval reads grades as integers.

    trec_eval prints it for each topic only, between quotes
    (``relstring  301  '1010000110'``); there is no summary value.

    Parameters
    ----------
    relevance : sequence of float or None, shape (n,)
        Grades of the ranked list, rank 1 first.
    k : int, default 10
        How many documents to show (trec_eval's ``relstring.20``).

    Returns
    -------
    str
        At most k characters.

    References
    ----------
    trec_eval 9.x, ``m_relstring.c``, https://github.com/usnistgov/trec_eval.

    Examples
    --------
    >>> relevance_string([1, 0, None, 2, -1, 12, 0], k=6)
    '10-2.>'
    """
    grades, judged = _validate.judged_grades(relevance)
    k = _validate.cutoff(k)
    characters = []
    for grade, is_judged in zip(grades[:k], judged[:k]):
        if not is_judged:
            characters.append("-")
        elif grade < 0:
            characters.append(".")
        elif int(grade) > 9:
            characters.append(">")
        else:
            characters.append(str(int(grade)))
    return "".join(characters)
