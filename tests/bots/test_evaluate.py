"""The hand-made evaluation's values with one nation changed (:class:`imperial_bots.evaluate.Basis`): what the
maneuver scorer asks a dozen times a step is, to the last digit, the whole sum of the changed summary, both
when the change leaves the game's expected length as it was (only that nation worked out again) and when it
shortens it (the whole sum)."""

from __future__ import annotations

import importlib
import random

import imperial_core as ic
import pytest

ev = importlib.import_module("imperial_bots.evaluate")


def _summaries(board: str) -> list[ev.Summary]:
    """Summaries of every seventh position of seeded random games of 2 to 5 players, and their ends."""
    rng = random.Random(43)
    out = []
    for seed in range(4):
        s = ic.new_game(["Ann", "Bob", "Cem", "Dee", "Eve"][: 2 + seed % 4], board=board, seed=seed)
        k = 0
        while not s.is_over:
            if k % 7 == 0:
                out.append(ev.summarize(s))
            s = ic.apply_index(s, rng.randrange(len(ic.legal_actions(s))))
            k += 1
        out.append(ev.summarize(s))
    return out


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_one_nation_one_higher_is_the_whole_sum_to_the_last_digit(board: str) -> None:
    info, w = ev.board_info(board), ev.weights_for(board)
    kept = shorter = over = 0
    for sm in _summaries(board):
        basis = ev.Basis(sm, info, w, partial=True)
        assert basis.values == ev.values(sm, info, w)
        for n in range(len(sm.power)):
            for field in ("base", "units"):
                col = getattr(sm, field)[:]
                col[n] += 1
                whole = ev.Basis(ev.with_fields(sm, **{field: col}), info, w)
                assert basis.plus_one(n, field) == whole.values, (n, field, sm)
                if sm.over:
                    over += 1
                elif whole.rounds == basis.rounds:
                    kept += 1
                else:
                    shorter += 1
    # every way through plus_one was taken
    assert kept > 1000 and shorter > 0 and over > 0, (kept, shorter, over)
