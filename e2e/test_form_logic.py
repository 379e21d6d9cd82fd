"""The new-game form's checks and the greyed rondel spaces in plain CPython (no browser): every problem of the
form at once with the fields it marks, marks that go when their field is right, a new seed after every game
started and after leaving a game whose seed the form shows; unaffordable rondel spaces described by their
reason in the list and on the drawing."""

from __future__ import annotations

import random
import re
import sys
from typing import Any

import imperial_core as core
import imperial_text as tx
import pagefake as pf
import pytest
from conftest import ROOT
from readable_position import midgame

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui import readable, views  # noqa: E402
from imperial_ui.choices import Chooser, Names  # noqa: E402
from imperial_ui.session import form_problems  # noqa: E402


def marks(raw: list[str], count: str = "", seed: str = "1") -> dict[str, tuple[str, ...]]:
    problems, _ = form_problems(raw, count or str(len(raw)), seed)
    return {p.kind + ":" + (p.reason.key if p.reason is not None else ""): p.fields for p in problems}


def test_every_problem_of_the_form_at_once_with_its_fields():
    got = marks(["Ann", "", "ann", "Bank", "ANN", "x" * 30], seed="2147483648")
    assert got == {
        "names:errors.name_twice": ("player-name-1", "player-name-3", "player-name-5"),
        "names:errors.player_needs_name": ("player-name-2",),
        "names:errors.name_reserved": ("player-name-4",),
        "names:errors.name_long": ("player-name-6",),
        "seed:": ("seed",),
    }
    assert marks(["Ann", "Bo"], count="9") == {"count:errors.player_count": ("player-count",)}
    assert marks(["Ann", "Bo"], count="two", seed=" 12 ") == {"count:errors.player_count": ("player-count",)}
    assert form_problems(["Ann", "Bo"], "2", " 12 ") == ([], 12)
    assert form_problems(["Ann", "Bo"], "2", "-1")[1] == -1


def test_names_alike_by_the_engines_rule_are_one_problem_whatever_their_case_or_spaces():
    assert marks(["  Ann ", "ANN", "Bo"]) == {"names:errors.name_twice": ("player-name-1", "player-name-2")}
    assert marks(["Ann", "Bo", "Cy"]) == {}


def fake_form(page: pf.FakePage, names: list[str], seed: str) -> None:
    doc = page.document
    doc.getElementById("player-count").value = str(len(names))
    for i, n in enumerate(names, 1):
        doc.getElementById(f"player-name-{i}").value = n
    doc.getElementById("seed").value = seed


@pytest.mark.parametrize("lang", tx.LANGS)
def test_the_page_says_all_problems_in_one_message_and_clears_the_marks_of_fields_put_right(lang: str):
    page = pf.FakePage()
    app = pf.new_app(page)
    app.command("lang", lang)
    fake_form(page, ["Ann", "", "Bank"], "-5")
    app.command("start")
    text = page.message
    assert page.ui.screen_name == "start" and not page.saves()
    for said in (tx.t(lang, "errors.player_needs_name", n=2), tx.t(lang, "errors.name_reserved", name="'Bank'"),
                 tx.t(lang, "page.m.seed"), tx.t(lang, "page.m.name_rules")):
        assert said in text
    assert len(page.ui.messages) == 1  # one message, not one per problem
    assert page.ui.invalid == ["player-name-2", "player-name-3", "seed"]
    page.document.getElementById("player-name-2").value = "Bo"
    app.command("form-check")
    assert page.ui.invalid == ["player-name-3", "seed"]
    assert tx.t(lang, "errors.player_needs_name", n=2) not in page.message
    assert tx.t(lang, "page.m.seed") in page.message
    page.document.getElementById("player-name-3").value = "Bo"  # still wrong (now typed twice): still marked,
    app.command("form-check")  # and the field typed before is not marked while the player types
    assert page.ui.invalid == ["player-name-3", "seed"]
    assert tx.t(lang, "errors.name_twice", name="'Bo'") in page.message
    page.document.getElementById("seed").value = "12"
    app.command("form-check")
    assert page.ui.invalid == ["player-name-3"] and tx.t(lang, "page.m.seed") not in page.message
    app.command("start")  # every field of the name typed twice is marked at the start
    assert page.ui.invalid == ["player-name-2", "player-name-3"]
    page.document.getElementById("player-name-3").value = "Cy"
    app.command("form-check")
    assert page.ui.invalid == [] and page.ui.message_box is None
    app.command("start")
    assert page.ui.screen_name == "game" and page.ui.invalid == []
    assert app.model.session.states[0].seed == 12


def test_every_game_started_leaves_a_new_seed_and_home_never_offers_the_seed_of_the_game_left():
    page = pf.FakePage()
    app = pf.new_app(page)
    seed = page.document.getElementById("seed")
    fake_form(page, ["Ann", "Bo"], "12")
    app.command("start")
    assert app.model.session.states[0].seed == 12 and seed.value != "12"
    app.command("home")
    first = seed.value
    app.command("start")
    assert app.model.session.states[0].seed == int(first) and seed.value != first
    # a game opened otherwise (a link, a save) with the seed the form shows: New game offers another
    seed.value = "77"
    app.game.open_session(type(app.model.session).new(["Ann", "Bo"], game_id="g77", seed=77), autosave=False)
    app.command("home")
    assert seed.value != "77"
    seed.value = "78"  # a seed typed and not used yet stays
    app.command("home")
    assert seed.value == "78"


def test_unaffordable_rondel_spaces_are_unavailable_and_described_by_their_reason():
    from render import rondel_svg

    state = midgame()
    names = Names(state.board_data)
    rows = core.rondel_choices(state)
    off = [r["space"] for r in rows if not r["affordable"]]
    assert off, "the mid-game position has rondel spaces too dear"
    greyed = readable.unaffordable_html(state, names, rows)
    chooser = Chooser(core.legal_actions(state), state.decision, names, readable.choice_notes(state, names, rows))
    html = views.decision_html(state, chooser, names, rondel=rondel_svg(state), at="d1", greyed=greyed)
    for space in off:
        button = re.search(rf'<button [^>]*data-unaffordable="{space}"[^>]*>', html).group(0)
        assert "disabled" in button and 'aria-disabled="true"' in button and f'aria-describedby="why-{space}"' in button
        title = re.search(r'title="([^"]+)"', button).group(1)
        assert re.search(rf'<span id="why-{space}" hidden>{re.escape(title)}</span>', html)
        drawn = re.search(rf'<path [^>]*data-unaffordable="{space}"[^>]*>', html).group(0)
        assert 'aria-disabled="true"' in drawn and 'role="button"' in drawn and f'aria-describedby="why-{space}"' in drawn
        assert "tabindex" not in drawn and "data-choice" not in drawn
    assert html.count('id="why-') == len(off)


def _fund_position(board: str = "europe") -> Any:
    for seed in range(200):
        rng = random.Random(seed)
        s = core.new_game(["Ann", "Bob", "Cy", "Dia"], seed=seed, board=board)
        for _ in range(700):
            if s.is_over:
                break
            if s.decision == "fund" and s.turn["pending"][0] in ("factory", "import"):
                return s
            s = core.apply(s, rng.choice(core.legal_actions(s)))
    raise AssertionError("no fund decision in 200 random games")


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_cash_question_says_what_the_money_pays_for(lang: str) -> None:
    """Issue 36: "Give cash so that Austria-Hungary can pay?" says what for (the factory or the import waiting,
    its price) and how much is missing."""
    s = _fund_position()
    names = Names(core.load_board(s.board), lang)
    why = readable.why_text(s, names)
    key = s.turn["pending"]
    region = names.region(key[1] if key[0] == "factory" else key[2])
    consts = core.load_board(s.board).constants
    cost = consts["factory_cost"] if key[0] == "factory" else consts["import_cost_per_unit"]
    assert region in why and names.money(cost) in why, why
    assert why != names.t("page.why.fund", nation=names.nation(s.active_nation)) and ".." not in why


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_hostile_and_friendly_are_explained_on_the_buttons_and_in_the_help(lang: str) -> None:
    """Issue 36: "Over land, hostile / friendly" said what it does, on the button and in the "?"."""
    from imperial_ui import rulehelp

    board = core.load_board("europe")
    names = Names(board, lang)
    help_text = rulehelp.text("armies", board, lang)
    for key in ("page.opt.hostile", "page.opt.friendly"):
        said = tx.t(lang, key)
        assert ":" in said and len(said.split(":", 1)[1].strip()) > 5, said
    assert tx.t(lang, "page.opt.hostile").split(":")[0].strip(", ") in help_text.lower()
    assert names.t("page.opt.friendly").split(":")[1].strip() in help_text


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_a_change_of_government_is_told_in_the_decision_panel(lang: str) -> None:
    """Issue 36: "Bob now governs Russia" in the decision panel, from the engine's events of the moves since the
    player on turn last decided (not from a difference of states)."""
    from imperial_ui.session import Session

    s = Session.new(["Ann", "Bob", "Cy", "Dia"], game_id="g", seed=3)
    rng = random.Random(3)
    found = None
    for _ in range(600):
        if s.present.is_over:
            break
        s.play(rng.choice(core.legal_actions(s.present)))
        changes = [e for e in s.events[-1] if e.kind == "government" and e.before and e.after]
        if changes and s.present.current_player != s.entries[-1].player:
            found = changes[0]
            break
    assert found is not None
    names = Names(core.load_board("europe"), lang)
    html = readable.government_news(s.events, s.entries, s.cur, s.present.current_player, names)
    assert 'data-testid="gov-news"' in html
    said = names.t("page.gov_news_from", player=found.after, nation=names.nation(found.nation), before=found.before)
    assert tx.escape(said) in html
    # drawn in the decision panel
    panel = views.decision_html(s.present, None, names, news=html)
    assert 'data-testid="gov-news"' in panel
    # the player who made that move sees nothing new once it decided since
    assert readable.government_news(s.events, s.entries, s.cur, s.entries[-1].player, names) == ""
