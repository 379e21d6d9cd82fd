"""Link tokens, saves, notation and the command line."""

from __future__ import annotations

import base64
import json

import pytest
from imperial_core import (
    RULES_VERSION,
    ActionAdapter,
    BadToken,
    GameState,
    IllegalAction,
    apply,
    decode,
    encode,
    legal_actions,
    load,
    new_game,
    parse_action,
)
from imperial_core.__main__ import main
from imperial_core.actions import BuyBond, MoveArmy, Pass, Rondel, parse_text
from imperial_core.codec import SavedGame, read_save, read_summary, save, start_of, undo
from imperial_core.randomplay import random_game


@pytest.fixture(scope="module")
def finished():
    return random_game(12, 4)


def test_token_round_trip_of_a_finished_game(finished):
    token = encode(finished)
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode(token) == finished
    assert len(token) <= 1200


def test_token_of_a_new_game_and_of_options():
    for opts in ({}, {"edition": "first"}, {"setup": "auction"}, {"investor_card": False}):
        s = new_game(["Zoë", "Bjørn", "李"], seed=-7, **opts)
        assert decode(encode(s)) == s


def test_truncated_token_is_refused(finished):
    token = encode(finished)
    for cut in (1, 5, len(token) // 2, len(token) - 1):
        with pytest.raises(BadToken):
            decode(token[:cut])


def test_tampered_token_is_refused(finished):
    token = encode(finished)
    i = len(token) // 2
    bad = token[:i] + ("A" if token[i] != "A" else "B") + token[i + 1:]
    with pytest.raises(BadToken, match="damaged|truncated"):
        decode(bad)
    with pytest.raises(BadToken, match="bad characters|truncated|damaged"):
        decode("not a token!")


def test_unknown_version_is_refused(finished):
    raw = bytearray(base64.urlsafe_b64decode(encode(finished) + "=="))
    assert raw[:2] == bytes([3, RULES_VERSION])  # layout 3, then the rules version
    raw[1] = RULES_VERSION + 1
    with pytest.raises(BadToken, match=f"newer version of the game \\(engine format {RULES_VERSION + 1}\\); this "
                                       f"engine reads format {RULES_VERSION}"):
        decode(_with_crc(bytes(raw)))
    raw[1] = 1
    with pytest.raises(BadToken, match="older version of the rules \\(engine format 1\\)"):
        decode(_with_crc(bytes(raw)))
    raw[0] = 4  # a newer layout
    with pytest.raises(BadToken, match="newer version of the game \\(link format 4\\); this version reads link "
                                       "formats up to 3"):
        decode(_with_crc(bytes(raw)))
    # without a matching checksum the link is damaged, whatever its first byte says
    token = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    with pytest.raises(BadToken, match="this link is damaged or incomplete"):
        decode(token)


def test_json_save_round_trip_and_load(finished):
    text = finished.model_dump_json()
    assert GameState.model_validate_json(text) == finished
    assert load(text) == finished
    assert load(encode(finished)) == finished


def test_edited_save_is_refused(finished):
    data = json.loads(finished.model_dump_json())
    data["players"][0]["cash"] += 100
    with pytest.raises(BadToken, match="does not match"):
        load(json.dumps(data))


def test_notation_examples():
    assert str(MoveArmy(origin="trieste", to="algeria", via=("ioniansea", "westernmed"))) == \
        "army trieste>algeria via ioniansea+westernmed"
    assert str(BuyBond(nation="IT", value=12, trade_in=4)) == "bond IT 12 return 4"
    assert parse_text("army vienna>venice hostile") == MoveArmy(origin="vienna", to="venice", hostile=True)
    assert parse_text("rondel production2") == Rondel(space="production2")
    assert parse_text("  pass ") == Pass()
    with pytest.raises(ValueError, match="cannot read"):
        parse_text("army vienna venice")
    with pytest.raises(ValueError, match="cannot read"):
        parse_text("bond IT twelve")


def test_parse_action_is_the_inverse_of_str_for_every_legal_action():
    s = new_game(["Ann", "Bob", "Cem"], seed=2)
    for _ in range(120):
        acts = legal_actions(s)
        for a in acts:
            assert parse_action(s, str(a)) == a
            assert ActionAdapter.validate_json(ActionAdapter.dump_json(a)) == a
        s = apply(s, acts[len(acts) // 2])


def test_parse_action_refuses_illegal_text_with_a_reason():
    s = new_game(["Ann", "Bob", "Cem"], seed=2)
    with pytest.raises(IllegalAction, match="no rondel space"):
        parse_action(s, "rondel holiday")
    with pytest.raises(IllegalAction, match="cannot read"):
        parse_action(s, "dance")


def test_apply_accepts_text_and_dicts():
    s = new_game(["Ann", "Bob", "Cem"], seed=2)
    a = apply(s, "rondel factory")
    b = apply(s, {"type": "rondel", "space": "factory"})
    assert a == b


def test_cli_random_and_replay(tmp_path, capsys):
    assert main(["random", "--seed", "4", "--players", "3"]) == 0
    token = capsys.readouterr().out.strip()
    state = decode(token)
    assert state.is_over
    f = tmp_path / "game.txt"
    f.write_text(token)
    assert main(["replay", str(f)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(state.history) + 2
    assert out[0].startswith("   1 ") and "rondel" in out[0]
    assert out[-2].startswith("final scores:") and out[-1].startswith("winner:")
    save = tmp_path / "game.json"
    save.write_text(state.model_dump_json())
    assert main(["replay", str(save)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == out[-1]
    bad = tmp_path / "bad.txt"
    bad.write_text(token[:20])
    assert main(["replay", str(bad)]) == 2


def test_undo_and_history_log(finished):
    from imperial_core import history_log, undo

    back = undo(finished, 3)
    assert back.history == finished.history[:-3]
    log = history_log(finished)
    assert len(log) == len(finished.history)
    s = back
    for _who, _nation, text in log[-3:]:
        s = apply(s, parse_action(s, text))
    assert s == finished
    assert log[0][1] == "AH" and log[0][2].startswith("rondel ")
    with pytest.raises(IllegalAction):
        undo(finished, len(finished.history) + 1)


def test_package_docstring_example_runs():
    import doctest

    import imperial_core

    result = doctest.testmod(imperial_core)
    assert result.attempted == 4 and result.failed == 0


def _with_crc(raw: bytes) -> str:
    import zlib

    body = raw[:-4]
    return base64.urlsafe_b64encode(body + zlib.crc32(body).to_bytes(4, "big")).decode().rstrip("=")


def test_token_with_unknown_board_or_options_is_refused(finished):
    raw = bytearray(base64.urlsafe_b64decode(encode(finished) + "=="))
    board = bytearray(raw)
    board[2] = 9  # board index
    with pytest.raises(BadToken, match="unknown board"):
        decode(_with_crc(bytes(board)))
    flags = bytearray(raw)
    flags[3] |= 0x40
    with pytest.raises(BadToken, match="unknown option"):
        decode(_with_crc(bytes(flags)))


def test_token_whose_record_was_changed_is_refused_or_replays_another_legal_game(finished):
    """Changing the game record (with a valid checksum) never yields an illegal game."""
    raw = bytearray(base64.urlsafe_b64decode(encode(finished) + "=="))
    raw[-6] ^= 0xFF  # a byte of the packed record
    try:
        other = decode(_with_crc(bytes(raw)))
    except BadToken as e:
        assert "record" in str(e) or "actions" in str(e) or "damaged" in str(e)
    else:
        assert other != finished and all(i >= 0 for i in other.history)


def test_malformed_actions_raise_illegal_action():
    s = new_game(["Ann", "Bob"], seed=0)
    for bad in [("army",), {"type": "army"}, "army", 42, ("nonsense", 1)]:
        with pytest.raises(IllegalAction):
            apply(s, bad)


# -- the save format (codec.save / read_save) ---------------------------------------------------------------

@pytest.fixture(scope="module")
def midgame():
    import random

    rng = random.Random(3)
    s = new_game(["Ann", "Bjørn", "李"], seed=5, setup="auction")
    for _ in range(80):
        s = apply(s, rng.choice(legal_actions(s)))
    return s


def test_save_round_trip_with_redo_and_meta(midgame):
    back3 = undo(midgame, 3)
    redo = midgame.history[-3:]
    meta = {"id": "g1", "created": 1.5, "saved": 2.5, "note": ["free", {"json": None}]}
    text = save(back3, meta=meta, redo=redo)
    assert text == save(back3, meta=dict(reversed(meta.items())), redo=redo)  # deterministic
    data = json.loads(text)
    assert list(data)[:3] == ["format", "format_version", "engine_version"]
    assert data["format"] == "imperial-save" and data["format_version"] == 2
    assert data["summary"]["moves"] == len(back3.history) and data["summary"]["players"] == ["Ann", "Bjørn", "李"]
    assert len(data["record"]["notation"]) == len(back3.history) and len(data["redo"]["notation"]) == 3
    saved = read_save(text)
    assert isinstance(saved, SavedGame)
    assert saved.state == back3 and saved.redo == redo and saved.meta == meta
    assert load(text) == back3
    assert read_save(text.encode("utf-8")).state == back3  # bytes
    assert read_save("\ufeff" + text).state == back3  # a byte-order mark
    summary = read_summary(text)
    assert summary["moves"] == len(back3.history) and summary["meta"] == meta and summary["round"] == back3.round


def test_save_reads_by_notation_or_by_indices_and_the_notation_decides(midgame):
    data = json.loads(save(midgame))
    only_notation = {**data, "record": {"notation": data["record"]["notation"]}}
    only_indices = {**data, "record": {"indices": data["record"]["indices"]}}
    assert load(json.dumps(only_notation)) == midgame
    assert load(json.dumps(only_indices)) == midgame
    # indices that disagree with the notation (as if the engine listed legal actions in another order)
    shuffled = json.loads(json.dumps(data))
    shuffled["record"]["indices"] = [0] * len(midgame.history)
    assert load(json.dumps(shuffled)) == midgame
    shuffled["record"]["indices"].pop()
    with pytest.raises(BadToken, match="indices for"):
        load(json.dumps(shuffled))
    # another move in notation is another game: refused here (its summary or a later move no longer fits)
    bad = json.loads(json.dumps(data))
    k = next(i for i, t in enumerate(bad["record"]["notation"]) if t.startswith("rondel ") and i > 10)
    other = next(t for t in ("rondel factory", "rondel taxation") if t != bad["record"]["notation"][k])
    bad["record"]["notation"][k] = other
    with pytest.raises(BadToken):
        load(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["record"]["notation"][5] = "factory atlantis"
    with pytest.raises(BadToken, match="move 6 of the game record"):
        load(json.dumps(bad))


def test_edited_summary_and_unknown_parts_are_refused(midgame):
    data = json.loads(save(midgame))
    for edit in ({"summary": {**data["summary"], "moves": 3}}, {"extra": 1}, {"meta": []},
                 {"game": {**data["game"], "colour": "red"}}, {"game": {**data["game"], "seed": True}},
                 {"record": {"indices": [0.5]}}, {"redo": {"indices": [999]}}):
        with pytest.raises(BadToken):
            load(json.dumps({**data, **edit}))


def test_saves_and_links_of_other_formats_name_the_version(midgame):
    data = json.loads(save(midgame))
    with pytest.raises(BadToken, match=f"newer version of the game \\(engine format {RULES_VERSION + 1}\\)"):
        load(json.dumps({**data, "engine_version": RULES_VERSION + 1}))
    with pytest.raises(BadToken, match="older version of the rules \\(engine format 1\\)"):
        load(json.dumps({**data, "engine_version": 1}))
    with pytest.raises(BadToken, match="save format 3"):
        load(json.dumps({**data, "format_version": 3}))
    with pytest.raises(BadToken, match="not an Imperial save"):
        load(json.dumps({**data, "format": "chess"}))
    dump = json.loads(midgame.model_dump_json())
    with pytest.raises(BadToken, match="engine format 1"):
        load(json.dumps({**dump, "version": 1}))


def test_links_in_every_form(midgame):
    token = encode(midgame)
    for text in (token, f"  {token}\n", f"https://example.org/imperial/#g={token}", f"#g={token}",
                 f"https://example.org/imperial/index.html?x=1#g={token}&v=2"):
        assert load(text) == midgame
    with pytest.raises(BadToken, match="no #g="):
        load("https://example.org/imperial/")


def test_decode_is_strict(midgame):
    token = encode(midgame)
    for bad in ("!!" + token, token + "!", token + "=", token[:-1] + "~", "", "AAAA", token + "A", token[1:]):
        with pytest.raises(BadToken):
            decode(bad)
    # a base64 text whose unused low bits are set decodes to the same bytes in lenient base64: refused
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    if len(token) % 4:
        last = alphabet.index(token[-1])
        for delta in (1, 2, 3):
            other = token[:-1] + alphabet[last ^ delta]
            if base64.urlsafe_b64decode(other + "=" * (-len(other) % 4)) == base64.urlsafe_b64decode(
                    token + "=" * (-len(token) % 4)):
                with pytest.raises(BadToken, match="damaged"):
                    decode(other)


def test_checksum_is_checked_before_the_version(finished):
    raw = bytearray(base64.urlsafe_b64decode(encode(finished) + "=="))
    raw[0] = 6
    raw[-1] ^= 1
    token = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    with pytest.raises(BadToken, match="this link is damaged or incomplete") as e:
        decode(token)
    assert "format 6" not in str(e.value)


def test_codec_uses_only_the_engines_public_functions():
    import ast
    import inspect

    from imperial_core import codec

    tree = ast.parse(inspect.getsource(codec))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not any(a.name.startswith("_") for a in node.names), (node.module, [a.name for a in node.names])
    for private in ("_deep_clone", "_do", "_settle", "_wrap", "replay_keys", "_CACHE"):
        assert private not in inspect.getsource(codec)


# -- records that start from a position (origin) ------------------------------------------------------------


@pytest.fixture
def fake_positions(monkeypatch):
    """A stand-in ``imperial_core.position`` whose texts are ``fake:<seed>:<moves>``: the game of that seed
    after that many first-choice moves (the codec only needs from_position / to_position)."""
    import sys
    import types

    def from_position(text: str) -> GameState:
        kind, seed, moves = text.split(":")
        if kind != "fake":
            raise BadToken("not a fake position")
        s = new_game(["Ann", "Bo", "Cy"], seed=int(seed))
        for _ in range(int(moves)):
            s = apply(s, legal_actions(s)[0])
        return s.model_copy(update={"origin": text, "history": []})

    def to_position(state: GameState) -> str:
        return f"fake:{state.seed}:{len(state.history)}"

    module = types.ModuleType("imperial_core.position")
    module.from_position, module.to_position = from_position, to_position
    monkeypatch.setitem(sys.modules, "imperial_core.position", module)
    return module


def test_a_game_from_a_position_round_trips_and_never_encodes_as_a_set_up(fake_positions):
    start = fake_positions.from_position("fake:4:30")
    s = start
    for _ in range(12):
        s = apply(s, legal_actions(s)[-1])
    assert s.origin == "fake:4:30" and len(s.history) == 12
    token = encode(s)
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    assert raw[3] & 8  # the origin flag
    assert decode(token) == s
    assert start_of(s) == start
    plain = new_game(["Ann", "Bo", "Cy"], seed=4)
    assert decode(encode(plain)).origin is None
    assert read_save(save(s, redo=[0])).state == s
    data = json.loads(save(s))
    assert data["origin"] == "fake:4:30"
    del data["origin"]  # the same record from the set-up is another game: refused or different
    try:
        other = load(json.dumps(data))
    except BadToken:
        pass
    else:
        assert other != s
    data["origin"] = "fake:4:31"
    with pytest.raises(BadToken):
        load(json.dumps(data))


def test_the_cli_reads_tokens_links_stdin_and_says_why_it_cannot(tmp_path, capsys, monkeypatch, finished):
    import io

    token = encode(finished)
    assert main(["replay", token]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("winner:")
    assert main(["replay", f"https://example.org/#g={token}"]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(save(finished).encode())))
    assert main(["replay", "-"]) == 0
    capsys.readouterr()
    for bad in ("missing-file.json", "nosuchfile", token[:-3], str(tmp_path)):
        assert main(["replay", bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith("cannot read ") and len(err.splitlines()) == 1
    f = tmp_path / "latin1.json"
    f.write_bytes(b"\xff\xfe{")
    assert main(["replay", str(f)]) == 2
    assert "UTF-8" in capsys.readouterr().err


def test_cli_position_prints_the_present_position(capsys):
    pytest.importorskip("imperial_core.position")
    from imperial_core.position import from_position

    s = new_game(["Ann", "Bo", "Cy"], seed=2)
    for _ in range(20):
        s = apply(s, legal_actions(s)[0])
    assert main(["position", encode(s)]) == 0
    text = capsys.readouterr().out.strip()
    p = from_position(text)
    assert p.nations == s.nations and p.players == s.players and p.turn == s.turn


def test_a_real_position_round_trips_through_tokens_and_saves():
    position = pytest.importorskip("imperial_core.position")
    s = new_game(["Ann", "Bo", "Cy"], seed=8)
    for _ in range(40):
        s = apply(s, legal_actions(s)[len(legal_actions(s)) // 2])
    start = position.from_position(position.to_position(s))
    t = start
    for _ in range(10):
        t = apply(t, legal_actions(t)[0])
    assert t.origin is not None
    assert decode(encode(t)) == t
    assert load(save(t)) == t


def test_brackets_inside_strings_do_not_count_as_nesting_and_unclosed_strings_are_refused():
    """The nesting check reads strings in one pass (an unclosed string full of escaped quotes used to be
    scanned again from every quote): brackets inside a string are text, and damaged text is refused."""
    from imperial_core import BadToken, load, new_game, read_save, save

    s = new_game(["Ann", "Bob"], seed=3)
    text = save(s, meta={"note": "[" * 100 + '\\"{' * 50})
    assert read_save(text).meta["note"].startswith("[[[")
    with pytest.raises(BadToken):
        load('{"a": "' + '\\"' * 20000)


def test_a_record_remembered_from_a_replay_saves_the_same_text_as_a_fresh_save():
    """``codec.remember_record`` (the page's timeline replayed once) and ``codec.setup_block`` give the save
    exactly what it makes by itself."""
    import random

    import imperial_core as ic
    from imperial_core import codec

    for board, seed in (("europe", 11), ("world2030", 12)):
        rng = random.Random(seed)
        s = ic.new_game(["Ann", "Bob", "Cem"], seed=seed, board=board, increase_bonus=board == "world2030")
        states, notation = [s], []
        while len(states) < 250:
            acts = ic.legal_actions(states[-1])
            a = rng.choice(acts)
            notation.append(str(a))
            states.append(ic.apply(states[-1], a))
        end, redo = states[200], [st.history[-1] for st in states[201:]]
        codec._last_log.clear()
        fresh = codec.save(end, redo=redo)
        codec._last_log.clear()
        codec.remember_record(states[0], states, notation)
        assert codec.save(end, redo=redo) == fresh
        data = json.loads(fresh)
        assert codec.setup_block(end) == (data["game"], data.get("origin"))
        with pytest.raises(ValueError):  # not a replay from the start
            codec.remember_record(states[1], states[1:], notation[1:])
        with pytest.raises(ValueError):
            codec.remember_record(states[0], states, notation[:-1])
    pos = ic.from_position(ic.to_position(states[120]))  # a game from a position: its origin is written
    assert codec.setup_block(pos)[1] == json.loads(codec.save(pos)).get("origin") is not None


def test_reading_a_save_or_a_link_can_keep_its_replay_move_by_move():
    """``read_save(text, steps)``: the replay that checks a save (its moves, then its redo list) or a link,
    kept as ``step`` gives each move: the action, the state after it and its events."""
    import random

    import imperial_core as ic

    rng = random.Random(21)
    s = ic.new_game(["Ann", "Bob", "Cem", "Dee"], seed=21, board="world2030")
    for _ in range(160):
        s = ic.apply(s, rng.choice(ic.legal_actions(s)))
    present = ic.codec.undo(ic.codec.undo(s))
    redo = list(s.history[len(present.history):])
    for text, moves in ((save(present, redo=redo), list(present.history) + redo),
                        (encode(s), list(s.history))):
        steps: list = []
        read = read_save(text, steps)
        assert len(steps) == len(moves)
        assert steps[len(read.state.history) - 1][1] is read.state
        state = start_of(read.state)
        for (action, after, events), i in zip(steps, moves, strict=True):
            assert action == ic.legal_actions(state)[i]
            state, expected = ic.step_index(state, i)
            assert after.model_dump() == state.model_dump() and events == expected
    steps = []
    with pytest.raises(BadToken):  # a damaged record: refused as without ``steps``
        read_save(save(s).replace('"indices":[', '"indices":[999,', 1), steps)
