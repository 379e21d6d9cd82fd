"""Screen-reader texts in CPython (issue 15): ``imperial_ui.a11y`` names a region with what stands on it, in
each language from the catalogue; the page sets those names on every region after each move and says each
move in its polite live region."""

from __future__ import annotations

import random

import imperial_core as core
import imperial_text as tx
import pagefake as pf
import pytest
import render
from imperial_ui import a11y


def placed(**fields: dict) -> core.GameState:
    """A new Europe game with nations' fields replaced (armies, hostile, fleets, flags, factories)."""
    s = core.new_game(["Ann", "Bob", "Cem"], seed=3)
    nations = {k: dict(v) for k, v in s.nations.items()}
    for nid, upd in fields.items():
        nations[nid].update(upd)
    return s.model_copy(update={"nations": nations})


def test_a_region_is_named_with_its_factory_flag_and_units_in_english() -> None:
    s = placed(AH={"armies": {"vienna": 2}, "hostile": {}},
               RU={"armies": {"vienna": 3}, "hostile": {"vienna": 1}, "fleets": {"blacksea": 1},
                   "flags": ["romania"]})
    label = a11y.region_label(s, "vienna", "en")
    assert label.startswith("Vienna: ")
    assert "home province of Austria-Hungary" in label
    built = "vienna" in s.nations["AH"]["factories"]
    assert ("Austria-Hungary armaments factory" in label) == built
    assert "2 armies of Austria-Hungary" in label
    assert "2 armies of Russia" in label and "1 hostile army of Russia" in label
    assert a11y.region_label(s, "blacksea", "en") == "Black Sea: 1 fleet of Russia"
    assert a11y.region_label(s, "romania", "en") == "Romania: flag of Russia"
    assert a11y.region_label(s, "tunis", "en") == "Tunis: nothing stands here"
    assert "shipyard" in a11y.region_label(s, "london", "en") or "london" not in s.nations["GB"]["factories"]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_words_come_from_the_catalogue_in_each_language(lang: str) -> None:
    s = placed(FR={"armies": {"spain": 2}, "hostile": {}, "flags": ["spain"]})
    label = a11y.region_label(s, "spain", lang)
    france = tx.nation(lang, "europe", "FR", "France")
    assert tx.tn(lang, "a11y.armies", 2, nation=france) in label
    assert tx.t(lang, "a11y.flag", nation=france) in label
    assert label.startswith(tx.region(lang, "europe", "spain", "Spain") + ": ")
    assert "armies" not in label and "flag of" not in label  # no English word left
    assert a11y.moved(7, "X", lang) == tx.t(lang, "a11y.moved", k="7", text="X")


def test_every_region_is_named_and_a_choice_by_its_choice_first() -> None:
    s = placed()
    labels = a11y.region_labels(s, "en", {"vienna": "Build in Vienna"})
    board = core.load_board("europe")
    assert set(labels) == {rid for rid, r in board.regions.items() if r.kind != "impassable"}
    assert labels["vienna"].startswith("Build in Vienna — Vienna: ")
    assert labels["prague"].startswith("Prague: ")


def test_the_page_names_the_regions_and_says_each_move() -> None:
    page = pf.FakePage()
    app = pf.new_app(page, render)
    app.command("start")
    rng = random.Random(4)
    said = []
    for _ in range(12):
        chooser = app.model.current_chooser(app.bots.computer_decides())
        before = app.session.cur
        app.choose(rng.choice(chooser.next_tokens()).value, str(app.model.epoch))
        # every region named with what stands on it; each choice, a button in the overlay, by its choice first
        assert page.ui.region_labels == a11y.region_labels(app.model.viewed(), "en")
        targets = page.ui.targets()
        offered = {t.value: t.label for t in app.model.current_chooser(app.bots.computer_decides()).next_tokens() if t.kind == "region"} \
            if app.model.current_chooser(app.bots.computer_decides()) else {}
        assert set(targets) == set(offered)
        named = a11y.region_labels(app.model.viewed(), "en", offered)
        assert {rid: t["aria-label"] for rid, t in targets.items()} == {rid: named[rid] for rid in offered}
        assert all(t["role"] == "button" and t["tabindex"] == "0" for t in targets.values())
        if app.session.cur > before:
            text = page.document.getElementById("announcer").textContent
            assert text == a11y.moved(app.session.cur, app.session.entries[app.session.cur - 1].text)
            said.append(text)
    assert len(said) >= 3
    # an undo says nothing new
    app.command("undo")
    assert page.document.getElementById("announcer").textContent == said[-1]


def test_the_announcement_follows_a_language_switch() -> None:
    """Issue 36: the live region says the last move again in the new language, not the old one until the
    next move."""
    page = pf.FakePage()
    app = pf.new_app(page, render)
    app.command("start")
    rng = random.Random(4)
    while app.session.cur < 3:
        chooser = app.model.current_chooser(app.bots.computer_decides())
        app.choose(rng.choice(chooser.next_tokens()).value, str(app.model.epoch))
    k = app.session.cur
    english = page.document.getElementById("announcer").textContent
    assert english == a11y.moved(k, app.session.entries[k - 1].text, "en")
    for lang in ("de", "es"):
        app.command("lang", lang)
        said = page.document.getElementById("announcer").textContent
        assert said == a11y.moved(k, app.session.entries[k - 1].text, lang) and said != english
