r"""The one list of hand calculations: an explainer for every registry metric of one ranked list.

An `Explainer` says, for one entry of the metric registry, which running values to show at
each rank k (each computed by the metric's function, never by arithmetic of its own) and how
to write its formula at rank k with the numbers substituted. Its inputs are exactly the
keyword arguments of the registry's function (`rankbook.explain.options`), so
``rankbook explain --metric NAME`` and each metric page's "Verify your hand calculation" box
ask for what that metric needs and nothing else.

The explainers live beside the docs chapters they serve (`rankbook.explain.families`: one
module per chapter); this module gathers them and reads metric names, canonical (``P@5``,
``nDCG@10``, ``RBP``), trec_eval (``P_5``, ``ndcg_cut_10``, ``rbp.0.8``, ``recip_rank``) or
the name of a textbook function the evaluator does not offer (``SL``, ``LAG``, ``AUC``).
"""

from __future__ import annotations

from functools import lru_cache

from rankbook._errors import InvalidValueError
from rankbook.explain.explainer import Explainer


@lru_cache(maxsize=1)
def explainers() -> dict[str, Explainer]:
    """Every explainer, keyed by its registry name."""
    from rankbook.explain.families import ALL

    return {explainer.metric: explainer for explainer in ALL}


def resolve(name: str) -> tuple[Explainer, dict, int | None]:
    """The explainer of a metric name, the options its parameter sets, and the cut-off it names.

    Examples
    --------
    >>> explainer, options, at = resolve("P@5")
    >>> explainer.metric, options, at
    ('P@k', {}, 5)
    >>> resolve("recip_rank")[0].metric
    'RR'
    >>> resolve("Accuracy(rel=2)")[1]
    {'relevance_level': 2.0}
    >>> resolve("INST(T=2)")[1], resolve("CWL-P@5")[1]
    ({'T': 2.0}, {'k': 5})
    """
    if not isinstance(name, str) or not name.strip():
        raise InvalidValueError(f"metric must be a metric's name such as 'nDCG@10' or 'RR', "
                                f"got {name!r}.")
    name = name.strip()
    named = {metric.lower(): explainer for metric, explainer in explainers().items()}
    if name.lower() in named:                    # the registry's own name: "P@k", "RR", "AUC"
        return named[name.lower()], {}, None
    found = _from_grammar(name) or _textbook_only(name)
    if found is None:
        raise InvalidValueError(
            f"{name!r} is not a metric rankbook can explain. Explained: "
            f"{', '.join(sorted(explainers(), key=str.lower))} (canonical or trec_eval names; "
            "a cut-off as in P@5 or P_5).")
    return found


def _from_grammar(name: str):
    """Names the evaluator reads (``P@5``, ``P_5``, ``rbp.0.8``, ``MAP``), if it reads this one,
    with the options its settings name (``Accuracy(rel=2)``: ``relevance_level=2``)."""
    from rankbook.evaluation.measures import parse_measures

    try:
        measures = parse_measures([name])
    except InvalidValueError:
        return None
    entry = measures[0].metric
    explainer = explainers().get(entry.name)
    if explainer is None:
        return None
    settings = {}
    for symbol, value in measures[0].settings:
        param = entry.parameter(symbol)
        if param is not None and param.keyword in explainer.takes:
            settings[param.keyword] = value
    explainer, options, at = _param_of(explainer, measures)
    return explainer, {**settings, **options}, at


def _param_of(explainer, measures):
    """The explainer, the options the parameter of its name sets, and the cut-off it names."""
    # one column, or one per quantity of a C/W/L measure (INST(T=2):EU ... :ED), each with
    # the same parameter; several cut-offs (P.5,10) name no one rank
    one = all(m.metric is measures[0].metric and m.param == measures[0].param for m in measures)
    value = measures[0].param if one else None
    if value is None or value == ():
        return explainer, {}, None
    keyword = explainer.entry.param.keyword
    if explainer.param is None and keyword in explainer.exclude:   # CWL-AP(depth=100)
        raise InvalidValueError(
            f"{measures[0].metric.name}'s hand calculation does not take {keyword} (it scores "
            f"cwl_eval's list of 1000 ranks); leave ({measures[0].param_text}) out of the name.")
    if explainer.param is None:          # a cut-off: the rank the work is shown at
        return explainer, {}, int(value[0] if isinstance(value, tuple) else value)
    if explainer.param == "gain_map":
        return explainer, {"gain_map": dict(value)}, None
    if explainer.param in ("recall_levels", "weights", "gains") or not isinstance(value, tuple):
        return explainer, {explainer.param: value}, None
    return explainer, {explainer.param: value[0]}, None


def _textbook_only(name: str):
    """Entries the evaluator does not offer (``SL``, ``LAG``, ``F1@5``), any case."""
    base, at, cut = name.partition("@")
    for metric, explainer in explainers().items():
        entry = explainer.entry
        for spelling in (entry.name, *entry.aliases):
            stem, has_param, _ = spelling.partition("@")
            if stem.lower() != base.lower() or bool(at) > bool(has_param):
                continue
            if not at:
                return explainer, {}, None
            try:
                return explainer, {}, int(cut)
            except ValueError:
                raise InvalidValueError(f"{name!r}: the cut-off after '@' must be a whole "
                                        f"number, e.g. {stem}@5.") from None
    return None
