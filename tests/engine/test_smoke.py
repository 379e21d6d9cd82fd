"""A first end-to-end check: a seeded random game reaches the end through legal actions only."""

import random

from imperial_core import apply, legal_actions, new_game, scores


def test_random_game_ends_with_scores():
    s = new_game(["Ann", "Bob", "Cem", "Dan"], seed=3)
    rng = random.Random(1)
    n = 0
    while not s.is_over and n < 5000:
        s = apply(s, rng.choice(legal_actions(s)))
        n += 1
    assert s.is_over
    assert legal_actions(s) == []
    assert max(n["power"] for n in s.nations.values()) >= 25
    assert set(scores(s)) == {"Ann", "Bob", "Cem", "Dan"}
