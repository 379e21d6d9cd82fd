"""The panels of the game screen as views of the page model: the decision, the scoreboard, the round and the
tab's title, the side tabs (nations, players, log, charts), the toolbar and the score screen.

Each panel is a function of its inputs, written through ``Dom.view``: made again only when those inputs
changed (a click that selects a unit redraws the decision and nothing else), and hidden tabs are not drawn
at all until opened.  The polite live region says each move for screen readers.  The board's and charts'
downloads take what is shown here.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable
from typing import Any

import imperial_core as core
import js

from . import a11y, bylink, readable, views
from .choices import Chooser
from .commands import Handler
from .dom import Dom, Same
from .model import PageModel
from .storage import file_part

#: What each panel drawing shows (it is redrawn only when that changes).
DRAWN: dict[str, Callable[[Any], Any]] = {
    "rondel_svg": lambda st: [st.active_nation, [n["rondel"] for n in st.nations.values()]],
    "tracks_svg": lambda st: [[n["power"], n["tax"]] for n in st.nations.values()],
}


class GameScreen:
    def __init__(self, dom: Dom, model: PageModel, render: Any) -> None:
        self.dom = dom
        self.model = model
        self.render = render
        #: the Players tab's seat controls (``botbar.BotBar.seats_html`` once the computer players are wired)
        self.seats_html: Callable[[], str] = lambda: ""
        #: a game by link: the send step, "since you played", whom the game waits for (``links.Links.panel_html``)
        self.link_panel: Callable[..., str] = lambda _state, only_send=False: ""
        self.drawings: dict[str, tuple[Any, str]] = {}
        self.charts: dict[bool, tuple[tuple, dict[str, str]]] = {}
        self._announced: tuple[str, int] | None = None  # the move the live region said last
        self._resay = False  # the language changed: the live region says its move again in the new one

    def commands(self) -> dict[str, Handler]:
        return {"download-chart": self.cmd_download_chart, "download-board": self.cmd_download_board}

    def forget(self) -> None:
        """Everything is drawn again (the page's language changed)."""
        self.drawings.clear()
        self.charts.clear()
        self._resay = True

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, state: Any, chooser: Chooser | None, at: str, prof: dict[str, float]) -> None:
        m, dom = self.model, self.dom
        s = m.session
        assert s is not None
        clock = time.perf_counter
        t = clock()
        lang = m.lang
        replay = (m.replay, s.cur) if m.replay is not None else None
        rondel = self.drawing("rondel_svg", state) if chooser is not None and state.decision == "rondel" else ""
        last = m.last_entry()
        self.announce_move(s.cur, s.entries[s.cur - 1] if s.cur > 0 else None)
        greyed = m.greyed if chooser is not None else ""
        note = m.w(m.note) if m.note else ""
        target = m.target
        better = m.review_note[1] if m.review_note is not None and m.review_note[0] == m.replay else ""
        top = self.link_panel(state) if replay is None else ""
        news = readable.government_news(s.events, s.entries, s.cur, state.current_player, m.names) \
            if replay is None else ""
        dom.view("decision", (Same(state), at, replay, note, lang, last, greyed, rondel, target, better, top, news),
                 lambda: views.decision_html(state, chooser, m.names, replay=replay, note=note, rondel=rondel,
                                             last=last, at=at, greyed=greyed, target=target, better=better,
                                             top=top, news=news))
        secret = s.secret_cash
        dom.view("scoreboard", (views.scoreboard_inputs(state), secret, lang),
                 lambda: readable.scoreboard_html(state, m.names, secret_cash=secret))
        dom.view("round", (Same(state), lang), lambda: views.esc(readable.round_text(state, lang)))
        dom.once("title", (Same(state), lang), lambda: dom.title(readable.title_text(state, m.names)))
        prof["decision"] = clock() - t
        t = clock()
        self.draw_tab(state, rondel)
        prof["tabs"] = clock() - t
        toolbar = m.toolbar()
        dom.once("toolbar", tuple(toolbar.items()), lambda: dom.ui.toolbar(json.dumps(toolbar)))
        if m.showing_scores():
            send = self.link_panel(s.present, only_send=True)  # a game by link: the end goes to the others
            dom.view("scores-body", (Same(s.present), lang, send),
                     lambda: send + views.scores_html(s.present, m.names, core.score_breakdown(s.present),
                                               core.ranking(s.present))
                     + views.charts_html(self.charts_of(s.present), where="scores", lang=lang))
        showing = m.showing_scores()
        dom.once("scores", showing, lambda: dom.ui.scores(showing))
        dom.data(moves=s.cur, phase=state.decision)

    def draw_tab(self, state: Any, rondel: str) -> None:
        """The open side tab (the others are drawn when opened)."""
        m, dom = self.model, self.dom
        s = m.session
        assert s is not None
        lang = m.lang
        dom.forget(*(tab for tab in ("nations", "players", "log", "charts") if tab != m.tab))
        if m.tab == "nations":
            # the rondel is drawn once: in the decision while a space is chosen, else here
            dom.parts("nations", ('<div class="nations">', "</div>"), self.nations_parts(state, bool(rondel)))
        elif m.tab == "players":
            seats = bylink.mine_html(m.seating(), m.names) + self.seats_html()
            dom.view("players", (Same(state), lang, s.secret_cash, seats),
                     lambda: views.players_html(state, m.names, secret_cash=s.secret_cash) + seats)
        elif m.tab == "log":
            dom.view("log", (tuple(s.entries[:s.cur]), m.step, m.log_only, m.log_all, lang),
                     lambda: readable.log_filter_html(state, m.names, m.log_only)
                     + views.log_html(m.log_entries(), m.names, current=m.step, recent=None if m.log_all else 120))
        elif m.tab == "charts":
            dom.view("charts", (Same(state), lang),
                     lambda: views.charts_html(self.charts_of(state, narrow=True), lang=lang))

    def nations_parts(self, state: Any, rondel_shown: bool) -> list[tuple[Any, Callable[[], str]]]:
        """The Nations tab in parts, each drawn again only when what it shows changed: the tracks as text,
        the rondel (empty while the decision shows it), the tracks' drawing (made only while open), a card per
        nation."""
        names, lang = self.model.names, self.model.lang
        tracks = [(n["power"], n["tax"], n["treasury"], views.free_bonds(n)) for n in state.nations.values()]
        out: list[tuple[Any, Callable[[], str]]] = [
            (("tracks", lang, tuple(tracks)), lambda: readable.tracks_html(state, names, views.tax_label))]
        # while the decision shows the rondel its place here stays, empty (the other parts stay as they are)
        out.append((("rondel", lang, None if rondel_shown else json.dumps(DRAWN["rondel_svg"](state))),
                    lambda: '<div class="rondel-svg small" hidden></div>' if rondel_shown
                    else f'<div class="rondel-svg small">{self.drawing("rondel_svg", state)}</div>'))
        shown = self.model.tracks_open  # the drawing is made only while its <details> is open
        out.append((("tracks_svg", lang, shown and json.dumps(DRAWN["tracks_svg"](state))),
                    lambda: f'<details class="tracks-drawing"{" open" * shown}><summary>'
                            f'{self.model.w("page.tracks_drawing")}</summary>'
                            f'<div class="tracks-svg">{self.drawing("tracks_svg", state) if shown else ""}</div>'
                            '</details>'))
        for nid in state.nations:
            out.append(((nid, lang, views.nation_inputs(state, nid)),
                        lambda nid=nid: views.nation_html(state, nid, names)))
        return out

    def announce_move(self, k: int, entry: Any) -> None:
        """The polite live region (``#announcer``) says the sentence of each move made (by a person or a
        computer); an undo or a game just opened says nothing; after a change of language the move it said
        is said again in the new language."""
        s = self.model.session
        key = (s.game_id if s is not None else "", k)
        resay, self._resay = self._resay, False
        if self._announced is None:
            self._announced = key  # a game just shown: its last move is in the decision, not news
            return
        if key == self._announced:
            box = self.dom.el("announcer")
            if resay and entry is not None and box and box.textContent:
                box.textContent = a11y.moved(k, entry.text, self.model.lang)
            return
        was = self._announced
        self._announced = key
        if entry is None or key[0] != was[0] or k <= was[1]:
            return
        box = self.dom.el("announcer")
        if box:
            box.textContent = a11y.moved(k, entry.text, self.model.lang)

    def drawing(self, name: str, state: Any) -> str:
        """One of the renderer's panel drawings (rondel, tracks), or nothing if this renderer has none."""
        fn = getattr(self.render, name, None)
        if fn is None:
            return ""
        key = json.dumps(DRAWN[name](state)) if name in DRAWN else None
        cached = self.drawings.get(name)
        if key is not None and cached is not None and cached[0] == key:
            return cached[1]
        try:
            svg = str(fn(state, lang=self.model.lang))
        except Exception:  # a drawing that fails must not stop the game
            js.console.error(traceback.format_exc())
            return ""
        self.drawings[name] = (key, svg)
        return svg

    def charts_of(self, state: Any, *, narrow: bool = False) -> dict[str, str]:
        """The renderer's charts of ``state``'s game so far (kept while the game's record is the same);
        ``narrow`` for the side tab."""
        key = (state.board, state.origin, tuple(state.history))
        kept = self.charts.get(narrow)
        if kept is None or kept[0] != key:
            s, k = self.model.session, len(state.history)
            # the session's own replay of the record, when ``state`` is one of its states
            replay = list(zip(s.states[1:k + 1], s.events[:k], strict=True)) \
                if s is not None and k < len(s.states) and s.states[k] is state else None
            kept = self.charts[narrow] = (key, self.render.charts_svg(state, narrow=narrow, lang=self.model.lang,
                                                                      replay=replay))
        return kept[1]

    # -- downloads of what is shown -------------------------------------------------------------------
    def cmd_download_chart(self, kind: str | None) -> None:
        """One chart of the game as shown, to an SVG file."""
        m = self.model
        s = m.session
        charts = self.charts_of(m.viewed(), narrow=m.tab == "charts") if s is not None else {}
        if s is None or kind not in charts:
            self.dom.message(m.w("page.m.no_chart"), "info")
            return
        self.dom.ui.download(f"imperial-{file_part(s.game_id)}-{kind}-move-{m.step}.svg", charts[kind],
                             "image/svg+xml")

    def cmd_download_board(self, kind: str | None) -> None:
        """The board as shown (the replay's position in a replay) to an image file: ``svg`` as drawn by the
        renderer in one piece, ``png`` made from it by the browser."""
        m = self.model
        s = m.session
        if s is None:
            self.dom.message(m.w("page.m.open_first"), "info")
            return
        state = m.viewed()
        geo = self.render.load_geometry(state.board)
        svg = self.render.board_svg(state, size=(geo["width"], geo["height"]), lang=m.lang)
        name = f"imperial-{file_part(s.game_id)}-move-{m.step}"
        if kind == "png":
            self.dom.ui.downloadPng(name + ".png", svg)
        else:
            self.dom.ui.download(name + ".svg", svg, "image/svg+xml")
