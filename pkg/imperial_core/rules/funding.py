"""Gifts to a treasury so that its government can pay a factory or an import (rulebook *Treasuries*).

"They are allowed to give personal cash to the treasury at any time in order to support it
financially."  A gift changes what the rules allow only when the treasury and the government's own
cash together cannot pay a cost, so the other players are asked exactly then: the government picks
the factory or the import it cannot pay alone, and the others, clockwise from the government's left,
may each offer part of what is missing.  Once the offers cover it, the money goes into the treasury and
the factory or unit is bought at once; if they do not, nothing is given and that purchase is not
offered again this turn (see ``docs/rules-decisions.md``, decision 4).
"""

from __future__ import annotations

from ..board import Board
from .common import G, nation_name, player, seat_order_from


def cost_of(b: Board, key: tuple | list) -> int:
    """What the factory or the imported unit costs."""
    c = b.constants
    return c["factory_cost"] if key[0] == "factory" else c["import_cost_per_unit"]


def own_means(g: G, nid: str) -> int:
    """Treasury plus the government's cash: what the nation can pay without help."""
    nat = g["nations"][nid]
    gov = nat["government"]
    return nat["treasury"] + (player(g, gov)["cash"] if gov else 0)


def donors(g: G, nid: str) -> list[str]:
    """Players other than the government who have cash, clockwise from the government's left."""
    gov = g["nations"][nid]["government"]
    return [p for p in seat_order_from(g, gov, include_self=False) if p != gov and player(g, p)["cash"] > 0]


def fundable(g: G, b: Board, nid: str, key: tuple) -> bool:
    """The nation cannot pay ``key`` alone, the others' cash could, and nobody refused it this turn."""
    cost = cost_of(b, key)
    short = cost - own_means(g, nid)
    if short <= 0 or " ".join(key) in g["turn"]["refused"]:
        return False
    return sum(player(g, p)["cash"] for p in donors(g, nid)) >= short


def start(g: G, b: Board, key: tuple) -> None:
    """Ask the other players to fund ``key`` (a factory or import the nation cannot pay alone)."""
    t = g["turn"]
    t["pending"] = list(key)
    t["pledges"] = {}
    t["queue"] = donors(g, t["nation"])
    t["phase"] = "fund"
    t["player"] = t["queue"][0]


def missing(g: G, b: Board) -> int:
    t = g["turn"]
    return cost_of(b, t["pending"]) - own_means(g, t["nation"]) - sum(t["pledges"].values())


def fund_actions(g: G, b: Board) -> list[tuple]:
    t = g["turn"]
    most = min(player(g, t["player"])["cash"], missing(g, b))
    return [("give", a) for a in range(1, most + 1)] + [("pass",)]


def fund_apply(g: G, b: Board, k: tuple) -> tuple | None:
    """One answer.  Returns the funded factory or import to carry out now, else ``None``."""
    t = g["turn"]
    nid = t["nation"]
    if k[0] == "give":
        t["pledges"][t["player"]] = t["pledges"].get(t["player"], 0) + k[1]
    t["queue"].pop(0)
    key = tuple(t["pending"])
    if missing(g, b) <= 0:
        nat = g["nations"][nid]
        for name, amount in t["pledges"].items():
            player(g, name)["cash"] -= amount
            nat["treasury"] += amount
        _resume(g, key[0])
        return key
    if sum(player(g, p)["cash"] for p in t["queue"]) >= missing(g, b):  # the rest could still cover it
        t["player"] = t["queue"][0]
        return None
    t["refused"] = [*t["refused"], " ".join(key)]
    _resume(g, key[0])
    return None


def _resume(g: G, phase: str) -> None:
    t = g["turn"]
    t["phase"] = phase
    t["pending"] = None
    t["pledges"] = {}
    t["queue"] = []
    t["player"] = g["nations"][t["nation"]]["government"]


def explain_fund(g: G, b: Board, k: tuple) -> str:
    t = g["turn"]
    most = min(player(g, t["player"])["cash"], missing(g, b))
    what = " ".join(t["pending"])
    return (f"{t['player']} may give 1 to {most}M to {nation_name(b, t['nation'])}'s treasury for "
            f"'{what}' (give AMOUNT), or pass")
