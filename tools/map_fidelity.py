"""Contact measures between map regions, shared by the generator and the fidelity tests.

Two regions *touch* when the length of A's boundary lying within ``tol`` px of B is at least
``threshold`` px (at the board's 1280 px width). Development-time only (needs shapely).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import shapely
from shapely import affinity
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

THRESHOLD_PX = 2.0
TOLERANCE_PX = 0.3

_TOKEN = re.compile(r"[MLZmlz]|-?(?:\d+\.?\d*|\.\d+)")


def parse_path(d: str) -> BaseGeometry:
    """Rebuild a (multi)polygon from closed path data (M/L/Z absolute or m/l/z relative;
    each subpath starts with an absolute M), even-odd rule."""
    rings: list[list[tuple[float, float]]] = []
    cur: list[tuple[float, float]] = []
    nums: list[float] = []
    cmd = "M"
    for tok in _TOKEN.findall(d):
        if tok in "MLZmlz":
            if tok in "MmZz" and cur:
                rings.append(cur)
                cur = []
            cmd = tok
            continue
        nums.append(float(tok))
        if len(nums) == 2:
            x, y = nums
            nums = []
            if cmd in "ml" and cur:
                x, y = cur[-1][0] + x, cur[-1][1] + y
            cur.append((x, y))
            if cmd == "M":
                cmd = "L"
            elif cmd == "m":
                cmd = "l"
    if cur:
        rings.append(cur)
    geom: BaseGeometry = Polygon()
    for ring in rings:
        if len(ring) < 3:
            continue
        geom = geom.symmetric_difference(shapely.make_valid(Polygon(ring)))
    return geom


def contact_length(a: BaseGeometry, b: BaseGeometry, tol: float = TOLERANCE_PX) -> float:
    """Length of a's boundary lying within ``tol`` of b (symmetric enough for our use)."""
    if a.is_empty or b.is_empty or a.distance(b) > tol:
        return 0.0
    return a.boundary.intersection(b.buffer(tol)).length


def contacts(
    shapes: Mapping[str, BaseGeometry],
    threshold: float = THRESHOLD_PX,
    tol: float = TOLERANCE_PX,
    wrap_width: float | None = None,
) -> dict[tuple[str, str], float]:
    """All pairs of regions whose contact length reaches ``threshold``; with ``wrap_width``,
    regions touching the right edge are also measured, shifted left by it, against the others."""
    ids = sorted(shapes)
    tree_geoms = [shapes[i] for i in ids]
    tree = shapely.STRtree(tree_geoms)
    out: dict[tuple[str, str], float] = {}

    def measure(a_id: str, geom: BaseGeometry) -> None:
        for j in tree.query(geom.buffer(tol)):
            b_id = ids[j]
            if b_id == a_id:
                continue
            pair = tuple(sorted((a_id, b_id)))
            length = max(contact_length(geom, shapes[b_id], tol), contact_length(shapes[b_id], geom, tol))
            if length >= threshold:
                out[pair] = max(out.get(pair, 0.0), round(length, 2))

    for a_id in ids:
        measure(a_id, shapes[a_id])
        if wrap_width is not None:
            minx, _, maxx, _ = shapes[a_id].bounds
            if maxx >= wrap_width - tol:
                measure(a_id, affinity.translate(shapes[a_id], -wrap_width, 0))
    return out


def pairs(items: Iterable[Iterable[str]]) -> set[tuple[str, str]]:
    """Normalise a list of pairs to sorted tuples."""
    return {tuple(sorted(p)) for p in items}  # type: ignore[misc]


def as_multipolygon(g: BaseGeometry) -> MultiPolygon:
    """Polygonal part of any geometry as a MultiPolygon."""
    polys: list[Polygon] = []
    for part in getattr(g, "geoms", [g]):
        if isinstance(part, Polygon) and not part.is_empty:
            polys.append(part)
        elif isinstance(part, MultiPolygon):
            polys.extend(part.geoms)
        elif hasattr(part, "geoms"):
            polys.extend(as_multipolygon(part).geoms)
    return MultiPolygon(polys)
