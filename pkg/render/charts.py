"""Charts of a game over time, from :func:`imperial_core.timeline.timeline`: power points per nation,
each player's score if the game ended then, treasuries and cash.

``chart_svg(state, kind)`` draws one chart (``kind`` in :data:`KINDS`) as a standalone SVG string: rounds on
the x axis, one line per nation or player, a legend, and a ``<desc>`` with the figures so a screen reader
(or anyone exporting the SVG) has the data too.  Nations keep their piece colours and letters; players get
a colour-blind-safe palette plus a dash pattern each, so colour is never the only cue.  Deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import svgwrite
from imperial_core.timeline import Point, timeline
from imperial_text import known, t
from imperial_text import nation as nation_name
from svgwrite.container import Group

from .style import COLOURS, FONT, letter

__all__ = ["KINDS", "chart_svg", "charts_svg", "series"]

#: chart kind -> (title, whose lines, which figure of a point)
KINDS: dict[str, tuple[str, str, str]] = {
    "power": ("Power points", "nations", "power"),
    "scores": ("Score if the game ended now", "players", "scores"),
    "treasury": ("Treasuries", "nations", "treasury"),
    "cash": ("Cash", "players", "cash"),
}

#: player lines: (colour, dash pattern); Paul Tol's 'bright' scheme, distinct under colour-vision deficiencies
#: together with the dashes
PLAYER_STYLES: list[tuple[str, str]] = [
    ("#4477AA", ""), ("#EE6677", "6 3"), ("#228833", "2 3"), ("#AA3377", "8 3 2 3"), ("#66CCEE", "4 4"),
    ("#CCBB44", "10 4"),
]

#: the two layouts: ``wide`` (680 × 300, legend at the right) for the score screen and exports, ``narrow``
#: (360 wide, legend in two columns under the plot) for a side panel, where the text stays at its size
WIDE, NARROW = (680.0, 300.0), (360.0, 220.0)
LEFT, RIGHT, TOP, BOTTOM = 44.0, 160.0, 30.0, 34.0
LEGEND_ROW = 17.0
CSS = (
    f".chart{{font-family:{FONT};font-size:12px}}"
    ".chart .title{font-size:14px;font-weight:bold}"
    ".chart .axis{stroke:#555;stroke-width:1}"
    ".chart .grid{stroke:#DDD;stroke-width:1}"
    ".chart .tick{fill:#444;font-size:11px}"
    ".chart .line{fill:none;stroke-width:2.2;stroke-linejoin:round;stroke-linecap:round}"
    ".chart .legend{font-size:12px}"
    ".chart.narrow .tick,.chart.narrow .legend{font-size:13px}"  # at least 12 px in a side panel 330 px wide
)


def series(state: Any, kind: str, points: Sequence[Point] | None = None) -> tuple[list[float], dict[str, list[int]]]:
    """The x positions (in rounds: a turn of the k-th of n nations in round r is at r - 1 + k/n) and one
    list of values per nation or player, in board or seat order."""
    if kind not in KINDS:
        raise ValueError(f"unknown chart {kind!r}: use one of {', '.join(KINDS)}")
    pts = list(points) if points is not None else timeline(state)
    _title, whose, figure = KINDS[kind]
    order = [n.id for n in state.board_data.nations]
    xs = []
    for p in pts:
        if p.nation in order:
            xs.append(p.round - 1 + order.index(p.nation) / len(order))
        elif p is pts[0]:
            xs.append(float(max(p.round - 1, 0)))
        else:
            xs.append(float(max(p.round, 1)))
    keys = order if whose == "nations" else [pl["name"] for pl in state.players]
    return xs, {k: [getattr(p, figure)[k] for p in pts] for k in keys}


def _nice_step(top: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if top / step <= 6:
            return step
    return 1000


def chart_svg(state: Any, kind: str, points: Sequence[Point] | None = None, *, narrow: bool = False,
              lang: str = "en", title: str | None = None) -> str:
    """One chart of ``state``'s game so far (see :data:`KINDS`); ``narrow`` for a side panel; ``title``
    instead of the kind's own (the same figures from other ``points``: a review's expected scores)."""
    xs, lines = series(state, kind, points)
    lang = known(lang)
    _title, whose, _figure = KINDS[kind]
    title = title or t(lang, f"render.chart.{kind}")
    board = state.board_data
    names = {n.id: nation_name(lang, state.board, n.id, n.name) for n in board.nations}
    W, plot_h = NARROW if narrow else WIDE
    right = 12.0 if narrow else RIGHT
    legend_rows = -(-len(lines) // 2) if narrow else 0
    H = plot_h + legend_rows * LEGEND_ROW
    dwg = svgwrite.Drawing(size=("100%", "100%"), viewBox=f"0 0 {W:g} {H:g}", debug=False, profile="full")
    dwg["class"] = f"chart chart-{kind}" + (" narrow" if narrow else "")
    dwg["role"] = "img"
    dwg["aria-label"] = title
    dwg.defs.add(dwg.style(CSS))
    g = dwg.add(Group())
    g.add(dwg.text(title, insert=(LEFT, 18), class_="title"))
    # the round axis runs from the round of the first point (a game taken up from a later position, or a
    # review of its later part, fills the width) to the last
    x_min = float(math.floor(min(xs, default=0.0)))
    x_max = max(max(xs, default=1.0), x_min + 1.0)
    y_max = max([1] + [v for vals in lines.values() for v in vals])
    y_step = _nice_step(y_max)
    y_top = -(-y_max // y_step) * y_step
    pw, ph = W - LEFT - right, plot_h - TOP - BOTTOM

    def px(x: float) -> float:
        return round(LEFT + pw * (x - x_min) / (x_max - x_min), 1)

    def py(y: float) -> float:
        return round(TOP + ph * (1 - y / y_top), 1)

    for y in range(0, int(y_top) + 1, y_step):
        g.add(dwg.line((LEFT, py(y)), (LEFT + pw, py(y)), class_="grid" if y else "axis"))
        g.add(dwg.text(str(y), insert=(LEFT - 6, py(y) + 4), class_="tick", text_anchor="end"))
    x_step = max(1, _nice_step(x_max - x_min))
    for r in range(int(x_min), int(x_max) + 1, x_step):
        g.add(dwg.line((px(r), TOP + ph), (px(r), TOP + ph + 4), class_="axis"))
        g.add(dwg.text(str(r), insert=(px(r), TOP + ph + 17), class_="tick", text_anchor="middle"))
    g.add(dwg.line((LEFT, TOP), (LEFT, TOP + ph), class_="axis"))
    g.add(dwg.text(t(lang, "render.chart.round"), insert=(LEFT + pw / 2, plot_h - 4), class_="tick", text_anchor="middle"))

    ends: list[tuple[float, str, str, str]] = []
    desc = []
    for k, (key, vals) in enumerate(lines.items()):
        if whose == "nations":
            colour = COLOURS.get(next(n.color for n in board.nations if n.id == key), COLOURS["black"])[0]
            dash, label = "", f"{letter(key)} {names[key]}"
        else:
            colour, dash = PLAYER_STYLES[k % len(PLAYER_STYLES)]
            label = key
        line = dwg.polyline(points=[(px(x), py(v)) for x, v in zip(xs, vals, strict=True)], class_="line", stroke=colour)
        if dash:
            line["stroke-dasharray"] = dash
        line["data-series"] = key
        line.set_desc(title=f"{label}: {vals[-1] if vals else 0}")
        g.add(line)
        ends.append((py(vals[-1]) if vals else py(0), label, colour, dash))
        desc.append(f"{label}: " + ", ".join(str(v) for v in vals))
    if narrow:  # legend under the plot, two columns, in the order of the lines
        for k, (_y, label, colour, dash) in enumerate(ends):
            lx, ly = LEFT - 30 + (k % 2) * (W - LEFT + 30) / 2, plot_h + 8 + (k // 2) * LEGEND_ROW
            _legend(dwg, g, lx, ly, label, colour, dash)
    else:  # legend at the right, in the order of the lines' last values, spread so labels never overlap
        ends.sort(key=lambda e: e[0])
        last = TOP - 16.0
        for y, label, colour, dash in ends:
            y = max(y, last + 16)
            last = y
            _legend(dwg, g, W - RIGHT + 8, y, label, colour, dash)
    dwg.set_desc(title=title, desc="; ".join(desc))
    return dwg.tostring()


def _legend(dwg: svgwrite.Drawing, g: Group, x: float, y: float, label: str, colour: str, dash: str) -> None:
    swatch = dwg.line((x, y), (x + 20, y), class_="line", stroke=colour)
    if dash:
        swatch["stroke-dasharray"] = dash
    g.add(swatch)
    g.add(dwg.text(label, insert=(x + 24, y + 4), class_="legend"))


def charts_svg(state: Any, *, narrow: bool = False, lang: str = "en", replay: Any = None) -> dict[str, str]:
    """Every chart of :data:`KINDS`, from one walk over the game's record (``replay``: that record already
    replayed, see :func:`imperial_core.timeline.timeline`)."""
    pts = timeline(state, replay)
    return {kind: chart_svg(state, kind, pts, narrow=narrow, lang=lang) for kind in KINDS}
