"""A heuristic evaluation: what each player's score is likely to be at the end of the game.

The score at the end is cash plus each bond's interest times its nation's power factor.  The evaluation
projects every nation's power to the end from its tax revenue (factories free of hostile armies, flags a
maneuver in progress will place, flags within reach, factories under threat), then adds the interest
still to be paid, a share of the treasuries, governments and the investor card.  All weights are in
:class:`Weights` and were tuned by self-play (a greedy player's coordinate search).  Where the expert's play on
stops it judges by the learned evaluation instead (:mod:`imperial_bots.learned`), which reads this one's
projection among its features.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from functools import cache

from imperial_core import GameState, load_board, ranking
from imperial_core.board import Board

from . import memo as _memo


@dataclass(frozen=True)
class Weights:
    """Parameters of the evaluation (all in millions / victory points)."""

    tau: float = 2.6          # rounds between two taxations of a nation
    tau_inv: float = 3.0      # rounds between two interest payments
    rmax: float = 14.0        # most rounds the game is expected to last still
    length: float = 18.0      # rounds a game is expected to last in all
    grow: float = 0.85        # share of the projected power gain believed
    blend: float = 0.6        # weight of the smooth power factor (P/5) against the step one
    rho: float = 0.7          # value of a future interest payment
    w_tr: float = 0.35        # value of a treasury's money, by interest share
    w_unit: float = 0.6       # value of a unit, by interest share
    w_gov: float = 2.0        # value of holding a government
    w_bonus: float = 0.5      # value of a future tax bonus (Imperial 2030) to the government
    w_card: float = 1.5       # value of holding the investor card
    near: float = 0.5         # revenue expected from each flag within one step of a unit
    threat: float = 0.5       # share of a threatened factory's tax counted as lost
    rev_min: float = 0.0      # revenue every nation is expected to add (factories to come)
    tr_rev: float = 0.2       # revenue expected per million in the treasury (what it will build)
    tr_cap: float = 15.0      # most treasury money counted so
    rel: float = 0.5          # utility: weight of the best opponent (vs. the mean of the others)
    win: float = 60.0         # points a finished game adds to its winner (a leader ends the game)

    def with_(self, **kw: float) -> Weights:
        return replace(self, **kw)

    def as_dict(self) -> dict[str, float]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULT = Weights()

#: Weights tuned by self-play per board (a coordinate search: a changed weight is kept when a greedy
#: player using it does better, on the same deals, than one using the current weights).
FITTED: dict[str, Weights] = {
    "europe": DEFAULT.with_(tr_rev=0.1, near=0.2),
    "world2030": DEFAULT.with_(tau=3.4, rmax=10.0, grow=0.6),
}


def weights_for(board: str) -> Weights:
    """The weights used on a board."""
    return FITTED.get(board, DEFAULT)


@dataclass(frozen=True)
class BoardInfo:
    """Lookups of one board that the bots need, built once."""

    board: Board
    nids: tuple[str, ...]
    flag_regions: frozenset[str]
    land_adj: dict[str, tuple[str, ...]]
    sea_adj: dict[str, tuple[str, ...]]
    harbour: dict[str, str]
    owner: dict[str, str | None]
    army_flag_adj: dict[str, tuple[str, ...]]   # flag regions one army step away
    fleet_flag_adj: dict[str, tuple[str, ...]]  # seas one fleet step away (from a sea or a harbour)
    gain: tuple[int, ...]        # power points by tax revenue (index = revenue, capped)
    bonus: tuple[int, ...]       # Imperial 2030 bonus by tax revenue
    interest: dict[int, int]
    end_points: int
    tax_max: int


@cache
def board_info(board_id: str) -> BoardInfo:
    from imperial_core.rules.maneuver import sea_links

    b = load_board(board_id)
    top = 40
    gain = tuple(b.power_for_position(b.tax_position(min(r, b.tax_max or r))) for r in range(top + 1))
    bonus = tuple(b.tax_bonus[b.tax_position(min(r, b.tax_max or r))] if b.tax_bonus else 0 for r in range(top + 1))
    fr = frozenset(b.flag_regions)
    sea_adj = sea_links(b)
    harbour = {r.id: r.harbour for r in b.regions.values() if r.harbour}
    army_flag_adj = {r: tuple(a for a in b.land_adj.get(r, ()) if a in fr) for r in b.regions}
    fleet_flag_adj = {r: tuple(sea_adj.get(r, ())) if r in sea_adj else ((harbour[r],) if r in harbour else ())
                      for r in b.regions}
    return BoardInfo(
        board=b, nids=b.nation_ids, flag_regions=fr, land_adj=b.land_adj, sea_adj=sea_adj, harbour=harbour,
        owner={r.id: r.nation for r in b.regions.values()}, army_flag_adj=army_flag_adj,
        fleet_flag_adj=fleet_flag_adj, gain=gain, bonus=bonus, interest=dict(b.bonds),
        end_points=b.constants["game_end_power_points"], tax_max=b.tax_max or 99)


@dataclass
class Summary:
    """What the evaluation reads from a state, per nation (lists in turn order) and per player."""

    names: list[str]
    cash: list[float]
    power: list[int]
    base: list[float]         # tax revenue now: free factories, flags (those a maneuver in progress places)
    threat: list[int]         # factories with foreign armies next to them and no own army
    reach: list[int]          # flags not held within one step of a unit
    units: list[int]
    treasury: list[float]
    interest: list[list[int]]  # [nation][player]
    credit: list[list[int]]    # [nation][player]
    gov: list[int]            # projected government (player index, -1 for none)
    card: int                 # investor card holder (player index, -1)
    over: bool
    round: int = 1
    winner: int = -1          # the winner's index once the game is over


def with_fields(sm: Summary, **kw: object) -> Summary:
    """A copy of ``sm`` with some fields replaced (as ``dataclasses.replace``, without its checks: the
    evaluation builds thousands of them a decision)."""
    out = _new_summary(Summary)
    d = out.__dict__
    d.update(sm.__dict__)
    d.update(kw)
    return out


_new_summary = object.__new__


def flag_owners(state: GameState, info: BoardInfo) -> dict[str, str]:
    """Who will hold each flag once the maneuver in progress ends: a region's only occupant, else its
    current flag."""
    owners: dict[str, str] = {}
    occ: dict[str, str | None] = {}
    fr = info.flag_regions
    for nid, n in state.nations.items():
        for r in n["flags"]:
            owners[r] = nid
        for d in (n["armies"], n["fleets"]):
            for r in d:
                if r in fr:
                    prev = occ.get(r, nid)
                    occ[r] = nid if prev == nid else None
    for r, nid in occ.items():
        if nid is not None:
            owners[r] = nid
    return owners


def summarize(state: GameState) -> Summary:
    """Read a state once; the evaluation is then arithmetic on the summary (the same object for the same state
    within one decision, :mod:`imperial_bots.memo`: read it, never change it)."""
    return _memo.recall("summaries", id(state), state, lambda: _summarize(state))


def _summarize(state: GameState) -> Summary:
    info = board_info(state.board)
    players = state.players
    names = [p["name"] for p in players]
    seat = {nm: i for i, nm in enumerate(names)}
    nations = state.nations
    owners = flag_owners(state, info)
    nflags: dict[str, int] = {}
    for nid in owners.values():
        nflags[nid] = nflags.get(nid, 0) + 1
    # hostile armies block factories; armies of other nations next to a factory threaten it
    blocked: set[str] = set()
    near_army: dict[str, set[str]] = {}
    owner, land_adj = info.owner, info.land_adj
    for nid, n in nations.items():
        for r, c in n["hostile"].items():
            if c > 0 and owner[r] != nid:
                blocked.add(r)
        for r in n["armies"]:
            for a in land_adj.get(r, ()):
                s = near_army.get(a)
                if s is None:
                    near_army[a] = {nid}
                else:
                    s.add(nid)
    afa, ffa = info.army_flag_adj, info.fleet_flag_adj
    power, base, threat, reach, units, treasury, interest, credits, gov = [], [], [], [], [], [], [], [], []
    np_ = len(names)
    interest_of = info.interest
    for nid, n in nations.items():
        armies, fleets = n["armies"], n["fleets"]
        nfree = 0
        threatened = 0
        for f in n["factories"]:
            if f in blocked:
                continue
            nfree += 1
            by = near_army.get(f)
            if by and f not in armies and (len(by) > 1 or nid not in by):
                threatened += 1
        rset = {a for r in armies for a in afa[r] if owners.get(a) != nid}
        rset.update(a for r in fleets for a in ffa[r] if owners.get(a) != nid)
        nu = sum(armies.values()) + sum(fleets.values())
        power.append(n["power"])
        base.append(2 * nfree + nflags.get(nid, 0))
        threat.append(threatened)
        reach.append(len(rset))
        units.append(nu)
        treasury.append(n["treasury"])
        row = [0] * np_
        credit = [0] * np_
        for v, h in n["bonds"].items():
            if h is not None:
                i = seat[h]
                row[i] += interest_of[v]
                credit[i] += v
        interest.append(row)
        credits.append(credit)
        g = n["government"]
        gi = seat[g] if g is not None else -1
        best = credit[gi] if gi >= 0 else 0
        for i, c in enumerate(credit):
            if c > best:
                best, gi = c, i
        gov.append(gi)
    card = seat.get(state.investor, -1) if state.investor else -1
    return Summary(names=names, cash=[float(p["cash"]) for p in players], power=power, base=base, threat=threat, reach=reach,
                   units=units, treasury=treasury, interest=interest, credit=credits, gov=gov, card=card,
                   over=state.is_over, round=state.round,
                   winner=names.index(ranking(state)[0]) if state.is_over else -1)


def _revenues(base: list[float], threat: list[int], units: list[int], reach: list[int], treasury: list[int],
              w: Weights, info: BoardInfo) -> list[float]:
    """The projected tax revenue of nations with these revenue bases, factories threatened, units, foreign
    regions in reach and treasuries (all the nations of a summary, or one of them changed)."""
    k_threat, rev_min, near, tr_rev, tr_cap, tax_max = 2 * w.threat, w.rev_min, w.near, w.tr_rev, w.tr_cap, info.tax_max
    out = []
    for b, th, u, r, t in zip(base, threat, units, reach, treasury, strict=True):
        x = b - k_threat * th + rev_min + near * (r if r < u else u) + tr_rev * (t if t < tr_cap else tr_cap)
        out.append(tax_max if tax_max < x else x)
    return out


def _factor(p: float) -> float:
    return min(5, int(p // 5))


def _gains(revs: list[float], info: BoardInfo) -> list[float]:
    """The power a round that nations with these tax revenues gain (the board's table, read between its
    rows)."""
    gain_t = info.gain
    top = len(gain_t) - 1
    out = []
    for ri in revs:
        ri = 0.0 if ri < 0 else (top if ri > top else ri)
        lo = int(ri)
        out.append(gain_t[lo] if lo == top else gain_t[lo] + (ri - lo) * (gain_t[lo + 1] - gain_t[lo]))
    return out


def _rounds(sm: Summary, info: BoardInfo, w: Weights, gains: list[float]) -> float:
    """The rounds the game is expected to last: its usual length, or fewer when a nation's power reaches the
    end of the scale sooner at the pace of its gains."""
    rounds = min(w.rmax, max(1.0, w.length - sm.round))
    end, tau = info.end_points, w.tau
    for pw, g in zip(sm.power, gains, strict=True):
        if g > 0:
            t = (end - pw) * tau / g
            if t < rounds:
                rounds = t
    return 0.0 if rounds < 0 else rounds


#: A nation's share of the players' values: the factor on the interest it owes (None: it owes none), and
#: the tax bonus its government expects (None: none).
Share = tuple[float | None, float | None]


def _shares(sm: Summary, info: BoardInfo, w: Weights, rounds: float, ns: Iterable[int], revs: list[float],
            gains: list[float], units: list[int]) -> list[Share]:
    """The shares of nations ``ns``, with these tax revenues, power gains and units."""
    end, tau = info.end_points, w.tau
    pay_rounds = rounds / w.tau_inv
    growth = w.grow * rounds / tau
    blend = w.blend
    unblend = 1 - blend
    rho_pay = w.rho * pay_rounds
    w_tr, w_unit = w.w_tr, w.w_unit
    bonus_t = info.bonus if info.bonus[-1] > 0 else None
    top = len(info.gain) - 1
    out: list[Share] = []
    for n, rv, g, nu in zip(ns, revs, gains, units, strict=True):
        k = bonus = None
        row = sm.interest[n]
        due = sum(row)
        if due:
            p = sm.power[n] + growth * g
            if p > end:
                p = end
            fs = p / 5.0
            fi = int(p // 5)
            f = blend * (fs if fs < 5.0 else 5.0) + unblend * (fi if fi < 5 else 5)
            income = rv - nu
            tr = sm.treasury[n]
            money = tr + (income if income > 0 else 0.0) * rounds / tau
            ratio = money / (due * pay_rounds) if pay_rounds > 0 else 1.0
            k = f + rho_pay * (ratio if ratio < 1.0 else 1.0) + (w_tr * tr + w_unit * nu) / due
        if bonus_t is not None and sm.gov[n] >= 0:
            ri = int(rv)
            bonus = w.w_bonus * bonus_t[0 if ri < 0 else (top if ri > top else ri)] * rounds / tau
        out.append((k, bonus))
    return out


def _add(v: list[float], sm: Summary, w: Weights, shares: Iterable[tuple[int, Share]],
         keep: list[list[float]] | None = None) -> None:
    """Adds nations' shares to the players' values ``v``, in the order given: the interest each owes times its
    factor, and to its government the worth of governing and the tax bonus; ``keep`` gets a copy of ``v``
    before each nation."""
    w_gov = w.w_gov
    for n, (k, bonus) in shares:
        if keep is not None:
            keep.append(v[:])
        if k is not None:
            for i, x in enumerate(sm.interest[n]):
                if x:
                    v[i] += x * k
        gi = sm.gov[n]
        if gi >= 0:
            v[gi] += w_gov
            if bonus is not None:
                v[gi] += bonus


def values(sm: Summary, info: BoardInfo, w: Weights = DEFAULT) -> list[float]:
    """Each player's expected final score (in seating order).  (The computer players run it some hundred
    thousand times a decision: see :class:`Basis` for the values with one nation changed.)"""
    return Basis(sm, info, w).values


class Basis:
    """:func:`values` of one summary, kept nation by nation, so that the values with one nation's tax revenue
    base or units one higher (what :class:`imperial_bots.policy.Marginal` asks, a dozen times for each
    maneuver step scored) come without the whole sum: when the one higher leaves the rounds the game is
    expected to last as they were, only that nation's share is worked out again and the others' are added as
    before, in the same order, so that the result is that of the whole sum to the last digit.  ``partial``:
    keep the sum as it stood before each nation, which :meth:`plus_one` starts from."""

    __slots__ = ("gains", "info", "partial", "rounds", "shares", "sm", "values", "w")

    def __init__(self, sm: Summary, info: BoardInfo, w: Weights = DEFAULT, *, partial: bool = False) -> None:
        self.sm, self.info, self.w = sm, info, w
        v = list(sm.cash)
        if sm.over:
            for n, row in enumerate(sm.interest):
                f = _factor(sm.power[n])
                for i, x in enumerate(row):
                    v[i] += x * f
            if sm.winner >= 0:
                v[sm.winner] += w.win
            self.values = v
            return
        revs = _revenues(sm.base, sm.threat, sm.units, sm.reach, sm.treasury, w, info)
        self.gains = _gains(revs, info)
        self.rounds = _rounds(sm, info, w, self.gains)
        self.shares = _shares(sm, info, w, self.rounds, range(len(revs)), revs, self.gains, sm.units)
        self.partial: list[list[float]] | None = [] if partial else None
        _add(v, sm, w, enumerate(self.shares), self.partial)
        self.values = self._card(v)

    def _card(self, v: list[float]) -> list[float]:
        """``v`` with the investor card's worth to its holder."""
        if self.sm.card >= 0:
            v[self.sm.card] += self.w.w_card
        return v

    def plus_one(self, n: int, field: str) -> list[float]:
        """:func:`values` with nation ``n``'s ``field`` (``"base"`` or ``"units"``) one higher (a basis made
        with ``partial``)."""
        sm, info, w = self.sm, self.info, self.w
        if not sm.over:
            units = sm.units[n] + (field == "units")
            rv = _revenues([sm.base[n] + (field == "base")], [sm.threat[n]], [units], [sm.reach[n]],
                           [sm.treasury[n]], w, info)
            g = _gains(rv, info)
            gains = self.gains[:]
            gains[n] = g[0]
            rounds = _rounds(sm, info, w, gains)
            if rounds == self.rounds and self.partial is not None:
                v = self.partial[n][:]
                mine = _shares(sm, info, w, rounds, (n,), rv, g, [units])[0]
                _add(v, sm, w, [(n, mine), *((m, self.shares[m]) for m in range(n + 1, len(self.shares)))])
                return self._card(v)
        col = getattr(sm, field)[:]  # the whole sum: the game ends, or its expected length changes
        col[n] += 1
        return Basis(with_fields(sm, **{field: col}), info, w).values


def add_up(xs: Iterable[float]) -> float:
    """The sum of ``xs`` added left to right, the same in every Python (the built-in ``sum`` adds floats with
    compensation since Python 3.12, so Pyodide's 3.14 and CPython 3.11 would differ in the last digit)."""
    total = 0.0
    for x in xs:
        total += x
    return total


def utilities(v: list[float], w: Weights = DEFAULT) -> list[float]:
    """Each player's value against the others: its own minus a mix of the best and the mean other."""
    n = len(v)
    if n == 1:
        return list(v)
    total = add_up(v)
    out = []
    srt = sorted(v, reverse=True)
    for x in v:
        best = srt[1] if x == srt[0] else srt[0]
        mean = (total - x) / (n - 1)
        out.append(x - w.rel * best - (1 - w.rel) * mean)
    return out


def evaluate(state: GameState, w: Weights | None = None) -> list[float]:
    """Utilities of the players (seating order) in ``state``."""
    info = board_info(state.board)
    w = w or weights_for(state.board)
    return utilities(values(summarize(state), info, w), w)


def expected_scores(state: GameState, w: Weights | None = None) -> dict[str, float]:
    """The projected final scores by player name."""
    w = w or weights_for(state.board)
    sm = summarize(state)
    return dict(zip(sm.names, values(sm, board_info(state.board), w.with_(win=0.0)), strict=True))
