// A table wider than the text column scrolls sideways (Material's .md-typeset__scrollwrap);
// a reader cannot always tell, so such a table gets a line under it that says so. Recomputed
// when the window's width changes; loaded on every page (mkdocs.yml: extra_javascript).
(function () {
  "use strict";
  const NOTE = "rb-scroll-note";

  function mark() {
    for (const wrap of document.querySelectorAll("article .md-typeset__scrollwrap")) {
      const wide = wrap.scrollWidth - wrap.clientWidth > 1;
      const note = wrap.nextElementSibling && wrap.nextElementSibling.classList.contains(NOTE)
        ? wrap.nextElementSibling : null;
      wrap.classList.toggle("rb-scrolls", wide);
      if (wide && !note) {
        const line = document.createElement("p");
        line.className = NOTE;
        line.textContent = "The table is wider than the page: scroll it sideways to see every column.";
        wrap.after(line);
      } else if (!wide && note) {
        note.remove();
      }
    }
  }

  window.rbMarkTables = mark;   // the browser test marks at once after it resizes the window
  let pending = null;
  window.addEventListener("resize", () => {
    clearTimeout(pending);
    pending = setTimeout(mark, 100);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark);
  else mark();
})();
