"""The page in English, German and Spanish (issue 15) in Chromium: the browser's language picks the page's,
the switch in the header changes it everywhere and is kept for the next visit, a few moves are played in
each language, and a walk through every view finds no English word left in German or Spanish."""

from __future__ import annotations

import random

import imperial_core as core
import pytest
from conftest import LOCALE, PagePool
from langwords import leftovers
from playwright.sync_api import Page, expect

NAMES = ("Anna", "Ben", "Clara")
#: One word each language shows on the new-game form and in the game (the catalogue's, as drawn).
START = {"en": "New game", "de": "Neue Partie", "es": "Nueva partida"}
NATIONS_TAB = {"en": "Nations", "de": "Nationen", "es": "Naciones"}

# what a person reads or hears: the visible text, the tab's title, the attributes read aloud or shown on hover
SEEN = """() => {
  let text = document.body.innerText;  // moves in the game's notation (<code>) are the same in every language
  for (const c of document.querySelectorAll('code')) if (c.innerText) text = text.replace(c.innerText, ' ');
  const out = [document.title, text];
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    if (el.closest('[hidden]') || el.closest('dialog:not([open])')) continue;
    for (const a of ['title', 'aria-label', 'placeholder', 'alt']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  for (const el of document.querySelectorAll('svg title')) out.push(el.textContent);
  return out.join('\\n');
}"""


CUT_TABS = "() => [...document.querySelectorAll('.tabs button')].filter(b => b.scrollWidth > b.clientWidth)" \
    ".map(b => b.textContent)"


@pytest.fixture
def lang_page(request: pytest.FixtureRequest, page_pool: PagePool) -> Page:
    """The shared booted page of a browser in that language, reset (the first test of each language here
    meets it as booted: nothing has switched its language yet)."""
    return page_pool.use({"width": 1280, "height": 900}, locale=LOCALE[request.param])


def start_game(page: Page, moves: int = 4) -> None:
    page.select_option("#player-count", "3")
    for i, name in enumerate(NAMES, 1):
        page.fill(f"#player-name-{i}", name)
    page.fill("#seed", "11")
    page.click("[data-testid=start-game]")
    expect(page.locator("#game")).to_be_visible()
    for _ in range(moves):
        before = page.evaluate("() => document.body.dataset.moves")
        page.locator("#decision button[data-choice]").first.click()
        page.wait_for_function("n => document.body.dataset.moves !== n", arg=before)


@pytest.mark.parametrize("lang_page", ["en", "de", "es"], indirect=True)
def test_a_few_moves_in_each_language(lang_page: Page, request: pytest.FixtureRequest) -> None:
    page, lang = lang_page, request.node.callspec.params["lang_page"]
    assert page.evaluate("() => document.documentElement.lang") == lang  # from the browser's language
    expect(page.locator("#lang")).to_have_value(lang)
    expect(page.locator("#new-game h2")).to_have_text(START[lang])
    start_game(page, moves=5)
    assert page.evaluate("() => document.body.dataset.moves") == "5"
    expect(page.locator("[data-tab=nations]")).to_have_text(NATIONS_TAB[lang])
    assert page.evaluate(CUT_TABS) == []  # every tab's word shown whole
    expect(page.locator("[data-testid=whose-turn]")).to_be_visible()
    if lang != "en":
        assert leftovers(page.inner_text("[data-testid=whose-turn]"), lang, NAMES) == []
        assert leftovers(page.inner_text("#scoreboard"), lang, NAMES) == []
        nations = "\n".join(page.locator("#nations section.nation").all_inner_texts())  # without the drawings
        assert leftovers(nations, lang, NAMES) == []


@pytest.mark.parametrize("lang_page", ["en"], indirect=True)
def test_the_switch_redraws_everything_and_is_kept(lang_page: Page) -> None:
    page = lang_page
    start_game(page, moves=3)
    page.click("[data-tab=players]")
    page.select_option("#lang", "de")
    expect(page.locator("[data-tab=nations]")).to_have_text("Nationen")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    assert page.evaluate("() => localStorage.getItem('imperial.lang')") == "de"
    expect(page.locator("[data-testid=undo]")).to_contain_text("Zurück")
    expect(page.locator("#scoreboard th").nth(1)).to_have_text("Spieler")
    expect(page.locator("[data-testid=seats] h3")).to_have_text("Plätze")
    assert page.evaluate("() => document.body.dataset.moves") == "3"  # the same game, only its words changed
    assert page.locator("#map svg g.pieces").count() == 1  # the board put in again, with its pieces
    page.select_option("#lang", "es")
    expect(page.locator("#scoreboard th").nth(1)).to_have_text("Jugador")
    page.reload()
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    assert page.evaluate("() => document.documentElement.lang") == "es"  # kept over a reload
    expect(page.locator("#lang")).to_have_value("es")
    expect(page.locator("[data-tab=log]")).to_have_text("Registro")
    page.select_option("#lang", "en")
    expect(page.locator("[data-tab=log]")).to_have_text("Log")


def finished_game() -> str:
    rng = random.Random(2)
    s = core.new_game(list(NAMES), seed=2)
    while not s.is_over:
        s = core.apply_index(s, rng.randrange(len(core.legal_actions(s))))
    return core.encode(s)


@pytest.mark.parametrize("lang_page", ["de", "es"], indirect=True)
def test_no_english_word_is_left_in_any_view(lang_page: Page, request: pytest.FixtureRequest) -> None:
    """Every view: start screen, new-game form (both boards), a game with each tab open, its decision, the
    menu with the saves list, the rules, the score screen with its charts."""
    page, lang = lang_page, request.node.callspec.params["lang_page"]
    found: dict[str, list[str]] = {}

    def look(view: str) -> None:
        left = leftovers(page.evaluate(SEEN), lang, NAMES)
        if left:
            found[view] = left

    look("start")
    page.select_option("#board", "world2030")
    expect(page.locator("#increase-bonus-row")).to_be_visible()
    look("new-game form, Imperial 2030")
    page.select_option("#board", "europe")
    page.select_option("#seat-2", "normal")
    look("new-game form, a computer seat")
    start_game(page, moves=6)
    for tab in ("nations", "players", "log", "charts"):
        page.click(f"[data-tab={tab}]")
        expect(page.locator(f"[data-panel={tab}]")).to_be_visible()
        look(f"game, {tab} tab")
    page.click("[data-testid=rules-link]")
    expect(page.locator("#rules")).to_be_visible()
    look("rules")
    page.keyboard.press("Escape")
    page.locator("#decision details.help summary").first.click()
    look("decision with its rules help")
    page.click("[data-cmd=menu]")
    expect(page.locator("#menu")).to_be_visible()
    look("menu and saves")
    page.click("[data-cmd=home]")
    expect(page.locator("#start")).to_be_visible()
    look("start screen with a saved game")
    page.evaluate("t => { location.hash = 'g=' + t; }", finished_game())
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
    scores = page.locator("#scores")
    if not scores.is_visible():
        page.click("[data-cmd=scores]")
    expect(scores).to_be_visible()
    look("score screen and charts")
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_longer_words_fit_a_phone(page_pool: PagePool, lang: str) -> None:
    """German and Spanish words are longer: on a phone the page still never scrolls sideways, and the
    language switch stays in the header."""
    page = page_pool.use({"width": 390, "height": 800}, locale=LOCALE[lang])
    wide = "() => document.documentElement.scrollWidth"
    assert page.evaluate(wide) <= 390
    expect(page.locator("#lang")).to_be_visible()
    start_game(page, moves=2)
    for tab in ("nations", "players", "log", "charts"):
        page.click(f"[data-tab={tab}]")
        assert page.evaluate(wide) <= 390, tab
    expect(page.locator("#lang")).to_be_in_viewport()
    assert page.evaluate(CUT_TABS) == []
