"""Link tokens, saves, notation and the command line."""

from __future__ import annotations

import base64
import json

import pytest
from imperial_core import (
    ENGINE_VERSION,
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
    raw[0] = ENGINE_VERSION + 1
    token = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    with pytest.raises(BadToken, match=f"engine format {ENGINE_VERSION + 1}"):
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
    board[1] = 9  # board index
    with pytest.raises(BadToken, match="unknown board"):
        decode(_with_crc(bytes(board)))
    flags = bytearray(raw)
    flags[2] |= 0x80
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
