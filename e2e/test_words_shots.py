"""Issue 36's words in Chromium at 1280, 768 and 390 px: the cash question says what the money pays for, and
a change of government is told in the decision panel; in English and German.  Screenshots:
``test-results/words-fund-<lang>-<w>.png`` and ``words-gov-<lang>-<w>.png``."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import imperial_core as core
import pytest
from conftest import ROOT, PagePool, open_link
from playwright.sync_api import expect

SHOTS = ROOT / "test-results"
SIZES = {1280: 800, 768: 1024, 390: 844}
PLAYERS = ["Ann", "Bob", "Cy", "Dia"]


@cache
def positions() -> tuple[Any, Any]:
    """A cash question for a factory or an import, and the position right after a change of government with
    another player to decide, from seeded random games."""
    fund = gov = None
    for seed in range(300):
        rng = random.Random(seed)
        s = core.new_game(PLAYERS, seed=seed)
        for _ in range(700):
            if s.is_over or (fund and gov):
                break
            if fund is None and s.decision == "fund" and s.turn["pending"][0] in ("factory", "import"):
                fund = s
            who = s.current_player
            s, events = core.step(s, rng.choice(core.legal_actions(s)))
            if gov is None and not s.is_over and s.current_player != who and any(
                    e.kind == "government" and e.before and e.after for e in events):
                gov = s
        if fund and gov:
            return fund, gov
    raise AssertionError("no positions found")


@pytest.mark.parametrize("width", [1280, 768, 390])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cash_question_and_a_change_of_government_in_words(page_pool: PagePool, width: int, lang: str):
    # the pool's English browser (at 390 px its phone), switched by the page's own command as the language
    # menu does: a ``locale`` of "en" or "de" would have been a browser of its own, booted for these tests only
    page = page_pool.use({"width": width, "height": SIZES[width]}, phone=width < 768)
    page.evaluate(f"() => imperialPy.command('lang', '{lang}')")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    fund, gov = positions()
    SHOTS.mkdir(exist_ok=True)
    open_link(page, fund)
    why = page.locator("#decision .why-line")
    expect(why).to_contain_text({"en": "The money pays for", "de": "Das Geld bezahlt"}[lang])
    assert ".." not in why.inner_text()
    page.screenshot(path=str(SHOTS / f"words-fund-{lang}-{width}.png"))
    open_link(page, gov)
    news = page.get_by_test_id("gov-news")
    expect(news).to_be_visible()
    expect(news).to_contain_text({"en": "now governs", "de": "regiert jetzt"}[lang])
    news.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"words-gov-{lang}-{width}.png"))
    page.evaluate("() => imperialPy.command('lang', 'en')")
