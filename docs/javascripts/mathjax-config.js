// MathJax configuration for the rankbook site. Loaded before the vendored
// MathJax (docs/javascripts/mathjax/es5/tex-mml-chtml.js); see mkdocs.yml.
//
// - pymdownx.arithmatex (generic: true) wraps Markdown math in \( \) and \[ \]
//   inside elements of class "arithmatex".
// - mkdocs-jupyter leaves notebook Markdown cells with their dollars, inside
//   elements of class "jp-MarkdownOutput" whose <p> children have no class.
// - Material's stock snippet uses ignoreHtmlClass ".*|", which also matches
//   elements with no class and so skips those notebook paragraphs. ".+" skips
//   only classed elements, and processHtmlClass re-enables the two above, and
//   notebook outputs shown as Markdown or LaTeX (IPython.display.Markdown/Latex,
//   objects with _repr_markdown_/_repr_latex_), and the titles in the navigation
//   and table of contents ("md-ellipsis"), where a notebook heading keeps its $...$.
window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"], ["$", "$"]],
    displayMath: [["\\[", "\\]"], ["$$", "$$"]],
    processEscapes: true,
    processEnvironments: true
  },
  options: {
    ignoreHtmlClass: ".+",
    processHtmlClass: "arithmatex|jp-MarkdownOutput|jp-RenderedMarkdown|jp-RenderedLatex|md-ellipsis"
  },
  startup: {
    pageReady: () => MathJax.startup.defaultPageReady().then(keepPunctuationWithMath)
  }
};

// A period or comma after inline math must not start the next line: the browser may break
// between the formula's element and the text after it. Wrap the formula (or the arithmatex
// span that holds only it) and the punctuation that follows in a span.rb-nowrap (extra.css).
function keepPunctuationWithMath() {
  for (const math of document.querySelectorAll('mjx-container:not([display="true"])')) {
    let box = math;
    const parent = math.parentElement;
    if (parent && parent.classList.contains("arithmatex") && parent.childElementCount === 1) box = parent;
    if (box.parentElement && box.parentElement.classList.contains("rb-nowrap")) continue;
    const next = box.nextSibling;
    if (!next || next.nodeType !== Node.TEXT_NODE) continue;
    const mark = next.textContent.match(/^[.,;:!?)\]]+/);
    if (!mark) continue;
    next.textContent = next.textContent.slice(mark[0].length);
    const span = document.createElement("span");
    span.className = "rb-nowrap";
    box.replaceWith(span);
    span.append(box, mark[0]);
  }
}

// Material emits each page on its document$ observable: the first page on load,
// and, with instant navigation, every page it swaps in without reloading scripts.
// MathJax's own startup typesets the first page; typesetting it again at the same
// time breaks autoloaded extensions (\boldsymbol, \cancel, ... come out in red),
// so only later pages are typeset here, queued after any typesetting under way.
let firstPage = true;
document$.subscribe(() => {
  if (firstPage) {
    firstPage = false;
    return;
  }
  MathJax.startup.promise = MathJax.startup.promise.then(() => {
    MathJax.startup.output.clearCache();
    MathJax.typesetClear();
    MathJax.texReset();
    return MathJax.typesetPromise().then(keepPunctuationWithMath);
  });
});
