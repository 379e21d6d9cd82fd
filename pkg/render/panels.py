"""The boards' side furniture: rondel, power-point track with factors, tax chart, treasuries.

Each function takes a game state and returns an SVG string the page can place next to the map.
Values are read from the state and the engine's board tables; nothing is computed by rule here
except the display of the board's own tables.

The rondel and the tracks are drawn for a side panel: their text is 13.5 units high, so that it is at least
12 px on screen when the rondel is shown at least :data:`RONDEL_MIN_PX` wide and the tracks at least
:data:`TRACKS_MIN_PX` wide (``web/style.css`` shows them so at 1280 px).
"""

from __future__ import annotations

import functools
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

#: The size of the rondel's and the tracks' text (drawing units), and the narrowest the page shows each drawing
#: (CSS px) for that text to be at least 12 px on screen.
TEXT_SIZE = 13.5
RONDEL_SIZE, TRACKS_WIDTH = 240.0, 380.0
RONDEL_MIN_PX = round(RONDEL_SIZE * 12 / TEXT_SIZE)
TRACKS_MIN_PX = round(TRACKS_WIDTH * 12 / TEXT_SIZE)

PANEL_CSS = (
    f".panel{{font-family:{FONT};font-size:11px;fill:#2E2A24}}"
    f".panel .title{{font-weight:bold;font-size:{TEXT_SIZE + 1:g}px}}"
    ".panel .cell{fill:#F4EEDF;stroke:#A89E8A;stroke-width:.8}"
    ".panel .cell.band-odd{fill:#E9E1CC}"
    f".panel .num{{text-anchor:middle;font-size:{TEXT_SIZE:g}px;fill:#4A4337}}"
    f".panel .factor{{text-anchor:middle;font-size:{TEXT_SIZE:g}px;font-weight:bold;fill:#6B4E2E}}"
    ".panel .marker{stroke:#1E1E1E;stroke-width:.8}"
    ".panel .marker-letter{text-anchor:middle;font-weight:bold}"
    ".panel .space{stroke:#FFFFFF;stroke-width:2}"
    ".panel .space.active{stroke:#E8590C;stroke-width:3}"
    f".panel .space-label{{text-anchor:middle;font-size:{TEXT_SIZE:g}px;font-weight:bold;fill:#3B3428}}"
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


def _marker_elements(dwg: svgwrite.Drawing, x: float, y: float, r: float, nid: str, piece: str, ink: str,
                     title: str, size: float | None = None) -> tuple[Any, Any]:
    """A nation's marker: a disc of its colour with its letter (``size``: the letter's, else after the disc)."""
    size = round(r * 1.1, 1) if size is None else size
    c = dwg.circle(center=(round(x, 1), round(y, 1)), r=r, fill=piece, class_=f"marker nation-{nid}")
    c.set_desc(title=title)
    c["data-nation"] = nid
    return c, dwg.text(letter(nid), insert=(round(x, 1), round(y + size * 0.36, 1)), fill=ink,
                       class_="marker-letter", font_size=size)


def _marker(dwg: svgwrite.Drawing, g: Group, x: float, y: float, r: float, nid: str, piece: str, ink: str,
            title: str, size: float | None = None) -> None:
    """A nation's marker added to ``g``."""
    for el in _marker_elements(dwg, x, y, r, nid, piece, ink, title, size):
        g.add(el)


@functools.lru_cache(maxsize=2048)
def _marker_markup(x: float, y: float, r: float, nid: str, piece: str, ink: str, title: str,
                   size: float | None = None) -> str:
    """A nation's marker as markup (the rondel's: markers stand on a few places, so they are kept)."""
    dwg = svgwrite.Drawing(debug=False, profile="full")
    return "".join(el.tostring() for el in _marker_elements(dwg, x, y, r, nid, piece, ink, title, size))


def _label_width(text: str, size: float) -> float:
    """About how wide ``text`` is in the panels' bold font at ``size`` (a wide font's average letter)."""
    return len(text) * size * 0.62


def rondel_svg(state: Any, lang: str = "en") -> str:
    """The rondel: eight spaces clockwise from the top, each nation's marker on its space (up to three in a
    row, a second row nearer the centre for more), markers of nations that have not moved yet in the
    centre.  A name too long for its space is narrowed to fit, never made smaller."""
    lang = known(lang)
    active = state.active_nation
    here = state.nations[active]["rondel"] if active in state.nations else None
    spaces = list(state.board_data.rondel)
    head, tail = _rondel_spaces(tuple(spaces), lang, here)
    n = len(spaces)
    _size, R, r0, cx, cy, rl = _rondel_geometry(n)
    markers: list[str] = []
    groups: dict[int | None, list[tuple[str, str, str, str]]] = {}
    for nat in _nations(state, lang):
        groups.setdefault(state.nations[nat[0]]["rondel"], []).append(nat)
    mr = 10.0  # a marker's radius
    for pos, nats in groups.items():
        outer = -(-len(nats) // 2) if len(nats) > 3 else len(nats)  # how many in the row nearer the names
        for k, (nid, name, piece, ink) in enumerate(nats):
            if pos is None:
                a = -math.pi / 2 + k * 2 * math.pi / max(len(nats), 1)
                x, y = cx + 20 * math.cos(a) * (len(nats) > 1), cy + 20 * math.sin(a) * (len(nats) > 1)
                where = t(lang, "render.rondel.waiting")
            else:
                row, at, count = (0, k, outer) if k < outer else (1, k - outer, len(nats) - outer)
                rr = (rl - 20 if len(nats) > 3 else rl - 30) if row == 0 else r0 + 18
                am = -math.pi / 2 + pos * 2 * math.pi / n + (at - (count - 1) / 2) * (2 * mr + 1) / rr
                x, y = cx + rr * math.cos(am), cy + rr * math.sin(am)
                where = space_label(spaces[pos], lang)
            markers.append(_marker_markup(x, y, mr, nid, piece, ink, f"{name}: {where}", TEXT_SIZE))
    return head + "".join(markers) + tail


def _rondel_geometry(n: int) -> tuple[float, float, float, float, float, float]:
    """The rondel's size, outer and inner radius, centre and the names' middle line."""
    size = RONDEL_SIZE
    R = size / 2 - 6
    return size, R, 38.0, size / 2, size / 2, R - 16


@functools.lru_cache(maxsize=64)
def _rondel_spaces(spaces: tuple[str, ...], lang: str, here: int | None) -> tuple[str, str]:
    """The rondel without markers (``here``: the space of the nation on turn, outlined), as the drawing's
    markup before and after the place of the markers (the same for every position with that space on turn:
    made once)."""
    n = len(spaces)
    size, R, r0, cx, cy, rl = _rondel_geometry(n)
    room = 2 * rl * math.sin(math.pi / n) - 10  # the chord of a space at the names' line, less a margin
    dwg = _drawing(size, size, "rondel")
    g = dwg.add(Group())
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
        lx, ly = cx + rl * math.cos(am), cy + rl * math.sin(am)
        deg = math.degrees(am) + 90
        if 0 < math.degrees(am) % 360 < 180:
            deg -= 180
        el = dwg.text(label, insert=(round(lx, 1), round(ly + TEXT_SIZE * 0.36, 1)), class_="space-label")
        el["transform"] = f"rotate({deg:.1f} {lx:.1f} {ly:.1f})"
        if _label_width(label, TEXT_SIZE) > room:  # a long word (Inversionista) narrowed to its space's width
            el["textLength"] = f"{room:.0f}"
            el["lengthAdjust"] = "spacingAndGlyphs"
        g.add(el)
    svg = dwg.tostring()
    cut = svg.rindex("</g>")  # the markers go at the end of the spaces' group
    return svg[:cut], svg[cut:]


def tracks_svg(state: Any, lang: str = "en") -> str:
    """The power-point track 0-25 in two rows with its factor bands, and the tax chart, each nation's marker on
    its space (two abreast, in rows down the space)."""
    lang = known(lang)
    board = state.board_data
    nats = _nations(state, lang)
    top = max((f[0] for f in board.power_factor), default=25)
    cells = top + 1
    W, x0 = TRACKS_WIDTH, 10.0
    per_row = -(-cells // 2)
    cw = (W - 2 * x0) / per_row
    mr, step = 7.5, 15.0  # a marker's radius, and how far apart they stand
    ch = 30 + 3 * step  # a space: its number, then three rows of two markers
    tax = list(board.tax_chart)
    tw = (W - 2 * x0) / len(tax)
    ty = 28 + 2 * (18 + ch) + 16  # the tax chart's title
    H = ty + 10 + 18 + ch + 8
    dwg = _drawing(W, H, "tracks")
    g = dwg.add(Group())
    g.add(dwg.text(t(lang, "render.power_title"), insert=(x0, 18), class_="title"))

    def stacked(x: float, y: float, k: int, count: int) -> tuple[float, float]:
        """Where the ``k``-th of ``count`` markers on a space whose middle is ``x`` and first row ``y`` stands."""
        dx = 0.0 if count == 1 else ((k % 2) - 0.5) * (2 * mr - 1)
        return x + dx, y + (k // 2) * step

    factor_at = dict(board.power_factor)
    band = 0
    spot: dict[int, tuple[float, float]] = {}  # power points -> the middle of its space, its first marker row
    for p in range(cells):
        row, col = divmod(p, per_row)
        x, y = x0 + col * cw, 28 + row * (18 + ch) + 18
        if p in factor_at:
            band = factor_at[p]
            g.add(dwg.text(f"×{band}", insert=(round(x + cw / 2, 1), y - 5), class_="factor"))
        g.add(dwg.rect(insert=(round(x, 1), y), size=(round(cw, 1), ch), class_="cell" + (" band-odd" if band % 2 else "")))
        g.add(dwg.text(str(p), insert=(round(x + cw / 2, 1), y + 15), class_="num"))
        spot[p] = (x + cw / 2, y + 30)
    counts: dict[int, int] = {}
    for nid, _name, _piece, _ink in nats:
        pts = min(max(state.nations[nid]["power"], 0), top)
        counts[pts] = counts.get(pts, 0) + 1
    stacks: dict[int, int] = {}
    for nid, name, piece, ink in nats:
        pts = min(max(state.nations[nid]["power"], 0), top)
        k = stacks.get(pts, 0)
        stacks[pts] = k + 1
        x, y = stacked(*spot[pts], k, counts[pts])
        _marker(dwg, g, x, y, mr, nid, piece, ink, t(lang, "render.power_marker", nation=name,
                                                     points=state.nations[nid]["power"]), TEXT_SIZE)

    g.add(dwg.text(t(lang, "render.tax_title"), insert=(x0, ty), class_="title"))
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
        g.add(dwg.rect(insert=(round(x0 + i * tw, 1), y1), size=(round(tw, 1), ch + 18),
                       class_="cell" + (" band-odd" if i % 2 else "")))
        g.add(dwg.text(label, insert=(round(x0 + i * tw + tw / 2, 1), y1 + 15), class_="num"))
        g.add(dwg.text(f"+{power}", insert=(round(x0 + i * tw + tw / 2, 1), y1 + ch + 13), class_="factor"))
    counts = {}
    for nid, _name, _piece, _ink in nats:
        pos = min(max(state.nations[nid]["tax"], 0), len(tax) - 1)
        counts[pos] = counts.get(pos, 0) + 1
    stacks = {}
    for nid, name, piece, ink in nats:
        pos = min(max(state.nations[nid]["tax"], 0), len(tax) - 1)
        k = stacks.get(pos, 0)
        stacks[pos] = k + 1
        x, y = stacked(x0 + pos * tw + tw / 2, y1 + 30, k, counts[pos])
        _marker(dwg, g, x, y, mr, nid, piece, ink, t(lang, "render.tax_marker", nation=name, space=pos),
                TEXT_SIZE)
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
