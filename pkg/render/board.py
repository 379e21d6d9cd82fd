"""The map: ``board_svg(state)`` draws a game (or an empty board) as an SVG string.

Pure drawing: every fact comes from the state (units, hostile counts, flags, factories)
or from the committed geometry; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import svgwrite
from svgwrite.container import Group

from .geometry import load_geometry
from .style import COLOURS, PATTERNS, letter, stylesheet

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


def _defs(dwg: svgwrite.Drawing, geo: dict) -> None:
    """Glyphs, patterns and the stylesheet, each defined once."""
    dwg.defs.add(dwg.style(stylesheet(geo["nations"], geo["label_size"])))
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


def _title(rid: str, reg: dict, names: dict[str, str], units: list[tuple[str, str, int]],
           flag: str | None, factory: bool) -> str:
    """Accessible description of a region: name, owner, site, units."""
    bits = [reg["name"]]
    if reg.get("nation"):
        bits.append(f"home province of {names.get(reg['nation'], reg['nation'])}")
    if reg.get("factory_site"):
        site = "shipyard" if reg["factory_site"] == "shipyard" else "armaments factory"
        bits.append(("" if factory else "empty ") + site + ("" if factory else " site"))
    if flag:
        bits.append(f"flag of {names.get(flag, flag)}")
    words = {"fleet": ("fleet", "fleets"), "army": ("army", "armies"),
             "army-hostile": ("hostile army", "hostile armies")}
    for nid, kind, count in units:
        one, many = words[kind]
        bits.append(f"{count} {names.get(nid, nid)} {one if count == 1 else many}")
    return ", ".join(bits)


def board_svg(state: Any = None, *, board: str | None = None, highlight: Iterable[str] = (),
              size: tuple[float | str, float | str] | None = None, units: bool = True) -> str:
    """Draw the map of a game, or of an empty board.

    ``state``: an ``imperial_core`` ``GameState`` (or ``None`` for an empty board);
    ``board``: "europe" or "world2030" when there is no state; ``highlight``: region ids to
    outline (e.g. legal destinations); ``size``: width and height attributes (default: none,
    the SVG scales to its container). Every movement region is one ``<path>`` with
    ``data-region`` and a ``<title>``; impassable areas carry ``data-impassable`` instead.
    """
    board_id = state.board if state is not None else (board or "europe")
    geo = load_geometry(board_id)
    W, H = geo["width"], geo["height"]
    U = geo["unit_size"]
    nations = [n["id"] for n in geo["nations"]]
    names = {n["id"]: n["name"] for n in geo["nations"]}
    dwg = svgwrite.Drawing(size=size or ("100%", "100%"), viewBox=f"0 0 {_fmt(W)} {_fmt(H)}",
                           debug=False, profile="full")
    dwg["class"] = f"board board-{board_id}"
    dwg["aria-label"] = "Imperial 2030 world map" if board_id == "world2030" else "Imperial map of Europe"
    _defs(dwg, geo)

    per_region = _units_of(state, nations) if units else {}
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

    dwg.add(dwg.rect(insert=(0, 0), size=(W, H), class_="water"))
    lines = geo["lines"]
    seas = dwg.add(Group(class_="seas"))
    lands = Group(class_="lands")
    for rid, reg in geo["regions"].items():
        kind = reg["kind"]
        if kind == "impassable":
            el = dwg.path(d=reg["d"], class_="impassable")
            el["data-impassable"] = rid
            el.set_desc(title=f"{reg['name']} (impassable)")
            lands.add(el)
            continue
        cls = "region " + ("sea" if kind == "sea" else f"land {kind}")
        if reg.get("nation"):
            cls += f" nation-{reg['nation']}"
        if rid in flags:
            cls += f" flag-{flags[rid]}"
        el = dwg.path(d=reg["d"], class_=cls, id=f"r-{rid}")
        el["data-region"] = rid
        el.set_desc(title=_title(rid, reg, names, per_region.get(rid, []), flags.get(rid), rid in built))
        (seas if kind == "sea" else lands).add(el)
    if geo.get("lakes"):
        seas.add(dwg.path(d=geo["lakes"], class_="lake"))
    for fid, feat in geo.get("features", {}).items():
        el = dwg.path(d=feat["d"], class_="feature")
        el["data-impassable"] = fid
        el.set_desc(title=f"{feat['name']} (not a sea region)")
        seas.add(el)
    if lines.get("coast"):
        dwg.add(dwg.path(d=lines["coast"], class_="coast-halo"))
    if geo.get("plain_land"):
        dwg.add(dwg.path(d=geo["plain_land"], class_="plain"))
    dwg.add(lands)
    if geo.get("polar"):
        el = dwg.path(d=geo["polar"], class_="polar")
        el["data-impassable"] = "polar"
        el.set_desc(title="Polar regions (impassable)")
        dwg.add(el)
    lg = dwg.add(Group(class_="lines"))
    for key, cls in (("sea", "sea-border"), ("province", "province"), ("national", "national"),
                     ("coast", "coast"), ("ice", "ice")):
        if lines.get(key):
            lg.add(dwg.path(d=lines[key], class_=cls))
    hl = [h for h in highlight if h in geo["regions"]]
    if hl:
        hg = dwg.add(Group(class_="highlights"))
        for rid in hl:
            el = dwg.path(d=geo["regions"][rid]["d"], class_="highlight")
            el["data-highlight"] = rid
            hg.add(el)

    _sites(dwg, geo, built, U)
    _passages(dwg, geo, board_id, flags)
    _labels(dwg, geo)
    if units:
        _pieces(dwg, geo, per_region, flags, U)
    return dwg.tostring()


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


def _passages(dwg: svgwrite.Drawing, geo: dict, board_id: str, flags: dict[str, str]) -> None:
    """Imperial 2030's canals (with the colour of the nation whose flag controls them), the two straits
    armies may cross, and arrows where the seas continue across the map's east and west edges."""
    from imperial_core.board import load_board

    try:
        b = load_board(board_id)
    except ValueError:
        return
    if not (b.canals or b.straits or b.wrap_sea_borders):
        return
    g = dwg.add(Group(class_="passages"))
    size = geo["label_size"]
    seas = {rid: reg for rid, reg in geo["regions"].items() if reg["kind"] == "sea"}
    for c in b.canals:
        at = project(geo, *PLACES[c.id]) if c.id in PLACES else None
        if at is None:
            continue
        x, y = at
        owner = flags.get(c.controlled_by)
        mark = g.add(dwg.g(class_=f"canal{f' owner-{owner}' if owner else ''}"))
        mark["data-canal"] = c.id
        a, z = (geo["regions"].get(s, {}).get("name", s) for s in c.seas)
        control = geo["regions"].get(c.controlled_by, {}).get("name", c.controlled_by)
        who = f"controlled by the flag of {owner}" if owner else f"free while no flag stands in {control}"
        mark.set_desc(title=f"{c.name}: {a} ↔ {z}; {who}")
        mark.add(dwg.circle(center=(x, y), r=size * 0.55, class_="canal-ring"))
        mark.add(dwg.path(d=f"M{_fmt(x - size * 0.3)} {_fmt(y)}H{_fmt(x + size * 0.3)}", class_="canal-cut"))
        mark.add(dwg.text(c.name.replace(" Canal", ""), insert=(x, y - size * 0.9), class_="label canal-label"))
    for a, z in b.straits:
        at = project(geo, *PLACES.get(f"{a}-{z}", PLACES.get(f"{z}-{a}", (0.0, 0.0))))
        if at is None or f"{a}-{z}" not in PLACES and f"{z}-{a}" not in PLACES:
            continue
        x, y = at
        el = g.add(dwg.path(d=f"M{_fmt(x - size * 0.5)} {_fmt(y - size * 0.5)}L{_fmt(x + size * 0.5)} "
                               f"{_fmt(y + size * 0.5)}", class_="strait"))
        names = [geo["regions"].get(r, {}).get("name", r) for r in (a, z)]
        el.set_desc(title=f"Strait: armies cross between {names[0]} and {names[1]}")
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
        others = ", ".join(seas.get(t, {}).get("name", t) for t in sorted(theirs))
        if x < width / 2:
            tx, text, anchor = 4.0, f"◂ {others}", "start"
        else:
            tx, text, anchor = width - 4.0, f"{others} ▸", "end"
        t = g.add(dwg.text(text, insert=(tx, y + size * 1.6), class_=f"label wrap-label wrap-{anchor}"))
        t.set_desc(title=f"{reg.get('name', here)} continues across the edge of the map to {others}")


def _sites(dwg: svgwrite.Drawing, geo: dict, built: set[str], U: float) -> None:
    """Harbour anchors, factory sites and built factories."""
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
        site = reg.get("factory_site", "armaments")
        if rid in built:
            s = U * 0.95
            fill = "#7B4A24" if site == "armaments" else "#1F5F8B"
            u = dwg.use(href="#g-factory", insert=(x - s / 2, y - s / 2), size=(s, s), fill=fill,
                        class_=f"factory factory-{site}")
            u["data-factory"] = rid
            g.add(u)
        elif site == "shipyard":
            g.add(dwg.circle(center=(x, y), r=U * 0.22, class_="site site-shipyard"))
        else:
            r = U * 0.2
            g.add(dwg.rect(insert=(x - r, y - r), size=(2 * r, 2 * r), class_="site site-armaments"))


def _labels(dwg: svgwrite.Drawing, geo: dict) -> None:
    """Region names at their precomputed, non-overlapping positions."""
    g = dwg.add(Group(class_="labels"))
    size = geo["label_size"]
    for reg in geo["regions"].values():
        if "label" not in reg:
            continue
        x, y = reg["label"]
        lines = reg.get("lines", [reg["name"]])
        kind = reg["kind"]
        cls = {"sea": "label sea-label", "home": "label home-label",
               "impassable": "label impassable-label"}.get(kind, "label")
        top = y - (len(lines) - 1) * size * 1.15 / 2 + size * 0.36
        t = dwg.text("", insert=(x, top), class_=cls)
        if len(lines) == 1:
            t.text = lines[0]
        else:
            for i, line in enumerate(lines):
                t.add(dwg.tspan(line, x=[x], y=[top + i * size * 1.15]))
        g.add(t)
    for feat in geo.get("features", {}).values():
        x, y = feat["label"]
        g.add(dwg.text(feat["name"], insert=(x, y + size * 0.3), class_="label feature-label"))


def _pieces(dwg: svgwrite.Drawing, geo: dict, per_region: dict[str, list[tuple[str, str, int]]],
            flags: dict[str, str], U: float) -> None:
    """Flags, fleets and armies (lying = friendly, standing = hostile) with counts."""
    g = dwg.add(Group(class_="units"))
    for rid, reg in geo["regions"].items():
        items: list[tuple[str, str, int]] = []
        if rid in flags:
            items.append((flags[rid], "flag", 1))
        for item in per_region.get(rid, []):
            if item[1] == "fleet" and "port" in reg:
                # a fleet in a home province lies in its harbour: draw it beside the anchor
                _piece(dwg, g, rid, item, reg["port"][0], reg["port"][1], U)
            else:
                items.append(item)
        if not items or "units" not in reg:
            continue
        ux, uy = reg["units"]
        per_row = 3
        rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
        step = U * 1.05
        for ri, row in enumerate(rows):
            y = uy + ri * step
            x0 = ux - (len(row) - 1) * step / 2
            for ci, item in enumerate(row):
                _piece(dwg, g, rid, item, x0 + ci * step, y, U)


def _piece(dwg: svgwrite.Drawing, g: Group, rid: str, item: tuple[str, str, int], x: float, y: float,
           U: float) -> None:
    """One glyph (flag, fleet, lying or standing army) with its nation letter and stack count."""
    nid, kind, count = item
    u = dwg.use(href=f"#g-{kind}", insert=(_fmt(x - U / 2), _fmt(y - U / 2)), size=(U, U),
                class_=f"piece {kind} nation-{nid}")
    u["data-unit"] = f"{nid} {kind} {rid}"
    g.add(u)
    tx, ty = x, y + U * 0.16
    if kind == "army-hostile":
        ty = y + U * 0.2
    elif kind == "flag":
        tx, ty = x + U * 0.08, y - U * 0.08
    elif kind == "army":
        tx = x - U * 0.05
    elif kind == "fleet":
        ty = y + U * 0.27
    g.add(dwg.text(letter(nid), insert=(_fmt(tx), _fmt(ty)), class_=f"piece-letter nation-{nid}",
                   font_size=_fmt(U * (0.34 if kind in ("fleet", "flag") else 0.42))))
    if count > 1:
        cx, cy = x + U * 0.42, y - U * 0.36
        g.add(dwg.circle(center=(_fmt(cx), _fmt(cy)), r=_fmt(U * 0.26), class_="count-bg"))
        g.add(dwg.text(str(count), insert=(_fmt(cx), _fmt(cy + U * 0.16)), class_="count",
                       font_size=_fmt(U * 0.4)))
