"""Taxation: tax chart, success bonus, power points, soldiers' pay (rulebook *Taxation*)."""

from __future__ import annotations

from ..board import Board
from .common import BANK, G, emit, pay, treasury, units_of, unoccupied_factories


def tax_revenue(g: G, b: Board, nid: str) -> int:
    """2M per factory not occupied by hostile armies plus 1M per flag."""
    c = b.constants
    nat = g["nations"][nid]
    return c["tax_per_factory"] * len(unoccupied_factories(g, b, nid)) + c["tax_per_flag"] * len(nat["flags"])


def land(g: G, b: Board, nid: str) -> str:
    """Tax revenue, success bonus, power points, then soldiers' pay.  ``"game_end"`` when the nation
    reaches the power points that end the game (*End of the game*: at once, before soldiers' pay), else
    ``"done"``."""
    c = b.constants
    nat = g["nations"][nid]
    revenue = tax_revenue(g, b, nid)
    pos = b.tax_position(revenue)
    before = nat["tax"]
    bonus = max(0, pos - before)
    if pos != before:
        nat["tax"] = pos
        emit(g, "tax_chart", nation=nid, before=before, after=pos, revenue=revenue)
    if bonus and nat["government"]:
        pay(g, BANK, nat["government"], bonus, "bonus")
    power = min(c["power_track_max"], nat["power"] + b.power_for_position(pos))
    if power != nat["power"]:
        emit(g, "power", nation=nid, before=nat["power"], after=power)
        nat["power"] = power
    if power >= c["game_end_power_points"]:
        return "game_end"
    pay(g, BANK, treasury(nid), revenue, "tax")
    pay(g, treasury(nid), BANK, min(revenue, c["soldier_pay_per_unit"] * units_of(nat)), "soldiers")
    return "done"
