"""The computer players on the page (runs in Pyodide on the main thread): thin glue between the game
(:class:`imperial_ui.app.App`), the seat logic (:mod:`imperial_ui.seats`) and the bot worker (``bots.js``).

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
import random
import time
from dataclasses import replace
from typing import Any

import imperial_core as core
import imperial_text as tx
import js

from . import views
from .choices import steps
from .seats import (
    DEFAULT_PACE,
    HUMAN,
    LEVELS,
    PACES,
    Table,
    action_regions,
    solo_players,
    touched_regions,
)
from .session import Session, form_names

PACE_KEY = "imperial.pace"
#: A request the worker has not answered after this long (ms, start-up included) stops the bots with a
#: message (a worker that hangs); the strong level decides in about a second.
WATCHDOG_MS = 90_000


def _now_ms() -> float:
    return time.perf_counter() * 1000


class NoWorker:
    """Stands in for ``bots.js`` when it did not load: nothing starts, and the page says so."""

    missing = True

    def start(self) -> None: ...
    def ask(self, _payload: str) -> None: ...
    def restart(self) -> None: ...
    def later(self, _ms: float, _name: str, _arg: str) -> None: ...
    def mark(self, _json: str) -> None: ...


class BotPlay:
    """The computer seats of the open game, the worker's state and the bot bar above the choices."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.js = getattr(js.window, "imperialBots", None) or NoWorker()
        self.session: Any = None
        self.table: Table | None = None
        self.last_cur = 0
        self.worker = "off"  # off | starting | ready | failed
        self.worker_problem = ""
        self.shown_at = -1e9  # when the last bot move was drawn (ms)
        self.holding = False  # an answer waits for the pace
        self.hint: tuple[str, int, str, str, str] | None = None  # (game, step, notation, label, why)
        self.pace = str(app.store.get(PACE_KEY) or DEFAULT_PACE)
        if self.pace not in PACES:
            self.pace = DEFAULT_PACE
        self.decisions = 0
        self._bar: dict[str, str] = {}

    # -- the game's seats -----------------------------------------------------------------------------
    def ensure(self) -> Table | None:
        """The table of the open game (read from its save when the game changed)."""
        s = self.app.session
        if s is None:
            return None
        if s is not self.session or self.table is None:
            self.attach()
        return self.table

    def computer_decides(self) -> bool:
        """Whether a computer seat decides now (the page then offers no choices to click)."""
        t = self.ensure()
        return t is not None and t.computer_to_move(self.app.session.present) is not None

    def attach(self) -> None:
        """A game was opened: read its seats from its save's meta (a link has none: every seat is human)."""
        s = self.app.session
        self.session = s
        self.hint = None
        self.holding = False
        self.table, problem = Table.from_meta(list(s.players), s.extra)
        if problem:
            self.app.message(self.app.w("page.b.seats_problem", problem=problem), "info")
        self.table.lang = self.app.lang
        self.last_cur = s.cur
        self.apply_reasons()
        self.store_meta()

    def store_meta(self) -> None:
        """The seats and reasons go into the game's save (written with the next save)."""
        if self.session is not None and self.table is not None:
            self.session.extra.update(self.table.meta(len(self.session.actions)))

    def apply_reasons(self) -> None:
        """Each bot move's log entry carries its reason (kept with the save)."""
        s, t = self.session, self.table
        if s is None or t is None:
            return
        for k, e in enumerate(s.entries):
            why = t.reason_for(k, e.action)
            if why and not e.text.endswith(f" — {why}"):
                s.entries[k] = replace(e, text=f"{e.text} — {why}")

    def form_seats(self, count: int) -> list[str]:
        """The seats chosen in the new-game form (a missing or unknown choice is a person)."""
        out = []
        for i in range(1, count + 1):
            el = js.document.getElementById(f"seat-{i}")
            v = str(el.value) if el is not None else HUMAN
            out.append(v if v in (HUMAN, *LEVELS) else HUMAN)
        return out

    # -- the loop -------------------------------------------------------------------------------------
    def sync(self) -> None:
        """After every redraw: notice a new game, Undo (the computer players wait), a person's move (they
        go on); ask the worker for a computer seat's move; redraw the bot bar."""
        app = self.app
        s = app.session
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
            self.js.mark(json.dumps({"cls": "hinted"}))  # the hint's mark and outlines go
            app.ui.highlight(app.render.highlights_svg(s.present.board, hinted=[]))
        if t.any_computer and self.worker == "off":
            self.start_worker()
        if not self.holding:
            ask = t.next_ask(s.present, s.game_id, s.cur, viewing=app.replay is not None or not self.on_screen())
            if ask is not None:
                self.post(ask.payload())
        self.draw_bar()

    @staticmethod
    def on_screen() -> bool:
        """Whether the game screen is shown (on the start screen the computer players wait)."""
        return str(getattr(js.document.body.dataset, "screen", "") or "") == "game"

    def start_worker(self) -> None:
        if self.worker == "off":
            self.worker = "starting"
            if isinstance(self.js, NoWorker):
                self.cmd_bot_failed("the page's bot script (bots.js) did not load")
                return
            self.js.start()

    def post(self, payload: str) -> None:
        self.start_worker()
        self.js.ask(payload)
        self.js.later(WATCHDOG_MS, "bot-watchdog", payload)

    def cmd_bot_watchdog(self, payload: str | None) -> None:
        """A request still unanswered long after it was posted: the worker hangs."""
        t = self.table
        try:
            rid = json.loads(payload or "").get("id")
        except (ValueError, AttributeError):
            return
        pending = [a for a in (t.pending_move, t.pending_hint) if a is not None] if t is not None else []
        if any(a.id == rid for a in pending) and not self.holding:
            self.worker = "failed"
            self.stop(self.app.w("page.b.timeout"))

    # -- commands from JS -----------------------------------------------------------------------------
    def cmd_bot_ready(self, ms: str | None) -> None:
        self.worker = "ready"
        self.draw_bar()

    def cmd_bot_failed(self, text: str | None) -> None:
        """The worker could not start or stopped: the computer players stop, the game stays."""
        reason = str(text or "")
        try:
            msg = json.loads(reason)
            reason = str(msg.get("message", "")) if isinstance(msg, dict) else reason
        except ValueError:
            pass
        self.worker = "failed"
        self.worker_problem = reason[:200]
        self.stop(self.app.w("page.b.could_not_run", reason=self.worker_problem or self.app.w("page.b.unknown")))

    def stop(self, text: str) -> None:
        t = self.table
        if t is not None:
            t.failed = text
            t.pending_move = t.pending_hint = None
        self.holding = False
        self.app.message(self.app.w("page.b.stopped_kept", text=text), "error",
                         [{"cmd": "bot-retry", "label": self.app.w("page.b.retry")}])
        self.draw_bar()

    def cmd_bot_retry(self, _arg: str | None) -> None:
        if self.worker == "failed":
            if isinstance(self.js, NoWorker):
                self.cmd_bot_failed("the page's bot script (bots.js) did not load")
                return
            self.worker = "starting"
            self.js.restart()
        if self.table is not None:
            self.table.failed = ""
        self.app.ui.clearMessage()
        self.sync()

    def cmd_bot_answer(self, text: str | None) -> None:
        """An answer of the worker: held for the pace, then played (if it still fits), or shown as a hint."""
        app, s, t = self.app, self.app.session, self.table
        if s is None or t is None or s is not self.session:
            return
        try:
            msg = json.loads(text or "")
        except ValueError:
            msg = None
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind in ("answer", "error", "skipped") and self.worker == "starting":
            self.worker = "ready"  # it answers, so it runs
        if kind == "skipped":
            return
        if not self.on_screen():  # the player went to the start screen: the game waits there
            t.pending_move = t.pending_hint = None
            self.holding = False
            return
        wait = self.shown_at + PACES.get(self.pace, 0) - _now_ms()
        is_move = t.pending_move is not None and isinstance(msg, dict) and msg.get("id") == t.pending_move.id
        if kind == "answer" and is_move and wait > 1:
            self.holding = True
            self.draw_bar()
            self.js.later(wait, "bot-answer", text)
            return
        self.holding = False
        out = t.receive(text, s.present, s.game_id, s.cur)
        if out.kind == "bad":
            self.stop(self.app.w("page.b.stopped", reason=out.problem))
            return
        if out.kind == "stale":
            self.sync()
            return
        assert out.ask is not None and out.action is not None
        if out.kind == "hint":
            first = steps(out.action, s.present.decision, app.names)
            label = " → ".join(tok.label for tok in first)
            self.hint = (s.game_id, s.cur, str(out.action), label, out.why)
            self.draw_bar()
            self.mark_hint()
            return
        self.play(out.action, out.why, out.ms)

    def play(self, action: Any, why: str, ms: float) -> None:
        """A computer seat's move: played, told in the log with its reason, its regions outlined."""
        app, s, t = self.app, self.app.session, self.table
        assert s is not None and t is not None
        if app.check_game() != "intact":
            return
        state = s.present
        try:
            _after, events = core.step(state, action)
        except core.IllegalAction as exc:
            self.stop(self.app.w("page.b.refused", reason=tx.reason(self.app.lang, exc)))
            return
        step = s.cur
        s.play(action)
        t.remember(step, str(action), why)
        e = s.entries[step]
        s.entries[step] = replace(e, text=f"{e.text} — {t.reasons[step][1]}") if t.reasons[step][1] else e
        self.store_meta()
        self.last_cur = s.cur
        self.decisions += 1
        js.document.body.dataset.botMoves = str(self.decisions)
        js.document.body.dataset.botMs = str(round(ms, 1))
        if s.present.is_over:
            app.scores_open = True
        app.after_change()
        self.shown_at = _now_ms()
        ms_mark = max(600, PACES.get(self.pace, 0) + 300)
        app.ui.highlight(app.render.highlights_svg(s.present.board, botmove=touched_regions(events)), ms_mark)

    def cmd_pace(self, arg: str | None) -> None:
        if arg in PACES:
            self.pace = str(arg)
            self.app.store.set(PACE_KEY, self.pace)
            self.draw_bar()

    def cmd_bot_pause(self, _arg: str | None) -> None:
        if self.table is not None:
            self.table.paused = True
            self.holding = False
            self.sync()

    def cmd_bot_resume(self, _arg: str | None) -> None:
        if self.table is not None:
            self.table.paused = False
            self.shown_at = -1e9
            self.sync()

    def cmd_hint(self, _arg: str | None) -> None:
        s, t = self.app.session, self.table
        if s is None or t is None or self.app.replay is not None:
            return
        ask = t.hint_ask(s.present, s.game_id, s.cur)
        if ask is not None:
            self.post(ask.payload())
        self.draw_bar()

    def cmd_seat(self, arg: str | None) -> None:
        """``index:seat``: a player leaves the table to the computer, or takes their seat back."""
        s, t = self.app.session, self.table
        if s is None or t is None:
            return
        try:
            i_text, seat = str(arg or "").split(":", 1)
            ok = t.set_seat(int(i_text), seat)
        except ValueError:
            ok = False
        if not ok:
            return
        if seat in LEVELS and t.paused and t.computer_to_move(s.present) is not None and not t.thinking:
            t.paused = False
        self.store_meta()
        self.app.after_change()

    def mark_hint(self) -> None:
        s = self.app.session
        if self.hint is None or s is None:
            return
        action = next((a for a in core.legal_actions(s.present) if str(a) == self.hint[2]), None)
        if action is None:
            return
        first = steps(action, s.present.decision, self.app.names)
        self.js.mark(json.dumps({"choice": first[0].value if first else "", "cls": "hinted"}))
        self.app.ui.highlight(self.app.render.highlights_svg(s.present.board, hinted=action_regions(action)))

    # -- what the page shows --------------------------------------------------------------------------
    def status(self) -> tuple[str, str]:
        """The bot bar's state (for ``data-bot``) and its sentence."""
        s, t, app = self.app.session, self.table, self.app
        if s is None or t is None:
            return "none", ""
        if t.failed:
            return "failed", t.failed
        state = s.present
        level = t.computer_to_move(state)
        if state.is_over or level is None:
            if t.paused and t.any_computer and not state.is_over:
                return "human", app.w("page.b.wait")
            return "human", ""
        who = app.w("page.b.who", player=state.current_player, level=app.w("page.level." + level))
        if app.replay is not None:
            return "waiting", app.w("page.b.replay", who=who)
        if t.paused:
            return "paused", app.w("page.b.paused", who=who)
        if self.worker in ("off", "starting"):
            return "starting", app.w("page.b.starting")
        if self.holding:
            return "showing", app.w("page.b.next", who=who)
        return "thinking", app.w("page.b.thinking", who=who)

    def draw_bar(self) -> None:
        s, t = self.app.session, self.table
        if s is None or t is None:
            return
        state_word, text = self.status()
        w = self.app.w
        parts = {"status": f'<p class="botstatus" data-testid="bot-status">{views.esc(text)}</p>' if text else ""}
        buttons = []
        if t.any_computer and not s.present.is_over:
            if t.paused:
                buttons.append('<button data-cmd="bot-resume" class="primary" data-testid="bot-resume">'
                               f'{w("page.b.resume")}</button>')
            else:
                buttons.append(f'<button data-cmd="bot-pause" data-testid="bot-pause">{w("page.b.pause")}</button>')
        if state_word == "human" and not s.present.is_over and self.app.replay is None:
            busy = t.pending_hint is not None
            buttons.append(f'<button data-cmd="hint" data-testid="hint"{" disabled" if busy else ""} '
                           f'title="{views.esc(w("page.b.hint_title"))}">'
                           f'{w("page.b.thinking_short") if busy else w("page.b.hint")}</button>')
        if t.any_computer:
            opts = "".join(f'<option value="{p}"{" selected" if p == self.pace else ""}>{w("page.pace." + p)}</option>'
                           for p in PACES)
            buttons.append(f'<label class="pace">{w("page.b.pace")} <select data-pace data-testid="pace">{opts}</select>'
                           '</label>')
        parts["buttons"] = f'<div class="choices botbuttons">{"".join(buttons)}</div>' if buttons else ""
        parts["hint"] = ""
        if self.hint is not None:
            _g, _k, notation, label, why = self.hint
            parts["hint"] = (f'<p class="hinttext" data-testid="hint-text" data-action="{views.esc(notation)}">'
                             f'{w("page.b.hint_says")} <b>{views.esc(label)}</b>'
                             f'{" — " + views.esc(why) if why else ""}.</p>')
        body = js.document.body
        body.dataset.bot = state_word
        bar = js.document.getElementById("botbar")
        if not bar:
            return
        # Each part (#botbar-status, -buttons, -hint) is replaced only when it changed: the status line
        # changes at every computer move, but the buttons stay the same elements, so Pause can be clicked
        # (and the pace list stays open) while the computers play at instant pace.
        for key, html in parts.items():
            if self._bar.get(key) != html:
                self._bar[key] = html
                js.document.getElementById(f"botbar-{key}").innerHTML = html
        bar.hidden = not any(parts.values())
        if self.hint is not None:
            self.mark_hint()

    def forget_bar(self) -> None:
        """The bot bar is drawn again in full (the page's language changed); a hint's label is dropped."""
        self._bar.clear()
        self.hint = None
        if self.table is not None:
            self.table.lang = self.app.lang
        self.draw_bar()

    def seats_html(self) -> str:
        """The Players tab's seat controls: who plays each seat, "Computer takes over" / "Take over"."""
        s, t = self.app.session, self.ensure()
        if s is None or t is None:
            return ""
        rows = []
        w = self.app.w
        for i, (name, seat) in enumerate(zip(t.players, t.seats, strict=True)):
            if seat == HUMAN:
                ctrl = (f'<button data-cmd="seat" data-arg="{i}:normal" data-testid="seat-computer-{i + 1}">'
                        f'{w("page.b.takes_over")}</button>')
            else:
                opts = "".join(f'<option value="{lv}"{" selected" if lv == seat else ""}>{w("page.level." + lv)}</option>'
                               for lv in LEVELS)
                ctrl = (f'<select data-seat-level="{i}" aria-label="{views.esc(w("page.b.strength", player=name))}">'
                        f'{opts}</select> '
                        f'<button data-cmd="seat" data-arg="{i}:{HUMAN}" data-testid="seat-human-{i + 1}">'
                        f'{w("page.b.take_over")}</button>')
            rows.append(f'<li data-seat="{views.esc(seat)}"><b>{views.esc(name)}</b> '
                        f'<span class="muted">{views.esc(w("page.seat." + seat))}</span> {ctrl}</li>')
        return (f'<section class="seats" data-testid="seats"><h3>{w("page.b.seats")}</h3><ul>{"".join(rows)}</ul>'
                '</section>')

    # -- "Play against the computer" ------------------------------------------------------------------
    def cmd_solo(self, _arg: str | None) -> None:
        """You and three computer players at normal strength, on the Europe board, a new random seed."""
        app = self.app
        names, seats = solo_players(str(js.document.getElementById("solo-name").value or ""), lang=app.lang)
        try:
            names = form_names(names)
        except core.IllegalAction as exc:
            app.message(app.w("page.b.bad_name", reason=tx.reason(app.lang, exc)), "info")
            return
        session = Session.new(names, game_id=app.new_id(), board="europe", seed=random.randrange(1, 1_000_000))
        session.extra["seats"] = seats
        app.ui.clearMessage()
        js.history.replaceState(None, "", js.location.pathname)
        app.open_session(session, autosave=True)
