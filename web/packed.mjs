// The files of a first open, packed (issue 42: bytes of a first visit). Imported for its effect: the page's
// `fetch` (on the game page and in its workers, through pyodide-env.mjs; on the lab's page, lab.js) unpacks them.
import { Decompress, decompress } from "./fzstd.mjs";

const INDEX_URL = new URL("./pyodide/", import.meta.url).href;

/** The files build.py also writes Zstandard-compressed beside themselves, as `<file>.zst` (build.py's ZSTD_ARGS):
 * a static host sends those as they are, where it sends the WebAssembly gzipped (3.55 MB against 2.91) and the
 * zips as they are (4.54 MB deflated against 3.37 packed). */
const PACKED = new Set("__PACKED__".split(" ").map((name) => new URL(name, INDEX_URL).href));
const TYPES = { wasm: "application/wasm", whl: "application/zip", zip: "application/zip" };

/**
 * `fetch` for the page and its workers (installed below): a packed file is fetched as its `.zst` and unpacked
 * here, unless the service worker keeps it (unpacked: sw.js), so that only a first visit unpacks; anything
 * else, or a packed copy the host does not have, goes to `inner` as asked. The WebAssembly is unpacked as it
 * comes, so that it compiles as it downloads; the others whole, and checked against the integrity the
 * loader asks for (a wheel's sha256 in pyodide-lock.json, that of the stored zip).
 */
function packedFetch(inner) {
  return async (input, init) => {
    const url = String(input?.url ?? input);
    if (!PACKED.has(url) || await kept(url)) return inner(input, init);
    const res = await inner(`${url}.zst`, { credentials: "same-origin" });
    if (!res.ok) return inner(input, init);
    return unpacked(res, url, init?.integrity);
  };
}

async function kept(url) {
  try {
    return Boolean(globalThis.caches && await caches.match(url));
  } catch {
    return false;
  }
}

/** Whether bytes begin as a Zstandard frame: a host that sends the packed copy with a Content-Encoding of its
 * own (say zstd for `.zst`) has it unpacked by the browser already, and then it is the file itself. */
const isPacked = (b) => b[0] === 0x28 && b[1] === 0xb5 && b[2] === 0x2f && b[3] === 0xfd;

async function unpacked(res, url, integrity) {
  const headers = { "Content-Type": TYPES[url.split(".").pop()] ?? "application/octet-stream" };
  if (url.endsWith(".wasm")) {
    const unzstd = new Decompress();
    let packed;  // known from the first bytes
    const body = res.body.pipeThrough(new TransformStream({
      start(out) { unzstd.ondata = (chunk) => { if (chunk.length) out.enqueue(chunk.slice()); }; },
      transform(chunk, out) {
        packed ??= isPacked(chunk);
        if (packed) unzstd.push(chunk);
        else out.enqueue(chunk);
      },
      flush() { if (packed) unzstd.push(new Uint8Array(0), true); },
    }));
    return new Response(body, { headers });
  }
  const got = new Uint8Array(await res.arrayBuffer());
  const bytes = isPacked(got) ? decompress(got) : got;
  const [algo, want] = String(integrity || "").split("-");
  if (algo === "sha256" && globalThis.crypto?.subtle) {
    const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))));
    if (digest !== want) throw new TypeError(`${url}: the unpacked file is not the one the loader expects`);
  }
  return new Response(bytes, { headers });
}

globalThis.fetch = packedFetch(globalThis.fetch.bind(globalThis));
