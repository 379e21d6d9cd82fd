"""The expert level (issues 37 and 43): a legal choice of the expert at 300 random positions of both boards,
the same choice for the same position without a time budget (in any Python hash seed), a time budget that
stops the search, a budget of iterations that is spent, the best choice so far told, and the learned
evaluation at the leaves of its search.  (The other levels' legal choice at random
positions, and the same choice again, are ``test_bots.py``'s: at more positions of more kinds of game.)"""

from __future__ import annotations

import random
from functools import cache
from itertools import pairwise

import imperial_bots as bots
import imperial_core as ic
import pytest
from imperial_bots import learned
from imperial_bots import search as search_module
from imperial_bots.evaluate import weights_for
from imperial_bots.expert import EXPERT_CONFIG, ExpertConfig, expert_search, is_searched
from imperial_bots.policy import tuning_for
from imperial_core.engine import clear_caches

from .test_bots import under_two_hash_seeds

NAMES = ["Ann", "Bob", "Cem", "Dee", "Eve"]
#: Four iterations (as ``test_reasons_plain.py`` gives the expert) for the 300 positions, whose check (a legal
#: answer, the same again) does not depend on how far the search got (``test_the_budget_is_spent`` checks that
#: a budget of iterations is what the search spends).
LEAST = ExpertConfig(iterations=4)


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
small = ExpertConfig(iterations=16)
print(json.dumps([bots.choose_index(ic.from_position(t), level="expert", expert_config=small)
                  for t in json.load(sys.stdin)]))
"""


def test_expert_choices_do_not_depend_on_the_hash_seed():
    """Browsers run Python with another string hash seed: no choice may depend on the order of a set."""
    runs = under_two_hash_seeds(_CHOOSER, [ic.to_position(s) for s in _searched(10)], timeout=300)
    assert runs[0] == runs[1]


class _Clock:
    """A clock that moves on by ``tick`` seconds every time it is read (one read per iteration, and one for the
    deadline)."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick, self.reads = 0.0, tick, 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


def _visits(stats: list[tuple[int, float, int]]) -> int:
    return sum(n for _i, _v, n in stats)


@pytest.mark.parametrize("seconds", [0.005, 0.4])
def test_expert_respects_seconds(monkeypatch: pytest.MonkeyPatch, seconds: float):
    """With ``seconds`` the search iterates until the clock says the time is up, and no further; with too
    little time it still makes two iterations, so that it answers from a search."""
    s = _searched(3)[1]
    w, tu = weights_for(s.board), tuning_for(s.board)
    clock = _Clock(0.01)
    monkeypatch.setattr(search_module, "clock", clock)
    i, stats = expert_search(s, w, tu, EXPERT_CONFIG, seconds=seconds)
    assert 0 <= i < len(ic.legal_actions(s)) and i == max(stats, key=lambda x: x[2])[0]
    # the start's read, then one read before each iteration, the last one finding the time up
    assert clock.reads == _visits(stats) + 2
    if seconds < 0.02:
        assert _visits(stats) == 2
    else:
        assert abs(_visits(stats) - seconds / 0.01) <= 1


def _cheap_searched() -> ic.GameState:
    """A searched position (Europe, three players, move 29) where a search is cheap."""
    return _searched(10)[4]


def test_the_budget_is_spent():
    """Without ``seconds`` the root's visits are the budget's iterations, and the choice is the most visited."""
    s = _cheap_searched()
    w, tu = weights_for(s.board), tuning_for(s.board)
    for n in (2, 24):
        i, stats = expert_search(s, w, tu, ExpertConfig(iterations=n))
        assert _visits(stats) == n
        assert max(stats, key=lambda x: x[2])[2] == next(k for j, _v, k in stats if j == i)


def test_the_leaves_are_judged_by_the_learned_evaluation(monkeypatch: pytest.MonkeyPatch):
    """The expert's leaves are the learned evaluation's (strong's are the hand-made one's)."""
    s = _cheap_searched()
    w, tu = weights_for(s.board), tuning_for(s.board)
    judged: list[int] = []

    def spy(state: ic.GameState, weights=None, m=None) -> list[float]:
        judged.append(1)
        return real(state, weights, m)

    real = learned.evaluate
    monkeypatch.setattr(learned, "evaluate", spy)
    import imperial_bots.expert as expert_module
    monkeypatch.setattr(expert_module.learned, "evaluate", spy)
    expert_search(s, w, tu, ExpertConfig(iterations=6))
    assert len(judged) == 6


def test_the_best_so_far_is_told_after_show_after_and_whenever_it_changes():
    """A search given ``progress`` tells nothing before ``show_after`` seconds; from then on it tells the best
    choice so far whenever it changes, the last one told being its answer; without ``progress`` it answers
    alike."""
    s = _cheap_searched()
    w, tu = weights_for(s.board), tuning_for(s.board)
    told: list[tuple[int, int]] = []
    cfg = ExpertConfig(iterations=64, show_after=0.0)
    i, _stats = expert_search(s, w, tu, cfg, progress=lambda k, n: told.append((k, n)))
    assert told and told[-1][0] == i
    assert all(a[0] != b[0] for a, b in pairwise(told))  # each told once, when it changed
    assert [n for _k, n in told] == sorted(n for _k, n in told) and told[0][1] == 1
    assert all(0 <= k < len(ic.legal_actions(s)) for k, _n in told)
    assert expert_search(s, w, tu, cfg)[0] == i
    late: list[tuple[int, int]] = []
    expert_search(s, w, tu, ExpertConfig(iterations=64, show_after=1e9), progress=lambda k, n: late.append((k, n)))
    assert late == []
