"""Nation colours stay distinguishable under the three colour-vision deficiencies, on both boards.

Each piece colour is simulated with the matrices of Machado, Oliveira & Fernandes (2009, severity 1.0),
applied in linear sRGB, and compared in CIELAB (D65): every pair of a board's nations must differ by
ΔE*ab ≥ 10 for protanopia, deuteranopia and tritanopia (and with normal vision).  Pieces also carry the
nation's letter and home provinces a hatching, so colour is never the only cue (render.style)."""

from __future__ import annotations

import itertools

import pytest
from imperial_core import load_board
from render.style import COLOURS, letter

SIMULATIONS: dict[str, list[list[float]]] = {
    "normal": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
}
MIN_DELTA_E = 10.0


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(hex_colour: str, deficiency: str) -> tuple[float, float, float]:
    """The CIELAB colour a person with ``deficiency`` sees for ``hex_colour``."""
    rgb = [_linear(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5)]
    m = SIMULATIONS[deficiency]
    return _lab([min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)])


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def test_the_simulation_tells_red_from_green_only_with_normal_vision() -> None:
    red, green = "#FF0000", "#00FF00"
    assert delta_e(seen(red, "normal"), seen(green, "normal")) > 80
    # pure red and a darker green look alike to a deuteranope: the simulation really removes a channel
    assert delta_e(seen(red, "deuteranopia"), seen("#9A8600", "deuteranopia")) < 10


@pytest.mark.parametrize("board", ["europe", "world2030"])
@pytest.mark.parametrize("deficiency", list(SIMULATIONS))
def test_every_pair_of_nations_differs_by_delta_e_10(board: str, deficiency: str) -> None:
    nations = load_board(board).nations
    pieces = {n.id: COLOURS[n.color][0] for n in nations}
    assert len(set(pieces.values())) == len(nations)
    for a, b in itertools.combinations(pieces, 2):
        d = delta_e(seen(pieces[a], deficiency), seen(pieces[b], deficiency))
        assert d >= MIN_DELTA_E, f"{board}: {a} and {b} differ by ΔE {d:.1f} under {deficiency}"


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_every_nation_has_its_own_letter(board: str) -> None:
    ids = [n.id for n in load_board(board).nations]
    assert len({letter(i) for i in ids}) == len(ids)
