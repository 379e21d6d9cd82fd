"""The expert level (issue 37): a legal choice of the expert at 300 random positions of both boards, the
same choice for the same position without a time budget (in any Python hash seed), a time budget that stops
the search, and a search that goes deeper with a larger budget.  (The other levels' legal choice at random
positions, and the same choice again, are ``test_bots.py``'s: at more positions of more kinds of game.)"""

from __future__ import annotations

import random
from functools import cache

import imperial_bots as bots
import imperial_core as ic
import pytest
from imperial_bots import expert as expert_module
from imperial_bots.evaluate import weights_for
from imperial_bots.expert import EXPERT_CONFIG, ExpertConfig, expert_search, is_searched, normal_index
from imperial_bots.policy import tuning_for
from imperial_bots.search import LEVEL_CONFIG
from imperial_core.engine import clear_caches

from .test_bots import under_two_hash_seeds

NAMES = ["Ann", "Bob", "Cem", "Dee", "Eve"]
#: Six decisions played on (as ``test_reasons_plain.py`` gives the expert): the first stage begun and cut short,
#: for the 300 positions, whose check (a legal answer, the same again) does not depend on how far the search
#: got (``test_a_larger_budget_searches_deeper`` checks the depth a budget reaches).
LEAST = ExpertConfig(steps=6)


@cache
def random_positions(per_board: int = 150) -> tuple[ic.GameState, ...]:
    """``per_board`` positions of each board from seeded random games (2 to 5 players, every setup), half of
    them decisions the expert searches."""
    rng = random.Random(37)
    out: list[ic.GameState] = []
    for board in ("europe", "world2030"):
        searched: list[ic.GameState] = []
        other: list[ic.GameState] = []
        for seed in range(12):
            s = ic.new_game(NAMES[: 2 + seed % 4], board=board, seed=seed,
                            setup="auction" if seed % 3 == 1 else "standard")
            while not s.is_over:
                (searched if is_searched(s) else other).append(s)
                s = ic.apply_index(s, rng.randrange(len(ic.legal_actions(s))))
        out += rng.sample(searched, per_board // 2) + rng.sample(other, per_board - per_board // 2)
    return tuple(out)


def test_the_expert_answers_a_legal_action_at_300_random_positions():
    """A legal choice at every one of the 300 positions, and the same choice when asked again (every tenth
    position).  Easy, normal and strong are not asked here: ``test_bots.py`` asks them at every kind of
    decision of 40 random games (easy at all 2,925 positions, normal at every other, strong with a tiny
    budget at every fifth) and asks each the same again from the position's text."""
    ps = random_positions()
    assert len(ps) == 300 and {s.board for s in ps} == {"europe", "world2030"}
    assert "expert" in bots.LEVELS
    for i, s in enumerate(ps):
        k = bots.choose_index(s, level="expert", seed=i, expert_config=LEAST)
        assert 0 <= k < len(ic.legal_actions(s)), ic.to_position(s)
        if i % 10 == 0:
            again = bots.choose_index(ic.from_position(ic.to_position(s)), level="expert", seed=i,
                                      expert_config=LEAST)
            assert again == k, ic.to_position(s)


def _searched(n: int) -> list[ic.GameState]:
    searched = [s for s in random_positions() if is_searched(s)]
    return searched[:: len(searched) // n][:n]


def test_expert_is_deterministic_without_seconds():
    ps = _searched(2)
    assert {s.board for s in ps} == {"europe", "world2030"}
    for i, s in enumerate(ps):
        first = bots.choose_index(s, level="expert", seed=i)
        clear_caches()
        again = bots.choose_index(s, level="expert", seed=i + 1)  # the seed plays no part either
        copy = ic.from_position(ic.to_position(s))
        assert first == again == bots.choose_index(copy, level="expert", seed=i), ic.to_position(s)


_CHOOSER = """
import json, sys
import imperial_bots as bots
import imperial_core as ic
from imperial_bots.expert import ExpertConfig
small = ExpertConfig(steps=32)
print(json.dumps([bots.choose_index(ic.from_position(t), level="expert", expert_config=small)
                  for t in json.load(sys.stdin)]))
"""


def test_expert_choices_do_not_depend_on_the_hash_seed():
    """Browsers run Python with another string hash seed: no choice may depend on the order of a set."""
    runs = under_two_hash_seeds(_CHOOSER, [ic.to_position(s) for s in _searched(10)], timeout=300)
    assert runs[0] == runs[1]


class _Clock:
    """A clock that moves on by ``tick`` seconds every time it is read (one read per decision played on)."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick, self.reads = 0.0, tick, 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


@pytest.mark.parametrize("seconds", [0.05, 0.4, 1000.0])
def test_expert_respects_seconds(monkeypatch: pytest.MonkeyPatch, seconds: float):
    """With ``seconds`` the search plays on until the clock says the time is up, and no further; with too
    little time for two candidates it answers normal's choice."""
    s = _searched(3)[1]
    w, tu = weights_for(s.board), tuning_for(s.board)
    clock = _Clock(0.01)
    monkeypatch.setattr(expert_module, "clock", clock)
    i, order, depth = expert_search(s, w, tu, EXPERT_CONFIG, seconds=seconds)
    assert 0 <= i < len(ic.legal_actions(s)) and order[0] == i
    if seconds == 1000.0:
        # time enough for the whole search: as deep as the stages go
        assert depth == len(EXPERT_CONFIG.stages)
        assert clock.reads < 100_000
    else:
        # one read for the deadline, one per decision played on, the last one finding the time up
        assert clock.reads == round(seconds / 0.01) + 1
        if seconds == 0.05:
            assert depth == 0 and i == normal_index(s, w, tu, LEVEL_CONFIG["normal"])[0]


def _cheap_searched() -> ic.GameState:
    """A searched position (Europe, three players, move 29) where the whole search takes about a fifth of the
    CPU of ``_searched(3)[2]`` (Imperial 2030, four players, move 638) and has the same shape: no stage at no
    budget, one stage at 40 decisions, all three at 400, and a best candidate told at every stage, changing
    on the way."""
    return _searched(10)[4]


def test_a_larger_budget_searches_deeper():
    s = _cheap_searched()
    w, tu = weights_for(s.board), tuning_for(s.board)
    depths = [expert_search(s, w, tu, ExpertConfig(steps=steps))[2] for steps in (0, 40, 400)]
    assert depths[0] == 0 and depths == sorted(depths) and depths[-1] == len(EXPERT_CONFIG.stages)


def test_the_best_so_far_is_told_after_show_after_and_at_every_later_stage():
    """A search given ``progress`` tells nothing before ``show_after`` seconds; from then on it tells the best
    candidate of every stage, the last one told being its answer; without ``progress`` it answers alike."""
    s = _cheap_searched()
    w, tu = weights_for(s.board), tuning_for(s.board)
    told: list[tuple[int, int]] = []
    i, _order, depth = expert_search(s, w, tu, ExpertConfig(steps=400, show_after=0.0), progress=lambda k, d: told.append((k, d)))
    assert depth == len(EXPERT_CONFIG.stages)
    assert told and told[-1] == (i, depth)
    assert [d for _k, d in told] == list(range(depth + 1))  # every stage told once, in order
    assert all(0 <= k < len(ic.legal_actions(s)) for k, _d in told)
    assert expert_search(s, w, tu, ExpertConfig(steps=400, show_after=0.0))[0] == i
    late: list[tuple[int, int]] = []
    expert_search(s, w, tu, ExpertConfig(steps=400, show_after=1e9), progress=lambda k, d: late.append((k, d)))
    assert late == []


def test_a_maneuver_step_judged_by_the_learned_evaluation_when_asked():
    """With ``maneuver_top`` (``bench/bots.py``'s ``expert^K``) the expert's maneuver step is the one of the
    greedy policy's K best moves whose end of the nation's turn the learned evaluation values most; without
    it, normal's."""
    from imperial_bots import learned
    from imperial_bots.memo import child
    from imperial_bots.policy import greedy_scores, me_of
    from imperial_bots.search import play_out

    cfg = ExpertConfig(maneuver_top=5)
    steps = [s for s in random_positions() if s.decision in expert_module.MANEUVER_LOOK
             and len(ic.legal_actions(s)) > 1][:16]
    assert len(steps) >= 8
    for s in steps:
        w, tu = weights_for(s.board), tuning_for(s.board)
        sc = greedy_scores(s, w, tu)
        top = sorted(range(len(sc)), key=lambda i: (-sc[i], i))[:5]
        value = {i: learned.evaluate(play_out(child(s, i), 0, w, tu), w)[me_of(s)] for i in top}
        k = bots.choose_index(s, level="expert", expert_config=cfg)
        assert k in top and value[k] == max(value.values()), ic.to_position(s)
        assert bots.choose_index(s, level="expert") == normal_index(s, w, tu, LEVEL_CONFIG["normal"])[0]
