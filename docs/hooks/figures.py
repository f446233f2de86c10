r"""MkDocs hook: each page's figures, drawn from the page's own worked example when the site is built.

A page asks for a figure with a fenced block whose info string is ``python figure``::

    ```python figure alt="What the figure shows, in words, for a reader who cannot see it."
    rb.plots.average_precision_area(lecture, 3)
    ```

The hook runs the page's ```pycon examples that come before the block (the same examples the
test suite runs as doctests, so their names, such as ``lecture``, are defined), then the
block's code, whose last line must give a matplotlib Axes (what every `rankbook.plots`
function returns), a sequence of them, or a Figure. The figure replaces the block as an inline
SVG inside ``<figure class="rb-figure">``, with the ``alt`` text as its accessible name and an
optional ``caption="..."`` below it; the block's code follows in a collapsed "Draw this figure"
box, so a reader can draw the same figure for a list of their own. Nothing is stored: a figure
cannot drift from the code and numbers beside it, and a figure that cannot be drawn fails the
build, naming the page and line.

The SVG follows the site's theme: matplotlib's black (text, axes, ticks) becomes the page's
text colour (``currentColor``) and its white (backgrounds) the page's background colour, so
the same figure reads in the light and the dark theme; text stays text (``svg.fonttype:
none``), and each figure's ids are salted with the page and its number, so that several
figures share a page without clashes.
"""

from __future__ import annotations

import contextlib
import doctest
import html
import io
import re
import textwrap
import warnings

from mkdocs.exceptions import PluginError

FIGURE = re.compile(r"^```python[ \t]+figure(?P<attrs>[^\n]*)\n(?P<code>.*?)^```[ \t]*$",
                    re.MULTILINE | re.DOTALL)
PYCON = re.compile(r"^(?P<indent>[ \t]*)```pycon[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
                   re.MULTILINE | re.DOTALL)
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
SLOT = '<div class="rb-figure-slot" data-figure="{}"></div>'
MIN_ALT_WORDS = 8

_drawn: dict[str, list[str]] = {}   # page -> the figures' HTML, by number


class FigureError(Exception):
    """A figure block that cannot be drawn (its page and line are in the message)."""


def figure_blocks(markdown: str) -> list[dict]:
    """The figure blocks of a page: ``start``, ``end``, ``line``, ``code``, ``alt``, ``caption``."""
    blocks = []
    for match in FIGURE.finditer(markdown):
        attrs = dict(ATTRIBUTE.findall(match.group("attrs")))
        unknown = set(attrs) - {"alt", "caption"}
        line = markdown.count("\n", 0, match.start()) + 1
        if unknown or len(attrs.get("alt", "").split()) < MIN_ALT_WORDS:
            raise FigureError(
                f"line {line}: a figure block takes alt=\"...\" (at least {MIN_ALT_WORDS} words "
                f"saying what the figure shows) and optionally caption=\"...\"; got "
                f"{match.group('attrs').strip() or 'nothing'}")
        blocks.append({"start": match.start(), "end": match.end(), "line": line,
                       "code": match.group("code"), "alt": attrs["alt"],
                       "caption": attrs.get("caption", "")})
    return blocks


def pycon_examples(markdown: str) -> list[tuple[int, str, int, bool]]:
    """Every example of the page's ```pycon blocks: (offset in the page, source, line, whether
    it is shown raising an exception)."""
    parser = doctest.DocTestParser()
    examples = []
    for match in PYCON.finditer(markdown):
        body = textwrap.dedent(match.group("body"))
        first_line = markdown.count("\n", 0, match.start("body")) + 1
        for example in parser.get_examples(body):
            examples.append((match.start(), example.source, first_line + example.lineno,
                             example.exc_msg is not None))
    return examples


def draw_figures(markdown: str, page: str) -> list:
    """The matplotlib Figures of a page's figure blocks, in order, drawn as the build draws them.

    The page's pycon examples before each block run first, in one namespace (as doctest runs
    them); their output is discarded, and an example the page shows raising an exception may
    raise. Raises FigureError naming the page and line.
    """
    import matplotlib

    matplotlib.use("Agg")
    namespace: dict = {"__name__": "__main__"}
    examples = pycon_examples(markdown)
    done = 0
    figures = []
    for block in figure_blocks_of(markdown, page):
        while done < len(examples) and examples[done][0] < block["start"]:
            _, source, line, raises = examples[done]
            try:
                _run(source, namespace, f"{page}, the example at line {line}")
            except FigureError:
                if not raises:           # an example shown raising (a traceback) may raise
                    raise
            done += 1
        result = _run(block["code"], namespace, f"{page}, the figure at line {block['line']}",
                      value=True)
        figures.append(_figure_of(result, f"{page}, the figure at line {block['line']}"))
    return figures


def figure_blocks_of(markdown: str, page: str) -> list[dict]:
    try:
        return figure_blocks(markdown)
    except FigureError as error:
        raise FigureError(f"{page}, {error}") from None


def _run(source: str, namespace: dict, where: str, *, value: bool = False):
    """Execute ``source``; with ``value``, return its last line's value."""
    import ast

    try:
        tree = ast.parse(source)
        last = tree.body.pop() if value and tree.body and isinstance(tree.body[-1], ast.Expr) \
            else None
        with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(tree, where, "exec"), namespace)
            if last is not None:
                return eval(compile(ast.Expression(last.value), where, "eval"), namespace)
    except Exception as error:
        raise FigureError(f"{where}: {type(error).__name__}: {error}") from error
    if value:
        raise FigureError(f"{where}: its last line must be an expression giving the figure's "
                          "Axes, e.g. rb.plots.roc(grades)")
    return None


def _figure_of(result, where: str):
    """The Figure behind an Axes, a sequence of Axes or a Figure."""
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    if isinstance(result, Figure):
        return result
    if isinstance(result, Axes):
        return result.figure
    try:
        first = next(iter(result.flat if hasattr(result, "flat") else result))
    except (TypeError, StopIteration):
        first = None
    if isinstance(first, Axes):
        return first.figure
    raise FigureError(f"{where}: its last line gave {type(result).__name__}, not a matplotlib "
                      "Axes or Figure")


def themed_svg(figure, alt: str, salt: str) -> str:
    """The figure as inline SVG in the page's colours, named ``alt`` for assistive technology."""
    import matplotlib
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", transparent=True,
                       metadata={"Date": None, "Creator": None})
    plt.close(figure)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]                               # no XML declaration, no DOCTYPE
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.DOTALL)
    svg = re.sub(r"<!--.*?-->", "", svg, flags=re.DOTALL)
    svg = re.sub(r'#000000\b', "currentColor", svg)
    svg = re.sub(r'#ffffff\b', "var(--md-default-bg-color)", svg, flags=re.IGNORECASE)
    width = re.search(r'<svg[^>]*\swidth="([\d.]+)pt"', svg)
    style = f' style="max-width: {float(width.group(1)) * 4 / 3:.0f}px"' if width else ""
    svg = re.sub(r'(<svg[^>]*?)\s(?:width|height)="[^"]*"', r"\1", svg, count=1)
    svg = re.sub(r'(<svg[^>]*?)\s(?:width|height)="[^"]*"', r"\1", svg, count=1)
    label = html.escape(alt, quote=True)
    return svg.replace("<svg", f'<svg class="rb-figure-svg" role="img" aria-label="{label}"'
                               f"{style}", 1).strip()


def figure_html(svg: str, caption: str) -> str:
    """The ``<figure>`` element that takes a figure block's place."""
    text = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return f'<figure class="rb-figure" data-search-exclude>{svg}{text}</figure>'


def _code_box(code: str) -> str:
    """The collapsed box with a figure's code, as Markdown."""
    body = textwrap.indent(f"```python\n{code.rstrip()}\n```", "    ")
    return f'??? example "Draw this figure"\n\n{body}\n'


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    """Replace each figure block with a slot for its SVG and the code box."""
    source = page.file.src_uri
    if "```python figure" not in markdown:
        return markdown
    try:
        blocks = figure_blocks_of(markdown, source)
        figures = draw_figures(markdown, source)
    except FigureError as error:
        raise PluginError(f"figures hook: {error}") from None
    drawn = []
    for number, (block, figure) in enumerate(zip(blocks, figures)):
        svg = themed_svg(figure, block["alt"], f"{source}-{number}")
        drawn.append(figure_html(svg, block["caption"]))
    _drawn[source] = drawn
    for number, block in reversed(list(enumerate(blocks))):
        replacement = SLOT.format(number) + "\n\n" + _code_box(block["code"])
        markdown = markdown[:block["start"]] + replacement + markdown[block["end"]:]
    return markdown


def on_page_content(content: str, page, config, files, **kwargs) -> str:
    """Put each drawn figure into its slot."""
    drawn = _drawn.pop(page.file.src_uri, None)
    if not drawn:
        return content
    for number, figure in enumerate(drawn):
        slot = SLOT.format(number)
        if slot not in content:
            raise PluginError(f"figures hook: {page.file.src_uri}: figure {number + 1}'s place "
                              "was lost between Markdown and HTML")
        content = content.replace(slot, figure, 1)
    return content
