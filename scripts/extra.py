"""Print the requirements of one optional-dependency group ("extra") of pyproject.toml.

    python scripts/extra.py lab      ->  jupyterlab==4.6.6

`make lab` installs them into their own environment, so the pins live in one place.
"""

from __future__ import annotations

import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pip ships the same parser
    from pip._vendor import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: extra.py NAME", file=sys.stderr)
        return 2
    extras = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]
    if argv[0] not in extras:
        print(f"pyproject.toml has no extra {argv[0]!r}; it has {', '.join(extras)}",
              file=sys.stderr)
        return 1
    print(" ".join(extras[argv[0]]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
