"""The page's parts (``web/imperial_ui``) in plain CPython: the command table covers every command the page
can send, and each panel is written only when what it shows changed."""

from __future__ import annotations

import random
import re

import imperial_core as core
import pagefake as pf
import pytest
from conftest import ROOT
from imperial_ui.commands import Commands
from imperial_ui.session import Session

WEB = ROOT / "web"

#: Where the page names a command: buttons (data-cmd), ui.js / bots.js calls, message actions, timers.
SENT = [
    re.compile(r'data-cmd="([a-z_-]+)"'),
    re.compile(r'data-cmd=\\?"([a-z_-]+)'),
    re.compile(r'\b(?:command|send)\("([a-z_-]+)"'),
    re.compile(r'"cmd": "([a-z_-]+)"'),
    re.compile(r'\bcmd: "([a-z_-]+)"'),
    re.compile(r'later\([^,]+, "([a-z_-]+)"'),
]


def sent_commands() -> set[str]:
    names: set[str] = set()
    for path in [*WEB.glob("*.js"), WEB / "index.html", *(WEB / "imperial_ui").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        for pattern in SENT:
            names.update(pattern.findall(text))
    return names


def test_every_command_the_page_sends_has_its_one_handler() -> None:
    app = pf.new_app(pf.FakePage())
    sent = sent_commands()
    assert {"undo", "resume", "bot-answer", "free-space", "lang", "seat"} <= sent  # the scan finds them
    assert sent - set(app.commands.table) == set()
    with pytest.raises(ValueError, match="two handlers"):
        app.commands.add({"undo": lambda _arg: None})


def test_an_unknown_command_is_said_and_changes_nothing() -> None:
    page = pf.FakePage()
    app = pf.new_app(page)
    app.command("no-such-thing")
    assert "no-such-thing" in page.message
    table = Commands()
    table.add({"a": lambda _arg: None})
    assert table.find("a") is not None and table.find("b") is None


def _game(page: pf.FakePage, render: object = None) -> tuple[object, Session]:
    s = Session.new(["Ann", "Bo", "Cy", "Di"], game_id="g1", seed=3)
    while not any(a.type == "army" for a in core.legal_actions(s.present)):
        s.play(core.legal_actions(s.present)[0])
    page.local.data["imperial.save.g1"] = s.to_save()
    app = pf.new_app(page, render)
    app.command("resume", "imperial.save.g1")
    return app, s


def test_each_panel_is_written_only_when_what_it_shows_changed() -> None:
    page = pf.FakePage()
    app, _s = _game(page)
    writes = {eid: page.document.getElementById(eid).writes for eid in ("decision", "scoreboard", "nations")}
    app.game.redraw()  # nothing changed: nothing is written again
    assert {eid: page.document.getElementById(eid).writes for eid in writes} == writes
    chooser = app.model.current_chooser()
    army = next(t for t in chooser.next_tokens() if t.kind == "region")
    app.choose(army.value, str(app.model.epoch))  # a unit selected: the decision changes, the rest stays
    assert chooser.selected()
    assert page.document.getElementById("decision").writes == writes["decision"] + 1
    assert page.document.getElementById("scoreboard").writes == writes["scoreboard"]
    assert page.document.getElementById("nations").writes == writes["nations"]
    app.command("cancel")
    app.command("panel", "log")  # another tab: drawn when opened
    log_writes = page.document.getElementById("log").writes
    assert log_writes >= 1 and "Round" in page.html("log")
    app.game.redraw()
    assert page.document.getElementById("log").writes == log_writes


def test_a_move_redraws_the_panels_that_show_it() -> None:
    page = pf.FakePage()
    app, s = _game(page)
    before = {eid: page.document.getElementById(eid).writes for eid in ("decision", "scoreboard")}
    cur = app.session.cur
    app.game.play(core.legal_actions(app.session.present)[-1])
    assert app.session.cur == cur + 1
    assert all(page.document.getElementById(eid).writes > n for eid, n in before.items())


def test_the_nations_tab_is_redrawn_part_by_part_and_reads_as_if_drawn_whole() -> None:
    page = pf.FakePage()
    app, _s = _game(page)
    nations = page.document.getElementById("nations")
    rng = random.Random(5)
    replaced = compared = 0
    for k in range(80):
        whole, parts = nations.writes, len(page.ui.parts)
        app.game.play(rng.choice(core.legal_actions(app.session.present)))
        replaced += len(page.ui.parts) - parts
        if nations.writes == whole and k % 8 == 7:  # drawn part by part: the same as a whole drawing now
            by_parts = page.html("nations")
            app.dom.forget("nations")
            app.game.redraw()
            assert nations.writes == whole + 1
            assert page.html("nations") == by_parts
            compared += 1
    assert compared >= 5
    assert {eid for eid, _i in page.ui.parts} == {"nations"}
    assert 0 < replaced < 80 * 9  # a move puts in the parts it changed, not all nine


def test_the_drawing_of_the_tracks_is_made_only_while_it_is_open() -> None:
    import render

    page = pf.FakePage()
    app, _s = _game(page, render)
    assert 'class="tracks-drawing"><summary>' in page.html("nations")  # closed, and nothing drawn in it
    assert '<div class="tracks-svg"></div>' in page.html("nations")
    app.command("tracks-drawing", "1")  # opened: drawn, and kept open over moves
    assert '<details class="tracks-drawing" open>' in page.html("nations")
    assert '<div class="tracks-svg"><svg' in page.html("nations")
    app.game.play(core.legal_actions(app.session.present)[0])
    assert '<details class="tracks-drawing" open>' in page.html("nations")
    app.command("tracks-drawing", "0")
    assert '<div class="tracks-svg"></div>' in page.html("nations")
