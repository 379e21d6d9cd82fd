"""One palette for the map and the page (issue 15): the page's nation colours (chips, bars, borders) are
written by the build from the renderer's palette, never typed into the page's stylesheet, and text on them
reads (WCAG AA contrast)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from render import load_geometry
from render.style import COLOURS, contrast, page_css

import build

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ["europe", "world2030"]


def variables(css: str) -> dict[str, str]:
    return dict(re.findall(r"--([A-Za-z-]+):(#[0-9A-Fa-f]{6})", css))


def test_the_build_writes_the_renderers_colours_for_every_nation_of_both_boards() -> None:
    css = build.nations_css()
    assert css == page_css([load_geometry(b)["nations"] for b in BOARDS])
    found = variables(css)
    for board in BOARDS:
        for n in load_geometry(board)["nations"]:
            piece = COLOURS[n["color"]][0]
            assert found[n["id"]] == piece, (board, n["id"])
            assert contrast(found[f"{n['id']}-ink"], piece) >= 4.5, n["id"]
            assert f".n-{n['id']}{{--nc:var(--{n['id']});--nc-ink:var(--{n['id']}-ink)}}" in css


def test_the_page_has_no_colours_of_its_own_for_nations() -> None:
    style = (ROOT / "web" / "style.css").read_text()
    ids = {n["id"] for b in BOARDS for n in load_geometry(b)["nations"]}
    own = [nid for nid in ids if re.search(rf"--{nid}\s*:", style) or re.search(rf"\.n-{nid}\b[^{{]*{{", style)]
    assert own == []
    assert re.search(r"\.chip\s*{[^}]*background:\s*var\(--nc[,)][^}]*color:\s*var\(--nc-ink", style)
    assert '<link rel="stylesheet" href="./nations.css">' in (ROOT / "web" / "index.html").read_text()


def test_two_colours_for_one_nation_are_refused() -> None:
    with pytest.raises(ValueError):
        page_css([[{"id": "RU", "color": "purple"}], [{"id": "RU", "color": "red"}]])
    assert variables(page_css([[{"id": "XX", "color": "yellow"}]]))["XX"] == COLOURS["yellow"][0]
