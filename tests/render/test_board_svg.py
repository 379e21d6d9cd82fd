"""board_svg: what a player must be able to see, checked on the SVG text (no browser)."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET

import pytest
from midgame import MIDGAME, midgame_state
from render import board_svg

SVG = "{http://www.w3.org/2000/svg}"


@functools.cache
def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def uses(svg: str, cls: str) -> list[ET.Element]:
    root = parse(svg)
    return [e for e in root.iter(f"{SVG}use") if cls in e.get("class", "").split()]


@pytest.fixture(scope="module")
def mid() -> str:
    return board_svg(midgame_state())


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_empty_board_is_valid_deterministic_svg(board: str) -> None:
    a = board_svg(board=board)
    assert a == board_svg(board=board)
    root = ET.fromstring(a)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    # each glyph is defined once and placed by reference
    for glyph in ("army", "army-hostile", "fleet", "flag", "factory", "anchor"):
        assert ids.count(f"g-{glyph}") == 1


def test_unknown_board_is_refused() -> None:
    with pytest.raises(ValueError):
        board_svg(board="mars")


def test_every_region_has_a_title(mid: str) -> None:
    root = ET.fromstring(mid)
    for el in root.iter():
        if el.get("data-region"):
            title = el.find(f"{SVG}title")
            assert title is not None and title.text, el.get("data-region")


def test_units_drawn_as_in_the_state(mid: str) -> None:
    state = midgame_state()
    for nid, n in state.nations.items():
        for rid, count in n["armies"].items():
            hostile = n["hostile"].get(rid, 0)
            lying = [u for u in uses(mid, "army") if u.get("data-unit") == f"{nid} army {rid}"]
            standing = [u for u in uses(mid, "army-hostile") if u.get("data-unit") == f"{nid} army-hostile {rid}"]
            assert len(lying) == (1 if count - hostile else 0), (nid, rid)
            assert len(standing) == (1 if hostile else 0), (nid, rid)
        for rid in n["fleets"]:
            assert [u for u in uses(mid, "fleet") if u.get("data-unit") == f"{nid} fleet {rid}"], (nid, rid)
        for rid in n["flags"]:
            assert [u for u in uses(mid, "flag") if u.get("data-unit") == f"{nid} flag {rid}"], (nid, rid)


def test_hostile_and_friendly_armies_look_different(mid: str) -> None:
    root = ET.fromstring(mid)
    paths = {s.get("id"): s.find(f"{SVG}path").get("d") for s in root.iter(f"{SVG}symbol")}
    assert paths["g-army"] != paths["g-army-hostile"]
    # the pieces say what they are: each region's stack has its own title (the region's title does not)
    title = [e.find(f"{SVG}title").text for e in root.iter() if e.get("data-pieces") == "warsaw"][0]
    assert "2 German Empire hostile armies" in title
    lemberg = [e.find(f"{SVG}title").text for e in root.iter() if e.get("data-pieces") == "lemberg"][0]
    assert "1 German Empire army" in lemberg and "1 Russia hostile army" in lemberg
    region = [e.find(f"{SVG}title").text for e in root.iter() if e.get("data-region") == "warsaw"][0]
    assert "arm" not in region.replace("armaments", "")


def test_stacked_units_show_their_count(mid: str) -> None:
    counts = re.findall(r'class="count"[^>]*>(\d+)<', mid)
    stacks = [c for n in MIDGAME.values() for k in ("fleets",) for c in n[k].values() if c > 1]
    armies = [c - n["hostile"].get(r, 0) for n in MIDGAME.values() for r, c in n["armies"].items()]
    hostile = [h for n in MIDGAME.values() for h in n["hostile"].values()]
    expected = sorted(str(c) for c in stacks + armies + hostile if c > 1)
    assert sorted(counts) == expected


def test_built_and_destroyed_factories(mid: str) -> None:
    built = {u.get("data-factory") for u in uses(mid, "factory")}
    state = midgame_state()
    assert built == {r for n in state.nations.values() for r in n["factories"]}
    assert "naples" not in built and "odessa" not in built  # start factories since destroyed
    assert "trieste" in built


def test_harbour_anchors_for_every_shipyard() -> None:
    svg = board_svg(board="europe")
    anchors = set(re.findall(r'data-anchor="([^"]+)"', svg))
    assert len(anchors) == 15 and {"london", "hamburg", "naples", "odessa"} <= anchors


def test_home_provinces_carry_their_nation_class() -> None:
    root = ET.fromstring(board_svg(board="europe"))
    classes = {e.get("data-region"): e.get("class", "").split() for e in root.iter() if e.get("data-region")}
    assert "nation-AH" in classes["vienna"] and "home" in classes["vienna"]
    assert "sea" in classes["northsea"] and not any(c.startswith("nation-") for c in classes["northsea"])
    assert "neutral" in classes["spain"]


def test_fleet_in_a_home_port_lies_at_its_harbour_anchor(mid: str) -> None:
    from render import load_geometry

    fleet = [u for u in uses(mid, "fleet") if u.get("data-unit") == "GB fleet liverpool"]
    assert len(fleet) == 1
    ax, ay = load_geometry("europe")["regions"]["liverpool"]["anchor"]
    size = float(fleet[0].get("width"))
    x = float(fleet[0].get("x")) + size / 2
    y = float(fleet[0].get("y")) + size / 2
    assert abs(x - ax) <= size * 1.2 and abs(y - ay) <= size * 1.2


@pytest.mark.parametrize("seed", [1, 2])
def test_states_reached_by_play_are_drawn_faithfully(seed: int) -> None:
    from imperial_core.randomplay import random_game

    state = random_game(seed, 4, max_actions=400)
    svg = board_svg(state)
    placed = {u.get("data-unit") for u in uses(svg, "piece")}
    expected = set()
    for nid, n in state.nations.items():
        for rid, count in n["armies"].items():
            hostile = n["hostile"].get(rid, 0)
            if count - hostile:
                expected.add(f"{nid} army {rid}")
            if hostile:
                expected.add(f"{nid} army-hostile {rid}")
        expected |= {f"{nid} fleet {rid}" for rid, c in n["fleets"].items() if c}
        expected |= {f"{nid} flag {rid}" for rid in n["flags"]}
    assert placed == expected
    assert expected  # 400 random actions always leave something on the map
    assert {u.get("data-factory") for u in uses(svg, "factory")} == {
        r for n in state.nations.values() for r in n["factories"]}


def test_world_map_shows_canals_straits_and_the_east_west_wrap():
    """Imperial 2030's passages are drawn from the board's data: both canals (coloured by the nation whose
    flag controls them), the two straits armies may cross, and the seas that continue across the edges."""
    import json

    import imperial_core as ic
    from imperial_core.position import from_data

    empty = board_svg(board="world2030")
    assert empty.count('data-canal="') == 2 and 'data-canal="panama"' in empty and 'data-canal="suez"' in empty
    assert empty.count('class="strait"') == 2
    assert "Sea of Japan" in empty and "wrap-label" in empty
    s = ic.new_game(["Ann", "Bob", "Cem"], board="world2030", seed=1)
    g = json.loads(s.model_dump_json())
    g["nations"]["US"]["flags"] = ["colombia"]
    owned = board_svg(from_data(g))
    assert 'class="canal-owner owner-US"' in owned and "controlled by the flag of the United States" in owned
    assert 'class="canal-owner' not in empty
    assert "data-canal" not in board_svg(board="europe")
