"""The tutorial's step table and logic in CPython (issue 24): every step's action is legal in its position when
the tutorial is replayed through the engine (with the computers' moves between), in every language, and the
positions are the same in each; every click it asks for is one the page offers; what a step also accepts
still leads to the end; every text is in the catalogue in three languages (in our own words:
``tests/text/test_own_words.py``) and cites a rulebook section that exists.  Then the page's part behind a stand-in
browser (``pagefake``): a wrong choice is not played, undo is off, the tutorial is resumed from its save,
and it ends in "play on" or a real game."""

from __future__ import annotations

import re
import sys
from typing import Any

import imperial_core as core
import imperial_text as tx
import pytest
from conftest import ROOT
from pagefake import FakePage, new_app

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui import lesson, rulehelp  # noqa: E402
from imperial_ui.choices import Chooser, Names  # noqa: E402
from imperial_ui.session import Session  # noqa: E402
from imperial_ui.tutorial_steps import REFS, STEPS, TOPICS  # noqa: E402

RULES = ROOT.parent / "shared" / "rules"
BOOKS = {"en": ["imperial-rules-en.txt", "imperial-2030-rules-en.txt"], "de": ["imperial-rules-de.txt"],
         "es": ["imperial-rules-es-first-edition.txt"]}


def chooser_of(s: Session, lang: str = "en") -> Chooser:
    state = s.present
    return Chooser(core.legal_actions(state), state.decision, Names(core.load_board(state.board), lang))


def clicks_for(s: Session, k: int) -> list[str]:
    """The clicks the page asks for at step ``k`` (its targets, one after another), checked on the way: each
    target is a choice the page offers, and the step takes it."""
    step = STEPS[k]
    chooser = chooser_of(s)
    out: list[str] = []
    while True:
        target = lesson.target(chooser, s.present, step)
        assert target in {t.value for t in chooser.next_tokens()}, (step.key, target)
        assert lesson.judge(chooser, target, s.present, step) == "ok"
        out.append(target)
        action = chooser.choose(target)
        if action is not None:
            assert str(action) == step.expect or step.accept, (step.key, str(action))
            return out
        assert len(out) < 4, (step.key, out)


def walk(lang: str, alternative: dict[int, str] | None = None) -> tuple[Session, list[str]]:
    """The tutorial played as the page plays it: "Next" on explaining steps, the expected action (or the
    ``alternative`` of a step) on the others, the computers in between.  Returns the game and the positions
    at each step (names left out)."""
    s = lesson.new_session(lang, "t")
    seen: list[str] = []
    names = s.players
    while True:
        p = lesson.progress(s)
        assert p is not None
        k = p["step"]
        step = STEPS[k]
        text = core.to_position(s.present)
        for i, n in enumerate(names):
            text = text.replace(core.position.escape(n), f"P{i + 1}")
        seen.append(f"{k}:{text}")
        if step.final:
            return s, seen
        assert s.present.current_player == names[0], step.key  # the person decides at every step
        if step.explains:
            assert lesson.next_step(s)
            continue
        want = (alternative or {}).get(k) or step.expect
        action = core.parse_action(s.present, want)
        s.play(action)
        assert lesson.played(s, action).outcome in ("on", "accepted")


@pytest.mark.parametrize("lang", tx.LANGS)
def test_every_step_is_legal_when_the_tutorial_is_replayed(lang: str):
    s, seen = walk(lang)
    assert [int(x.split(":", 1)[0]) for x in seen] == list(range(len(STEPS)))
    assert seen == walk("en")[1]  # the same game in every language
    assert not s.present.is_over and s.present.current_player == s.players[0]
    reasons = s.extra["reasons"]  # every computer move has its reason, in every language
    computer = [k for k, e in enumerate(s.entries) if e.player != s.players[0]]
    assert computer and {str(k) for k in computer} == set(reasons)
    assert all(set(r[2]) == set(tx.LANGS) and all(r[2].values()) for r in reasons.values())


def test_each_click_the_tutorial_asks_for_is_offered_and_taken():
    s = lesson.new_session("en", "t")
    kinds: set[str] = set()
    while not STEPS[lesson.progress(s)["step"]].final:  # type: ignore[index]
        k = lesson.progress(s)["step"]  # type: ignore[index]
        step = STEPS[k]
        if step.explains:
            assert lesson.target(chooser_of(s), s.present, step) == ""
            lesson.next_step(s)
            continue
        clicks = clicks_for(s, k)
        action = core.parse_action(s.present, step.expect)
        kinds.add(action.type)
        if action.type == "battle":
            assert len(clicks) == 2  # the fleet is picked, then the fight is a second, explicit choice
        s.play(action)
        lesson.played(s, action)
    assert {"rondel", "bond", "import", "pass", "battle", "army", "factory"} <= kinds
    assert any(a.type == "army" and a.via for a in s.actions)  # a convoy


def test_a_wrong_choice_is_judged_and_explaining_steps_take_no_choice():
    s = lesson.new_session("en", "t")
    chooser = chooser_of(s)
    assert lesson.judge(chooser, "rondel import", s.present, STEPS[0]) == "read"
    s.extra["tutorial"] = {"step": 3, "since": 0}
    assert lesson.judge(chooser, "rondel import", s.present, STEPS[3]) == "wrong"
    assert lesson.judge(chooser, "rondel investor", s.present, STEPS[3]) == "ok"
    assert lesson.judge(chooser, "rondel investor", s.present, STEPS[-1]) == "end"
    assert not lesson.astray(s)
    s.extra["tutorial"] = {"step": 4, "since": 0}  # a step whose action is not legal here (buying a bond)
    assert lesson.astray(s) and lesson.progress(s)["step"] == len(STEPS) - 1  # type: ignore[index]


@pytest.mark.parametrize("k", [k for k, step in enumerate(STEPS) if step.accept])
def test_what_a_step_also_accepts_still_leads_to_the_end(k: int):
    s = lesson.new_session("en", "t")
    while lesson.progress(s)["step"] < k:  # type: ignore[index]
        step = STEPS[lesson.progress(s)["step"]]  # type: ignore[index]
        if step.explains:
            lesson.next_step(s)
            continue
        a = core.parse_action(s.present, step.expect)
        s.play(a)
        lesson.played(s, a)
    want = core.parse_action(s.present, STEPS[k].expect)
    others = [str(a) for a in core.legal_actions(s.present) if a.type == want.type and str(a) != STEPS[k].expect]
    assert others
    chooser = chooser_of(s)
    notations = [str(a) for a in chooser.actions]
    for other in others:
        first = chooser.steps[notations.index(other)][0].value
        assert lesson.judge(chooser, first, s.present, STEPS[k]) == "ok"  # the page lets it through
        _end, seen = walk("en", {k: other})
        assert [int(x.split(":", 1)[0]) for x in seen] == list(range(len(STEPS))), other


def test_the_table_is_in_order_and_every_text_is_in_three_languages():
    assert 18 <= len(STEPS) <= 24 and STEPS[-1].final and sum(s.final for s in STEPS) == 1
    topics = [s.topic for s in STEPS]
    assert topics == sorted(topics) and set(topics) == set(range(1, TOPICS + 1))
    keys = [f"tutorial.s.{s.key}" for s in STEPS] + [f"tutorial.topic.{n}" for n in range(1, TOPICS + 1)]
    assert len(set(keys)) == len(keys)
    for key in keys:
        assert key in tx.TEXT and all(tx.TEXT[key][lang].strip() for lang in tx.LANGS), key
    for step in STEPS:
        assert step.ref in REFS or rulehelp.refs(step.ref, "europe"), step.ref
        assert bool(step.look) <= step.explains
        for lang in tx.LANGS:
            said = lesson.where(step.ref, lang)
            assert said and "{" not in said and "rules." not in said, (step.key, lang, said)
        sentences = re.split(r"(?<=[.!?])\s+", tx.t("en", f"tutorial.s.{step.key}", swiss="Computer 2"))
        assert 1 <= len(sentences) <= 3, step.key  # 1–3 sentences each


@pytest.mark.parametrize("lang", tx.LANGS)
def test_the_tutorial_cites_sections_the_rulebooks_print(lang: str):
    """(Its words are checked against the rulebooks in ``tests/text/test_own_words.py``.)"""
    book = RULES / BOOKS[lang][0]
    if not book.exists():
        pytest.skip("the rulebooks are not beside the checkout")
    heading = book.read_text(encoding="utf-8").upper()
    for ref in REFS.values():
        assert {"en": ref.en, "de": ref.de, "es": ref.es}[lang].upper() in heading, ref


# -- the page's part, behind a stand-in browser -------------------------------------------------------------
def panel(page: FakePage) -> str:
    return page.html("tutorial")


def step_no(page: FakePage) -> int:
    m = re.search(r'data-step="(\d+)"', panel(page))
    return int(m.group(1)) if m else 0


def target(page: FakePage) -> tuple[str, str]:
    """The decision's marked button: its choice and the decision it was drawn for."""
    m = re.search(r'data-choice="([^"]+)" data-at="(\d+)" data-tutorial-target', page.html("decision"))
    assert m, page.html("decision")[:400]
    return m.group(1), m.group(2)


def on(app: Any, page: FakePage) -> None:
    """One click of the tutorial, as the e2e test makes it."""
    if 'data-testid="tutorial-next"' in panel(page):
        app.command("tutorial-next")
    else:
        app.choose(*target(page))


def test_the_page_walks_the_tutorial_and_plays_on():
    import render

    page = FakePage()
    app = new_app(page, render)
    app.command("learn")
    assert page.ui.screen_name == "game" and step_no(page) == 1
    assert page.document.body.dataset.tutorialLook == "players"
    seen = [1]
    for _ in range(40):
        if step_no(page) == len(STEPS):
            break
        on(app, page)
        if step_no(page) != seen[-1]:
            seen.append(step_no(page))
        if step_no(page) == 11 and target(page)[0] == "northsea":  # the battle: the fleet is marked on the map too
            assert page.ui.targets()["northsea"].get("data-tutorial-target") == ""
            marked = [r for r, attrs in page.ui.targets().items() if "data-tutorial-target" in attrs]
            assert marked == ["northsea"]
    assert seen == list(range(1, len(STEPS) + 1))
    assert 'data-testid="tutorial-play-on"' in panel(page) and 'data-testid="tutorial-real-game"' in panel(page)
    app.command("tutorial-play-on")
    s = app.model.session
    assert "tutorial" not in s.extra and s.extra["seats"] == ["human", "easy", "easy"]
    assert page.document.getElementById("tutorial").hidden and panel(page) == ""
    saved = next(iter(page.saves().values()))
    assert '"tutorial"' not in saved and '"easy"' in saved


def test_a_wrong_choice_is_not_played_and_undo_is_off():
    page = FakePage()
    app = new_app(page)
    app.command("learn")
    _value, at = target(page) if "tutorial-next" not in panel(page) else ("", str(app.model.epoch))
    app.choose("rondel import", at)  # an explaining step: read first
    assert "First read this step" in panel(page) and app.model.session.cur == 0
    for _ in range(3):
        app.command("tutorial-next")
    assert step_no(page) == 4 and target(page)[0] == "rondel investor"
    app.choose("rondel import", target(page)[1])
    assert app.model.session.cur == 0 and step_no(page) == 4
    assert 'data-testid="tutorial-oops"' in panel(page) and target(page)[0] == "rondel investor"
    app.choose(*target(page))
    assert app.model.session.cur == 1 and step_no(page) == 5 and "tutorial-oops" not in panel(page)
    app.command("undo")
    assert app.model.session.cur == 1 and "Undo and redo are off" in page.message


def test_the_tutorial_is_left_and_resumed_from_its_save():
    page = FakePage()
    app = new_app(page)
    app.command("learn")
    for _ in range(8):
        on(app, page)
    k, cur = step_no(page), app.model.session.cur
    assert k == 9 and cur > 0
    key = next(iter(page.saves()))
    app.command("home")
    assert page.ui.screen_name == "start"
    again = new_app(page)  # a new visit: the page starts again and the game is opened from the list
    again.command("resume", key)
    assert step_no(page) == k and again.model.session.cur == cur
    on(again, page)
    assert step_no(page) == k + 1
    again.command("tutorial-real-game")
    assert page.ui.screen_name == "start"
    assert '"tutorial"' not in page.saves()[key]
