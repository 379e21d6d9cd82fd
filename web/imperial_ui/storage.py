"""The games kept in this browser: saving (with a full or refused storage), the list of saves, reading a save,
file or link into a game, and the saves' own commands (delete, download as stored, export, make room).

Nothing is lost: the browser's storage is used only through :class:`store.Store` (guarded, in memory when the
browser refuses storage); every save, file and link is read through ``saves.read``; a tab never writes over
another tab's newer moves (it goes on as a copy); a game the storage refuses stays in the tab's own storage
and a reload brings it back.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections.abc import Callable
from typing import Any

import imperial_core as core
import imperial_text as tx
import js
from imperial_core import codec

from . import saves, views
from .commands import Handler
from .dom import Dom
from .model import PageModel
from .session import Session
from .store import OK, QUOTA, Store

SAVE_PREFIX = "imperial.save."
CURRENT_KEY = "imperial.current"  # sessionStorage: the game this tab plays (a reload resumes it)
PENDING_KEY = "imperial.pending"  # sessionStorage: this tab's game when localStorage refused it


def new_id() -> str:
    """A new game's id (its save's key is ``SAVE_PREFIX`` + id)."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + "".join(random.choices("abcdefghjkmnpqrstuvwxyz", k=4))


def file_part(text: str) -> str:
    """A piece of a file name made from a save's id (which may hold anything)."""
    out = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in text)[:60]
    return out or "game"


def clear_hash() -> None:
    """The address loses its ``#g=`` link (the game is saved now, or the link was refused)."""
    js.history.replaceState(None, "", js.location.pathname)


def has_link() -> bool:
    return str(js.location.hash or "").startswith("#g=")


class Library:
    """The saves in ``localStorage`` (``store``) and this tab's own notes in ``sessionStorage`` (``tabstore``)."""

    def __init__(self, dom: Dom, model: PageModel, store: Store, tabstore: Store) -> None:
        self.dom = dom
        self.model = model
        self.store = store
        self.tabstore = tabstore
        self.autosave = False  # the open game is kept in storage after every move
        self.unsaved = False  # this tab holds moves that are in no storage
        self.written: dict[str, str] = {}  # key -> the text this tab last wrote or read there
        self.rows: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}  # key -> (raw's size and hash, row)
        #: checks the open game against its own record before it is written anywhere (``Game.check``):
        #: ``intact``, ``restored`` or ``broken``
        self.check: Callable[[], str] = lambda: "intact"

    def commands(self) -> dict[str, Handler]:
        return {"save": self.cmd_save, "delete-save": self.cmd_delete_save, "download-raw": self.cmd_download_raw,
                "export-save": self.cmd_export_save, "export": self.cmd_export, "free-space": self.cmd_free_space,
                "menu": self.cmd_menu, "close-menu": lambda _arg: self.dom.ui.menu(False)}

    def forget(self) -> None:
        """The list is made again (the page's language changed)."""
        self.rows.clear()

    # -- saving ---------------------------------------------------------------------------------------
    def set_unsaved(self, flag: bool) -> None:
        """Whether this tab holds moves that are in no storage (the page then asks before it is closed)."""
        if flag != self.unsaved:
            self.unsaved = flag
            self.dom.ui.setUnsaved(flag)

    def fork(self, note: str) -> None:
        """This tab's game goes on under a new id (a copy), leaving the stored game to the other tab; ``note``:
        the catalogue key of what the decision then says."""
        s = self.model.session
        assert s is not None
        s.game_id = new_id()
        self.dom.data(game=s.game_id)
        self.model.note = note

    def save(self) -> bool:
        """The open game into storage (checked against its record first); on a full or refused storage it
        stays in this tab, with a message that offers to make room or to export it."""
        s = self.model.session
        if s is None or self.check() == "broken":
            return False
        w = self.model.w
        key = SAVE_PREFIX + s.game_id
        stored = self.store.get(key)
        if stored is not None and stored != self.written.get(key) and not saves.may_overwrite(
                stored, saves.setup_of(s.present), s.moves()):
            # another tab wrote moves this game does not have: keep them, save this line of play as a copy
            self.fork("page.m.forked")
            key = SAVE_PREFIX + s.game_id
        text = s.to_save()
        err = self.store.set(key, text)
        if err == OK:
            self.written[key] = text
            self.tabstore.set(CURRENT_KEY, s.game_id)
            self.tabstore.remove(PENDING_KEY)
            self.set_unsaved(self.store.off)
            if has_link():  # saved now: a reload resumes the save
                clear_hash()
            return True
        # the game stays in this page, and in this tab's own storage if it has room: a reload brings it back
        self.tabstore.set(PENDING_KEY, text)
        self.set_unsaved(True)
        export = {"cmd": "export", "label": w("page.m.export")}
        if err == QUOTA:
            self.dom.message(w("page.m.full"), "error", [{"cmd": "free-space", "label": w("page.m.free")}, export])
        else:
            self.dom.message(w("page.m.refused"), "error", [export])
        return False

    def save_move(self) -> None:
        """The game saved as it stands after a move, an undo or a redo (a new game once it has a move, or once
        saved before)."""
        s = self.model.session
        if s is not None and (self.autosave or s.cur > 0):
            self.autosave = True
            self.save()

    def save_soon(self) -> None:
        """:meth:`save_move` once the next frame is painted (``Dom.after_frame``): the frame of a click does not
        wait for the save; the page hidden or closed first, or its next click or command, saves at once."""
        self.dom.after_frame(self.save_move)

    # -- reading --------------------------------------------------------------------------------------
    def read_session(self, text: Any, game_id: str | None) -> Session | str:
        """A save, file or link read into a game, or the reason (for people) why it cannot be."""
        try:
            return Session.from_save(text, game_id=game_id)
        except saves.Unreadable as exc:
            js.console.error(exc.details)
            return str(exc)
        except core.BadToken as exc:
            return tx.reason(self.model.lang, exc)
        except Exception:  # the engine read it, but the page could not follow it: say so, keep the rest
            js.console.error(traceback.format_exc())
            return self.model.w("page.m.unexpected")

    def pending(self) -> Session | None:
        """The game this tab kept when the storage refused it (a reload), if it can still be read."""
        text = self.tabstore.get(PENDING_KEY)
        if not text:
            return None
        opened = self.read_session(text, None)
        if isinstance(opened, Session):
            return opened
        self.tabstore.remove(PENDING_KEY)
        return None

    def current_key(self) -> str | None:
        """The save of the game this tab was playing (a reload resumes it), if it is still stored."""
        current = self.tabstore.get(CURRENT_KEY)
        return SAVE_PREFIX + current if current and self.store.get(SAVE_PREFIX + current) is not None else None

    def left(self) -> None:
        """The player went back to the start screen: a reload no longer resumes the game."""
        self.tabstore.remove(CURRENT_KEY)

    # -- the list -------------------------------------------------------------------------------------
    def save_rows(self) -> list[dict[str, Any]]:
        """Every stored game as a row of the list (read once per stored text, however often listed)."""
        rows = []
        keys = self.store.keys(SAVE_PREFIX)
        for key in keys:
            raw = self.store.get(key)
            sig = (len(raw), hash(raw)) if raw is not None else (-1, 0)
            cached = self.rows.get(key)
            if cached is None or cached[0] != sig:
                cached = (sig, saves.list_row(key, raw, SAVE_PREFIX, self.model.lang))
                self.rows[key] = cached
            rows.append(cached[1])
        for gone in set(self.rows) - set(keys):
            del self.rows[gone]
        return saves.sort_rows(rows)

    def refresh(self) -> None:
        """The saved games' lists (start screen and the Games menu)."""
        s = self.model.session
        html = views.saves_html(self.save_rows(), self.model.names.nations, s.game_id if s else "",
                                off=self.store.off, lang=self.model.lang)
        for eid in ("saves-list", "menu-saves"):
            self.dom.write(eid, html)

    def facts(self) -> list[saves.Facts]:
        """What every stored game is (set-up and moves), for matching a link's game."""
        return [f for f in (saves.facts_of(k, self.store.get(k)) for k in self.store.keys(SAVE_PREFIX)) if f]

    # -- commands -------------------------------------------------------------------------------------
    def cmd_menu(self, _arg: str | None) -> None:
        self.refresh()
        self.dom.ui.menu(True)

    def cmd_save(self, _arg: str | None) -> None:
        if self.model.session is None:
            return
        w = self.model.w
        self.autosave = True
        if self.save():
            if self.store.off:
                self.dom.message(w("page.m.off_saved"), "info", [{"cmd": "export", "label": w("page.m.export")}])
            else:
                self.dom.message(w("page.m.saved"), "ok")

    def cmd_delete_save(self, key: str | None) -> None:
        if key and js.window.confirm(self.model.w("page.m.confirm_delete")):
            self.store.remove(key)
            self.refresh()

    def _stored(self, key: str | None) -> str | None:
        raw = self.store.get(str(key or ""))
        if raw is None:
            self.dom.message(self.model.w("page.m.gone"), "info")
            self.refresh()
        return raw

    def cmd_download_raw(self, key: str | None) -> None:
        """What a key holds, byte for byte, to a file (a damaged save is never lost by accident)."""
        raw = self._stored(key)
        if raw is not None:
            self.dom.ui.download(f"imperial-{file_part(str(key)[len(SAVE_PREFIX):])}-raw.txt", raw)

    def cmd_export_save(self, key: str | None) -> None:
        """A saved game to a file, as stored (a save in an older format is written in the current one)."""
        raw = self.store.get(str(key or ""))
        if raw is None:
            return
        try:
            saved = saves.read(raw)
            text = codec.save(saved.state, meta=saved.meta, redo=saved.redo)
        except Exception:  # a damaged save is exported as it is, so that nothing is lost
            text = raw
        self.dom.ui.download(f"imperial-{file_part(str(key)[len(SAVE_PREFIX):])}.json", text)

    def cmd_export(self, _arg: str | None) -> None:
        """The open game to a file (with the storage off, that is where it is kept)."""
        s = self.model.session
        if s is not None and self.check() != "broken":
            self.dom.ui.download(f"imperial-{file_part(s.game_id)}.json", s.to_save())
            if self.store.off:
                self.set_unsaved(False)

    def cmd_free_space(self, _arg: str | None) -> None:
        """The storage is full: offer the oldest saves (never this game, never a damaged one) for deletion."""
        s = self.model.session
        if s is None:
            return
        w, lang = self.model.w, self.model.lang
        key = SAVE_PREFIX + s.game_id
        need = len(s.to_save()) + len(key) - len(self.store.get(key) or "")
        plan = saves.plan_room(self.save_rows(), key, need)
        if not plan:
            self.dom.message(w("page.m.nothing_to_delete"), "error", [{"cmd": "export", "label": w("page.m.export")}])
            return
        lines = "\n".join(f"• {', '.join(r['players'])} · {tx.tn(lang, 'page.moves', r['moves'])} · "
                          f"{views._when(r['saved'], lang)}" for r in plan[:8])
        more = "\n" + w("page.m.and_more", n=len(plan) - 8) if len(plan) > 8 else ""
        if not js.window.confirm(tx.tn(lang, "page.m.delete_old", len(plan)) + f"\n\n{lines}{more}"):
            return
        for r in plan:
            self.store.remove(r["key"])
        if self.save():
            self.dom.message(tx.tn(lang, "page.m.deleted_old", len(plan)), "ok")
        self.refresh()

    @staticmethod
    def stored_meta(stored: str) -> dict[str, Any]:
        """A stored save's ``meta`` (``{}`` if it says none or cannot be read)."""
        try:
            meta = json.loads(stored).get("meta")
        except (ValueError, AttributeError):
            return {}
        return meta if isinstance(meta, dict) else {}

    def stored_created(self, stored: str) -> float | None:
        """When a stored game was started (its save's meta), if it says."""
        created = self.stored_meta(stored).get("created")
        return float(created) if type(created) in (int, float) else None
