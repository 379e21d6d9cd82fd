"""Factory: build one factory for 5M from the treasury (rulebook *Factory*)."""

from __future__ import annotations

from ..board import Board
from .common import G, can_pay, emit, money_text, nation_name, occupied, occupied_homes
from .funding import fundable_of, pay_or_ask


def factory_sites(g: G, b: Board, nid: str) -> list[str]:
    """Own cities without a factory whose province holds no hostile army."""
    nat = g["nations"][nid]
    blocked = occupied_homes(g, b, nid)
    facs = nat["factories"]
    return [r for r in b.home[nid] if r not in facs and r not in blocked]


def factory_actions(g: G, b: Board) -> list[tuple]:
    """Sites the nation can pay for, alone or with gifts from the other players (``funding``)."""
    nid = g["turn"]["nation"]
    if can_pay(g, nid, b.constants["factory_cost"]):
        return [("factory", r) for r in factory_sites(g, b, nid)] + [("pass",)]
    return [*fundable_of(g, b, nid, [("factory", r) for r in factory_sites(g, b, nid)]), ("pass",)]


def factory_act(g: G, b: Board, k: tuple) -> str:
    """Build (``"done"``), pass (``"done"``), or ask the other players for money first (``"fund"``)."""
    nid = g["turn"]["nation"]
    if k[0] == "factory":
        if not pay_or_ask(g, b, nid, k):
            return "fund"
        nat = g["nations"][nid]
        nat["factories"] = [*nat["factories"], k[1]]  # a new list: states share unchanged lists
        emit(g, "factory_built", nation=nid, region=k[1])
    return "done"


def explain_factory(g: G, b: Board, k: tuple) -> str:
    nid = g["turn"]["nation"]
    name = nation_name(b, nid)
    if k[0] != "factory":
        return f"{name} is on Factory: build a factory or pass"
    r = k[1]
    reg = b.regions.get(r)
    if reg is None or reg.nation != nid:
        return f"{r} is not a city of {name}"
    if r in g["nations"][nid]["factories"]:
        return f"{reg.name} already has a factory"
    if occupied(g, b, r):
        return f"hostile armies stand in {reg.name}; no factory can be built there"
    return (f"{money_text(g, b, nid)}; a factory costs {b.constants['factory_cost']}M, and the other players "
            "cannot or would not give the rest")
