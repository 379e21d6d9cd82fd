"""Time-to-ready of the game page versus a bare Pyodide boot, from the same dist/, in Debian's Chromium.

    .venv/bin/python bench/startup.py [--runs 5] [--dist DIR] [--against OTHER_DIST] [--no-link]
    .venv/bin/python bench/startup.py --bytes            # only the bytes of a first visit
    .venv/bin/python bench/startup.py --phone [--runs 3] [--against DIST] # only a phone's first open of a link, throttled

Bytes of a first visit (always printed first): a game link (``#g=``) opened in a fresh context, as a friend
opens it, with the site served as a static host serves it (text, JSON, SVG and WebAssembly gzipped when the
browser accepts it; zips and wheels as they are). The bytes sent per file until the page is ready, their total
against the target (<= 6 MB) and the ratio; then what the service worker's precache (for offline) adds.

--phone: the same first open with the network throttled over CDP (1.5 MB/s down, 40 ms latency) and the CPU
slowed 4x, beside a bare Pyodide boot of the same files (bench/bare.html: the runtime and the game's standard
library) under the same throttle; target <= 1.3x.

With --against, a second build (say the landed main's dist/) is loaded in the same runs, interleaved with
this one and the bare boot, and each run's ratio this / other is printed: a before/after pair that a busy
machine's drift hits alike.

Cold: a fresh browser context per load (empty HTTP cache, no service worker). Warm: a reload in the same
context once the service worker has precached the site. Again: one more reload after that (a site that keeps a
memory snapshot of Python for warm starts makes it after a return visit; the bench waits for it). Times are performance.now() at `data-ready`, i.e.
from navigation start. Prints medians, all samples, and the ratio page / bare (target <= 1.3).

Also, from the cold loads of the game page: the first paint of the start screen before Python (first
contentful paint, and the frame after boot.js has listed the saves; target <= 300 ms), with three saved games
in the browser; the page's own start of Python (start.mjs: the runtime is ready when main.py runs) against the
bare Pyodide boot;
and the imports (pydantic alone, the engine with its models' schemas, the page). A game link's board preview
is timed on its own load.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import io
import json
import statistics
import sys
import threading
import zipfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from build import DIST, SiteHandler  # noqa: E402

sys.path.insert(0, str(ROOT / "e2e"))
from benchlib import BROWSER  # noqa: E402
from conftest import CHROMIUM_ARGS  # noqa: E402

BARE = (Path(__file__).parent / "bare.html").read_bytes()


#: What a static host compresses (by file name ending); zips and wheels are sent as they are.
GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".py", ".webmanifest", ".txt")


class BenchHandler(SiteHandler):
    """The site as a static host serves it (gzip for what ``GZIPPED`` names, when the browser accepts it; an
    ETag, and 304 to a revalidation that names it), plus
    the bench's own pages (``pages``: path -> HTML): the bare-Pyodide baseline at /bench-bare.html. Every
    response's body bytes are added up per path in ``sent`` (reset by the bench)."""

    protocol_version = "HTTP/1.1"  # as static hosts answer (Chromium validates an ETag of HTTP/1.1 only)
    pages: dict[str, bytes] = {"/bench-bare.html": BARE}
    sent: dict[str, int] = {}
    lock = threading.Lock()
    _gzipped: dict[str, bytes] = {}

    _stdlibs: dict[str, bytes] = {}

    def deflated_stdlib(self) -> bytes:
        """The bare boot's standard library: the site's own game standard library as a deflated zip, as Pyodide
        ships its standard library (the site's is stored, to be sent packed: build.py's pack)."""
        with self.lock:
            if self.directory not in self._stdlibs:
                src = Path(self.directory) / "pyodide" / "python_stdlib_game.zip"
                out = io.BytesIO()
                with zipfile.ZipFile(src) as zi, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zo:
                    for info in zi.infolist():
                        data = zi.read(info)
                        info.compress_type = zipfile.ZIP_DEFLATED
                        zo.writestr(info, data, compresslevel=9)
                self._stdlibs[self.directory] = out.getvalue()
            return self._stdlibs[self.directory]

    def do_GET(self) -> None:
        path = self.path.split("?")[0].split("#")[0]
        page = self.pages.get(path)
        if page is not None:
            body, ctype = page, "text/html; charset=utf-8"
        elif path == "/bench-stdlib.zip":
            body, ctype = self.deflated_stdlib(), "application/zip"
            page = body  # the bench's own (no ETag), and a zip: sent as it is
        else:
            file = Path(self.translate_path(path))
            if file.is_dir():
                file = file / "index.html"
            if not file.is_file():
                self.send_error(404)
                return
            stat = file.stat()
            etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'
            if self.headers.get("If-None-Match") == etag:  # a revalidation (Cache-Control: no-cache)
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            body, ctype = file.read_bytes(), self.guess_type(str(file))
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        if page is None:
            self.send_header("ETag", etag)
        compressible = path.endswith(GZIPPED) or path.endswith("/")  # (the bench's pages are .html)
        if compressible and "gzip" in self.headers.get("Accept-Encoding", ""):
            key = f"{self.directory}{path}"
            with self.lock:
                if key not in self._gzipped:
                    self._gzipped[key] = gzip.compress(body, 6, mtime=0)
            body = self._gzipped[key]
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        with self.lock:
            self.sent[path] = self.sent.get(path, 0) + len(body)

    def handle(self) -> None:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # a context closed mid-download
            super().handle()


# the first time each mark was set (boot.ready() sets every stage's "done" again at the end)
STAGE_MARKS = """performance.getEntriesByType('mark').filter(m => m.name.startsWith('imperial:'))
    .reduce((o, m) => { const k = m.name.slice(9); if (!(k in o)) o[k] = Math.round(m.startTime); return o; }, {})"""


FCP = "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: -1}).startTime"


#: CPU-seconds of the page's renderer process until ready (Chromium's ``ProcessTime`` metric, before and after):
#: unlike the time to ready, a busy machine hardly moves it
CPU: dict[str, list[float]] = {}


def ready_ms(page, url: str | None, key: str = "") -> float:
    page.set_default_timeout(600_000)  # a busy machine: a load may take minutes
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def cpu() -> float:
        return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "ProcessTime")

    before = cpu()
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'", timeout=300_000)
    if key:
        CPU.setdefault(key, []).append(cpu() - before)
    cdp.detach()
    return float(page.evaluate("document.body.dataset.readyAt"))


def with_saves(ctx, count: int = 3) -> None:
    """Saved games in the browser before the page loads (the early screen lists them)."""
    import imperial_core as core

    saves = {}
    for i in range(count):
        state = core.new_game(["Ann", "Bob", "Cem"], seed=i + 1)
        saves[f"imperial.save.bench-{i}"] = core.save(state, meta={"id": f"bench-{i}", "saved": 1.7e9 + i})
    ctx.add_init_script(script="(saves => { if (location.pathname.endsWith('/')) for (const [k, v] of "
                        "Object.entries(saves)) localStorage.setItem(k, v); })(" + json.dumps(saves) + ")")


#: The first-visit target (issue 42): bytes on the wire until a link's game is ready.
TARGET_BYTES = 6_000_000
#: A phone on mobile data (CDP): 1.5 MB/s down, 40 ms latency, the CPU 4x slower.
PHONE_NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 1_500_000, "uploadThroughput": 750_000}
PHONE_CPU = 4


def link_token() -> str:
    """A by-link game of Imperial 2030, as a friend receives it."""
    import imperial_core as core

    return core.encode(core.new_game(["Ann", "Bob", "Cem"], board="world2030", seed=3))


def first_visit_bytes(browser, base: str, dist: Path) -> None:
    """Print the bytes a first open of a game link receives until the page is ready, per file and in all
    (against ``TARGET_BYTES``), then what the service worker's precache adds once it is active."""
    counts = []
    for workers in ("block", "allow"):  # until ready (no service worker: a first visit registers it then); all
        BenchHandler.sent.clear()
        ctx = browser.new_context(service_workers=workers)
        page = ctx.new_page()
        page.set_default_timeout(600_000)
        page.goto(base + "#g=" + link_token())
        page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=600_000)
        if workers == "allow":
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # active: the precache is complete
        page.wait_for_timeout(1000)
        with BenchHandler.lock:
            counts.append(dict(BenchHandler.sent))
        ctx.close()
    until_ready, visit = counts
    total = sum(until_ready.values())
    print(f"first open of a game link, bytes on the wire until ready (gzip for {', '.join(GZIPPED)}; "
          f"zips and wheels as they are), {len(until_ready)} files:")
    for path, n in sorted(until_ready.items(), key=lambda kv: -kv[1]):
        file = dist / path.lstrip("/")
        raw = file.stat().st_size if file.is_file() else 0
        print(f"  {n / 1e6:7.3f} MB  {path}  ({raw / 1e6:.3f} MB as stored)")
    print(f"first open total: {total / 1e6:.2f} MB on the wire (target <= {TARGET_BYTES / 1e6:.0f} MB, ratio "
          f"{total / TARGET_BYTES:.2f})")
    extra = {k: v - until_ready.get(k, 0) for k, v in visit.items() if v > until_ready.get(k, 0)}
    print(f"then the service worker's precache for offline play: {sum(extra.values()) / 1e6:.2f} MB more in "
          f"{len(extra)} files (the whole first visit {sum(visit.values()) / 1e6:.2f} MB)")


#: When the files a first open waits for had come, ms from navigation (the wheels: the first asked for, the last
#: come), read from the page's resource timings.
ARRIVALS_JS = """() => {
  const got = performance.getEntriesByType('resource');
  // a file, or its packed copy (build.py's pack)
  const one = (end) => got.find((r) => r.name.endsWith(end) || r.name.endsWith(end + '.zst'));
  const wheels = got.filter((r) => r.name.endsWith('.whl') || r.name.endsWith('.whl.zst'));
  const at = (r, key) => (r ? Math.round(r[key]) : -1);
  return {
    'standard library come': at(one('python_stdlib_game.zip'), 'responseEnd'),
    'WebAssembly asked for': at(one('pyodide.asm.wasm'), 'startTime'),
    'WebAssembly come': at(one('pyodide.asm.wasm'), 'responseEnd'),
    'first wheel asked for': wheels.length ? Math.round(Math.min(...wheels.map((r) => r.startTime))) : -1,
    'last wheel come': wheels.length ? Math.round(Math.max(...wheels.map((r) => r.responseEnd))) : -1,
  };
}"""


def phone_ready_ms(browser, url: str, stages: list[dict[str, float]] | None = None) -> float:
    """A first open of ``url`` in a fresh context, throttled like a phone on mobile data: ms to ready (and, in
    ``stages``, when its files came and its stages began)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(900_000)
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
    page.goto(url)
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'", timeout=900_000)
    ms = float(page.evaluate("document.body.dataset.readyAt"))
    if stages is not None:
        stages.append({**page.evaluate(ARRIVALS_JS), **page.evaluate(STAGE_MARKS), "ready": ms})
    ctx.close()
    return ms


def phone(browser, base: str, runs: int, other: str | None = None) -> None:
    """Print a phone's first open of a game link beside a bare Pyodide boot of the same files, both throttled,
    and when the game's files came and its stages began (medians); with ``other`` (another build's address),
    its first open of the same link too, interleaved."""
    token = link_token()
    url = base + "#g=" + token
    game: list[float] = []
    bare: list[float] = []
    before: list[float] = []
    stages: list[dict[str, float]] = []
    for _ in range(runs):  # interleaved, so machine noise hits both alike
        game.append(phone_ready_ms(browser, url, stages))
        bare.append(phone_ready_ms(browser, base + "bench-bare.html"))
        if other is not None:
            before.append(phone_ready_ms(browser, other + "#g=" + token))
    if before:
        o = statistics.median(before)
        print(f"phone, the other build (--against): ready at {o / 1000:.2f} s (ratio to bare "
              f"{o / statistics.median(bare):.2f}; {sorted(round(x) for x in before)} ms); this build / the other "
              f"{statistics.median(game) / o:.2f}")
    g, b = statistics.median(game), statistics.median(bare)
    print(f"phone (CDP: {PHONE_NETWORK['downloadThroughput'] / 1e6:.1f} MB/s down, {PHONE_NETWORK['latency']} ms, "
          f"CPU {PHONE_CPU}x), first open of a game link: ready at {g / 1000:.2f} s, bare Pyodide boot of the same "
          f"files {b / 1000:.2f} s, ratio {g / b:.2f} (target <= 1.3)  (median of {runs}; game "
          f"{sorted(round(x) for x in game)} ms, bare {sorted(round(x) for x in bare)} ms)")
    keys = ["early:painted", "start", "standard library come", "WebAssembly asked for", "first wheel asked for",
            "WebAssembly come", "last wheel come", "runtime:done", "import:start", "import:pydantic",
            "import:engine", "import:page", "ready"]
    print("  the game's first open, ms from navigation (medians): " + ", ".join(
        f"{k.replace('import:', 'imported ')} {med(stages, k):.0f}" for k in keys))


def med(samples: list[dict[str, float]], key: str) -> float:
    vals = [s[key] for s in samples if s.get(key, -1) >= 0]
    return statistics.median(vals) if vals else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dist", type=Path, default=DIST, help="the built site to time (default dist/)")
    ap.add_argument("--against", type=Path, help="another build (say the landed main's) timed in the same run, "
                    "interleaved, for a before/after pair on a busy machine")
    ap.add_argument("--no-link", action="store_true", help="skip the game link's preview loads")
    ap.add_argument("--bytes", action="store_true", help="only the bytes of a first visit")
    ap.add_argument("--phone", action="store_true", help="only the bytes and a phone's throttled first open of a "
                    "link beside a bare boot (--runs of each)")
    args = ap.parse_args()
    servers = []
    for site in (args.dist, args.against):
        if site is None:
            continue
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(BenchHandler, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    base = f"http://127.0.0.1:{servers[0].server_address[1]}/"
    pages = {"game": base, "bare": base + "bench-bare.html"}
    if args.against is not None:
        pages["before"] = f"http://127.0.0.1:{servers[1].server_address[1]}/"
    workers = []  # whether the computer players' worker had been started when the page was ready
    stages: list[dict[str, float]] = []
    before_stages: list[dict[str, float]] = []
    cold: dict[str, list[float]] = {k: [] for k in pages}
    warm: dict[str, list[float]] = {k: [] for k in pages}
    again: dict[str, list[float]] = {k: [] for k in pages}  # the visit after (from the snapshot, if kept)
    kept: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=BROWSER, args=CHROMIUM_ARGS)
        first_visit_bytes(browser, base, args.dist)
        if args.bytes or args.phone:
            if args.phone:
                phone(browser, base, args.runs, pages.get("before"))
            browser.close()
            for server in servers:
                server.shutdown()
            return
        for _ in range(args.runs):
            for name, url in pages.items():  # interleaved, so machine noise hits both alike
                ctx = browser.new_context()
                if name != "bare":
                    with_saves(ctx)
                page = ctx.new_page()
                cold[name].append(ready_ms(page, url, f"cold {name}"))
                if name == "before":
                    before_stages.append(page.evaluate(STAGE_MARKS))
                if name == "game":
                    marks = page.evaluate(STAGE_MARKS)
                    marks["first-contentful-paint"] = page.evaluate(FCP)
                    marks["saves listed"] = page.evaluate("document.querySelectorAll('#early-saves li').length")
                    stages.append(marks)
                    workers.append(page.evaluate("document.body.dataset.worker || 'off'"))
                if name != "bare":
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
                warm[name].append(ready_ms(page, None, f"warm {name}"))
                # a site that keeps a snapshot for warm starts makes it after a return visit: wait for it, and
                # time the next visit (every page, bare one included, is reloaded once more alike)
                page.wait_for_function("() => document.body.dataset.snapshot === undefined || "
                                       "document.body.dataset.snapshot === 'used' || "
                                       "document.body.dataset.snapshotMade !== undefined", timeout=300_000)
                again[name].append(ready_ms(page, None, f"again {name}"))
                kept.append(f"{name}: {page.evaluate('document.body.dataset.snapshot') or '-'}")
                ctx.close()
        token = link_token()
        previews = []
        for _ in range(0 if args.no_link else args.runs):
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(base + "#g=" + token)
            page.wait_for_function("() => { const i = document.querySelector('#early-board img');"
                                   " return i && i.complete && i.naturalWidth > 0; }", timeout=60_000)
            previews.append(page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                                          "setTimeout(() => r(performance.now()), 0)))"))
            previews[-1] = [previews[-1], page.evaluate("document.body.dataset.preview || ''"),
                            page.evaluate("document.body.dataset.ready === '1'")]
            ctx.close()
        browser.close()
    for server in servers:
        server.shutdown()
    listed = {s.pop("saves listed") for s in stages}
    keys = sorted({k for s in stages for k in s}, key=lambda k: med(stages, k))
    print("cold game page marks (median ms from navigation start): "
          + ", ".join(f"{k} {med(stages, k):.0f}" for k in keys))
    fcp, early = med(stages, "first-contentful-paint"), med(stages, "early:painted")
    print(f"first paint of the start screen: first contentful paint {fcp:.0f} ms, saves listed and painted "
          f"{early:.0f} ms (target <= 300 ms, ratio {early / 300:.2f}; saves listed per load: {sorted(listed)})")
    bare_cold = statistics.median(cold["bare"])
    runtime = med(stages, "runtime:done")
    print(f"the page's start of Python: runtime ready for main.py at {runtime:.0f} ms vs bare Pyodide ready "
          f"{bare_cold:.0f} ms (the page adds {runtime - bare_cold:.0f} ms, ratio {runtime / bare_cold:.2f})")
    print(f"imports: pydantic's BaseModel {med(stages, 'import:pydantic') - med(stages, 'import:start'):.0f} ms, engine with "
          f"its models' schemas {med(stages, 'import:engine') - med(stages, 'import:pydantic'):.0f} ms, renderer "
          f"and page {med(stages, 'import:page') - med(stages, 'import:engine'):.0f} ms; ready "
          f"{med(stages, 'engine:done') - med(stages, 'import:page'):.0f} ms later")
    for label, marks in (("this build", stages), ("the other build", before_stages)):
        if marks:
            print(f"{label}: runtime ready for main.py {med(marks, 'runtime:done'):.0f} ms; imports: pydantic "
                  f"{med(marks, 'import:pydantic') - med(marks, 'import:start'):.0f} ms, engine "
                  f"{med(marks, 'import:engine') - med(marks, 'import:pydantic'):.0f} ms, renderer and page "
                  f"{med(marks, 'import:page') - med(marks, 'import:engine'):.0f} ms; packages "
                  f"{med(marks, 'packages:done') - med(marks, 'runtime:done'):.0f} ms after main.py starts")
    print(f"computer players' worker when the page was ready: {sorted(workers)}")
    if previews:
        print(f"game link: board preview painted at {statistics.median(p[0] for p in previews):.0f} ms "
              f"(board {sorted({p[1] for p in previews})}, engine ready by then: {sum(p[2] for p in previews)} of "
              f"{len(previews)})")
    print(f"snapshot on the visit after: {sorted(set(kept))}")
    for label, data in (("cold", cold), ("warm", warm), ("again", again)):
        g, b = statistics.median(data["game"]), statistics.median(data["bare"])
        print(f"{label}: game page {g:.0f} ms, bare Pyodide {b:.0f} ms, ratio {g / b:.2f} (target <= 1.3)  "
              f"(median of {args.runs}; game {sorted(round(x) for x in data['game'])}, "
              f"bare {sorted(round(x) for x in data['bare'])})")
        cpu = {k: statistics.median(v) for k, v in CPU.items() if k.startswith(label)}
        if cpu:
            bare_cpu = cpu.get(f"{label} bare", float("nan"))
            print(f"{label} CPU-seconds of the page's process to ready: " + ", ".join(
                f"{k.split()[1]} {v:.2f} s (/ bare {v / bare_cpu:.2f})" for k, v in cpu.items()))
        if "before" in data:
            f = statistics.median(data["before"])
            pairs = [x / y for x, y in zip(data["game"], data["before"], strict=True)]
            print(f"{label}, the other build (--against): game page {f:.0f} ms, ratio to bare {f / b:.2f}; this build / "
                  f"the other, per run: median {statistics.median(pairs):.2f} ({', '.join(f'{x:.2f}' for x in pairs)})")


if __name__ == "__main__":
    main()
