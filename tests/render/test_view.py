"""Where to look on a board (``render.view``): the content box holds everything a player reads and leaves out
the 2030 world's polar band; a focus box holds what is drawn for its regions; a nation's home regions are the
rules' home provinces."""

from __future__ import annotations

import imperial_core as core
import pytest
from render import content_box, focus_box, home_regions, load_geometry
from render.board import _label_box, stack_spots
from render.view import measured_content_box


def inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_the_content_box_holds_every_name_and_place_for_pieces(board: str) -> None:
    geo = load_geometry(board)
    box = content_box(board)
    assert inside(box, (0, 0, geo["width"], geo["height"]))
    for rid, reg in geo["regions"].items():
        if reg["kind"] == "impassable":
            continue
        assert inside(_label_box(reg, geo["label_size"]), box), rid
        for x, y in stack_spots(board, rid, 3):
            assert box[0] <= x <= box[2] and box[1] <= y <= box[3], rid


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_the_kept_content_box_is_the_measured_one(board: str) -> None:
    # render/view.json is written by `python -m render.view` (run it in pkg/ after a change to the geometry or
    # the pieces' layout)
    assert content_box(board) == measured_content_box(board)


def test_the_world_boards_content_leaves_the_polar_band_out() -> None:
    geo = load_geometry("world2030")
    x0, y0, x1, y1 = content_box("world2030")
    assert geo["polar"].startswith("M") and y0 >= 30  # the band of ice along the top: no name, no piece
    assert y1 < geo["height"] - 10  # nor in the empty sea below the southern continents
    # a wide board: more than twice as wide as it is tall, which the page zooms to fill a laptop's map area
    assert (x1 - x0) / (y1 - y0) > 2.2


def test_a_focus_box_holds_what_is_drawn_for_its_regions() -> None:
    geo = load_geometry("world2030")
    regions = ["moscow", "vladivostok", "newyork"]
    box = focus_box("world2030", regions)
    assert box is not None
    for rid in regions:
        assert inside(_label_box(geo["regions"][rid], geo["label_size"]), box)
    assert focus_box("world2030", []) is None and focus_box("world2030", ["atlantis"]) is None
    one = focus_box("europe", ["vienna"])
    assert one is not None and inside(one, content_box("europe")) and one[2] - one[0] < 200


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_a_nations_home_regions_are_its_home_provinces(board: str) -> None:
    rules = core.load_board(board)
    for nation in rules.nations:
        homes = {rid for rid, r in rules.regions.items() if r.kind == "home" and r.nation == nation.id}
        assert homes and set(home_regions(board, nation.id)) == homes, nation.id
