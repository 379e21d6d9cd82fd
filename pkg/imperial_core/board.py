"""Static board data: regions, borders, harbours, rondel and tables.

Boards are data (``boards/<id>.json``), read once from the package's folder (plain
file reads: :mod:`importlib.resources` costs the page's start-up a tenth of a second in Pyodide).
Nothing else in the engine assumes a particular board: the number of nations,
provinces, seas, the rondel and every table come from here.

Renderer entry point: ``load_board("europe")`` (or ``"world2030"``) returns a
:class:`Board` whose ``regions`` map region id -> :class:`Region` (id, name,
kind, nation, factory_site, harbour, lat, lon) and ``neighbours(region_id)``
lists every region sharing a border or coast with it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import cache

BOARDS = ("europe", "world2030")


@dataclass(frozen=True)
class Region:
    """One region of the board.

    ``kind`` is ``home`` (a nation's home province), ``neutral`` (land outside the
    nations), ``sea`` or ``impassable`` (Switzerland; on the world board also the
    polar band).  ``factory_site`` is
    ``armaments`` or ``shipyard`` for home provinces; ``harbour`` is the sea a
    shipyard's fleets enter first (the anchor), else ``None``.
    """

    id: str
    name: str
    kind: str
    nation: str | None = None
    factory_site: str | None = None
    start_factory: bool = False
    harbour: str | None = None
    lat: float = 0.0
    lon: float = 0.0
    touches: tuple[str, ...] = ()

    @property
    def is_land(self) -> bool:
        return self.kind in ("home", "neutral")

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"


@dataclass(frozen=True)
class NationInfo:
    """A nation's fixed data: name, colour and unit supply (wooden pieces)."""

    id: str
    name: str
    color: str
    armies: int
    fleets: int
    flags: int


@dataclass(frozen=True)
class Canal:
    """A canal joining two seas (Imperial 2030: Panama, Suez).

    ``controlled_by`` is the land region whose flag decides who may pass.  The canal's
    link is *not* in ``Board.sea_borders`` / ``sea_adj``: the movement rules add it.
    """

    id: str
    name: str
    seas: tuple[str, str]
    controlled_by: str


@dataclass(frozen=True)
class Board:
    """Everything fixed about a board.  Build it with :func:`load_board`.

    Board facts that only Imperial 2030 uses (Europe gets the defaults, so its board is unchanged):

    * ``straits`` -- land crossings over water that armies may use (2030: London-Paris and
      Rome-Turkey).  A crossing is an ordinary one-region army move, so the pairs are also in
      ``land_borders``: movement, rail (London-Paris joins two of Europe's home provinces; Turkey is
      neutral, so Rome-Turkey has none) and flags need nothing special.  The list is kept for the map.
    * ``canals`` / ``canal_between`` -- :class:`Canal` s and a lookup by the pair of seas.  Their
      links are *not* in ``sea_borders`` or ``sea_adj``.
    * ``wrap_sea_borders`` -- sea borders across the east/west board edge; they are in
      ``sea_borders`` too and only tell the map to draw the wrap.
    * ``islands`` -- land regions with coasts and no land border (reached only by convoy).
    * ``tax_max`` -- highest possible tax revenue (``constants["tax_max"]``; Europe ``None``).
    * ``tax_bonus`` -- success bonus per ``tax_chart`` row when ``bonus_rule`` is ``"chart"``
      (Europe empty).
    * ``bonus_rule`` -- ``"rise"`` (Europe: 1M per chart row the tax marker rose) or ``"chart"``
      (2030: the chart's bonus for the revenue).
    * ``bonus_from`` -- who pays the bonus: ``"bank"`` (Europe) or ``"treasury"`` (2030, reduced to
      what the treasury holds after soldiers' pay).
    * ``soldiers_pay_limit`` -- ``"revenue"`` (Europe: the pay is deducted from the revenue and a
      negative remainder pays nothing) or ``"treasury"`` (2030: paid from the treasury until it is
      empty).
    * rondel: each space beyond ``constants["rondel_free_steps"]`` costs ``rondel_step_cost`` +
      ``rondel_step_cost_per_factor`` x the nation's power factor; the second constant is absent
      for Europe and read as 0 (see :meth:`rondel_extra_step_cost`).
    * ``editions`` -- rule editions the board is played with (Europe: current and first; 2030:
      current only).

    Set-up facts use the fields Europe already has: ``investor_card_start`` (2030: left of
    Russia's government, else China's) and ``undealt_government_bond`` (an undealt flag card goes
    to the holder of that nation's 2M bond, else stays in the bank).
    """

    id: str
    name: str
    nations: tuple[NationInfo, ...]
    regions: dict[str, Region]
    land_borders: tuple[tuple[str, str], ...]
    coasts: tuple[tuple[str, str], ...]
    sea_borders: tuple[tuple[str, str], ...]
    no_rail: frozenset[str]
    rondel: tuple[str, ...]
    bonds: tuple[tuple[int, int], ...]
    tax_chart: tuple[tuple[int, int], ...]
    power_factor: tuple[tuple[int, int], ...]
    start_bonds: dict[str, tuple[tuple[str, int], ...]]
    deals: dict[int, tuple[tuple[str, ...], ...]]
    start_cash: dict[str, int]
    auction_cash: dict[str, int]
    first_edition: dict
    investor_card_start: tuple[str, ...]
    constants: dict[str, int]
    undealt_government_bond: int = 2
    straits: tuple[tuple[str, str], ...] = ()
    canals: tuple[Canal, ...] = ()
    wrap_sea_borders: tuple[tuple[str, str], ...] = ()
    islands: frozenset[str] = frozenset()
    tax_max: int | None = None
    tax_bonus: tuple[int, ...] = ()
    bonus_rule: str = "rise"
    bonus_from: str = "bank"
    soldiers_pay_limit: str = "revenue"
    editions: tuple[str, ...] = ("current", "first")
    # derived lookups
    land_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sea_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)
    coast_seas: dict[str, tuple[str, ...]] = field(default_factory=dict)
    coast_lands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    home: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rail_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)
    nation_ids: tuple[str, ...] = ()
    flag_regions: tuple[str, ...] = ()
    canal_between: dict[frozenset[str], Canal] = field(default_factory=dict)
    # derived lookups for move generation: region -> its nation (None: neutral or sea), the seas, and
    # region -> its place in board order
    owner: dict[str, str | None] = field(default_factory=dict)
    seas: frozenset[str] = frozenset()
    order: dict[str, int] = field(default_factory=dict)
    flag_set: frozenset[str] = frozenset()  # flag_regions as a set
    interest_of: dict[int, int] = field(default_factory=dict)  # bond value -> its interest (``bonds``)

    def nation(self, nid: str) -> NationInfo:
        for n in self.nations:
            if n.id == nid:
                return n
        raise KeyError(nid)

    def neighbours(self, rid: str) -> tuple[str, ...]:
        """All regions that share a land border, coast or sea border with ``rid``."""
        return tuple(sorted(set(self.land_adj.get(rid, ())) | set(self.sea_adj.get(rid, ()))
                            | set(self.coast_seas.get(rid, ())) | set(self.coast_lands.get(rid, ()))))

    def nation_name(self, nid: str) -> str:
        return self.nation(nid).name

    def region_name(self, rid: str) -> str:
        return self.regions[rid].name

    def interest(self, value: int) -> int:
        return self.interest_of[value]

    def tax_position(self, tax: int) -> int:
        """Tax chart space for a tax revenue (the lowest space holds everything up to its limit)."""
        pos = 0
        for i, (lo, _power) in enumerate(self.tax_chart):
            if tax >= lo:
                pos = i
        return pos

    def power_for_position(self, pos: int) -> int:
        return self.tax_chart[pos][1]

    def power_factor_for(self, points: int) -> int:
        f = 0
        for lo, factor in self.power_factor:
            if points >= lo:
                f = factor
        return f

    def rondel_extra_step_cost(self, points: int) -> int:
        """Cost of each rondel space beyond the free ones for a nation with ``points`` power points."""
        c = self.constants
        per_factor = c.get("rondel_step_cost_per_factor", 0)
        return c["rondel_step_cost"] + (per_factor * self.power_factor_for(points) if per_factor else 0)


def _pairs(rows) -> tuple[tuple[str, str], ...]:
    return tuple((a, b) for a, b in rows)


def _adj(pairs, keys=None) -> dict[str, tuple[str, ...]]:
    out: dict[str, set[str]] = {}
    for a, b in pairs:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def board_from_dict(d: dict) -> Board:
    """Build a :class:`Board` from its JSON form (see ``boards/europe.json``; ``boards/world2030.json``
    adds ``straits``, ``canals``, ``wrap_sea_borders``, ``islands``, ``taxation``, ``editions`` and the
    constants ``tax_max`` and ``rondel_step_cost_per_factor``, each optional)."""
    regions = {}
    for r in d["regions"]:
        regions[r["id"]] = Region(
            id=r["id"], name=r["name"], kind=r["kind"], nation=r.get("nation"),
            factory_site=r.get("factory"), start_factory=bool(r.get("start_factory", False)),
            harbour=r.get("harbour"), lat=r.get("lat", 0.0), lon=r.get("lon", 0.0),
            touches=tuple(r.get("touches", ())),
        )
    nations = tuple(NationInfo(**n) for n in d["nations"])
    land = _pairs(d["land_borders"])
    coasts = _pairs(d["coasts"])
    seas = _pairs(d["sea_borders"])
    land_adj = _adj(land)
    sea_adj = _adj(seas)
    coast_seas: dict[str, set[str]] = {}
    coast_lands: dict[str, set[str]] = {}
    for land_id, sea in coasts:
        coast_seas.setdefault(land_id, set()).add(sea)
        coast_lands.setdefault(sea, set()).add(land_id)
    home = {n.id: tuple(r.id for r in regions.values() if r.kind == "home" and r.nation == n.id) for n in nations}
    no_rail = frozenset(d.get("no_rail", ()))
    rail_adj = {}
    for r in regions.values():
        if r.kind == "home" and r.id not in no_rail:
            rail_adj[r.id] = tuple(x for x in land_adj.get(r.id, ())
                                   if regions[x].kind == "home" and regions[x].nation == r.nation and x not in no_rail)
    flag_regions = tuple(r.id for r in regions.values() if r.kind in ("neutral", "sea"))
    canals = tuple(Canal(id=c["id"], name=c["name"], seas=(c["seas"][0], c["seas"][1]),
                         controlled_by=c["controlled_by"]) for c in d.get("canals", ()))
    taxation = d.get("taxation", {})
    tax_max = d["constants"].get("tax_max")
    first_edition = dict(d.get("first_edition", {}))
    return Board(
        id=d["id"], name=d["name"], nations=nations, regions=regions,
        land_borders=land, coasts=coasts, sea_borders=seas, no_rail=no_rail,
        rondel=tuple(d["rondel"]), bonds=tuple((a, b) for a, b in d["bonds"]),
        tax_chart=tuple((a, b) for a, b in d["tax_chart"]),
        power_factor=tuple((a, b) for a, b in d["power_factor"]),
        start_bonds={k: tuple((n, v) for n, v in rows) for k, rows in d["start_bonds"].items()},
        deals={int(k): tuple(tuple(x) for x in v) for k, v in d.get("deals", {}).items()},
        start_cash=dict(d["start_cash"]), auction_cash=dict(d["auction_cash"]),
        first_edition=first_edition,
        investor_card_start=tuple(d["investor_card_start"]), constants=dict(d["constants"]),
        undealt_government_bond=int(d.get("undealt_government_bond", 2)),
        straits=_pairs(d.get("straits", ())), canals=canals, wrap_sea_borders=_pairs(d.get("wrap_sea_borders", ())),
        islands=frozenset(d.get("islands", ())), tax_max=None if tax_max is None else int(tax_max),
        tax_bonus=tuple(int(x) for x in taxation.get("bonus", ())),
        bonus_rule=taxation.get("bonus_rule", "rise"), bonus_from=taxation.get("bonus_from", "bank"),
        soldiers_pay_limit=taxation.get("soldiers_pay_limit", "revenue"),
        editions=tuple(d.get("editions", ("current", "first") if first_edition else ("current",))),
        land_adj=land_adj, sea_adj=sea_adj,
        coast_seas={k: tuple(sorted(v)) for k, v in coast_seas.items()},
        coast_lands={k: tuple(sorted(v)) for k, v in coast_lands.items()},
        home=home, rail_adj=rail_adj, nation_ids=tuple(n.id for n in nations), flag_regions=flag_regions,
        canal_between={frozenset(c.seas): c for c in canals},
        owner={r.id: r.nation for r in regions.values()},
        seas=frozenset(r.id for r in regions.values() if r.kind == "sea"),
        order={r: i for i, r in enumerate(regions)}, flag_set=frozenset(flag_regions),
        interest_of={v: i for v, i in d["bonds"]},
    )


@cache
def load_board(board_id: str = "europe") -> Board:
    """Load a board's static data by id (``"europe"``, ``"world2030"``)."""
    if board_id not in BOARDS:
        raise ValueError(f"unknown board {board_id!r}; known boards: {', '.join(BOARDS)}")
    with open(os.path.join(os.path.dirname(__file__), "boards", f"{board_id}.json"), encoding="utf-8") as fh:
        text = fh.read()
    return board_from_dict(json.loads(text))
