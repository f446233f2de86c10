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
  }
};

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
    return MathJax.typesetPromise();
  });
});
