"""The fast greedy policy: one cheap choice for every kind of decision.

Small decisions (rondel, factory site, imports, Swiss Bank, production, auction) look one step ahead with
the evaluation.  Bonds and gifts are scored on the evaluation's summary without running the engine.
Maneuvers are scored without running the engine either: each move, battle, status change or destruction
changes who holds which flag and which factories are blocked, which the evaluation turns into points for
the player deciding; a pull towards flags not yet held moves units that cannot reach one this turn.
The search levels use this policy for their rollouts and for the details of a maneuver.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from imperial_core import GameState
from imperial_core.engine import action_keys

from . import memo as _memo
from .evaluate import (
    DEFAULT,
    Basis,
    BoardInfo,
    Summary,
    Weights,
    add_up,
    board_info,
    summarize,
    utilities,
    values,
    with_fields,
)
from .memo import child

MANEUVER = frozenset(("fleets", "armies", "contact", "demand", "order", "canal"))
#: Decisions the search levels search (the others follow the greedy policy).
KEY_DECISIONS = frozenset(("rondel", "invest", "swiss", "factory", "import", "fund", "auction", "production"))


@dataclass(frozen=True)
class Tuning:
    """Parameters of the greedy policy's maneuver scoring."""

    pos: float = 0.35       # pull of flags within reach (per flag, discounted by distance)
    gamma: float = 0.5      # discount per step of that pull
    reach: int = 3          # farthest target that pulls
    guard: float = 0.6      # share of a factory's tax a unit leaving it unguarded risks
    min_gain: float = 0.02  # a move must be worth at least this much
    perm: float = 1.0       # share of a destroyed factory's tax counted beyond its blocking


DEFAULT_TUNING = Tuning()
#: Tuned by self-play per board (a greedy player's coordinate search, as for ``evaluate.FITTED``).
TUNED: dict[str, Tuning] = {"europe": Tuning(pos=0.15), "world2030": DEFAULT_TUNING}


def tuning_for(board: str) -> Tuning:
    """The policy parameters used on a board."""
    return TUNED.get(board, DEFAULT_TUNING)


def keys_of(state: GameState) -> list[tuple]:
    """The legal actions' keys (``Action.key()``), in the order of ``legal_actions``."""
    return action_keys(state)


def me_of(state: GameState) -> int:
    p = state.current_player
    for i, q in enumerate(state.players):
        if q["name"] == p:
            return i
    return 0


def utility_of(state: GameState, me: int, w: Weights = DEFAULT) -> float:
    sm = summarize(state)
    return utilities(values(sm, board_info(state.board), w), w)[me]


# -- distances on the board, for the pull towards flags -----------------------------------------------------
@cache
def _distances(board_id: str, sea: bool) -> dict[str, dict[str, int]]:
    info = board_info(board_id)
    adj = info.sea_adj if sea else info.land_adj
    nodes = [r for r, reg in info.board.regions.items() if (reg.kind == "sea") == sea and reg.kind != "impassable"]
    out: dict[str, dict[str, int]] = {}
    for s in nodes:
        dist = {s: 0}
        frontier = [s]
        d = 0
        while frontier and d < 4:
            d += 1
            nxt = []
            for r in frontier:
                for x in adj.get(r, ()):
                    if x not in dist:
                        dist[x] = d
                        nxt.append(x)
            frontier = nxt
        out[s] = dist
    return out


# -- marginal values: what one more tax revenue or unit of a nation is worth to a player --------------------
class Marginal:
    """What one more tax revenue (``field="base"``) or unit (``"units"``) of each nation is worth to a
    player, computed when first asked (a maneuver step rarely concerns every nation)."""

    def __init__(self, basis: Basis, me: int, w: Weights, field: str, base: float) -> None:
        self.basis, self.me, self.w, self.field, self.base = basis, me, w, field, base
        self.cache: dict[int, float] = {}

    def __getitem__(self, n: int) -> float:
        v = self.cache.get(n)
        if v is None:
            v = utilities(self.basis.plus_one(n, self.field), self.w)[self.me] - self.base
            self.cache[n] = v
        return v


def marginals(sm: Summary, info: BoardInfo, me: int, w: Weights) -> tuple[Marginal, Marginal]:
    basis = Basis(sm, info, w, partial=True)
    base = utilities(basis.values, w)[me]
    return Marginal(basis, me, w, "base", base), Marginal(basis, me, w, "units", base)


class ManeuverScorer:
    """Scores maneuver actions for the player deciding, without running the engine."""

    def __init__(self, state: GameState, w: Weights, tu: Tuning, me: int | None = None) -> None:
        self.state = state
        self.info = info = board_info(state.board)
        self.w, self.tu = w, tu
        self.me = me_of(state) if me is None else me
        sm = summarize(state)
        self.wr, self.wu = marginals(sm, info, self.me, w)
        self.nidx = {nid: i for i, nid in enumerate(info.nids)}
        self.mover = state.turn["nation"]
        occ: dict[str, dict[str, list[int]]] = {}
        fowner: dict[str, str] = {}
        facs: dict[str, str] = {}
        for nid, n in state.nations.items():
            for r, c in n["armies"].items():
                occ.setdefault(r, {}).setdefault(nid, [0, 0, 0])[0] = c
            for r, c in n["hostile"].items():
                occ.setdefault(r, {}).setdefault(nid, [0, 0, 0])[1] = c
            for r, c in n["fleets"].items():
                occ.setdefault(r, {}).setdefault(nid, [0, 0, 0])[2] = c
            for r in n["flags"]:
                fowner[r] = nid
            for r in n["factories"]:
                facs[r] = nid
        self.occ, self.fowner, self.facs = occ, fowner, facs
        self._rem: dict[tuple, tuple[float, dict]] = {}
        self._add: dict[tuple, tuple[float, dict]] = {}
        self._fleet_from: dict[str, float] = {}             # a fleet leaving a region
        self._fleet_to: dict[str, tuple[float, float]] = {}  # a fleet arriving, and the fight it may pick there
        self._before: dict[str, dict[str, float]] = {}      # each region's contributions as it stands
        self._pot: dict[tuple[str, bool], float] = {}
        self._targets: dict[bool, list[str]] | None = None

    # region contributions ---------------------------------------------------------------------------------
    def _contrib(self, r: str, occ_r: dict[str, list[int]] | None) -> dict[str, float]:
        out: dict[str, float] = {}
        if r in self.info.flag_regions:
            there = [n for n, (a, _h, f) in occ_r.items() if a + f > 0] if occ_r else []
            owner = there[0] if len(there) == 1 else self.fowner.get(r)
            if owner is not None:
                out[owner] = 1.0
        fo = self.facs.get(r)
        if fo is not None and not (occ_r and any(h > 0 for n, (_a, h, _f) in occ_r.items() if n != fo)):
            out[fo] = out.get(fo, 0.0) + 2.0
        return out

    def _value(self, before: dict[str, float], after: dict[str, float], units: dict[str, int]) -> float:
        wr, wu, idx = self.wr, self.wu, self.nidx
        v = 0.0
        for n in (*before, *(x for x in after if x not in before)):  # a fixed order: sums are exact alike
            d = after.get(n, 0.0) - before.get(n, 0.0)
            if d:
                v += wr[idx[n]] * d
        for n, d in units.items():
            if d:  # adding 0.0 changes no sum: the marginal value of an unchanged nation is never needed
                v += wu[idx[n]] * d
        return v

    def _change(self, r: str, changes: list[tuple[str, int, int, int]], no_factory: bool = False) -> float:
        """Value of changing the units in ``r`` by (nation, armies, hostile, fleets) deltas."""
        cur = self.occ.get(r)
        new = {n: v[:] for n, v in cur.items()} if cur else {}
        units: dict[str, int] = {}
        for nid, da, dh, df in changes:
            row = new.setdefault(nid, [0, 0, 0])
            row[0] += da
            row[1] = max(0, min(row[0], row[1] + dh))
            row[2] += df
            units[nid] = units.get(nid, 0) + da + df
        before = self._before.get(r)
        if before is None:
            before = self._before[r] = self._contrib(r, cur)
        if no_factory:
            saved = self.facs.pop(r, None)
            after = self._contrib(r, new)
            if saved is not None:
                self.facs[r] = saved
                units[saved] = units.get(saved, 0)
        else:
            after = self._contrib(r, new)
        return self._value(before, after, units)

    # the pull towards flags not yet held ----------------------------------------------------------------
    def _target_list(self, sea: bool) -> list[str]:
        if self._targets is None:
            mover = self.mover
            held = {r for r, n in self.fowner.items() if n == mover}
            land, seas = [], []
            for r in self.info.board.flag_regions:  # board order, never a set's (hash-seed) order
                if r in held:
                    continue
                others = self.occ.get(r)
                if others and any(n != mover and (v[0] or v[2]) for n, v in others.items()):
                    continue
                (seas if self.info.board.regions[r].kind == "sea" else land).append(r)
            self._targets = {False: land, True: seas}
        return self._targets[sea]

    def pot(self, r: str, sea: bool) -> float:
        k = (r, sea)
        hit = self._pot.get(k)
        if hit is not None:
            return hit
        dist = _distances(self.state.board, sea).get(r)
        v = 0.0
        if dist is not None:
            g, far = self.tu.gamma, self.tu.reach
            for t in self._target_list(sea):
                if t != r:
                    d = dist.get(t)
                    if d is not None and d <= far:
                        v += g ** d
        self._pot[k] = v
        return v

    def _guard(self, r: str) -> float:
        """What leaving ``r`` risks: the nation's own factory there, with foreign armies next to it."""
        mover = self.mover
        if self.facs.get(r) != mover:
            return 0.0
        mine = self.occ.get(r, {}).get(mover, [0, 0, 0])
        if mine[0] > 1:
            return 0.0
        for a in self.info.land_adj.get(r, ()):
            o = self.occ.get(a)
            if o and any(n != mover and v[0] for n, v in o.items()):
                return self.tu.guard * 2 * self.wr[self.nidx[mover]]
        return 0.0

    # actions ----------------------------------------------------------------------------------------------
    def score(self, k: tuple) -> float:
        kind = k[0]
        m = self.mover
        if kind == "pass":
            return 0.0
        if kind == "fleet":
            o, t = k[1], k[2]
            leave = self._fleet_from.get(o)
            if leave is None:
                leave = self._fleet_from[o] = self._change(o, [(m, 0, 0, -1)])
            arrive = self._fleet_to.get(t)
            if arrive is None:
                arrive = self._fleet_to[t] = (self._change(t, [(m, 0, 0, 1)]), self._fight_after(t, "fleet"))
            v = leave + arrive[0]
            v += arrive[1]
            o_sea = o in self.info.sea_adj
            pull = self.pot(t, True) - (self.pot(o, True) if o_sea else 0.0)
            return v + self.tu.pos * self.wr[self.nidx[m]] * pull
        if kind == "army":
            o, t, via, hostile = k[1], k[2], k[3], k[4]
            leaving_up = k[5] if len(k) > 5 else self.occ.get(o, {}).get(m, [0, 0, 0])[1] > 0
            rk = (o, leaving_up)
            rem = self._rem.get(rk)
            if rem is None:
                rem = (self._change(o, [(m, -1, -1 if leaving_up else 0, 0)]) - self._guard(o)
                       - self.tu.pos * self.wr[self.nidx[m]] * self.pot(o, False), {})
                self._rem[rk] = rem
            ak = (t, hostile)
            add = self._add.get(ak)
            if add is None:
                base = self._change(t, [(m, 1, 1 if hostile else 0, 0)])
                base += self._fight_after(t, "army", bool(hostile))
                add = (base + self.tu.pos * self.wr[self.nidx[m]] * self.pot(t, False), {})
                self._add[ak] = add
            return rem[0] + add[0] - 0.01 * len(via)
        if kind == "battle":
            r, unit, enemy, eunit = k[1], k[2], k[3], k[4]
            mine_up = k[5] if len(k) > 5 else None
            their_up = k[6] if len(k) > 6 else None
            if self.state.decision == "contact":
                mine_up = self.state.turn["contact"]["hostile"]
            return self._battle(r, m, unit, mine_up, enemy, eunit, their_up)
        if kind == "demand":
            c = self.state.turn["contact"]
            asked = c["asking"][0]
            return self._battle(c["region"], asked, k[1], k[2] if len(k) > 2 else None, m, c["unit"], c["hostile"])
        if kind == "status":
            r, up = k[1], k[2]
            row = self.occ.get(r, {}).get(m, [0, 0, 0])
            new_up = (k[3] if len(k) > 3 else row[0]) if up else 0
            return self._change(r, [(m, 0, new_up - row[1], 0)])
        if kind == "destroy":
            r = k[1]
            ups = k[2] if len(k) > 2 else min(3, self.occ.get(r, {}).get(m, [0, 0, 0])[1])
            # hostile armies only block a factory while they stay; destroyed, it is gone for good
            owner = self.facs.get(r)
            gone = -2 * self.wr[self.nidx[owner]] if owner is not None else 0.0
            return self._change(r, [(m, -3, -ups, 0)], no_factory=True) + self.tu.perm * gone
        if kind == "ask":
            return 0.0
        if kind in ("allow", "refuse"):
            val = self.wr[self.nidx[m]]
            return 0.0 if (kind == "allow") == (val >= 0) else -0.5
        return 0.0

    def _battle(self, r: str, a: str, aunit: str, a_up: bool | None, d: str, dunit: str, d_up: bool | None) -> float:
        def delta(nid: str, unit: str, up: bool | None) -> tuple[str, int, int, int]:
            if unit == "fleet":
                return (nid, 0, 0, -1)
            row = self.occ.get(r, {}).get(nid, [0, 0, 0])
            is_up = row[1] > 0 if up is None else up
            return (nid, -1, -1 if is_up else 0, 0)

        return self._change(r, [delta(a, aunit, a_up), delta(d, dunit, d_up)])

    def _fight_after(self, t: str, unit: str, hostile: bool = False) -> float:
        """A unit arriving where foreign units stand may fight at once: the better of fighting or not."""
        o = self.occ.get(t)
        if not o:
            return 0.0
        m = self.mover
        sea = t in self.info.sea_adj
        best = 0.0
        for n, (a, _h, f) in o.items():
            if n == m:
                continue
            for eunit, cnt in (("army", a), ("fleet", f)):
                if not cnt:
                    continue
                if sea and not (unit == "fleet" and eunit == "fleet"):
                    continue
                if not sea and unit == "fleet" and eunit == "fleet":
                    continue
                arrived = (m, 1 if unit == "army" else 0, 1 if hostile else 0, 1 if unit == "fleet" else 0)
                lost = (m, -1 if unit == "army" else 0, -1 if hostile else 0, -1 if unit == "fleet" else 0)
                gone = (n, -1 if eunit == "army" else 0, 0, -1 if eunit == "fleet" else 0)
                v = self._change(t, [arrived, lost, gone]) - self._change(t, [arrived])
                best = max(best, v)
        return best


# -- the policy -------------------------------------------------------------------------------------------
def _one_ply(state: GameState, keys: list[tuple], me: int, w: Weights) -> list[float]:
    return [utility_of(child(state, i), me, w) for i in range(len(keys))]


def _bond_scores(state: GameState, keys: list[tuple], me: int, w: Weights) -> list[float]:
    """Bonds scored on the summary: cash into the treasury, interest to the buyer, the government."""
    info = board_info(state.board)
    sm = summarize(state)
    nix = {nid: i for i, nid in enumerate(info.nids)}
    out = []
    for k in keys:
        if k[0] != "bond":
            out.append(utilities(values(sm, info, w), w)[me])
            continue
        _t, nid, v, back = k
        n = nix[nid]
        price = v - (back or 0)
        cash = sm.cash[:]
        cash[me] -= price
        tre = sm.treasury[:]
        tre[n] += price
        interest = [row[:] for row in sm.interest]
        interest[n][me] += info.interest[v] - (info.interest[back] if back else 0)
        cr = sm.credit[n][:]
        cr[me] += price
        gov = sm.gov[:]
        gi = gov[n]
        best = cr[gi] if gi >= 0 else 0
        for i, c in enumerate(cr):
            if c > best:
                best, gi = c, i
        gov[n] = gi
        s2 = with_fields(sm, cash=cash, treasury=tre, interest=interest, gov=gov)
        out.append(utilities(values(s2, info, w), w)[me])
    return out


def _fund_scores(state: GameState, keys: list[tuple], me: int, w: Weights) -> list[float]:
    """A gift pays for a factory, an import or a forced stop: worth its effect on the nation, if it is
    enough (with the others' offers) to make it happen; the greedy view gives the whole missing sum or
    nothing."""
    info = board_info(state.board)
    sm = summarize(state)
    t = state.turn
    n = info.nids.index(t["nation"])
    pending = t["pending"] or ["pass"]
    base = utilities(values(sm, info, w), w)[me]
    most = max((k[1] for k in keys if k[0] == "give"), default=0)
    out = []
    for k in keys:
        if k[0] != "give":
            out.append(base)
            continue
        if k[1] != most:
            out.append(base - 0.1 * (most - k[1]) - 0.01)
            continue
        cash = sm.cash[:]
        cash[me] -= k[1]
        rev, units = sm.base[:], sm.units[:]
        if pending[0] == "factory":
            rev[n] += 2
        elif pending[0] == "import":
            units[n] += 1
        else:
            out.append(base - k[1])
            continue
        out.append(utilities(values(with_fields(sm, cash=cash, base=rev, units=units), info, w), w)[me])
    return out


def scores(state: GameState, keys: list[tuple], w: Weights = DEFAULT, tu: Tuning = DEFAULT_TUNING) -> list[float]:
    """The greedy policy's score of every legal action (higher is better) for the player deciding."""
    phase = state.decision
    me = me_of(state)
    if phase in MANEUVER:
        if phase == "order":
            return [0.0] * len(keys)
        sc = ManeuverScorer(state, w, tu, me)
        return [sc.score(k) for k in keys]
    if phase in ("invest", "auction"):
        return _bond_scores(state, keys, me, w)
    if phase == "fund":
        return _fund_scores(state, keys, me, w)
    if phase == "rondel":
        return _rondel_scores(state, keys, me, w, tu)
    if phase == "factory":
        sm = summarize(state)
        return [_factory_value(state, sm, k, me, w) for k in keys]
    if phase == "import":
        return _import_plan(state, keys, summarize(state), me, w, 0)[0]
    return _one_ply(state, keys, me, w)


def _pay(sm: Summary, n: int, amount: float) -> tuple[list[float], list[float]]:
    """Cash and treasuries after the nation pays ``amount`` (its government adds what the treasury lacks)."""
    tre, cash = sm.treasury[:], sm.cash[:]
    from_tre = min(amount, tre[n])
    tre[n] -= from_tre
    if amount > from_tre and sm.gov[n] >= 0:
        cash[sm.gov[n]] -= amount - from_tre
    return tre, cash


def _factory_value(state: GameState, sm: Summary, k: tuple, me: int, w: Weights) -> float:
    info = board_info(state.board)
    n = info.nids.index(state.active_nation)
    if k[0] != "factory":
        return utilities(values(sm, info, w), w)[me]
    tre, cash = _pay(sm, n, info.board.constants["factory_cost"])
    base = sm.base[:]
    base[n] += 2
    v = utilities(values(with_fields(sm, treasury=tre, cash=cash, base=base), info, w), w)[me]
    r = k[1]
    near = info.fleet_flag_adj[r] if info.board.regions[r].factory_site == "shipyard" else info.army_flag_adj[r]
    return v + 0.05 * len(near)


def _reach_set(state: GameState, nid: str, info: BoardInfo) -> set[str]:
    from .evaluate import flag_owners

    owners = flag_owners(state, info)
    n = state.nations[nid]
    out = {a for r in n["armies"] for a in info.army_flag_adj[r] if owners.get(a) != nid}
    out.update(a for r in n["fleets"] for a in info.fleet_flag_adj[r] if owners.get(a) != nid)
    return out


def _import_plan(state: GameState, keys: list[tuple], sm: Summary, me: int, w: Weights,
                 most: int) -> tuple[list[float], float]:
    """Scores of the import options, and the value after up to ``most`` greedy imports."""
    info = board_info(state.board)
    nid = state.active_nation
    n = info.nids.index(nid)
    reach = _reach_set(state, nid, info)
    cost = info.board.constants["import_cost_per_unit"]

    # a summary's value by what sets it apart: the summary imported from and the flags then within reach
    # (imports of either kind cost and add alike; two of them that reach as many flags are worth the same)
    seen: dict[tuple[int, int], tuple[float, Summary]] = {}

    def value_of(cur: Summary, rs: set[str], k: tuple) -> tuple[float, Summary, set[str]]:
        if k[0] != "import":
            key = (id(cur), -1)
            hit = seen.get(key)
            if hit is None:
                hit = seen[key] = (utilities(values(cur, info, w), w)[me], cur)
            return hit[0], cur, rs
        near = info.army_flag_adj[k[2]] if k[1] == "army" else info.fleet_flag_adj[k[2]]
        rs2 = rs | {a for a in near if a not in rs}
        key = (id(cur), len(rs2))
        hit = seen.get(key)
        if hit is None:
            tre, cash = _pay(cur, n, cost)
            units = cur.units[:]
            units[n] += 1
            reach = cur.reach[:]
            reach[n] = len(rs2)
            nxt = with_fields(cur, treasury=tre, cash=cash, units=units, reach=reach)
            hit = seen[key] = (utilities(values(nxt, info, w), w)[me], nxt)
        return hit[0], hit[1], rs2

    first = [value_of(sm, reach, k) for k in keys]
    scores_ = [x[0] for x in first]
    best = value_of(sm, reach, ("pass",))[0]
    if most:
        # the best single imports, taken together (each is a unit in a different place or of another kind)
        ranked = sorted((i for i, k in enumerate(keys) if k[0] == "import" and scores_[i] > best),
                        key=lambda i: -scores_[i])[:most]
        cur, rs = sm, reach
        for j, i in enumerate(ranked):
            v, cur, rs = value_of(cur, rs, keys[i])
            if j == len(ranked) - 1:
                best = max(best, v)
    return scores_, best


def _rondel_scores(state: GameState, keys: list[tuple], me: int, w: Weights, tu: Tuning) -> list[float]:
    """One step ahead; a Factory or Import space is credited with its best choices, a Maneuver space with
    the flags its units can take (each unit's best single move)."""
    out = []
    nation = state.active_nation
    for i in range(len(keys)):
        s = child(state, i)
        same = s.active_nation == nation and not s.is_over and s.current_player == state.current_player
        phase = s.decision
        if same and phase == "factory":
            sm = summarize(s)
            out.append(max(_factory_value(s, sm, k, me, w) for k in keys_of(s)))
        elif same and phase == "import":
            ks = keys_of(s)
            out.append(_import_plan(s, ks, summarize(s), me, w, 3)[1])
        elif same and phase in ("fleets", "armies"):
            out.append(utility_of(s, me, w) + maneuver_estimate(s, w, tu, me))
        else:
            out.append(utility_of(s, me, w))
    return out


def maneuver_estimate(state: GameState, w: Weights, tu: Tuning, me: int) -> float:
    """What a maneuver about to start is worth: the best move of each unit, counted once per region."""
    sc = ManeuverScorer(state, w, tu, me)
    nat = state.nations[state.active_nation]
    best_to: dict[str, float] = {}
    info = sc.info
    for r, c in nat["fleets"].items():
        dests = info.sea_adj.get(r, ()) if r in info.sea_adj else (info.harbour.get(r),)
        for _ in range(c):
            cands = [(sc.score(("fleet", r, t)), t) for t in dests if t]
            cands = [x for x in cands if x[1] not in best_to]
            if cands:
                v, t = max(cands)
                if v > 0:
                    best_to[t] = v
    for r, c in nat["armies"].items():
        dests = info.land_adj.get(r, ())
        for _ in range(c):
            cands = []
            for t in dests:
                if t in best_to:
                    continue
                hostile = None if info.owner.get(t) in (None, state.active_nation) else True
                cands.append((sc.score(("army", r, t, (), hostile)), t))
            if cands:
                v, t = max(cands)
                if v > 0:
                    best_to[t] = v
    return 0.8 * add_up(best_to.values())


def ranked_scores(state: GameState, keys: list[tuple], w: Weights = DEFAULT,
                  tu: Tuning = DEFAULT_TUNING) -> list[float]:
    """:func:`scores`, where a maneuver step is worth taking only if it gains at least ``tu.min_gain``
    (else the nation ends that step)."""
    sc = scores(state, keys, w, tu)
    if state.decision in ("fleets", "armies", "contact", "demand") and ("pass",) in keys:
        sc[keys.index(("pass",))] = tu.min_gain
    return sc


def greedy_scores(state: GameState, w: Weights = DEFAULT, tu: Tuning = DEFAULT_TUNING) -> list[float]:
    """:func:`ranked_scores` of every legal action, remembered for the decision being worked out (the list
    is shared: read it, never change it)."""
    return _memo.recall("scores", (id(state), id(w), id(tu)), state,
                        lambda: ranked_scores(state, keys_of(state), w, tu))


def greedy_index(state: GameState, rng: random.Random | None = None, w: Weights = DEFAULT,
                 tu: Tuning = DEFAULT_TUNING, noise: float = 0.0) -> int:
    """Index of the greedy policy's choice among ``legal_actions(state)``; ``noise`` adds that much random
    spread (in points) to the scores."""
    if len(keys_of(state)) == 1:
        return 0
    sc = greedy_scores(state, w, tu)
    if noise and rng is not None:
        sc = [s + rng.uniform(0.0, noise) for s in sc]
    best = max(sc)
    ties = [i for i, s in enumerate(sc) if s >= best - 1e-9]
    if len(ties) > 1 and rng is not None:
        return ties[rng.randrange(len(ties))]
    return ties[0]
