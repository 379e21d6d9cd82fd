"""Maneuver: fleets, then armies (rail, convoys, hostile/friendly), battles, factory destruction, flags.

Rulebook *Maneuver* 1 (*Fleets*), 2 (*Armies*, *Railroad transport*, *Battles*, *Entering provinces of
other Great Powers*, *Destruction*), 3 (*Flags*), and the FAQ on fighting, islands, straits and rail.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import from_key
from ..board import Board
from .common import (
    G,
    Options,
    add_units,
    emit,
    flag_limit,
    foreign_homes,
    homes,
    last_free_factory,
    last_free_set,
    nation_name,
    occupied_set,
    remove_army,
)

KINDS = ("army", "fleet")


def can_fight(b: Board, region: str, mine: str, theirs: str) -> bool:
    """At sea fleets fight fleets; on land armies fight armies, and fleets only from their harbour."""
    if b.regions[region].kind == "sea":
        return mine == "fleet" and theirs == "fleet"
    return not (mine == "fleet" and theirs == "fleet")


def _present(nat: dict, region: str) -> list[str]:
    """The kinds of unit (in :data:`KINDS` order) the nation has in ``region``."""
    out = []
    if region in nat["armies"]:
        out.append("army")
    if region in nat["fleets"]:
        out.append("fleet")
    return out


def statuses(nat: dict, region: str) -> tuple[bool | None, ...]:
    """How a nation's army in ``region`` can be picked: ``(True, False)`` when upright and lying armies
    stand there together, else ``(None,)`` (all alike: no choice)."""
    h = nat["hostile"].get(region, 0)
    return (True, False) if 0 < h < nat["armies"].get(region, 0) else (None,)


def _status_of(nat: dict, region: str, status: bool | None) -> bool:
    """The status of the army picked (``None``: the one status of the stack)."""
    return nat["hostile"].get(region, 0) > 0 if status is None else status


def _battle_key(r: str, unit: str, o: str, their: str, mine: bool | None, theirs: bool | None) -> tuple:
    k = ("battle", r, unit, o, their)
    return k if mine is None and theirs is None else (*k, mine, theirs)


def battle_options(g: G, b: Board, nid: str) -> list[tuple]:
    """The active nation may match any of its units 1:1 against a foreign unit in the same region,
    picking which of its armies and which enemy army (upright or lying) when both kinds stand there.

    Order: regions in board order, then nations in turn order, then army before fleet.
    """
    nations = g["nations"]
    me = nations[nid]
    my_a, my_f = me["armies"], me["fleets"]
    # where any other nation has a unit: one set, as most often none of them shares a region with ours
    others: set[str] = set()
    for o, on in nations.items():
        if o != nid:
            others.update(on["armies"], on["fleets"])
    if others.isdisjoint(my_a) and others.isdisjoint(my_f):
        return []
    mine = (my_a.keys() | my_f.keys()) & others
    order = b.order
    shared = []
    for i, (o, on) in enumerate(nations.items()):
        if o != nid:
            for r in mine:
                if r in on["armies"] or r in on["fleets"]:
                    shared.append((order[r], i, r, o, on))
    shared.sort()
    seas = b.seas
    out = []
    for _ri, _i, r, o, on in shared:
        ma, mf = r in my_a, r in my_f
        on_a = on["armies"]
        ta, tf = r in on_a, r in on["fleets"]
        if r in seas:
            if mf and tf:
                out.append(("battle", r, "fleet", o, "fleet"))
            continue
        if ma:
            own = statuses(me, r)
            if ta:
                theirs = statuses(on, r)
                out += [_battle_key(r, "army", o, "army", s1, s2) for s1 in own for s2 in theirs]
            if tf:
                out += [_battle_key(r, "army", o, "fleet", s1, None) for s1 in own]
        if mf and ta:
            out += [_battle_key(r, "fleet", o, "army", None, s2) for s2 in statuses(on, r)]
    return out


def _order(b: Board):
    """Sort key: a region's place in board order."""
    return b.order.__getitem__


# -- canals (Imperial 2030, *Special map conditions*: Canals) ---------------------------------------------
_CANAL_REFUSED = "canal:"
_LINKS: dict[str, dict[str, tuple[str, ...]]] = {}


def refused_passages(g: G) -> frozenset[str]:
    """Moves (notation) a canal owner refused this turn: "that particular movement" is not offered again."""
    return frozenset(r[len(_CANAL_REFUSED):] for r in g["turn"]["refused"] if r.startswith(_CANAL_REFUSED))


def _without_refused(g: G, keys: list[tuple]) -> list[tuple]:
    refused = refused_passages(g)
    if not refused:
        return keys
    return [k for k in keys if k[0] not in ("fleet", "army") or str(from_key(k)) not in refused]


def sea_links(b: Board) -> dict[str, tuple[str, ...]]:
    """Seas a fleet moves to or a convoy continues to from each sea: the sea borders plus the canals
    (Panama, Suez).  Europe has no canal: its sea borders."""
    if not b.canals:
        return b.sea_adj
    links = _LINKS.get(b.id)
    if links is None:
        extra: dict[str, list[str]] = {}
        for c in b.canals:
            s1, s2 = c.seas
            extra.setdefault(s1, []).append(s2)
            extra.setdefault(s2, []).append(s1)
        links = {s: tuple(sorted((*b.sea_adj.get(s, ()), *extra.get(s, ())))) for s in {*b.sea_adj, *extra}}
        _LINKS[b.id] = links
    return links


def flag_owner(g: G, region: str) -> str | None:
    for nid, nat in g["nations"].items():
        if region in nat["flags"]:
            return nid
    return None


def canal_questions(g: G, b: Board, k: tuple) -> list[str]:
    """The canals a fleet move or a convoy passes through whose owner must allow it, in path order: a canal
    is owned by the nation whose flag stands in its controlling region (Colombia, North Africa).  Passage
    is free for the owner's own units, while no flag stands there or its nation has no government, and
    when the mover's government also governs the owner; an owner of both canals is asked once."""
    if not b.canals:
        return []
    path = (k[1], k[2]) if k[0] == "fleet" else k[3] if k[0] == "army" else ()
    mover = g["turn"]["nation"]
    mover_gov = g["nations"][mover]["government"]
    out: list[str] = []
    owners: list[str] = []
    for a, c in zip(path, path[1:], strict=False):
        canal = b.canal_between.get(frozenset((a, c)))
        if canal is None:
            continue
        owner = flag_owner(g, canal.controlled_by)
        if owner is None or owner == mover or owner in owners:
            continue
        gov = g["nations"][owner]["government"]
        if gov is not None and gov != mover_gov:
            out.append(canal.id)
            owners.append(owner)
    return out


def canal_owner(g: G, b: Board, canal_id: str) -> str | None:
    return flag_owner(g, next(c for c in b.canals if c.id == canal_id).controlled_by)


def _ask_canal(g: G, b: Board, k: tuple) -> bool:
    """Before a move through owned canals: the owners are asked first (the move waits in ``pending``)."""
    canals = canal_questions(g, b, k)
    if not canals:
        return False
    t = g["turn"]
    t["queue"] = canals
    t["pending"] = str(from_key(k)).split()
    return True


def canal_actions(g: G, b: Board) -> list[tuple]:
    return [("allow",), ("refuse",)]


def canal_act(g: G, b: Board, k: tuple) -> str:
    """The canal's owner allows the passage (``"next"`` owner asked, or ``"allowed"``: the move happens)
    or refuses it (``"refused"``: the move does not happen, and that very move is not offered again this
    turn)."""
    t = g["turn"]
    canal = t["queue"][0]
    allowed = k[0] == "allow"
    emit(g, "canal", canal=canal, nation=canal_owner(g, b, canal), mover=t["nation"], move=" ".join(t["pending"]),
         allowed=allowed)
    if allowed:
        t["queue"].pop(0)
        return "next" if t["queue"] else "allowed"
    t["queue"] = []
    t["refused"] = [*t["refused"], _CANAL_REFUSED + " ".join(t["pending"])]
    return "refused"


def pending_move(g: G) -> tuple:
    """The move that waited for the canal owners (its key); it no longer waits."""
    from ..actions import parse_text

    t = g["turn"]
    k = parse_text(" ".join(t["pending"])).key()
    t["pending"] = None
    return k


def pass_canal(g: G, b: Board) -> str:
    """Every owner allowed it: the move happens (``"contact"`` when the unit meets foreign units)."""
    k = pending_move(g)
    moved = move_fleet(g, b, k) if k[0] == "fleet" else move_army(g, b, k)
    return "contact" if moved else k[0]


def explain_canal(g: G, b: Board, k: tuple) -> str:
    t = g["turn"]
    canal = next(c for c in b.canals if c.id == t["queue"][0])
    return (f"{t['player']} decides for {nation_name(b, canal_owner(g, b, canal.id))} whether "
            f"{nation_name(b, t['nation'])}'s move '{' '.join(t['pending'])}' may pass the {canal.name}: "
            "allow or refuse")


# -- fleets -----------------------------------------------------------------------------------------------
def fleet_moves(g: G, b: Board, nid: str) -> list[tuple]:
    """Each fleet moves one sea step; from a harbour only to that harbour's sea (*Maneuver* 1); in Imperial
    2030 also through a canal."""
    fleets = g["nations"][nid]["fleets"]
    if not fleets:
        return []
    moved = g["turn"]["moved_fleets"]
    starts = [r for r, c in fleets.items() if c - moved.get(r, 0) > 0] if moved else list(fleets)
    if len(starts) > 1:
        starts.sort(key=b.order.__getitem__)
    steps = _fleet_steps(b)
    out: list[tuple] = []
    for r in starts:
        out += steps[r]
    return out


_STEPS: dict[str, dict[str, tuple[tuple, ...]]] = {}


def _fleet_steps(b: Board) -> dict[str, tuple[tuple, ...]]:
    """Region -> the moves of a fleet standing there (see :func:`fleet_moves`), per board."""
    steps = _STEPS.get(b.id)
    if steps is None:
        links = sea_links(b)
        steps = {}
        for r, reg in b.regions.items():
            dests = (reg.harbour,) if reg.kind != "sea" else links.get(r, ())
            steps[r] = tuple(("fleet", r, s) for s in dests if s)
        _STEPS[b.id] = steps
    return steps


def fleet_actions(g: G, b: Board) -> list[tuple]:
    nid = g["turn"]["nation"]
    moves = fleet_moves(g, b, nid)
    if b.canals:
        moves = _without_refused(g, moves)
    return moves + battle_options(g, b, nid) + [("pass",)]


# -- armies -----------------------------------------------------------------------------------------------
def _rail_ok(b: Board, nid: str, r: str, blocked: frozenset[str]) -> bool:
    return r in b.rail_adj and b.owner[r] == nid and r not in blocked


def _rail_component(b: Board, nid: str, start: str, blocked: frozenset[str]) -> list[str]:
    seen = [start]
    stack = [start]
    while stack:
        r = stack.pop()
        for x in b.rail_adj[r]:
            if x not in seen and x not in blocked:
                seen.append(x)
                stack.append(x)
    return seen


# Rail networks by (board, nation, its home provinces cut off by hostile armies): province -> the provinces
# it reaches by rail, itself included, in board order (filled as needed; read-only lists).
_RAILS: dict[tuple, dict[str, list[str]]] = {}


def _rail_network(b: Board, nid: str, own_blocked: frozenset[str]) -> Callable[[str], list[str]]:
    """Where an army of ``nid`` in a province travels by rail (*Railroad transport*: through the nation's own
    home provinces free of hostile armies; ``own_blocked``: those that are not)."""
    key = (b.id, nid, own_blocked)
    rails = _RAILS.get(key)
    if rails is None:
        if len(_RAILS) > 1024:
            _RAILS.clear()
        rails = _RAILS[key] = {}
    order = _order(b)

    def rail(x: str) -> list[str]:
        comp = rails.get(x)
        if comp is None:
            if _rail_ok(b, nid, x, own_blocked):
                # board order, whichever province the search started from: the result must not
                # depend on what was computed before (legal actions are a function of the state)
                comp = sorted(_rail_component(b, nid, x, own_blocked), key=order)
            else:
                comp = [x]
            for y in comp:
                rails[y] = comp
        return comp

    return rail


_SHORES: dict[tuple[str, str, str], frozenset[str]] = {}


def _convoy_seas(b: Board, nid: str, origin: str, free: frozenset[str]) -> frozenset[str]:
    """The seas of ``free`` a convoy of an army starting in ``origin`` might use: those joined through seas of
    ``free`` to a coast the army can reach by rail when no province is cut off.  The others cannot change
    its destinations."""
    if not free:
        return free
    key = (b.id, nid, origin)
    shores = _SHORES.get(key)
    if shores is None:
        network = _rail_network(b, nid, frozenset())(origin)
        shores = _SHORES[key] = frozenset(s for r in network for s in b.coast_seas.get(r, ()))
    stack = [s for s in shores if s in free]
    if not stack:
        return frozenset()
    links = sea_links(b)
    seen = set(stack)
    while stack:
        for s in links.get(stack.pop(), ()):
            if s in free and s not in seen:
                seen.add(s)
                stack.append(s)
    return free if len(seen) == len(free) else frozenset(seen)


# Destinations depend only on the board, the nation, the start, the seas with a free own fleet that a
# convoy from there might use and the nation's provinces cut off by hostile armies: remembered across
# states (read-only lists).
_DEST_MEMO: dict[tuple, list[tuple[str, tuple[str, ...]]]] = {}


def _army_context(g: G, b: Board, nid: str, blocked: set[str]) -> tuple[frozenset[str], frozenset[str]]:
    """What an army's destinations depend on besides the board and its start: the seas holding an own
    fleet not yet used for a convoy, and the nation's own provinces cut off by hostile armies."""
    fleets = g["nations"][nid]["fleets"]
    used, seas = g["turn"]["convoys"], b.seas
    if not fleets:
        free = frozenset()
    elif used:
        free = frozenset([s for s, c in fleets.items() if s in seas and c - used.get(s, 0) > 0])
    else:
        free = seas.intersection(fleets)
    return free, homes(b, nid).intersection(blocked) if blocked else frozenset()


def army_destinations(b: Board, nid: str, origin: str,
                      context: tuple[frozenset[str], frozenset[str]]) -> list[tuple[str, tuple[str, ...]]]:
    """Every (destination, convoy seas) for one army starting in ``origin``.

    Rail before and/or after the move through the nation's own unblocked home provinces; then one
    step over a land border or a convoy through seas that each hold an own fleet not yet used.
    Places the army can reach without a convoy are listed only without one (a convoy there would
    only use up a fleet).  ``context``: :func:`_army_context`.
    """
    owner = b.owner
    free, own_blocked = context
    free = _convoy_seas(b, nid, origin, free)
    memo_key = (b.id, nid, origin, free, own_blocked)
    hit = _DEST_MEMO.get(memo_key)
    if hit is not None:
        return hit
    rail = _rail_network(b, nid, own_blocked)
    pre = rail(origin)
    pre_set = set(pre)
    found: dict[tuple[str, tuple[str, ...]], None] = {}
    for r in pre:
        if r != origin:
            found[(r, ())] = None
    land_adj = b.land_adj
    for r in pre:
        for x in land_adj.get(r, ()):
            if x in pre_set:
                continue
            found[(x, ())] = None
            if owner[x] == nid:
                for y in rail(x):
                    if y not in pre_set:
                        found[(y, ())] = None
    if free:
        near = pre_set.union([x for x, _via in found])  # reached without a convoy: never by one
        starts: list[str] = []
        for r in pre:
            for s0 in b.coast_seas.get(r, ()):
                if s0 in free and s0 not in starts:
                    starts.append(s0)
        coast_lands, sea_adj = b.coast_lands, sea_links(b)
        for s0 in starts:
            stack: list[tuple[str, ...]] = [(s0,)]
            while stack:
                path = stack.pop()
                last = path[-1]
                for x in coast_lands.get(last, ()):
                    if x in pre_set:
                        continue
                    if x not in near:
                        found[(x, path)] = None
                    if owner[x] == nid:
                        for y in rail(x):
                            if y not in near:
                                found[(y, path)] = None
                for s2 in sea_adj.get(last, ()):
                    if s2 in free and s2 not in path:
                        stack.append(path + (s2,))
    out = list(found)  # insertion order: deterministic for a given state
    if len(_DEST_MEMO) > 4096:
        _DEST_MEMO.clear()
    _DEST_MEMO[memo_key] = out
    return out


def army_moves_from(b: Board, nid: str, origin: str, last_free: frozenset[str],
                    context: tuple[frozenset[str], frozenset[str]]) -> list[tuple]:
    owner = b.owner
    out = []
    for to, via in army_destinations(b, nid, origin, context):
        o = owner[to]
        if o is not None and o != nid:
            if to not in last_free:
                out.append(("army", origin, to, via, True))
            out.append(("army", origin, to, via, False))
        else:
            out.append(("army", origin, to, via, None))
    return out


def clear_memos() -> None:
    """Forget the remembered destinations and moves (they depend on the state alone)."""
    _DEST_MEMO.clear()
    _MOVES_MEMO.clear()
    _RAILS.clear()


# Moves from one start depend on the destinations' inputs plus the nations' last free factories: by those
# (board, nation, free fleets, own blocked provinces, last free factories), then by start.
_MOVES_MEMO: dict[tuple, dict[str, list[tuple]]] = {}


def army_moves(g: G, b: Board, nid: str, blocked: set[str] | None = None,
               last_free: frozenset[str] | None = None) -> list[tuple]:
    """Every army move of ``nid`` (``blocked``: :func:`occupied_set`, ``last_free``: :func:`last_free_set`
    of it as a frozenset, when the caller has them)."""
    nat = g["nations"][nid]
    armies = nat["armies"]
    moved = g["turn"]["moved_armies"]
    # (a nation's unit counts are never 0: a region without units has no entry)
    starts = [r for r, c in armies.items() if c - moved.get(r, 0) > 0] if moved else list(armies)
    if not starts:
        return []
    if len(starts) > 1:
        starts.sort(key=b.order.__getitem__)
    out: list[tuple] = []
    if blocked is None:
        blocked = occupied_set(g, b)
    if last_free is None:
        last_free = frozenset(last_free_set(g, b, blocked))
    context = _army_context(g, b, nid, blocked)
    hostile = nat["hostile"]
    ctx = (b.id, nid, *context, last_free)
    memo = _MOVES_MEMO.get(ctx)
    if memo is None:
        if len(_MOVES_MEMO) > 1024:
            _MOVES_MEMO.clear()
        memo = _MOVES_MEMO[ctx] = {}
    for r in starts:
        moves = memo.get(r)
        if moves is None:
            moves = memo[r] = army_moves_from(b, nid, r, last_free, context)
        if r in hostile:
            up, lying = _movable(g, nat, r)
            if up and lying:
                moves = [(*m, leaving) for m in moves for leaving in (True, False)]
        out += moves
    return out


def _movable(g: G, nat: dict, r: str) -> tuple[int, int]:
    """Upright and lying armies of the active nation in ``r`` that have not moved this turn."""
    t = g["turn"]
    up = nat["hostile"].get(r, 0) - t["moved_hostile"].get(r, 0)
    return up, nat["armies"].get(r, 0) - t["moved_armies"].get(r, 0) - up


def status_options(g: G, b: Board, nid: str, last_free: frozenset[str], abroad: frozenset[str]) -> list[tuple]:
    """Armies that stood in another nation's province before this maneuver may change status, once per
    province per maneuver (*Entering provinces…*: "During the next maneuver turn of the nation, the status
    of the armies can be changed"; German: "Erst bei dem nächsten Manöverzug" — not in the maneuver in
    which they entered).  Any number of them may stand (hostile); none may where the province holds its
    nation's last factory free of hostile armies (``last_free``).  Order: all upright, all lying, then mixes
    by count.  ``abroad``: :func:`armies_abroad`.
    """
    nat = g["nations"][nid]
    changed = g["turn"]["changed"]
    if changed:
        abroad = abroad.difference(changed)
    if not abroad:
        return []
    out = []
    for r in sorted(abroad, key=b.order.__getitem__):
        up, lying = _movable(g, nat, r)
        n = up + lying
        if n == 0:
            continue
        may_stand = r not in last_free
        if may_stand and up != n:
            out.append(("status", r, True))
        if up != 0:
            out.append(("status", r, False))
        if may_stand:
            out += [("status", r, True, k) for k in range(1, n) if k != up]
    return out


def destroy_options(g: G, b: Board, nid: str, last_free: frozenset[str], abroad: frozenset[str]) -> list[tuple]:
    """Three armies destroy a foreign factory with no defending army or fleet (*Destruction*), unless it is its
    nation's last factory free of hostile armies (``last_free``).  ``abroad``: :func:`armies_abroad`."""
    nat = g["nations"][nid]
    need = b.constants["factory_destroy_armies"]
    armies = nat["armies"]
    here = [r for r in abroad if armies[r] >= need]
    if not here:
        return []
    owners = b.owner
    out = []
    for r in sorted(here, key=b.order.__getitem__):
        owner = owners[r]
        onat = g["nations"][owner]
        if r not in onat["factories"] or onat["armies"].get(r) or onat["fleets"].get(r):
            continue
        if r in last_free:
            continue
        h = nat["hostile"].get(r, 0)
        lo, hi = max(0, need - (nat["armies"][r] - h)), min(need, h)
        if lo == hi:  # the three are all alike, or only one mix is possible
            out.append(("destroy", r))
        else:
            out += [("destroy", r, k) for k in range(lo, hi + 1)]
    return out


def armies_abroad(b: Board, nid: str, nat: dict) -> frozenset[str]:
    """The other nations' home provinces where the nation ``nat`` has armies (looks at its armies, not at
    every foreign province)."""
    return foreign_homes(b, nid).intersection(nat["armies"])


def army_actions(g: G, b: Board) -> list[tuple]:
    nid = g["turn"]["nation"]
    blocked = occupied_set(g, b)
    last_free = last_free_set(g, b, blocked)  # shared by the moves, status changes and destruction
    moves = army_moves(g, b, nid, blocked, last_free)
    if b.canals:
        moves = _without_refused(g, moves)
    out = moves  # a list of its own (army_moves builds it)
    abroad = armies_abroad(b, nid, g["nations"][nid])  # most often none: no status change, no destruction
    if abroad:
        out += status_options(g, b, nid, last_free, abroad)
    out += battle_options(g, b, nid)
    if abroad:
        out += destroy_options(g, b, nid, last_free, abroad)
    out.append(("pass",))
    return out


# -- applying ---------------------------------------------------------------------------------------------
def _remove(g: G, nid: str, region: str, kind: str, active: bool, status: bool | None = None) -> None:
    """Remove one unit; an army upright (``status`` True) or lying (False; ``None``: the stack's status)."""
    nat = g["nations"][nid]
    t = g["turn"]
    if kind == "army":
        hostile = _status_of(nat, region, status)
        if active:
            # the active nation chooses which of its units fights: one that has already moved goes
            # first, so the units still able to act stay
            moved, moved_up = t["moved_armies"].get(region, 0), t["moved_hostile"].get(region, 0)
            if hostile and moved_up > 0:
                add_units(t["moved_hostile"], region, -1)
                add_units(t["moved_armies"], region, -1)
            elif not hostile and moved - moved_up > 0:
                add_units(t["moved_armies"], region, -1)
        remove_army(nat, region, hostile)
        return
    if active:
        # likewise a fleet that has moved, and at sea one that has already carried an army
        if t["moved_fleets"].get(region, 0) > 0:
            add_units(t["moved_fleets"], region, -1)
        if t["convoys"].get(region, 0) > 0:
            add_units(t["convoys"], region, -1)
    add_units(nat["fleets"], region, -1)


def fight(g: G, region: str, a_nid: str, a_kind: str, d_nid: str, d_kind: str,
          a_status: bool | None = None, d_status: bool | None = None) -> None:
    """A battle: one unit of each side is removed (1:1)."""
    emit(g, "battle", region=region, nation=a_nid, unit=a_kind, enemy=d_nid, enemy_unit=d_kind)
    _remove(g, a_nid, region, a_kind, True, a_status)
    _remove(g, d_nid, region, d_kind, False, d_status)
    emit(g, "unit_destroyed", nation=a_nid, unit=a_kind, region=region, cause="battle")
    emit(g, "unit_destroyed", nation=d_nid, unit=d_kind, region=region, cause="battle")


def battle(g: G, k: tuple) -> None:
    """The active nation's ``battle`` action in its fleet or army phase."""
    mine, theirs = (k[5], k[6]) if len(k) > 5 else (None, None)
    fight(g, k[1], g["turn"]["nation"], k[2], k[3], k[4], mine, theirs)


def contact_battle(g: G, k: tuple) -> None:
    """The unit that just arrived (or changed status) fights."""
    c = g["turn"]["contact"]
    theirs = k[6] if len(k) > 5 else None
    fight(g, k[1], g["turn"]["nation"], k[2], k[3], k[4], c["hostile"] if k[2] == "army" else None, theirs)


def move_fleet(g: G, b: Board, k: tuple) -> bool:
    """One fleet moves; True when it arrived where foreign units stand (a battle question opens)."""
    nid = g["turn"]["nation"]
    nat = g["nations"][nid]
    _t, origin, to = k
    add_units(nat["fleets"], origin, -1)
    add_units(nat["fleets"], to, 1)
    add_units(g["turn"]["moved_fleets"], to, 1)
    if g.get("events") is not None:
        emit(g, "unit_moved", nation=nid, unit="fleet", origin=origin, to=to, via=[], hostile=None)
    return open_contact(g, b, to, "fleet")


def move_army(g: G, b: Board, k: tuple) -> bool:
    """One army moves (rail, convoy); True when a battle question opens where it arrived."""
    t = g["turn"]
    nid = t["nation"]
    nat = g["nations"][nid]
    _t, origin, to, via, hostile = k[:5]
    leaving = k[5] if len(k) > 5 else _movable(g, nat, origin)[0] > 0
    remove_army(nat, origin, leaving)
    add_units(nat["armies"], to, 1)
    add_units(t["moved_armies"], to, 1)
    for s in via:
        add_units(t["convoys"], s, 1)
    if hostile:
        add_units(nat["hostile"], to, 1)
        add_units(t["moved_hostile"], to, 1)
    if g.get("events") is not None:
        emit(g, "unit_moved", nation=nid, unit="army", origin=origin, to=to, via=list(via), hostile=hostile)
    return open_contact(g, b, to, "army", bool(hostile))


def set_status(g: G, b: Board, k: tuple) -> bool:
    """Armies in a foreign home province stand up or lie down; True when a battle question opens."""
    t = g["turn"]
    nat = g["nations"][t["nation"]]
    r, hostile = k[1], k[2]
    up, lying = _movable(g, nat, r)
    new_up = (k[3] if len(k) > 3 else up + lying) if hostile else 0
    add_units(nat["hostile"], r, new_up - up)
    t["changed"].append(r)
    emit(g, "status", nation=t["nation"], region=r, upright=nat["hostile"].get(r, 0), armies=nat["armies"].get(r, 0))
    return open_contact(g, b, r, "army", new_up > up)  # the army at stake is one that changed


def destroy_factory(g: G, b: Board, k: tuple) -> None:
    nid = g["turn"]["nation"]
    r = k[1]
    owner = b.regions[r].nation
    onat = g["nations"][owner]
    # a new record and list: states share unchanged nations and lists
    g["nations"][owner] = {**onat, "factories": [f for f in onat["factories"] if f != r]}
    emit(g, "factory_destroyed", nation=owner, region=r, by=nid)
    need = b.constants["factory_destroy_armies"]
    for i in range(need):
        # upright and lying armies stand there: k[2] of the three are upright ones
        _remove(g, nid, r, "army", True, i < k[2] if len(k) > 2 else None)
        emit(g, "unit_destroyed", nation=nid, unit="army", region=r, cause="factory")


# -- contact: battle right after arriving, and inactive governments' demands ------------------------------
def _enemies(g: G, b: Board, region: str, kind: str) -> list[str]:
    """Other nations with a unit that can fight a ``kind`` unit in ``region`` (see :func:`can_fight`)."""
    nid = g["turn"]["nation"]
    at_sea = region in b.seas
    if at_sea and kind != "fleet":
        return []
    armies_fight = not at_sea  # at sea only fleets fight
    fleets_fight = at_sea or kind == "army"  # on land a fleet fights armies only
    out = []
    for other, onat in g["nations"].items():
        if other != nid and ((armies_fight and region in onat["armies"]) or (fleets_fight and region in onat["fleets"])):
            out.append(other)
    return out


def open_contact(g: G, b: Board, region: str, kind: str, hostile: bool | None = None) -> bool:
    """A unit arrived (or changed status) where foreign units stand: the mover decides first.  Returns
    whether such a battle question opens.

    ``hostile``: the status of the army at stake (``None`` for a fleet)."""
    enemies = _enemies(g, b, region, kind)
    if not enemies:
        return False
    g["turn"]["contact"] = {"region": region, "unit": kind, "hostile": hostile if kind == "army" else None,
                            "asking": [e for e in enemies if g["nations"][e]["government"]]}
    return True


def contact_actions(g: G, b: Board) -> list[tuple]:
    t = g["turn"]
    c = t["contact"]
    r, kind = c["region"], c["unit"]
    out = []
    for other in _enemies(g, b, r, kind):
        onat = g["nations"][other]
        for their in _present(onat, r):
            if can_fight(b, r, kind, their):
                picks = statuses(onat, r) if their == "army" else (None,)
                out += [_battle_key(r, kind, other, their, None, s2) for s2 in picks]
    return out + [("pass",)]


def order_actions(g: G, b: Board) -> list[tuple]:
    return [("ask", n) for n in g["turn"]["contact"]["asking"]]


def demand_actions(g: G, b: Board) -> list[tuple]:
    c = g["turn"]["contact"]
    asked = c["asking"][0]
    anat = g["nations"][asked]
    out: list[tuple] = []
    for kind in _present(anat, c["region"]):
        if can_fight(b, c["region"], kind, c["unit"]):
            picks = statuses(anat, c["region"]) if kind == "army" else (None,)
            out += [("demand", kind) if s is None else ("demand", kind, s) for s in picks]
    return out + [("pass",)]


def close_contact(g: G) -> str:
    """The battle question is settled; returns the kind of unit it was about (its movement goes on)."""
    t = g["turn"]
    kind = t["contact"]["unit"]
    t["contact"] = None
    return kind


def ask(g: G, b: Board, nation: str) -> None:
    """The mover chooses which government is asked next."""
    asking = g["turn"]["contact"]["asking"]
    asking.remove(nation)
    asking.insert(0, nation)


# -- the decisions of a maneuver --------------------------------------------------------------------------
def fleets_act(g: G, b: Board, k: tuple) -> str:
    """*Maneuver* 1: move a fleet (``"contact"`` when it meets foreign units, else ``"stay"``), fight
    (``"stay"``), or end fleet movement (``"done"``)."""
    if k[0] == "fleet":
        if _ask_canal(g, b, k):
            return "canal"
        return "contact" if move_fleet(g, b, k) else "stay"
    if k[0] == "battle":
        battle(g, k)
        return "stay"
    return "done"


def armies_act(g: G, b: Board, k: tuple) -> str:
    """*Maneuver* 2: move an army, change status, fight, destroy a factory (``"contact"`` or ``"stay"``), or
    end the maneuver: flags are placed (*Maneuver* 3) and the space is done (``"done"``)."""
    kind = k[0]
    if kind == "army":
        if _ask_canal(g, b, k):
            return "canal"
        return "contact" if move_army(g, b, k) else "stay"
    if kind == "status":
        return "contact" if set_status(g, b, k) else "stay"
    if kind == "battle":
        battle(g, k)
    elif kind == "destroy":
        destroy_factory(g, b, k)
    else:
        place_flags(g, b)
        return "done"
    return "stay"


def contact_act(g: G, b: Board, k: tuple) -> str:
    """The mover's unit that just arrived fights (``"fought"``) or not (``"declined"``)."""
    if k[0] == "battle":
        contact_battle(g, k)
        return "fought"
    return "declined"


def order_act(g: G, b: Board, k: tuple) -> str:
    """The mover picks which government is asked next (``"asked"``)."""
    ask(g, b, k[1])
    return "asked"


def demand_act(g: G, b: Board, k: tuple) -> str:
    """The asked government demands battle (``"fought"``) or not (``"declined"``: the next one is asked)."""
    t = g["turn"]
    c = t["contact"]
    if k[0] == "demand":
        fight(g, c["region"], t["nation"], c["unit"], c["asking"][0], k[1], c["hostile"],
              k[2] if len(k) > 2 else None)
        return "fought"
    c["asking"].pop(0)
    return "declined"


# -- flags ------------------------------------------------------------------------------------------------
def place_flags(g: G, b: Board) -> None:
    """A region occupied by exactly one nation carries its flag; the old flag goes (*Maneuver* 3).

    Nations' records and flag lists are replaced, never changed in place: states share unchanged ones.

    Never in home provinces.  A nation with all its flags on the board removes the other flag
    without replacing it.  A flag freed that way while settling goes at once to a region its nation
    holds alone without a flag (first edition, *Fichas de impuestos*: "de inmediato"), so settling
    repeats until nothing changes; candidate regions are taken in board order.
    """
    nations = g["nations"]
    flag_set = b.flag_set
    occupant: dict[str, str] = {}  # flag region -> its only occupant ("" where several nations stand)
    for nid, nat in nations.items():
        for r in (nat["armies"].keys() | nat["fleets"].keys()) & flag_set:
            if occupant.setdefault(r, nid) != nid:
                occupant[r] = ""
    owner_of = {}
    for nid, nat in nations.items():
        for r in nat["flags"]:
            owner_of[r] = nid
    # (region, its only occupant), board order
    sole = [(r, x) for r, x in occupant.items() if x and owner_of.get(r) != x]
    if not sole:
        return
    sole.sort(key=lambda rx: b.order[rx[0]])
    while sole:
        waiting = []
        freed = False
        for r, x in sole:
            old = owner_of.get(r)
            if old is not None:
                nations[old] = {**nations[old], "flags": [f for f in nations[old]["flags"] if f != r]}
                del owner_of[r]
                freed = True
                emit(g, "flag_removed", nation=old, region=r)
            if len(nations[x]["flags"]) < flag_limit(b, g, x):
                nations[x] = {**nations[x], "flags": [*nations[x]["flags"], r]}
                owner_of[r] = x
                emit(g, "flag_placed", nation=x, region=r)
            else:
                waiting.append((r, x))
        if not freed:  # a second pass only places flags freed by the first
            break
        sole = waiting


def explain_maneuver(g: G, b: Board, k: tuple, legal_keys: Options) -> str:
    """Why a maneuver action is not legal, in the players' words.  ``legal_keys``: the options of the decision
    in progress, which the turn flow hands in (the flow is built on this module, so this module cannot ask it)."""
    t = g["turn"]
    nid = t["nation"]
    name = nation_name(b, nid)

    def rn(r: object) -> str:
        return b.regions[r].name if isinstance(r, str) and r in b.regions else repr(r)

    phase = t["phase"]
    nearly = _same_but_status(g, b, k, legal_keys)
    if nearly:
        return f"{name} has upright and lying armies there: say which, e.g. {nearly}"
    if phase == "fleets" and k[0] in ("army", "status", "destroy"):
        return f"{name} moves its fleets first; pass to end fleet movement before moving armies"
    if phase == "armies" and k[0] == "fleet":
        return f"{name} has ended fleet movement; only armies move now"
    if k[0] in ("fleet", "army"):
        r = k[1]
        nat = g["nations"][nid]
        units = nat["fleets"] if k[0] == "fleet" else nat["armies"]
        moved = t["moved_fleets"] if k[0] == "fleet" else t["moved_armies"]
        if units.get(r, 0) == 0:
            return f"{name} has no {k[0]} in {rn(r)}"
        if units[r] - moved.get(r, 0) <= 0:
            return f"{name}'s {k[0]}s in {rn(r)} have already moved this turn"
        if k[0] == "fleet":
            if b.regions.get(k[2]) is not None and b.regions[k[2]].kind != "sea":
                return "fleets move only into sea regions; once at sea they never return to land"
            return f"a fleet in {rn(r)} cannot move to {rn(k[2])}"
        to = k[2]
        reg = b.regions.get(to)
        hostile = k[4] if len(k) > 4 else None
        if reg is not None and reg.nation not in (None, nid) and hostile is None:
            return f"{reg.name} is a home province of another nation: say whether the army enters hostile or friendly"
        if reg is not None and reg.nation in (None, nid) and hostile is not None:
            return f"hostile or friendly is declared only when entering another nation's home province, not {reg.name}"
        if hostile and reg is not None and last_free_factory(g, b, to):
            return f"{reg.name} holds the last free factory of its nation: armies may only enter it friendly"
        via = f" via {'+'.join(k[3])}" if len(k) > 3 and k[3] else ""
        return f"an army in {rn(r)} cannot reach {rn(to)}{via} (one step, rail at home, convoys by own fleets)"
    if k[0] == "battle":
        return f"no such battle is possible in {rn(k[1])}"
    if k[0] == "destroy":
        return (f"the factory in {rn(k[1])} can be destroyed only by {b.constants['factory_destroy_armies']} armies, "
                "with no defending army or fleet there, and never a nation's last free factory")
    if k[0] == "status":
        return (f"{name} cannot change the status of armies in {rn(k[1])} now (once per province per maneuver, "
                "and not in the maneuver in which an army entered it)")
    step = "moving its fleets" if phase == "fleets" else "moving its armies"
    return f"{name} is {step}: move, fight, or pass to end this step"


def _same_but_status(g: G, b: Board, k: tuple, legal_keys: Options) -> str:
    """A legal action that differs from ``k`` only by naming which army (upright or lying), as text."""
    if k[0] not in ("army", "battle", "demand", "destroy"):
        return ""
    base = {"army": 5, "battle": 5, "demand": 2, "destroy": 2}[k[0]]
    for legal in legal_keys(g, b):
        if len(legal) > len(k) and legal[:base] == k[:base]:
            return str(from_key(legal))
    return ""


def explain_contact(g: G, b: Board, k: tuple, legal_keys: Options) -> str:
    """Why an action does not answer the battle question in progress (``legal_keys``: as for
    :func:`explain_maneuver`)."""
    t = g["turn"]
    nearly = _same_but_status(g, b, k, legal_keys)
    if nearly:
        return f"upright and lying armies stand there: say which, e.g. {nearly}"
    c = t["contact"]
    who = t["player"]
    where = b.regions[c["region"]].name
    mover = nation_name(b, t["nation"])
    if t["phase"] == "contact":
        return (f"{who} must decide whether {mover}'s {c['unit']} that just arrived in {where} fights "
                "(battle … vs NATION UNIT) or not (pass)")
    if t["phase"] == "order":
        names = ", ".join(c["asking"])
        return f"{who} must choose which government to ask next whether it demands battle in {where}: ask one of {names}"
    asked = nation_name(b, c["asking"][0])
    kinds = " or ".join(str(from_key(a))[len("demand "):] for a in demand_actions(g, b) if a[0] == "demand")
    return (f"{who}, for {asked}, may demand battle against {mover}'s {c['unit']} in {where} "
            f"(demand {kinds}) or pass")
