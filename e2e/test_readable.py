"""Reading the game (issue 12) in real Chromium at 1920×1080, 1280×800, 768×1024 and 390×844: no horizontal
scrolling, the decision inside the viewport after the log is scrolled to its end, the live scoreboard with
one score per player equal to ``imperial_core.scores`` of the game's record, the round counter and the tab
title, readable tracks, greyed choices, the rules "?" and the log of a scripted round.

Screenshots of each size go to test-results/ui-layout-<width>.png, or to $IMPERIAL_SHOTS (the README's
docs/ui-layout-*.png are copies of them, looked at)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import imperial_core as core
import pytest
from conftest import ROOT, PagePool, moves
from playwright.sync_api import Page, expect
from readable_position import midgame
from test_readable_logic import play_scripted_round

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui.session import Session  # noqa: E402

SHOTS = Path(os.environ.get("IMPERIAL_SHOTS", ROOT / "test-results"))
SIZES = [(1920, 1080), (1280, 800), (768, 1024), (390, 844)]


@pytest.fixture(scope="module")
def game() -> tuple[str, Any]:
    """A mid-game link token, and the state its record gives."""
    token = core.encode(midgame())
    return token, core.decode(token)


def open_game(page_pool: PagePool, size: tuple[int, int], token: str) -> Page:
    """The shared booted page at this size (below 768 px a phone's), reset, with the game link opened."""
    w, h = size
    page = page_pool.use({"width": w, "height": h}, phone=w < 768)
    page.evaluate("t => { location.hash = 'g=' + t; }", token)
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
    return page


def no_horizontal_overflow(page: Page) -> None:
    """Nothing wider than the window (on a phone the browser would widen its layout to fit, and
    ``innerWidth`` with it: the window's own width is the viewport's)."""
    width = page.evaluate("() => Math.max(document.scrollingElement.scrollWidth, window.innerWidth)")
    inner = page.viewport_size["width"]
    assert width <= inner, f"the page is {width}px wide in a {inner}px window"


def inside_viewport(page: Page, selector: str) -> None:
    box = page.evaluate("""sel => { const r = [...document.querySelectorAll(sel)].pop().getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom, window.innerWidth, window.innerHeight]; }""", selector)
    left, top, right, bottom, _w, _h = box
    w, h = page.viewport_size["width"], page.viewport_size["height"]
    assert bottom - top > 20, f"{selector} is empty"
    assert left >= -0.5 and top >= -0.5 and right <= w + 0.5 and bottom <= h + 0.5, f"{selector} at {box[:4]} in {w}×{h}"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_layout_scores_and_decision_at_every_size(page_pool: PagePool, game: tuple[str, Any], size: tuple[int, int]):
    token, state = game
    page = open_game(page_pool, size, token)
    assert int(page.evaluate("() => document.body.dataset.moves")) == len(state.history)
    no_horizontal_overflow(page)
    # the scoreboard: one score per player, the engine's, in the engine's ranking order
    board = page.get_by_test_id("scores")
    expect(board).to_be_visible()
    rows = page.locator("[data-testid=scores] tr[data-player]")
    expect(rows).to_have_count(len(state.players))
    shown = {rows.nth(i).get_attribute("data-player"): int(rows.nth(i).locator("td.sc").inner_text())
             for i in range(rows.count())}
    assert shown == core.scores(state)
    assert [rows.nth(i).get_attribute("data-player") for i in range(rows.count())] == core.ranking(state)
    # round counter and title
    expect(page.get_by_test_id("round")).to_have_text(f"Round {state.round}")
    # (the tab's title is written after the frame is painted: wait for it, as a player's tab would show it)
    expect(page).to_have_title(re.compile("^" + re.escape(f"{state.current_player} to play")))
    # the decision: in view, with its rules "?", the greyed spaces and costs
    inside_viewport(page, "[data-testid=decision]")
    inside_viewport(page, "[data-testid=decision] .dhead")
    off = [r for r in core.rondel_choices(state) if not r["affordable"]]
    expect(page.locator("#decision button[data-unaffordable]:disabled")).to_have_count(len(off))
    legal = {str(a) for a in core.legal_actions(state)}
    offered = page.locator("#decision button[data-choice]").evaluate_all("els => els.map(e => e.dataset.choice)")
    assert set(offered) == legal
    # the tracks as text, at least 12 px
    page.locator("[data-tab=nations]").click()
    sizes = page.locator("[data-testid=tracks] th, [data-testid=tracks] td").evaluate_all(
        "els => els.filter(e => e.textContent.trim()).map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 12, min(sizes)
    cards = page.locator("#nations .nation dd, #nations .nation dt, #nations .nation .bonds").evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert cards and min(cards) >= 12, min(cards)
    page.locator("[data-tab=players]").click()
    bonds = page.locator("#players .bondlist, #players .bondlist *").evaluate_all(
        "els => els.filter(e => e.textContent.trim()).map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert bonds and min(bonds) >= 12, min(bonds)
    page.locator("[data-tab=nations]").click()
    no_horizontal_overflow(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => { window.scrollTo(0, 0); document.querySelector('.side').scrollTop = 0; }")
    page.screenshot(path=str(SHOTS / f"ui-layout-{size[0]}.png"))
    # the log scrolled to its end: the decision is still in view
    page.locator("[data-tab=log]").click()
    last = Session.from_state(state, game_id="x").log()[-1]
    expect(page.get_by_test_id("log")).to_contain_text(f"Round {last.round}")
    expect(page.locator("#log .say").last).to_have_text(last.text)
    page.locator("#log .mv-row").last.scroll_into_view_if_needed()
    page.evaluate("""() => { const log = document.getElementById('log'); log.scrollTop = log.scrollHeight;
        const side = document.querySelector('.side'); side.scrollTop = side.scrollHeight;
        window.scrollTo(0, document.scrollingElement.scrollHeight); }""")
    inside_viewport(page, "[data-testid=decision]")
    inside_viewport(page, "#log .mv-row")  # the last entry: the end of the log is not hidden under it
    no_horizontal_overflow(page)


def test_the_rules_help_and_the_log_of_a_scripted_round(page_pool: PagePool):
    session, events = play_scripted_round()
    token = core.encode(session.present)
    page = open_game(page_pool, (1280, 800), token)
    page.locator("[data-tab=log]").click()
    log = page.get_by_test_id("log")
    expect(log).to_contain_text("Round 1")
    text = log.inner_text()
    for ev in events:
        for p in ev:
            if p.kind == "pay":
                assert re.search(rf"\b{p.amount}M\b", text), p
    # the filter by nation keeps that nation's turns only
    page.locator('#log [data-cmd=log-filter][data-arg="IT"]').click()
    expect(page.locator("#log .lg")).to_have_count(len({e.heading for e in session.log() if e.nation == "IT"}))
    expect(page.locator("#log .lg .chip").first).to_have_text("Italy")
    page.locator('#log [data-cmd=log-filter][data-arg=""]').click()
    # a click on an entry shows the board after it
    page.locator("#log .mv").first.click()
    expect(page.locator("#decision")).to_contain_text("Position after move 1")
    page.locator("[data-cmd=replay-exit]").click()
    # the keyboard goes through the decision's choices in its order (a mouse click leaves no focus ring)
    page.locator("#decision details.help summary").focus()
    page.keyboard.press("Tab")
    first = page.locator("#decision button[data-choice]").first.get_attribute("data-choice")
    assert page.evaluate("() => document.activeElement.dataset.choice") == first
    # the "?" explains the decision in our words and cites the rulebook
    page.locator("#decision details.help summary").click()
    assert page.evaluate("() => document.activeElement.tagName") == "SUMMARY"
    assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") == "none"
    expect(page.locator("#decision .help-body")).to_be_visible()
    expect(page.locator("#decision .help-body .cite")).to_contain_text("page")
    # the rules link opens every entry
    page.get_by_test_id("rules-link").click()
    expect(page.get_by_test_id("rules")).to_be_visible()
    expect(page.locator("#rules .rules-list dt").first).to_be_visible()


def test_the_drawing_of_the_tracks_is_drawn_when_opened_and_stays_open_over_moves(page_pool: PagePool,
                                                                                   game: tuple[str, Any]):
    page = open_game(page_pool, (1280, 800), game[0])
    drawing = page.locator("#nations details.tracks-drawing")
    expect(drawing.locator(".tracks-svg svg")).to_have_count(0)  # closed: not drawn
    drawing.locator("summary").click()
    expect(drawing.locator(".tracks-svg svg")).to_be_visible()
    start = moves(page)
    for _ in range(6):  # a move or two (a first click may only pick a unit)
        if moves(page) >= start + 2:
            break
        page.locator("#decision [data-choice]").first.click()
    assert moves(page) >= start + 1
    expect(page.locator("#nations details.tracks-drawing .tracks-svg svg")).to_be_visible()
    page.locator("#nations details.tracks-drawing summary").click()
    expect(page.locator("#nations details.tracks-drawing .tracks-svg svg")).to_have_count(0)
