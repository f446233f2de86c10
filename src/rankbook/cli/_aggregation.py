"""What ``rankbook fuse`` and ``rankbook explain-fusion`` share: method names and --param NAME=VALUE."""

from __future__ import annotations

import argparse
import inspect

from rankbook._errors import InvalidValueError


FAMILY_NAMES = {"combination": "score combination", "positional": "position based",
                "majoritarian": "majoritarian", "markov": "Markov chains",
                "rra": "robust rank aggregation", "self_weighting": "self-weighting"}


def method_names() -> list[str]:
    from rankbook.aggregate.registry import METHODS

    return list(METHODS)


def methods_by_family() -> str:
    """The methods of `METHODS`, one line per family, for the commands' help."""
    from rankbook.aggregate.registry import METHODS

    families: dict = {}
    for name, method in METHODS.items():
        families.setdefault(method.family, []).append(name)
    return "\n".join(f"  {FAMILY_NAMES.get(family, family)}: {', '.join(names)}"
                     for family, names in families.items())


def value(text: str):
    """A parameter value typed on the command line: int, float, true/false, or text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def param(text: str) -> tuple[str, object]:
    """argparse type of --param: NAME=VALUE."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not NAME=VALUE; write e.g. --param norm=borda or --param k=60")
    return name.strip(), value(raw.strip())


def method_params(method: str, pairs) -> dict:
    """The --param pairs as keyword arguments, checked against the method's signature."""
    from rankbook.aggregate.registry import METHODS

    function = METHODS[method].function
    accepted = [name for name, p in inspect.signature(function).parameters.items()
                if p.kind is p.KEYWORD_ONLY and name != "weights"]
    params = dict(pairs or ())
    for name in params:
        if name not in accepted:
            raise InvalidValueError(
                f"{method} has no parameter {name!r} (--param {name}=...); its parameters are "
                f"{', '.join(accepted) or 'none'}.")
    missing = [name for name, p in inspect.signature(function).parameters.items()
               if p.kind is p.KEYWORD_ONLY and p.default is p.empty and name not in params]
    if missing:
        raise InvalidValueError(
            f"{method} needs --param {missing[0]}=VALUE (e.g. "
            f"--param {missing[0]}={METHODS[method].example.get(missing[0], 1)}).")
    return params
