"""``rankbook ndeval``: the TREC Web track's ndeval 4.5, the same output byte for byte.

``rankbook ndeval [options] QRELS RUN`` prints what ``ndeval [options] QRELS RUN`` prints:
a CSV header, one line ``runid,topic,ERR-IA@5,...,strec@20`` per topic of the run (topics in
numeric order; a topic the qrels do not judge prints zeros) and the ``amean`` line, the
mean over the topics in both files (``-c``: over every topic of the qrels), each value
``%.6f``. The files are read by ndeval's rules (:mod:`rankbook.io.ndeval_files`); the
values are the registry's diversity rows (:mod:`rankbook.metrics.registry_diversity`)
computed by :func:`rankbook.evaluate` on the run re-scored into ndeval's order (by rank,
or with ``-traditional`` by score), so this module only reads, orders and prints.

ndeval divides 0 by 0 for nNRBP on a topic whose judgments are all 0, and x86-64 C prints
``-nan``: so does this command, there and on the ``amean`` line.

With ``-baseline BASE`` (and ``-riskAlpha A``, 0 by default) every cell is the run's value
minus the baseline's, a loss weighted by $1 + A$
(:func:`rankbook.stats.risk_weighted_differences`, ndeval's ``RiskBased``), and ``amean``
their mean (URisk); the topics are those of the run and, with ``-c``, the baseline's too (a
side without a topic counts 0), and the runid column reads ``RUN (rel to. BASE; rs=1+a;
a=A)``, as ndeval prints them.
"""

from __future__ import annotations

import math
import warnings

from rankbook._errors import InvalidValueError

#: ndeval's columns, in its order: (ndeval's name, the registry's measure, its settings).
COLUMNS = tuple(
    [(f"{name}@{k}", f"{row}({{alpha}})@{k}") for name, row in (
        ("ERR-IA", "ERR_IA"), ("nERR-IA", "nERR_IA"), ("alpha-DCG", "alpha_DCG"),
        ("alpha-nDCG", "alpha_nDCG")) for k in (5, 10, 20)]
    + [("NRBP", "NRBP({alpha},{beta})"), ("nNRBP", "nNRBP({alpha},{beta})"),
       ("MAP-IA", "AP_IA")]
    + [(f"{name}@{k}", f"{row}@{k}") for name, row in (("P-IA", "P_IA"),
                                                       ("strec", "StRecall"))
       for k in (5, 10, 20)])
#: What x86-64 C's printf writes for ndeval's 0/0.
NDEVAL_NAN = "-nan"


def add_parser(subparsers) -> None:
    """Add the ``ndeval`` sub-command to ``subparsers``."""
    parser = subparsers.add_parser(
        "ndeval",
        help="ERR-IA, alpha-nDCG, NRBP, MAP-IA, P-IA, strec as the TREC Web track's ndeval 4.5 "
             "prints them",
        description=(
            "Print what ndeval 4.5 (TREC Web track diversity) prints for QRELS and RUN: the "
            "CSV header, one line per topic of the run and the 'amean' line, with ERR-IA, "
            "nERR-IA, alpha-DCG and alpha-nDCG at 5, 10 and 20, NRBP, nNRBP, MAP-IA, P-IA and "
            "strec at 5, 10 and 20. QRELS lines are 'topic subtopic docno judgment'; each "
            "topic's documents are taken in the order of the run's rank column. With "
            "-baseline, each value is the run's minus the baseline's, a loss weighted by "
            "1 + riskAlpha, and amean is their mean (URisk)."),
        epilog="example:\n  rankbook ndeval -alpha 0.5 -M 20 web.diversity.qrels run.txt",
        allow_abbrev=False,
    )
    parser.add_argument("-alpha", type=float, default=0.5, metavar="VALUE",
                        help="redundancy intolerance, alpha-nDCG's and NRBP's alpha, in [0, 1] "
                             "[default: 0.5]")
    parser.add_argument("-beta", type=float, default=0.5, metavar="VALUE",
                        help="patience, NRBP's beta, in [0, 1] [default: 0.5]")
    parser.add_argument("-traditional", action="store_true",
                        help="order each topic by score and then docno, both descending "
                             "(trec_eval's order) instead of by rank")
    parser.add_argument("-c", dest="complete", action="store_true",
                        help="average over every topic of the qrels (a topic missing from the "
                             "run counts 0) instead of the topics in both files")
    parser.add_argument("-M", dest="depth", type=int, default=None, metavar="DEPTH",
                        help="keep the first DEPTH documents of each topic")
    parser.add_argument("-baseline", default=None, metavar="BASELINE_RUN",
                        help="risk-sensitive evaluation: each value is the run's minus this "
                             "run's, losses weighted by 1 + riskAlpha")
    parser.add_argument("-riskAlpha", dest="risk_alpha", default="0", metavar="VALUE",
                        help="with -baseline, the risk sensitivity alpha >= 0 [default: 0]")
    parser.add_argument("qrels", metavar="QRELS",
                        help="diversity qrels: topic subtopic docno judgment")
    parser.add_argument("run_file", metavar="RUN", help="TREC run: topic Q0 docno rank score runid")
    parser.set_defaults(run=run)


def run(args) -> None:
    """Read the files, print ndeval's lines."""
    for line in ndeval_lines(args):
        print(line)


def ndeval_lines(args) -> list[str]:
    """ndeval's output lines for the parsed ``args``: header, one per run topic, amean."""
    from rankbook.io.ndeval_files import read_ndeval_qrels, read_ndeval_run

    for flag, value in (("-alpha", args.alpha), ("-beta", args.beta)):
        if not 0 <= value <= 1:  # False for NaN too
            raise InvalidValueError(f"{flag} {value}: must be a number in [0, 1].")
    if args.depth is not None and args.depth < 1:
        raise InvalidValueError(f"-M {args.depth}: the depth must be at least 1.")
    risk_alpha = _risk_alpha(args.risk_alpha)
    judgments = read_ndeval_qrels(args.qrels)
    ranked = read_ndeval_run(args.run_file, traditional=args.traditional, depth=args.depth)
    both = [topic for topic in ranked.topics if topic in judgments]
    if not both and not args.complete:
        raise InvalidValueError(
            f"no topic of {args.run_file} is in {args.qrels}, so there is nothing to average "
            "(ndeval prints nan); check the topic numbers, or pass -c.")
    if args.baseline is not None:
        baseline = read_ndeval_run(args.baseline, traditional=args.traditional, depth=args.depth)
        return _risk_lines(judgments, ranked, baseline, args, risk_alpha, len(both))
    table = _evaluate(judgments, ranked.topics, args)
    unjudged = _unjudged(judgments)
    lines = ["runid,topic," + ",".join(name for name, _ in COLUMNS)]
    for topic in ranked.topics:
        values = table.loc[topic] if topic in judgments else None
        lines.append(_line(ranked.run_id, topic, values, nan_nnrbp=topic in unjudged))
    lines.append(_line(ranked.run_id, "amean", table.loc["all"],
                       nan_nnrbp=any(topic in unjudged for topic in both)))
    return lines


def _risk_alpha(text: str) -> float:
    """``-riskAlpha``'s value, a number >= 0 (ndeval prints it as typed)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value >= 0:  # False for NaN too
        raise InvalidValueError(f"-riskAlpha {text}: must be a number >= 0, such as 1 or 5.")
    return value


def _unjudged(judgments: dict) -> set:
    """The topics whose judgments are all 0 (ndeval's nNRBP is 0/0 there)."""
    return {topic for topic, subtopics in judgments.items()
            if not any(grade >= 1 for docs in subtopics.values() for grade in docs.values())}


def _risk_lines(judgments: dict, ranked, baseline, args, alpha: float, n_both: int) -> list:
    """ndeval's lines with ``-baseline``: risk-weighted differences, their mean."""
    import numpy as np

    from rankbook.stats import risk_weighted_differences

    run, base = _values(judgments, ranked, args), _values(judgments, baseline, args)
    printed = _merged(sorted(run, key=int), sorted(base, key=int), args.complete)
    zeros = [0.0] * len(COLUMNS)
    shape = (len(printed), len(COLUMNS))
    mine = np.array([run[t] if in_run else zeros for t, in_run, _ in printed]).reshape(shape)
    theirs = np.array([base[t] if in_base else zeros for t, _, in_base in printed]).reshape(shape)
    cells = np.full(mine.shape, math.nan)
    known = ~(np.isnan(mine) | np.isnan(theirs))
    for column in range(len(COLUMNS)):
        rows = known[:, column]
        if rows.any():
            cells[rows, column] = risk_weighted_differences(
                mine[rows, column], theirs[rows, column], alpha=alpha)
    name = f"{ranked.run_id} (rel to. {baseline.run_id}; rs=1+a; a={args.risk_alpha})"
    lines = ["runid,topic," + ",".join(n for n, _ in COLUMNS)]
    lines += [f"{name},{int(t)}," + ",".join(_cell(v) for v in row)
              for (t, _, _), row in zip(printed, cells.tolist())]
    topics = max(len(judgments) if args.complete else n_both, len(printed))
    totals = [0.0] * len(COLUMNS)
    for row in cells.tolist():  # added up topic by topic, as ndeval adds them
        totals = [total + value for total, value in zip(totals, row)]
    return lines + [f"{name},amean," + ",".join(_cell(total / topics) for total in totals)]


def _values(judgments: dict, ranked, args) -> dict:
    """Each topic of ``ranked``: its 21 values (0 for a topic the qrels lack; nNRBP NaN where
    ndeval divides 0 by 0)."""
    judged = {t: docs for t, docs in ranked.topics.items() if t in judgments}
    table = _evaluate(judgments, judged, args) if judged else None
    unjudged = _unjudged(judgments)
    values = {}
    for topic in ranked.topics:
        row = [0.0] * len(COLUMNS)
        if topic in judged:
            row = [float(table.loc[str(int(topic)), name]) for name, _ in COLUMNS]
            if topic in unjudged:
                row[[name for name, _ in COLUMNS].index("nNRBP")] = math.nan
        values[topic] = row
    return values


def _merged(run: list, base: list, complete: bool) -> list[tuple[str, bool, bool]]:
    """The topics ndeval prints with a baseline, in its order: (topic, in run, in baseline).

    Both lists are walked in numeric order; a baseline topic the run lacks is printed only
    with ``-c`` (its run values 0), a run topic the baseline lacks always (baseline 0).
    """
    i = j = 0
    printed = []
    while i < len(run) or (j < len(base) and complete):
        if i < len(run) and j < len(base) and int(run[i]) == int(base[j]):
            printed.append((run[i], True, True))
            i, j = i + 1, j + 1
        elif i < len(run) and (j >= len(base) or int(run[i]) < int(base[j])):
            printed.append((run[i], True, False))
            i += 1
        else:
            if complete:
                printed.append((base[j], False, True))
            j += 1
    return printed


def _cell(value: float) -> str:
    return NDEVAL_NAN if math.isnan(value) else f"{value:.6f}"


def _evaluate(judgments: dict, topics: dict[str, list[str]], args):
    """rankbook's per-topic values and mean, each topic's list in ndeval's order."""
    import rankbook as rb

    settings = {"alpha": f"alpha={args.alpha!r}", "beta": f"beta={args.beta!r}"}
    measures = [measure.format(**settings) for _, measure in COLUMNS]
    # each document scored by its place, so that rankbook's order (score descending) is ndeval's
    run = {_padded(topic): {docno: float(len(docs) - place) for place, docno in enumerate(docs)}
           for topic, docs in topics.items()}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rb.TopicMismatchWarning)  # ndeval's lines show them
        table = rb.evaluate(None, run, measures, complete=args.complete, subtopic_qrels={
            _padded(topic): subtopics for topic, subtopics in judgments.items()})
    table.columns = [name for name, _ in COLUMNS]
    table.index = [index if index == "all" else str(int(index)) for index in table.index]
    return table


def _padded(topic: str) -> str:
    """The topic number with leading zeros: rankbook adds topics up in string order, ndeval in
    numeric order, and the two are then one (so the means are the same doubles)."""
    return f"{int(topic):08d}"


def _line(run_id: str, topic: str, values, *, nan_nnrbp: bool) -> str:
    """``runid,topic,`` and the 21 values ``%.6f``; zeros for a topic the qrels lack."""
    cells = []
    for name, _ in COLUMNS:
        value = 0.0 if values is None else float(values[name])
        if name == "nNRBP" and nan_nnrbp or math.isnan(value):
            cells.append(NDEVAL_NAN)
        else:
            cells.append(f"{value:.6f}")
    return f"{run_id},{topic}," + ",".join(cells)

