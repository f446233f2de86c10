"""``rankbook sample-eval``: NIST's ``sample_eval.pl``, the same output byte for byte.

``rankbook sample-eval [-q] QRELS RUN`` prints what ``perl sample_eval.pl [-q] QRELS RUN``
prints: with ``-q`` eight lines per evaluated topic (``infAP``, ``infNDCG``, ``iP10``,
``iP50``, ``iP1000``, ``inum_rel_ret``, ``inum_rel``, ``num_ret``), then the summary over
``all`` topics with the 11 ``iprec@rec`` lines as well, in the script's tab layout and
``printf`` formats. QRELS is a sample qrels file (``topic iteration docno stratum grade``,
grade -1 where pooled but not judged); the files are read by
:mod:`rankbook.io.sample_qrels`, the values come from :mod:`rankbook.evaluation.sampled`
(which follows the script's rules for the summary), so this module only prints.

The script's ``-G`` option (a relevance-to-gain mapping) is not offered, and what the script
would misread silently (a line with too many or too few fields, a document listed twice)
is an error naming the file and line.
"""

from __future__ import annotations

PER_TOPIC = ("infAP", "infNDCG", "iP10", "iP50", "iP1000", "inum_rel_ret", "inum_rel", "num_ret")


def add_parser(subparsers) -> None:
    """Add the ``sample-eval`` sub-command to ``subparsers``."""
    parser = subparsers.add_parser(
        "sample-eval",
        help="xinfAP, infNDCG and inferred precision from a stratified sample, as NIST's "
             "sample_eval.pl prints them",
        description=(
            "Print what NIST's sample_eval.pl prints for QRELS and RUN: xinfAP (printed as "
            "infAP), infNDCG, inferred precision at 10, 50 and 1000, the estimated relevant "
            "retrieved and relevant, and the documents retrieved, with -q per topic as well; "
            "the summary adds interpolated precision at 11 recall levels. QRELS lines are "
            "'topic iteration docno stratum grade', grade -1 for a pooled document that "
            "was not judged."),
        epilog="example:\n  rankbook sample-eval -q qrels.sampled run.txt",
        allow_abbrev=False,
    )
    parser.add_argument("-q", dest="per_topic", action="store_true",
                        help="print each topic's values before the summary")
    parser.add_argument("qrels", metavar="QRELS",
                        help="sample qrels: topic iteration docno stratum grade")
    parser.add_argument("run_file", metavar="RUN", help="TREC run: topic Q0 docno rank score tag")
    parser.set_defaults(run=run)


def run(args) -> None:
    """Read the files, print sample_eval.pl's lines."""
    print(sample_eval_text(args.qrels, args.run_file, per_topic=args.per_topic), end="")


def sample_eval_text(qrels, run_file, *, per_topic: bool = False) -> str:
    """``sample_eval.pl``'s output for the two files, as one string."""
    from rankbook.evaluation.sampled import INTERPOLATED, evaluate_sampled
    from rankbook.io.sample_qrels import read_sample_eval_run, read_sample_qrels

    rankings, lines = read_sample_eval_run(run_file)
    scores = evaluate_sampled(read_sample_qrels(qrels), rankings, lines)
    summary = scores.pop("all")
    out = []
    if per_topic:
        for topic, values in scores.items():
            out += [_line(name, topic, values[name]) for name in PER_TOPIC]
    out += [_line(name, "all", summary[name]) for name in ("infAP", "infNDCG", *INTERPOLATED,
                                                           *PER_TOPIC[2:])]
    return "".join(out)


def _line(name: str, topic: str, value) -> str:
    """One line in the script's layout (its tabs and ``printf`` formats)."""
    if name.startswith("iprec@"):
        return f"{name}\t{topic}\t\t{value:6.4f}\n"
    if name in ("inum_rel_ret", "inum_rel"):
        return f"{name}\t{topic}\t{value:14.4f}\n"
    if name == "num_ret":
        return f"{name}\t\t{topic}\t{value:9d}\n"
    return f"{name}\t\t{topic}\t\t{value:6.4f}\n"
