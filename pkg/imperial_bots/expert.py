"""The expert level: normal's candidates played on with noisy rivals and judged by the learned evaluation,
deeper with more time.

At a decision that shapes the game (rondel, bonds, factories, imports, Swiss Bank, gifts) the expert takes
normal's look-ahead (every candidate in the evaluation's order, each played to the end of the nation's turn
and evaluated), then plays its best candidates on until a later nation turn begins, and judges where it
stopped by the learned evaluation (:mod:`imperial_bots.learned`, fitted to self-play games).  In the play on
its own seat plays as the normal level; its rivals are not assumed to play like any level of ours: each of
their decisions is, with probability :attr:`ExpertConfig.rival_noise`, the greedy policy's with a random
spread instead of the normal level's.  The noise is drawn from a generator seeded by the position, the same
sequence for every candidate (common random numbers: candidates are compared on the same rival luck).  The
search deepens in stages (:attr:`ExpertConfig.stages`): each stage plays the best candidates of the stage
before it further on.  It is anytime: with ``seconds`` it stops when the time is up and answers from the
deepest stage that compared at least two candidates; with ``seconds=None`` the budget is a number of
decisions played on (:attr:`ExpertConfig.steps`), so the answer depends only on the position.  The page uses
the latter (about a second a decision in Chromium): every device makes the same move, which play by link relies
on.  Maneuvers are played as by the normal level.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from imperial_core import GameState, to_position

from . import learned
from .evaluate import Weights
from .memo import child
from .policy import KEY_DECISIONS, Tuning, greedy_index, keys_of, me_of
from .search import LEVEL_CONFIG, SearchConfig, greedy_order, lookahead, play_out

#: The clock of a time budget.
clock = time.perf_counter
#: Decisions of a maneuver that the normal level looks ahead on (the others follow the greedy policy).
MANEUVER_LOOK = frozenset(("fleets", "armies", "contact", "demand"))


def normal_index(state: GameState, w: Weights, tu: Tuning, cfg: SearchConfig) -> tuple[int, list[int], str]:
    """The normal level's choice: its index in ``legal_actions``, the candidates looked at (best first) and
    how it was found (``"look_ahead"``, ``"compare_moves"``, ``"maneuver_plan"``).  Deterministic."""
    if state.decision in KEY_DECISIONS:
        i, vals = lookahead(state, w, tu, cfg)
        return i, [j for j, _v in vals], "look_ahead"
    if cfg.maneuver_k > 1 and state.decision in MANEUVER_LOOK:
        i, vals = lookahead(state, w, tu, cfg, top=cfg.maneuver_k)
        return i, [j for j, _v in vals], "compare_moves"
    return greedy_index(state, None, w, tu), [], "maneuver_plan"


@dataclass(frozen=True)
class ExpertConfig:
    """The expert's budget and the shape of its search."""

    top_k: int = 8                   # candidates of normal's look-ahead kept for playing on
    #: per stage: (nation turns begun after this one where play on stops, candidates played on so far)
    stages: tuple[tuple[int, int], ...] = ((5, 6), (11, 3), (17, 2))
    steps: int = 200                 # decisions played on in all when no time is given (the page's budget)
    rival_noise: float = 0.25        # share of the rivals' decisions played by the noisy greedy policy
    rival_spread: float = 1.5        # that policy's random spread, in points (as the easy level's)
    show_after: float = 1.0          # seconds of search before ``progress`` first hears the best so far
    #: moves of a maneuver step played to the end of the nation's turn and judged by the learned evaluation
    #: (0: as the normal level, which looks at its three best and judges by the hand-made evaluation)
    maneuver_top: int = 0


#: Told, as the search goes on, the index of the best candidate so far and the stages completed.
Progress = Callable[[int, int], None]


EXPERT_CONFIG = ExpertConfig()


class _Budget:
    """Decisions left to play on, or a deadline; and who hears the best candidate so far, and when."""

    def __init__(self, steps: int, seconds: float | None, progress: Progress | None = None,
                 show_after: float = 1.0) -> None:
        self.left = steps
        now = clock()
        self.deadline = None if seconds is None else now + seconds
        self.progress = progress
        self.show_at = now + show_after
        self.shown = False
        self.best = (-1, 0)  # (index, stages completed) of the latest stage

    def spend(self) -> bool:
        """Count one decision played on; False once the budget is spent."""
        if self.progress is not None and not self.shown and self.best[0] >= 0 and clock() >= self.show_at:
            self.shown = True
            self.progress(*self.best)
        if self.deadline is not None:
            return clock() < self.deadline
        self.left -= 1
        return self.left >= 0

    def stage_done(self, index: int, depth: int) -> None:
        """A stage ranked the candidates: once the best so far has been told, each later best is told too."""
        self.best = (index, depth)
        if self.progress is not None and self.shown:
            self.progress(index, depth)


def play_on(s: GameState, turns: int, budget: _Budget, w: Weights, tu: Tuning, cfg: SearchConfig,
            me: str, rng: random.Random, ecfg: ExpertConfig) -> GameState | None:
    """Play on until ``turns`` more nation turns have begun (0: to the end of this one) or the game ends:
    the normal level in seat ``me``, the noisy rivals in the others; None when the budget ran out first."""
    seen, cur = 0, (s.round, s.active_nation)
    while not s.is_over:
        tid = (s.round, s.active_nation)
        if tid != cur:
            seen, cur = seen + 1, tid
            if seen > turns:
                break
        if not budget.spend():
            return None
        s = child(s, play_on_index(s, w, tu, cfg, me, rng, ecfg))
    return s


def play_on_index(s: GameState, w: Weights, tu: Tuning, cfg: SearchConfig, me: str, rng: random.Random,
                  ecfg: ExpertConfig) -> int:
    """One decision of the play on: the normal level's in seat ``me``; a rival's, with probability
    ``ecfg.rival_noise`` (drawn from ``rng``), the greedy policy's with a random spread, else normal's."""
    if len(keys_of(s)) == 1:
        return 0
    if s.current_player != me and rng.random() < ecfg.rival_noise:
        return greedy_index(s, rng, w, tu, noise=ecfg.rival_spread)
    return normal_index(s, w, tu, cfg)[0]


def expert_search(state: GameState, w: Weights, tu: Tuning, ecfg: ExpertConfig = EXPERT_CONFIG,
                  seconds: float | None = None, progress: Progress | None = None) -> tuple[int, list[int], int]:
    """The expert's choice at a decision that shapes the game: its index, the candidates best first (by the
    deepest stage that compared them, then by normal's look-ahead), and the stages completed or begun
    (0: normal's look-ahead alone).  ``seconds`` counts from the start, normal's look-ahead included."""
    cfg = LEVEL_CONFIG["normal"]
    budget = _Budget(ecfg.steps, seconds, progress, ecfg.show_after)
    _first, vals = lookahead(state, w, tu, cfg, top=ecfg.top_k)
    order = [j for j, _v in vals]
    if len(order) < 2:
        return order[0], order, 0
    budget.stage_done(order[0], 0)
    me = me_of(state)
    name = state.current_player
    depth, done = 0, -1
    # the rivals' luck: one seed from the position, the same sequence for every candidate
    luck = f"expert|{to_position(state)}"
    # where each candidate's play on stopped, and its generator: a later stage goes on from there
    reached: dict[int, tuple[GameState, random.Random]] = {}
    for turns, keep in ecfg.stages:
        scored: list[tuple[float, int]] = []
        for j in order[:keep]:
            if j in reached:
                start, rng = reached[j]
                end = play_on(start, turns - done - 1, budget, w, tu, cfg, name, rng, ecfg)
            else:
                rng = random.Random(luck)
                end = play_on(child(state, j), turns, budget, w, tu, cfg, name, rng, ecfg)
            if end is None:
                break
            reached[j] = (end, rng)
            scored.append((learned.evaluate(end, w)[me], j))
        if len(scored) < 2:
            break
        depth += 1
        order = reranked(order, scored)
        budget.stage_done(order[0], depth)
        if len(scored) < min(keep, len(order)):
            break
        done = turns
    return order[0], order, depth


def reranked(order: list[int], scored: list[tuple[float, int]]) -> list[int]:
    """The candidates after a stage: those it scored (value, index), best first, then the others in ``order``."""
    ranked = [j for _v, j in sorted(scored, key=lambda x: -x[0])]
    return ranked + [j for j in order if j not in ranked]


def maneuver_index(state: GameState, w: Weights, tu: Tuning, ecfg: ExpertConfig) -> tuple[int, list[int]]:
    """The expert's step of a maneuver: the greedy policy's ``ecfg.maneuver_top`` best moves, each played by
    the greedy policy to the end of the nation's turn and judged there by the learned evaluation; the index
    and the candidates, best first.  Deterministic."""
    order = greedy_order(state, keys_of(state), w, tu)[: ecfg.maneuver_top]
    me = me_of(state)
    ranked = reranked(order, [(learned.evaluate(play_out(child(state, i), 0, w, tu), w)[me], i) for i in order])
    return ranked[0], ranked


def is_searched(state: GameState) -> bool:
    """Whether the expert searches this decision (else it plays as the normal level)."""
    return state.decision in KEY_DECISIONS and len(keys_of(state)) > 1
