"""Link tokens of layout 3 (seats, played by link, moves as ranks of their notation) and rules versions kept
in the game (``RULES_VERSION``, ``RULES_READ``, ``rules_since``, ``upgrade``): ``docs/saves.md``."""

from __future__ import annotations

import base64
import json
import random
import zlib
from pathlib import Path

import imperial_core as ic
import pytest
from imperial_core import BadToken, GameState, IllegalAction, apply, legal_actions, new_game
from imperial_core.actions import notation_of, parse_text
from imperial_core.codec import (
    LINK_SEATS,
    SavedGame,
    decode,
    decode_link,
    encode,
    history_log,
    read_save,
    read_summary,
    save,
    upgrade,
)
from imperial_core.engine import clear_caches, follow_keys
from imperial_core.randomplay import random_game
from imperial_core.rules import flow
from imperial_core.rules.common import rules_since
from imperial_text import t

DATA = Path(__file__).parent / "data"


def _bytes(token: str) -> bytearray:
    return bytearray(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))


def _token(raw: bytes) -> str:
    body = bytes(raw[:-4])
    return base64.urlsafe_b64encode(body + zlib.crc32(body).to_bytes(4, "big")).decode().rstrip("=")


@pytest.fixture(scope="module")
def finished() -> GameState:
    return random_game(27, 6)


# -- the API ---------------------------------------------------------------------------------------------------


def test_seats_and_by_link_round_trip(finished):
    seats = ["human", "easy", "normal", "strong", "expert", "human"]
    token = encode(finished, seats=seats, by_link=True)
    saved = decode_link(token)
    assert isinstance(saved, SavedGame)
    assert saved.state == finished and saved.redo == [] and saved.meta == {"seats": seats, "by_link": True}
    assert decode(token) == finished
    for text in (token, f"https://example.org/imperial/#g={token}"):
        assert read_save(text).meta == {"seats": seats, "by_link": True}
        assert read_summary(text)["meta"] == {"seats": seats, "by_link": True}
    plain = decode_link(encode(finished))
    assert plain.meta == {"seats": ["human"] * 6}  # seats default to human; not played by link
    assert len(token) <= 2000  # a whole 6-player game, every seat named (bench/engine.py prints the figure)


def test_seats_of_the_wrong_number_or_kind_are_refused(finished):
    for seats in (["human"] * 5, ["human"] * 7, ["human"] * 5 + ["grandmaster"], "human" * 6, ["Human"] * 6):
        with pytest.raises(ValueError):
            encode(finished, seats=seats)
    assert LINK_SEATS[:5] == ("human", "easy", "normal", "strong", "expert")  # append-only: codes never move


def test_layout_3_bytes(finished):
    raw = _bytes(encode(new_game(["Ann", "Bo"], seed=3), seats=["strong", "human"], by_link=True))
    assert raw[0] == 3 and raw[1] == ic.RULES_VERSION and raw[2] == 0  # layout, rules version, board
    assert raw[3] == 32  # flags: bit 5, played by link
    assert raw.index(b"Bo") + 2 == len(raw) - 4 - 4  # names, then seat codes, moves (0), record length (0)
    assert raw[-8:-4] == bytes([3, 0, 0, 0])


def test_an_unknown_seat_code_is_from_a_newer_version_in_every_language(finished):
    raw = _bytes(encode(new_game(["Ann", "Bo"], seed=3)))
    k = len(raw) - 4 - 4  # the first seat code
    assert raw[k] == 0
    raw[k] = len(LINK_SEATS)
    with pytest.raises(BadToken, match="made by a newer version of the game") as e:
        decode(_token(raw))
    assert e.value.key == "errors.link_seat_newer"
    for lang, words in (("de", "neueren Version"), ("es", "más nueva")):
        assert words in t(lang, e.value.key, **e.value.values)


def test_unknown_flags_are_refused_in_both_layouts():
    raw = _bytes(encode(new_game(["Ann", "Bo"], seed=3)))
    raw[3] |= 64
    with pytest.raises(BadToken, match="unknown option flags"):
        decode(_token(raw))
    raw = _bytes((DATA / "tokens-v2.txt").read_text().split()[0])
    assert raw[0] == 2
    raw[2] |= 32  # layout 2 has no "played by link" bit
    with pytest.raises(BadToken, match="unknown option flags"):
        decode(_token(raw))


def test_layout_2_tokens_give_no_meta():
    token = (DATA / "tokens-v2.txt").read_text().split()[0]
    saved = decode_link(token)
    assert saved.meta == {} and read_save(token).meta == {}
    assert decode_link(encode(saved.state)).state == saved.state


# -- moves as ranks of their notation -----------------------------------------------------------------------------


def _random_walk(seed: int, board: str, check) -> GameState:
    """A random game to its end, through ``follow_keys``; ``check(keys)`` sees the legal actions of every step."""
    rng = random.Random(seed)
    s = new_game(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][: 2 + seed % 5], board=board, seed=seed)

    def pick(keys):
        check(keys)
        return rng.randrange(len(keys)) if keys else None

    return follow_keys(s, pick)


def test_notations_are_unique_among_the_legal_actions_at_every_step():
    """The rank of a move's notation names the move only if no two legal actions are written alike."""
    steps = 0

    def check(keys):
        nonlocal steps
        steps += 1
        names = [notation_of(k) for k in keys]
        assert len(set(names)) == len(names), names
        for k, name in zip(keys, names, strict=True):
            assert parse_text(name).key() == k and name == str(ic.ActionAdapter.validate_python(
                parse_text(name).model_dump()))

    for seed in range(6):
        _random_walk(seed, "europe", check)
        _random_walk(seed, "world2030", check)
    assert steps > 5000


@pytest.fixture
def reversed_order(monkeypatch):
    """An engine that lists every decision's legal actions in the opposite order."""
    options, settle = flow.options, flow.settle
    monkeypatch.setattr(flow, "options", lambda g, b: options(g, b)[::-1])
    monkeypatch.setattr(flow, "settle", lambda g, b: settle(g, b)[::-1])
    clear_caches()
    yield
    clear_caches()


def test_a_link_names_the_same_moves_whatever_order_legal_actions_lists_them_in(finished, request):
    token = encode(finished)
    record = [e[2] for e in history_log(finished)]
    request.getfixturevalue("reversed_order")
    other = decode(token)
    assert [e[2] for e in history_log(other)] == record
    assert other.history != finished.history  # the indices follow the new order...
    assert (other.players, other.nations, ic.scores(other)) == (finished.players, finished.nations, ic.scores(finished))
    assert encode(other) == token  # ...the link does not


# -- rules versions ---------------------------------------------------------------------------------------------


def test_rules_versions_now():
    assert ic.RULES_VERSION == 2 and ic.RULES_READ == (2,)
    s = new_game(["Ann", "Bo"], seed=1)
    assert s.version == 2 and rules_since(s, 2) and rules_since(s.__dict__, 2) and not rules_since(s, 3)
    assert json.loads(save(s))["engine_version"] == 2
    assert ic.to_position(s).startswith("imperial 2 ")
    for bad in (1, 3, "2", True):
        with pytest.raises(IllegalAction, match="rules versions 2"):
            new_game(["Ann", "Bo"], seed=1, version=bad)
    assert upgrade(s) is s  # already under the current rules


def test_a_save_with_a_version_in_its_set_up_is_refused():
    data = json.loads(save(new_game(["Ann", "Bo"], seed=1)))
    data["game"]["version"] = 2
    with pytest.raises(BadToken, match="unknown set-up option"):
        read_save(json.dumps(data))


#: A made-up rules fix for the tests of a future engine: under rules version 3 a nation can no longer build a
#: factory in the first of the cities where it could (``rules.factory.factory_sites``, gated with
#: ``rules_since``).
FIX = 3


def _sites(s: GameState) -> list[str]:
    return [str(a) for a in legal_actions(s) if str(a).startswith("factory ")]


def _never_builds(seed: int, moves: int, **options) -> GameState:
    """A rules-2 game whose governments never choose the Factory space (so it never meets the fix)."""
    s = new_game(["Ann", "Bo", "Cy"], seed=seed, version=2, **options)
    for _ in range(moves):
        acts = [a for a in legal_actions(s) if str(a) != "rondel factory"]
        s = apply(s, acts[len(s.history) % len(acts)])
        assert s.decision != "factory"
    return s


def _builds() -> tuple[GameState, GameState]:
    """A rules-2 game at its first Factory decision, and the same game after a factory in the first city."""
    s = apply(new_game(["Ann", "Bo", "Cy"], seed=4, version=2), "rondel factory")
    assert s.decision == "factory" and len(_sites(s)) > 1
    return s, apply(s, _sites(s)[0])


@pytest.fixture(scope="module")
def rules_2_games() -> dict[str, str]:
    """Saves and links of games made by this engine (rules version 2), before the fixture below runs."""
    plain = _never_builds(4, 40)
    from_position = _never_builds(9, 12, board="world2030")
    from_position = ic.from_position(ic.to_position(from_position))
    for _ in range(10):
        acts = [a for a in legal_actions(from_position) if str(a) != "rondel factory"]
        from_position = apply(from_position, acts[0])
    at_factory, built = _builds()
    return {"plain": save(plain), "from_position": save(from_position), "at_factory": save(at_factory),
            "built": save(built), "built_link": encode(built, seats=["human", "easy", "human"], by_link=True)}


@pytest.fixture
def rules_3(monkeypatch, rules_2_games):
    """The engine as a later build would be: rules version 3 current, 2 still played, and the fix above."""
    from imperial_core import model
    from imperial_core.rules import factory

    sites = factory.factory_sites

    def fixed_sites(g, b, nid):
        out = sites(g, b, nid)
        return out[1:] if rules_since(g, FIX) else out

    monkeypatch.setattr(model, "RULES_VERSION", 3)
    monkeypatch.setattr(model, "RULES_READ", (2, 3))
    monkeypatch.setattr(factory, "factory_sites", fixed_sites)
    clear_caches()
    yield rules_2_games
    clear_caches()


def test_under_the_fix_new_games_follow_it_and_rules_2_games_keep_their_rules(rules_3):
    new = apply(new_game(["Ann", "Bo", "Cy"], seed=4), "rondel factory")
    old = read_save(rules_3["at_factory"]).state
    assert new.version == 3 and old.version == 2
    assert _sites(new) == _sites(old)[1:]  # the game goes on under its own rules: new moves too
    later = apply(old, _sites(old)[0])
    assert later.version == 2 and later == read_save(rules_3["built"]).state
    assert read_save(save(later)).state == later and json.loads(save(later))["engine_version"] == 2
    link = decode_link(rules_3["built_link"])
    assert link.state == later and link.meta == {"seats": ["human", "easy", "human"], "by_link": True}
    assert decode(encode(later)) == later
    assert ic.to_position(later).startswith("imperial 2 ")
    assert ic.from_position(ic.to_position(later)).version == 2


def test_upgrade_moves_a_game_that_never_met_the_fix(rules_3):
    for name in ("plain", "from_position"):
        old = read_save(rules_3[name]).state
        assert old.version == 2
        new = upgrade(old)
        assert new is not None and new.version == 3
        assert [e[2] for e in history_log(new)] == [e[2] for e in history_log(old)]
        assert (new.players, new.nations, new.turn) == (old.players, old.nations, old.turn)
        assert {str(a) for a in legal_actions(new)} == {str(a) for a in legal_actions(old)}
        if old.origin is not None:
            assert new.origin == old.origin.replace("imperial 2 ", "imperial 3 ", 1)
        assert read_save(save(new)).state == new and json.loads(save(new))["engine_version"] == 3
        assert decode(encode(new)) == new


def test_upgrade_keeps_a_game_that_met_the_fix(rules_3):
    for name in ("at_factory", "built"):  # the legal actions differ at the Factory decision: rules 2 stay
        old = read_save(rules_3[name]).state
        assert upgrade(old) is None
        assert read_save(rules_3[name]).state.version == 2


def test_rules_no_longer_played_are_refused_as_older(monkeypatch, rules_2_games):
    from imperial_core import model

    monkeypatch.setattr(model, "RULES_VERSION", 3)
    monkeypatch.setattr(model, "RULES_READ", (3,))
    with pytest.raises(BadToken, match="older version of the rules \\(engine format 2\\); this engine reads format 3"):
        read_save(rules_2_games["plain"])
    with pytest.raises(BadToken, match="older version of the rules \\(engine format 2\\)"):
        read_save(rules_2_games["built_link"])
    with pytest.raises(BadToken, match="engine format '2'"):
        ic.from_position(ic.to_position(new_game(["Ann", "Bo"], seed=1, version=3)).replace("imperial 3", "imperial 2"))
