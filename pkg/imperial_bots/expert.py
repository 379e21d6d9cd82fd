"""The expert level: max^n tree search over the decisions that shape the game, judged at its leaves by the
learned evaluation.

At a decision that shapes the game (rondel, bonds, factories, imports, Swiss Bank, gifts) the expert runs the
strong level's tree search (:func:`imperial_bots.search.mcts`: every player maximizes its own utility at its
own decisions, so no rival is assumed to play like a level of ours) with six times its iterations, and judges
where each line stops by the learned evaluation (:mod:`imperial_bots.learned`, fitted to self-play games)
instead of the hand-made one.  It is anytime: with ``seconds`` it searches until the time is up; with
``seconds=None`` the budget is a number of iterations (:attr:`ExpertConfig.iterations`), so the answer
depends only on the position and the seed.  The page uses the latter for a computer seat (every device makes
the same move, which play by link relies on) and a time budget for Hint, whose best choice so far is told
after :attr:`ExpertConfig.show_after` seconds.  Other decisions (the details of a maneuver) are played as by
the normal level.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_core import GameState

from . import learned
from .evaluate import Weights
from .policy import KEY_DECISIONS, Tuning, greedy_index, keys_of
from .search import LEVEL_CONFIG, Progress, SearchConfig, lookahead, mcts

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

    iterations: int = 192            # tree iterations when no time is given (the page's budget)
    horizon: int = 2                 # nation turns after the current one before a line is judged
    show_after: float = 1.0          # seconds of search before ``progress`` first hears the best so far

    def search(self) -> SearchConfig:
        """The tree search's configuration: strong's, with this budget and horizon."""
        return SearchConfig(iterations=self.iterations, horizon=self.horizon,
                            maneuver_k=LEVEL_CONFIG["strong"].maneuver_k)


EXPERT_CONFIG = ExpertConfig()


def expert_search(state: GameState, w: Weights, tu: Tuning, ecfg: ExpertConfig = EXPERT_CONFIG, seed: int = 0,
                  seconds: float | None = None,
                  progress: Progress | None = None) -> tuple[int, list[tuple[int, float, int]]]:
    """The expert's choice at a decision that shapes the game: its index and the root's children (index, mean
    utility, visits), best first (:func:`imperial_bots.search.mcts` over the learned evaluation)."""
    return mcts(state, seed=seed, seconds=seconds, w=w, tu=tu, cfg=ecfg.search(), leaf=learned.evaluate,
                progress=progress, show_after=ecfg.show_after)


def is_searched(state: GameState) -> bool:
    """Whether the expert searches this decision (else it plays as the normal level)."""
    return state.decision in KEY_DECISIONS and len(keys_of(state)) > 1
