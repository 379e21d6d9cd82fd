"""Building positions for rule tests: start from a real set-up, then place pieces by hand."""

from __future__ import annotations

from imperial_core import GameState, legal_actions, new_game
from imperial_core.board import load_board
from imperial_core.engine import _deep_clone, _settle, _wrap
from imperial_core.model import fresh_turn

SIX = ["Ann", "Bob", "Cem", "Dan", "Eve", "Fay"]


def six_player_game(seed: int = 0) -> GameState:
    return new_game(SIX, seed=seed)


def edit(state: GameState, fn) -> GameState:
    """A copy of ``state`` changed by ``fn(g)`` on its plain data, with pass-only decisions settled."""
    g = _deep_clone(state.__dict__)
    fn(g)
    _settle(g, load_board(g["board"]))
    return _wrap(g)


def edit_raw(state: GameState, fn) -> GameState:
    """Like :func:`edit` but leaves a decision that has only "pass" unsettled (to test messages)."""
    g = _deep_clone(state.__dict__)
    fn(g)
    return _wrap(g)


def turn(g: dict, phase: str, nation: str, **extra) -> None:
    t = fresh_turn(phase, nation, g["nations"][nation]["government"])
    t.update(extra)
    g["turn"] = t


def put(g: dict, nation: str, region: str, armies: int = 0, fleets: int = 0, hostile: bool = False) -> None:
    n = g["nations"][nation]
    if armies:
        n["armies"][region] = n["armies"].get(region, 0) + armies
        if hostile:
            n["hostile"][region] = n["armies"][region]
    if fleets:
        n["fleets"][region] = n["fleets"].get(region, 0) + fleets


def texts(state: GameState) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def cash(state: GameState, name: str) -> int:
    return state.cash(name)
