"""Games shared as links, and other tabs of this page.

A ``#g=`` link opens its game (checked by the engine; a damaged or foreign link says why); a link to a game
already saved here says whether it continues or rewrites it, and never overwrites the save without asking.
"Copy link" puts the whole game in the address.  Two tabs on one game tell each other (BroadcastChannel via
``ui.js``, and the ``storage`` event); neither overwrites the other's newer moves.
"""

from __future__ import annotations

import json
import traceback
from typing import Any

import imperial_core as core
import js

from . import saves, views
from .commands import Handler
from .dom import Dom
from .game import Game
from .model import PageModel
from .session import Session
from .storage import SAVE_PREFIX, Library, clear_hash, has_link, new_id


class Links:
    def __init__(self, dom: Dom, model: PageModel, library: Library, game: Game, show_start: Any) -> None:
        self.dom = dom
        self.model = model
        self.library = library
        self.game = game
        self.show_start = show_start  # the start screen, for a refused link when no game is open

    def commands(self) -> dict[str, Handler]:
        return {"share": self.cmd_share, "link-new": self.cmd_link_new, "link-continue": self.cmd_link_continue,
                "peer": self.cmd_peer}

    # -- opening a link -------------------------------------------------------------------------------
    def open_hash(self) -> None:
        """The game in the address (``#g=…``), if any."""
        if not has_link():
            return
        opened = self.library.read_session(str(js.location.hash), new_id())
        if not isinstance(opened, Session):
            self.dom.message(self.model.w("page.m.bad_link", reason=opened))
            clear_hash()
            if self.model.session is None:
                self.show_start()
            return
        self.dom.clear_message()
        self.dom.ui.menu(False)
        match = self.link_match(opened)
        self.game.open_session(opened, autosave=False, note="page.m.from_link")
        if match is not None:
            self.dom.el("prompt-body").innerHTML = views.link_prompt_html(match, self.model.lang)
            self.dom.data(link=match.relation)
            self.dom.ui.prompt(True)

    def link_match(self, session: Session) -> saves.Match | None:
        """The saved game a link's game belongs to (same set-up), and how the two records relate."""
        return saves.classify_link(saves.setup_of(session.present), session.moves(), self.library.facts())

    def cmd_link_new(self, _arg: str | None) -> None:
        """The link's game is kept as a save of its own."""
        self.dom.ui.prompt(False)
        if self.model.session is not None:
            self.keep("page.m.link_saved")

    def cmd_link_continue(self, key: str | None) -> None:
        """The link continues a saved game: that save takes the link's moves (the player asked for it)."""
        self.dom.ui.prompt(False)
        s = self.model.session
        key = str(key or "")
        stored = self.library.store.get(key)
        if s is None or stored is None or not saves.may_overwrite(stored, saves.setup_of(s.present), s.moves()):
            self.dom.message(self.model.w("page.m.link_changed"), "info")
            return
        s.game_id = key[len(SAVE_PREFIX):]
        created = self.library.stored_created(stored)
        if created is not None:
            s.created = created
        self.dom.data(game=s.game_id)
        self.library.written[key] = stored
        self.keep("page.m.link_continued")

    def keep(self, note: str) -> None:
        """The link's game saved from now on; once it is, the decision says so (``note``, a catalogue key)."""
        self.library.autosave = True
        if self.library.save():
            self.model.note = note
            self.game.redraw()
            self.library.refresh()

    # -- sharing --------------------------------------------------------------------------------------
    def cmd_share(self, _arg: str | None) -> None:
        """"Copy link": the whole game in the address, and a dialog to copy it."""
        s, w = self.model.session, self.model.w
        if s is None or self.game.check() == "broken":
            return
        try:
            token = core.encode(s.present)
        except Exception:
            js.console.error(traceback.format_exc())
            self.dom.message(w("page.m.no_link"), "error", [{"cmd": "export", "label": w("page.m.export")}])
            return
        url = str(js.location.origin) + str(js.location.pathname) + "#g=" + token
        js.history.replaceState(None, "", "#g=" + token)
        self.dom.ui.share(url, self.model.lang)
        if self.library.store.off:
            self.library.set_unsaved(False)

    # -- other tabs -----------------------------------------------------------------------------------
    def on_storage(self, event: Any) -> None:
        """Another tab changed the saves: keep the list fresh.  When it wrote moves this game does not have,
        this tab goes on as a copy and says so; the other tab's moves stay where they are."""
        key = event.key if isinstance(event.key, str) else None  # JS null arrives as jsnull
        new = event.newValue if isinstance(event.newValue, str) else None
        s, w = self.model.session, self.model.w
        written = self.library.written
        ours = s is not None and key is not None and key == SAVE_PREFIX + s.game_id
        if s is not None and key is not None and ours and new is not None and new != written.get(key):
            if saves.may_overwrite(new, saves.setup_of(s.present), s.moves()):
                written[key] = new  # the same game, not further than here: nothing to keep apart
            else:
                self.library.fork("page.m.forked")
                self.dom.message(w("page.m.other_tab"), "info",
                                 [{"cmd": "resume", "arg": key, "label": w("page.m.other_version")}])
                self.game.redraw()
        self.library.refresh()

    def cmd_peer(self, text: str | None) -> None:
        """A message from another tab of this page (BroadcastChannel): who has which game open."""
        try:
            msg = json.loads(text or "")
            kind, game, tab = str(msg["type"]), str(msg["game"]), str(msg["tab"])
        except (ValueError, KeyError, TypeError):
            return
        s = self.model.session
        if tab == self.game.tab_id or s is None or game != s.game_id:
            return
        if kind == "open":  # another tab opened our game: tell it, and say so here
            self.dom.ui.announce(json.dumps({"type": "here", "game": game, "tab": self.game.tab_id}))
        if kind in ("open", "here") and self.model.note not in ("page.m.shared", "page.m.forked"):
            self.model.note = "page.m.shared"
            self.dom.data(shared="1")
            self.game.redraw()
