// "Try it" on the metric and aggregation pages (loaded only when the site carries the
// in-browser runtime: docs/hooks/pyodide.py). Each ```pycon example gets a button that opens an
// editable copy of its code; Run executes it with rankbook in a Web Worker (tryit-worker.js),
// the page's earlier examples first (their names, such as `rb` or `seed`, are then defined),
// and prints what the static page prints. A metric page also gets a "Verify your hand
// calculation" box for its own metric, from the spec docs/hooks/verify.py puts in the page:
// the grades and exactly the inputs that metric takes in, `rankbook explain --metric`'s table,
// formulas and notes out.
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

  // A Run button and an output box; run() returns the code to execute and its setup. The box
  // holds what Python printed: long lines wrap (formulas, notes, tracebacks); with `split`, a
  // leading table (the lines up to the first blank one) keeps its columns and scrolls instead.
  function runner(label, run, split) {
    const button = element("button", { type: "button", className: "md-button rb-tryit-run" }, label);
    const output = element("div", { className: "rb-tryit-output" });
    output.hidden = true;
    const show = (text) => {
      const cut = split ? text.indexOf("\n\n") : -1;
      const parts = cut > 0 ? [["rb-output-table", text.slice(0, cut + 1)],
                               ["rb-output-text", text.slice(cut + 2)]]
                            : [["rb-output-text", text]];
      output.replaceChildren(...parts.map(([className, part]) => element("pre", { className }, part)));
    };
    button.addEventListener("click", async () => {
      button.disabled = true;
      output.hidden = false;
      output.classList.remove("rb-tryit-failed");
      show("Starting ...");
      try {
        const [setup, code] = run();
        const started = performance.now();
        const text = await python(setup, code, show);
        show(text || "(no output)");
        output.dataset.seconds = ((performance.now() - started) / 1000).toFixed(1);
      } catch (error) {
        output.classList.add("rb-tryit-failed");
        show("Could not run: " + error.message);
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

  // What a field of each kind takes, shown in the empty field.
  const PLACEHOLDERS = { grades: "e.g. 2 2 1 0", floats: "e.g. 1 -1 0 0", gain_map: "e.g. 1=3 2=9",
                         subtopics: "e.g. a,b - c a", int: "", float: "" };

  // The words of a field: a comma separates like a space, except in subtopic tokens (a,b is
  // one document relevant to a and b).
  function words(text, kind) {
    return text.trim().split(kind === "subtopics" ? /\s+/ : /[\s,]+/).filter(Boolean);
  }
  const MANY = ["grades", "floats", "gain_map", "subtopics"];

  // The box of one metric (docs/hooks/verify.py writes its spec): the grades, the options the
  // metric's function takes, the rank k; buttons that load the page's examples; Explain runs
  // `rankbook explain GRADES --metric NAME ... --at K` and prints its table, formulas and notes.
  function addVerifyBox(holder) {
    const spec = JSON.parse(holder.dataset.spec);
    const box = element("details", { className: "rb-verify" });
    box.dataset.metric = spec.metric;
    box.append(element("summary", {}, "Verify your hand calculation: " + spec.explained));
    const asked = spec.fields.map((field) => field.label).join(", ");
    const subtopics = spec.input === "subtopics";
    box.append(element("p", {}, (subtopics ? "Type the subtopics of each document of one ranked " +
      "list, rank 1 first, one token each (a,b: relevant to a and b; a:2: grade 2; -: none)"
      : "Type the grades of one ranked list, rank 1 first (- for an unjudged document)") + (asked ? ", and what " + spec.explained + " needs (" + asked +
      "; leave a field empty and the tool says what it assumed)" : "") + ". You get every " +
      "running value, and the formula at rank k with the numbers substituted."));
    const inputs = {};
    const fields = element("div", { className: "rb-verify-fields" });
    const field = (label, name, title, choices, kind) => {
      const wide = name === "grades" || MANY.includes(kind);
      const input = choices && choices.length
        ? element("select", { name })
        : element("input", { type: "text", name, size: wide ? 24 : 6,
                             placeholder: PLACEHOLDERS[kind] || "" });
      if (choices && choices.length) {
        input.append(element("option", { value: "" }, "(default)"));
        for (const choice of choices) input.append(element("option", { value: choice }, choice));
      }
      const wrap = element("label", { className: "rb-verify-field", title }, label + " ");
      wrap.append(input);
      fields.append(wrap);
      inputs[name] = input;
    };
    if (subtopics) field("Subtopics", "grades", "each document's subtopics, rank 1 first", null,
                         "subtopics");
    else field("Grades", "grades", "the grades of the ranked list, rank 1 first");
    for (const option of spec.fields) {
      field(option.label, option.name, option.help, option.choices, option.kind);
    }
    field("k", "at", "the rank to show the formula at (default: the whole list)");
    const load = (example) => {
      for (const [name, input] of Object.entries(inputs)) {
        input.value = name === "grades" ? example.grades : name === "at" ? example.at
          : (example.options[name] || "");
      }
    };
    const examples = element("p", { className: "rb-verify-examples" }, "Load ");
    spec.examples.forEach((example, index) => {
      const button = element("button", { type: "button", className: "rb-verify-load" },
                             example.label);
      button.addEventListener("click", () => load(example));
      if (index) examples.append(" or ");
      examples.append(button);
    });
    box.append(examples, fields);
    load(spec.examples[0]);
    const [run, output] = runner("Explain", () => {
      const argv = ["explain", ...words(inputs.grades.value, subtopics ? "subtopics" : "grades"),
                    "--metric", spec.metric];
      for (const option of spec.fields) {
        const value = inputs[option.name].value.trim();
        if (value) argv.push(option.flag, ...(MANY.includes(option.kind) ? words(value, option.kind)
                                                                          : [value]));
      }
      if (inputs.at.value.trim()) argv.push("--at", inputs.at.value.trim());
      return [[], "from rankbook.cli import main\nstatus = main(" + JSON.stringify(argv) + ")"];
    }, true);
    box.append(run, output);
    holder.replaceWith(box);
  }

  // The browser test builds other pages' boxes in a page whose Python is already running.
  window.rbAddVerifyBox = addVerifyBox;

  function start() {
    const article = document.querySelector("article.md-content__inner");
    if (!article || !scriptUrl) return;
    article.querySelectorAll("div.rb-verify-spec").forEach(addVerifyBox);
    if (!/\/(metrics|aggregation|online)\/[^/]+\/$/.test(location.pathname)) return;
    // The ```pycon examples: highlighted blocks whose code starts at a ">>>" prompt.
    const blocks = [...article.querySelectorAll("div.highlight")].filter((block) => {
      const code = block.querySelector("code");
      return code && code.textContent.startsWith(">>>");
    });
    addTryIt(blocks);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
