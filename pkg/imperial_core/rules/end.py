"""End of the game and scoring (rulebook *Object of the game / End of the game*)."""

from __future__ import annotations

from ..board import Board
from .common import G, credit


def scores(g: G, b: Board) -> dict[str, int]:
    """Each bond's interest times its nation's power factor, plus cash."""
    out = {p["name"]: p["cash"] for p in g["players"]}
    for nat in g["nations"].values():
        factor = b.power_factor_for(nat["power"])
        for v, h in nat["bonds"].items():
            if h is not None:
                out[h] += b.interest(v) * factor
    return out


def ranking(g: G, b: Board) -> list[str]:
    """Players best first: score, then credit sum in the most powerful nation, then the next, ...

    Nations with equal power points are compared in turn order (see rules-decisions).
    """
    sc = scores(g, b)
    by_power = sorted(g["nations"], key=lambda nid: (-g["nations"][nid]["power"], b.nation_ids.index(nid)))
    seats = [p["name"] for p in g["players"]]

    def key(name: str):
        return (-sc[name], [-credit(g, name, nid) for nid in by_power], seats.index(name))

    return sorted(seats, key=key)
