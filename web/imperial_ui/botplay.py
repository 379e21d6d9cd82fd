"""The computer players on the page: which seat is a computer's, when to ask the worker for a move, and what
to do with its answer (runs in Pyodide on the main thread; the seat logic itself is plain Python in
:mod:`imperial_ui.seats`, the worker's protocol in :mod:`imperial_ui.botworker`, the bar in
:mod:`imperial_ui.botbar`).

After every redraw :meth:`BotPlay.sync` asks the worker for the move of a computer seat that decides; the
worker answers in the background and :meth:`BotPlay.cmd_bot_answer` plays the answer only if it still fits
the game and is legal (after Undo, a replay, a pause or a seat change it is dropped).  A bot move is held
on screen for the chosen pace, told in the log with its reason, and the regions it touched are outlined
(the highlight overlay, for a while).
A worker that fails or answers nonsense stops the computer players with a message; the game stays as it
was, and its seats can be taken over.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import imperial_core as core
import imperial_text as tx
from imperial_core.narrate import sentence

from .botbar import BotBar
from .botworker import Worker
from .choices import steps
from .commands import Handler
from .dom import Dom
from .game import Game
from .model import PageModel
from .pace import Pace
from .seats import Table, action_regions, hint_in, touched_regions
from .store import Store


class BotPlay:
    """The computer seats of the open game, what is asked of the worker, the hint."""

    def __init__(self, dom: Dom, model: PageModel, game: Game, store: Store) -> None:
        self.dom = dom
        self.model = model
        self.game = game
        self.worker = Worker(self.cmd_bot_failed)
        self.bar = BotBar(dom, model, self)
        self.session: Any = None  # the game the table belongs to
        self.table: Table | None = None
        self.last_cur = 0
        self.holding = False  # an answer waits for the pace
        self.hint: tuple[str, int, str, str, str] | None = None  # (game, step, notation, sentence, why)
        self.hint_whys: dict[str, str] = {}  # the hint's why in every language (a language switch keeps it)
        self.pace = Pace(store)
        self.decisions = 0
        game.after_draw.append(self.pace.drawn)

    def commands(self) -> dict[str, Handler]:
        return {"bot-ready": self.cmd_bot_ready, "bot-failed": self.cmd_bot_failed, "bot-retry": self.cmd_bot_retry,
                "bot-answer": self.cmd_bot_answer, "bot-draw": self.cmd_bot_draw,
                "bot-watchdog": self.cmd_bot_watchdog, "pace": self.cmd_pace,
                "bot-pause": self.cmd_bot_pause, "bot-resume": self.cmd_bot_resume, "hint": self.cmd_hint,
                "seat": self.cmd_seat}

    # -- the game's seats -----------------------------------------------------------------------------
    def ensure(self) -> Table | None:
        """The table of the open game (read from its save when the game changed)."""
        s = self.model.session
        if s is None:
            return None
        if s is not self.session or self.table is None:
            self.attach()
        return self.table

    def computer_decides(self) -> bool:
        """Whether a computer seat decides now (the page then offers no choices to click)."""
        t = self.ensure()
        s = self.model.session
        return t is not None and s is not None and t.computer_to_move(s.present) is not None

    def attach(self) -> None:
        """A game was opened: read its seats from its save's meta (a link has none: every seat is human)."""
        s = self.model.session
        assert s is not None
        self.session = s
        self.hint = None
        self.holding = False
        self.table, problem = Table.from_meta(list(s.players), s.extra)
        if problem:
            self.dom.message(self.model.w("page.b.seats_problem", problem=problem), "info")
        self.table.lang = self.model.lang
        self.last_cur = s.cur
        self.apply_reasons()
        self.store_meta()

    def store_meta(self) -> None:
        """The seats and reasons go into the game's save (written with the next save)."""
        if self.session is not None and self.table is not None:
            self.session.extra.update(self.table.meta(len(self.session.actions)))

    def apply_reasons(self) -> None:
        """Each bot move's log entry carries its reason (kept with the save)."""
        if self.session is not None and self.table is not None:
            self.table.apply_reasons(self.session.entries, self.model.lang)

    def relang(self) -> None:
        """The page's language changed (``Dom.forget_all`` has been called: the bar's parts are written again):
        the reasons (kept in every language), the bar and the table's words follow; an open hint stays, said
        in the new language."""
        self.apply_reasons()
        self.rehint()
        if self.table is not None:
            self.table.lang = self.model.lang
        self.draw_bar()

    def rehint(self) -> None:
        """The open hint in the page's language: the move as the log says it, and its why."""
        s = self.model.session
        if self.hint is not None and s is not None:
            self.hint = hint_in(self.hint, s.present, (s.game_id, s.cur), self.model.lang, self.hint_whys)

    # -- the loop -------------------------------------------------------------------------------------
    def on_screen(self) -> bool:
        """Whether the game screen is shown (on the start screen the computer players wait)."""
        return self.dom.screen() == "game"

    def viewing(self) -> bool:
        """Whether the player looks at something other than the game going on (a replay, the start screen)."""
        return self.model.replay is not None or not self.on_screen()

    def sync(self) -> None:
        """After every redraw: notice a new game, Undo (the computer players wait), a person's move (they
        go on); ask the worker for a computer seat's move; redraw the bot bar."""
        s = self.model.session
        if s is None:
            return
        t = self.ensure()
        assert t is not None
        if s.cur < self.last_cur and t.any_computer and not t.paused:
            t.paused = True
            self.holding = False
        elif s.cur > self.last_cur and t.paused and t.level_of(s.entries[s.cur - 1].player) is None \
                and not t.all_computer:
            t.paused = False  # a person moved: the game goes on
        self.last_cur = s.cur
        if self.hint is not None and (self.hint[0], self.hint[1]) != (s.game_id, s.cur):
            self.hint = None
            self.worker.mark(json.dumps({"cls": "hinted"}))  # the hint's mark on its button goes ...
            self.game.board.mark("hinted", [])  # ... and its outlines
        if t.any_computer and self.worker.state == "off":
            self.worker.start()
        if not self.holding:
            ask = t.next_ask(s.present, s.game_id, s.cur, viewing=self.viewing())
            if ask is not None:
                self.worker.post(ask.payload())
        self.draw_bar()

    def draw_bar(self) -> None:
        self.bar.draw()
        if self.hint is not None:
            self.mark_hint()

    def cmd_bot_watchdog(self, payload: str | None) -> None:
        """A request still unanswered long after it was posted: the worker hangs."""
        t = self.table
        try:
            rid = json.loads(payload or "").get("id")
        except (ValueError, AttributeError):
            return
        pending = [a for a in (t.pending_move, t.pending_hint) if a is not None] if t is not None else []
        if any(a.id == rid for a in pending) and not self.holding:
            self.worker.state = "failed"
            self.stop(self.model.w("page.b.timeout"))

    # -- the worker's news ----------------------------------------------------------------------------
    def cmd_bot_ready(self, _ms: str | None) -> None:
        self.worker.state = "ready"
        self.draw_bar()

    def cmd_bot_failed(self, text: str | None) -> None:
        """The worker could not start or stopped: the computer players stop, the game stays."""
        reason = str(text or "")
        try:
            msg = json.loads(reason)
            reason = str(msg.get("message", "")) if isinstance(msg, dict) else reason
        except ValueError:
            pass
        w = self.model.w
        self.worker.problem = reason[:200]
        self.worker.state = "failed"
        self.stop(w("page.b.could_not_run", reason=self.worker.problem or w("page.b.unknown")))

    def stop(self, text: str) -> None:
        t = self.table
        if t is not None:
            t.failed = text
            t.pending_move = t.pending_hint = None
        self.holding = False
        self.dom.message(self.model.w("page.b.stopped_kept", text=text), "error",
                         [{"cmd": "bot-retry", "label": self.model.w("page.b.retry")}])
        self.draw_bar()

    def cmd_bot_retry(self, _arg: str | None) -> None:
        if not self.worker.restart():
            return
        if self.table is not None:
            self.table.failed = ""
        self.dom.clear_message()
        self.sync()

    def cmd_bot_answer(self, text: str | None) -> None:
        """An answer of the worker: held for the pace, then played (if it still fits), or shown as a hint."""
        s, t = self.model.session, self.table
        if s is None or t is None or s is not self.session:
            return
        try:
            msg = json.loads(text or "")
        except ValueError:
            msg = None
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind in ("answer", "error", "skipped"):
            self.worker.answered()
        if kind == "skipped":
            return
        if not self.on_screen():  # the player went to the start screen: the game waits there
            t.pending_move = t.pending_hint = None
            self.holding = False
            return
        wait = self.pace.wait_ms()
        is_move = t.pending_move is not None and isinstance(msg, dict) and msg.get("id") == t.pending_move.id
        if kind == "answer" and is_move and wait > 1:
            self.holding = True
            self.draw_bar()
            self.worker.later(wait, "bot-answer", str(text))
            return
        self.holding = False
        out = t.receive(text, s.present, s.game_id, s.cur)
        if out.kind == "bad":
            self.stop(self.model.w("page.b.stopped", reason=out.problem))
            return
        if out.kind == "stale":
            self.sync()
            return
        assert out.ask is not None and out.action is not None
        if out.kind in ("hint", "so-far"):  # said as the log would say the move: who, and what they would do
            label = sentence(s.present, out.action, [], self.model.lang)
            self.hint = (s.game_id, s.cur, str(out.action), label, out.why)
            self.hint_whys = dict(out.whys)
            self.draw_bar()
            return
        self.play(out.action, out.why, out.ms, out.whys)

    def play(self, action: Any, why: str, ms: float, whys: dict[str, str] | None = None) -> None:
        """A computer seat's move: played, told in the log with its reason, its regions outlined."""
        s, t = self.model.session, self.table
        assert s is not None and t is not None
        if self.game.check() != "intact":
            return
        try:
            _after, events = core.step(s.present, action)
        except core.IllegalAction as exc:
            self.stop(self.model.w("page.b.refused", reason=tx.reason(self.model.lang, exc)))
            return
        step = s.cur
        s.play(action)
        t.remember(step, str(action), why, whys)
        e = s.entries[step]
        said = t.reason_for(step, str(action), self.model.lang)
        s.entries[step] = replace(e, text=f"{e.text} — {said}") if said else e
        self.store_meta()
        self.last_cur = s.cur
        self.decisions += 1
        self.dom.data(botMoves=self.decisions, botMs=round(ms, 1))
        if s.present.is_over:
            self.model.scores_open = True
        if self.pace.draw_later(not self.viewing() and t.computer_to_move(s.present) is not None, self.worker.later):
            self.game.library.save_soon()
            self.sync()  # the next computer seat is asked at once
        else:
            self.game.after_change()
        self.pace.shown()
        self.game.board.mark("botmove", touched_regions(events), self.pace.outline_ms())

    def cmd_bot_draw(self, _arg: str | None) -> None:
        """The drawing put off by ``Pace.draw_later`` (unless the page was drawn since)."""
        if self.pace.draw_due:
            self.game.redraw()

    # -- the player's commands ------------------------------------------------------------------------
    def cmd_pace(self, arg: str | None) -> None:
        if self.pace.choose(arg):
            self.draw_bar()

    def cmd_bot_pause(self, _arg: str | None) -> None:
        if self.table is not None:
            self.table.paused = True
            self.holding = False
            self.sync()

    def cmd_bot_resume(self, _arg: str | None) -> None:
        if self.table is not None:
            self.table.paused = False
            self.pace.go_on()
            self.sync()

    def cmd_hint(self, _arg: str | None) -> None:
        s, t = self.model.session, self.table
        if s is None or t is None or self.model.replay is not None:
            return
        ask = t.hint_ask(s.present, s.game_id, s.cur)
        if ask is not None:
            self.worker.post(ask.payload())
        self.draw_bar()

    def cmd_seat(self, arg: str | None) -> None:
        """``index:seat``: a player leaves the table to the computer, or takes their seat back."""
        s, t = self.model.session, self.table
        if s is not None and t is not None and t.take_seat(str(arg or ""), s.present):
            self.store_meta()
            self.game.after_change()

    def mark_hint(self) -> None:
        s = self.model.session
        if self.hint is None or s is None:
            return
        action = next((a for a in core.legal_actions(s.present) if str(a) == self.hint[2]), None)
        if action is None:
            return
        first = steps(action, s.present.decision, self.model.names)
        self.worker.mark(json.dumps({"choice": first[0].value if first else "", "cls": "hinted"}))
        self.game.board.mark("hinted", action_regions(action))
