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
``-nan``: so does this command, there and on the ``amean`` line. ndeval's risk-sensitive
mode (``-baseline``, ``-riskAlpha``) is not here.
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
            "topic's documents are taken in the order of the run's rank column."),
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
    judgments = read_ndeval_qrels(args.qrels)
    ranked = read_ndeval_run(args.run_file, traditional=args.traditional, depth=args.depth)
    both = [topic for topic in ranked.topics if topic in judgments]
    if not both and not args.complete:
        raise InvalidValueError(
            f"no topic of {args.run_file} is in {args.qrels}, so there is nothing to average "
            "(ndeval prints nan); check the topic numbers, or pass -c.")
    table = _evaluate(judgments, ranked.topics, args)
    unjudged = {topic for topic, subtopics in judgments.items()
                if not any(grade >= 1 for docs in subtopics.values() for grade in docs.values())}
    lines = ["runid,topic," + ",".join(name for name, _ in COLUMNS)]
    for topic in ranked.topics:
        values = table.loc[topic] if topic in judgments else None
        lines.append(_line(ranked.run_id, topic, values, nan_nnrbp=topic in unjudged))
    lines.append(_line(ranked.run_id, "amean", table.loc["all"],
                       nan_nnrbp=any(topic in unjudged for topic in both)))
    return lines


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

