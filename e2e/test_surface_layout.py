"""The play surface's layout (issue 21) in real Chromium: nothing on the game screen is drawn over anything
else, at 1280×800, 768×1024 and 390×844, with each side tab open and every area scrolled to its end; a
decision of eight choices shows all of them at 1280×800 without scrolling, on both boards; the scoreboard
stays in view at 1280 px and up while the open tab scrolls.

"Drawn over" is tested the way a player sees it: points spread over each area's visible part are asked
which element the browser shows there (``elementFromPoint``), and it must belong to that area (the page
audit's check, ``e2e/audit.covered``)."""

from __future__ import annotations

import imperial_core as core
import pytest
from audit import covered
from conftest import PagePool, open_game
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from readable_position import midgame

SIZES = [(1280, 800), (768, 1024), (390, 844)]
TABS = ["nations", "players", "log", "charts"]

SCROLL_ALL_TO_END = """() => {
    for (const el of document.querySelectorAll('#game *')) {
        if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible') el.scrollTop = el.scrollHeight;
    }
    window.scrollTo(0, document.scrollingElement.scrollHeight);
}"""


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


#: Each choice button of the decision: its box, the decision body's, the window's height, and whether it is shown
#: whole (within the body and the window).
IN_VIEW = """() => { const body = document.querySelector('#decision .dbody').getBoundingClientRect();
    return [...document.querySelectorAll('#decision button[data-choice]')].map(b => {
        const r = b.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, body: [body.top, body.bottom], window: innerHeight,
                shown: r.top >= body.top - .5 && r.bottom <= body.bottom + .5 && r.bottom <= innerHeight}; }); }"""


@pytest.mark.parametrize("board,players", [("europe", 4), ("world2030", 6)])
def test_eight_choices_all_in_view_at_1280(page_pool: PagePool, board: str, players: int):
    """A new game's first rondel decision: eight spaces, all shown without scrolling the decision."""
    state = core.new_game([f"P{i}" for i in range(1, players + 1)], seed=4, board=board)
    assert len(core.legal_actions(state)) == 8
    page = open_game(page_pool, (1280, 800), state)
    # every button within the decision's body and the window, within 5 s of the game's opening: a reading
    # at once found all eight outside the body, once, in CI under load (cause not found; not seen here)
    try:
        page.wait_for_function(f"() => {{ const b = ({IN_VIEW})(); return b.length === 8 && b.every(x => x.shown); }}",
                               timeout=5_000)
    except PlaywrightTimeout:
        pytest.fail(f"not all eight choices in view: {page.evaluate(IN_VIEW)}")
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
