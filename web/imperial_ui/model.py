"""The game screen as plain data: which game, which position is shown (the present or a replay step), which
side tab is open, what the decision offers and which click belongs to which decision.

No DOM and no storage here: ``App`` (``app.py``) is the thin adapter that draws this model into the page and
keeps it in the browser's storage, and the CPython tests drive the model directly (``e2e/test_page_model_logic.py``).
Every rule question goes to the engine (``legal_actions``, ``rondel_choices``); the model only remembers
what the player is looking at and what they clicked so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import imperial_core as core
import imperial_text as tx

from . import readable
from .bylink import Seating
from .choices import Chooser, Names
from .session import Session

#: The side tabs of the game screen, in the page's order.
TABS = ("nations", "players", "log", "charts")


@dataclass(frozen=True)
class Click:
    """What a click on a drawn choice came to: ``dropped`` (drawn for another decision), ``ignored`` (nothing
    to decide here now), ``illegal`` (not a choice now), ``partial`` (a unit was selected; more clicks
    follow) or ``action`` (``action`` is complete and is to be played)."""

    outcome: str
    action: Any = None


@dataclass
class PageModel:
    """The state of the game screen.  ``replay`` is the step shown while replaying (``None``: the present);
    ``epoch`` numbers the decision on screen: it changes whenever the choices do, and a click counts only if
    it carries the current one."""

    names: Names
    session: Session | None = None
    replay: int | None = None
    tab: str = "nations"
    log_all: bool = False
    log_only: str | None = None  # the log shows this nation's turns only
    tracks_open: bool = False  # the Nations tab's drawing of the tracks is open (drawn only then)
    scores_open: bool = False
    note: str = ""  # a catalogue key: the note above the decision, said in the page's language when drawn
    target: str = ""  # the choice the tutorial asks for (its ``data-choice``), outlined on the map and the decision
    chooser: Chooser | None = None
    greyed: str = ""  # the rondel spaces that cannot be paid now, greyed with the reason (HTML)
    review_note: tuple[int, str] | None = None  # (replay step, the review's better choice there, in words)
    since: tuple[int, int] | None = None  # moves that came with a link: "since you played" (a game by link)
    epoch: int = 0
    dropped: int = 0
    _chooser_for: Any = None
    _serial: int = 0
    _sig: Any = field(default=None, repr=False)

    # -- the game -------------------------------------------------------------------------------------
    def open(self, session: Session, note: str = "") -> None:
        """Show ``session`` from its present, with the log unfiltered and the score screen open if it is over."""
        self.session = session
        session.retell(self.names.lang)
        if self.names.board.id != session.present.board:
            self.names = Names(core.load_board(session.present.board), self.names.lang)
        self.log_all = False
        self.log_only = None
        self.forget_choices()
        self.replay = None
        self.review_note = None
        self.since = None
        self.note = note
        self.scores_open = session.present.is_over

    @property
    def lang(self) -> str:
        """The language the screen is drawn in (``imperial_text.LANGS``)."""
        return self.names.lang

    def w(self, key: str, /, **values: object) -> str:
        """The page's sentence ``key`` in the screen's language."""
        return tx.t(self.names.lang, key, **values)

    def set_lang(self, lang: str) -> None:
        """Draw the screen in ``lang``: the names, the choices' words and the log's sentences."""
        self.names = Names(self.names.board, lang)
        if self.session is not None:
            self.session.retell(self.names.lang)
        self.forget_choices()

    def forget_choices(self) -> None:
        """The present changed from outside (restored, another game): the choices are worked out again."""
        self._chooser_for = None
        self._serial += 1

    @property
    def step(self) -> int:
        """The number of moves made up to the position shown."""
        assert self.session is not None
        return self.replay if self.replay is not None else self.session.cur

    def viewed(self) -> Any:
        """The state shown: the replay's step, else the present."""
        assert self.session is not None
        return self.session.states[self.replay] if self.replay is not None else self.session.present

    def last_entry(self) -> Any:
        """The log entry of the move that led to the position shown (``None`` at the start)."""
        assert self.session is not None
        k = self.step
        return self.session.entries[k - 1] if k > 0 else None

    def recent_regions(self) -> list[str]:
        """Where the move that led to the position shown happened (outlined on the map)."""
        assert self.session is not None
        k = self.step
        if k == 0:
            return []
        act = self.session.actions[k - 1]
        return [r for r in (getattr(act, "origin", None), getattr(act, "to", None), getattr(act, "region", None))
                if isinstance(r, str)]

    # -- the decision ---------------------------------------------------------------------------------
    def seating(self) -> Seating:
        """Who plays where in the open game, as this device sees it (a game by link: ``bylink``)."""
        assert self.session is not None
        return Seating.of(self.session)

    def elsewhere(self) -> str | None:
        """The player on another device who decides now (a game by link), else ``None``."""
        return self.seating().elsewhere(self.session.present) if self.session is not None else None

    def current_chooser(self, computer_decides: bool = False) -> Chooser | None:
        """The clicks that make the present's decision, or ``None`` when there is nothing to click here:
        no game, a replay, a finished game, a computer player's turn, or (a game by link) the decision of a
        player on another device."""
        s = self.session
        if s is None or self.replay is not None or s.present.is_over or computer_decides or self.elsewhere():
            return None
        if self._chooser_for is not s.present:
            state = s.present
            rows = core.rondel_choices(state) if state.decision == "rondel" else None
            self.chooser = Chooser(core.legal_actions(state), state.decision, self.names,
                                   readable.choice_notes(state, self.names, rows))
            self.greyed = readable.unaffordable_html(state, self.names, rows)
            self._chooser_for = state
            self._serial += 1
        return self.chooser

    def decision_id(self, chooser: Chooser | None) -> str:
        """The id of the decision on screen; every drawn choice carries it."""
        sig = (self._serial, tuple(chooser.prefix) if chooser is not None else None, self.replay)
        if sig != self._sig:
            self._sig = sig
            self.epoch += 1
        return str(self.epoch)

    def click(self, value: str, at: str | None, computer_decides: bool = False) -> Click:
        """A click on the choice ``value`` drawn for decision ``at``."""
        if at != str(self.epoch):  # a double click, or a click made before the decision changed
            self.dropped += 1
            return Click("dropped")
        chooser = self.current_chooser(computer_decides)
        if chooser is None:
            return Click("ignored")
        try:
            action = chooser.choose(value)
        except KeyError:
            return Click("illegal")
        return Click("partial") if action is None else Click("action", action)

    def cancel(self) -> bool:
        """Esc: leave a replay, else let go of the selected unit.  Whether anything changed."""
        if self.replay is not None:
            self.replay = None
            return True
        return self.chooser is not None and self.chooser.cancel()

    # -- undo, redo -----------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Whether Undo may take back the last move: never while replaying, and (a game by link) never a move
        that came from another device."""
        s = self.session
        return s is not None and self.replay is None and s.can_undo() and s.cur > self.seating().undo_floor()

    def undo(self) -> bool:
        """Take back the last move (see :meth:`can_undo`); a half-made choice is let go first."""
        if self.session is None:
            return False
        if self.chooser is not None and self.chooser.prefix:
            self.chooser.prefix = []
        return self.can_undo() and self.session.undo()

    def redo(self) -> bool:
        return self.session is not None and self.replay is None and self.session.redo()

    def toolbar(self) -> dict[str, Any]:
        """What the game screen's buttons may do now."""
        s = self.session
        assert s is not None
        return {"undo": self.can_undo(), "redo": s.can_redo() and self.replay is None,
                "replay": self.replay is not None, "moves": s.cur, "over": s.present.is_over}

    # -- replay ---------------------------------------------------------------------------------------
    def replay_to(self, k: int) -> None:
        """Show the position after ``k`` moves (kept within the game); the score screen closes meanwhile."""
        if self.session is None:
            return
        self.scores_open = False
        self.replay = max(0, min(k, self.session.cur))

    def replay_by(self, delta: int) -> None:
        """One step back (-1) or forward (+1) from the position shown."""
        if self.session is not None:
            self.replay_to(self.step + delta)

    def replay_exit(self) -> None:
        """Back to the present (and to the score screen if the game is over)."""
        self.replay = None
        if self.session is not None:
            self.scores_open = self.session.present.is_over

    def showing_scores(self) -> bool:
        """Whether the score screen is up: a finished game, at its present, not closed by the player."""
        s = self.session
        return s is not None and s.present.is_over and self.replay is None and self.scores_open

    # -- the side panel -------------------------------------------------------------------------------
    def open_tab(self, name: str | None) -> None:
        self.tab = name if name in TABS else "nations"

    def filter_log(self, nation: str | None) -> None:
        """The log shows one nation's turns, or every turn (``None``, an empty or unknown nation)."""
        self.log_only = nation if self.session is not None and nation in self.session.present.nations else None

    def log_entries(self) -> list[Any]:
        """The log's entries under the filter."""
        assert self.session is not None
        return [e for e in self.session.log() if self.log_only is None or e.nation == self.log_only]
