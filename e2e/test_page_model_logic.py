"""The game screen's model in plain CPython (no browser, no DOM): the decision it offers, clicks belonging to
the decision they were drawn for, replay stepping within the game, the score screen, the log filter and its
entries told when first read, and a game that goes through a save and back shows the same position and the same
decision."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace

import imperial_core as core
import pytest
from conftest import ROOT
from imperial_core.narrate import entry

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui import views  # noqa: E402
from imperial_ui.choices import Names  # noqa: E402
from imperial_ui.model import PageModel  # noqa: E402
from imperial_ui.session import Session  # noqa: E402


def played(n: int, seed: int = 4, players: int = 4) -> Session:
    rng = random.Random(seed)
    s = Session.new([f"P{i}" for i in range(players)], game_id="m", seed=seed)
    for _ in range(n):
        s.play(rng.choice(core.legal_actions(s.present)))
    return s


def model_of(s: Session) -> PageModel:
    m = PageModel(Names(core.load_board(s.present.board)))
    m.open(s)
    return m


def test_the_decision_offers_exactly_the_engines_choices_and_greys_what_cannot_be_paid() -> None:
    greyed_seen = 0
    for n in range(0, 400, 7):
        s = played(n, seed=8)
        if s.present.is_over:
            break
        m = model_of(s)
        chooser = m.current_chooser()
        assert chooser is not None
        at = m.decision_id(chooser)
        html = views.decision_html(s.present, chooser, m.names, at=at, greyed=m.greyed)
        first = {t.value for t in chooser.next_tokens()}
        assert f'data-at="{at}"' in html and all(f'data-choice="{v}"' in html for v in first)
        if s.present.decision != "rondel":
            continue
        assert first == {str(a) for a in core.legal_actions(s.present)}
        for row in core.rondel_choices(s.present):  # each space: offered if legal, else greyed
            offered = f"rondel {row['space']}" in first
            assert offered == row["legal"]
            if not offered:
                assert f'data-unaffordable="{row["space"]}"' in m.greyed
                greyed_seen += 1
    assert greyed_seen  # some positions had spaces out of reach
    s = played(0)
    assert model_of(s).current_chooser(computer_decides=True) is None  # a computer's turn: nothing to click


def test_a_click_counts_only_for_the_decision_it_was_drawn_for() -> None:
    s = played(0)
    m = model_of(s)
    chooser = m.current_chooser()
    at = m.decision_id(chooser)
    first = core.legal_actions(s.present)[0]
    assert m.click(str(first), str(int(at) - 1)).outcome == "dropped" and m.dropped == 1
    assert m.click("atlantis", at).outcome == "illegal"
    done = m.click(str(first), at)
    assert done.outcome == "action" and str(done.action) == str(first)
    s.play(done.action)
    chooser = m.current_chooser()
    assert m.decision_id(chooser) != at  # a new decision: the old clicks are void
    assert m.click(str(first), at).outcome == "dropped"


def test_a_unit_is_selected_then_let_go_and_undo_forgets_a_half_made_choice() -> None:
    rng = random.Random(2)
    s = Session.new(["A", "B", "C", "D"], game_id="u", seed=3)
    while not any(a.type == "army" for a in core.legal_actions(s.present)):
        s.play(rng.choice(core.legal_actions(s.present)))
    m = model_of(s)
    move = next(a for a in core.legal_actions(s.present) if a.type == "army")
    chooser = m.current_chooser()
    at = m.decision_id(chooser)
    assert m.click(move.origin, at).outcome == "partial"
    assert chooser.prefix == [move.origin] and m.decision_id(chooser) != at
    assert m.cancel() and chooser.prefix == []
    assert m.click(move.origin, m.decision_id(chooser)).outcome == "partial"
    cur = s.cur
    assert m.undo() and chooser.prefix == [] and s.cur == cur - 1


def test_replay_steps_stay_within_the_game_and_show_each_position() -> None:
    s = played(30)
    m = model_of(s)
    m.replay_to(10)
    assert m.step == 10 and m.viewed() is s.states[10]
    assert m.current_chooser() is None  # nothing to decide while replaying
    assert m.last_entry() is s.entries[9]
    m.replay_by(-1)
    assert m.viewed() is s.states[9]
    m.replay_to(-5)
    assert m.step == 0 and m.last_entry() is None and m.recent_regions() == []
    m.replay_by(+1000)
    assert m.step == s.cur
    tb = m.toolbar()
    assert tb["replay"] and not tb["undo"] and not tb["redo"]
    assert not m.undo() and s.cur == 30  # no undo during a replay
    m.replay_exit()
    assert m.replay is None and m.viewed() is s.present and m.current_chooser() is not None


def test_the_score_screen_opens_at_the_end_and_closes_for_a_replay() -> None:
    rng = random.Random(1)
    s = Session.new(["A", "B", "C"], game_id="end", seed=1)
    while not s.present.is_over:
        s.play(rng.choice(core.legal_actions(s.present)))
    m = model_of(s)
    assert m.showing_scores() and m.current_chooser() is None
    m.replay_to(s.cur - 3)
    assert not m.showing_scores()
    m.replay_exit()
    assert m.showing_scores()


def test_tabs_and_the_log_filter() -> None:
    s = played(40)
    m = model_of(s)
    m.open_tab("log")
    assert m.tab == "log"
    m.open_tab("no-such-tab")
    assert m.tab == "nations"
    nation = s.entries[-1].nation
    m.filter_log(nation)
    assert m.log_entries() and all(e.nation == nation for e in m.log_entries())
    m.filter_log("XX")
    assert m.log_only is None and len(m.log_entries()) == len(s.log())


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_a_game_through_a_save_shows_the_same_position_and_decision(board: str) -> None:
    rng = random.Random(6)
    s = Session.new(["Ann", "Bo", "Cy"], game_id="sv", seed=6, board=board)
    for _ in range(45):
        s.play(rng.choice(core.legal_actions(s.present)))
    s.undo()
    m = model_of(s)
    back = model_of(Session.from_save(s.to_save()))
    assert back.names.board.id == board
    assert back.viewed().model_dump() == m.viewed().model_dump()
    assert back.toolbar() == m.toolbar()  # the move kept for redo came back too
    mine, theirs = m.current_chooser(), back.current_chooser()
    assert [(t.value, t.label) for t in theirs.next_tokens()] == [(t.value, t.label) for t in mine.next_tokens()]
    assert back.recent_regions() == m.recent_regions()


def test_the_log_tells_each_move_when_first_read_and_keeps_it() -> None:
    s = played(40)
    g = s.present
    opened = Session.from_state(g, game_id="m")
    assert len(opened.entries) == 40 and opened.entries._told == [None] * 40  # nothing told on opening
    last = opened.entries[-1]
    assert opened.entries[39] is last  # told once, then kept
    assert sum(e is not None for e in opened.entries._told) == 1
    # every entry, read in any way, is the one the engine's narration gives that move
    told = [entry(opened.states[k], opened.actions[k], opened.events[k], lang="en") for k in range(40)]
    assert list(opened.entries) == told == opened.entries[0:40] == s.entries[:]
    with pytest.raises(IndexError):
        opened.entries[40]
    # a computer's reason written into an entry stays until the language changes, which tells it again
    opened.entries[3] = replace(told[3], text=told[3].text + " — why")
    assert opened.entries[3].text.endswith(" — why")
    opened.retell("de")
    assert opened.entries[3] == entry(opened.states[3], opened.actions[3], opened.events[3], lang="de")
    assert opened.entries[3].text != told[3].text
    # undo then a new move: the log ends with the new move
    opened.cur = 10
    opened.play(core.legal_actions(opened.present)[0])
    assert len(opened.entries) == 11 and opened.entries[10].step == 11


def test_a_game_opened_from_a_link_saves_what_the_engine_saves_without_replaying_it_again() -> None:
    """Opening a game replays its record once (``Session.from_state``), and its first save is made from that
    replay (``codec.remember_record``): the same text as the engine's own save of it."""
    from imperial_core import codec

    s = played(180, seed=9)
    opened = Session.from_save(core.encode(s.present), game_id="m")
    assert codec._last_log and codec._last_log[0].end is opened.states[-1]  # kept from the opening replay
    text = opened.to_save()
    codec._last_log.clear()
    again = opened.to_save()  # the engine's save replaying the record by itself

    def without_time(t: str) -> dict:
        data = json.loads(t)
        del data["meta"]["saved"]
        return data
    assert without_time(again) == without_time(text)
    assert core.load(text).history == s.present.history


def test_a_session_is_made_from_the_engines_reading_of_the_game_not_from_a_replay_of_its_own(monkeypatch) -> None:
    """``Session.from_save`` builds its timeline from the replay that checked the save or link
    (``codec.read_save``'s ``steps``); steps that are not that very record are not used (it replays)."""
    s = played(150, seed=12)
    s.undo()
    s.undo()
    texts = (s.to_save(), core.encode(s.present))
    replayed = [Session.from_save(t, game_id="m") for t in texts]
    calls = []
    real = core.step_index

    def counted(state, i):
        calls.append(i)
        return real(state, i)
    monkeypatch.setattr(core, "step_index", counted)
    for text, before in zip(texts, replayed, strict=True):
        opened = Session.from_save(text, game_id="m")
        assert calls == []  # the session did not replay the game itself
        assert [x.model_dump() for x in opened.states] == [x.model_dump() for x in before.states]
        assert opened.actions == before.actions and opened.events == before.events
        assert opened.prints == before.prints and opened.cur == before.cur
    other: list = []
    core.codec.read_save(played(40, seed=13).to_save(), other)  # another game's replay
    Session.from_state(s.present, game_id="m", redo=s.redo_indices(), steps=other)
    assert len(calls) == len(s.states) - 1  # not used: replayed
