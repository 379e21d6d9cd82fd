"""Set-up: start cash, flag-card deal, start bonds, governments, investor card, Swiss Banks.

Rulebook *Set-up* 2 (*Distributing the bonds*), its *Variant for experienced players* (auction),
*Start of play*, and the first edition's figures (see ``docs/rules-decisions.md``).
"""

from __future__ import annotations

from ..board import Board
from ..errors import IllegalAction
from ..model import fresh_turn
from .common import (
    G,
    bonds_in_play,
    credit,
    emit,
    left_of,
    nation_name,
    pay,
    player,
    refresh_swiss_banks,
    seat_order_from,
    seeded_index,
    shuffled,
    treasury,
)


def start_cash(b: Board, edition: str, setup: str, n_players: int) -> int:
    if setup == "auction":
        return int(b.auction_cash[str(n_players)])
    table = b.first_edition["start_cash"] if edition == "first" else b.start_cash
    return int(table.get(str(n_players), table["default"]))


#: Longest player name.
MAX_NAME = 24
#: Names that would read as the bank or a treasury in payments (``events``).
_RESERVED = ("bank",)


def check_names(players: list[str]) -> None:
    """Player names are printable text of 1 to 24 characters without surrounding spaces, distinct even
    when letter case is ignored, and never the bank's or a treasury's name."""
    seen: set[str] = set()
    for p in players:
        if not isinstance(p, str) or not p:
            raise IllegalAction.said("errors.name_empty")
        if len(p) > MAX_NAME:
            raise IllegalAction.said("errors.name_long", name=repr(p[:MAX_NAME]), max=MAX_NAME)
        if p != p.strip() or not p.isprintable():
            raise IllegalAction.said("errors.name_shown", name=repr(p))
        folded = p.casefold()
        if folded in _RESERVED or folded.startswith("treasury:"):
            raise IllegalAction.said("errors.name_reserved", name=repr(p))
        if folded in seen:
            raise IllegalAction.said("errors.name_twice", name=repr(p))
        seen.add(folded)


def check_player_count(n: int) -> None:
    """Imperial is played by 2 to 6 players."""
    if not 2 <= n <= 6:
        raise IllegalAction.said("errors.player_count", n=n)


def initial_state(b: Board, players: list[str], edition: str, setup: str, investor_card: bool, seed: int,
                  increase_bonus: bool = False, *, version: int) -> G:
    """The plain-dict state right after set-up (standard deal) or at the start of the auction, of a game
    played under rules ``version``."""
    n = len(players)
    check_player_count(n)
    check_names(players)
    cash = start_cash(b, edition, setup, n)
    nations = {}
    for info in b.nations:
        nations[info.id] = {
            "treasury": 0, "power": 0, "tax": 0, "rondel": None, "government": None,
            "factories": [r.id for r in b.regions.values() if r.nation == info.id and r.start_factory],
            "flags": [], "armies": {}, "hostile": {}, "fleets": {},
            "bonds": {v: None for v, _i in bonds_in_play(b, edition)},
        }
    g: G = {
        "version": version, "board": b.id, "edition": edition, "setup": setup, "investor_card": investor_card,
        "increase_bonus": increase_bonus, "seed": seed, "players": [{"name": p, "cash": cash} for p in players],
        "nations": nations,
        "investor": None, "swiss_banks": [], "round": 0, "turn": fresh_turn("over"), "origin": None,
        "history": [],
    }
    if setup == "auction":
        first = seeded_index(n, seed, 7)
        t = fresh_turn("auction", None, None)
        t["auction_nation"] = 0
        t["auction_first"] = first
        t["queue"] = seat_order_from(g, players[first])
        t["player"] = t["queue"][0]
        g["turn"] = t
        return g
    _standard_deal(g, b, players, edition, seed)
    finish_setup(g, b)
    return g



def _standard_deal(g: G, b: Board, players: list[str], edition: str, seed: int) -> None:
    n = len(players)
    deals = b.deals.get(n)
    cards: dict[str, list[str]] = {p: [] for p in players}
    if deals:
        heads = shuffled([d[0] for d in deals], seed, 1)
        for p, head in zip(players, heads, strict=True):
            cards[p] = list(next(d for d in deals if d[0] == head))
    else:
        order = shuffled(list(b.nation_ids), seed, 1)
        for p, nid in zip(players, order, strict=False):
            cards[p] = [nid]
    low = int(b.first_edition.get("start_bond_low", 2)) if edition == "first" else None
    for p in players:
        for card in cards[p]:
            for nid, value in b.start_bonds[card]:
                if low is not None and value != b.start_bonds[card][0][1]:
                    value = low
                _grant(g, p, nid, value)
            g["nations"][card]["government"] = p
    # undealt cards go to the holder of that nation's bond named by the board (2M; first edition 4M)
    low_value = int(b.first_edition["undealt_government_bond"]) if edition == "first" else b.undealt_government_bond
    for nat in g["nations"].values():
        if nat["government"] is None:
            nat["government"] = nat["bonds"].get(low_value)


def _grant(g: G, name: str, nid: str, value: int) -> None:
    nat = g["nations"][nid]
    if nat["bonds"].get(value, "taken") is not None:
        raise IllegalAction(f"the {value}M bond of {nid} is not available")
    nat["bonds"][value] = name
    pay(g, name, treasury(nid), value, "bond")
    emit(g, "bond", player=name, nation=nid, value=value, returned=None)


def finish_setup(g: G, b: Board) -> None:
    """Investor card (left of Austria-Hungary's government, else Italy's) and Swiss Banks; the first turn
    follows (turn flow)."""
    if g["investor_card"]:
        govs = [g["nations"][nid]["government"] for nid in (*b.investor_card_start, *b.nation_ids)]
        govs = [p for p in govs if p]
        # no government at all (possible only after an auction where nobody bought): first seat
        g["investor"] = left_of(g, govs[0]) if govs else g["players"][0]["name"]
        emit(g, "investor_card", before=None, after=g["investor"])
    refresh_swiss_banks(g)


# -- auction variant --------------------------------------------------------------------------------------
def auction_actions(g: G, b: Board) -> list[tuple]:
    t = g["turn"]
    nid = b.nation_ids[t["auction_nation"]]
    cash = player(g, t["player"])["cash"]
    acts: list[tuple] = [("bond", nid, v, None) for v, h in sorted(g["nations"][nid]["bonds"].items())
                         if h is None and v <= cash]
    acts.append(("pass",))
    return acts


def auction_act(g: G, b: Board, k: tuple) -> str:
    """*Variant for experienced players*: nation by nation each player may grant one bond.  ``"next"``
    player, or ``"done"`` when the last nation was offered (governments are formed, set-up ends)."""
    t = g["turn"]
    if k[0] == "bond":
        _grant(g, t["player"], k[1], k[2])
    t["queue"].pop(0)
    if not t["queue"]:
        t["auction_nation"] += 1
        if t["auction_nation"] >= len(b.nation_ids):
            _auction_governments(g, b)
            finish_setup(g, b)
            return "done"
        names = [p["name"] for p in g["players"]]
        t["auction_first"] = (t["auction_first"] + 1) % len(names)
        t["queue"] = seat_order_from(g, names[t["auction_first"]])
    return "next"


def _auction_governments(g: G, b: Board) -> None:
    """Highest credit sum forms the government; ties go to the first in seat order from the starting player."""
    names = [p["name"] for p in g["players"]]
    first = g["turn"]["auction_first"]
    for i, nid in enumerate(b.nation_ids):
        start = names[(first - (len(b.nation_ids) - 1 - i)) % len(names)]
        best, gov = 0, None
        for p in seat_order_from(g, start):
            c = credit(g, p, nid)
            if c > best:
                best, gov = c, p
        g["nations"][nid]["government"] = gov
        if gov is not None:
            emit(g, "government", nation=nid, before=None, after=gov)


def describe_auction(g: G, b: Board) -> str:
    nid = b.nation_ids[g["turn"]["auction_nation"]]
    return f"{g['turn']['player']} may grant one bond to {nation_name(b, nid)}"
