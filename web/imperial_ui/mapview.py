"""The board on the game screen, in layers: the static drawing (put in once per board), the pieces layer
(swapped only when what stands on the board changed) and the highlights (the regions that may be chosen,
the selected unit, where the last move happened).  The renderer draws every layer; this part only decides
when each is drawn again, and names every region for screen readers with what stands on it.
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
        self.shown: Any = None  # the signature of the pieces layer on screen
        self.statics: dict[str, str] = {}  # board -> its static drawing
        self.layers: dict[str, str] = {}  # signature -> pieces layer (the latest, for undo, redo and replay)
        self._labels: tuple[Any, dict[str, str]] = (None, {})  # (pieces shown, language) -> region labels
        self._signed: tuple[Any, str] = (None, "")  # the last state signed, and its signature

    def forget(self) -> None:
        """Everything is drawn again (the page's language changed)."""
        self.statics.clear()
        self.layers.clear()
        self.forget_static()

    def forget_static(self) -> None:
        """The static drawing is put in again (the game screen was shown anew)."""
        self.board = None
        self.shown = None

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
            static = self.statics[board] = self.render.static_svg(board, lang=self.model.lang)
        self.dom.el("map").innerHTML = static
        self.dom.ui.mapChanged("map")
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
        """The highlights, by the renderer's rules (region_marks): regions that may be clicked now, the selected
        unit, and where the last move happened (outlined for the next player).  For screen readers every
        region is named with what stands on it (a choice by its choice first); the regions that may be chosen
        are focusable and chosen with Enter or Space, like buttons."""
        regions: dict[str, str] = {}
        selected: list[str] = []
        if chooser is not None:
            regions = {t.value: t.label for t in chooser.next_tokens() if t.kind == "region"}
            selected = [t.value for t in chooser.selected() if t.kind == "region"]
        marks = self.render.region_marks(regions, selected, self.model.recent_regions(), at)
        # what stands where changes only with the pieces layer: the labels are made again only then
        lang = self.model.lang
        if self._labels[0] != (self.shown, lang):
            self._labels = ((self.shown, lang), a11y.region_labels(state, lang))
        for rid, text in a11y.with_choices(self._labels[1], regions, lang).items():
            mark = marks.setdefault(rid, {})
            mark["aria-label"] = text
            mark.setdefault("role", "img")
        self.dom.ui.highlight(json.dumps({"marks": marks, "at": at, "choices": len(regions)}))
