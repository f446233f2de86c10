"""The question of an exercise: its data, and what to compute."""

from __future__ import annotations

from rankbook.exercises._names import GRADED, MEANS

_WHAT = {
    "R-prec": "the R-precision",
    "AP": "the average precision (AP)",
    "RR": "the reciprocal rank (RR)",
    "11pt": "the 11-point interpolated average precision (textbook rule: recall level r "
            "needs ceil(rR) relevant documents)",
    "MAP": "the mean average precision (MAP)",
    "MRR": "the mean reciprocal rank (MRR)",
    "RelP@k": "the relative precision RelP@{k} (the relevant documents in the top {k}, over "
              "the most the top {k} could hold, min({k}, R))",
    "RBP": "the rank-biased precision (RBP) with persistence p = 1/2",
}


def question(metric: str, queries, k) -> str:
    """Markdown: the data of the exercise and the measure to compute."""
    if metric in GRADED:
        return _graded(metric, queries[0], k)
    if metric in MEANS:
        return _means(metric, queries)
    query = queries[0]
    R = query.n_relevant
    data = (f"A system returns {len(query.ranking)} documents for a query; rank 1 first, their "
            f"relevance is {_listed(query.ranking)} (1 = relevant). The query has R = {R} "
            f"relevant document{'s' if R > 1 else ''} in the collection.")
    what = _WHAT[metric].format(k=k) if metric in _WHAT else metric.replace("@k", f"@{k}")
    return f"{data} Compute {what}, as an exact fraction."


def _listed(ranking) -> str:
    return "`[" + ", ".join(map(str, ranking)) + "]`"


def _graded(metric: str, query, k: int) -> str:
    data = (f"A system returns {len(query.ranking)} documents for a query. Their relevance "
            f"grades, rank 1 first, are {_listed(query.ranking)} (0 = not relevant, 3 = highly "
            f"relevant).")
    if metric == "nDCG@k":
        missing = query.unretrieved
        if missing:
            plural = len(missing) > 1
            data += (f" The query also has {len(missing)} judged relevant "
                     f"document{'s' if plural else ''} the system did not retrieve, with "
                     f"grade{'s' if plural else ''} {', '.join(map(str, missing))}.")
        else:
            data += " Every relevant document of the query was retrieved."
    task = (f"Compute {metric.replace('@k', f'@{k}')} with gain = grade and discount "
            f"log2(i + 1), to 4 decimals.")
    if metric == "nDCG@k":
        task = task[:-1] + "; the ideal ordering sorts every judged grade of the query."
    return f"{data} {task}"


def _means(metric: str, queries) -> str:
    parts = []
    for number, query in enumerate(queries, start=1):
        part = f"query {number} returns {_listed(query.ranking)}"
        if metric == "MAP":
            R = query.n_relevant
            part += f" (R = {R} relevant document{'s' if R > 1 else ''} in the collection)"
        parts.append(part)
    listed = ", ".join(parts[:-1]) + " and " + parts[-1]
    return (f"A system answers {len(queries)} queries; rank 1 first and 1 = relevant, "
            f"{listed}. Compute {_WHAT[metric]} over the {len(queries)} queries, as an exact "
            "fraction.")
