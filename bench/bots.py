"""Computer opponents: tournaments between bot levels, the expert's budget curve, decision times.

Run: ``.venv/bin/python bench/bots.py [--games N] [--boards europe,world2030] [--pairings ...]``.
Each pairing plays ``N`` seeded 4-player games per board (``--pairings expert:normal:200,…`` sets the count
per pairing; the issue asks 200): the tested bot sits in every seat in turn, the three others are its
opponents (``--progress K``: a partial row every K games, so that a run cut short still reports the
games played, with their interval; ``--seed S`` continues a run from its S-th game).  Reported: the tested
bot's win share with a 95 % (Wilson) interval, its mean score margin over the best opponent, decision times
of every player kind (mean/p95 over all its decisions), and the CPU time; then the decision times of each
level on the decisions it searches.  Nothing is asserted.

Players: ``random`` (uniform), ``greedy`` (one step ahead, maximizing its score if the game ended now),
``easy``, ``normal``, ``strong``, ``expert`` (``imperial_bots.choose`` at that level, without a time budget,
so that a game depends only on its seed), ``expert@N``: the expert with a budget of N decisions played on
(the default is ``imperial_bots.expert.EXPERT_CONFIG.steps``), ``expert~R`` (or ``expert@N~R``): the
expert with a share R of its rivals' decisions noisy in its play on (``ExpertConfig.rival_noise``), and two
opponents no level simulates:
``noisy-normal`` (the normal level, with a quarter of its decisions the easy level's, the choice drawn from
the game's seeded generator) and ``expert-2026-11`` (a frozen copy of the expert of November 2026,
``bench/expert_2026_11.py``).  Pairings are paired on the same deals: game ``g`` of a pairing is the deal of
seed ``--seed + g`` with the tested bot in seat ``(seed + g) % 4``, whichever bots play it.

``--results FILE``: every game is appended to FILE (JSON lines) as it ends, and games already there are not
played again, so a long run in the background is checkpointed game by game and resumes; the rows are
reported from every game in the file.  ``--budgets 40,80,160,320`` adds the budget
curve: ``expert@N`` against three normal players at each budget.

``--pyodide N``: a level's decision times (``--level``, strong unless given) on N positions here and in
Pyodide (Node runs the same WebAssembly as Chromium; needs ``dist/pyodide`` from ``python3 build.py build``),
their ratio, and whether both interpreters chose the same actions.  The expert's learned evaluation is
made by ``bench/learn.py``; its tournaments run in the background by ``bench/learn/tournaments.sh``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "pkg"), str(Path(__file__).resolve().parent),
                 str(Path(__file__).resolve().parent.parent)]

import imperial_bots  # noqa: E402
from imperial_bots.baselines import random_index, score_greedy_index  # noqa: E402
from imperial_bots.evaluate import Weights  # noqa: E402
from imperial_bots.expert import ExpertConfig  # noqa: E402
from imperial_core import GameState, apply_index, new_game, ranking, scores  # noqa: E402

from tools import pyodide_node  # noqa: E402

NAMES = ["Ann", "Bob", "Cem", "Dee", "Eve", "Fay"]
Player = Callable[[GameState, random.Random], int]


def level_player(level: str, weights: Weights | None = None, seconds: float | None = None) -> Player:
    def play(state: GameState, rng: random.Random) -> int:
        return imperial_bots.choose_index(state, level=level, seed=rng.randrange(1 << 30), seconds=seconds,
                                          weights=weights)
    return play


def noisy_normal(state: GameState, rng: random.Random) -> int:
    """The normal level, with a quarter of its decisions the easy level's (the choice drawn from ``rng``)."""
    level = "easy" if rng.random() < NOISY_SHARE else "normal"
    return imperial_bots.choose_index(state, level=level, seed=rng.randrange(1 << 30))


def frozen_expert(state: GameState, _rng: random.Random) -> int:
    """The expert of November 2026 (``bench/expert_2026_11.py``)."""
    import expert_2026_11

    return expert_2026_11.choose_index(state)


#: The share of a noisy normal player's decisions that are the easy level's.
NOISY_SHARE = 0.25

PLAYERS: dict[str, Player] = {
    "random": random_index,
    "greedy": score_greedy_index,
    "easy": level_player("easy"),
    "normal": level_player("normal"),
    "strong": level_player("strong"),
    "expert": level_player("expert"),
    "noisy-normal": noisy_normal,
    "expert-2026-11": frozen_expert,
}


def player(name: str) -> Player:
    """A player of :data:`PLAYERS`, or ``expert@N``: the expert with a budget of N decisions played on, or
    ``expert~R`` (``expert@N~R``): with a share R of its rivals' decisions noisy in its play on; a tail
    ``^K``: each maneuver step among its K best moves judged by the learned evaluation at the turn's end."""
    if name.startswith(("expert@", "expert~", "expert^")):
        rest, _, top = name.removeprefix("expert").partition("^")
        rest, _, noise = rest.partition("~")
        cfg = ExpertConfig(steps=int(rest[1:]) if rest else ExpertConfig.steps,
                           rival_noise=float(noise) if noise else ExpertConfig.rival_noise,
                           maneuver_top=int(top) if top else ExpertConfig.maneuver_top)

        def play(state: GameState, rng: random.Random) -> int:
            return imperial_bots.choose_index(state, level="expert", seed=rng.randrange(1 << 30), expert_config=cfg)
        return play
    return PLAYERS[name]


def play_game(board: str, seed: int, players: list[Player], labels: list[str],
              times: dict[str, list[float]] | None = None, max_steps: int = 5000) -> GameState:
    """One seeded game; ``times[label]`` collects each player's decision times."""
    rng = random.Random(seed * 7919 + 13)
    s = new_game(NAMES[: len(players)], board=board, seed=seed)
    seat = {n: i for i, n in enumerate(NAMES[: len(players)])}
    for _ in range(max_steps):
        if s.is_over:
            break
        i = seat[s.current_player]
        t0 = time.perf_counter()
        k = players[i](s, rng)
        dt = time.perf_counter() - t0
        if times is not None:
            times.setdefault(labels[i], []).append(dt)
        s = apply_index(s, k)
    return s


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def pairing(test: str, opp: str, board: str, games: int, seed0: int = 1000, n_players: int = 4,
            test_player: Player | None = None, opp_player: Player | None = None, progress: int = 0,
            results: Path | None = None) -> dict:
    """``games`` games of one ``test`` bot against ``n_players - 1`` ``opp`` bots; every ``progress`` games
    the games played so far are reported as a partial row (a run cut short still says what it found).  With
    ``results``, each game is appended to that file and games already in it are taken from it."""
    wins, margins, times, lengths, unfinished = 0, [], {}, [], 0
    tp = test_player or PLAYERS[test]
    op = opp_player or PLAYERS[opp]
    t0 = time.process_time()
    done = _done_games(results, test, opp, board)
    for g in range(games):
        old = done.get(seed0 + g)
        if old is not None:
            wins += old["win"]
            margins.append(old["margin"])
            lengths.append(old["rounds"])
            unfinished += not old["over"]
            continue
        seat = (seed0 + g) % n_players  # by the seed: runs that continue one another (--seed) seat alike
        players = [op] * n_players
        labels = [f"{opp} (opp)"] * n_players
        players[seat], labels[seat] = tp, test
        s = play_game(board, seed0 + g, players, labels, times)
        me = NAMES[seat]
        sc = scores(s)
        wins += ranking(s)[0] == me
        margins.append(sc[me] - max(v for k, v in sc.items() if k != me))
        lengths.append(s.round)
        unfinished += not s.is_over
        if results is not None:
            row = {"test": test, "opp": opp, "board": board, "seed": seed0 + g, "seat": seat,
                   "win": ranking(s)[0] == me, "margin": margins[-1], "rounds": s.round, "over": s.is_over}
            with results.open("a") as f:
                f.write(json.dumps(row) + "\n")
        if progress and (g + 1) % progress == 0 and g + 1 < games:
            print("partial " + report({"test": test, "opp": opp, "board": board, "games": g + 1, "wins": wins,
                                       "margins": margins, "times": times, "cpu": time.process_time() - t0,
                                       "lengths": lengths, "unfinished": unfinished}), flush=True)
    return {"test": test, "opp": opp, "board": board, "games": games, "wins": wins, "margins": margins,
            "times": times, "cpu": time.process_time() - t0, "lengths": lengths, "unfinished": unfinished}


def _done_games(results: Path | None, test: str, opp: str, board: str) -> dict[int, dict]:
    """The games of a pairing already in a results file, by seed."""
    if results is None or not results.exists():
        return {}
    out = {}
    for line in results.read_text().splitlines():
        r = json.loads(line)
        if (r["test"], r["opp"], r["board"]) == (test, opp, board):
            out[r["seed"]] = r
    return out


def _ms(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"{1000 * statistics.mean(xs):.1f}/{1000 * p95:.0f} ms"


def report(r: dict) -> str:
    lo, hi = wilson(r["wins"], r["games"])
    share = r["wins"] / r["games"] if r["games"] else 0.0
    margin = statistics.mean(r["margins"]) if r["margins"] else 0.0
    t = "; ".join(f"{k} {_ms(v)}" for k, v in sorted(r["times"].items()))
    rounds = f"{statistics.mean(r['lengths']):.0f}" if r["lengths"] else "-"
    if r.get("unfinished"):
        rounds += f" ({r['unfinished']} unfinished)"
    return (f"| {r['test']} vs 3 {r['opp']} | {r['board']} | {r['games']} | {100 * share:.0f} % "
            f"[{100 * lo:.0f}–{100 * hi:.0f}] | {margin:+.1f} | {t} | {rounds} | {r['cpu']:.0f} s |")


def key_times(test: str, board: str, games: int, seed0: int = 5000) -> list[float]:
    """Decision times of ``test`` on the decisions it searches (rondel, bonds, …), against normal bots."""
    from imperial_bots.policy import KEY_DECISIONS

    out: list[float] = []
    tp = player(test)

    def timed(state: GameState, rng: random.Random) -> int:
        t0 = time.perf_counter()
        k = tp(state, rng)
        if state.decision in KEY_DECISIONS:
            out.append(time.perf_counter() - t0)
        return k

    for g in range(games):
        players = [PLAYERS["normal"]] * 4
        players[g % 4] = timed
        play_game(board, seed0 + g, players, ["x"] * 4)
    return out


# -- the strong level in Pyodide (Node's V8 runs the same WebAssembly as Chromium) --------------------------
PYODIDE_PROGRAM = r"""
import json, time
import imperial_core as ic
import imperial_bots as bots

def main(texts, level):
    out = []
    for i, text in enumerate(texts):
        s = ic.from_position(text)
        t0 = time.perf_counter()
        k = bots.choose_index(s, level=level, seed=i)
        out.append([k, time.perf_counter() - t0])
    return json.dumps(out)
"""


def decision_positions(n: int, seed0: int = 9000) -> list[str]:
    """Positions of the decisions a strong bot takes in seeded games against normal bots, both boards."""
    import imperial_bots as ib
    from imperial_core import to_position

    out: list[str] = []
    g = 0
    while len(out) < n:
        board = ("europe", "world2030")[g % 2]
        s = new_game(NAMES[:4], board=board, seed=seed0 + g)
        rng = random.Random(g)
        while not s.is_over and len(out) < n:
            if s.current_player == NAMES[g % 4] and rng.random() < 0.25:
                out.append(to_position(s))
            s = apply_index(s, ib.choose_index(s, level="normal", seed=g))
        g += 1
    return out


def pyodide_timing(n: int, level: str = "strong") -> None:
    """``level``'s decision times on the same positions here and in Pyodide (Node), and their ratio."""
    import subprocess

    from imperial_core import from_position

    root = Path(__file__).resolve().parent.parent
    index = root / "dist" / "pyodide"
    texts = decision_positions(n)
    here = []
    for i, text in enumerate(texts):
        st = from_position(text)
        t0 = time.perf_counter()
        k = imperial_bots.choose_index(st, level=level, seed=i)
        here.append((k, time.perf_counter() - t0))
    print(f"CPython {sys.version.split()[0]}: {level} over {n} decisions {_ms([t for _k, t in here])}")
    why = pyodide_node.available(index)
    if why:
        print(f"Pyodide: skipped ({why})")
        return
    try:
        there = pyodide_node.run(index, PYODIDE_PROGRAM, {"texts": texts, "level": level}, timeout=3600)
    except pyodide_node.PyodideRunFailed as e:
        print("Pyodide run failed:", e)
        return
    t_there = [t for _k, t in there["result"]]
    same = sum(a[0] == b[0] for a, b in zip(here, there["result"], strict=True))
    ratio = statistics.mean(t_there) / statistics.mean([t for _k, t in here])
    print(f"Pyodide {there['info']} (Node {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}): "
          f"{level} {_ms(t_there)}; ratio of means {ratio:.2f}; same choice in {same} of {n} decisions")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8, help="games per pairing and board (the issue asks 200)")
    ap.add_argument("--boards", default="europe,world2030")
    ap.add_argument("--pairings", default="strong:random,strong:greedy,strong:normal,normal:easy",
                    help="TEST:OPPONENT[:GAMES],… (GAMES overrides --games for that pairing)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--progress", type=int, default=10,
                    help="print a partial row (games so far, win share, CI) every this many games (0: never)")
    ap.add_argument("--timing-games", type=int, default=2, help="games measuring decision times of key decisions")
    ap.add_argument("--pyodide", type=int, default=0, help="time this many decisions here and in Pyodide")
    ap.add_argument("--level", default="strong", help="the level --pyodide times")
    ap.add_argument("--results", type=Path, default=None,
                    help="append each game to this JSON-lines file, and skip the games already in it")
    ap.add_argument("--budgets", default="",
                    help="STEPS,…: the budget curve, expert at each budget (decisions played on) vs 3 normal")
    args = ap.parse_args()
    boards = args.boards.split(",")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]} on {sys.platform}, load average {load:.2f}")
    if args.pyodide:
        pyodide_timing(args.pyodide, args.level)
        return 0
    print("| pairing | board | games | win share [95 % CI] | mean margin | decision time mean/p95 | rounds | CPU |")
    print("|---|---|---|---|---|---|---|---|")
    pairings = [p for p in args.pairings.split(",") if p]
    pairings += [f"expert@{b}:normal" for b in args.budgets.split(",") if b]
    for p in pairings:
        test, opp, *count = p.split(":")
        games = int(count[0]) if count else args.games
        for board in boards:
            print(report(pairing(test, opp, board, games, args.seed, test_player=player(test),
                                 opp_player=player(opp), progress=args.progress,
                                 results=args.results)), flush=True)
    if args.timing_games:
        for level in imperial_bots.LEVELS:
            for board in boards:
                xs = key_times(level, board, args.timing_games)
                print(f"{level} on {board}: searched decisions (rondel, bonds, …) {_ms(xs)} over {len(xs)}",
                      flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
