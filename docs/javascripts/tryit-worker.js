// The "Try it" cells' Python: Pyodide in a Web Worker (module worker), started by the first
// message. Every file comes from the site's own pyodide/ folder (docs/hooks/pyodide.py).
//
// Message in:  {id, setup: [code, ...], code}    (setup: the page's earlier examples, run silently)
// Messages out: {id, type: "progress", text}, {id, type: "result", output},
//               {id, type: "error", text}
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

// A fresh namespace per run; each statement as in the interactive prompt (an expression's
// repr is printed, None is not), so the output reads as the page's static example.
const RUNNER = `
import ast, contextlib, io, traceback

LAZY = {"pandas", "scipy", "matplotlib"}   # imported inside rankbook's functions

class NeedsPackage(Exception):
    pass

def _run(code, namespace):
    tree = ast.parse(code, "<cell>", "exec")
    for node in tree.body:
        if isinstance(node, ast.Expr):
            value = eval(compile(ast.Expression(node.value), "<cell>", "eval"), namespace)
            if value is not None:
                print(repr(value))
        else:
            exec(compile(ast.Module([node], []), "<cell>", "exec"), namespace)

def run_cell(setup, code):
    namespace = {"__name__": "__main__"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            for earlier in setup:
                with contextlib.redirect_stdout(io.StringIO()):
                    _run(earlier, namespace)
            _run(code, namespace)
        except ModuleNotFoundError as error:
            if error.name in LAZY:
                raise NeedsPackage(error.name)
            traceback.print_exc(limit=0)
        except SystemExit:
            pass
        except Exception as error:
            print("Traceback (most recent call last):")
            print(f"{type(error).__name__}: {error}")
    return out.getvalue()
`;

let ready = null;

async function boot(progress) {
  progress("Loading Python (Pyodide 0.27.7, about 10 MB) ...");
  const { loadPyodide } = await import(INDEX_URL + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: INDEX_URL });
  progress("Loading numpy ...");
  await pyodide.loadPackage(["numpy"], { messageCallback: () => {} });
  progress("Installing rankbook ...");
  const response = await fetch(INDEX_URL + "rankbook.zip");
  pyodide.unpackArchive(await response.arrayBuffer(), "zip",
                        { extractDir: "/lib/python3.12/site-packages" });
  pyodide.runPython(RUNNER);
  return pyodide;
}

async function run(pyodide, setup, code, progress) {
  const runCell = pyodide.globals.get("run_cell");
  for (;;) {
    try {
      return runCell(pyodide.toPy(setup), code);
    } catch (error) {
      const missing = /NeedsPackage: (\w+)/.exec(String(error.message));
      if (!missing) throw error;
      progress(`Loading ${missing[1]} ...`);
      await pyodide.loadPackage([missing[1]], { messageCallback: () => {} });
    }
  }
}

self.onmessage = async (event) => {
  const { id, setup, code } = event.data;
  const progress = (text) => self.postMessage({ id, type: "progress", text });
  try {
    ready ??= boot(progress);
    const pyodide = await ready;
    progress("Running ...");
    const output = await run(pyodide, setup ?? [], code, progress);
    self.postMessage({ id, type: "result", output });
  } catch (error) {
    self.postMessage({ id, type: "error", text: String(error.message ?? error) });
  }
};
