"""The page's Python glue in plain CPython (no browser): click-by-click choices cover exactly the legal
actions, sessions undo/redo/replay correctly, saves round-trip and damaged saves fail with a message."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from typing import Any

import imperial_core as core
import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui import views  # noqa: E402
from imperial_ui.choices import Chooser, Names, same_result  # noqa: E402
from imperial_ui.session import Session, save_summary  # noqa: E402

NAMES = Names(core.load_board("europe"))


def reachable(chooser: Chooser) -> set[str]:
    """Every action reachable by clicking through the chooser, as notation."""
    out: set[str] = set()

    def walk(prefix: list[str]) -> None:
        for tok in Chooser.next_tokens(_at(chooser, prefix)):
            c = _at(chooser, prefix)
            action = c.choose(tok.value)
            if action is not None:
                out.add(str(action))
            else:
                walk(c.prefix)

    walk([])
    return out


def _at(chooser: Chooser, prefix: list[str]) -> Chooser:
    c = Chooser.__new__(Chooser)
    c.actions, c.steps, c.prefix = chooser.actions, chooser.steps, list(prefix)
    return c


@pytest.mark.parametrize("seed,players", [(1, 4), (7, 5), (12, 3)])
def test_clicks_reach_exactly_the_legal_actions(seed: int, players: int):
    rng = random.Random(seed)
    state = core.new_game([f"P{i}" for i in range(players)], seed=seed)
    checked = 0
    kinds: set[str] = set()
    while not state.is_over and checked < 400:
        acts = core.legal_actions(state)
        chooser = Chooser(acts, state.decision, NAMES)
        # every legal action, except convoys ending exactly like one offered (one button per distinct result)
        assert reachable(chooser) == {str(a) for a in same_result(acts)}
        offered = {(a.origin, a.to, a.hostile) for a in chooser.actions if a.type == "army"}
        assert all((a.origin, a.to, a.hostile) in offered for a in acts if a.type == "army")
        kinds.update(a.type for a in acts)
        state = core.apply(state, rng.choice(acts))
        checked += 1
    assert checked >= 100
    assert {"rondel", "army", "fleet", "pass"} <= kinds


def test_a_unit_click_then_a_destination_click_moves_it():
    state = core.new_game(["A", "B", "C", "D"], seed=3)
    rng = random.Random(0)
    while not any(a.type == "army" for a in core.legal_actions(state)):
        state = core.apply(state, rng.choice(core.legal_actions(state)))
    move = next(a for a in core.legal_actions(state) if a.type == "army")
    chooser = Chooser(core.legal_actions(state), state.decision, NAMES)
    assert chooser.choose(move.origin) is None
    assert [t.value for t in chooser.selected()] == [move.origin]
    assert move.to in {t.value for t in chooser.next_tokens() if t.kind == "region"}
    result = chooser.choose(move.to)
    if result is None:  # several ways there (route, hostility): pick the option
        result = chooser.choose(str(move))
    assert str(result) == str(move)
    with pytest.raises(KeyError):
        chooser.choose("atlantis")


def random_positions(seed: int, moves: int, board: str = "europe") -> Iterator[Any]:
    """The positions of a random game, one after another (at most ``moves``)."""
    rng = random.Random(seed)
    names = ["A", "B", "C", "D"] if board == "europe" else ["A", "B", "C", "D", "E"]
    state = core.new_game(names, seed=seed, board=board)
    for _ in range(moves):
        if state.is_over:
            return
        yield state
        state = core.apply(state, rng.choice(core.legal_actions(state)))


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_picking_a_unit_never_plays_a_move(board: str):
    """A click on a unit (a fleet, an army, a region where one can fight) selects it, even when it has one
    thing left to do: that one choice is offered in words, as a second click (issue 21: a battle was fought,
    and a fleet moved, by one click on a region name)."""
    names = Names(core.load_board(board))
    picked = battles = 0
    for seed in (2, 5):
        for state in random_positions(seed, 700, board):
            if state.decision not in ("fleets", "armies"):
                continue
            acts = core.legal_actions(state)
            chooser = Chooser(acts, state.decision, names)
            for tok in chooser.next_tokens():
                if not tok.selects:
                    continue
                c = _at(chooser, [])
                assert c.choose(tok.value) is None, (board, tok.value)
                assert c.selected() == [tok]
                after = c.next_tokens()
                assert after, tok.value
                picked += 1
                for nxt in after:
                    if nxt.group == names.t("page.group.battle"):
                        battles += 1
                        assert nxt.label.startswith("Fight in ") and "(both are removed)" in nxt.label
                        action = _at(chooser, [tok.value]).choose(nxt.value)
                        assert action is not None and action.type == "battle" and action.region == tok.value
    assert picked > 50
    if board == "europe":
        assert battles > 0


def test_a_battle_offers_not_now_beside_the_fight():
    """The decision after a unit that can fight is picked: the fight in full words and "Not now"."""
    for state in random_positions(2, 4000):
        if state.decision in ("fleets", "armies"):
            acts = core.legal_actions(state)
            fight = next((a for a in acts if a.type == "battle"), None)
            if fight is not None:
                break
    else:
        pytest.fail("no battle in this game")
    chooser = Chooser(acts, state.decision, NAMES)
    chooser.choose(fight.region)
    html = views.decision_html(state, chooser, NAMES, at="1")
    assert 'data-cmd="cancel"' in html and "Not now" in html
    assert f"Fight in {NAMES.region(fight.region)}" in html or "Fight in the " in html


def test_session_undo_redo_and_save_round_trip():
    rng = random.Random(5)
    s = Session.new(["Ann", "Bo", "Cy"], game_id="g1", seed=9)
    for _ in range(60):
        s.play(rng.choice(core.legal_actions(s.present)))
    at60 = s.present
    assert s.undo() and s.undo()
    assert s.cur == 58 and s.can_redo()
    text = s.to_save()
    assert json.loads(text)["format_version"] == 2 and json.loads(text)["meta"]["id"] == "g1"
    back = Session.from_save(text)
    assert back.game_id == "g1" and back.created == s.created
    assert back.cur == 58 and back.present.model_dump() == s.present.model_dump()
    assert back.redo() and back.redo() and back.present.model_dump() == at60.model_dump()
    # a new move after undo drops the redo tail
    s.play(core.legal_actions(s.present)[0])
    assert not s.can_redo() and s.cur == 59
    assert [e.action for e in s.log()] == [str(a) for a in s.actions[:59]]
    assert all(e.text and e.heading for e in s.log())


def test_damaged_saves_fail_with_a_message():
    s = Session.new(["Ann", "Bo"], game_id="g2", seed=2)
    for _ in range(10):
        s.play(core.legal_actions(s.present)[0])
    good = json.loads(s.to_save())
    with pytest.raises(core.BadToken, match="not an Imperial save"):
        Session.from_save('{"hello": 1}')
    bad = json.loads(json.dumps(good))
    bad["record"]["notation"][3] = "factory atlantis"
    with pytest.raises(core.BadToken, match="move 4"):
        Session.from_save(json.dumps(bad))
    bad = json.loads(json.dumps(good))
    del bad["record"]["notation"]  # a record by indices only
    assert Session.from_save(json.dumps(bad)).cur == 10
    bad["record"]["indices"][3] = 999
    with pytest.raises(core.BadToken, match="not among"):
        Session.from_save(json.dumps(bad))
    bad = json.loads(json.dumps(good))
    bad["game"]["players"] = "x"
    with pytest.raises(core.BadToken, match="damaged"):
        Session.from_save(json.dumps(bad))
    assert save_summary(json.dumps(good))["players"] == ["Ann", "Bo"]
    odd = json.loads(json.dumps(good))
    odd["meta"]["saved"] = 1e30  # listed, without a time the list could not show
    assert save_summary(json.dumps(odd))["saved"] == 0
    assert save_summary("junk") is None and save_summary("{not json") is None and save_summary(None) is None


def test_saves_of_the_previous_page_still_open_and_list():
    """Saves in localStorage written by the page before the engine's save format (page save format 1)."""
    data = ROOT / "tests" / "engine" / "data"
    for name in ("page-save-v1.json", "page-save-v1-before-round.json"):
        text = (data / name).read_text(encoding="utf-8")
        old = json.loads(text)
        s = Session.from_save(text)
        assert s.game_id == old["id"] and s.created == old["created"]
        assert s.cur == old["moves"] and len(s.states) == old["moves"] + len(old["redo"]) + 1
        assert [e.action for e in s.log()] == old["log"]
        assert [str(a) for a in s.actions[s.cur:]] == old["redo_log"]
        row = save_summary(text)
        assert row == {"id": old["id"], "players": old["players"], "board": "europe", "saved": old["saved"],
                       "player": old["turn"]["player"], "nation": old["turn"]["nation"], "moves": old["moves"],
                       "over": False}
        assert save_summary(s.to_save())["moves"] == old["moves"]  # written again in the engine's format


def test_links_open_as_games_from_their_set_up():
    s = Session.new(["Ann", "Bo", "Cy"], game_id="g3", seed=4)
    for _ in range(30):
        s.play(core.legal_actions(s.present)[-1])
    token = core.encode(s.present)
    for text in (token, "#g=" + token, "https://example.org/imperial/#g=" + token):
        back = Session.from_save(text, game_id="new")
        assert back.game_id == "new" and back.cur == 30 and back.present == s.present
        assert back.states[0] == s.states[0]
    with pytest.raises(core.BadToken, match="damaged or incomplete"):
        Session.from_save("#g=" + token[:-4], game_id="new")


def test_a_save_made_by_the_page_replays_on_the_command_line(tmp_path):
    import subprocess

    rng = random.Random(8)
    s = Session.new(["Ann", "Bjørn", "Cy"], game_id="cli", seed=6)
    for _ in range(40):
        s.play(rng.choice(core.legal_actions(s.present)))
    s.undo()
    f = tmp_path / "imperial-cli.json"
    f.write_text(s.to_save(), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "imperial_core", "replay", str(f)], capture_output=True,
                         text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "pkg"), "PYTHONIOENCODING": "utf-8"},
                         timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 39 + 1 and lines[-1].startswith("game in progress")
    assert lines[0].endswith(str(s.actions[0]))


def test_player_names_are_text_not_markup():
    evil = '<img src=x onerror=f()>'  # names are at most 24 characters
    state = core.new_game([evil, "Bo", "Cy"], seed=1)
    html = views.players_html(state, NAMES) + views.decision_html(state, None, NAMES)
    assert "<img" not in html and "&lt;img" in html
    summary = save_summary(Session.new([evil, "Bo"], game_id="x", seed=1).to_save())
    assert summary is not None
    assert "<img" not in views.saves_html([{**summary, "key": "k"}], NAMES.nations)


def test_score_screen_explains_every_tie_not_only_the_winners():
    """Rulebook *End of the game*: ties are broken by the credit in the most powerful nation, then the next.
    The score screen shows the engine's breakdown and names every tied group."""
    state = core.new_game(["Ann", "Bob", "Cem", "Dee"], seed=3)
    g = json.loads(state.model_dump_json())
    for n in g["nations"].values():
        n["bonds"] = {v: None for v in n["bonds"]}
        n["power"] = 0
    g["nations"]["FR"]["power"], g["nations"]["IT"]["power"] = 20, 10
    g["nations"]["FR"]["bonds"]["2"] = "Bob"  # interest 1 x factor 4 = 4
    g["nations"]["IT"]["bonds"]["4"] = "Ann"  # interest 2 x factor 2 = 4
    g["nations"]["FR"]["bonds"]["30"] = "Dee"  # 9 x 4 = 36: Dee wins alone; Ann and Bob tie for second
    for p in g["players"]:
        p["cash"] = 0
    tied = core.GameState.model_validate(g)
    ranking = core.ranking(tied)
    assert ranking[:3] == ["Dee", "Bob", "Ann"]
    html = views.scores_html(tied, Names(core.load_board(tied.board)), core.score_breakdown(tied), ranking)
    assert "<h2>Dee wins!</h2>" in html
    assert "Tied on points: Bob, Ann" in html
    assert "1×4=4" in html and "2×2=4" in html and "9×4=36" in html


def test_log_reads_as_sentences_with_rounds_amounts_and_notable_moves():
    """The log is built from the engine's events: turns headed with their round, one sentence per move
    with its amounts, battles and government changes marked; nothing is read off two states."""
    rng = random.Random(11)
    s = Session.new(["Ann", "Bob", "Cem", "Dee"], game_id="log", seed=11)
    while not s.present.is_over and len(s.actions) < 400:
        s.play(rng.choice(core.legal_actions(s.present)))
    entries = s.log()
    html = views.log_html(entries, NAMES)
    assert 'title="Round 1 · ' in html and "Round 5 · " in html
    taxes = [e for e in entries if e.action.startswith("rondel taxation") and "tax" in e.text]
    assert taxes and all("M tax" in e.text for e in taxes)
    assert any("interest" in e.text and "M" in e.text for e in entries)
    notable = [e for e in entries if e.notable]
    assert notable and html.count("notable") >= len(notable)
    # the last-move line says the same sentence, with the round
    last = views.decision_html(s.present, None, NAMES, last=entries[-1])
    assert f"Round {entries[-1].round} · " in last and views.esc(entries[-1].text) in last
