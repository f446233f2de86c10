r"""MkDocs hook: each metric page's "Verify your hand calculation" box, for that page's own metric.

A page names its metric and its examples in its front matter::

    verify:
      metric: nDCG@k
      examples:
        - label: the worked example
          grades: 3 2 3 0 0 1 2 2 3 0
          at: 10
          expect: "0.8825"
        - label: the pitfall, with the ideal given
          grades: 1 0 0 0 0
          ideal: 1 1 1 1
          at: 5
          expect: "0.3904"

Every other key of an example is an option of the metric's function, by its name
(``n_relevant``, ``ideal``, ``persistence``, ...; `rankbook.explain.options`). A diversity
measure's ``grades`` are its subtopic tokens (``a b - b``; `rankbook.explain.subtopic_case`),
with the topic's judged documents as ``judged`` (quote them in YAML: ``"a,b c"``); the spec's
``input`` says so to the box. When the site is
built, each example is run through `rankbook.explain.explain_metric`, and ``expect`` must be
its value at rank ``at`` written to 4 decimals (or, for a metric whose value is a string such
as relstring, that string): a box cannot offer an example that fails, nor one whose number
differs from the page's. The hook then puts a hidden ``div.rb-verify-spec``
(the metric, the fields its function takes, the examples, as JSON) where the page has the
marker ``<!-- verify -->``, or else at the end of its "Worked example" section;
``javascripts/tryit.js`` turns it into the box, which runs ``rankbook explain --metric`` in the
reader's browser (on a site built with the in-browser runtime).
"""

from __future__ import annotations

import html
import json
import re

from mkdocs.exceptions import PluginError

MARKER = "<!-- verify -->"
EXAMPLE_KEYS = ("label", "grades", "at", "expect")


def spec_of(meta: dict, page: str) -> dict | None:
    """The box's spec for a page's ``verify`` front matter (None without one), its examples checked."""
    verify = meta.get("verify")
    if verify is None:
        return None
    if not isinstance(verify, dict) or "metric" not in verify:
        raise PluginError(f"verify hook: {page}: the front matter's verify: needs metric: NAME")
    from rankbook.explain.catalog import resolve
    from rankbook.explain.options import OPTIONS

    try:
        explainer, _, _ = resolve(str(verify["metric"]))
    except Exception as error:
        raise PluginError(f"verify hook: {page}: {error}") from None
    examples = [_checked(example, explainer, str(verify["metric"]), page, OPTIONS)
                for example in verify.get("examples") or []]
    if not examples:
        raise PluginError(f"verify hook: {page}: verify: lists no examples; give the page's "
                          "worked example (and its pitfall example, if it has one)")
    fields = [{"name": o.name, "flag": o.flag, "label": o.label, "help": o.help, "kind": o.kind,
               "choices": list(o.choices)} for o in explainer.options()]
    return {"metric": str(verify["metric"]), "explained": explainer.metric, "fields": fields,
            "input": explainer.input, "examples": examples}


def _checked(example: dict, explainer, metric: str, page: str, options: dict) -> dict:
    """One example of the front matter, run; its typed values as the box will type them."""
    from rankbook.explain.one_metric import explain_metric

    where = f"verify hook: {page}: example {example.get('label')!r}"
    unknown = sorted(set(example) - set(EXAMPLE_KEYS) - set(explainer.takes))
    if unknown or "grades" not in example or "expect" not in example:
        raise PluginError(f"{where}: needs grades and expect; its other keys must be among "
                          f"{', '.join(explainer.takes) or '(none)'}; got {sorted(example)}")
    typed = {name: str(example[name]) for name in explainer.takes if name in example}
    if explainer.input == "subtopics":      # a diversity measure: each document's subtopics
        grades = str(example["grades"]).split()
    else:
        grades = options["ideal"].read(str(example["grades"]))
    values = {name: explainer.option(name).read(text) for name, text in typed.items()}
    at = int(example["at"]) if "at" in example else None
    try:
        result = explain_metric(grades, metric, depth=at, **values)
        value = result.value(at)
        result.show_work(at)
    except Exception as error:
        raise PluginError(f"{where}: {type(error).__name__}: {error}") from None
    shown = value if isinstance(value, str) else f"{value:.4f}"   # relstring is a string
    if shown != str(example["expect"]):
        raise PluginError(f"{where}: the value at rank {at} is {shown}, not "
                          f"{example['expect']} as the front matter says")
    return {"label": str(example.get("label", "example")), "grades": str(example["grades"]),
            "at": "" if at is None else str(at), "options": typed,
            "expect": str(example["expect"])}


def box_html(spec: dict) -> str:
    """The hidden element tryit.js reads the box from."""
    data = html.escape(json.dumps(spec, ensure_ascii=False), quote=True)
    return f'<div class="rb-verify-spec" hidden data-spec="{data}"></div>'


def with_box(markdown: str, spec: dict) -> str:
    """``markdown`` with the box's element at the marker, or at the end of "Worked example"."""
    element = "\n\n" + box_html(spec) + "\n\n"
    if MARKER in markdown:
        return markdown.replace(MARKER, element, 1)
    heading = re.search(r"^## Worked example.*$", markdown, re.MULTILINE)
    if heading is None:
        raise PluginError(f"verify hook: a page with verify: needs a '## Worked example' "
                          f"section or the marker {MARKER}")
    following = re.compile(r"^## ", re.MULTILINE).search(markdown, heading.end())
    end = following.start() if following else len(markdown)
    return markdown[:end].rstrip() + element + markdown[end:]


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    spec = spec_of(page.meta, page.file.src_uri)
    return markdown if spec is None else with_box(markdown, spec)
