r"""Worksheets: the exercises as Markdown, a printable HTML page or a LaTeX document.

Each format writes the *sheet* (the questions, with room to answer) or the *key* (each
answer, its worked steps and the command that checks it) as a document of its own, so a
teacher hands out one and keeps the other; ``part="both"`` writes the sheet and then the key.

- ``md``: Markdown, as `exercise_sheet` writes it.
- ``html``: one self-contained page (no external files) with a print style sheet: A4 margins,
  no item split across two pages, the key starting on a new page.
- ``latex``: an ``article`` that compiles with pdflatex and only the base packages
  (``inputenc``, ``fontenc``, ``geometry``); solutions in ``verbatim``.
- ``moodle``, ``gift``, ``text2qti``: a quiz for a learning platform (`_export`), the key in
  it (each question graded, its feedback the worked solution); ``part="key"`` the key's lines.
"""

from __future__ import annotations

import html
import textwrap

from rankbook.exercises._export import PLATFORMS, export, key
from rankbook.exercises._sheet import answer_text, inline_html, markdown_sheet

FORMATS = ("md", "html", "latex", *PLATFORMS)
PARTS = ("sheet", "key", "both")

_PRINT_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 46rem; margin: 2rem auto;
       line-height: 1.5; color: #111; }
h1 { font-size: 1.5rem; border-bottom: 1px solid #999; }
h2 { font-size: 1.2rem; margin-top: 2rem; }
ol > li { margin-bottom: 1.2rem; }
code { font-family: 'DejaVu Sans Mono', Consolas, monospace; background: #f3f3f3;
       padding: 0 .2em; white-space: nowrap; }
pre { background: #f7f7f7; border-left: 3px solid #bbb; padding: .5rem .8rem;
      overflow-x: auto; font-size: .85rem; }
.answer-space { height: 4.5rem; border-bottom: 1px dotted #aaa; }
.meta { color: #555; font-size: .9rem; }
@media print {
  @page { size: A4; margin: 18mm 16mm; }
  body { margin: 0; max-width: none; font-size: 11pt; }
  li, pre { break-inside: avoid; page-break-inside: avoid; }
  section.key { break-before: page; page-break-before: always; }
  code, pre { background: none; }
  a { color: inherit; text-decoration: none; }
}
""".strip()


def render(exercises, fmt: str = "md", part: str = "sheet", *, title: str = "") -> str:
    """The worksheet (``part="sheet"``), its key (``"key"``) or both, in format ``fmt``."""
    if fmt in PLATFORMS:  # a quiz of one variant per question
        questions = [[exercise] for exercise in exercises]
        return key(questions, title) if part == "key" else export(questions, fmt, title)
    title = title or _title(exercises)
    if fmt == "html":
        return _html(exercises, part, title)
    if fmt == "latex":
        return _latex(exercises, part, title)
    return _markdown(exercises, part, title)


def _key_title(title: str) -> str:
    """``Answer key: AP`` for the sheet ``Exercises: AP``."""
    return "Answer key" + title[len("Exercises"):] if title.startswith("Exercises") else \
        f"Answer key: {title}"


def _title(exercises) -> str:
    metrics = sorted({exercise.metric for exercise in exercises})
    return "Exercises" + (f": {metrics[0]}" if len(metrics) == 1 else "")


# --- Markdown -------------------------------------------------------------------------------

def _markdown(exercises, part: str, title: str) -> str:
    if part == "both":
        return markdown_sheet(exercises, answers=True)
    if part == "sheet":
        return markdown_sheet(exercises)
    key = markdown_sheet(exercises, answers=True)
    return f"# {_key_title(title)}\n\n" + key.split("## Answer key\n\n", 1)[1]


# --- HTML -----------------------------------------------------------------------------------

def _html(exercises, part: str, title: str) -> str:
    body = []
    if part in ("sheet", "both"):
        body += [f"<h1>{html.escape(title)}</h1>",
                 '<p class="meta">Name: ____________________ &nbsp; Date: ____________</p>',
                 "<ol>"]
        for exercise in exercises:
            body.append(f'<li value="{exercise.number}"><p>{inline_html(exercise.question)}'
                        '</p><div class="answer-space"></div></li>')
        body.append("</ol>")
    if part in ("key", "both"):
        body += ['<section class="key">', f"<h1>{html.escape(_key_title(title))}</h1>", "<ol>"]
        for exercise in exercises:
            check = (f'<p class="meta">Check: <code>{html.escape(exercise.check)}</code></p>'
                     if exercise.check else "")
            body.append(f'<li value="{exercise.number}"><p><strong>'
                        f"{html.escape(answer_text(exercise))}</strong></p>"
                        f"<pre>{html.escape(exercise.solution)}</pre>{check}</li>")
        body += ["</ol>", "</section>"]
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>", f"<style>\n{_PRINT_CSS}\n</style>", "</head>",
        "<body>", *body, "</body>", "</html>", ""])


# --- LaTeX ----------------------------------------------------------------------------------

_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "#": r"\#", "$": r"\$",
                  "%": r"\%", "&": r"\&", "_": r"\_", "~": r"\textasciitilde{}",
                  "^": r"\textasciicircum{}", "≈": r"$\approx$", "·": r"$\cdot$",
                  "—": "---", "≥": r"$\geq$", "≤": r"$\leq$", "<": r"\textless{}",
                  ">": r"\textgreater{}"}
#: Non-ASCII characters in verbatim blocks, where no command works, as ASCII.
_VERBATIM_ASCII = {"≈": "~=", "·": "*", "—": "-", "≥": ">=", "≤": "<=", "√": "sqrt"}


def latex_escape(text: str) -> str:
    """Text safe in LaTeX's paragraph mode (special characters and the few non-ASCII ones)."""
    return "".join(_LATEX_SPECIAL.get(char, char) for char in text)


def _inline_latex(text: str) -> str:
    parts = text.split("`")
    return "".join(r"\texttt{" + latex_escape(part) + "}" if n % 2 else latex_escape(part)
                   for n, part in enumerate(parts))


def _verbatim(text: str, width: int = 88) -> str:
    """ASCII lines of at most ``width`` characters (longer ones wrap, indented), for verbatim."""
    for char, ascii_text in _VERBATIM_ASCII.items():
        text = text.replace(char, ascii_text)
    text = text.encode("ascii", "replace").decode("ascii")
    lines = []
    for line in text.splitlines():
        if len(line) <= width:  # tables keep their alignment
            lines.append(line)
            continue
        lines += textwrap.wrap(line, width, subsequent_indent="    ", break_long_words=False,
                               break_on_hyphens=False)
    return "\n".join(lines)


def _latex(exercises, part: str, title: str) -> str:
    lines = [r"\documentclass[11pt,a4paper]{article}", r"\usepackage[utf8]{inputenc}",
             r"\usepackage[T1]{fontenc}", r"\usepackage[margin=20mm]{geometry}",
             r"\setlength{\parindent}{0pt}", r"\sloppy", r"\begin{document}"]
    if part in ("sheet", "both"):
        lines += [r"\section*{" + latex_escape(title) + "}",
                  r"Name: \rule{6cm}{0.4pt} \hfill Date: \rule{3cm}{0.4pt}", "",
                  r"\begin{enumerate}"]
        for exercise in exercises:
            lines += [r"\item " + _inline_latex(exercise.question), r"\vspace{2.5cm}"]
        lines.append(r"\end{enumerate}")
    if part in ("key", "both"):
        if part == "both":
            lines.append(r"\newpage")
        lines += [r"\section*{" + latex_escape(_key_title(title)) + "}", r"\begin{enumerate}"]
        for exercise in exercises:
            lines += [r"\item \textbf{" + latex_escape(answer_text(exercise)) + "}",
                      r"{\footnotesize", r"\begin{verbatim}", _verbatim(exercise.solution),
                      r"\end{verbatim}}"]
            if exercise.check:
                lines.append(r"Check: \texttt{" + latex_escape(exercise.check) + "}")
        lines.append(r"\end{enumerate}")
    lines += [r"\end{document}", ""]
    return "\n".join(lines)
