"""Run the installed rankbook from an empty folder: scripts/check_wheel.sh calls this with the
clean venv's Python (``-I``: neither the repository nor PYTHONPATH is on ``sys.path``).

    python -I wheel_smoke.py RANKBOOK_EXECUTABLE REPOSITORY

Expected values are worked out here by hand or with exact fractions, not by rankbook:
one query, judged d1 and d3 relevant, run a ranks d1, d2, d3 (AP = (1/1 + 2/3)/2 = 5/6),
run b ranks d3, d1, d2; reciprocal rank fusion (k = 60) scores d1 1/61 + 1/62,
d3 1/63 + 1/61, d2 1/62 + 1/63.
"""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path


def run(*args: str) -> str:
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done.stdout


def check(what: str, ok: bool, detail: object = "") -> None:
    print(f"{'ok ' if ok else 'FAIL'} {what}")
    if not ok:
        sys.exit(f"wheel check failed: {what}: {detail}")


def main(rankbook: str, repo: str) -> None:
    Path("qrels").write_text("q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 1\n")
    Path("a").write_text("q1 Q0 d1 1 3 a\nq1 Q0 d2 2 2 a\nq1 Q0 d3 3 1 a\n")
    Path("b").write_text("q1 Q0 d3 1 3 b\nq1 Q0 d1 2 2 b\nq1 Q0 d2 3 1 b\n")
    rrf = {"d1": 1 / 61 + 1 / 62, "d3": 1 / 63 + 1 / 61, "d2": 1 / 62 + 1 / 63}

    import rankbook as rb
    where = Path(rb.__file__).resolve()
    check(f"rankbook imported from the venv ({where})",
          "site-packages" in where.parts and Path(repo).resolve() not in where.parents, where)

    out = run(rankbook, "eval", "-m", "map", "qrels", "a").split()
    check("rankbook eval: map 0.8333", out == ["map", "all", "0.8333"], out)
    table = rb.evaluate("qrels", "a", ["map"])
    check("rb.evaluate: map 5/6", abs(table.loc["all", "map"] - 5 / 6) < 1e-15, table)

    lines = [line.split() for line in run(rankbook, "fuse", "rrf", "a", "b").splitlines()]
    check("rankbook fuse rrf: d1, d3, d2 with 1/(60 + rank) sums",
          [(q, d, r, float(s)) for q, _, d, r, s, _ in lines]
          == [("q1", d, str(i), rrf[d]) for i, d in enumerate(["d1", "d3", "d2"], 1)], lines)
    fused = rb.fuse(["a", "b"], "rrf")
    check("rb.fuse rrf", fused == {"q1": rrf} and list(fused["q1"]) == ["d1", "d3", "d2"], fused)

    # The shipped data sets (package data) from the installed wheel. Breuer et al. 2020's online
    # appendix, Table 1, prints WCrobust0405's ARP of P@10 as 0.7500.
    from rankbook import datasets
    shipped = [*datasets.flagr_sample()]
    check("rankbook.datasets.flagr_sample: files in the venv",
          all(path.is_file() and "site-packages" in path.parts for path in shipped), shipped)
    p10 = datasets.breuer2020_scores("rpl", "wcrobust0405", "p10")
    check("rankbook.datasets.breuer2020_scores: 50 topics, WCrobust0405's mean P@10 0.7500",
          p10.shape == (50, 51) and f"{p10['WCrobust0405'].mean():.4f}" == "0.7500", p10.shape)

    # The answer key's AP against one computed here from the question's ranking and R.
    sheet = run(rankbook, "exercises", "AP", "--count", "1", "--seed", "1", "--answers")
    ranking = [int(x) for x in re.search(r"`\[([01, ]+)\]`", sheet).group(1).split(",")]
    big_r = int(re.search(r"R = (\d+) relevant", sheet).group(1))
    hits = [i for i, rel in enumerate(ranking, 1) if rel]
    expected = sum(Fraction(k, i) for k, i in enumerate(hits, 1)) / big_r
    answer = re.search(r"\*\*AP = (\d+)/(\d+)", sheet) or re.search(r"\*\*AP = (\d+)\b", sheet)
    got = Fraction(int(answer.group(1)), int(answer.group(2)) if answer.lastindex == 2 else 1)
    check(f"rankbook exercises AP --answers: AP = {got} as computed here", got == expected, sheet)


if __name__ == "__main__":
    main(*sys.argv[1:])
