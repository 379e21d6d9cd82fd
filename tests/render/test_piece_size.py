"""Pieces large enough to count at a glance (issue 12): their size comes from the board's geometry data, a
stack of N units of one nation shows N on a badge, and stacks keep off their region's name and each other."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import imperial_core as core
import pytest
from render import load_geometry, pieces_svg
from render.board import _label_box, _overlap, stack_spots
from render.style import PIECE_LAYOUT

SVG = "{http://www.w3.org/2000/svg}"


def layer(state: core.GameState) -> ET.Element:
    return ET.fromstring(pieces_svg(state).replace("<g ", f'<g xmlns="{SVG[1:-1]}" ', 1))


def with_armies(board: str, nation: str, region: str, n: int, hostile: int = 0) -> core.GameState:
    s = core.new_game(["Ann", "Bob", "Cem"], board=board, seed=5)
    nations = {k: dict(v) for k, v in s.nations.items()}
    nations[nation]["armies"] = {region: n}
    nations[nation]["hostile"] = {region: hostile} if hostile else {}
    return s.model_copy(update={"nations": nations})


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_pieces_are_drawn_at_the_geometry_piece_size(board: str) -> None:
    geo = load_geometry(board)
    assert geo["piece_size"] >= 1.4 * geo["unit_size"]
    home = next(rid for rid, r in geo["regions"].items() if r.get("nation") == geo["nations"][0]["id"])
    root = layer(with_armies(board, geo["nations"][0]["id"], home, 1))
    army = [u for u in root.iter(f"{SVG}use") if "army" in u.get("class", "").split()]
    assert len(army) == 1
    assert float(army[0].get("width")) == pytest.approx(geo["piece_size"], abs=0.05)
    factories = [u for u in root.iter(f"{SVG}use") if "factory" in u.get("class", "").split()]
    assert factories and all(float(f.get("width")) == pytest.approx(geo["piece_size"] * PIECE_LAYOUT["factory"],
                                                                    abs=0.05) for f in factories)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7])
def test_a_stack_of_n_armies_of_one_nation_shows_n(n: int) -> None:
    root = layer(with_armies("europe", "AH", "vienna", n))
    stack = next(g for g in root.iter(f"{SVG}g") if g.get("data-pieces") == "vienna")
    pieces = [u for u in stack.iter(f"{SVG}use") if "piece" in u.get("class", "").split()]
    assert len(pieces) == 1  # one piece for the stack, with its count
    counts = [t.text for t in stack.iter(f"{SVG}text") if t.get("class") == "count"]
    assert counts == ([str(n)] if n > 1 else [])
    assert f"{n} Austria-Hungary arm" in stack.find(f"{SVG}title").text
    if n > 1:
        # the badge is drawn last in the stack (nothing covers it) and big enough to read
        assert stack[-1].get("class") == "count-badge"
        size = float(re.sub("[^0-9.]", "", stack[-1][1].get("font-size")))
        assert size >= 0.4 * load_geometry("europe")["piece_size"]


def test_friendly_and_hostile_stacks_show_their_own_counts() -> None:
    root = layer(with_armies("europe", "FR", "spain", 6, hostile=4))
    stack = next(g for g in root.iter(f"{SVG}g") if g.get("data-pieces") == "spain")
    by_kind = {b.get("data-count").split()[1]: b[1].text for b in stack if b.get("class") == "count-badge"}
    assert by_kind == {"army": "2", "army-hostile": "4"}


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_stacks_keep_off_their_region_name_and_each_other(board: str) -> None:
    geo = load_geometry(board)
    P = geo["piece_size"]
    step = P * PIECE_LAYOUT["step"]
    for rid, reg in geo["regions"].items():
        if "units" not in reg:
            continue
        name = _label_box(reg, geo["label_size"])
        for n in range(1, 6):
            spots = stack_spots(board, rid, n)
            assert len(spots) == n
            for i, (x, y) in enumerate(spots):
                body = (x - P * 0.45, y - P * 0.25, x + P * 0.45, y + P * 0.25)  # a lying army
                assert _overlap(body, name) <= 0.25 * P * P * 0.45, (rid, n, i)
                for x2, y2 in spots[i + 1:]:
                    assert abs(x - x2) >= step - 0.05 or abs(y - y2) >= P * PIECE_LAYOUT["row"] - 0.05
