// Loads the shipped Pyodide with a fixed string-hash seed, so that every page load runs the engine's Python
// exactly alike (iteration order of sets of strings included). PyScript's config names this module as the
// interpreter; it passes options through and adds the seed. Pyodide itself lives in ./pyodide/.
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

export function loadPyodide(options = {}) {
  return load({
    ...options,
    indexURL: new URL("./pyodide/", import.meta.url).href,
    env: { PYTHONHASHSEED: "0", ...(options.env || {}) },
  });
}
