// `make test-pyodide`: rankbook's wheel installed into Pyodide (32-bit WebAssembly numpy) under
// Node, then the doctests of rankbook.io, .evaluation, .aggregate and .stats
// (scripts/pyodide_doctests.py). Exit 1 on any failing example, 2 when Pyodide cannot start.
//
//   node scripts/pyodide_doctests.mjs PYODIDE_DIR WHEEL
//
// PYODIDE_DIR is `make pyodide`'s verified cache; every package file is read from it, nothing
// is fetched. scipy is loaded by name: rankbook imports it inside functions, where Pyodide's
// import scanner does not look.
import { readFileSync } from "node:fs";
import { resolve, basename } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, wheel] = process.argv.slice(2);
if (!dir || !wheel) {
  console.error("usage: node scripts/pyodide_doctests.mjs PYODIDE_DIR WHEEL");
  process.exit(2);
}
const indexURL = resolve(dir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1) + " s";
const pyodide = await loadPyodide({ indexURL, stdout: console.log, stderr: console.error });
console.log(`Pyodide ${pyodide.version} started in ${seconds()}`);
await pyodide.loadPackage(["numpy", "scipy", "pandas", "matplotlib"], { messageCallback: () => {} });
console.log(`numpy, scipy, pandas, matplotlib loaded at ${seconds()}`);
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
console.log(`installed ${basename(wheel)}`);
pyodide.FS.writeFile("/tmp/pyodide_doctests.py",
  readFileSync(new URL("./pyodide_doctests.py", import.meta.url)));
let code;
try {
  code = pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp")
import matplotlib
matplotlib.use("Agg")
import pyodide_doctests
pyodide_doctests.main()
`);
} catch (error) {          // one message, not Pyodide's minified source
  console.error(String(error.message ?? error));
  process.exit(2);
}
console.log(`done at ${seconds()}`);
process.exit(code);
