"""Fuzzing the readers: whatever is fed to ``read_save`` / ``load`` / ``decode`` — real saves, older saves
and link tokens (layout 3 with seats, and layout 2) with keys deleted, values of the wrong type, huge numbers, long texts, deep nesting,
shuffled lists, flipped, inserted or deleted characters or bytes — the answer is a game or
:class:`BadToken`, never another exception.

Examples are derandomized (the same inputs on every run) so that CI is reproducible; set
``IMPERIAL_FUZZ=10`` (a multiplier) for a longer run with fresh random inputs.  5,400 inputs a run: the same
readers are fuzzed again through the page's import and address by ``e2e/test_page_safety.py`` (1,200 damaged
saves and 1,200 damaged links of another mutator), so a run checks 7,800 damaged inputs in all.
"""

from __future__ import annotations

import base64
import json
import os
import random
import string
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from imperial_core import BadToken, GameState, apply, encode, legal_actions, new_game
from imperial_core.codec import SavedGame, decode_link, load, read_save, save

DATA = Path(__file__).parent / "data"
SCALE = int(os.environ.get("IMPERIAL_FUZZ", "1"))


def _settings(n: int) -> settings:
    return settings(max_examples=n * SCALE, deadline=None, derandomize=SCALE == 1, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def _short_game() -> tuple[GameState, list[int]]:
    rng = random.Random(11)
    s = new_game(["Ann", "Bo", "Cy"], seed=3, setup="auction")
    for _ in range(24):
        s = apply(s, rng.choice(legal_actions(s)))
    later = s
    for _ in range(3):
        later = apply(later, rng.choice(legal_actions(later)))
    return s, later.history[len(s.history):]


GAME, REDO = _short_game()


def _game_from_a_position() -> GameState:
    """A short game recorded from a position (``origin``) instead of its set-up."""
    from imperial_core.position import from_position, to_position

    s = GAME
    for _ in range(10):
        s = apply(s, legal_actions(s)[0])
    s = from_position(to_position(s))
    for _ in range(6):
        s = apply(s, legal_actions(s)[-1])
    return s


FROM_POSITION = _game_from_a_position()
SAVES = {
    "save": save(GAME, meta={"id": "x", "created": 1.0, "saved": 2.0}, redo=REDO),
    "page-save-v1": (DATA / "page-save-v1.json").read_text(encoding="utf-8"),
    "page-save-v1-before-round": (DATA / "page-save-v1-before-round.json").read_text(encoding="utf-8"),
    "engine-dump": GAME.model_dump_json(),
    "engine-dump-before-round": (DATA / "engine-v2-before-round.json").read_text(encoding="utf-8"),
    "save-from-position": save(FROM_POSITION, meta={"id": "p"}),
}
#: Layout-3 tokens (seats, "played by link", a position), and a layout-2 token written by commit 6fbb205.
TOKENS = [encode(GAME, seats=["human", "expert", "easy"], by_link=True), encode(FROM_POSITION),
          json.loads((DATA / "links-6fbb205.json").read_text(encoding="utf-8"))["midgame"]]
PLACEHOLDER = "\x00PLACEHOLDER\x00"
HUGE_TEXT = "x" * 10**6


def outcome(data: Any, link: bool = False) -> str:
    """``"ok"`` for a game, ``"refused"`` for BadToken; any other exception fails the test.  ``link``: ``data``
    is a link, whose game and seats, written again as a link, must come back the same."""
    try:
        saved = read_save(data)
    except BadToken as e:
        assert str(e)  # a message for people
        return "refused"
    assert isinstance(saved, SavedGame) and isinstance(saved.state, GameState)
    assert all(isinstance(i, int) for i in saved.redo) and isinstance(saved.meta, dict)
    assert load(save(saved.state, meta=saved.meta, redo=saved.redo)) == saved.state
    if link and "seats" in saved.meta:  # a link of layout 3
        again = decode_link(encode(saved.state, seats=saved.meta["seats"], by_link="by_link" in saved.meta))
        assert again == SavedGame(saved.state, [], saved.meta)
    return "ok"


# -- JSON-level mutations -----------------------------------------------------------------------------------


def _walk(obj: Any, draw: Any) -> tuple:
    """A random path into ``obj``: from the top, stop or go on into a random child (so that the short lists
    of a save are hit as often as its long game record)."""
    path: tuple = ()
    while isinstance(obj, (dict, list)) and obj and draw(st.integers(0, 4 if path else 19)) != 4:
        keys = list(obj) if isinstance(obj, dict) else range(len(obj))
        key = keys[draw(st.integers(0, len(keys) - 1))]
        path, obj = path + (key,), obj[key]
    return path


def _parent(obj: Any, path: tuple) -> Any:
    for k in path[:-1]:
        obj = obj[k]
    return obj


values = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([2**63, -(2**63) - 1, 10**30, -1, 10**6, 10**4000, 0.5, -0.0, 1e308]),
    st.text(max_size=12),
    st.sampled_from(["", "\ud800", "rondel factory", "pass", "europe", "first", "auction", "imperial-save",
                     "fake:1:2", "AgAA", HUGE_TEXT]),
    st.lists(st.integers(min_value=-2, max_value=40), max_size=6),
    st.dictionaries(st.sampled_from(["name", "cash", "phase", "indices", "notation", "x"]),
                    st.integers(0, 9) | st.text(max_size=4), max_size=3),
    st.integers(1, 3000).map(lambda n: ("deep", n)),
)


def _mutate(obj: Any, draw: Any) -> str:
    """One random edit of the parsed JSON ``obj``, returned as JSON text."""
    path = _walk(obj, draw)
    op = draw(st.sampled_from(["replace", "replace", "delete", "shuffle", "duplicate", "wrap", "add"]))
    deep = None
    if not path:  # the whole document
        value = draw(values)
        if isinstance(value, tuple):
            return "[" * value[1] + "]" * value[1]
        return json.dumps(value)
    parent, key = _parent(obj, path), path[-1]
    target = parent[key]
    if op == "replace":
        value = draw(values)
        if isinstance(value, tuple):
            deep, value = value[1], PLACEHOLDER
        parent[key] = value
    elif op == "delete":
        del parent[key]
    elif op == "shuffle" and isinstance(target, list) and len(target) > 1:
        random.Random(draw(st.integers(0, 1000))).shuffle(target)
    elif op == "duplicate" and isinstance(target, list) and target:
        target.append(target[draw(st.integers(0, len(target) - 1))])
    elif op == "wrap":
        parent[key] = [target]
    elif op == "add" and isinstance(target, dict):
        target[draw(st.sampled_from(["extra", "version", "origin", "round", "format", "redo"]))] = draw(
            st.integers(0, 5) | st.none())
    else:
        parent[key] = None
    text = json.dumps(obj, ensure_ascii=False)
    if deep is not None:
        text = text.replace(json.dumps(PLACEHOLDER), "[" * deep + "]" * deep)
    return text


@_settings(1500)
@given(st.sampled_from(sorted(SAVES)), st.integers(1, 3), st.data())
def test_json_mutations_of_saves_give_a_game_or_bad_token(name, n_edits, data):
    text = SAVES[name]
    for _ in range(n_edits):
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):  # an earlier edit made it unreadable: read that
            break
        text = _mutate(obj, data.draw)
    outcome(text)


# -- text- and byte-level mutations --------------------------------------------------------------------------

edits = st.lists(st.tuples(st.sampled_from(["flip", "insert", "delete", "cut"]), st.integers(0, 2**20),
                           st.characters(codec="utf-8") | st.sampled_from(["{", "}", "[", '"', "\\", ",", "9"])),
                 min_size=1, max_size=4)


def _edit_text(text: str, ops: list[tuple[str, int, str]]) -> str:
    for op, where, ch in ops:
        i = where % max(len(text), 1)
        if op == "flip":
            text = text[:i] + ch + text[i + 1:]
        elif op == "insert":
            text = text[:i] + ch + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + 1:]
        else:
            text = text[:i]
    return text


@_settings(1000)
@given(st.sampled_from(sorted(SAVES)), edits, st.booleans())
def test_character_edits_of_saves_give_a_game_or_bad_token(name, ops, bom):
    text = _edit_text(SAVES[name], ops)
    outcome(("\ufeff" if bom else "") + text)


@_settings(500)
@given(st.sampled_from(sorted(SAVES)), st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 255)), min_size=1,
                                                 max_size=3))
def test_byte_edits_of_saves_give_a_game_or_bad_token(name, ops):
    raw = bytearray(SAVES[name].encode("utf-8"))
    for where, byte in ops:
        raw[where % len(raw)] = byte
    outcome(bytes(raw))


# -- tokens ----------------------------------------------------------------------------------------------------


token_edits = st.lists(st.tuples(st.sampled_from(["flip", "insert", "delete", "cut"]), st.integers(0, 2**20),
                                 st.sampled_from(string.ascii_letters + string.digits + "-_") | st.characters()),
                       min_size=1, max_size=3)


@_settings(750)
@given(st.sampled_from(TOKENS), token_edits, st.sampled_from(["", "https://example.org/imperial/#g=", "#g="]))
def test_character_edits_of_tokens_give_a_game_or_bad_token(token, ops, prefix):
    outcome(prefix + _edit_text(token, ops), link=True)


def _with_crc(body: bytes) -> str:
    return base64.urlsafe_b64encode(body + zlib.crc32(body).to_bytes(4, "big")).decode().rstrip("=")


@_settings(1250)
@given(st.sampled_from(TOKENS), st.lists(st.tuples(st.sampled_from(["set", "insert", "delete", "cut"]),
                                                    st.integers(0, 2**20), st.integers(0, 255)), min_size=1, max_size=4))
def test_byte_edits_of_tokens_behind_a_valid_checksum_give_a_game_or_bad_token(token, ops):
    """Past the checksum: the parser itself must refuse what does not make sense (counts, lengths, flags)."""
    body = bytearray(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))[:-4])
    for op, where, byte in ops:
        i = where % len(body)
        if op == "set":
            body[i] = byte
        elif op == "insert":
            body.insert(i, byte)
        elif op == "delete" and len(body) > 1:
            del body[i]
        elif op == "cut":
            del body[i + 1:]
    outcome(_with_crc(bytes(body)), link=True)


POSITION_SAVE = json.loads(SAVES["save-from-position"])
position_edits = st.lists(st.tuples(st.sampled_from(["flip", "insert", "delete", "cut"]), st.integers(0, 2**20),
                                    st.sampled_from(list(string.ascii_lowercase + string.digits + " =|*,-_%:.")
                                                    + ["99999999999999999999", " | ", "AH", "nation", "yes"])),
                          min_size=1, max_size=3)


@_settings(400)
@given(position_edits)
def test_edits_of_a_starting_position_give_a_game_or_bad_token(ops):
    data = json.loads(json.dumps(POSITION_SAVE))
    data["origin"] = _edit_text(data["origin"], ops)
    outcome(json.dumps(data, ensure_ascii=False))


@pytest.mark.parametrize("text", [
    "", " ", "null", "[]", "{}", "1", '"x"', "true", "[" * 100_000, "{" * 100_000, '{"a":' * 5000,
    "\ufeff", "\ufeff{}", '{"format": "imperial-save"}', '{"format": "imperial-save", "format_version": 2}',
    '{"format": "imperial-save", "format_version": 1}', '{"format": "imperial-save", "format_version": 1e400}',
    '{"version": 2}', '{"version": NaN}', '{"x": Infinity}', "A" * 3_000_000, "#g=", "#g=" + "A" * 13,
    b"\xff\xfe\x00", b"\xef\xbb\xbf{}", "9" * 5000, '{"version": ' + "9" * 5000 + "}",
])
def test_odd_inputs_are_refused(text):
    assert outcome(text) == "refused"


def test_huge_values_in_a_real_save_are_refused_quickly():
    base = json.loads(SAVES["save"])
    for edit in (
        {"game": {**base["game"], "seed": 10**100}},
        {"game": {**base["game"], "players": ["A" * 10**6, "Bo", "Cy"]}},
        {"game": {**base["game"], "players": [f"P{i}" for i in range(10**5)]}},
        {"record": {"indices": [0] * 10**5}},
        {"record": {"indices": [10**12] * 3}},
        {"record": {"notation": ["pass " * 10**5]}},
        {"redo": {"indices": list(range(10**5))}},
    ):
        assert outcome(json.dumps({**base, **edit})) == "refused"
