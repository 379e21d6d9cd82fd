"""An installed older build updated to this one, as a player who has the game installed meets a new version:
the older build's site is opened in a persistent Chromium profile (its service worker takes the page), a game is
started and a move made; then the site's files are replaced by this build's, the update prompt must show, the
player's go-ahead reloads, and the game must still be there, running on the new version from its own cache
(no packed copy fetched again, the WebAssembly kept unpacked). Prints what it saw; exits 1 on a page error.

    python3 build.py build            # this build, dist/
    git worktree add /tmp/old <commit> && (cd /tmp/old && python3 build.py build)
    .venv/bin/python bench/upgrade.py --old /tmp/old/dist [--new dist] [--shot test-results/upgrade.png]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from playwright.sync_api import expect, sync_playwright  # noqa: E402

import build  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", type=Path, required=True, help="the older build's dist/")
    ap.add_argument("--new", type=Path, default=build.DIST, help="this build's dist/ (default dist/)")
    ap.add_argument("--shot", type=Path, default=ROOT / "test-results" / "upgrade.png")
    args = ap.parse_args()
    site = Path(tempfile.mkdtemp()) / "site"
    shutil.copytree(args.old, site)
    srv = build.make_server(site, 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(tempfile.mkdtemp(), executable_path=build.FULL_CHROMIUM,
                                                   headless=True)
        page = ctx.pages[0]
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=120_000)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        page.fill("#seed", "7")
        page.click("[data-testid=start-game]")
        expect(page.locator("#game")).to_be_visible()
        page.locator("#decision button[data-choice]").first.click()
        page.wait_for_function("() => Number(document.body.dataset.moves) >= 1")
        game = page.evaluate("() => [document.body.dataset.game, document.body.dataset.moves]")
        print(f"older build: caches {page.evaluate('caches.keys()')}, game {game[0]} at move {game[1]}")
        # the site's files replaced by this build's, as a host is when a new version is published
        shutil.rmtree(site)
        shutil.copytree(args.new, site)
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        expect(page.locator("[data-testid=update]")).to_be_visible(timeout=90_000)
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[1]))
        with page.expect_navigation(timeout=60_000):
            page.click("#update-reload")
        page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=120_000)
        time.sleep(1)
        now = page.evaluate("() => [document.body.dataset.game, document.body.dataset.moves, document.body.dataset.screen]")
        version = page.evaluate("fetch('build-info.json').then((r) => r.json()).then((j) => j.version)")
        kept = page.evaluate("caches.match('pyodide/pyodide.asm.wasm').then((r) => r && r.arrayBuffer())"
                             ".then((b) => b ? b.byteLength : 0)")
        print(f"this build: caches {page.evaluate('caches.keys()')}, version {version}; game {now[0]} at move "
              f"{now[1]} on the {now[2]} screen (the same game: {now[:2] == game})")
        print(f"packed copies fetched after the update: {[a for a in asked if a.endswith('.zst')]}; the "
              f"WebAssembly kept: {kept} bytes")
        print(f"page errors: {errors}")
        args.shot.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(args.shot))
        print(f"screenshot: {args.shot}")
        ctx.close()
    return 1 if errors or now[:2] != game else 0


if __name__ == "__main__":
    sys.exit(main())
