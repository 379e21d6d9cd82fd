"""Baseline players for tournaments and tests: uniformly random, and greedy for the current score."""

from __future__ import annotations

import random

from imperial_core import GameState, apply_index, legal_actions, scores


def random_index(state: GameState, rng: random.Random) -> int:
    """A legal action chosen uniformly at random."""
    return rng.randrange(len(legal_actions(state)))


def score_greedy_index(state: GameState, rng: random.Random) -> int:
    """One step ahead, maximizing the deciding player's score if the game ended now (ties at random)."""
    n = len(legal_actions(state))
    if n == 1:
        return 0
    me = state.current_player
    vals = [scores(apply_index(state, i))[me] for i in range(n)]
    best = max(vals)
    ties = [i for i, v in enumerate(vals) if v == best]
    return ties[rng.randrange(len(ties))]
