""""Learn to play" (issue 24) in Chromium: the whole tutorial walked by clicking only what it outlines
(``[data-tutorial-target]``, or "Next" on a step that only explains), in English, German and Spanish, to its
end and then "play on from here" (a normal game against easy computers), each language at one of 1280×800,
768×1024 and 390×844, checking at every step that the tutorial's panel covers nothing and keeps its words,
its buttons and the marked choice in view, and that every word of the step can be read (issue 36); a wrong but legal choice gets the friendly word and the tutorial
still completes, on a phone.  A screenshot of a step of each topic is saved
as ``test-results/tutorial-<lang>-<topic>.png``.  No uncaught error may happen in the page (the shared
pages' errors are checked after every test, ``conftest.py``).  The step table itself is tested in CPython
(``e2e/test_tutorial_logic.py``)."""

from __future__ import annotations

import sys

import imperial_core as core
import pytest
from audit import covered
from conftest import BOOT_TIMEOUT_MS, ROOT, PagePool
from langwords import leftovers
from playwright.sync_api import Page, expect
from test_surface_layout import SCROLL_ALL_TO_END

sys.path.insert(0, str(ROOT / "web"))
from imperial_ui.session import Session  # noqa: E402

SHOTS = ROOT / "test-results"
STEP = "[data-testid=tutorial-step]"
TARGET = "#decision button[data-tutorial-target]"

#: what the page says after a click: the step, its key, where the half-made choice stands
PROGRESS = """() => {
  const s = document.querySelector('[data-testid=tutorial-step]');
  const t = document.querySelector('#decision button[data-tutorial-target]');
  return s ? [s.dataset.step, t ? t.dataset.choice + '@' + t.dataset.at : ''].join('|') : 'none';
}"""


def progress(page: Page) -> str:
    return page.evaluate(PROGRESS)


def step_of(page: Page) -> tuple[int, int, int]:
    """(the step shown, how many, its topic)."""
    s = page.locator(STEP)
    return int(s.get_attribute("data-step") or 0), int(s.get_attribute("data-steps") or 0), \
        int(s.get_attribute("data-topic") or 0)


def learn(page: Page, lang: str) -> None:
    """The page in ``lang`` (its own switch), then "Learn to play" on the start screen."""
    if page.evaluate("() => document.documentElement.lang") != lang:
        page.select_option("#lang", lang)
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
    page.get_by_test_id("learn").click()
    expect(page.locator(STEP)).to_be_visible()


def click_on(page: Page) -> None:
    """One click of the tutorial: "Next" where the step only explains, else its outlined choice (exactly one
    button carries the mark); returns when the page has taken it."""
    before = progress(page)
    nxt = page.get_by_test_id("tutorial-next")
    if nxt.count():
        nxt.click()
    else:
        target = page.locator(TARGET)
        assert target.count() == 1, page.locator(STEP).inner_text()
        target.click()
    page.wait_for_function(f"b => ({PROGRESS})() !== b", arg=before)


#: each language's walk at one of the three sizes: every step is seen at each size, in some language
SIZES = {"en": (1280, 800), "de": (768, 1024), "es": (390, 844)}

#: whether the step's words, its buttons and the marked choice are on screen (the browser shows them at their
#: middle, nothing over them), and whether the step's buttons are below its words
IN_VIEW = """() => {
  const on = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + Math.min(r.bottom, r.top + 12)) / 2 + 2;
    const top = document.elementFromPoint(x, y); return !!top && (el === top || el.contains(top)); };
  const words = document.querySelector('#tutorial .tbody').getBoundingClientRect();
  const buttons = document.querySelector('#tutorial .choices')?.getBoundingClientRect();
  return {text: on(document.querySelector('#tutorial .ttext')),
          next: on(document.querySelector('[data-testid=tutorial-next]')),
          playOn: on(document.querySelector('[data-testid=tutorial-play-on]')),
          apart: !buttons || buttons.top >= words.bottom - 0.5,
          target: on(document.querySelector('#decision button[data-tutorial-target]'))};
}"""


#: whether the step's words can all be read (issue 36): its words' area lies inside the tutorial's card, in the
#: window, and shows them whole or scrolls (at least two lines high), so that scrolled to its end its last
#: paragraph's end is seen; the area is scrolled back to its top after
WORDS_READABLE = """() => {
  const card = document.querySelector('#tutorial'), body = card.querySelector('.tbody');
  const c = card.getBoundingClientRect(), b = body.getBoundingClientRect();
  const y = getComputedStyle(body).overflowY;
  const whole = body.scrollHeight <= body.clientHeight + 1;
  const scrolls = (y === 'auto' || y === 'scroll') && body.clientHeight >= 36;
  body.scrollTop = body.scrollHeight;
  const last = body.lastElementChild.getBoundingClientRect(), after = body.getBoundingClientRect();
  const end = last.bottom <= after.bottom + 1;
  body.scrollTop = 0;
  return {inside: b.top >= c.top - .5 && b.bottom <= c.bottom + .5 && b.top >= -.5 && b.bottom <= innerHeight + .5,
          shown: whole || scrolls, end, h: body.clientHeight, sh: body.scrollHeight};
}"""


def check_layout(page: Page, n: int, total: int) -> None:
    """The tutorial's panel is an area of its own above the decision: nothing covers anything at the first five
    steps (scrolled to the end too, at the fifth); the step's text, its buttons and the marked choice are on
    screen, and its buttons are never drawn over its words."""
    page.wait_for_timeout(50)  # the marked choice is scrolled into view at the next frame
    if n <= 5:
        assert covered(page) == [], (n, "at the top")
    words = page.evaluate(WORDS_READABLE)
    assert words["inside"] and words["shown"] and words["end"], f"step {n}: the words cannot all be read: {words}"
    seen = page.evaluate(IN_VIEW)
    assert seen["text"] and seen["next"] in (True, None) and seen["target"] in (True, None), (n, seen)
    assert seen["apart"], (n, "the step's buttons are drawn over its words")
    if n == total:
        assert seen["playOn"], (n, seen)
        return
    assert seen["next"] or seen["target"], (n, seen)  # something to click is in view
    if n == 5:
        page.evaluate(SCROLL_ALL_TO_END)
        page.wait_for_timeout(50)
        assert covered(page) == [], (n, "scrolled")


def walk(page: Page, lang: str, shots: set[int], checked_from: int = 1) -> list[int]:
    """Through the tutorial to its last step, by its own marks, checking the layout at each step from
    ``checked_from`` on (``check_layout``); a screenshot at the first step of each topic in ``shots``.  Returns
    the steps seen, in order."""
    seen: list[int] = []
    while True:
        n, total, topic = step_of(page)
        if not seen or seen[-1] != n:
            seen.append(n)
            if n >= checked_from:
                check_layout(page, n, total)
            if topic in shots:
                shots.discard(topic)
                page.screenshot(path=str(SHOTS / f"tutorial-{lang}-{topic}.png"))
        if n == total:
            assert page.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight + 1")
            return seen
        assert len(seen) <= total and page.get_by_test_id("error").is_hidden(), page.get_by_test_id("error").inner_text()
        click_on(page)


def play_on(page: Page) -> None:
    """"Play on from here": the tutorial goes, the computers are easy players, and the game goes on: the
    person's moves are made by clicking the first choice until a computer has moved."""
    page.get_by_test_id("tutorial-play-on").click()
    expect(page.locator(STEP)).to_have_count(0)
    expect(page.locator("#tutorial")).to_be_hidden()
    page.locator("[data-tab=players]").click()
    expect(page.locator("[data-testid=seats] li[data-seat=easy]")).to_have_count(2)
    page.locator("[data-tab=nations]").click()
    start = page.evaluate("() => +document.body.dataset.moves")
    bots = "() => +(document.body.dataset.botMoves || 0)"  # counted since the page started
    done = page.evaluate(bots)
    for _ in range(12):
        if page.evaluate(bots) > done:
            break
        choice = page.locator("#decision button[data-choice]")
        if page.evaluate("() => document.body.dataset.bot") == "human" and choice.count():
            at = choice.first.get_attribute("data-at")
            choice.first.click()
            page.wait_for_function(f"([a, d]) => document.querySelector('#decision [data-at]')?.dataset.at !== a"
                                   f" || ({bots})() > d", arg=[at, done])
        else:
            # the computer players' worker may be starting (its own runtime): as long as a page's boot
            page.wait_for_function(f"d => ({bots})() > d", arg=done, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(bots) > done
    assert page.evaluate("() => +document.body.dataset.moves") > start


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_whole_tutorial_by_its_marks_then_play_on(page_pool: PagePool, lang: str):
    w, h = SIZES[lang]
    page = page_pool.use({"width": w, "height": h}, phone=w < 768)
    learn(page, lang)
    assert step_of(page)[:2] == (1, 20)
    shots = set(range(1, 10)) if lang == "en" else {1, 5}
    seen = walk(page, lang, shots)
    assert seen == list(range(1, 21))
    assert not shots, f"no step of topics {shots}"
    panel = page.locator("#tutorial").inner_text()
    if lang != "en":
        assert leftovers(panel, lang) == [], panel
    expect(page.get_by_test_id("tutorial-real-game")).to_be_visible()
    play_on(page)


def test_a_wrong_choice_gets_a_friendly_word_and_the_tutorial_still_ends(page_pool: PagePool):
    page = page_pool.use({"width": 390, "height": 844}, phone=True)
    learn(page, "en")
    while step_of(page)[0] < 4:  # to the first step that asks for a choice: Austria-Hungary to Investor
        click_on(page)
    assert page.locator(TARGET).get_attribute("data-choice") == "rondel investor"
    moves = page.evaluate("() => document.body.dataset.moves")
    page.locator('#decision button[data-choice="rondel import"]').click()  # legal, but not this lesson's
    expect(page.get_by_test_id("tutorial-oops")).to_be_visible()
    assert step_of(page)[0] == 4
    assert page.evaluate("() => document.body.dataset.moves") == moves  # not played
    assert page.locator(TARGET).get_attribute("data-choice") == "rondel investor"  # the same highlight again
    page.screenshot(path=str(SHOTS / "tutorial-wrong-choice-phone.png"))
    assert walk(page, "en", set(), checked_from=5) == list(range(4, 21))  # (the friendly word is in view)
    page.get_by_test_id("tutorial-real-game").click()
    expect(page.locator("#start")).to_be_visible()


def test_the_marked_choice_gone_before_its_frame_is_no_error(page_pool: PagePool):
    """The marked choice is brought into view in the frame after the step is drawn; a player who opens another
    game before that frame (here: a save imported in the same task) leaves nothing to bring into view, and
    that is no error (the page audit's quick changes of state once met it)."""
    page = page_pool.use({"width": 1280, "height": 800})
    learn(page, "en")
    while not page.locator(TARGET).count():  # to the first step with a marked choice
        click_on(page)
    other = Session.from_state(core.new_game(["Ann", "Bob", "Cem"], seed=1), game_id="other").to_save()
    page.evaluate("t => { imperialUI.revealTarget(); imperialPy.command('import', t); }", other)
    page.wait_for_function("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
    expect(page.locator(TARGET)).to_have_count(0)
    assert page_pool.take_errors() == []
