"""Two bots' tournament games compared on the same deals (the same seed and seat).

Run: ``.venv/bin/python bench/paired.py BASE.jsonl:TEST NEW.jsonl:TEST``: per board and opponent, the games
both played (``bench/bots.py --results`` rows), each one's win share with its 95 % (Wilson) interval and mean
margin, and the paired difference of the margins (mean, 95 % interval) and of the wins (games only one of them
won).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import wilson  # noqa: E402


def rows(spec: str) -> dict[tuple[str, str, int, int], dict]:
    path, _, test = spec.rpartition(":")
    out = {}
    for line in Path(path).read_text().splitlines():
        r = json.loads(line)
        if r["test"] == test:
            out[(r["opp"], r["board"], r["seed"], r["seat"])] = r
    return out


def share(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} {k / n:.0%} [{lo:.0%}–{hi:.0%}]"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("new")
    a = ap.parse_args()
    base, new = rows(a.base), rows(a.new)
    print("| opponents | board | games | base wins | new wins | base margin | new margin | margin new − base "
          "[95 %] | won by new only / base only |")
    print("|---|---|---|---|---|---|---|---|---|")
    for opp, board in sorted({(k[0], k[1]) for k in new}):
        keys = sorted(k for k in new if k[:2] == (opp, board) and k in base)
        if not keys:
            continue
        n = len(keys)
        bw = sum(base[k]["win"] for k in keys)
        nw = sum(new[k]["win"] for k in keys)
        bm = [base[k]["margin"] for k in keys]
        nm = [new[k]["margin"] for k in keys]
        d = [x - y for x, y in zip(nm, bm, strict=True)]
        half = 1.96 * statistics.stdev(d) / math.sqrt(n) if n > 1 else float("nan")
        only_new = sum(new[k]["win"] and not base[k]["win"] for k in keys)
        only_base = sum(base[k]["win"] and not new[k]["win"] for k in keys)
        print(f"| {opp} | {board} | {n} | {share(bw, n)} | {share(nw, n)} | {statistics.fmean(bm):+.1f} | "
              f"{statistics.fmean(nm):+.1f} | {statistics.fmean(d):+.1f} [{statistics.fmean(d) - half:+.1f}, "
              f"{statistics.fmean(d) + half:+.1f}] | {only_new} / {only_base} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
