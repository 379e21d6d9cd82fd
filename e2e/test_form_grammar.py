"""Issue 21's small things in real Chromium, as a player sees them in English, German and Spanish: the new-game
form says all its problems at once and marks exactly the fields at fault (marks that go when put right); a
new seed for every game (after a game started from the form, and after New game on a finished game's score
screen); seat menus that show their whole choice at 1280, 768 and 390 px; unaffordable rondel spaces
unavailable with their reason; no text under 12 px in the side panel at 1280×800 with any tab open."""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import imperial_core as core
import imperial_text as tx
import pytest
from conftest import ROOT, PagePool, serious_violations
from imperial_core.codec import LINK_SEATS
from playwright.sync_api import Page, expect
from readable_position import midgame
from render.panels import RONDEL_MIN_PX

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui.choices import Names, steps  # noqa: E402

LANGS = ("en", "de", "es")
SHOTS = Path(os.environ.get("IMPERIAL_SHOTS", ROOT / "test-results"))
MARKED = "() => [...document.querySelectorAll('#new-game [aria-invalid=true]')].map(e => e.id).sort()"


def set_lang(page: Page, lang: str) -> None:
    page.select_option("#lang", lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def moves(page: Page) -> int:
    return int(page.evaluate("() => document.body.dataset.moves || '-1'"))


def open_link(page: Page, state: Any) -> None:
    before = page.evaluate("() => document.body.dataset.game || ''")
    page.evaluate("t => { history.replaceState(null, '', location.pathname); location.hash = 'g=' + t; }",
                  core.encode(state))
    page.wait_for_function("g => document.body.dataset.game !== g", arg=before)
    assert moves(page) == len(state.history)


def click(page: Page, state: Any, action: Any) -> Any:
    """Make ``action`` by clicks (unit, destination, option), as a player does; the engine's next state."""
    names = Names(state.board_data)
    start = moves(page)
    for tok in steps(action, state.decision, names):
        if moves(page) != start:
            break
        if tok.kind == "region":
            page.locator(f'#map [data-choice="{tok.value}"]').dispatch_event("click")
        else:
            page.locator(f'#decision button[data-choice="{tok.value}"]').click()
    page.wait_for_function("n => document.body.dataset.moves === String(n)", arg=start + 1)
    return core.apply(state, action)


def seed_of_game(page: Page) -> int:
    """The seed of the game shown, as its Players tab says it."""
    page.locator("[data-tab=players]").click()
    return int(re.findall(r"\d+", page.locator("#players .setup-line").inner_text())[-1])


def start_from_form(page: Page) -> int:
    before = page.evaluate("() => document.body.dataset.game || ''")
    page.get_by_test_id("start-game").click()
    page.wait_for_function("g => document.body.dataset.screen === 'game' && document.body.dataset.game !== g",
                           arg=before)
    return seed_of_game(page)


def home(page: Page) -> None:
    page.locator("button[data-cmd=menu]").click()
    page.locator("#menu button[data-cmd=home]").click()
    expect(page.locator("#start")).to_be_visible()


# -- the form: all problems at once, each field marked -------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_form_says_three_problems_at_once_and_marks_exactly_those_fields(page_pool: PagePool, lang: str):
    page = page_pool.use({"width": 1280, "height": 800})
    set_lang(page, lang)
    page.get_by_test_id("player-count").select_option("3")
    page.fill("#player-name-1", "Ann")
    page.fill("#player-name-2", "")
    page.fill("#player-name-3", "ann")
    page.fill("#seed", "99999999999")
    page.get_by_test_id("start-game").click()
    box = page.get_by_test_id("error")
    expect(box).to_be_visible()
    text = box.inner_text()
    for said in (tx.t(lang, "errors.player_needs_name", n=2), tx.t(lang, "errors.name_twice", name="'ann'"),
                 tx.t(lang, "page.m.seed")):
        assert said in text
    assert page.evaluate(MARKED) == ["player-name-1", "player-name-2", "player-name-3", "seed"]
    assert page.evaluate("() => document.body.dataset.screen") == "start"
    # each field put right loses its mark at once, and its problem leaves the message
    page.fill("#player-name-2", "Bo")
    page.wait_for_function(f"() => !({MARKED})().includes('player-name-2')")
    expect(box).not_to_contain_text(tx.t(lang, "errors.player_needs_name", n=2))
    assert page.evaluate(MARKED) == ["player-name-1", "player-name-3", "seed"]
    page.fill("#player-name-3", "Cy")
    page.wait_for_function(f"() => ({MARKED})().join() === 'seed'")
    page.fill("#seed", "12")
    page.wait_for_function(f"() => ({MARKED})().length === 0")
    expect(box).to_be_hidden()
    assert start_from_form(page) == 12


def test_a_hidden_name_is_no_fault(page_pool: PagePool):
    page = page_pool.use({"width": 1280, "height": 800})
    page.get_by_test_id("player-count").select_option("4")
    page.fill("#player-name-4", "")
    page.get_by_test_id("start-game").click()
    assert page.evaluate(MARKED) == ["player-name-4"]
    page.get_by_test_id("player-count").select_option("3")
    page.wait_for_function(f"() => ({MARKED})().length === 0")
    expect(page.get_by_test_id("error")).to_be_hidden()


# -- a fresh seed for every game ------------------------------------------------------------------------------
def near_end(seed: int) -> list[Any]:
    """The last states of a random Europe game (the engine's), ending with the finished one."""
    rng = random.Random(seed)
    state = core.new_game(["Ann", "Bob", "Cem"], seed=seed)
    trail = [state]
    while not state.is_over:
        state = core.apply(state, rng.choice(core.legal_actions(state)))
        trail.append(state)
    return trail[-3:]


def test_every_game_gets_a_new_seed_from_the_form_and_from_the_score_screen(page_pool: PagePool):
    page = page_pool.use({"width": 1280, "height": 800})
    shown = int(page.input_value("#seed"))
    first = start_from_form(page)
    assert first == shown  # the seed shown is the one used, once
    home(page)
    assert int(page.input_value("#seed")) != first
    second = start_from_form(page)
    assert second != first
    # a finished game's score screen: New game offers another seed than the game's, even when the form had it
    trail = near_end(5)
    home(page)
    page.fill("#seed", str(trail[0].seed))
    open_link(page, trail[0])
    s = trail[0]
    for k in range(len(s.history), len(trail[-1].history)):
        s = click(page, s, core.legal_actions(s)[trail[-1].history[k]])
    assert s.is_over
    scores = page.locator("#scores")
    expect(scores).to_be_visible()
    scores.locator("button[data-cmd=home]").click()
    expect(page.locator("#start")).to_be_visible()
    offered = int(page.input_value("#seed"))
    assert offered not in (trail[0].seed, second)
    assert start_from_form(page) == offered


# -- seat menus that fit ------------------------------------------------------------------------------------
#: For every seat menu shown, each of its choices: how wide the menu must be to show it whole (measured on a
#: copy sized to its content, ``field-sizing: content``) and how wide it is; a select's own scrollWidth does
#: not grow when its text is cut.
FITS = """() => {
  const out = [];
  for (const s of document.querySelectorAll('#new-game select.seat')) {
    if (!s.offsetParent) continue;
    const box = s.getBoundingClientRect().width;
    for (let k = 0; k < s.options.length; k++) {
      const copy = s.cloneNode(true);
      copy.removeAttribute('id');
      copy.selectedIndex = k;
      Object.assign(copy.style, {fieldSizing: 'content', width: 'auto', minWidth: '0', maxWidth: 'none',
                                 position: 'absolute', visibility: 'hidden', flex: 'none'});
      s.parentElement.append(copy);
      const need = copy.getBoundingClientRect().width;
      copy.remove();
      out.push([s.id, s.options[k].text, Math.ceil(need), Math.floor(box) + 1, s.scrollWidth, s.clientWidth]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("width,height", [(1280, 800), (768, 1024), (390, 844)])
def test_every_seat_menu_shows_its_whole_choice_on_the_2030_form(page_pool: PagePool, width: int, height: int):
    page = page_pool.use({"width": width, "height": height}, phone=width < 768)
    page.wait_for_selector("#board option[value=world2030]", state="attached", timeout=120_000)
    page.select_option("#board", "world2030")
    page.get_by_test_id("player-count").select_option("6")
    for lang in LANGS:
        set_lang(page, lang)
        got = page.evaluate(FITS)
        assert len(got) == 6 * len(LINK_SEATS)  # a human seat and every computer level
        assert {text for _id, text, *_ in got} == {tx.t(lang, f"page.seat.{v}") for v in LINK_SEATS}
        cut = [g for g in got if g[2] > g[3] or g[4] > g[5]]
        assert cut == [], f"{width}px, {lang}: {cut}"
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width
        if width == 390:
            SHOTS.mkdir(exist_ok=True)
            page.locator("#new-game").screenshot(path=str(SHOTS / f"form-seats-390-{lang}.png"))



# -- the rondel: greyed spaces are unavailable, with their reason ------------------------------------------
def test_greyed_rondel_spaces_are_disabled_with_their_reason(page_pool: PagePool):
    page = page_pool.use({"width": 1280, "height": 800})
    state = midgame()
    open_link(page, state)
    off = [r["space"] for r in core.rondel_choices(state) if not r["affordable"]]
    assert off
    for space in off:
        for el in (page.locator(f'#decision button[data-unaffordable="{space}"]'),
                   page.locator(f'#decision .rondel-svg [data-unaffordable="{space}"]')):
            expect(el).to_have_count(1)
            expect(el).to_have_attribute("aria-disabled", "true")
            expect(el).to_have_attribute("aria-describedby", f"why-{space}")
            reason = page.locator(f"#why-{space}").text_content()
            assert reason and reason == page.locator(f'#decision button[data-unaffordable="{space}"]').get_attribute(
                "title")
            expect(el).to_have_accessible_description(reason)
            assert not el.evaluate("e => { e.focus(); return document.activeElement === e; }")  # not in the tab order
        expect(page.locator(f'#decision .rondel-svg [data-unaffordable="{space}"]')).to_have_role("button")
    # the keyboard's way through the decision never stops on them
    page.evaluate("() => document.activeElement?.blur()")
    seen = []
    for _ in range(12):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("() => document.activeElement?.dataset?.unaffordable ?? ''"))
    assert not any(seen)


# -- no text under 12 px in the side panel at 1280×800 -------------------------------------------------------
#: Every text in the side panel that is visible: its font size on screen (CSS size × zoom, or × the drawing's
#: scale inside an SVG), where it is smaller than 12 px.
SMALL_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('.side'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || !el.checkVisibility({visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let size = parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      size = parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
    }
    if (size < 12) out.push([Math.round(size * 10) / 10, el.tagName, n.textContent.trim().slice(0, 40)]);
  }
  return out;
}"""


def maneuver_2030() -> Any:
    """A 2030 game at a unit's move (the rondel is drawn small in the Nations tab, not in the decision)."""
    rng = random.Random(3)
    s = core.new_game(["Ann", "Bob", "Cem", "Dia"], board="world2030", seed=3)
    while not (s.round >= 3 and s.decision in ("fleets", "armies")):
        s = core.apply(s, rng.choice(core.legal_actions(s)))
    return s


@pytest.mark.parametrize("which", ["rondel decision, Europe", "maneuver, 2030"])
def test_no_text_under_12_px_in_the_side_panel_with_any_tab_open(page_pool: PagePool, which: str):
    page = page_pool.use({"width": 1280, "height": 800})
    open_link(page, midgame() if which.startswith("rondel") else maneuver_2030())
    for lang in LANGS:
        set_lang(page, lang)
        for tab in ("nations", "players", "log", "charts"):
            page.locator(f"[data-tab={tab}]").click()
            expect(page.locator(f"[data-panel={tab}]")).to_be_visible()
            page.evaluate("() => document.querySelectorAll('.tabpanel details').forEach(d => { d.open = true; })")
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")  # the opened drawings laid out
            assert page.evaluate(SMALL_TEXT) == [], f"{which}, {lang}, {tab}"
            if tab == "nations":  # the rondel is drawn, in the decision or in this tab, wide enough to read
                drawn = page.locator(".side .rondel-svg svg:visible")
                expect(drawn).to_have_count(1)
                assert drawn.bounding_box()["width"] >= RONDEL_MIN_PX
    page.locator("[data-tab=nations]").click()


# -- axe: the marks and the greyed spaces are valid ARIA --------------------------------------------------
def test_the_marked_form_and_the_greyed_rondel_have_no_serious_axe_violation(page_pool: PagePool):
    page = page_pool.use({"width": 1280, "height": 800})
    page.fill("#player-name-2", "")
    page.fill("#seed", "x")
    page.get_by_test_id("start-game").click()
    assert page.evaluate(MARKED) == ["player-name-2", "seed"]
    assert serious_violations(page) == []
    open_link(page, midgame())
    expect(page.locator("#decision .rondel-svg [data-unaffordable]").first).to_be_attached()
    assert serious_violations(page) == []
