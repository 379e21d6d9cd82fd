"""End of the game and scoring (rulebook *Object of the game / End of the game*)."""

from __future__ import annotations

from ..board import Board
from .common import G, credit


def breakdown(g: G, b: Board) -> dict[str, dict]:
    """Per player: cash, and per nation whose bonds it holds the interest, the power factor and their
    product; ``total`` is the score."""
    out: dict[str, dict] = {p["name"]: {"cash": p["cash"], "nations": {}, "total": p["cash"]} for p in g["players"]}
    for nid, nat in g["nations"].items():
        factor = b.power_factor_for(nat["power"])
        for v, h in nat["bonds"].items():
            if h is not None:
                row = out[h]["nations"].setdefault(nid, {"interest": 0, "factor": factor, "points": 0})
                row["interest"] += b.interest(v)
                row["points"] = row["interest"] * factor
                out[h]["total"] += b.interest(v) * factor
    return out


def scores(g: G, b: Board) -> dict[str, int]:
    """Each bond's interest times its nation's power factor, plus cash."""
    return {name: row["total"] for name, row in breakdown(g, b).items()}


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
