"""Helpers shared by the rondel spaces: money, occupation, seats, governments, turn order.

Every function works on ``g``, the plain-dict form of a :class:`~imperial_core.model.GameState`
(``state.__dict__`` after a deep-enough copy), and the static :class:`~imperial_core.board.Board` ``b``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import filterfalse
from operator import itemgetter

from ..board import Board

G = dict  # the plain-dict game state
#: The legal actions (internal tuples) of a decision: what each phase of the turn flow offers.
Options = Callable[[G, Board], list[tuple]]


# -- rules versions ---------------------------------------------------------------------------------------
def rules_since(g: G, version: int) -> bool:
    """Whether the game ``g`` (a state's plain data, or a :class:`~imperial_core.model.GameState`) is played
    under rules ``version`` or later (its ``version``, fixed when the game was set up).

    How a future rules fix is made (``docs/saves.md``, *The promise*): raise ``model.RULES_VERSION`` to the
    fix's version, add that version to ``model.RULES_READ`` (which keeps every earlier one), and apply the new
    behaviour only ``if rules_since(g, <that version>)``.  Games started before keep their version and replay
    and continue exactly as they were played; ``codec.upgrade`` moves a game to the new rules only when its
    whole record replays the same under them.  No rule is gated yet: rules version 2 is the only one.
    """
    return (g["version"] if isinstance(g, dict) else g.version) >= version


# -- deterministic shuffles (same numbers in every Python version) -----------------------------------------
_MASK = (1 << 64) - 1


def _splitmix(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return x, z ^ (z >> 31)


def shuffled(items: list, seed: int, salt: int = 0) -> list:
    """Fisher-Yates shuffle driven by splitmix64 of ``seed`` (reproducible everywhere)."""
    out = list(items)
    x = (seed * 1000003 + salt) & _MASK
    for i in range(len(out) - 1, 0, -1):
        x, r = _splitmix(x)
        j = r % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def seeded_index(n: int, seed: int, salt: int) -> int:
    _x, r = _splitmix((seed * 1000003 + salt) & _MASK)
    return r % n


# -- players ----------------------------------------------------------------------------------------------
def seat(g: G, name: str) -> int:
    for i, p in enumerate(g["players"]):
        if p["name"] == name:
            return i
    raise KeyError(name)


def player(g: G, name: str) -> dict:
    for p in g["players"]:
        if p["name"] == name:
            return p
    raise KeyError(name)


_NAME = itemgetter("name")
_GOVERNMENT = itemgetter("government")


def seat_order_from(g: G, name: str | None, include_self: bool = True) -> list[str]:
    """Player names clockwise starting at ``name`` (or at the first seat)."""
    names = list(map(_NAME, g["players"]))
    i = names.index(name) if name in names else 0
    order = names[i:] + names[:i]
    return order if include_self else order[1:]


def left_of(g: G, name: str) -> str:
    names = list(map(_NAME, g["players"]))
    return names[(names.index(name) + 1) % len(names)]


# -- events and money -------------------------------------------------------------------------------------
#: The bank, as the source or target of a payment.
BANK = "bank"
_TREASURY = "treasury:"


def treasury(nid: str) -> str:
    """A nation's treasury as the source or target of a payment (``"treasury:AH"``)."""
    return _TREASURY + nid


def emit(g: G, kind: str, **fields: object) -> None:
    """Record what happened (an event of :mod:`imperial_core.events`) when the step collects events.

    ``g["events"]`` is the list of the step in progress, or ``None`` when nobody reads them (fast replays).
    """
    ev = g.get("events")
    if ev is not None:
        fields["kind"] = kind
        ev.append(fields)


def pay(g: G, source: str, target: str, amount: int, reason: str) -> None:
    """Move ``amount`` millions from ``source`` to ``target`` (``BANK``, a player's name or ``treasury(nid)``)
    and record it: every change of a player's cash or a treasury goes through here."""
    if amount <= 0:
        return
    _credit(g, source, -amount)
    _credit(g, target, amount)
    ev = g.get("events")
    if ev is not None:
        ev.append({"kind": "pay", "source": source, "target": target, "amount": amount, "reason": reason})


def _credit(g: G, account: str, delta: int) -> None:
    if account == BANK:
        return
    if account[:9] == _TREASURY:
        g["nations"][account[9:]]["treasury"] += delta
        return
    players = g["players"]
    for i, p in enumerate(players):
        if p["name"] == account:
            # a new record: states share the records of players whose cash did not change
            players[i] = {**p, "cash": p["cash"] + delta}
            return
    raise KeyError(account)


# -- nations, bonds, money --------------------------------------------------------------------------------
def nation_name(b: Board, nid: str) -> str:
    return b.nation(nid).name


def credit(g: G, name: str, nid: str) -> int:
    return sum(v for v, h in g["nations"][nid]["bonds"].items() if h == name)


def bonds_in_play(b: Board, edition: str) -> tuple[tuple[int, int], ...]:
    if edition == "first":
        return tuple((v, i) for v, i in b.first_edition["bonds"])
    return b.bonds


_VALUES: dict[tuple[str, str], tuple[int, ...]] = {}


def bond_values(b: Board, edition: str) -> tuple[int, ...]:
    """The values of each nation's bonds (the keys of its ``bonds``), ascending."""
    out = _VALUES.get((b.id, edition))
    if out is None:
        out = _VALUES[(b.id, edition)] = tuple(sorted(v for v, _i in bonds_in_play(b, edition)))
    return out


def flag_limit(b: Board, g: G, nid: str) -> int:
    if g["edition"] == "first":
        return int(b.first_edition.get("flags", b.nation(nid).flags))
    return b.nation(nid).flags


def can_pay(g: G, nid: str, amount: int) -> bool:
    """Treasury plus the government's personal cash covers ``amount``."""
    n = g["nations"][nid]
    gov = n["government"]
    extra = player(g, gov)["cash"] if gov else 0
    return n["treasury"] + extra >= amount


def pay_from_treasury(g: G, nid: str, amount: int, reason: str) -> None:
    """Pay ``amount`` to the bank from the treasury; the government covers any shortfall from its cash.

    Rulebook, *Treasuries*: players may give personal cash to a treasury at any time to support it.
    """
    n = g["nations"][nid]
    from_treasury = min(amount, n["treasury"])
    pay(g, treasury(nid), BANK, from_treasury, reason)
    if amount > from_treasury:
        pay(g, n["government"], BANK, amount - from_treasury, reason)


def money_text(g: G, b: Board, nid: str) -> str:
    n = g["nations"][nid]
    gov = n["government"]
    s = f"{nation_name(b, nid)}'s treasury has {n['treasury']}M"
    if gov:
        s += f" and its government {gov} has {player(g, gov)['cash']}M"
    return s


# -- occupation -------------------------------------------------------------------------------------------
def occupied(g: G, b: Board, region: str) -> bool:
    """A home province holding hostile (upright) armies of another nation (*Factory*, *Production*)."""
    owner = b.owner[region]
    for nid, n in g["nations"].items():  # noqa: SIM110 - a plain loop is measurably faster here
        if region in n["hostile"] and nid != owner:
            return True
    return False


def occupied_homes(g: G, b: Board, nid: str) -> set[str] | tuple[()]:
    """The home provinces of ``nid`` that hold hostile armies of another nation: ``occupied`` of each of
    them, in one pass over the other nations' hostile armies (most often there are none)."""
    out: set[str] | tuple[()] = ()
    mine = homes(b, nid)
    for m, n in g["nations"].items():
        hostile = n["hostile"]
        if hostile and m != nid and not mine.isdisjoint(hostile):
            if not out:
                out = set()
            out.update(mine.intersection(hostile))
    return out


def occupied_set(g: G, b: Board) -> set[str]:
    """All home provinces that hold hostile armies of another nation: every region with upright armies
    (they stand only in other nations' home provinces, *Entering provinces of other Great Powers*)."""
    out: set[str] = set()
    for n in g["nations"].values():
        if n["hostile"]:
            out.update(n["hostile"])
    return out


def last_free_set(g: G, b: Board, blocked: set[str]) -> frozenset[str]:
    """Factories that are their nation's only one not occupied by hostile armies."""
    if not blocked:
        return frozenset([fs[0] for n in g["nations"].values() if len(fs := n["factories"]) == 1])
    out = []
    for n in g["nations"].values():
        free = n["factories"]
        if not blocked.isdisjoint(free):
            free = list(filterfalse(blocked.__contains__, free))
        if len(free) == 1:
            out.append(free[0])
    return frozenset(out)


_HOMES: dict[tuple[str, str], frozenset[str]] = {}


def homes(b: Board, nid: str) -> frozenset[str]:
    """The home provinces of ``nid``, as a set."""
    out = _HOMES.get((b.id, nid))
    if out is None:
        out = _HOMES[(b.id, nid)] = frozenset(b.home[nid])
    return out


_FOREIGN: dict[tuple[str, str], frozenset[str]] = {}


def foreign_homes(b: Board, nid: str) -> frozenset[str]:
    """The home provinces of the other nations (the regions whose owner is neither ``None`` nor ``nid``)."""
    out = _FOREIGN.get((b.id, nid))
    if out is None:
        out = _FOREIGN[(b.id, nid)] = frozenset(r for r, o in b.owner.items() if o is not None and o != nid)
    return out


def unoccupied_factories(g: G, b: Board, nid: str) -> list[str]:
    facs = g["nations"][nid]["factories"]
    blocked = occupied_homes(g, b, nid)
    return [r for r in facs if r not in blocked] if blocked else facs[:]


def last_free_factory(g: G, b: Board, region: str) -> bool:
    """``region`` holds its nation's only factory not occupied by hostile armies (*Maneuver*)."""
    owner = b.owner[region]
    if owner is None:
        return False
    free = unoccupied_factories(g, b, owner)
    return len(free) == 1 and free[0] == region


def units_of(n: dict) -> int:
    return sum(n["armies"].values()) + sum(n["fleets"].values())


def add_units(d: dict, region: str, k: int) -> None:
    v = d.get(region, 0) + k
    if v:
        d[region] = v
    else:
        d.pop(region, None)


def remove_army(n: dict, region: str, hostile: bool) -> None:
    """Remove one army, an upright (hostile) one or a lying one."""
    add_units(n["armies"], region, -1)
    if hostile:
        add_units(n["hostile"], region, -1)


# -- governments ------------------------------------------------------------------------------------------
def update_governments(g: G, b: Board, order_from: str | None) -> None:
    """Give each government to the player with a strictly higher credit sum (*Investor*, step 3).

    Several challengers with the same top sum: the first in seat order from ``order_from`` wins.
    Afterwards players without a government hold a Swiss Bank.
    """
    order = seat_order_from(g, order_from)
    for nid, n in g["nations"].items():
        sums: dict[str, int] = {}
        for v, h in n["bonds"].items():
            if h is not None:
                sums[h] = sums.get(h, 0) + v
        if not sums:
            continue
        top = max(sums.values())
        gov = n["government"]
        if top <= sums.get(gov, 0):  # nobody holds strictly more than the government
            continue
        new = next(p for p in order if sums.get(p) == top)  # the first of the richest in seat order
        g["nations"][nid] = {**n, "government": new}  # a new record: states share unchanged nations
        emit(g, "government", nation=nid, before=gov, after=new)
    refresh_swiss_banks(g)


def interest_due(g: G, b: Board, nid: str) -> int:
    """The interest of every bond of the nation held by a player (*Investor*; a forced stop pays it all)."""
    interest = b.interest_of
    return sum([interest[v] for v, h in g["nations"][nid]["bonds"].items() if h is not None])


def refresh_swiss_banks(g: G) -> None:
    """Players without a government hold a Swiss Bank (rulebook *Investor*, step 3)."""
    govs = set(map(_GOVERNMENT, g["nations"].values()))
    banks = list(filterfalse(govs.__contains__, map(_NAME, g["players"])))
    if banks != g["swiss_banks"]:
        g["swiss_banks"] = banks
        emit(g, "swiss_banks", players=banks)


def swiss_banks_from_card(g: G) -> list[str]:
    """The Swiss Bank holders clockwise from the investor-card holder, the order in which they are asked
    (rulebook *Investor*, step 3)."""
    holders = set(g["swiss_banks"])
    return [p for p in seat_order_from(g, g["investor"]) if p in holders]


# -- turn order -------------------------------------------------------------------------------------------
def next_nation(g: G, b: Board, nid: str | None) -> str | None:
    """The next nation after ``nid`` in turn order that has a government (``None`` if none has)."""
    ids = b.nation_ids
    start = ids.index(nid) + 1 if nid else 0
    for k in range(len(ids)):
        cand = ids[(start + k) % len(ids)]
        if g["nations"][cand]["government"]:
            return cand
    return None



