"""Where to look on a board: the part of the drawing that holds something to read, and the part a set of
regions takes up, in board pixels (the drawing's own units).

``content_box(board)`` is the box around every name, factory site, harbour and place for pieces of the board,
with a little room around it: the page shows no more than this when it zooms out (Imperial 2030's polar band
and the empty sea under the southern continents fall outside it); measured once, kept in ``view.json``. ``focus_box(board, regions)`` is the box
around the names and the pieces' places of some regions (the choices on the map, a nation's home): what the
page brings into view.  ``home_regions(board, nation)`` are the regions the drawing shows as a nation's home.

Pure geometry of the drawing: nothing here decides a rule.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from functools import cache

from .board import _canals, _label_box, stack_spots
from .geometry import load_geometry
from .style import PIECE_LAYOUT

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
#: Each board's content box, measured.
VIEW_FILE = os.path.join(os.path.dirname(__file__), "view.json")


def _union(boxes: Iterable[Box]) -> Box | None:
    found = list(boxes)
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found), max(b[3] for b in found))


def _grown(box: Box, by: float, geo: dict) -> Box:
    """``box`` with ``by`` more on every side, kept inside the drawing."""
    return (max(0.0, box[0] - by), max(0.0, box[1] - by), min(float(geo["width"]), box[2] + by),
            min(float(geo["height"]), box[3] + by))


@cache
def _marks(board: str, rid: str) -> tuple[Box, ...]:
    """What is drawn for region ``rid`` that a player reads: its name, its factory site, its harbour anchor and
    the place of its first two rows of pieces (three pieces a row); the same in every state (cached: the page
    asks for the box around a decision's regions on every click)."""
    geo = load_geometry(board)
    reg = geo["regions"][rid]
    U, P = geo["unit_size"], geo.get("piece_size", geo["unit_size"])
    out: list[Box] = []
    if "label" in reg:
        out.append(_label_box(reg, geo["label_size"]))
    for key, r in (("city", P * PIECE_LAYOUT["factory"] / 2), ("anchor", U * 0.4), ("port", P / 2)):
        if key in reg:
            x, y = reg[key]
            out.append((x - r, y - r, x + r, y + r))
    if "units" in reg:
        for x, y in stack_spots(board, rid, 2 * int(PIECE_LAYOUT["per_row"])):
            out.append((x - P / 2, y - P / 2, x + P / 2, y + P / 2))
    return tuple(out)


@cache
def content_box(board: str) -> Box:
    """The part of ``board``'s drawing that holds something to read (every region's name, sites, harbours and
    places for pieces, the canals), with half a piece of room around it, inside the drawing: read from
    ``view.json``, which ``python -m render.view`` writes from :func:`measured_content_box` (measuring
    it takes a tenth of a second of a phone's first open; tests check the file against the measure)."""
    with open(VIEW_FILE, encoding="utf-8") as fh:
        x0, y0, x1, y1 = json.load(fh)[board]
    return (x0, y0, x1, y1)


def measured_content_box(board: str) -> Box:
    """:func:`content_box` measured from the geometry and the pieces' layout."""
    geo = load_geometry(board)
    boxes = [b for rid, reg in geo["regions"].items() if reg["kind"] != "impassable" for b in _marks(board, rid)]
    size = geo["label_size"]
    boxes += [(x - size, y - 2 * size, x + size, y + size) for _cid, _name, _by, x, y in _canals(board)]
    found = _union(boxes)
    assert found is not None, f"{board} has no regions"
    return _grown(found, geo.get("piece_size", geo["unit_size"]) / 2, geo)


def focus_box(board: str, regions: Iterable[str]) -> Box | None:
    """The box around what is drawn for ``regions`` of ``board`` (names, sites, harbours, places for pieces),
    with half a piece of room; ``None`` for no known region."""
    geo = load_geometry(board)
    known = [r for r in dict.fromkeys(map(str, regions)) if r in geo["regions"]]
    found = _union(b for rid in known for b in _marks(board, rid))
    return None if found is None else _grown(found, geo.get("piece_size", geo["unit_size"]) / 2, geo)


@cache
def home_regions(board: str, nation: str) -> tuple[str, ...]:
    """The regions ``board``'s drawing shows as ``nation``'s home (its hatched provinces)."""
    return tuple(rid for rid, reg in load_geometry(board)["regions"].items()
                 if reg["kind"] == "home" and reg.get("nation") == nation)


def write_view_file() -> None:
    """Write ``view.json``: every board's content box as measured now."""
    from .geometry import BOARDS

    boxes = {board: list(measured_content_box(board)) for board in BOARDS}
    with open(VIEW_FILE, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(boxes, sort_keys=True) + "\n")


if __name__ == "__main__":
    write_view_file()
