"""Build the board geometry (SVG path data per region) for both boards.

Development-time tool, not part of the browser bundle. Inputs:

* Natural Earth 1:50m admin-0 countries (public domain) as TopoJSON from the npm package
  ``world-atlas@2.0.2`` (``npm pack world-atlas@2.0.2`` and unpack it into ``.cache/npm/package``);
* ``tools/map_data/imperial-*.json`` (regions, label points, borders) and ``*-map-seeds.json``
  (zones, 1914 corrections, islands, seeds; see their ``about``).

Output: ``pkg/render/geometry/<board>.json``. Run ``python tools/make_geometry.py [europe|world2030]``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import shapely
import shapely.ops
from shapely import affinity
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

sys.path.insert(0, str(Path(__file__).resolve().parent))
from map_fidelity import as_multipolygon, contacts, pairs  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tools" / "map_data"
OUT = ROOT / "pkg" / "render" / "geometry"
TOPO = ROOT / ".cache" / "npm" / "package" / "countries-50m.json"
SOURCE = "Natural Earth 1:50m admin-0 countries v4.1.0 (public domain), via npm world-atlas@2.0.2 (ISC)"


# --------------------------------------------------------------------------- TopoJSON

def load_countries(path: Path = TOPO) -> dict[str, BaseGeometry]:
    """Decode world-atlas TopoJSON into lon/lat (multi)polygons per country name.

    Rings that cross the antimeridian are unwrapped (longitudes kept continuous)."""
    topo = json.loads(path.read_text())
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        a = np.cumsum(np.array(arc, dtype=float), axis=0)
        arcs.append(np.column_stack((a[:, 0] * sx + tx, a[:, 1] * sy + ty)))

    def ring(idx: list[int]) -> np.ndarray:
        pts: list[np.ndarray] = []
        for i in idx:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.append(a if not pts else a[1:])
        r = np.vstack(pts)
        lon = r[:, 0].copy()
        jumps = np.diff(lon)
        shift = np.concatenate(([0.0], -360.0 * np.round(jumps / 360.0).cumsum()))
        return np.column_stack((lon + shift, r[:, 1]))

    out: dict[str, BaseGeometry] = {}
    for g in topo["objects"]["countries"]["geometries"]:
        name = g["properties"]["name"]
        polys = []
        if g["type"] == "Polygon":
            groups = [g["arcs"]]
        elif g["type"] == "MultiPolygon":
            groups = g["arcs"]
        else:
            continue
        for rings in groups:
            rs = [ring(r) for r in rings]
            p = shapely.make_valid(Polygon(rs[0], rs[1:]))
            polys.append(p)
        geom = unary_union(polys)
        out[name] = unary_union([geom, out[name]]) if name in out else geom
    return out


# --------------------------------------------------------------------------- projections

class Projection:
    """Lon/lat -> board pixels; ``apply`` works on shapely geometries."""

    width: float
    height: float

    def xy(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        raise NotImplementedError

    def describe(self) -> dict:
        """Parameters, for the record in the output file."""
        return {k: v for k, v in vars(self).items() if isinstance(v, (int, float, str))} | {
            "name": type(self).__name__}

    def point(self, lat: float, lon: float) -> tuple[float, float]:
        x, y = self.xy(np.array([lon]), np.array([lat]))
        return float(x[0]), float(y[0])

    def apply(self, geom: BaseGeometry) -> BaseGeometry:
        def f(a: np.ndarray) -> np.ndarray:
            x, y = self.xy(a[:, 0], a[:, 1])
            return np.column_stack((x, y))

        return shapely.make_valid(shapely.transform(geom, f))


class LambertAzimuthal(Projection):
    """Lambert azimuthal equal-area (sphere), cropped to a km frame, scaled to ``width`` px."""

    def __init__(self, lat0: float, lon0: float, frame_km: tuple[float, float, float, float], width: float):
        self.lat0, self.lon0 = math.radians(lat0), lon0
        self.x0, self.y0, self.x1, self.y1 = frame_km
        self.scale = width / (self.x1 - self.x0)
        self.width = width
        self.height = round((self.y1 - self.y0) * self.scale, 1)

    def xy(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        lam = np.radians(lon - self.lon0)
        phi = np.radians(lat)
        s0, c0 = math.sin(self.lat0), math.cos(self.lat0)
        k = np.sqrt(2.0 / (1.0 + s0 * np.sin(phi) + c0 * np.cos(phi) * np.cos(lam)))
        x = 6371.0 * k * np.cos(phi) * np.sin(lam)
        y = 6371.0 * k * (c0 * np.sin(phi) - s0 * np.cos(phi) * np.cos(lam))
        return (x - self.x0) * self.scale, (self.y1 - y) * self.scale


class Miller(Projection):
    """Miller cylindrical with its left edge at ``seam_lon``; ``width`` px for 360 degrees."""

    def __init__(self, seam_lon: float, lat_top: float, lat_bottom: float, width: float):
        self.seam = seam_lon
        self.width = width
        self.top = self._y(lat_top)
        self.height = round((self.top - self._y(lat_bottom)) * width / (2 * math.pi), 1)

    @staticmethod
    def _y(lat: np.ndarray | float) -> np.ndarray | float:
        return 1.25 * np.log(np.tan(np.pi / 4 + 0.4 * np.radians(lat)))

    def xy(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = self.width * (lon - self.seam) / 360.0
        y = (self.top - self._y(lat)) * self.width / (2 * math.pi)
        return x, y

    def point(self, lat: float, lon: float) -> tuple[float, float]:
        lon = (lon - self.seam) % 360.0 + self.seam
        return super().point(lat, lon)


class Lens(Projection):
    """A smooth radial magnifier on top of another projection: scale 1 + (factor - 1) * exp(-(r/sigma)^2)
    around a centre. Monotone in r for factor < 3.2, so it never folds and keeps every contact."""

    def __init__(self, base: Projection, lat: float, lon: float, factor: float, sigma: float):
        if not 1.0 <= factor < 3.2:
            raise ValueError("lens factor must be in [1, 3.2)")
        self.base = base
        self.width, self.height = base.width, base.height
        self.cx, self.cy = base.point(lat, lon)
        self.factor, self.sigma = factor, sigma

    def warp(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dx, dy = x - self.cx, y - self.cy
        s = 1.0 + (self.factor - 1.0) * np.exp(-(dx * dx + dy * dy) / (self.sigma * self.sigma))
        return self.cx + dx * s, self.cy + dy * s

    def xy(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.warp(*self.base.xy(lon, lat))

    def point(self, lat: float, lon: float) -> tuple[float, float]:
        x, y = self.base.point(lat, lon)
        a, b = self.warp(np.array([x]), np.array([y]))
        return float(a[0]), float(b[0])

    def apply_pixels(self, geom: BaseGeometry) -> BaseGeometry:
        """Warp a geometry already in base-projection pixels."""
        def f(a: np.ndarray) -> np.ndarray:
            return np.column_stack(self.warp(a[:, 0], a[:, 1]))

        return shapely.make_valid(shapely.transform(geom, f))

    def describe(self) -> dict:
        return self.base.describe() | {"lens": {"centre_px": [round(self.cx, 1), round(self.cy, 1)],
                                                "factor": self.factor, "sigma_px": self.sigma}}


def densify_box(lon0: float, lat0: float, lon1: float, lat1: float, step: float = 0.25) -> Polygon:
    """A lon/lat box with points every ``step`` degrees (so it projects as a smooth shape)."""
    return shapely.segmentize(box(lon0, lat0, lon1, lat1), step)


# --------------------------------------------------------------------------- helpers

def polys(g: BaseGeometry) -> list[Polygon]:
    """Polygons of a geometry."""
    return list(as_multipolygon(g).geoms)


def largest(g: BaseGeometry) -> Polygon:
    """Largest polygon of a geometry."""
    return max(polys(g), key=lambda p: p.area)


def split_by_seeds(area: BaseGeometry, seeds: list[tuple[str, tuple[float, float]]],
                   frame: Polygon) -> dict[str, BaseGeometry]:
    """Split ``area`` among seeds by nearest seed (Voronoi), component by component: each
    connected component is split only among the seeds lying in it; components with no seed go
    whole to the region of the nearest seed."""
    out: dict[str, list[BaseGeometry]] = defaultdict(list)
    comps = polys(area)
    for comp in comps:
        shapely.prepare(comp)
        hit = shapely.dwithin(comp, shapely.points([p for _, p in seeds]), 1.0)
        inside, seen = [], set()
        for s, k in zip(seeds, hit, strict=True):
            key = (round(s[1][0], 3), round(s[1][1], 3))
            if k and key not in seen:
                seen.add(key)
                inside.append(s)
        regions = {r for r, _ in inside}
        if not inside:
            r = min(seeds, key=lambda s: comp.distance(Point(s[1])))[0]
            out[r].append(comp)
            continue
        if len(regions) == 1:
            out[inside[0][0]].append(comp)
            continue
        pts = shapely.multipoints([p for _, p in inside])
        cells = shapely.voronoi_polygons(pts, extend_to=frame.buffer(50), ordered=True)
        by_region: dict[str, list[BaseGeometry]] = defaultdict(list)
        for (r, _), cell in zip(inside, cells.geoms, strict=True):
            by_region[r].append(cell)
        for r in sorted(by_region):
            piece = comp.intersection(unary_union(by_region[r]))
            if not piece.is_empty:
                out[r].append(piece)
    return {r: unary_union(v) for r, v in out.items()}


def merge_fragments(parts: dict[str, BaseGeometry], max_area: float,
                    keep: set[str] = frozenset()) -> dict[str, BaseGeometry]:
    """Give every non-largest component smaller than ``max_area`` to the neighbour (of the same
    split) sharing the longest boundary with it. Regions in ``keep`` keep all their parts."""
    parts = {r: shapely.make_valid(g) for r, g in parts.items()}
    for _ in range(3):
        moved = False
        for r in sorted(parts):
            comps = polys(parts[r])
            if len(comps) < 2 or r in keep:
                continue
            big = max(comps, key=lambda p: p.area)
            for c in comps:
                if c is big or c.area >= max_area:
                    continue
                best, best_len = None, 0.5
                cb = c.buffer(0.05)
                for o in sorted(parts):
                    if o == r or not cb.intersects(parts[o]):
                        continue
                    length = parts[o].boundary.intersection(cb).length
                    if length > best_len:
                        best, best_len = o, length
                if best is not None:
                    parts[r] = shapely.make_valid(parts[r].difference(c))
                    parts[best] = shapely.make_valid(unary_union([parts[best], c]))
                    moved = True
        if not moved:
            break
    return parts


def _num(t: int) -> str:
    """Integer tenths as the shortest decimal string (SVG allows "-.5" and ".5")."""
    neg, t = t < 0, abs(t)
    q, r = divmod(t, 10)
    body = (str(q) if q else "") + (f".{r}" if r else "") if (q or r) else "0"
    return ("-" if neg else "") + body


def _rel(coords: list[tuple[float, float]], closed: bool) -> str:
    """One subpath in relative tenths: ``M x y l dx dy ... [z]``."""
    pts = [(round(x * 10), round(y * 10)) for x, y in coords]
    dedup = [pts[0]]
    for q in pts[1:]:
        if q != dedup[-1]:
            dedup.append(q)
    if closed and len(dedup) > 1 and dedup[-1] == dedup[0]:
        dedup.pop()
    if len(dedup) < (3 if closed else 2):
        return ""
    out = [f"M{_num(dedup[0][0])} {_num(dedup[0][1])}l"]
    parts = []
    for (x0, y0), (x1, y1) in zip(dedup, dedup[1:], strict=False):
        dx, dy = _num(x1 - x0), _num(y1 - y0)
        parts.append(dx + ("" if dy.startswith("-") else " ") + dy)
    body = ""
    for i, part in enumerate(parts):
        body += part if i == 0 or part.startswith("-") else " " + part
    out.append(body)
    return "".join(out) + ("z" if closed else "")


def path_data(g: BaseGeometry) -> str:
    """Compact SVG path data (relative moves, 0.1 px), exteriors counter-clockwise, holes clockwise."""
    out: list[str] = []
    for p in polys(g):
        p = shapely.geometry.polygon.orient(p, 1.0)
        for r in [p.exterior, *p.interiors]:
            out.append(_rel(list(r.coords), True))
    return "".join(out)


def line_data(lines: list[LineString]) -> str:
    """Open polylines as compact path data."""
    return "".join(_rel(list(ln.coords), False) for ln in lines)


def linework(items: list[tuple[str, str, BaseGeometry]], kinds: dict[str, str],
             nation: dict[str, str | None]) -> dict[str, str]:
    """Classify every edge of the simplified coverage by the two shapes that share it:
    coast (land|water), national border, province border (same nation), sea border."""
    owners: dict[tuple, list[str]] = defaultdict(list)
    for kind, key, g in items:
        tag = f"{kind}:{key}"
        for p in polys(g):
            for r in [p.exterior, *p.interiors]:
                c = [(round(x, 2), round(y, 2)) for x, y in r.coords]
                for a, b in zip(c, c[1:], strict=False):
                    if a != b:
                        owners[(a, b) if a < b else (b, a)].append(tag)

    def cls(tag: str) -> str:
        kind, key = tag.split(":", 1)
        if kind == "region":
            return kinds[key]
        return {"land": "plainland", "lake": "water", "feature": "water", "polar": "polar"}[kind]

    groups: dict[str, list] = defaultdict(list)
    for seg, tags in owners.items():
        if len(tags) != 2:
            continue
        (ta, tb) = tags
        ca, cb = cls(ta), cls(tb)
        land = {"home", "neutral", "plainland", "impassable"}
        water = {"sea", "water"}
        if (ca in land and cb in water) or (cb in land and ca in water):
            groups["coast"].append(seg)
        elif ca in land and cb in land:
            ka, kb = ta.split(":", 1)[1], tb.split(":", 1)[1]
            na = nation.get(ka) if ca != "plainland" else None
            nb = nation.get(kb) if cb != "plainland" else None
            if na is not None and na == nb:
                groups["province"].append(seg)
            else:
                groups["national"].append(seg)
        elif ca == "sea" and cb == "sea":
            groups["sea"].append(seg)
        elif "polar" in (ca, cb) and (ca in water or cb in water):
            groups["ice"].append(seg)
    out = {}
    for k, segs in sorted(groups.items()):
        merged = shapely.line_merge(shapely.multilinestrings([list(sg) for sg in segs]))
        lines = [ln for ln in getattr(merged, "geoms", [merged]) if ln.length > 0]
        lines.sort(key=lambda ln: (round(ln.coords[0][0], 1), round(ln.coords[0][1], 1)))
        out[k] = line_data(lines)
    return out


# --------------------------------------------------------------------------- layout

def text_box(cx: float, cy: float, text: str, size: float) -> Polygon:
    """Approximate box of a centred label (sans-serif, ~0.58 em per character)."""
    lines = text.split("\n")
    w = max(len(s) for s in lines) * size * 0.58 + 2
    h = size * 1.15 * len(lines)
    return box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def candidates(shape: BaseGeometry, step: float) -> list[tuple[float, float]]:
    """Grid points inside ``shape``."""
    minx, miny, maxx, maxy = shape.bounds
    xs = np.arange(minx + step / 2, maxx, step)
    ys = np.arange(miny + step / 2, maxy, step)
    gx, gy = np.meshgrid(xs, ys)
    pts = shapely.points(gx.ravel(), gy.ravel())
    ok = shapely.contains(shape, pts)
    return [(float(x), float(y)) for x, y, k in zip(gx.ravel(), gy.ravel(), ok, strict=True) if k]


LABEL_SIZE = {"europe": 13.0, "world2030": 8.5}
UNIT_SIZE = {"europe": 23.0, "world2030": 10.0}
#: size of a drawn piece (factory, army, fleet, flag): larger than the layout unit, to count at a glance
PIECE_SIZE = {"europe": 34.5, "world2030": 15.0}


def label_lines(name: str) -> list[str]:
    """Split long names over two lines at the most balanced space."""
    if len(name) <= 13 or " " not in name:
        return [name]
    words = name.split(" ")
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def best_spot(shape: BaseGeometry, w: float, h: float, obstacles: list[tuple[float, float, float, float]],
              pref: tuple[float, float], reach: float = 0.0, pull: float = 0.3,
              inside_weight: float = 60.0) -> tuple[float, float]:
    """The centre of a w x h box that lies inside ``shape`` (or within ``reach`` px of it),
    overlaps no obstacle box (x0, y0, x1, y1), and is near ``pref``."""
    area = shape.buffer(reach) if reach else shape
    step = max(1.5, math.sqrt(max(area.area, 1.0) / 3000.0))
    xy = np.array(candidates(area, step) + [pref])
    shapely.prepare(shape)
    fx, fy = np.meshgrid(np.linspace(-0.5, 0.5, 7), np.linspace(-0.5, 0.5, 3))
    sx = xy[:, 0:1] + fx.ravel()[None, :] * w
    sy = xy[:, 1:2] + fy.ravel()[None, :] * h
    inside = shapely.contains_xy(shape, sx.ravel(), sy.ravel()).reshape(sx.shape).mean(axis=1)
    over = np.zeros(len(xy))
    if obstacles:
        ob = np.array(obstacles)
        ox = np.minimum(xy[:, 0:1] + w / 2, ob[None, :, 2]) - np.maximum(xy[:, 0:1] - w / 2, ob[None, :, 0])
        oy = np.minimum(xy[:, 1:2] + h / 2, ob[None, :, 3]) - np.maximum(xy[:, 1:2] - h / 2, ob[None, :, 1])
        over = (np.clip(ox, 0, None) * np.clip(oy, 0, None)).sum(axis=1) / (w * h)
    dist = np.hypot(xy[:, 0] - pref[0], xy[:, 1] - pref[1])
    score = -(over > 1e-4).astype(float) * 1000.0 - over * 3000 - (1 - inside) * inside_weight - dist * pull
    i = int(np.argmax(score))
    return round(float(xy[i, 0]), 1), round(float(xy[i, 1]), 1)


def layout(res: dict) -> dict[str, dict]:
    """Deterministic positions of each region's name, city, harbour anchor and unit stacks."""
    board, proj, sheet, shapes = res["board"], res["proj"], res["sheet"], res["shapes"]
    size, unit = LABEL_SIZE[board], UNIT_SIZE[board]
    regs = {r["id"]: r for r in sheet["regions"]}
    obst: list[tuple[float, float, float, float]] = []

    def sq(x: float, y: float, r: float) -> tuple[float, float, float, float]:
        return (x - r, y - r, x + r, y + r)

    out: dict[str, dict] = {}
    for rid in sorted(shapes):
        r = regs.get(rid, {})
        shape = shapes[rid]
        entry: dict = {}
        if r.get("kind") == "home":
            city = Point(proj.point(r["lat"], r["lon"]))
            inner = shape.buffer(-unit * 0.4)
            if inner.is_empty:
                inner = shape
            harbour = r.get("harbor_sea")
            if harbour:
                coast = shape.boundary.intersection(shapes[harbour].buffer(0.3))
                q = shapely.ops.nearest_points(coast, city)[0]
                c = shapely.ops.nearest_points(inner, q)[0]
                sea_inner = shapes[harbour].buffer(-unit * 0.45)
                an = shapely.ops.nearest_points(sea_inner, q)[0]
                entry["anchor"] = [round(an.x, 1), round(an.y, 1)]
                obst.append(sq(an.x, an.y, unit * 0.45))
                # the spot beside the anchor where fleets lying in this harbour are drawn
                sea = shapes[harbour]
                shapely.prepare(sea)
                best_port, best_in = None, -1.0
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)):
                    px, py = an.x + dx * unit * 0.95, an.y + dy * unit * 0.95
                    gx, gy = np.meshgrid(np.linspace(px - unit / 2, px + unit / 2, 5),
                                         np.linspace(py - unit / 2, py + unit / 2, 5))
                    frac = float(shapely.contains_xy(sea, gx.ravel(), gy.ravel()).mean())
                    for ox0, oy0, ox1, oy1 in obst:
                        ow = min(px + unit / 2, ox1) - max(px - unit / 2, ox0)
                        oh = min(py + unit / 2, oy1) - max(py - unit / 2, oy0)
                        if ow > 0 and oh > 0:
                            frac -= 2 * ow * oh / unit**2
                    if frac > best_in + 0.2:
                        best_port, best_in = (px, py), frac
                entry["port"] = [round(best_port[0], 1), round(best_port[1], 1)]
                obst.append(sq(best_port[0], best_port[1], unit * 0.5))
            else:
                c = city if inner.contains(city) else shapely.ops.nearest_points(inner, city)[0]
            entry["city"] = [round(c.x, 1), round(c.y, 1)]
            obst.append(sq(c.x, c.y, unit * 0.45))
        out[rid] = entry
    order = sorted(shapes, key=lambda k: (regs.get(k, {}).get("kind") == "sea", shapes[k].area))
    for rid in order:
        r = regs.get(rid) or {"name": rid.title(), "kind": "impassable"}
        shape = shapes[rid]
        lines = label_lines(r["name"])
        lb = text_box(0, 0, "\n".join(lines), size)
        w, h = lb.bounds[2] - lb.bounds[0], lb.bounds[3] - lb.bounds[1]
        big = largest(shape)
        centre = shapely.ops.polylabel(big, 0.5)
        pref = (centre.x, centre.y)
        pull = 0.3
        if "city" in out[rid]:
            cx, cy = out[rid]["city"]
            pref = (cx, cy - unit * 0.5 - h / 2 - 1)
            pull = 0.6
        reach = 0.0 if big.area > 6 * w * h else max(w, h)
        lx, ly = best_spot(big, w, h, obst, pref, reach=reach, pull=pull)
        out[rid]["label"] = [lx, ly]
        out[rid]["lines"] = lines
        obst.append((lx - w / 2, ly - h / 2, lx + w / 2, ly + h / 2))
        if r["kind"] == "impassable":
            continue
        uw, uh = unit * 2.6, unit * 1.1
        if big.area < 10 * uw * uh:
            uw = unit * 1.3
        upref = (lx, ly + h / 2 + uh / 2 + 1)
        if "city" in out[rid]:
            cx, cy = out[rid]["city"]
            upref = (cx, cy + unit * 0.5 + uh / 2 + 1)
        ux, uy = best_spot(big, uw, uh, obst, upref, reach=0.0 if big.area > 8 * uw * uh else uw,
                           inside_weight=300.0)
        out[rid]["units"] = [ux, uy]
        obst.append((ux - uw / 2, uy - uh / 2, ux + uw / 2, uy + uh / 2))
    return out


def write(res: dict) -> Path:
    """Write ``pkg/render/geometry/<board>.json``."""
    board, sheet, shapes = res["board"], res["sheet"], res["shapes"]
    lay = layout(res)
    regs = {r["id"]: r for r in sheet["regions"]}
    kinds = {k: regs[k]["kind"] if k in regs else "impassable" for k in shapes}
    nation = {k: regs.get(k, {}).get("nation") for k in shapes}
    lw = linework(res["items"], kinds, nation)
    regions = {}
    for rid in sorted(shapes):
        r = regs.get(rid)
        if r is None:
            imp = next(i for i in sheet["impassable"] if isinstance(i, dict) and i["id"] == rid)
            r = {"id": rid, "name": imp["name"], "kind": "impassable"}
        e = {"name": r["name"], "kind": "impassable" if r["kind"] == "impassable" else r["kind"],
             "d": path_data(shapes[rid])}
        for k in ("nation", "factory_site", "harbor_sea"):
            if r.get(k):
                e[k] = r[k]
        if r.get("start_factory"):
            e["start_factory"] = True
        e.update(lay[rid])
        regions[rid] = e
    features = {}
    for fid, g in sorted(res["features"].items()):
        imp = next((i for i in sheet["impassable"] if isinstance(i, dict) and i["id"] == fid), {"name": fid})
        c = shapely.ops.polylabel(largest(g), 0.5)
        features[fid] = {"name": imp["name"], "d": path_data(g), "label": [round(c.x, 1), round(c.y, 1)]}
    data = {
        "board": board,
        "source": SOURCE,
        "projection": res["proj"].describe(),
        "width": res["W"], "height": res["H"],
        "label_size": LABEL_SIZE[board], "unit_size": UNIT_SIZE[board], "piece_size": PIECE_SIZE[board],
        "wrap": board != "europe",
        "nations": [{"id": n["id"], "name": n["name"], "color": n["color"]} for n in sheet["nations"]],
        "regions": regions,
        "features": features,
        "plain_land": path_data(unary_union(res["plain"])) if res["plain"] else "",
        "lakes": path_data(unary_union(res["lakes"])) if res["lakes"] else "",
        "polar": path_data(res["polar"]) if not res["polar"].is_empty else "",
        "lines": lw,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{board}.json"
    path.write_text(json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n")
    return path


# --------------------------------------------------------------------------- boards

def board_inputs(board: str) -> tuple[dict, dict]:
    """The fact sheet and the seeds of a board."""
    if board == "europe":
        return (json.loads((DATA / "imperial-europe.json").read_text()),
                json.loads((DATA / "europe-map-seeds.json").read_text()))
    return (json.loads((DATA / "imperial-2030.json").read_text()),
            json.loads((DATA / "world2030-map-seeds.json").read_text()))


def clip_world(countries: dict[str, BaseGeometry], lonlat_box: tuple[float, float, float, float],
               shifts: tuple[float, ...] = (0.0,)) -> dict[str, BaseGeometry]:
    """Clip every country to a lon/lat box, also trying copies shifted by ``shifts`` degrees."""
    clip = box(*lonlat_box)
    out = {}
    for name, g in countries.items():
        pieces = []
        for s in shifts:
            gg = affinity.translate(g, s, 0) if s else g
            if gg.intersects(clip):
                pieces.append(gg.intersection(clip))
        if pieces:
            u = shapely.make_valid(unary_union(pieces))
            if u.area > 0:
                out[name] = shapely.segmentize(u, 0.5)
    return out


def build(board: str, upto: str = "") -> dict:
    """Compute the whole board geometry and layout."""
    t0 = time.time()
    sheet, seeds = board_inputs(board)
    regions = {r["id"]: r for r in sheet["regions"]}
    if board == "europe":
        proj: Projection = LambertAzimuthal(50.0, 15.0, (-2080.0, -1800.0, 2120.0, 1500.0), 1280.0)
        world = clip_world(load_countries(), (-40.0, 20.0, 75.0, 80.0))
    else:
        fr = seeds["frame"]
        proj = Miller(fr["lon_left"], fr["lat_top"], fr["lat_bottom"], fr["width_px"])
        world = clip_world(load_countries(), (fr["lon_left"], fr["lat_bottom"], fr["lon_right"], fr["lat_top"]),
                           shifts=(0.0, 360.0, -360.0))
    W, H = proj.width, proj.height
    frame = box(0, 0, W, H)
    countries = {n: shapely.make_valid(proj.apply(g)).intersection(frame) for n, g in world.items()}
    min_island = 0.01 if board == "europe" else 2.5
    countries = {n: MultiPolygon([p for p in polys(g) if p.area > min_island]) for n, g in countries.items()}
    countries = {n: g for n, g in countries.items() if not g.is_empty}
    land = shapely.make_valid(unary_union(list(countries.values())))

    def proj_poly(pts: list[list[float]]) -> BaseGeometry:
        p = shapely.segmentize(Polygon(pts), 0.25)
        return proj.apply(p)

    # ---- zones
    zdef = seeds["zones"]
    zone_of_country: dict[str, list[str]] = defaultdict(list)
    for grp in ("neutral", "nations", "impassable"):
        for z, names in zdef.get(grp, {}).items():
            for n in names:
                zone_of_country[n].append(z)
    zones: dict[str, BaseGeometry] = defaultdict(Polygon)
    for n, g in countries.items():
        for z in zone_of_country.get(n, []):
            zones[z] = unary_union([zones[z], g])
    corr = seeds.get("corrections_1914") or seeds.get("corrections") or []
    for c in corr:
        pg = proj_poly(c["polygon_lonlat"])
        moved = Polygon()
        for f in c["from"]:
            part = zones[f].intersection(pg)
            zones[f] = shapely.make_valid(zones[f].difference(pg))
            moved = unary_union([moved, part])
        zones[c["to"]] = shapely.make_valid(unary_union([zones[c["to"]], moved]))

    polar = Polygon()
    if board == "europe":
        for bx in seeds["no_region_islands_lonlat_box"].values():
            b = proj.apply(densify_box(*bx))
            for z in list(zones):
                keep = [p for p in polys(zones[z]) if not b.contains(p.representative_point())]
                zones[z] = MultiPolygon(keep)
    else:
        island_zones = set(zdef["island_zones"])
        mains = [Point(proj.point(*ll)) for ll in seeds["mainlands_latlon"].values()]
        mainland = unary_union([p for p in polys(land) if any(p.contains(m) for m in mains)])
        for z in list(zones):
            if z in island_zones:
                zones[z] = MultiPolygon([p for p in polys(zones[z]) if not mainland.contains(p.representative_point())])
            else:
                zones[z] = shapely.make_valid(zones[z].intersection(mainland))
                zones[z] = MultiPolygon([p for p in polys(zones[z]) if p.area > 0.05])
        pb = seeds["polar_band"]
        band = proj.apply(densify_box(fr["lon_left"], pb["all_north_of_lat"], fr["lon_right"], fr["lat_top"] + 1))
        wband = []
        lo, hi = pb["except_water_in_lon_range"]
        for a, b in ((fr["lon_left"], lo), (hi, fr["lon_right"])):
            wband.append(proj.apply(densify_box(a, pb["water_north_of_lat"], b, fr["lat_top"] + 1)))
        polar_land = unary_union([band] + [countries[c] for c in pb["countries"] if c in countries])
        polar = shapely.make_valid(unary_union([polar_land.intersection(frame)]))
        water_polar = unary_union(wband).difference(land)
        polar = unary_union([polar, water_polar.intersection(frame)])
        for z in list(zones):
            zones[z] = shapely.make_valid(zones[z].difference(polar))

    # ---- seeds (pixels)
    extra = seeds["extra_seeds_latlon"]

    def seeds_of(rid: str) -> list[tuple[str, tuple[float, float]]]:
        r = regions[rid]
        pts = [proj.point(r["lat"], r["lon"])] + [proj.point(a, b) for a, b in extra.get(rid, [])]
        return [(rid, p) for p in pts]

    land_parts: dict[str, BaseGeometry] = {}
    if board == "europe":
        nation_regions = {n["id"]: [r for r in regions if regions[r].get("nation") == n["id"]] for n in sheet["nations"]}
        for z in zdef["neutral"]:
            land_parts[z] = zones[z]
        for nat, rids in nation_regions.items():
            sd = [s for r in rids for s in seeds_of(r)]
            split = split_by_seeds(zones[nat], sd, frame)
            split = merge_fragments(split, 300.0, keep={"dublin"})
            land_parts.update(split)
    else:
        pinned = seeds.get("pinned_latlon", {})
        for z in zdef["neutral"]:
            if z in zdef.get("neutral_zone_regions", {}):
                continue
            land_parts[z] = zones[z]
        for z in zdef["impassable"]:
            land_parts[z] = zones[z]
        groups = dict(zdef["nation_regions"])
        groups.update(zdef.get("neutral_zone_regions", {}))
        for z, rids in groups.items():
            area = zones[z]
            for rid, pts in pinned.items():
                if rid in rids:
                    own = [p for p in polys(area) if any(p.contains(Point(proj.point(*ll))) for ll in pts)]
                    land_parts[rid] = unary_union(own)
                    area = area.difference(land_parts[rid])
            rest = [r for r in rids if r not in pinned]
            sd = [s for r in rest for s in seeds_of(r)]
            split = split_by_seeds(area, sd, frame)
            split = merge_fragments(split, seeds["fragment_merge"]["max_area_px2"])
            land_parts.update(split)
    land_parts = {r: shapely.make_valid(g) for r, g in land_parts.items() if not g.is_empty}
    region_land = unary_union(list(land_parts.values()))
    plain_land = shapely.make_valid(land.difference(region_land).difference(polar))

    # ---- water
    water = shapely.make_valid(frame.difference(land).difference(polar))
    features: dict[str, BaseGeometry] = {}
    if board != "europe":
        for fid, pts in seeds["water_features_lonlat"].items():
            pg = proj_poly(pts)
            feat = shapely.make_valid(water.intersection(pg))
            features[fid] = as_multipolygon(feat)
            water = shapely.make_valid(water.difference(pg))
    sea_ids = [r for r in regions if regions[r]["kind"] == "sea"]
    sea_seeds = [s for r in sea_ids for s in seeds_of(r)]
    print(f"  land partition {time.time() - t0:.1f}s", file=sys.stderr)
    if upto == "land":
        return {"land_parts": land_parts, "zones": zones, "plain": plain_land, "water": water, "polar": polar}
    if board != "europe":
        sea_seeds += coast_seeds(land_parts, water, sheet, regions, sea_seeds, seeds["coast_seeds"], polar)
    wbuf = water.buffer(0.01)
    shapely.prepare(wbuf)
    sea_seeds = [(r, p) for r, p in sea_seeds if wbuf.contains(Point(p))]
    seed_pts = shapely.points([p for _, p in sea_seeds])
    seeded, lakes = [], []
    for p in polys(water):
        (seeded if shapely.contains(p.buffer(0.01), seed_pts).any() else lakes).append(p)
    sea_parts = split_by_seeds(unary_union(seeded), sea_seeds, frame)
    if board != "europe":
        sea_parts = merge_fragments(sea_parts, seeds["fragment_merge"]["max_area_px2"])
    else:
        sea_parts = merge_fragments(sea_parts, 300.0)

    print(f"  seas {time.time() - t0:.1f}s", file=sys.stderr)
    # ---- coverage simplify (everything together keeps shared edges identical)
    items: list[tuple[str, str, BaseGeometry]] = []
    for r, g in sorted(land_parts.items()):
        items.append(("region", r, g))
    for r, g in sorted(sea_parts.items()):
        items.append(("region", r, g))
    for i, p in enumerate(polys(plain_land)):
        items.append(("land", str(i), p))
    for i, p in enumerate(lakes):
        items.append(("lake", str(i), p))
    for fid, g in sorted(features.items()):
        items.append(("feature", fid, g))
    if not polar.is_empty:
        items.append(("polar", "polar", polar))
    geoms = [shapely.make_valid(shapely.set_precision(g, 0.001)) for _, _, g in items]
    geoms = [as_multipolygon(g) if g.geom_type == "GeometryCollection" else g for g in geoms]
    tol = 1.2 if board == "europe" else 1.4
    simp = shapely.coverage_simplify(np.array(geoms, dtype=object), tol, simplify_boundary=True)
    mag = seeds.get("magnify")
    if mag:
        # enlarge Europe after the partition: a homeomorphism, so every contact is kept
        proj = Lens(proj, mag["lat"], mag["lon"], mag["factor"], mag["sigma_px"])
        warped = []
        for g in simp:
            w = proj.apply_pixels(shapely.segmentize(shapely.make_valid(g), 1.0)).intersection(frame)
            w = shapely.make_valid(shapely.set_precision(w, 0.001))
            warped.append(as_multipolygon(w) if w.geom_type == "GeometryCollection" else w)
        simp = shapely.coverage_simplify(np.array(warped, dtype=object), mag.get("tolerance_px", 0.5),
                                         simplify_boundary=True)
    shapes: dict[str, BaseGeometry] = {}
    plain: list[BaseGeometry] = []
    lake_list: list[BaseGeometry] = []
    feat_out: dict[str, BaseGeometry] = {}
    polar_out: BaseGeometry = Polygon()
    for (kind, key, _), g in zip(items, simp, strict=True):
        g = shapely.make_valid(g)
        if kind == "region":
            shapes[key] = g
        elif kind == "land":
            if g.area > 0.3:
                plain.append(g)
        elif kind == "lake":
            if g.area > 0.3:
                lake_list.append(g)
        elif kind == "feature":
            feat_out[key] = g
        else:
            polar_out = g
    return {
        "board": board, "proj": proj, "sheet": sheet, "seeds": seeds, "shapes": shapes,
        "plain": plain, "lakes": lake_list, "features": feat_out, "polar": polar_out,
        "W": W, "H": H, "seconds": time.time() - t0, "items": [(k, kk, shapely.make_valid(g)) for (k, kk, _), g in zip(items, simp, strict=True)],
    }


def coast_seeds(land_parts: dict[str, BaseGeometry], water: BaseGeometry, sheet: dict, regions: dict,
                sea_seeds: list[tuple[str, tuple[float, float]]], cfg: dict,
                polar: BaseGeometry) -> list[tuple[str, tuple[float, float]]]:
    """Seeds every ``step_px`` along each land region's sea coast, of a sea the region may touch."""
    allowed: dict[str, list[str]] = defaultdict(list)
    for a, b in sheet["coasts"]:
        land_id, sea = (a, b) if regions[a]["kind"] != "sea" else (b, a)
        allowed[land_id].append(sea)
    obstacles = unary_union([unary_union(list(land_parts.values())), polar]).buffer(-0.3)
    shapely.prepare(obstacles)
    by_sea: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for r, p in sea_seeds:
        by_sea[r].append(p)
    out: list[tuple[str, tuple[float, float]]] = []
    step = cfg["step_px"]
    wb = water.buffer(0.05)
    for rid in sorted(land_parts):
        seas = allowed.get(rid, [])
        if not seas:
            continue
        g = land_parts[rid]
        for comp in polys(g):
            if len(seas) > 1 and comp.area < cfg["min_multi_sea_component_area_px2"]:
                continue
            coast = comp.boundary.intersection(wb)
            if coast.is_empty:
                continue
            lines = [ln for ln in getattr(coast, "geoms", [coast]) if ln.length > 0]
            for ln in lines:
                n = max(1, int(ln.length / step))
                for k in range(n + 1):
                    q = ln.interpolate(k / n, normalized=True)
                    # push the seed slightly into the water
                    pt = (q.x, q.y)
                    if len(seas) == 1:
                        out.append((seas[0], pt))
                        continue
                    cands = sorted(((sp[0] - pt[0]) ** 2 + (sp[1] - pt[1]) ** 2, s, sp)
                                   for s in seas for sp in by_sea.get(s, []))[:12]
                    lines = shapely.linestrings([[pt, sp] for _, _, sp in cands])
                    blocked = shapely.intersects(obstacles, lines)
                    best = next((c[1] for c, b in zip(cands, blocked, strict=True) if not b), cands[0][1])
                    out.append((best, pt))
    return out


# --------------------------------------------------------------------------- fidelity

def rule_pairs(sheet: dict) -> tuple[set, set, set, set]:
    """Rules contacts: land borders, coasts, sea borders, impassable contacts."""
    land = pairs(sheet["land_borders"])
    coast = pairs(sheet["coasts"])
    sea = pairs(sheet["sea_borders"])
    imp: set = set()
    for r in sheet["regions"]:
        for t in r.get("touches", []):
            imp.add(tuple(sorted((r["id"], t))))
    return land, coast, sea, imp


def report(res: dict) -> dict:
    """Missing/extra contact pairs on the simplified shapes."""
    sheet = res["sheet"]
    shapes = res["shapes"]
    wrap = res["W"] if res["board"] != "europe" else None
    got = contacts(shapes, wrap_width=wrap)
    land, coast, sea, imp = rule_pairs(sheet)
    if res["board"] != "europe":
        imp = {("berlin", "switzerland"), ("paris", "switzerland"), ("rome", "switzerland")}
    want = land | coast | sea | imp
    missing = sorted(want - set(got))
    extra = sorted(set(got) - want)
    short = sorted((v, k) for k, v in got.items() if k in want and v < 12)
    return {"missing": missing, "extra": extra, "short": short, "got": got}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("boards", nargs="*", default=["europe", "world2030"])
    args = ap.parse_args()
    for b in args.boards:
        res = build(b)
        rep = report(res)
        print(b, f"{res['seconds']:.1f}s", "missing", rep["missing"], "extra", rep["extra"])
        print("  short", rep["short"])
        path = write(res)
        print("  wrote", path, path.stat().st_size, "bytes")
