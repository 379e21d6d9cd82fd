"""Taxation: tax chart, success bonus, power points, soldiers' pay (rulebook *Taxation*)."""

from __future__ import annotations

from ..board import Board
from .common import G, player, units_of, unoccupied_factories


def tax_revenue(g: G, b: Board, nid: str) -> int:
    """2M per factory not occupied by hostile armies plus 1M per flag."""
    c = b.constants
    nat = g["nations"][nid]
    return c["tax_per_factory"] * len(unoccupied_factories(g, b, nid)) + c["tax_per_flag"] * len(nat["flags"])


def tax(g: G, b: Board, nid: str) -> bool:
    """Run the three steps; returns True when the nation reached the game-end power points."""
    c = b.constants
    nat = g["nations"][nid]
    revenue = tax_revenue(g, b, nid)
    pos = b.tax_position(revenue)
    bonus = max(0, pos - nat["tax"])
    nat["tax"] = pos
    if bonus and nat["government"]:
        player(g, nat["government"])["cash"] += bonus
    nat["power"] = min(c["power_track_max"], nat["power"] + b.power_for_position(pos))
    if nat["power"] >= c["game_end_power_points"]:
        return True
    nat["treasury"] += max(0, revenue - c["soldier_pay_per_unit"] * units_of(nat))
    return False
