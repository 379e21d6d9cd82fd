"""The page in English, German and Spanish (issue 15), in plain CPython: the language comes from the choice
kept in localStorage, else the browser's languages; the switch keeps it and redraws in it; every panel the
page draws from the catalogue has no English-only word in German or Spanish; the detector of such words
catches one."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from typing import Any

import imperial_core as core
import pytest
from conftest import ROOT
from imperial_text import LANGS, t
from langwords import english_only, leftovers

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui import readable, rulehelp, saves, views  # noqa: E402
from imperial_ui.choices import Chooser, Names  # noqa: E402
from imperial_ui.session import Session  # noqa: E402
from pagefake import FakePage, new_app  # noqa: E402

PLAYERS = ("Anna", "Ben", "Clara", "David")


def positions(seed: int, board: str = "europe", steps: int = 900) -> Iterator[Any]:
    rng = random.Random(seed)
    state = core.new_game(list(PLAYERS[: 2 + seed % 3]), seed=seed, board=board,
                          setup="auction" if seed % 2 else "standard")
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        state = core.apply(state, rng.choice(core.legal_actions(state)))
    yield state


def panels(state: Any, names: Names) -> str:
    """Everything the page draws of ``state`` from the catalogue (not the engine's log sentences), but the
    rules help, which depends on the board alone (checked once per game)."""
    chooser = None
    if not state.is_over:
        rows = core.rondel_choices(state) if state.decision == "rondel" else None
        chooser = Chooser(core.legal_actions(state), state.decision, names, readable.choice_notes(state, names, rows))
    parts = [
        views.decision_html(state, chooser, names, greyed=readable.unaffordable_html(state, names)),
        *(views.nation_html(state, nid, names) for nid in state.nations), views.players_html(state, names),
        readable.scoreboard_html(state, names), readable.scoreboard_html(state, names, secret_cash=True),
        readable.tracks_html(state, names, views.tax_label), readable.title_text(state, names),
        readable.log_filter_html(state, names, None),
    ]
    if chooser is not None and chooser.next_tokens():
        tok = chooser.next_tokens()[0]
        chooser.choose(tok.value)  # a unit selected: the next step's groups and the Selected line
        parts.append(views.decision_html(state, chooser, names))
    if state.is_over:
        parts.append(views.scores_html(state, names, core.score_breakdown(state), core.ranking(state)))
    return "\n".join(parts)


def visible(html: str) -> str:
    """The text and the title / aria-label attributes of some HTML (what a person reads or hears); moves
    written in the game's notation (``<code>``, a formal language like chess notation, the same in every
    language) are left out."""
    attrs = " ".join(re.findall(r'(?:title|aria-label)="([^"]*)"', html))
    html = re.sub(r"<code[^>]*>.*?</code>", " ", html)  # a move in the game's notation (docs/notation.md)
    return re.sub(r"<[^>]+>", " ", html) + " " + attrs


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("board, seed", [("europe", 1), ("europe", 2), ("world2030", 3)])
def test_every_panel_of_a_whole_game_is_in_the_language(lang: str, board: str, seed: int) -> None:
    names = Names(core.load_board(board), lang)
    # Imperial 2030's rulebook is English only: the help cites its headings as printed
    cited = tuple(r.section for h in rulehelp.HELP.values() for r in h.imperial2030) if board == "world2030" else ()
    seen: dict[str, str] = {}
    for word in leftovers(visible(rulehelp.all_help_html(names.board, lang)), lang, PLAYERS + cited):
        seen.setdefault(word, "the rules help")
    decisions = set()
    for state in positions(seed, board):
        decisions.add(state.decision)
        for word in leftovers(visible(panels(state, names)), lang, PLAYERS + cited):
            seen.setdefault(word, state.decision)
    assert len(decisions) >= 6  # the walk saw many kinds of decision
    assert seen == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_saves_list_and_the_link_prompt_are_in_the_language(lang: str) -> None:
    s = Session.new(list(PLAYERS[:3]), game_id="g1", seed=4)
    for _ in range(5):
        s.play(core.legal_actions(s.present)[0])
    key = "imperial.save.g1"
    rows = [saves.list_row(key, s.to_save(), "imperial.save."), saves.list_row("imperial.save.x1", "", "imperial.save.", lang),
            saves.list_row("imperial.save.odd", "#g=AAAA", "imperial.save.", lang)]
    html = views.saves_html(rows, {}, "g1", lang=lang) + views.saves_html([], {}, lang=lang) \
        + views.saves_html([], {}, off=True, lang=lang)
    facts = [saves.facts_of(key, s.to_save())]
    for moves in (s.moves(), s.moves()[:3], s.moves() + ["x"]):
        match = saves.classify_link(saves.setup_of(s.present), s.moves()[:3] if moves == ["x"] else moves, facts)
        if match is not None:
            html += views.link_prompt_html(match, lang)
    if lang == "en":
        assert "5 moves" in html and "Resume" in html
    else:
        assert leftovers(visible(html), lang, PLAYERS) == []
        assert ("5 Züge" if lang == "de" else "5 jugadas") in html


def test_the_detector_finds_a_leftover_english_word() -> None:
    assert {"undo", "treasury", "saved"} <= english_only("de")
    assert leftovers("Neue Partie · Undo · Staatskasse", "de") == ["undo"]
    assert leftovers("Nueva partida · Treasury", "es") == ["treasury"]
    assert leftovers("Anna regiert Italien", "de", ("Anna",)) == []


def test_the_language_is_the_kept_choice_else_the_browsers() -> None:
    page = FakePage()
    page.navigator.languages = ["fr-FR", "es-419", "en"]
    app = new_app(page)
    assert app.model.lang == "es" and page.ui.lang == "es"
    page.local.setItem("imperial.lang", "de")
    assert new_app(FakePage(page.local)).model.lang == "de"  # the kept choice beats the browser's languages
    page.local.setItem("imperial.lang", "klingon")
    assert new_app(FakePage(page.local)).model.lang == "en"  # nonsense kept: the browser's (here English)


def test_the_switch_keeps_the_language_and_redraws_the_game_in_it() -> None:
    page = FakePage()
    app = new_app(page)
    page.document.getElementById("player-count").value = "3"
    app.command("start")
    assert app.session is not None
    for _ in range(3):
        app.session.play(core.legal_actions(app.session.present)[0])
    app.game.after_change()
    english = page.html("decision")
    app.command("lang", "de")
    assert page.local.getItem("imperial.lang") == "de" and page.ui.lang == "de"
    german = page.html("decision")
    ours = re.sub(r'<p class="last".*?</p>', "", german)  # the last move's sentence is the engine's (below)
    assert german != english and leftovers(visible(ours), "de", PLAYERS[:3]) == []
    assert app.model.names.lang == "de" and app.session.lang == "de"
    assert [e.step for e in app.session.entries] == list(range(1, 4))  # the log told again, move for move
    app.command("panel", "players")
    assert "Spieler" in page.html("scoreboard") and leftovers(visible(page.html("players")), "de", PLAYERS) == []
    app.command("lang", "es")
    assert "Jugador" in page.html("scoreboard")
    app.command("lang", "en")
    def same(html: str) -> str:
        return re.sub(r'data-at="\d+"', "", html)  # the decision's id counts every redraw

    assert same(page.html("decision")) == same(english)  # back in English: the same page as before


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_log_is_told_in_the_language(lang: str) -> None:
    """The engine's sentences (imperial_core.narrate, lang=) of a whole game, told again after a switch."""
    s = Session.new(list(PLAYERS), game_id="g", seed=7)
    rng = random.Random(7)
    while not s.present.is_over and s.cur < 400:
        s.play(rng.choice(core.legal_actions(s.present)))
    s.retell(lang)
    names = Names(core.load_board("europe"), lang)
    text = "\n".join(f"{e.heading} {e.text}" for e in s.entries) + views.log_html(s.entries, names)
    assert leftovers(visible(text), lang, PLAYERS) == []


def test_the_computer_players_are_named_in_the_language() -> None:
    from imperial_ui.seats import solo_players

    assert solo_players("Tú", lang="es")[0] == ["Tú", "Ordenador 1 (normal)", "Ordenador 2 (normal)",
                                                 "Ordenador 3 (normal)"]
    assert solo_players("ordenador 1 (normal)", lang="es")[0][1:] == ["Ordenador 2 (normal)", "Ordenador 3 (normal)",
                                                                       "Ordenador 4 (normal)"]


@pytest.mark.parametrize("lang,arrived,convoy", [
    ("en", "A fleet arrived in North Sea.", "by sea via North Sea, English Channel"),
    ("de", "Eine Flotte ist in der Nordsee angekommen.", "auf dem Seeweg über die Nordsee, den Ärmelkanal"),
    ("es", "Una flota ha entrado en el Mar del Norte.", "por mar a través del Mar del Norte, el Canal de la Mancha"),
])
def test_the_page_says_seas_with_their_articles(lang: str, arrived: str, convoy: str) -> None:
    names = Names(core.load_board("europe"), lang)
    assert names.t("page.arrived.fleet", in_region=names.region_phrase("northsea", "in")) == arrived
    assert names.t("page.opt.by_sea", via_seas=names.region_list(["northsea", "englishchannel"], "via")) == convoy


def test_the_note_above_the_decision_follows_the_language() -> None:
    """A note said before the switch ("Opened from a link …") is said again in the new language."""
    page = FakePage()
    app = new_app(page)
    page.location.hash = "#g=" + core.encode(core.new_game(list(PLAYERS), seed=2))
    app.links.open_hash()
    assert "Opened from a link" in page.html("decision")
    app.command("link-new")
    assert "saved as a new game" in page.html("decision")
    app.command("lang", "de")
    note = re.search(r'<p class="note">(.*?)</p>', page.html("decision"))
    assert note is not None and "saved as a new game" not in note.group(1)
    assert note.group(1) == views.esc(t("de", "page.m.link_saved"))
