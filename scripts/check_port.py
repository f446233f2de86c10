"""Say in one line that a port is taken, before a server tries it and fails with a traceback.

    python3 scripts/check_port.py HOST PORT [WHAT [VARIABLE]]

Exits 0 when HOST:PORT can be listened on, else prints one line to stderr (what to
do instead: `make serve PORT=...`) and exits 1. `make serve` runs it before mkdocs,
`make lab` (WHAT "make lab", VARIABLE LAB_PORT) before JupyterLab.
"""

from __future__ import annotations

import errno
import socket
import sys


def free_port_near(host: str, port: int, tries: int = 20) -> int | None:
    """The first port after ``port`` that can be listened on, or None."""
    for candidate in range(port + 1, min(port + 1 + tries, 65536)):
        if problem(host, candidate) is None:
            return candidate
    return None


def problem(host: str, port: int) -> str | None:
    """Why HOST:PORT cannot be listened on, or None when it can."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        # As a server sets it (mkdocs serve does): a port left in TIME_WAIT counts as free.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return "is already in use (another `make serve`, or another server?)"
            if error.errno == errno.EACCES:
                return "needs root (ports below 1024 are privileged)"
            return f"cannot be used: {error.strerror}"
    return None


def main(argv: list[str]) -> int:
    if not 2 <= len(argv) <= 4 or not argv[1].isdigit():
        print("usage: check_port.py HOST PORT [WHAT [VARIABLE]]", file=sys.stderr)
        return 2
    host, port = argv[0], int(argv[1])
    what = argv[2] if len(argv) > 2 else "make serve"
    variable = argv[3] if len(argv) > 3 else "PORT"
    if not 0 < port < 65536:
        print(f"{what}: {variable}={port} is not a port number; use 1024-65535, e.g. "
              f"{what} {variable}=8001", file=sys.stderr)
        return 1
    why = problem(host, port)
    if why is None:
        return 0
    other = free_port_near(host, port)
    suggestion = f"{what} {variable}={other if other else '<another port>'}"
    print(f"{what}: port {port} on {host} {why}; choose another one: {suggestion}",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
