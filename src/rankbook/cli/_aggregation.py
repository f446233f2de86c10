"""What ``rankbook fuse`` and ``rankbook explain-fusion`` share, read from the method registry.

The method names (the choices), the help's list by family, and ``--param NAME=VALUE``: each
value read as the type the method's signature declares (`rankbook.aggregate.registry.read_value`)
and checked as the Comparator checks it (`check_parameters`).
"""

from __future__ import annotations

import argparse


def method_names() -> list[str]:
    from rankbook.aggregate.registry import METHODS

    return list(METHODS)


def methods_by_family() -> str:
    """The methods of `METHODS`, one line per family, for the commands' help."""
    from rankbook.aggregate.registry import FAMILIES, by_family

    return "\n".join(f"  {FAMILIES[family].title}: {', '.join(names)}"
                     for family, names in by_family().items() if names)


def param(text: str) -> tuple[str, str]:
    """argparse type of --param: NAME=VALUE (the value is typed by `method_params`)."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not NAME=VALUE; write e.g. --param norm=borda or --param k=60")
    return name.strip(), raw.strip()


def method_params(method: str, pairs) -> dict:
    """The --param pairs as keyword arguments of the method, typed and checked."""
    from rankbook.aggregate.registry import METHODS, check_parameters, parameters, read_value

    declared = {p.name: p for p in parameters(method)}
    params = {name: read_value(declared[name], text) if name in declared else text
              for name, text in (pairs or ())}
    check_parameters(METHODS[method].function, params, what=method, cli=True)
    return params
