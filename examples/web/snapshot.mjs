// Make a memory snapshot of Pyodide with rummylib already imported, so that a page starts in a
// fraction of the time it takes to boot Python and import the library (seconds on a slow machine).
//
//   node examples/web/snapshot.mjs RUNTIME_DIR OUTPUT.bin.gz WHEEL... [--referee referee.py]
//
// RUNTIME_DIR holds the files of the `pyodide` npm package; the wheels (attrs, rummylib) are
// unpacked into the interpreter's site-packages, rummylib's modules are imported, referee.py (if
// given) is loaded as worker.mjs loads it and judges its sample tables (whatever they import is
// then imported; the page then finds the referee loaded, when its source is the same), and the
// interpreter's memory is written gzipped to OUTPUT. worker.mjs restores it with loadPyodide's
// `_loadSnapshot` option (a private option of Pyodide, tied to the exact runtime version: make the
// snapshot again for every new runtime or rummylib), and falls back to a normal start if it fails.
// The documentation build runs this script when Node.js is installed.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const refereeAt = args.indexOf("--referee");
const referee = refereeAt >= 0 ? args.splice(refereeAt, 2)[1] : null;
const [runtime, output, ...wheels] = args;
if (!runtime || !output || wheels.length === 0) {
  console.error("usage: node snapshot.mjs RUNTIME_DIR OUTPUT.bin.gz WHEEL... [--referee referee.py]");
  process.exit(2);
}

// Run referee.py as the module rummylib_web_referee, unless that module (restored from a snapshot)
// was made from the very same source; either way, return its judge function.
const LOAD_REFEREE = `
import sys, types
_module = sys.modules.get("rummylib_web_referee")
if getattr(_module, "__source__", None) != _referee_source:
    _module = types.ModuleType("rummylib_web_referee")
    _module.__file__ = "referee.py"
    _module.__source__ = _referee_source
    exec(compile(_referee_source, "referee.py", "exec"), _module.__dict__)
    sys.modules[_module.__name__] = _module
del _referee_source
_module.judge
`;

const started = performance.now();
const indexURL = path.resolve(runtime) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
// The program name a browser has, not this script's path (it would be in sys.executable and os.environ).
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, _sysExecutable: "./this.program" });
const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
}
pyodide.runPython(`
import json
import rummylib
import rummylib.contracts
import rummylib.rummikub
import rummylib.svg
`);
if (referee) {
  // As worker.mjs loads it (the same module name and source check), so that the page finds it loaded.
  pyodide.globals.set("_referee_source", fs.readFileSync(referee, "utf8"));
  pyodide.runPython(LOAD_REFEREE).destroy();
  // Judge the referee's samples (every game family): whatever they import is in the snapshot.
  const first = pyodide.runPython(`
import json
_referee = sys.modules["rummylib_web_referee"]
_verdicts = [json.loads(_referee.judge(json.dumps(s)))["verdict"] for s in _referee.SAMPLES]
del _referee
_verdicts.pop(0)
`);
  if (first !== "legal") throw new Error("the first sample turn should be legal");
  pyodide.runPython("del _verdicts");
}
pyodide.runPython("import gc; gc.collect()"); // no garbage in the snapshot, none for the page to collect
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(output, gzipSync(snapshot, { level: 6 }));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${output}: ${snapshot.length} bytes of memory, ${fs.statSync(output).size} gzipped, in ${seconds} s`);
