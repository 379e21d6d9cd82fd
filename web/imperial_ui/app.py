"""The page: screens, clicks, saves and links, wired to the DOM (runs in Pyodide on the main thread).

The JS side (``ui.js``) forwards every click on ``[data-choice]`` / ``[data-cmd]`` and the keyboard
shortcuts to :meth:`App.choose` / :meth:`App.command`; this module answers with DOM writes.

Nothing breaks and nothing is lost: the browser's storage is used only through :class:`Store` (guarded,
in memory when the browser refuses storage); every save, file and link is read through ``saves.read``; a
move is saved before the board is redrawn; a click counts only for the decision it was drawn for; the
game is checked against its own record before it is saved or put in a link; a tab never writes over
another tab's newer moves; and every failure ends in a message, never in a traceback.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from typing import Any

import imperial_core as core
import imperial_text as tx
import js
from imperial_core import codec
from pyodide.ffi import create_proxy

from . import a11y, readable, rulehelp, saves, views
from .botplay import BotPlay
from .choices import Chooser, Names
from .model import PageModel
from .session import Session, form_names
from .store import OK, QUOTA, Store

SAVE_PREFIX = "imperial.save."
CURRENT_KEY = "imperial.current"  # sessionStorage: the game this tab plays (a reload resumes it)
PENDING_KEY = "imperial.pending"  # sessionStorage: this tab's game when localStorage refused it
LANG_KEY = "imperial.lang"  # localStorage: the language the player chose


def _el(eid: str) -> Any:
    return js.document.getElementById(eid)


class _InModel:
    """An attribute of ``App`` that lives in its page model (``App.model``, model.py), read and set there."""

    def __init__(self, *, writable: bool = True) -> None:
        self.writable = writable

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, app: Any, owner: type | None = None) -> Any:
        return self if app is None else getattr(app.model, self.name)

    def __set__(self, app: Any, value: Any) -> None:
        if not self.writable:
            raise AttributeError(f"{self.name} is the page model's; change it through App.model")
        setattr(app.model, self.name, value)


class App:
    def __init__(self, render: Any) -> None:
        self.render = render
        self.ui = js.window.imperialUI
        self.store = Store(lambda: js.window.localStorage)
        # what the game screen shows (model.py); its names carry the page's language (``App.lang``)
        self.model = PageModel(Names(core.load_board("europe"), self.first_lang()))
        self.autosave = False
        self.map_key: Any = None
        self.map_board: str | None = None  # the board whose static drawing is in #map
        self.map_cache: dict[str, str] = {}  # map signature -> pieces layer (undo, redo and replay)
        self.statics: dict[str, str] = {}  # board -> its static drawing
        self.drawings: dict[str, tuple[Any, str]] = {}
        self.panel_cache: dict[str, str] = {}
        self.chart_cache: dict[bool, tuple[tuple, dict[str, str]]] = {}
        self.tabstore = Store(lambda: js.window.sessionStorage)
        self.written: dict[str, str] = {}  # key -> the text this tab last wrote or read there
        self.rows: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}  # key -> (raw's size and hash, row)
        self.unsaved = False
        self._announced: tuple[str, int] | None = None  # the move the live region said last (announce_move)
        self._labels: tuple[Any, dict[str, str]] = (None, {})  # (pieces shown, language) -> region labels
        self.tab_id = "".join(random.choices("abcdefghjkmnpqrstuvwxyz0123456789", k=10))
        self._proxies = [create_proxy(self.choose), create_proxy(self.command)]
        js.window.imperialPy = js.Object.new()
        js.window.imperialPy.choose = self._proxies[0]
        js.window.imperialPy.command = self._proxies[1]
        self.bots = BotPlay(self)  # the computer seats (imperial_ui.botplay)

    # -- the model's state, as the rest of the page (and botplay) reads it: model.py holds it ---------------
    session = _InModel(writable=False)
    names = _InModel(writable=False)
    lang = _InModel(writable=False)  # the page's language: the model's names carry it (imperial_text.LANGS)
    tab = _InModel(writable=False)
    replay = _InModel()
    note = _InModel()
    scores_open = _InModel()

    # -- language -------------------------------------------------------------------------------------
    def first_lang(self) -> str:
        """The language chosen before (localStorage), else the first of the browser's languages we speak."""
        kept = self.store.get(LANG_KEY)
        if kept in tx.LANGS:
            return str(kept)
        nav = getattr(js, "navigator", None)
        try:
            prefs = [str(x) for x in nav.languages]
        except Exception:  # an old browser: one language only
            prefs = [str(getattr(nav, "language", "") or "")]
        return tx.best(prefs)

    def w(self, key: str, /, **values: object) -> str:
        """The page's sentence ``key`` in the page's language."""
        return tx.t(self.lang, key, **values)

    def cmd_lang(self, lang: str | None) -> None:
        """The language switch: kept for the next visit, and everything on the page is drawn again in it."""
        lang = tx.known(lang)
        self.store.set(LANG_KEY, lang)
        self.ui.setLang(lang)
        if lang == self.lang:
            return
        self.model.set_lang(lang)
        self.statics.clear()
        self.drawings.clear()
        self.map_cache.clear()
        self.chart_cache.clear()
        self.panel_cache.clear()
        self.rows.clear()
        self.map_board = None
        self.map_key = None
        if self.store.off:
            self.ui.banner(self.w("page.m.off_banner"))
        self.fill_boards()
        on_start = not self.bots.on_screen()
        self.cmd_board_options(draw=on_start)  # the start screen's board, in the new language
        if self.session is not None:
            self.bots.apply_reasons()
            self.bots.forget_bar()
            self.redraw()
        else:
            js.document.title = "Imperial"
        self.refresh_saves()
        if getattr(_el("rules"), "open", False):
            self.cmd_rules(None)

    # -- plumbing -------------------------------------------------------------------------------------
    def set_html(self, eid: str, html: str) -> None:
        if self.panel_cache.get(eid) != html:
            self.panel_cache[eid] = html
            _el(eid).innerHTML = html

    def message(self, text: str, kind: str = "error", actions: list[dict[str, str]] | None = None) -> None:
        """A message for the player in the page's message box (``data-testid=error``); ``actions``: buttons
        (``cmd``, ``label``, optional ``arg``) that run page commands."""
        self.ui.message(text, kind, json.dumps(actions or []))

    def guarded(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception:  # never let a click break the page: say so, keep the game, details to the console
            js.console.error(traceback.format_exc())
            self.message(self.w("page.m.wrong"))
            return None

    # -- entry points from JS -------------------------------------------------------------------------
    def choose(self, value: str, at: Any = None) -> None:
        """A click on a drawn choice; ``at`` is the decision it was drawn for (``data-at``)."""
        self.guarded(self._choose, str(value), None if at is None or at == js.undefined else str(at))

    def command(self, name: str, arg: Any = None) -> None:
        attr = "cmd_" + str(name).replace("-", "_")
        handler = getattr(self, attr, None) or getattr(self.bots, attr, None)
        if handler is None:
            self.message(self.w("page.m.unknown", name=str(name)))
            return
        self.guarded(handler, None if arg is None or arg == js.undefined else str(arg))

    # -- screens --------------------------------------------------------------------------------------
    def start(self) -> None:
        """First screen: a shared link opens its game; otherwise the new-game form with saved games.
        Whatever the storage holds, the page starts: each step is guarded on its own."""
        self.ui.setLang(self.lang)
        if self.store.off:
            self.ui.banner(self.w("page.m.off_banner"))
        self.guarded(self.fill_boards)
        self.guarded(self.fill_seed)
        self.guarded(self.show_start)
        js.window.addEventListener("hashchange", create_proxy(lambda e: self.guarded(self.open_hash)))
        js.window.addEventListener("storage", create_proxy(lambda e: self.guarded(self.on_storage, e)))
        if str(js.location.hash or "").startswith("#g="):
            self.guarded(self.open_hash)
            return
        self.guarded(self.resume_tab)

    def resume_tab(self) -> None:
        """A reload resumes the game this tab was playing; a game the storage refused comes back from the
        tab's own storage (and is saved again as soon as there is room)."""
        pending = self.tabstore.get(PENDING_KEY)
        if pending:
            opened = self.read_session(pending, None)
            if isinstance(opened, Session):
                self.open_session(opened, autosave=True, note=self.w("page.m.back_from_tab"))
                return
            self.tabstore.remove(PENDING_KEY)
        current = self.tabstore.get(CURRENT_KEY)
        if current and self.store.get(SAVE_PREFIX + current) is not None:
            self.cmd_resume(SAVE_PREFIX + current)

    def show_start(self) -> None:
        self.ui.screen("start")
        self.show_start_map(str(_el("board").value or "europe"))
        self.refresh_saves()

    def fill_boards(self) -> None:
        """The boards the engine knows (Imperial 2030 appears once the engine has it)."""
        boards = getattr(getattr(core, "board", None), "BOARDS", ("europe",))
        select = _el("board")
        chosen = str(select.value or "")
        select.innerHTML = "".join(f'<option value="{views.esc(b)}">{views.esc(self.w("page.board." + b))}</option>'
                                   for b in boards)
        if chosen in boards:
            select.value = chosen

    def cmd_board_options(self, _arg: str | None = None, *, draw: bool = True) -> None:
        """The options valid for the chosen board, as the engine's board data says: its editions, and the
        variant "bonus only for tax increases" where the bonus follows a chart (Imperial 2030); ``draw``: the
        board beside the form is drawn too."""
        board = core.load_board(str(_el("board").value))
        edition = _el("edition")
        chosen = str(edition.value)
        edition.innerHTML = "".join(f'<option value="{views.esc(e)}">{views.esc(self.w("page.edition." + e))}</option>'
                                    for e in board.editions)
        edition.value = chosen if chosen in board.editions else board.editions[0]
        row = _el("increase-bonus-row")
        row.hidden = board.bonus_rule != "chart"
        if row.hidden:
            _el("increase-bonus").checked = False
        if draw:
            self.show_start_map(board.id)

    def show_start_map(self, board: str) -> None:
        _el("start-map").innerHTML = self.render.board_svg(board=board, lang=self.lang)
        self.ui.mapChanged("start-map")

    def fill_seed(self) -> None:
        _el("seed").value = str(random.randrange(1, 1_000_000))

    def show_game(self) -> None:
        _el("start-map").innerHTML = ""
        self.ui.screen("game")
        self.map_key = None
        self.map_board = None
        self.panel_cache.clear()
        self.redraw()

    # -- the game screen ------------------------------------------------------------------------------
    def viewed(self) -> Any:
        return self.model.viewed()

    def current_chooser(self) -> Chooser | None:
        return self.model.current_chooser(self.bots.computer_decides())

    def redraw(self) -> None:
        s = self.session
        if s is None:
            return
        clock = time.perf_counter
        t0 = clock()
        prof: dict[str, float] = {}
        state = self.viewed()
        chooser = self.current_chooser()
        at = self.model.decision_id(chooser)
        prof["choices"] = clock() - t0
        self.draw_map(state, prof)
        t = clock()
        # highlights, drawn by the renderer in the overlay over the pieces (render.highlights_svg): regions that
        # may be clicked now, the selected unit, and where the last move happened (outlined for the next player)
        regions: dict[str, str] = {}
        selected: list[str] = []
        if chooser is not None:
            regions = {t.value: t.label for t in chooser.next_tokens() if t.kind == "region"}
            selected = [t.value for t in chooser.selected() if t.kind == "region"]
        # for screen readers: every region named with what stands on it (made and sent again only when the
        # pieces or the language change); a region that may be chosen is a button in the overlay, named by its
        # choice first, focusable (tabindex 0) and chosen with Enter or Space
        if self._labels[0] != (self.map_key, self.lang):
            self._labels = ((self.map_key, self.lang), a11y.region_labels(state, self.lang))
            self.ui.labelRegions(json.dumps(self._labels[1]))
        named = a11y.with_choices(self._labels[1], regions, self.lang)
        self.ui.highlight(self.render.highlights_svg(
            state.board, choices={rid: named.get(rid, label) for rid, label in regions.items()}, selected=selected,
            recent=self.model.recent_regions(), at=at, lang=self.lang))
        prof["highlight"] = clock() - t
        t = clock()
        replay = (self.replay, s.cur) if self.replay is not None else None
        rondel = self.drawing("rondel_svg", state) if chooser is not None and state.decision == "rondel" else ""
        last = self.model.last_entry()
        self.announce_move(s.cur, s.entries[s.cur - 1] if s.cur > 0 else None)
        self.set_html("decision", views.decision_html(state, chooser, self.names, replay=replay, note=self.note,
                                                      rondel=rondel, last=last, at=at,
                                                      greyed=self.model.greyed if chooser is not None else ""))
        self.draw_readable(state)
        # the side tabs are drawn only while visible (each is drawn again when its tab is opened)
        if self.tab == "nations":
            # the rondel is drawn once: in the decision while a space is chosen, else here
            small = "" if rondel else f'<div class="rondel-svg small">{self.drawing("rondel_svg", state)}</div>'
            drawings = (readable.tracks_html(state, self.names, views.tax_label) + small
                        + f'<details class="tracks-drawing"><summary>{self.w("page.tracks_drawing")}</summary>'
                        f'<div class="tracks-svg">{self.drawing("tracks_svg", state)}</div></details>')
            self.set_html("nations", views.nations_html(state, self.names, drawings))
        else:
            self.panel_cache.pop("nations", None)
        if self.tab == "players":
            self.set_html("players", views.players_html(state, self.names,
                                                        secret_cash=bool(self.session and self.session.secret_cash))
                          + self.bots.seats_html())
        else:
            self.panel_cache.pop("players", None)
        prof["panels"] = clock() - t
        t = clock()
        if self.tab == "log":
            self.set_html("log", readable.log_filter_html(state, self.names, self.model.log_only)
                          + views.log_html(self.model.log_entries(), self.names, current=self.model.step,
                                           recent=None if self.model.log_all else 120))
        else:
            self.panel_cache.pop("log", None)  # drawn when its tab is opened
        prof["log"] = clock() - t
        if self.tab == "charts":
            self.set_html("charts", views.charts_html(self.charts_of(state, narrow=True), lang=self.lang))
        else:
            self.panel_cache.pop("charts", None)
        self.ui.toolbar(json.dumps(self.model.toolbar()))
        if self.model.showing_scores():
            self.set_html("scores-body", views.scores_html(s.present, self.names, core.score_breakdown(s.present),
                                                           core.ranking(s.present))
                          + views.charts_html(self.charts_of(s.present), where="scores", lang=self.lang))
            self.ui.scores(True)
        else:
            self.ui.scores(False)
        js.document.body.dataset.moves = str(s.cur)
        js.document.body.dataset.phase = state.decision
        prof["total"] = clock() - t0
        self.ui.profile = json.dumps({k: round(v * 1000, 2) for k, v in prof.items()})
        self.bots.sync()

    def announce_move(self, k: int, entry: Any) -> None:
        """The polite live region (``#announcer``) says the sentence of each move made (by a person or a
        computer); an undo or a game just opened says nothing."""
        key = (self.session.game_id if self.session is not None else "", k)
        if self._announced is None:
            self._announced = key  # a game just shown: its last move is in the decision, not news
            return
        if key == self._announced:
            return
        was = self._announced
        self._announced = key
        if entry is None or key[0] != was[0] or k <= was[1]:
            return
        box = js.document.getElementById("announcer")
        if box:
            box.textContent = a11y.moved(k, entry.text, self.lang)

    def draw_map(self, state: Any, prof: dict[str, float]) -> None:
        """The board in layers: its static drawing goes in once per board; after that only the pieces layer is
        swapped (and only when what it shows changed; ``ui.setPieces`` replaces just the changed pieces)."""
        clock = time.perf_counter
        board = state.board
        if board != self.map_board:
            t = clock()
            static = self.statics.get(board)
            if static is None:
                # the static board, and over it the highlight overlay
                static = self.statics[board] = (self.render.static_svg(board, lang=self.lang)
                                                + self.render.overlay_svg(board))
            _el("map").innerHTML = static
            self.ui.mapChanged("map")
            self.map_board = board
            self.map_key = None
            prof["map_static"] = clock() - t
        key = self.map_signature(state)
        if key == self.map_key:
            return
        t = clock()
        layer = self.map_cache.pop(key, None) or self.render.pieces_svg(state, lang=self.lang)
        self.map_cache[key] = layer  # the latest layers, for undo, redo and replay
        while len(self.map_cache) > 24:
            self.map_cache.pop(next(iter(self.map_cache)))
        prof["map_render"] = clock() - t
        t = clock()
        self.ui.setPieces("map", layer)
        prof["map_dom"] = clock() - t
        self.map_key = key

    def cmd_log_all(self, _arg: str | None) -> None:
        self.model.log_all = True
        self.redraw()

    def cmd_log_filter(self, nation: str | None) -> None:
        """The log shows one nation's turns (``nation``), or all of them (empty)."""
        self.model.filter_log(nation)
        self.redraw()

    def draw_readable(self, state: Any) -> None:
        """The live scoreboard, the round counter and the tab's title, from the state shown."""
        s = self.session
        secret = bool(s and s.secret_cash)
        self.set_html("scoreboard", readable.scoreboard_html(state, self.names, secret_cash=secret))
        self.set_html("round", views.esc(readable.round_text(state, self.lang)))
        title = readable.title_text(state, self.names)
        if self.panel_cache.get("title") != title:
            self.panel_cache["title"] = title
            js.document.title = title

    def cmd_rules(self, _arg: str | None) -> None:
        """The rules in short, for the board of the game (or of the new-game form)."""
        board = self.names.board if self.session is not None else core.load_board(str(_el("board").value or "europe"))
        _el("rules-body").innerHTML = rulehelp.all_help_html(board, self.lang)
        self.ui.dialog("rules", True)

    def cmd_panel(self, name: str | None) -> None:
        """A side tab was opened: it is drawn now (hidden tabs are not redrawn after every move)."""
        self.model.open_tab(name)
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
            svg = str(fn(state, lang=self.lang))
        except Exception:  # a drawing that fails must not stop the game
            js.console.error(traceback.format_exc())
            return ""
        self.drawings[name] = (key, svg)
        return svg

    def map_signature(self, state: Any) -> Any:
        """Everything the pieces layer shows; it is redrawn only when this changes."""
        return json.dumps([state.board, [[n["armies"], n["hostile"], n["fleets"], n["factories"], n["flags"]]
                                         for n in state.nations.values()]], sort_keys=True)

    def _choose(self, value: str, at: str | None) -> None:
        click = self.model.click(value, at, self.bots.computer_decides())
        if click.outcome == "dropped":  # drawn for another decision (a double click, a click made before a change)
            js.document.body.dataset.dropped = str(self.model.dropped)
        elif click.outcome == "illegal":
            self.message(self.w("page.m.not_legal", value=value), "info")
        elif click.outcome == "action":
            self.play(click.action)
        elif click.outcome == "partial":
            self.redraw()

    def play(self, action: Any) -> None:
        assert self.session is not None
        if self.check_game() != "intact":  # the click was aimed at a game changed from outside: not played
            return
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
        """The move is saved first, then the board is redrawn: a crash while drawing loses nothing."""
        if self.session is not None and (self.autosave or self.session.cur > 0):
            self.autosave = True
            self.save()
        self.redraw()

    def set_unsaved(self, flag: bool) -> None:
        """Whether this tab holds moves that are in no storage (the page then asks before it is closed)."""
        if flag != self.unsaved:
            self.unsaved = flag
            self.ui.setUnsaved(flag)

    # -- saves ----------------------------------------------------------------------------------------
    def check_game(self) -> str:
        """Before a move, a save or a link: the game must be what its own moves make (it may have been changed
        from the browser's console).  A changed game is rebuilt from its record, with a message.  Returns
        ``intact``, ``restored`` or ``broken`` (no game, or one that cannot be rebuilt)."""
        s = self.session
        if s is None:
            return "broken"
        if s.intact():
            return "intact"
        try:
            kept, dropped = s.restore()
        except core.BadToken:
            self.message(self.w("page.m.broken"))
            return "broken"
        self.model.forget_choices()
        self.replay = None
        self.map_key = None
        lost = self.w("page.m.dropped", n=dropped) if dropped else ""
        self.message(self.w("page.m.restored", k=s.cur, lost=lost), "info")
        self.redraw()
        return "restored"

    def fork(self, note: str) -> None:
        """This tab's game goes on under a new id (a copy), leaving the stored game to the other tab."""
        assert self.session is not None
        self.session.game_id = self.new_id()
        js.document.body.dataset.game = self.session.game_id
        self.note = note
        self.panel_cache.pop("decision", None)

    def save(self) -> bool:
        s = self.session
        if s is None or self.check_game() == "broken":
            return False
        key = SAVE_PREFIX + s.game_id
        stored = self.store.get(key)
        if stored is not None and stored != self.written.get(key) and not saves.may_overwrite(
                stored, saves.setup_of(s.present), s.moves()):
            # another tab wrote moves this game does not have: keep them, save this line of play as a copy
            self.fork(self.w("page.m.forked"))
            key = SAVE_PREFIX + s.game_id
        text = s.to_save()
        err = self.store.set(key, text)
        if err == OK:
            self.written[key] = text
            self.tabstore.set(CURRENT_KEY, s.game_id)
            self.tabstore.remove(PENDING_KEY)
            self.set_unsaved(self.store.off)
            if str(js.location.hash or "").startswith("#g="):  # saved now: a reload resumes the save
                js.history.replaceState(None, "", js.location.pathname)
            return True
        # the game stays in this page, and in this tab's own storage if it has room: a reload brings it back
        self.tabstore.set(PENDING_KEY, text)
        self.set_unsaved(True)
        export = {"cmd": "export", "label": self.w("page.m.export")}
        if err == QUOTA:
            self.message(self.w("page.m.full"), "error", [{"cmd": "free-space", "label": self.w("page.m.free")}, export])
        else:
            self.message(self.w("page.m.refused"), "error", [export])
        return False

    def save_rows(self) -> list[dict[str, Any]]:
        """Every stored game as a row of the list (read once per stored text, however often listed)."""
        rows = []
        keys = self.store.keys(SAVE_PREFIX)
        for key in keys:
            raw = self.store.get(key)
            sig = (len(raw), hash(raw)) if raw is not None else (-1, 0)
            cached = self.rows.get(key)
            if cached is None or cached[0] != sig:
                cached = (sig, saves.list_row(key, raw, SAVE_PREFIX, self.lang))
                self.rows[key] = cached
            rows.append(cached[1])
        for gone in set(self.rows) - set(keys):
            del self.rows[gone]
        return saves.sort_rows(rows)

    def refresh_saves(self) -> None:
        cur = self.session.game_id if self.session else ""
        html = views.saves_html(self.save_rows(), self.names.nations, cur, off=self.store.off, lang=self.lang)
        for eid in ("saves-list", "menu-saves"):
            _el(eid).innerHTML = html

    def read_session(self, text: Any, game_id: str | None) -> Session | str:
        """A save, file or link read into a game, or the reason (for people) why it cannot be."""
        try:
            return Session.from_save(text, game_id=game_id)
        except saves.Unreadable as exc:
            js.console.error(exc.details)
            return str(exc)
        except core.BadToken as exc:
            return tx.reason(self.lang, exc)
        except Exception:  # the engine read it, but the page could not follow it: say so, keep the rest
            js.console.error(traceback.format_exc())
            return self.w("page.m.unexpected")

    def open_session(self, session: Session, *, autosave: bool, note: str = "") -> None:
        self.model.open(session, note)
        self.map_cache.clear()
        self.autosave = autosave
        js.document.body.dataset.game = session.game_id
        self.ui.announce(json.dumps({"type": "open", "game": session.game_id, "tab": self.tab_id}))
        if autosave:  # saved before it is drawn
            self.save()
        else:
            self.set_unsaved(False)
        self.show_game()

    @staticmethod
    def new_id() -> str:
        return time.strftime("%Y%m%d-%H%M%S") + "-" + "".join(random.choices("abcdefghjkmnpqrstuvwxyz", k=4))

    # -- commands -------------------------------------------------------------------------------------
    def cmd_start(self, _arg: str | None) -> None:
        count = int(_el("player-count").value)
        try:
            names = form_names([str(_el(f"player-name-{i}").value) for i in range(1, count + 1)])
        except core.IllegalAction as exc:
            self.message(self.w("page.m.names", reason=tx.reason(self.lang, exc), rules=self.w("page.m.name_rules")),
                         "info")
            return
        seed_text = str(_el("seed").value).strip()
        try:
            seed = int(seed_text)
            if not 0 <= seed < 2**31:
                raise ValueError
        except ValueError:
            self.message(self.w("page.m.seed"), "info")
            return
        options = {
            "board": str(_el("board").value), "edition": str(_el("edition").value),
            "setup": str(_el("setup").value), "investor_card": bool(_el("investor-card").checked), "seed": seed,
            "increase_bonus": bool(_el("increase-bonus").checked),
            "secret_cash": bool(_el("secret-cash").checked),
        }
        try:
            session = Session.new(names, game_id=self.new_id(), **options)
        except core.IllegalAction as exc:
            self.message(self.w("page.m.cannot_start", reason=tx.reason(self.lang, exc)), "info")
            return
        session.extra["seats"] = self.bots.form_seats(count)
        self.ui.clearMessage()
        js.history.replaceState(None, "", js.location.pathname)
        self.open_session(session, autosave=True)

    def cmd_reseed(self, _arg: str | None) -> None:
        self.fill_seed()

    def cmd_undo(self, _arg: str | None) -> None:
        if self.model.undo():
            self.after_change()

    def cmd_redo(self, _arg: str | None) -> None:
        if self.model.redo():
            self.after_change()

    def cmd_cancel(self, _arg: str | None) -> None:
        if self.model.cancel():
            self.redraw()

    def cmd_home(self, _arg: str | None) -> None:
        self.replay = None
        js.document.title = "Imperial"
        self.panel_cache.pop("title", None)
        self.set_html("round", "")
        self.scores_open = False
        self.ui.scores(False)
        self.ui.menu(False)
        self.ui.prompt(False)
        self.tabstore.remove(CURRENT_KEY)
        js.history.replaceState(None, "", js.location.pathname)
        self.show_start()

    def cmd_resume(self, key: str | None) -> None:
        key = str(key or "")
        raw = self.store.get(key)
        if raw is None:
            self.message(self.w("page.m.gone"), "info")
            self.refresh_saves()
            return
        opened = self.read_session(raw, key[len(SAVE_PREFIX):])
        if not isinstance(opened, Session):
            self.message(self.w("page.m.cannot_open", reason=opened))
            return
        self.written[key] = raw
        self.ui.menu(False)
        self.ui.prompt(False)
        self.ui.clearMessage()
        js.history.replaceState(None, "", js.location.pathname)
        self.open_session(opened, autosave=True)

    def cmd_delete_save(self, key: str | None) -> None:
        if key and js.window.confirm(self.w("page.m.confirm_delete")):
            self.store.remove(key)
            self.refresh_saves()

    def cmd_download_raw(self, key: str | None) -> None:
        """What a key holds, byte for byte, to a file (a damaged save is never lost by accident)."""
        raw = self.store.get(str(key or ""))
        if raw is None:
            self.message(self.w("page.m.gone"), "info")
            self.refresh_saves()
            return
        self.ui.download(f"imperial-{file_part(str(key)[len(SAVE_PREFIX):])}-raw.txt", raw)

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
        self.ui.download(f"imperial-{file_part(str(key)[len(SAVE_PREFIX):])}.json", text)

    def cmd_export(self, _arg: str | None) -> None:
        if self.session is not None and self.check_game() != "broken":
            self.ui.download(f"imperial-{file_part(self.session.game_id)}.json", self.session.to_save())
            if self.store.off:
                self.set_unsaved(False)

    def charts_of(self, state: Any, *, narrow: bool = False) -> dict[str, str]:
        """The renderer's charts of ``state``'s game so far (kept while the game's record is the same);
        ``narrow`` for the side tab."""
        key = (state.board, state.origin, tuple(state.history))
        kept = self.chart_cache.get(narrow)
        if kept is None or kept[0] != key:
            kept = self.chart_cache[narrow] = (key, self.render.charts_svg(state, narrow=narrow, lang=self.lang))
        return kept[1]

    def cmd_download_chart(self, kind: str | None) -> None:
        """One chart of the game as shown, to an SVG file."""
        s = self.session
        charts = self.charts_of(self.viewed(), narrow=self.tab == "charts") if s is not None else {}
        if kind not in charts:
            self.message(self.w("page.m.no_chart"), "info")
            return
        k = self.model.step
        self.ui.download(f"imperial-{file_part(s.game_id)}-{kind}-move-{k}.svg", charts[kind], "image/svg+xml")

    def cmd_download_board(self, kind: str | None) -> None:
        """The board as shown (the replay's position in a replay) to an image file: ``svg`` as drawn by the
        renderer in one piece, ``png`` made from it by the browser."""
        s = self.session
        if s is None:
            self.message(self.w("page.m.open_first"), "info")
            return
        state = self.viewed()
        geo = self.render.load_geometry(state.board)
        svg = self.render.board_svg(state, size=(geo["width"], geo["height"]), lang=self.lang)
        k = self.model.step
        name = f"imperial-{file_part(s.game_id)}-move-{k}"
        if kind == "png":
            self.ui.downloadPng(name + ".png", svg)
        else:
            self.ui.download(name + ".svg", svg, "image/svg+xml")

    def cmd_import(self, text: str | None) -> None:
        """A file with a save (any format the engine reads), a link token or a link."""
        opened = self.read_session(text or "", self.new_id())
        if not isinstance(opened, Session):
            self.message(self.w("page.m.cannot_import", reason=opened))
            return
        self.ui.menu(False)
        self.ui.clearMessage()
        self.open_session(opened, autosave=True, note=self.w("page.m.imported"))
        self.refresh_saves()

    def cmd_import_failed(self, reason: str | None) -> None:
        """The browser could not read the chosen file at all."""
        self.message(self.w("page.m.unreadable_file", reason=str(reason or "")[:120]))

    def cmd_save(self, _arg: str | None) -> None:
        if self.session is not None:
            self.autosave = True
            if self.save():
                if self.store.off:
                    self.message(self.w("page.m.off_saved"), "info",
                                 [{"cmd": "export", "label": self.w("page.m.export")}])
                else:
                    self.message(self.w("page.m.saved"), "ok")

    def cmd_free_space(self, _arg: str | None) -> None:
        """The storage is full: offer the oldest saves (never this game, never a damaged one) for deletion."""
        s = self.session
        if s is None:
            return
        key = SAVE_PREFIX + s.game_id
        need = len(s.to_save()) + len(key) - len(self.store.get(key) or "")
        plan = saves.plan_room(self.save_rows(), key, need)
        if not plan:
            self.message(self.w("page.m.nothing_to_delete"), "error",
                         [{"cmd": "export", "label": self.w("page.m.export")}])
            return
        lang = self.lang
        lines = "\n".join(f"• {', '.join(r['players'])} · {tx.tn(lang, 'page.moves', r['moves'])} · "
                          f"{views._when(r['saved'], lang)}" for r in plan[:8])
        more = "\n" + self.w("page.m.and_more", n=len(plan) - 8) if len(plan) > 8 else ""
        if not js.window.confirm(tx.tn(lang, "page.m.delete_old", len(plan)) + f"\n\n{lines}{more}"):
            return
        for r in plan:
            self.store.remove(r["key"])
        if self.save():
            self.message(tx.tn(lang, "page.m.deleted_old", len(plan)), "ok")
        self.refresh_saves()

    def cmd_share(self, _arg: str | None) -> None:
        if self.session is None or self.check_game() == "broken":
            return
        try:
            token = core.encode(self.session.present)
        except Exception:
            js.console.error(traceback.format_exc())
            self.message(self.w("page.m.no_link"), "error", [{"cmd": "export", "label": self.w("page.m.export")}])
            return
        url = str(js.location.origin) + str(js.location.pathname) + "#g=" + token
        js.history.replaceState(None, "", "#g=" + token)
        self.ui.share(url, self.lang)
        if self.store.off:
            self.set_unsaved(False)

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

    # replay: view-only steps through the game (model.py)
    def _replay_to(self, k: int) -> None:
        self.model.replay_to(k)
        self.redraw()

    def cmd_replay(self, _arg: str | None) -> None:
        if self.session is not None:
            self._replay_to(self.model.step)

    def cmd_replay_first(self, _arg: str | None) -> None:
        self._replay_to(0)

    def cmd_replay_back(self, _arg: str | None) -> None:
        self.model.replay_by(-1)
        self.redraw()

    def cmd_replay_forward(self, _arg: str | None) -> None:
        self.model.replay_by(+1)
        self.redraw()

    def cmd_replay_last(self, _arg: str | None) -> None:
        if self.session is not None:
            self._replay_to(self.session.cur)

    def cmd_replay_to(self, arg: str | None) -> None:
        try:
            k = int(arg or 0)
        except ValueError:
            return
        self._replay_to(k)

    def cmd_replay_exit(self, _arg: str | None) -> None:
        self.model.replay_exit()
        self.redraw()

    # -- links and other tabs -------------------------------------------------------------------------
    def open_hash(self) -> None:
        h = str(js.location.hash or "")
        if not h.startswith("#g="):
            return
        opened = self.read_session(h, self.new_id())
        if not isinstance(opened, Session):
            self.message(self.w("page.m.bad_link", reason=opened))
            js.history.replaceState(None, "", js.location.pathname)
            if self.session is None:
                self.show_start()
            return
        self.ui.clearMessage()
        self.ui.menu(False)
        match = self.link_match(opened)
        self.open_session(opened, autosave=False,
                          note=self.w("page.m.from_link"))
        if match is not None:
            _el("prompt-body").innerHTML = views.link_prompt_html(match, self.lang)
            js.document.body.dataset.link = match.relation
            self.ui.prompt(True)

    def link_match(self, session: Session) -> saves.Match | None:
        """The saved game a link's game belongs to (same set-up), and how the two records relate."""
        facts = [f for f in (saves.facts_of(k, self.store.get(k)) for k in self.store.keys(SAVE_PREFIX)) if f]
        return saves.classify_link(saves.setup_of(session.present), session.moves(), facts)

    def cmd_link_new(self, _arg: str | None) -> None:
        """The link's game is kept as a save of its own."""
        self.ui.prompt(False)
        if self.session is not None:
            self.autosave = True
            if self.save():
                self.note = self.w("page.m.link_saved")
                self.redraw()
                self.refresh_saves()

    def cmd_link_continue(self, key: str | None) -> None:
        """The link continues a saved game: that save takes the link's moves (the player asked for it)."""
        self.ui.prompt(False)
        s = self.session
        key = str(key or "")
        stored = self.store.get(key)
        if s is None or stored is None or not saves.may_overwrite(stored, saves.setup_of(s.present), s.moves()):
            self.message(self.w("page.m.link_changed"), "info")
            return
        s.game_id = key[len(SAVE_PREFIX):]
        try:
            created = json.loads(stored).get("meta", {}).get("created")
            if type(created) in (int, float):
                s.created = float(created)
        except (ValueError, AttributeError):
            pass
        js.document.body.dataset.game = s.game_id
        self.written[key] = stored
        self.autosave = True
        if self.save():
            self.note = self.w("page.m.link_continued")
            self.redraw()
            self.refresh_saves()

    def on_storage(self, event: Any) -> None:
        """Another tab changed the saves: keep the list fresh.  When it wrote moves this game does not have,
        this tab goes on as a copy and says so; the other tab's moves stay where they are."""
        key = event.key if isinstance(event.key, str) else None  # JS null arrives as jsnull
        new = event.newValue if isinstance(event.newValue, str) else None
        s = self.session
        ours = s is not None and key is not None and key == SAVE_PREFIX + s.game_id
        if s is not None and key is not None and ours and new is not None and new != self.written.get(key):
            if saves.may_overwrite(new, saves.setup_of(s.present), s.moves()):
                self.written[key] = new  # the same game, not further than here: nothing to keep apart
            else:
                self.fork(self.w("page.m.forked"))
                self.message(self.w("page.m.other_tab"), "info",
                             [{"cmd": "resume", "arg": key, "label": self.w("page.m.other_version")}])
                self.redraw()
        self.refresh_saves()

    def cmd_peer(self, text: str | None) -> None:
        """A message from another tab of this page (BroadcastChannel): who has which game open."""
        try:
            msg = json.loads(text or "")
            kind, game, tab = str(msg["type"]), str(msg["game"]), str(msg["tab"])
        except (ValueError, KeyError, TypeError):
            return
        s = self.session
        if tab == self.tab_id or s is None or game != s.game_id:
            return
        if kind == "open":  # another tab opened our game: tell it, and say so here
            self.ui.announce(json.dumps({"type": "here", "game": game, "tab": self.tab_id}))
        if kind in ("open", "here") and self.note not in (self.w("page.m.shared"), self.w("page.m.forked")):
            self.note = self.w("page.m.shared")
            js.document.body.dataset.shared = "1"
            self.redraw()


def file_part(text: str) -> str:
    """A piece of a file name made from a save's id (which may hold anything)."""
    out = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in text)[:60]
    return out or "game"
