"""Static board data: regions, borders, harbours, rondel and tables.

Boards are data (``boards/<id>.json``), loaded once with :mod:`importlib.resources`.
Nothing else in the engine assumes a particular board: the number of nations,
provinces, seas, the rondel and every table come from here.

Renderer entry point: ``load_board("europe")`` returns a :class:`Board` whose
``regions`` map region id -> :class:`Region` (id, name, kind, nation,
factory_site, harbour, lat, lon) and ``neighbours(region_id)`` lists every
region sharing a border or coast with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

BOARDS = ("europe",)


@dataclass(frozen=True)
class Region:
    """One region of the board.

    ``kind`` is ``home`` (a nation's home province), ``neutral`` (land outside the
    nations), ``sea`` or ``impassable`` (Switzerland).  ``factory_site`` is
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
class Board:
    """Everything fixed about a board.  Build it with :func:`load_board`."""

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
    # derived lookups
    land_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sea_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)
    coast_seas: dict[str, tuple[str, ...]] = field(default_factory=dict)
    coast_lands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    home: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rail_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)
    nation_ids: tuple[str, ...] = ()
    flag_regions: tuple[str, ...] = ()

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
        for v, i in self.bonds:
            if v == value:
                return i
        raise KeyError(value)

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


def _pairs(rows) -> tuple[tuple[str, str], ...]:
    return tuple((a, b) for a, b in rows)


def _adj(pairs, keys=None) -> dict[str, tuple[str, ...]]:
    out: dict[str, set[str]] = {}
    for a, b in pairs:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def board_from_dict(d: dict) -> Board:
    """Build a :class:`Board` from its JSON form (see ``boards/europe.json``)."""
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
    return Board(
        id=d["id"], name=d["name"], nations=nations, regions=regions,
        land_borders=land, coasts=coasts, sea_borders=seas, no_rail=no_rail,
        rondel=tuple(d["rondel"]), bonds=tuple((a, b) for a, b in d["bonds"]),
        tax_chart=tuple((a, b) for a, b in d["tax_chart"]),
        power_factor=tuple((a, b) for a, b in d["power_factor"]),
        start_bonds={k: tuple((n, v) for n, v in rows) for k, rows in d["start_bonds"].items()},
        deals={int(k): tuple(tuple(x) for x in v) for k, v in d.get("deals", {}).items()},
        start_cash=dict(d["start_cash"]), auction_cash=dict(d["auction_cash"]),
        first_edition=dict(d.get("first_edition", {})),
        investor_card_start=tuple(d["investor_card_start"]), constants=dict(d["constants"]),
        undealt_government_bond=int(d.get("undealt_government_bond", 2)),
        land_adj=land_adj, sea_adj=sea_adj,
        coast_seas={k: tuple(sorted(v)) for k, v in coast_seas.items()},
        coast_lands={k: tuple(sorted(v)) for k, v in coast_lands.items()},
        home=home, rail_adj=rail_adj, nation_ids=tuple(n.id for n in nations), flag_regions=flag_regions,
    )


@cache
def load_board(board_id: str = "europe") -> Board:
    """Load a board's static data by id (``"europe"``)."""
    if board_id not in BOARDS:
        raise ValueError(f"unknown board {board_id!r}; known boards: {', '.join(BOARDS)}")
    text = resources.files("imperial_core").joinpath("boards", f"{board_id}.json").read_text("utf-8")
    return board_from_dict(json.loads(text))
