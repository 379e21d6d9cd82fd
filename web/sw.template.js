// Service worker: precaches the whole site so the game works offline after one visit.
// build.py writes the site's content hash into VERSION, so every build installs a fresh cache.
// A new version waits for the player's go-ahead (boot.js shows the prompt), then replaces the old cache.
// The Python lab's own files (LAB: lab.html, PyScript) are kept only once the lab has been opened (lab.js asks),
// so that the game's first visit downloads nothing of the lab; a new version keeps them again if the old one had.
// The interpreter's WebAssembly, the game's standard library and the wheels are on the server packed too
// (`<file>.zst`, build.py's pack; a first visit's page unpacks them, pyodide-env.mjs): they are fetched packed
// and kept unpacked, under their own names, so that no later start unpacks them.
importScripts("./fzstd.js");
const VERSION = "__VERSION__";
const CACHE = `imperial-${VERSION}`;
const PRECACHE = __PRECACHE__;
const PACKED = __PACKED__;
const LAB = __LAB__;
const TYPES = { wasm: "application/wasm", whl: "application/zip", zip: "application/zip" };

// A file of the site as the server has it now: cache "no-cache" asks the server every time, so a new build never
// mixes with old files, and a file the page has just downloaded (a first visit) comes back as "304 Not
// Modified" from the HTTP cache instead of being downloaded a second time.
const current = (url) => new Request(url, { cache: "no-cache" });

// the lab's files missing from the cache
async function keepLab(cache) {
  const missing = [];
  for (const url of LAB) if (!(await cache.match(url))) missing.push(current(url));
  await cache.addAll(missing);
}

// a packed file, fetched as its packed copy and kept unpacked
async function keepUnpacked(cache, url) {
  const res = await fetch(current(`${url}.zst`));
  if (!res.ok) throw new Error(`${url}.zst: HTTP ${res.status}`);
  const got = new Uint8Array(await res.arrayBuffer());
  // (a host that sent it with a Content-Encoding of its own had it unpacked by the browser: packed.mjs)
  const packed = got[0] === 0x28 && got[1] === 0xb5 && got[2] === 0x2f && got[3] === 0xfd;
  const bytes = packed ? self.fzstd.decompress(got) : got;
  const type = TYPES[url.split(".").pop()] ?? "application/octet-stream";
  await cache.put(url, new Response(bytes, { headers: { "Content-Type": type } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE.filter((url) => !PACKED.includes(url)).map(current));
    await Promise.all(PACKED.filter((url) => PRECACHE.includes(url)).map((url) => keepUnpacked(cache, url)));
    // an older version had kept the lab: this one keeps it too (its own files, which may have changed)
    // (this new cache has no lab.html yet: a match is an older version's)
    if (await caches.match("./lab.html")) await keepLab(cache);
    // The first version takes over at once.  A newer one waits until the player says so (the page shows
    // "A new version is ready"), so a game is never switched to other code in the middle of a move.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "imperial:update") self.skipWaiting();
  if (event.data === "imperial:lab") {
    // the lab was opened: keep its files, then say so to the page that asked
    event.waitUntil((async () => {
      let answer = "imperial:lab-kept";
      try {
        await keepLab(await caches.open(CACHE));
      } catch (err) {
        answer = "imperial:lab-not-kept";
      }
      event.source?.postMessage(answer);
    })());
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("imperial-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(req, { ignoreSearch: true });
    if (hit) return hit;
    if (req.mode === "navigate") {
      const page = await cache.match("./index.html");
      try {
        return await fetch(req);
      } catch (err) {
        if (page) return page;
        throw err;
      }
    }
    return fetch(req);
  })());
});
