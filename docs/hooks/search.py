r"""MkDocs hook: a metric's or a topic's own page comes first when the site is searched for it.

Four things; the first two driven by ``rankbook.metrics.registry.METRICS`` (so a new metric with
a page is covered without editing anything here):

1. **Aliases.** Each metric page gets, as search ``tags`` (mkdocs-material indexes them
   with the highest weight), the notation of every registry entry on it (``nDCG@k``, and
   ``nDCG@10`` for the usual cut-off), its abbreviation (``nDCG``), its trec_eval name
   (``ndcg_cut_k``) unless it is, or begins with, another page's metric name, its function name
   (``ndcg_at_k``), the metric's name from the page title ("Normalized discounted
   cumulative gain") and the page's own ``aliases:`` front matter (``precision`` on the
   P@k page). A query for any of them matches the page's tags; other pages only mention
   it in their text. The page also gets a small ``search.boost``. The tags are kept on
   the page's first entry of the index only, not repeated on each section, so that a
   long page does not dilute them and the page itself, not one of its sections, is the
   first result.
2. **Previews without TeX.** The search index stores each section's text as written,
   formulas included (``\[\mathrm{DCG}@k = \sum ...``), and the result previews show it
   raw. After the build, every formula in the index is rewritten as plain text
   (``DCG@k = Σ_{i=1}^{k} g(rel_i)/d(i)``).

3. **Guide pages before API pages.** A guide page's ``aliases:`` front matter
   (``tukey`` on Tukey's HSD's page) becomes its search tags, as on a metric page; every
   API page gets ``search.boost`` 0.5 and a title beginning "API: ", so that "tukey" finds the
   page that teaches the test first and no guide and API page share a title.
4. **Notebook previews without chrome.** A notebook page's index text holds its prompts
   ("In [5]:"), the copy button's "Copied!" and each code cell twice; all three are dropped.

Registered in mkdocs.yml under ``hooks:``; ``tests/browser/test_site.py`` checks both.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from mkdocs.exceptions import PluginError

#: Multiplies the weight of every section of a metric or guide page in the search index.
BOOST = 2
#: API pages come after the page that teaches the same thing ("tukey": Tukey's HSD's guide page,
#: then rankbook.stats.tukey).
API_BOOST = 0.5

#: ... and of a page of other tools' variants of measures (see `variant_pages`).
VARIANT_BOOST = 1.5

_aliases: dict[str, list[str]] = {}
_variants: set[str] = set()


def on_config(config, **kwargs):
    """Work out each metric page's aliases from the registry, and which pages are variants."""
    _aliases.clear()
    _aliases.update(aliases_by_page(_registry()))
    _variants.clear()
    _variants.update(variant_pages(_registry()))
    return config


def variant_pages(metrics) -> set[str]:
    """The pages of the chapters' rows only: other tools' variants of measures (gdeval-ERR@k,
    CWL-AP, NTCIR-nDCG@k). Their names share words with the measures' own pages (the search
    splits ``gdeval-ERR@k`` at the hyphen), so they get `VARIANT_BOOST`: below ERR's page for
    "ERR@k", above it for "gdeval-ERR@k", whose two words are both theirs."""
    from rankbook.metrics.registry import CHAPTER_ROWS

    chapters = {info.page for info in CHAPTER_ROWS}
    core = {info.page for info in metrics if info not in CHAPTER_ROWS}
    return chapters - core


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    """Give a metric or guide page its aliases (as search tags) and its boost; demote API pages."""
    search = dict(page.meta.get("search") or {})
    if page.file.src_uri.startswith("api/"):
        search.setdefault("boost", API_BOOST)
        page.meta["search"] = search
        return api_title(markdown)
    aliases = _aliases.get(page.file.src_uri)
    own = [str(a) for a in page.meta.get("aliases", [])]
    if aliases is None and not own:
        return markdown
    aliases = list(aliases or [])
    title = _title(markdown)
    if title and page.file.src_uri in _aliases:
        aliases.append(title)
    page.meta["tags"] = list(dict.fromkeys([*page.meta.get("tags", []), *aliases, *own]))
    search.setdefault("boost", VARIANT_BOOST if page.file.src_uri in _variants else BOOST)
    page.meta["search"] = search
    return markdown


def on_post_build(config, **kwargs) -> None:
    """Rewrite the formulas of the search index as plain text."""
    index = Path(config["site_dir"]) / "search" / "search_index.json"
    if not index.is_file():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    for doc in data.get("docs", []):
        if doc.get("location", "").startswith("notebooks/"):
            doc["title"] = doc.get("title", "").rstrip("¶ ")
            doc["text"] = without_notebook_chrome(doc.get("text", ""))
        for field in ("title", "text"):
            if field in doc:
                doc[field] = plain_formulas(doc[field])
        if "#" in doc.get("location", "") and doc.get("tags"):
            del doc["tags"]  # a section: the page's first entry carries them
    index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                     encoding="utf-8")


# --- aliases ------------------------------------------------------------------------------

def aliases_by_page(metrics) -> dict[str, list[str]]:
    """docs path of each metric page -> the names a reader may search it by."""
    pages: dict[str, list[str]] = defaultdict(list)
    for info in metrics:
        # Another page's name, or a prefix of it (the search matches prefixes: "map" finds
        # "map_cut"), is not an alias here: trec_eval calls AP "map", and "map" is MAP's.
        elsewhere = {str(other.name).lower() for other in metrics if other.page != info.page}
        names = [str(info.name)]
        short = re.sub(r"@[a-z]$", "", str(info.name))
        if short != info.name:
            if str(info.name).endswith("@k"):  # the usual cut-off (not R-prec@m's multiple)
                names.append(f"{short}@10")
            # R-prec@m's short form is R-prec's name; nERR (of nERR@k) begins NERR8@k
            if _searchable(short) and not any(name.startswith(short.lower())
                                              for name in elsewhere):
                names.append(short)
        for trec in _trec_names(getattr(info, "trec_eval", None)):
            if not any(trec.lower().startswith(name) for name in elsewhere):
                names.append(trec)
        function = getattr(info, "function", None)
        if function is not None:
            names.append(function.__name__)
        pages[info.page].extend(names)
    return {page: list(dict.fromkeys(names)) for page, names in pages.items()}


def _searchable(name: str) -> bool:
    """Whether every part of ``name`` between separators has two characters or more: the
    search index keeps no one-character word, so ``CWL-P`` (of ``CWL-P@k``) finds nothing."""
    return all(len(part) > 1 for part in re.split(r"[\s\-]+", name))


def _trec_names(value) -> list[str]:
    if not value:
        return []
    return [value] if isinstance(value, str) else [str(v) for v in value]


def api_title(markdown: str) -> str:
    """An API page's first heading prefixed with "API: ", so that it never shares its title
    with the guide page it documents ("API: Majoritarian methods", "Majoritarian methods")."""
    return re.sub(r"^# (?!API: )(.+)$", r"# API: \1", markdown, count=1, flags=re.M)


def _title(markdown: str) -> str:
    """The metric's name from the page's first heading, without the bracketed notation."""
    match = re.search(r"^# (.+)$", markdown, re.M)
    if not match:
        return ""
    return re.sub(r"\s*\([^)]*\)", "", match.group(1)).strip()


def _registry():
    try:
        from rankbook.metrics.registry import METRICS
    except Exception as exc:  # ImportError, or an error inside the package
        raise PluginError(
            "search hook: cannot import rankbook.metrics.registry.METRICS "
            f"({type(exc).__name__}: {exc}); install the package (`make install`)."
        ) from exc
    return METRICS


# --- notebook previews ---------------------------------------------------------------------

_PROMPT = re.compile(r"(?:In|Out)\s?\[\s*\d*\]:\s*")
_CODE = re.compile(r"<pre>(.*?)</pre>\s*", re.S)


def without_notebook_chrome(text: str) -> str:
    """A notebook page's index text without its chrome: prompts ("In [5]:"), the copy
    button's "Copied!" and the second, unformatted copy of each code cell that follows its
    ``<pre>`` block."""
    text = _PROMPT.sub("", text.replace("\xa0", " ")).replace("Copied! ", "").replace("Copied!", "")
    pieces, start = [], 0
    for match in _CODE.finditer(text):
        if match.start() < start:
            continue
        pieces.append(text[start:match.end()])
        start = match.end() + _repeat_length(match.group(1).split(), text[match.end():])
    pieces.append(text[start:])
    return "".join(pieces).strip()


def _repeat_length(words: list[str], rest: str) -> int:
    """Length of the copy of ``words`` (the same words, spaced differently) that ``rest``
    begins with, 0 if it does not begin with one."""
    pos = 0
    for word in words:
        found = rest.find(word, pos)
        if found < 0 or rest[pos:found].strip():
            return 0
        pos = found + len(word)
    return pos + len(rest[pos:]) - len(rest[pos:].lstrip())


# --- formulas as plain text --------------------------------------------------------------

_DELIMITED = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]|\$\$(.+?)\$\$|(?<![\\$\w])\$(?!\s)([^$\n]+?)(?<!\s)\$",
                        re.S)
_SYMBOLS = {
    "sum": "Σ", "prod": "Π", "ge": "≥", "geq": "≥", "le": "≤", "leq": "≤", "ne": "≠",
    "neq": "≠", "cdot": "·", "times": "×", "infty": "∞", "dots": "…", "ldots": "…",
    "cdots": "…", "approx": "≈", "in": "∈", "lceil": "⌈", "rceil": "⌉", "lfloor": "⌊",
    "rfloor": "⌋", "iff": "⇔", "to": "→", "mid": "|", "setminus": "∖", "cap": "∩", "cup": "∪",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "lambda": "λ",
    "mu": "μ", "sigma": "σ", "tau": "τ", "ell": "ℓ", "pi": "π", "prime": "′",
    "log": "log", "ln": "ln", "exp": "exp", "max": "max", "min": "min", "sqrt": "√",
}
_SPACES = {",", ";", ":", "!", " ", "quad", "qquad", "enspace", "thinspace"}
_DROP = {"left", "right", "big", "Big", "bigg", "Bigg", "displaystyle", "limits", "nolimits"}


def plain_formulas(text: str) -> str:
    """``text`` with every delimited formula rewritten as plain text."""
    return _DELIMITED.sub(lambda m: tex_to_text(next(g for g in m.groups() if g)), text)


def tex_to_text(tex: str) -> str:
    """A formula as plain text: ``\\frac{a}{b}`` -> ``a/b``, ``\\ge`` -> ``≥``, names upright."""
    upright = re.compile(r"\\(?:mathrm|text|textrm|operatorname\*?|mathit|mathbf|boldsymbol|mbox)"
                         r"\s*\{([^{}]*)\}")
    text = tex
    while upright.search(text):
        text = upright.sub(r"\1", text)
    text = _fractions(text)
    text = re.sub(r"\\\\(\[[^\]]*\])?", "; ", text)  # a line break in cases / aligned
    text = re.sub(r"\\begin\{\w+\}|\\end\{\w+\}", " ", text)
    text = re.sub(r"\\([A-Za-z]+|.)", _command, text)
    text = text.replace("&", " ")
    text = re.sub(r"([_^])\{([^{}]*)\}", lambda m: m.group(1) + (m.group(2) if len(m.group(2)) == 1
                                                                  else "{" + m.group(2) + "}"),
                  text)
    text = re.sub(r"(?<![_^])\{([^{}]*)\}", r"\1", text)
    text = re.sub(r"(?<![_^])\{([^{}]*)\}", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


def _command(match) -> str:
    name = match.group(1)
    if name in _SPACES:
        return " "
    if name in _DROP:
        return ""
    if name in ("{", "}", "|", "%", "#", "&", "_", "$"):
        return name
    return _SYMBOLS.get(name, name)


def _fractions(tex: str) -> str:
    """``\\frac{a}{b}`` (and ``\\dfrac``, ``\\tfrac``, ``\\frac12``) as ``a/b``, innermost first."""
    pattern = re.compile(r"\\[dt]?frac\s*(\{[^{}]*\}|\w)\s*(\{[^{}]*\}|\w)")
    while True:
        new = pattern.sub(lambda m: f"{_part(m.group(1))}/{_part(m.group(2))}", tex)
        if new == tex:
            return new
        tex = new


def _part(group: str) -> str:
    inner = group[1:-1] if group.startswith("{") else group
    simple = re.fullmatch(r"[\w.@]+|\\[A-Za-z]+\{[\w.@]+\}(_\w)?", inner.strip())
    return inner.strip() if simple else f"({inner.strip()})"
