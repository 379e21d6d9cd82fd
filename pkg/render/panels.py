"""The boards' side furniture: rondel, power-point track with factors, tax chart, treasuries.

Each function takes a game state and returns an SVG string the page can place next to the map.
Values are read from the state and the engine's board tables; nothing is computed by rule here
except the display of the board's own tables.
"""

from __future__ import annotations

import math
from typing import Any

import svgwrite
from imperial_text import TEXT, known, number, t
from imperial_text import nation as nation_name
from svgwrite.container import Group

from .style import COLOURS, FONT, letter

#: rondel space -> (fill, label)
SPACES: dict[str, tuple[str, str]] = {
    "factory": ("#C9A27E", "Factory"),
    "production": ("#B9B4AA", "Production"),
    "maneuver": ("#A9C7A0", "Maneuver"),
    "investor": ("#E6CF7E", "Investor"),
    "import": ("#E5B38C", "Import"),
    "taxation": ("#9FC0D8", "Taxation"),
}

PANEL_CSS = (
    f".panel{{font-family:{FONT};font-size:11px;fill:#2E2A24}}"
    ".panel .title{font-weight:bold;font-size:12px}"
    ".panel .cell{fill:#F4EEDF;stroke:#A89E8A;stroke-width:.8}"
    ".panel .cell.band-odd{fill:#E9E1CC}"
    ".panel .num{text-anchor:middle;font-size:9px;fill:#5A5245}"
    ".panel .factor{text-anchor:middle;font-size:10px;font-weight:bold;fill:#6B4E2E}"
    ".panel .marker{stroke:#1E1E1E;stroke-width:.8}"
    ".panel .marker-letter{text-anchor:middle;font-weight:bold;font-size:8px}"
    ".panel .space{stroke:#FFFFFF;stroke-width:2}"
    ".panel .space.active{stroke:#E8590C;stroke-width:3}"
    ".panel .space-label{text-anchor:middle;font-size:9.5px;font-weight:bold;fill:#3B3428}"
    ".panel .row-label{font-size:11px}"
    ".panel .current{font-weight:bold}"
)


def _nations(state: Any, lang: str = "en") -> list[tuple[str, str, str, str]]:
    """(id, name in ``lang``, piece colour, letter ink) in turn order, from the engine's board."""
    board = state.board_data
    out = []
    for n in board.nations:
        piece, _tint, _ink, text = COLOURS.get(n.color, COLOURS["black"])
        out.append((n.id, nation_name(lang, state.board, n.id, n.name), piece, text))
    return out


def space_label(space: str, lang: str = "en") -> str:
    """A rondel space's name in ``lang`` (the log's words for it)."""
    if lang == "en" or f"narrate.space.{space}" not in TEXT:
        return SPACES.get(space, ("", space.title()))[1]
    return t(lang, f"narrate.space.{space}")


def _drawing(w: float, h: float, cls: str) -> svgwrite.Drawing:
    dwg = svgwrite.Drawing(size=("100%", "100%"), viewBox=f"0 0 {w:g} {h:g}", debug=False, profile="full")
    dwg["class"] = f"panel {cls}"
    dwg.defs.add(dwg.style(PANEL_CSS))
    return dwg


def _marker(dwg: svgwrite.Drawing, g: Group, x: float, y: float, r: float, nid: str, piece: str, ink: str,
            title: str) -> None:
    c = dwg.circle(center=(round(x, 1), round(y, 1)), r=r, fill=piece, class_=f"marker nation-{nid}")
    c.set_desc(title=title)
    c["data-nation"] = nid
    g.add(c)
    g.add(dwg.text(letter(nid), insert=(round(x, 1), round(y + r * 0.38, 1)), fill=ink, class_="marker-letter",
                   font_size=round(r * 1.1, 1)))


def rondel_svg(state: Any, lang: str = "en") -> str:
    """The rondel: eight spaces clockwise from the top, each nation's marker on its space
    (markers of nations that have not moved yet wait in the centre)."""
    lang = known(lang)
    board = state.board_data
    spaces = list(board.rondel)
    n = len(spaces)
    R, r0, cx, cy = 110.0, 38.0, 120.0, 120.0
    dwg = _drawing(240, 240, "rondel")
    g = dwg.add(Group())
    active = state.active_nation
    here = state.nations[active]["rondel"] if active in state.nations else None
    for i, name in enumerate(spaces):
        a0 = -math.pi / 2 + (i - 0.5) * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n
        p = [(cx + R * math.cos(a0), cy + R * math.sin(a0)), (cx + R * math.cos(a1), cy + R * math.sin(a1)),
             (cx + r0 * math.cos(a1), cy + r0 * math.sin(a1)), (cx + r0 * math.cos(a0), cy + r0 * math.sin(a0))]
        d = (f"M{p[0][0]:.1f} {p[0][1]:.1f}A{R:g} {R:g} 0 0 1 {p[1][0]:.1f} {p[1][1]:.1f}"
             f"L{p[2][0]:.1f} {p[2][1]:.1f}A{r0:g} {r0:g} 0 0 0 {p[3][0]:.1f} {p[3][1]:.1f}Z")
        fill = SPACES.get(name, ("#DDD", ""))[0]
        label = space_label(name, lang)
        el = dwg.path(d=d, fill=fill, class_="space" + (" active" if here == i else ""))
        el["data-rondel"] = str(i)
        el.set_desc(title=label)
        g.add(el)
        am = (a0 + a1) / 2
        rl = R - 15
        lx, ly = cx + rl * math.cos(am), cy + rl * math.sin(am)
        deg = math.degrees(am) + 90
        if 0 < math.degrees(am) % 360 < 180:
            deg -= 180
        el = dwg.text(label, insert=(round(lx, 1), round(ly + 3.5, 1)), class_="space-label")
        el["transform"] = f"rotate({deg:.1f} {lx:.1f} {ly:.1f})"
        if len(label) > 11:  # a long word (Inversionista) squeezed into its space's width
            el["textLength"] = "66"
            el["lengthAdjust"] = "spacingAndGlyphs"
        g.add(el)
    groups: dict[int | None, list[tuple[str, str, str, str]]] = {}
    for nat in _nations(state, lang):
        groups.setdefault(state.nations[nat[0]]["rondel"], []).append(nat)
    for pos, nats in groups.items():
        for k, (nid, name, piece, ink) in enumerate(nats):
            if pos is None:
                a = -math.pi / 2 + k * 2 * math.pi / max(len(nats), 1)
                x, y = cx + 18 * math.cos(a) * (len(nats) > 1), cy + 18 * math.sin(a) * (len(nats) > 1)
                where = t(lang, "render.rondel.waiting")
            else:
                am = -math.pi / 2 + pos * 2 * math.pi / n
                spread = (k - (len(nats) - 1) / 2) * 0.3
                rr = r0 + 17
                x, y = cx + rr * math.cos(am + spread), cy + rr * math.sin(am + spread)
                where = space_label(spaces[pos], lang)
            _marker(dwg, g, x, y, 7.5, nid, piece, ink, f"{name}: {where}")
    return dwg.tostring()


def tracks_svg(state: Any, lang: str = "en") -> str:
    """Power-point track 0-25 with its factor bands, and the tax chart with each nation's marker."""
    lang = known(lang)
    board = state.board_data
    nats = _nations(state, lang)
    top = max((f[0] for f in board.power_factor), default=25)
    cells = top + 1
    cw, ch = 26.0, 30.0
    W = cells * cw + 20
    tax = list(board.tax_chart)
    H = 196.0
    dwg = _drawing(W, H, "tracks")
    g = dwg.add(Group())
    g.add(dwg.text(t(lang, "render.power_title"), insert=(10, 14), class_="title"))
    x0, y0 = 10.0, 38.0
    factor_at = {}
    for lo, factor in board.power_factor:
        factor_at[lo] = factor
    band = 0
    for p in range(cells):
        if p in factor_at:
            band = factor_at[p]
            g.add(dwg.text(f"×{band}", insert=(x0 + p * cw + cw / 2, y0 - 6), class_="factor"))
        cls = "cell" + (" band-odd" if band % 2 else "")
        g.add(dwg.rect(insert=(x0 + p * cw, y0), size=(cw, ch), class_=cls))
        g.add(dwg.text(str(p), insert=(x0 + p * cw + cw / 2, y0 + 10), class_="num"))
    stacks: dict[int, int] = {}
    for nid, name, piece, ink in nats:
        pts = min(max(state.nations[nid]["power"], 0), top)
        k = stacks.get(pts, 0)
        stacks[pts] = k + 1
        x = x0 + pts * cw + cw / 2 + (k % 2) * 6 - 3
        y = y0 + 19 + (k // 2) * 7 + (k % 2) * 3
        _marker(dwg, g, x, y, 6.0, nid, piece, ink, t(lang, "render.power_marker", nation=name,
                                                       points=state.nations[nid]["power"]))

    ty = 106.0
    g.add(dwg.text(t(lang, "render.tax_title"), insert=(10, ty), class_="title"))
    tw = min(60.0, (W - 20) / len(tax))
    y1 = ty + 10
    for i, (lo, power) in enumerate(tax):
        hi = tax[i + 1][0] - 1 if i + 1 < len(tax) else None
        if i == 0:
            label = f"≤{hi}" if hi is not None else f"{lo}+"
        elif hi is None:
            label = f"{lo}+"
        elif hi == lo:
            label = str(lo)
        else:
            label = f"{lo}–{hi}"
        g.add(dwg.rect(insert=(x0 + i * tw, y1), size=(tw, 66), class_="cell" + (" band-odd" if i % 2 else "")))
        g.add(dwg.text(label, insert=(x0 + i * tw + tw / 2, y1 + 12), class_="num"))
        g.add(dwg.text(f"+{power}", insert=(x0 + i * tw + tw / 2, y1 + 62), class_="factor"))
    stacks = {}
    for nid, name, piece, ink in nats:
        pos = min(max(state.nations[nid]["tax"], 0), len(tax) - 1)
        k = stacks.get(pos, 0)
        stacks[pos] = k + 1
        x = x0 + pos * tw + tw / 2 + ((k % 3) - 1) * 13
        y = y1 + 24 + (k // 3) * 14
        _marker(dwg, g, x, y, 6.0, nid, piece, ink, t(lang, "render.tax_marker", nation=name, space=pos))
    return dwg.tostring()


def treasuries_svg(state: Any, lang: str = "en") -> str:
    """One row per nation: colour and letter, name, government, treasury, power points, factor."""
    lang = known(lang)
    board = state.board_data
    nats = _nations(state, lang)
    rh = 22.0
    W, H = 420.0, 28 + rh * len(nats)
    dwg = _drawing(W, H, "treasuries")
    g = dwg.add(Group())
    cols = [(30, t(lang, "render.col.nation")), (160, t(lang, "render.col.government")),
            (272, t(lang, "render.col.treasury")), (340, t(lang, "render.col.power")), (392, "×")]
    for x, head in cols:
        g.add(dwg.text(head, insert=(x, 16), class_="title"))
    for i, (nid, name, piece, ink) in enumerate(nats):
        n = state.nations[nid]
        y = 28 + i * rh + rh / 2
        row = dwg.g(class_="row" + (" current" if nid == state.active_nation else ""))
        row["data-nation"] = nid
        _marker(dwg, row, 16, y, 7.5, nid, piece, ink, name)
        row.add(dwg.text(name, insert=(30, y + 4), class_="row-label"))
        row.add(dwg.text(n["government"] or "—", insert=(160, y + 4), class_="row-label"))
        row.add(dwg.text(t(lang, "render.treasury_amount", n=number(lang, n["treasury"])), insert=(272, y + 4), class_="row-label"))
        row.add(dwg.text(str(n["power"]), insert=(340, y + 4), class_="row-label"))
        row.add(dwg.text(str(board.power_factor_for(n["power"])), insert=(392, y + 4), class_="row-label"))
        g.add(row)
    return dwg.tostring()
