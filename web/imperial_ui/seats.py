"""Who sits at each seat (a person or the computer at some strength), and what to ask the bot worker next.

Plain Python, no browser: the page's glue (:mod:`imperial_ui.botplay`) posts the :class:`Ask` this module
makes to the worker and hands every answer back to :meth:`Table.receive`, which says whether to play it,
show it as a hint, drop it (stale: the game moved on, a seat changed, the bots were paused) or refuse it
(not a legal move here).  Nothing here decides a rule: the action comes from ``legal_actions``.

Seats are stored in a save's free ``meta`` (``{"seats": ["human", "normal", ...]}`` in seating order);
anything there that is not understood counts as a human seat, so a tampered save still opens.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field, replace
from typing import Any

import imperial_core as core
import imperial_text as tx
from imperial_core.narrate import sentence

HUMAN = "human"
LEVELS = ("easy", "normal", "strong", "expert")
SEAT_KINDS = (HUMAN, *LEVELS)
#: The strength that answers a Hint, and how long it may search (seconds; a hint need not be the same on
#: every device, a computer seat's move must: it is asked without a time budget).
HINT_LEVEL = "expert"
HINT_SECONDS = 2.0
#: The level of the computer players of "Play against the computer".
SOLO_LEVEL = "normal"
SOLO_OPPONENTS = 3
#: Longest reason kept from an answer (characters).
MAX_WHY = 240
#: Most reasons kept in a save (one per bot move: a whole game has about 700 decisions).
MAX_REASONS = 2000
#: The ids of the page's requests to the worker, one sequence for every table the page makes: an answer or a
#: watchdog of a game left behind (still in flight when another game opened) never names a request of the
#: game open now.
_REQUEST_IDS = itertools.count(1)

def parse_seats(raw: Any, players: list[str]) -> tuple[list[str], str]:
    """The seats stored with a save (``meta["seats"]``) for ``players``, and what was wrong with them
    (``""`` when nothing was).  Missing seats are human (a link, an old save); anything unreadable too."""
    n = len(players)
    if raw is None:
        return [HUMAN] * n, ""
    if not isinstance(raw, list) or len(raw) != n:
        return [HUMAN] * n, "the saved seats do not match the players; every seat is human now"
    seats = [r if isinstance(r, str) and r in SEAT_KINDS else HUMAN for r in raw]
    bad = sum(1 for r, s in zip(raw, seats, strict=True) if r != s)
    problem = f"{bad} saved seat{'s' if bad > 1 else ''} could not be read and {'are' if bad > 1 else 'is'} " \
              "human now" if bad else ""
    return seats, problem


#: A bot move's reason as kept: the move in notation, why (in the language it was made in), and why in each
#: language the game speaks (empty for a reason kept by an older page).
Reason = tuple[str, str, dict[str, str]]


def clean_whys(raw: Any) -> dict[str, str]:
    """A reason's words by language, as far as they are well formed (languages the game speaks, text)."""
    if not isinstance(raw, dict):
        return {}
    return {lang: clean_why(raw[lang]) for lang in tx.LANGS if isinstance(raw.get(lang), str)}


def parse_reasons(raw: Any) -> dict[int, Reason]:
    """The bots' reasons stored with a save: move index -> (the move in notation, why, why by language).
    Anything else is left out."""
    out: dict[int, Reason] = {}
    if not isinstance(raw, dict):
        return out
    for k, v in list(raw.items())[:MAX_REASONS]:
        try:
            i = int(k)
        except (TypeError, ValueError):
            continue
        if i < 0 or not (isinstance(v, list) and len(v) in (2, 3) and all(isinstance(x, str) for x in v[:2])):
            continue
        out[i] = (v[0][:200], clean_why(v[1]), clean_whys(v[2]) if len(v) == 3 else {})
    return out


def reasons_meta(reasons: dict[int, Reason], upto: int) -> dict[str, list[Any]]:
    """The reasons of moves ``0..upto-1`` for a save's meta (``upto``: the moves of the timeline, those kept
    for redo included), the latest :data:`MAX_REASONS` of them: ``[notation, why]``, with why in every language
    as a third item when known."""
    keep = sorted(i for i in reasons if i < upto)[-MAX_REASONS:]
    return {str(i): [reasons[i][0], reasons[i][1], reasons[i][2]] if reasons[i][2] else list(reasons[i][:2])
            for i in keep}


def clean_why(text: Any) -> str:
    """A reason as the page shows it: printable text on one line, not too long."""
    s = str(text)
    if not s.isprintable():  # (one look at the whole text first: reasons are printable as a rule)
        s = "".join(c if c.isprintable() else " " for c in s)
    s = " ".join(s.split())
    return s if len(s) <= MAX_WHY else s[: MAX_WHY - 1] + "…"


def solo_players(name: str, opponents: int = SOLO_OPPONENTS, lang: str = "en",
                 level: str = SOLO_LEVEL) -> tuple[list[str], list[str]]:
    """"Play against the computer": the player's name first, then computer players called computers, with
    their strength ("Computer 1 (strong)"), whose names cannot clash with it; every computer at ``level``
    (:data:`SOLO_LEVEL` unless the player picked another)."""
    level = level if level in LEVELS else SOLO_LEVEL
    name = " ".join(str(name).split())
    taken = {name.casefold()}
    bots: list[str] = []
    k = 1
    said = tx.t(lang, f"page.level.{level}")
    while len(bots) < opponents:
        cand = tx.t(lang, "page.b.computer_level", n=k, level=said)
        if cand.casefold() not in taken:
            bots.append(cand)
            taken.add(cand.casefold())
        k += 1
    return [name, *bots], [HUMAN] + [level] * opponents


#: A hint as shown: (game, move index, the move in notation, the move as the log says it, why).
Hint = tuple[str, int, str, str, str]


def hint_in(hint: Hint, state: Any, at: tuple[str, int], lang: str, whys: dict[str, str]) -> Hint | None:
    """The hint said in ``lang`` (``whys``: its why in every language), or ``None`` when it no longer fits the
    game at ``at`` (game, move index)."""
    game, step, notation, _label, why = hint
    action = next((a for a in core.legal_actions(state) if str(a) == notation), None)
    if action is None or (game, step) != at:
        return None
    return game, step, notation, sentence(state, action, [], lang), whys.get(lang, why)


def touched_regions(events: list[Any]) -> list[str]:
    """The regions a step changed, from its events: units built, moved (with a convoy's seas), destroyed,
    battles, flags, factories, armies stood up or laid down.  In order, without repeats."""
    out: list[str] = []
    for e in events:
        for attr in ("origin", "to", "region"):
            r = getattr(e, attr, None)
            if isinstance(r, str) and r not in out:
                out.append(r)
        for r in getattr(e, "via", None) or ():
            if isinstance(r, str) and r not in out:
                out.append(r)
    return out


def action_regions(action: Any) -> list[str]:
    """The regions an action names (where a unit stands, where it goes, a factory site)."""
    out: list[str] = []
    for attr in ("origin", "to", "region"):
        r = getattr(action, attr, None)
        if isinstance(r, str) and r not in out:
            out.append(r)
    return out


@dataclass(frozen=True)
class Ask:
    """One request to the bot worker: a ``move`` for a computer seat, or a ``hint`` for a person."""

    id: int
    kind: str
    game: str
    step: int
    position: str
    player: str
    level: str
    seed: int = 0
    lang: str = "en"  # the language of the bot's reason
    #: the state the request was made for (states are not changed in place: the same object is the same
    #: position, and its position need not be worked out again when the answer comes)
    state: Any = field(default=None, compare=False, repr=False)

    def payload(self) -> str:
        """The message posted to the worker (JSON text); a hint has a time budget, a move none."""
        return json.dumps({"type": "choose", "id": self.id, "kind": self.kind, "position": self.position,
                           "level": self.level, "seed": self.seed, "lang": self.lang,
                           "seconds": HINT_SECONDS if self.kind == "hint" else None})


NOT_LEGAL = "the computer's answer is not a legal move in this position"


def _legal_choice(msg: dict[str, Any], state: Any) -> tuple[Any, int] | None:
    """The action a worker's message names (its ``index`` into ``legal_actions`` and its ``action`` in
    notation, which must agree), and that index; ``None`` when it names no legal move here."""
    legal = core.legal_actions(state)
    index, notation = msg.get("index"), msg.get("action")
    if type(index) is not int or not 0 <= index < len(legal) or not isinstance(notation, str) \
            or str(legal[index]) != notation:
        return None
    return legal[index], index


@dataclass(frozen=True)
class Outcome:
    """What to do with a worker's answer: ``play`` it, show it as a ``hint`` (or as the hint ``so-far``
    while the expert goes on thinking), drop it as ``stale``, or refuse it as ``bad`` (``problem`` says
    why)."""

    kind: str
    ask: Ask | None = None
    action: Any = None
    index: int = -1
    why: str = ""
    line: str = ""
    ms: float = 0.0
    problem: str = ""
    whys: dict[str, str] = field(default_factory=dict)  # why, in every language the game speaks


@dataclass
class Table:
    """The seats of one game and the requests in flight for it."""

    players: list[str]
    seats: list[str]
    paused: bool = False
    failed: str = ""  # why the computer players stopped (a broken answer, a worker error); "" when fine
    pending_move: Ask | None = None
    pending_hint: Ask | None = None
    reasons: dict[int, Reason] = field(default_factory=dict)
    lang: str = "en"  # the page's language, for the bots' reasons

    @classmethod
    def from_meta(cls, players: list[str], meta: dict[str, Any]) -> tuple[Table, str]:
        """The table stored in a save's meta, and what could not be read of it."""
        seats, problem = parse_seats(meta.get("seats"), players)
        return cls(list(players), seats, reasons=parse_reasons(meta.get("reasons"))), problem

    def meta(self, upto: int) -> dict[str, Any]:
        """What goes into the save's meta (``upto``: the number of moves in the timeline)."""
        out: dict[str, Any] = {"seats": list(self.seats)}
        if self.reasons:
            out["reasons"] = reasons_meta(self.reasons, upto)
        return out

    # -- seats ----------------------------------------------------------------------------------------
    def level_of(self, player: str | None) -> str | None:
        """The computer's level at ``player``'s seat, or ``None`` for a person (or no such player)."""
        if player is None or player not in self.players:
            return None
        seat = self.seats[self.players.index(player)]
        return seat if seat in LEVELS else None

    @property
    def any_computer(self) -> bool:
        return any(s in LEVELS for s in self.seats)

    @property
    def all_computer(self) -> bool:
        return bool(self.seats) and all(s in LEVELS for s in self.seats)

    def set_seat(self, index: int, seat: str) -> bool:
        """Seat ``index`` becomes ``seat`` (human or a level); ``False`` if either is not valid.  A seat
        handed to the computer ends a failure (the player asked for the computer again)."""
        if not (0 <= index < len(self.seats)) or seat not in SEAT_KINDS:
            return False
        self.seats[index] = seat
        if seat in LEVELS:
            self.failed = ""
        return True

    def take_seat(self, arg: str, state: Any) -> bool:
        """``index:seat`` (the Players tab): a player leaves the table to the computer, or takes their seat
        back; a computer given a seat at its turn goes on at once.  Whether anything changed."""
        try:
            i_text, seat = arg.split(":", 1)
            ok = self.set_seat(int(i_text), seat)
        except ValueError:
            return False
        if ok and seat in LEVELS and self.paused and self.computer_to_move(state) is not None and not self.thinking:
            self.paused = False
        return ok

    def apply_reasons(self, entries: list[Any], lang: str) -> None:
        """Each bot move's log entry (in ``entries``, changed in place) ends with its reason in ``lang``.  Only
        the moves with a reason are read: the log tells a move when it is first read (a long game's link opens
        without telling every move of it)."""
        for k in sorted(i for i in self.reasons if 0 <= i < len(entries)):
            e = entries[k]
            why = self.reason_for(k, e.action, lang)
            if why and not e.text.endswith(f" — {why}"):
                entries[k] = replace(e, text=f"{e.text} — {why}")

    def computer_to_move(self, state: Any) -> str | None:
        """The level of the computer that decides now, or ``None`` (a person decides, or the game is over)."""
        if state.is_over:
            return None
        return self.level_of(state.current_player)

    # -- requests -------------------------------------------------------------------------------------
    def _ask(self, kind: str, state: Any, game: str, step: int, level: str) -> Ask:
        player = state.current_player
        return Ask(next(_REQUEST_IDS), kind, game, step, core.to_position(state), player, level,
                   seed=self.players.index(player) if player in self.players else 0, lang=self.lang, state=state)

    def _fits(self, ask: Ask, state: Any, game: str, step: int) -> bool:
        return (ask.game == game and ask.step == step and not state.is_over
                and ask.player == state.current_player
                and (ask.state is state or ask.position == core.to_position(state)))

    def next_ask(self, state: Any, game: str, step: int, *, viewing: bool = False) -> Ask | None:
        """The request to post now for the computer seat that decides, if any (``None`` when a person
        decides, the bots are paused or stopped, the page shows a replay, or the request is already in
        flight).  A request that no longer fits the game is forgotten: its answer will be dropped."""
        if self.pending_hint is not None and not self._fits(self.pending_hint, state, game, step):
            self.pending_hint = None
        level = self.computer_to_move(state)
        if level is None or self.paused or self.failed or viewing:
            self.pending_move = None
            return None
        p = self.pending_move
        if p is not None and p.level == level and self._fits(p, state, game, step):
            return None
        self.pending_move = self._ask("move", state, game, step, level)
        return self.pending_move

    def hint_ask(self, state: Any, game: str, step: int) -> Ask | None:
        """A request for a hint to the person who decides now (``None`` at a computer's turn or the end)."""
        if state.is_over or self.computer_to_move(state) is not None:
            return None
        p = self.pending_hint
        if p is not None and self._fits(p, state, game, step):
            return None
        self.pending_hint = self._ask("hint", state, game, step, HINT_LEVEL)
        return self.pending_hint

    @property
    def thinking(self) -> bool:
        return self.pending_move is not None

    def receive(self, text: Any, state: Any, game: str, step: int) -> Outcome:
        """Judge a worker's answer (JSON text) against the game as it is now."""
        try:
            msg = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            msg = None
        if not isinstance(msg, dict) or type(msg.get("id")) is not int:
            return Outcome("bad", problem="the computer's answer could not be read")
        ask = next((a for a in (self.pending_move, self.pending_hint) if a is not None and a.id == msg["id"]), None)
        if ask is None:
            return Outcome("stale")
        if msg.get("type") == "hint-so-far":  # the search goes on: the request stays pending
            if ask is not self.pending_hint or not self._fits(ask, state, game, step):
                return Outcome("stale", ask)
            chosen = _legal_choice(msg, state)
            if chosen is None:
                return Outcome("bad", ask, problem=NOT_LEGAL)
            return Outcome("so-far", ask, *chosen)
        if ask is self.pending_move:
            self.pending_move = None
        else:
            self.pending_hint = None
        if msg.get("type") == "error":
            return Outcome("bad", ask, problem="the computer player failed: " + clean_why(msg.get("message", ""))[:160])
        if not self._fits(ask, state, game, step):
            return Outcome("stale", ask)
        if ask.kind == "move" and (self.paused or self.failed or self.computer_to_move(state) != ask.level):
            return Outcome("stale", ask)
        chosen = _legal_choice(msg, state)
        if chosen is None:
            return Outcome("bad", ask, problem=NOT_LEGAL)
        ms = msg.get("ms")
        return Outcome("play" if ask.kind == "move" else "hint", ask, *chosen,
                       clean_why(msg.get("why", "")), clean_why(msg.get("reason", "")),
                       float(ms) if type(ms) in (int, float) and 0 <= ms < 1e9 else 0.0,
                       whys=clean_whys(msg.get("whys")))

    def remember(self, step: int, notation: str, why: str, whys: dict[str, str] | None = None) -> None:
        """The reason of the bot move made at move index ``step`` (``whys``: in every language)."""
        self.reasons[step] = (notation, clean_why(why), clean_whys(whys))
        if len(self.reasons) > MAX_REASONS:
            del self.reasons[min(self.reasons)]

    def reason_for(self, step: int, notation: str, lang: str | None = None) -> str:
        """The reason recorded for move ``step`` if that move is still ``notation`` (after undo a different
        move may stand there), in ``lang`` when it is known in it."""
        r = self.reasons.get(step)
        if r is None or r[0] != notation:
            return ""
        return r[2].get(lang or self.lang) or r[1]
