// Starts the game's Python on the page: the shipped Pyodide (pyodide-env.mjs: a fixed string-hash seed, the
// warm-start snapshot) with the game's wheels loading while the interpreter starts, then the page glue,
// main.py (fetched meanwhile), on the main thread. A failure here is shown on the page (imperialBoot.fail).
import { t } from "./lang.js";
import { INDEX_URL, STDLIB_URL, loadPyodide } from "./pyodide-env.mjs";

/** The interpreter's WebAssembly: its URL and its size (written in by build.py). */
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const WASM_BYTES = Number("__WASM_BYTES__");
/** How much of the WebAssembly may still be on its way when the wheels' downloads begin: the page is busy
 * starting the interpreter once it has all of it, and could not ask for them until it is done. */
const WASM_TAIL = 0.05;

/**
 * On a first visit (no service worker serves the site yet) the network is what a phone waits for (issue 42: a
 * phone's first open of a link). The interpreter's WebAssembly and standard library are asked for at once,
 * before the page's other scripts run and Pyodide's own loader gets that far, and handed to the loader when
 * it asks for them; and they come before the wheels, so that the interpreter compiles and starts while the
 * wheels download instead of every file sharing the line until the last. Each wheel's request is held until the
 * standard library has arrived and the WebAssembly all but its last twentieth (a copy of each response is read
 * as it comes), and no longer; the page's fetch is given back once Python has started. Returns the function
 * that gives it back.
 */
function runtimeFirst() {
  if (navigator.serviceWorker?.controller) return () => {};
  const fetchNow = globalThis.fetch;
  let left = 2;
  let release;
  const arrived = new Promise((resolve) => (release = resolve));
  const done = () => --left || release();
  // arrived (or nearly), or failed: either way the wheels need not wait for it any longer
  const wasm = fetchNow(WASM_URL, { credentials: "same-origin" });
  wasm.then((res) => nearlyRead(res.clone())).catch(() => {}).then(done);
  const stdlib = fetchNow(STDLIB_URL);
  stdlib.then((res) => res.clone().arrayBuffer()).catch(() => {}).then(done);
  const early = new Map([[WASM_URL, wasm], [STDLIB_URL, stdlib]]);
  globalThis.fetch = (input, init) => {
    const url = String(input?.url ?? input);
    if (url.endsWith(".whl")) return arrived.then(() => fetchNow(input, init));
    const answer = early.get(url);  // once: a second request (say, a retry) goes to the network
    early.delete(url);
    return answer ?? fetchNow(input, init);
  };
  return () => {
    release();
    globalThis.fetch = fetchNow;
  };
}

/** Resolves once all but WASM_TAIL of the WebAssembly's bytes have come (or the body ends). */
async function nearlyRead(res) {
  const reader = res.body.getReader();
  const enough = WASM_BYTES > 0 ? WASM_BYTES * (1 - WASM_TAIL) : Infinity;
  for (let got = 0; got < enough;) {
    const { done, value } = await reader.read();
    if (done) return;
    got += value.byteLength;
  }
  reader.cancel().catch(() => {});
}

async function start() {
  performance.mark("imperial:start");
  const glue = fetch(new URL("./main.py", import.meta.url)).then((res) => {
    if (!res.ok) throw new Error(`main.py: HTTP ${res.status}`);
    return res.text();
  });
  // a wheel that fails here is tried again by main.py, which shows the error
  const giveBack = runtimeFirst();
  let py;
  try {
    py = await loadPyodide({ packages: ["imperial-core", "imperial-page"] });
  } finally {
    giveBack();
  }
  await py.runPythonAsync(await glue, { filename: "main.py" });
}

start().catch((err) => {
  console.error(err);
  window.imperialBoot?.fail(t("page.l.could_not", { reason: err?.message || err }), err?.stack);
});
