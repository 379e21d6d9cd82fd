"""A seeded random player, used by the CLI, the property tests and the benchmark."""

from __future__ import annotations

import random

from .engine import apply_index, legal_actions, new_game
from .model import GameState

DEFAULT_NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")


def random_game(seed: int, n_players: int = 4, *, max_actions: int = 20000, **options) -> GameState:
    """Play a whole game choosing uniformly among the legal actions (seeded, reproducible)."""
    rng = random.Random(seed)
    state = new_game(list(DEFAULT_NAMES[:n_players]), seed=seed, **options)
    for _ in range(max_actions):
        if state.is_over:
            break
        n = len(legal_actions(state))
        state = apply_index(state, rng.randrange(n))
    return state
