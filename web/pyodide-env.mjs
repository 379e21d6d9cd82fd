// Loads the shipped Pyodide with a fixed string-hash seed, so that every page load runs the engine's Python
// exactly alike (iteration order of sets of strings included). The page (start.mjs) and the workers start
// Python through this module; Pyodide itself lives in ./pyodide/.
//
// Warm starts (issue 23): after a first visit, snapshot-worker.mjs keeps a memory snapshot of a Pyodide that
// has started and imported the pure-Python wheels and the standard modules the game imports, in the Cache
// Storage under this version of the site. The page then starts from it instead of starting Python afresh.
// pydantic-core's native module cannot be in a snapshot (a restored instance lacks its functions), so the
// snapshot stops before it. Anything wrong (no snapshot, another version, a damaged one, a failed restore) and
// the page starts normally; a damaged or unusable snapshot is dropped.
//
// Bytes of a first visit (issue 42): Python starts on a standard library of only the modules the game imports
// (STDLIB_URL, made by build.py); a module it leaves out is read from the full one, fetched the first time such
// a module is asked for (imperial_stdlib.py in that zip, given fetchSync below). The interpreter's WebAssembly,
// that standard library and the wheels come packed (packed.mjs, which this module installs).
import "./packed.mjs";
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

/** The Cache Storage cache of the snapshots (one per version of the site). */
export const SNAPSHOTS = "imperial-snapshot";
/** What a snapshot holds: these wheels loaded and this Python run (no native module). */
export const SNAPSHOT_WHEELS = ["svgwrite", "typing-extensions", "annotated-types", "typing-inspection"];
export const SNAPSHOT_IMPORTS = `
import json, random, re, dataclasses, inspect, typing, enum, datetime, decimal, fractions, ipaddress, uuid, zoneinfo
import collections.abc, functools, itertools, operator, copy, warnings, weakref, types, math, base64, zlib, hashlib
import xml.etree.ElementTree, asyncio, traceback, time, string, textwrap, pkgutil, pathlib, os.path, secrets, hmac
import typing_extensions, annotated_types, typing_inspection.introspection, svgwrite
`;

export const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
export const ENV = { PYTHONHASHSEED: "0" };
/** The game's standard library (only the modules it imports), and the full one a rare import is read from. */
export const STDLIB_URL = new URL("./pyodide/python_stdlib_game.zip", import.meta.url).href;
export const FULL_STDLIB_URL = new URL("./pyodide/python_stdlib.zip", import.meta.url).href;


/** The bytes at `url`, fetched synchronously (an import cannot wait): binary as text on a page, where a
 * synchronous request cannot ask for an ArrayBuffer, and as an ArrayBuffer in a worker. */
export function fetchSync(url) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  const onPage = Boolean(globalThis.document);
  if (onPage) xhr.overrideMimeType("text/plain; charset=x-user-defined");
  else xhr.responseType = "arraybuffer";
  xhr.send();
  if (xhr.status !== 200) throw new Error(`${url}: HTTP ${xhr.status}`);
  if (!onPage) return new Uint8Array(xhr.response);
  const text = xhr.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** The rest of the standard library on demand, in a started Python (never in a snapshot: it holds a JS
 * function). */
export function installRest(py) {
  const fetchFull = (path) => py.FS.writeFile(path, fetchSync(FULL_STDLIB_URL));
  py.pyimport("imperial_stdlib").install(fetchFull);
}

/** The site's version (build-info.json, precached by the service worker): the snapshot's key. */
export async function siteVersion() {
  const res = await fetch(new URL("./build-info.json", import.meta.url));
  const info = await res.json();
  if (typeof info.version !== "string" || !info.version) throw new Error("no site version");
  return info.version;
}

export function snapshotKey(v) {
  return new URL(`./snapshot-${v}.bin`, import.meta.url).href;
}

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// the snapshot kept under `key`, checked against its digest; undefined when there is none
async function keptSnapshot(key) {
  const hit = await (await caches.open(SNAPSHOTS)).match(key);
  if (!hit) return undefined;
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (hit.headers.get("x-sha256") !== await sha256(bytes)) throw new Error("the kept snapshot is damaged");
  return bytes;
}

function note(state) {
  if (globalThis.document?.body) document.body.dataset.snapshot = state;
  performance.mark(`imperial:snapshot:${state}`);
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL, env: { ...ENV, ...(options.env || {}) } };
  let py;
  if (globalThis.document) {
    let key;
    try {
      // a first visit has no snapshot cache: it starts at once, without asking for the site's version
      const snapshot = globalThis.caches && globalThis.crypto?.subtle && await caches.has(SNAPSHOTS)
        ? await keptSnapshot((key = snapshotKey(await siteVersion()))) : undefined;
      if (snapshot) {
        py = await load({ ...settings, _loadSnapshot: snapshot });
        // the restored interpreter runs; its random generator is the one frozen in the snapshot, the same for
        // every start from it, so it is seeded afresh (new games' seeds, the tab's id for other tabs)
        py.runPython("import sys, svgwrite, typing_extensions, random; random.seed()");
        note("used");
      } else {
        note("none");
      }
    } catch (err) {
      py = undefined;
      note("failed");
      console.warn("started without the kept snapshot:", err?.message || err);
      // a damaged snapshot, or one that could not be started from, is dropped
      if (key) await caches.open(SNAPSHOTS).then((cache) => cache.delete(key)).catch(() => {});
    }
  }
  py ??= await load(settings);
  installRest(py);
  return py;
}
