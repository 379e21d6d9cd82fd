"""What each choice of the decision at hand would cost and do, before it is made.

For the page's decision panel ("Taxation — 2M (4 spaces; 1 beyond 3): +9M tax …") and for anyone who
wants to explain a choice.  Every number comes from the rule modules' breakdown functions or from the
events of :func:`imperial_core.step` on the candidate action, so a preview says exactly what the rules
will do; nothing here decides a rule of its own.

* :func:`rondel_choices` — every rondel space the nation could reach this turn, affordable or not, with
  its cost broken down and, for the affordable ones, what landing there pays and moves.
* :func:`choice_previews` — for other decisions, per legal action (by its notation): the price and what
  it buys (a bond's interest and whether it would make the buyer the government, an import's order
  among the turn's imports, a factory's price).
* :func:`tax_breakdown`, :func:`interest_breakdown` — a nation's tax and interest right now.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from .board import load_board
from .engine import _advance, _index_of, legal_actions
from .model import GameState
from .rules import investor, rondel, taxation
from .rules.common import player

__all__ = ["choice_previews", "interest_breakdown", "money_of", "rondel_choices", "tax_breakdown"]


def tax_breakdown(state: GameState, nation: str) -> dict[str, Any]:
    """The parts of ``nation``'s tax revenue now (*Taxation*): factories and flags with their rates, the
    revenue, the units paid and the pay per unit, and the tax chart spaces (see
    :func:`imperial_core.rules.taxation.tax_breakdown`)."""
    return taxation.tax_breakdown(state.__dict__, load_board(state.board), nation)


def interest_breakdown(state: GameState, nation: str) -> dict[str, Any]:
    """The interest ``nation`` owes each bond holder now, and the investor card's payout (*Investor*)."""
    return investor.interest_breakdown(state.__dict__, load_board(state.board), nation)


def money_of(events: Sequence[Any]) -> dict[str, Any]:
    """The payments and changes of a step, summed by rule: ``{"tax": 9, "soldiers": 4, "bonus": [("Bo",
    2)], "interest": [("Ann", 4), …], "investor card": [("Cy", 2)], "rondel": 2, "power": 3, "produced":
    {"army": 2}, "government": [(nation, player)]}`` (only what happened is present)."""
    out: dict[str, Any] = {}
    for e in events:
        if e.kind == "pay":
            if e.reason in ("tax", "soldiers", "rondel", "factory", "import", "bond", "funding"):
                out[e.reason] = out.get(e.reason, 0) + e.amount
            else:
                out.setdefault(e.reason, []).append((e.target, e.amount))
        elif e.kind == "power":
            out["power"] = out.get("power", 0) + e.after - e.before
            out["power_after"] = e.after
        elif e.kind == "unit_built" and e.cause == "production":
            made = out.setdefault("produced", {})
            made[e.unit] = made.get(e.unit, 0) + 1
        elif e.kind == "government":
            out.setdefault("government", []).append((e.nation, e.after))
        elif e.kind == "game_over":
            out["game_over"] = True
    return out


def _events_of(state: GameState, text: str) -> list[Any]:
    """The events of the step ``text`` from ``state``, as the rules emit them (the same as
    :func:`imperial_core.step`'s, without validating them into models: a preview is drawn at every click)."""
    raw: list[dict] = []
    _advance(state, _index_of(state, text), raw, remember=False)
    return [SimpleNamespace(**e) for e in raw]


def rondel_choices(state: GameState) -> list[dict[str, Any]]:
    """Every space the active nation could move to this turn (*Selecting a space on the rondel*), in
    clockwise order, affordable or not: ``space`` (notation), ``name``, ``steps``, ``free``, ``extra``,
    ``per_space``, ``cost``, ``payer``, ``cash``, ``affordable``, ``passes_investor``; for an affordable
    space also ``effect`` (:func:`money_of` of the step that lands there); on Taxation ``tax``
    (:func:`tax_breakdown`); on or past Investor ``interest`` (:func:`interest_breakdown`)."""
    if state.decision != "rondel":
        return []
    g = state.__dict__
    b = load_board(state.board)
    nid = g["turn"]["nation"]
    legal = {str(a) for a in legal_actions(state)}
    rows = rondel.space_breakdowns(g, b)
    interest = None
    for row in rows:
        text = f"rondel {row['space']}"
        row["legal"] = text in legal
        if row["legal"]:
            row["effect"] = money_of(_events_of(state, text))
        if row["name"] == "taxation":
            row["tax"] = taxation.tax_breakdown(g, b, nid)
        if row["name"] == "investor" or row["passes_investor"]:
            interest = interest or investor.interest_breakdown(g, b, nid)  # the same for every such row
            row["interest"] = interest
    return rows


def choice_previews(state: GameState) -> dict[str, dict[str, Any]]:
    """For each legal action of the decision at hand (keyed by its notation), what it costs and buys:

    * a bond (*Investor*; set-up auction): :func:`imperial_core.rules.investor.bond_breakdown` — ``price``,
      ``interest``, ``interest_gain``, ``credit``, ``government_before`` / ``government_after`` and
      ``becomes_government``;
    * an import (*Import*): ``cost`` per unit, ``nth`` of ``max`` this turn, ``unit``;
    * a factory (*Factory*): ``cost``, the ``treasury`` and the government's ``cash``;
    * a rondel space: the row of :func:`rondel_choices`.
    """
    g = state.__dict__
    b = load_board(state.board)
    c = b.constants
    t = g["turn"]
    out: dict[str, dict[str, Any]] = {}
    if state.decision == "rondel":
        return {f"rondel {r['space']}": r for r in rondel_choices(state) if r["legal"]}
    for a in legal_actions(state):
        text = str(a)
        if a.type == "bond":
            out[text] = investor.bond_breakdown(g, b, t["player"], ("bond", a.nation, a.value, a.trade_in))
        elif a.type == "import":
            out[text] = {"cost": c["import_cost_per_unit"], "nth": t["imports"] + 1, "max": c["import_max_units"],
                         "unit": a.unit}
        elif a.type == "factory":
            nat = g["nations"][t["nation"]]
            gov = nat["government"]
            cash = player(g, gov)["cash"] if gov else 0
            out[text] = {"cost": c["factory_cost"], "treasury": nat["treasury"], "cash": cash,
                         "site": b.regions[a.region].factory_site}
    return out
