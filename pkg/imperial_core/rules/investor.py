"""Investor: interest, investor card, Swiss Bank investments, government change, card moves.

Rulebook *Investor* steps 1-3; *Variant without investor card*; first edition: players without a
government invest like a Swiss Bank.
"""

from __future__ import annotations

from bisect import bisect_right

from ..board import Board
from ..model import fresh_turn
from .common import (
    BANK,
    G,
    bond_values,
    emit,
    left_of,
    nation_name,
    pay,
    player,
    seat_order_from,
    treasury,
    update_governments,
)


def land(g: G, b: Board, nid: str) -> str:
    """Landing on Investor: step 1, the interest (steps 2 and 3 follow in the turn flow)."""
    pay_interest(g, b, nid)
    return "done"


def pay_interest(g: G, b: Board, nid: str) -> None:
    """Step 1: the treasury pays every bond's interest.

    Short treasury: the government forgoes its own interest first, then pays the others from its
    cash; if that is not enough either, holders are paid clockwise from the government's left
    until the money runs out (see rules-decisions).
    """
    nat = g["nations"][nid]
    gov = nat["government"]
    till = treasury(nid)
    due: dict[str, int] = {}
    for v, h in nat["bonds"].items():
        if h is not None:
            due[h] = due.get(h, 0) + b.interest(v)
    total = sum(due.values())
    if nat["treasury"] >= total:
        for h, amount in due.items():
            pay(g, till, h, amount, "interest")
        return
    others = {h: a for h, a in due.items() if h != gov}
    money = nat["treasury"]
    need = sum(others.values())
    if money >= need:
        for h, amount in others.items():
            pay(g, till, h, amount, "interest")
        if gov:
            pay(g, till, gov, money - need, "interest")
        return
    gp = player(g, gov) if gov else None
    from_gov = min(need - money, gp["cash"]) if gp else 0
    # the treasury's money first, then the government's, to the holders clockwise from its left
    sources = [[till, money], [gov, from_gov]]
    for h in seat_order_from(g, gov, include_self=False) if gov else seat_order_from(g, None):
        if h not in others:
            continue
        owed = others[h]
        for src in sources:
            paid = min(src[1], owed)
            pay(g, src[0], h, paid, "interest")
            src[1] -= paid
            owed -= paid


def bond_options(g: G, b: Board, name: str, nations: list[str]) -> list[tuple]:
    """Every bond ``name`` can afford: a new available bond, or a trade-up of one of its own bonds."""
    cash = player(g, name)["cash"]
    values = bond_values(b, g["edition"])  # every nation's bonds, ascending
    affordable = values[:bisect_right(values, cash)]
    out: list[tuple] = []
    nats = g["nations"]
    for nid in nations:
        bonds = nats[nid]["bonds"]
        if name not in bonds.values():  # no trade-ups: the new bonds it can pay for
            for v in affordable:
                if bonds[v] is None:
                    out.append(("bond", nid, v, None))
            continue
        own = [v for v in values if bonds[v] == name]  # its own bonds' values, ascending
        # no bond above cash + its largest own bond is within reach, new or traded up
        for v in values[:bisect_right(values, cash + own[-1])]:
            if bonds[v] is not None:
                continue
            if v <= cash:
                out.append(("bond", nid, v, None))
            for w in own:
                if w < v and v - w <= cash:
                    out.append(("bond", nid, v, w))
    return out


def buy_bond(g: G, name: str, k: tuple) -> None:
    """Buy a bond, or trade one up paying only the difference (*Investor*, step 2)."""
    _t, nid, value, trade_in = k
    nat = g["nations"][nid]
    price = value
    if trade_in is not None:
        nat["bonds"][trade_in] = None
        price -= trade_in
    nat["bonds"][value] = name
    pay(g, name, treasury(nid), price, "bond")
    emit(g, "bond", player=name, nation=nid, value=value, returned=trade_in)


def invest_act(g: G, b: Board, k: tuple) -> str:
    """The player in turn buys a bond or passes; ``"next"`` player, or ``"done"`` when all were asked."""
    t = g["turn"]
    if k[0] == "bond":
        buy_bond(g, t["player"], k)
    t["queue"].pop(0)
    return "next" if t["queue"] else "done"


def invest_nations(g: G, b: Board, name: str) -> list[str]:
    t = g["turn"]
    if t["invest_round"] in ("card", "swiss"):
        return list(b.nation_ids)
    # variant without investor card: the round's nation; players without a government: any nation
    if name in g["swiss_banks"]:
        return list(b.nation_ids)
    return [t["invest_nation"]]


def invest_actions(g: G, b: Board) -> list[tuple]:
    name = g["turn"]["player"]
    return bond_options(g, b, name, invest_nations(g, b, name)) + [("pass",)]


# -- card variant: steps 2 and 3 --------------------------------------------------------------------------
def start_investor_steps(g: G, b: Board, nid: str) -> None:
    """Step 2: the card holder gets 2M and may invest; step 3: Swiss Banks invest clockwise from the holder."""
    holder = g["investor"]
    pay(g, BANK, holder, b.constants["investor_card_payout"], "investor card")
    swiss = set(g["swiss_banks"])
    queue = [holder] + [p for p in seat_order_from(g, holder, include_self=False) if p in swiss]
    t = fresh_turn("invest", nid, None)
    t["invest_round"] = "card"
    t["queue"] = queue
    g["turn"] = t


def end_investor_steps(g: G, b: Board) -> None:
    """Governments change, Swiss Banks are given and returned, then the investor card moves left."""
    holder = g["investor"]
    update_governments(g, b, holder)
    g["investor"] = left_of(g, holder)
    emit(g, "investor_card", before=holder, after=g["investor"])


# -- variant without investor card ------------------------------------------------------------------------
def start_round(g: G, b: Board, mover: str | None, nid: str, kind: str, first: str | None) -> None:
    t = fresh_turn("invest", mover, None)
    t["invest_round"] = kind
    t["invest_nation"] = nid
    t["queue"] = seat_order_from(g, first)
    g["turn"] = t


def explain_invest(g: G, b: Board, k: tuple) -> str:
    name = g["turn"]["player"]
    if k[0] != "bond":
        return f"{name} may buy one bond now, or pass"
    _t, nid, value, trade_in = k
    if nid not in g["nations"]:
        return f"there is no nation {nid!r}"
    nations = invest_nations(g, b, name)
    if nid not in nations:
        return f"{name} may only invest in {', '.join(nation_name(b, n) for n in nations)} now"
    bonds = g["nations"][nid]["bonds"]
    if value not in bonds:
        return f"{nation_name(b, nid)} has no {value}M bond"
    if bonds[value] is not None:
        return f"{nation_name(b, nid)}'s {value}M bond is held by {bonds[value]}"
    if trade_in is not None and bonds.get(trade_in) != name:
        return f"{name} holds no {trade_in}M bond of {nation_name(b, nid)} to return"
    if trade_in is not None and trade_in >= value:
        return "a bond can only be returned for a higher one"
    price = value - (trade_in or 0)
    return f"{name} has {player(g, name)['cash']}M; this bond costs {price}M"


def interest_breakdown(g: G, b: Board, nid: str) -> dict:
    """What landing on Investor would pay (*Investor*, step 1 and 2): the interest due to each holder of
    the nation's bonds, the total, the treasury, and the investor card's payout and its holder (when the
    game is played with the card)."""
    due: dict[str, int] = {}
    for v, h in sorted(g["nations"][nid]["bonds"].items()):
        if h is not None:
            due[h] = due.get(h, 0) + b.interest(v)
    card = g["investor_card"]
    return {"due": due, "total": sum(due.values()), "treasury": g["nations"][nid]["treasury"],
            "card_payout": b.constants["investor_card_payout"] if card else 0,
            "card_holder": g["investor"] if card else None}


def bond_breakdown(g: G, b: Board, name: str, k: tuple) -> dict:
    """What buying (or trading up to) a bond gives ``name`` (*Investor*, steps 2-3): the price paid into
    the treasury, the interest it adds, the player's credit in the nation after it, and who would govern
    the nation if governments were settled right after this purchase (the rule of
    :func:`~.common.update_governments`, run on a copy)."""
    _t, nid, value, trade_in = k
    nat = g["nations"][nid]
    bonds = dict(nat["bonds"])
    if trade_in is not None:
        bonds[trade_in] = None
    bonds[value] = name
    copy = {**nat, "bonds": bonds}
    t = g["turn"]
    order_from = g["investor"] if g["investor_card"] else (
        g["nations"][t["nation"]]["government"] if t.get("nation") in g["nations"] else None)
    trial = {"players": g["players"], "nations": {nid: copy}, "swiss_banks": list(g["swiss_banks"]), "events": None}
    update_governments(trial, b, order_from)
    before = nat["government"]
    after = trial["nations"][nid]["government"]  # the rule may replace the record rather than change it
    return {"nation": nid, "value": value, "trade_in": trade_in, "price": value - (trade_in or 0),
            "interest": b.interest(value), "interest_gain": b.interest(value) - (b.interest(trade_in) if trade_in else 0),
            "credit": sum(v for v, h in bonds.items() if h == name), "government_before": before,
            "government_after": after, "becomes_government": after == name and before != name}
