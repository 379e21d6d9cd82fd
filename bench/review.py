#!/usr/bin/env python3
"""The review of a whole game in real Chromium: how long "Review" on the score screen takes, from the click
to the review on screen, in the computer players' worker.

    .venv/bin/python bench/review.py [--game full|short] [--seed 3] [--level strong] [--dist dist]

Serves dist/ (run `python3 build.py build` first) on a loopback port.

* ``--game full`` (the figure of the README): a whole 4-player game on the Europe board, played by the
  greedy policy with some noise from ``--seed`` (every decision a person would take, maneuvers included);
  ``short``: the 59 decisions of ``e2e/reviewgame.py`` (to see that the benchmark works, in a few seconds).
* The game is imported into the page as a file, the worker is started and ready, then Review is clicked;
  the figure is the time from the click to the review drawn (``data-review="kept"``), and the worker's own
  time for it (``ms`` of its answer).
* The same review is then made in CPython (the worker's own function, in this process), so that the ratio
  Chromium / CPython can be read apart from the machine's load.

Figures are printed with the target and their ratio to it; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT / "e2e"))

from benchlib import BROWSER, ready_page, serve  # noqa: E402
from conftest import CHROMIUM_ARGS  # noqa: E402 - one place for the browser and its flags

TARGET_S = 60.0
PLAYERS = ["Ann", "Bob", "Cem", "Dee"]


def full_game(seed: int):
    """A whole 4-player game of the greedy policy with noise (fast to make, every kind of decision)."""
    import imperial_core as ic
    from imperial_bots.evaluate import weights_for
    from imperial_bots.policy import greedy_index, tuning_for

    s = ic.new_game(PLAYERS, seed=seed)
    w, tu = weights_for(s.board), tuning_for(s.board)
    rng = random.Random(seed)
    while not s.is_over:
        s = ic.apply_index(s, greedy_index(s, rng, w, tu, 1.0))
    return s


def line(name: str, figure: float, target: float, unit: str = "s") -> str:
    return f"{name:<44} {figure:8.1f} {unit}   target ≤ {target:.0f} {unit}   ratio {figure / target:5.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="full", choices=["full", "short"])
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--level", default="strong", choices=["easy", "normal", "strong"])
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    args = ap.parse_args()

    import imperial_core as ic
    from imperial_ui import botanswer, reviewdata
    from imperial_ui.session import Session
    from playwright.sync_api import sync_playwright
    from reviewgame import finished_game

    reviewdata.LEVEL = args.level  # this process's copy only: the page asks at its own level
    state = full_game(args.seed) if args.game == "full" else finished_game()
    decisions = len(state.history)
    save = Session.from_state(state, game_id="bench-review").to_save().encode()

    server, url = serve(Path(args.dist))
    result: dict = {"game": args.game, "decisions": decisions, "rounds": state.round}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BROWSER, args=CHROMIUM_ARGS)
        ctx, page, errors = ready_page(browser, url, viewport={"width": 1280, "height": 860})
        page.evaluate("() => window.imperialBots.start()")
        page.wait_for_function("() => ['ready', 'failed'].includes(document.body.dataset.worker)", timeout=180_000)
        before = page.evaluate("() => document.body.dataset.game || ''")
        page.locator("#menu input[data-import]").set_input_files(
            files=[{"name": "game.json", "mimeType": "application/json", "buffer": save}])
        page.wait_for_function("g => (document.body.dataset.game || '') !== g", arg=before, timeout=60_000)
        t0 = time.perf_counter()
        page.locator('#scores-body button[data-cmd="review"]').click()
        page.wait_for_function("() => document.body.dataset.review === 'kept'", timeout=1_800_000, polling=100)
        result["chromium_s"] = round(time.perf_counter() - t0, 2)
        result["worker_s"] = round(float(page.evaluate("() => Number(document.body.dataset.reviewMs)")) / 1000, 2)
        result["turning_points"] = page.locator("#review-box button.tp").count()
        result["page_errors"] = errors
        ctx.close()
        browser.close()
    server.shutdown()

    t, cpu = time.perf_counter(), time.process_time()
    botanswer.answer(json.dumps({"id": 1, "kind": "review", "game": ic.save(state), "level": args.level}))
    result["cpython_s"] = round(time.perf_counter() - t, 2)
    result["cpython_cpu_s"] = round(time.process_time() - cpu, 2)

    print(f"review of a {len(PLAYERS)}-player game ({args.game}: {decisions} decisions, {state.round} rounds), "
          f"level {args.level}")
    print(line("Chromium: click on Review to the review shown", result["chromium_s"], TARGET_S))
    print(line("Chromium: the worker's own time", result["worker_s"], TARGET_S))
    print(f"{'CPython: the same review':<44} {result['cpython_s']:8.1f} s   (CPU {result['cpython_cpu_s']:.1f} s)   "
          f"Chromium / CPython {result['worker_s'] / max(result['cpython_s'], 1e-9):5.2f}")
    print(f"turning points shown: {result['turning_points']}; page errors: {len(errors)}")
    if args.json:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
