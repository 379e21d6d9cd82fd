"""The review of a finished game in Chromium: "Review" on the score screen runs it in the computer players'
worker with a progress bar, then shows the chart of expected final scores and three turning points per
player; a click on one shows that position in the replay with the better choice outlined; after a reload
the kept review is shown again, not made again."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import imperial_core as core
from conftest import open_game
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from imperial_ui import botanswer, reviewdata  # noqa: E402
from imperial_ui.seats import action_regions  # noqa: E402
from imperial_ui.session import Session  # noqa: E402
from reviewgame import finished_game  # noqa: E402

#: Booting the worker and reviewing the game's decisions on a busy machine (ms).
REVIEW_TIMEOUT = 240_000
SHOTS = os.environ.get("IMPERIAL_REVIEW_SHOTS", "")


def shot(page, name: str, element: str = "") -> None:
    """A screenshot to look at (of the page, or of one element in full), when ``IMPERIAL_REVIEW_SHOTS`` names
    a folder."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        target = page.locator(element) if element else page
        target.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def kept_review(page) -> dict:
    game = page.evaluate("document.body.dataset.game")
    # the review is kept in the game's save, which is written once the frame is painted
    page.wait_for_function("k => !!JSON.parse(localStorage.getItem(k) || '{}').meta?.review", arg="imperial.save." + game)
    text = page.evaluate("k => localStorage.getItem(k)", "imperial.save." + game)
    return json.loads(text)["meta"]["review"]


def test_review_a_finished_game_then_a_turning_point_in_the_replay(page_pool):
    state = finished_game()
    page = open_game(page_pool, (1280, 800), state)
    expect(page.locator("#scores")).to_be_visible()
    expect(page.locator("#review-box")).to_be_hidden()
    page.locator('#scores-body button[data-cmd="review"]').click()
    box = page.get_by_test_id("review")
    expect(box).to_be_visible()
    expect(box.locator("progress")).to_be_visible()  # the progress bar, while the worker works
    assert page.evaluate("document.body.dataset.review") == "running"
    assert page.evaluate("document.body.dataset.reviewRuns") == "1"
    page.locator('#scores-body button[data-cmd="close-scores"]').click()  # the page stays usable meanwhile
    page.locator('button[data-tab="log"]').click()
    expect(page.get_by_test_id("log")).to_be_visible()
    page.locator('#decision [data-cmd="scores"]').click()
    page.wait_for_function("() => document.body.dataset.review === 'kept'", timeout=REVIEW_TIMEOUT)
    shot(page, "review-1280")
    shot(page, "review-box-1280", "#review-box")

    chart = box.locator('figure[data-chart="review"] svg')
    expect(chart).to_have_count(1)
    expect(chart.locator("polyline.line")).to_have_count(4)  # one line per player
    players = [p["name"] for p in state.players]
    for name in players:
        expect(box.locator(f'.tp-player[data-player="{name}"] li button.tp')).to_have_count(3)
    texts = box.locator("button.tp").all_inner_texts()
    assert all(t.startswith("Round ") and "Better: " in t for t in texts), texts

    # a turning point (one whose better choice names a region, if any: outlined on the map too)
    kept = kept_review(page)
    session = Session.from_state(state, game_id="x")
    points = [r for rows in reviewdata.turning_points(kept, session.states, session.actions, "en").values()
              for r in rows]
    chosen = next((r for r in points if action_regions(_parse(session, r))), points[0])
    box.locator(f'button.tp[data-arg="{chosen["index"]}"]').click()
    page.wait_for_function("k => document.body.dataset.reviewShown === String(k)", arg=chosen["index"])
    expect(page.locator("#scores")).to_be_hidden()
    expect(page.locator("#decision .better")).to_contain_text(chosen["better"][:20])
    outlined = page.locator('#map .highlights [data-kind="hinted"] use')
    assert outlined.count() == len(action_regions(_parse(session, chosen)))
    shot(page, "review-replay-1280")
    page.locator('[data-cmd="replay-exit"]').first.click()
    expect(outlined).to_have_count(0)
    expect(page.locator("#decision .better")).to_have_count(0)

    # a reload: the kept review is shown at once, not made again
    page.reload()
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    page.wait_for_function("() => document.body.dataset.review === 'kept'")
    assert page.evaluate("document.body.dataset.reviewRuns") is None
    expect(page.get_by_test_id("review").locator("button.tp")).to_have_count(3 * len(players))


def _parse(session: Session, row: dict):
    return core.parse_action(session.states[row["index"]], row["best"])


def test_the_review_at_phone_width(page_pool):
    """At 390 px the review is one column under the scores (the kept one, from the save)."""
    state = finished_game()
    session = Session.from_state(state, game_id="phone")
    msg = json.loads(botanswer.answer(json.dumps({"id": 1, "kind": "review", "game": core.save(state)})))
    session.extra["review"] = msg["review"]
    page = page_pool.use({"width": 390, "height": 844}, phone=True)
    page.locator("#menu input[data-import]").set_input_files(
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": session.to_save().encode()}])
    page.wait_for_function("() => document.body.dataset.review === 'kept'")
    box = page.get_by_test_id("review")
    box.scroll_into_view_if_needed()
    width = page.evaluate("() => document.getElementById('review-box').getBoundingClientRect().width")
    assert width <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, "review-390")
    shot(page, "review-box-390", "#review-box")
    page.select_option("#lang", "de")  # the review follows the page's language
    expect(box.locator("h3")).to_have_text("Wendepunkte")
    texts = box.locator("button.tp").all_inner_texts()
    assert len(texts) == 12 and all(t.startswith("Runde ") and "Besser: " in t for t in texts), texts
    assert "Round" not in box.inner_text()
