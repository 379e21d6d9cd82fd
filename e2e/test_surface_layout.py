"""The play surface's layout (issue 21) in real Chromium: nothing on the game screen is drawn over anything
else, at 1280×800, 768×1024 and 390×844, with each side tab open and every area scrolled to its end; a
decision of eight choices shows all of them at 1280×800 without scrolling, on both boards; the scoreboard
stays in view at 1280 px and up while the open tab scrolls.

"Drawn over" is tested the way a player sees it: points spread over each area's visible part are asked
which element the browser shows there (``elementFromPoint``), and it must belong to that area."""

from __future__ import annotations

import imperial_core as core
import pytest
from conftest import PagePool, open_game
from playwright.sync_api import Page
from readable_position import midgame

SIZES = [(1280, 800), (768, 1024), (390, 844)]
TABS = ["nations", "players", "log", "charts"]
#: the areas of the game screen, each a selector; the zoom buttons are drawn on the map by design
AREAS = {"map": ".mapwrap", "zoom": ".zoom", "botbar": "#botbar", "tutorial": "#tutorial", "decision": "#decision",
         "scoreboard": ".scoreboard-card", "tabs": ".tabs", "tab": ".panels", "message": "#error"}

UNCOVERED = """([areas, grid]) => {
    // the part of el that is on screen: its box cut by the window and by every ancestor that clips it
    function visible(el) {
        let r = el.getBoundingClientRect();
        let box = {l: Math.max(r.left, 0), t: Math.max(r.top, 0), r: Math.min(r.right, innerWidth),
                   b: Math.min(r.bottom, innerHeight)};
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (s.overflow !== 'visible' || s.overflowY !== 'visible') {
                const q = p.getBoundingClientRect();
                box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top), r: Math.min(box.r, q.right),
                       b: Math.min(box.b, q.bottom)};
            }
        }
        return box;
    }
    const found = [];
    for (const [name, sel] of Object.entries(areas)) {
        const el = document.querySelector(sel);
        if (!el || el.hidden || el.closest('[hidden]') || !el.getClientRects().length) continue;
        const box = visible(el);
        if (box.r - box.l < 4 || box.b - box.t < 4) continue;
        for (let i = 1; i < grid; i++) for (let j = 1; j < grid; j++) {
            const x = box.l + (box.r - box.l) * i / grid, y = box.t + (box.b - box.t) * j / grid;
            const top = document.elementFromPoint(x, y);
            if (!top || el.contains(top)) continue;
            const zoom = document.querySelector(areas.zoom);
            if (name === 'map' && zoom && zoom.contains(top)) continue;  // the zoom buttons, on the map by design
            let who = Object.entries(areas).find(([, s]) => { const o = document.querySelector(s); return o && o.contains(top); });
            found.push({area: name, x: Math.round(x), y: Math.round(y), under: who ? who[0] : top.tagName + '.' + top.className});
        }
    }
    return found;
}"""

SCROLL_ALL_TO_END = """() => {
    for (const el of document.querySelectorAll('#game *')) {
        if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible') el.scrollTop = el.scrollHeight;
    }
    window.scrollTo(0, document.scrollingElement.scrollHeight);
}"""


def covered(page: Page) -> list[dict]:
    return page.evaluate(UNCOVERED, [AREAS, 7])


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_nothing_covers_anything_with_any_tab_open_and_scrolled(page_pool: PagePool, size: tuple[int, int]):
    page = open_game(page_pool, size, midgame())
    for tab in TABS:
        page.locator(f"[data-tab={tab}]").click()
        page.wait_for_function("t => !document.querySelector(`[data-panel=${t}]`).hidden"
                               " && document.querySelector(`[data-panel=${t}]`).innerHTML.length > 20", arg=tab)
        assert covered(page) == [], (tab, "at the top")
        page.evaluate(SCROLL_ALL_TO_END)
        page.wait_for_timeout(50)
        assert covered(page) == [], (tab, "scrolled")
        # the open tab is reachable: some of it is on screen
        shown = page.evaluate("""t => { const r = document.querySelector(`[data-panel=${t}]`).getBoundingClientRect();
            const p = document.querySelector('.panels').getBoundingClientRect();
            return Math.min(r.bottom, p.bottom, innerHeight) - Math.max(r.top, p.top, 0); }""", tab)
        assert shown > 20, (tab, shown)
    # a message on screen covers nothing either (it has its own place)
    page.evaluate("() => window.imperialUI.message('A message for the player', 'info', '[]')")
    assert covered(page) == []
    page.evaluate("() => window.imperialUI.clearMessage()")
    # the page itself does not scroll: each area scrolls in its own place
    assert page.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight + 1")


@pytest.mark.parametrize("board,players", [("europe", 4), ("world2030", 6)])
def test_eight_choices_all_in_view_at_1280(page_pool: PagePool, board: str, players: int):
    """A new game's first rondel decision: eight spaces, all shown without scrolling the decision."""
    state = core.new_game([f"P{i}" for i in range(1, players + 1)], seed=4, board=board)
    assert len(core.legal_actions(state)) == 8
    page = open_game(page_pool, (1280, 800), state)
    out = page.evaluate("""() => { const body = document.querySelector('#decision .dbody').getBoundingClientRect();
        return [...document.querySelectorAll('#decision button[data-choice]')].map(b => {
            const r = b.getBoundingClientRect();
            return r.top >= body.top - .5 && r.bottom <= body.bottom + .5 && r.bottom <= innerHeight; }); }""")
    assert len(out) == 8 and all(out), out
    assert covered(page) == []


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_the_scoreboard_stays_in_view_while_the_tab_scrolls(page_pool: PagePool, size: tuple[int, int]):
    page = open_game(page_pool, size, midgame())
    page.locator("[data-tab=log]").click()
    page.wait_for_function("() => document.querySelectorAll('#log .mv-row').length > 5")
    page.evaluate(SCROLL_ALL_TO_END)
    box = page.evaluate("""() => { const r = document.querySelector('.scoreboard-card').getBoundingClientRect();
        return [r.top, r.bottom, innerHeight]; }""")
    assert box[0] >= 0 and box[1] <= box[2], box
    assert page.evaluate("() => document.querySelector('.panels').scrollTop") > 0  # the log did scroll
    assert covered(page) == []
