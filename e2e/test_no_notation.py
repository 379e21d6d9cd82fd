"""No engine notation in the default view (issue 21), in Chromium, in English, German and Spanish: a Europe game
after a few dozen moves (rondel spaces, a fleet move, a convoy and an army's move on land) with every side tab
open, a computer player's move with its reason and a hint, and an Imperial 2030 canal question.  The
notation is what the engine writes for the actions of the game shown (``str(action)`` of its history and of
the choices open now: ``rondel production2``, ``army vienna>greece via ioniansea``, a region's id); none of it
may be in the visible text (``innerText``) nor in a ``title`` or ``aria-label`` of anything shown.  The expert
setting "Show move notation" (in the Games menu) shows it again beside the sentences, and is remembered over
a reload.  Positions are found by seeded play in CPython and opened by link."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterable
from typing import Any

import imperial_core as core
import pytest
from conftest import BOOT_TIMEOUT_MS, FINAL_HINT, ROOT, PagePool, open_link, saved_text, wait_ready
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui.choices import Names  # noqa: E402

SHOTS = ROOT / "test-results"
LANGS = ("en", "de", "es")
EUROPE = ["Ann", "Bob", "Cem"]
WORLD = ["Ann", "Bob", "Cem", "Dia"]
TABS = ("nations", "players", "log", "charts")

# what a person reads or hears of the page: its visible text, and the titles and labels of what is shown
SEEN = """() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[title], [aria-label]')) {
    if (el.closest('[hidden]') || el.closest('dialog:not([open])') || !el.getClientRects().length) continue;
    for (const a of ['title', 'aria-label']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out.join('\\n');
}"""

#: The rondel spaces in notation (``production2``), of both boards.
SPACES = sorted({sp for b in ("europe", "world2030") for sp in core.rondel_spaces(core.load_board(b))})
#: Notation whatever the game: a move between two regions, a rondel space, a numbered rondel space.
PATTERNS = (re.compile(r"\b[a-z]+>[a-z]+\b"), re.compile(rf"\brondel (?:{'|'.join(SPACES)})\b"),
            re.compile(rf"\b(?:{'|'.join(sp for sp in SPACES if sp[-1].isdigit())})\b"))


def played(board: str, players: list[str], seed: int, done: Any, pick: Any) -> tuple[Any, list[Any]]:
    """A game played from its start by ``pick(rng, legal)`` until ``done(state, actions)``; the state and the
    actions that led to it."""
    rng = random.Random(seed)
    state = core.new_game(players, board=board, seed=seed)
    actions: list[Any] = []
    for _ in range(400):
        if done(state, actions):
            return state, actions
        a = pick(rng, core.legal_actions(state))
        actions.append(a)
        state = core.apply(state, a)
    raise AssertionError("no such position")


def _moves_first(rng: random.Random, legal: list[Any]) -> Any:
    """Convoys first, then (mostly) other unit moves: a maneuver with all kinds of moves comes soon."""
    convoys = [a for a in legal if a.type == "army" and a.via]
    moves = [a for a in legal if a.type in ("army", "fleet")]
    return rng.choice(convoys) if convoys else rng.choice(moves) if moves and rng.random() < 0.9 else rng.choice(legal)


def _all_kinds(_state: Any, actions: list[Any]) -> bool:
    kinds = {("convoy" if a.type == "army" and a.via else a.type) for a in actions}
    return {"rondel", "fleet", "army", "convoy"} <= kinds


def europe_game() -> tuple[Any, list[Any]]:
    """About 40 moves of Europe: rondel spaces, a fleet move, a convoy, an army's move on land."""
    return played("europe", EUROPE, 0, _all_kinds, _moves_first)


def canal_game() -> tuple[Any, list[Any]]:
    """An Imperial 2030 game at a canal question (its owner is asked whether a move may pass)."""
    for seed in range(40):
        try:
            return played("world2030", WORLD, seed, lambda s, _a: s.decision == "canal" or s.is_over,
                          lambda rng, legal: rng.choice(legal))
        except AssertionError:
            continue
    raise AssertionError("no canal question in 40 random games")


def notation(state: Any, actions: Iterable[Any]) -> set[str]:
    """The notation of the game shown: every action played and open now, and the regions they name (an
    action of one word, "pass", "allow", is an English word as well: the language test looks for those)."""
    out: set[str] = set()
    for a in [*actions, *core.legal_actions(state)]:
        if " " in str(a):
            out.add(str(a))
        for attr in ("origin", "to", "region"):
            r = getattr(a, attr, None)
            if isinstance(r, str):
                out.add(r)
        out.update(getattr(a, "via", None) or ())
    pending = state.turn.get("pending") if isinstance(state.turn, dict) else None
    if pending:
        out.add(" ".join(pending))
    return out


def found(text: str, words: set[str]) -> list[str]:
    """The notation in ``text``: the game's own (whole words, case counting) and anything that looks like it."""
    hits = [w for w in sorted(words) if re.search(rf"(?<![\w>]){re.escape(w)}(?![\w>])", text)]
    return hits + [m.group(0) for p in PATTERNS for m in p.finditer(text)]


def assert_none_seen(page: Page, state: Any, actions: list[Any], where: str) -> None:
    """No notation in what is seen on the game screen, with each side tab open in turn."""
    words = notation(state, actions)
    for tab in TABS:
        page.locator(f"[data-tab={tab}]").click()
        expect(page.locator(f"[data-panel={tab}]")).to_be_visible()
        seen = page.evaluate(SEEN)
        assert not found(seen, words), f"{where}, tab {tab}: notation seen: {found(seen, words)}"
    page.locator("[data-tab=log]").click()






def set_lang(page: Page, lang: str) -> None:
    page.evaluate("l => imperialPy.command('lang', l)", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)


@pytest.fixture
def page(page_pool: PagePool) -> Page:
    return page_pool.use({"width": 1280, "height": 860})


@pytest.mark.parametrize("lang", LANGS)
def test_no_notation_in_the_default_view(page: Page, lang: str) -> None:
    set_lang(page, lang)
    # Europe after about 40 moves, the log open: each move a sentence, the last move one too
    state, actions = europe_game()
    open_link(page, state)
    expect(page.get_by_test_id("last-move")).to_be_visible()
    assert_none_seen(page, state, actions, f"Europe, {lang}")
    assert page.locator("#log .mv-row").count() == len(actions)

    # the computer takes over the seat that decides: its moves come with their reasons, then a hint
    page.evaluate("() => imperialPy.command('pace', 'instant')")
    page.locator("[data-tab=players]").click()
    seat = EUROPE.index(state.current_player) + 1
    page.get_by_test_id(f"seat-computer-{seat}").click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=len(actions),
                           timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => document.body.dataset.bot === 'human'"
                           " && !!document.querySelector('#decision [data-choice]')", timeout=240_000)
    page.get_by_test_id("hint").click()
    expect(page.locator(FINAL_HINT)).to_be_visible(timeout=120_000)
    now, meta = saved(page)
    reasons = meta.get("reasons") or {}
    assert reasons, "the computer's moves have no reasons"
    made = replayed(now)
    page.locator("[data-tab=log]").click()
    log = page.get_by_test_id("log").inner_text()
    assert any(r[2][lang] in log for r in reasons.values()), "no reason in the log in its language"
    hint = page.locator(FINAL_HINT)
    hinted = core.parse_action(now, hint.get_attribute("data-action") or "")
    assert_none_seen(page, now, [*made, hinted], f"Europe with a computer player, {lang}")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"ui-no-notation-{lang}.png"))

    # Imperial 2030: the canal question, said in words
    state, actions = canal_game()
    open_link(page, state)
    names = Names(core.load_board("world2030"), lang)
    canal = next(c for c in names.board.canals if c.id == state.turn["queue"][0])
    move = core.parse_text(" ".join(state.turn["pending"]))
    who = page.get_by_test_id("whose-turn")  # the unit, from where to where, and where the owner's flag stands
    for said in (names.t(f"narrate.unit.{move.type}"), names.region(move.origin), names.region(move.to),
                 names.region(canal.controlled_by)):
        expect(who).to_contain_text(said, use_inner_text=True)
    assert_none_seen(page, state, actions, f"2030 canal question, {lang}")
    page.screenshot(path=str(SHOTS / f"ui-canal-question-{lang}.png"))


def saved(page: Page) -> tuple[Any, dict]:
    """The game as the page saved it, and its meta (the seats, the computer players' reasons)."""
    text = saved_text(page)
    assert text, "the game is not saved"
    return core.load(text), json.loads(text)["meta"]


def replayed(state: Any) -> list[Any]:
    """The moves of a game, from its history (indices into each position's legal actions)."""
    s = core.new_game([p["name"] for p in state.players], board=state.board, seed=state.seed)
    out = []
    for i in state.history:
        out.append(core.legal_actions(s)[i])
        s = core.apply(s, out[-1])
    return out


def test_the_setting_shows_the_notation_and_is_kept(page: Page) -> None:
    state, actions = europe_game()
    open_link(page, state)
    last = str(actions[-1])
    expect(page.get_by_test_id("last-move")).not_to_contain_text(last, use_inner_text=True)
    page.locator("[data-cmd=menu]").click()
    box = page.get_by_test_id("show-notation")
    expect(box).not_to_be_checked()
    box.check()
    page.locator("#menu [data-cmd=close-menu]").click()
    expect(page.get_by_test_id("last-move")).to_contain_text(last, use_inner_text=True)
    page.locator("[data-tab=log]").click()
    log = page.get_by_test_id("log").inner_text()
    assert all(str(a) in log for a in actions)

    # kept over a reload (the tab's game comes back with it)
    page.reload()
    wait_ready(page)
    page.wait_for_function("n => document.body.dataset.moves === String(n)", arg=len(actions))
    expect(page.get_by_test_id("last-move")).to_contain_text(last, use_inner_text=True)

    # the canal question's waiting move, in notation too
    canal, _ = canal_game()
    open_link(page, canal)
    expect(page.get_by_test_id("whose-turn")).to_contain_text(" ".join(canal.turn["pending"]), use_inner_text=True)

    # switched off again: gone
    page.locator("[data-cmd=menu]").click()
    expect(box).to_be_checked()
    box.uncheck()
    page.locator("#menu [data-cmd=close-menu]").click()
    expect(page.get_by_test_id("whose-turn")).not_to_contain_text(" ".join(canal.turn["pending"]),
                                                                   use_inner_text=True)
    assert page.evaluate("() => localStorage.getItem('imperial.notation')") is None
