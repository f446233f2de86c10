"""The browser test's walk, per page: the site as http.server serves it vs as the walk serves it.

    .venv/bin/mkdocs build -d /tmp/site && .venv/bin/python benchmarks/bench_browser_walk.py /tmp/site
    .venv/bin/python benchmarks/bench_browser_walk.py /tmp/site --step 4 --rounds 2

Loads every ``--step``-th page of a built site as tests/browser/test_site.py's ``walk`` does
(three tabs at 1400 px, each page read when loaded, MathJax awaited, images complete), once
from a plain ``SimpleHTTPRequestHandler`` ("full": the search index and MathJax on every page)
and once from the walk's ``_WalkHandler`` ("walk": no search index, MathJax only on pages with
math), the two alternating for ``--rounds`` rounds. It prints, per variant and round, the
wall time and the CPU time of Chromium's processes (read from /proc before the browser
closes), each per page. Needs /usr/bin/chromium and playwright; Linux only (/proc).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import os
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("test_site", ROOT / "tests" / "browser" / "test_site.py")
site_test = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_test)


def tree_cpu() -> float:
    """CPU seconds of this process's descendants that are alive (the browser's processes)."""
    tick, parent, cpu = os.sysconf("SC_CLK_TCK"), {}, {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parent[int(entry)] = int(fields[1])
            cpu[int(entry)] = sum(int(f) for f in fields[11:15]) / tick
    mine = {os.getpid()}
    while True:
        more = {pid for pid, up in parent.items() if up in mine} - mine
        if not more:
            break
        mine |= more
    return sum(cpu[pid] for pid in mine - {os.getpid()})


def serve(handler, site: Path) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def walk(browser, base: str, pages: list[str], math: set[str], skip_mathjax: bool) -> None:
    tabs = [browser.new_context(viewport={"width": 1400, "height": 900}).new_page() for _ in range(3)]
    waiting, loading = list(pages), []
    while waiting or loading:
        while waiting and len(loading) < len(tabs):
            tab = next(t for t in tabs if all(t is not other for other, _ in loading))
            path = waiting.pop(0)
            tab.goto(base + path, wait_until="commit")
            loading.append((tab, path))
        tab, path = loading.pop(0)
        tab.wait_for_load_state("load")
        if path in math or not skip_mathjax:
            tab.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
            tab.evaluate("() => MathJax.startup.promise")
        tab.wait_for_function("() => Array.from(document.images).every(i => i.complete)")
    for tab in tabs:
        tab.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--step", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    pages = site_test._site_pages(args.site)
    classes = site_test._mathjax_classes()
    math = {p for p in pages if site_test._has_math((args.site / p / "index.html").read_text(), classes)}
    pages = pages[::args.step]
    walk_handler = type("Handler", (site_test._WalkHandler,),
                        {"no_math": frozenset(set(site_test._site_pages(args.site)) - math)})
    print(f"{len(pages)} pages ({len(set(pages) - math)} without math), load {os.getloadavg()}")
    for round_ in range(1, args.rounds + 1):
        for name, handler in (("full", SimpleHTTPRequestHandler), ("walk", walk_handler)):
            server = serve(handler, args.site)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(site_test.CHROMIUM), headless=True,
                    args=site_test.CHROMIUM_ARGS, ignore_default_args=["--hide-scrollbars"])
                start, cpu = time.perf_counter(), tree_cpu()
                walk(browser, f"http://127.0.0.1:{server.server_address[1]}/", pages, math,
                     skip_mathjax=name == "walk")
                wall, cpu = time.perf_counter() - start, tree_cpu() - cpu
                browser.close()
            server.shutdown()
            server.server_close()
            print(f"round {round_} {name}: {wall / len(pages):.2f} s a page of wall time, "
                  f"{cpu / len(pages):.2f} s of browser CPU (load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
