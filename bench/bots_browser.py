#!/usr/bin/env python3
"""The computer players in real Chromium: bot worker start-up, a level's decision time (strong unless
``--level``; p95 ≤ 1 s, the expert's ≤ 1.5 s), and how fast the page answers a click while a bot thinks.

    .venv/bin/python bench/bots_browser.py [--loads 3] [--decisions 200] [--seed 8] [--level strong]

Serves dist/ (run `python3 build.py build` first) on a loopback port.

* Worker start-up: the page is loaded (service worker blocked, as a first visit), and the bot worker is
  started the moment the page is ready; the figure is page ready -> worker ready (its own Pyodide, the
  engine wheel, the bots imported), per load.
* Decision time: a game of four computer seats at ``--level`` is watched at instant pace for
  ``--decisions`` decisions; for each, the time the worker spent (``ms`` in its answer) and the time from
  the page's request to the answer's arrival.  Reported over all decisions and over the decisions the
  strong level searches (rondel, bonds, factories, imports, Swiss Bank, gifts: the maneuver steps are a
  short look-ahead).
* The same requests are then answered in CPython, in the same run (the worker's own answer function), so
  that the ratio Chromium / CPython can be read apart from the machine's load.
* Click latency while a bot thinks: whenever the page says a bot is thinking, a real mouse click on the
  other side tab; measured in the page from the click event's time stamp to the first frame painted after
  the tab was switched (a task queued from that frame's animation callback).

* ``--hints N``: instead of all the above, Hint pressed at ``N`` positions a person decides in (a quarter of one
  seat's decisions in seeded games of normal bots, both boards, opened by their links with every seat a
  person's): from the press to the hint first shown (the expert's best so far, after a second of search) and
  to its answer (target p95 ≤ 3 s), and the worker's own time.

Figures are printed with the target and their ratio to it; nothing is asserted (the tests test behaviour).
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

from benchlib import BROWSER, pct, ready_page, serve  # noqa: E402

sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM_ARGS  # noqa: E402 - one place for the browser and its flags

#: The target of a decision's p95 by level (the expert thinks longer: issue 43's 1.5 s, after issue 37's 3 s).
TARGET_DECISION_P95_MS = {"easy": 1000.0, "normal": 1000.0, "strong": 1000.0, "expert": 1500.0}
TARGET_CLICK_MS = 200.0
#: Decisions the strong level decides by tree search (the rest are maneuver steps and forced choices).
SEARCHED = {"rondel", "invest", "auction", "factory", "import", "swiss", "fund"}

CLICK_PROBE_JS = """() => {
    window.__clicks = [];
    document.addEventListener('click', (e) => {
        const tab = e.target.closest?.('[data-tab]');
        if (!tab) return;
        const t0 = e.timeStamp, bot = document.body.dataset.bot, moves = document.body.dataset.moves;
        requestAnimationFrame(() => setTimeout(() => {
            window.__clicks.push({ms: performance.now() - t0, bot, moves,
                                  selected: tab.getAttribute('aria-selected') === 'true'});
        }, 0));
    }, true);
}"""


def stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    return {"n": len(values), "mean": round(statistics.fmean(values), 1), "median": round(statistics.median(values), 1),
            "p95": round(pct(values, 95), 1), "max": round(max(values), 1)}


def line(name: str, figure: float, target: float, unit: str = "ms") -> str:
    return f"{name:<46} {figure:9.1f} {unit}   target ≤ {target:.0f} {unit}   ratio {figure / target:5.2f}"


#: The target of Hint's p95, press to answer (issue 43).
TARGET_HINT_P95_MS = 3000.0

# Hint pressed, measured in the page: to the hint first shown (so far or final) and to the final one.
HINT_JS = """async () => {
    const t0 = performance.now();
    let first = null;
    document.querySelector('[data-testid=hint]').click();
    for (;;) {
        await new Promise(r => setTimeout(r, 5));
        const el = document.querySelector('[data-testid=hint-text]');
        if (el && first === null) first = performance.now() - t0;
        const button = document.querySelector('[data-testid=hint]');
        if (el && !el.hasAttribute('data-so-far') && button && !button.disabled) break;
        if (performance.now() - t0 > 120000) return null;
    }
    return {first, done: performance.now() - t0};
}"""


def hints(args: argparse.Namespace) -> None:
    """Hint pressed at ``args.hints`` positions opened by their links: press to first shown, and to the answer."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "bench"))
    import imperial_core as core
    from bots import decision_positions
    from conftest import open_link

    texts = decision_positions(args.hints, seed0=args.seed * 1000)
    server, url = serve(Path(args.dist))
    firsts, dones = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BROWSER, args=CHROMIUM_ARGS)
        ctx, page, errors = ready_page(browser, url, viewport={"width": 1280, "height": 860})
        for text in texts:
            open_link(page, core.from_position(text))
            page.wait_for_selector("[data-testid=hint]:not([disabled])", timeout=120_000)
            r = page.evaluate(HINT_JS)
            if r is None:
                raise SystemExit("a hint did not come within two minutes")
            firsts.append(r["first"])
            dones.append(r["done"])
        timings = page.evaluate("() => window.imperialBots.timings.slice()")
        worker = [t[3] for t in timings if t[0] == "hint"]
        ctx.close()
        browser.close()
    server.shutdown()
    print(f"Hint in Chromium at {len(dones)} positions (the first, which waits for the bot worker to start, left out):")
    for name, xs in (("press -> hint first shown", firsts[1:]), ("press -> the hint's answer", dones[1:]),
                     ("the worker's own time", worker[1:])):
        st = stats(xs)
        print(f"  {name:<30} median {st['median']:7.1f} ms   p95 {st['p95']:7.1f} ms   max {st['max']:7.1f} ms")
    print(line("press -> the hint's answer, p95", stats(dones[1:])["p95"], TARGET_HINT_P95_MS))
    if errors:
        print("page errors:", errors)


#: Seconds with no new decision after which the game is called stalled (the page's state is printed, with a
#: screenshot, and the figures so far are reported) instead of watched to the half hour's end.
STALL_S = 90
STALL_JS = """() => ({ ...document.body.dataset, error: document.getElementById('error')?.innerText || '',
    message: document.querySelector('#message')?.innerText || '',
    decision: (document.querySelector('#decision')?.innerText || '').slice(0, 300) })"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loads", type=int, default=3, help="page loads for the worker start-up")
    ap.add_argument("--decisions", type=int, default=200, help="bot decisions to time (at least 30)")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--level", default="strong", choices=list(TARGET_DECISION_P95_MS))
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    ap.add_argument("--hints", type=int, default=0, help="time Hint at this many positions instead")
    args = ap.parse_args()
    if args.hints:
        hints(args)
        return

    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    server, url = serve(Path(args.dist))
    result: dict = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BROWSER, args=CHROMIUM_ARGS)

        starts = []
        for _ in range(args.loads):
            ctx = browser.new_context(service_workers="block")
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=120_000)
            page.evaluate("() => window.imperialBots.start()")
            page.wait_for_function("() => ['ready', 'failed'].includes(document.body.dataset.worker)",
                                   timeout=120_000)
            if page.evaluate("() => document.body.dataset.worker") != "ready":
                raise SystemExit("the bot worker failed to start: " + page.inner_text("[data-testid=error]"))
            ready_at = float(page.evaluate("() => Number(document.body.dataset.readyAt)"))
            worker_at = float(page.evaluate("() => Number(document.body.dataset.workerReadyAt)"))
            starts.append(worker_at - ready_at)
            ctx.close()
        result["worker_start_ms"] = {"runs": [round(x) for x in starts], **stats(starts)}

        ctx, page, errors = ready_page(browser, url, viewport={"width": 1280, "height": 860})
        page.evaluate("() => localStorage.setItem('imperial.pace', 'instant')")
        for i in range(1, 5):
            page.get_by_test_id(f"seat-{i}").select_option(args.level)
        page.locator("#seed").fill(str(args.seed))
        page.evaluate(CLICK_PROBE_JS)
        page.get_by_test_id("start-game").click()
        page.wait_for_function("() => document.body.dataset.worker === 'ready'", timeout=120_000)
        tabs = ["log", "nations"]
        clicks = 0
        t0 = last_at = time.perf_counter()
        last_n = 0
        while True:
            n = int(page.evaluate("() => window.imperialBots.timings.length"))
            over = page.evaluate("() => document.body.dataset.over === '1'")
            if n >= args.decisions or over or time.perf_counter() - t0 > 1800:
                break
            if n != last_n:
                last_n, last_at = n, time.perf_counter()
            elif time.perf_counter() - last_at > STALL_S:
                result["stalled"] = page.evaluate(STALL_JS)
                shot = ROOT / "test-results" / "bots-browser-stall.png"
                shot.parent.mkdir(exist_ok=True)
                page.screenshot(path=str(shot))
                print(f"STALLED: no decision for {STALL_S} s after {n}; the page: {result['stalled']} ({shot})")
                break
            if page.evaluate("() => document.body.dataset.bot") == "thinking":
                # a real mouse click on the tab, once Playwright has seen that the tab is what the pointer hits
                # there (a click at a box read a moment before could land on a log entry as the panel moved,
                # which opens that move's replay: the computer players then wait, as they do for a person)
                try:
                    page.locator(f"[data-tab={tabs[clicks % 2]}]").click(timeout=2000)
                    clicks += 1
                except PlaywrightTimeout:
                    pass
            page.wait_for_timeout(40)
        timings = page.evaluate("() => window.imperialBots.timings.slice()")
        probes = page.evaluate("() => window.__clicks.slice()")
        result["page_errors"] = errors
        ctx.close()
        browser.close()
    server.shutdown()

    moves = [t for t in timings if t[0] == "move"]
    sys.path.insert(0, str(ROOT / "web"))
    from imperial_ui.botanswer import answer  # the worker's answer function, in CPython

    cpython = [float(json.loads(answer(t[5]))["ms"]) for t in moves]
    cpython_searched = [c for c, t in zip(cpython, moves, strict=True) if t[2] in SEARCHED]
    worker_ms = [t[3] for t in moves]
    trip_ms = [t[4] for t in moves]
    searched = [t[3] for t in moves if t[2] in SEARCHED]
    thinking = [c["ms"] for c in probes if c["bot"] == "thinking" and c["selected"]]
    result["decisions"] = {"level": args.level, "worker_ms": stats(worker_ms), "post_to_answer_ms": stats(trip_ms),
                           "cpython_ms": stats(cpython), "cpython_searched_ms": stats(cpython_searched),
                           "searched_decisions_worker_ms": stats(searched),
                           "by_phase_p95_ms": {ph: round(pct([t[3] for t in moves if t[2] == ph], 95), 1)
                                               for ph in sorted({t[2] for t in moves})}}
    result["click_while_thinking_ms"] = stats(thinking)
    if args.json:
        print(json.dumps(result, indent=2))
    print(f"Computer players in Chromium ({args.level}, {len(moves)} decisions, {len(thinking)} clicks while a bot "
          "thought)")
    ws = result["worker_start_ms"]
    print(f"{'worker start-up, page ready -> worker ready (median)':<46} {ws['median']:9.1f} ms   "
          f"runs {ws['runs']}")
    d = result["decisions"]
    print(f"{'decision in the worker, mean':<46} {d['worker_ms'].get('mean', float('nan')):9.1f} ms")
    target = TARGET_DECISION_P95_MS[args.level]
    print(line("decision in the worker, p95", d["worker_ms"].get("p95", float("nan")), target))
    print(line("searched decisions (rondel, bonds…), p95", d["searched_decisions_worker_ms"].get("p95", float("nan")),
               TARGET_DECISION_P95_MS[args.level]))
    cp = d["cpython_ms"]
    if cp.get("n"):
        print(f"{'the same decisions in CPython, mean / p95':<46} {cp['mean']:9.1f} ms   p95 {cp['p95']:.1f} ms   "
              f"(CPython's target: strong ≤ 300 ms, expert ≤ 2 s p95); Chromium / CPython: mean {d['worker_ms']['mean'] / cp['mean']:.2f}, "
              f"p95 {d['worker_ms']['p95'] / cp['p95']:.2f}")
    print(line("request -> answer on the page, p95", d["post_to_answer_ms"].get("p95", float("nan")),
               TARGET_DECISION_P95_MS[args.level]))
    c = result["click_while_thinking_ms"]
    print(line("click on a tab while a bot thinks, p95", c.get("p95", float("nan")), TARGET_CLICK_MS))
    if result["page_errors"]:
        print("page errors:", result["page_errors"])


if __name__ == "__main__":
    main()
