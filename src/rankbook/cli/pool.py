"""``rankbook pool``: the documents to judge, from several runs, as a qrels file.

Each RUN is read as ``rankbook eval`` reads it (errors name the file and line; a document
twice in a topic is refused) and ranked as trec_eval ranks it (score descending, then
document id descending). The pool is written as a qrels file, ``topic 0 docno -1``: grade
-1 is trec_eval's "in the pool, not judged" (its README: "-1 for rel in qrels file
interpreted as pool doc not judged"), so the file is valid qrels before and while it is
judged; the assessors replace each -1 by a grade.
"""

from __future__ import annotations

import argparse
import sys

from rankbook._errors import InvalidValueError

PRIORITY_CHOICES = ("depth", "rrf", "rbp", "borda")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "pool",
        help="pool several runs: the documents to judge, as a qrels file (topic 0 docno -1)",
        description=(
            "Build the judging pool of several TREC runs. A depth-k pool (--depth K) is the "
            "union of every run's top K documents per topic, written in document-id order "
            "(the runs' ranks hidden from the assessors). A Take@N pool (--take N) is the N "
            "documents per topic of highest priority (--priority), written in that order, "
            "the order to judge them; --depth then limits how deep each run is read. Lines "
            "are 'topic 0 docno -1': -1 is trec_eval's 'in the pool, not judged'."),
        epilog=(
            "priorities of --take (rank r of the document in each run; see the docs page "
            "'Pooling'):\n"
            "  depth  max over runs of 1/r: every run's rank 1, then rank 2, ...\n"
            "  rrf    sum of 1/(60 + r) (reciprocal rank fusion)\n"
            "  rbp    sum of (1-p) p^(r-1), p = --persistence (Moffat, Webber and Zobel 2007)\n"
            "  borda  sum of D + 1 - r, D the depth read\n"
            "\n"
            "examples:\n"
            "  rankbook pool run1.txt run2.txt run3.txt --depth 100 -o pool.qrels\n"
            "  rankbook pool runs/*.txt --take 200 --priority rbp -o pool.qrels --stats\n"
            "  rankbook pool run1.txt run2.txt --depth 10 --stats"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("runs", nargs="+", metavar="RUN",
                        help="TREC run files (qid Q0 docno rank score tag; .gz is decompressed)")
    parser.add_argument("--depth", type=int, default=None, metavar="K",
                        help="pool each run's top K documents per topic (with --take: read "
                             "each run down to rank K only), e.g. --depth 100")
    parser.add_argument("--take", type=int, default=None, metavar="N",
                        help="a Take@N pool: the N documents per topic of highest priority")
    parser.add_argument("--priority", choices=PRIORITY_CHOICES, default=None,
                        help="the priority of --take [default: depth]")
    parser.add_argument("--persistence", type=float, default=0.8, metavar="P",
                        help="RBP's persistence p for --priority rbp [default: 0.8]")
    parser.add_argument("-o", "--output", default=None, metavar="POOL",
                        help="write the pool to POOL (.gz is compressed) instead of printing it")
    parser.add_argument("--stats", action="store_true",
                        help="print the pool's size per topic and each run's unique documents "
                             "(to stdout with -o, else to stderr after the pool)")
    parser.add_argument("--trec-eval", dest="trec_eval", choices=("9", "10"), default="9",
                        help="compare scores as trec_eval 9 (C floats) or 10 (doubles) do when "
                             "ranking a run [default: 9]")
    parser.set_defaults(run=run)


def _check(args) -> None:
    if args.depth is None and args.take is None:
        raise InvalidValueError("say how to pool: --depth K (each run's top K) or --take N "
                                "(N documents per topic by priority), e.g. --depth 100")
    if args.priority is not None and args.take is None:
        raise InvalidValueError(f"--priority {args.priority} orders a Take@N pool; add "
                                "--take N, e.g. --take 100")
    for option in ("depth", "take"):
        value = getattr(args, option)
        if value is not None and value < 1:
            raise InvalidValueError(f"--{option} must be a positive whole number, got {value}")
    doubled = sorted({path for path in args.runs if args.runs.count(path) > 1})
    if doubled:
        raise InvalidValueError(f"the run {doubled[0]} is given twice; give each run once")


def _pool(runs: dict, args) -> dict:
    from rankbook import collections

    if args.take is None:
        return collections.depth_pool(runs, args.depth, trec_eval=args.trec_eval)
    return collections.take_pool(runs, args.take, args.priority or "depth", depth=args.depth,
                                 persistence=args.persistence, trec_eval=args.trec_eval)


def _unique(runs: dict, pool: dict, depth: int | None) -> dict:
    """How many pooled documents each run alone retrieved (down to ``depth``, or all)."""
    from rankbook import collections

    deepest = max(len(docs) for run in runs.values() for docs in run.values()) or 1
    found = collections.pool_contributors(runs, depth or deepest)
    alone = [found[topic][doc][0] for topic, docs in pool.items() for doc in docs
             if len(found[topic][doc]) == 1]
    return {name: alone.count(name) for name in runs}


def _stats(runs: dict, pool: dict, depth: int | None) -> str:
    unique = _unique(runs, pool, depth)
    width = max(len("topic"), *(len(str(topic)) for topic in pool))
    lines = [f"{'topic':<{width}}  pooled"]
    lines += [f"{str(topic):<{width}}  {len(docs)}" for topic, docs in pool.items()]
    lines.append(f"{'all':<{width}}  {sum(len(docs) for docs in pool.values())}")
    name_width = max(len("run"), *(len(name) for name in runs))
    read = f"its top {depth}" if depth else "the whole run"
    lines += ["", f"{'run':<{name_width}}  unique (pooled documents only this run has in {read})"]
    lines += [f"{name:<{name_width}}  {unique[name]}" for name in runs]
    return "\n".join(lines) + "\n"


def run(args) -> None:
    from rankbook import io

    _check(args)
    runs = {path: io.run_as_dict(io.read_run(path)) for path in args.runs}
    pool = _pool(runs, args)
    if args.output is not None:
        io.write_qrels({topic: dict.fromkeys(docs, -1) for topic, docs in pool.items()},
                       args.output)
        if args.stats:
            sys.stdout.write(_stats(runs, pool, args.depth))
        return
    sys.stdout.write("".join(f"{topic} 0 {doc} -1\n" for topic, docs in pool.items()
                             for doc in docs))
    if args.stats:
        sys.stderr.write(_stats(runs, pool, args.depth))
