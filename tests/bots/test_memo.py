"""The memo of one decision (:mod:`imperial_bots.memo`): every level chooses with it what it chooses without
it, greedy play to the end of a turn ends in the same position from any state on the way, and nothing is
kept once a decision has been made."""

from __future__ import annotations

import contextlib

import imperial_bots as bots
import imperial_core as ic
import pytest
from imperial_bots import memo
from imperial_bots.evaluate import weights_for
from imperial_bots.expert import ExpertConfig
from imperial_bots.policy import greedy_index, tuning_for
from imperial_bots.search import play_out

from .test_bots import TINY, positions
from .test_expert import _searched

#: The expert with a quarter of its page budget: play on over several later decisions of the line.
QUARTER = ExpertConfig(steps=50)


def _choices() -> list[int]:
    ps = positions()[::37]
    out = [bots.choose_index(s, level="normal") for s in ps]
    out += [bots.choose_index(s, level="strong", config=TINY) for s in ps[::3]]
    out += [bots.choose_index(s, level="expert", expert_config=QUARTER) for s in _searched(6)]
    return out


def test_every_level_chooses_with_the_memo_what_it_chooses_without(monkeypatch: pytest.MonkeyPatch) -> None:
    assert {s.decision for s in positions()[::37]} >= {"rondel", "invest", "armies", "fleets", "import"}
    remembered = _choices()
    assert memo.current() is None  # dropped with its states once the decision was made
    monkeypatch.setattr(bots, "remembering", contextlib.nullcontext)
    afresh = _choices()
    assert remembered == afresh


def _turn_start(board: str) -> ic.GameState:
    """A position a few decisions into a nation's turn of a game of normal players, its maneuver ahead."""
    s = ic.new_game(["Ann", "Bob", "Cem", "Dee"], board=board, seed=5)
    while s.round < 4 or s.decision != "rondel":
        s = ic.apply_index(s, bots.choose_index(s, level="normal"))
    return s


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_greedy_play_ends_the_turn_alike_from_every_state_on_the_way(board: str) -> None:
    w, tu = weights_for(board), tuning_for(board)
    start = _turn_start(board)
    plain = play_out(start, 0, w, tu)
    with memo.remembering() as m:
        first = play_out(start, 0, w, tu)
        assert ic.to_position(first) == ic.to_position(plain)
        # every state greedy play went through now ends where the first did, as the same state
        s, seen = start, 0
        while (s.round, s.active_nation) == (start.round, start.active_nation) and not s.is_over:
            assert play_out(s, 0, w, tu) is first
            s, seen = memo.child(s, greedy_index(s, None, w, tu)), seen + 1
        assert seen > 1 and len(m.ends) >= seen
        # a child made twice is the same state, and the same as made without the memo
        assert memo.child(start, 0) is memo.child(start, 0)
        assert ic.to_position(memo.child(start, 0)) == ic.to_position(ic.apply_index(start, 0))
    assert memo.current() is None
    assert memo.child(start, 0) is not memo.child(start, 0)  # outside a decision nothing is kept
