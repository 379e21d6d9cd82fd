"""Computer opponents: tournaments between bot levels, decision times, tuning.

Run: ``.venv/bin/python bench/bots.py [--games N] [--boards europe,world2030] [--pairings ...]``.
Each pairing plays ``N`` seeded 4-player games per board (``--pairings strong:normal:200,…`` sets the count
per pairing; the issue asks 200): the tested bot sits in every seat in turn, the three others are its
opponents (``--progress K``: a partial row every K games, so that a run cut short still reports the
games played, with their interval).  Reported: the tested bot's win share with a 95 % (Wilson) interval,
its mean score margin over the best opponent, decision times of every player kind (mean/p95 over all its decisions), and the CPU time;
then the decision times of each level on the decisions it searches.  Nothing is asserted.

Players: ``random`` (uniform), ``greedy`` (one step ahead, maximizing its score if the game ended now),
``easy``, ``normal``, ``strong`` (``imperial_bots.choose`` at that level); ``rollout`` and ``rollout1``,
experiments: normal with a rollout over the normal policy at its key decisions (:func:`rollout_player`), to
the end of the third nation turn after this one (``rollout``) or of the next nation's turn (``rollout1``).

Other modes:

* ``--pyodide N``: the strong level's decision times on N positions here and in Pyodide (Node runs the same
  WebAssembly as Chromium; needs ``dist/pyodide`` from ``python3 build.py build``), their ratio, and whether
  both interpreters chose the same actions;
* ``--tune``: coordinate search on the evaluation's and the greedy policy's parameters by self-play, per
  board (a changed parameter is kept when a greedy player using it does better on the same deals than one
  using the current parameters, by more than two standard errors); the results go into
  ``imperial_bots.evaluate.FITTED`` and ``imperial_bots.policy.TUNED`` by hand;
* ``--fit N``: least-squares fit of the evaluation to the final scores of N self-play games (a diagnostic:
  the best predictor of final scores made worse decisions than the tuned weights).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "pkg")]

import imperial_bots  # noqa: E402
from imperial_bots.baselines import random_index, score_greedy_index  # noqa: E402
from imperial_bots.evaluate import Weights, weights_for  # noqa: E402
from imperial_bots.policy import Tuning, greedy_index, tuning_for  # noqa: E402
from imperial_core import GameState, apply_index, new_game, ranking, scores  # noqa: E402

NAMES = ["Ann", "Bob", "Cem", "Dee", "Eve", "Fay"]
Player = Callable[[GameState, random.Random], int]


def level_player(level: str, weights: Weights | None = None, seconds: float | None = None) -> Player:
    def play(state: GameState, rng: random.Random) -> int:
        return imperial_bots.choose_index(state, level=level, seed=rng.randrange(1 << 30), seconds=seconds,
                                          weights=weights)
    return play


def rollout_player(k: int = 3, turns: int = 3) -> Player:
    """An experiment (issue 22): the normal level, but at its key decisions (rondel, bonds, …) normal's ``k``
    best candidates by its own look-ahead are each played on by the normal level in every seat until ``turns``
    more nation turns have begun and ended (the rest of this turn, then ``turns`` whole nation turns; 1: to the
    end of the next nation's turn), then evaluated; normal's choice stays unless another is better there."""
    from imperial_bots.policy import KEY_DECISIONS, keys_of, me_of
    from imperial_bots.search import LEVEL_CONFIG, lookahead, util_vector
    from imperial_core.engine import paused_gc

    def roll(s: GameState) -> GameState:
        seen, cur = 0, (s.round, s.active_nation)
        for _ in range(3000):
            if s.is_over:
                break
            if (s.round, s.active_nation) != cur:
                seen, cur = seen + 1, (s.round, s.active_nation)
                if seen > turns:
                    break
            s = apply_index(s, imperial_bots.choose_index(s, level="normal"))
        return s

    def play(state: GameState, rng: random.Random) -> int:
        if state.decision not in KEY_DECISIONS or len(keys_of(state)) == 1:
            return imperial_bots.choose_index(state, level="normal", seed=rng.randrange(1 << 30))
        w, tu = weights_for(state.board), tuning_for(state.board)
        with paused_gc():
            first, vals = lookahead(state, w, tu, LEVEL_CONFIG["normal"])
        me = me_of(state)
        out = [(i, util_vector(roll(apply_index(state, i)), w)[me]) for i, _v in vals[:k]]
        best = max(out, key=lambda x: x[1])
        return best[0] if best[1] > dict(out)[first] else first
    return play


PLAYERS: dict[str, Player] = {
    "random": random_index,
    "greedy": score_greedy_index,
    "easy": level_player("easy"),
    "normal": level_player("normal"),
    "strong": level_player("strong"),
    "expert": level_player("expert"),
    "rollout": rollout_player(),
    "rollout1": rollout_player(turns=1),
}


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
            test_player: Player | None = None, opp_player: Player | None = None, progress: int = 0) -> dict:
    """``games`` games of one ``test`` bot against ``n_players - 1`` ``opp`` bots; every ``progress`` games
    the games played so far are reported as a partial row (a run cut short still says what it found)."""
    wins, margins, times, lengths, unfinished = 0, [], {}, [], 0
    tp = test_player or PLAYERS[test]
    op = opp_player or PLAYERS[opp]
    t0 = time.process_time()
    for g in range(games):
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
        if progress and (g + 1) % progress == 0 and g + 1 < games:
            print("partial " + report({"test": test, "opp": opp, "board": board, "games": g + 1, "wins": wins,
                                       "margins": margins, "times": times, "cpu": time.process_time() - t0,
                                       "lengths": lengths, "unfinished": unfinished}), flush=True)
    return {"test": test, "opp": opp, "board": board, "games": games, "wins": wins, "margins": margins,
            "times": times, "cpu": time.process_time() - t0, "lengths": lengths, "unfinished": unfinished}


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
    tp = PLAYERS[test]

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


def _greedy(weights: Weights, tuning: Tuning) -> Player:
    def play(state: GameState, rng: random.Random) -> int:
        return greedy_index(state, rng, weights, tuning)
    return play


def _metric(s: GameState, seat: int) -> float:
    """A seat's score against the mean of the others, relative to the mean score."""
    sc = list(scores(s).values())
    others = (sum(sc) - sc[seat]) / (len(sc) - 1)
    return (sc[seat] - others) / max(1.0, sum(sc) / len(sc))


def tune(games: int, rounds: int, board: str, start: Weights | None = None) -> tuple[Weights, Tuning]:
    """Coordinate search on the evaluation's and the policy's parameters by greedy self-play on one board.

    A candidate changes one parameter; it plays ``games`` games in one seat (rotating) against three
    players with the current parameters, and each game is paired with the same deal played by four current
    players: the candidate is kept when its mean gain in the seat's relative score is above two standard
    errors."""
    w, tu = start or weights_for(board), tuning_for(board)
    w_steps = {"tau": 0.8, "tau_inv": 1.0, "rmax": 4.0, "length": 4.0, "grow": 0.25, "blend": 0.4, "rho": 0.4,
               "w_tr": 0.2, "w_unit": 0.4, "w_gov": 2.0, "w_card": 2.0, "near": 0.3, "threat": 0.3,
               "rev_min": 1.5, "rel": 0.3, "tr_rev": 0.1, "w_bonus": 0.4}
    t_steps = {"pos": 0.1, "gamma": 0.2, "guard": 0.3, "min_gain": 0.15, "perm": 0.5}
    deals = [(30000 + g, g % 4) for g in range(games)]

    def run(cw: Weights, ctu: Tuning, base: list[float] | None) -> list[float]:
        out = []
        for seed, seat in deals:
            players = [_greedy(w, tu)] * 4
            players[seat] = _greedy(cw, ctu)
            out.append(_metric(play_game(board, seed, players, ["x"] * 4), seat))
        return out if base is None else [a - b for a, b in zip(out, base, strict=True)]

    base = run(w, tu, None)
    for rnd in range(rounds):
        for name, delta in [*w_steps.items(), *t_steps.items()]:
            on_w = name in w_steps
            cur = getattr(w if on_w else tu, name)
            for sign in (1, -1):
                val = round(max(0.0, cur + sign * delta), 4)
                if name in ("blend", "rel", "gamma") and val > 1.0:
                    continue
                cw = w.with_(**{name: val}) if on_w else w
                ctu = tu if on_w else replace(tu, **{name: val})
                d = run(cw, ctu, base)
                m = statistics.mean(d)
                se = statistics.stdev(d) / math.sqrt(len(d))
                print(f"{board} round {rnd} {name} {cur:.2f} -> {val:.2f}: gain {m:+.3f} ± {se:.3f}", flush=True)
                if m > 2 * se:
                    w, tu = cw, ctu
                    base = run(w, tu, None)
                    print(f"  keep {name} = {val:.2f}", flush=True)
                    break
    print(f"{board} tuned weights: {w}", flush=True)
    print(f"{board} tuned policy: {tu}", flush=True)
    return w, tu


def collect(games: int, board: str, level: str = "easy", every: int = 4, seed0: int = 40000) -> list[tuple]:
    """Self-play games at ``level`` (3 to 5 players): for each, the summaries of some of its states in order
    and the final scores."""
    from imperial_bots.evaluate import summarize

    out = []
    for g in range(games):
        n = 3 + g % 3
        rng = random.Random(seed0 + g)
        s = new_game(NAMES[:n], board=board, seed=seed0 + g)
        seen: list = []
        step = 0
        while not s.is_over:
            if step % every == rng.randrange(every):
                seen.append(summarize(s))
            s = apply_index(s, PLAYERS[level](s, rng))
            step += 1
        out.append((seen, [scores(s)[p] for p in NAMES[:n]]))
    return out


def fit_loss(w: Weights, board: str, data: list[tuple], smooth: float = 1.0) -> float:
    """Mean squared error of the predicted final scores against the mean score of the game (what decides
    who wins), plus a quarter of the error of the mean itself, plus ``smooth`` times the squared change of
    the prediction from one sampled state to the next (a prediction should not jump with every move)."""
    from imperial_bots.evaluate import board_info, values

    info = board_info(board)
    total, count = 0.0, 0
    for seen, final in data:
        mf = sum(final) / len(final)
        prev = None
        for sm in seen:
            v = values(sm, info, w)
            mv = sum(v) / len(v)
            rel = [a - mv for a in v]
            total += sum((a - b + mf) ** 2 for a, b in zip(rel, final, strict=True)) / len(v)
            total += 0.25 * (mv - mf) ** 2
            if prev is not None:
                total += smooth * sum((a - b) ** 2 for a, b in zip(rel, prev, strict=True)) / len(v)
            prev = rel
            count += 1
    return total / count


FIT_STEPS = {"tau": 0.5, "tau_inv": 0.8, "rmax": 3.0, "length": 2.0, "grow": 0.15, "blend": 0.25, "rho": 0.2, "w_tr": 0.15,
             "w_unit": 0.4, "w_gov": 1.5, "w_card": 1.0, "near": 0.3, "threat": 0.3, "rev_min": 1.0,
             "tr_rev": 0.08, "tr_cap": 5.0, "w_bonus": 0.3}
BOUNDS = {"blend": (0.0, 1.0), "grow": (0.0, 1.5), "tau": (1.0, 6.0), "tau_inv": (1.0, 8.0), "rmax": (4.0, 30.0),
          "length": (8.0, 40.0)}


def fit(w: Weights, board: str, data: list[tuple], sweeps: int = 6) -> Weights:
    """Coordinate descent on the evaluation's weights: each step is tried up and down, halved when neither
    helps."""
    best = fit_loss(w, board, data)
    steps = dict(FIT_STEPS)
    for sweep in range(sweeps):
        for name in steps:
            for sign in (1, -1):
                lo, hi = BOUNDS.get(name, (0.0, 1e9))
                val = min(hi, max(lo, getattr(w, name) + sign * steps[name]))
                cand = w.with_(**{name: round(val, 4)})
                loss = fit_loss(cand, board, data)
                if loss < best - 1e-9:
                    best, w = loss, cand
                    break
            else:
                steps[name] /= 2
        print(f"  sweep {sweep}: loss {best:.1f}", flush=True)
    return w


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

PYODIDE_NODE = r"""
import fs from "node:fs";
import path from "node:path";
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(path.join(job.index, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: job.index + "/" });
await py.loadPackage(["pydantic"], { messageCallback: () => {} });
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    if (e.name === "__pycache__") continue;
    const s = path.join(src, e.name), d = dst + "/" + e.name;
    if (e.isDirectory()) copy(s, d); else py.FS.writeFile(d, fs.readFileSync(s));
  }
}
for (const p of job.packages) copy(path.join(job.pkg, p), "/engine/" + p);
py.runPython("import sys; sys.path.insert(0, '/engine')");
py.runPython(job.program);
py.globals.set("job_json", JSON.stringify({ texts: job.texts, level: job.level }));
const out = py.runPython("import json as _j; _job = _j.loads(job_json); main(_job['texts'], _job['level'])");
const info = py.runPython("import sys; sys.version.split()[0]");
fs.writeFileSync(job.out, JSON.stringify({ info, result: JSON.parse(out) }));
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
    import json
    import shutil
    import subprocess
    import tempfile

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
    if shutil.which("node") is None or not (index / "pyodide.mjs").exists():
        print("Pyodide: skipped (needs node and dist/pyodide: python3 build.py build)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        job = {"index": str(index), "pkg": str(root / "pkg"), "packages": ["imperial_core", "imperial_bots"],
               "program": PYODIDE_PROGRAM, "texts": texts, "level": level, "out": f"{tmp}/out.json"}
        Path(tmp, "job.json").write_text(json.dumps(job))
        Path(tmp, "run.mjs").write_text(PYODIDE_NODE)
        proc = subprocess.run(["node", f"{tmp}/run.mjs", f"{tmp}/job.json"], capture_output=True, text=True,
                              timeout=3600, env={**os.environ, "NODE_OPTIONS": ""})
        if proc.returncode != 0:
            print("Pyodide run failed:", proc.stderr[-2000:])
            return
        there = json.loads(Path(tmp, "out.json").read_text())
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
    ap.add_argument("--pyodide", type=int, default=0, help="time this many strong decisions here and in Pyodide")
    ap.add_argument("--tune", action="store_true")
    ap.add_argument("--fit", type=int, default=0, help="fit the evaluation to the outcomes of this many games")
    ap.add_argument("--fit-level", default="easy")
    ap.add_argument("--tune-games", type=int, default=100)
    ap.add_argument("--tune-rounds", type=int, default=1)
    args = ap.parse_args()
    boards = args.boards.split(",")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]} on {sys.platform}, load average {load:.2f}")
    if args.pyodide:
        pyodide_timing(args.pyodide)
        return 0
    if args.tune:
        for board in boards:
            tune(args.tune_games, args.tune_rounds, board)
        return 0
    if args.fit:
        for board in boards:
            t0 = time.process_time()
            data = collect(args.fit, board, args.fit_level)
            print(f"{board}: {sum(len(x[0]) for x in data)} states from {args.fit} games ({time.process_time() - t0:.0f} s); "
                  f"loss of the current weights {fit_loss(weights_for(board), board, data):.1f}", flush=True)
            w = fit(weights_for(board), board, data)
            print(f"{board}: fitted {w.as_dict()}", flush=True)
        return 0
    print("| pairing | board | games | win share [95 % CI] | mean margin | decision time mean/p95 | rounds | CPU |")
    print("|---|---|---|---|---|---|---|---|")
    for p in args.pairings.split(","):
        test, opp, *count = p.split(":")
        games = int(count[0]) if count else args.games
        for board in boards:
            print(report(pairing(test, opp, board, games, args.seed, progress=args.progress)), flush=True)
    if args.timing_games:
        for level in ("easy", "normal", "strong"):
            for board in boards:
                xs = key_times(level, board, args.timing_games)
                print(f"{level} on {board}: searched decisions (rondel, bonds, …) {_ms(xs)} over {len(xs)}",
                      flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
