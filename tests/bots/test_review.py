"""The review of a game: one record per decision, a bad decision costs a lot, best is legal, losses are
never negative, the same call gives the same result."""

from __future__ import annotations

import random
from functools import cache

import imperial_bots as bots
import imperial_core as ic
import pytest
from imperial_bots.review import Decision

#: Round 12 of a game of greedy players: Germany (Dee) has 40M in its treasury and Dee holds 21M of its
#: bonds.  Investor pays Dee interest and moves on; "Maneuver" moves three units for little.
GERMANY_R12 = (
    "imperial 2 board=europe edition=current setup=standard investor_card=yes seed=3 round=12 | player Ann "
    "cash=6 bonds=IT:6+9,FR:9,GB:2,GE:2+6 | player Bob cash=0 bonds=AH:2+6,FR:4+12,GB:9 | player Cem cash=0 "
    "bonds=FR:2+6,GB:6+12,GE:4+16,RU:9 | player Dee cash=5 bonds=AH:4,IT:2+12,GB:4,GE:9+12 | cards "
    "investor=Dee | nation AH treasury=14 power=2 tax=2 rondel=maneuver1 government=Bob "
    "factories=vienna,budapest flags=romania,bulgaria,turkey armies=odessa,warsaw,vienna,budapest,turkey "
    "hostile=odessa | nation IT treasury=19 power=9 tax=5 rondel=factory government=Ann "
    "factories=rome,naples,venice,genoa,florence flags=westbalkan,ioniansea armies=westbalkan "
    "fleets=naples*2,genoa,ioniansea | nation FR treasury=32 power=16 tax=4 rondel=taxation government=Bob "
    "factories=paris,bordeaux,dijon flags=morocco,portugal,westernmed,spain,tunis armies=tunis,spain,paris "
    "fleets=westernmed,bordeaux | nation GB treasury=17 power=5 tax=5 rondel=production2 government=Cem "
    "factories=london,liverpool,dublin,edinburgh flags=northatlantic,englishchannel,bayofbiscay "
    "fleets=englishchannel,northatlantic,bayofbiscay,london,liverpool,dublin,edinburgh | nation GE "
    "treasury=40 power=13 tax=8 rondel=taxation government=Dee factories=berlin,hamburg,munich,cologne "
    "flags=holland,belgium,balticsea,norway,northsea armies=norway,dijon*2 hostile=dijon*2 fleets=northsea | "
    "nation RU treasury=2 power=2 tax=1 rondel=investor government=Cem factories=moscow,odessa "
    "flags=blacksea,greece,easternmed armies=greece,moscow fleets=easternmed | turn phase=rondel nation=GE "
    "player=Dee")


@cache
def short_game() -> ic.GameState:
    """The first 60 decisions of a seeded random 3-player game (forced ones included)."""
    rng = random.Random(5)
    s = ic.new_game(["Ann", "Bob", "Cem"], seed=11)
    for _ in range(60):
        s = ic.apply_index(s, rng.randrange(len(ic.legal_actions(s))))
    return s


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_known_bad_decision_gets_a_large_loss(level):
    s = ic.apply(ic.from_position(GERMANY_R12), "rondel maneuver1")
    [r] = bots.review(s, level=level)
    assert (r.index, r.player, r.nation, r.round) == (0, "Dee", "GE", 12)
    assert r.played == "rondel maneuver1" and r.best == "rondel investor"
    assert r.loss >= 8
    assert set(r.expected_scores) == {"Ann", "Bob", "Cem", "Dee"}


def test_the_best_choice_there_costs_nothing():
    s = ic.apply(ic.from_position(GERMANY_R12), "rondel investor")
    [r] = bots.review(s, level="normal")
    assert r.played == r.best == "rondel investor" and r.loss == 0


@cache
def reviewed(level: str) -> tuple[Decision, ...]:
    return tuple(bots.review(short_game(), level=level))


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_one_record_per_decision_best_legal_losses_not_negative(level):
    s = short_game()
    records = reviewed(level)
    assert [r.index for r in records] == list(range(len(s.history)))
    x = ic.codec.start_of(s)
    for r, played in zip(records, s.history, strict=True):
        actions = [str(a) for a in ic.legal_actions(x)]
        assert r.player == x.current_player and r.decision == x.decision
        assert r.played == actions[played] == actions[r.played_index]
        assert r.best in actions and actions[r.best_index] == r.best
        assert r.loss >= 0
        assert (r.loss == 0) if r.best == r.played else (r.loss > 0)
        if len(actions) == 1:
            assert r.forced and r.loss == 0
        assert set(r.expected_scores) == {"Ann", "Bob", "Cem"}
        x = ic.apply_index(x, played)
    assert any(r.loss > 0 for r in records)  # random play makes mistakes


def test_the_same_call_gives_the_same_result():
    assert bots.review(short_game(), level="normal") == list(reviewed("normal"))


def test_progress_and_a_range_of_decisions():
    seen: list[tuple[int, int]] = []
    part = bots.review(short_game(), level="normal", decisions=range(10, 20),
                       progress=lambda done, total: seen.append((done, total)))
    assert part == list(reviewed("normal")[10:20])
    assert seen == [(k, 10) for k in range(1, 11)]


def test_a_time_budget_still_reviews_every_decision():
    records = bots.review(short_game(), level="strong", seconds=0.0)
    assert len(records) == len(short_game().history) and all(r.loss >= 0 for r in records)


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError):
        bots.review(short_game(), level="grandmaster")
