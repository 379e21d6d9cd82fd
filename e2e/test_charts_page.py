"""Charts of the game in the page: the Charts tab during a game and the score screen show the renderer's
charts, whose figures are the engine's, and each can be saved as an SVG file."""

from __future__ import annotations

import random
from pathlib import Path

import imperial_core as core
import pytest
from conftest import ROOT, PagePool
from playwright.sync_api import Page, expect

SHOTS = ROOT / "test-results"


@pytest.fixture(scope="module")
def page(page_pool: PagePool) -> Page:
    """The shared booted page, reset once for this module."""
    return page_pool.use({"width": 1280, "height": 860})


def open_link(page: Page, state: core.GameState) -> None:
    before = page.evaluate("() => document.body.dataset.game || ''")
    page.evaluate("t => { history.replaceState(null, '', location.pathname); location.hash = 'g=' + t; }",
                  core.encode(state))
    page.wait_for_function("g => document.body.dataset.game !== g", arg=before)


def told(page: Page, where: str, kind: str) -> dict[str, list[int]]:
    """The figures a chart says in its description, by line label."""
    desc = page.locator(f'{where} [data-chart="{kind}"] svg > desc').first.text_content()
    out = {}
    for part in desc.split("; "):
        label, values = part.rsplit(": ", 1)
        out[label] = [int(v) for v in values.split(", ")]
    return out


def test_the_charts_tab_follows_the_game_and_saves_svg(page: Page):
    rng = random.Random(21)
    s = core.new_game(["Ann", "Bob", "Cem"], seed=21)
    while len(s.history) < 150:
        s = core.apply_index(s, rng.randrange(len(core.legal_actions(s))))
    open_link(page, s)
    page.click("[data-tab=charts]")
    charts = page.locator("#charts")
    expect(charts).to_be_visible()
    expect(charts.locator("figure[data-chart]")).to_have_count(4)
    scores = told(page, "#charts", "scores")
    assert {name: values[-1] for name, values in scores.items()} == core.scores(s)
    power = told(page, "#charts", "power")
    assert sorted(v[-1] for v in power.values()) == sorted(n["power"] for n in s.nations.values())
    # a move later the chart has one more point or the same number (a point per nation's turn)
    before = len(scores["Ann"])
    page.locator("#decision button[data-choice]").first.click()
    page.wait_for_function("n => document.body.dataset.moves === String(n)", arg=len(s.history) + 1)
    assert len(told(page, "#charts", "scores")["Ann"]) in (before, before + 1)
    with page.expect_download() as dl:
        page.click('#charts [data-cmd=download-chart][data-arg=power]')
    path = dl.value.path()
    assert dl.value.suggested_filename.endswith(".svg") and "power" in dl.value.suggested_filename
    text = Path(path).read_text(encoding="utf-8")
    assert text.startswith("<svg") and 'data-series="AH"' in text
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "charts-tab.png"))


def test_the_score_screen_shows_the_charts_of_the_whole_game(page: Page):
    rng = random.Random(5)
    s = core.new_game(["Ann", "Bob", "Cem", "Dee"], seed=5)
    while not s.is_over:
        s = core.apply_index(s, rng.randrange(len(core.legal_actions(s))))
    open_link(page, s)
    box = page.locator("#scores")
    if not box.is_visible():
        page.click("[data-cmd=scores]")
    expect(box).to_be_visible()
    expect(box.locator("figure[data-chart]")).to_have_count(4)
    scores = told(page, "#scores", "scores")
    assert {name: values[-1] for name, values in scores.items()} == core.scores(s)
    box.locator("[data-chart=scores]").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "charts-scores.png"))
