"""The play surface by clicks (issue 21), in Chromium at 1280×800 and 390×844: each situation a new player
met, played the way they would play it, with a screenshot of each (test-results/surface-<case>-<width>.png).

- a battle: picking the unit fights nothing; the fight is a second, explicit choice in words, beside "Not
  now";
- a unit with one destination: picking it moves nothing; the destination is offered, and moves it;
- the canal question (Imperial 2030): a sentence naming the unit, where it comes from and goes, and the canal;
- a hint on an investment: the bond to buy named with its nation, in words.

Resume and zoom on a phone are played in ``test_map_view.py``.
"""

from __future__ import annotations

from typing import Any

import imperial_core as core
import pytest
from conftest import FINAL_HINT, ROOT, PagePool, moves, open_game
from playwright.sync_api import Page, expect
from test_ui_logic import random_positions

SIZES = [(1280, 800), (390, 844)]
SHOTS = ROOT / "test-results"


def first(predicate: Any, board: str = "europe") -> tuple[core.GameState, Any]:
    """The first position (over a few seeded games) where ``predicate(state, actions)`` gives something."""
    for seed in range(1, 12):
        for state in random_positions(seed, 5000, board):
            if state.decision in ("fleets", "armies"):
                found = predicate(state, core.legal_actions(state))
                if found is not None:
                    return state, found
    raise AssertionError("no such position")


def shot(page: Page, case: str, size: tuple[int, int]) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"surface-{case}-{size[0]}.png"))


def pick_on_map(page: Page, region: str) -> None:
    """The unit's region clicked on the map (the overlay's highlight, as a player taps it)."""
    page.locator(f'#map [data-choice="{region}"]').first.dispatch_event("click")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_battle_is_a_second_explicit_choice(page_pool: PagePool, size: tuple[int, int]):
    state, fight = first(lambda s, acts: next((a for a in acts if a.type == "battle"), None))
    page = open_game(page_pool, size, state)
    n = moves(page)
    pick_on_map(page, fight.region)
    decision = page.get_by_test_id("decision")
    button = decision.locator(f'button[data-choice="{fight}"]')
    expect(button).to_be_visible()
    assert moves(page) == n  # picking the unit fought nothing
    label = button.inner_text()
    assert label.startswith("Fight in ") and "(both are removed)" in label and "against" in label, label
    not_now = decision.get_by_role("button", name="Not now")
    expect(not_now).to_be_visible()
    shot(page, "battle", size)
    not_now.click()  # not now: the unit is put down again, nothing played
    expect(button).to_have_count(0)
    assert moves(page) == n
    pick_on_map(page, fight.region)
    decision.locator(f'button[data-choice="{fight}"]').click()
    page.wait_for_function("n => document.body.dataset.moves === String(n + 1)", arg=n)
    expect(page.get_by_test_id("last-move")).to_contain_text("battle", ignore_case=True)


def _one_destination(state: core.GameState, acts: list[Any]) -> Any:
    """A fleet whose region offers exactly one action, a move."""
    for a in acts:
        if a.type == "fleet":
            there = [b for b in acts if getattr(b, "origin", getattr(b, "region", None)) == a.origin]
            if len(there) == 1:
                return a
    return None


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_unit_with_one_destination_names_it_before_moving(page_pool: PagePool, size: tuple[int, int]):
    state, move = first(_one_destination)
    page = open_game(page_pool, size, state)
    n = moves(page)
    pick_on_map(page, move.origin)
    decision = page.get_by_test_id("decision")
    go = decision.locator(f'button[data-choice="{move.to}"]')
    expect(go).to_be_visible()
    assert moves(page) == n  # picking the fleet moved nothing
    expect(decision).to_contain_text("Move the fleet to", ignore_case=True)
    expect(page.locator(f'#map [data-choice="{move.to}"]').first).to_have_count(1)  # and on the map
    shot(page, "one-destination", size)
    go.click()
    page.wait_for_function("n => document.body.dataset.moves === String(n + 1)", arg=n)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_canal_question_is_a_sentence(page_pool: PagePool, size: tuple[int, int]):
    """Imperial 2030: the canal's owner is asked in words whose unit would pass from where to where."""
    from test_no_notation import canal_game

    state, _played = canal_game()
    page = open_game(page_pool, size, state)
    decision = page.get_by_test_id("decision")
    question = decision.locator(".dhead .who").inner_text()
    unit, move = state.turn["pending"][:2]
    board = core.load_board("world2030")
    origin, to = move.split(">")[0], move.split(">")[-1]
    assert "allow " in question.lower(), question
    assert f"{unit}" in question and board.regions[origin].name in question and board.regions[to].name in question, question
    assert "Canal?" in question and ">" not in decision.inner_text(), question
    shot(page, "canal", size)
    n = moves(page)
    decision.get_by_role("button", name="Allow the passage").click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=n)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_bond_hint_names_the_nation(page_pool: PagePool, size: tuple[int, int]):
    """A hint asked for on an investment names the nation whose bond to buy, as a sentence."""
    for seed in range(1, 12):
        state = next((s for s in random_positions(seed, 5000) if s.decision == "invest"
                      and sum(a.type == "bond" for a in core.legal_actions(s)) >= 2), None)
        if state is None:
            continue
        page = open_game(page_pool, size, state)
        page.get_by_test_id("hint").click()
        hint = page.locator(FINAL_HINT)
        expect(hint).to_be_visible(timeout=120_000)
        chosen = {str(a): a for a in core.legal_actions(state)}[hint.get_attribute("data-action")]
        if chosen.type != "bond":
            continue
        text = hint.inner_text()
        nation = next(n.name for n in core.load_board("europe").nations if n.id == chosen.nation)
        assert nation in text and "bond" in text.lower(), text
        assert "int." not in text and str(chosen) not in text, text
        shot(page, "bond-hint", size)
        return
    pytest.fail("no hint to buy a bond in these games")
