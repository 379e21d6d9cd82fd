"""Engine benchmark: random games per second, actions per second, replay time, token lengths.

Run: ``.venv/bin/python bench/engine.py [--rounds R] [--games N] [--against REV ...]``.  Timings only;
nothing is asserted.  Other work on the machine slows every figure down, so each timing is repeated and the
best round is reported beside the median, and the random games are also timed in process CPU time
(less sensitive to other programs than wall time on a busy machine, though not immune).

``--against REV`` (a commit, a branch; may be given more than once) times the engine of that revision side
by side with this one: each engine plays in a process of its own (a temporary ``git worktree`` of the
revision, removed afterwards), the rounds alternate between the engines on the same seeds, and the figures
of each engine are printed with their ratio.  ``--against first`` names the first version of the engine,
commit be57ffb (the end of the first session, before the turn-flow table and events); the issue's target is
at least 2x its random games per second (Europe; that engine has no other board).

Figures of 2026-11-24 (2-core machine shared with other jobs, load average 7.7; medians of 12 alternating
rounds of 6 Europe games, in CPU time, the steadier figure under such load): this engine 53.6 games/s, the first
version 47.8, main before the speed round (6318004) 46.3; ratios 1.12x and 1.16x (wall time 1.14x and 1.17x).
The 2x target is not met; README.md's benchmarks section says what is left.

``--own-player`` (with ``--against``) times each engine's own seeded random player instead
(``imperial_core.randomplay.random_game``, the same games): the first version's goes through
``legal_actions`` and ``apply_index``, this one's plays in place.  Issue 22 (2026-11-26, load average 3.7, 16
rounds of 6 games): 1.62-1.84x the first version in CPU time (1.84x in instructions); the public loop 1.19x.

Links of layout 3 (2026-11-28, load average about 1, best of 9 runs each, two alternating runs per build): the
finished 6-player game ``randomplay.random_game(27, 6)`` (1,146 actions) as a link takes 522 characters with
every seat named and played by link, 0.26 of the 2,000-character target (512 in layout 2, with neither).
Ranking each move's notation instead of storing its index: decode 20.8-22.5 ms before (commit 6fbb205, layout
2), 24.4-24.7 ms after, and with every cache emptied first 25.1-27.0 ms before, 31.2-32.1 after; encode
20.4-21.2 / 24.8-25.0 ms (cold 24.9-26.5 / 32.3).  Steps with a single legal action are not ranked, and a
notation is written from the action's key without building the action (``actions.notation_of``): written
through the pydantic actions, decoding ``random_game(1, 6)`` (922 actions) cold took 30.9 ms, from the keys 24.4
(19.5 in layout 2).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
#: The engine as the first session left it (before the turn-flow table and events).
FIRST_VERSION = "be57ffb"


def _use_engine(pkg: Path) -> None:
    """Import ``imperial_core`` from ``pkg`` (not from whatever the environment installed)."""
    sys.path.insert(0, str(pkg))


def random_game(seed: int, n_players: int, board: str = "europe"):
    """A whole game through the public API: ``legal_actions`` then ``apply`` at every step."""
    from imperial_core import apply, legal_actions, new_game

    rng = random.Random(seed)
    s = new_game(NAMES[:n_players], seed=seed) if board == "europe" else \
        new_game(NAMES[:n_players], board=board, seed=seed)
    actions = 0
    while not s.is_over:
        acts = legal_actions(s)
        s = apply(s, acts[rng.randrange(len(acts))])
        actions += 1
    return s, actions


def own_random_game(seed: int, n_players: int):
    """The same game as :func:`random_game` (Europe), played by the engine's own seeded random player
    (``imperial_core.randomplay.random_game``: the first version's goes through ``legal_actions`` and
    ``apply_index``; this one plays in place)."""
    from imperial_core.randomplay import random_game as play

    s = play(seed, n_players)
    return s, len(s.history)


def timed_games(first_seed: int, games: int, board: str = "europe", own: bool = False) -> dict:
    """Wall and CPU time of ``games`` random games from ``first_seed`` (2-6 players by seed); ``own``: by
    the engine's own random player (:func:`own_random_game`)."""
    t0, c0 = time.perf_counter(), time.process_time()
    n_actions = 0
    for seed in range(first_seed, first_seed + games):
        _s, n = own_random_game(seed, 2 + seed % 5) if own else random_game(seed, 2 + seed % 5, board)
        n_actions += n
    return {"wall": time.perf_counter() - t0, "cpu": time.process_time() - c0, "actions": n_actions}


def serve(pkg: str) -> int:
    """Worker for side-by-side runs: one JSON request a line (``[first_seed, games, board]``) on stdin, one
    JSON answer a line on stdout."""
    _use_engine(Path(pkg))
    for line in sys.stdin:
        first, games, board, own = json.loads(line)
        print(json.dumps(timed_games(first, games, board, own)), flush=True)
    return 0


class Engine:
    """An engine of some revision, playing in a process of its own."""

    def __init__(self, label: str, root: Path, python: str, own: bool = False):
        self.label = label
        self.own = own
        self.proc = subprocess.Popen(
            [python, str(ROOT / "bench" / "engine.py"), "--serve", str(root / "pkg")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=str(root))
        self.rates: list[float] = []
        self.cpu_rates: list[float] = []

    def run(self, first: int, games: int, board: str, record: bool = True) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([first, games, board, self.own]) + "\n")
        self.proc.stdin.flush()
        r = json.loads(self.proc.stdout.readline())
        if record:
            self.rates.append(games / r["wall"])
            self.cpu_rates.append(games / r["cpu"])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()

    def summary(self) -> str:
        return (f"median {statistics.median(self.rates):.1f} games/s, best {max(self.rates):.1f}; "
                f"CPU time: median {statistics.median(self.cpu_rates):.1f}, best {max(self.cpu_rates):.1f}")


def side_by_side(revs: list[str], rounds: int, games: int, own: bool = False) -> None:
    """This engine against the engines of ``revs``, alternating rounds on the same seeds (Europe); ``own``:
    each engine's own random player plays (:func:`own_random_game`), else the public API loop."""
    tmp = Path(tempfile.mkdtemp(prefix="imperial-bench-"))
    trees: list[Path] = []
    engines = [Engine("this tree", ROOT, sys.executable, own)]
    try:
        for rev in revs:
            commit = FIRST_VERSION if rev == "first" else rev
            tree = tmp / f"rev{len(trees)}"
            subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), commit], cwd=ROOT,
                           check=True)
            trees.append(tree)
            short = subprocess.run(["git", "rev-parse", "--short", commit], cwd=ROOT, check=True, text=True,
                                   capture_output=True).stdout.strip()
            engines.append(Engine(f"{rev} ({short})" if rev != short else short, tree, sys.executable, own))
        for e in engines:  # warm-up: imports, board tables
            e.run(10_000, 2, "europe", record=False)
        seed = 0
        for r in range(rounds):
            order = engines if r % 2 == 0 else engines[::-1]
            for e in order:
                e.run(seed, games, "europe")
            seed += games
        how = "each engine's own random player" if own else "legal_actions + apply"
        print(f"side by side, Europe, {rounds} alternating rounds of {games} random games (2-6 players; {how}):")
        for e in engines:
            print(f"  {e.label}: {e.summary()}")
        mine = engines[0]
        for e in engines[1:]:
            ratio = statistics.median(mine.rates) / statistics.median(e.rates)
            cpu_ratio = statistics.median(mine.cpu_rates) / statistics.median(e.cpu_rates)
            per_round = [a / b for a, b in zip(mine.rates, e.rates, strict=True)]
            line = (f"  this tree / {e.label}: {ratio:.2f}x (CPU time {cpu_ratio:.2f}x; "
                    f"rounds {min(per_round):.2f}-{max(per_round):.2f}x)")
            if e.label.startswith("first"):
                target = 2 * statistics.median(e.rates)
                line += f"; target 2x = {target:.1f} games/s: {'met' if ratio >= 2 else 'not met'}"
            print(line)
    finally:
        for e in engines:
            e.close()
        for tree in trees:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=8, help="games per round")
    ap.add_argument("--against", action="append", default=[], metavar="REV",
                    help="also time the engine of this revision, side by side ('first': the first version)")
    ap.add_argument("--own-player", action="store_true",
                    help="with --against: each engine's own random player (imperial_core.randomplay; this "
                         "engine's plays in place) instead of the public legal_actions + apply loop")
    ap.add_argument("--serve", metavar="PKG", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        return serve(args.serve)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]} on {sys.platform}, load average {load:.2f}")
    if args.against:
        side_by_side(args.against, args.rounds, args.games, args.own_player)
        return 0

    _use_engine(ROOT / "pkg")
    from imperial_core import decode, encode
    from imperial_core.codec import replay

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
    six_player_link(timed)
    return 0


#: A finished 6-player game's link must stay this short (characters), every seat named and played by link.
LINK_TARGET = 2000


def six_player_link(timed) -> None:
    """A finished 6-player game as a link of layout 3 (``randomplay.random_game(27, 6)``, the game pinned in
    ``tests/engine/data``): its length against :data:`LINK_TARGET`, and decode / encode times, warm (the
    notations of its actions already written once) and cold (every cache of the engine emptied first).
    ``replay(state)`` replays the same record by index, as layout 2 did, without ranking notations."""
    from imperial_core import decode, encode
    from imperial_core.codec import replay
    from imperial_core.engine import clear_caches
    from imperial_core.randomplay import random_game as own_game

    game = own_game(27, 6)
    seats = ["human", "easy", "normal", "strong", "expert", "human"]
    token = encode(game, seats=seats, by_link=True)
    assert decode(token) == game

    def cold(fn):
        return lambda: (clear_caches(), fn())

    dec, enc, rep = timed(lambda: decode(token)), timed(lambda: encode(game, seats=seats, by_link=True)), \
        timed(lambda: replay(game))
    dec_cold, enc_cold, rep_cold = timed(cold(lambda: decode(token))), \
        timed(cold(lambda: encode(game, seats=seats, by_link=True))), timed(cold(lambda: replay(game)))
    print(f"finished 6-player game, {len(game.history)} actions, as a link (layout 3, seats, played by link): "
          f"{len(token)} chars, target <= {LINK_TARGET}: {len(token) / LINK_TARGET:.2f} of it")
    print(f"  decode best {min(dec):.1f} ms (cold {min(dec_cold):.1f}), encode best {min(enc):.1f} ms "
          f"(cold {min(enc_cold):.1f}); replay(state) by index best {min(rep):.1f} ms (cold {min(rep_cold):.1f})")


if __name__ == "__main__":
    sys.exit(main())
