"""The tutorial on the page ("Learn to play"): starts the tutorial's game, draws its panel above the decision,
lets through only the clicks the step takes (another choice gets a friendly word and the same highlight
again), moves the computers between the steps, and ends in "play on from here" or "start a real game".

The logic is plain Python (``lesson.py``, the steps ``tutorial_steps.py``); this part wires it to the game
(``game.Game`` asks it about every click and tells it every move), the map and the decision (the model's
``target``: the choice to outline, marked ``data-tutorial-target``), the saves (the progress is in the game's
save) and the computer players (``botplay.BotPlay``: they take over when the game is played on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import lesson
from .botplay import BotPlay
from .choices import Chooser
from .commands import Handler
from .dom import Dom
from .game import Game
from .model import PageModel
from .storage import Library, clear_hash, new_id


class Tutorial:
    def __init__(self, dom: Dom, model: PageModel, game: Game, library: Library, bots: BotPlay,
                 home: Callable[[str | None], None]) -> None:
        self.dom = dom
        self.model = model
        self.game = game
        self.library = library
        self.bots = bots
        self.home = home
        self.oops = ""  # the friendly word on the panel (a catalogue key), until the next step
        self._look = ""
        game.lesson = self

    def commands(self) -> dict[str, Handler]:
        return {"learn": self.cmd_learn, "tutorial-next": self.cmd_next, "tutorial-play-on": self.cmd_play_on,
                "tutorial-real-game": self.cmd_real_game}

    def active(self) -> bool:
        return lesson.progress(self.model.session) is not None

    # -- what the game asks of the lesson (game.Lesson) -------------------------------------------------
    def allows(self, value: str) -> bool:
        """A click on the choice ``value``: let through when the step takes it; otherwise a friendly word, the
        half-made choice let go, and the step's target outlined again."""
        s = self.model.session
        step = lesson.current(s)
        if step is None or s is None:
            return True
        chooser = self.model.current_chooser()
        if chooser is None:
            return True
        verdict = lesson.judge(chooser, value, s.present, step)
        if verdict == "ok":
            return True
        self.oops = {"read": "tutorial.read_first", "end": "tutorial.choose_end"}.get(verdict, "tutorial.wrong")
        chooser.prefix = []
        self.game.redraw()
        return False

    def played(self, action: Any) -> None:
        """A person's move was played: the lesson moves on, the computers move, their reasons go to the log."""
        s = self.model.session
        if s is None or not self.active():
            return
        moved = lesson.played(s, action)
        self.oops = {"accepted": "tutorial.accepted", "lost": "tutorial.lost"}.get(moved.outcome, "")
        self.bots.attach()  # the computers' reasons, kept in the save, are told in the log

    def locked(self) -> bool:
        """Undo and redo are off while the tutorial runs (its steps follow the game forward only)."""
        if self.active():
            self.dom.message(self.model.w("tutorial.no_undo"), "info")
            return True
        return False

    def draw(self, chooser: Chooser | None) -> None:
        """The panel and the target to outline (``model.target``), from the game's save meta; nothing when the
        game on screen is not a tutorial."""
        s = self.model.session
        if s is not None and self.model.replay is None and lesson.astray(s):
            self.oops = "tutorial.lost"
        step = lesson.current(s)
        box = self.dom.el("tutorial")
        if step is None or s is None:
            self.model.target = ""
            self.oops = ""
            if box and not box.hidden:
                box.hidden = True
                self.dom.write("tutorial", "")  # gone, not only hidden
                self.dom.forget("tutorial")
            self.look("")
            return
        self.model.target = lesson.target(chooser, s.present, step) if self.model.replay is None else ""
        p = lesson.progress(s)
        lang = self.model.lang
        told = tuple(e.text for e in s.entries[p["since"]:s.cur]) if p is not None else ()
        self.dom.view("tutorial", (s.game_id, s.cur, str(p), lang, self.oops, told),
                      lambda: lesson.panel_html(s, lang, self.oops))
        if box and box.hidden:
            box.hidden = False
        self.look(step.look)
        if self.model.target or step.look == "rondel":  # the marked button (or the rondel the step explains)
            # in view within the decision (drawn next, shown after)
            self.dom.once("tutorial-target", (self.model.target, s.game_id, s.cur, str(p)), self.dom.ui.revealTarget)

    def look(self, what: str) -> None:
        """What an explaining step points at (``data-tutorial-look`` on the body: the style sheet outlines it)."""
        if what != self._look:
            self._look = what
            self.dom.data(tutorialLook=what)

    # -- the player's commands ---------------------------------------------------------------------------
    def cmd_learn(self, _arg: str | None) -> None:
        """A new tutorial game, shown and saved at its first step."""
        self.oops = ""
        self.dom.clear_message()
        clear_hash()
        self.game.open_session(lesson.new_session(self.model.lang, new_id()), autosave=True)

    def cmd_next(self, _arg: str | None) -> None:
        s = self.model.session
        if s is not None and lesson.next_step(s):
            self.oops = ""
            self.library.save()
            self.game.redraw()

    def finish(self) -> None:
        """The tutorial is over: the game is a normal one against the computers (saved so)."""
        s = self.model.session
        if s is None or not self.active():
            return
        lesson.finish(s)
        self.oops = ""
        self.bots.attach()
        self.library.save()

    def cmd_play_on(self, _arg: str | None) -> None:
        """Play on from here: the computers play their nations; the game is like any other."""
        if not self.active():
            return
        self.finish()
        self.model.note = "tutorial.played_on"
        self.game.redraw()

    def cmd_real_game(self, _arg: str | None) -> None:
        """Start a real game: the tutorial's game is kept (as a normal game), and the start screen shows."""
        self.finish()
        self.home(None)
