"""A mid-game position for the layout tests and screenshots: a seeded game of five computer players (easy
level) stopped at the first rondel decision of a round, with scores, ties and rondel spaces too dear."""

from __future__ import annotations

from typing import Any

import imperial_bots as bots
import imperial_core as core


def midgame(seed: int = 6, players: tuple[str, ...] = ("Ada", "Bo", "Cy", "Dee", "Eli"), rounds: int = 12,
            board: str = "europe") -> Any:
    """The first rondel decision of round ``rounds`` of that game (or its end, if it ends before)."""
    state = core.new_game(list(players), seed=seed, board=board)
    while not state.is_over and (state.round < rounds or state.decision != "rondel"):
        state = core.apply(state, bots.choose(state, level="easy", seed=len(state.history)))
    return state
