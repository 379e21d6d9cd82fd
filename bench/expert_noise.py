"""How much of the expert's choice is the luck of its play on: the measurement of issue 43.

Run: ``.venv/bin/python bench/expert_noise.py collect --positions 60 --out FILE.jsonl`` (checkpointed, resumes),
then ``.venv/bin/python bench/expert_noise.py report FILE.jsonl``.

``collect`` takes positions the expert searches from seeded games of the normal level (both boards in turn,
seeds 7000+), and at each plays every one of normal's best ``--top`` candidates on ``--samples`` times, each
sample with its own luck seed (the same seed for every candidate: common random numbers), with the expert's
own play on (:func:`imperial_bots.expert.play_on`, rivals' noise as the expert's), plus once with rivals
without noise; it records each player's learned value and the decisions spent at every depth of
:data:`DEPTHS` nation turns.  ``report`` replays search designs on those records offline (a design's luck
samples and budget, counted in decisions as the expert counts them) and compares each with a reference made
of other samples (disjoint: the reference is independent of the design's luck): how often the design picks
the reference's best, its regret in the reference's points, and how often its pick changes with the luck seed.  ``time FILE``: the expert's
CPU time per decision at those positions for each rival noise.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "pkg")]

from imperial_bots import learned  # noqa: E402
from imperial_bots.evaluate import summarize, utilities, weights_for  # noqa: E402
from imperial_bots.expert import (  # noqa: E402
    EXPERT_CONFIG,
    ExpertConfig,
    is_searched,
    normal_index,
    play_on_index,
    reranked,
)
from imperial_bots.policy import me_of, tuning_for  # noqa: E402
from imperial_bots.search import LEVEL_CONFIG, lookahead  # noqa: E402
from imperial_core import GameState, apply_index, from_position, new_game, to_position  # noqa: E402

NAMES = ["Ann", "Bob", "Cem", "Dee"]
#: Nation turns begun after the searched one at which the values are recorded.
DEPTHS = (2, 3, 5, 8, 11, 17)


def positions(n: int, seed0: int = 7000, share: float = 0.025, per_game: int = 4) -> Iterator[str]:
    """Searched positions from seeded games of four normal players, the boards in turn: each searched
    decision with probability ``share``, at most ``per_game`` a game (spread over the whole game)."""
    out = 0
    g = 0
    while out < n:
        board = ("europe", "world2030")[g % 2]
        s = new_game(NAMES, board=board, seed=seed0 + g)
        rng = random.Random(seed0 + g)
        w, tu, cfg = weights_for(board), tuning_for(board), LEVEL_CONFIG["normal"]
        took = 0
        while not s.is_over and took < per_game and out < n:
            if is_searched(s) and rng.random() < share:
                yield to_position(s)
                out += 1
                took += 1
            s = apply_index(s, normal_index(s, w, tu, cfg)[0])
        g += 1


def record(s: GameState, name: str, rng: random.Random, noise: float) -> list[dict]:
    """Play on from ``s`` as the expert does (its seat ``name`` normal, rivals noisy) to the deepest of
    :data:`DEPTHS`; per depth the players' learned values and the decisions spent to get there."""
    w, tu, cfg = weights_for(s.board), tuning_for(s.board), LEVEL_CONFIG["normal"]
    ecfg = ExpertConfig(rival_noise=noise)
    out: list[dict] = []
    seen, cur, steps = 0, (s.round, s.active_nation), 0
    want = list(DEPTHS)
    while want:
        tid = (s.round, s.active_nation)
        if s.is_over or tid != cur:
            if not s.is_over:
                seen, cur = seen + 1, tid
            while want and (s.is_over or seen > want[0]):
                out.append({"depth": want.pop(0), "steps": steps, "v": learned.values(s, summarize(s))})
            if not want:
                break
        steps += 1
        s = apply_index(s, play_on_index(s, w, tu, cfg, name, rng, ecfg))
    return out


def collect(n: int, out: Path, top: int, samples: int) -> None:
    done = set()
    if out.exists():
        done = {json.loads(x)["pos"] for x in out.read_text().splitlines() if x.strip()}
    for pos in positions(n):
        if pos in done:
            continue
        s = from_position(pos)
        w, tu, cfg = weights_for(s.board), tuning_for(s.board), LEVEL_CONFIG["normal"]
        _i, vals = lookahead(s, w, tu, cfg, top=EXPERT_CONFIG.top_k)
        order = [j for j, _v in vals]
        luck = f"expert|{pos}"
        cands = {}
        for j in order[:top]:
            after = apply_index(s, j)
            runs = [record(after, s.current_player, random.Random(luck if k == 0 else f"{luck}|{k}"),
                           EXPERT_CONFIG.rival_noise) for k in range(samples)]
            quiet = record(after, s.current_player, random.Random(luck), 0.0)
            cands[str(j)] = {"runs": runs, "quiet": quiet}
        row = {"pos": pos, "board": s.board, "me": me_of(s), "order": order, "cands": cands}
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(s.board, len(order), flush=True)


# --- the offline replay of designs ---------------------------------------------------------------------

def util(v: list[float], me: int, kind: str, rel: float) -> float:
    if kind == "own":
        return v[me]
    if kind == "best":
        return utilities(v, weights_for("europe").with_(rel=1.0))[me]
    if kind == "mean":
        return utilities(v, weights_for("europe").with_(rel=0.0))[me]
    return utilities(v, weights_for("europe").with_(rel=rel))[me]


def at(run: list[dict], depth: int) -> dict:
    return next(r for r in run if r["depth"] == depth)


def design(row: dict, stages: tuple[tuple[int, int], ...], seeds: list[int], steps: int, kind: str,
           quiet: bool = False) -> tuple[int, int]:
    """A design's pick at a recorded position and the decisions it spent: ``stages`` as the expert's,
    each candidate played on with every luck sample of ``seeds`` (values averaged), within ``steps``."""
    rel = weights_for(row["board"]).rel
    me, order = row["me"], [j for j in row["order"] if str(j) in row["cands"]]
    left, spent_at = steps, {}  # (cand, seed) -> decisions spent so far
    for turns, keep in stages:
        scored = []
        for j in order[:keep]:
            tot, ok = 0.0, True
            for k in seeds:
                c = row["cands"][str(j)]
                r = at(c["quiet"], turns) if quiet else at(c["runs"][k], turns)
                cost = r["steps"] - spent_at.get((j, k), 0)
                if cost > left:
                    ok = False
                    break
                left -= cost
                spent_at[(j, k)] = r["steps"]
                tot += util(r["v"], me, kind, rel)
            if not ok:
                break
            scored.append((tot / len(seeds), j))
        if len(scored) < 2:
            break
        order = reranked(order, scored)
        if len(scored) < min(keep, len(order)):
            break
    return order[0], steps - left


def reference(row: dict, seeds: list[int], depth: int = 17, kind: str = "mix") -> dict[int, float]:
    rel = weights_for(row["board"]).rel
    return {int(j): statistics.fmean(util(at(c["runs"][k], depth)["v"], row["me"], kind, rel) for k in seeds)
            for j, c in row["cands"].items()}


DESIGNS: dict[str, dict] = {
    "today (5,6),(11,3),(17,2) x1": {"stages": ((5, 6), (11, 3), (17, 2)), "n": 1},
    "normal's look-ahead alone": {"stages": (), "n": 1},
    "today, no budget": {"stages": ((5, 6), (11, 3), (17, 2)), "n": 1, "steps": 10**6},
    "today, rivals quiet": {"stages": ((5, 6), (11, 3), (17, 2)), "n": 1, "quiet": True},
    "today, own score": {"stages": ((5, 6), (11, 3), (17, 2)), "n": 1, "kind": "own"},
    "today, best other": {"stages": ((5, 6), (11, 3), (17, 2)), "n": 1, "kind": "best"},
    "today, mean other": {"stages": ((5, 6), (11, 3), (17, 2)), "n": 1, "kind": "mean"},
    "(5,6) x1": {"stages": ((5, 6),), "n": 1},
    "(5,6),(11,3) x1": {"stages": ((5, 6), (11, 3)), "n": 1},
    "(3,6) x2": {"stages": ((3, 6),), "n": 2},
    "(3,6) x3": {"stages": ((3, 6),), "n": 3},
    "(2,6) x4": {"stages": ((2, 6),), "n": 4},
    "(3,6),(5,3) x2": {"stages": ((3, 6), (5, 3)), "n": 2},
    "(3,6),(8,2) x2": {"stages": ((3, 6), (8, 2)), "n": 2},
    "(5,6) x2": {"stages": ((5, 6),), "n": 2},
    "(2,6),(5,3) x3": {"stages": ((2, 6), (5, 3)), "n": 3},
    "(3,6),(8,3) x2": {"stages": ((3, 6), (8, 3)), "n": 2},
    "(5,4) x2": {"stages": ((5, 4),), "n": 2},
    "(3,4),(8,2) x2": {"stages": ((3, 4), (8, 2)), "n": 2},
    "quiet (5,6) x1": {"stages": ((5, 6),), "n": 1, "quiet": True},
    "quiet (5,6),(11,3)": {"stages": ((5, 6), (11, 3)), "n": 1, "quiet": True},
    "quiet (3,6),(8,3)": {"stages": ((3, 6), (8, 3)), "n": 1, "quiet": True},
    "quiet (5,6),(11,4),(17,2)": {"stages": ((5, 6), (11, 4), (17, 2)), "n": 1, "quiet": True},
    "quiet today, mean other": {"stages": ((5, 6), (11, 3), (17, 2)), "n": 1, "quiet": True, "kind": "mean"},
    "quiet today, no budget": {"stages": ((5, 6), (11, 3), (17, 2)), "n": 1, "quiet": True, "steps": 10**6},
    "quiet (17,6) no budget": {"stages": ((17, 6),), "n": 1, "quiet": True, "steps": 10**6},
    "(5,6) x2 no budget": {"stages": ((5, 6),), "n": 2, "steps": 10**6},
    "(17,6) x1 no budget": {"stages": ((17, 6),), "n": 1, "steps": 10**6},
    "(11,6) x2 no budget": {"stages": ((11, 6),), "n": 2, "steps": 10**6},
}


def report(path: Path, ref_depth: int, ref_n: int = 5) -> None:
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    rows = [r for r in rows if len(r["cands"]) >= 2]
    n_s = min(len(c["runs"]) for r in rows for c in r["cands"].values())
    ref_seeds = list(range(n_s - ref_n, n_s))
    pool = n_s - ref_n
    print(f"{len(rows)} positions ({sum(r['board'] == 'europe' for r in rows)} Europe), {n_s} luck samples each;"
          f" reference: the mean of samples {ref_seeds[0]}-{ref_seeds[-1]} at depth {ref_depth}, every candidate;"
          f" designs use disjoint blocks of samples 0-{pool - 1}")
    refs = [reference(r, ref_seeds, ref_depth) for r in rows]
    # the reference's own noise: a second reference from the other samples
    same = 0
    for r, ref in zip(rows, refs, strict=True):
        b = reference(r, list(range(pool)), ref_depth)
        same += max(ref, key=ref.get) == max(b, key=b.get)
    print(f"reference vs the mean of samples 0-{pool - 1}, same best: {same}/{len(rows)}")
    print(f"{'design':34} {'agree':>6} {'regret':>7} {'vs today':>13} {'stable':>7} {'steps':>6} {'p95':>5}")
    base: list[float] = []
    for name, d in DESIGNS.items():
        nd = d["n"]
        blocks = [list(range(b * nd, (b + 1) * nd)) for b in range(pool // nd)]
        if d.get("quiet"):
            blocks = blocks[:1]
        kw = {"steps": d.get("steps", EXPERT_CONFIG.steps), "kind": d.get("kind", "mix"),
              "quiet": d.get("quiet", False)}
        agree = regret = 0.0
        per: list[float] = []
        stable, pairs = 0, 0
        costs = []
        for r, ref in zip(rows, refs, strict=True):
            best = max(ref, key=ref.get)
            picks = []
            for blk in blocks:
                pick, cost = design(r, d["stages"], blk, **kw)
                picks.append(pick)
                agree += (pick == best) / len(blocks)
                regret += (ref[best] - ref[pick]) / len(blocks)
                costs.append(cost)
            per.append(regret)
            for a in range(len(picks)):
                for b in range(a + 1, len(picks)):
                    stable += picks[a] == picks[b]
                    pairs += 1
        m = len(rows)
        costs.sort()
        st = f"{stable / pairs:7.0%}" if pairs else f"{'-':>7}"
        per = [b - a for a, b in zip([0.0, *per], per, strict=False)]  # each position's regret
        if not base:
            base = per
        diff = [a - b for a, b in zip(per, base, strict=True)]
        se = statistics.stdev(diff) / math.sqrt(m) if any(diff) else 0.0
        print(f"{name:34} {agree / m:6.0%} {regret / m:7.2f} {statistics.fmean(diff):+6.2f}±{1.96 * se:4.2f}"
              f" {st} {statistics.fmean(costs):6.0f}"
              f" {costs[math.ceil(0.95 * len(costs)) - 1]:5d}")


def timing(path: Path, noises: list[float]) -> None:
    """The expert's decision time (``seconds=None``, its page budget) at the recorded positions, with each
    rival noise in turn at every position (interleaved, so that a change of load hits both alike)."""
    import time

    from imperial_bots.expert import expert_search

    pos = [json.loads(x)["pos"] for x in path.read_text().splitlines() if x.strip()]
    times: dict[float, list[float]] = {x: [] for x in noises}
    same = 0
    for text in pos:
        s = from_position(text)
        w, tu = weights_for(s.board), tuning_for(s.board)
        picks = []
        for x in noises:
            t0 = time.process_time()
            picks.append(expert_search(s, w, tu, ExpertConfig(rival_noise=x))[0])
            times[x].append(time.process_time() - t0)
        same += len(set(picks)) == 1
    for x, ts in times.items():
        ts.sort()
        print(f"rival noise {x}: CPU mean {statistics.fmean(ts) * 1000:.0f} ms, p95 "
              f"{ts[math.ceil(0.95 * len(ts)) - 1] * 1000:.0f} ms over {len(ts)} positions")
    print(f"the same choice at {same}/{len(pos)}")


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--positions", type=int, default=60)
    c.add_argument("--top", type=int, default=6)
    c.add_argument("--samples", type=int, default=10)
    c.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("report")
    r.add_argument("file", type=Path)
    r.add_argument("--depth", type=int, default=17)
    r.add_argument("--ref", type=int, default=5, help="luck samples of the reference (the last ones)")
    t = sub.add_parser("time")
    t.add_argument("file", type=Path)
    t.add_argument("--noises", default="0.25,0")
    a = ap.parse_args()
    if a.cmd == "collect":
        collect(a.positions, a.out, a.top, a.samples)
    elif a.cmd == "time":
        timing(a.file, [float(x) for x in a.noises.split(",")])
    else:
        report(a.file, a.depth, a.ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
