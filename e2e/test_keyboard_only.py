"""A game played with the keyboard alone (issue 15): Tab and Shift+Tab reach every choice, the decision's
buttons and the regions of the map that may be chosen, and Enter or Space makes it; no mouse, no click sent
by the test.  After each move the polite live region says the move's sentence, and the map's regions are
named for screen readers with what stands on them; the nation chips wear the pieces' colours."""

from __future__ import annotations

import re

import imperial_core as core
from conftest import PagePool
from playwright.sync_api import Page
from render.style import COLOURS, ink_on

FOCUSED = """() => { const a = document.activeElement;
    return {choice: a?.dataset?.choice ?? null, map: !!a?.closest?.('#map'), tag: a?.tagName || ''}; }"""
AT = "() => document.querySelector('#decision [data-choice]')?.dataset.at || ''"


def rgb(colour: str) -> str:
    """``#RRGGBB`` as the browser writes a computed colour."""
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


def moves(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.moves || -1)"))


def tab_to_a_choice(page: Page, on_map: bool) -> dict:
    """Tab forward to a choice of the decision, or Shift+Tab back to a region of the map that may be chosen."""
    for _ in range(400):
        f = page.evaluate(FOCUSED)
        if f["choice"] is not None and (f["map"] or not on_map):
            return f
        page.keyboard.press("Shift+Tab" if on_map else "Tab")
    raise AssertionError("no choice reached with the keyboard")


def test_fifteen_moves_by_keyboard_alone(page_pool: PagePool) -> None:
    token = core.encode(core.new_game(["Ann", "Bo", "Cy"], seed=11))
    page = page_pool.use({"width": 1280, "height": 800})
    page.evaluate("t => { location.hash = 'g=' + t; }", token)
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
    used_map = used_space = 0
    step = 0
    while moves(page) < 15:
        step += 1
        assert step < 200, "the keyboard game does not advance"
        on_map = step % 2 == 0 and page.locator("#map [data-choice]").count() > 0
        if on_map:  # every region that may be chosen is focusable
            assert page.locator("#map [data-choice]:not([tabindex='0'])").count() == 0
        f = tab_to_a_choice(page, on_map)
        before, at = moves(page), page.evaluate(AT)
        key = "Space" if step % 3 == 0 else "Enter"
        page.keyboard.press(key)
        page.wait_for_function(
            "([n, at]) => Number(document.body.dataset.moves) !== n"
            " || (document.querySelector('#decision [data-choice]')?.dataset.at || '') !== at", arg=[before, at])
        used_map += f["map"]
        used_space += key == "Space"
        if moves(page) > before:
            said = page.locator("#announcer").text_content() or ""
            assert said.startswith(f"Move {moves(page)}:"), said
    assert used_map >= 1 and used_space >= 1
    # every region of the map is named with what stands on it
    label = page.locator('#map [data-region="vienna"]').get_attribute("aria-label") or ""
    assert label.startswith("Vienna") and "Austria-Hungary armaments factory" in label, label
    assert page.locator("#map [data-region]:not([aria-label])").count() == 0
    # ... and each is in the accessibility tree (not hidden with the live layer's static parts); the regions
    # that may be chosen are buttons in the overlay over it
    named = page.locator("#map").get_by_role("img", name=re.compile(r"^[A-Z][^:]+: "))
    assert named.count() == page.locator("#map [data-region]").count()
    assert page.locator("#map").get_by_role("button").count() == page.locator("#map [data-choice]").count()
    # the page's nation chips wear the pieces' colours (render.style, through the built nations.css)
    chip = page.evaluate("""() => { const c = document.querySelector('.chip.n-AH');
        return c && [getComputedStyle(c).backgroundColor, getComputedStyle(c).color]; }""")
    piece = COLOURS["yellow"][0]
    assert chip == [rgb(piece), rgb(ink_on(piece))]
