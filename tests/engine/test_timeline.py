"""The game over time (imperial_core.timeline): every point's figures are those of the state after its step,
added up from the events alone."""

from __future__ import annotations

import random

import imperial_core as ic
import pytest
from imperial_core.timeline import timeline


def _random_game(board: str, seed: int, n: int = 4, stop: int | None = None) -> ic.GameState:
    rng = random.Random(seed)
    s = ic.new_game(["Ann", "Bob", "Cem", "Dee", "Eve"][:n], board=board, seed=seed)
    while not s.is_over and (stop is None or len(s.history) < stop):
        s = ic.apply_index(s, rng.randrange(len(ic.legal_actions(s))))
    return s


@pytest.mark.parametrize("board,seed,n", [("europe", 1, 4), ("europe", 2, 2), ("world2030", 3, 5)])
def test_every_point_matches_the_state_after_its_step(board: str, seed: int, n: int) -> None:
    final = _random_game(board, seed, n)
    points = timeline(final)
    states = [ic.codec.start_of(final)]
    for i in final.history:
        states.append(ic.apply_index(states[-1], i))
    assert [p.step for p in points] == sorted(p.step for p in points)
    assert points[-1].step == len(final.history) and points[-1].label == "end"
    for p in points:
        s = states[p.step]
        assert p.power == {k: v["power"] for k, v in s.nations.items()}
        assert p.treasury == {k: v["treasury"] for k, v in s.nations.items()}
        assert p.cash == {q["name"]: q["cash"] for q in s.players}
        assert p.scores == ic.scores(s)
        assert p.round == s.round
    assert points[-1].scores == ic.scores(final)
    turns = [p for p in points if p.nation is not None]
    assert len(turns) >= final.round  # at least one nation's turn per round
    assert turns[0].nation == ic.load_board(board).nations[0].id


def test_a_game_in_progress_ends_on_now_and_a_position_starts_from_itself() -> None:
    s = _random_game("europe", 7, stop=120)
    points = timeline(s)
    assert points[-1].step == 120 and points[-1].label in ("now", f"round {s.round}, {s.active_nation}")
    assert points[-1].cash == {q["name"]: q["cash"] for q in s.players}
    later = ic.from_position(ic.to_position(s))
    for _ in range(30):
        later = ic.apply_index(later, 0)
    pts = timeline(later)
    assert pts[0].label == "start" and pts[0].step == 0 and pts[0].nation is None
    assert pts[0].treasury == {k: v["treasury"] for k, v in s.nations.items()}
    assert pts[-1].step == 30


@pytest.mark.parametrize("board,seed", [("europe", 5), ("world2030", 6)])
def test_a_replay_given_makes_the_same_points_as_the_walk(board: str, seed: int) -> None:
    """The page hands its own replay (the state after each move and its events) instead of a second walk."""
    final = _random_game(board, seed, stop=300)
    s, replay = ic.codec.start_of(final), []
    for i in final.history:
        s, events = ic.step_index(s, i)
        replay.append((s, events))
    assert timeline(final, replay) == timeline(final)
    with pytest.raises(ValueError):
        timeline(final, replay[:-1])
