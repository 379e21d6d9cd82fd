"""The drawings in German and Spanish: the map's names and titles, the panels' and charts' words."""

from __future__ import annotations

import re

import pytest
from imperial_core import legal_actions, new_game, step_index
from imperial_core.board import load_board
from imperial_text import money
from imperial_text.tables import NAMES
from render.board import board_svg, split_label, static_svg
from render.charts import charts_svg
from render.panels import rondel_svg, tracks_svg, treasuries_svg


def _texts(svg: str) -> str:
    """Every word a person reads: element text and titles, without markup."""
    return " ".join(re.findall(r">([^<>]+)<", svg))


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_static_board_in_german_names_every_region_in_german(board: str) -> None:
    svg = static_svg(board, lang="de")
    words = _texts(svg)
    b = load_board(board)
    de = NAMES[(board, "de")]
    english_only = [r.name for rid, r in b.regions.items() if de[rid] != r.name and r.name not in de.values()
                    and not any(r.name in v for v in de.values())]
    assert english_only
    leaked = [name for name in english_only if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", words)]
    assert leaked == []
    for rid in b.regions:
        assert f"<title>{de[rid]}" in svg, rid
    if board == "europe":
        assert "Wien" in words and "Österreich-Ungarn" in words and "Vienna" not in words


def test_long_translated_names_keep_to_two_lines() -> None:
    assert split_label("Nordatlantischer Ozean", ["North", "Atlantic"]) == ["Nordatlantischer", "Ozean"]
    assert split_label("Österreich-Ungarn", ["Austria"]) == ["Österreich-", "Ungarn"]
    assert split_label("Wien", ["Vienna"]) == ["Wien"]
    for board in ("europe", "world2030"):
        for lang in ("de", "es"):
            svg = static_svg(board, lang=lang)
            for label in re.findall(r'<text class="label[^"]*"[^>]*>(.*?)</text>', svg):
                assert label.count("<tspan") <= 2


def test_english_board_unchanged_by_the_language_keyword() -> None:
    assert static_svg("europe") == static_svg("europe", lang="en")
    assert "Vienna" in static_svg("europe")


def _played(board: str, steps: int = 120):
    rng = __import__("random").Random(3)
    s = new_game(["Ann", "Bob", "Cem"], seed=3, board=board)
    for _ in range(steps):
        if s.is_over:
            break
        s, _ = step_index(s, rng.randrange(len(legal_actions(s))))
    return s


def test_panels_and_charts_in_spanish() -> None:
    s = _played("europe")
    rondel = _texts(rondel_svg(s, lang="es"))
    for word in ("Fábrica", "Producción", "Maniobra", "Inversionista", "Importación", "Impuestos"):
        assert word in rondel
    assert "Taxation" not in rondel and "Factory" not in rondel
    tracks = _texts(tracks_svg(s, lang="es"))
    assert "Puntos de poder (factor)" in tracks and "Tabla de impuestos" in tracks and "Imperio Germánico" in tracks
    treas = treasuries_svg(s, lang="es")
    assert "Tesorería" in treas and "Gobierno" in treas and "Austria-Hungría" in treas
    first = s.board_data.nations[0].id
    assert money("es", s.nations[first]["treasury"]) in treas
    charts = charts_svg(s, lang="es")
    assert "Puntos de poder" in charts["power"] and "Tesorerías" in charts["treasury"]
    assert "Efectivo" in charts["cash"] and "Ronda" in charts["scores"]
    assert "Gran Bretaña" in charts["power"] and "Great Britain" not in charts["power"]


def test_panels_and_charts_in_german_and_english() -> None:
    s = _played("world2030")
    assert "Steuern" in rondel_svg(s, lang="de") and "Taxation" in rondel_svg(s)
    assert "Machtpunkte (Faktor)" in tracks_svg(s, lang="de")
    assert "Vereinigte Staaten" in treasuries_svg(s, lang="de")
    assert "Runde" in charts_svg(s, lang="de")["power"]
    en = charts_svg(s)
    assert "Power points" in en["power"] and "Round" in en["power"] and "United States" in en["power"]


def test_pieces_titles_in_german() -> None:
    s = _played("europe", 200)
    svg = board_svg(s, lang="de")
    titles = " ".join(re.findall(r"<title>([^<]*)</title>", svg))
    assert "Flagge von" in titles or "Armee" in titles or "Flotte" in titles
    assert " armies" not in titles and " fleet" not in titles and "flag of" not in titles


def _label_boxes(svg: str, size: float) -> list[tuple[list[str], float, tuple[float, float, float, float]]]:
    """Every region name of a static board: its lines, its font size and its box (as the geometry tool measures
    text)."""
    out = []
    for cls, attrs, body in re.findall(r'<text class="(label[^"]*)"([^>]*)>(.*?)</text>', svg):
        if any(k in cls for k in ("canal", "wrap", "feature")):
            continue
        x = float(re.search(r' x="([-\d.]+)"', attrs).group(1))
        y = float(re.search(r' y="([-\d.]+)"', attrs).group(1))
        lines = [re.sub("<[^>]+>", "", t) for t in re.findall(r"<tspan[^>]*>(.*?)</tspan>", body)] or [body]
        fs = float(m.group(1)) if (m := re.search(r"font-size:([\d.]+)px", attrs)) else size
        w, h = max(len(line) for line in lines) * fs * 0.58 + 2, fs * 1.15 * len(lines)
        cy = y - size * 0.36 + (len(lines) - 1) * size * 1.15 / 2
        out.append((lines, fs, (x - w / 2, cy - h / 2, x + w / 2, cy + h / 2)))
    return out


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_translated_names_are_set_large_where_there_is_room_and_apart(board: str, lang: str) -> None:
    from render import load_geometry
    from render.board import _overlap

    size = load_geometry(board)["label_size"]
    boxes = _label_boxes(static_svg(board, lang=lang), size)
    assert len(boxes) > 50
    # (the page opens a board so that a name of the full size is 9 px or more at 1280 px: none is much smaller)
    assert min(fs for _lines, fs, _box in boxes) >= size * 0.9
    crossed = [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:] if _overlap(a[2], b[2]) > 0]
    assert not crossed
    if board == "europe" and lang == "de":
        assert ["Ärmel-", "kanal"] in [lines for lines, _fs, _box in boxes]  # one long word, broken to fit
