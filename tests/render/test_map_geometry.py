"""Fidelity of the committed map geometry to the rules' topology (needs shapely; dev-time only)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

shapely = pytest.importorskip("shapely")
from shapely.geometry import Point, box  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from map_fidelity import contacts, pairs, parse_path  # noqa: E402
from render import board_svg, load_geometry  # noqa: E402

SHEETS = {"europe": "imperial-europe.json", "world2030": "imperial-2030.json"}
EXCEPTIONS = json.loads((Path(__file__).with_name("fidelity_exceptions.json")).read_text())
MIN_BORDER_PX = 12.0
MAX_PATH_BYTES = 150_000


def sheet(board: str) -> dict:
    return json.loads((ROOT / "tools" / "map_data" / SHEETS[board]).read_text())


def movement_ids(board: str) -> set[str]:
    return {r["id"] for r in sheet(board)["regions"] if r["kind"] in ("home", "neutral", "sea")}


def rule_pairs(board: str) -> set[tuple[str, str]]:
    s = sheet(board)
    want = pairs(s["land_borders"]) | pairs(s["coasts"]) | pairs(s["sea_borders"])
    for r in s["regions"]:
        for t in r.get("touches", []):
            want.add(tuple(sorted((r["id"], t))))
    for imp in s["impassable"]:
        if isinstance(imp, dict) and imp["id"] == "switzerland":
            # the 2030 sheet says Switzerland is enclosed by Paris, Berlin and Rome
            want |= {("berlin", "switzerland"), ("paris", "switzerland"), ("rome", "switzerland")}
    return want


_SHAPES: dict[str, dict] = {}


def shapes(board: str) -> dict:
    if board not in _SHAPES:
        geo = load_geometry(board)
        _SHAPES[board] = {rid: parse_path(r["d"]) for rid, r in geo["regions"].items()}
    return _SHAPES[board]


_CONTACTS: dict[str, dict] = {}


def measured(board: str) -> dict[tuple[str, str], float]:
    if board not in _CONTACTS:
        geo = load_geometry(board)
        _CONTACTS[board] = contacts(shapes(board), wrap_width=geo["width"] if geo["wrap"] else None)
    return _CONTACTS[board]


def key(p: tuple[str, str]) -> str:
    return "-".join(p)


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_every_region_drawn_exactly_once(board: str) -> None:
    svg = board_svg(board=board)
    found = re.findall(r'data-region="([^"]+)"', svg)
    assert sorted(found) == sorted(movement_ids(board))
    imp = re.findall(r'data-impassable="([^"]+)"', svg)
    assert len(imp) == len(set(imp))
    assert "switzerland" in imp


def test_europe_region_ids_match_the_engine_board() -> None:
    core = pytest.importorskip("imperial_core")
    board = core.load_board("europe")
    engine_ids = {r.id for r in board.regions.values() if r.kind in ("home", "neutral", "sea")}
    assert engine_ids == movement_ids("europe")


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_map_contacts_match_the_rules(board: str) -> None:
    got = measured(board)
    want = rule_pairs(board)
    missing = {key(p) for p in want - set(got)}
    extra = {key(p) for p in set(got) - want}
    assert extra == set()
    assert missing == set(EXCEPTIONS[board]["missing"])


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_rule_borders_are_long_enough_to_see_and_click(board: str) -> None:
    got = measured(board)
    short = {key(p) for p in rule_pairs(board) if p in got and got[p] < MIN_BORDER_PX}
    assert short == set(EXCEPTIONS[board]["short"])


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_regions_partition_the_frame(board: str) -> None:
    geo = load_geometry(board)
    sh = shapes(board)
    every = [*sh.values()] + [parse_path(geo[k]) for k in ("plain_land", "lakes", "polar") if geo.get(k)]
    every += [parse_path(f["d"]) for f in geo.get("features", {}).values()]
    total = sum(g.area for g in every)
    frame = geo["width"] * geo["height"]
    union = shapely.union_all(every)
    assert abs(total - frame) / frame < 0.002  # no overlaps
    assert union.area / frame > 0.998  # no gaps
    assert all(g.is_valid and not g.is_empty for g in sh.values())


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_harbour_cities_sit_on_their_harbour_sea(board: str) -> None:
    geo = load_geometry(board)
    sh = shapes(board)
    for rid, reg in geo["regions"].items():
        if reg.get("factory_site") != "shipyard":
            continue
        sea = reg["harbor_sea"]
        coast = sh[rid].boundary.intersection(sh[sea].buffer(0.3))
        city, anchor = Point(reg["city"]), Point(reg["anchor"])
        assert sh[rid].contains(city), rid
        assert city.distance(coast) <= geo["unit_size"] * 0.6, rid
        assert sh[sea].contains(anchor), rid
        assert anchor.distance(coast) <= geo["unit_size"] * 0.8, rid


def text_box(x: float, y: float, lines: list[str], size: float):
    w = max(len(s) for s in lines) * size * 0.58 + 2
    h = size * 1.15 * len(lines)
    return box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_labels_never_overlap(board: str) -> None:
    geo = load_geometry(board)
    boxes = {rid: text_box(*r["label"], r["lines"], geo["label_size"])
             for rid, r in geo["regions"].items() if "label" in r}
    ids = sorted(boxes)
    assert len(ids) == len(geo["regions"])
    overlaps = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]
                if boxes[a].intersection(boxes[b]).area > 0.5]
    assert overlaps == []
    frame = box(0, 0, geo["width"], geo["height"])
    assert [rid for rid, b in boxes.items() if not frame.contains(b)] == []


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_path_data_size(board: str) -> None:
    geo = load_geometry(board)
    size = sum(len(r["d"]) for r in geo["regions"].values())
    size += sum(len(geo.get(k, "")) for k in ("plain_land", "lakes", "polar"))
    size += sum(len(f["d"]) for f in geo.get("features", {}).values())
    size += sum(len(v) for v in geo["lines"].values())
    assert size <= MAX_PATH_BYTES
