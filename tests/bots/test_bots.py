"""Computer opponents: a legal choice in every kind of decision, whole games, determinism, reasons."""

from __future__ import annotations

import random
from collections import defaultdict
from functools import cache

import imperial_bots as bots
import imperial_core as ic
import pytest
from imperial_bots.search import SearchConfig
from imperial_core.engine import clear_caches
from imperial_core.narrate import sentence

#: The strong level with a tiny budget (a handful of tree iterations), to keep the tests fast.
TINY = SearchConfig(iterations=3, horizon=1, top_k=3)
KINDS = set(ic.PHASES) - {"over"}
NAMES = ["Ann", "Bob", "Cem", "Dee", "Eve", "Fay"]
PER_KIND = 250


@cache
def positions() -> tuple[ic.GameState, ...]:
    """Positions from seeded random games of both boards and every variant: up to ``PER_KIND`` of each
    kind of decision, chosen at random among all the games' positions of that kind."""
    rng = random.Random(7)
    by_kind: dict[str, list[ic.GameState]] = defaultdict(list)
    for seed in range(40):
        board = ("europe", "world2030")[seed % 2]
        opts = {"setup": "auction" if seed % 4 == 1 else "standard", "investor_card": seed % 5 != 3}
        if seed % 6 == 2 and board == "europe":
            opts["edition"] = "first"
        s = ic.new_game(NAMES[: 2 + seed % 5], board=board, seed=seed, **opts)
        while not s.is_over:
            by_kind[s.decision].append(s)
            s = ic.apply_index(s, rng.randrange(len(ic.legal_actions(s))))
    out: list[ic.GameState] = []
    for kind in sorted(by_kind):
        states = by_kind[kind]
        out += states if len(states) <= PER_KIND else rng.sample(states, PER_KIND)
    return tuple(out)


def test_the_positions_cover_every_kind_of_decision():
    ps = positions()
    assert len(ps) >= 2000
    assert {s.decision for s in ps} == KINDS
    assert {s.board for s in ps} == {"europe", "world2030"}


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_choose_returns_a_legal_action_everywhere(level):
    # the normal level (deterministic, and many times easy's cost) at every other position of each kind
    ps = positions() if level == "easy" else positions()[::2]
    assert {s.decision for s in ps} == KINDS
    for i, s in enumerate(ps):
        assert bots.choose(s, level=level, seed=i) in ic.legal_actions(s), (level, ic.to_position(s))


def test_a_tiny_strong_search_returns_a_legal_action():
    ps = positions()
    for i, s in enumerate(ps[::5]):
        k = bots.choose_index(s, level="strong", seed=i, config=TINY)
        assert 0 <= k < len(ic.legal_actions(s)), ic.to_position(s)


def _play(board: str, n: int, levels: list[str], seed: int, config: SearchConfig = TINY) -> ic.GameState:
    s = ic.new_game(NAMES[:n], board=board, seed=seed)
    seat = {name: i for i, name in enumerate(NAMES[:n])}
    for _ in range(6000):
        if s.is_over:
            break
        level = levels[seat[s.current_player] % len(levels)]
        k = bots.choose_index(s, level=level, seed=seed, config=config)
        s = ic.apply_index(s, k)
    return s


@pytest.mark.parametrize("board", ["europe", "world2030"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_bots_finish_whole_games(board, n):
    s = _play(board, n, ["easy", "normal"], seed=n)
    assert s.is_over
    assert ic.winner(s) in NAMES[:n]


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_a_strong_bot_finishes_a_game(board):
    s = _play(board, 3, ["strong", "easy", "normal"], seed=11)
    assert s.is_over


def _key_positions() -> list[ic.GameState]:
    ps = positions()
    return [s for s in ps if s.decision in ("rondel", "invest", "import", "armies", "fleets")][::40]


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_the_same_seed_gives_the_same_choice(level):
    for i, s in enumerate(_key_positions()):
        first = bots.choose_index(s, level=level, seed=i, config=TINY)
        clear_caches()
        again = bots.choose_index(s, level=level, seed=i, config=TINY)
        copy = ic.from_position(ic.to_position(s))
        assert first == again == bots.choose_index(copy, level=level, seed=i, config=TINY), ic.to_position(s)


def test_reasons_are_one_line_sentences():
    for i, s in enumerate(_key_positions()[:12]):
        for level in ("easy", "normal"):
            action, reason = bots.choose_with_reason(s, level=level, seed=i)
            assert action in ic.legal_actions(s)
            assert reason and "\n" not in reason and len(reason) > 10
            _after, events = ic.step(s, action)
            assert reason.startswith(sentence(s, action, events))
    s = ic.new_game(NAMES[:3], seed=3)
    action, reason = bots.choose_with_reason(s, level="strong", seed=1)
    assert f"({s.current_player})" in reason, reason
    assert bots.explain(s, action, ic.step(s, action)[1], "why").endswith("(why)")


def test_bad_requests_are_refused():
    s = ic.new_game(NAMES[:3], seed=3)
    with pytest.raises(ValueError):
        bots.choose(s, level="master")
    over = _play("europe", 2, ["easy"], seed=5)
    with pytest.raises(ValueError):
        bots.choose(over)


_CHOOSER = """
import json, sys
import imperial_bots as bots
import imperial_core as ic
from imperial_bots.search import SearchConfig
tiny = SearchConfig(iterations=3, horizon=1, top_k=3, maneuver_k=3)
out = []
for i, text in enumerate(json.load(sys.stdin)):
    s = ic.from_position(text)
    out.append([bots.choose_index(s, level=lv, seed=i, config=tiny if lv == "strong" else None)
                for lv in ("easy", "normal", "strong")])
print(json.dumps(out))
"""


def under_two_hash_seeds(program: str, texts: list[str], timeout: float = 120) -> list:
    """What ``program`` prints (JSON) for the positions ``texts`` on its standard input, run with string hash
    seeds 1 and 2."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root / "pkg")}
        proc = subprocess.run([sys.executable, "-c", program], input=json.dumps(texts), capture_output=True,
                              text=True, env=env, timeout=timeout, check=True)
        runs.append(json.loads(proc.stdout))
    return runs


def test_choices_do_not_depend_on_the_hash_seed():
    """Browsers run Python with another string hash seed: no choice may depend on the order of a set."""
    runs = under_two_hash_seeds(_CHOOSER, [ic.to_position(s) for s in _key_positions()[:24]])
    assert runs[0] == runs[1]
