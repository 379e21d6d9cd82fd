"""Screenshots of the game page of a built site, to compare two builds by eye (development-time).

    .venv/bin/python tools/page_shots.py --dist dist --out /tmp/shots/after [--widths 1280,390] [--lang de]

For each width: the start screen, the mid-game position of ``e2e/readable_position.py`` (a rondel decision),
and a maneuver with a unit selected (its destinations highlighted), each as ``<out>/<view>-<width>.png``; the
same two on the 2030 world board as ``<out>/world-<view>-<width>.png``.
Run it on two builds (say main's ``dist`` and a branch's) and look at the pairs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "pkg"))

import imperial_core as core  # noqa: E402
from benchlib import ready_page, serve  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - one place for the browser and its flags
from readable_position import midgame  # noqa: E402

HEIGHTS = {1920: 1080, 1280: 800, 768: 1024, 390: 844}


def maneuver(seed: int = 3, board: str = "europe") -> core.GameState:
    """The first maneuver of a seeded game in which an army may move."""
    s = core.new_game(["Ann", "Bo", "Cy", "Di"], seed=seed, board=board)
    while not any(a.type == "army" for a in core.legal_actions(s)):
        s = core.apply(s, core.legal_actions(s)[0])
    return s


def open_link(page, state: core.GameState) -> None:
    before = page.evaluate("() => document.body.dataset.game || ''")
    page.evaluate("t => { history.replaceState(null, '', location.pathname); location.hash = 'g=' + t; }",
                  core.encode(state))
    page.wait_for_function("g => document.body.dataset.game !== g", arg=before)
    page.evaluate("() => document.querySelector('#prompt')?.open && document.querySelector('#prompt').close()")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--widths", default="1280,390")
    ap.add_argument("--lang", default="en", choices=("en", "de", "es"), help="the page's language")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server, url = serve(Path(args.dist))
    views = {"": (midgame(), maneuver()), "world-": (midgame(board="world2030"), maneuver(board="world2030"))}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for width in (int(w) for w in args.widths.split(",")):
                ctx, page, errors = ready_page(browser, url, viewport={"width": width,
                                                                       "height": HEIGHTS.get(width, 900)})
                if args.lang != "en":
                    page.select_option("#lang", args.lang)
                    page.wait_for_function("l => document.documentElement.lang === l", arg=args.lang)
                page.screenshot(path=str(out / f"start-{width}.png"))
                for prefix, (mid, man) in views.items():
                    open_link(page, mid)
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"{prefix}midgame-{width}.png"))
                    open_link(page, man)
                    page.locator("#map [data-choice]").first.dispatch_event("click")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"{prefix}maneuver-{width}.png"))
                ctx.close()
                if errors:
                    print(f"page errors at {width} px: {errors}")
            browser.close()
    finally:
        server.shutdown()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
