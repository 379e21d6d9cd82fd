"""The start screen of issue 36 in Chromium at 1280, 768 and 390 px: "Play against the computer" with its
strength; the engine's version in the Rules dialog, not the header; on a phone the saved games before the
new-game form and no keyboard tips on a touch screen.  Screenshots: ``test-results/start-words-<w>.png``."""

from __future__ import annotations

import imperial_bots
import pytest
from conftest import ROOT, PagePool
from playwright.sync_api import expect

SHOTS = ROOT / "test-results"
SIZES = {1280: 800, 768: 1024, 390: 844}


@pytest.mark.parametrize("width", [1280, 768, 390])
def test_the_start_screen_picks_a_strength_and_keeps_the_version_in_the_rules(page_pool: PagePool, width: int):
    phone = width < 768
    page = page_pool.use({"width": width, "height": SIZES[width]}, phone=phone)
    level = page.get_by_test_id("solo-level")
    expect(level).to_be_visible()
    expect(level).to_have_value("normal")
    assert level.locator("option").all_inner_texts() == list(imperial_bots.LEVELS)
    expect(page.locator("header #version")).to_have_count(0)
    form = page.get_by_test_id("new-game").bounding_box()
    saves = page.get_by_test_id("saves").bounding_box()
    solo = page.get_by_test_id("solo").bounding_box()
    assert form and saves and solo
    if phone:  # the saved games come before the long form, after the two short cards
        assert solo["y"] < saves["y"] < form["y"], (solo, saves, form)
        expect(page.get_by_test_id("key-tips")).to_be_hidden()
    else:
        expect(page.get_by_test_id("key-tips")).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"start-words-{width}.png"), full_page=True)
    page.get_by_test_id("rules-link").click()
    version = page.locator("#rules #version")
    expect(version).to_contain_text("engine ")
    version.scroll_into_view_if_needed()
    expect(version).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / f"start-words-rules-{width}.png"))
    page.keyboard.press("Escape")


def test_play_against_strong_computers_names_them_computers(page_pool: PagePool):
    page = page_pool.use({"width": 1280, "height": 800})
    page.get_by_test_id("solo-name").fill("Zoe")
    page.get_by_test_id("solo-level").select_option("strong")
    page.get_by_test_id("play-computer").click()
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
    page.locator("[data-tab=players]").click()
    seats = page.get_by_test_id("seats").locator("li")
    expect(seats).to_have_count(4)
    expect(seats.nth(1)).to_contain_text("Computer 1 (strong)")
    expect(seats.nth(1)).to_have_attribute("data-seat", "strong")
    page.locator("[data-tab=nations]").click()


def test_a_computer_seat_in_the_form_is_called_a_computer(page_pool: PagePool):
    """The new-game form: a seat given to the computer is named "Computer 2 (strong)" unless a name was typed, and
    gets its name back when given back to a person; a typed name stays; the names follow the language."""
    page = page_pool.use({"width": 1280, "height": 800})
    name2, name3 = page.get_by_test_id("player-name-2"), page.get_by_test_id("player-name-3")
    page.get_by_test_id("seat-2").select_option("strong")
    expect(name2).to_have_value("Computer 2 (strong)")
    page.get_by_test_id("seat-2").select_option("easy")
    expect(name2).to_have_value("Computer 2 (easy)")
    name3.fill("Zoe")
    page.get_by_test_id("seat-3").select_option("normal")
    expect(name3).to_have_value("Zoe")  # typed by the player: kept
    page.evaluate("() => imperialPy.command('lang', 'es')")
    expect(name2).to_have_value("Ordenador 2 (fácil)")
    page.get_by_test_id("seat-2").select_option("human")
    expect(name2).to_have_value("Ben")
    page.get_by_test_id("start-game").click()
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
