"""docs/hooks/search.py, the parts issue 23 added: notebook previews and API titles.

The browser test (tests/browser/test_site.py) checks the built site; these check the functions
on text as mkdocs-jupyter and mkdocs write it.
"""

from __future__ import annotations


from docs_hooks import load_hook



def _hook():
    return load_hook("search")


# The start of map_mrr's page entry in the search index, as mkdocs-jupyter leaves it.
NOTEBOOK_TEXT = ("In\xa0[1]: Copied! <pre>from fractions import Fraction\n\nimport rankbook as rb\n"
                 "</pre> from fractions import Fraction  import rankbook as rb In\xa0[2]: Copied! "
                 "<pre>R = 3\nprint(R)\n</pre> R = 3 print(R) <pre>3\n</pre> <p>With one query</p>")


def test_notebook_previews_lose_prompts_copy_buttons_and_repeated_code():
    text = _hook().without_notebook_chrome(NOTEBOOK_TEXT)
    assert text == ("<pre>from fractions import Fraction\n\nimport rankbook as rb\n</pre> "
                    "<pre>R = 3\nprint(R)\n</pre> <pre>3\n</pre> <p>With one query</p>")


def test_text_that_only_resembles_a_repeat_is_kept():
    text = "<pre>x = 1\n</pre> x equals one, said the lecture"
    assert _hook().without_notebook_chrome(text) == text


def test_api_pages_are_titled_api():
    hook = _hook()
    assert hook.api_title("# Majoritarian methods\n\ntext") == "# API: Majoritarian methods\n\ntext"
    assert hook.api_title("# API: Plots\n") == "# API: Plots\n"          # not twice
    assert hook.api_title("intro\n## Section\n# Title\n") == "intro\n## Section\n# API: Title\n"
