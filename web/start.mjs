// Starts the game's Python on the page: the shipped Pyodide (pyodide-env.mjs: a fixed string-hash seed, the
// warm-start snapshot) with the game's wheels loading while the interpreter starts, then the page glue,
// main.py (fetched meanwhile), on the main thread. A failure here is shown on the page (imperialBoot.fail).
import { t } from "./lang.js";
import { loadPyodide } from "./pyodide-env.mjs";

async function start() {
  performance.mark("imperial:start");
  const glue = fetch(new URL("./main.py", import.meta.url)).then((res) => {
    if (!res.ok) throw new Error(`main.py: HTTP ${res.status}`);
    return res.text();
  });
  // a wheel that fails here is tried again by main.py, which shows the error
  const py = await loadPyodide({ packages: ["imperial-core", "imperial-page"] });
  await py.runPythonAsync(await glue, { filename: "main.py" });
}

start().catch((err) => {
  console.error(err);
  window.imperialBoot?.fail(t("page.l.could_not", { reason: err?.message || err }), err?.stack);
});
