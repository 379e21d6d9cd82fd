"""The project's Europe board agrees with the shared reference fact sheet.

The sheet is committed as a snapshot in ``tools/map_data/`` (the map generator reads it too), so these
tests run in CI from a bare clone; ``test_snapshot_is_the_shared_sheet`` proves the snapshot is the
workplace's sheet byte for byte wherever that sheet is present.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from imperial_core import load_board

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tools" / "map_data" / "imperial-europe.json"
SHARED = ROOT.parent / "shared" / "reference" / "imperial-europe.json"


@pytest.fixture(scope="module")
def ref():
    return json.loads(SNAPSHOT.read_text("utf-8"))


def test_snapshot_is_the_shared_sheet():
    if not SHARED.exists():
        pytest.skip(f"the workplace's reference sheets are not beside this checkout ({SHARED})")
    assert SNAPSHOT.read_bytes() == SHARED.read_bytes()


def _pairs(rows):
    return {tuple(sorted(r)) for r in rows}


def test_regions_agree(ref):
    b = load_board("europe")
    assert set(b.regions) == {r["id"] for r in ref["regions"]}
    for r in ref["regions"]:
        mine = b.regions[r["id"]]
        assert mine.name == r["name"] and mine.kind == r["kind"]
        assert mine.nation == r.get("nation")
        assert mine.factory_site == r.get("factory_site")
        assert mine.harbour == r.get("harbor_sea")
        assert mine.start_factory == bool(r.get("start_factory"))
        assert set(mine.touches) == set(r.get("touches", []))


def test_borders_coasts_seas_agree(ref):
    b = load_board("europe")
    assert _pairs(b.land_borders) == _pairs(ref["land_borders"])
    assert {(a, s) for a, s in b.coasts} == {(a, s) for a, s in ref["coasts"]}
    assert _pairs(b.sea_borders) == _pairs(ref["sea_borders"])
    assert set(b.no_rail) == set(ref["rail_excluded"])
    assert "switzerland" not in b.land_adj


def test_tables_agree(ref):
    b = load_board("europe")
    assert [n.id for n in b.nations] == [n["id"] for n in sorted(ref["nations"], key=lambda n: n["turn_order"])]
    for n in ref["nations"]:
        mine = b.nation(n["id"])
        assert (mine.armies, mine.fleets, mine.flags, mine.name) == (n["armies"], n["fleets"], n["flags"], n["name"])
    assert [list(x) for x in b.bonds] == ref["bonds"]
    assert list(b.rondel) == ref["rondel"]
    for row in ref["tax_chart"]:
        for tax in range(row["tax_min"], (row["tax_max"] if row["tax_max"] is not None else 25) + 1):
            assert b.tax_position(tax) == row["position"]
            assert b.power_for_position(b.tax_position(tax)) == row["power"]
    for row in ref["power_factor"]:
        for p in range(row["points_min"], row["points_max"] + 1):
            assert b.power_factor_for(p) == row["factor"]
    assert {k: [list(x) for x in v] for k, v in b.start_bonds.items()} == ref["start_bonds"]
    assert b.start_cash["default"] == ref["deal_4_to_6p"]["start_cash"]
    assert b.start_cash["3"] == ref["deal_3p"]["start_cash"] and b.start_cash["2"] == ref["deal_2p"]["start_cash"]
    for n, key in ((3, "deal_3p"), (2, "deal_2p")):
        assert {d[0]: list(d[1:]) for d in b.deals[n]} == ref[key]["extra"]
    assert {int(k): v for k, v in b.auction_cash.items()} == {int(k): v for k, v in ref["start_cash_experienced_variant"].items()}
    for k in ("factory_cost", "import_max_units", "import_cost_per_unit", "tax_per_factory", "tax_per_flag",
              "soldier_pay_per_unit", "investor_card_payout", "game_end_power_points", "power_track_max"):
        assert b.constants[k] == ref["constants"][k]


def test_renderer_helpers():
    b = load_board("europe")
    assert b.regions["trieste"].harbour == "ioniansea" and b.regions["trieste"].factory_site == "shipyard"
    assert "venice" in b.neighbours("trieste") and "ioniansea" in b.neighbours("trieste")
    assert b.home["GE"] == ("berlin", "hamburg", "munich", "cologne", "danzig")
    with pytest.raises(ValueError, match="unknown board"):
        load_board("mars")


def test_units_at_lists_every_nation_in_a_region():
    from imperial_core import new_game, units_at

    from .helpers import edit, put

    def setup(g):
        put(g, "FR", "munich", armies=2, hostile=True)
        put(g, "GE", "munich", armies=1)

    s = edit(new_game(["Ann", "Bob"], seed=0), setup)
    assert units_at(s, "munich") == [("FR", 2, 2, 0), ("GE", 1, 0, 0)]
    assert units_at(s, "northsea") == []
