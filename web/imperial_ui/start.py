"""The start screen: the new-game form (the boards and options the engine knows, the seats, a seed), "Play
against the computer", the saved games, the empty board beside the form; "home" goes back to it.  The
rules in short ("Rules" in the header) are shown for the board of the game or of the form.
"""

from __future__ import annotations

import random
from typing import Any

import imperial_core as core
import imperial_text as tx
import js

from . import rulehelp, views
from .commands import Handler
from .dom import Dom
from .game import Game
from .model import PageModel
from .seats import HUMAN, LEVELS, solo_players
from .session import Session, form_names
from .storage import Library, clear_hash, new_id


class StartScreen:
    def __init__(self, dom: Dom, model: PageModel, render: Any, library: Library, game: Game) -> None:
        self.dom = dom
        self.model = model
        self.render = render
        self.library = library
        self.game = game

    def commands(self) -> dict[str, Handler]:
        return {"board-options": self.cmd_board_options, "reseed": lambda _a: self.fill_seed(),
                "start": self.cmd_start, "solo": self.cmd_solo, "home": self.cmd_home, "rules": self.cmd_rules}

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

    def cmd_start(self, _arg: str | None) -> None:
        """The new-game form's game: checked, saved, shown."""
        el, w, lang = self.dom.el, self.model.w, self.model.lang
        count = int(el("player-count").value)
        try:
            names = form_names([str(el(f"player-name-{i}").value) for i in range(1, count + 1)])
        except core.IllegalAction as exc:
            self.dom.message(w("page.m.names", reason=tx.reason(lang, exc), rules=w("page.m.name_rules")), "info")
            return
        seed_text = str(el("seed").value).strip()
        try:
            seed = int(seed_text)
            if not 0 <= seed < 2**31:
                raise ValueError
        except ValueError:
            self.dom.message(w("page.m.seed"), "info")
            return
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
        session.extra["seats"] = self.form_seats(count)
        self.begin(session)

    def cmd_solo(self, _arg: str | None) -> None:
        """You and three computer players at normal strength, on the Europe board, a new random seed."""
        lang = self.model.lang
        names, seats = solo_players(str(self.dom.el("solo-name").value or ""), lang=lang)
        try:
            names = form_names(names)
        except core.IllegalAction as exc:
            self.dom.message(self.model.w("page.b.bad_name", reason=tx.reason(lang, exc)), "info")
            return
        session = Session.new(names, game_id=new_id(), board="europe", seed=random.randrange(1, 1_000_000))
        session.extra["seats"] = seats
        self.begin(session)

    def begin(self, session: Session) -> None:
        self.dom.clear_message()
        clear_hash()
        self.game.open_session(session, autosave=True)

    def cmd_home(self, _arg: str | None) -> None:
        """Back to the start screen (the game stays saved; a reload no longer resumes it)."""
        self.model.replay = None
        self.model.scores_open = False
        js.document.title = "Imperial"
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
