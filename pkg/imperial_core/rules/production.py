"""Production: each factory not occupied by hostile armies makes one unit (rulebook *Production*)."""

from __future__ import annotations

from ..board import Board
from .common import G, add_units, occupied


def produce(g: G, b: Board, nid: str) -> None:
    """Armaments make armies in their province, shipyards fleets in their harbour, within unit supply.

    Factories produce in the order the nation built them (see rules-decisions: supply shortage).
    """
    nat = g["nations"][nid]
    info = b.nation(nid)
    armies = sum(nat["armies"].values())
    fleets = sum(nat["fleets"].values())
    for r in nat["factories"]:
        if occupied(g, b, r):
            continue
        if b.regions[r].factory_site == "shipyard":
            if fleets < info.fleets:
                add_units(nat["fleets"], r, 1)
                fleets += 1
        elif armies < info.armies:
            add_units(nat["armies"], r, 1)
            armies += 1
