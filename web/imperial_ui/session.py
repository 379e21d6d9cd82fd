"""A game being played at one table: the states so far, undo/redo, the log, saves and links.

Every state comes from ``new_game`` and ``apply``.  Saves are the engine's save format (``docs/saves.md``):
the page stores, exports and imports exactly the text of ``imperial_core.codec.save`` and reads any save or
link with ``imperial_core.codec.read_save`` (through :func:`saves.read`, which keeps hostile input from
locking the page), which checks everything by replaying it and raises ``BadToken`` with the reason.

The states are the engine's, but they are plain Python objects that anyone can change from the browser's
console.  Each state's fingerprint is taken when the engine makes it; :meth:`Session.intact` checks the
present (and the moves kept for redo) against it before the game is saved or put in a link, and
:meth:`Session.restore` rebuilds changed states from the game's own record.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, overload

import imperial_core as core
from imperial_core import codec, model
from imperial_core.codec import read_summary, save, start_of
from imperial_core.narrate import Entry, entry
from imperial_core.rules.setup import MAX_NAME, check_names, check_player_count

from . import saves

__all__ = ["MAX_NAME", "FormProblem", "Session", "fingerprint", "form_names", "form_problems", "save_summary"]


def fingerprint(state: Any) -> int:
    """What a state holds, in one number (its JSON dump, hashed); -1 when it cannot even be dumped."""
    try:
        return hash(state.model_dump_json())
    except Exception:
        return -1


def form_names(raw: list[str]) -> list[str]:
    """The names typed in the new-game form, as the engine will take them: white space inside a name is
    made single spaces and dropped around it.  Raises ``IllegalAction`` with the engine's reason (1 to
    ``MAX_NAME`` printable characters, distinct regardless of letter case) or the page's (an empty field)."""
    names = [" ".join(str(r).split()) for r in raw]
    for i, n in enumerate(names):
        if not n:
            raise core.IllegalAction.said("errors.player_needs_name", n=i + 1)
    check_names(names)
    return names


@dataclass(frozen=True)
class FormProblem:
    """One thing wrong with the new-game form: what (``names``, ``count`` or ``seed``), the fields it is about
    (ids of the form's fields) and the engine's refusal (``None`` for the seed: the page's own limit)."""

    kind: str
    fields: tuple[str, ...]
    reason: core.IllegalAction | None = None


def form_problems(raw: list[str], count: str, seed: str) -> tuple[list[FormProblem], int]:
    """Everything wrong with the new-game form at once: ``raw`` the names typed (as many as the form shows),
    ``count`` the number of players chosen, ``seed`` the seed typed.  A name the engine refuses, an empty
    field, a name typed twice or more (one problem, every field that has it), a player count the engine
    refuses, a seed that is not a whole number from 0 to 2^31 - 1 (what a link can carry).  Returns the
    problems in the form's order and the seed read (-1 when it cannot be)."""
    out: list[FormProblem] = []
    names = [" ".join(str(r).split()) for r in raw]
    fine: list[int] = []
    for i, n in enumerate(names):
        try:
            if not n:
                raise core.IllegalAction.said("errors.player_needs_name", n=i + 1)
            check_names([n])
            fine.append(i)
        except core.IllegalAction as exc:
            out.append(FormProblem("names", (f"player-name-{i + 1}",), exc))
    alike: set[int] = set()
    for k, i in enumerate(fine):  # the engine's own rule of which names are alike, pair by pair
        if i in alike:
            continue
        group, reason = [i], None
        for j in fine[k + 1:]:
            try:
                check_names([names[i], names[j]])
            except core.IllegalAction as exc:
                group.append(j)
                reason = reason or exc
        if reason is not None:
            alike.update(group)
            out.append(FormProblem("names", tuple(f"player-name-{g + 1}" for g in group), reason))
    out.sort(key=lambda p: int(p.fields[0].rsplit("-", 1)[1]))
    try:
        check_player_count(int(count))
    except ValueError:
        out.append(FormProblem("count", ("player-count",), core.IllegalAction.said("errors.player_count", n=count)))
    except core.IllegalAction as exc:
        out.append(FormProblem("count", ("player-count",), exc))
    try:
        number = int(str(seed).strip())
        if not 0 <= number < 2**31:
            raise ValueError
    except ValueError:
        out.append(FormProblem("seed", ("seed",)))
        number = -1
    return out, number


class Log(Sequence[Entry]):
    """A session's log: ``log[k]`` says what move ``k`` did.  Each entry is told (in the session's language,
    from the move's kept events) the first time it is read: a link or save of a long game opens without
    telling every move of it, and what is told is kept."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._told: list[Entry | None] = []

    def __len__(self) -> int:
        return len(self._told)

    @overload
    def __getitem__(self, k: int) -> Entry: ...
    @overload
    def __getitem__(self, k: slice) -> list[Entry]: ...
    def __getitem__(self, k: int | slice) -> Entry | list[Entry]:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self._told)))]
        k = range(len(self._told))[k]  # a negative index counts from the end; IndexError past it
        told = self._told[k]
        if told is None:
            s = self._session
            told = self._told[k] = entry(s.states[k], s.actions[k], s.events[k], lang=s.lang)
        return told

    def __setitem__(self, k: int, told: Entry) -> None:
        """An entry told otherwise (a computer's move with its reason)."""
        self._told[range(len(self._told))[k]] = told

    def __delitem__(self, k: slice) -> None:
        del self._told[k]

    def add(self) -> None:
        """The latest move (``session.actions[-1]``), told when read."""
        self._told.append(None)

    def forget(self) -> None:
        """Every entry told again when read (the session's language changed)."""
        self._told = [None] * len(self._told)


@dataclass
class Session:
    """States ``states[0..]`` with ``states[k+1] = apply(states[k], actions[k])``; ``cur`` is the present.

    ``entries[k]`` says what ``actions[k]`` did, in a sentence built from the engine's events (:class:`Log`: told
    when first read)."""

    players: list[str]
    states: list[Any]
    actions: list[Any] = field(default_factory=list)
    entries: Log = field(init=False, repr=False)
    events: list[list[Any]] = field(default_factory=list)  # what each move did, as the engine's events
    lang: str = "en"  # the language of ``entries``
    prints: list[int] = field(default_factory=list)
    cur: int = 0
    game_id: str = ""
    created: float = 0.0
    #: More of the save's ``meta`` kept with the game (the seats and the bots' reasons), saved as read.
    extra: dict[str, Any] = field(default_factory=dict)
    secret_cash: bool = False  # a table option kept with the game (save ``meta``): cash is not shown
    #: a game of earlier rules, as it was opened: ``up`` (moved to the current rules, its record replays the
    #: same under them), ``kept`` (it plays on under its own rules), ``""`` (the current rules)
    rules: str = ""

    def __post_init__(self) -> None:
        self.entries = Log(self)

    @property
    def options(self) -> dict[str, Any]:
        """The page's own options of this game, stored in the save's ``meta``."""
        return {"secret_cash": True} if self.secret_cash else {}

    # -- making ---------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], *, game_id: str, secret_cash: bool = False, **options: Any) -> Session:
        state = core.new_game(list(players), **options)
        return cls(players=list(players), states=[state], prints=[fingerprint(state)], game_id=game_id,
                   created=time.time(), secret_cash=secret_cash)

    @classmethod
    def from_state(cls, state: Any, *, game_id: str, redo: list[int] | None = None,
                   created: float | None = None, steps: list[Any] | None = None) -> Session:
        """The timeline of a state read by the engine (a save or a link): from the start of its record
        through its moves and the moves taken back (``redo``, indices from ``state``).  ``steps``: the
        engine's replay of that record when it read it (``codec.read_save``'s), used instead of replaying
        it again when it is that very record."""
        start = start_of(state)
        s = cls(players=[p["name"] for p in state.players], states=[start], prints=[fingerprint(start)],
                game_id=game_id, created=time.time() if created is None else created)
        record = list(state.history) + [int(i) for i in redo or ()]
        n = len(state.history)
        if steps is not None and len(steps) == len(record) and (n == 0 or steps[n - 1][1] is state) \
                and all(st.history[-1] == i for (_a, st, _e), i in zip(steps, record, strict=True)):
            for action, new, events in steps:
                s._push(action, new, events)
        else:
            for i in record:
                s._push_index(i)
        s.cur = n
        # the record in notation, from this replay: the game's first save need not replay it once more
        codec.remember_record(start, s.states, [str(a) for a in s.actions])
        return s

    def _push_index(self, i: int) -> None:
        state = self.states[-1]
        action = core.legal_actions(state)[i]
        new, events = core.step_index(state, i)
        self._push(action, new, events)

    def _push(self, action: Any, new: Any, events: list[Any]) -> None:
        self.events.append(list(events))
        self.actions.append(action)
        self.entries.add()
        self.states.append(new)
        self.prints.append(fingerprint(new))

    # -- playing --------------------------------------------------------------------------------------
    @property
    def present(self) -> Any:
        return self.states[self.cur]

    def play(self, action: Any) -> Any:
        """Apply a legal action at the present; anything after the present (redo) is dropped."""
        if isinstance(action, str):
            action = core.parse_action(self.present, action)
        elif isinstance(action, dict):
            action = core.ActionAdapter.validate_python(action)
        new, events = core.step(self.present, action)
        del self.states[self.cur + 1:]
        del self.prints[self.cur + 1:]
        del self.actions[self.cur:]
        del self.entries[self.cur:]
        del self.events[self.cur:]
        self._push(action, new, events)
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

    # -- checks against changes from outside ------------------------------------------------------------
    def intact(self) -> bool:
        """Whether the present and the moves kept for redo are still the states the engine made."""
        if not (len(self.states) == len(self.prints) == len(self.actions) + 1 and 0 <= self.cur < len(self.states)):
            return False
        return all(fingerprint(self.states[k]) == self.prints[k] for k in range(self.cur, len(self.states)))

    def restore(self) -> tuple[int, int]:
        """Rebuild changed states from the last unchanged one by replaying the recorded actions; whatever
        cannot be rebuilt is dropped.  Returns ``(moves kept, moves dropped)`` of the timeline."""
        n = min(len(self.states), len(self.prints), len(self.actions) + 1)
        good = 0
        while good < n and fingerprint(self.states[good]) == self.prints[good]:
            good += 1
        if good == 0:  # not even the start: the set-up is rebuilt from the engine
            try:
                fresh = start_of(self.states[0])
            except Exception:
                fresh = None
            if fresh is None or fingerprint(fresh) != self.prints[0]:
                raise core.BadToken("the game in memory was changed and cannot be rebuilt")
            self.states[0] = fresh
            good = 1
        k = good - 1
        while k + 1 < n:
            try:
                new, _events = core.step(self.states[k], self.actions[k])
            except Exception:
                break
            if fingerprint(new) != self.prints[k + 1]:
                break
            self.states[k + 1] = new
            k += 1
        total = len(self.states) - 1
        del self.states[k + 1:]
        del self.prints[k + 1:]
        del self.actions[k:]
        del self.entries[k:]
        del self.events[k:]
        self.cur = min(self.cur, k)
        return k, total - k

    # -- log ------------------------------------------------------------------------------------------
    def retell(self, lang: str) -> None:
        """The log's sentences in ``lang`` (the page's language changed): told again from the kept events."""
        if lang == self.lang:
            return
        self.lang = lang
        self.entries.forget()

    def log(self, upto: int | None = None) -> list[Entry]:
        """What each move up to move ``upto`` (default: the present) did."""
        return self.entries[: self.cur if upto is None else upto]

    # -- saving ---------------------------------------------------------------------------------------
    def redo_indices(self) -> list[int]:
        return [self.states[k + 1].history[-1] for k in range(self.cur, len(self.states) - 1)]

    def moves(self) -> list[str]:
        """The record up to the present, in notation."""
        return [str(a) for a in self.actions[: self.cur]]

    def to_save(self) -> str:
        """The engine's save text of this game: the present, the moves taken back, id and times.
        (Check :meth:`intact` first: a state changed from outside may not encode.)"""
        meta = {**self.extra, "id": self.game_id, "created": self.created, "saved": time.time(), **self.options}
        return save(self.present, meta=meta, redo=self.redo_indices())

    @classmethod
    def from_save(cls, text: str, *, game_id: str | None = None) -> Session:
        """Read a save (any format the engine reads), a link token or a link; raises ``core.BadToken``
        with the reason when it cannot be read."""
        steps: list[Any] = []  # the engine's replay as it reads the game: the session is made from it
        saved = saves.read(text, steps)
        meta = saved.meta
        created = meta.get("created")
        state, rules = saved.state, ""
        if state.version != model.RULES_VERSION:  # a game of earlier rules moves up only if it replays the same
            up = codec.upgrade(state) if not saved.redo else None
            state, rules = (up, "up") if up is not None else (state, "kept")
        s = cls.from_state(state, game_id=game_id or str(meta.get("id") or ""), redo=saved.redo,
                           created=float(created) if type(created) in (int, float) else None,
                           steps=steps if rules != "up" else None)
        s.rules = rules
        s.extra = {k: v for k, v in meta.items() if k not in ("id", "created", "saved", "secret_cash")}
        s.secret_cash = meta.get("secret_cash") is True
        return s


def save_summary(text: Any) -> dict[str, Any] | None:
    """What the list of saved games shows, read without replaying; ``None`` when it cannot be listed."""
    text = str(text)
    if saves.precheck(text):
        return None
    try:
        s = read_summary(text)
    except core.BadToken:
        return None
    meta = s["meta"]
    saved = meta.get("saved")
    return {
        "id": str(meta.get("id") or ""), "players": s["players"], "board": s["board"],
        "saved": saved if type(saved) in (int, float) and 0 <= saved < 32503680000 else 0,  # before the year 3000
        "player": s["player"], "nation": s["nation"], "moves": s["moves"], "over": s["over"],
    }
