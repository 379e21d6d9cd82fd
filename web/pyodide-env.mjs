// Loads the shipped Pyodide with a fixed string-hash seed, so that every page load runs the engine's Python
// exactly alike (iteration order of sets of strings included). PyScript's config names this module as the
// interpreter; it passes options through and adds the seed. Pyodide itself lives in ./pyodide/.
//
// On the page, the game's wheels start loading as soon as the runtime is up, while PyScript makes its own
// start (about half a second): main.py's loadPackage then finds them loaded or on the way (Pyodide loads each
// package once; a package that failed here is tried again there, and its error shown).
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

export const PACKAGES = ["imperial-core", "imperial-page"];

export async function loadPyodide(options = {}) {
  const py = await load({
    ...options,
    indexURL: new URL("./pyodide/", import.meta.url).href,
    env: { PYTHONHASHSEED: "0", ...(options.env || {}) },
  });
  if (globalThis.document) {
    performance.mark("imperial:packages:early");
    py.loadPackage(PACKAGES, { messageCallback: () => {}, errorCallback: () => {} }).catch(() => {});
  }
  return py;
}
