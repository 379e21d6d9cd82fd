"""The computer seats' logic in plain CPython (no browser): seats read from a save's meta (tampered ones
included), what the page asks the bot worker and when, which answers it plays, shows, drops as stale or
refuses, and the worker's own answer function driving whole games through the same checks."""

from __future__ import annotations

import json
import random
import sys

import imperial_core as core
import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui import seats as S  # noqa: E402
from imperial_ui.botanswer import answer  # noqa: E402
from imperial_ui.session import Session  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def fresh(seats: list[str] | None = None, seed: int = 3) -> tuple[core.GameState, S.Table]:
    state = core.new_game(PLAYERS, seed=seed)
    return state, S.Table(list(PLAYERS), list(seats or ["human", "normal", "normal", "normal"]))


def at_computer_turn(table: S.Table, seed: int = 3) -> core.GameState:
    """A position where a computer seat decides (random moves from the start)."""
    rng = random.Random(seed)
    state = core.new_game(PLAYERS, seed=seed)
    while table.computer_to_move(state) is None:
        state = core.apply(state, rng.choice(core.legal_actions(state)))
    return state


# -- seats in the save's meta ---------------------------------------------------------------------------
def test_missing_seats_are_human_without_a_complaint():
    assert S.parse_seats(None, PLAYERS) == (["human"] * 4, "")


@pytest.mark.parametrize("raw", [["human", "easy"], "strong", {"Ann": "easy"}, 7])
def test_seats_that_do_not_fit_the_players_make_every_seat_human(raw):
    seats, problem = S.parse_seats(raw, PLAYERS)
    assert seats == ["human"] * 4
    assert "human" in problem


def test_unknown_seat_values_become_human_and_are_counted():
    seats, problem = S.parse_seats(["strong", "godlike", None, "easy"], PLAYERS)
    assert seats == ["strong", "human", "human", "easy"]
    assert problem.startswith("2 saved seats")


def test_reasons_in_meta_keep_only_what_is_well_formed():
    raw = {"0": ["rondel factory", "good\nplan\x00"], "x": ["a", "b"], "-1": ["a", "b"], "3": "nope",
           "4": ["a", 5], "5": ["bond AH 2", "y" * 500]}
    got = S.parse_reasons(raw)
    assert set(got) == {0, 5}
    assert got[0] == ("rondel factory", "good plan", {})
    assert len(got[5][1]) == S.MAX_WHY
    assert S.parse_reasons(["not", "a dict"]) == {}
    # with why in every language (a page that knows them): the languages spoken, as text, kept
    raw = {"0": ["rondel factory", "plan", {"de": "Plan\n", "es": 5, "xx": "no"}], "1": ["a", "b", {}, "d"]}
    assert S.parse_reasons(raw) == {0: ("rondel factory", "plan", {"de": "Plan"})}


def test_seats_and_reasons_survive_a_save_and_a_reload():
    s = Session.new(PLAYERS, game_id="g1", seed=4)
    table = S.Table(list(PLAYERS), ["human", "easy", "strong", "normal"])
    first = core.legal_actions(s.present)[0]
    s.play(first)
    table.remember(0, str(first), "the best-looking choice")
    s.extra.update(table.meta(len(s.actions)))
    back = Session.from_save(s.to_save())
    t2, problem = S.Table.from_meta(back.players, back.extra)
    assert problem == ""
    assert t2.seats == ["human", "easy", "strong", "normal"]
    assert t2.reason_for(0, str(first)) == "the best-looking choice"
    assert t2.reason_for(0, "something else") == ""
    table.remember(0, str(first), "the best-looking choice", {"en": "the best-looking choice", "de": "die beste"})
    s.extra.update(table.meta(len(s.actions)))
    t3, _ = S.Table.from_meta(back.players, Session.from_save(s.to_save()).extra)
    assert t3.reason_for(0, str(first), "de") == "die beste"
    assert t3.reason_for(0, str(first), "es") == "the best-looking choice"  # not known in it: as it was made
    assert json.loads(back.to_save())["meta"]["seats"] == t2.seats


def test_a_tampered_seat_meta_still_opens_the_game():
    s = Session.new(PLAYERS, game_id="g2", seed=4)
    s.extra["seats"] = {"evil": True}
    s.extra["reasons"] = [1, 2, 3]
    back = Session.from_save(s.to_save())
    table, problem = S.Table.from_meta(back.players, back.extra)
    assert table.seats == ["human"] * 4 and problem
    assert table.reasons == {}


def test_a_link_has_no_meta_and_opens_with_human_seats():
    state, _ = fresh()
    back = Session.from_save(core.encode(core.apply(state, core.legal_actions(state)[0])))
    table, problem = S.Table.from_meta(back.players, back.extra)
    assert table.seats == ["human"] * 4 and problem == ""


def test_play_against_the_computer_names_never_clash():
    names, seats = S.solo_players("  computer   1 (normal) ")
    assert names == ["computer 1 (normal)", "Computer 2 (normal)", "Computer 3 (normal)", "Computer 4 (normal)"]
    assert seats == ["human", "normal", "normal", "normal"]
    core.new_game(names, seed=1)  # the engine takes them


def test_play_against_the_computer_at_the_strength_picked_names_computers_as_computers():
    """Issue 36: the computer seats are called computers, with their strength, in the page's language."""
    for level, lang, said in (("strong", "en", "Computer 1 (strong)"), ("easy", "de", "Computer 1 (leicht)"),
                              ("strong", "es", "Ordenador 1 (fuerte)")):
        names, seats = S.solo_players("Zoe", lang=lang, level=level)
        assert names[1] == said and seats == ["human", level, level, level]
        assert all(len(n) <= 24 for n in names)
        core.new_game(names, seed=1)
    assert S.solo_players("Zoe", level="nonsense")[1][1] == S.SOLO_LEVEL


# -- what to ask, and which answers count ------------------------------------------------------------------
def test_no_request_while_a_person_decides():
    state, table = fresh(["human"] * 4)
    assert table.next_ask(state, "g", 0) is None
    assert not table.thinking


def test_a_computer_turn_is_asked_once_with_the_exact_position():
    table = S.Table(list(PLAYERS), ["human", "easy", "normal", "strong"])
    state = at_computer_turn(table)
    ask = table.next_ask(state, "g", 5)
    assert ask is not None and ask.kind == "move"
    assert ask.player == state.current_player and ask.level == table.level_of(state.current_player)
    assert core.to_position(core.from_position(ask.position)) == core.to_position(state)
    payload = json.loads(ask.payload())
    assert payload["id"] == ask.id and payload["level"] == ask.level
    assert table.next_ask(state, "g", 5) is None  # already in flight
    assert table.thinking


def test_the_answer_is_played_when_it_fits():
    table = S.Table(list(PLAYERS), ["normal"] * 4)
    state = core.new_game(PLAYERS, seed=5)
    ask = table.next_ask(state, "g", 0)
    out = table.receive(answer(ask.payload()), state, "g", 0)
    assert out.kind == "play"
    assert out.action == core.legal_actions(state)[out.index]
    assert out.why and out.line.endswith(f"({out.why})")
    assert not table.thinking


@pytest.mark.parametrize("change", ["undo", "other game", "seat to human", "pause", "level"])
def test_an_answer_that_no_longer_fits_is_dropped(change):
    table = S.Table(list(PLAYERS), ["normal"] * 4)
    state = core.new_game(PLAYERS, seed=5)
    ask = table.next_ask(state, "g", 0)
    reply = answer(ask.payload())
    game, step = "g", 0
    if change == "undo":  # the page went to another position (and asked for that one)
        state = core.apply(state, core.legal_actions(state)[0])
        step = 1
    elif change == "other game":
        game = "h"
    elif change == "seat to human":
        table.set_seat(PLAYERS.index(state.current_player), "human")
    elif change == "pause":
        table.paused = True
    elif change == "level":
        table.set_seat(PLAYERS.index(state.current_player), "strong")
    table.next_ask(state, game, step)  # what the page does after every redraw
    assert table.receive(reply, state, game, step).kind == "stale"


def test_an_answer_to_a_forgotten_request_is_stale_even_if_it_fits_again():
    table = S.Table(list(PLAYERS), ["normal"] * 4)
    state = core.new_game(PLAYERS, seed=5)
    old = table.next_ask(state, "g", 0)
    table.paused = True
    assert table.next_ask(state, "g", 0) is None
    table.paused = False
    new = table.next_ask(state, "g", 0)
    assert new is not None and new.id != old.id
    assert table.receive(answer(old.payload()), state, "g", 0).kind == "stale"
    assert table.receive(answer(new.payload()), state, "g", 0).kind == "play"


@pytest.mark.parametrize("tamper", ["index", "notation", "type", "garbage", "not json", "no id", "error"])
def test_a_broken_answer_is_refused_and_nothing_is_played(tamper):
    table = S.Table(list(PLAYERS), ["normal"] * 4)
    state = core.new_game(PLAYERS, seed=5)
    ask = table.next_ask(state, "g", 0)
    msg = json.loads(answer(ask.payload()))
    n = len(core.legal_actions(state))
    if tamper == "index":
        msg["index"] = n + 3
    elif tamper == "notation":
        msg["index"] = (msg["index"] + 1) % n
    elif tamper == "type":
        msg["index"] = str(msg["index"])
    elif tamper == "no id":
        del msg["id"]
    elif tamper == "error":
        msg = {"type": "error", "id": ask.id, "message": "Traceback: boom"}
    text = {"garbage": "[1, 2]", "not json": "{oops"}.get(tamper, json.dumps(msg))
    out = table.receive(text, state, "g", 0)
    assert out.kind == "bad" and out.problem
    assert out.action is None


def test_a_hint_is_asked_for_a_person_only_and_comes_back_as_a_hint():
    table = S.Table(list(PLAYERS), ["human"] * 4)
    state = core.new_game(PLAYERS, seed=2)
    ask = table.hint_ask(state, "g", 0)
    assert ask is not None and ask.kind == "hint" and ask.level == S.HINT_LEVEL
    assert table.hint_ask(state, "g", 0) is None  # already asked
    out = table.receive(answer(ask.payload()), state, "g", 0)
    assert out.kind == "hint" and out.action in core.legal_actions(state)
    bots = S.Table(list(PLAYERS), ["strong"] * 4)
    assert bots.hint_ask(state, "g", 0) is None


def test_a_hint_has_a_time_budget_and_a_move_none():
    """A computer seat's move is asked without a time budget (every device makes the same move); a hint with
    one (it need not be the same everywhere, and must come soon)."""
    table = S.Table(list(PLAYERS), ["human", "expert", "human", "human"])
    state = core.new_game(PLAYERS, seed=2)
    hint = table.hint_ask(state, "g", 0)
    assert hint is not None and json.loads(hint.payload())["seconds"] == S.HINT_SECONDS
    move = table.next_ask(at_computer_turn(table), "g", 0)
    assert move is not None and json.loads(move.payload())["seconds"] is None


def test_the_hint_so_far_is_shown_while_the_hint_stays_asked():
    """``hint-so-far`` messages (the expert's best candidate while it searches) are shown, leave the hint
    asked, and the answer replaces them; one that is not a legal move here is refused, one for an old request
    dropped."""
    table = S.Table(list(PLAYERS), ["human"] * 4)
    state = core.new_game(PLAYERS, seed=2)
    ask = table.hint_ask(state, "g", 0)
    legal = core.legal_actions(state)
    so_far = {"type": "hint-so-far", "id": ask.id, "index": 1, "action": str(legal[1])}
    out = table.receive(json.dumps(so_far), state, "g", 0)
    assert out.kind == "so-far" and out.action == legal[1] and table.pending_hint is ask
    bad = dict(so_far, action=str(legal[2]))
    assert table.receive(json.dumps(bad), state, "g", 0).kind == "bad"
    out = table.receive(answer(ask.payload()), state, "g", 0)
    assert out.kind == "hint" and table.pending_hint is None
    assert table.receive(json.dumps(so_far), state, "g", 0).kind == "stale"


def test_the_worker_tells_each_new_best_so_far_once():
    """The worker's teller (what ``choose_with_reasons`` calls as the expert searches) posts the best candidate
    as a legal move of the position, each change of it once."""
    from imperial_ui.botanswer import _so_far

    state = core.new_game(PLAYERS, seed=2)
    legal = core.legal_actions(state)
    posted: list[str] = []
    tell = _so_far(7, state, posted.append)
    for k, depth in ((0, 0), (0, 1), (2, 2), (2, 3)):
        tell(k, depth)
    msgs = [json.loads(p) for p in posted]
    assert msgs == [{"type": "hint-so-far", "id": 7, "index": k, "action": str(legal[k])} for k in (0, 2)]
    assert _so_far(7, state, None) is None


def test_a_hint_is_forgotten_when_the_position_changes():
    table = S.Table(list(PLAYERS), ["human"] * 4)
    state = core.new_game(PLAYERS, seed=2)
    ask = table.hint_ask(state, "g", 0)
    later = core.apply(state, core.legal_actions(state)[0])
    table.next_ask(later, "g", 1)
    assert table.pending_hint is None
    assert table.receive(answer(ask.payload()), later, "g", 1).kind == "stale"


def test_touched_regions_come_from_the_events():
    state = core.new_game(PLAYERS, seed=1)
    rng = random.Random(4)
    seen_move = False
    for _ in range(400):
        action = rng.choice(core.legal_actions(state))
        after, events = core.step(state, action)
        regions = S.touched_regions(events)
        assert len(regions) == len(set(regions))
        for e in events:
            if e.kind == "unit_moved":
                assert e.origin in regions and e.to in regions and set(e.via) <= set(regions)
                seen_move = True
            if e.kind in ("factory_built", "flag_placed", "unit_built"):
                assert e.region in regions
        if not any(hasattr(e, "region") or hasattr(e, "to") for e in events):
            assert regions == []
        state = after
        if state.is_over:
            break
    assert seen_move


@pytest.mark.parametrize("board,n", [("europe", 4), ("world2030", 3)])
def test_computer_seats_finish_a_game_through_the_page_checks(board, n):
    """Every decision of a whole game goes through next_ask -> the worker's answer -> receive -> apply."""
    players = PLAYERS[:n]
    table = S.Table(list(players), ["easy"] * n)
    state = core.new_game(players, board=board, seed=11)
    step = 0
    while not state.is_over:
        ask = table.next_ask(state, "g", step)
        assert ask is not None
        out = table.receive(answer(ask.payload()), state, "g", step)
        assert out.kind == "play", out.problem
        table.remember(step, str(out.action), out.why)
        state = core.apply(state, out.action)
        step += 1
        assert step < 3000
    assert table.next_ask(state, "g", step) is None
    assert len(table.meta(step)["reasons"]) == min(step, S.MAX_REASONS)


def test_every_kind_of_seat_a_link_names_is_a_seat_of_the_page():
    """A link carries each seat's kind (``LINK_SEATS``); the page has every one of them, and its levels are
    the computer players' own, in the same order (weakest first)."""
    import imperial_bots
    from imperial_core.codec import LINK_SEATS

    assert S.SEAT_KINDS == LINK_SEATS
    assert S.LEVELS == imperial_bots.LEVELS
    seats, problem = S.parse_seats(["human", "expert", "strong", "easy"], PLAYERS)
    assert (seats, problem) == (["human", "expert", "strong", "easy"], "")
