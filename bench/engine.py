"""Engine benchmark: random games per second, actions per second, replay time, token lengths.

Run: ``.venv/bin/python bench/engine.py [--rounds R] [--games N]``.  Timings only; nothing is
asserted.  Other work on the machine slows every figure down, so each timing is repeated and the
best round is reported beside the median, and the random games are also timed in process CPU time
(less sensitive to other programs than wall time on a busy machine, though not immune).
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


def random_game(seed: int, n_players: int, board: str = "europe"):
    """A whole game through the public API: ``legal_actions`` then ``apply`` at every step."""
    rng = random.Random(seed)
    s = new_game(NAMES[:n_players], board=board, seed=seed)
    actions = 0
    while not s.is_over:
        acts = legal_actions(s)
        s = apply(s, acts[rng.randrange(len(acts))])
        actions += 1
    return s, actions


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=8, help="games per round")
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]} on {sys.platform}, load average {load:.2f}")

    finished = []
    for board in ("europe", "world2030"):
        rates, action_rates, cpu_rates = [], [], []
        seed = 0
        games = []
        for _ in range(args.rounds):
            t0, c0 = time.perf_counter(), time.process_time()
            n_actions = 0
            for _ in range(args.games):
                s, n = random_game(seed, 2 + seed % 5, board)
                seed += 1
                games.append(s)
                n_actions += n
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            rates.append(args.games / dt)
            cpu_rates.append(args.games / dc)
            action_rates.append(n_actions / dt)
        per_game = statistics.mean(len(s.history) for s in games)
        print(f"{board}: random games, 2-6 players (legal_actions + apply): best {max(rates):.1f} games/s "
              f"({max(action_rates):.0f} actions/s), median {statistics.median(rates):.1f} games/s; "
              f"CPU time: best {max(cpu_rates):.1f}, median {statistics.median(cpu_rates):.1f} games/s; "
              f"{per_game:.0f} actions per game")
        if board == "europe":
            finished = games

    lengths = [len(encode(s)) for s in finished]
    print(f"token length of {len(finished)} finished games: min {min(lengths)}, "
          f"mean {statistics.mean(lengths):.0f}, max {max(lengths)} chars")

    # replay of a 750-action game: the finished game closest to 750 actions, cut to 750
    target = min(finished, key=lambda s: abs(len(s.history) - 750))
    if len(target.history) > 750:
        target = replay(target.model_copy(update={"history": target.history[:750]}))
    token = encode(target)

    def timed(fn) -> list[float]:
        out = []
        for _ in range(10):
            t0 = time.perf_counter()
            fn()
            out.append((time.perf_counter() - t0) * 1000)
        return out

    dec = timed(lambda: decode(token))
    rep = timed(lambda: replay(target))
    enc = timed(lambda: encode(target))
    print(f"replay of a {len(target.history)}-action game: decode(token) best {min(dec):.1f} ms "
          f"(median {statistics.median(dec):.1f}), replay(state) best {min(rep):.1f} ms, "
          f"encode best {min(enc):.1f} ms; token {len(token)} chars")
    return 0


if __name__ == "__main__":
    sys.exit(main())
