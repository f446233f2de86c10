"""The "Verify your hand calculation" boxes of the metric pages that have one (every chapter).

docs/hooks/verify.py runs each example of a page's ``verify:`` front matter when the site is
built; here the same check runs on these pages without a build, and the hook is shown to
refuse an example whose value differs from the page's, a string value (relstring) included.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from docs_hooks import load_hook
from mkdocs.exceptions import PluginError

METRICS = Path(__file__).resolve().parents[2] / "docs" / "metrics"
verify = load_hook("verify")

# page -> the metric its box explains
PAGES = {"dcg": "DCG@k", "ndcg": "nDCG@k", "ndcg_variants": "nDCG_rel", "ndcg_gain_map": "nDCG",
         "normalized_gain": "G", "rbp": "RBP", "err": "ERR@k", "bpref": "bpref",
         "infap": "infAP", "judged_only": "P@k", "unjudged": "Unjudged@k",
         "relstring": "relstring", "gdeval": "gdeval-nDCG@k", "compat": "Compat",
         "ntcireval": "Q"}


def _front_matter(page: str) -> dict:
    text = (METRICS / f"{page}.md").read_text(encoding="utf-8")
    assert text.startswith("---\n"), f"{page}.md has no front matter"
    return yaml.safe_load(text.split("---\n")[1])


@pytest.mark.parametrize("page", PAGES)
def test_each_page_has_a_box_for_its_metric_with_its_examples(page):
    spec = verify.spec_of(_front_matter(page), page)
    assert spec["explained"] == PAGES[page]
    assert spec["examples"], page


def test_the_ndcg_box_offers_the_pitfall_with_trec_evals_value():
    examples = verify.spec_of(_front_matter("ndcg"), "ndcg")["examples"]
    pitfall = [e for e in examples if e["options"].get("ideal") == "1 1 1 1"
               and e["grades"] == "1 0 0 0 0"]
    assert [e["expect"] for e in pitfall] == ["0.3904"]      # trec_eval's 0.39038


def test_a_wrong_expectation_is_refused_strings_included():
    meta = {"verify": {"metric": "relstring",
                       "examples": [{"grades": "1 0 - 2", "at": 4, "expect": "10-2"}]}}
    assert verify.spec_of(meta, "x")["examples"][0]["expect"] == "10-2"
    meta["verify"]["examples"][0]["expect"] = "10.2"
    with pytest.raises(PluginError, match="10-2, not 10.2"):
        verify.spec_of(meta, "x")
    meta = {"verify": {"metric": "ERR@k", "examples": [{"grades": "2 0 1", "max_grade": 2,
                                                        "at": 3, "expect": "0.7709"}]}}
    with pytest.raises(PluginError, match="0.7708, not 0.7709"):
        verify.spec_of(meta, "x")
