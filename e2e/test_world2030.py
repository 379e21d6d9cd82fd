"""Imperial 2030 in real Chromium: a game started from the new-game screen, a canal question answered by
its owner's clicks, and a near-finished game played by clicks to the score screen; screenshots at 1280 and
390 px wide.  Positions are found by seeded random play in CPython and opened by link."""

from __future__ import annotations

import random
import sys
from typing import Any

import imperial_core as core
import pytest
from conftest import ROOT, PagePool, open_link
from playwright.sync_api import Page, expect
from test_bots import click_move

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui.choices import Names  # noqa: E402

NAMES = Names(core.load_board("world2030"))
PLAYERS = ["Ann", "Bob", "Cem", "Dia"]
SHOTS = ROOT / "test-results"


def click(page: Page, state: Any, action: Any) -> Any:
    """Make ``action`` as a player does (unit, destination, option) and return the engine's next state."""
    click_move(page, state, action, NAMES)
    return core.apply(state, action)


@pytest.fixture(scope="module")
def page(page_pool: PagePool) -> Page:
    """The shared booted page, reset once for this module."""
    page = page_pool.use({"width": 1280, "height": 860})
    page.wait_for_selector("#board option[value=world2030]", state="attached", timeout=120_000)
    return page


def test_a_2030_game_from_the_new_game_screen(page: Page):
    # the options valid for the board: Europe has two editions and no 2030 variant
    expect(page.locator("#edition option")).to_have_count(2)
    expect(page.locator("#increase-bonus-row")).to_be_hidden()
    page.select_option("#board", "world2030")
    expect(page.locator("#edition option")).to_have_count(1)
    expect(page.locator("#increase-bonus-row")).to_be_visible()
    page.locator("#increase-bonus").check()
    page.get_by_test_id("player-count").select_option("4")
    for i, name in enumerate(PLAYERS, 1):
        page.get_by_test_id(f"player-name-{i}").fill(name)
    page.locator("#seed").fill("5")
    page.get_by_test_id("start-game").click()
    page.wait_for_function("() => document.body.dataset.moves === '0'")
    state = core.new_game(PLAYERS, board="world2030", seed=5, increase_bonus=True)
    expect(page.locator("#decision .who")).to_contain_text(state.current_player)
    page.locator("[data-tab=players]").click()
    expect(page.locator("#players .setup-line")).to_contain_text("Imperial 2030 · current rules")
    expect(page.locator("#players .setup-line")).to_contain_text("bonus only for tax increases")
    expect(page.locator("#map svg.board-world2030 [data-canal]")).to_have_count(2)
    rng = random.Random(2)
    for _ in range(40):
        state = click(page, state, rng.choice(core.legal_actions(state)))
    page.locator("[data-tab=log]").click()
    expect(page.get_by_test_id("log")).to_contain_text("Round 1 · ")
    SHOTS.mkdir(exist_ok=True)  # docs/ui-world2030*.png are copies of these, committed by hand
    page.screenshot(path=str(SHOTS / "ui-world2030.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    page.screenshot(path=str(SHOTS / "ui-world2030-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 860})


def _canal_question() -> Any:
    for seed in range(40):
        rng = random.Random(seed)
        s = core.new_game(PLAYERS, board="world2030", seed=seed)
        while not s.is_over:
            if s.decision == "canal":
                return s
            s = core.apply(s, rng.choice(core.legal_actions(s)))
    raise AssertionError("no canal question in 40 random games")


def test_the_canal_owner_allows_a_passage_by_click(page: Page):
    state = _canal_question()
    open_link(page, state)
    canal = next(c for c in NAMES.board.canals if c.id == state.turn["queue"][0])
    who = page.locator("#decision .who")
    expect(who).to_contain_text(state.current_player)
    expect(page.locator("#decision")).to_contain_text(canal.name)
    for word in ("allow", "refuse"):
        expect(page.locator(f'#decision button[data-choice="{word}"]')).to_have_count(1)
    after = click(page, state, core.parse_action(state, "allow"))
    page.locator("[data-tab=log]").click()
    expect(page.get_by_test_id("log")).to_contain_text(f"through the {canal.name}")
    assert after.decision != "canal" or after.turn["queue"] != state.turn["queue"]


def test_a_near_finished_2030_game_to_the_score_screen(page: Page):
    rng = random.Random(9)
    state = core.new_game(PLAYERS, board="world2030", seed=9, increase_bonus=True)
    trail = [state]
    while not state.is_over:
        state = core.apply(state, rng.choice(core.legal_actions(state)))
        trail.append(state)
    s = trail[-8]
    open_link(page, s)
    for k in range(len(s.history), len(state.history)):
        s = click(page, s, core.legal_actions(s)[state.history[k]])
    assert s.is_over
    scores = page.locator("#scores")
    expect(scores).to_be_visible()
    expect(scores).to_contain_text(f"{core.winner(s)} wins")
    for name, points in core.scores(s).items():
        expect(scores.locator("tr", has_text=name).locator("td.total")).to_have_text(str(points))
