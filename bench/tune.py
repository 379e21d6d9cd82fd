"""Tuning the expert's evaluation by self-play: a run that lasts hours in the background and resumes.

Run: ``.venv/bin/python bench/tune.py --board europe [--games 24] [--steps 50] [--minutes M]``.

The expert plays on with the normal level in every seat and evaluates where it stops
(``imperial_bots.expert``); this run tunes that evaluation, the expert's own weights, per board.  Coordinate
search: each weight of :data:`STEPS` is moved up, then down; the candidate plays ``--games`` deals as an
expert (``--steps`` decisions played on a decision, by default a quarter of the page's budget, to go faster) in one seat
(rotating) against three normal players on even deals and three strong ones on odd deals, and each deal is
paired with the same deal played by the expert with the current weights.  A candidate is kept when its mean
gain in the seat's relative score (its score against the mean of the others, over the mean score) is more
than two standard errors; the baseline is then played again.

The run's state is written to ``bench/tune/<board>.json`` after every game, and every line it prints is
appended to ``bench/tune/<board>.log`` (games, opponents, results), so a run that is stopped, or ends with a
session, resumes where it stopped when started again with the same board.  Kept weights go into
``imperial_bots.expert.EXPERT_WEIGHTS`` by hand, committed with the log that made them.

``--fit N`` is a diagnostic: a least-squares fit of the evaluation to the final scores of N self-play games
(the best predictor of final scores made worse decisions than the tuned weights).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "pkg"), str(Path(__file__).resolve().parent)]

import imperial_bots  # noqa: E402
from bots import NAMES, PLAYERS, play_game  # noqa: E402
from imperial_bots.evaluate import Weights  # noqa: E402
from imperial_bots.expert import EXPERT_CONFIG, ExpertConfig, leaf_weights  # noqa: E402
from imperial_core import GameState, apply_index, new_game, scores  # noqa: E402

HERE = Path(__file__).resolve().parent / "tune"
#: The weights tried, and the step of each.
STEPS = {"tau": 0.8, "tau_inv": 1.0, "rmax": 4.0, "length": 4.0, "grow": 0.25, "blend": 0.4, "rho": 0.4,
         "w_tr": 0.2, "w_unit": 0.4, "w_gov": 2.0, "w_card": 2.0, "near": 0.3, "threat": 0.3, "rev_min": 1.5,
         "rel": 0.3, "tr_rev": 0.1, "w_bonus": 0.4}
#: Weights that are shares (at most 1).
SHARES = ("blend", "rel", "grow")
OPPONENTS = ("normal", "strong")


def metric(s: GameState, seat: int) -> float:
    """A seat's score against the mean of the others, relative to the mean score."""
    sc = list(scores(s).values())
    others = (sum(sc) - sc[seat]) / (len(sc) - 1)
    return (sc[seat] - others) / max(1.0, sum(sc) / len(sc))


def candidates(w: Weights) -> list[tuple[str, float]]:
    """The weights to try from ``w``, in order: each one up, then down."""
    out = []
    for name, step in STEPS.items():
        cur = getattr(w, name)
        for sign in (1, -1):
            val = round(max(0.0, cur + sign * step), 4)
            if val != cur and not (name in SHARES and val > 1.0):
                out.append((name, val))
    return out


def deal_game(board: str, g: int, leaf: Weights, steps: int) -> float:
    """Deal ``g``: the expert in seat ``g % 4`` against three of ``OPPONENTS[g % 2]``; its relative score."""
    cfg = ExpertConfig(steps=steps, leaf=leaf)

    def expert(state: GameState, _rng: random.Random) -> int:
        return imperial_bots.choose_index(state, level="expert", expert_config=cfg)

    seat, opp = g % 4, PLAYERS[OPPONENTS[g % 2]]
    players = [opp] * 4
    players[seat] = expert
    return metric(play_game(board, 70000 + g, players, ["x"] * 4), seat)


class Run:
    """The tuning run of one board, as kept in its checkpoint."""

    def __init__(self, board: str, games: int, steps: int) -> None:
        self.path, self.log_path = HERE / f"{board}.json", HERE / f"{board}.log"
        self.board = board
        if self.path.exists():
            d = json.loads(self.path.read_text())
            self.games, self.steps = d["games"], d["steps"]
            self.weights = Weights(**d["weights"])
            self.base, self.trial, self.tried, self.kept = d["base"], d["trial"], d["tried"], d["kept"]
            self.say(f"resumed: {len(self.base)} baseline games, candidate {self.tried}, {len(self.trial)} games")
        else:
            self.games, self.steps = games, steps
            self.weights = leaf_weights(board)
            self.base, self.trial, self.tried, self.kept = [], [], 0, []
            self.say(f"{board}: {games} deals a candidate, the expert at {steps} decisions played on, against "
                     f"3 normal (even deals) and 3 strong (odd deals); start {self.weights.as_dict()}")

    def say(self, line: str) -> None:
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}"
        print(line, flush=True)
        HERE.mkdir(exist_ok=True)
        with self.log_path.open("a") as f:
            f.write(line + "\n")

    def save(self) -> None:
        d = {"board": self.board, "games": self.games, "steps": self.steps, "weights": self.weights.as_dict(),
             "base": self.base, "trial": self.trial, "tried": self.tried, "kept": self.kept}
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(d, indent=1))
        tmp.replace(self.path)

    def step(self) -> None:
        """Play one game of the run and keep what it says."""
        if len(self.base) < self.games:
            g = len(self.base)
            self.base.append(metric_game := deal_game(self.board, g, self.weights, self.steps))
            self.say(f"baseline deal {g} vs {OPPONENTS[g % 2]}: {metric_game:+.3f}")
            self.save()
            return
        cands = candidates(self.weights)
        name, val = cands[self.tried % len(cands)]
        w = self.weights.with_(**{name: val})
        g = len(self.trial)
        self.trial.append(m := deal_game(self.board, g, w, self.steps))
        self.say(f"{name} {getattr(self.weights, name):.2f} -> {val:.2f}, deal {g} vs {OPPONENTS[g % 2]}: "
                 f"{m:+.3f} (baseline {self.base[g]:+.3f})")
        if len(self.trial) == self.games:
            d = [a - b for a, b in zip(self.trial, self.base, strict=True)]
            mean, se = statistics.mean(d), statistics.stdev(d) / math.sqrt(len(d))
            keep = mean > 2 * se
            self.say(f"{name} -> {val:.2f}: gain {mean:+.3f} ± {se:.3f} over {len(d)} deals: "
                     f"{'KEPT' if keep else 'not kept'}")
            self.trial = []
            if keep:
                self.weights, self.base, self.tried = w, [], 0
                self.kept.append({"weight": name, "value": val, "gain": round(mean, 4), "se": round(se, 4)})
            else:
                self.tried += 1
        self.save()


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



def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="europe")
    ap.add_argument("--games", type=int, default=24, help="deals a candidate plays (a new run only)")
    ap.add_argument("--steps", type=int, default=EXPERT_CONFIG.steps // 4,
                    help="the expert's decisions played on (a new run only)")
    ap.add_argument("--minutes", type=float, default=0.0, help="stop after this long (0: never)")
    ap.add_argument("--fit", type=int, default=0, help="fit the evaluation to the outcomes of this many games")
    ap.add_argument("--fit-level", default="easy")
    args = ap.parse_args()
    if args.fit:
        from imperial_bots.evaluate import weights_for

        t0 = time.process_time()
        data = collect(args.fit, args.board, args.fit_level)
        print(f"{args.board}: {sum(len(x[0]) for x in data)} states from {args.fit} games "
              f"({time.process_time() - t0:.0f} s); loss of the current weights "
              f"{fit_loss(weights_for(args.board), args.board, data):.1f}", flush=True)
        print(f"{args.board}: fitted {fit(weights_for(args.board), args.board, data).as_dict()}", flush=True)
        return 0
    run = Run(args.board, args.games, args.steps)
    end = time.time() + 60 * args.minutes if args.minutes else math.inf
    while time.time() < end:
        run.step()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
