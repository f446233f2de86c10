// "Try it" on the metric and aggregation pages (loaded only when the site carries the
// in-browser runtime: docs/hooks/pyodide.py). Each ```pycon example gets a button that opens an
// editable copy of its code; Run executes it with rankbook in a Web Worker (tryit-worker.js),
// the page's earlier examples first (their names, such as `rb` or `seed`, are then defined),
// and prints what the static page prints. Metric pages also get a "Verify your hand
// calculation" box: grades, R and k in, `rankbook explain`'s table and formulas out.
// Nothing runs until a button is pressed; the page reads the same without it.
(function () {
  "use strict";
  const scriptUrl = document.currentScript && document.currentScript.src;
  let worker = null;
  let nextId = 0;
  const pending = new Map();

  function python(setup, code, onProgress) {
    if (!worker) {
      worker = new Worker(new URL("tryit-worker.js", scriptUrl), { type: "module" });
      worker.onmessage = (event) => {
        const { id, type } = event.data;
        const job = pending.get(id);
        if (!job) return;
        if (type === "progress") { job.onProgress(event.data.text); return; }
        pending.delete(id);
        if (type === "result") job.resolve(event.data.output);
        else job.reject(new Error(event.data.text));
      };
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ id, setup, code });
    });
  }

  // The code of a pycon block: its ">>> " and "... " lines without the prompts.
  function codeOf(text) {
    const lines = [];
    for (const line of text.split("\n")) {
      if (line.startsWith(">>> ") || line === ">>>") lines.push(line.slice(4));
      else if (line.startsWith("... ") || line === "...") lines.push(line.slice(4));
    }
    return lines.join("\n");
  }

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    Object.assign(node, attributes || {});
    if (text) node.textContent = text;
    return node;
  }

  // A Run button and an output box; run() returns the code to execute and its setup.
  function runner(label, run) {
    const button = element("button", { type: "button", className: "md-button rb-tryit-run" }, label);
    const output = element("pre", { className: "rb-tryit-output" });
    output.hidden = true;
    button.addEventListener("click", async () => {
      button.disabled = true;
      output.hidden = false;
      output.classList.remove("rb-tryit-failed");
      output.textContent = "Starting ...";
      try {
        const [setup, code] = run();
        const started = performance.now();
        const text = await python(setup, code, (message) => { output.textContent = message; });
        output.textContent = text || "(no output)";
        output.dataset.seconds = ((performance.now() - started) / 1000).toFixed(1);
      } catch (error) {
        output.classList.add("rb-tryit-failed");
        output.textContent = "Could not run: " + error.message;
      } finally {
        button.disabled = false;
      }
    });
    return [button, output];
  }

  function addTryIt(blocks) {
    const codes = blocks.map((block) => codeOf(block.querySelector("code").textContent));
    blocks.forEach((block, index) => {
      const open = element("button", { type: "button", className: "md-button rb-tryit-open" },
                           "Try it: edit and run this example");
      const box = element("div", { className: "rb-tryit" });
      box.hidden = true;
      const editor = element("textarea", { className: "rb-tryit-code", spellcheck: false });
      editor.value = codes[index];
      editor.rows = Math.min(Math.max(codes[index].split("\n").length + 1, 3), 20);
      const [run, output] = runner("Run", () => [codes.slice(0, index), editor.value]);
      box.append(editor, run, output);
      open.addEventListener("click", () => { box.hidden = !box.hidden; });
      block.after(open, box);
    });
  }

  function grades(text) {
    return text.trim().split(/[\s,]+/).filter(Boolean);
  }

  function addVerifyBox(article, after) {
    const box = element("details", { className: "rb-verify" });
    box.append(element("summary", {}, "Verify your hand calculation"));
    box.append(element("p", {}, "Type the grades of one ranked list, rank 1 first (- for an " +
      "unjudged document), R (the relevant documents of the query) and a rank k: you get " +
      "every running value, and the formulas at rank k with the numbers substituted, as " +
      "`rankbook explain` prints them."));
    const field = (label, name, value, size) => {
      const input = element("input", { type: "text", name, value, size });
      const wrap = element("label", { className: "rb-verify-field" }, label + " ");
      wrap.append(input);
      box.append(wrap);
      return input;
    };
    const list = field("Grades", "grades", "1 0 1 1 0 1 0 0", 24);
    const relevant = field("R", "relevant", "4", 4);
    const at = field("k", "at", "5", 4);
    const [run, output] = runner("Explain", () => {
      const argv = ["explain", ...grades(list.value)];
      if (relevant.value.trim()) argv.push("--relevant", relevant.value.trim());
      if (at.value.trim()) argv.push("--at", at.value.trim());
      return [[], "from rankbook.cli import main\nstatus = main(" + JSON.stringify(argv) + ")"];
    });
    box.append(run, output);
    if (after) after.after(box); else article.append(box);
  }

  function start() {
    const path = location.pathname;
    const metric = /\/metrics\/[^/]+\/$/.test(path);
    if (!metric && !/\/aggregation\/[^/]+\//.test(path)) return;
    const article = document.querySelector("article.md-content__inner");
    if (!article || !scriptUrl) return;
    // The ```pycon examples: highlighted blocks whose code starts at a ">>>" prompt.
    const blocks = [...article.querySelectorAll("div.highlight")].filter((block) => {
      const code = block.querySelector("code");
      return code && code.textContent.startsWith(">>>");
    });
    addTryIt(blocks);
    if (metric) {
      const worked = document.getElementById("worked-example");
      const first = blocks.find((block) => worked &&
        (worked.compareDocumentPosition(block) & Node.DOCUMENT_POSITION_FOLLOWING));
      addVerifyBox(article, first ? first.nextElementSibling.nextElementSibling : null);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
