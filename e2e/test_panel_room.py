"""The side panel's room (issue 36) in real Chromium at 1280×800, 768×1024 and 390×844: a 6-nation bond
decision as a grid, every bond in view at 1280×800 (on a phone every row reachable, none cut sideways); a
decision of many choices in view at 1280×800 with the open tab keeping 150 px; the log's newest move in view;
the "?" help inside the window; the hinted choice scrolled into view inside the decision (never the page).
Screenshots go to test-results/panel-*.png."""

from __future__ import annotations

from functools import cache
from typing import Any

import imperial_bots as bots
import imperial_core as core
import pytest
from conftest import ROOT, PagePool, open_link
from playwright.sync_api import Page
from readable_position import midgame

SHOTS = ROOT / "test-results"
SIZES = [(1280, 800), (768, 1024), (390, 844)]


@cache
def played(seed: int, moves: int) -> Any:
    """A 6-player Europe game of easy computer players, ``moves`` moves in."""
    state = core.new_game([f"P{i}" for i in range(1, 7)], seed=seed, board="europe")
    while len(state.history) < moves:
        state = core.apply(state, bots.choose(state, level="easy", seed=len(state.history)))
    return state


def bond_decision() -> Any:
    """An investor's decision with 21 bonds of all six nations on offer, trade-ups and bonds too dear."""
    state = played(5, 64)
    assert state.decision == "invest" and len(core.legal_actions(state)) == 22
    return state



def page_pool_use(pool: PagePool, lang: str, size: tuple[int, int]) -> Page:
    """The pool's English page of this size (a phone's below 768 px), in ``lang`` by the page's own switch (no
    page booted for a browser speaking German or Spanish)."""
    w, h = size
    return pool.use({"width": w, "height": h}, phone=w < 768, lang=lang)


#: per element of ``sel``: its box, whether it lies inside the decision's body and the window, and the body's
IN_BODY = """sel => { const body = document.querySelector('#decision .dbody'); const b = body.getBoundingClientRect();
  return {body: [b.top, b.bottom, b.left, b.right], h: innerHeight, scrolls: body.scrollHeight > body.clientHeight + 1, over: body.scrollHeight - body.clientHeight,
    page: document.scrollingElement.scrollHeight,
    items: [...document.querySelectorAll(sel)].map(e => { const r = e.getBoundingClientRect();
      return {t: e.dataset.choice || e.dataset.unaffordable || e.className, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
              inside: r.top >= b.top - .5 && r.bottom <= b.bottom + .5 && r.bottom <= innerHeight + .5
                      && r.left >= b.left - .5 && r.right <= b.right + .5}; })}; }"""


@pytest.mark.parametrize("lang,size", [("en", (1280, 800)), ("de", (1280, 800)), ("es", (1280, 800)),
                                       ("en", (768, 1024)), ("en", (390, 844))],
                         ids=["en-1280", "de-1280", "es-1280", "en-768", "en-390"])
def test_a_six_nation_bond_decision_is_a_grid_in_view(page_pool: PagePool, lang: str, size: tuple[int, int]):
    page = page_pool_use(page_pool, lang, size)
    open_link(page, bond_decision())
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"panel-bonds-{lang}-{size[0]}.png"))
    rows = page.locator("#decision .bondgrid .brow")
    assert rows.count() == 6
    assert page.locator("#decision .bondgrid button[data-choice^='bond ']").count() == 21
    assert page.locator("#decision .bondgrid button.trade").count() == 8  # trade-ups, marked as such
    dear = page.locator("#decision .bondgrid button.off[disabled]")
    assert dear.count() == 6 and "12" in (dear.first.get_attribute("title") or "")  # greyed, with the reason
    found = page.evaluate(IN_BODY, "#decision .bondgrid button, #decision .bondgrid .brow")
    assert found["page"] <= found["h"] + 1, found  # the page itself never scrolls
    cut = [i for i in found["items"] if not (found["body"][2] - .5 <= i["left"] and i["right"] <= found["body"][3] + .5)]
    assert cut == [], cut  # no cell cut off sideways, at any size
    if size == (1280, 800):  # every bond, and the pass, in view without scrolling (the last move may follow)
        assert all(i["inside"] for i in found["items"]), [i for i in found["items"] if not i["inside"]]


def test_eighteen_destinations_in_view_at_1280_and_the_tab_keeps_its_room(page_pool: PagePool):
    """The army in Berlin, selected: 18 destinations (and "cancel"), all in view without scrolling; the open
    tab keeps at least 150 px; with six more buttons (24 choices) all are still in view."""
    page = page_pool_use(page_pool, "en", (1280, 800))
    open_link(page, played(3, 128))
    page.locator("#decision button[data-choice=berlin]").click()
    page.wait_for_function("() => document.querySelectorAll('#decision .choices button[data-choice]').length >= 18")
    page.screenshot(path=str(SHOTS / "panel-choices-1280.png"))
    found = page.evaluate(IN_BODY, "#decision .choices button")
    assert len(found["items"]) >= 18 and all(i["inside"] for i in found["items"]), found
    tab = page.evaluate("() => document.querySelector('.panels').getBoundingClientRect().height")
    assert tab >= 150, tab
    # 24 choices: the largest decision a game of either board has shown is 18 (this one); six more of its
    # buttons, copied into the same group, are in view as well
    page.evaluate("""() => { const g = document.querySelector('#decision .choices .group:has(> button[data-choice])');
        const b = [...g.querySelectorAll(':scope > button[data-choice]')];
        for (const x of b.slice(0, 6)) { const c = x.cloneNode(true); c.dataset.choice = 'copy-' + x.dataset.choice; g.append(c); } }""")
    page.wait_for_timeout(50)
    found = page.evaluate(IN_BODY, "#decision .choices button[data-choice]")
    assert len(found["items"]) == 24 and all(i["inside"] for i in found["items"]), found
    page.screenshot(path=str(SHOTS / "panel-choices-24-1280.png"))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_log_keeps_the_newest_move_in_view(page_pool: PagePool, size: tuple[int, int]):
    page = page_pool_use(page_pool, "en", size)
    open_link(page, midgame())
    page.locator("[data-tab=log]").click()
    page.wait_for_function("() => document.querySelectorAll('#log .mv-row').length > 5")
    page.wait_for_timeout(50)
    page.screenshot(path=str(SHOTS / f"panel-log-{size[0]}.png"))
    seen = page.evaluate("""() => { const rows = document.querySelectorAll('#log .mv-row'); const last = rows[rows.length - 1];
        const r = last.getBoundingClientRect(); let box = {top: 0, bottom: innerHeight};
        for (let p = last.parentElement; p && p !== document.body; p = p.parentElement) {
            const s = getComputedStyle(p).overflowY;
            if (getComputedStyle(p).display === 'contents') continue;
            if (s === 'auto' || s === 'scroll' || s === 'hidden') { const q = p.getBoundingClientRect();
                box = {top: Math.max(box.top, q.top), bottom: Math.min(box.bottom, q.bottom)}; } }
        return {row: [r.top, r.bottom], box: [box.top, box.bottom]}; }""")
    assert seen["row"][0] >= seen["box"][0] - .5 and seen["row"][1] <= seen["box"][1] + .5, seen


@pytest.mark.parametrize("lang,size", [("en", (1280, 800)), ("de", (768, 1024)), ("es", (390, 844))],
                         ids=["en-1280", "de-768", "es-390"])
def test_the_help_opens_in_view(page_pool: PagePool, lang: str, size: tuple[int, int]):
    page = page_pool_use(page_pool, lang, size)
    open_link(page, bond_decision())
    page.locator("#decision details.help > summary").click()
    box = page.evaluate("""() => { const r = document.querySelector('#decision details.help[open] .help-body').getBoundingClientRect();
        const b = document.querySelector('#decision details.help .help-body');
        return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight, b.scrollHeight <= b.clientHeight + 1]; }""")
    left, top, right, bottom, w, h, whole = box
    assert left >= 0 and top >= 0 and right <= w and bottom <= h and whole, box
    page.screenshot(path=str(SHOTS / f"panel-help-{lang}-{size[0]}.png"))
    page.keyboard.press("Escape")
    assert page.locator("#decision details.help[open]").count() == 0


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_the_hinted_choice_is_brought_into_view_inside_the_decision(page_pool: PagePool, size: tuple[int, int]):
    """The hint's mark on a bond far down the grid: its cell is scrolled into view within the decision's own
    area; the page itself does not scroll."""
    page = page_pool_use(page_pool, "en", size)
    open_link(page, bond_decision())
    page.evaluate("() => { const b = document.querySelector('#decision .dbody'); b.scrollTop = 0; }")
    page.evaluate("() => window.imperialBots.mark(JSON.stringify({choice: 'bond RU 12 return 2', cls: 'hinted'}))")
    page.wait_for_timeout(100)
    found = page.evaluate(IN_BODY, "#decision button.hinted")
    assert len(found["items"]) == 1 and found["items"][0]["inside"], found
    assert page.evaluate("() => scrollY === 0 && document.scrollingElement.scrollTop === 0")
    page.screenshot(path=str(SHOTS / f"panel-hint-{size[0]}.png"))



