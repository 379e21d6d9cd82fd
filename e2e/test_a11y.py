"""Accessibility: axe-core (test harness only, never shipped) finds no serious or critical violation on the
start screen, the new-game form, a game in progress, the tutorial and the score screen, in English, German and
Spanish."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import imperial_core as core
import pytest
from conftest import SiteServer, wait_ready
from playwright.sync_api import Browser, Page, expect

SERIOUS = ("serious", "critical")


@pytest.fixture(scope="module")
def axe() -> str:
    path = os.environ.get("IMPERIAL_AXE")
    if not path:
        from build import axe_script  # the pinned, integrity-checked copy (fetched once into .cache/)

        path = str(axe_script())
    return Path(path).read_text()


#: The browser's language for each of the page's languages (the page follows it).
LOCALES = {"en": "en-US", "de": "de-DE", "es": "es-ES"}


@pytest.fixture(scope="module", params=list(LOCALES))
def page(request: pytest.FixtureRequest, browser: Browser, site: SiteServer) -> Iterator[Page]:
    # The page forbids scripts from anywhere but its own files; axe is injected by the test, so the test's
    # browser context alone bypasses that policy.  One page per language, walked through the four views.
    context = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True,
                                  locale=LOCALES[request.param])
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    assert page.evaluate("() => document.documentElement.lang") == request.param
    yield page
    context.close()


def serious_violations(page: Page, axe: str) -> list[str]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe)
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    assert result["passes"] is not None or result["violations"] is not None  # axe really ran
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — " + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in result["violations"] if v["impact"] in SERIOUS
    ]


def test_the_start_screen(page: Page, axe: str):
    expect(page.locator("#start")).to_be_visible()
    assert serious_violations(page, axe) == []


def test_the_new_game_form_for_imperial_2030(page: Page, axe: str):
    page.select_option("#board", "world2030")
    expect(page.locator("#increase-bonus-row")).to_be_visible()
    assert serious_violations(page, axe) == []
    page.select_option("#board", "europe")


def test_a_game_in_progress(page: Page, axe: str):
    page.fill("#seed", "4")
    page.click("[data-testid=start-game]")
    expect(page.locator("#game")).to_be_visible()
    for _ in range(6):
        before = page.evaluate("() => document.body.dataset.moves")
        page.locator("#decision button[data-choice]").first.click()
        page.wait_for_function("n => document.body.dataset.moves !== n", arg=before)
    assert serious_violations(page, axe) == []


def test_the_tutorial(page: Page, axe: str):
    """"Learn to play" at a step with the computers' moves told and the friendly word after another choice."""
    page.evaluate("() => imperialPy.command('home')")
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
    assert serious_violations(page, axe) == []


def test_the_score_screen(page: Page, axe: str):
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
    assert serious_violations(page, axe) == []
