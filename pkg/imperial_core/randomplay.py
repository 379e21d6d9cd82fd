"""A seeded random player, used by the CLI, the property tests and the benchmark.

It plays in place (:func:`imperial_core.engine.follow`: one copy of the state, then every action applied to
it), which gives exactly the states that :func:`apply_index` would, without a copy per action."""

from __future__ import annotations

import random

from .engine import follow, new_game
from .model import GameState

DEFAULT_NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")


def random_game(seed: int, n_players: int = 4, *, max_actions: int = 20000, **options) -> GameState:
    """Play a whole game choosing uniformly among the legal actions (seeded, reproducible)."""
    randrange = random.Random(seed).randrange
    left = max_actions

    def pick(n: int) -> int | None:
        nonlocal left
        if n == 0 or left <= 0:
            return None
        left -= 1
        return randrange(n)

    return follow(new_game(list(DEFAULT_NAMES[:n_players]), seed=seed, **options), pick)
