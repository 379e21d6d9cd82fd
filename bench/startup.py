"""Time-to-ready of the game page versus a bare Pyodide boot, from the same dist/, in Debian's Chromium.

    .venv/bin/python bench/startup.py [--runs 5]

Cold: a fresh browser context per load (empty HTTP cache, no service worker). Warm: a reload in the same
context once the service worker has precached the site. Times are performance.now() at `data-ready`, i.e.
from navigation start. Prints medians, all samples, and the ratio page / bare.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from build import DIST, SiteHandler  # noqa: E402

sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

BARE = (Path(__file__).parent / "bare.html").read_bytes()


class BenchHandler(SiteHandler):
    """The site, plus the bare-Pyodide baseline page at /bench-bare.html."""

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/bench-bare.html":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(BARE)))
            self.end_headers()
            self.wfile.write(BARE)
            return
        super().do_GET()


STAGE_MARKS = """Object.fromEntries(performance.getEntriesByType('mark')
    .filter(m => m.name.startsWith('imperial:')).map(m => [m.name.slice(9), Math.round(m.startTime)]))"""


def ready_ms(page, url: str | None) -> float:
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("document.body && document.body.dataset.ready === '1'", timeout=120_000)
    return float(page.evaluate("document.body.dataset.readyAt"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(BenchHandler, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    pages = {"game": base, "bare": base + "bench-bare.html"}
    stages: list[dict[str, float]] = []
    cold: dict[str, list[float]] = {k: [] for k in pages}
    warm: dict[str, list[float]] = {k: [] for k in pages}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            for name, url in pages.items():  # interleaved, so machine noise hits both alike
                ctx = browser.new_context()
                page = ctx.new_page()
                cold[name].append(ready_ms(page, url))
                if name == "game":
                    stages.append(page.evaluate(STAGE_MARKS))
                if name == "game":
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                    page.wait_for_function("navigator.serviceWorker.controller !== null")
                warm[name].append(ready_ms(page, None))
                ctx.close()
        browser.close()
    server.shutdown()
    keys = sorted({k for s in stages for k in s}, key=lambda k: statistics.median(s[k] for s in stages if k in s))
    print("cold game page stages (median ms from navigation start): "
          + ", ".join(f"{k} {statistics.median(s[k] for s in stages if k in s):.0f}" for k in keys))
    for label, data in (("cold", cold), ("warm", warm)):
        g, b = statistics.median(data["game"]), statistics.median(data["bare"])
        print(f"{label}: game page {g:.0f} ms, bare Pyodide {b:.0f} ms, ratio {g / b:.2f}  "
              f"(median of {args.runs}; game {sorted(round(x) for x in data['game'])}, "
              f"bare {sorted(round(x) for x in data['bare'])})")


if __name__ == "__main__":
    main()
