"""Draw the app's icons: a rondel of six coloured spaces on a dark square, as PNG (192 and 512 px, plain and
maskable) and SVG, into ``web/icons/``.  Pure Python (zlib + struct), deterministic: run it again and the
files are byte-identical.

Run: ``python3 tools/make_icons.py``.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"
BACKGROUND = (0x22, 0x2B, 0x38)
HUB = (0xF4, 0xEE, 0xDF)
#: rondel spaces clockwise from the top (the page's rondel colours, a little deeper)
SPACES = [(0xC9, 0xA2, 0x7E), (0x8F, 0xB8, 0x84), (0xE6, 0xCF, 0x7E), (0xE5, 0xB3, 0x8C), (0x7F, 0xAE, 0xD0),
          (0xB9, 0xB4, 0xAA)]


def _colour(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """The colour at (x, y) in a unit square (0..1)."""
    dx, dy = x - 0.5, y - 0.5
    r = math.hypot(dx, dy)
    scale = 0.8 if maskable else 1.0  # a maskable icon keeps its picture inside the safe circle (80 %)
    outer, inner, hub = 0.40 * scale, 0.17 * scale, 0.13 * scale
    if not maskable:
        corner = 0.18  # rounded square
        qx, qy = max(abs(dx) - (0.5 - corner), 0), max(abs(dy) - (0.5 - corner), 0)
        if math.hypot(qx, qy) > corner:
            return (0, 0, 0, 0)
    if r <= hub:
        return (*HUB, 255)
    if inner <= r <= outer:
        angle = (math.degrees(math.atan2(dx, -dy)) + 30) % 360
        k = int(angle // 60)
        if abs(angle - k * 60) * math.pi / 180 * r < 0.008:  # thin gaps between spaces
            return (*BACKGROUND, 255)
        return (*SPACES[k], 255)
    return (*BACKGROUND, 255)


def png(size: int, maskable: bool, ss: int = 3) -> bytes:
    """A ``size`` × ``size`` RGBA PNG, ``ss`` × ``ss`` samples per pixel."""
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # filter: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    c = _colour((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size, maskable)
                    for i in range(3):
                        acc[i] += c[i] * c[3]
                    acc[3] += c[3]
            a = acc[3] / (ss * ss)
            rgb = [round(acc[i] / acc[3]) if acc[3] else 0 for i in range(3)]
            rows.extend((*rgb, round(a)))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


def _hex(c: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{v:02X}" for v in c)


def svg() -> str:
    """The same picture as SVG, for the browser tab."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
             f'<rect width="100" height="100" rx="18" fill="{_hex(BACKGROUND)}"/>']
    for k, c in enumerate(SPACES):
        a0, a1 = math.radians(k * 60 - 30 - 90), math.radians(k * 60 + 30 - 90)
        pts = []
        for a, rr in ((a0, 40), (a1, 40), (a1, 17), (a0, 17)):
            pts.append((50 + rr * math.cos(a), 50 + rr * math.sin(a)))
        d = (f"M{pts[0][0]:.2f} {pts[0][1]:.2f}A40 40 0 0 1 {pts[1][0]:.2f} {pts[1][1]:.2f}"
             f"L{pts[2][0]:.2f} {pts[2][1]:.2f}A17 17 0 0 0 {pts[3][0]:.2f} {pts[3][1]:.2f}Z")
        parts.append(f'<path d="{d}" fill="{_hex(c)}" stroke="{_hex(BACKGROUND)}" stroke-width="0.8"/>')
    parts.append(f'<circle cx="50" cy="50" r="13" fill="{_hex(HUB)}"/></svg>')
    return "".join(parts) + "\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size, maskable=False))
        (OUT / f"icon-maskable-{size}.png").write_bytes(png(size, maskable=True))
    (OUT / "icon.svg").write_text(svg())
    print(f"icons written to {OUT}")


if __name__ == "__main__":
    main()
