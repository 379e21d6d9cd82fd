"""The page's glue for the computer players (``imperial_ui/botplay.py``) in plain CPython, on the stand-in
browser of ``pagefake`` with a stand-in for ``bots.js`` that records what is posted to the worker: the
worker's own answer function answers, the page plays, tells the reason, saves it; stale, broken and
missing answers never cost a move or the game."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import imperial_core as core
import pagefake as pf
from imperial_core.narrate import sentence
from imperial_ui.botanswer import answer
from imperial_ui.choices import Names
from imperial_ui.seats import action_regions
from imperial_ui.session import Session

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
KEY = "imperial.save.g1"


class FakeBots:
    """``window.imperialBots``: records the requests, timers and marks the page asks for."""

    def __init__(self) -> None:
        self.started = 0
        self.asks: list[str] = []
        self.timers: list[tuple[float, str, str]] = []
        self.marks: list[dict[str, Any]] = []

    def start(self) -> None:
        self.started += 1

    def restart(self) -> None:
        self.started += 1

    def ask(self, text: str) -> None:
        self.asks.append(str(text))

    def later(self, ms: float, name: str, arg: str) -> None:
        self.timers.append((float(ms), str(name), str(arg)))

    def mark(self, text: str) -> None:
        self.marks.append(json.loads(text))


def open_game(seats: Any, *, pace: str = "instant", seed: int = 5) -> tuple[pf.FakePage, Any, FakeBots, Session]:
    page = pf.FakePage()
    bots = FakeBots()
    page.window.imperialBots = bots
    page.local.data["imperial.pace"] = pace
    s = Session.new(PLAYERS, game_id="g1", seed=seed)
    s.extra["seats"] = seats
    page.local.data[KEY] = s.to_save()
    app = pf.new_app(page)
    app.command("resume", KEY)
    return page, app, bots, s


def saved_moves(page: pf.FakePage) -> int:
    return len(core.load(page.local.data[KEY]).history)


def test_the_page_asks_for_a_computer_seat_and_plays_the_answer_with_its_reason():
    page, app, bots, _s = open_game(["normal"] * 4)
    assert page.ui.screen_name == "game"
    assert bots.started == 1 and len(bots.asks) == 1
    app.command("bot-ready", "1200")
    first = bots.asks[-1]
    app.command("bot-answer", answer(first))
    assert app.session.cur == 1 and saved_moves(page) == 1
    meta = json.loads(page.local.data[KEY])["meta"]
    notation, why, whys = meta["reasons"]["0"]
    assert notation == str(app.session.actions[0]) and why and set(whys) == {"en", "de", "es"}
    assert app.session.entries[0].text.endswith(f" — {why}")
    assert len(bots.asks) == 2  # the next computer seat is asked at once
    assert page.document.body.dataset.bot == "thinking"
    # the regions the move touched (none for a rondel move) are outlined in the overlay for a while
    assert "botmove" in page.ui.overlay and page.ui.cleared_after["botmove"] >= 600


def test_the_reasons_follow_a_change_of_language_and_are_kept_in_each():
    page, app, bots, _s = open_game(["normal"] * 4)
    for _ in range(3):
        app.command("bot-answer", answer(bots.asks[-1]))
    meta = json.loads(page.local.data[KEY])["meta"]
    assert len(meta["reasons"]) == 3
    for lang in ("de", "es", "en"):
        app.command("lang", lang)
        for k in range(3):
            _notation, _why, whys = meta["reasons"][str(k)]
            assert app.session.entries[k].text.endswith(f" — {whys[lang]}"), (lang, app.session.entries[k].text)
        assert html.escape(whys[lang]) in page.html("decision")  # the last move, with its reason
    assert whys["de"] != whys["en"] != whys["es"]
    # kept with the save: a reload says them in the page's language too
    app.command("lang", "de")
    again = pf.new_app(page)
    again.command("resume", KEY)
    assert again.session.entries[2].text.endswith(f" — {whys['de']}")


def test_at_instant_pace_moves_that_come_together_are_drawn_once():
    page, app, bots, _s = open_game(["easy"] * 4)
    app.command("bot-ready", "1")
    drawn = page.document.body.dataset.moves
    app.command("bot-answer", answer(bots.asks[-1]))
    app.command("bot-answer", answer(bots.asks[-1]))  # came in before the next frame
    assert app.session.cur == 2 and saved_moves(page) == 2  # each saved as it came
    assert len(bots.asks) == 3  # and the next computer seat asked at once
    assert page.document.body.dataset.moves == drawn  # not drawn yet ...
    draws = [timer for timer in bots.timers if timer[1] == "bot-draw"]
    assert len(draws) == 1 and 0 < draws[0][0] <= 20  # ... but once, about a frame later
    app.command("bot-draw", "")
    assert page.document.body.dataset.moves == "2"
    app.command("bot-draw", "")  # a drawing no longer due draws nothing
    assert len([timer for timer in bots.timers if timer[1] == "bot-draw"]) == 1


def test_at_instant_pace_the_move_before_a_persons_turn_is_drawn_at_once():
    page, app, bots, s = open_game(["easy", "human", "easy", "easy"])
    app.command("bot-ready", "1")
    person = s.players[1]
    for _ in range(40):
        if app.session.present.current_player == person:
            break
        app.command("bot-answer", answer(bots.asks[-1]))
    assert app.session.present.current_player == person
    assert page.document.body.dataset.moves == str(app.session.cur)  # drawn: the person decides
    assert 'data-choice="' in page.html("decision")


def test_at_normal_pace_an_answer_waits_its_turn_and_is_then_played():
    page, app, bots, _s = open_game(["normal"] * 4, pace="normal")
    app.command("bot-ready", "900")
    app.command("bot-answer", answer(bots.asks[-1]))  # the first move: nothing to wait for
    assert app.session.cur == 1
    reply = answer(bots.asks[-1])
    app.command("bot-answer", reply)
    assert app.session.cur == 1  # held for the pace ...
    ms, name, arg = bots.timers[-1]
    assert name == "bot-answer" and arg == reply and 0 < ms <= 900
    assert page.document.body.dataset.bot == "showing"
    app.bots.pace.shown_at -= 1000  # ... and played when the timer fires
    app.command(name, arg)
    assert app.session.cur == 2


def test_no_request_for_a_person_and_a_hint_is_shown_not_played():
    page, app, bots, _s = open_game(["human"] * 4)
    assert bots.asks == [] and bots.started == 0
    app.command("hint")
    assert bots.started == 1 and json.loads(bots.asks[-1])["kind"] == "hint"
    app.command("bot-answer", answer(bots.asks[-1]))
    assert app.session.cur == 0 and saved_moves(page) == 0
    html = page.html("botbar-hint")
    assert 'data-testid="hint-text"' in html
    notation = html.split('data-action="', 1)[1].split('"', 1)[0]
    assert notation in {str(a) for a in core.legal_actions(app.session.present)}
    assert bots.marks[-1]["cls"] == "hinted"  # its choice button
    hinted = next(a for a in core.legal_actions(app.session.present) if str(a) == notation)
    assert set(page.ui.outlined("hinted")) == set(action_regions(hinted))  # its regions, in the overlay
    assert page.ui.cleared_after["hinted"] == 0  # until the game moves on


def test_the_hint_so_far_is_said_as_such_until_the_answer_comes():
    """While the expert still searches, the hint shows its best so far in other words ("still thinking"), the
    Hint button waits; the answer then says "would choose"."""
    page, app, bots, _s = open_game(["human"] * 4)
    app.command("hint")
    ask = json.loads(bots.asks[-1])
    legal = core.legal_actions(app.session.present)
    app.command("bot-answer", json.dumps({"type": "hint-so-far", "id": ask["id"], "index": 1,
                                          "action": str(legal[1])}))
    html_so_far = page.html("botbar-hint")
    assert "data-so-far" in html_so_far and f'data-action="{legal[1]}"' in html_so_far
    assert html_text(html_so_far).startswith(app.model.w("page.b.hint_so_far"))
    assert "disabled" in page.html("botbar-buttons")  # the hint is still being worked out
    assert bots.marks[-1] == {"choice": bots.marks[-1]["choice"], "cls": "hinted"}
    app.command("bot-answer", answer(bots.asks[-1]))
    html_done = page.html("botbar-hint")
    assert "data-so-far" not in html_done and html_text(html_done).startswith(app.model.w("page.b.hint_says"))
    assert "disabled" not in page.html("botbar-buttons")
    assert app.session.cur == 0


def test_a_hint_is_a_sentence_and_a_bond_hint_names_the_nation():
    """The hint says the move as the log would ("Ann buys Austria-Hungary's 9M bond"), in the page's language,
    never only "9M (int. 4)", and its notation only for experts (``.nt``)."""
    s = Session.new(PLAYERS, game_id="g1", seed=5)
    rng = random.Random(1)
    while not (s.present.decision == "invest" and any(a.type == "bond" for a in core.legal_actions(s.present))):
        s.play(rng.choice(core.legal_actions(s.present)))
    page = pf.FakePage()
    bots = FakeBots()
    page.window.imperialBots = bots
    s.extra["seats"] = ["human"] * 4
    page.local.data[KEY] = s.to_save()
    app = pf.new_app(page)
    app.command("resume", KEY)
    state = app.session.present
    legal = core.legal_actions(state)
    bond = next(a for a in legal if a.type == "bond")
    for lang in ("en", "de"):
        app.command("lang", lang)
        app.command("hint")
        ask = json.loads(bots.asks[-1])
        app.command("bot-answer", json.dumps({"type": "answer", "id": ask["id"], "index": legal.index(bond),
                                              "action": str(bond), "why": "", "ms": 1}))
        html = page.html("botbar-hint")
        nation = Names(core.load_board("europe"), lang).nation(bond.nation)
        said = sentence(state, bond, [], lang)
        # one full stop: German money ends with one already ("… über 9 Mio."), never "9 Mio.."
        assert html_text(html) == f"{app.model.w('page.b.hint_says')} {said}{'' if said.endswith('.') else '.'}"
        assert ".." not in html_text(html)
        assert nation in html and f'<span class="nt"> <code>{bond}</code></span>' in html


def test_an_open_hint_stays_on_a_language_switch_said_in_the_new_language():
    """Issue 36: the hint and its why follow the language switch instead of going away."""
    page, app, bots, _s = open_game(["human"] * 4)
    app.command("hint")
    reply = json.loads(answer(bots.asks[-1]))
    app.command("bot-answer", json.dumps(reply))
    state = app.session.present
    action = core.legal_actions(state)[reply["index"]]
    assert reply["whys"]["en"] in html_text(page.html("botbar-hint"))
    for lang in ("de", "es", "en"):
        app.command("lang", lang)
        text = html_text(page.html("botbar-hint"))
        assert text.startswith(f"{app.model.w('page.b.hint_says')} {sentence(state, action, [], lang)}"), text
        assert reply["whys"][lang] in text, text
        assert bots.marks[-1]["cls"] == "hinted"  # still outlined
    assert app.bots.hint is not None


def html_text(text: str) -> str:
    """The text of a bit of HTML without the notation for experts (``.nt``, hidden unless asked for)."""
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r'<span class="nt">.*?</span>', "", text)))


def test_an_answer_after_undo_is_dropped_and_the_bots_wait():
    page, app, bots, _s = open_game(["normal"] * 4)
    app.command("bot-answer", answer(bots.asks[-1]))
    app.command("bot-answer", answer(bots.asks[-1]))
    assert app.session.cur == 2
    in_flight = bots.asks[-1]
    app.command("undo")
    assert app.session.cur == 1 and app.bots.table.paused
    app.command("bot-answer", answer(in_flight))
    assert app.session.cur == 1 and saved_moves(page) == 1
    assert 'data-testid="bot-resume"' in page.html("botbar-buttons")
    asked = len(bots.asks)
    app.command("bot-resume")
    assert len(bots.asks) == asked + 1
    app.command("bot-answer", answer(bots.asks[-1]))
    assert app.session.cur == 2


def test_a_broken_answer_stops_the_bots_with_a_message_and_keeps_the_game():
    page, app, bots, _s = open_game(["normal"] * 4)
    app.command("bot-answer", answer(bots.asks[-1]))
    msg = json.loads(answer(bots.asks[-1]))
    msg["index"] = (msg["index"] + 1) % len(core.legal_actions(app.session.present))
    msg["action"] = "army nowhere>elsewhere"
    app.command("bot-answer", json.dumps(msg))
    assert app.session.cur == 1 and saved_moves(page) == 1
    assert "not a legal move" in page.message and "bot-retry" in page.actions
    assert page.document.body.dataset.bot == "failed"
    asked = len(bots.asks)
    app.command("bot-answer", "{not json")  # nothing more is played, nothing breaks
    app.command("bot-retry")
    assert len(bots.asks) == asked + 1
    app.command("bot-answer", answer(bots.asks[-1]))
    assert app.session.cur == 2


def test_a_worker_that_cannot_start_leaves_the_seats_to_be_taken_over():
    page, app, bots, _s = open_game(["normal"] * 4)
    app.command("bot-failed", json.dumps({"type": "failed", "message": "could not load the game's packages"}))
    assert "could not run" in page.message and "packages" in page.message
    assert app.model.current_chooser(app.bots.computer_decides()) is None  # a computer seat decides: nothing to click ...
    who = PLAYERS.index(app.session.present.current_player)
    app.command("seat", f"{who}:human")  # ... until a person takes it over
    chooser = app.model.current_chooser(app.bots.computer_decides())
    assert chooser is not None and chooser.next_tokens()
    assert json.loads(page.local.data[KEY])["meta"]["seats"][who] == "human"


def test_a_tampered_seat_meta_opens_the_game_with_a_message():
    page, app, bots, s = open_game({"Ann": "strong"})
    assert app.session is not None and app.session.cur == 0
    assert "seats" in page.message
    assert bots.asks == []
    app.game.play(core.legal_actions(app.session.present)[0])  # a person's move: saved with readable seats
    assert saved_moves(page) == 1
    assert json.loads(page.local.data[KEY])["meta"]["seats"] == ["human"] * 4


def test_seat_commands_that_make_no_sense_change_nothing():
    page, app, bots, _s = open_game(["human"] * 4)
    for arg in ("9:normal", "x:normal", "1:godlike", "", "1", "-1:easy"):
        app.command("seat", arg)
    assert app.bots.table.seats == ["human"] * 4
    assert bots.asks == []


def test_no_game_moves_while_the_start_screen_is_shown():
    page, app, bots, _s = open_game(["normal"] * 4)
    reply = answer(bots.asks[-1])
    app.command("home")
    app.command("bot-answer", reply)
    assert app.session.cur == 0 and saved_moves(page) == 0


def test_a_request_of_a_game_left_never_touches_the_next_game():
    # a game of computers left with its request in flight, then another game opened in the same page, where a
    # person decides first and asks for a hint: the old request's late answer and its watchdog (whose timer
    # still runs) name a request of the game left, not the hint of this one
    page, app, bots, _s = open_game(["normal"] * 4)
    app.command("bot-ready", "1000")
    left = bots.asks[-1]
    app.command("home")
    other = Session.new(PLAYERS, game_id="g2", seed=9)
    other.extra["seats"] = ["human"] * 4
    page.local.data["imperial.save.g2"] = other.to_save()
    app.command("resume", "imperial.save.g2")
    app.command("hint")
    hint = bots.asks[-1]
    assert json.loads(hint)["kind"] == "hint" and json.loads(hint)["id"] != json.loads(left)["id"]
    app.command("bot-watchdog", left)
    assert page.message == "" and page.document.body.dataset.bot != "failed"
    late = json.loads(answer(left))
    app.command("bot-answer", json.dumps(late))
    assert app.session.game_id == "g2" and app.session.cur == 0
    assert app.bots.hint is None  # the hint asked for is still to come
    app.command("bot-answer", answer(hint))
    assert app.bots.hint is not None and app.session.cur == 0


def test_a_request_left_unanswered_stops_the_bots_and_try_again_restarts_the_worker():
    page, app, bots, _s = open_game(["normal"] * 4)
    app.command("bot-ready", "1000")
    ask = bots.asks[-1]
    watchdog = [(ms, arg) for ms, name, arg in bots.timers if name == "bot-watchdog"]
    assert watchdog and watchdog[-1][1] == ask and watchdog[-1][0] >= 30_000
    app.command("bot-answer", answer(ask))  # answered in time: its watchdog finds nothing to do
    app.command("bot-watchdog", ask)
    assert page.message == "" and app.session.cur == 1
    hung = bots.asks[-1]
    app.command("bot-watchdog", hung)  # this one never came back
    assert "did not answer" in page.message and page.document.body.dataset.bot == "failed"
    started = bots.started
    app.command("bot-retry")
    assert bots.started == started + 1 and bots.asks[-1] != hung
    app.command("bot-answer", answer(hung))  # the old answer, late: dropped
    assert app.session.cur == 1
    app.command("bot-answer", answer(bots.asks[-1]))
    assert app.session.cur == 2


def test_play_against_the_computer_at_the_strength_picked():
    """Issue 36: "Play against the computer" plays at the strength picked on the start screen (normal unless
    another), the computer seats named as computers with it."""
    for level in ("strong", "easy", ""):
        page = pf.FakePage()
        page.window.imperialBots = FakeBots()
        app = pf.new_app(page)
        page.document.getElementById("solo-name").value = "Zoe"
        page.document.getElementById("solo-level").value = level
        app.command("solo")
        want = level or "normal"
        assert app.session.extra["seats"] == ["human", want, want, want]
        assert list(app.session.players) == ["Zoe", *(f"Computer {k} ({want})" for k in (1, 2, 3))]
