"""The start screen before Python is ready: plain HTML, CSS and a few lines of boot.js show a progress bar, the
games saved in this browser (read only) and, for a game link, the empty board it is played on (drawn at
build time). Python is held back here (its runtime never arrives), so what is seen is the early screen."""

from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import imperial_core as core
import pytest
import render
from conftest import DIST, ROOT, SiteServer
from imperial_text import LANGS
from playwright.sync_api import Browser, BrowserContext, Page, expect

BOOT_JS = (ROOT / "web" / "boot.js").read_text(encoding="utf-8")


def test_boot_js_knows_the_boards_as_the_engine_and_the_renderer_do() -> None:
    boards = json.loads(re.search(r"const BOARDS = (\[[^\]]*\]);", BOOT_JS).group(1))
    assert tuple(boards) == tuple(core.board.BOARDS) == tuple(render.BOARDS)
    sizes = re.search(r"const BOARD_SIZES = \{([^}]*)\};", BOOT_JS).group(1)
    for b in boards:
        w, h = map(int, re.search(rf"{b}: \[(\d+), (\d+)\]", sizes).groups())
        geo = render.load_geometry(b)
        assert (w, h) == (round(geo["width"]), round(geo["height"]))
        # the link token's third byte names the board (layout 3, rules version, board; boot.js reads only
        # that, and a layout-2 token's second byte)
        token = core.encode(core.new_game(["Ann", "Bob"], board=b, seed=5))
        head = base64.urlsafe_b64decode(token[:4])
        assert head[0] == 3 and boards[head[2]] == b
        assert re.search(r"head\.charCodeAt\(0\) >= 3 \? 2 : 1", BOOT_JS)


def test_every_module_the_early_screen_waits_for_is_fetched_from_the_start() -> None:
    """boot.js runs once its modules (and those they import) have arrived: each is named in the page's head, as a
    script or a module preload, so that all are fetched at once rather than one after another."""
    head = (ROOT / "web" / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    named = set(re.findall(r'<script type="module" src="\./([\w.-]+)"', head))
    named |= set(re.findall(r'<link rel="modulepreload" href="\./([\w.-]+)"', head))
    wanted, todo = set(), ["boot.js"]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        path = DIST / name if (DIST / name).exists() else ROOT / "web" / name
        todo += re.findall(r'^import [^;]*? from "\./([\w.-]+)";', path.read_text(encoding="utf-8"), re.M)
    assert {"boot.js", "lang.js", "text.js"} <= wanted
    assert wanted - named == set()


def test_the_build_draws_each_empty_board_for_the_preview() -> None:
    for b in render.BOARDS:
        geo = render.load_geometry(b)
        for lang in LANGS:  # one per language: the place names are the language's
            built = (DIST / "previews" / f"{b}.{lang}.svg").read_text(encoding="utf-8")
            assert ET.fromstring(built).get("class").split() == ["board", f"board-{b}"]
            assert built == render.board_svg(board=b, size=(geo["width"], geo["height"]), lang=lang)


@pytest.fixture
def held(browser: Browser) -> Iterator[BrowserContext]:
    """A browser whose Pyodide runtime never arrives: the page stays on its early screen."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    stalled: list = []
    context.route("**/pyodide.asm.wasm", lambda route: stalled.append(route))
    yield context
    context.close()


def open_with(context: BrowserContext, url: str, stored: dict[str, str]) -> Page:
    context.add_init_script(script="(s => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); })("
                            + json.dumps(stored) + ")")
    page = context.new_page()
    page.goto(url)
    return page


def test_saves_and_progress_show_before_python(held: BrowserContext, site: SiteServer) -> None:
    older = core.new_game(["Ann", "Bob", "Cem"], seed=1)
    newer = core.new_game(["<img src=x>", "Dora"], board="world2030", seed=2)
    stored = {
        "imperial.save.a": core.save(older, meta={"id": "a", "saved": 1.7e9}),
        "imperial.save.b": core.save(newer, meta={"id": "b", "saved": 1.8e9}),
        "imperial.save.c": "{not json",
        "imperial.save.d": "[" * 100_000,
        "something.else": core.save(older, meta={"id": "x"}),
    }
    page = open_with(held, site.url, stored)
    items = page.locator("#early-saves li")
    expect(items).to_have_count(4)
    texts = items.all_inner_texts()
    assert texts[0].startswith("<img src=x>, Dora · World (Imperial 2030) · 0 moves")  # newest first, as text
    assert texts[1].startswith("Ann, Bob, Cem · Europe (1914) · 0 moves")
    assert texts[2:] == ["A saved game that could not be read"] * 2
    assert page.locator("#early-saves img").count() == 0
    expect(page.get_by_test_id("boot-progress")).to_be_visible()
    page.wait_for_function("() => document.getElementById('boot-progress').value > 5")
    assert page.evaluate("document.body.dataset.ready") is None  # all this without Python
    expect(page.get_by_test_id("early-board")).to_be_hidden()  # no link, no preview
    assert page.evaluate("performance.getEntriesByName('imperial:early:painted').length") == 1


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_a_link_shows_its_board_while_the_engine_loads(held: BrowserContext, site: SiteServer, board: str) -> None:
    token = core.encode(core.new_game(["Ann", "Bob"], board=board, seed=9))
    page = open_with(held, f"{site.url}#g={token}", {})
    fig = page.get_by_test_id("early-board")
    expect(fig).to_be_visible()
    page.wait_for_function("() => { const i = document.querySelector('#early-board img');"
                           " return i.complete && i.naturalWidth > 0; }")
    assert page.evaluate("document.querySelector('#early-board img').getAttribute('src')") == \
        f"./previews/{board}.en.svg"  # the browser's language (English here)
    expect(page.get_by_test_id("early-saves")).to_be_hidden()  # nothing saved in this browser


def test_a_damaged_link_still_shows_a_board(held: BrowserContext, site: SiteServer) -> None:
    page = open_with(held, f"{site.url}#g=%%%not-a-token", {})
    expect(page.get_by_test_id("early-board")).to_be_visible()
    assert page.evaluate("document.body.dataset.preview") == "europe"
