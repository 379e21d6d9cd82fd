"""Accessibility: axe-core (test harness only, never shipped) finds no serious or critical violation on the
start screen, the new-game form, a game in progress, the tutorial and the score screen, in English, German and
Spanish."""

from __future__ import annotations

import random

import imperial_core as core
import pytest
from conftest import LOCALE, PagePool, serious_violations
from playwright.sync_api import Page, expect


@pytest.fixture(params=list(LOCALE))
def page(request: pytest.FixtureRequest, page_pool: PagePool) -> Page:
    """The shared booted page of the browser speaking this language (the page follows it), reset."""
    page = page_pool.use({"width": 1280, "height": 860}, locale=LOCALE[request.param])
    assert page.evaluate("() => document.documentElement.lang") == request.param
    return page


def test_the_start_screen(page: Page):
    expect(page.locator("#start")).to_be_visible()
    assert serious_violations(page) == []


def test_the_new_game_form_for_imperial_2030(page: Page):
    page.select_option("#board", "world2030")
    expect(page.locator("#increase-bonus-row")).to_be_visible()
    assert serious_violations(page) == []


def test_a_game_in_progress(page: Page):
    page.fill("#seed", "4")
    page.click("[data-testid=start-game]")
    expect(page.locator("#game")).to_be_visible()
    for _ in range(6):
        before = page.evaluate("() => document.body.dataset.moves")
        page.locator("#decision button[data-choice]").first.click()
        page.wait_for_function("n => document.body.dataset.moves !== n", arg=before)
    assert serious_violations(page) == []


def test_the_tutorial(page: Page):
    """"Learn to play" at a step with the computers' moves told and the friendly word after another choice."""
    page.get_by_test_id("learn").click()
    step = page.locator("[data-testid=tutorial-step]")
    while step.get_attribute("data-step") != "6":
        before = step.get_attribute("data-step")
        nxt = page.get_by_test_id("tutorial-next")
        (nxt if nxt.count() else page.locator("#decision button[data-tutorial-target]")).click()
        page.wait_for_function("b => document.querySelector('[data-testid=tutorial-step]').dataset.step !== b",
                               arg=before)
    page.locator("#decision button[data-choice]:not([data-tutorial-target])").first.click()
    expect(page.get_by_test_id("tutorial-oops")).to_be_visible()
    expect(page.locator("#tutorial .tmeanwhile li")).to_have_count(1)
    assert serious_violations(page) == []


def test_the_score_screen(page: Page):
    rng = random.Random(2)
    s = core.new_game(["Ann", "Bob", "Cem"], seed=2)
    while not s.is_over:
        s = core.apply_index(s, rng.randrange(len(core.legal_actions(s))))
    before = page.evaluate("() => document.body.dataset.game || ''")
    page.evaluate("t => { history.replaceState(null, '', location.pathname); location.hash = 'g=' + t; }",
                  core.encode(s))
    page.wait_for_function("g => document.body.dataset.game !== g", arg=before)
    scores = page.locator("#scores")
    if not scores.is_visible():
        page.click("[data-cmd=scores]")
    expect(scores).to_be_visible()
    assert serious_violations(page) == []
