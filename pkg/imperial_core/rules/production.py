"""Production: each factory not occupied by hostile armies makes one unit (rulebook *Production*)."""

from __future__ import annotations

from ..board import Board
from .common import G, add_units, emit, occupied_homes


def _left(g: G, b: Board, nid: str) -> dict[str, int]:
    nat = g["nations"][nid]
    info = b.nation(nid)
    return {"armaments": info.armies - sum(nat["armies"].values()),
            "shipyard": info.fleets - sum(nat["fleets"].values())}


def _make(g: G, b: Board, nid: str, region: str) -> None:
    nat = g["nations"][nid]
    fleet = b.regions[region].factory_site == "shipyard"
    add_units(nat["fleets"] if fleet else nat["armies"], region, 1)
    emit(g, "unit_built", nation=nid, unit="fleet" if fleet else "army", region=region, cause="production")


def land(g: G, b: Board, nid: str) -> str:
    """Landing on Production: every factory produces (``"done"``), or the government must choose which
    do because the supply is short (``"choose"``)."""
    return "done" if produce(g, b, nid) else "choose"


def produce(g: G, b: Board, nid: str) -> bool:
    """Armaments make armies in their province, shipyards fleets in their harbour, within unit supply.

    Returns False when the supply of a kind is too small for all its factories: the government then
    chooses which of them produce (``produce REGION`` actions, FAQ *supplies used up*).
    """
    nat = g["nations"][nid]
    left = _left(g, b, nid)
    blocked = occupied_homes(g, b, nid)
    working = [r for r in nat["factories"] if r not in blocked]
    choose: list[str] = []
    for kind in ("armaments", "shipyard"):
        mine = [r for r in working if b.regions[r].factory_site == kind]
        if len(mine) <= left[kind]:
            for r in mine:
                _make(g, b, nid, r)
        elif left[kind] > 0:
            choose += mine
    if not choose:
        return True
    g["turn"]["queue"] = choose
    return False


def production_actions(g: G, b: Board) -> list[tuple]:
    nid = g["turn"]["nation"]
    left = _left(g, b, nid)
    return [("produce", r) for r in g["turn"]["queue"] if left[b.regions[r].factory_site] > 0]


def production_act(g: G, b: Board, k: tuple) -> str:
    """One chosen factory produces; ``"done"`` when production is over, else ``"next"``."""
    t = g["turn"]
    _make(g, b, t["nation"], k[1])
    t["queue"].remove(k[1])
    return "next" if production_actions(g, b) else "done"
