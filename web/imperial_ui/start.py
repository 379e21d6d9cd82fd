"""The start screen: the new-game form (the boards and options the engine knows, the seats, a seed), "Play
against the computer", the saved games, the empty board beside the form; "home" goes back to it.  The
rules in short ("Rules" in the header) are shown for the board of the game or of the form.

A form that cannot start a game says everything wrong with it in one message and marks each field at fault
(``aria-invalid``); a mark goes as soon as its field is right.  Every game started takes the seed shown, and
the form then shows a new one, so that the next game is dealt anew unless a seed is typed again.
"""

from __future__ import annotations

import json
import random
from typing import Any

import imperial_core as core
import imperial_text as tx

from . import bylink, rulehelp, views
from .commands import Handler
from .dom import Dom
from .game import Game
from .model import PageModel
from .seats import HUMAN, LEVELS, SOLO_LEVEL, solo_players
from .session import FormProblem, Session, form_names, form_problems
from .storage import Library, clear_hash, new_id


class StartScreen:
    def __init__(self, dom: Dom, model: PageModel, render: Any, library: Library, game: Game) -> None:
        self.dom = dom
        self.model = model
        self.render = render
        self.library = library
        self.game = game
        self.invalid: set[str] = set()  # the form's fields marked as wrong
        self.said = ""  # the form's message on screen

    def commands(self) -> dict[str, Handler]:
        return {"board-options": self.cmd_board_options, "reseed": lambda _a: self.fill_seed(),
                "start": self.cmd_start, "form-check": self.cmd_form_check, "solo": self.cmd_solo,
                "home": self.cmd_home, "rules": self.cmd_rules}

    def show(self) -> None:
        self.dom.ui.screen("start")
        self.show_map(str(self.dom.el("board").value or "europe"))
        self.library.refresh()

    def fill_boards(self) -> None:
        """The boards the engine knows (Imperial 2030 appears once the engine has it)."""
        boards = getattr(getattr(core, "board", None), "BOARDS", ("europe",))
        select = self.dom.el("board")
        chosen = str(select.value or "")
        select.innerHTML = "".join(f'<option value="{views.esc(b)}">{views.esc(self.model.w("page.board." + b))}</option>'
                                   for b in boards)
        if chosen in boards:
            select.value = chosen

    def cmd_board_options(self, _arg: str | None = None, *, draw: bool = True) -> None:
        """The options valid for the chosen board, as the engine's board data says: its editions, and the
        variant "bonus only for tax increases" where the bonus follows a chart (Imperial 2030); ``draw``: the
        board beside the form is drawn too."""
        el = self.dom.el
        board = core.load_board(str(el("board").value))
        edition = el("edition")
        chosen = str(edition.value)
        edition.innerHTML = "".join(f'<option value="{views.esc(e)}">{views.esc(self.model.w("page.edition." + e))}'
                                    '</option>' for e in board.editions)
        edition.value = chosen if chosen in board.editions else board.editions[0]
        row = el("increase-bonus-row")
        row.hidden = board.bonus_rule != "chart"
        if row.hidden:
            el("increase-bonus").checked = False
        if draw:
            self.show_map(board.id)

    def show_map(self, board: str) -> None:
        self.dom.el("start-map").innerHTML = self.render.board_svg(board=board, lang=self.model.lang)
        self.dom.ui.mapChanged("start-map")

    def fill_seed(self) -> None:
        self.dom.el("seed").value = str(random.randrange(1, 1_000_000))

    def form_seats(self, count: int) -> list[str]:
        """The seats chosen in the new-game form (a missing or unknown choice is a person)."""
        out = []
        for i in range(1, count + 1):
            el = self.dom.el(f"seat-{i}")
            v = str(el.value) if el is not None else HUMAN
            out.append(v if v in (HUMAN, *LEVELS) else HUMAN)
        return out

    def form_state(self) -> tuple[list[str], list[FormProblem], int]:
        """The names typed in the form (as many as the players chosen), what is wrong with the form, and the
        seed read."""
        el = self.dom.el
        count = str(el("player-count").value)
        shown = int(count) if count.isdigit() else 6
        raw = [str(el(f"player-name-{i}").value) for i in range(1, min(shown, 6) + 1)]
        problems, seed = form_problems(raw, count, str(el("seed").value))
        return raw, problems, seed

    def problems_text(self, problems: list[FormProblem]) -> str:
        """Everything wrong with the form, in one message: the names (with the rules for names), the number of
        players, the seed."""
        w, lang = self.model.w, self.model.lang
        said = []
        names = [tx.reason(lang, p.reason) for p in problems if p.kind == "names" and p.reason is not None]
        if names:
            said.append(w("page.m.names", reason="; ".join(names), rules=w("page.m.name_rules")))
        for p in problems:
            if p.kind == "count" and p.reason is not None:
                said.append(w("page.m.cannot_start", reason=tx.reason(lang, p.reason)))
            elif p.kind == "seed":
                said.append(w("page.m.seed"))
        return " ".join(said)

    def mark(self, fields: set[str], focus: bool = False) -> None:
        """These fields of the form marked as wrong (``aria-invalid``), no others; ``focus``: the first of them
        takes the focus."""
        self.invalid = set(fields)
        self.dom.ui.markInvalid(json.dumps(sorted(fields)), focus)

    def cmd_form_check(self, _arg: str | None = None) -> None:
        """A marked field was changed: the marks of the fields now right go, and so do their problems from the
        message (gone with the last).  No field is marked while it is typed in."""
        if not self.invalid:
            return
        _raw, problems, _seed = self.form_state()
        left = [p for p in problems if self.invalid.intersection(p.fields)]
        still = self.invalid.intersection(f for p in left for f in p.fields)
        if still != self.invalid:
            self.mark(still)
        self.say(self.problems_text(left))

    def say(self, text: str) -> None:
        """The form's message (none when ``text`` is empty), written only when it changes: a screen reader
        hears it again only when there is something new."""
        if text == self.said:
            return
        self.said = text
        if text:
            self.dom.message(text, "info")
        else:
            self.dom.clear_message()

    def cmd_start(self, _arg: str | None) -> None:
        """The new-game form's game: checked (everything wrong said at once, each field at fault marked), saved,
        shown."""
        el, w, lang = self.dom.el, self.model.w, self.model.lang
        raw, problems, seed = self.form_state()
        self.mark({f for p in problems for f in p.fields}, focus=True)
        if problems:
            self.said = ""
            self.say(self.problems_text(problems))
            return
        self.said = ""
        names = form_names(raw)
        count = len(names)
        options = {
            "board": str(el("board").value), "edition": str(el("edition").value),
            "setup": str(el("setup").value), "investor_card": bool(el("investor-card").checked), "seed": seed,
            "increase_bonus": bool(el("increase-bonus").checked),
            "secret_cash": bool(el("secret-cash").checked),
        }
        try:
            session = Session.new(names, game_id=new_id(), **options)
        except core.IllegalAction as exc:
            self.dom.message(w("page.m.cannot_start", reason=tx.reason(lang, exc)), "info")
            return
        seats = self.form_seats(count)
        session.extra["seats"] = seats
        if bool(el("by-link").checked):  # each on their own device: this one plays the seat chosen
            humans = [n for n, seat in zip(names, seats, strict=True) if seat == HUMAN]
            chosen = str(el("my-seat").value or "")
            mine = names[int(chosen) - 1] if chosen.isdigit() and 0 < int(chosen) <= count else ""
            bylink.started(session.extra, [mine if mine in humans else humans[0]] if humans else [])
        self.begin(session)

    def cmd_solo(self, _arg: str | None) -> None:
        """You and three computer players at the strength picked (normal unless another), on the Europe
        board, a new random seed."""
        lang = self.model.lang
        picked = self.dom.el("solo-level")
        level = str(picked.value or "") if picked else ""
        names, seats = solo_players(str(self.dom.el("solo-name").value or ""), lang=lang,
                                    level=level if level in LEVELS else SOLO_LEVEL)
        try:
            names = form_names(names)
        except core.IllegalAction as exc:
            self.dom.message(self.model.w("page.b.bad_name", reason=tx.reason(lang, exc)), "info")
            return
        session = Session.new(names, game_id=new_id(), board="europe", seed=random.randrange(1, 1_000_000))
        session.extra["seats"] = seats
        self.begin(session)

    def begin(self, session: Session) -> None:
        """A new game shown; the form gets a new seed for the next one."""
        self.dom.clear_message()
        clear_hash()
        self.game.open_session(session, autosave=True)
        self.fill_seed()

    def cmd_home(self, _arg: str | None) -> None:
        """Back to the start screen (the game stays saved; a reload no longer resumes it), the form without
        marks and with a new seed if it shows the seed of the game left."""
        s = self.model.session
        if s is not None and str(self.dom.el("seed").value).strip() == str(s.states[0].seed):
            self.fill_seed()
        self.mark(set())
        self.said = ""
        self.model.replay = None
        self.model.scores_open = False
        self.dom.title("Imperial")
        self.dom.forget_all()
        self.dom.write("round", "")
        ui = self.dom.ui
        ui.scores(False)
        ui.menu(False)
        ui.prompt(False)
        self.library.left()
        clear_hash()
        self.show()

    def cmd_rules(self, _arg: str | None) -> None:
        """The rules in short, for the board of the game (or of the new-game form)."""
        board = self.model.names.board if self.model.session is not None else \
            core.load_board(str(self.dom.el("board").value or "europe"))
        self.dom.el("rules-body").innerHTML = rulehelp.all_help_html(board, self.model.lang)
        self.dom.ui.dialog("rules", True)
