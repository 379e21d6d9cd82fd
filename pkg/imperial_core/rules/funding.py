"""Gifts to a treasury so that a cost the rules require can be paid (rulebook *Treasuries*).

"They are allowed to give personal cash to the treasury at any time in order to support it
financially."  Money in a treasury counts for nothing but its costs, so a gift changes what the rules
allow only when a cost is due that cannot be met otherwise, and the other players are asked exactly
then (``docs/rules-decisions.md``, decisions 4 and 7):

* a factory or an import its government picked but cannot pay with the treasury and its own cash;
* a forced stop on Investor that a Swiss Bank holder chose, when the treasury plus the holder's cash
  cannot pay all the interest.

The payer (the government, or the Swiss Bank holder) puts in all it has first; the others, clockwise
from the payer's left, may each offer part of what is still missing.  Once the offers cover it, the
money goes into the treasury and the purchase or stop happens at once; if they do not, nothing is given
and that purchase or stop is not offered again this turn.
"""

from __future__ import annotations

from ..board import Board
from .common import (
    G,
    can_pay,
    interest_due,
    nation_name,
    pay,
    pay_from_treasury,
    player,
    seat_order_from,
    swiss_banks_from_card,
    treasury,
)


def _payer(g: G, nid: str, key: tuple | list) -> str | None:
    """Who pays first: the Swiss Bank holder for a forced stop, else the government."""
    return key[1] if key[0] == "force" else g["nations"][nid]["government"]


def cost_of(g: G, b: Board, nid: str, key: tuple | list) -> int:
    """What the treasury must hold: a factory's or a unit's price, or all interest for a forced stop."""
    c = b.constants
    if key[0] == "force":
        return interest_due(g, b, nid)
    return c["factory_cost"] if key[0] == "factory" else c["import_cost_per_unit"]


def own_means(g: G, nid: str, key: tuple | list = ("factory",)) -> int:
    """Treasury plus the payer's cash: what can be paid without help."""
    payer = _payer(g, nid, key)
    return g["nations"][nid]["treasury"] + (player(g, payer)["cash"] if payer else 0)


def donors(g: G, nid: str, key: tuple | list = ("factory",)) -> list[str]:
    """Players other than the government and the payer who have cash, clockwise from the payer's left."""
    gov, payer = g["nations"][nid]["government"], _payer(g, nid, key)
    return [p for p in seat_order_from(g, payer, include_self=False)
            if p not in (gov, payer) and player(g, p)["cash"] > 0]


def fundable(g: G, b: Board, nid: str, key: tuple) -> bool:
    """``key`` cannot be paid without help, the others' cash could, and nobody refused it this turn."""
    return bool(fundable_of(g, b, nid, [key]))


def fundable_of(g: G, b: Board, nid: str, keys: list[tuple]) -> list[tuple]:
    """The ``keys`` that cannot be paid without help, that the others' cash could pay, and that nobody refused
    this turn; all of one kind (imports, or factories): their cost, payer and donors are the same, so the
    others' cash is added up once."""
    if not keys:
        return keys
    short = cost_of(g, b, nid, keys[0]) - own_means(g, nid, keys[0])
    if short <= 0 or sum(player(g, p)["cash"] for p in donors(g, nid, keys[0])) < short:
        return []
    refused = g["turn"]["refused"]
    return [k for k in keys if " ".join(k) not in refused] if refused else keys


def start(g: G, b: Board, key: tuple) -> None:
    """Ask the other players to fund ``key``."""
    t = g["turn"]
    t["pending"] = list(key)
    t["pledges"] = {}
    t["queue"] = donors(g, t["nation"], key)


def pay_or_ask(g: G, b: Board, nid: str, key: tuple) -> bool:
    """A factory or an import ``key`` paid by nation ``nid`` from its treasury, the government covering the
    rest (True); or, when the two cannot, the other players asked to fund it (False: the purchase waits for
    their answers)."""
    price = cost_of(g, b, nid, key)
    if not can_pay(g, nid, price):
        start(g, b, key)
        return False
    pay_from_treasury(g, nid, price, key[0])
    return True


def missing(g: G, b: Board) -> int:
    t = g["turn"]
    key = t["pending"]
    return cost_of(g, b, t["nation"], key) - own_means(g, t["nation"], key) - sum(t["pledges"].values())


def fund_actions(g: G, b: Board) -> list[tuple]:
    t = g["turn"]
    most = min(player(g, t["player"])["cash"], missing(g, b))
    return [("give", a) for a in range(1, most + 1)] + [("pass",)]


def fund_act(g: G, b: Board, k: tuple) -> str:
    """One answer: ``"next"`` player asked; ``"funded"`` (the offers are given to the treasury, and the
    purchase or stop waiting in ``t["pending"]`` happens now); or ``"refused"`` (nothing is given, and
    that purchase or stop is not offered again this turn)."""
    t = g["turn"]
    nid = t["nation"]
    if k[0] == "give":
        t["pledges"][t["player"]] = t["pledges"].get(t["player"], 0) + k[1]
    t["queue"].pop(0)
    if missing(g, b) <= 0:
        for name, amount in t["pledges"].items():
            pay(g, name, treasury(nid), amount, "funding")
        return "funded"
    if sum(player(g, p)["cash"] for p in t["queue"]) >= missing(g, b):  # the rest could still cover it
        return "next"
    t["refused"] = [*t["refused"], " ".join(t["pending"])]
    return "refused"


def resume(g: G) -> tuple[str, tuple]:
    """Back to the decision that asked for the money: returns its phase and the action waiting (a Swiss
    Bank's forced stop resumes with the holders after the one who forced)."""
    t = g["turn"]
    key = tuple(t["pending"])
    t["pending"] = None
    t["pledges"] = {}
    if key[0] == "force":
        holders = swiss_banks_from_card(g)
        t["queue"] = holders[holders.index(key[1]):]
        return "swiss", ("force",)
    t["queue"] = []
    return key[0], key


def explain_fund(g: G, b: Board, k: tuple) -> str:
    t = g["turn"]
    most = min(player(g, t["player"])["cash"], missing(g, b))
    what = "a forced stop on Investor" if t["pending"][0] == "force" else f"'{' '.join(t['pending'])}'"
    return (f"{t['player']} may give 1 to {most}M to {nation_name(b, t['nation'])}'s treasury for {what} "
            "(give AMOUNT), or pass")
