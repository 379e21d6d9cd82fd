"""A plain stand-in map, used only while the ``render`` package has no ``board_svg`` yet.

Regions are discs at their label points with the same ``data-region`` hooks the real map has, so
the page and its tests work the same either way.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

import imperial_core as core

COLORS = {"yellow": "#d9a900", "green": "#3b8b3b", "blue": "#2c5fb0", "red": "#c0392b", "black": "#333",
          "purple": "#7b3fa0"}


def board_svg(state: Any = None, *, board: str | None = None, highlight: Any = None) -> str:
    b = core.load_board(state.board if state is not None else (board or "europe"))
    pts = {}
    for rid, r in b.regions.items():
        x = (r.lon + 12) * 22 * math.cos(math.radians(48))
        y = (72 - r.lat) * 22
        pts[rid] = (x, y)
    xs = [p[0] for p in pts.values()]
    ys = [p[1] for p in pts.values()]
    x0, y0 = min(xs) - 40, min(ys) - 40
    w, h = max(xs) - x0 + 40, max(ys) - y0 + 40
    colors = {n.id: COLORS.get(n.color, n.color) for n in b.nations}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}" '
           f'class="board-map fallback">']
    out.append(f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="#cfe0ea"/>')
    for rid, r in b.regions.items():
        x, y = pts[rid]
        fill = "#a9c8dd" if r.kind == "sea" else colors.get(r.nation or "", "#e9e2cf")
        units = []
        if state is not None:
            for nid, n in state.nations.items():
                a, f = n["armies"].get(rid, 0), n["fleets"].get(rid, 0)
                if a or f:
                    units.append(f"{nid}:{a}A{f}F")
        title = escape(r.name + (" — " + ", ".join(units) if units else ""))
        out.append(f'<g data-region="{rid}" class="region {r.kind}"><title>{title}</title>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="17" fill="{fill}" fill-opacity=".55" stroke="#555"/>'
                   f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="9" text-anchor="middle">{escape(r.name[:10])}</text>')
        if units:
            out.append(f'<text x="{x:.1f}" y="{y + 14:.1f}" font-size="8" text-anchor="middle" '
                       f'font-weight="bold">{escape(" ".join(units))}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
