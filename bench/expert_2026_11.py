"""A frozen copy of the expert level as it was in November 2026, an opponent for tournaments
(``bench/bots.py``: ``expert-2026-11``).  Not imported by the page.

At a decision that shapes the game it takes normal's look-ahead over eight candidates, then plays the best
six on with the normal level in every seat until five more nation turns have begun, the best three until 11,
the best two until 17, and evaluates there with the hand-made evaluation; a budget of 200 decisions played
on.  Other decisions are the normal level's.  Its helpers (the normal level, the greedy policy, the
hand-made evaluation) are the package's, which the learned evaluation left as they were.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "pkg")]

from imperial_bots.evaluate import Weights, weights_for  # noqa: E402
from imperial_bots.policy import KEY_DECISIONS, Tuning, greedy_index, keys_of, me_of, tuning_for  # noqa: E402
from imperial_bots.search import LEVEL_CONFIG, SearchConfig, lookahead, util_vector  # noqa: E402
from imperial_core import GameState, apply_index, legal_actions  # noqa: E402
from imperial_core.engine import paused_gc  # noqa: E402

MANEUVER_LOOK = frozenset(("fleets", "armies", "contact", "demand"))
TOP_K = 8
STAGES = ((5, 6), (11, 3), (17, 2))
STEPS = 200


def normal_index(state: GameState, w: Weights, tu: Tuning, cfg: SearchConfig) -> int:
    """The normal level's choice (as in November 2026)."""
    if state.decision in KEY_DECISIONS:
        return lookahead(state, w, tu, cfg)[0]
    if cfg.maneuver_k > 1 and state.decision in MANEUVER_LOOK:
        return lookahead(state, w, tu, cfg, top=cfg.maneuver_k)[0]
    return greedy_index(state, None, w, tu)


def play_on(s: GameState, turns: int, budget: list[int], w: Weights, tu: Tuning,
            cfg: SearchConfig) -> GameState | None:
    """The normal level in every seat until ``turns`` more nation turns have begun; None when the budget
    (``budget[0]`` decisions) ran out first."""
    seen, cur = 0, (s.round, s.active_nation)
    while not s.is_over:
        tid = (s.round, s.active_nation)
        if tid != cur:
            seen, cur = seen + 1, tid
            if seen > turns:
                break
        budget[0] -= 1
        if budget[0] < 0:
            return None
        s = apply_index(s, 0 if len(keys_of(s)) == 1 else normal_index(s, w, tu, cfg))
    return s


def search(state: GameState, w: Weights, tu: Tuning) -> int:
    """The November 2026 expert's choice at a decision that shapes the game."""
    cfg = LEVEL_CONFIG["normal"]
    _first, vals = lookahead(state, w, tu, cfg, top=TOP_K)
    order = [j for j, _v in vals]
    if len(order) < 2:
        return order[0]
    me = me_of(state)
    budget = [STEPS]
    done = -1
    reached: dict[int, GameState] = {}
    for turns, keep in STAGES:
        scored: list[tuple[float, int]] = []
        for j in order[:keep]:
            start = reached.get(j)
            end = play_on(apply_index(state, j), turns, budget, w, tu, cfg) if start is None else \
                play_on(start, turns - done - 1, budget, w, tu, cfg)
            if end is None:
                break
            reached[j] = end
            scored.append((util_vector(end, w)[me], j))
        if len(scored) < 2:
            break
        ranked = [j for _v, j in sorted(scored, key=lambda x: -x[0])]
        order = ranked + [j for j in order if j not in ranked]
        if len(scored) < min(keep, len(order)):
            break
        done = turns
    return order[0]


def choose_index(state: GameState) -> int:
    """The November 2026 expert's choice: an index in ``legal_actions(state)``."""
    if len(legal_actions(state)) == 1:
        return 0
    w, tu = weights_for(state.board), tuning_for(state.board)
    with paused_gc():
        if state.decision in KEY_DECISIONS and len(keys_of(state)) > 1:
            return search(state, w, tu)
        return normal_index(state, w, tu, LEVEL_CONFIG["normal"])
