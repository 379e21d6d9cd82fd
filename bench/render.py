#!/usr/bin/env python3
"""Time to draw the map in CPython: a mid-game Europe board (target <= 30 ms) and both empty boards, in one
piece, and its two layers apart (the static board, drawn once per board; the pieces layer, drawn per move).

    .venv/bin/python bench/render.py [--repeat 50]

The first call also reads the geometry JSON (cached afterwards); it is reported apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "tests" / "render"))

from midgame import midgame_state  # noqa: E402
from render import board_svg, pieces_svg, static_svg  # noqa: E402


def timed(fn, repeat: int) -> tuple[float, float, float]:
    """First call, median and best of ``repeat`` further calls, in milliseconds."""
    t = time.perf_counter()
    fn()
    first = (time.perf_counter() - t) * 1000
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t) * 1000)
    return first, statistics.median(runs), min(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    state = midgame_state()
    cases = {
        "europe mid-game": lambda: board_svg(state),
        "europe empty": lambda: board_svg(board="europe"),
        "world2030 empty": lambda: board_svg(board="world2030"),
        "europe static": lambda: static_svg("europe"),
        "europe mid pieces": lambda: pieces_svg(state),
    }
    print(f"python {sys.version.split()[0]}, {args.repeat} runs each")
    for name, fn in cases.items():
        first, med, best = timed(fn, args.repeat)
        size = len(fn())
        print(f"{name:18s} first {first:6.1f} ms   median {med:6.1f} ms   best {best:6.1f} ms   {size / 1024:6.1f} KiB")


if __name__ == "__main__":
    main()
