"""Building positions for rule tests: start from a real set-up, change its plain data, read it back as a position.

Every edited state goes through :func:`imperial_core.position.from_data`, so it is checked exactly like a
position text (units, flags, bonds, governments, who decides …) and has no history.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from imperial_core import GameState, legal_actions, new_game
from imperial_core.position import from_data

SIX = ["Ann", "Bob", "Cem", "Dan", "Eve", "Fay"]


def six_player_game(seed: int = 0) -> GameState:
    return new_game(SIX, seed=seed)


def edit(state: GameState, fn: Callable[[dict[str, Any]], None], *, settle: bool = True) -> GameState:
    """``state`` changed by ``fn(g)`` on a copy of its plain data (``dict(state)``), read back as a position:
    checked, without history, and with pass-only decisions settled (``settle=False`` leaves them)."""
    g = copy.deepcopy(dict(state))
    fn(g)
    return from_data(g, settle=settle)


def edit_raw(state: GameState, fn: Callable[[dict[str, Any]], None]) -> GameState:
    """Like :func:`edit` but leaves a decision that has only "pass" unsettled (to test messages)."""
    return edit(state, fn, settle=False)


def turn(g: dict[str, Any], phase: str, nation: str, **extra: Any) -> None:
    """The decision in progress becomes ``phase`` in ``nation``'s turn.  Fields not given take their resting
    values, and the player who decides is the one the rules name (the government, the first in the queue…)."""
    g["turn"] = {"phase": phase, "nation": nation, "player": None, **extra}


def _credit_sums(g: dict[str, Any], nation: str) -> dict[str, int]:
    sums = {p["name"]: 0 for p in g["players"]}
    for v, h in g["nations"][nation]["bonds"].items():
        if h is not None:
            sums[h] += v
    return sums


def _swiss_banks(g: dict[str, Any]) -> None:
    govs = {n["government"] for n in g["nations"].values()}
    g["swiss_banks"] = [p["name"] for p in g["players"] if p["name"] not in govs]


def govern(g: dict[str, Any], nation: str, player: str) -> None:
    """``player`` takes over ``nation``'s government the way the rules allow (*Investor*, step 3): if its
    credit sum is not the highest yet, it is given the smallest bond still available that makes it so (a
    tie keeps a government).  Players left without a government hold Swiss Banks."""
    nat = g["nations"][nation]
    sums = _credit_sums(g, nation)
    need = max((c for p, c in sums.items() if p != player), default=0) - sums[player]
    if need > 0:
        nat["bonds"][min(v for v, h in nat["bonds"].items() if h is None and v >= need)] = player
    nat["government"] = player
    _swiss_banks(g)


def governments_from_bonds(g: dict[str, Any]) -> None:
    """After bonds were changed by hand: each nation is governed by its top creditor (the government keeps
    a tie; nobody governs a nation whose bonds nobody holds), and Swiss Banks follow."""
    names = [p["name"] for p in g["players"]]
    for nid, nat in g["nations"].items():
        sums = _credit_sums(g, nid)
        top = max(sums.values())
        if top == 0:
            nat["government"] = None
        elif sums.get(nat["government"], 0) < top:
            nat["government"] = next(p for p in names if sums[p] == top)
    _swiss_banks(g)


def put(g: dict[str, Any], nation: str, region: str, armies: int = 0, fleets: int = 0,
        hostile: bool = False) -> None:
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
