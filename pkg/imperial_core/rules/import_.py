"""Import: up to three units at 1M each from the treasury (rulebook *Import*)."""

from __future__ import annotations

from ..board import Board
from .common import (
    G,
    add_units,
    can_pay,
    emit,
    money_text,
    nation_name,
    occupied,
    occupied_homes,
)
from .funding import fundable_of, pay_or_ask

_KEYS: dict[tuple[str, str], tuple[list[tuple], list[tuple]]] = {}


def _import_keys(b: Board, nid: str) -> tuple[list[tuple], list[tuple]]:
    """The imports of an army into each home province of ``nid`` and of a fleet into each one with a
    harbour, in board order (read-only lists, made once per board and nation)."""
    keys = _KEYS.get((b.id, nid))
    if keys is None:
        keys = _KEYS[(b.id, nid)] = ([("import", "army", r) for r in b.home[nid]],
                                     [("import", "fleet", r) for r in b.home[nid] if b.regions[r].harbour])
    return keys


def import_actions(g: G, b: Board) -> list[tuple]:
    t = g["turn"]
    nid = t["nation"]
    c = b.constants
    if t["imports"] >= c["import_max_units"]:
        return [("pass",)]
    own = can_pay(g, nid, c["import_cost_per_unit"])
    nat = g["nations"][nid]
    info = b.nation(nid)
    out: list[tuple] = []
    blocked = occupied_homes(g, b, nid)
    armies, fleets = _import_keys(b, nid)
    if sum(nat["armies"].values()) < info.armies:
        out += [k for k in armies if k[2] not in blocked] if blocked else armies
    if sum(nat["fleets"].values()) < info.fleets:
        out += [k for k in fleets if k[2] not in blocked] if blocked else fleets
    if not own:  # only what the other players could fund (``funding``)
        out = fundable_of(g, b, nid, out)
    out.append(("pass",))
    return out


def import_act(g: G, b: Board, k: tuple) -> str:
    """Import one unit (``"next"``: when nothing more can be imported, passing is the only choice left and
    the turn flow takes it), stop (``"done"``), or ask the other players for money first (``"fund"``)."""
    t = g["turn"]
    if k[0] == "pass":
        return "done"
    nid = t["nation"]
    if not pay_or_ask(g, b, nid, k):
        return "fund"
    nat = g["nations"][nid]
    add_units(nat["armies"] if k[1] == "army" else nat["fleets"], k[2], 1)
    emit(g, "unit_built", nation=nid, unit=k[1], region=k[2], cause="import")
    t["imports"] += 1
    return "next"


def explain_import(g: G, b: Board, k: tuple) -> str:
    t = g["turn"]
    nid = t["nation"]
    name = nation_name(b, nid)
    if k[0] != "import":
        return f"{name} is importing: import a unit or pass"
    unit, r = k[1], k[2]
    reg = b.regions.get(r)
    if t["imports"] >= b.constants["import_max_units"]:
        return f"{name} has already imported {t['imports']} units"
    if reg is None or reg.nation != nid:
        return f"imported units go into {name}'s home provinces, and {r} is not one"
    if occupied(g, b, r):
        return f"hostile armies stand in {reg.name}; no units can be placed there"
    if unit == "fleet" and not reg.harbour:
        return f"fleets can only be placed in harbour cities, and {reg.name} has none"
    if not can_pay(g, nid, 1):
        return (f"{money_text(g, b, nid)}; a unit costs {b.constants['import_cost_per_unit']}M, and the other "
                "players cannot or would not give it")
    return f"{name} has no {unit} left in its supply"
