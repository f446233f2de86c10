"""The "Try it" cells in Chromium: rankbook running in the page (Pyodide in a Web Worker).

On the P@k page and the positional-fusion (Borda) page an example is run unchanged (it must
print what the static page prints, itself a doctest), then edited and run again (the printed
numbers are checked against FLAGR's published P@k column and a Borda count computed here from
its definition); the "Verify your hand calculation" boxes of P@k, RR, nDCG, ERR, RBP and
ROC/AUC compute their page's own metric, on the page's own examples. Every request
the tabs make is recorded: none may leave 127.0.0.1, and Pyodide's files come from the site.

The site, its server and the browser are the session's (tests/browser/conftest.py:
RANKBOOK_BUILT_SITE, or built anew). A site built without the runtime (RANKBOOK_PYODIDE=0, or no `make pyodide` cache) skips
these tests, except on CI, where it fails them.
"""

from __future__ import annotations

from fractions import Fraction
from urllib.parse import urlsplit

import pytest
from test_site import Visit, _ci

# Pyodide starts in ~13 s on an idle machine, ~30 s on a loaded one; the first cell waits.
BOOT_MS = 150_000
BUSY = r"^(Starting|Loading|Installing|Running)"
SEED = [1, 0, 1, 1, 0, 1, 0, 0]
# FLAGR's documentation, the 8-element list's P@k for k = 1..8 (two decimals).
FLAGR_PRECISION = [1.0, 0.5, 0.67, 0.75, 0.6, 0.67, 0.57, 0.5]


@pytest.fixture(scope="module")
def runtime(site_dir):
    if not (site_dir / "pyodide" / "pyodide.asm.wasm").is_file():
        message = ("the site was built without the in-browser runtime (RANKBOOK_PYODIDE=0 or "
                   "no `make pyodide` cache): the Try-it cells are not there")
        if _ci():
            pytest.fail(message + " (CI is set)")
        pytest.skip(message)
    return site_dir / "pyodide"


@pytest.fixture(scope="module")
def tab(runtime, browser, base_url):
    visit = Visit(browser, base_url)
    yield visit
    outside = [url for url in visit.requests if urlsplit(url).hostname != "127.0.0.1"
               and not url.startswith(("data:", "blob:"))]
    visit.close()
    assert outside == [], f"requests outside the site: {outside}"


def _run(page, box, code: str | None = None) -> str:
    """Run the code of ``box`` (a Try-it editor or the hand-calculation box), maybe replaced first."""
    if code is not None:
        box.locator(".rb-tryit-code").fill(code)
    box.locator(".rb-tryit-run").click()
    output = box.locator(".rb-tryit-output")
    page.wait_for_function(f"(out) => !out.hidden && !/{BUSY}/.test(out.textContent)",
                           arg=output.element_handle(), timeout=BOOT_MS)
    text = output.text_content()
    assert "rb-tryit-failed" not in (output.get_attribute("class") or ""), text
    return text


def _example(page, index: int):
    page.locator(".rb-tryit-open").nth(index).click()
    return page.locator(".rb-tryit").nth(index)


def _static_output(page, index: int) -> str:
    """The output lines of the page's index-th example, as the static page shows them."""
    text = page.locator("div.highlight:has(> pre > code > .gp)").nth(index).text_content()
    lines = [line for line in text.splitlines()
             if line.strip() and not line.startswith((">>>", "..."))]
    return "\n".join(lines)


def test_a_precision_example_runs_as_printed_then_edited(tab):
    page = tab.open("metrics/precision_at_k/")
    box = _example(page, 0)
    assert _run(page, box).strip() == _static_output(page, 0)
    edited = ("import rankbook as rb\nseed = " + str(SEED) + "\n"
              "[round(rb.precision_at_k(seed, k), 2) for k in range(1, 9)]\n"
              "rb.precision_at_k(seed, 4)")
    assert _run(page, box, edited).splitlines() == [str(FLAGR_PRECISION), "0.75"]
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in tab.requests)


def test_the_hand_calculation_box_computes_the_pages_own_metric(tab):
    page = tab.page                      # the P@k page, its worker already started
    page.locator(".rb-verify summary").click()
    box = page.locator(".rb-verify")
    assert box.locator("summary").inner_text().endswith("P@k")
    intro = box.locator("p").first.inner_text()                 # words, no literal Markdown
    assert "grades of one ranked list" in intro and "`" not in intro
    # P@k takes the grades, the threshold and k: no R, no ideal grades
    fields = box.locator(".rb-verify-field").all_inner_texts()
    assert [f.split()[0] for f in fields] == ["Grades", "Threshold", "k"], fields
    box.locator("input[name=grades]").fill(" ".join(map(str, SEED)))
    box.locator("input[name=at]").fill("5")
    text = _run(page, box)
    found = sum(SEED[:5])                                        # relevant in the top 5
    assert f"P@5 = relevant in top 5 / 5 = {found}/5 = {found / 5:.4f}" in text
    assert text.splitlines()[0].split() == ["k", "grade", "relevant", "relevant", "in", "top",
                                            "k", "P@k"]


# The boxes the issue names: every example each page offers (its worked example and its
# pitfall) is loaded, explained in the browser, and must end with the value the page states for
# it (docs/hooks/verify.py checked at build time that the page prints it). Each box is built from
# its page's own spec, read from the built page, by the page's own script (tryit.js), in the
# P@k page's tab, whose Python is already running: a new page would start Pyodide again, about
# 10 s of CPU a box, to run the same code.
BOX_PAGES = ["metrics/reciprocal_rank/", "metrics/ndcg/", "metrics/err/", "metrics/rbp/",
             "metrics/roc_auc/"]


def _spec(site_dir, path: str) -> dict:
    import html
    import json
    import re

    text = (site_dir / path / "index.html").read_text(encoding="utf-8")
    found = re.search(r'class="rb-verify-spec" hidden data-spec="([^"]*)"', text)
    assert found, f"{path}: no hand-calculation box"
    return json.loads(html.unescape(found.group(1)))


def _box_of(page, site_dir, path: str):
    """The box ``path``'s page shows, built from its spec in the running page; and the spec."""
    import json

    spec = _spec(site_dir, path)
    page.evaluate("""(spec) => {
        document.querySelectorAll('.rb-verify').forEach((box) => box.remove());
        const holder = document.createElement('div');
        holder.className = 'rb-verify-spec';
        holder.dataset.spec = spec;
        document.querySelector('article.md-content__inner').append(holder);
        window.rbAddVerifyBox(holder);
    }""", json.dumps(spec))
    page.locator(".rb-verify summary").click()
    return page.locator(".rb-verify"), spec


@pytest.mark.parametrize("path", BOX_PAGES)
def test_a_metric_pages_box_reproduces_the_pages_examples(tab, site_dir, path):
    page = tab.page                      # the P@k page, its worker already started
    box, spec = _box_of(page, site_dir, path)
    assert box.locator("summary").inner_text().endswith(spec["explained"])
    for index, example in enumerate(spec["examples"]):
        box.locator(".rb-verify-load").nth(index).click()
        text = _run(page, box)
        last = [line for line in text.splitlines()
                if " = " in line and not line.startswith("note:")][-1]
        assert last.endswith(f"= {example['expect']}"), (example, text)
    if path == "metrics/ndcg/":
        _the_ndcg_box_gives_trec_evals_value_for_the_pages_pitfall(page, box)


def _the_ndcg_box_gives_trec_evals_value_for_the_pages_pitfall(page, box):
    # The nDCG page's pitfall: one relevant document retrieved, at rank 1, four relevant in the
    # judgments. trec_eval's ndcg_cut_5 is 0.39038 (the page's doctest, checked against
    # pytrec_eval); with the ideal grades typed in, the box must say so.
    box.locator("input[name=grades]").fill("1 0 0 0 0")
    box.locator("input[name=ideal]").fill("1 1 1 1")
    box.locator("input[name=at]").fill("5")
    text = _run(page, box)
    assert "nDCG@5 = DCG@5 / IDCG@5 = 1.0000 / 2.5616 = 0.3904" in text
    assert "note:" not in text                                   # nothing had to be assumed
    box.locator("input[name=ideal]").fill("")
    text = _run(page, box)                                       # the ideal left out: 1.0, said
    assert text.rstrip().splitlines()[-1].startswith("note: No ideal grades given")
    assert "= 1.0000 / 1.0000 = 1.0000" in text
    # the box's output wraps its long lines at a phone's width (the table may scroll)
    page.set_viewport_size({"width": 390, "height": 900})
    wraps = box.locator("pre.rb-output-text").evaluate("pre => pre.scrollWidth <= pre.clientWidth + 1")
    page.set_viewport_size({"width": 1280, "height": 1000})
    assert wraps, "the box's formulas run past its right edge at 390 px"


def _borda(lists, weights):
    """Borda's count from its definition: n - 1 points for a first place, down to 0."""
    points: dict[str, float] = {}
    for ranking, weight in zip(lists, weights):
        for place, item in enumerate(ranking):
            points[item] = points.get(item, 0.0) + weight * (len(ranking) - 1 - place)
    return dict(sorted(points.items(), key=lambda kv: -kv[1]))


def test_a_borda_example_runs_as_printed_then_edited(tab):
    page = tab.open("aggregation/positional/")
    box = _example(page, 0)
    assert _run(page, box).strip() == _static_output(page, 0)
    lists = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
             ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
             ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
             ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
    weights = [10, 30, 20, 40]
    edited = ("from rankbook import aggregate as ag\n"
              f"tennessee = {lists}\nag.borda(tennessee, weights={weights})")
    assert _run(page, box, edited).strip() == repr(_borda(lists, weights))
