"""The layered board in real Chromium: after random clicks, the map in the page's DOM (static board put in
once, pieces layer swapped piece by piece, highlight groups swapped in the overlay by ui.js) is exactly
``render.board_svg`` of the saved position with the highlights on screen; the board downloads as SVG (the same
drawing) and as PNG."""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import render
from conftest import ROOT, PagePool, saved_text
from playwright.sync_api import Page

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui import a11y  # noqa: E402
from imperial_ui.session import Session  # noqa: E402

RANDOM_CLICKS = """async ({n, seed}) => {
    let s = seed;
    const rand = (k) => { s = (s * 1103515245 + 12345) % 2147483648; return s % k; };
    for (let i = 0; i < n; i++) {
        const els = [...document.querySelectorAll('#decision [data-choice], #map [data-choice]')];
        if (!els.length) return i;
        els[rand(els.length)].dispatchEvent(new MouseEvent('click', {bubbles: true}));
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    return n;
}"""

ON_SCREEN = """() => {
    const svg = document.querySelector('#map svg');
    const overlay = document.querySelector('#map > svg.map-overlay');
    const lit = (kind) => [...overlay.querySelectorAll(`[data-kind="${kind}"] use`)]
        .map(e => e.getAttribute('href').slice(3));
    return {
        svg: svg.outerHTML,
        overlay: overlay.outerHTML,
        choices: Object.fromEntries([...overlay.querySelectorAll('[data-choice]')]
            .map(e => [e.dataset.choice, e.getAttribute('aria-label')])),
        selected: lit('selected'), recent: lit('recent'),
        at: overlay.querySelector('[data-kind="choice"]').dataset.at || '',
        save: localStorage.getItem('imperial.save.' + document.body.dataset.game),
    };
}"""

# The drawing under the live one: the static board as an image (ui.js layerBoard), read back from its blob
# (the one the image shows).
BASE = """async () => {
    const base = document.querySelector('.mapwrap > svg.base');
    const img = base.querySelector('image');
    const blob = await imperialUI.boardImage();
    const text = blob && blob.url === img.getAttribute('href') ? blob.text : '';
    return {text, hidden: base.getAttribute('aria-hidden'), live: document.querySelector('#map svg').classList.contains('live'),
            on_top: getComputedStyle(document.querySelector('#map svg')).zIndex > getComputedStyle(base).zIndex};
}"""


def canonical(el: ET.Element, root: bool = True) -> tuple:
    """An element as comparable data; the root's size and view box (zoom) are the page's own."""
    attrs = {k: v for k, v in el.attrib.items() if not (root and k in ("width", "height", "viewBox"))}
    if root and "class" in attrs:  # the live layer's own class on screen (ui.js layerBoard)
        attrs["class"] = " ".join(c for c in attrs["class"].split() if c != "live")
    return (el.tag, tuple(sorted(attrs.items())), (el.text or "").strip(),
            tuple(canonical(c, False) for c in el), (el.tail or "").strip())


def parse_dom(markup: str) -> ET.Element:
    """The browser's serialisation of the map (HTML syntax) read as XML."""
    return ET.fromstring(markup.replace("&nbsp;", "\u00a0"))


def state_of(save: str) -> Any:
    return Session.from_save(save).present


@pytest.fixture(scope="module")
def page(page_pool: PagePool) -> Page:
    """A shared booted page, reset once for this module."""
    return page_pool.use({"width": 1280, "height": 800})


def check_dom(page: Page) -> dict:
    saved_text(page)  # the save holds the position shown (saved once its frame is painted)
    seen = page.evaluate(ON_SCREEN)
    state = state_of(seen["save"])
    # the board: the position's drawing, every region named with what stands on it, for screen readers
    root = ET.fromstring(render.board_svg(state))
    labels = a11y.region_labels(state, "en")
    for el in root.iter():
        rid = el.get("data-region")
        if rid:
            el.set("aria-label", labels[rid])
            el.set("role", "img")
    assert canonical(parse_dom(seen["svg"])) == canonical(root)
    # over it, the overlay: its outlines, and exactly the one-piece drawing's highlights
    want = ET.fromstring(render.overlay_svg(state.board))
    one = ET.fromstring(render.board_svg(state, choices=seen["choices"], selected=seen["selected"],
                                         recent=seen["recent"], at=seen["at"]))
    path = "{http://www.w3.org/2000/svg}g[@class='highlights']"
    lit, empty = one.find(path), want.find(path)
    if lit is not None:
        i = list(want).index(empty)
        want.remove(empty)
        want.insert(i, lit)
    else:  # nothing highlighted: every group empty
        empty[1].set("data-at", seen["at"])
    assert canonical(parse_dom(seen["overlay"])) == canonical(want)
    return seen


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_the_map_in_the_page_is_the_composed_board(page: Page, board: str) -> None:
    if page.evaluate("document.body.dataset.screen") == "game":
        page.locator("button[data-cmd=menu]").click()
        page.locator("#menu button[data-cmd=home]").click()
    page.locator("#board").select_option(board)
    page.locator("#seed").fill("11")
    page.get_by_test_id("start-game").click()
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
    static_node = page.evaluate_handle("() => document.querySelector('#map svg')")
    overlay_node = page.evaluate_handle("() => document.querySelector('#map > svg.map-overlay')")
    check_dom(page)
    picked = 0
    for round_ in range(8):
        page.evaluate(RANDOM_CLICKS, {"n": 12, "seed": 5 + round_})
        seen = check_dom(page)
        picked += len(seen["choices"]) > 0
        # the static board is the same element all along: only its pieces layer changed
        assert page.evaluate("el => el === document.querySelector('#map svg')", static_node)
        assert page.evaluate("el => el === document.querySelector('#map > svg.map-overlay')", overlay_node)
    assert picked  # some of the positions checked had regions to click
    # underneath, the static board as an image: the renderer's static drawing with no titles (the live
    # drawing on top has them), never changed by the moves
    base = page.evaluate(BASE)
    assert base["hidden"] == "true" and base["live"] and base["on_top"]
    want = ET.fromstring(render.static_svg(board))
    for parent in list(want.iter()):
        for child in [c for c in parent if c.tag.endswith("}title")]:
            parent.remove(child)
    assert canonical(ET.fromstring(base["text"])) == canonical(want)
    assert int(page.evaluate("document.body.dataset.moves")) > 20


def test_download_board_as_svg_and_png(page: Page) -> None:
    saved_text(page)  # the save holds the position shown (saved once its frame is painted)
    seen = page.evaluate(ON_SCREEN)
    state = state_of(seen["save"])
    page.locator("button[data-cmd=menu]").click()
    with page.expect_download() as info:
        page.get_by_test_id("download-svg").click()
    svg = Path(info.value.path()).read_text(encoding="utf-8")
    geo = render.load_geometry(state.board)
    assert canonical(ET.fromstring(svg)) == canonical(ET.fromstring(
        render.board_svg(state, size=(geo["width"], geo["height"]))))
    if not page.evaluate("document.getElementById('menu').open"):
        page.locator("button[data-cmd=menu]").click()
    with page.expect_download() as info:
        page.get_by_test_id("download-png").click()
    data = Path(info.value.path()).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (round(geo["width"]) * 2, round(geo["height"]) * 2)
    assert page.get_by_test_id("error").is_hidden()
