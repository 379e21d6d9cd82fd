"""Positions: a whole game state as one line of text (the FEN of Imperial).

:func:`to_position` writes everything that decides the game's future, :func:`from_position` reads it back,
checks that it describes a possible game and settles decisions whose only choice is to pass.  A position has
no game record (``history``); the state read from it records the text as its ``origin``.

The grammar (``docs/notation.md``, *Positions*): sections separated by `` | ``, each a keyword followed by
words separated by spaces::

    imperial 2 board=europe edition=current setup=standard investor_card=yes seed=0 round=1
    | player Ann cash=2 bonds=AH:9,GE:2 | player Bob cash=11 bonds=IT:9 | ...
    | cards investor=Bob swiss=Eve,Fay
    | nation AH treasury=11 power=0 tax=0 rondel=maneuver1 government=Ann factories=vienna,budapest
      flags=westbalkan armies=vienna*2,venice hostile=venice fleets=ioniansea | nation IT ... | ...
    | turn phase=armies nation=AH player=Ann moved_armies=venice contact.region=... ...

(one line; broken here for reading).  The number after ``imperial`` is the version of the rules the game is
played under (``GameState.version``); a position of a version not in ``model.RULES_READ`` is refused.  Values: numbers in decimal, ``yes``/``no``, ``-`` for "none", lists
joined by ``,``, counts as ``region*N`` (``*1`` left out), an empty list as an empty value (``key=``).
Names are written with ``_`` for a space and ``%XX`` (UTF-8 bytes) for any character other than letters,
digits, ``-``, ``.`` and ``'``.  The ``turn`` section holds ``phase``, ``nation`` and ``player`` and every
other field of :class:`~imperial_core.model.TurnState` whose value differs from
:func:`~imperial_core.model.fresh_turn`'s, under its own name; a field that is a record (``contact``) is
written field by field (``contact.region=ioniansea``).
"""

from __future__ import annotations

import inspect
import json
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from typing_extensions import is_typeddict

from . import model
from .board import BOARDS, Board, load_board
from .engine import legal_actions, settled_state
from .errors import BadPosition, IllegalAction
from .model import GameState, TurnState, fresh_turn
from .rules import flow
from .rules import maneuver as maneuver_rules
from .rules import rondel as rondel_rules
from .rules import setup as setup_rules
from .rules.common import bonds_in_play, flag_limit
from .rules.rondel import space_labels

__all__ = ["from_data", "from_position", "position_of_data", "to_position"]

#: The first word of every position.
FORMAT_WORD = "imperial"
#: Largest amount of money (cash, treasury, gift) and largest count or round number a position may hold.
MAX_NUMBER = 100_000
#: Longest position text read.
MAX_TEXT = 100_000
_MAX_SEED_DIGITS = 19

_HEADER_KEYS = ("board", "edition", "setup", "investor_card", "increase_bonus", "seed", "round")
_PLAYER_KEYS = ("cash", "bonds")
_CARD_KEYS = ("investor", "swiss")
_NATION_KEYS = ("treasury", "power", "tax", "rondel", "government", "factories", "flags", "armies", "hostile",
                "fleets")
_EDITIONS = ("current", "first")
_SETUPS = ("standard", "auction")
#: Kinds of investment round (``turn["invest_round"]``): investor card (with the Swiss Banks), and the rounds before
#: and after a nation's turn in the variant without investor card.
_INVEST_ROUNDS = flow.INVEST_ROUNDS
#: Decisions about a battle (``turn["contact"]`` is open).
_CONTACT_PHASES = flow.BATTLE_QUESTION


def _fail(message: str) -> typing.NoReturn:
    raise BadPosition(message)


# -- words: names, numbers, values ------------------------------------------------------------------------
_RAW_EXTRA = frozenset("-.'")


def _raw_ok(ch: str) -> bool:
    """Characters written as themselves: ASCII letters and digits, ``-.'``, and the letters of the Latin,
    Greek and Cyrillic blocks (unchanged across Unicode versions, so every Python reads the same text)."""
    o = ord(ch)
    if o < 0x80:
        return ch.isalnum() or ch in _RAW_EXTRA
    return (0xC0 <= o <= 0x24F or 0x370 <= o <= 0x4FF) and ch.isalnum()


def escape(s: str) -> str:
    """A string as one word of a position: ``_`` for a space, ``%XX`` for other special characters,
    ``""`` for the empty string and ``%2D`` for a lone ``-`` (which means "none")."""
    if s == "":
        return '""'
    if s == "-":
        return "%2D"
    out = []
    for ch in s:
        if ch == " ":
            out.append("_")
        elif _raw_ok(ch):
            out.append(ch)
        else:
            out.append("".join(f"%{x:02X}" for x in ch.encode("utf-8", "surrogatepass")))
    return "".join(out)


_HEX = frozenset("0123456789ABCDEF")


def unescape(word: str, what: str) -> str:
    """Read a word written by :func:`escape`; it must be written exactly as :func:`escape` writes it."""
    if word == '""':
        return ""
    chunks: list[str] = []
    pending = bytearray()
    i = 0
    while i < len(word):
        ch = word[i]
        if ch == "%":
            hx = word[i + 1:i + 3]
            if len(hx) != 2 or not set(hx) <= _HEX:
                _fail(f"{what}: '%' must be followed by two hexadecimal digits (0-9, A-F) in {word!r}")
            pending.append(int(hx, 16))
            i += 3
            continue
        if pending:
            chunks.append(_decode_bytes(pending, word, what))
            pending = bytearray()
        if ch == "_":
            chunks.append(" ")
        elif _raw_ok(ch):
            chunks.append(ch)
        else:
            _fail(f"{what}: the character {ch!r} in {word!r} must be written as %XX")
        i += 1
    if pending:
        chunks.append(_decode_bytes(pending, word, what))
    s = "".join(chunks)
    if escape(s) != word:
        _fail(f"{what}: write {escape(s)!r}, not {word!r}")
    return s


def _decode_bytes(data: bytearray, word: str, what: str) -> str:
    try:
        return bytes(data).decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        _fail(f"{what}: {word!r} is not valid UTF-8 once its %XX are read")


_NUMBER = re.compile(r"0|[1-9][0-9]{0,8}")
_SEED = re.compile(rf"0|-?[1-9][0-9]{{0,{_MAX_SEED_DIGITS - 1}}}")


def _number(word: str, what: str, low: int = 0, high: int = MAX_NUMBER) -> int:
    if not _NUMBER.fullmatch(word):
        _fail(f"{what} must be a whole number from {low} to {high}, not {word!r}")
    n = int(word)
    if not low <= n <= high:
        _fail(f"{what} must be from {low} to {high}, not {n}")
    return n


def _yes_no(word: str, what: str) -> bool:
    if word not in ("yes", "no"):
        _fail(f"{what} must be 'yes' or 'no', not {word!r}")
    return word == "yes"


def _yn(v: bool) -> str:
    return "yes" if v else "no"


def _split_list(word: str) -> list[str]:
    return word.split(",") if word else []


def _counts(word: str, what: str) -> dict[str, int]:
    """``vienna*2,venice`` -> ``{"vienna": 2, "venice": 1}`` (keys still escaped)."""
    out: dict[str, int] = {}
    for item in _split_list(word):
        key, star, n = item.rpartition("*")
        if not star:
            key, count = n, 1
        else:
            count = _number(n, f"{what}: the count in {item!r}")
            if count == 1:
                _fail(f"{what}: write {key!r}, not {item!r} (a count of 1 is left out)")
        if key in out:
            _fail(f"{what}: {key!r} is listed twice")
        out[key] = count
    return out


def _write_counts(d: Mapping[str, int], word: Callable[[str], str] = escape) -> str:
    return ",".join(word(k) if n == 1 else f"{word(k)}*{n}" for k, n in d.items())


# -- typed values (the turn is written from TurnState's fields, whatever they are) -----------------------
def _optional(tp: Any) -> Any | None:
    """``X`` for ``X | None``, else ``None``."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(tp)) == 2:
            return args[0]
    return None


def write_value(tp: Any, value: Any) -> str:
    """One value of type ``tp`` as a word (see the module docstring)."""
    inner = _optional(tp)
    if inner is not None:
        return "-" if value is None else write_value(inner, value)
    origin = typing.get_origin(tp)
    if tp is bool:
        return _yn(value)
    if tp is int:
        return str(value)
    if tp is str or origin is typing.Literal:
        return escape(value)
    if origin is list and typing.get_args(tp) == (str,):
        return ",".join(escape(x) for x in value)
    if origin is dict and typing.get_args(tp) == (str, int):
        return _write_counts(value)
    return escape(json.dumps(value, separators=(",", ":"), ensure_ascii=False))


def read_value(tp: Any, word: str, what: str) -> Any:
    """The inverse of :func:`write_value`; raises :class:`BadPosition` with ``what`` in the message."""
    inner = _optional(tp)
    if inner is not None:
        return None if word == "-" else read_value(inner, word, what)
    origin = typing.get_origin(tp)
    if tp is bool:
        return _yes_no(word, what)
    if tp is int:
        return _number(word, what)
    if tp is str:
        return unescape(word, what)
    if origin is typing.Literal:
        s = unescape(word, what)
        if s not in typing.get_args(tp):
            _fail(f"{what} must be one of {', '.join(map(str, typing.get_args(tp)))}, not {s!r}")
        return s
    if origin is list and typing.get_args(tp) == (str,):
        return [unescape(x, what) for x in _split_list(word)]
    if origin is dict and typing.get_args(tp) == (str, int):
        return {unescape(k, what): n for k, n in _counts(word, what).items()}
    try:
        return json.loads(unescape(word, what))
    except ValueError:
        _fail(f"{what}: {word!r} is not a value of this field")


_TURN_TYPES: dict[str, Any] = typing.get_type_hints(TurnState)
#: fresh_turn's own arguments (phase, nation, player): always written.
_TURN_ARGS = tuple(inspect.signature(fresh_turn).parameters)
#: Every field of a turn record, in TurnState's order, then any that only fresh_turn knows.
_TURN_FIELDS = tuple(dict.fromkeys([*_TURN_TYPES, *fresh_turn("over")]))
#: Turn fields that hold a rondel space (written by its label, like the nations' markers).
_RONDEL_FIELDS = frozenset(("target",))


def _field_type(name: str) -> Any:
    return _TURN_TYPES.get(name, Any)


def _record(tp: Any) -> dict[str, Any] | None:
    """The fields of a record type (a TypedDict, possibly ``| None``), else ``None``."""
    inner = _optional(tp) or tp
    return typing.get_type_hints(inner) if is_typeddict(inner) else None


# -- writing ----------------------------------------------------------------------------------------------
def to_position(state: GameState) -> str:
    """The position of ``state`` as one line of text: everything that decides the game's future."""
    return position_of_data(dict(state))


def position_of_data(data: Mapping[str, Any]) -> str:
    """The position text of a state's plain data (a :class:`GameState`'s fields, or
    ``json.loads(state.model_dump_json())``).  The data is not checked here: :func:`from_position` does."""
    b = load_board(data["board"])
    labels = space_labels(b)
    header = (f"{FORMAT_WORD} {data['version']} board={data['board']} edition={data['edition']} "
              f"setup={data['setup']} investor_card={_yn(data['investor_card'])} "
              + ("increase_bonus=yes " if data.get("increase_bonus") else "")
              + f"seed={data['seed']} round={data['round']}")
    sections = [header]
    nations: Mapping[str, Mapping[str, Any]] = data["nations"]
    names = {p["name"] for p in data["players"]}
    for nid, nat in nations.items():
        for v, h in nat["bonds"].items():
            if h is not None and h not in names:
                _fail(f"the {v}M bond of {nid} is held by {h!r}, who is not a player")
    for p in data["players"]:
        name = p["name"]
        words = ["player", escape(name), f"cash={p['cash']}"]
        held = []
        for nid, nat in nations.items():
            values = sorted(int(v) for v, h in nat["bonds"].items() if h == name)
            if values:
                held.append(f"{nid}:{'+'.join(map(str, values))}")
        if held:
            words.append(f"bonds={','.join(held)}")
        sections.append(" ".join(words))
    cards = ["cards", f"investor={'-' if data['investor'] is None else escape(data['investor'])}"]
    if data["swiss_banks"]:
        cards.append(f"swiss={','.join(escape(x) for x in data['swiss_banks'])}")
    sections.append(" ".join(cards))
    for nid in [n for n in b.nation_ids if n in nations] + [n for n in nations if n not in b.nation_ids]:
        nat = nations[nid]
        gov = nat["government"]
        words = ["nation", nid, f"treasury={nat['treasury']}", f"power={nat['power']}", f"tax={nat['tax']}",
                 f"rondel={_label(labels, nat['rondel'])}",
                 f"government={'-' if gov is None else escape(gov)}"]
        for key in ("factories", "flags"):
            if nat[key]:
                words.append(f"{key}={','.join(nat[key])}")
        for key in ("armies", "hostile", "fleets"):
            if nat[key]:
                words.append(f"{key}={_write_counts(nat[key], str)}")
        sections.append(" ".join(words))
    sections.append(_write_turn(data["turn"], labels))
    return " | ".join(sections)


def _label(labels: list[str], space: int | None) -> str:
    """A rondel space by its label, ``-`` for none (the centre)."""
    if space is None:
        return "-"
    if not isinstance(space, int) or not 0 <= space < len(labels):
        _fail(f"there is no rondel space number {space!r}")
    return labels[space]


def _write_turn(t: Mapping[str, Any], labels: list[str]) -> str:
    rest = fresh_turn(*(t.get(k) for k in _TURN_ARGS))
    words = ["turn"]
    for name in _TURN_FIELDS:
        value = t.get(name, rest.get(name))
        if name not in _TURN_ARGS and value == rest.get(name):
            continue
        tp = _field_type(name)
        fields = _record(tp)
        if name in _RONDEL_FIELDS:
            words.append(f"{name}={_label(labels, value)}")
        elif fields is not None and value is not None:
            words += [f"{name}.{sub}={write_value(stp, value[sub])}" for sub, stp in fields.items()]
        else:
            words.append(f"{name}={write_value(tp, value)}")
    return " ".join(words)


# -- reading ----------------------------------------------------------------------------------------------
class _Section:
    """One section: its keyword, its subject word (player name, nation id, version) and its key=value pairs."""

    def __init__(self, words: list[str], keys: tuple[str, ...] | None, subject: bool, where: str):
        self.kind = words[0]
        self.where = where
        rest = words[1:]
        self.subject: str | None = None
        if subject:
            if not rest or (keys is not None and rest[0].partition("=")[0] in keys):
                _fail(f"{where}: '{self.kind}' must be followed by {'a name' if self.kind == 'player' else 'an id'}")
            self.subject, rest = rest[0], rest[1:]
        self.values: dict[str, str] = {}
        for w in rest:
            key, eq, value = w.partition("=")
            if not eq:
                _fail(f"{where}: unknown word {w!r} (expected key=value)")
            if keys is not None and key not in keys:
                _fail(f"{where}: unknown key {key!r}; keys: {', '.join(keys)}")
            if key in self.values:
                _fail(f"{where}: {key!r} is given twice")
            self.values[key] = value

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.values.get(key, default)


def _sections(text: str) -> list[list[str]]:
    if not isinstance(text, str):
        _fail(f"a position is a text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        _fail(f"the position is too long ({len(text)} characters; at most {MAX_TEXT})")
    if not text.strip():
        _fail(f"the position is empty (it starts with '{FORMAT_WORD} {model.RULES_VERSION}')")
    out: list[list[str]] = [[]]
    for w in text.split():
        if w == "|":
            out.append([])
        else:
            out[-1].append(w)
    if any(not s for s in out):
        _fail("the position has an empty section (two '|' in a row, or '|' at an end)")
    return out


def from_position(text: str, *, settle: bool = True) -> GameState:
    """The state a position text describes.  Checks everything and raises only :class:`BadPosition`, with
    a message naming what is wrong.  Decisions whose only choice is to pass are taken, as after every
    action (``settle=False`` leaves them, for tests of the engine's messages).  The state has no history;
    its ``origin`` is its own canonical position text."""
    try:
        g = _read(text)
        return _finish(g, settle)
    except BadPosition:
        raise
    except (KeyError, TypeError, IndexError, ValueError, AttributeError, RecursionError, ArithmeticError) as e:
        raise BadPosition(f"the position is not possible ({type(e).__name__}: {e})") from None


def from_data(data: Mapping[str, Any], *, settle: bool = True) -> GameState:
    """The state of plain data (a :class:`GameState`'s fields, possibly edited, or
    ``json.loads(state.model_dump_json())``), checked exactly like :func:`from_position` (its history is
    dropped).  Turn fields left out take their resting values, and a ``player`` left out or ``None`` is
    the one the rules name.  Raises :class:`BadPosition`."""
    try:
        text = position_of_data(data)
    except BadPosition:
        raise
    except (KeyError, TypeError, IndexError, ValueError, AttributeError, RecursionError) as e:
        raise BadPosition(f"the state data cannot be written as a position ({type(e).__name__}: {e})") from None
    return from_position(text, settle=settle)


def _finish(g: dict, settle: bool) -> GameState:
    if settle:
        try:
            state = settled_state(g)
        except Exception as e:  # the engine went on from this position and failed: not a possible game
            raise BadPosition(f"the position cannot be played on ({type(e).__name__}: {e})") from None
    else:
        state = GameState.model_construct(**g)
    try:
        actions = legal_actions(state)
    except Exception as e:  # noqa: BLE001 - any failure means the position is not a possible game
        raise BadPosition(f"the legal actions of this position cannot be computed ({type(e).__name__}: {e})") from None
    if not actions and not state.is_over:
        _fail(f"the decision in progress ({state.decision}) has no legal action")
    state.origin = to_position(state)
    return state


def _read(text: str) -> dict:
    sections = _sections(text)
    head = sections[0]
    if head[0] != FORMAT_WORD:
        _fail(f"a position starts with '{FORMAT_WORD} {model.RULES_VERSION}', not {head[0]!r}")
    if len(head) < 2 or "=" in head[1]:
        _fail(f"the format version is missing after '{FORMAT_WORD}'")
    read = {str(v): v for v in model.RULES_READ}  # the rules version the game is played under
    if head[1] not in read:
        _fail(f"this position is in engine format {head[1]!r}; this engine reads format "
              f"{', '.join(read)} only")
    header = _Section([head[0], *head[2:]], _HEADER_KEYS, False, "the header")
    board_id = header.get("board", "europe")
    if board_id not in BOARDS:
        _fail(f"unknown board {board_id!r}; boards: {', '.join(BOARDS)}")
    b = load_board(board_id)
    edition = header.get("edition", "current")
    if edition not in _EDITIONS:
        _fail(f"unknown edition {edition!r}; editions: {', '.join(_EDITIONS)}")
    setup = header.get("setup", "standard")
    if setup not in _SETUPS:
        _fail(f"unknown set-up {setup!r}; set-ups: {', '.join(_SETUPS)}")
    seed_word = header.get("seed", "0")
    if not _SEED.fullmatch(seed_word) or not -(2**63) <= int(seed_word) < 2**63:
        _fail(f"the seed must be a whole number from -2^63 to 2^63 - 1, not {seed_word!r}")
    g: dict[str, Any] = {
        "version": read[head[1]], "board": board_id, "edition": edition, "setup": setup,
        "investor_card": _yes_no(header.get("investor_card", "yes"), "investor_card"),
        "increase_bonus": _yes_no(header.get("increase_bonus", "no"), "increase_bonus"),
        "seed": int(seed_word), "players": [], "nations": {}, "investor": None, "swiss_banks": [],
        "round": _number(header.get("round", "0"), "the round"), "turn": fresh_turn("over"), "origin": None,
        "history": [],
    }
    players: list[_Section] = []
    nations: dict[str, _Section] = {}
    cards: _Section | None = None
    turn: _Section | None = None
    for words in sections[1:]:
        kind = words[0]
        if kind == "player":
            players.append(_Section(words, _PLAYER_KEYS, True, f"player section {len(players) + 1}"))
        elif kind == "nation":
            sec = _Section(words, _NATION_KEYS, True, "a nation section")
            nid = sec.subject
            if nid not in b.nation_ids:
                _fail(f"unknown nation {nid!r}; nations: {', '.join(b.nation_ids)}")
            if nid in nations:
                _fail(f"nation {nid} is described twice")
            sec.where = f"nation {nid}"
            nations[nid] = sec
        elif kind == "cards":
            if cards is not None:
                _fail("the 'cards' section is given twice")
            cards = _Section(words, _CARD_KEYS, False, "the cards section")
        elif kind == "turn":
            if turn is not None:
                _fail("the 'turn' section is given twice")
            turn = _Section(words, None, False, "the turn section")
        elif kind == FORMAT_WORD:
            _fail(f"'{FORMAT_WORD}' starts the position only once")
        else:
            _fail(f"unknown section {kind!r}; sections: player, cards, nation, turn")
    _read_players(g, b, players)
    names = [p["name"] for p in g["players"]]
    for nid in b.nation_ids:
        if nid not in nations:
            _fail(f"nation {nid} is missing (every nation of the board has a 'nation {nid} …' section)")
        g["nations"][nid] = _read_nation(g, b, nid, nations[nid], names)
    _read_bonds(g, b, players)
    if cards is not None:
        inv = cards.get("investor", "-")
        g["investor"] = None if inv == "-" else unescape(inv, "the investor card holder")
        g["swiss_banks"] = [unescape(x, "a Swiss Bank holder") for x in _split_list(cards.get("swiss", "") or "")]
    if turn is None:
        _fail("the 'turn' section (the decision in progress) is missing")
    g["turn"] = _read_turn(turn, b)
    _check(g, b)
    return g


def _read_players(g: dict, b: Board, sections: list[_Section]) -> None:
    if not 2 <= len(sections) <= 6:
        _fail(f"Imperial is played by 2 to 6 players, not {len(sections)}")
    seen: set[str] = set()
    for sec in sections:
        name = unescape(sec.subject or "", f"{sec.where}: the name")
        if not name or name != name.strip():
            _fail(f"{sec.where}: a player's name must be non-empty and without surrounding spaces ({name!r})")
        if name in seen:
            _fail(f"player {name!r} is listed twice")
        seen.add(name)
        sec.where = f"player {name}"
        g["players"].append({"name": name, "cash": _number(sec.get("cash", "0"), f"{name}'s cash")})
    try:
        setup_rules.check_names([p["name"] for p in g["players"]])
    except IllegalAction as e:
        _fail(f"player names: {e}")


def _read_bonds(g: dict, b: Board, sections: list[_Section]) -> None:
    values = [v for v, _i in bonds_in_play(b, g["edition"])]
    for sec, p in zip(sections, g["players"], strict=True):
        name = p["name"]
        for item in _split_list(sec.get("bonds", "") or ""):
            nid, colon, vals = item.partition(":")
            if not colon or not vals:
                _fail(f"{name}'s bonds: write NATION:VALUE+VALUE, not {item!r}")
            if nid not in g["nations"]:
                _fail(f"{name}'s bonds: unknown nation {nid!r}")
            bonds = g["nations"][nid]["bonds"]
            for w in vals.split("+"):
                v = _number(w, f"{name}'s bond of {nid}")
                if v not in values:
                    _fail(f"{name}'s bonds: {nid} has no {v}M bond in the {g['edition']} edition "
                          f"(bonds: {', '.join(map(str, values))})")
                if bonds[v] is not None:
                    _fail(f"the {v}M bond of {nid} is held twice ({bonds[v]} and {name})")
                bonds[v] = name


def _regions(word: str, b: Board, what: str) -> list[str]:
    out = []
    for r in _split_list(word):
        if r not in b.regions:
            _fail(f"{what}: unknown region {r!r}")
        if r in out:
            _fail(f"{what}: {r} is listed twice")
        out.append(r)
    return out


def _region_counts(word: str, b: Board, what: str) -> dict[str, int]:
    out = _counts(word, what)
    for r, n in out.items():
        if r not in b.regions:
            _fail(f"{what}: unknown region {r!r}")
        if n < 1:
            _fail(f"{what}: a count must be at least 1 ({r}*{n}); leave the region out")
    return out


def _read_nation(g: dict, b: Board, nid: str, sec: _Section, names: list[str]) -> dict:
    labels = space_labels(b)
    rondel = sec.get("rondel", "-")
    if rondel != "-" and rondel not in labels:
        _fail(f"nation {nid}: unknown rondel space {rondel!r}; spaces: {', '.join(labels)} (or - for the centre)")
    gov_word = sec.get("government", "-")
    gov = None if gov_word == "-" else unescape(gov_word, f"nation {nid}: the government")
    if gov is not None and gov not in names:
        _fail(f"nation {nid}: the government {gov!r} is not a player")
    c = b.constants
    return {
        "treasury": _number(sec.get("treasury", "0"), f"{nid}'s treasury"),
        "power": _number(sec.get("power", "0"), f"{nid}'s power points", 0, c["power_track_max"]),
        "tax": _number(sec.get("tax", "0"), f"{nid}'s tax chart position", 0, len(b.tax_chart) - 1),
        "rondel": None if rondel == "-" else labels.index(rondel),
        "government": gov,
        "factories": _regions(sec.get("factories", ""), b, f"{nid}'s factories"),
        "flags": _regions(sec.get("flags", ""), b, f"{nid}'s flags"),
        "armies": _region_counts(sec.get("armies", ""), b, f"{nid}'s armies"),
        "hostile": _region_counts(sec.get("hostile", ""), b, f"{nid}'s hostile armies"),
        "fleets": _region_counts(sec.get("fleets", ""), b, f"{nid}'s fleets"),
        "bonds": {v: None for v, _i in bonds_in_play(b, g["edition"])},
    }


def _read_turn(sec: _Section, b: Board) -> dict:
    labels = space_labels(b)
    records: dict[str, dict[str, str]] = {}
    plain: dict[str, str] = {}
    for key, word in sec.values.items():
        name, dot, sub = key.partition(".")
        if name not in _TURN_FIELDS:
            _fail(f"the turn: unknown key {key!r}; keys: {', '.join(_TURN_FIELDS)}")
        fields = _record(_field_type(name))
        if dot:
            if fields is None or sub not in fields:
                _fail(f"the turn: unknown key {key!r}")
            records.setdefault(name, {})[sub] = word
        else:
            if fields is not None and word != "-":
                _fail(f"the turn: write {name} field by field ({', '.join(f'{name}.{s}=…' for s in fields)}) or {name}=-")
            plain[name] = word
    if "phase" not in plain:
        _fail("the turn: 'phase' (the kind of decision) is missing")
    args = {}
    for name in _TURN_ARGS:
        args[name] = read_value(_field_type(name), plain.pop(name, "-"), f"the turn's {name}")
    t: dict[str, Any] = dict(fresh_turn(**args))
    for name, word in plain.items():
        if name in records:
            _fail(f"the turn: {name!r} is given both whole and field by field")
        if name in _RONDEL_FIELDS:
            if word != "-" and word not in labels:
                _fail(f"the turn's {name}: unknown rondel space {word!r}")
            t[name] = None if word == "-" else labels.index(word)
        else:
            t[name] = read_value(_field_type(name), word, f"the turn's {name}")
    for name, words in records.items():
        fields = _record(_field_type(name)) or {}
        missing = [f"{name}.{sub}" for sub in fields if sub not in words]
        if missing:
            _fail(f"the turn: {', '.join(missing)} missing")
        t[name] = {sub: read_value(stp, words[sub], f"the turn's {name}.{sub}") for sub, stp in fields.items()}
    return t


# -- checks -----------------------------------------------------------------------------------------------
def _check(g: dict, b: Board) -> None:
    """Everything a possible game satisfies (rulebook references in the messages' rules)."""
    names = [p["name"] for p in g["players"]]
    phase = g["turn"]["phase"]
    if g["edition"] not in b.editions:
        _fail(f"the {b.name} board is played with edition {' or '.join(b.editions)}, not {g['edition']}")
    if g.get("increase_bonus") and b.bonus_rule != "chart":
        _fail(f"the variant increase_bonus belongs to boards whose bonus follows a chart, not {b.name}")
    for nid, nat in g["nations"].items():
        _check_nation(g, b, nid, nat)
    flag_owner: dict[str, str] = {}
    for nid, nat in g["nations"].items():
        for r in nat["flags"]:
            if r in flag_owner:
                _fail(f"two flags on {r} ({flag_owner[r]} and {nid}); a region holds one flag")
            flag_owner[r] = nid
    _check_governments(g, b, names, phase)
    _check_turn(g, b, names)


def _check_nation(g: dict, b: Board, nid: str, nat: dict) -> None:
    """Units within the supply and where they may stand (*Maneuver*), factories in the nation's own
    cities, flags outside home provinces and within the flag supply (*Maneuver* 3)."""
    info = b.nation(nid)
    for r in nat["factories"]:
        reg = b.regions[r]
        if reg.nation != nid or reg.factory_site is None:
            _fail(f"{nid} has a factory in {r}, which is not a city of {nid}")
    for r in nat["flags"]:
        reg = b.regions[r]
        if reg.kind == "home":
            _fail(f"{nid} has a flag on {r}: flags are never placed in home provinces")
        if r not in b.flag_regions:
            _fail(f"{nid} has a flag on {r}, which cannot hold flags")
    limit = flag_limit(b, g, nid)
    if len(nat["flags"]) > limit:
        _fail(f"{nid} has {len(nat['flags'])} flags; it has only {limit}")
    for r in nat["armies"]:
        if not b.regions[r].is_land:
            _fail(f"{nid} has an army in {r}, which is not a land region")
    for r in nat["fleets"]:
        reg = b.regions[r]
        if not (reg.is_sea or (reg.nation == nid and reg.harbour)):
            _fail(f"{nid} has a fleet in {r}: fleets are at sea or in the harbour of one of {nid}'s own cities")
    armies, fleets = sum(nat["armies"].values()), sum(nat["fleets"].values())
    if armies > info.armies:
        _fail(f"{nid} has {armies} armies; its supply holds only {info.armies}")
    if fleets > info.fleets:
        _fail(f"{nid} has {fleets} fleets; its supply holds only {info.fleets}")
    for r, h in nat["hostile"].items():
        owner = b.regions[r].nation
        if owner is None or owner == nid:
            _fail(f"{nid} has hostile armies in {r}: armies stand upright only in another nation's home province")
        if h > nat["armies"].get(r, 0):
            _fail(f"{nid} has {h} hostile armies in {r} but only {nat['armies'].get(r, 0)} armies there")


def _credit_sums(g: dict, nid: str, names: list[str]) -> dict[str, int]:
    sums = dict.fromkeys(names, 0)
    for v, h in g["nations"][nid]["bonds"].items():
        if h is not None:
            sums[h] += v
    return sums


def _check_governments(g: dict, b: Board, names: list[str], phase: str) -> None:
    """The government is the player with the highest credit sum (*Investor*, step 3: a tie does not take
    the government away), none while nobody holds a bond of the nation (*Set-up*); players without a
    government hold a Swiss Bank; the investor card is with a player (variant without it: nobody).

    While bonds are being bought (``invest``) governments change only at the end of the investment, and
    during the set-up auction nobody governs yet."""
    if phase == "auction":
        if g["setup"] != "auction":
            _fail("the decision is the set-up auction, but the set-up is 'standard'")
        for nid, nat in g["nations"].items():
            if nat["government"] is not None:
                _fail(f"nation {nid} has a government during the set-up auction (governments are formed after it)")
        if g["investor"] is not None:
            _fail("the investor card is handed out only after the set-up auction")
        if g["swiss_banks"]:
            _fail("Swiss Banks are handed out only after the set-up auction")
        return
    for nid, nat in g["nations"].items():
        sums = _credit_sums(g, nid, names)
        top = max(sums.values())
        gov = nat["government"]
        if phase == "invest":
            continue
        if top == 0 and gov is not None:
            _fail(f"nation {nid} is governed by {gov}, but nobody holds a bond of {nid}")
        if top > 0 and gov is None:
            _fail(f"nation {nid} has no government, but its top creditor holds {top}M of its bonds")
        if gov is not None and sums[gov] < top:
            best = next(p for p in names if sums[p] == top)
            _fail(f"nation {nid} is governed by {gov} ({sums[gov]}M of bonds), but {best} holds more ({top}M); "
                  "the government is the player with the highest credit sum")
    govs = {nat["government"] for nat in g["nations"].values()}
    swiss = [p for p in names if p not in govs]
    if g["swiss_banks"] != swiss:
        _fail(f"the Swiss Banks ({', '.join(g['swiss_banks']) or 'none'}) must be exactly the players without a "
              f"government, in seating order ({', '.join(swiss) or 'none'})")
    inv = g["investor"]
    if g["investor_card"] and inv not in names:
        _fail(f"the investor card holder {inv!r} is not a player" if inv is not None
              else "the investor card is played, so a player holds it (cards investor=NAME)")
    if not g["investor_card"] and inv is not None:
        _fail(f"{inv} holds the investor card, but the game is played without it")


def _check_turn(g: dict, b: Board, names: list[str]) -> None:
    """The decision in progress is one of the flow's phases (``rules/flow.py``), with the bookkeeping it
    needs, taken by the player the flow names (``Phase.decider``); an omitted ``player`` is filled in."""
    t = g["turn"]
    phase, nid, who = t["phase"], t["nation"], t["player"]
    spec = flow.FLOW.get(phase) if isinstance(phase, str) else None
    if spec is None:
        _fail(f"unknown decision (phase) {phase!r}; phases: {', '.join(flow.FLOW)}")
    if nid is not None and nid not in g["nations"]:
        _fail(f"the turn's nation {nid!r} is not a nation; nations: {', '.join(b.nation_ids)}")
    if who is not None and who not in names:
        _fail(f"the deciding player {who!r} is not a player")
    if phase not in ("auction", "over") and nid is None:
        _fail(f"the decision {phase!r} needs the nation whose turn it is (nation=…)")
    queue = t.get("queue") or []
    contact = t.get("contact")
    if (contact is not None) != (phase in _CONTACT_PHASES):
        _fail("a battle question (contact.…) is open exactly while the decision is contact, order or demand")
    if contact is not None:
        _check_contact(g, b, t, nid)
    if spec.decider == "queue":
        for p in queue:
            if p not in names:
                _fail(f"the turn's queue names {p!r}, who is not a player")
        if not queue:
            _fail(f"the decision {phase!r} needs the players still to be asked (queue=…)")
    expected = flow.DECIDERS[spec.decider](g, t)
    if spec.decider == "government":
        if expected is None:
            _fail(f"{nid} has no government, so it cannot decide ({phase})")
        role = f"{nid}'s government"
    elif spec.decider == "asked":
        role = f"{contact['asking'][0]}'s government"
    elif spec.decider == "queue":
        role = "the first player in the queue,"
    elif spec.decider == "canal":
        if not queue or any(not isinstance(c, str) or c not in {x.id for x in b.canals} for c in queue):
            _fail(f"a canal question needs the canals to ask about (queue=…); canals: "
                  f"{', '.join(c.id for c in b.canals) or 'none on this board'}")
        if maneuver_rules.canal_owner(g, b, queue[0]) is None:
            _fail(f"nobody's flag controls the canal {queue[0]}, so nobody is asked")
        role = "the government owning the canal,"
    else:
        role = "nobody"
    if who is not None and who != expected:
        if expected is None:
            _fail(f"nobody decides in the phase {phase!r} (player={who})")
        _fail(f"the decision {phase!r} is taken by {role} {expected}, not by {who}")
    t["player"] = expected
    forcing = phase == "swiss" or (phase == "fund" and (t.get("pending") or [""])[0] == "force")
    if forcing:
        _check_forced_stop(g, b, t, expected if phase == "swiss" else t["pending"][1])
    if phase == "invest":
        if t.get("invest_round") not in _INVEST_ROUNDS:
            _fail(f"unknown investment round {t.get('invest_round')!r}; rounds: {', '.join(_INVEST_ROUNDS)}")
        if t["invest_round"] in ("pre", "post") and t.get("invest_nation") not in g["nations"]:
            _fail("this investment round needs its nation (invest_nation=…)")
    elif t.get("invest_round"):
        _fail(f"invest_round is set ({t['invest_round']}) but the decision is {phase!r}")
    if t.get("invest_nation") is not None and t["invest_nation"] not in g["nations"]:
        _fail(f"the turn's invest_nation {t['invest_nation']!r} is not a nation")
    if phase == "auction" and not 0 <= t.get("auction_nation", 0) < len(b.nation_ids):
        _fail(f"auction_nation must be from 0 to {len(b.nation_ids) - 1}")
    if not 0 <= t.get("auction_first", 0) < len(names):
        _fail(f"auction_first must be a seat number from 0 to {len(names) - 1}")
    if phase == "production":
        nat = g["nations"][nid]
        for r in queue:
            if r not in nat["factories"]:
                _fail(f"the production choice names {r!r}, which is not a factory of {nid}")
    if t.get("imports", 0) > b.constants["import_max_units"]:
        _fail(f"{t['imports']} imports: a nation imports at most {b.constants['import_max_units']} units")
    _check_pending(g, b, t, phase, nid, names)
    _check_moves(g, b, t, nid)


def _check_forced_stop(g: dict, b: Board, t: dict, holder: str | None) -> None:
    """A Swiss Bank holder may force a nation that passes Investor to stop there (*Investor*, step 3; current
    edition with the investor card): the move it chose must be one the government could make."""
    if not rondel_rules.swiss_can_force(g, b, t["nation"]):
        _fail("a stop on Investor can be forced only in the current edition with the investor card")
    if holder not in g["swiss_banks"]:
        _fail(f"{holder} holds no Swiss Bank and cannot force a stop on Investor")
    target = t.get("target")
    if target is None:
        _fail("a forced stop needs the rondel space the nation would move to (target=…)")
    labels = space_labels(b)
    here = g["nations"][t["nation"]]["rondel"]
    if ("rondel", labels[target]) not in rondel_rules.rondel_actions(g, b):
        _fail(f"{t['nation']} cannot move to {labels[target]} (too far, or its government cannot pay)")
    if not rondel_rules.passes_investor(b, here, target):
        _fail(f"{t['nation']}'s move to {labels[target]} does not pass Investor, so no stop can be forced")


def _check_pending(g: dict, b: Board, t: dict, phase: str, nid: str | None, names: list[str]) -> None:
    pending = t.get("pending")
    if phase == "canal":
        _check_canal_move(g, b, t)
        return
    if (pending is not None) != (phase == "fund"):
        _fail("a purchase waits for money (pending=…) exactly while players are asked to fund it (phase fund), "
              "or a move waits for a canal owner (phase canal)")
    for p, amount in (t.get("pledges") or {}).items():
        if p not in names:
            _fail(f"the pledges name {p!r}, who is not a player")
        if amount < 1:
            _fail(f"{p}'s pledge must be at least 1M")
    if pending is None or nid is None:
        return
    homes = b.home[nid]
    ok = (len(pending) == 2 and pending[0] == "factory" and pending[1] in homes
          or len(pending) == 3 and pending[0] == "import" and pending[1] in ("army", "fleet") and pending[2] in homes
          or len(pending) == 2 and pending[0] == "force" and pending[1] in names)
    if not ok:
        _fail(f"pending must be factory,CITY or import,army|fleet,CITY (a home province of {nid}) or force,PLAYER; "
              f"not {','.join(pending)}")


def _check_canal_move(g: dict, b: Board, t: dict) -> None:
    """A move waiting for canal owners (Imperial 2030) is a legal move of the nation that passes through
    the canals asked about."""
    from .actions import parse_text

    pending = t.get("pending")
    try:
        k = parse_text(" ".join(pending)).key() if isinstance(pending, list) else None
    except ValueError:
        k = None
    if k is None or k[0] not in ("fleet", "army"):
        _fail("a canal question needs the fleet move or convoy that waits (pending=fleet,FROM>TO or army,…)")
    saved = t["phase"]
    t["phase"] = "fleets" if k[0] == "fleet" else "armies"
    try:
        legal = k in flow.options(g, b)
        asked = maneuver_rules.canal_questions(g, b, k)
    finally:
        t["phase"] = saved
    if not legal:
        _fail(f"the waiting move {' '.join(pending)} is not a legal move of {t['nation']} now")
    if not set(t["queue"]) <= set(asked):
        _fail(f"the waiting move {' '.join(pending)} does not pass through {', '.join(t['queue'])} under another "
              "nation's flag")


def _check_moves(g: dict, b: Board, t: dict, nid: str | None) -> None:
    """The maneuver's bookkeeping counts units of the nation that is moving."""
    nat = g["nations"][nid] if nid is not None else None
    for key, units in (("moved_armies", "armies"), ("moved_fleets", "fleets"), ("moved_hostile", "hostile"),
                       ("convoys", "fleets")):
        moved = t.get(key) or {}
        for r, n in moved.items():
            if r not in b.regions:
                _fail(f"the turn's {key}: unknown region {r!r}")
            have = nat[units].get(r, 0) if nat is not None else 0
            if n < 1 or n > have:
                _fail(f"the turn's {key}: {r}*{n}, but {nid} has {have} {units} there")
    for r, n in (t.get("moved_hostile") or {}).items():
        if n > (t.get("moved_armies") or {}).get(r, 0):
            _fail(f"the turn's moved_hostile: {r}*{n} is more than the armies that moved there")
    for r in (t.get("convoys") or {}):
        if not b.regions[r].is_sea:
            _fail(f"the turn's convoys: {r} is not a sea")
    for r in t.get("changed") or []:
        if r not in b.regions:
            _fail(f"the turn's changed: unknown region {r!r}")


def _check_contact(g: dict, b: Board, t: dict, nid: str | None) -> None:
    c = t["contact"]
    if c["region"] not in b.regions:
        _fail(f"the battle question's region {c['region']!r} is not a region")
    if (c["hostile"] is None) != (c["unit"] == "fleet"):
        _fail("contact.hostile is yes or no for an army and - for a fleet")
    asking = c["asking"]
    if len(set(asking)) != len(asking):
        _fail("contact.asking names a nation twice")
    for other in asking:
        if other not in g["nations"] or other == nid:
            _fail(f"contact.asking: {other!r} is not another nation")
        if g["nations"][other]["government"] is None:
            _fail(f"contact.asking: {other} has no government to ask")
    if t["phase"] in ("order", "demand") and not asking:
        _fail(f"the decision {t['phase']!r} needs the governments still to be asked (contact.asking=…)")
