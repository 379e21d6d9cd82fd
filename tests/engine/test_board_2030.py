"""The Imperial 2030 world board agrees with the workplace's reference fact sheet.

The sheet is committed as a snapshot, ``tests/engine/data/world2030-reference.json``, so these tests run
in CI from a bare clone; ``test_snapshot_is_the_shared_sheet`` proves the snapshot is the workplace's
sheet byte for byte wherever that sheet is present.  The sheet's own key names differ from the board's
in places (``harbor_sea`` / ``harbour``, ``strait_crossings`` / ``straits`` ...); each test names both.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from imperial_core import load_board, new_game
from imperial_core.board import BOARDS, Board

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "engine" / "data" / "world2030-reference.json"
SHARED = ROOT.parent / "shared" / "reference" / "imperial-2030.json"
GEOMETRY = ROOT / "pkg" / "render" / "geometry" / "world2030.json"

NATIONS = ("RU", "CN", "IN", "BR", "US", "EU")
ISLANDS = {"japan", "philippines", "indonesia", "australia", "newzealand"}


@pytest.fixture(scope="module")
def ref() -> dict:
    return json.loads(SNAPSHOT.read_text("utf-8"))


@pytest.fixture(scope="module")
def b() -> Board:
    return load_board("world2030")


def _pairs(rows) -> set[tuple[str, str]]:
    return {tuple(sorted(r)) for r in rows}


def test_snapshot_is_the_shared_sheet():
    if not SHARED.exists():
        pytest.skip(f"the workplace's reference sheets are not beside this checkout ({SHARED})")
    assert SNAPSHOT.read_bytes() == SHARED.read_bytes()


def test_the_board_is_known():
    assert BOARDS == ("europe", "world2030")
    b = load_board("world2030")
    assert b.id == "world2030" and b.name == "Imperial 2030 — World"


# -- regions ------------------------------------------------------------------------------------------------
def test_regions_agree(ref, b):
    playable = {r.id for r in b.regions.values() if r.kind != "impassable"}
    assert playable == {r["id"] for r in ref["regions"]}
    for r in ref["regions"]:
        mine = b.regions[r["id"]]
        assert (mine.name, mine.kind, mine.nation) == (r["name"], r["kind"], r.get("nation")), r["id"]
        assert mine.factory_site == r.get("factory_site"), r["id"]
        assert mine.start_factory == bool(r.get("start_factory")), r["id"]
        assert mine.harbour == r.get("harbor_sea"), r["id"]
        assert (mine.lat, mine.lon) == (r["lat"], r["lon"]), r["id"]


def test_impassable_regions_agree(ref, b):
    """Switzerland and the polar band are regions nobody enters (as Europe's Switzerland); the Black and
    Caspian Seas are drawn water and the unnamed islands are ignored, so neither is a region."""
    no_entry = {i["id"] for i in ref["impassable"] if i["kind"] in ("neutral_no_entry", "no_entry")}
    assert no_entry == {"switzerland", "polar"}
    assert {r.id for r in b.regions.values() if r.kind == "impassable"} == no_entry
    for rid in no_entry:
        assert b.neighbours(rid) == ()
        assert rid not in b.flag_regions
    assert set(b.regions["switzerland"].touches) == {"berlin", "paris", "rome"}
    assert {"blacksea", "caspiansea", "other_islands"}.isdisjoint(b.regions)


def test_region_counts(b):
    kinds = Counter(r.kind for r in b.regions.values())
    assert kinds == {"home": 24, "neutral": 27, "sea": 11, "impassable": 2}
    for nid in NATIONS:
        homes = b.home[nid]
        assert len(homes) == 4
        starts = sorted(b.regions[r].factory_site for r in homes if b.regions[r].start_factory)
        assert starts == ["armaments", "shipyard"]
    sites = Counter(r.factory_site for r in b.regions.values() if r.kind == "home")
    assert sites == {"armaments": 12, "shipyard": 12}
    assert len(b.flag_regions) == 27 + 11


def test_harbours(b):
    """Every shipyard has a harbour, which is a coast of its city; armaments sites have none."""
    for r in b.regions.values():
        if r.factory_site == "shipyard":
            assert r.harbour is not None and r.harbour in b.coast_seas[r.id], r.id
            assert b.regions[r.harbour].is_sea
        else:
            assert r.harbour is None, r.id


# -- borders ------------------------------------------------------------------------------------------------
def test_borders_coasts_seas_agree(ref, b):
    assert _pairs(b.land_borders) == _pairs(ref["land_borders"]) and len(b.land_borders) == 88
    assert {(a, s) for a, s in b.coasts} == {tuple(c) for c in ref["coasts"]} and len(b.coasts) == 54
    assert _pairs(b.sea_borders) == _pairs(ref["sea_borders"]) and len(b.sea_borders) == 18
    for a, s in b.coasts:
        assert b.regions[a].is_land and b.regions[s].is_sea
    for a, c in b.sea_borders:
        assert b.regions[a].is_sea and b.regions[c].is_sea
    for a, c in b.land_borders:
        assert b.regions[a].is_land and b.regions[c].is_land


def test_wrap_pairs_agree(ref, b):
    assert _pairs(b.wrap_sea_borders) == _pairs(ref["wrap_sea_borders"])
    assert _pairs(b.wrap_sea_borders) == {("northpacific", "seaofjapan"), ("chinasea", "northpacific"),
                                          ("chinasea", "southpacific"), ("southpacific", "tasmansea")}
    assert _pairs(b.wrap_sea_borders) <= _pairs(b.sea_borders)
    assert "seaofjapan" in b.sea_adj["northpacific"] and "tasmansea" in b.sea_adj["southpacific"]


def test_straits_are_land_borders(ref, b):
    """Armies cross London-Paris and Rome-Turkey like any land border; London-Paris is also rail."""
    assert _pairs(b.straits) == _pairs(ref["strait_crossings"]) == {("london", "paris"), ("rome", "turkey")}
    assert _pairs(b.straits) <= _pairs(b.land_borders)
    assert "london" in b.rail_adj["paris"] and "paris" in b.rail_adj["london"]
    assert "turkey" not in b.rail_adj["rome"] and "turkey" not in b.rail_adj
    assert not b.no_rail


def test_canals_agree(ref, b):
    assert [(c.id, c.name, set(c.seas), c.controlled_by) for c in b.canals] == [
        (c["id"], c["name"], set(c["seas"]), c["controlled_by_flag_in"]) for c in ref["canals"]]
    panama = b.canal_between[frozenset({"caribbeansea", "northpacific"})]
    suez = b.canal_between[frozenset({"mediterraneansea", "indianocean"})]
    assert (panama.id, panama.controlled_by) == ("panama", "colombia")
    assert (suez.id, suez.controlled_by) == ("suez", "northafrica")
    assert len(b.canal_between) == 2
    for c in b.canals:
        a, z = c.seas
        assert b.regions[a].is_sea and b.regions[z].is_sea
        assert z not in b.sea_adj.get(a, ()) and (min(c.seas), max(c.seas)) not in _pairs(b.sea_borders)
        assert b.regions[c.controlled_by].kind == "neutral" and c.controlled_by in b.flag_regions
        assert set(c.seas) <= set(b.coast_seas[c.controlled_by])


def test_islands(ref, b):
    assert b.islands == ISLANDS == {r["id"] for r in ref["regions"] if r.get("island")}
    for rid in ISLANDS:
        assert b.regions[rid].kind == "neutral"
        assert rid not in b.land_adj
        assert b.coast_seas[rid]
    assert set(b.coast_seas["indonesia"]) == {"chinasea", "indianocean", "tasmansea"}
    assert all(len(b.coast_seas[r]) == 1 for r in ISLANDS - {"indonesia"})


def test_no_other_region_lacks_a_land_border(b):
    lone = {r.id for r in b.regions.values() if r.is_land and r.id not in b.land_adj}
    assert lone == ISLANDS


def test_rail_reaches_every_home_province(b):
    for nid in NATIONS:
        homes = set(b.home[nid])
        seen, todo = set(), [b.home[nid][0]]
        while todo:
            r = todo.pop()
            if r not in seen:
                seen.add(r)
                todo += b.rail_adj[r]
        assert seen == homes, nid
    assert b.rail_adj["vladivostok"] == ("novosibirsk",)


# -- tables -------------------------------------------------------------------------------------------------
def test_nations_agree(ref, b):
    assert b.nation_ids == NATIONS
    assert [n.id for n in b.nations] == [n["id"] for n in sorted(ref["nations"], key=lambda n: n["turn_order"])]
    for n in ref["nations"]:
        mine = b.nation(n["id"])
        assert (mine.name, mine.color, mine.armies, mine.fleets, mine.flags) == (
            n["name"], n["color"], n["armies"], n["fleets"], n["flags"])
    assert (b.nation("CN").armies, b.nation("CN").fleets) == (10, 6)
    assert (b.nation("US").armies, b.nation("US").fleets) == (6, 10)


def test_bonds_and_rondel_agree(ref, b):
    assert [list(x) for x in b.bonds] == ref["bonds"]
    assert [v for v, _i in b.bonds] == [2, 4, 6, 9, 12, 16, 20, 25, 30]
    assert [b.interest(v) for v, _i in b.bonds] == list(range(1, 10))
    assert list(b.rondel) == ref["rondel"]
    assert b.constants["rondel_free_steps"] == ref["rondel_rules"]["free_spaces"] == 3
    assert b.constants["rondel_max_steps"] == ref["rondel_rules"]["max_spaces"] == 6


def test_rondel_step_cost(ref, b):
    """Each space beyond 3 costs 1 + the power factor (rulebook example: 11 points, 4 spaces -> 3M)."""
    assert (b.constants["rondel_step_cost"], b.constants["rondel_step_cost_per_factor"]) == (1, 1)
    for row in ref["power_factor"]:
        for p in range(row["pp_min"], row["pp_max"] + 1):
            assert b.rondel_extra_step_cost(p) == 1 + row["factor"]
    assert b.rondel_extra_step_cost(11) == 3 and b.rondel_extra_step_cost(17) == 4


def test_tax_chart_agrees(ref, b):
    assert len(b.tax_chart) == len(b.tax_bonus) == len(ref["tax_chart"])
    for pos, row in enumerate(ref["tax_chart"]):
        for tax in range(row["tax_min"], row["tax_max"] + 1):
            assert b.tax_position(tax) == pos, tax
            assert b.power_for_position(pos) == row["power"], tax
            assert b.tax_bonus[pos] == row["bonus"], tax
    assert b.tax_max == b.constants["tax_max"] == ref["constants"]["tax_max"] == ref["tax_chart"][-1]["tax_max"]
    assert (b.bonus_rule, b.bonus_from, b.soldiers_pay_limit) == ("chart", "treasury", "treasury")


def test_power_factor_agrees(ref, b):
    for row in ref["power_factor"]:
        for p in range(row["pp_min"], row["pp_max"] + 1):
            assert b.power_factor_for(p) == row["factor"] == p // 5


def test_start_bonds_and_deals_agree(ref, b):
    assert {k: [list(x) for x in v] for k, v in b.start_bonds.items()} == ref["start_bonds"]
    for n, key in ((3, "deal_3p"), (2, "deal_2p")):
        deal = ref[key]
        assert [d[0] for d in b.deals[n]] == deal["dealt_at_random"]
        assert {d[0]: set(d) for d in b.deals[n]} == {h: set(v) for h, v in deal["pairs"].items()}
        assert sorted(x for d in b.deals[n] for x in d) == sorted(NATIONS)
    assert set(b.deals) == {2, 3}
    # every start bond is handed out once: each nation's 9M and 2M bond
    handed = Counter((nid, v) for rows in b.start_bonds.values() for nid, v in rows)
    assert set(handed) == {(nid, v) for nid in NATIONS for v in (9, 2)} and set(handed.values()) == {1}


def test_cash_agrees(ref, b):
    assert b.start_cash == {"2": ref["deal_2p"]["starting_cash"], "3": ref["deal_3p"]["starting_cash"],
                            "default": ref["deal_4to6p"]["starting_cash"]} == {"2": 35, "3": 24, "default": 13}
    assert {int(k): v for k, v in b.auction_cash.items()} == {
        int(k): v for k, v in ref["auction_variant_starting_cash"].items()} == {6: 13, 5: 15, 4: 19, 3: 25, 2: 37}
    # each deal leaves every player 2M after paying for the start bonds
    bond_cost = {card: sum(v for _n, v in rows) for card, rows in b.start_bonds.items()}
    assert set(bond_cost.values()) == {11}
    for n, deals in b.deals.items():
        assert {b.start_cash[str(n)] - sum(bond_cost[c] for c in d) for d in deals} == {2}
    assert b.start_cash["default"] - 11 == 2


def test_setup_facts(b):
    assert b.investor_card_start == ("RU", "CN")
    assert b.undealt_government_bond == 2
    assert b.editions == ("current",) and b.first_edition == {}


def test_constants_agree(ref, b):
    c, r = b.constants, ref["constants"]
    assert c["factory_cost"] == r["factory_cost"] == 5
    assert (c["import_max_units"], c["import_cost_per_unit"]) == (r["import_max_units"], r["import_cost_per_unit"])
    assert c["tax_per_factory"] == r["tax_per_unoccupied_factory"] == 2
    assert c["tax_per_flag"] == r["tax_per_flag"] == 1
    assert c["soldier_pay_per_unit"] == r["soldiers_pay_per_unit"] == 1
    assert c["investor_card_payout"] == r["investor_card_payout"] == 2
    assert c["factory_destroy_armies"] == r["destroy_factory_armies"] == 3
    assert c["game_end_power_points"] == r["game_end_power_points"] == c["power_track_max"] == 25
    assert c["tax_max"] == 4 * c["tax_per_factory"] + 15 * c["tax_per_flag"]
    assert r["home_provinces_per_nation"] == 4 and r["max_factories_per_nation"] == 4
    assert r["factory_sites"] == dict(Counter(x.factory_site for x in b.regions.values() if x.kind == "home"))
    assert set(c) == set(load_board("europe").constants) | {"tax_max", "rondel_step_cost_per_factor"}


def test_every_id_is_known(b):
    ids = set(b.regions)
    for pairs in (b.land_borders, b.coasts, b.sea_borders, b.straits, b.wrap_sea_borders):
        assert {x for p in pairs for x in p} <= ids
    assert b.islands <= ids


def test_region_ids_match_the_map_geometry(b):
    """Every region the map draws is a board region; the polar band is drawn as its own layer."""
    if not GEOMETRY.exists():
        pytest.skip("no map geometry in this checkout")
    geo = json.loads(GEOMETRY.read_text("utf-8"))
    assert set(geo["regions"]) == set(b.regions) - {"polar"}
    assert "polar" in geo
    for rid, g in geo["regions"].items():
        r = b.regions[rid]
        assert (g["name"], g["kind"], g.get("nation"), g.get("factory_site"), g.get("harbor_sea"),
                bool(g.get("start_factory"))) == (r.name, r.kind, r.nation, r.factory_site, r.harbour,
                                                  r.start_factory), rid
    assert [(n["id"], n["name"], n["color"]) for n in geo["nations"]] == [(n.id, n.name, n.color) for n in b.nations]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_player_ends_set_up_with_2m(n):
    names = ["Ann", "Bob", "Cem", "Dan", "Eve", "Fay"][:n]
    g = dict(new_game(names, board="world2030", seed=n))
    assert [p["cash"] for p in g["players"]] == [2] * n
    gov = g["nations"]["RU"]["government"] or g["nations"]["CN"]["government"]
    assert g["investor"] == names[(names.index(gov) + 1) % n]


# -- Europe is unchanged ------------------------------------------------------------------------------------
def test_europe_board_is_unchanged():
    e = load_board("europe")
    assert e.constants == {
        "factory_cost": 5, "import_max_units": 3, "import_cost_per_unit": 1, "tax_per_factory": 2, "tax_per_flag": 1,
        "soldier_pay_per_unit": 1, "investor_card_payout": 2, "game_end_power_points": 25, "power_track_max": 25,
        "rondel_free_steps": 3, "rondel_step_cost": 2, "rondel_max_steps": 6, "factory_destroy_armies": 3}
    assert (e.straits, e.canals, e.wrap_sea_borders, e.islands, e.canal_between) == ((), (), (), frozenset(), {})
    assert (e.tax_max, e.tax_bonus, e.bonus_rule, e.bonus_from, e.soldiers_pay_limit) == (
        None, (), "rise", "bank", "revenue")
    assert e.editions == ("current", "first")
    assert {e.rondel_extra_step_cost(p) for p in range(26)} == {2}
    assert e.investor_card_start == ("AH", "IT") and e.undealt_government_bond == 2
    assert len(e.regions) == 55 and len(e.land_borders) == 77 and len(e.coasts) == 50 and len(e.sea_borders) == 10
