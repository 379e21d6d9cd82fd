"""The highlight overlay in real Chromium (issue 20): the choices, the selected unit, the last move's regions, a
computer's move and the hint are drawn in a third drawing stacked over the board (``render.overlay_svg``,
``ui.js`` highlight). Selecting a unit in a maneuver changes only that overlay: a MutationObserver over the
whole map sees no change to the base image or the live drawing (regions and pieces). The overlay's targets are
clicked with the mouse and chosen with Enter; the hint's and a computer's moves are outlined there too."""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Iterator
from typing import Any

import imperial_core as core
import pytest
from conftest import FINAL_HINT, ROOT, PagePool, open_file, saved_text
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui.choices import Chooser, Names, steps  # noqa: E402
from imperial_ui.seats import action_regions  # noqa: E402

NAMES = Names(core.load_board("europe"))
PLAYERS = ["Anna", "Ben", "Clara", "David"]
_ids = itertools.count(1)

# Every change under the map's box (base image, live drawing, overlay), from now on, by where it happened.
WATCH = """() => {
    const box = document.querySelector('.mapwrap');
    window.__mapChanges = [];
    window.__mapWatch?.disconnect();
    window.__mapWatch = new MutationObserver((records) => {
        for (const r of records) {
            const t = r.target.nodeType === 1 ? r.target : r.target.parentElement;
            const where = t.closest('svg.map-overlay') ? 'overlay' : t.closest('svg.base') ? 'base'
                : t.closest('#map svg.live') ? 'live' : 'box';
            window.__mapChanges.push([where, r.type, r.attributeName || '', t.tagName]);
        }
    });
    window.__mapWatch.observe(box, {subtree: true, childList: true, attributes: true, characterData: true});
}"""
CHANGES = """async () => {
    await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    await new Promise(r => setTimeout(r, 150));
    return window.__mapChanges;
}"""


@pytest.fixture(scope="module")
def page(page_pool: PagePool) -> Iterator[Page]:
    """The shared booted page, reset once for this module, with a game on; the watchers go at the end."""
    page = page_pool.use({"width": 1280, "height": 800})
    page.get_by_test_id("start-game").click()
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
    yield page
    page.evaluate("() => { window.__mapWatch?.disconnect(); window.__botWatch?.disconnect(); }")


def maneuver(seed: int = 5) -> Any:
    """A maneuver after some turns, with several armies to move (seeded random play)."""
    rng = random.Random(seed)
    s = core.new_game(PLAYERS, seed=seed)
    while not (s.decision == "armies" and len(s.history) > 120
               and sum(a.type == "army" for a in core.legal_actions(s)) > 8):
        s = core.apply(s, rng.choice(core.legal_actions(s)))
    return s




def moves(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.moves)"))


def lit(page: Page, kind: str) -> list[str]:
    """The regions the overlay outlines as ``kind``."""
    return page.evaluate("k => [...document.querySelectorAll(`#map > svg.map-overlay [data-kind='${k}'] use`)]"
                         ".map(u => u.getAttribute('href').slice(3))", kind)


def targets(page: Page) -> set[str]:
    return set(page.locator("#map [data-choice]").evaluate_all("els => els.map(e => e.dataset.choice)"))


def a_unit_to_select(state: Any) -> tuple[str, set[str]]:
    """A unit that may go to several places (a click on it only selects it), and the regions it may go to."""
    chooser = Chooser(core.legal_actions(state), state.decision, NAMES)
    for tok in chooser.next_tokens():
        if tok.kind != "region":
            continue
        trial = Chooser(core.legal_actions(state), state.decision, NAMES)
        if trial.choose(tok.value) is None:
            return tok.value, {t.value for t in trial.next_tokens() if t.kind == "region"}
    raise AssertionError("no unit with a choice of destinations")


VISIBLE = """c => {
    const el = document.querySelector(`#map [data-choice="${c}"]`);
    const box = el.getBoundingClientRect();
    for (let k = 0; k < 400; k++) {
        const x = box.left + box.width * ((0.5 + k * 0.7549) % 1), y = box.top + box.height * ((0.5 + k * 0.5698) % 1);
        if (document.elementFromPoint(x, y) === el) return [x, y];
    }
    return null;
}"""


def visible_point(page: Page, choice: str) -> list[float]:
    """A point of the overlay's target for ``choice`` where a mouse click reaches it (nothing drawn over it)."""
    point = page.evaluate(VISIBLE, choice)
    assert point, f"no visible point of {choice}"
    return point


def test_selecting_a_unit_changes_only_the_overlay(page: Page) -> None:
    state = maneuver()
    open_file(page, state, f"overlay-{next(_ids)}")
    origin, destinations = a_unit_to_select(state)
    offered = {t.value for t in Chooser(core.legal_actions(state), state.decision, NAMES).next_tokens()
               if t.kind == "region"}
    assert targets(page) == offered  # the overlay's targets are the regions that may be clicked
    page.evaluate(WATCH)
    page.locator(f'#map [data-choice="{origin}"]').dispatch_event("click")
    expect(page.locator(f'#map [data-kind="selected"] use[href="#o-{origin}"]')).to_have_count(1)
    changes = page.evaluate(CHANGES)
    assert moves(page) == len(state.history)  # only selected
    # the overlay changed, and nothing else under the map: not the base image, not the live drawing
    assert changes and {c[0] for c in changes} == {"overlay"}, changes
    assert targets(page) == destinations
    # the targets are buttons on top of everything, named by their choice first, then what stands there
    chooser = Chooser(core.legal_actions(state), state.decision, NAMES)
    chooser.choose(origin)
    first = next(t for t in chooser.next_tokens() if t.kind == "region")
    target = page.locator(f'#map [data-choice="{first.value}"]')
    assert (target.get_attribute("aria-label") or "").startswith(f"{first.label} — {NAMES.region(first.value)}: ")
    assert target.get_attribute("role") == "button" and target.get_attribute("tabindex") == "0"
    x, y = visible_point(page, first.value)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('svg').classList.contains("
                         "'map-overlay')", [x, y])
    # Escape steps back: again only the overlay changes
    page.evaluate(WATCH)
    page.keyboard.press("Escape")
    expect(page.locator('#map [data-kind="selected"] use')).to_have_count(0)
    changes = page.evaluate(CHANGES)
    assert changes and {c[0] for c in changes} == {"overlay"}, changes
    assert targets(page) == offered


def test_the_overlay_targets_take_the_mouse_and_the_keyboard(page: Page) -> None:
    state = maneuver(6)
    open_file(page, state, f"overlay-{next(_ids)}")
    # by mouse: a real click on the unit, then on where it goes
    origin, destinations = a_unit_to_select(state)
    page.mouse.click(*visible_point(page, origin))
    expect(page.locator(f'#map [data-kind="selected"] use[href="#o-{origin}"]')).to_have_count(1)
    goal = sorted(destinations)[0]
    page.mouse.click(*visible_point(page, goal))
    chooser = Chooser(core.legal_actions(state), state.decision, NAMES)
    chooser.choose(origin)
    done = chooser.choose(goal)
    if done is None:  # an option follows (hostile or friendly, a route): a button in the decision
        page.locator("#decision button[data-choice]").first.click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=len(state.history))
    # the last move's regions are outlined for the next player (where they are no choice now)
    assert all(r in lit(page, "recent") or r in targets(page) for r in (origin, goal))
    # by keyboard: focus a unit's target, Enter, then the destination's, Enter
    after = core.load(saved_text(page))
    if after.decision != "armies":
        return
    origin, destinations = a_unit_to_select(after)
    page.locator(f'#map [data-choice="{origin}"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(f'#map [data-kind="selected"] use[href="#o-{origin}"]')).to_have_count(1)
    goal = sorted(destinations)[0]
    page.locator(f'#map [data-choice="{goal}"]').focus()
    page.keyboard.press("Enter")
    chooser = Chooser(core.legal_actions(after), after.decision, NAMES)
    chooser.choose(origin)
    if chooser.choose(goal) is None:
        page.locator("#decision button[data-choice]").first.click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=len(after.history))


def click_steps(page: Page, state: Any, action: Any) -> None:
    """Make ``action`` by clicks: its regions on the overlay, its options in the decision."""
    for tok in steps(action, state.decision, NAMES):
        if moves(page) != len(state.history):
            break
        if tok.kind == "region":
            page.locator(f'#map [data-choice="{tok.value}"]').dispatch_event("click")
        else:
            page.locator(f'#decision button[data-choice="{tok.value}"]').click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=len(state.history))


def test_the_hint_is_outlined_in_the_overlay(page: Page) -> None:
    state = maneuver(7)
    open_file(page, state, f"overlay-{next(_ids)}")
    page.get_by_test_id("hint").click()
    hint = page.locator(FINAL_HINT)
    expect(hint).to_be_visible(timeout=120_000)  # the worker starts, the expert computer decides
    action = core.parse_action(state, hint.get_attribute("data-action") or "")
    regions = set(action_regions(action))
    expect(page.locator('#map [data-kind="hinted"] use')).to_have_count(len(regions))
    assert set(lit(page, "hinted")) == regions
    first = steps(action, state.decision, NAMES)[0]
    expect(page.locator(f'#decision [data-choice="{first.value}"].hinted')).not_to_have_count(0)
    assert moves(page) == len(state.history)  # shown, not played
    # the move made: the hint's outlines and mark go
    click_steps(page, state, action)
    expect(page.locator('#map [data-kind="hinted"] use, #decision .hinted')).to_have_count(0)


# the most regions the overlay outlined as a computer's move, from now on
BOTMOVES = """() => {
    window.__botmoveMax = 0;
    window.__botWatch?.disconnect();
    const layer = document.querySelector('#map > svg.map-overlay g.highlights');
    window.__botWatch = new MutationObserver(() => {
        const n = layer.querySelectorAll('[data-kind="botmove"] use').length;
        window.__botmoveMax = Math.max(window.__botmoveMax, n);
    });
    window.__botWatch.observe(layer, {subtree: true, childList: true});
}"""


def test_a_computer_move_is_outlined_for_a_while(page: Page) -> None:
    state = maneuver(8)
    open_file(page, state, f"overlay-{next(_ids)}")
    page.evaluate(BOTMOVES)
    before = int(page.evaluate("() => Number(document.body.dataset.botMoves || 0)"))
    page.locator("[data-tab=players]").click()
    page.get_by_test_id(f"seat-computer-{PLAYERS.index(state.current_player) + 1}").click()  # hands the seat over
    # the computer plays its maneuver; the regions each of its moves touched are outlined ...
    page.wait_for_function("() => window.__botmoveMax > 0", timeout=120_000)
    assert int(page.evaluate("() => Number(document.body.dataset.botMoves || 0)")) > before
    # ... for a while: once it has played its turn, the outlines go
    page.wait_for_function("() => document.body.dataset.bot === 'human'", timeout=120_000)
    expect(page.locator('#map [data-kind="botmove"] use')).to_have_count(0, timeout=10_000)


def test_the_overlay_keeps_the_boards_view_when_zoomed_and_panned(page: Page) -> None:
    boxes = """() => ['#map svg.live', '#map > svg.map-overlay', '.mapwrap > svg.base']
        .map(s => document.querySelector(s).getAttribute('viewBox'))"""
    state = maneuver(9)
    open_file(page, state, f"overlay-{next(_ids)}")
    page.locator("[data-zoom=in]").click()
    live, overlay, base = page.evaluate(boxes)
    assert live == overlay == base
    # a drag that starts on one of the overlay's targets pans the board (and is no click)
    x, y = next(p for p in (page.evaluate(VISIBLE, c) for c in sorted(targets(page))) if p)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 40, steps=5)
    page.mouse.up()
    moved = page.evaluate(boxes)
    assert moved[0] != live and moved[0] == moved[1] == moved[2]
    assert moves(page) == len(state.history) and not lit(page, "selected")
    page.locator("[data-zoom=reset]").click()
    assert len(set(page.evaluate(boxes))) == 1
