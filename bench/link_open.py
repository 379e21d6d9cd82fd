#!/usr/bin/env python3
"""Opening a game's link in a page that is already up: from the address changing to the first frame painted
with the game (or with its "Which player are you?" prompt), in real Chromium.

    .venv/bin/python bench/link_open.py [--against OTHER_DIST] [--rounds 3] [--moves 700] [--width 1280] [--profile]

The links are by-link links (two people and a computer seat) of six seeded games, both boards, cut after
``--moves`` moves or at their end (finished games show the score screen and its charts). Each round opens
every link once in each site, the sites in turn, on a page with nothing stored (a device that has not seen the
game). Serves dist/ (run ``python3 build.py build`` first); ``--against`` measures another built site in the same
run (the build before a change): the ratio compares the two under the same load. ``--profile``: instead, where
the page's Python spends an open, by cProfile inside Pyodide (a copy of dist/ whose ``start.mjs`` keeps its
Pyodide in a global for it; the times are inflated by the profiler, read the shares).
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "pkg"))

from benchlib import BROWSER, pct, ready_page, serve  # noqa: E402

sys.path.insert(0, str(ROOT / "e2e"))
import imperial_core as core  # noqa: E402
from conftest import CHROMIUM_ARGS  # noqa: E402 - one place for the browser and its flags

# The link put in the address bar; the time to the first frame painted after the game (or the prompt) is in.
OPEN_JS = """t => new Promise(res => {
    localStorage.clear(); imperialPy.command('home'); history.replaceState(null, '', location.pathname);
    const t0 = performance.now();
    location.hash = 'g=' + t;
    const there = () => document.querySelector('#prompt[open]')
        || (document.body.dataset.screen === 'game' && document.body.dataset.moves);
    const tick = () => there() ? requestAnimationFrame(() => setTimeout(() => res(performance.now() - t0), 0))
                               : requestAnimationFrame(tick);
    tick();
})"""


def links(moves: int) -> list[str]:
    out = []
    for seed in range(6):
        s = core.new_game(["Ann", "Bob", "Cem"], seed=seed, board=("europe", "world2030")[seed % 2])
        rng = random.Random(seed)
        while len(s.history) < moves and not s.is_over:
            acts = core.legal_actions(s)
            s = core.apply(s, acts[rng.randrange(len(acts))])
        out.append(core.encode(s, seats=["human", "human", "normal"], by_link=True))
    return out


#: The line of ``start.mjs`` that runs the page's Python, and the same line keeping Pyodide for the profiler.
RUN_GLUE = 'await py.runPythonAsync(await glue, { filename: "main.py" });'
PROFILE_REPORT = """() => __py.runPython(`
import io, pstats
out = io.StringIO()
pstats.Stats(__bench_profile, stream=out).sort_stats('cumulative').print_stats(40)
out.getvalue()`)"""


def profile(tokens: list[str], width: int) -> int:
    """The cumulative cProfile of opening every link twice, inside the page's own Pyodide."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        shutil.copytree(ROOT / "dist", dist)
        start = dist / "start.mjs"
        text = start.read_text()
        if RUN_GLUE not in text:
            print("start.mjs no longer runs the page's Python as this bench expects: update RUN_GLUE")
            return 1
        start.write_text(text.replace(RUN_GLUE, "globalThis.__py = py; " + RUN_GLUE))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=BROWSER, args=CHROMIUM_ARGS)
            _server, url = serve(dist)
            _ctx, page, errors = ready_page(browser, url, viewport={"width": width, "height": 800})
            page.evaluate("() => imperialPy.command('pace', 'instant')")
            page.evaluate("() => __py.runPython('import cProfile, builtins; builtins.__bench_profile = cProfile.Profile()')")
            for t in tokens * 2:
                page.evaluate("() => __py.runPython('__bench_profile.enable()')")
                page.evaluate(OPEN_JS, t)
                page.evaluate("() => __py.runPython('__bench_profile.disable()')")
            print(page.evaluate(PROFILE_REPORT))
            if errors:
                print("page errors:", errors)
            browser.close()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--against", type=Path, help="another built site, measured in the same run")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--moves", type=int, default=700)
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--profile", action="store_true", help="where the page's Python spends an open (cProfile)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tokens = links(args.moves)
    if args.profile:
        return profile(tokens, args.width)
    sites = {"this build": ROOT / "dist"}
    if args.against:
        sites["against"] = args.against
    times: dict[str, list[float]] = {name: [] for name in sites}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BROWSER, args=CHROMIUM_ARGS)
        pages = {}
        for name, dist in sites.items():
            _server, url = serve(dist)
            _ctx, page, errors = ready_page(browser, url, viewport={"width": args.width, "height": 800})
            page.evaluate("() => imperialPy.command('pace', 'instant')")
            pages[name] = (page, errors)
        for t in tokens:  # once each, not counted: the first open of a board loads its drawing
            for page, _errors in pages.values():
                page.evaluate(OPEN_JS, t)
        for _ in range(args.rounds):
            for t in tokens:
                for name, (page, _errors) in pages.items():
                    times[name].append(page.evaluate(OPEN_JS, t))
        browser.close()
    print(f"a link opened in a ready page, {len(tokens)} games of up to {args.moves} moves, "
          f"{args.rounds} rounds, {args.width} px wide ({BROWSER})")
    for name, v in times.items():
        errors = pages[name][1]
        print(f"  {name:10s}  median {statistics.median(v):6.0f} ms  p95 {pct(v, 95):6.0f} ms  "
              f"min {min(v):5.0f}  max {max(v):5.0f}" + (f"  page errors: {errors}" if errors else ""))
    if args.against:
        a, b = statistics.median(times["this build"]), statistics.median(times["against"])
        print(f"  ratio of the medians: {a / b:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
