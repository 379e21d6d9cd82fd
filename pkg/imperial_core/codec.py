"""Link tokens and saves.

A token holds the set-up (engine-format version, board, options, seed, player names) and the game
record: the index of each chosen action in ``legal_actions``.  The indices are packed as one
mixed-radix number whose digit *i* has base ``len(legal_actions)`` at step *i* — forced moves cost
nothing and every choice costs only log2(choices) bits — followed by a CRC-32 of everything, all in
URL-safe base64 without padding.  :func:`decode` replays the record, so a tampered index that
happens to pass the checksum is still rejected if it is not legal.
"""

from __future__ import annotations

import base64
import zlib

from .board import BOARDS, load_board
from .engine import _deep_clone, _do, _settle, _wrap, follow_indices, new_game
from .errors import BadToken, IllegalAction
from .model import ENGINE_VERSION, GameState
from .rules import setup as setup_rules

_EDITIONS = ("current", "first")
_SETUPS = ("standard", "auction")


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

    def varint(self) -> int:
        shift = n = 0
        while True:
            if self.pos >= len(self.data):
                raise BadToken("the token is truncated")
            byte = self.data[self.pos]
            self.pos += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return n
            if shift > 70:
                raise BadToken("the token is damaged (number too long)")

    def take(self, k: int) -> bytes:
        if self.pos + k > len(self.data):
            raise BadToken("the token is truncated")
        chunk = self.data[self.pos:self.pos + k]
        self.pos += k
        return chunk


def _initial(state_like) -> dict:
    return _deep_clone(new_game(list(state_like["names"]), board=state_like["board"], edition=state_like["edition"],
                                setup=state_like["setup"], investor_card=state_like["investor_card"],
                                seed=state_like["seed"]).__dict__)


def radices(state: GameState) -> list[int]:
    """Number of legal actions before each recorded action (replays the game)."""
    b = load_board(state.board)
    g = _initial({"board": state.board, "names": [p["name"] for p in state.players], "edition": state.edition,
                  "setup": state.setup, "investor_card": state.investor_card, "seed": state.seed})
    keys = _settle(g, b)
    out = []
    for i in state.history:
        out.append(len(keys))
        _do(g, b, keys[i])
        keys = _settle(g, b)
    return out


def encode(state: GameState) -> str:
    """A URL-safe token of the whole game (set-up plus the index of every chosen action)."""
    out = bytearray()
    _varint(ENGINE_VERSION, out)
    _varint(BOARDS.index(state.board), out)
    flags = (_EDITIONS.index(state.edition)) | (_SETUPS.index(state.setup) << 1) | ((not state.investor_card) << 2)
    out.append(flags)
    _varint(state.seed * 2 if state.seed >= 0 else -state.seed * 2 - 1, out)
    _varint(len(state.players), out)
    for p in state.players:
        raw = p["name"].encode("utf-8")
        _varint(len(raw), out)
        out += raw
    _varint(len(state.history), out)
    number = 0
    for base, idx in zip(reversed(radices(state)), reversed(state.history), strict=True):
        number = number * base + idx
    body = number.to_bytes((number.bit_length() + 7) // 8, "big")
    _varint(len(body), out)
    out += body
    out += zlib.crc32(bytes(out)).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def decode(token: str) -> GameState:
    """The game a token describes.  Raises :class:`BadToken` if it is truncated, tampered or unknown."""
    token = token.strip()
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (ValueError, TypeError):
        raise BadToken("this is not a game link token (bad characters)") from None
    if len(raw) < 6:
        raise BadToken("the token is truncated")
    r = _Reader(raw)
    version = r.varint()
    if version != ENGINE_VERSION:
        raise BadToken(f"the token was made by engine format {version}; this engine reads format {ENGINE_VERSION}, "
                       "whose rules differ, so that game cannot be replayed here")
    if zlib.crc32(raw[:-4]).to_bytes(4, "big") != raw[-4:]:
        raise BadToken("the token is damaged or truncated (checksum mismatch)")
    r.data = raw[:-4]
    board_i = r.varint()
    if board_i >= len(BOARDS):
        raise BadToken(f"the token names an unknown board ({board_i})")
    flags = r.take(1)[0]
    if flags >> 3:
        raise BadToken("the token has unknown option flags")
    z = r.varint()
    seed = z // 2 if z % 2 == 0 else -(z + 1) // 2
    names = []
    for _ in range(r.varint()):
        try:
            names.append(r.take(r.varint()).decode("utf-8"))
        except UnicodeDecodeError:
            raise BadToken("the token's player names are damaged") from None
    n_actions = r.varint()
    number = int.from_bytes(r.take(r.varint()), "big")
    if r.pos != len(r.data):
        raise BadToken("the token has trailing data")
    try:
        start = new_game(names, board=BOARDS[board_i], edition=_EDITIONS[flags & 1],
                         setup=_SETUPS[(flags >> 1) & 1], investor_card=not (flags >> 2) & 1, seed=seed)
    except IllegalAction as e:
        raise BadToken(f"the token's set-up is invalid: {e}") from None
    b = load_board(start.board)
    g = _deep_clone(start.__dict__)
    keys = _settle(g, b)
    for step in range(n_actions):
        if not keys:
            raise BadToken(f"the token records more actions ({n_actions}) than the game lasted ({step})")
        number, idx = divmod(number, len(keys))
        g["history"].append(idx)
        _do(g, b, keys[idx])
        keys = _settle(g, b)
    if number:
        raise BadToken("the token is damaged (unused data in the game record)")
    return _wrap(g)


def load(text: str) -> GameState:
    """Read a JSON save or a token; a save is checked by replaying its history from the set-up."""
    text = text.strip()
    if not text.startswith("{"):
        return decode(text)
    saved = GameState.model_validate_json(text)
    if saved.version != ENGINE_VERSION:
        raise BadToken(f"the save was made by engine format {saved.version}; this engine reads format {ENGINE_VERSION}, "
                       "whose rules differ, so that game cannot be replayed here")
    replayed = replay(saved)
    if replayed != saved:
        raise BadToken("the save does not match its own game record (edited by hand?)")
    return saved


def replay(state: GameState) -> GameState:
    """Rebuild a state from its set-up and history (fast path)."""
    start = new_game([p["name"] for p in state.players], board=state.board, edition=state.edition,
                     setup=state.setup, investor_card=state.investor_card, seed=state.seed)
    try:
        return follow_indices(start, state.history)
    except IllegalAction as e:
        raise BadToken(f"the game record is invalid: {e}") from None


def undo(state: GameState, n: int = 1) -> GameState:
    """The state ``n`` actions earlier (replays the record from the set-up)."""
    if not 0 <= n <= len(state.history):
        raise IllegalAction(f"cannot take back {n} actions; the game has {len(state.history)}")
    return replay(state.model_copy(update={"history": state.history[: len(state.history) - n]}))


def history_log(state: GameState) -> list[tuple[str, str | None, str]]:
    """The game record as ``(player, nation whose turn it was, notation)``, one entry per action."""
    from .actions import from_key

    b = load_board(state.board)
    start = new_game([p["name"] for p in state.players], board=state.board, edition=state.edition,
                     setup=state.setup, investor_card=state.investor_card, seed=state.seed)
    g = _deep_clone(start.__dict__)
    keys = _settle(g, b)
    out = []
    for i in state.history:
        t = g["turn"]
        out.append((t["player"], t["nation"], str(from_key(keys[i]))))
        _do(g, b, keys[i])
        keys = _settle(g, b)
    return out
