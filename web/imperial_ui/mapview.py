"""The board on the game screen, in layers: the static drawing (put in once per board), the pieces layer
(swapped only when what stands on the board changed) and, above both, the highlight overlay (the regions that
may be chosen, the selected unit, where the last move happened, a computer's move, the hint).  A click that
changes only highlights changes only the overlay.  The renderer draws every layer (``static_svg``,
``pieces_svg``, ``overlay_svg``, ``highlights_svg``); this part only decides when each is drawn again, and
names every region for screen readers with what stands on it.

It also tells the page's view of the board (``mapzoom.js``) where to look, in the drawing's own units (the
renderer's ``content_box``, ``focus_box``, ``home_regions``): the part of the board that holds something to read, once per board, and with
every change of the choices the part the decision is about (the regions that may be clicked and the selected
unit, else the home of the nation whose turn it is), which the page brings into view.
"""

from __future__ import annotations

import json
import time
from typing import Any

from . import a11y
from .choices import Chooser
from .dom import Dom
from .model import PageModel

#: How many pieces layers are kept for undo, redo and replay.
KEPT_LAYERS = 24


class MapView:
    def __init__(self, dom: Dom, model: PageModel, render: Any) -> None:
        self.dom = dom
        self.model = model
        self.render = render
        self.board: str | None = None  # the board whose static drawing is in #map
        self.fresh = True  # the board opens anew (its view chosen again) the next time it is put in
        self.shown: Any = None  # the signature of the pieces layer on screen
        self.statics: dict[str, str] = {}  # board -> its static drawing
        self.layers: dict[str, str] = {}  # signature -> pieces layer (the latest, for undo, redo and replay)
        self._labels: tuple[Any, dict[str, str]] = (None, {})  # (pieces shown, language) -> region labels
        self._signed: tuple[Any, str] = (None, "")  # the last state signed, and its signature

    def forget(self) -> None:
        """Everything is drawn again (the page's language changed); the board's view stays as it is."""
        self.statics.clear()
        self.layers.clear()
        self.board = None
        self.shown = None

    def forget_static(self) -> None:
        """The static drawing is put in again and the board opens anew (the game screen was shown anew)."""
        self.board = None
        self.shown = None
        self.fresh = True

    def forget_pieces(self) -> None:
        """Another game, or a game rebuilt from its record: the pieces layer is drawn again."""
        self.layers.clear()
        self.shown = None

    def draw(self, state: Any, chooser: Chooser | None, at: str, prof: dict[str, float]) -> None:
        clock = time.perf_counter
        t = clock()
        self.draw_static(state.board)
        self.draw_pieces(state)
        prof["map"] = clock() - t
        t = clock()
        self.draw_highlights(state, chooser, at)
        prof["highlight"] = clock() - t

    def draw_static(self, board: str) -> None:
        if board == self.board:
            return
        static = self.statics.get(board)
        if static is None:
            # the static board, and over it the highlight overlay
            static = self.statics[board] = (self.render.static_svg(board, lang=self.model.lang)
                                            + self.render.overlay_svg(board, lang=self.model.lang))
        self.dom.el("map").innerHTML = static
        x0, y0, x1, y1 = self.render.content_box(board)
        label = self.render.load_geometry(board)["label_size"]
        self.dom.ui.mapChanged("map", json.dumps({"content": [x0, y0, x1, y1], "label": label, "fresh": self.fresh}))
        self.fresh = False
        self.dom.forget("highlights")  # a new overlay: its highlights are drawn again
        self.board = board
        self.shown = None

    def signature(self, state: Any) -> str:
        """Everything the pieces layer shows; it is redrawn only when this changes (states are never changed in
        place: the same state has the same signature)."""
        if self._signed[0] is not state:
            self._signed = (state, json.dumps([state.board, [[n["armies"], n["hostile"], n["fleets"], n["factories"],
                                                              n["flags"]] for n in state.nations.values()]],
                                              sort_keys=True))
        return self._signed[1]

    def draw_pieces(self, state: Any) -> None:
        """Only the pieces layer is swapped (``ui.setPieces`` replaces just the changed pieces)."""
        key = self.signature(state)
        if key == self.shown:
            return
        layer = self.layers.pop(key, None) or self.render.pieces_svg(state, lang=self.model.lang)
        self.layers[key] = layer
        while len(self.layers) > KEPT_LAYERS:
            self.layers.pop(next(iter(self.layers)))
        self.dom.ui.setPieces("map", layer)
        self.shown = key

    def draw_highlights(self, state: Any, chooser: Chooser | None, at: str) -> None:
        """The overlay's highlights: regions that may be clicked now, the selected unit, and where the last move
        happened (outlined for the next player).  For screen readers every region is named with what stands on
        it (sent again only when the pieces or the language change); a region that may be chosen is a button in
        the overlay, named by its choice first, focusable and chosen with Enter or Space."""
        regions: dict[str, str] = {}
        selected: list[str] = []
        if chooser is not None:
            regions = {t.value: t.label for t in chooser.next_tokens() if t.kind == "region"}
            selected = [t.value for t in chooser.selected() if t.kind == "region"]
        lang = self.model.lang
        if self._labels[0] != (self.shown, lang):
            self._labels = ((self.shown, lang), a11y.region_labels(state, lang))
            self.dom.ui.labelRegions(json.dumps(self._labels[1]))
        named = a11y.with_choices(self._labels[1], regions, lang)
        choices = {rid: named.get(rid, label) for rid, label in regions.items()}
        recent = self.model.recent_regions()
        about = [*choices, *selected]
        if not about and chooser is not None and state.active_nation:
            about = list(self.render.home_regions(state.board, state.active_nation))

        target = self.model.target if self.model.target in choices else ""
        marks = {"tutorial": target} if target else {}  # the tutorial's target, outlined more strongly

        def draw() -> None:
            self.dom.ui.highlight(self.render.highlights_svg(state.board, choices=choices, selected=selected,
                                                             recent=recent, at=at, lang=lang, **marks))
            self.focus(state.board, about)

        self.dom.once("highlights", (state.board, tuple(choices.items()), tuple(selected), tuple(recent), at, lang,
                                     target), draw)

    def focus(self, board: str, regions: list[str]) -> None:
        """The part of the board ``regions`` take up, for the page to bring into view (none: nothing to show)."""
        box = self.render.focus_box(board, regions) if regions else None
        self.dom.ui.focus(json.dumps(None if box is None else [round(v, 1) for v in box]))

    def mark(self, kind: str, regions: list[str], ms: float = 0) -> None:
        """A computer's move (``botmove``, for ``ms`` milliseconds) or the hint (``hinted``) outlined in the
        overlay; no regions: that outline goes."""
        board = self.board or (self.model.session.present.board if self.model.session else None)
        if board is not None:
            self.dom.ui.highlight(self.render.highlights_svg(board, **{kind: regions}), ms)
            if kind == "hinted" and regions:  # the hint is brought into view; a computer's move is not followed
                self.focus(board, regions)
