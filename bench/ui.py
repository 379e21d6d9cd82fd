#!/usr/bin/env python3
"""Game-page timings in real Chromium: time to ready, and click-to-redrawn over random legal clicks.

    .venv/bin/python bench/ui.py [--clicks 500] [--boards europe,world2030] [--loads 3] [--compare DIR] [--tab log] [--shots]

Serves dist/ (run `python3 build.py build` first) on a loopback port. "Click to redrawn" is measured in the
page: from just before the click event is dispatched on a `[data-choice]` element to the first animation
frame after it has been styled, laid out and painted (a task queued from that frame's animation callback).
Clicks that complete an action (the move counter grows) and clicks that only select (a unit, say) are
reported apart; each board is a new game. `--compare DIR` measures another built site (main's, say) in the same
run, board by board, and prints the ratio. Target: p95 <= 25 ms. `--shots` also writes the screenshots
docs/ui-*.png used in the README.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchlib import pct, ready_page, serve  # noqa: E402

sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - one place for the browser and its flags

CLICKS_JS = """async ({clicks, seed}) => {
    const out = [];
    const frame = () => new Promise(r => requestAnimationFrame(() => r()));
    // the frame after the click has been styled, laid out and painted when a task queued from its
    // animation-frame callback runs
    const painted = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    let s = seed;
    const rand = (n) => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
    for (let i = 0; i < clicks; i++) {
        const els = [...document.querySelectorAll('#decision [data-choice], #map [data-choice]')];
        if (!els.length) break;
        const el = els[rand(els.length)];
        const before = Number(document.body.dataset.moves);
        await frame();
        const t0 = performance.now();
        el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        await painted();
        const dt = performance.now() - t0;
        const sync = window.imperialUI.timings[window.imperialUI.timings.length - 1];
        out.push([dt, Number(document.body.dataset.moves) > before ? 1 : 0, document.body.dataset.phase,
                  window.imperialUI.profile, sync]);
    }
    return out;
}"""


TARGET_P95_MS = 25.0


def click_run(browser, url: str, board: str, args: argparse.Namespace) -> dict:
    """Random legal clicks in a new game on ``board``; click-to-redrawn figures."""
    ctx, page, errors = ready_page(browser, url, viewport={"width": 1280, "height": 800})
    page.locator("#board").select_option(board)
    page.get_by_test_id("player-count").select_option(str(args.players))
    page.locator("#seed").fill(str(args.seed))
    if args.no_map_paint:  # diagnosis: how much of the time is painting the map
        page.add_style_tag(content=".mapwrap svg { visibility: hidden; }")  # both layers
    if args.css:
        page.add_style_tag(content=args.css)
    page.get_by_test_id("start-game").click()
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
    page.locator(f"[data-tab={args.tab}]").click()  # the scoreboard is always live; the open tab is redrawn too
    t = time.perf_counter()
    samples = page.evaluate(CLICKS_JS, {"clicks": args.clicks, "seed": args.seed})
    wall = time.perf_counter() - t
    ctx.close()
    acts = [s[0] for s in samples if s[1]]
    sel = [s[0] for s in samples if not s[1]]
    allv = [s[0] for s in samples]
    syncs = [x[4] for x in samples if x[1]]
    by_phase: dict[str, list[float]] = {}
    for dt, applied, phase, _prof, _sync in samples:
        if applied:
            by_phase.setdefault(phase, []).append(dt)
    slow = sorted(samples, key=lambda x: -x[0])[:5]
    return {
        "board": board, "clicks": len(allv), "actions": len(acts), "wall_s": round(wall, 2),
        "all": {"median": round(statistics.median(allv), 1), "p95": round(pct(allv, 95), 1),
                "max": round(max(allv), 1)},
        "actions_only": {"median": statistics.median(acts), "p95": pct(acts, 95)} if acts else None,
        "selections_only": {"median": statistics.median(sel), "p95": pct(sel, 95)} if sel else None,
        "handler_only_actions": {"median": statistics.median(syncs), "p95": pct(syncs, 95)} if syncs else None,
        "p95_by_phase_after": {k: round(pct(v, 95), 1) for k, v in sorted(by_phase.items())},
        "slowest_with_profile_ms": [[round(x[0], 1), round(x[4], 1), x[2], json.loads(x[3] or "{}")]
                                    for x in slow],
        "page_errors": errors,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clicks", type=int, default=500)
    ap.add_argument("--boards", default="europe,world2030")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--loads", type=int, default=3, help="page loads for time-to-ready")
    ap.add_argument("--shots", action="store_true", help="also write docs/ui-*.png")
    ap.add_argument("--no-map-paint", action="store_true", help="diagnosis: hide the map (not painted)")
    ap.add_argument("--css", default="", help="diagnosis: a style sheet added to the page (to time a rule's cost)")
    ap.add_argument("--tab", default="log", choices=["nations", "players", "log"],
                    help="the side tab open during the clicks (the log is redrawn after every move while open)")
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--compare", default="", help="another built site (e.g. main's dist/), measured in the same run")
    ap.add_argument("--json", action="store_true", help="print every figure as JSON too")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    sites = {"this": Path(args.dist)}
    if args.compare:
        sites["compare"] = Path(args.compare)
    servers = {name: serve(d) for name, d in sites.items()}
    result: dict = {"runs": {}}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        url = servers["this"][1]
        ready = []
        for _ in range(args.loads):
            ctx = browser.new_context(service_workers="block")
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=120_000)
            ready.append(float(page.evaluate("Number(document.body.dataset.readyAt)")))
            ctx.close()
        if ready:
            result["time_to_ready_ms"] = {"runs": ready, "median": statistics.median(ready)}
        for board in args.boards.split(","):
            for name, (_server, site_url) in servers.items():  # side by side, board by board
                result["runs"][f"{name} {board}"] = click_run(browser, site_url, board, args)
        if args.shots:
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=120_000)
            page.get_by_test_id("start-game").click()
            shots(page, browser, url)
            ctx.close()
        browser.close()
    for server, _url in servers.values():
        server.shutdown()
    if args.json:
        print(json.dumps(result, indent=2))
    for key, r in result["runs"].items():
        p95 = r["all"]["p95"]
        line = (f"{key}: click to redrawn p95 {p95:.1f} ms, median {r['all']['median']:.1f} ms over {r['clicks']} "
                f"clicks ({r['actions']} moves); target p95 <= {TARGET_P95_MS:.0f} ms, ratio {p95 / TARGET_P95_MS:.2f}")
        if r["handler_only_actions"]:
            line += f"; Python handler p95 {r['handler_only_actions']['p95']:.1f} ms"
        other = result["runs"].get(key.replace("this ", "compare ")) if key.startswith("this ") else None
        if other:
            line += f"; vs compared site p95 {other['all']['p95']:.1f} ms, ratio {p95 / other['all']['p95']:.2f}"
        print(line)
        if r["page_errors"]:
            print("  page errors:", r["page_errors"][:3])
    if "time_to_ready_ms" in result:
        print(f"time to ready (service worker blocked): median {result['time_to_ready_ms']['median']:.0f} ms")


def shots(page, browser, url: str) -> None:
    """Screenshots for the README: new game, a maneuver with highlighted choices, phone, score screen."""
    sys.path.insert(0, str(ROOT / "web"))
    sys.path.insert(0, str(ROOT / "e2e"))
    import random

    import imperial_core as core
    from imperial_ui.session import Session

    docs = ROOT / "docs"
    docs.mkdir(exist_ok=True)

    def load(pg, state) -> None:
        data = Session.from_state(state, game_id="shot").to_save().encode()
        before = pg.evaluate("document.body.dataset.game || ''")
        pg.locator("#menu input[data-import]").set_input_files(
            files=[{"name": "g.json", "mimeType": "application/json", "buffer": data}])
        pg.wait_for_function("g => document.body.dataset.game !== g || !document.getElementById('error').hidden",
                             arg=before)
        if pg.evaluate("document.body.dataset.game") == before:
            raise SystemExit("the page did not open the position: " + pg.inner_text("[data-testid=error]"))

    def game_until(names, seed, stop, limit=3000):
        rng = random.Random(seed)
        s = core.new_game(names, seed=seed)
        for _ in range(limit):
            if stop(s) or s.is_over:
                return s
            s = core.apply(s, rng.choice(core.legal_actions(s)))
        return s

    names = ["Anna", "Ben", "Clara", "David"]
    page.locator("button[data-cmd=menu]").click()
    page.locator("#menu button[data-cmd=home]").click()
    page.wait_for_timeout(200)
    page.screenshot(path=str(docs / "ui-new-game.png"))
    # a maneuver in progress: armies to move, after some turns, with a unit selected
    s = game_until(names, 5, lambda s: s.decision == "armies" and len(s.history) > 120
                   and sum(a.type == "army" for a in core.legal_actions(s)) > 8)
    load(page, s)
    origin = next(a.origin for a in core.legal_actions(s) if a.type == "army")
    page.locator(f'#map [data-choice="{origin}"]').dispatch_event("click")
    page.wait_for_timeout(300)
    page.screenshot(path=str(docs / "ui-maneuver.png"))
    # score screen
    end = game_until(names, 9, lambda s: False)
    load(page, end)
    page.wait_for_timeout(300)
    page.screenshot(path=str(docs / "ui-scores.png"))
    # phone
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              device_scale_factor=2)
    phone = ctx.new_page()
    phone.goto(url)
    phone.wait_for_function("() => document.body.dataset.ready === '1'", timeout=120_000)
    phone.get_by_test_id("start-game").click()
    mid = game_until(names, 5, lambda s: s.decision == "rondel" and len(s.history) > 60)
    load(phone, mid)
    phone.wait_for_timeout(300)
    phone.screenshot(path=str(docs / "ui-phone.png"))
    ctx.close()


if __name__ == "__main__":
    main()
