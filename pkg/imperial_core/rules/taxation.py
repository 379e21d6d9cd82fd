"""Taxation: tax revenue, soldiers' pay, success bonus, power points.

Two rulebooks, two procedures, chosen by the board's data (``board.bonus_from``):

* Imperial (*Taxation*): the bonus is 1M per tax-chart row the marker rose, paid by the bank; power points
  follow; the game ends at once at 25 power points; otherwise the treasury receives the revenue less the
  soldiers' pay (never less than nothing).
* Imperial 2030 (*Taxation*, steps 1-4): the revenue (at most 23M) is paid into the treasury; the treasury
  pays 1M per unit until it is empty; the government's bonus follows the chart's middle line (variant
  *Bonus only for tax increases*: 1M per row the marker rose), paid from the treasury and reduced to what
  it holds; power points follow the revenue alone; the game ends at 25 power points.
"""

from __future__ import annotations

from ..board import Board
from .common import BANK, G, emit, pay, treasury, units_of, unoccupied_factories


def tax_revenue(g: G, b: Board, nid: str) -> int:
    """2M per factory not occupied by hostile armies plus 1M per flag (2030: at most ``board.tax_max``)."""
    c = b.constants
    nat = g["nations"][nid]
    revenue = c["tax_per_factory"] * len(unoccupied_factories(g, b, nid)) + c["tax_per_flag"] * len(nat["flags"])
    return revenue if b.tax_max is None else min(revenue, b.tax_max)


def _move_marker(g: G, nid: str, pos: int, revenue: int) -> int:
    """The tax chart marker goes to ``pos``; returns the rows it rose."""
    nat = g["nations"][nid]
    before = nat["tax"]
    if pos != before:
        nat["tax"] = pos
        emit(g, "tax_chart", nation=nid, before=before, after=pos, revenue=revenue)
    return max(0, pos - before)


def _add_power(g: G, b: Board, nid: str, pos: int) -> bool:
    """Power points by the chart's row; True when the nation reached the game-end points."""
    c = b.constants
    nat = g["nations"][nid]
    power = min(c["power_track_max"], nat["power"] + b.power_for_position(pos))
    if power != nat["power"]:
        emit(g, "power", nation=nid, before=nat["power"], after=power)
        nat["power"] = power
    return power >= c["game_end_power_points"]


def _imperial(g: G, b: Board, nid: str) -> str:
    c = b.constants
    nat = g["nations"][nid]
    revenue = tax_revenue(g, b, nid)
    pos = b.tax_position(revenue)
    rise = _move_marker(g, nid, pos, revenue)
    if rise and nat["government"]:
        pay(g, BANK, nat["government"], rise, "bonus")
    if _add_power(g, b, nid, pos):
        return "game_end"
    pay(g, BANK, treasury(nid), revenue, "tax")
    pay(g, treasury(nid), BANK, min(revenue, c["soldier_pay_per_unit"] * units_of(nat)), "soldiers")
    return "done"


def _imperial2030(g: G, b: Board, nid: str) -> str:
    c = b.constants
    nat = g["nations"][nid]
    revenue = tax_revenue(g, b, nid)
    pos = b.tax_position(revenue)
    pay(g, BANK, treasury(nid), revenue, "tax")
    pay(g, treasury(nid), BANK, min(nat["treasury"], c["soldier_pay_per_unit"] * units_of(nat)), "soldiers")
    rise = _move_marker(g, nid, pos, revenue)
    bonus = rise if g["increase_bonus"] else b.tax_bonus[pos]
    if nat["government"]:
        pay(g, treasury(nid), nat["government"], min(bonus, nat["treasury"]), "bonus")
    return "game_end" if _add_power(g, b, nid, pos) else "done"


_PROCEDURES = {"bank": _imperial, "treasury": _imperial2030}


def land(g: G, b: Board, nid: str) -> str:
    """Landing on Taxation; ``"game_end"`` when the nation reaches the power points that end the game,
    else ``"done"``."""
    return _PROCEDURES[b.bonus_from](g, b, nid)


def tax_breakdown(g: G, b: Board, nid: str) -> dict:
    """The parts of the nation's tax revenue now (*Taxation*): factories not occupied by hostile armies
    and their rate, flags and their rate, the sum before any cap, the revenue the rules count, the units
    that draw soldiers' pay and the pay per unit, and the tax chart space the revenue reaches."""
    c = b.constants
    nat = g["nations"][nid]
    factories = len(unoccupied_factories(g, b, nid))
    flags = len(nat["flags"])
    total = c["tax_per_factory"] * factories + c["tax_per_flag"] * flags
    revenue = total if b.tax_max is None else min(total, b.tax_max)  # as tax_revenue counts it
    return {"factories": factories, "per_factory": c["tax_per_factory"], "flags": flags,
            "per_flag": c["tax_per_flag"], "sum": total,
            "revenue": revenue, "cap": b.tax_max, "units": units_of(nat), "pay_per_unit": c["soldier_pay_per_unit"],
            "chart_from": nat["tax"], "chart_to": b.tax_position(revenue)}
