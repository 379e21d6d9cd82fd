"""The page's composition root: it makes the page's parts, wires them to each other and to the JavaScript
side, and starts the page (runs in Pyodide on the main thread).

The parts, each with one job (and each testable in CPython, see ``e2e/pagefake.py``):

- ``model.PageModel``: what the game screen shows (the game, the position shown, the tab, the decision);
- ``game.Game``: the game being played (clicks, moves, undo, redo, replay, the score screen);
- ``mapview.MapView`` and ``screen.GameScreen``: the board's layers and the panels, drawn from the model;
- ``storage.Library``: the saves, the list, full or refused storage; ``links.Links``: links and other tabs;
- ``start.StartScreen``: the start screen and the new-game form;
- ``botplay.BotPlay`` (with ``botworker`` and ``botbar``): the computer players;
- ``tutorial.Tutorial`` (with ``lesson`` and ``tutorial_steps``): "Learn to play", the guided first game;
- ``commands.Commands``: the table from each page command to the part that handles it.

The JS side (``ui.js``) forwards every click on ``[data-choice]`` / ``[data-cmd]`` and the keyboard shortcuts
to :meth:`App.choose` / :meth:`App.command`.  Nothing breaks: every entry point is guarded, and a failure
ends in a message, never in a traceback; the game stays as it was.
"""

from __future__ import annotations

import random
from typing import Any

import imperial_core as core
import imperial_text as tx
import js
from pyodide.ffi import create_proxy

from .botplay import BotPlay
from .choices import Names
from .commands import Commands
from .dom import Dom
from .game import Game
from .links import Links
from .mapview import MapView
from .model import PageModel
from .reviewpage import ReviewPage
from .screen import GameScreen
from .session import Session
from .start import StartScreen
from .storage import Library, has_link
from .store import Store
from .tutorial import Tutorial

LANG_KEY = "imperial.lang"  # localStorage: the language the player chose


def first_lang(store: Store) -> str:
    """The language chosen before (localStorage), else the first of the browser's languages we speak."""
    kept = store.get(LANG_KEY)
    if kept in tx.LANGS:
        return str(kept)
    nav = getattr(js, "navigator", None)
    try:
        prefs = [str(x) for x in nav.languages]
    except Exception:  # an old browser: one language only
        prefs = [str(getattr(nav, "language", "") or "")]
    return tx.best(prefs)


class App:
    def __init__(self, render: Any) -> None:
        self.render = render
        self.dom = Dom()
        self.store = Store(lambda: js.window.localStorage)
        self.model = PageModel(Names(core.load_board("europe"), first_lang(self.store)))
        self.library = Library(self.dom, self.model, self.store, Store(lambda: js.window.sessionStorage))
        self.board = MapView(self.dom, self.model, render)
        self.screen = GameScreen(self.dom, self.model, render)
        tab_id = "".join(random.choices("abcdefghjkmnpqrstuvwxyz0123456789", k=10))
        self.game = Game(self.dom, self.model, self.library, self.board, self.screen, tab_id)
        self.start_screen = StartScreen(self.dom, self.model, render, self.library, self.game)
        self.links = Links(self.dom, self.model, self.library, self.game, self.start_screen.show)
        self.bots = BotPlay(self.dom, self.model, self.game, self.store)
        self.game.seats = self.bots
        self.review = ReviewPage(self.dom, self.model, self.game, self.library, self.bots.worker, render)
        self.game.after_draw.append(self.review.sync)
        self.screen.seats_html = self.bots.bar.seats_html
        self.screen.link_panel = self.links.panel_html
        self.tutorial = Tutorial(self.dom, self.model, self.game, self.library, self.bots, self.start_screen.cmd_home)
        self.commands = Commands()
        for part in (self.game, self.screen, self.library, self.start_screen, self.links, self.bots, self.tutorial,
                     self.review):
            self.commands.add(part.commands())
        self.commands.add({"lang": self.cmd_lang})
        self._proxies = [create_proxy(self.choose), create_proxy(self.command), create_proxy(self.run_later)]
        self.dom.frame_done = self._proxies[2]
        js.window.imperialPy = js.Object.new()
        js.window.imperialPy.choose = self._proxies[0]
        js.window.imperialPy.command = self._proxies[1]

    @property
    def session(self) -> Session | None:
        """The game open on the page (the model's)."""
        return self.model.session

    def said(self) -> str:
        return self.model.w("page.m.wrong")

    # -- entry points from JS -------------------------------------------------------------------------
    def run_later(self, *_args: Any) -> None:
        """What waits for the frame to be painted (the save), done now: the frame was painted, the page is
        being hidden or closed, or the page is about to handle something else."""
        self.dom.run_later(self.said)

    def handle(self, fn: Any, *args: Any) -> None:
        """An event of the page (another address, another tab's storage) handled, guarded, after what waits."""
        self.run_later()
        self.dom.guarded(self.said, fn, *args)

    def choose(self, value: str, at: Any = None) -> None:
        """A click on a drawn choice; ``at`` is the decision it was drawn for (``data-at``)."""
        self.run_later()
        self.dom.guarded(self.said, self.game.choose, str(value),
                         None if at is None or at == js.undefined else str(at))

    def command(self, name: str, arg: Any = None) -> None:
        self.run_later()
        handler = self.commands.find(str(name))
        if handler is None:
            self.dom.message(self.model.w("page.m.unknown", name=str(name)))
            return
        self.dom.guarded(self.said, handler, None if arg is None or arg == js.undefined else str(arg))

    # -- the page starts ------------------------------------------------------------------------------
    def start(self) -> None:
        """First screen: a shared link opens its game; otherwise the new-game form with saved games.
        Whatever the storage holds, the page starts: each step is guarded on its own."""
        guarded, start = self.dom.guarded, self.start_screen
        self.dom.ui.setLang(self.model.lang)
        if self.store.off:
            self.dom.ui.banner(self.model.w("page.m.off_banner"))
        guarded(self.said, start.fill_boards)
        guarded(self.said, start.fill_seed)
        js.window.addEventListener("hashchange", create_proxy(lambda e: self.handle(self.links.open_hash)))
        js.window.addEventListener("storage", create_proxy(lambda e: self.handle(self.links.on_storage, e)))
        # a page hidden or closed saves what waits for a frame: a hidden page paints none (``visibilitychange``
        # is the document's, and reaches the window)
        for name in ("pagehide", "visibilitychange"):
            js.window.addEventListener(name, self._proxies[2])
        # the start screen only when no game opens: a link's game, or the one a reload resumes (drawing the
        # start screen's board first would cost a phone's first open of a link a tenth of a second for nothing)
        guarded(self.said, self.links.open_hash if has_link() else self.resume_tab)
        if self.model.session is None:
            guarded(self.said, start.show)

    def resume_tab(self) -> None:
        """A reload resumes the game this tab was playing; a game the storage refused comes back from the
        tab's own storage (and is saved again as soon as there is room)."""
        pending = self.library.pending()
        if pending is not None:
            self.game.open_session(pending, autosave=True, note="page.m.back_from_tab")
            return
        key = self.library.current_key()
        if key is not None:
            self.game.cmd_resume(key)

    # -- language -------------------------------------------------------------------------------------
    def cmd_lang(self, lang: str | None) -> None:
        """The language switch: kept for the next visit, and everything on the page is drawn again in it."""
        lang = tx.known(lang)
        self.store.set(LANG_KEY, lang)
        self.dom.ui.setLang(lang)
        if lang == self.model.lang:
            return
        self.model.set_lang(lang)
        self.dom.forget_all()
        self.board.forget()
        self.screen.forget()
        self.library.forget()
        self.review.forget()
        if self.store.off:
            self.dom.ui.banner(self.model.w("page.m.off_banner"))
        self.start_screen.fill_boards()
        on_start = not self.bots.on_screen()
        self.start_screen.cmd_board_options(draw=on_start)  # the start screen's board, in the new language
        if self.model.session is not None:
            self.bots.relang()
            self.game.redraw()
        else:
            self.dom.title("Imperial")
        self.library.refresh()
        if getattr(self.dom.el("rules"), "open", False):
            self.start_screen.cmd_rules(None)
