"""Multi-letter names in formulas are set upright (issue 9).

In TeX an italic run of letters is a product: $nDCG@k$ reads as n·D·C·G·@k. Every formula on
the site, so every docs page, every notebook (markdown cells and the formulas `explain` prints
into them) and every docstring the API pages show, writes names upright:
`\\mathrm{nDCG}@k`, `\\mathrm{AP}`, `\\mathrm{rel}_i`, `\\mathrm{P}@k`, `\\text{bpref}`,
`\\operatorname{lround}`. A product of two variables is written with a space (`r R`).

The check: take each formula, drop what is upright (`\\mathrm{...}`, `\\text{...}`,
`\\operatorname{...}`, ...) and the TeX commands; any run of two letters left, or a single
letter before `@` (a metric name such as P@k), is an italic name.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import rankbook as rb

ROOT = Path(__file__).resolve().parents[2]

UPRIGHT = re.compile(r"\\(?:mathrm|text|textrm|operatorname\*?|mathsf|texttt|textit|textbf|"
                     r"mbox|begin|end|mathbf|boldsymbol)\s*\{")
MATH = re.compile(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]|\\\((.+?)\\\)"
                  r"|(?<![\\$\w])\$(?!\s)([^$\n]+?)(?<!\s)\$(?!\w)", re.S)


def _without_upright(tex: str) -> str:
    """``tex`` with every upright group (command and braces) removed."""
    out, i = [], 0
    while (match := UPRIGHT.search(tex, i)) is not None:
        out.append(tex[i:match.start()])
        depth, j = 1, match.end()
        while j < len(tex) and depth:
            depth += {"{": 1, "}": -1}.get(tex[j], 0)
            j += 1
        i = j
    out.append(tex[i:])
    return " ".join(out)


def italic_names(tex: str) -> list[str]:
    """The names of ``tex`` that TeX would set in italics as products of letters."""
    rest = _without_upright(tex)
    rest = re.sub(r"\\\\\[[^\]]*\]", " ", rest)  # a line break's spacing, \\[1ex]
    rest = re.sub(r"\\[A-Za-z]+", " ", rest)  # commands: \frac, \log, \max
    runs = re.findall(r"[A-Za-z]{2,}", rest)
    return runs + re.findall(r"(?<![A-Za-z])[A-Za-z](?=(?:_\{?1\}?)?@)", rest)  # P@k, F_1@k


def formulas(text: str) -> list[str]:
    """The math of a Markdown text (``$...$``, ``$$...$$``, ``\\(...\\)``, ``\\[...\\]``),
    outside code."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return [next(g for g in match.groups() if g is not None) for match in MATH.finditer(text)]


def _docs_pages():
    for page in sorted((ROOT / "docs").rglob("*.md")):
        yield str(page.relative_to(ROOT)), page.read_text(encoding="utf-8")


def _notebooks():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            where = f"{path.relative_to(ROOT)} cell {number}"
            if cell["cell_type"] == "markdown":
                yield where, "".join(cell["source"])
            for output in cell.get("outputs", []):
                for mime in ("text/markdown", "text/latex"):
                    if mime in output.get("data", {}):
                        yield f"{where} output", "".join(output["data"][mime])


def _docstrings():
    for path in sorted((ROOT / "src" / "rankbook").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
                doc = ast.get_docstring(node)
                if doc:
                    name = getattr(node, "name", "module docstring")
                    yield f"{path.relative_to(ROOT)}: {name}", doc


def _worked_formulas():
    """What `explain(...).show_work(k)` prints into a notebook, for every kind of step."""
    cases = [
        rb.explain([1, 0, 1, 1, 0, 1, 0, 0], 4, extra=["iP", "TPR", "FPR", "LAG"]),
        rb.explain([0, 1], 1, extra=["LAG"], ap_denominator="retrieved_relevant"),
        rb.explain([3, 2, 0, 1], 3, gain="exponential", discount="jarvelin",
                   ap_denominator="min_k_relevant"),
    ]
    for number, explanation in enumerate(cases):
        for k in range(1, len(explanation.grades) + 1):
            yield f"explain case {number}, show_work({k})", explanation.show_work(k).markdown


SOURCES = {"docs pages": _docs_pages, "notebooks": _notebooks, "docstrings": _docstrings,
           "explain's worked formulas": _worked_formulas}


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_every_multi_letter_name_is_upright(source):
    checked, problems = 0, []
    for where, text in SOURCES[source]():
        for tex in formulas(text):
            checked += 1
            names = italic_names(tex)
            if names:
                problems.append(f"{where}: {sorted(set(names))} in ${' '.join(tex.split())[:90]}$")
    assert checked >= 20, f"only {checked} formulas found in the {source}: is the scan broken?"
    assert not problems, (f"{len(problems)} formulas set names in italics (write "
                          "\\mathrm{nDCG}@k, \\mathrm{rel}_i, ...):\n" + "\n".join(problems))


@pytest.mark.parametrize(("tex", "expected"), [
    (r"nDCG@k = \frac{DCG@k}{IDCG@k}", ["nDCG", "DCG", "IDCG"]),
    (r"P@k = \frac{1}{k} \sum_{i=1}^{k} [\,rel_i \ge t\,]", ["rel", "P"]),
    (r"F_1@k", ["F"]),
    (r"p_{interp}(r)", ["interp"]),
    (r"\lceil rR \rceil", ["rR"]),
    (r"\mathrm{nDCG}@k = \frac{\mathrm{DCG}@k}{\mathrm{IDCG}@k}", []),
    (r"\mathrm{P}@k = \frac{1}{k} \sum_{i=1}^{k} [\,\mathrm{rel}_i \ge t\,]", []),
    (r"\mathrm{F}_1@k + \text{R-prec} + \operatorname{lround}(r R) + \text{success}@k", []),
    (r"\begin{cases} 1 & \text{if } K \le k,\\[1ex] 0 \end{cases}", []),
])
def test_the_check_itself(tex, expected):
    assert sorted(italic_names(tex)) == sorted(expected)


def test_formulas_are_found_in_markdown_but_not_in_code():
    text = "See $\\mathrm{AP}$ and $$x^2$$, not `$DCG$` nor\n```\n$$IDCG$$\n```\nprice $5 or $6."
    assert formulas(text) == ["\\mathrm{AP}", "x^2"]


def test_no_control_characters_in_the_sources_of_formulas():
    # "\frac" written in a Python string that is not raw becomes a form feed and "rac": the
    # page then shows broken math, and the search preview shows it too.
    found = []
    for source, texts in SOURCES.items():
        for where, text in texts():
            if any(ch in text for ch in "\x07\x08\x0b\x0c"):
                found.append(where)
    assert not found, f"control characters (a lost backslash?) in: {found}"
