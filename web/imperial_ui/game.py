"""The game being played on this page: opening a game, a click on a choice, a move played and saved, undo,
redo, replay, the score screen and the side tabs; then the screen is drawn again.

The page model (``model.py``) holds what is shown and what was clicked; this part changes it on the
player's commands, plays moves through the session (``session.py``), has each move saved once its frame is
painted (``storage.Library``, ``Dom.after_frame``) and asks the map (``mapview.MapView``), the panels (``screen.GameScreen``) and
the computer players (``Seats``, below) to follow.  A click counts only for the decision it was drawn for, and
the game is checked against its own record before a move is played on it.
"""

from __future__ import annotations

import json
import time
from typing import Any, Protocol

import imperial_core as core

from . import bylink
from .commands import Handler
from .dom import Dom
from .mapview import MapView
from .model import PageModel
from .screen import GameScreen
from .session import Session
from .storage import SAVE_PREFIX, Library, clear_hash, new_id

#: sessionStorage: the unit picked in this tab's decision, half a move made (a reload picks it again)
PICK_KEY = "imperial.picked"


class Seats(Protocol):
    """What the game asks of the computer players (``botplay.BotPlay``)."""

    def computer_decides(self) -> bool: ...

    def sync(self) -> None: ...


class Lesson(Protocol):
    """What the game asks of the tutorial (``tutorial.Tutorial``): whether a click may go through, what a move
    did to the lesson, whether undo is off; and to draw its panel with the decision."""

    def allows(self, value: str) -> bool: ...

    def played(self, action: Any) -> None: ...

    def locked(self) -> bool: ...

    def draw(self, chooser: Any) -> None: ...


class NoLesson:
    """No tutorial (until the page wires it in)."""

    def allows(self, value: str) -> bool:
        return True

    def played(self, action: Any) -> None:
        return None

    def locked(self) -> bool:
        return False

    def draw(self, chooser: Any) -> None:
        return None


class NoSeats:
    """No computer players (until the page wires them in)."""

    def computer_decides(self) -> bool:
        return False

    def sync(self) -> None:
        return None


class Game:
    def __init__(self, dom: Dom, model: PageModel, library: Library, board: MapView, screen: GameScreen,
                 tab_id: str) -> None:
        self.dom = dom
        self.model = model
        self.library = library
        self.board = board
        self.screen = screen
        self.tab_id = tab_id
        self.seats: Seats = NoSeats()
        self.lesson: Lesson = NoLesson()
        #: told after every redraw, after the computer players (the review: ``reviewpage.ReviewPage.sync``)
        self.after_draw: list[Any] = []
        library.check = self.check
        self._pick: str | None = None  # what this tab last kept under PICK_KEY

    def commands(self) -> dict[str, Handler]:
        return {
            "undo": self.cmd_undo, "redo": self.cmd_redo, "cancel": self.cmd_cancel,
            "scores": self.cmd_scores, "close-scores": self.cmd_close_scores,
            "replay": self.cmd_replay, "replay-first": lambda _a: self.replay_to(0),
            "replay-back": lambda _a: self.replay_by(-1), "replay-forward": lambda _a: self.replay_by(+1),
            "replay-last": self.cmd_replay_last, "replay-to": self.cmd_replay_to, "replay-exit": self.cmd_replay_exit,
            "panel": self.cmd_panel, "tracks-drawing": self.cmd_tracks_drawing, "log-all": self.cmd_log_all, "log-filter": self.cmd_log_filter,
            "resume": self.cmd_resume, "import": self.cmd_import, "import-failed": self.cmd_import_failed,
            "since-done": self.cmd_since_done,
        }

    # -- a game opened ---------------------------------------------------------------------------------
    def open_session(self, session: Session, *, autosave: bool, note: str = "") -> None:
        """Show ``session`` (saved first when ``autosave``); other tabs hear that this tab has it open.  What the
        game shown before put off (its save) is done first."""
        self.dom.run_later(lambda: self.model.w("page.m.wrong"))
        self.model.open(session, note)
        self.pick_again(session)
        if session.rules:  # a game of earlier rules: the player is told what it plays under now
            self.dom.message(self.model.w(f"page.m.rules_{session.rules}", version=session.present.version), "info")
            session.rules = ""
        self.board.forget_pieces()
        self.library.autosave = autosave
        self.dom.data(game=session.game_id)
        self.dom.ui.announce(json.dumps({"type": "open", "game": session.game_id, "tab": self.tab_id}))
        if autosave:  # saved before it is drawn
            self.library.save()
        else:
            self.library.set_unsaved(False)
        self.show()

    def show(self) -> None:
        """The game screen, drawn in full."""
        self.dom.el("start-map").innerHTML = ""
        self.dom.ui.screen("game")
        self.board.forget_static()
        self.dom.forget_all()
        self.redraw()

    def cmd_resume(self, key: str | None) -> None:
        """A saved game opened from the list (or the save this tab was playing, after a reload)."""
        key = str(key or "")
        raw = self.library.store.get(key)
        if raw is None:
            self.dom.message(self.model.w("page.m.gone"), "info")
            self.library.refresh()
            return
        opened = self.library.read_session(raw, key[len(SAVE_PREFIX):])
        if not isinstance(opened, Session):
            self.dom.message(self.model.w("page.m.cannot_open", reason=opened))
            return
        self.library.written[key] = raw
        self.close_dialogs()
        clear_hash()
        self.open_session(opened, autosave=True)

    def cmd_import(self, text: str | None) -> None:
        """A file with a save (any format the engine reads), a link token or a link."""
        opened = self.library.read_session(text or "", new_id())
        if not isinstance(opened, Session):
            self.dom.message(self.model.w("page.m.cannot_import", reason=opened))
            return
        self.dom.ui.menu(False)
        self.dom.clear_message()
        self.open_session(opened, autosave=True, note="page.m.imported")
        self.library.refresh()

    def cmd_import_failed(self, reason: str | None) -> None:
        """The browser could not read the chosen file at all."""
        self.dom.message(self.model.w("page.m.unreadable_file", reason=str(reason or "")[:120]))

    def close_dialogs(self) -> None:
        self.dom.ui.menu(False)
        self.dom.ui.prompt(False)
        self.dom.clear_message()

    # -- drawing --------------------------------------------------------------------------------------
    def redraw(self) -> None:
        """The game screen from the model: the map, the panels; then the computer players look at it."""
        if self.model.session is None:
            return
        clock = time.perf_counter
        t0 = clock()
        chooser = self.model.current_chooser(self.seats.computer_decides())
        self.keep_pick(chooser)
        self.lesson.draw(chooser)
        at = self.model.decision_id(chooser)
        state = self.model.viewed()
        prof = {"choices": clock() - t0}
        self.board.draw(state, chooser, at, prof)
        self.screen.draw(state, chooser, at, prof)
        prof["total"] = clock() - t0
        self.dom.ui.profile = json.dumps({k: round(v * 1000, 2) for k, v in prof.items()})
        self.seats.sync()
        for told in self.after_draw:
            told()

    # -- a unit picked, across a reload ---------------------------------------------------------------
    def keep_pick(self, chooser: Any) -> None:
        """The half-made choice on screen (a unit picked, its destination not yet) kept in this tab's storage,
        with the game and the move it belongs to; nothing once there is none."""
        s = self.model.session
        prefix = list(chooser.prefix) if chooser is not None and s is not None else []
        kept = json.dumps({"game": s.game_id, "moves": s.cur, "prefix": prefix}) if prefix and s else None
        if kept != self._pick:
            self._pick = kept
            if kept is None:
                self.library.tabstore.remove(PICK_KEY)
            else:
                self.library.tabstore.set(PICK_KEY, kept)

    def pick_again(self, session: Session) -> None:
        """A game opened at the move where this tab had picked a unit (a reload): the unit is picked again;
        if it can no longer be, the player is told that it was let go."""
        try:
            kept = json.loads(self.library.tabstore.get(PICK_KEY) or "null")
        except ValueError:
            kept = None
        if not (isinstance(kept, dict) and kept.get("game") == session.game_id and kept.get("moves") == session.cur
                and isinstance(kept.get("prefix"), list) and kept["prefix"]):
            return
        chooser = self.model.current_chooser(self.seats.computer_decides())
        try:
            if chooser is None or any(chooser.choose(str(v)) is not None for v in kept["prefix"]):
                raise KeyError(kept["prefix"])
        except KeyError:
            if chooser is not None:
                chooser.prefix = []
            self.dom.message(self.model.w("page.m.pick_dropped"), "info")

    # -- moves ----------------------------------------------------------------------------------------
    def choose(self, value: str, at: str | None) -> None:
        """A click on a drawn choice; ``at`` is the decision it was drawn for (``data-at``).  In the tutorial, a
        choice the step does not take is not played (the tutorial says why)."""
        if at == str(self.model.epoch) and not self.lesson.allows(value):
            return
        click = self.model.click(value, at, self.seats.computer_decides())
        if click.outcome == "dropped":  # drawn for another decision (a double click, a click made before a change)
            self.dom.data(dropped=self.model.dropped)
        elif click.outcome == "illegal":
            self.dom.message(self.model.w("page.m.not_legal", value=value), "info")
        elif click.outcome == "action":
            self.play(click.action)
        elif click.outcome == "partial":
            self.redraw()

    def play(self, action: Any) -> bool:
        """A person's move (or a computer's, through ``botplay``): played, saved, drawn.  Whether it was."""
        s = self.model.session
        assert s is not None
        if self.check() != "intact":  # the click was aimed at a game changed from outside: not played
            return False
        player = s.present.current_player
        try:
            s.play(action)
        except core.IllegalAction as exc:
            self.dom.message(str(exc), "info")
            return False
        bylink.played(s.extra, player)
        if self.model.since is not None and player in (self.model.seating().mine or ()):
            self.model.since = None  # this device has played on: what came with the link is the past now
        self.model.note = ""
        self.dom.clear_message()
        self.lesson.played(action)
        if s.present.is_over:
            self.model.scores_open = True
        self.after_change()
        return True

    def after_change(self) -> None:
        """The board is redrawn, and the game saved once that frame is painted (``Library.save_soon``: asked
        for before drawing, a crash while drawing loses nothing)."""
        self.library.save_soon()
        self.redraw()

    def check(self) -> str:
        """Before a move, a save or a link: the game must be what its own moves make (it may have been changed
        from the browser's console).  A changed game is rebuilt from its record, with a message.  Returns
        ``intact``, ``restored`` or ``broken`` (no game, or one that cannot be rebuilt)."""
        s = self.model.session
        if s is None:
            return "broken"
        if s.intact():
            return "intact"
        w = self.model.w
        try:
            _kept, dropped = s.restore()
        except core.BadToken:
            self.dom.message(w("page.m.broken"))
            return "broken"
        self.model.forget_choices()
        self.model.replay = None
        self.board.forget_pieces()
        lost = self.model.names.tn("page.m.dropped", dropped) if dropped else ""
        self.dom.message(w("page.m.restored", k=s.cur, lost=lost), "info")
        self.redraw()
        return "restored"

    # -- undo, redo ------------------------------------------------------------------------------------
    def cmd_undo(self, _arg: str | None) -> None:
        if self.lesson.locked():
            return
        if self.model.undo():
            self.after_change()

    def cmd_redo(self, _arg: str | None) -> None:
        if self.lesson.locked():
            return
        if self.model.redo():
            self.after_change()

    def cmd_cancel(self, _arg: str | None) -> None:
        """Esc: leave the replay, or let go of the selected unit."""
        if self.model.cancel():
            self.redraw()

    # -- what is shown --------------------------------------------------------------------------------
    def cmd_scores(self, _arg: str | None) -> None:
        self.model.scores_open = True
        self.model.replay = None
        self.redraw()

    def cmd_close_scores(self, _arg: str | None) -> None:
        self.model.scores_open = False
        self.redraw()

    def replay_to(self, k: int) -> None:
        """Replay: the position after ``k`` moves, view only (model.py)."""
        self.model.replay_to(k)
        self.redraw()

    def replay_by(self, delta: int) -> None:
        self.model.replay_by(delta)
        self.redraw()

    def cmd_replay(self, _arg: str | None) -> None:
        if self.model.session is not None:
            self.replay_to(self.model.step)

    def cmd_replay_last(self, _arg: str | None) -> None:
        if self.model.session is not None:
            self.replay_to(self.model.session.cur)

    def cmd_replay_to(self, arg: str | None) -> None:
        try:
            k = int(arg or 0)
        except ValueError:
            return
        self.replay_to(k)

    def cmd_replay_exit(self, _arg: str | None) -> None:
        self.model.replay_exit()
        self.redraw()

    def cmd_since_done(self, _arg: str | None) -> None:
        """"Since you played" is put away."""
        self.model.since = None
        self.redraw()

    def cmd_panel(self, name: str | None) -> None:
        """A side tab was opened: it is drawn now (hidden tabs are not redrawn after every move)."""
        self.model.open_tab(name)
        self.redraw()

    def cmd_tracks_drawing(self, arg: str | None) -> None:
        """The drawing of the tracks was opened ("1") or closed: it is drawn only while it is open."""
        if (arg == "1") != self.model.tracks_open:
            self.model.tracks_open = arg == "1"
            self.redraw()

    def cmd_log_all(self, _arg: str | None) -> None:
        self.model.log_all = True
        self.redraw()

    def cmd_log_filter(self, nation: str | None) -> None:
        """The log shows one nation's turns (``nation``), or all of them (empty)."""
        self.model.filter_log(nation)
        self.redraw()
