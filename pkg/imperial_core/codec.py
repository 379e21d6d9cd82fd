"""Saves and link tokens: the one save format of the game, read strictly (``docs/saves.md``).

A **save** (:func:`save`) is a JSON text: the rules version, the set-up (or the position the record starts
from), the game record as action indices *and* in notation, the moves taken back but kept for redo, free
``meta`` data and a summary that a list of saved games shows without replaying.  A **link token**
(:func:`encode`, layout 3) holds the rules version, the set-up, the seats and the record packed as one
mixed-radix number (digit *i* has base ``len(legal_actions)`` at step *i*, so forced moves cost nothing, and
is the rank of the chosen move's notation among the sorted notations of the legal ones, so that it does not
depend on the order the engine lists them in), behind a CRC-32, in URL-safe base64.

Every game keeps the version of the rules it was started under (``GameState.version``); saves and links of
any version in ``model.RULES_READ`` open and continue under their own rules, and :func:`upgrade` moves a game
to the current rules only when its whole record replays the same under them (``docs/saves.md``, *The
promise*).

:func:`read_save` / :func:`load` read a save, a token, a link with ``#g=TOKEN``, and the formats written
before this one (the engine's JSON dump and the page's save format 1).  Everything is replayed through
the engine; every malformed input raises :class:`BadToken` with a message for people, never anything
else.  The codec only uses the engine's public functions (``new_game``, ``follow``, ``legal_actions``,
``apply``...).
"""

from __future__ import annotations

import base64
import json
import math
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import model
from .actions import notation_of
from .board import BOARDS
from .engine import (
    OPTIONS,
    Step,
    apply,
    apply_index,
    follow,
    follow_indices,
    follow_keys,
    legal_actions,
    new_game,
    options_of,
    step,
)
from .errors import BadToken, IllegalAction
from .model import GameState

#: The ``format`` and ``format_version`` of a save written by :func:`save`.
SAVE_FORMAT = "imperial-save"
SAVE_VERSION = 2

#: The layout of the link tokens :func:`encode` writes: a token's first number (layout 2: the tokens written
#: before, whose first number was the rules version 2 and whose record holds indices into ``legal_actions``).
LINK_LAYOUT = 3
#: The kinds of seat a layout-3 link names, one byte per player: an index into this tuple.  Append-only: a
#: code keeps its meaning for ever, and a code this build does not know is refused as made by a newer one.
LINK_SEATS = ("human", "easy", "normal", "strong", "expert")

#: Limits of what is read (anything larger is refused as damaged).
MAX_TEXT = 2_000_000  # characters of a save or link
MAX_ACTIONS = 20_000  # moves in a record (a game of Imperial takes about 300-1,000)
MAX_DEPTH = 32  # nesting of JSON arrays and objects (a save needs 4)
MAX_ORIGIN = 200_000  # characters of a position text
SEED_LIMIT = 2**63  # seeds are read from -2**63 to 2**63 - 1

_EDITIONS = ("current", "first")
_SETUPS = ("standard", "auction")
_ORIGIN_FLAG = 8  # bit 3 of a token's flags: the record starts from a position (zlib text follows)
_INCREASE_BONUS_FLAG = 16  # bit 4: Imperial 2030's variant "Bonus only for tax increases"
_BY_LINK_FLAG = 32  # bit 5 (layout 3): the game is played by link, each friend on their own device
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_-]+")
_TURN_SHOWN = ("phase", "nation", "player")  # what a saved dump's turn is checked for


@dataclass(frozen=True)
class SavedGame:
    """What a save holds: the game at its present, the moves taken back (``redo``: action indices, the
    first valid from ``state``), and the free ``meta`` data stored with it (a link's: ``{"seats": [...]}``,
    and ``"by_link": True`` for a game played by link; ``{}`` for a link of layout 2)."""

    state: GameState
    redo: list[int] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


# -- the start of a record and replays -------------------------------------------------------------------


def _key_of(state: GameState) -> tuple:
    """What identifies the state a record starts from."""
    return (state.version, *options_of(state).values(), tuple(p["name"] for p in state.players), state.origin)


def _new(game: dict[str, Any]) -> GameState:
    """The set-up described by a (checked) ``game`` block."""
    try:
        return new_game(list(game["players"]), **{k: game[k] for k in OPTIONS}, version=game["version"])
    except IllegalAction as e:
        raise BadToken(f"the set-up is invalid: {e}") from None


def _from_position(text: str) -> GameState:
    """The state a position text describes, as the start of a record (``origin``: the canonical text)."""
    try:
        from .position import from_position  # imported only when a position is read
    except ImportError:
        raise BadToken("this game starts from a position, which this version cannot read") from None
    state = from_position(text)
    if state.origin is None or state.history:
        raise BadToken("the starting position is invalid")  # pragma: no cover - from_position never does that
    return state


def start_of(state: GameState) -> GameState:
    """The state ``state``'s record starts from: its set-up, or the position ``state.origin``."""
    return _start_under(state, state.version)


def _start_under(state: GameState, version: int) -> GameState:
    """The start of ``state``'s record played under rules ``version`` (its position's header says it)."""
    if state.origin is not None:
        text = state.origin
        if version != state.version:  # the canonical text: "imperial <version> board=..."
            word, _old, rest = text.split(" ", 2)
            text = f"{word} {version} {rest}"
        return _from_position(text)
    return new_game([p["name"] for p in state.players], **options_of(state), version=version)


def replay(state: GameState) -> GameState:
    """Rebuild a state from the start of its record and its history.  Raises :class:`BadToken`."""
    try:
        return follow_indices(start_of(state), state.history)
    except IllegalAction as e:
        raise BadToken(f"the game record is invalid: {e}") from None


def undo(state: GameState, n: int = 1) -> GameState:
    """The state ``n`` actions earlier (replays the record from its start)."""
    if not 0 <= n <= len(state.history):
        raise IllegalAction(f"cannot take back {n} actions; the game has {len(state.history)}")
    return follow_indices(start_of(state), state.history[: len(state.history) - n])


class _Differs(Exception):
    """A step of a record that the current rules would replay differently (:func:`upgrade`)."""


def _without(state: GameState, keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in state if k not in keys}


def upgrade(state: GameState) -> GameState | None:
    """The same game moved to the current rules (``model.RULES_VERSION``), or ``None`` if the current rules
    would replay its record differently.  The record must replay the same in notation: at every step the
    legal actions are the same set of notations under both rules (at the present too), each recorded move
    is among them, and the game arrives at the same state (apart from ``version``, the ``origin``'s header,
    which names the version, and the indices in ``history``, which follow the current rules' order of the
    legal actions).  A game already under the current rules is returned as it is.  Replays the game twice;
    raises :class:`IllegalAction` for a state whose own record is invalid."""
    current = model.RULES_VERSION
    if state.version == current:
        return state
    steps: list[tuple[list[str], str | None]] = []  # the sorted notations of the legal actions; the choice
    it = iter(state.history)

    def look(keys: list[tuple]) -> int | None:
        i = next(it, None)
        names = list(map(notation_of, keys))
        steps.append((sorted(names), None if i is None or not 0 <= i < len(names) else names[i]))
        return i

    follow_keys(start_of(state), look)
    try:
        start = _start_under(state, current)
    except (IllegalAction, BadToken):  # the current rules refuse the set-up or the starting position
        return None
    k = 0

    def same(keys: list[tuple]) -> int | None:
        nonlocal k
        names = list(map(notation_of, keys))
        want, chosen = steps[k]
        if sorted(names) != want:
            raise _Differs
        k += 1
        return None if chosen is None else names.index(chosen)

    try:
        new = follow_keys(start, same)
    except (_Differs, IllegalAction):
        return None
    ignore = ("version", "origin", "history")
    return new if _without(new, ignore) == _without(state, ignore) else None


def radices(state: GameState) -> list[int]:
    """Number of legal actions before each recorded action (replays the game)."""
    out: list[int] = []
    it = iter(state.history)

    def pick(n: int) -> int | None:
        i = next(it, None)
        if i is not None:
            out.append(n)
        return i

    follow(start_of(state), pick)
    return out


# -- the record in notation (remembered for the last game, so that autosaving after a move is cheap) ----

_Entry = tuple[str | None, str | None, str]  # who decided, for which nation, the action in notation


@dataclass
class _Log:
    key: tuple
    indices: list[int]
    entries: list[_Entry]
    end: GameState  # the state after ``indices``


_last_log: list[_Log] = []


def _log_of(start: Callable[[], GameState], key: tuple, indices: list[int]) -> list[_Entry]:
    """``(player, nation, notation)`` of each action of a record; raises :class:`IllegalAction`."""
    n = len(indices)
    known = _last_log[0] if _last_log and _last_log[0].key == key else None
    if known is not None and known.indices[:n] == indices:
        return known.entries[:n]
    if known is not None and indices[: len(known.indices)] == known.indices:
        state, entries = known.end, known.entries[:]
    else:
        state, entries = start(), []
    for k in range(len(entries), n):
        acts = legal_actions(state)
        i = indices[k]
        if not 0 <= i < len(acts):
            raise IllegalAction(f"recorded action {k + 1} ({i}) is not among the {len(acts)} legal actions")
        entries.append((state.current_player, state.active_nation, str(acts[i])))
        state = apply_index(state, i)
    _last_log[:] = [_Log(key, list(indices), entries, state)]
    return entries[:]


def history_log(state: GameState) -> list[tuple[str | None, str | None, str]]:
    """The game record as ``(player, nation whose turn it was, notation)``, one entry per action."""
    return _log_of(lambda: start_of(state), _key_of(state), list(state.history))


# -- link tokens ------------------------------------------------------------------------------------------


def _varint(n: int, out: bytearray) -> None:
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def varint(self, limit: int = 2**64) -> int:
        shift = n = 0
        while True:
            if self.pos >= len(self.data):
                raise BadToken.said("errors.link.cut")
            byte = self.data[self.pos]
            self.pos += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                if n > limit:
                    raise BadToken.said("errors.link.number_range")
                return n
            if shift >= 70:
                raise BadToken.said("errors.link.number_long")

    def take(self, k: int) -> bytes:
        if self.pos + k > len(self.data):
            raise BadToken.said("errors.link.cut")
        chunk = self.data[self.pos:self.pos + k]
        self.pos += k
        return chunk


def _check_seed(seed: int) -> None:
    if not -SEED_LIMIT <= seed < SEED_LIMIT:
        raise BadToken(f"the seed {seed} is out of range (-2**63 to 2**63 - 1)")


def _seat_codes(seats: Sequence[str] | None, n: int) -> bytes:
    """The seat codes (indices into :data:`LINK_SEATS`) of ``n`` players' ``seats`` (``None``: all human)."""
    if seats is None:
        return bytes(n)
    if isinstance(seats, str) or len(seats) != n:
        raise ValueError(f"seats must name one kind of seat for each of the {n} players")
    for s in seats:
        if s not in LINK_SEATS:
            raise ValueError(f"unknown kind of seat {s!r}: use one of {', '.join(LINK_SEATS)}")
    return bytes(LINK_SEATS.index(s) for s in seats)


def _ranks(state: GameState) -> list[tuple[int, int]]:
    """For each recorded action: the number of legal actions at that step, and the rank of the chosen one's
    notation among the sorted notations of all of them (replays the game).  Raises ``ValueError`` if two
    legal actions share the chosen one's notation (a link could not tell them apart)."""
    out: list[tuple[int, int]] = []
    it = iter(state.history)

    def pick(keys: list[tuple]) -> int | None:
        i = next(it, None)
        if i is None:
            return None
        n = len(keys)
        if n == 1:
            out.append((1, 0))
        elif 0 <= i < n:  # (an index out of range: follow_keys says so)
            names = list(map(notation_of, keys))
            chosen = names[i]
            if names.count(chosen) != 1:
                raise ValueError(f"two legal actions are written {chosen!r}: the link cannot tell them apart")
            out.append((n, sum(map(chosen.__gt__, names))))
        return i

    follow_keys(start_of(state), pick)
    return out


def encode(state: GameState, *, seats: Sequence[str] | None = None, by_link: bool = False) -> str:
    """A URL-safe link token (layout 3, ``docs/saves.md``) of the whole game: its rules version, set-up or
    position, ``seats`` (one of :data:`LINK_SEATS` per player in seating order; ``None``: all human),
    whether it is played ``by_link`` (each friend on their own device), and each chosen action as the rank
    of its notation among the sorted notations of the legal actions.  Raises ``ValueError`` for seats of
    the wrong number or kind."""
    _check_seed(state.seed)
    codes = _seat_codes(seats, len(state.players))
    out = bytearray()
    _varint(LINK_LAYOUT, out)
    _varint(state.version, out)
    _varint(BOARDS.index(state.board), out)
    flags = (_EDITIONS.index(state.edition)) | (_SETUPS.index(state.setup) << 1) | ((not state.investor_card) << 2)
    if state.increase_bonus:
        flags |= _INCREASE_BONUS_FLAG
    if state.origin is not None:
        flags |= _ORIGIN_FLAG
    if by_link:
        flags |= _BY_LINK_FLAG
    out.append(flags)
    _varint(state.seed * 2 if state.seed >= 0 else -state.seed * 2 - 1, out)
    _varint(len(state.players), out)
    for p in state.players:
        raw = p["name"].encode("utf-8")
        _varint(len(raw), out)
        out += raw
    if state.origin is not None:
        packed = zlib.compress(state.origin.encode("utf-8"), 9)
        _varint(len(packed), out)
        out += packed
    out += codes
    _varint(len(state.history), out)
    number = 0
    for base, rank in reversed(_ranks(state)):
        number = number * base + rank
    body = number.to_bytes((number.bit_length() + 7) // 8, "big")
    _varint(len(body), out)
    out += body
    out += zlib.crc32(bytes(out)).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def _reads() -> str:
    """The rules versions this engine reads, for a message (``"2"``, ``"2, 3"``)."""
    return ", ".join(map(str, model.RULES_READ))


def _version_error(what: str, version: int) -> BadToken:
    """A link or save (``what``) of rules this engine does not play (newer, or older than it keeps)."""
    which = "newer" if version > model.RULES_VERSION else "older"
    return BadToken.said(f"errors.{what}_{which}", version=version, reads=_reads())


def _unzip(packed: bytes) -> str:
    """A position text packed in a token (at most ``MAX_ORIGIN`` characters)."""
    z = zlib.decompressobj()
    try:
        raw = z.decompress(packed, MAX_ORIGIN * 4 + 1)
        if not z.eof or z.unused_data or z.unconsumed_tail or len(raw) > MAX_ORIGIN * 4:
            raise BadToken.said("errors.link.position")
        return raw.decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        raise BadToken.said("errors.link.position") from None


def decode(token: str) -> GameState:
    """The game a token describes (see :func:`decode_link`).  Raises :class:`BadToken`."""
    return decode_link(token).state


def decode_link(token: str, steps: list[Step] | None = None) -> SavedGame:
    """The game a link token describes, with its ``meta``: ``{"seats": [...]}`` (plus ``"by_link": True``
    when the game is played by link) for layout 3, ``{}`` for layout 2.  Raises :class:`BadToken` if it is
    damaged, cut short, tampered with, or made by a newer version or under rules this engine no longer
    plays.  The checksum is checked before anything else.  ``steps``: the replay kept, as
    :func:`imperial_core.engine.follow_keys` keeps it."""
    if not isinstance(token, str):
        raise BadToken("a link token is text")
    token = token.strip()
    if len(token) > MAX_TEXT:
        raise BadToken.said("errors.link.too_long")
    if not _TOKEN_CHARS.fullmatch(token):
        raise BadToken.said("errors.link.characters")
    if len(token) % 4 == 1 or len(token) < 12:
        raise BadToken.said("errors.link.cut")
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    if zlib.crc32(raw[:-4]).to_bytes(4, "big") != raw[-4:]:
        raise BadToken.said("errors.link.checksum")
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != token:
        raise BadToken.said("errors.link.last_char")
    r = _Reader(raw[:-4])
    layout = r.varint()
    if layout > LINK_LAYOUT:
        raise BadToken.said("errors.link_layout_newer", version=layout, reads=LINK_LAYOUT)
    if layout < 2:  # the first tokens: their first number was the rules version 1 (before the rules audit)
        raise _version_error("link", layout)
    version = 2 if layout == 2 else r.varint(2**31)  # a layout-2 token's first number was its rules version
    if version not in model.RULES_READ:
        raise _version_error("link", version)
    board_i = r.varint()
    if board_i >= len(BOARDS):
        raise BadToken(f"this link names an unknown board ({board_i})")
    flags = r.take(1)[0]
    if flags >> (5 if layout == 2 else 6):
        raise BadToken("this link has unknown option flags")
    z = r.varint(2 * SEED_LIMIT)
    seed = z // 2 if z % 2 == 0 else -(z + 1) // 2
    _check_seed(seed)
    names = []
    for _ in range(r.varint(6)):
        try:
            names.append(r.take(r.varint(MAX_TEXT)).decode("utf-8"))
        except UnicodeDecodeError:
            raise BadToken.said("errors.link.names") from None
    origin = _unzip(r.take(r.varint(MAX_TEXT))) if flags & _ORIGIN_FLAG else None
    meta: dict[str, Any] = {}
    if layout == 3:
        codes = r.take(len(names))
        for c in codes:
            if c >= len(LINK_SEATS):
                raise BadToken.said("errors.link_seat_newer", code=c)
        meta["seats"] = [LINK_SEATS[c] for c in codes]
        if flags & _BY_LINK_FLAG:
            meta["by_link"] = True
    n_actions = r.varint(MAX_ACTIONS)
    number = int.from_bytes(r.take(r.varint(MAX_TEXT)), "big")
    if r.pos != len(r.data):
        raise BadToken.said("errors.link.trailing")
    game = {"board": BOARDS[board_i], "edition": _EDITIONS[flags & 1], "setup": _SETUPS[(flags >> 1) & 1],
            "investor_card": not (flags >> 2) & 1, "increase_bonus": bool(flags & _INCREASE_BONUS_FLAG),
            "seed": seed, "players": names, "version": version}
    start = _start(game, origin)
    step = 0
    ranked = layout >= 3

    def pick(keys: list[tuple]) -> int | None:
        nonlocal number, step
        if step == n_actions:
            return None
        n = len(keys)
        if not n:
            raise BadToken(f"this link records more actions ({n_actions}) than the game lasted ({step})")
        step += 1
        if n == 1:
            return 0
        number, digit = divmod(number, n)
        if not ranked:  # layout 2: the index in legal_actions
            return digit
        names = list(map(notation_of, keys))
        return names.index(sorted(names)[digit])

    try:
        state = follow_keys(start, pick, steps)
    except IllegalAction as e:  # pragma: no cover - pick only returns legal indices
        raise BadToken(f"the game record is invalid: {e}") from None
    if number:
        raise BadToken.said("errors.link.unused")
    return SavedGame(state, [], meta)


# -- reading JSON strictly --------------------------------------------------------------------------------

# One linear pass: a string (its closing quote optional, so an unclosed one ends the scan instead of being
# tried again from every later quote) or a bracket.
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadToken("the save holds a number out of range")
    return value


def _no_constant(text: str) -> Any:
    raise BadToken(f"the save holds {text}, which is not JSON")


def _parse_json(text: str) -> Any:
    depth = 0
    for m in _STRING_OR_BRACKET.finditer(text):
        if m.group()[0] == '"':
            continue
        if m.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BadToken("this is not an Imperial save (nested too deeply)")
        else:
            depth -= 1
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise BadToken(f"this is not an Imperial save (not JSON: {str(e)[:80]})") from None


def _text_of(data: str | bytes) -> str:
    """Input as text: bytes must be UTF-8; a byte-order mark and surrounding white space are dropped."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise BadToken.said("errors.not_save_text") from None
    if not isinstance(data, str):
        raise BadToken(f"a save or link is text, not {type(data).__name__}")
    if len(data) > MAX_TEXT:
        raise BadToken(f"this is not an Imperial save (longer than {MAX_TEXT} characters)")
    return data.lstrip("\ufeff").strip()


def _get(d: dict[str, Any], key: str, kind: type, where: str) -> Any:
    """``d[key]``, which must be a ``kind`` (dict, list, str or bool)."""
    if key not in d:
        raise BadToken.said("errors.save_damaged", detail=f"{where}{key} is missing")
    value = d[key]
    if not isinstance(value, kind):
        raise BadToken.said("errors.save_damaged", detail=f"{where}{key} has the wrong type")
    return value


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise BadToken.said("errors.save_damaged", detail=f"{what} is not a whole number from {lo} to {hi}")
    return value


def _valid_text(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8 (JSON read from text may hold lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _plain_text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise BadToken.said("errors.save_damaged", detail=f"{what} is not text")
    if not _valid_text(value):
        raise BadToken.said("errors.save_damaged", detail=f"{what} is not valid text")
    return value


def _rules_version(value: Any, what: str = "save") -> int:
    """The rules version of a save (its ``engine_version``) or engine dump (``version``): one this engine
    plays (``model.RULES_READ``), else the reason."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**31:
        raise BadToken(f"the {what} is damaged (its engine format is not a number)")
    if value not in model.RULES_READ:
        raise _version_error(what, value)
    return value


def _game(d: dict[str, Any], names: Any, version: int, where: str = "") -> dict[str, Any]:
    """The set-up options of a save, checked (``names``: the list of player names), and the rules
    ``version`` the game is played under (checked already)."""
    board = _get(d, "board", str, where)
    if board not in BOARDS:
        raise BadToken(f"the save names an unknown board ({board[:40]!r})")
    edition = _get(d, "edition", str, where)
    setup = _get(d, "setup", str, where)
    if edition not in _EDITIONS or setup not in _SETUPS:
        raise BadToken("the save names an unknown edition or set-up")
    investor_card = _get(d, "investor_card", bool, where)
    increase_bonus = d.get("increase_bonus", False)
    if not isinstance(increase_bonus, bool):
        raise BadToken.said("errors.save_damaged", detail="increase_bonus is not true or false")
    seed = _int(d.get("seed"), "the seed", -SEED_LIMIT, SEED_LIMIT - 1)
    if not isinstance(names, list) or not 2 <= len(names) <= 6:
        raise BadToken.said("errors.save_damaged", detail="it must name 2 to 6 players")
    players = [_plain_text(n, "a player name") for n in names]
    return {"board": board, "edition": edition, "setup": setup, "investor_card": investor_card,
            "increase_bonus": increase_bonus, "seed": seed, "players": players, "version": version}


def _start(game: dict[str, Any], origin: Any) -> GameState:
    """The state a record starts from: the set-up ``game``, or the position ``origin`` (which must be
    for the same players, options and rules version)."""
    if origin is None:
        return _new(game)
    if not isinstance(origin, str) or len(origin) > MAX_ORIGIN:
        raise BadToken.said("errors.save_damaged", detail="its starting position is not a position text")
    _plain_text(origin, "the starting position")
    try:
        start = _from_position(origin)
    except IllegalAction as e:
        raise BadToken(f"the starting position is invalid: {e}") from None
    if ([*options_of(start).values()], [p["name"] for p in start.players], start.version) != (
            [game[k] for k in OPTIONS], game["players"], game["version"]):
        raise BadToken("the starting position does not match the save's players and options")
    return start


def _indices(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise BadToken.said("errors.save_damaged", detail=f"{what} is not a list of up to {MAX_ACTIONS} moves")
    for i in value:
        _int(i, f"a move of {what}", 0, 10**6)
    return value


def _notation(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise BadToken.said("errors.save_damaged", detail=f"{what} is not a list of up to {MAX_ACTIONS} moves")
    for t in value:
        if not isinstance(t, str) or len(t) > 200:
            raise BadToken.said("errors.save_damaged", detail=f"a move of {what} is not an action in notation")
    return value


def _follow_record(start: GameState, indices: list[int] | None, notation: list[str] | None,
                   what: str, *, lenient: bool = False, steps: list[Step] | None = None) -> GameState:
    """``start`` after a record given by indices, by notation, or both: then the notation decides (it names
    the moves whatever the order of the legal actions) and the indices only have to be as many.
    ``lenient``: stop at the first move that cannot be played instead of refusing (a legacy redo tail).
    ``steps``: the replay kept (see :func:`imperial_core.engine.follow_keys`; not for ``lenient``)."""
    if notation is None:
        assert indices is not None
        if lenient:
            return _follow_lenient(start, indices)
        try:
            return follow_indices(start, indices, steps)
        except IllegalAction as e:
            raise BadToken(f"the {what} is invalid: {e}") from None
    if indices is not None and len(indices) != len(notation):
        raise BadToken.said("errors.save_damaged", detail=f"the {what} has {len(indices)} indices for {len(notation)} moves")
    state = start
    entries: list[_Entry] = []
    for k, text in enumerate(notation):
        try:
            nxt, events = step(state, text) if steps is not None else (apply(state, text), None)
        except IllegalAction as e:
            if lenient:
                break
            raise BadToken(f"move {k + 1} of the {what} ({text[:60]}) cannot be played: {e}") from None
        action = legal_actions(state)[nxt.history[-1]]
        entries.append((state.current_player, state.active_nation, str(action)))
        if steps is not None:
            steps.append((action, nxt, events))
        state = nxt
    if not start.history:  # the whole record from its start: the next save need not replay it for notation
        _last_log[:] = [_Log(_key_of(start), list(state.history), entries, state)]
    return state


def _follow_lenient(start: GameState, indices: list[int]) -> GameState:
    it = iter(indices)

    def pick(n: int) -> int | None:
        i = next(it, None)
        return i if i is not None and 0 <= i < n else None

    return follow(start, pick)


def _record(d: Any, what: str) -> tuple[list[int] | None, list[str] | None]:
    """A ``{"indices": [...], "notation": [...]}`` block (at least one of the two)."""
    if not isinstance(d, dict) or not ({"indices", "notation"} & d.keys()) or d.keys() - {"indices", "notation"}:
        raise BadToken.said("errors.save_damaged", detail=f"the {what} is not a record")
    indices = _indices(d["indices"], f"the {what}") if "indices" in d else None
    notation = _notation(d["notation"], f"the {what}") if "notation" in d else None
    return indices, notation


def _redo_of(present: GameState, after: GameState) -> list[int]:
    return list(after.history[len(present.history):])


# -- the save format --------------------------------------------------------------------------------------


def summary_of(state: GameState) -> dict[str, Any]:
    """What a list of saved games shows: players, board, moves, whether it is over, who decides what for
    which nation, and the round."""
    return {
        "players": [p["name"] for p in state.players], "board": state.board, "moves": len(state.history),
        "over": state.is_over, "player": state.current_player, "nation": state.active_nation,
        "decision": state.decision, "round": state.round,
    }


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)


def setup_block(state: GameState) -> tuple[dict[str, Any], str | None]:
    """What a save writes of the game's set-up: its ``game`` block (board, options, seed, players in order)
    and its ``origin`` (the starting position of a game from a position, else ``None``).  Two records of the
    same set-up and origin are records of the same game."""
    _check_seed(state.seed)
    game: dict[str, Any] = {"board": state.board, "edition": state.edition, "setup": state.setup,
                            "investor_card": state.investor_card, "seed": state.seed,
                            "players": [p["name"] for p in state.players]}
    if state.increase_bonus:  # written only when set: saves of games without it read as before
        game["increase_bonus"] = True
    return game, state.origin


def remember_record(start: GameState, states: list[GameState], notation: list[str]) -> None:
    """A replay made elsewhere (the page's timeline: ``states[k + 1]`` is ``states[k]`` after the move
    ``notation[k]``, ``states[0]`` is ``start``), kept as the record in notation of the last game, so that
    the next :func:`save` of it need not replay it again.  Only the engine's own states belong here."""
    n = len(notation)
    if len(states) != n + 1 or states[0] is not start or start.history:
        raise ValueError("the states are not a replay of the notation from the start")
    entries = [(states[k].current_player, states[k].active_nation, notation[k]) for k in range(n)]
    _last_log[:] = [_Log(_key_of(start), list(states[-1].history), entries, states[-1])]


def save(state: GameState, *, meta: dict[str, Any] | None = None, redo: list[int] | None = None) -> str:
    """The save of ``state`` as JSON text (``docs/saves.md``): set-up or starting position, the record as
    indices and notation, ``redo`` (indices of moves taken back, the first valid from ``state``), free
    JSON ``meta`` and a summary.  The same arguments always give the same text."""
    if meta is not None and not isinstance(meta, dict):
        raise TypeError("meta must be a dict")
    game, origin = setup_block(state)
    redo = [int(i) for i in redo or ()]
    history = list(state.history)
    entries = _log_of(lambda: start_of(state), _key_of(state), history + redo)
    notation = [e[2] for e in entries]
    parts = [
        ("format", SAVE_FORMAT), ("format_version", SAVE_VERSION), ("engine_version", state.version),
        ("summary", summary_of(state)), ("meta", meta or {}), ("game", game),
    ]
    if origin is not None:
        parts.append(("origin", origin))
    parts += [
        ("record", {"indices": history, "notation": notation[: len(history)]}),
        ("redo", {"indices": redo, "notation": notation[len(history):]}),
    ]
    return "{\n" + ",\n".join(f"{json.dumps(k)}: {_dump(v)}" for k, v in parts) + "\n}\n"


def _read_v2(data: dict[str, Any], steps: list[Step] | None = None) -> SavedGame:
    known = {"format", "format_version", "engine_version", "summary", "meta", "game", "origin", "record", "redo"}
    if data.keys() - known:
        raise BadToken.said("errors.save_damaged", detail=f"unknown part {sorted(data.keys() - known)[0][:40]!r}")
    version = _rules_version(data.get("engine_version"))
    g = _get(data, "game", dict, "")
    game = _game(g, g.get("players"), version, "game.")
    if g.keys() - game.keys() or "version" in g:  # the version is the save's engine_version
        raise BadToken.said("errors.save_damaged", detail="unknown set-up option")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise BadToken.said("errors.save_damaged", detail="meta is not an object")
    if not _valid_text(_dump(meta)):
        raise BadToken.said("errors.save_damaged", detail="meta is not valid text")
    indices, notation = _record(data.get("record"), "game record")
    redo_i, redo_n = _record(data.get("redo", {"indices": []}), "redo list")
    start = _start(game, data.get("origin"))
    state = _follow_record(start, indices, notation, "game record", steps=steps)
    after = _follow_record(state, redo_i, redo_n, "redo list", steps=steps)
    if "summary" in data and data["summary"] != summary_of(state):
        raise BadToken.said("errors.save_edited")
    return SavedGame(state, _redo_of(state, after), meta)


# -- formats written before this one ---------------------------------------------------------------------


def _matches(state: GameState, data: dict[str, Any]) -> bool:
    """Whether a saved state dump shows the replayed ``state``: every field the dump has (dumps made before
    ``round`` and ``origin`` existed lack them), and of the turn in progress who decides what for which
    nation (its other fields are the engine's bookkeeping, which may change between releases)."""
    expected = json.loads(state.model_dump_json())
    seen = {k: v for k, v in data.items() if k in expected}
    if seen.keys() != data.keys():
        return False
    expected = {k: v for k, v in expected.items() if k in data}
    if "turn" in data:
        if not isinstance(data["turn"], dict):
            return False
        seen["turn"] = {k: data["turn"].get(k) for k in _TURN_SHOWN}
        expected["turn"] = {k: expected["turn"].get(k) for k in _TURN_SHOWN}
    return expected == seen


def _read_dump(data: dict[str, Any], notation: list[str] | None = None) -> GameState:
    """The engine's JSON dump of a state (``GameState.model_dump_json()``), checked by replaying its
    record (by ``notation`` if given, else by the indices of its history)."""
    if "version" not in data:
        raise BadToken.said("errors.not_save")
    version = _rules_version(data["version"])
    game = _game(data, [p.get("name") if isinstance(p, dict) else None for p in _get(data, "players", list, "")],
                 version)
    history = _indices(_get(data, "history", list, ""), "the game record")
    state = _follow_record(_start(game, data.get("origin")), history if notation is None else None, notation,
                           "game record")
    if not _matches(state, data):
        raise BadToken.said("errors.save_edited")
    return state


def _read_v1(data: dict[str, Any]) -> SavedGame:
    """The page's save format 1: ``state`` (an engine dump), ``log`` / ``redo_log`` (notation) or ``redo``
    (indices), ``id``, ``created``, ``saved``.  A damaged redo tail is cut, as that page did."""
    state_data = _get(data, "state", dict, "")
    log = data.get("log")
    state = _read_dump(state_data, _notation(log, "the game record") if log is not None else None)
    redo_log, redo = data.get("redo_log"), data.get("redo")
    after = state
    if isinstance(redo_log, list) and all(isinstance(t, str) and len(t) <= 200 for t in redo_log) \
            and len(redo_log) <= MAX_ACTIONS and log is not None:
        after = _follow_record(state, None, redo_log, "redo list", lenient=True)
    elif isinstance(redo, list) and len(redo) <= MAX_ACTIONS and all(isinstance(i, int) for i in redo):
        after = _follow_record(state, redo, None, "redo list", lenient=True)
    meta = {k: data[k] for k in ("id", "created", "saved") if k in data}
    if "id" in meta and not (isinstance(meta["id"], str) and _valid_text(meta["id"])):
        del meta["id"]
    for k in ("created", "saved"):
        if k in meta and (not isinstance(meta[k], (int, float)) or isinstance(meta[k], bool)):
            del meta[k]
    return SavedGame(state, _redo_of(state, after), meta)


# -- reading anything -------------------------------------------------------------------------------------


def _link_token(text: str) -> str | None:
    """The token of a link ``...#g=TOKEN`` (``None`` if ``text`` is not such a link)."""
    if "#g=" not in text:
        return None
    return text.split("#g=", 1)[1].split("&", 1)[0]


def _json_save(text: str) -> dict[str, Any]:
    data = _parse_json(text)
    if not isinstance(data, dict):
        raise BadToken.said("errors.not_save")
    return data


def _format_version(data: dict[str, Any]) -> int:
    if data.get("format") != SAVE_FORMAT:
        raise BadToken.said("errors.not_save")
    v = data.get("format_version")
    if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v < 2**31:
        raise BadToken.said("errors.save_damaged", detail="its format version is not a number")
    if v > SAVE_VERSION:
        raise BadToken.said("errors.save_format_newer", version=v, reads=SAVE_VERSION)
    return v


def read_save(text: str | bytes, steps: list[Step] | None = None) -> SavedGame:
    """Read a save (this format or an older one), a link token, or a link containing ``#g=TOKEN`` (its
    ``meta``: the seats, see :func:`decode_link`).  Raises :class:`BadToken` (only) with the reason when it
    cannot be read.  ``steps``: the replay that checked it, kept move by move as
    :func:`imperial_core.engine.follow_keys` keeps it (its moves and then those of ``redo``), for a save of
    this format or a link; left empty for older formats."""
    text = _text_of(text)
    if not text:
        raise BadToken.said("errors.empty")
    if text[0] in '{["' or text in ("null", "true", "false"):
        data = _json_save(text)
        if "format" in data:
            return _read_v1(data) if _format_version(data) == 1 else _read_v2(data, steps)
        return SavedGame(_read_dump(data))
    token = _link_token(text)
    if token is None and "://" in text:
        raise BadToken.said("errors.no_game_in_link")
    return decode_link(text if token is None else token, steps)


def load(text: str | bytes) -> GameState:
    """The game of a save or a link (see :func:`read_save`)."""
    return read_save(text).state


def read_summary(text: str | bytes) -> dict[str, Any]:
    """What a list of saved games shows, read without replaying the game (a link is replayed, and its
    ``meta`` is :func:`decode_link`'s): ``players``, ``board``, ``moves``, ``over``, ``player``, ``nation``,
    ``decision``, ``round`` (``None`` when the save does not say) and ``meta``.  Raises :class:`BadToken` if the save cannot be listed;
    a save listed this way may still fail to open (:func:`read_save` checks everything)."""
    text = _text_of(text)
    if not text.startswith("{"):
        saved = read_save(text)
        return {**summary_of(saved.state), "meta": saved.meta}
    data = _json_save(text)
    if "format" not in data:
        _rules_version(data.get("version"))
        return _summary_of_dump(data, {})
    if _format_version(data) == 1:
        meta = {k: data[k] for k in ("id", "created", "saved") if k in data}
        state = _get(data, "state", dict, "")
        _rules_version(state.get("version"))
        turn = _get(data, "turn", dict, "")
        s = {"players": data.get("players"), "board": data.get("board"), "moves": data.get("moves"),
             "over": data.get("over"), "player": turn.get("player"), "nation": turn.get("nation"),
             "decision": turn.get("phase"), "round": state.get("round")}
    else:
        _rules_version(data.get("engine_version"))
        s = _get(data, "summary", dict, "")
        meta = _get(data, "meta", dict, "")
    return _checked_summary(s, meta)


def _summary_of_dump(data: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    turn = _get(data, "turn", dict, "")
    players = _get(data, "players", list, "")
    history = _get(data, "history", list, "")
    phase = turn.get("phase")
    return _checked_summary({
        "players": [p.get("name") if isinstance(p, dict) else None for p in players], "board": data.get("board"),
        "moves": len(history), "over": phase == "over", "player": None if phase == "over" else turn.get("player"),
        "nation": turn.get("nation"), "decision": phase, "round": data.get("round"),
    }, meta)


def _checked_summary(s: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    players = s.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadToken.said("errors.save_damaged", detail="its list of players")
    out = {"players": players, "board": s.get("board"), "moves": s.get("moves"), "over": s.get("over"),
           "player": s.get("player"), "nation": s.get("nation"), "decision": s.get("decision"),
           "round": s.get("round"), "meta": meta}
    if not isinstance(out["board"], str) or not isinstance(out["over"], bool):
        raise BadToken.said("errors.save_damaged", detail="its summary")
    if not isinstance(out["moves"], int) or isinstance(out["moves"], bool) or out["moves"] < 0:
        raise BadToken.said("errors.save_damaged", detail="its number of moves")
    for k in ("player", "nation", "decision"):
        if out[k] is not None and not isinstance(out[k], str):
            raise BadToken.said("errors.save_damaged", detail=f"its summary's {k}")
    if out["round"] is not None and (not isinstance(out["round"], int) or isinstance(out["round"], bool)):
        out["round"] = None
    return out
