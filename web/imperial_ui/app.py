"""The page: screens, clicks, saves and links, wired to the DOM (runs in Pyodide on the main thread).

The JS side (``ui.js``) forwards every click on ``[data-choice]`` / ``[data-cmd]`` and the keyboard
shortcuts to :meth:`App.choose` / :meth:`App.command`; this module answers with DOM writes.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from typing import Any

import imperial_core as core
import js
from imperial_core import codec
from pyodide.ffi import create_proxy

from . import views
from .choices import Chooser, Names
from .session import Session, save_summary
from .svgdiff import patches, split_svg

SAVE_PREFIX = "imperial.save."
CURRENT_KEY = "imperial.current"
MAX_NAME = 24


def _el(eid: str) -> Any:
    return js.document.getElementById(eid)


class App:
    def __init__(self, render: Any) -> None:
        self.render = render
        self.ui = js.window.imperialUI
        self.names = Names(core.load_board("europe"))
        self.session: Session | None = None
        self.chooser: Chooser | None = None
        self.chooser_for: Any = None
        self.replay: int | None = None
        self.autosave = False
        self.map_key: Any = None
        self.map_parts: Any = None
        self.map_cache: dict[str, str] = {}
        self.drawings: dict[str, tuple[Any, str]] = {}
        self.panel_cache: dict[str, str] = {}
        self.scores_open = False
        self.note = ""
        self.tab = "nations"
        self.log_all = False
        self.save_pending = False
        self._proxies = [create_proxy(self.choose), create_proxy(self.command)]
        js.window.imperialPy = js.Object.new()
        js.window.imperialPy.choose = self._proxies[0]
        js.window.imperialPy.command = self._proxies[1]
        self._proxies.append(create_proxy(lambda: self.guarded(self.flush_save)))
        js.window.imperialPy.flushSave = self._proxies[2]

    # -- plumbing -------------------------------------------------------------------------------------
    def set_html(self, eid: str, html: str) -> None:
        if self.panel_cache.get(eid) != html:
            self.panel_cache[eid] = html
            _el(eid).innerHTML = html

    def message(self, text: str, kind: str = "error") -> None:
        """A message for the player in the page's message box (``data-testid=error``)."""
        self.ui.message(text, kind)

    def guarded(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:  # never let a click break the page: say what happened, keep the game
            js.console.error(traceback.format_exc())
            self.message(f"Something went wrong ({type(exc).__name__}: {exc}). Your game is kept; "
                         "you can continue, undo, or reload the page.")
            return None

    # -- entry points from JS -------------------------------------------------------------------------
    def choose(self, value: str) -> None:
        self.guarded(self._choose, str(value))

    def command(self, name: str, arg: Any = None) -> None:
        handler = getattr(self, "cmd_" + str(name).replace("-", "_"), None)
        if handler is None:
            self.message(f"Unknown command {name}")
            return
        self.guarded(handler, None if arg is None or arg == js.undefined else str(arg))

    # -- screens --------------------------------------------------------------------------------------
    def start(self) -> None:
        """First screen: a shared link opens its game; otherwise the new-game form with saved games."""
        self.fill_boards()
        self.fill_seed()
        self.show_start()
        js.window.addEventListener("hashchange", create_proxy(lambda e: self.guarded(self.open_hash)))
        js.window.addEventListener("storage", create_proxy(lambda e: self.guarded(self.on_storage, e)))
        if str(js.location.hash or "").startswith("#g="):
            self.open_hash()
            return
        # a reload resumes the game this tab was playing
        current = js.window.sessionStorage.getItem(CURRENT_KEY)
        if current and js.window.localStorage.getItem(SAVE_PREFIX + str(current)) is not None:
            self.cmd_resume(SAVE_PREFIX + str(current))

    def show_start(self) -> None:
        self.ui.screen("start")
        _el("start-map").innerHTML = self.render.board_svg(board="europe")
        self.ui.mapChanged("start-map")
        self.refresh_saves()

    def fill_boards(self) -> None:
        """The boards the engine knows (Imperial 2030 appears once the engine has it)."""
        names = {"europe": "Europe (1914)", "world2030": "World (Imperial 2030)"}
        boards = getattr(getattr(core, "board", None), "BOARDS", ("europe",))
        select = _el("board")
        select.innerHTML = "".join(f'<option value="{views.esc(b)}">{views.esc(names.get(b, b))}</option>'
                                   for b in boards)

    def fill_seed(self) -> None:
        _el("seed").value = str(random.randrange(1, 1_000_000))

    def show_game(self) -> None:
        _el("start-map").innerHTML = ""
        self.ui.screen("game")
        self.map_key = None
        self.map_parts = None
        self.panel_cache.clear()
        self.redraw()

    # -- the game screen ------------------------------------------------------------------------------
    def viewed(self) -> Any:
        assert self.session is not None
        if self.replay is not None:
            return self.session.states[self.replay]
        return self.session.present

    def current_chooser(self) -> Chooser | None:
        s = self.session
        if s is None or self.replay is not None or s.present.is_over:
            return None
        if self.chooser_for is not s.present:
            state = s.present
            self.chooser = Chooser(core.legal_actions(state), state.decision, self.names, self.rondel_costs(state))
            self.chooser_for = state
        return self.chooser

    def rondel_costs(self, state: Any) -> dict[str, str]:
        """Label suffixes for the rondel choices: each space's cost, from the engine's ``rondel_cost``."""
        cost_of = getattr(core, "rondel_cost", None)
        if state.decision != "rondel" or cost_of is None:
            return {}
        out = {}
        for action in core.legal_actions(state):
            if action.type == "rondel":
                cost = cost_of(state, action.space)
                out[str(action)] = f" · {cost}M" if cost else " · free"
        return out

    def redraw(self) -> None:
        s = self.session
        if s is None:
            return
        clock = time.perf_counter
        t0 = clock()
        prof: dict[str, float] = {}
        state = self.viewed()
        chooser = self.current_chooser()
        prof["choices"] = clock() - t0
        key = self.map_signature(state)
        if key != self.map_key:
            t = clock()
            svg = self.map_cache.pop(key, None) or self.render.board_svg(state)
            self.map_cache[key] = svg  # the latest drawings, for undo, redo and replay
            while len(self.map_cache) > 24:
                self.map_cache.pop(next(iter(self.map_cache)))
            prof["map_render"] = clock() - t
            t = clock()
            parts = split_svg(svg)
            changed = patches(self.map_parts, parts)
            prof["map_split"] = clock() - t
            if changed is None:  # first drawing, or a different frame: replace it all
                _el("map").innerHTML = svg
                self.ui.mapChanged("map")
            elif changed:  # only what changed (pieces, a region's tooltip...), not the coastlines
                self.ui.replaceMapChildren(json.dumps(changed))
            prof["map_dom"] = clock() - t
            prof["map_parts"] = -1 if changed is None else len(changed)
            self.map_parts = parts
            self.map_key = key
        t = clock()
        # highlights: regions that may be clicked now, and the selected unit
        regions: list[list[str]] = []
        selected: list[str] = []
        if chooser is not None:
            regions = [[t.value, t.label] for t in chooser.next_tokens() if t.kind == "region"]
            selected = [t.value for t in chooser.selected() if t.kind == "region"]
        recent: list[str] = []  # where the last move happened, outlined for the next player
        k = self.replay if self.replay is not None else s.cur
        if k > 0:
            act = s.actions[k - 1]
            recent = [r for r in (getattr(act, "origin", None), getattr(act, "to", None), getattr(act, "region", None))
                      if isinstance(r, str)]
        self.ui.highlight(json.dumps({"choices": regions, "selected": selected, "recent": recent}))
        prof["highlight"] = clock() - t
        t = clock()
        replay = (self.replay, s.cur) if self.replay is not None else None
        rondel = self.drawing("rondel_svg", state) if chooser is not None and state.decision == "rondel" else ""
        k = self.replay if self.replay is not None else s.cur
        last = s.entries[k - 1] if k > 0 else None
        self.set_html("decision", views.decision_html(state, chooser, self.names, replay=replay, note=self.note,
                                                      rondel=rondel, last=last))
        # the side tabs are drawn only while visible (each is drawn again when its tab is opened)
        if self.tab == "nations":
            drawings = (f'<div class="rondel-svg small">{self.drawing("rondel_svg", state)}</div>'
                        f'<div class="tracks-svg">{self.drawing("tracks_svg", state)}</div>')
            self.set_html("nations", views.nations_html(state, self.names, drawings))
        else:
            self.panel_cache.pop("nations", None)
        if self.tab == "players":
            self.set_html("players", views.players_html(state, self.names))
        else:
            self.panel_cache.pop("players", None)
        prof["panels"] = clock() - t
        t = clock()
        if self.tab == "log":
            self.set_html("log", views.log_html(s.log(), self.names,
                                                current=self.replay if self.replay is not None else s.cur,
                                                recent=None if self.log_all else 120))
        else:
            self.panel_cache.pop("log", None)  # drawn when its tab is opened
        prof["log"] = clock() - t
        self.ui.toolbar(json.dumps({
            "undo": s.can_undo() and self.replay is None, "redo": s.can_redo() and self.replay is None,
            "replay": self.replay is not None, "moves": s.cur, "over": s.present.is_over,
        }))
        if s.present.is_over and self.replay is None and self.scores_open:
            self.set_html("scores-body", views.scores_html(s.present, self.names, core.score_breakdown(s.present),
                                                           core.ranking(s.present)))
            self.ui.scores(True)
        else:
            self.ui.scores(False)
        js.document.body.dataset.moves = str(s.cur)
        js.document.body.dataset.phase = state.decision
        prof["total"] = clock() - t0
        self.ui.profile = json.dumps({k: round(v * 1000, 2) for k, v in prof.items()})

    def cmd_log_all(self, _arg: str | None) -> None:
        self.log_all = True
        self.redraw()

    def cmd_panel(self, name: str | None) -> None:
        """A side tab was opened: it is drawn now (hidden tabs are not redrawn after every move)."""
        self.tab = name or "nations"
        self.redraw()

    #: What each panel drawing shows (it is redrawn only when that changes).
    DRAWN = {
        "rondel_svg": lambda st: [st.active_nation, [n["rondel"] for n in st.nations.values()]],
        "tracks_svg": lambda st: [[n["power"], n["tax"]] for n in st.nations.values()],
    }

    def drawing(self, name: str, state: Any) -> str:
        """One of the renderer's panel drawings (rondel, tracks), or nothing if this renderer has none."""
        fn = getattr(self.render, name, None)
        if fn is None:
            return ""
        key = json.dumps(self.DRAWN[name](state)) if name in self.DRAWN else None
        cached = self.drawings.get(name)
        if key is not None and cached is not None and cached[0] == key:
            return cached[1]
        try:
            svg = str(fn(state))
        except Exception:  # a drawing that fails must not stop the game
            js.console.error(traceback.format_exc())
            return ""
        self.drawings[name] = (key, svg)
        return svg

    def map_signature(self, state: Any) -> Any:
        """Everything the map shows; the map is redrawn only when this changes."""
        return json.dumps([[n["armies"], n["hostile"], n["fleets"], n["factories"], n["flags"]]
                           for n in state.nations.values()], sort_keys=True)

    def _choose(self, value: str) -> None:
        chooser = self.current_chooser()
        if chooser is None:
            return
        try:
            action = chooser.choose(value)
        except KeyError:
            self.message(f"“{value}” is not a legal choice now.", "info")
            return
        if action is not None:
            self.play(action)
        else:
            self.redraw()

    def play(self, action: Any) -> None:
        assert self.session is not None
        try:
            self.session.play(action)
        except core.IllegalAction as exc:
            self.message(str(exc), "info")
            return
        self.note = ""
        self.ui.clearMessage()
        if self.session.present.is_over:
            self.scores_open = True
        self.after_change()

    def after_change(self) -> None:
        self.redraw()
        if self.session is not None and (self.autosave or self.session.cur > 0):
            self.autosave = True
            # saved right after the screen is painted (and at once if the page is being closed)
            self.save_pending = True
            self.ui.saveSoon()

    def flush_save(self) -> None:
        if self.save_pending:
            self.save_pending = False
            self.save()

    # -- saves ----------------------------------------------------------------------------------------
    def save(self) -> bool:
        s = self.session
        if s is None:
            return False
        err = str(self.ui.store(SAVE_PREFIX + s.game_id, s.to_save()))
        js.window.sessionStorage.setItem(CURRENT_KEY, s.game_id)
        if str(js.location.hash or "").startswith("#g="):  # saved now: a reload resumes the save
            js.history.replaceState(None, "", js.location.pathname)
        if err:
            if err == "quota":
                self.message("The browser's storage is full: this game is not saved. Your other saved games "
                             "are untouched — delete old saves or export this game to a file.")
            else:
                self.message(f"This game could not be saved ({err}). Export it to a file to keep it.")
            return False
        return True

    def save_keys(self) -> list[str]:
        ls = js.window.localStorage
        return [k for k in (ls.key(i) for i in range(ls.length)) if k and str(k).startswith(SAVE_PREFIX)]

    def refresh_saves(self) -> None:
        rows = []
        for key in self.save_keys():
            summary = save_summary(js.window.localStorage.getItem(key))
            if summary is None:
                rows.append({"key": key, "id": key[len(SAVE_PREFIX):], "bad": True, "saved": 0})
            else:
                summary["key"] = key
                rows.append(summary)
        rows.sort(key=lambda r: -(r.get("saved") or 0))
        cur = self.session.game_id if self.session else ""
        html = views.saves_html(rows, self.names.nations, cur)
        for eid in ("saves-list", "menu-saves"):
            _el(eid).innerHTML = html

    def open_session(self, session: Session, *, autosave: bool, note: str = "") -> None:
        self.session = session
        self.map_cache.clear()
        if self.names.board.id != session.present.board:
            self.names = Names(core.load_board(session.present.board))
        self.log_all = False
        self.chooser_for = None
        self.replay = None
        self.autosave = autosave
        self.note = note
        self.scores_open = session.present.is_over
        js.document.body.dataset.game = session.game_id
        self.show_game()
        if autosave:
            self.save()

    @staticmethod
    def new_id() -> str:
        return time.strftime("%Y%m%d-%H%M%S") + "-" + "".join(random.choices("abcdefghjkmnpqrstuvwxyz", k=4))

    # -- commands -------------------------------------------------------------------------------------
    def cmd_start(self, _arg: str | None) -> None:
        count = int(_el("player-count").value)
        names = []
        for i in range(1, count + 1):
            name = " ".join(str(_el(f"player-name-{i}").value).split())[:MAX_NAME]
            names.append(name or f"Player {i}")
        if len(set(n.casefold() for n in names)) != len(names):
            self.message("Each player needs a different name.", "info")
            return
        seed_text = str(_el("seed").value).strip()
        try:
            seed = int(seed_text)
            if not 0 <= seed < 2**31:
                raise ValueError
        except ValueError:
            self.message("The seed must be a whole number from 0 to 2147483647.", "info")
            return
        options = {
            "board": str(_el("board").value), "edition": str(_el("edition").value),
            "setup": str(_el("setup").value), "investor_card": bool(_el("investor-card").checked), "seed": seed,
        }
        try:
            session = Session.new(names, game_id=self.new_id(), **options)
        except core.IllegalAction as exc:
            self.message(str(exc), "info")
            return
        self.ui.clearMessage()
        js.history.replaceState(None, "", js.location.pathname)
        self.open_session(session, autosave=True)

    def cmd_reseed(self, _arg: str | None) -> None:
        self.fill_seed()

    def cmd_undo(self, _arg: str | None) -> None:
        if self.session is None:
            return
        if self.chooser is not None and self.chooser.prefix:
            self.chooser.prefix = []
        if self.replay is None and self.session.undo():
            self.after_change()

    def cmd_redo(self, _arg: str | None) -> None:
        if self.session is not None and self.replay is None and self.session.redo():
            self.after_change()

    def cmd_cancel(self, _arg: str | None) -> None:
        if self.replay is not None:
            self.replay = None
            self.redraw()
            return
        if self.chooser is not None and self.chooser.cancel():
            self.redraw()

    def cmd_home(self, _arg: str | None) -> None:
        self.replay = None
        self.scores_open = False
        self.ui.scores(False)
        self.ui.menu(False)
        js.window.sessionStorage.removeItem(CURRENT_KEY)
        js.history.replaceState(None, "", js.location.pathname)
        self.show_start()

    def cmd_resume(self, key: str | None) -> None:
        raw = js.window.localStorage.getItem(key)
        if raw is None:
            self.message("That save no longer exists (deleted in another tab?).", "info")
            self.refresh_saves()
            return
        try:
            session = Session.from_save(str(raw), game_id=str(key)[len(SAVE_PREFIX):])
        except core.BadToken as exc:
            self.message(f"This save cannot be opened: {exc}. It is left as it is; you may delete it.")
            return
        self.ui.menu(False)
        self.ui.clearMessage()
        js.history.replaceState(None, "", js.location.pathname)
        self.open_session(session, autosave=True)

    def cmd_delete_save(self, key: str | None) -> None:
        if key and js.window.confirm("Delete this saved game?"):
            js.window.localStorage.removeItem(key)
            self.refresh_saves()

    def cmd_export_save(self, key: str | None) -> None:
        """A saved game to a file, as stored (a save in an older format is written in the current one)."""
        raw = js.window.localStorage.getItem(key)
        if raw is None:
            return
        text = str(raw)
        try:
            saved = codec.read_save(text)
        except core.BadToken:
            pass  # a damaged save is exported as it is, so that nothing is lost
        else:
            text = codec.save(saved.state, meta=saved.meta, redo=saved.redo)
        self.ui.download(f"imperial-{str(key)[len(SAVE_PREFIX):]}.json", text)

    def cmd_export(self, _arg: str | None) -> None:
        if self.session is not None:
            self.ui.download(f"imperial-{self.session.game_id}.json", self.session.to_save())

    def cmd_import(self, text: str | None) -> None:
        """A file with a save (any format the engine reads), a link token or a link."""
        try:
            session = Session.from_save(text or "", game_id=self.new_id())
        except core.BadToken as exc:
            self.message(f"This file cannot be imported: {exc}. Nothing was changed.")
            return
        self.ui.menu(False)
        self.ui.clearMessage()
        self.open_session(session, autosave=True, note="Imported from a file.")
        self.refresh_saves()

    def cmd_save(self, _arg: str | None) -> None:
        if self.session is not None:
            self.autosave = True
            if self.save():
                self.message("Saved. It is in the list of saved games.", "ok")

    def cmd_share(self, _arg: str | None) -> None:
        if self.session is None:
            return
        token = core.encode(self.session.present)
        url = str(js.location.origin) + str(js.location.pathname) + "#g=" + token
        js.history.replaceState(None, "", "#g=" + token)
        self.ui.share(url)

    def cmd_menu(self, _arg: str | None) -> None:
        self.refresh_saves()
        self.ui.menu(True)

    def cmd_close_menu(self, _arg: str | None) -> None:
        self.ui.menu(False)

    def cmd_scores(self, _arg: str | None) -> None:
        self.scores_open = True
        self.replay = None
        self.redraw()

    def cmd_close_scores(self, _arg: str | None) -> None:
        self.scores_open = False
        self.redraw()

    # replay: view-only steps through the game
    def _replay_to(self, k: int) -> None:
        if self.session is None:
            return
        self.scores_open = False
        self.replay = max(0, min(k, self.session.cur))
        self.redraw()

    def cmd_replay(self, _arg: str | None) -> None:
        if self.session is not None:
            self._replay_to(self.session.cur if self.replay is None else self.replay)

    def cmd_replay_first(self, _arg: str | None) -> None:
        self._replay_to(0)

    def cmd_replay_back(self, _arg: str | None) -> None:
        if self.session is not None:
            self._replay_to((self.replay if self.replay is not None else self.session.cur) - 1)

    def cmd_replay_forward(self, _arg: str | None) -> None:
        if self.session is not None:
            self._replay_to((self.replay if self.replay is not None else self.session.cur) + 1)

    def cmd_replay_last(self, _arg: str | None) -> None:
        if self.session is not None:
            self._replay_to(self.session.cur)

    def cmd_replay_to(self, arg: str | None) -> None:
        self._replay_to(int(arg or 0))

    def cmd_replay_exit(self, _arg: str | None) -> None:
        self.replay = None
        if self.session is not None:
            self.scores_open = self.session.present.is_over
        self.redraw()

    # -- links and other tabs -------------------------------------------------------------------------
    def open_hash(self) -> None:
        h = str(js.location.hash or "")
        if not h.startswith("#g="):
            return
        try:
            session = Session.from_save(h, game_id=self.new_id())
        except core.BadToken as exc:
            self.message(f"This game link cannot be opened: {exc}. It may be damaged, cut short, or made by "
                         "another version of the game. Your saved games are untouched.")
            js.history.replaceState(None, "", js.location.pathname)
            if self.session is None:
                self.show_start()
            return
        self.ui.clearMessage()
        self.open_session(session, autosave=False,
                          note="Opened from a link. It is saved as soon as you make a move (or press Save).")

    def on_storage(self, event: Any) -> None:
        """Another tab changed the saves: keep the list fresh; our own game forks instead of overwriting."""
        key = event.key
        if self.session is not None and key == SAVE_PREFIX + self.session.game_id and event.newValue:
            self.session.game_id = self.new_id()
            js.document.body.dataset.game = self.session.game_id
            self.note = "This game was also changed in another tab; moves made here are saved as a copy."
            self.panel_cache.pop("decision", None)
            self.redraw()
        self.refresh_saves()
