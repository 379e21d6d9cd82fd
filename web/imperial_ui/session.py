"""A game being played at one table: the states so far, undo/redo, the log, saves and links.

Every state comes from ``new_game`` and ``apply``; a save or a link is read back by replaying its
recorded action indices through the engine, so a tampered record fails the way the engine says.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import imperial_core as core

SAVE_FORMAT = "imperial-save"
SAVE_VERSION = 1


class BadSave(ValueError):
    """A save (or imported file) that cannot be read; the message is for the player."""


def options_of(state: Any) -> dict[str, Any]:
    """The set-up options of a game, as ``new_game`` takes them."""
    return {
        "board": state.board, "edition": state.edition, "setup": state.setup,
        "investor_card": state.investor_card, "seed": state.seed,
    }


@dataclass
class LogEntry:
    """One applied action, with who decided it for which nation."""

    index: int
    text: str
    player: str | None
    nation: str | None
    phase: str


@dataclass
class Session:
    """States ``states[0..]`` with ``states[k+1] = apply(states[k], actions[k])``; ``cur`` is the present."""

    players: list[str]
    states: list[Any]
    actions: list[Any] = field(default_factory=list)
    cur: int = 0
    game_id: str = ""
    created: float = 0.0

    # -- making ---------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], *, game_id: str, **options: Any) -> Session:
        state = core.new_game(list(players), **options)
        return cls(players=list(players), states=[state], game_id=game_id, created=time.time())

    @classmethod
    def replayed(cls, players: list[str], options: dict[str, Any], history: list[int], *, game_id: str,
                 redo: list[int] | None = None) -> Session:
        """Rebuild a game from its set-up and its action indices (the engine checks each one)."""
        s = cls.new(players, game_id=game_id, **options)
        for i in list(history) + list(redo or []):
            s._push_index(int(i))
        s.cur = len(history)
        return s

    @classmethod
    def from_state(cls, state: Any, *, game_id: str, redo: list[int] | None = None) -> Session:
        """Rebuild the timeline of a state (from a save or a link) and check it comes out the same."""
        players = [p["name"] for p in state.players]
        s = cls.replayed(players, options_of(state), list(state.history), game_id=game_id, redo=redo)
        if s.present.model_dump() != state.model_dump():
            raise BadSave("the saved position does not follow from its recorded moves")
        return s

    def _push_index(self, i: int) -> None:
        state = self.states[-1]
        acts = core.legal_actions(state)
        if not 0 <= i < len(acts):
            raise BadSave(f"recorded move {len(self.actions) + 1} is not a legal choice")
        self.actions.append(acts[i])
        self.states.append(core.apply_index(state, i))

    # -- playing --------------------------------------------------------------------------------------
    @property
    def present(self) -> Any:
        return self.states[self.cur]

    def play(self, action: Any) -> Any:
        """Apply a legal action at the present; anything after the present (redo) is dropped."""
        new = core.apply(self.present, action)
        del self.states[self.cur + 1:]
        del self.actions[self.cur:]
        self.actions.append(action)
        self.states.append(new)
        self.cur += 1
        return new

    def can_undo(self) -> bool:
        return self.cur > 0

    def can_redo(self) -> bool:
        return self.cur < len(self.states) - 1

    def undo(self) -> bool:
        if self.can_undo():
            self.cur -= 1
            return True
        return False

    def redo(self) -> bool:
        if self.can_redo():
            self.cur += 1
            return True
        return False

    # -- log ------------------------------------------------------------------------------------------
    def log(self, upto: int | None = None) -> list[LogEntry]:
        n = self.cur if upto is None else upto
        out = []
        for k in range(n):
            before = self.states[k]
            out.append(LogEntry(k, str(self.actions[k]), before.current_player, before.active_nation,
                                before.decision))
        return out

    # -- saving ---------------------------------------------------------------------------------------
    def redo_indices(self) -> list[int]:
        return [self.states[k + 1].history[-1] for k in range(self.cur, len(self.states) - 1)]

    def to_save(self) -> dict[str, Any]:
        state = self.present
        return {
            "format": SAVE_FORMAT,
            "format_version": SAVE_VERSION,
            "engine_version": state.version,
            "id": self.game_id,
            "created": self.created,
            "saved": time.time(),
            "players": self.players,
            "board": state.board,
            "turn": {"player": state.current_player, "nation": state.active_nation, "phase": state.decision},
            "moves": len(state.history),
            "over": state.is_over,
            "state": json.loads(state.model_dump_json()),
            "redo": self.redo_indices(),
            # the moves in notation: read back by notation, so a save does not depend on the order in
            # which the engine lists legal actions
            "log": [str(a) for a in self.actions[: self.cur]],
            "redo_log": [str(a) for a in self.actions[self.cur:]],
        }

    @classmethod
    def from_notation(cls, state: Any, log: list[str], redo_log: list[str], *, game_id: str) -> Session:
        """Rebuild a saved game from its moves in notation; it must end in the saved position."""
        players = [p["name"] for p in state.players]
        s = cls.new(players, game_id=game_id, **options_of(state))
        for k, text in enumerate(list(log) + list(redo_log)):
            if not isinstance(text, str):
                raise BadSave(f"recorded move {k + 1} is damaged")
            try:
                action = core.parse_action(s.states[-1], text)
                s.states.append(core.apply(s.states[-1], action))
            except core.IllegalAction as exc:
                if k >= len(log):  # a damaged redo tail does not cost the game
                    break
                raise BadSave(f"recorded move {k + 1} ({text}) is not legal: {exc}") from None
            s.actions.append(action)
        s.cur = len(log)
        if s.present.model_dump(exclude={"history"}) != state.model_dump(exclude={"history"}):
            raise BadSave("the saved position does not follow from its recorded moves")
        return s

    @classmethod
    def from_save(cls, data: Any, *, game_id: str | None = None) -> Session:
        """Read a save dict (or an exported file's JSON); raises :class:`BadSave` with a clear message."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or "state" not in data:
            raise BadSave("this is not an Imperial save")
        if data.get("format_version") != SAVE_VERSION:
            raise BadSave(f"this save has format version {data.get('format_version')}; "
                          f"this page reads version {SAVE_VERSION}")
        try:
            state = core.GameState.model_validate_json(json.dumps(data["state"]))
        except Exception as exc:  # pydantic's ValidationError, JSON errors
            raise BadSave(f"the saved game is damaged ({type(exc).__name__})") from None
        if state.version != core.ENGINE_VERSION:
            raise BadSave(f"this game was saved by rules version {state.version}; "
                          f"this page plays version {core.ENGINE_VERSION}")
        log, redo_log = data.get("log"), data.get("redo_log") or []
        if isinstance(log, list) and isinstance(redo_log, list):
            s = cls.from_notation(state, log, redo_log, game_id=game_id or str(data.get("id") or ""))
            created = data.get("created")
            s.created = float(created) if isinstance(created, (int, float)) else time.time()
            return s
        redo = data.get("redo") or []
        if not isinstance(redo, list) or not all(isinstance(i, int) for i in redo):
            redo = []
        try:
            s = cls.from_state(state, game_id=game_id or str(data.get("id") or ""), redo=redo)
        except BadSave:
            if redo:  # a damaged redo tail must not cost the game itself
                s = cls.from_state(state, game_id=game_id or str(data.get("id") or ""))
            else:
                raise
        except core.IllegalAction as exc:
            raise BadSave(f"the saved moves are not legal: {exc}") from None
        created = data.get("created")
        s.created = float(created) if isinstance(created, (int, float)) else time.time()
        return s


def save_summary(data: Any) -> dict[str, Any] | None:
    """What the list of saved games shows, read without replaying; ``None`` when unreadable."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return None
    players = data.get("players")
    turn = data.get("turn") if isinstance(data.get("turn"), dict) else {}
    if not isinstance(players, list):
        return None
    return {
        "id": str(data.get("id", "")),
        "players": [str(p) for p in players],
        "board": str(data.get("board", "")),
        "saved": data.get("saved") if isinstance(data.get("saved"), (int, float)) else 0,
        "player": turn.get("player"),
        "nation": turn.get("nation"),
        "moves": data.get("moves") if isinstance(data.get("moves"), int) else 0,
        "over": bool(data.get("over")),
    }
