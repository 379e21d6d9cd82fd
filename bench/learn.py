"""Learning the evaluation from self-play: make data, fit, report held-out error (issue 43).

Run: ``.venv/bin/python bench/learn.py make [--games N] [--minutes M]`` (self-play data; resumes),
``... fit [--chunks N] [--dry]`` (ridge regression, then a one-hidden-layer MLP; needs numpy, at training time
only), ``... table`` (the tournaments that ``bench/learn/tournaments.sh`` checkpoints in
``bench/learn/tournament.jsonl``).

**Data.**  Game ``g`` is made from its number alone (:func:`game_plan`): the board (Europe on even games,
Imperial 2030 on odd ones), the number of players (mostly 4, else 3, 5 or 6) and each seat's player: the
easy level, or the normal level with a share (a quarter or a half) of its decisions taken by easy, the
choice seeded.  About one decision in twenty is sampled as a position (``to_position``), from the first round to
the last, and the finished position too; each game records its final scores.  Games are written in chunks
of :data:`CHUNK` (gzip JSON lines under ``.cache/learn/``, ignored by git); a chunk is written whole, so a run
that is stopped resumes with the next chunk it lacks.  ``bench/learn/manifest.json`` (committed) says which
games, levels, seeds and positions the data holds.

**Fit.**  Features (:mod:`imperial_bots.features`) of every sampled position from each player's view; the
target is that player's final score.  Train and test are split by game (every fifth game is held out).  The
ridge fit is the sum of two, the game's mean final score and a player's score against it (what a decision
compares), each with its penalty chosen on a split of the training games; an MLP is fitted beside it, and kept only if
its held-out error is lower.  Reported: the mean absolute error of final scores by stage (rounds 1–5,
6–10, …) of the ridge fit, the MLP and the hand-made evaluation (``imperial_bots.evaluate.expected_scores``).
The kept weights go to ``pkg/imperial_bots/weights/<board>.json``, with the report in
``bench/learn/fit.log``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "pkg")]

import imperial_bots  # noqa: E402
from imperial_core import GameState, apply_index, legal_actions, new_game, ranking, scores, to_position  # noqa: E402

NAMES = ["Ann", "Bob", "Cem", "Dee", "Eve", "Fay"]
DATA = ROOT / ".cache" / "learn"
HERE = Path(__file__).resolve().parent / "learn"
MANIFEST = HERE / "manifest.json"
#: Games per chunk of data (a chunk is the unit a stopped run resumes from).
CHUNK = 20
#: Share of decisions sampled as positions.
SAMPLE = 0.05
BOARDS = ("europe", "world2030")


def game_plan(g: int) -> dict:
    """Everything about game ``g`` but its moves: board, seed, players' levels and noise."""
    rng = random.Random(f"learn-plan|{g}")
    n = rng.choices((3, 4, 5, 6), weights=(2, 6, 1, 1))[0]
    seats = []
    for _ in range(n):
        if rng.random() < 0.35:
            seats.append({"level": "easy", "noise": 0.0})
        else:
            seats.append({"level": "normal", "noise": rng.choice((0.25, 0.25, 0.5))})
    return {"game": g, "board": BOARDS[g % 2], "seed": 100000 + g, "seats": seats}


def play(plan: dict) -> dict:
    """Play a planned game: its sampled positions and final scores."""
    names = NAMES[: len(plan["seats"])]
    s: GameState = new_game(names, board=plan["board"], seed=plan["seed"])
    rng = random.Random(f"learn-game|{plan['game']}")
    seat = {nm: i for i, nm in enumerate(names)}
    positions: list[list] = []
    k = 0
    while not s.is_over and k < 5000:
        if rng.random() < SAMPLE:
            positions.append([k, s.round, to_position(s)])
        if len(legal_actions(s)) == 1:
            i = 0
        else:
            sp = plan["seats"][seat[s.current_player]]
            level = "easy" if rng.random() < sp["noise"] else sp["level"]
            i = imperial_bots.choose_index(s, level=level, seed=rng.randrange(1 << 30))
        s = apply_index(s, i)
        k += 1
    positions.append([k, s.round, to_position(s)])
    return {**plan, "decisions": k, "rounds": s.round, "over": s.is_over, "final": scores(s),
            "ranking": ranking(s), "positions": positions}


def chunk_path(c: int) -> Path:
    return DATA / f"games-{c:05d}.jsonl.gz"


def chunks_done() -> list[int]:
    return sorted(int(p.name[6:11]) for p in DATA.glob("games-*.jsonl.gz"))


def games(chunks: list[int] | None = None) -> Iterator[dict]:
    """Every game of the data, chunk by chunk."""
    for c in chunks if chunks is not None else chunks_done():
        with gzip.open(chunk_path(c), "rt") as f:
            for line in f:
                yield json.loads(line)


def write_manifest() -> dict:
    """The manifest of the data: games, positions, levels, seeds."""
    done = chunks_done()
    n, pos, levels, players, boards = 0, 0, {}, {}, {}
    for gm in games(done):
        n += 1
        pos += len(gm["positions"])
        boards[gm["board"]] = boards.get(gm["board"], 0) + 1
        players[str(len(gm["seats"]))] = players.get(str(len(gm["seats"])), 0) + 1
        for sp in gm["seats"]:
            key = f"{sp['level']}+{int(100 * sp['noise'])}% easy" if sp["noise"] else sp["level"]
            levels[key] = levels.get(key, 0) + 1
    m = {"games": n, "positions": pos, "chunks": done, "chunk_size": CHUNK, "sample": SAMPLE,
         "boards": boards, "players": players, "seats_by_level": levels,
         "plan": "bench/learn.py game_plan(g): game seed 100000+g, board europe on even g, world2030 on odd",
         "python": sys.version.split()[0]}
    HERE.mkdir(parents=True, exist_ok=True)
    MANIFEST.write_text(json.dumps(m, indent=1) + "\n")
    return m


def make(n_games: int, minutes: float | None) -> None:
    """Make chunks of games until ``n_games`` are made (or ``minutes`` have passed); resumes."""
    DATA.mkdir(parents=True, exist_ok=True)
    t_end = None if minutes is None else time.time() + 60 * minutes
    have = set(chunks_done())
    for c in range((n_games + CHUNK - 1) // CHUNK):
        if c in have:
            continue
        if t_end is not None and time.time() > t_end:
            break
        t0 = time.time()
        rows = [play(game_plan(g)) for g in range(c * CHUNK, (c + 1) * CHUNK)]
        tmp = chunk_path(c).with_suffix(".tmp")
        with gzip.open(tmp, "wt") as f:
            for r in rows:
                f.write(json.dumps(r, separators=(",", ":")) + "\n")
        os.replace(tmp, chunk_path(c))
        m = write_manifest()
        print(f"chunk {c}: {CHUNK} games in {time.time() - t0:.0f} s; data: {m['games']} games, "
              f"{m['positions']} positions", flush=True)


# -- fitting (numpy, at training time only) -----------------------------------------------------------------
#: Stages of the game for the error report: rounds 1–5, 6–10, 11–15, 16–20, 21 and later.
STAGES = ((1, 5), (6, 10), (11, 15), (16, 20), (21, 99))


#: The ridge penalties tried (on standardized features).
PENALTIES = (1.0, 10.0, 100.0, 1000.0, 1e4, 3e4, 1e5)


def held_out(g: int) -> bool:
    """Whether game ``g`` is a test game (one deal in five of each board)."""
    return (g // 2) % 5 == 0


def validation(g: int) -> bool:
    """Whether training game ``g`` is kept aside to choose the fit's penalty and the MLP's stop."""
    return (g // 2) % 5 == 1


def table(board: str, log: list[str], chunks: list[int]):
    """Every sampled position of a board's unfinished positions (a finished game's value is its score), from
    each player's view: features, target, hand-made prediction, game, round, the mean final score of the
    game and the mean of the hand-made predictions at that position."""
    import numpy as np
    from imperial_bots.evaluate import expected_scores, summarize
    from imperial_bots.features import vectors
    from imperial_core import from_position

    xs, ys, hand, gid, rnd, gmean, hmean = [], [], [], [], [], [], []
    n_games = 0
    for gm in games(chunks):
        if gm["board"] != board or not gm["over"]:
            continue
        n_games += 1
        names = NAMES[: len(gm["seats"])]
        final = [gm["final"][nm] for nm in names]
        fmean = sum(final) / len(final)
        for _k, r, text in gm["positions"]:
            s = from_position(text)
            if s.is_over:
                continue
            sm = summarize(s)
            hs = expected_scores(s)
            hm = sum(hs.values()) / len(hs)
            for i, v in enumerate(vectors(s, sm)):
                xs.append(v)
                ys.append(final[i])
                hand.append(hs[names[i]])
                gid.append(gm["game"])
                rnd.append(r)
                gmean.append(fmean)
                hmean.append(hm)
    log.append(f"{board}: {n_games} games, {len(xs) // 1} rows (positions x players)")
    return (np.array(xs), np.array(ys, float), np.array(hand, float), np.array(gid), np.array(rnd),
            np.array(gmean), np.array(hmean))


def ridge(x, y, lam: float):
    """Ridge regression on standardized features (the constant is not penalized): (bias, weights) on the
    raw features."""
    import numpy as np

    mu, sd = x.mean(0), x.std(0)
    sd[sd < 1e-9] = 1.0
    z = (x - mu) / sd
    z[:, 0] = 1.0
    pen = lam * np.eye(z.shape[1])
    pen[0, 0] = 0.0
    beta = np.linalg.solve(z.T @ z + pen, z.T @ y)
    w = beta / sd
    w[0] = 0.0
    bias = beta[0] - float((beta[1:] / sd[1:]) @ mu[1:])
    return bias, w


def mlp(x, y, xv, yv, hidden: int, seed: int, epochs: int = 400, l2: float = 1e-4):
    """A one-hidden-layer ReLU network (Adam, mini-batches), stopped at its best validation error; the
    standardization folded into the first layer: (b1, w1 per feature, b2, w2)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    mu, sd = x.mean(0), x.std(0)
    sd[sd < 1e-9] = 1.0
    ym, ys = y.mean(), y.std()
    z, zv = (x - mu) / sd, (xv - mu) / sd
    t = (y - ym) / ys
    d = z.shape[1]
    params = [rng.normal(0, (2 / d) ** 0.5, (d, hidden)), np.zeros(hidden), rng.normal(0, (1 / hidden) ** 0.5, hidden),
              np.zeros(1)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    best, best_p, step, lr = np.inf, None, 0, 1e-3
    for _ep in range(epochs):
        perm = rng.permutation(len(z))
        for b0 in range(0, len(z), 256):
            idx = perm[b0:b0 + 256]
            w1, b1, w2, b2 = params
            a = z[idx] @ w1 + b1
            h = np.maximum(a, 0)
            err = h @ w2 + b2 - t[idx]
            n = len(idx)
            g2 = h.T @ err / n + l2 * w2
            gb2 = np.array([err.mean()])
            dh = np.outer(err, w2) * (a > 0)
            g1 = z[idx].T @ dh / n + l2 * w1
            gb1 = dh.mean(0)
            step += 1
            for k, g in enumerate((g1, gb1, g2, gb2)):
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                params[k] -= lr * (m[k] / (1 - 0.9 ** step)) / (np.sqrt(v[k] / (1 - 0.999 ** step)) + 1e-8)
        w1, b1, w2, b2 = params
        pv = (np.maximum(zv @ w1 + b1, 0) @ w2 + b2) * ys + ym
        e = float(np.abs(pv - yv).mean())
        if e < best:
            best, best_p, since = e, [p.copy() for p in params], 0
        else:
            since += 1
            if since >= 30:
                break
    w1, b1, w2, b2 = best_p
    w1f = w1 / sd[:, None]
    b1f = b1 - mu @ w1f
    return b1f, w1f, float(b2[0] * ys + ym), w2 * ys


def mlp_predict(x, b1, w1, b2, w2):
    import numpy as np

    return np.maximum(x @ w1 + b1, 0) @ w2 + b2


def by_stage(err, rnd) -> list[str]:
    import numpy as np

    out = []
    for lo, hi in STAGES:
        sel = (rnd >= lo) & (rnd <= hi)
        out.append(f"{np.abs(err[sel]).mean():5.1f} ({sel.sum()})" if sel.any() else "    -")
    out.append(f"{np.abs(err).mean():5.1f} ({len(err)})")
    return out


def fit(boards: list[str], hidden: int, write: bool, n_chunks: int | None) -> None:
    """Fit every board on the first ``n_chunks`` chunks of data (all when None), report held-out errors,
    write the kept weights and the log."""
    import numpy as np
    from imperial_bots.features import names

    chunks = [c for c in chunks_done() if n_chunks is None or c < n_chunks]
    log = [f"bench/learn.py fit --chunks {len(chunks)} --hidden {hidden}, "
           f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: chunks {chunks[0]}–{chunks[-1]} "
           f"({len(chunks) * CHUNK} games)"]
    for board in boards:
        x, y, hand, gid, rnd, gmean, hmean = table(board, log, chunks)
        test = np.array([held_out(int(g)) for g in gid])
        val = np.array([validation(int(g)) for g in gid]) & ~test
        tr = ~test & ~val
        log.append(f"  games: train {len(np.unique(gid[tr]))}, validation {len(np.unique(gid[val]))}, "
                   f"test {len(np.unique(gid[test]))} (split by game)")
        # two parts, each with its own penalty: the game's mean final score, and a player's score against
        # it (what a decision compares); their sum, one linear model, predicts the final score
        parts, best_lam = [], {}
        for part, target in (("mean", gmean), ("relative", y - gmean)):
            best_e = np.inf
            for lam in PENALTIES:
                b, w = ridge(x[tr], target[tr], lam)
                e = float(np.abs(x[val] @ w + b - target[val]).mean())
                log.append(f"  ridge ({part}) penalty {lam:g}: validation MAE {e:.2f}")
                if e < best_e:
                    best_lam[part], best_e = lam, e
            parts.append(ridge(x[~test], target[~test], best_lam[part]))
        b, w = parts[0][0] + parts[1][0], parts[0][1] + parts[1][1]
        p_ridge = x[test] @ w + b
        b1, w1, b2, w2 = mlp(x[tr], y[tr], x[val], y[val], hidden, seed=1)
        p_mlp = mlp_predict(x[test], b1, w1, b2, w2)
        head = " | ".join(f"rounds {lo}–{hi}" if hi < 99 else f"rounds {lo}+" for lo, hi in STAGES)
        log.append("  held-out mean absolute error of final scores (positions x players):")
        log.append(f"  | evaluation | {head} | all |")
        for label, pred in (("ridge", p_ridge), (f"MLP ({hidden} hidden)", p_mlp), ("hand-made", hand[test])):
            log.append(f"  | {label} | " + " | ".join(by_stage(pred - y[test], rnd[test])) + " |")
        # what decisions compare: a player's score against the game's mean, the mean of the same model's
        # predictions at the position taken as the game's (ridge's over the position's players)
        key = np.array([f"{g}|{r}|{k}" for g, r, k in zip(gid[test], rnd[test], np.round(hmean[test], 6), strict=True)])
        p_mean = np.array([p_ridge[key == k].mean() for k in key])
        rel_true = y[test] - gmean[test]
        log.append("  held-out MAE of a player's final score against the game's mean (the part a decision "
                   "compares):")
        log.append("  | ridge | " + " | ".join(by_stage(p_ridge - p_mean - rel_true, rnd[test])) + " |")
        log.append("  | hand-made | " + " | ".join(by_stage(hand[test] - hmean[test] - rel_true, rnd[test])) + " |")
        e_ridge, e_mlp = float(np.abs(p_ridge - y[test]).mean()), float(np.abs(p_mlp - y[test]).mean())
        kind = "mlp" if e_mlp < e_ridge else "ridge"
        log.append(f"  kept: {kind} (held-out MAE ridge {e_ridge:.2f}, MLP {e_mlp:.2f})")
        if kind == "mlp":
            data = {"kind": "mlp", "b1": [round(float(a), 6) for a in b1],
                    "w1": [[round(float(a), 6) for a in row] for row in w1], "b2": round(b2, 6),
                    "w2": [round(float(a), 6) for a in w2]}
        else:
            data = {"kind": "ridge", "bias": round(float(b), 6), "w": [round(float(a), 6) for a in w]}
        data = {"board": board, "names": list(names(board)), **data,
                "fit": {"penalties": best_lam, "held_out_mae": round(min(e_ridge, e_mlp), 3),
                        "games": int(len(np.unique(gid)))}}
        if write:
            out = ROOT / "pkg" / "imperial_bots" / "weights" / f"{board}.json"
            out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
            log.append(f"  wrote {out.relative_to(ROOT)}")
    text = "\n".join(log) + "\n"
    print(text, end="")
    if write:
        HERE.mkdir(parents=True, exist_ok=True)
        (HERE / "fit.log").write_text(text)


def tournament_table(path: Path) -> str:
    """The rows of the tournaments checkpointed in ``path`` (``bench/bots.py --results``): per pairing and
    board, games, win share with its 95 % interval, mean margin over the best opponent."""
    import statistics

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bots import wilson

    rows: dict[tuple[str, str, str], list[dict]] = {}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        rows.setdefault((r["test"], r["opp"], r["board"]), []).append(r)
    out = ["| pairing | board | games | win share [95 % CI] | mean margin |", "|---|---|---|---|---|"]
    for (test, opp, board), rs in sorted(rows.items()):
        k, n = sum(r["win"] for r in rs), len(rs)
        lo, hi = wilson(k, n)
        out.append(f"| {test} vs 3 {opp} | {board} | {n} | {100 * k / n:.0f} % [{100 * lo:.0f}–{100 * hi:.0f}] "
                   f"| {statistics.mean(r['margin'] for r in rs):+.1f} |")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    mk = sub.add_parser("make", help="make self-play data (resumes)")
    mk.add_argument("--games", type=int, default=4000)
    mk.add_argument("--minutes", type=float, default=None)
    ft = sub.add_parser("fit", help="fit the weights and report held-out errors (needs numpy)")
    ft.add_argument("--boards", default=",".join(BOARDS))
    ft.add_argument("--hidden", type=int, default=32)
    ft.add_argument("--dry", action="store_true", help="report only; write no weights or log")
    ft.add_argument("--chunks", type=int, default=None, help="fit on the first N chunks of data only")
    tb = sub.add_parser("table", help="the table of the checkpointed tournaments")
    tb.add_argument("--results", type=Path, default=HERE / "tournament.jsonl")
    args = ap.parse_args()
    if args.cmd == "table":
        print(tournament_table(args.results))
    elif args.cmd == "make":
        make(args.games, args.minutes)
    else:
        fit(args.boards.split(","), args.hidden, not args.dry, args.chunks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
