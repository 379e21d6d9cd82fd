"""Engine benchmark: random games per second, actions per second, replay time, token lengths.

Run: ``.venv/bin/python bench/engine.py [--games N]``.  Timings only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from imperial_core import apply, decode, encode, legal_actions, new_game
from imperial_core.codec import replay

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


def random_game(seed: int, n_players: int):
    rng = random.Random(seed)
    s = new_game(NAMES[:n_players], seed=seed)
    actions = 0
    while not s.is_over:
        acts = legal_actions(s)
        s = apply(s, acts[rng.randrange(len(acts))])
        actions += 1
    return s, actions


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]} on {sys.platform}, load average {load:.2f} "
          "(wall-clock figures suffer when the machine is busy; CPU-time figures much less)")

    t0 = time.perf_counter()
    c0 = time.process_time()
    finished = []
    total_actions = 0
    for k in range(args.games):
        s, n = random_game(k, 2 + k % 5)
        finished.append(s)
        total_actions += n
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    print(f"random games (legal_actions + apply): {args.games / dt:.1f} games/s, "
          f"{total_actions / dt:.0f} actions/s, {total_actions / args.games:.0f} actions per game "
          f"(CPU time: {args.games / cpu:.1f} games/s, {total_actions / cpu:.0f} actions/s)")

    tokens = [encode(s) for s in finished]
    lengths = [len(t) for t in tokens]
    print(f"token length of finished games: min {min(lengths)}, mean {statistics.mean(lengths):.0f}, "
          f"max {max(lengths)} chars")

    # replay of a 750-action game: the finished game closest to 750 actions, cut to 750
    target = min(finished, key=lambda s: abs(len(s.history) - 750))
    if len(target.history) > 750:
        target = replay(target.model_copy(update={"history": target.history[:750]}))
    token = encode(target)
    reps = 10
    t0 = time.perf_counter()
    c0 = time.process_time()
    for _ in range(reps):
        decode(token)
    dec = (time.perf_counter() - t0) / reps
    dec_cpu = (time.process_time() - c0) / reps
    t0 = time.perf_counter()
    for _ in range(reps):
        replay(target)
    rep = (time.perf_counter() - t0) / reps
    t0 = time.perf_counter()
    for _ in range(reps):
        encode(target)
    enc = (time.perf_counter() - t0) / reps
    print(f"replay of a {len(target.history)}-action game: decode(token) {dec * 1000:.1f} ms "
          f"(CPU {dec_cpu * 1000:.1f} ms), "
          f"replay(state) {rep * 1000:.1f} ms, encode {enc * 1000:.1f} ms, token {len(token)} chars")
    return 0


if __name__ == "__main__":
    sys.exit(main())
