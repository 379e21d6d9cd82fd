"""What the page decides about saves and links, in plain Python (tested without a browser).

* :func:`precheck` and :func:`read`: any text (a save, a file, a link) is read without locking the page:
  input that is not JSON, nested too deeply or built to make reading slow is refused in linear time before
  the engine reads it, and every failure is a :class:`BadToken` with a message for people.
* :func:`list_row`: one row of the list of saved games, for whatever a storage key holds.
* :func:`relation`, :func:`facts_of`, :func:`classify_link`, :func:`may_overwrite`: how two records of the
  same set-up relate (a link that continues or rewrites a saved game; another tab's newer moves).
* :func:`plan_room`: which old saves to offer for deletion when the storage is full.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import imperial_core as core
import imperial_text as tx
from imperial_core import codec

#: Values longer than this are not read to be listed (a save of a whole game is about 20-40 thousand
#: characters); they are listed as too large, and can still be downloaded, deleted or opened.
LIST_LIMIT = 262_144

_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_PAIRS = str.maketrans("[{]}", "(())")


class Unreadable(core.BadToken):
    """A save or link that made the reader fail unexpectedly; ``details`` holds what went wrong."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


def precheck(text: str, lang: str = "en") -> str | None:
    """Why ``text`` (JSON-looking) must not be read at all, or ``None``.

    Linear in the length of the text: strings are found after dropping escaped backslashes and quotes, the
    nesting of the brackets outside strings is measured by removing innermost pairs (at most the engine's
    ``MAX_DEPTH`` passes), and only then is the text parsed.  Once the text is known to be JSON nested no
    deeper than the limit, the engine reads it in linear time too."""
    t = text.lstrip("\ufeff").strip()
    if not t or t[0] not in '{["' or len(t) > codec.MAX_TEXT:
        return None  # a link, empty input or an over-long text: the engine refuses those quickly itself
    parts = t.replace("\\\\", "").replace('\\"', "").split('"')
    if len(parts) % 2 == 0:
        return tx.t(lang, "page.r.not_closed")
    skeleton = _NOT_BRACKETS.sub("", "".join(parts[::2])).translate(_PAIRS)
    for _ in range(codec.MAX_DEPTH):
        if not skeleton:
            break
        shorter = skeleton.replace("()", "")
        if shorter == skeleton:
            return tx.t(lang, "page.r.brackets")
        skeleton = shorter
    if skeleton:
        return tx.t(lang, "page.r.nested")
    try:
        json.loads(t)
    except (ValueError, RecursionError) as e:
        return tx.t(lang, "page.r.not_json", detail=str(e)[:80])
    return None


def read(text: Any, steps: list[Any] | None = None) -> codec.SavedGame:
    """Read a save, a file's text, a link or a token.  Raises :class:`BadToken` (only), with a message.
    ``steps``: the engine's replay of it kept (``codec.read_save``)."""
    if not isinstance(text, str):
        raise core.BadToken("this is empty, not a save or a link")
    reason = precheck(text)
    if reason:
        raise core.BadToken(reason)
    try:
        return codec.read_save(text, steps)
    except core.BadToken:
        raise
    except Exception:  # the engine promises BadToken only; never let anything else reach the page
        import traceback

        raise Unreadable("this version of the game could not read it (an unexpected error)",
                         traceback.format_exc()) from None


# -- the list of saved games ----------------------------------------------------------------------------
def _time(value: Any) -> float:
    return float(value) if type(value) in (int, float) and 0 <= value < 32503680000 else 0.0  # before 3000


def list_row(key: str, raw: str | None, prefix: str, lang: str = "en") -> dict[str, Any]:
    """The row of the list of saved games for what ``key`` holds: a summary read without replaying the
    game, or ``bad`` with the reason.  Never raises, and never reads more than ``LIST_LIMIT`` characters."""
    row: dict[str, Any] = {"key": key, "id": key[len(prefix):], "size": len(raw or ""), "saved": 0.0}
    if raw is None:
        return {**row, "bad": tx.t(lang, "page.r.empty")}
    if len(raw) > LIST_LIMIT:
        return {**row, "bad": tx.t(lang, "page.r.large", kb=len(raw) // 1024), "openable": True}
    t = raw.lstrip("\ufeff").strip()
    if not t:
        return {**row, "bad": tx.t(lang, "page.r.empty")}
    if t[0] not in '{["' and t not in ("null", "true", "false"):
        return {**row, "bad": tx.t(lang, "page.r.not_ours"), "openable": True}
    reason = precheck(raw, lang)
    if reason:
        return {**row, "bad": reason}
    try:
        s = codec.read_summary(raw)
        meta = s["meta"]
        return {**row, "players": [str(p) for p in s["players"]], "board": str(s["board"]),
                "moves": int(s["moves"]), "over": bool(s["over"]), "player": s["player"], "nation": s["nation"],
                "saved": _time(meta.get("saved")), "game": str(meta.get("id") or "")}
    except core.BadToken as e:
        return {**row, "bad": tx.reason(lang, e)}
    except Exception:  # the engine promises BadToken only
        return {**row, "bad": tx.t(lang, "page.r.version")}


def sort_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Newest first; damaged saves after the readable ones."""
    return sorted(rows, key=lambda r: (bool(r.get("bad")), -r["saved"], r["key"]))


# -- records of the same set-up -------------------------------------------------------------------------
@dataclass(frozen=True)
class Facts:
    """What a stored save says about its game, for comparing it with a link or another tab's game."""

    key: str
    setup: str
    moves: tuple[str, ...]
    saved: float
    players: tuple[str, ...]


def _setup_key(game: Any, origin: Any) -> str:
    """The set-up as one text: the save's ``game`` block (board, options, seed, players in order) and the
    starting position, if any."""
    return json.dumps(game, sort_keys=True, ensure_ascii=False) + "\n" + (origin if isinstance(origin, str) else "")


def setup_of(state: Any) -> str:
    """What makes two games the same game: the set-up the engine's save writes for ``state``
    (``codec.setup_block``, so that any option the engine adds counts without a change here)."""
    try:
        game, origin = codec.setup_block(state)
    except Exception:  # a state that cannot even be saved is no game of anybody's
        return "\0unsaveable"
    return _setup_key(game, origin)


def facts_of(key: str, raw: str | None) -> Facts | None:
    """The set-up and the record (in notation) of a save in the page's format, read without replaying;
    ``None`` for anything else (it is then never matched with a link)."""
    if raw is None or len(raw) > LIST_LIMIT or not raw.lstrip("\ufeff").strip().startswith("{") or precheck(raw):
        return None
    try:
        data = json.loads(raw)
        g = data["game"]
        moves = data["record"]["notation"]
        players = g["players"]
        if (data.get("format") != codec.SAVE_FORMAT or not isinstance(g, dict) or not isinstance(moves, list)
                or not all(isinstance(m, str) for m in moves)
                or not isinstance(players, list) or not all(isinstance(p, str) for p in players)):
            return None
        meta = data.get("meta")
        saved = _time(meta.get("saved")) if isinstance(meta, dict) else 0.0
        return Facts(key, _setup_key(g, data.get("origin")), tuple(moves), saved, tuple(players))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def relation(saved: list[str] | tuple[str, ...], other: list[str] | tuple[str, ...]) -> tuple[str, int]:
    """How ``other`` relates to the ``saved`` record of the same set-up, and how many first moves they share:
    ``same``; ``continues`` (``saved`` is a prefix of ``other``); ``behind`` (``other`` is a prefix of
    ``saved``: the save is further along); ``rewrites`` (they differ before either ends)."""
    common = 0
    for a, b in zip(saved, other, strict=False):
        if a != b:
            break
        common += 1
    if common == len(saved) == len(other):
        return "same", common
    if common == len(saved):
        return "continues", common
    if common == len(other):
        return "behind", common
    return "rewrites", common


@dataclass(frozen=True)
class Match:
    """A saved game of the same set-up as a link: the relation, the shared moves and both lengths."""

    key: str
    relation: str
    common: int
    saved_moves: int
    link_moves: int
    saved: float
    players: tuple[str, ...]
    others: int = 0  # further saves of the same set-up


_RANK = {"same": 0, "continues": 1, "behind": 2, "rewrites": 3}


def classify_link(setup: str, moves: list[str], saved: list[Facts]) -> Match | None:
    """The saved game a link's game is closest to (same set-up), or ``None`` if no save has its set-up.
    Prefers the same game, then a save the link continues (the longest), one further along, one it rewrites
    (the longest shared beginning), the newest save on ties."""
    found: list[Match] = []
    for f in saved:
        if f.setup != setup:
            continue
        rel, common = relation(f.moves, moves)
        found.append(Match(f.key, rel, common, len(f.moves), len(moves), f.saved, f.players))
    if not found:
        return None
    best = min(found, key=lambda m: (_RANK[m.relation], -m.common, -m.saved, m.key))
    return Match(**{**best.__dict__, "others": len(found) - 1})


def may_overwrite(stored: str | None, setup: str, ours: list[str]) -> bool:
    """Whether writing our game over ``stored`` (what another tab may have written under our key) loses no
    move: true when nothing is stored, or the stored game is ours up to a point we have reached."""
    if stored is None:
        return True
    f = facts_of("", stored)
    if f is None or f.setup != setup:
        return False
    return relation(f.moves, ours)[0] in ("same", "continues")


# -- a full storage ---------------------------------------------------------------------------------------
def plan_room(rows: list[dict[str, Any]], keep: str, need: int) -> list[dict[str, Any]]:
    """The oldest readable saves (never ``keep``, never a damaged one) whose sizes add up to ``need``
    characters, oldest first; all of them if that is not enough."""
    out: list[dict[str, Any]] = []
    freed = 0
    for r in sorted((r for r in rows if r["key"] != keep and not r.get("bad")), key=lambda r: (r["saved"], r["key"])):
        if freed >= max(need, 1):
            break
        out.append(r)
        freed += r["size"] + len(r["key"])
    return out
