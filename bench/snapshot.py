"""Probe for issue 23's fourth lever: does a Pyodide memory snapshot in the Cache Storage bring a warm start of
the game's Python near a bare boot?  Loads bench/snapshot.html from the built site's origin in Debian's
Chromium, in one browser context (so the snapshot and the HTTP cache are kept, as on a return visit):

    .venv/bin/python bench/snapshot.py [--runs 5] [--dist DIR]

1. makes a snapshot after the pure-Python wheels and the standard modules the start imports (pydantic-core's
   native module cannot be in one, see 3), and keeps it in the Cache Storage;
2. times, interleaved, a normal boot and a boot from that snapshot, each followed by what main.py does (the
   game's wheels, pydantic, the engine, the renderer, the page's modules) and a check that the engine plays,
   saves, reads back and validates alike;
3. makes a snapshot after the full imports (pydantic-core loaded) and starts from it: prints what fails.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "e2e"))
from benchlib import BROWSER  # noqa: E402
from conftest import CHROMIUM_ARGS  # noqa: E402
from startup import DIST, BenchHandler  # noqa: E402

PROBE = (Path(__file__).parent / "snapshot.html").read_bytes()


class ProbeHandler(BenchHandler):
    """The site and the bench's pages, plus the probe page at /bench-snapshot.html."""

    pages = {**BenchHandler.pages, "/bench-snapshot.html": PROBE}


def load(ctx, url: str) -> dict:
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'", timeout=300_000)
    out = json.loads(page.evaluate("document.body.dataset.result"))
    page.close()
    return out


def main() -> None:
    import functools
    import http.server
    import threading

    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dist", type=Path, default=DIST)
    args = ap.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(ProbeHandler, directory=str(args.dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/bench-snapshot.html"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=BROWSER, args=CHROMIUM_ARGS)
        ctx = browser.new_context()
        made = load(ctx, url + "?mode=make&what=partial")
        print("snapshot (pure wheels and standard modules):", {k: round(v) if isinstance(v, float) else v
                                                               for k, v in made.items()})
        load(ctx, url + "?mode=plain")  # warms the HTTP cache and V8's code cache for both
        runs: dict[str, list[dict]] = {"plain": [], "restore": []}
        for _ in range(args.runs):
            for mode in runs:
                runs[mode].append(load(ctx, url + f"?mode={mode}"))
        checks = {r.get("check") or r.get("error", "")[:300] for rs in runs.values() for r in rs}
        for mode, rs in runs.items():
            cols = ("read", "boot", "packages", "imports", "total")
            print(f"{mode}: " + ", ".join(f"{c} {statistics.median(r[c] for r in rs):.0f} ms" for c in cols
                                          if all(c in r for r in rs))
                  + f"  (totals {sorted(round(r['total']) for r in rs)})")
        pairs = [r["total"] / p["total"] for r, p in zip(runs["restore"], runs["plain"], strict=True)]
        print(f"restore / plain, per run: median {statistics.median(pairs):.2f} ({', '.join(f'{x:.2f}' for x in pairs)})")
        print(f"same engine results in every load: {len(checks) == 1} {sorted(checks)[:2]}")
        full = load(ctx, url + "?mode=make&what=full")
        print("snapshot after the full imports:", {k: round(v) if isinstance(v, float) else v for k, v in full.items()})
        restored = load(ctx, url + "?mode=restore")
        print("start from it:", restored.get("error") or restored.get("check"))
        restored = load(ctx, url + "?mode=restore&grow=1")
        print("start from it, memory grown first:", restored.get("error") or restored.get("check"))
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
