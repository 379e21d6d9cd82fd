"""The map in three layers: a static board drawn once per board, a pieces layer drawn per state, and highlights.

``static_svg(board)`` draws what never changes in a game (regions, borders, names, harbours, factory sites,
canals, straits) around an empty pieces layer; ``pieces_svg(state)`` draws what the state puts on it
(factories, flags, armies lying or standing, stack counts, who controls a canal) as one ``<g class="pieces">``;
``board_svg(state)`` is both in one document, for tests and for export. Highlights (``HIGHLIGHTS``: where the
last move happened, the regions that may be clicked, the selected unit, a computer's move, the hint) are
parameters, never patched into those: ``highlights_svg(board, choices=…, selected=…, …)`` draws them as one
``<g class="highlights">`` with a group per kind of ``<use>`` elements, each cloning a region's outline
(``#o-<region>``). The page stacks ``overlay_svg(board)`` (drawn once per board: the outlines in ``<defs>``,
the highlights' stylesheet, every kind empty) over the board and swaps in the groups ``highlights_svg`` draws;
the one-piece drawing with highlights carries the same group (and the outlines it uses) over its pieces. In
both, the region names are drawn once more over the highlights (``names_over``): no outline crosses a name.

Pure drawing: every fact comes from the state (units, hostile counts, flags, factories), from the caller
(choices) or from the committed geometry; nothing here decides a rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import Any

import svgwrite
from imperial_text import escape, known, region_list, region_phrase, t, tn
from imperial_text import nation as nation_name
from imperial_text import region as region_name
from svgwrite.container import Group

from .geometry import load_geometry
from .style import COLOURS, PATTERNS, PIECE_LAYOUT, highlight_stylesheet, letter, stylesheet

# Glyphs, drawn in a 20 x 20 box; <use> elements give them a size and a fill.
GLYPHS: dict[str, str] = {
    # a standing piece: hostile army
    "army-hostile": "M6 19V7.5C6 3.5 7.6 1.5 10 1.5S14 3.5 14 7.5V19Z",
    # the same piece lying down: friendly army
    "army": "M1 14.5H12.5C16.5 14.5 18.5 12.4 18.5 10S16.5 5.5 12.5 5.5H1Z",
    # a steamship
    "fleet": "M1 11.5H19L16.2 16.5H3.8ZM5.5 11.5V8.5H13.5V11.5ZM8.2 8.5V4.5H10.6V8.5Z",
    # pennant of a flag (the pole is drawn separately)
    "flag": "M5 2.5H18L15 6.5L18 10.5H5Z",
    # factory with a saw-tooth roof
    "factory": "M2 18.5V9.5L6 6.5V9.5L10 6.5V9.5L13 7.2V2.5H16.5V18.5Z",
    "anchor": ("M10 1.5A2.2 2.2 0 1 1 9.99 1.5ZM9.1 5.4H10.9V7.2H13.6V8.8H10.9V16.1C13 15.8 14.7 14.6 15.4 12.8"
               "L13.9 12.2L17.6 10.4L18.3 14.5L16.9 13.8C15.8 16.6 13.2 18.4 10 18.4S4.2 16.6 3.1 13.8L1.7 14.5"
               "L2.4 10.4L6.1 12.2L4.6 12.8C5.3 14.6 7 15.8 9.1 16.1V8.8H6.4V7.2H9.1Z"),
}


def _fmt(v: float) -> str:
    """Short decimal for coordinates."""
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def _defs(dwg: svgwrite.Drawing, geo: dict, highlights: bool = False) -> None:
    """Glyphs, patterns and the stylesheet (with the highlights' rules if ``highlights``), each defined once."""
    dwg.defs.add(dwg.style(stylesheet(geo["nations"], geo["label_size"])
                           + (highlight_stylesheet() if highlights else "")))
    for gid, d in GLYPHS.items():
        sym = dwg.symbol(id=f"g-{gid}", viewBox="0 0 20 20")
        if gid == "flag":
            sym.add(dwg.rect(insert=(3.2, 1.5), size=(1.5, 17.5), fill="#4A3B2C"))
            sym.add(dwg.path(d=d, stroke="#1E1E1E", stroke_width=0.8))
        elif gid == "factory":
            sym.add(dwg.path(d=d, stroke="#FFFFFF", stroke_width=1.2, stroke_linejoin="round"))
        else:
            sym.add(dwg.path(d=d))
        dwg.defs.add(sym)
    for n in geo["nations"]:
        _piece, tint, ink, _text = COLOURS.get(n["color"], COLOURS["black"])
        kind, angle = PATTERNS.get(n["color"], ("lines", 0))
        pat = dwg.pattern(id=f"pat-{n['id']}", size=(7, 7), patternUnits="userSpaceOnUse")
        if angle:
            pat["patternTransform"] = f"rotate({angle})"
        pat.add(dwg.rect(insert=(0, 0), size=(7, 7), fill=tint))
        if kind == "dots":
            pat.add(dwg.circle(center=(3.5, 3.5), r=1.0, fill=ink))
        else:
            pat.add(dwg.path(d="M0 3.5H7", stroke=ink, stroke_width=0.9))
            if kind == "cross":
                pat.add(dwg.path(d="M3.5 0V7", stroke=ink, stroke_width=0.9))
        dwg.defs.add(pat)
    swiss = dwg.pattern(id="pat-swiss", size=(5, 5), patternUnits="userSpaceOnUse", patternTransform="rotate(45)")
    swiss.add(dwg.rect(insert=(0, 0), size=(5, 5), fill="#E4E1DB"))
    swiss.add(dwg.path(d="M0 2.5H5", stroke="#B7B2A9", stroke_width=1.2))
    dwg.defs.add(swiss)


#: The pieces layer's element; the static board holds it empty, the page swaps its children.
PIECES_OPEN = '<g class="pieces" pointer-events="none">'
_EMPTY_PIECES = re.compile(r'<g class="pieces" pointer-events="none"\s*/>|<g class="pieces" pointer-events="none"></g>')

Choices = Mapping[str, str] | Iterable[str]

#: The kinds of highlight, in the order they are drawn (the last on top): where the last move happened, the
#: regions that may be clicked now, the selected unit, a computer's move, the hint.
HIGHLIGHTS = ("recent", "choice", "selected", "botmove", "hinted")


@cache
def _outlines(board: str) -> dict[str, str]:
    """Region id -> its outline (path data), for every region pieces may stand on, in the static board's order
    (seas, then land): the order of the highlights, and so of the choices for the keyboard."""
    regions = [(rid, reg) for rid, reg in load_geometry(board)["regions"].items() if reg["kind"] != "impassable"]
    return {rid: reg["d"] for rid, reg in sorted(regions, key=lambda item: item[1]["kind"] != "sea")}


def _outline_defs(board: str, regions: Iterable[str] | None = None) -> str:
    """One ``<path id="o-<region>">`` per region (all, or those of ``regions``): no class and no style, so a
    ``<use>`` of it is stroked and filled as the ``<use>`` says."""
    wanted = None if regions is None else set(regions)
    return "".join(f'<path id="o-{_a(rid)}" d="{d}"/>' for rid, d in _outlines(board).items()
                   if wanted is None or rid in wanted)


def highlights_svg(board: str = "europe", *, choices: Choices | None = None, selected: Iterable[str] | None = None,
                   recent: Iterable[str] | None = None, botmove: Iterable[str] | None = None,
                   hinted: Iterable[str] | None = None, at: str = "", lang: str = "en",
                   tutorial: str | None = None) -> str:
    """The highlights on ``board`` as one ``<g class="highlights">``: for each kind given (``HIGHLIGHTS``; a
    kind left ``None`` is not in it, so the page leaves that kind as it is on screen) a ``<g data-kind="…">``,
    in that order, with one ``<use href="#o-<region>">`` per region in the board's order, which clones the
    region's outline (``overlay_svg``'s ``<defs>``). ``choices``: region id -> label (or just ids): each is a
    target to click, carrying ``data-choice`` (the value a click sends), ``data-at`` (``at``, the decision it
    was drawn for; also on its group), ``tabindex="0"``, ``role="button"``, ``aria-label`` (the label) and the
    region's own ``<title>``; ``selected``: the selected unit's region; ``recent``: where the last move
    happened (outlined unless it is a choice or selected); ``botmove``: the regions a computer's move touched;
    ``hinted``: the regions of the hint; ``tutorial``: the choice the tutorial asks for, whose target also carries
    ``data-tutorial-target`` (outlined more strongly). Unknown regions are left out. Only the targets take
    pointer events."""
    outlines = _outlines(board)
    given: dict[str, dict[str, str] | None] = {}
    if choices is not None:
        given["choice"] = ({str(k): str(v) for k, v in choices.items()} if isinstance(choices, Mapping)
                           else {str(c): str(c) for c in choices})
    for kind, regions in (("selected", selected), ("botmove", botmove), ("hinted", hinted)):
        if regions is not None:
            given[kind] = {str(r): "" for r in regions}
    if recent is not None:
        given["recent"] = {str(r): "" for r in recent if str(r) not in (given.get("choice") or {})
                           and str(r) not in (given.get("selected") or {})}
    out = ['<g class="highlights">']
    for kind in HIGHLIGHTS:
        lit = given.get(kind)
        if lit is None:
            continue
        if kind != "choice":
            out.append(f'<g data-kind="{kind}">' + "".join(f'<use href="#o-{_a(rid)}"/>' for rid in outlines
                                                           if rid in lit) + "</g>")
            continue
        out.append(f'<g data-kind="choice" data-at="{_a(at)}">')
        if lit:
            geo = load_geometry(board)
            names = _nation_names(board, known(lang))
            rname = _region_names(board, known(lang))
            for rid in outlines:
                if rid in lit:
                    mark = ' data-tutorial-target=""' if rid == tutorial else ""
                    out.append(f'<use href="#o-{_a(rid)}" data-choice="{_a(rid)}" data-at="{_a(at)}" tabindex="0" '
                               f'role="button" aria-label="{_a(lit[rid])}"{mark}>'
                               f'<title>{_t(_title(geo["regions"][rid], names, rname[rid], known(lang)))}</title>'
                               f'</use>')
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def overlay_svg(board: str = "europe", lang: str = "en") -> str:
    """The page's highlight layer for ``board``, drawn once per board and stacked over the board with the same
    view box: an ``<svg class="map-overlay" role="none">`` (a container: its targets are the buttons screen
    readers meet) taking no pointer events (but on the choices), with in its
    ``<defs>`` the highlights' stylesheet and every region's outline (``id="o-<region>"``), then
    ``highlights_svg`` with every kind empty, whose groups the page swaps for those ``highlights_svg`` draws,
    and over them the region names in ``lang`` (``names_over``), styled by the board's own stylesheet."""
    geo = load_geometry(board)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="map-overlay" data-board="{board}" '
            f'viewBox="0 0 {_fmt(geo["width"])} {_fmt(geo["height"])}" pointer-events="none" role="none">'
            f'<defs><style>{highlight_stylesheet()}</style>{_outline_defs(board)}</defs>'
            + highlights_svg(board, **{k: () for k in ("choices", "selected", "recent", "botmove", "hinted")})
            + names_over(board, lang) + "</svg>")


def static_svg(board: str = "europe", *, choices: Choices = (), selected: Iterable[str] = (),
               recent: Iterable[str] = (), botmove: Iterable[str] = (), hinted: Iterable[str] = (), at: str = "",
               size: tuple[float | str, float | str] | None = None, lang: str = "en") -> str:
    """The static board of ``board`` ("europe" or "world2030") as an ``<svg>`` document, with an empty
    pieces layer (``<g class="pieces">``, last child) for ``pieces_svg`` to fill.

    Every movement region is one ``<path>`` with ``data-region`` and a ``<title>`` (its name, home nation
    and factory site; never what stands on it); impassable areas carry ``data-impassable`` instead.
    ``choices`` / ``selected`` / ``recent`` / ``botmove`` / ``hinted`` / ``at``: the highlights; if any is
    given, ``highlights_svg`` of them all is drawn over the pieces layer (the outlines it uses in ``<defs>``),
    exactly the group the page shows in its overlay;
    ``size``: width and height attributes (default: none, the SVG scales to its container).
    """
    geo = load_geometry(board)
    choices = dict(choices) if isinstance(choices, Mapping) else list(choices)
    lit = {k: list(map(str, v)) for k, v in (("choices", choices), ("selected", selected), ("recent", recent),
                                              ("botmove", botmove), ("hinted", hinted))}
    W, H = geo["width"], geo["height"]
    U = geo["unit_size"]
    lang = known(lang)
    names = _nation_names(board, lang)
    rname = _region_names(board, lang)
    dwg = svgwrite.Drawing(size=size or ("100%", "100%"), viewBox=f"0 0 {_fmt(W)} {_fmt(H)}",
                           debug=False, profile="full")
    highlighted = any(lit.values())
    dwg["class"] = f"board board-{board}"
    dwg["aria-label"] = t(lang, "render.map.world2030" if board == "world2030" else "render.map.europe")
    _defs(dwg, geo, highlights=highlighted)

    dwg.add(dwg.rect(insert=(0, 0), size=(W, H), class_="water"))
    lines = geo["lines"]
    seas = dwg.add(Group(class_="seas"))
    lands = Group(class_="lands")
    for rid, reg in geo["regions"].items():
        kind = reg["kind"]
        if kind == "impassable":
            el = dwg.path(d=reg["d"], class_="impassable")
            el["data-impassable"] = rid
            el.set_desc(title=t(lang, "render.impassable", name=rname[rid]))
            lands.add(el)
            continue
        cls = "region " + ("sea" if kind == "sea" else f"land {kind}")
        if reg.get("nation"):
            cls += f" nation-{reg['nation']}"
        el = dwg.path(d=reg["d"], class_=cls, id=f"r-{rid}")
        el["data-region"] = rid
        el.set_desc(title=_title(reg, names, rname[rid], lang))
        (seas if kind == "sea" else lands).add(el)
    if geo.get("lakes"):
        seas.add(dwg.path(d=geo["lakes"], class_="lake"))
    for fid, feat in geo.get("features", {}).items():
        el = dwg.path(d=feat["d"], class_="feature")
        el["data-impassable"] = fid
        el.set_desc(title=t(lang, "render.not_a_sea", name=_feature_name(fid, feat, lang)))
        seas.add(el)
    if lines.get("coast"):
        dwg.add(dwg.path(d=lines["coast"], class_="coast-halo"))
    if geo.get("plain_land"):
        dwg.add(dwg.path(d=geo["plain_land"], class_="plain"))
    dwg.add(lands)
    if geo.get("polar"):
        el = dwg.path(d=geo["polar"], class_="polar")
        el["data-impassable"] = "polar"
        el.set_desc(title=t(lang, "render.polar"))
        dwg.add(el)
    lg = dwg.add(Group(class_="lines"))
    for key, cls in (("sea", "sea-border"), ("province", "province"), ("national", "national"),
                     ("coast", "coast"), ("ice", "ice")):
        if lines.get(key):
            lg.add(dwg.path(d=lines[key], class_=cls))
    _sites(dwg, geo, U)
    _passages(dwg, geo, board, lang, rname)
    dwg.add(_labels(dwg, geo, lang, rname))
    dwg.add(Group(class_="pieces", pointer_events="none"))
    if not highlighted:
        return dwg.tostring()
    # the highlights over the pieces, as in the page's overlay: the outlines they use, then their group
    used = {r for v in lit.values() for r in v}
    out = dwg.tostring()
    defs_end = out.index("</defs>")
    out = out[:defs_end] + _outline_defs(board, used) + out[defs_end:]
    return (out[:-len("</svg>")] + highlights_svg(board, choices=choices, selected=lit["selected"],
                                                  recent=lit["recent"], botmove=lit["botmove"], hinted=lit["hinted"],
                                                  at=at, lang=lang) + names_over(board, lang) + "</svg>")


def compose(static: str, pieces: str) -> str:
    """The one-piece board: the pieces layer put in the static board's place for it (what the page shows)."""
    out, n = _EMPTY_PIECES.subn(lambda _m: pieces, static, count=1)
    if n != 1:
        raise ValueError("the static board has no empty pieces layer")
    return out


def board_svg(state: Any = None, *, board: str | None = None, choices: Choices = (), selected: Iterable[str] = (),
              recent: Iterable[str] = (), botmove: Iterable[str] = (), hinted: Iterable[str] = (), at: str = "",
              size: tuple[float | str, float | str] | None = None, lang: str = "en") -> str:
    """The map of a game (or of an empty board, ``board`` "europe" or "world2030") in one ``<svg>``: the
    static board, the pieces layer of ``state`` in it, and over them the highlights given (``choices``,
    ``selected``, ``recent``, ``botmove``, ``hinted``, ``at``: see ``highlights_svg``)."""
    board_id = state.board if state is not None else (board or "europe")
    return compose(static_svg(board_id, choices=choices, selected=selected, recent=recent, botmove=botmove,
                              hinted=hinted, at=at, size=size, lang=lang),
                   pieces_svg(state, board=board_id, lang=lang))


@cache
def _nation_names(board: str, lang: str) -> dict[str, str]:
    """Nation id -> its name in ``lang`` (the same for every drawing: read only)."""
    return {n["id"]: nation_name(lang, board, n["id"], n["name"]) for n in load_geometry(board)["nations"]}


@cache
def _region_names(board: str, lang: str) -> dict[str, str]:
    """Region id -> its name in ``lang`` (English: the geometry's own; read only)."""
    return {rid: region_name(lang, board, rid, reg["name"]) for rid, reg in load_geometry(board)["regions"].items()}


def _feature_name(fid: str, feat: dict, lang: str) -> str:
    """A drawn feature that is no region (Imperial 2030's Black and Caspian Seas) in ``lang``."""
    key = f"render.feature.{fid}"
    return feat["name"] if lang == "en" else (t(lang, key) if t(lang, key) != key else feat["name"])


def _title(reg: dict, names: dict[str, str], name: str | None = None, lang: str = "en") -> str:
    """A region's own description: name, home nation, factory site (what stands on it is the pieces')."""
    bits = [name or reg["name"]]
    if reg.get("nation"):
        bits.append(t(lang, "render.home_of", nation=names.get(reg["nation"], reg["nation"])))
    if reg.get("factory_site"):
        bits.append(t(lang, "render.shipyard_site" if reg["factory_site"] == "shipyard" else "render.armaments_site"))
    return ", ".join(bits)


def _units_of(state: Any, board_nations: list[str]) -> dict[str, list[tuple[str, str, int]]]:
    """Per region: (nation, kind, count) with kind in fleet / army / army-hostile, in turn order."""
    out: dict[str, list[tuple[str, str, int]]] = {}
    if state is None:
        return out
    for nid in board_nations:
        n = state.nations.get(nid)
        if n is None:
            continue
        for rid, count in sorted(n["fleets"].items()):
            if count:
                out.setdefault(rid, []).append((nid, "fleet", count))
        for rid, count in sorted(n["armies"].items()):
            hostile = min(n["hostile"].get(rid, 0), count)
            if count - hostile:
                out.setdefault(rid, []).append((nid, "army", count - hostile))
            if hostile:
                out.setdefault(rid, []).append((nid, "army-hostile", hostile))
    return out


def pieces_svg(state: Any = None, *, board: str | None = None, lang: str = "en") -> str:
    """The pieces layer of a game (or the start factories of an empty ``board``): one ``<g class="pieces">``
    with ``pointer-events="none"``, whose children each carry a ``data-key`` (the page replaces only the
    children that changed) and their own ``<title>``: built factories, the nations that control canals, and
    per region its flag and units (lying armies friendly, standing armies hostile, counts on stacks)."""
    board_id = state.board if state is not None else (board or "europe")
    geo = load_geometry(board_id)
    nations = [n["id"] for n in geo["nations"]]
    lang = known(lang)
    names = _nation_names(board_id, lang)
    flags: dict[str, str] = {}
    built: set[str] = set()
    if state is not None:
        for nid in nations:
            n = state.nations.get(nid)
            if n is None:
                continue
            for rid in n["flags"]:
                flags[rid] = nid
            built.update(n["factories"])
    else:
        built = {rid for rid, r in geo["regions"].items() if r.get("start_factory")}
    per_region = _units_of(state, nations)
    out = [PIECES_OPEN]
    regions = geo["regions"]
    out += [_factory_markup(board_id, rid, lang) for rid, reg in regions.items() if rid in built and "city" in reg]
    size = geo["label_size"]
    for cid, name, controlled_by, x, y in _canals(board_id):
        name = region_name(lang, board_id, cid, name)
        owner = flags.get(controlled_by)
        if owner is None:
            continue
        out.append(f'<g class="canal-owner owner-{owner}" data-key="canal {cid}" data-canal-owner="{cid}">'
                   f'<title>{_t(t(lang, "render.canal_owner", canal=name, nation=names.get(owner, owner)))}</title>'
                   f'<circle class="canal-ring" cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(size * 0.55)}"/>'
                   f'<path class="canal-cut" d="M{_fmt(x - size * 0.3)} {_fmt(y)}H{_fmt(x + size * 0.3)}"/></g>')
    for rid, reg in regions.items():
        items: list[tuple[str, str, int]] = [(flags[rid], "flag", 1)] if rid in flags else []
        items += per_region.get(rid, [])
        if items and "units" in reg:
            out.append(_stack_markup(board_id, rid, tuple(items), lang))
    out.append("</g>")
    return "".join(out)


@cache
def _factory_markup(board_id: str, rid: str, lang: str) -> str:
    """A built factory of region ``rid``, with its title (the same in every state: cached)."""
    geo = load_geometry(board_id)
    reg = geo["regions"][rid]
    x, y = reg["city"]
    site = reg.get("factory_site", "armaments")
    s = geo.get("piece_size", geo["unit_size"]) * PIECE_LAYOUT["factory"]
    fill = "#7B4A24" if site == "armaments" else "#1F5F8B"
    what = t(lang, "render.shipyard" if site == "shipyard" else "render.armaments")
    in_region = region_phrase(lang, board_id, rid, reg["name"], "in")
    return (f'<use class="factory factory-{site}" data-key="factory {_a(rid)}" data-factory="{_a(rid)}" '
            f'href="#g-factory" x="{_fmt(x - s / 2)}" y="{_fmt(y - s / 2)}" width="{_fmt(s)}" '
            f'height="{_fmt(s)}" fill="{fill}">'
            f'<title>{_t(t(lang, "render.factory_in", what=what, in_region=in_region))}</title></use>')


@lru_cache(maxsize=4096)
def _stack_markup(board_id: str, rid: str, items: tuple[tuple[str, str, int], ...], lang: str) -> str:
    """Region ``rid``'s stack: its flag and units (``items``: nation, kind, count, flag first), with a title
    saying them; a function of what stands there only, so a move redraws only the stacks it changed."""
    geo = load_geometry(board_id)
    reg = geo["regions"][rid]
    U, P = geo["unit_size"], geo.get("piece_size", geo["unit_size"])
    names = _nation_names(board_id, lang)
    said = ", ".join(tn(lang, f"render.pieces.{kind}", count, nation=names.get(nid, nid)) if kind != "flag"
                     else t(lang, "render.flag_of", nation=names.get(nid, nid)) for nid, kind, count in items)
    out = [f'<g class="stack" data-key="stack {_a(rid)}" data-pieces="{_a(rid)}">'
           f'<title>{_t(_region_names(board_id, lang)[rid])}: {_t(said)}</title>']
    badges: list[str] = []
    row: list[tuple[str, str, int]] = []
    for item in items:
        if item[1] == "fleet" and "port" in reg:
            # a fleet in a home province lies in its harbour: drawn beside the anchor
            px, py = _harbour_spot(reg, U, P)
            _piece(out, badges, rid, item, px, py, P)
        else:
            row.append(item)
    for item, (x, y) in zip(row, stack_spots(board_id, rid, len(row)), strict=True):
        _piece(out, badges, rid, item, x, y, P)
    out.extend(badges)
    out.append("</g>")
    return "".join(out)


def _label_box(reg: dict, size: float) -> tuple[float, float, float, float]:
    """Where a region's name is printed (x0, y0, x1, y1), measured as the geometry tool measures it."""
    lx, ly = reg["label"]
    lines = reg.get("lines", [reg["name"]])
    w = max(len(s) for s in lines) * size * 0.58 + 2
    h = size * 1.15 * len(lines)
    return lx - w / 2, ly - h / 2, lx + w / 2, ly + h / 2


Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> float:
    """Area shared by two boxes (x0, y0, x1, y1)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


@cache
def _fixed_marks(board_id: str) -> tuple[tuple[str, Box], ...]:
    """What stacks should not cover, per board: every region's name, factory (or site) and harbour anchor,
    and where each region's first piece stands (keyed ``units <region>``)."""
    geo = load_geometry(board_id)
    U, P = geo["unit_size"], geo.get("piece_size", geo["unit_size"])
    r = P * PIECE_LAYOUT["factory"] / 2
    out: list[tuple[str, Box]] = []
    for rid, reg in geo["regions"].items():
        if "label" in reg:
            out.append((rid, _label_box(reg, geo["label_size"])))
        if "city" in reg:
            cx, cy = reg["city"]
            out.append((rid, (cx - r, cy - r, cx + r, cy + r)))
        if "anchor" in reg:
            ax, ay = reg["anchor"]
            out.append((rid, (ax - U * 0.4, ay - U * 0.4, ax + U * 0.4, ay + U * 0.4)))
        if "units" in reg:
            # where another region's first piece stands (its own stack is not in its way)
            ux, uy = reg["units"]
            out.append(("units " + rid, (ux - P * 0.45, uy - U * 0.55, ux + P * 0.45, uy - U * 0.55 + P * 1.05)))
    return tuple(out)


@cache
def stack_spots(board_id: str, rid: str, n: int) -> tuple[tuple[float, float], ...]:
    """Centres of the ``n`` pieces of region ``rid``'s stack (flag first, then units in turn order): rows of
    ``PIECE_LAYOUT["per_row"]`` from the top of the spot the geometry reserved for units, moved (as little as
    it takes) off the names, factories and anchors of the board; the same for every state, so cached."""
    if n == 0:
        return ()
    geo = load_geometry(board_id)
    reg = geo["regions"][rid]
    U, P = geo["unit_size"], geo.get("piece_size", geo["unit_size"])
    lay = PIECE_LAYOUT
    per_row, step, row_h = int(lay["per_row"]), P * lay["step"], P * lay["row"]
    rows = (n + per_row - 1) // per_row
    ux, uy = reg["units"]
    half = ((min(n, per_row) - 1) * step + P * 0.9) / 2
    # a row is a standing piece tall, and the first row's count badges stick out above it
    height = (rows - 1) * row_h + P * 1.05
    top = uy - U * 0.55  # the geometry reserved a box 1.1 units tall at the units spot
    near = [(own == rid, b) for own, b in _fixed_marks(board_id) if own != "units " + rid
            if b[2] > ux - half - 2 * P and b[0] < ux + half + 2 * P and b[3] > top - 2 * P
            and b[1] < top + height + 2 * P]
    best, best_cost = (0.0, 0.0), float("inf")
    for dy in (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 1.0, -1.0, 1.25, -1.25):
        for dx in (0.0, 0.3, -0.3, 0.6, -0.6):
            x, y = ux + dx * P, top + dy * P
            me = (x - half, y, x + half, y + height)
            cost = sum(_overlap(me, b) * (4.0 if own else 1.0) for own, b in near) / (P * P)
            cost += 0.05 * (abs(dx) + abs(dy))
            if cost < best_cost - 1e-9:
                best, best_cost = (dx * P, dy * P), cost
    x0, y0 = ux + best[0], top + best[1]
    spots = []
    for i in range(n):
        r, c = divmod(i, per_row)
        in_row = min(per_row, n - r * per_row)
        spots.append((round(x0 + (c - (in_row - 1) / 2) * step, 2), round(y0 + P * 0.6 + r * row_h, 2)))
    return tuple(spots)


def _harbour_spot(reg: dict, U: float, P: float) -> tuple[float, float]:
    """Where fleets lying in a home province's harbour are drawn: beside the anchor, clear of it."""
    ax, ay = reg["anchor"]
    px, py = reg["port"]
    dx, dy = px - ax, py - ay
    d = (dx * dx + dy * dy) ** 0.5 or 1.0
    far = max(d, U * 0.4 + P * (0.5 + PIECE_LAYOUT["gap"]))
    return ax + dx / d * far, ay + dy / d * far


def _piece(out: list[str], badges: list[str], rid: str, item: tuple[str, str, int], x: float, y: float,
           U: float) -> None:
    """One glyph (flag, fleet, lying or standing army) of size ``U`` with its nation letter; its stack count
    goes to ``badges``, drawn after all the stack's pieces so that no neighbour covers it."""
    nid, kind, count = item
    out.append(f'<use class="piece {kind} nation-{nid}" data-unit="{nid} {kind} {_a(rid)}" href="#g-{kind}" '
               f'x="{_fmt(x - U / 2)}" y="{_fmt(y - U / 2)}" width="{_fmt(U)}" height="{_fmt(U)}"/>')
    tx, ty = x, y + U * 0.16
    if kind == "army-hostile":
        ty = y + U * 0.2
    elif kind == "flag":
        tx, ty = x + U * 0.08, y - U * 0.08
    elif kind == "army":
        tx = x - U * 0.05
    elif kind == "fleet":
        ty = y + U * 0.27
    fs = U * (0.34 if kind in ("fleet", "flag") else 0.42)
    out.append(f'<text class="piece-letter nation-{nid}" x="{_fmt(tx)}" y="{_fmt(ty)}" '
               f'font-size="{_fmt(fs)}">{_t(letter(nid))}</text>')
    if count > 1:
        lay = PIECE_LAYOUT
        cx, cy = x + U * lay["badge_dx"], y + U * lay["badge_dy"]
        fs = U * lay["badge_font"]
        badges.append(f'<g class="count-badge" data-count="{nid} {kind} {_a(rid)}">'
                      f'<circle class="count-bg" cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(U * lay["badge"])}"/>'
                      f'<text class="count" x="{_fmt(cx)}" y="{_fmt(cy + fs * 0.36)}" '
                      f'font-size="{_fmt(fs)}">{count}</text></g>')


def _a(text: str) -> str:
    """Text for an attribute value."""
    return escape(str(text), quote=True)


def _t(text: str) -> str:
    """Text for element content."""
    return escape(str(text), quote=False)


#: Where the board's canals and straits are, in degrees (latitude, longitude): public geography, drawn
#: where the rules' passages are (``Board.canals``, ``Board.straits``).
PLACES: dict[str, tuple[float, float]] = {
    "panama": (9.1, -79.7), "suez": (30.6, 32.3),
    "london-paris": (51.0, 1.5), "rome-turkey": (40.2, 26.4),
}


def project(geo: dict, lat: float, lon: float) -> tuple[float, float] | None:
    """A point of the geography in map pixels, for maps made with the Miller projection and its lens
    (``geo["projection"]``, see ``tools/make_geometry.py``); ``None`` for other projections."""
    import math

    pr = geo.get("projection", {})
    if pr.get("name") != "Miller":
        return None
    width = pr["width"]
    lon = (lon - pr["seam"]) % 360.0 + pr["seam"]
    x = width * (lon - pr["seam"]) / 360.0
    y = (pr["top"] - 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * math.radians(lat)))) * width / (2 * math.pi)
    lens = pr.get("lens")
    if lens:
        cx, cy = lens["centre_px"]
        dx, dy = x - cx, y - cy
        k = 1.0 + (lens["factor"] - 1.0) * math.exp(-(dx * dx + dy * dy) / (lens["sigma_px"] ** 2))
        x, y = cx + dx * k, cy + dy * k
    return x, y


@cache
def _canals(board_id: str) -> tuple[tuple[str, str, str, float, float], ...]:
    """The board's canals placed on the map: (id, name, region whose flag controls it, x, y)."""
    from imperial_core.board import load_board

    try:
        b = load_board(board_id)
    except ValueError:
        return ()
    geo = load_geometry(board_id)
    out = []
    for c in b.canals:
        at = project(geo, *PLACES[c.id]) if c.id in PLACES else None
        if at is not None:
            out.append((c.id, c.name, c.controlled_by, at[0], at[1]))
    return tuple(out)


def _passages(dwg: svgwrite.Drawing, geo: dict, board_id: str, lang: str = "en",
              rname: dict[str, str] | None = None) -> None:
    """Imperial 2030's canals (the pieces layer colours them by the nation whose flag controls them), the two
    straits armies may cross, and labels where the seas continue across the map's east and west edges."""
    from imperial_core.board import load_board

    try:
        b = load_board(board_id)
    except ValueError:
        return
    if not (b.canals or b.straits or b.wrap_sea_borders):
        return
    g = dwg.add(Group(class_="passages"))
    rn = rname if rname is not None else _region_names(board_id, lang)
    size = geo["label_size"]
    seas = {rid: reg for rid, reg in geo["regions"].items() if reg["kind"] == "sea"}
    canals = {c.id: c for c in b.canals}
    for cid, name, controlled_by, x, y in _canals(board_id):
        c = canals[cid]
        mark = g.add(dwg.g(class_="canal"))
        mark["data-canal"] = cid
        a, z = (rn.get(s, s) for s in c.seas)
        control = _said(b, lang, controlled_by, "in")
        local = region_name(lang, board_id, cid, name)
        mark.set_desc(title=t(lang, "render.canal", canal=local, a=a, z=z, in_control=control))
        mark.add(dwg.circle(center=(x, y), r=size * 0.55, class_="canal-ring"))
        mark.add(dwg.path(d=f"M{_fmt(x - size * 0.3)} {_fmt(y)}H{_fmt(x + size * 0.3)}", class_="canal-cut"))
        short = name.replace(" Canal", "") if lang == "en" else _canal_short(local)
        mark.add(dwg.text(short, insert=(x, y - size * 0.9), class_="label canal-label"))
    for a, z in b.straits:
        at = project(geo, *PLACES.get(f"{a}-{z}", PLACES.get(f"{z}-{a}", (0.0, 0.0))))
        if at is None or f"{a}-{z}" not in PLACES and f"{z}-{a}" not in PLACES:
            continue
        x, y = at
        el = g.add(dwg.path(d=f"M{_fmt(x - size * 0.5)} {_fmt(y - size * 0.5)}L{_fmt(x + size * 0.5)} "
                               f"{_fmt(y + size * 0.5)}", class_="strait"))
        el.set_desc(title=t(lang, "render.strait", a=_said(b, lang, a, "dat"), z=_said(b, lang, z, "dat")))
    width = geo["width"]
    across: dict[str, list[str]] = {}
    for a, z in b.wrap_sea_borders:
        across.setdefault(a, []).append(z)
        across.setdefault(z, []).append(a)
    for here, theirs in across.items():
        reg = seas.get(here)
        if reg is None or "label" not in reg:
            continue
        x, y = reg["label"]
        others = ", ".join(rn.get(o, o) for o in sorted(theirs))
        if x < width / 2:
            tx, text, anchor = 4.0, f"◂ {others}", "start"
        else:
            tx, text, anchor = width - 4.0, f"{others} ▸", "end"
        el = g.add(dwg.text(text, insert=(tx, y + size * 1.6), class_=f"label wrap-label wrap-{anchor}"))
        name = _said(b, lang, here, "nom")
        to_others = region_list(lang, board_id, [(o, b.regions[o].name) for o in sorted(theirs)], "to")
        el.set_desc(title=t(lang, "render.wraps", name=name[:1].upper() + name[1:], to_others=to_others))


def _said(b: Any, lang: str, rid: str, prep: str) -> str:
    """Region ``rid`` of board ``b`` after ``prep`` (or in a case), with its article ("im Nahen Osten")."""
    r = b.regions.get(rid)
    return region_phrase(lang, b.id, rid, r.name if r is not None else rid, prep)




def _sites(dwg: svgwrite.Drawing, geo: dict, U: float) -> None:
    """Harbour anchors and factory sites (a built factory is a piece, drawn over its site)."""
    g = dwg.add(Group(class_="sites"))
    for rid, reg in geo["regions"].items():
        if "anchor" in reg:
            x, y = reg["anchor"]
            s = U * 0.8
            u = dwg.use(href="#g-anchor", insert=(x - s / 2, y - s / 2), size=(s, s), class_="anchor")
            u["data-anchor"] = rid
            g.add(u)
        if "city" not in reg:
            continue
        x, y = reg["city"]
        if reg.get("factory_site", "armaments") == "shipyard":
            g.add(dwg.circle(center=(x, y), r=U * 0.22, class_="site site-shipyard"))
        else:
            r = U * 0.2
            g.add(dwg.rect(insert=(x - r, y - r), size=(2 * r, 2 * r), class_="site site-armaments"))


def _canal_short(name: str) -> str:
    """The canal's label on the map without the word canal: "Panama", "Sues", "Panamá"."""
    for word in ("kanal", "Canal de ", "Canal "):
        name = name.replace(word, "")
    return name.strip()


def split_label(name: str, english_lines: list[str]) -> list[str]:
    """A translated name in at most two lines for the room the English label has: one line if it is not
    much longer than the English one's longest line, else broken at the space or hyphen nearest its middle
    (a hyphen stays on the first line)."""
    room = max((len(x) for x in english_lines), default=len(name))
    if len(name) <= room + 2 or not any(c in name for c in " -"):
        return [name]
    cuts = [i for i, c in enumerate(name) if c in " -"]
    i = min(cuts, key=lambda k: abs(len(name) / 2 - k))
    first = name[: i + 1] if name[i] == "-" else name[:i]
    return [first.strip(), name[i + 1:].strip()]


#: The smallest a translated name is set, as a share of the board's label size, and the share under which a
#: long one-word name is rather broken over two lines (with a hyphen) if that lets it be larger.
LABEL_SCALE_MIN, LABEL_SCALE_BREAK = 0.7, 0.94


def _room(geo: dict, rid: str, lines: list[str]) -> float:
    """The largest share of the label size (1 down to ``LABEL_SCALE_MIN``, in steps of 0.02) at which ``lines``,
    centred where region ``rid``'s name goes, cover no other region's name, factory site, harbour or place for
    pieces (as the geometry tool measures text)."""
    lx, ly = geo["regions"][rid]["label"]
    longest = max(len(x) for x in lines)
    others = [b for own, b in _fixed_marks(geo["board"]) if own not in (rid, "units " + rid)]
    for k in range(100, round(LABEL_SCALE_MIN * 100) - 1, -2):
        size = geo["label_size"] * k / 100
        w, h = longest * size * 0.58 + 2, size * 1.15 * len(lines)
        if not any(_overlap((lx - w / 2, ly - h / 2, lx + w / 2, ly + h / 2), b) for b in others):
            return k / 100
    return LABEL_SCALE_MIN


def _fitted(geo: dict, rid: str, lines: list[str]) -> tuple[list[str], float]:
    """A translated name longer than the English one's room: as large as the room around it allows; a single
    long word that would be small is broken at its middle with a hyphen when that lets it be larger."""
    scale = _room(geo, rid, lines)
    word = lines[0]
    if scale < LABEL_SCALE_BREAK and len(lines) == 1 and len(word) >= 8 and not any(c in word for c in " -"):
        half = len(word) // 2
        broken = [word[:half] + "-", word[half:]]
        larger = _room(geo, rid, broken)
        if larger > scale:
            return broken, larger
    return lines, scale


def _labels(dwg: svgwrite.Drawing, geo: dict, lang: str = "en", rname: dict[str, str] | None = None) -> Group:
    """Region names at their precomputed, non-overlapping positions (the geometry's lines in English; a
    translated name is split into at most two lines and, when it is still longer, set as large as the room
    around it allows: ``_fitted``), as one group."""
    g = Group(class_="labels", pointer_events="none", debug=False)
    size = geo["label_size"]
    for rid, reg in geo["regions"].items():
        if "label" not in reg:
            continue
        x, y = reg["label"]
        lines = reg.get("lines", [reg["name"]])
        scale = 1.0
        name = (rname or {}).get(rid, reg["name"])
        if lang != "en" and name != reg["name"]:
            english = lines
            lines = split_label(name, english)
            if max(len(x) for x in lines) > max(len(x) for x in english) + 2:
                lines, scale = _fitted(geo, rid, lines)
        kind = reg["kind"]
        cls = {"sea": "label sea-label", "home": "label home-label",
               "impassable": "label impassable-label"}.get(kind, "label")
        top = y - (len(lines) - 1) * size * 1.15 / 2 + size * 0.36
        el = dwg.text("", insert=(x, top), class_=cls)
        if scale < 1.0:
            el["style"] = f"font-size:{size * scale:.1f}px"
        if len(lines) == 1:
            el.text = lines[0]
        else:
            for i, line in enumerate(lines):
                el.add(dwg.tspan(line, x=[x], y=[top + i * size * 1.15]))
        g.add(el)
    for fid, feat in geo.get("features", {}).items():
        x, y = feat["label"]
        g.add(dwg.text(_feature_name(fid, feat, lang), insert=(x, y + size * 0.3), class_="label feature-label"))
    return g


@lru_cache(maxsize=8)
def names_over(board: str = "europe", lang: str = "en") -> str:
    """The region names once more, to be drawn over the highlights: an outline never crosses a name (it passes
    under the name's halo). Hidden from screen readers, who meet each name once, on its region."""
    geo = load_geometry(board)
    lang = known(lang)
    g = _labels(svgwrite.Drawing(debug=False, profile="full"), geo, lang, _region_names(board, lang))
    g["class"] = "labels names-over"
    g["aria-hidden"] = "true"
    return str(g.tostring())
