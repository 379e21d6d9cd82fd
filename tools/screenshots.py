"""Render the board screenshots under docs/ with a headless Chromium (development-time).

``python tools/screenshots.py [--out docs]``: start positions of both boards and a mid-game
Europe board (built by ``tests/render/midgame.py``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "tests" / "render"))  # midgame.py

sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - one place for the browser and its flags


def panels_html(state: object) -> str:
    """Rondel, treasuries and tracks of a state side by side."""
    from render import rondel_svg, tracks_svg, treasuries_svg

    return ("<div style='display:flex;gap:16px;align-items:flex-start;padding:12px;background:#FBF8F0'>"
            f"<div style='width:280px;height:280px'>{rondel_svg(state)}</div>"
            "<div style='display:flex;flex-direction:column;gap:8px'>"
            f"<div style='width:420px;height:160px'>{treasuries_svg(state)}</div>"
            f"<div style='width:700px;height:196px'>{tracks_svg(state)}</div></div></div>")


def shots() -> dict[str, Callable[[], str]]:
    """File name -> HTML page to photograph."""
    from render import board_svg

    out = {
        "map-europe-start.png": lambda: board_svg(board="europe"),
        "map-world2030-start.png": lambda: board_svg(board="world2030"),
    }
    try:
        from midgame import midgame_state

        out["map-europe-midgame.png"] = lambda: board_svg(midgame_state())
        out["map-europe-panels.png"] = lambda: panels_html(midgame_state())
        from imperial_core import new_game

        out["map-europe-start.png"] = lambda: board_svg(new_game(["Ann", "Bob", "Cem", "Dan"], seed=1))
    except ImportError as exc:  # the engine is optional for the empty boards
        print("skipping game states:", exc)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=str(ROOT / "docs"))
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, make in shots().items():
            if args.only and args.only not in name:
                continue
            svg = make()
            width = 1280
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.set_content(f"<!doctype html><html><body style='margin:0;background:#fff'>"
                             f"<div id='shot' style='width:{width}px;line-height:0'>{svg}</div></body></html>")
            page.locator("#shot").screenshot(path=str(out / name))
            page.close()
            print("wrote", out / name)
        browser.close()


if __name__ == "__main__":
    main()
