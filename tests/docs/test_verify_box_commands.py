"""Every metric page's "Verify your hand calculation" box, run as the reader's browser runs it.

The box (docs/javascripts/tryit.js) types the page's example into its fields and runs
``rankbook explain GRADES --metric NAME FLAG VALUE ... --at K``; the browser test reads the last
line of the output with " = " in it (a note aside) as the answer. Here the same command line is built from
the page's front matter (through docs/hooks/verify.py, as the build builds the box) and run in
this process: the answer line must end with the value the page states. The build checks the
value with `rankbook.explain.explain_metric`; this checks the command the box runs, its
parsing of typed numbers, and that no remark comes after the answer.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from docs_hooks import load_hook

from rankbook.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs"
VERIFY = load_hook("verify")


def _front_matter(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text[4:text.index("\n---\n", 4)]) or {}


PAGES = sorted(p for chapter in ("metrics", "user_models", "diversity")   # C/W/L, ndeval
               for p in (DOCS / chapter).glob("*.md") if "verify" in _front_matter(p))


def _argv(spec: dict, example: dict) -> list[str]:
    """The command tryit.js builds: grades, --metric, each field's flag and words, --at."""
    argv = ["explain", *example["grades"].split(), "--metric", spec["metric"]]
    for field in spec["fields"]:
        value = example["options"].get(field["name"], "").strip()
        if value and field["kind"] == "subtopics":     # a,b is one token: commas stay
            argv += [field["flag"], *value.split()]
        elif value:
            many = field["kind"] in ("grades", "floats", "gain_map")
            argv += [field["flag"], *(value.replace(",", " ").split() if many else [value])]
    if example["at"]:
        argv += ["--at", example["at"]]
    return argv


def test_the_pages_of_the_set_and_rank_based_chapters_have_a_box():
    names = {p.stem for p in PAGES}
    assert {"precision_at_k", "average_precision", "map", "mrr", "search_length", "lag",
            "roc_auc", "interpolated_precision", "utility", "f_beta", "cwl"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_each_example_of_a_box_ends_with_the_pages_value(page, capsys):
    spec = VERIFY.spec_of(_front_matter(page), page.name)
    for example in spec["examples"]:
        argv = _argv(spec, example)
        assert main(argv) == 0, argv
        out = capsys.readouterr()
        lines = [line for line in (out.out + out.err).splitlines()
                 if " = " in line and not line.startswith("note:")]   # notes: what was assumed
        assert lines[-1].endswith(f"= {example['expect']}"), (argv, lines[-1])


# The diversity chapter's boxes (docs/diversity/, written on another branch): the front matter
# each page is given, on pyndeval's README example (subtopics a, b, c; run A, D, E, B typed as
# a b - b; the judged documents D, C, B, A as b c b a). The README prints 0.7868, 0.3933,
# 0.3906, 0.2000, 0.6666 (cut); the box writes the value rounded to four decimals.
DIVERSITY_BOXES = {
    "alpha_ndcg": """
verify:
  metric: alpha_nDCG@k
  examples:
    - label: "pyndeval's README example"
      grades: "a b - b"
      judged: "b c b a"
      at: 5
      expect: "0.7869"
    - label: "the same over the ideal ideal (ndeval's alpha-DCG@5)"
      grades: "a b - b"
      judged: "b c b a"
      ideal: "ideal ideal"
      at: 5
      expect: "0.4053"
""",
    "err_ia": """
verify:
  metric: ERR_IA@k
  examples:
    - label: "pyndeval's README example"
      grades: "a b - b"
      judged: "b c b a"
      at: 5
      expect: "0.3933"
    - label: "at k = 10: smaller (the ideal ideal keeps growing)"
      grades: "a b - b"
      judged: "b c b a"
      at: 10
      expect: "0.3908"
""",
    "nrbp": """
verify:
  metric: NRBP
  examples:
    - label: "pyndeval's README example"
      grades: "a b - b"
      judged: "b c b a"
      at: 4
      expect: "0.3906"
    - label: "a more patient user (beta 0.8: (1 - 0.5·0.8)/3·(1 + 0.8 + 0.5·0.8^3) by hand)"
      grades: "a b - b"
      judged: "b c b a"
      beta: 0.8
      at: 4
      expect: "0.4112"
""",
    "intent_aware": """
verify:
  metric: P_IA@k
  examples:
    - label: "pyndeval's README example"
      grades: "a b - b"
      judged: "b c b a"
      at: 5
      expect: "0.2000"
    - label: "a document relevant to two subtopics counts twice"
      grades: "a,b - c"
      judged: "a,b c b"
      at: 3
      expect: "0.3333"
""",
}


@pytest.mark.parametrize("page", list(DIVERSITY_BOXES))
def test_the_diversity_pages_boxes_run_on_the_command_line(page, capsys):
    meta = yaml.safe_load(DIVERSITY_BOXES[page])
    spec = VERIFY.spec_of(meta, f"diversity/{page}.md")
    assert spec["input"] == "subtopics"
    names = {field["name"] for field in spec["fields"]}
    assert "judged" in names and ("alpha" in names) == (page != "intent_aware")
    for example in spec["examples"]:
        argv = _argv(spec, example)
        assert main(argv) == 0, argv
        out = capsys.readouterr()
        lines = [line for line in out.out.splitlines() if " = " in line]
        assert lines[-1].endswith(f"= {example['expect']}"), (argv, lines[-1])
