"""Computer players in real Chromium: a game of one person and three computer seats started from the
new-game form, the person's moves made by clicks, the bots' moves arriving from the bot worker while the
page answers clicks, a Hint, the seats handed over to the computer at instant pace up to the score screen;
"Play against the computer" with its seats kept over a reload and dropped by a shared link; a worker that
answers nonsense stops the bots with a message and leaves the game to be taken over.  Screenshots go to
test-results/ (docs/ui-bots.png is a copy of test-results/ui-bots.png, committed by hand)."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import imperial_core as core
import pytest
from conftest import BOOT_TIMEOUT_MS, FINAL_HINT, ROOT, PagePool, saved_text, wait_ready
from imperial_core import codec
from imperial_core.narrate import sentence
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui.choices import Names, steps  # noqa: E402

NAMES = Names(core.load_board("europe"))
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
SHOTS = ROOT / "test-results"
GAME_TIMEOUT_MS = 900_000


def data(page: Page, key: str) -> str:
    return str(page.evaluate("k => document.body.dataset[k] || ''", key))


def moves(page: Page) -> int:
    return int(data(page, "moves") or -1)


def saved(page: Page) -> tuple[Any, dict]:
    """The game as the page saved it (saved once each move's frame is painted), and its meta."""
    text = saved_text(page)
    assert text, "the game is not saved"
    return core.load(text), json.loads(text)["meta"]


def wait_for(page: Page, expr: str, arg: Any = None, timeout: float = 60_000) -> None:
    page.wait_for_function(expr, arg=arg, timeout=timeout)


def human_turn(page: Page) -> bool:
    return data(page, "bot") == "human" and page.locator("#decision [data-choice]").count() > 0


def click_move(page: Page, state: Any, action: Any, names: Names = NAMES) -> None:
    """Make ``action`` by clicks, as a player does (unit, destination, option); ``names``: the board's."""
    start = len(state.history)
    for tok in steps(action, state.decision, names):
        if moves(page) != start:
            break
        if tok.kind == "region":
            region = page.locator(f'#map [data-choice="{tok.value}"]')
            expect(region).to_have_count(1)
            region.dispatch_event("click")
        else:
            page.locator(f'#decision button[data-choice="{tok.value}"]').click()
    wait_for(page, "n => Number(document.body.dataset.moves) > n", start)


@pytest.fixture()
def page(page_pool: PagePool) -> Page:
    """The shared booted page, reset."""
    return page_pool.use({"width": 1280, "height": 860})


def bot_moves(page: Page) -> int:
    """The computer players' moves made in this page since it was loaded (``data-bot-moves``)."""
    return int(page.evaluate("() => Number(document.body.dataset.botMoves || 0)"))


def start_from_form(page: Page, seats: list[str], seed: int) -> None:
    for i, (name, seat) in enumerate(zip(PLAYERS, seats, strict=True), 1):
        page.get_by_test_id(f"player-name-{i}").fill(name)
        page.get_by_test_id(f"seat-{i}").select_option(seat)
    page.locator("#seed").fill(str(seed))
    page.get_by_test_id("start-game").click()
    wait_for(page, "() => document.body.dataset.screen === 'game'")


def test_one_person_and_three_computers_to_the_score_screen(page: Page):
    # the expert in the second seat, chosen in the form (it thinks two seconds over a decision that shapes the
    # game: a rondel space, a bond, …)
    start_from_form(page, ["human", "expert", "strong", "strong"], seed=8)
    _state, meta = saved(page)
    assert meta["seats"] == ["human", "expert", "strong", "strong"]
    wait_for(page, "() => document.body.dataset.worker === 'ready'", timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_test_id("pace")).to_have_value("normal")
    # instant pace from here (a move held for the normal pace is e2e/test_botplay.py's, and the next test's
    # first computer move is held in this browser)
    page.get_by_test_id("pace").select_option("instant")

    # Record, in the page itself, what a click on the Log tab found when it was handled.
    page.evaluate("""() => document.addEventListener('click', (e) => {
        if (e.target.closest?.('[data-tab=log]')) window.__logClick = {
            moves: Number(document.body.dataset.moves), bot: document.body.dataset.bot,
            selected: null };
      }, true)""")
    rng = random.Random(1)
    attempts: list[Any] = []
    human_moves = 0
    answered_while_thinking = None
    hinted = False
    for _ in range(400):
        if human_moves >= 3 and answered_while_thinking is not None and hinted:
            break
        if human_turn(page):
            state, _meta = saved(page)
            assert state.current_player == "Ann" and len(state.history) == moves(page)
            if not hinted:  # the expert computer's hint: a legal choice, shown, never played by itself
                page.get_by_test_id("hint").click()
                hint = page.locator(FINAL_HINT)
                expect(hint).to_be_visible(timeout=60_000)
                notation = hint.get_attribute("data-action")
                assert notation in {str(a) for a in core.legal_actions(state)}
                action = core.parse_action(state, notation)
                first = steps(action, state.decision, NAMES)[0]
                expect(hint).to_contain_text(sentence(state, action, []))  # said as the log says a move
                marked = page.locator(f'#decision [data-choice="{first.value}"].hinted, '
                                      '#map [data-kind="hinted"] use')
                assert marked.count() >= 1
                assert moves(page) == len(state.history)  # shown, not played
                hinted = True
                SHOTS.mkdir(exist_ok=True)
                page.screenshot(path=str(SHOTS / "ui-bots-hint.png"))
            click_move(page, state, rng.choice(core.legal_actions(state)))
            human_moves += 1
            expect(page.locator('.hinted, #map [data-kind="hinted"] use')).to_have_count(0)
            continue
        if answered_while_thinking is None and data(page, "bot") == "thinking":
            # A real mouse click on the Log tab while a computer seat's move is being worked out in the
            # worker: the page handles it at once, before the bot's move arrives.
            before = moves(page)
            page.evaluate("() => { window.__logClick = null; }")
            page.locator("[data-tab=nations]").dispatch_event("click")
            # a real mouse click, once Playwright has seen that the tab is what the pointer hits there (the
            # panel above changes: a click at a box read a moment before could land on a log entry instead,
            # which opens that move's replay)
            page.locator("[data-tab=log]").click()
            seen = page.evaluate("() => window.__logClick")
            attempts.append(seen)
            if seen is not None and seen["bot"] == "thinking" and seen["moves"] == before:
                expect(page.locator("[data-tab=log]")).to_have_attribute("aria-selected", "true")
                expect(page.get_by_test_id("log")).to_be_visible()
                wait_for(page, "n => Number(document.body.dataset.moves) > n", before)  # the bot's move came
                answered_while_thinking = seen
            continue
        page.wait_for_timeout(30)
    assert human_moves >= 3 and hinted
    assert answered_while_thinking is not None, f"no click landed while a computer seat was thinking: {attempts}"

    # The bots' moves are in the log with their reasons.
    page.locator("[data-tab=log]").click()
    log = page.get_by_test_id("log")
    state, meta = saved(page)
    bot_steps = [int(k) for k in meta.get("reasons", {})]
    assert bot_steps, "no bot move was recorded with a reason"
    k = bot_steps[-1]
    why = meta["reasons"][str(k)][1]
    assert meta["reasons"][str(k)][0] == str(core.legal_actions(_state_at(state, k))[state.history[k]])
    expect(log).to_contain_text(why)
    by_expert = [k for k in bot_steps if _state_at(state, k).current_player == "Bo"]
    assert by_expert, "the expert seat made no move"
    expect(log).to_contain_text(meta["reasons"][str(by_expert[-1])][1])
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "ui-bots.png"))

    # The bots made quicker (easy), and the person's seat handed to the computer: the game ends.
    page.locator("[data-tab=players]").click()
    seats = page.get_by_test_id("seats")
    expect(seats.locator('select[data-seat-level="1"]')).to_have_value("expert")
    for i in range(1, 4):
        seats.locator(f'select[data-seat-level="{i}"]').select_option("easy")
    seats.get_by_test_id("seat-computer-1").click()
    expect(seats.locator("li").first).to_have_attribute("data-seat", "normal")  # takes over at normal
    seats.locator('select[data-seat-level="0"]').select_option("easy")
    expect(seats.locator("li").first).to_have_attribute("data-seat", "easy")
    # only computers now: the game can be watched, paused and resumed
    page.get_by_test_id("bot-pause").click()
    expect(page.get_by_test_id("bot-status")).to_contain_text("Paused")
    n = moves(page)
    page.wait_for_timeout(1500)
    assert moves(page) == n and not page.locator("#decision [data-choice]").count()
    page.get_by_test_id("bot-resume").click()
    expect(page.locator("#scores")).to_be_visible(timeout=GAME_TIMEOUT_MS)
    state, meta = saved(page)
    assert state.is_over
    assert meta["seats"] == ["easy"] * 4
    expect(page.locator("#scores")).to_contain_text(f"{core.winner(state)} wins")
    for name, points in core.scores(state).items():
        expect(page.locator("#scores tr", has_text=name).locator("td.total")).to_have_text(str(points))
    assert page.evaluate("() => localStorage.getItem('imperial.pace')") == "instant"
    page.screenshot(path=str(SHOTS / "ui-bots-scores.png"))


def _state_at(final: Any, k: int) -> Any:
    s = codec.start_of(final)
    for i in final.history[:k]:
        s = core.apply_index(s, i)
    return s


def test_play_against_the_computer_keeps_its_seats_over_a_reload_and_in_a_link(page: Page, page_pool: PagePool):
    made = bot_moves(page)
    page.get_by_test_id("solo-name").fill("Zoe")
    page.get_by_test_id("play-computer").click()
    wait_for(page, "() => document.body.dataset.screen === 'game'")
    _state, meta = saved(page)
    assert meta["seats"] == ["human", "normal", "normal", "normal"]
    wait_for(page, "n => Number(document.body.dataset.botMoves || 0) > n || document.body.dataset.bot === 'human'",
             made, timeout=BOOT_TIMEOUT_MS)
    page.locator("[data-tab=players]").click()
    seats = page.get_by_test_id("seats")
    expect(seats.locator("li")).to_have_count(4)
    expect(seats.locator("li").first).to_contain_text("Zoe")
    expect(seats.locator("li").first).to_have_attribute("data-seat", "human")
    expect(seats.locator("li").nth(1)).to_have_attribute("data-seat", "normal")

    page.reload()
    wait_ready(page)
    wait_for(page, "() => document.body.dataset.screen === 'game'")
    page.locator("[data-tab=players]").click()
    expect(page.get_by_test_id("seats").locator("li[data-seat=normal]")).to_have_count(3)

    # Undo: the computer players wait (otherwise they would play the same move again at once).
    wait_for(page, "() => document.body.dataset.bot === 'human' || Number(document.body.dataset.moves) >= 1",
             timeout=120_000)
    if moves(page) == 0:
        state, _meta = saved(page)
        click_move(page, state, core.legal_actions(state)[0])
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("bot-resume")).to_be_visible()
    n = moves(page)
    page.wait_for_timeout(1500)
    assert moves(page) == n  # nobody plays while the bots wait
    page.get_by_test_id("bot-resume").click()
    expect(page.get_by_test_id("bot-pause")).to_be_visible()

    # A link carries the seats: whoever opens it finds the same person and computer seats.
    page.get_by_test_id("share-link").click()
    url = page.get_by_test_id("share-url").input_value()
    # someone else's browser: the pool's phone page has a browser context (and storage) of its own
    p2 = page_pool.use({"width": 390, "height": 844}, phone=True)
    p2.evaluate("u => { location.hash = new URL(u).hash; }", url)
    wait_for(p2, "() => document.body.dataset.screen === 'game'")
    p2.locator("[data-tab=players]").click()
    expect(p2.get_by_test_id("seats").locator("li[data-seat=normal]")).to_have_count(3)
    expect(p2.get_by_test_id("seats").locator("li").first).to_have_attribute("data-seat", "human")

    # Only computers now, then back to the start screen: the game waits there, and goes on when resumed.
    page.locator("#share [data-close]").click()
    page.locator("[data-tab=players]").click()
    page.get_by_test_id("seat-computer-1").click()
    page.get_by_test_id("pace").select_option("instant")
    game = data(page, "game")
    key = f"imperial.save.{game}"
    n0 = page.evaluate("k => JSON.parse(localStorage.getItem(k)).summary.moves", key)
    wait_for(page, "([k, n]) => JSON.parse(localStorage.getItem(k)).summary.moves > n", [key, n0])
    page.locator("[data-cmd=menu]").click()
    page.locator("#menu [data-cmd=home]").click()
    expect(page.get_by_test_id("new-game")).to_be_visible()
    page.wait_for_timeout(300)
    n1 = page.evaluate("k => JSON.parse(localStorage.getItem(k)).summary.moves", key)
    page.wait_for_timeout(1500)
    assert page.evaluate("k => JSON.parse(localStorage.getItem(k)).summary.moves", key) == n1
    page.locator(f'#saves-list [data-cmd=resume][data-arg="{key}"]').click()
    wait_for(page, "([k, n]) => JSON.parse(localStorage.getItem(k)).summary.moves > n", [key, n1])


#: The worker answering nonsense to every request: each request the page posts (``imperialBots.ask``) is kept
#: from the real worker and answered, as the worker's message would be, with a move that is not legal
#: ("rondel nowhere", index 9999); put back with ``REAL_WORKER``.
NONSENSE_WORKER = """() => {
  window.__realAsk = imperialBots.ask;
  imperialBots.ask = (text) => {
    const req = JSON.parse(text);
    setTimeout(() => imperialPy.command('bot-answer', JSON.stringify(
      {type: 'answer', id: req.id, index: 9999, action: 'rondel nowhere', why: '?'})));
  };
}"""
REAL_WORKER = "() => { imperialBots.ask = window.__realAsk; delete window.__realAsk; }"


def test_a_worker_that_answers_nonsense_stops_the_bots_and_the_game_can_be_taken_over(page: Page):
    # the shared page, its worker's answers replaced by nonsense before the game starts (a worker's answer
    # comes to the page's Python as this command, ``bots.js``; what is checked here is what Python makes of it)
    page.evaluate(NONSENSE_WORKER)
    try:
        start_from_form(page, ["normal", "normal", "normal", "normal"], seed=3)
        error = page.get_by_test_id("error")
        expect(error).to_contain_text("not a legal move", timeout=60_000)
        expect(error).to_contain_text("Your game is kept")
        assert moves(page) == 0
        assert data(page, "bot") == "failed"
        state, _meta = saved(page)
        who = PLAYERS.index(state.current_player) + 1
        page.locator("[data-tab=players]").click()
        page.get_by_test_id(f"seat-human-{who}").click()
        expect(page.locator("#decision [data-choice]").first).to_be_visible()
        click_move(page, state, core.legal_actions(state)[0])
        assert moves(page) == 1
    finally:
        page.evaluate(REAL_WORKER)
