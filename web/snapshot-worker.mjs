// Makes the warm-start snapshot of this version of the site (issue 23; pyodide-env.mjs starts from it): a
// Pyodide of its own, started for snapshotting, with the pure-Python wheels loaded and the standard modules the
// game imports imported (never pydantic-core's native module: a snapshot cannot hold a loaded shared library).
// Kept in the Cache Storage under the site's version with its SHA-256; snapshots of other versions are dropped.
// boot.js starts this worker 10 s after a return visit is ready, when the page is idle, unless the page started
// from a kept snapshot.
//
// Messages out: {type: "made", bytes, ms} | {type: "kept"} (already there) | {type: "failed", message}
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { ENV, INDEX_URL, STDLIB_URL, SNAPSHOTS, SNAPSHOT_IMPORTS, SNAPSHOT_WHEELS, sha256, siteVersion, snapshotKey } from "./pyodide-env.mjs";

async function make() {
  const t0 = performance.now();
  const key = snapshotKey(await siteVersion());
  const cache = await caches.open(SNAPSHOTS);
  if (await cache.match(key)) return { type: "kept" };
  // the game's standard library, as the page that starts from the snapshot has it (no rest finder: see installRest)
  const py = await loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, env: ENV, _makeSnapshot: true });
  const errors = [];
  await py.loadPackage(SNAPSHOT_WHEELS, { messageCallback: () => {}, errorCallback: (m) => errors.push(String(m)) });
  if (errors.length) throw new Error(errors.join("; "));
  py.runPython(SNAPSHOT_IMPORTS);
  // The package loader's record must be empty to make a snapshot; the wheels' files are not in it either
  // (the file system lives outside the memory), so the page loads them again after starting from it.
  for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
  const bytes = py.makeMemorySnapshot();
  for (const old of await cache.keys()) await cache.delete(old);
  await cache.put(key, new Response(bytes, { headers: { "x-sha256": await sha256(bytes) } }));
  return { type: "made", bytes: bytes.length, ms: Math.round(performance.now() - t0) };
}

make().then((msg) => self.postMessage(msg),
  (err) => self.postMessage({ type: "failed", message: String(err?.message || err).slice(-400) }));
