r"""Measure names written another way: in another case (``NDCG@10``), or misspelt (``ndgc@10``).

`rankbook.evaluation.measures` parses the names as the registry writes them. When a
name does not parse, it asks here:

- `respellings`: the same name with the registry's case (``NDCG@10`` -> ``nDCG@10``,
  ``NDCG_CUT_10`` -> ``ndcg_cut_10``, ``Map`` -> ``MAP`` or ``map``), the parser then
  keeping it when every respelling that parses means the same measure;
- `closest`: the name the user probably meant, for "did you mean ...?", a suggestion
  that is always a name the parser accepts (``ndcg@`` -> ``nDCG@10``, not ``nDCG@``).

Nothing here knows a metric: the names come from the parser's grammar (its ``exact``
names, its ``prefixes`` such as ``P@``, its trec_eval ``trec`` families), and the
parser's own ``parses`` says which spellings it accepts.
"""

from __future__ import annotations

import difflib
import re

#: A trec_eval name's parameters at its end: ``_10``, ``.5,10``, ``.p=0.8``.
_TREC_PARAMETERS = re.compile(r"(?P<base>.+?)(?P<value>[._][0-9].*|\.[a-z]=.*)?",
                              re.IGNORECASE)


def respellings(text: str, grammar) -> list[str]:
    """``text`` with its name in the registry's case, one entry per name that matches.

    Canonical names come first (``MAP`` before trec_eval's ``map``; ``RBP@0.8``), then
    the canonical prefixes (``nDCG@``), then trec_eval's families, longest first.
    """
    lower = text.lower()
    found = ["all_trec"] if lower == "all_trec" else []
    found += [name + text[len(name):] for name in grammar.exact
              if lower == name.lower() or lower.startswith(name.lower() + "@")]
    found += [prefix + text[len(prefix):] for prefix, _, _ in grammar.prefixes
              if lower.startswith(prefix.lower())]
    for family in sorted(grammar.trec, key=len, reverse=True):
        if lower == family.lower():
            found.append(family)
        found += [family + text[len(family):] for joiner in "_." if
                  lower.startswith(family.lower() + joiner)]
    return [name for name in dict.fromkeys(found) if name != text]


def closest(text: str, grammar, parses) -> str | None:
    """The accepted name nearest to ``text`` (``parses(name)`` tells), or None.

    The name part is matched without regard to case among the grammar's names, closest
    first (`difflib`); the parameter the user wrote is kept when the name with it parses,
    else its leading number (``10x`` -> ``10``), else the parameter is left out when the
    bare name parses (a trec_eval family: its default parameters), else the first of the
    measure's own defaults.
    """
    base, at, value = text.partition("@")
    if at:  # a canonical parameter: match the name before it among those that take one
        names = {prefix[:-1].lower(): prefix[:-1] for prefix, _, _ in grammar.prefixes}
        value = at + value
    else:   # a name, or a trec_eval family with its parameters after a dot or an underscore
        names = {name.lower(): name for name in [*grammar.exact, *grammar.trec]}
        match = _TREC_PARAMETERS.fullmatch(text)
        base, value = (match.group("base"), match.group("value") or "") if match else (text, "")
    key = base.lower()
    candidates = [key] if key in names else []
    candidates += difflib.get_close_matches(key, list(names), n=3, cutoff=0.6)
    for candidate in dict.fromkeys(candidates):
        for spelling in _with_parameters(names[candidate], value, at, grammar):
            if parses(spelling):
                return spelling
    return None


def _with_parameters(name: str, value: str, at: str, grammar) -> list[str]:
    """The spellings to try for ``name``: with ``value``, its leading number, or a default."""
    leading = re.match(r"[@._]?[0-9][0-9.]*", value)
    tries = [name + value, name + leading.group(0).rstrip(".")] if leading else [name + value]
    if at:
        prefix = next(p for p, _, _ in grammar.prefixes if p[:-1] == name)
        target = next(t for p, t, _ in grammar.prefixes if p == prefix)
        tries += [f"{prefix}{default:g}" for default in target.param.defaults[:2]]
    else:
        tries.append(name)
    return tries
