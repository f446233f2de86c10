r"""Figures of the chapter "Building test collections": pools, pool bias, condensed lists.

| function | what it draws |
| --- | --- |
| `pool_growth` | the mean pool size per topic as the pool depth grows, between its bounds |
| `pool_grid` | one topic: each run's top k, every document marked shared or found by one run only |
| `pool_bias_scores` | each run's score with the full qrels and without its unique documents |
| `incomplete_scores` | runs' scores under incomplete judgments against their scores with complete ones |
"""

from __future__ import annotations

from rankbook import _validate
from rankbook._errors import InvalidTypeError
from rankbook.collections import depth_pool, pool_contributors, pool_priorities
from rankbook.collections.pool_bias import RunBias
from rankbook.plots._style import MARKERS, PALETTE, REFERENCE, finish, new_axes

__all__ = ["pool_growth", "pool_grid", "pool_bias_scores", "incomplete_scores"]


def pool_growth(runs, depths, *, ax=None):
    r"""The mean pool size per topic at each depth k, between k and (number of runs) x k.

    The pool of $m$ runs at depth $k$ holds between $k$ documents per topic (all runs agree)
    and $mk$ (no two runs share a document); where the curve runs between them says how
    much the runs agree.

    Parameters
    ----------
    runs : mapping
        ``{run_name: {topic: {doc: score}}}`` or ``{run_name: {topic: [doc, ...]}}``.
    depths : sequence of int
        The depths k to pool at, increasing.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    rankbook.collections.pooling.depth_pool : the pool at one depth.

    Examples
    --------
    >>> runs = {"A": {"1": ["a", "b", "c"]}, "B": {"1": ["b", "d", "e"]}}
    >>> ax = pool_growth(runs, [1, 2, 3])
    >>> ax.get_lines()[0].get_ydata().tolist()
    [2.0, 3.0, 5.0]
    """
    depths = [_validate.count(k, "depth") for k in depths]
    sizes = []
    for depth in depths:
        pool = depth_pool(runs, depth)
        sizes.append(sum(len(docs) for docs in pool.values()) / len(pool))
    ax = new_axes(ax)
    ax.plot(depths, sizes, marker="o", color=PALETTE[0], label="mean pool size per topic")
    ax.plot(depths, [len(runs) * k for k in depths], linestyle="--", color=REFERENCE,
            label=f"{len(runs)} x k: no document shared")
    ax.plot(depths, depths, linestyle=":", color=REFERENCE, label="k: every run the same")
    return finish(ax, title=f"Pool of {len(runs)} runs: {sizes[-1]:.1f} documents per topic at "
                            f"depth {depths[-1]}", xlabel="pool depth k",
                  ylabel="documents to judge per topic")


def pool_grid(runs, topic, depth: int, *, ax=None):
    r"""One topic's depth-k pool: each run's top k, every document shared or unique.

    One column per run, rank 1 at the top. A document that only this run put in the pool
    is filled (it would leave the pool without the run); a document other runs also pooled
    is outlined.

    Parameters
    ----------
    runs : mapping
        ``{run_name: {topic: {doc: score}}}`` or ``{run_name: {topic: [doc, ...]}}``.
    topic : hashable
        The topic to draw.
    depth : int
        The pool depth k.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> runs = {"A": {"1": ["a", "b", "c"]}, "B": {"1": ["b", "d", "e"]}}
    >>> ax = pool_grid(runs, "1", 2)
    >>> ax.get_title()
    'Topic 1, depth 2: 3 documents pooled, 2 by one run only'
    """
    from matplotlib.patches import Rectangle

    contributors = pool_contributors(runs, depth).get(topic, {})
    ranked = {name: [doc for doc, _ in pool_priorities({name: run}, depth=depth).get(topic, [])]
              for name, run in runs.items()}   # one run's priorities: its top k in rank order
    ax = new_axes(ax, height=0.45 * depth + 1.4)
    for x, name in enumerate(runs):
        for rank, doc in enumerate(ranked[name], start=1):
            alone = contributors[doc] == [name]
            ax.add_patch(Rectangle((x - 0.42, rank - 0.4), 0.84, 0.8, linewidth=0.8,
                                   edgecolor="black",
                                   facecolor=PALETTE[3] if alone else "white",
                                   hatch="//" if alone else None))
            ax.text(x, rank, str(doc), ha="center", va="center", fontsize="small",
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.2})
    ax.set_xlim(-0.6, len(runs) - 0.4)
    ax.set_ylim(depth + 0.6, 0.4)
    ax.set_xticks(range(len(runs)), [str(name) for name in runs])
    ax.set_yticks(range(1, depth + 1))
    ax.set_ylabel("rank")
    ax.tick_params(length=0)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    unique = sum(1 for names in contributors.values() if len(names) == 1)
    ax.set_title(f"Topic {topic}, depth {depth}: {len(contributors)} documents pooled, "
                 f"{unique} by one run only")
    return ax


def pool_bias_scores(results, *, measure: str = "AP", ax=None):
    r"""Each run's mean score with the full qrels and without the documents only it pooled.

    Parameters
    ----------
    results : mapping
        ``{run_name: RunBias}``, from `rankbook.collections.pool_bias.leave_one_run_out`.
    measure : str, default "AP"
        The measure's name, for the axis.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from rankbook.collections import RunBias
    >>> ax = pool_bias_scores({"A": RunBias(0.5, 0.4, 3, 1), "B": RunBias(0.3, 0.3, 0, 0)})
    >>> ax.get_title()
    'Leave one run out: largest drop 0.1000 (A)'
    """
    if not results or not all(isinstance(r, RunBias) for r in results.values()):
        raise InvalidTypeError(
            "results must be a non-empty mapping run name -> RunBias, as "
            "rankbook.collections.leave_one_run_out returns.")
    names = list(results)
    ax = new_axes(ax, height=0.35 * len(names) + 1.6)
    for y, name in enumerate(names):
        bias = results[name]
        ax.plot([bias.reduced, bias.full], [y, y], color=REFERENCE, linewidth=1.5)
    ax.scatter([results[n].full for n in names], range(len(names)), color=PALETTE[1],
               marker=MARKERS[0], zorder=3, label="full qrels")
    ax.scatter([results[n].reduced for n in names], range(len(names)), color=PALETTE[3],
               marker=MARKERS[2], zorder=3, label="its unique documents removed")
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    worst = min(names, key=lambda n: results[n].change)
    return finish(ax, title=f"Leave one run out: largest drop {-results[worst].change:.4f} "
                            f"({worst})", xlabel=f"mean {measure}", ylabel="run", grid="x")


def incomplete_scores(complete, incomplete, *, ax=None):
    r"""Runs' scores under incomplete judgments (one series per measure) against complete ones.

    A point on the diagonal is a run the incomplete judgments score as the complete ones do;
    a measure whose points lie on a line of slope 1 below it ranks the runs alike even when
    its values are too low.

    Parameters
    ----------
    complete : mapping
        ``{run_name: score}`` with the complete judgments (the x axis).
    incomplete : mapping
        ``{measure_name: {run_name: score}}`` with the incomplete ones.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = incomplete_scores({"A": 0.5, "B": 0.3}, {"AP": {"A": 0.4, "B": 0.1}})
    >>> ax.collections[0].get_offsets().tolist()
    [[0.5, 0.4], [0.3, 0.1]]
    """
    names = list(complete)
    ax = new_axes(ax)
    top = max([complete[n] for n in names] + [s[n] for s in incomplete.values() for n in names])
    ax.plot([0, top], [0, top], linestyle="--", color=REFERENCE, label="_diagonal")
    for index, (measure, scores) in enumerate(incomplete.items()):
        ax.scatter([complete[n] for n in names], [scores[n] for n in names],
                   color=PALETTE[index % len(PALETTE)], marker=MARKERS[index % len(MARKERS)],
                   label=measure)
    return finish(ax, title="Scores with incomplete judgments against complete ones",
                  xlabel="AP with complete judgments",
                  ylabel="score with incomplete judgments")
