"""The page's DOM as the Python parts see it: every write to the game's panels goes through :class:`Dom`.

``Dom.view`` draws a region of the page (the decision, the scoreboard, a side tab, …) from its inputs: the
region's HTML is made and written only when the inputs changed, so a click that changes one panel costs
that panel alone.  ``Same`` marks an input that counts by identity (a state, the same object: nothing in
it changed).  Messages, the body's ``data-*`` facts for tests and styles, the title and the JavaScript side
(``window.imperialUI``, ``ui.js``) are reached here too.

Work the next frame does not show (the save, the browser tab's title) is put off until that frame is painted
(``Dom.after_frame``): a click's frame holds only the changes the player sees.  ``Dom.run_later`` does what
is put off at once: before the page handles anything else, and when the page is hidden or closed.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Hashable
from typing import Any

import js


class Same:
    """An input compared by identity: the engine's states are never changed in place, so the same object
    means the same position (and comparing two states field by field would cost more than drawing)."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


class Dom:
    """Writes to the page, each element's HTML remembered so that an unchanged panel is not written again."""

    def __init__(self) -> None:
        self.ui = js.window.imperialUI
        self._html: dict[str, str] = {}  # element id -> the HTML last written there
        self._inputs: dict[str, Hashable] = {}  # element id -> the inputs that HTML was made from
        self._calls: dict[str, Hashable] = {}  # a call into the page -> the inputs it was last made with
        self._data: dict[str, str] = {}  # <body data-…> as last set
        #: element id -> (its shell and number of parts, each part's inputs, each part's HTML) (``parts``)
        self._parts: dict[str, tuple[Hashable, list[Hashable], list[str]]] = {}
        self._title = ""  # the browser tab's title, as last asked for
        self._later: list[Callable[[], Any]] = []  # what waits for the next frame to be painted
        #: what the page calls once the next frame is painted (``App`` wires it to ``run_later``); ``None``:
        #: nothing waits, the work is done at once
        self.frame_done: Any = None

    @staticmethod
    def el(eid: str) -> Any:
        return js.document.getElementById(eid)

    def write(self, eid: str, html: str) -> None:
        """Element ``eid`` made to hold ``html``, unless it holds exactly that already (``ui.js`` changes only the
        nodes that differ: what stayed the same keeps its layout)."""
        if self._html.get(eid) != html:
            self._html[eid] = html
            self.ui.setHTML(eid, html)

    def view(self, eid: str, inputs: Hashable, make: Callable[[], str]) -> None:
        """Element ``eid`` drawn by ``make()`` from ``inputs``: made and written only when they changed."""
        if eid in self._html and self._inputs.get(eid, self) == inputs:
            return
        self.write(eid, make())
        self._inputs[eid] = inputs

    def parts(self, eid: str, shell: tuple[str, str], parts: list[tuple[Hashable, Callable[[], str]]]) -> None:
        """Element ``eid`` holding ``shell[0]``, the parts, ``shell[1]``: one element that holds exactly the
        parts, each part one element drawn by its ``make()`` from its inputs.  Only the parts whose inputs
        changed are made, and only those that then differ are put in (the others, and whatever the browser
        has laid out for them, stay); another shell or number of parts draws the whole element again."""
        kept = self._parts.get(eid)
        if kept is None or kept[0] != (shell, len(parts)) or eid not in self._html:
            htmls = [make() for _inputs, make in parts]
            self.write(eid, shell[0] + "".join(htmls) + shell[1])
            self._parts[eid] = ((shell, len(parts)), [inputs for inputs, _make in parts], htmls)
            self._inputs.pop(eid, None)
            return
        _shape, inputs_now, htmls = kept
        for i, (inputs, make) in enumerate(parts):
            if inputs_now[i] == inputs:
                continue
            inputs_now[i] = inputs
            html = make()
            if html != htmls[i]:
                htmls[i] = html
                self.ui.setPart(eid, i, html)
                self._html[eid] = "\x00parts"  # no longer one string written at once: ``write`` writes it all

    def once(self, name: str, inputs: Hashable, act: Callable[[], Any]) -> None:
        """``act()``, a call into the page (``ui.js``), made only when its ``inputs`` changed since the last."""
        if self._calls.get(name, self) != inputs:
            act()
            self._calls[name] = inputs

    def forget(self, *names: str) -> None:
        """These elements (or calls, ``once``) are drawn again in full next time (hidden, or changed from
        outside)."""
        for name in names:
            self._html.pop(name, None)
            self._inputs.pop(name, None)
            self._calls.pop(name, None)
            self._parts.pop(name, None)

    def forget_all(self) -> None:
        self._html.clear()
        self._inputs.clear()
        self._calls.clear()
        self._parts.clear()

    def title(self, text: str) -> None:
        """The browser tab's title (set after the frame: it is not painted in the page)."""
        if self._title != text:
            self._title = text
            self.after_frame(self._put_title)

    def _put_title(self) -> None:
        js.document.title = self._title

    # -- after the frame ------------------------------------------------------------------------------
    def after_frame(self, job: Callable[[], Any]) -> None:
        """``job()`` once the next frame is painted (``ui.afterFrame``), once however often it is asked for
        before then; in the order first asked."""
        if self.frame_done is None:
            job()
            return
        if job in self._later:
            return
        self._later.append(job)
        if len(self._later) == 1:
            self.ui.afterFrame(self.frame_done)

    def run_later(self, said: Callable[[], str]) -> None:
        """Everything put off until after the frame, done now; a job that fails is said on the page (as
        ``guarded``) and the others are done all the same."""
        jobs, self._later = self._later, []
        for job in jobs:
            self.guarded(said, job)

    def data(self, **facts: Any) -> None:
        """``<body data-…>`` facts (what the page shows, for styles and tests), set when they changed."""
        body = js.document.body.dataset
        for name, value in facts.items():
            if self._data.get(name) != str(value):
                self._data[name] = str(value)
                setattr(body, name, str(value))

    @staticmethod
    def screen() -> str:
        """The screen shown: ``start`` or ``game`` (``""`` before the first)."""
        return str(getattr(js.document.body.dataset, "screen", "") or "")

    def message(self, text: str, kind: str = "error", actions: list[dict[str, str]] | None = None) -> None:
        """A message for the player in the page's message box (``data-testid=error``); ``actions``: buttons
        (``cmd``, ``label``, optional ``arg``) that run page commands."""
        self.ui.message(text, kind, json.dumps(actions or []))

    def clear_message(self) -> None:
        self.ui.clearMessage()

    def guarded(self, said: Callable[[], str], fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)``; a failure is said on the page (``said()``), its details go to the console, and the
        page goes on: a click never breaks the page and never loses the game."""
        try:
            return fn(*args)
        except Exception:
            js.console.error(traceback.format_exc())
            self.message(said())
            return None
