"""What the page shows of the computer players: the bot bar above the decision (its state in a sentence,
Pause / Resume, Hint, the pace, the hint's advice) and the Players tab's seat controls ("Computer takes
over", "Take over", the strength)."""

from __future__ import annotations

from typing import Any

from . import views
from .dom import Dom
from .model import PageModel
from .pace import PACES
from .seats import HUMAN, LEVELS


class BotBar:
    def __init__(self, dom: Dom, model: PageModel, bots: Any) -> None:
        self.dom = dom
        self.model = model
        self.bots = bots  # botplay.BotPlay: the table, the worker, the hint, the pace

    def status(self) -> tuple[str, str]:
        """The bot bar's state (for ``data-bot``) and its sentence."""
        s, t, w = self.model.session, self.bots.table, self.model.w
        if s is None or t is None:
            return "none", ""
        if t.failed:
            return "failed", t.failed
        state = s.present
        level = t.computer_to_move(state)
        if state.is_over or level is None:
            if t.paused and t.any_computer and not state.is_over:
                return "human", w("page.b.wait")
            return "human", ""
        who = w("page.b.who", player=state.current_player, level=w("page.level." + level))
        if self.model.replay is not None:
            return "waiting", w("page.b.replay", who=who)
        if t.paused:
            return "paused", w("page.b.paused", who=who)
        if self.bots.worker.state in ("off", "starting"):
            return "starting", w("page.b.starting")
        if self.bots.holding:
            return "showing", w("page.b.next", who=who)
        return "thinking", w("page.b.thinking", who=who)

    def draw(self) -> None:
        s, t, bots = self.model.session, self.bots.table, self.bots
        if s is None or t is None:
            return
        state_word, text = self.status()
        w = self.model.w
        over = s.present.is_over
        parts = {"status": f'<p class="botstatus" data-testid="bot-status">{views.esc(text)}</p>' if text else ""}
        buttons = []
        if t.any_computer and not over:
            if t.paused:
                buttons.append('<button data-cmd="bot-resume" class="primary" data-testid="bot-resume">'
                               f'{w("page.b.resume")}</button>')
            else:
                buttons.append(f'<button data-cmd="bot-pause" data-testid="bot-pause">{w("page.b.pause")}</button>')
        if state_word == "human" and not over and self.model.replay is None:
            busy = t.pending_hint is not None
            buttons.append(f'<button data-cmd="hint" data-testid="hint"{" disabled" if busy else ""} '
                           f'title="{views.esc(w("page.b.hint_title"))}">'
                           f'{w("page.b.thinking_short") if busy else w("page.b.hint")}</button>')
        if t.any_computer:
            opts = "".join(f'<option value="{p}"{" selected" if p == bots.pace.name else ""}>{w("page.pace." + p)}</option>'
                           for p in PACES)
            buttons.append(f'<label class="pace">{w("page.b.pace")} <select data-pace data-testid="pace">{opts}</select>'
                           '</label>')
        parts["buttons"] = f'<div class="choices botbuttons">{"".join(buttons)}</div>' if buttons else ""
        parts["hint"] = ""
        if bots.hint is not None:
            _g, _k, notation, label, why = bots.hint
            # while the hint is still asked for, what it shows is the expert's best so far
            says = w("page.b.hint_so_far") if t.pending_hint is not None else w("page.b.hint_says")
            parts["hint"] = (f'<p class="hinttext" data-testid="hint-text" data-action="{views.esc(notation)}"'
                             f'{" data-so-far" if t.pending_hint is not None else ""}>'
                             f'{says} <b>{views.esc(label)}</b>{views.notation(notation)}'
                             f'{" — " + views.esc(why) if why else ""}{"" if (why or label).endswith(".") else "."}</p>')
        self.dom.data(bot=state_word)
        bar = self.dom.el("botbar")
        if not bar:
            return
        # Each part (#botbar-status, -buttons, -hint) is written only when it changed: the status line
        # changes at every computer move, but the buttons stay the same elements, so Pause can be clicked
        # (and the pace list stays open) while the computers play at instant pace.
        for key, html in parts.items():
            self.dom.write(f"botbar-{key}", html)
        hidden = not any(parts.values())
        if bool(bar.hidden) != hidden:
            bar.hidden = hidden

    def seats_html(self) -> str:
        """The Players tab's seat controls: who plays each seat, "Computer takes over" / "Take over"."""
        s, t = self.model.session, self.bots.ensure()
        if s is None or t is None:
            return ""
        rows = []
        w = self.model.w
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
