// Starts the game's Python on the page: the shipped Pyodide (pyodide-env.mjs: a fixed string-hash seed, the
// warm-start snapshot, the game's wheels loading early), then the page glue, main.py, on the main thread.
// main.py is fetched while Pyodide starts. A failure here is shown on the page by boot.js (imperialBoot.fail).
import { loadPyodide } from "./pyodide-env.mjs";

async function start() {
  performance.mark("imperial:start");
  const glue = fetch(new URL("./main.py", import.meta.url)).then((res) => {
    if (!res.ok) throw new Error(`main.py: HTTP ${res.status}`);
    return res.text();
  });
  // the game's wheels load while the interpreter starts (a wheel that fails here is tried again by main.py,
  // which shows the error)
  const py = await loadPyodide({ packages: ["imperial-core", "imperial-page"] });
  await py.runPythonAsync(await glue, { filename: "main.py" });
}

start().catch(async (err) => {
  console.error(err);
  const { t } = await import("./lang.js");  // not before: only Python's start is on the way to the first click
  window.imperialBoot?.fail(t("page.l.could_not", { reason: err?.message || err }), err?.stack);
});
