"""The learned evaluation (issue 43): its weights fit today's features on both boards, a finished game's
winner is ranked first, and so, mostly, is the coming winner one nation turn before the end."""

from __future__ import annotations

import random
from functools import cache

import imperial_core as ic
import pytest
from imperial_bots import learned
from imperial_bots.features import names, vectors

NAMES = ["Ann", "Bob", "Cem", "Dee", "Eve"]


@cache
def endings() -> tuple[tuple[ic.GameState, ic.GameState], ...]:
    """Per seeded random game of both boards (3 to 5 players): the position a nation turn before the end,
    and the finished one."""
    rng = random.Random(43)
    out = []
    for seed in range(12):
        board = ("europe", "world2030")[seed % 2]
        s = ic.new_game(NAMES[: 3 + seed % 3], board=board, seed=seed)
        before = s
        while not s.is_over:
            turn = (s.round, s.active_nation)
            s = ic.apply_index(s, rng.randrange(len(ic.legal_actions(s))))
            if not s.is_over and (s.round, s.active_nation) != turn:
                before = s
        out.append((before, s))
    return tuple(out)


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_the_weights_fit_the_features(board):
    m = learned.model(board)
    n = len(names(board))
    assert m.kind in ("ridge", "mlp")
    assert (len(m.w) if m.kind == "ridge" else len(m.w1)) == n
    s = ic.new_game(NAMES[:4], board=board, seed=1)
    assert all(len(v) == n for v in vectors(s))


def _first(s: ic.GameState) -> str:
    v = learned.values(s)
    return s.players[max(range(len(v)), key=lambda i: v[i])]["name"]


def test_the_winner_of_a_finished_game_is_ranked_first():
    for _before, end in endings():
        assert end.is_over
        assert _first(end) == ic.ranking(end)[0], ic.to_position(end)


def test_the_coming_winner_is_mostly_ranked_first_a_turn_before_the_end():
    hits = [_first(before) == ic.ranking(end)[0] for before, end in endings()]
    assert sum(hits) >= 0.75 * len(hits), hits
