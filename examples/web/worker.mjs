// A module Web Worker that runs rummylib in Pyodide and judges tables for the page that started it.
//
// The page talks to it through rummylib.mjs (startReferee). Messages:
//   page -> worker  {type: "start", bundle: "<absolute URL of bundle.json>"}
//   worker -> page  {type: "ready", ms: {runtime, python, started}}   or   {type: "failed", message}
//                   (started: "snapshot" or "booted")
//   page -> worker  {type: "check", id, request: {rules, before, rack, after, opened, round}}
//   worker -> page  {type: "verdict", id, answer, ms}        (answer: see referee.py)
//
// bundle.json (written by the documentation build next to the runtime) names the Pyodide runtime
// directory, the wheels to install (attrs and rummylib), referee.py and, when the site has one, a
// memory snapshot of Pyodide with rummylib imported (made by snapshot.mjs), all relative to itself.
// Nothing is fetched from anywhere else.

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

let judge = null;
let installLater = null;
let idle = null;

// Unpack the wheels once the player has paused (no check for a second and a half), so that the
// unpacking never delays the verdict on an edit.
function whenIdle() {
  clearTimeout(idle);
  idle = setTimeout(async () => {
    const install = installLater;
    installLater = null;
    try {
      if (install) await install();
    } catch (error) {
      console.warn(`rummylib: the wheels could not be unpacked (${error})`);
    }
  }, 1500);
}

// The snapshot is served gzipped (a quarter of its size) and unpacked here; a server that already
// sent it with Content-Encoding: gzip hands over the raw bytes, which are used as they are.
async function gunzip(bytes) {
  const head = new Uint8Array(bytes, 0, 2);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new Uint8Array(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function start(bundleURL) {
  const t0 = performance.now();
  const bundle = await (await fetch(bundleURL)).json();
  if (!bundle.bundled) {
    throw new Error(`the Python runtime was not bundled with this site: ${bundle.reason}`);
  }
  const at = (path) => new URL(path, bundleURL).href;
  const fetchBytes = async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  };
  // Fetch the wheels and the referee while the runtime starts.
  const wheels = Promise.all(bundle.wheels.map((w) => fetchBytes(at(w))));
  const referee = fetch(at(bundle.referee)).then((r) => r.text());
  const snapshot = bundle.snapshot ? fetchBytes(at(bundle.snapshot)).then(gunzip) : null;
  snapshot?.catch(() => {}); // a snapshot that cannot be fetched is handled below: Python boots instead
  const runtimeURL = at(bundle.runtime);
  const { loadPyodide } = await import(runtimeURL + "pyodide.mjs");
  let pyodide = null;
  let started = "booted";
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ indexURL: runtimeURL, _loadSnapshot: snapshot });
      started = "snapshot";
    } catch (error) {
      console.warn(`rummylib: the Pyodide snapshot could not be restored, starting afresh (${error})`);
    }
  }
  pyodide ??= await loadPyodide({ indexURL: runtimeURL });
  const t1 = performance.now();
  // From a snapshot, rummylib's modules are already imported: its files are only needed for a
  // module imported later, so they are unpacked when the page is idle (see whenIdle).
  const unpack = async () => {
    const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    for (const wheel of await wheels) pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
  };
  if (started === "snapshot") installLater = unpack;
  else await unpack();
  pyodide.globals.set("_referee_source", await referee);
  judge = pyodide.runPython(LOAD_REFEREE);
  // What start-up made lives as long as the page: keep it out of the collector's way, so that
  // collections during checks stay short.
  pyodide.runPython("import gc; gc.freeze()"); // cheap: a snapshot was collected when it was made
  return { runtime: t1 - t0, python: performance.now() - t1, started };
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "start") {
    try {
      self.postMessage({ type: "ready", ms: await start(message.bundle) });
    } catch (error) {
      self.postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
    }
  } else if (message.type === "check") {
    const t = performance.now();
    try {
      const answer = JSON.parse(judge(JSON.stringify(message.request)));
      self.postMessage({ type: "verdict", id: message.id, answer, ms: performance.now() - t });
      if (installLater) whenIdle();
    } catch (error) {
      self.postMessage({ type: "verdict", id: message.id, error: String(error), ms: performance.now() - t });
    }
  }
};
