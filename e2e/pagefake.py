"""The game page's Python (``web/imperial_ui/app.py``) in plain CPython: a stand-in for the few browser objects
it touches (``js``, ``pyodide.ffi``), so that the page's decisions — storage, saves, links, clicks, other tabs —
can be tested by the thousand without a browser.

``FakePage`` holds one page: its elements (by id), its storage areas, the location, the messages shown, the
files downloaded, the dialogs.  ``new_app(page)`` builds an ``App`` on it (with a stub renderer unless a real
one is given).  The stand-in is strict where the page could go wrong in a browser: storage may throw on
access or on writes, and ``confirm`` answers what the test says.
"""

from __future__ import annotations

import html
import json
import sys
import types
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SVGNS = "http://www.w3.org/2000/svg"
sys.path.insert(0, str(ROOT / "web"))


class JsError(Exception):
    """A JavaScript exception as Pyodide raises it (``name`` is the JS error's name)."""

    def __init__(self, name: str, message: str = "") -> None:
        super().__init__(f"{name}: {message}")
        self.name = name


class Data:
    """``element.dataset``: a missing attribute reads as ``None`` (JS ``undefined``)."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return None


class Element:
    def __init__(self, eid: str, value: str = "", checked: bool = False) -> None:
        self.id = eid
        self.writes = 0  # how often its HTML was written
        self._html = ""
        self.textContent = ""
        self.value = value
        self.checked = checked
        self.hidden = False
        self.dataset = Data()
        self.focused = 0

    def focus(self) -> None:
        self.focused += 1

    @property
    def innerHTML(self) -> str:  # noqa: N802 - the browser's name
        return self._html

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:  # noqa: N802
        self.writes += 1
        self._html = str(html)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def part_spans(markup: str) -> list[tuple[int, int]]:
    """Where each child element of ``markup``'s first element starts and ends (offsets into ``markup``)."""
    lines = [0]
    for line in markup.splitlines(keepends=True):
        lines.append(lines[-1] + len(line))
    spans: list[tuple[int, int]] = []

    class Scan(HTMLParser):
        depth = 0

        def at(self) -> int:
            row, col = self.getpos()
            return lines[row - 1] + col

        def handle_starttag(self, tag: str, attrs: Any) -> None:
            if self.depth == 1:
                spans.append((self.at(), -1))
            if tag not in VOID:
                self.depth += 1
            elif self.depth == 1:
                spans[-1] = (spans[-1][0], self.at() + len(self.get_starttag_text() or ""))

        def handle_startendtag(self, tag: str, attrs: Any) -> None:
            if self.depth == 1:
                spans.append((self.at(), self.at() + len(self.get_starttag_text() or "")))

        def handle_endtag(self, tag: str) -> None:
            self.depth -= 1
            if self.depth == 1:
                end = markup.index(">", self.at()) + 1
                spans[-1] = (spans[-1][0], end)

    Scan(convert_charrefs=True).feed(markup)
    return spans


class JsNull:
    """JavaScript ``null`` as Pyodide hands it to Python: not ``None``, falsy, and printed as ``jsnull``."""

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return "jsnull"


jsnull = JsNull()


class Storage:
    """``localStorage``/``sessionStorage``: ``quota`` in characters (keys and values), ``fail`` makes every write
    throw that JS error name."""

    def __init__(self, quota: int = 5_000_000) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota
        self.fail = ""

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, i: int) -> str | JsNull:
        keys = list(self.data)
        return keys[i] if 0 <= i < len(keys) else jsnull

    def getItem(self, key: str) -> str | JsNull:  # noqa: N802 - the browser's names
        return self.data.get(str(key), jsnull)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.fail:
            raise JsError(self.fail, "Failed to execute 'setItem' on 'Storage'")
        key, value = str(key), str(value)
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            raise JsError("QuotaExceededError", f"Setting the value of '{key}' exceeded the quota.")
        self.data[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(str(key), None)

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())


class UI:
    """``window.imperialUI``: records what the page asked of it."""

    def __init__(self, page: FakePage) -> None:
        self.page = page
        self.messages: list[tuple[str, str, list[dict[str, str]]]] = []
        self.message_box: tuple[str, str, list[dict[str, str]]] | None = None
        self.banner_text = ""
        self.screen_name = ""
        self.menu_open = False
        self.prompt_open = False
        self.downloads: list[tuple[str, str]] = []
        self.shared: list[str] = []
        self.turns_shared: list[tuple[str, str, str]] = []  # the send step's Share: title, text, link
        self.turns_copied: list[str] = []  # the send step's Copy
        self.highlights: list[str] = []  # every highlights_svg drawn (ui.js highlight)
        self.overlay: dict[str, ET.Element] = {}  # kind of highlight -> its group as the overlay shows it
        self.cleared_after: dict[str, float] = {}  # kind -> the ms after which ui.js empties its group
        self.region_labels: dict[str, str] = {}  # region id -> its label for screen readers (labelRegions)
        self.announced: list[str] = []
        self.unsaved = False
        self.profile = ""
        self.fail_highlight = 0  # the next N highlight() calls throw (a crash while drawing)
        self.pieces: dict[str, str] = {}  # map container id -> the pieces layer last set there
        self.parts: list[tuple[str, int]] = []  # every part put in (setPart): element id, index
        self.statics = 0  # how often a static board was put in #map
        self.views: list[dict[str, Any]] = []  # what the board's view was told with each board put in #map
        self.focused: list[list[float] | None] = []  # every focus box sent (mapzoom.js focus)
        self.lang = ""  # the language the page last set (lang.js set())
        self.invalid: list[str] = []  # the new-game form's fields marked aria-invalid (markInvalid)
        self.revealed = 0  # how often the tutorial's marked choice was brought into view (revealTarget)
        #: what waits for the next frame (afterFrame); the stand-in paints at once unless ``page.hold_frames``
        self.after_frame: list[Callable[[], Any]] = []

    def afterFrame(self, fn: Callable[[], Any]) -> None:  # noqa: N802
        if self.page.hold_frames:
            self.after_frame.append(fn)
        else:
            fn()

    def message(self, text: str, kind: str = "error", actions: str = "[]") -> None:
        entry = (str(text), str(kind), json.loads(actions or "[]"))
        self.messages.append(entry)
        self.message_box = entry

    def clearMessage(self) -> None:  # noqa: N802
        self.message_box = None

    def banner(self, text: str) -> None:
        self.banner_text = str(text)

    def screen(self, name: str) -> None:
        self.screen_name = name
        self.page.document.body.dataset.screen = name

    def toolbar(self, _json: str) -> None:
        pass

    def scores(self, _show: bool) -> None:
        pass

    def reviewBox(self, show: bool, scroll: bool = False) -> None:  # noqa: N802
        self.review_shown = bool(show)

    def menu(self, open_: bool) -> None:
        self.menu_open = bool(open_)

    def prompt(self, open_: bool) -> None:
        self.prompt_open = bool(open_)

    def share(self, url: str, _lang: str = "en") -> None:
        self.shared.append(str(url))

    def shareTurn(self, title: str, text: str, url: str) -> None:  # noqa: N802
        self.turns_shared.append((str(title), str(text), str(url)))

    def copyTurn(self, url: str) -> None:  # noqa: N802
        self.turns_copied.append(str(url))

    def setLang(self, lang: str) -> None:  # noqa: N802
        self.lang = str(lang)

    def download(self, name: str, text: str, _type: str = "application/json") -> None:
        self.downloads.append((str(name), str(text)))

    def downloadPng(self, name: str, svg: str) -> None:  # noqa: N802
        self.downloads.append((str(name), str(svg)))

    def mapChanged(self, eid: str, view: str = "") -> None:  # noqa: N802
        if eid == "map":
            self.statics += 1
            self.views.append(json.loads(view or "{}"))
            self.pieces.pop("map", None)
            self.overlay.clear()  # a new overlay, every kind empty

    def setPieces(self, eid: str, markup: str) -> None:  # noqa: N802
        self.pieces[str(eid)] = str(markup)

    def setHTML(self, eid: str, html: str) -> None:  # noqa: N802
        """As ui.js: the element made to hold ``html`` (the page morphs it; its HTML is the same)."""
        self.page.document.getElementById(str(eid)).innerHTML = str(html)

    def setPart(self, eid: str, index: int, markup: str) -> None:  # noqa: N802
        """As ui.js: the ``index``-th child of the element's one element replaced by ``markup``."""
        el = self.page.document.getElementById(str(eid))
        self.parts.append((str(eid), int(index)))
        start, end = part_spans(el.innerHTML)[int(index)]
        el._html = el._html[:start] + str(markup) + el._html[end:]  # a part, not a write of the whole

    def highlight(self, markup: str, ms: float = 0) -> None:
        if self.fail_highlight:
            self.fail_highlight -= 1
            raise JsError("TypeError", "drawing failed")
        self.highlights.append(str(markup))
        for group in ET.fromstring(str(markup).replace("<g ", f'<g xmlns="{SVGNS}" ', 1)):
            self.overlay[str(group.get("data-kind"))] = group
            self.cleared_after[str(group.get("data-kind"))] = float(ms)

    def focus(self, text: str) -> None:
        self.focused.append(json.loads(text))

    def labelRegions(self, text: str) -> None:  # noqa: N802
        self.region_labels = json.loads(text)

    # what tests read of the overlay
    def outlined(self, kind: str) -> list[str]:
        """The regions the overlay outlines as ``kind`` (``render.HIGHLIGHTS``), in order."""
        group = self.overlay.get(kind)
        return [] if group is None else [str(u.get("href"))[len("#o-"):] for u in group]

    def targets(self) -> dict[str, dict[str, str]]:
        """The overlay's choices: region id -> the attributes of its target."""
        group = self.overlay.get("choice")
        return {} if group is None else {str(u.get("data-choice")): dict(u.attrib) for u in group}

    @property
    def drawn_at(self) -> str:
        """The decision the overlay's choices were drawn for."""
        group = self.overlay.get("choice")
        return "" if group is None else str(group.get("data-at"))

    def setUnsaved(self, flag: bool) -> None:  # noqa: N802
        self.unsaved = bool(flag)

    def markInvalid(self, ids: str, _focus: bool = False) -> None:  # noqa: N802
        self.invalid = sorted(json.loads(ids))

    def announce(self, text: str) -> None:
        self.announced.append(str(text))

    def revealTarget(self) -> None:  # noqa: N802
        self.revealed += 1


class Location:
    def __init__(self) -> None:
        self.hash = ""
        self.pathname = "/"
        self.origin = "http://127.0.0.1:8000"


class History:
    def __init__(self, location: Location) -> None:
        self.location = location

    def replaceState(self, _state: Any, _title: str, url: str) -> None:  # noqa: N802
        url = str(url)
        self.location.hash = url[url.index("#"):] if "#" in url else ""


class Window:
    def __init__(self, page: FakePage) -> None:
        self.page = page
        self.imperialUI = page.ui
        self.imperialPy: Any = None
        self.listeners: dict[str, list[Callable[..., Any]]] = {}

    @property
    def localStorage(self) -> Storage:  # noqa: N802
        if self.page.storage_blocked:
            raise JsError("SecurityError", "Failed to read the 'localStorage' property from 'Window': Access is "
                                           "denied for this document.")
        return self.page.local

    @property
    def sessionStorage(self) -> Storage:  # noqa: N802
        if self.page.storage_blocked:
            raise JsError("SecurityError", "Failed to read the 'sessionStorage' property from 'Window'")
        return self.page.session

    def addEventListener(self, name: str, fn: Callable[..., Any]) -> None:  # noqa: N802
        self.listeners.setdefault(name, []).append(fn)

    def confirm(self, text: str) -> bool:
        self.page.confirms.append(str(text))
        return self.page.confirm_answer


class Navigator:
    """``navigator``: the browser's languages (a test sets them)."""

    def __init__(self) -> None:
        self.languages = ["en-US", "en"]
        self.language = "en-US"


class Console:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def error(self, *args: Any) -> None:
        self.errors.append(" ".join(str(a) for a in args))


class Document:
    DEFAULTS = {"player-count": "4", "seed": "7", "board": "europe", "edition": "current", "setup": "standard",
                **{f"player-name-{i}": n for i, n in enumerate(["Anna", "Ben", "Clara", "David", "Eva", "Felix"], 1)}}

    def __init__(self) -> None:
        self.elements: dict[str, Element] = {}
        self.body = Element("body")

    def getElementById(self, eid: str) -> Element:  # noqa: N802
        if eid not in self.elements:
            self.elements[eid] = Element(eid, self.DEFAULTS.get(eid, ""), checked=eid == "investor-card")
        return self.elements[eid]


class FakePage:
    """One browser page: its document, storage (shared ``local`` between pages of one browser), location."""

    def __init__(self, local: Storage | None = None, *, storage_blocked: bool = False) -> None:
        self.document = Document()
        self.ui = UI(self)
        self.window = Window(self)
        self.location = Location()
        self.history = History(self.location)
        self.console = Console()
        self.navigator = Navigator()
        self.local = local if local is not None else Storage()
        self.session = Storage()
        self.storage_blocked = storage_blocked
        self.confirm_answer = True
        self.confirms: list[str] = []
        self.hold_frames = False  # the next frame is painted only when ``paint()`` says so

    def paint(self) -> None:
        """The next frame is painted: what waited for it runs."""
        waiting, self.ui.after_frame = self.ui.after_frame, []
        for fn in waiting:
            fn()

    def fire(self, name: str) -> None:
        """A window event without details (``pagehide``, ``visibilitychange``) reaches the page's listeners."""
        for fn in list(self.window.listeners.get(name, [])):
            fn(types.SimpleNamespace(type=name))

    # what tests read
    @property
    def message(self) -> str:
        return self.ui.message_box[0] if self.ui.message_box else ""

    @property
    def actions(self) -> list[str]:
        return [a["cmd"] for a in self.ui.message_box[2]] if self.ui.message_box else []

    def html(self, eid: str) -> str:
        return self.document.getElementById(eid).innerHTML

    def saves(self) -> dict[str, str]:
        return {k: v for k, v in self.local.data.items() if k.startswith("imperial.save.")}


UNDEFINED = object()


def _object_new() -> Any:
    return types.SimpleNamespace()


_js = types.ModuleType("js")
_js.undefined = UNDEFINED  # type: ignore[attr-defined]
_js.Object = types.SimpleNamespace(new=_object_new)  # type: ignore[attr-defined]
_ffi = types.ModuleType("pyodide.ffi")
_ffi.create_proxy = lambda fn: fn  # type: ignore[attr-defined]
_pyodide = types.ModuleType("pyodide")
_pyodide.ffi = _ffi  # type: ignore[attr-defined]


def use(page: FakePage) -> None:
    """Point the stand-in ``js`` module at ``page`` (the page's Python reads ``js.*`` at every call)."""
    sys.modules.setdefault("js", _js)
    sys.modules.setdefault("pyodide", _pyodide)
    sys.modules.setdefault("pyodide.ffi", _ffi)
    js = sys.modules["js"]
    js.document = page.document  # type: ignore[attr-defined]
    js.window = page.window  # type: ignore[attr-defined]
    js.location = page.location  # type: ignore[attr-defined]
    js.history = page.history  # type: ignore[attr-defined]
    js.console = page.console  # type: ignore[attr-defined]
    js.navigator = page.navigator  # type: ignore[attr-defined]


class StubRender:
    """The renderer's entry points, drawing almost nothing (the page logic does not depend on the map)."""

    @staticmethod
    def board_svg(state: Any = None, board: str = "europe", **_kw: Any) -> str:
        return '<svg viewBox="0 0 10 10"><g class="pieces"></g></svg>'

    @staticmethod
    def static_svg(board: str = "europe", **_kw: Any) -> str:
        return '<svg viewBox="0 0 10 10"><g class="pieces"></g></svg>'

    @staticmethod
    def pieces_svg(state: Any = None, **_kw: Any) -> str:
        return '<g class="pieces"></g>'

    @staticmethod
    def charts_svg(state: Any = None, **_kw: Any) -> dict[str, str]:
        return {}

    @staticmethod
    def chart_svg(state: Any, kind: str, points: Any = None, **_kw: Any) -> str:
        return f'<svg class="chart chart-{kind}"></svg>'

    @staticmethod
    def overlay_svg(board: str = "europe", lang: str = "en") -> str:
        return '<svg class="map-overlay" viewBox="0 0 10 10"><g class="highlights"></g></svg>'

    @staticmethod
    def highlights_svg(board: str = "europe", *, at: str = "", lang: str = "en", **kinds: Any) -> str:
        out = ['<g class="highlights">']
        for key, kind in (("recent", "recent"), ("choices", "choice"), ("selected", "selected"),
                          ("botmove", "botmove"), ("hinted", "hinted")):
            regions = kinds.get(key)
            if regions is None:
                continue
            if kind == "choice":
                out.append(f'<g data-kind="choice" data-at="{html.escape(str(at))}">' + "".join(
                    f'<use href="#o-{r}" data-choice="{r}" data-at="{html.escape(str(at))}" '
                    f'aria-label="{html.escape(str(label))}"/>'
                    for r, label in (regions.items() if isinstance(regions, dict) else ((r, r) for r in regions)))
                    + "</g>")
            else:
                out.append(f'<g data-kind="{kind}">' + "".join(f'<use href="#o-{r}"/>' for r in regions) + "</g>")
        return "".join(out) + "</g>"

    @staticmethod
    def load_geometry(board: str) -> dict[str, Any]:
        return {"width": 10, "height": 10, "label_size": 1}

    @staticmethod
    def content_box(board: str) -> tuple[float, float, float, float]:
        return (0.0, 0.0, 10.0, 10.0)

    @staticmethod
    def focus_box(board: str, regions: Any) -> tuple[float, float, float, float] | None:
        return (1.0, 1.0, 2.0, 2.0) if list(regions) else None

    @staticmethod
    def home_regions(board: str, nation: str) -> tuple[str, ...]:
        return ()

    @staticmethod
    def rondel_svg(state: Any, **_kw: Any) -> str:
        return '<svg viewBox="0 0 10 10"></svg>'

    @staticmethod
    def tracks_svg(state: Any, **_kw: Any) -> str:
        return ""


def new_app(page: FakePage, render: Any = None, *, start: bool = True) -> Any:
    """An ``App`` on ``page``, started as the page starts it."""
    use(page)
    from imperial_ui.app import App

    app = App(render or StubRender())
    if start:
        app.start()
    return app


def switch(page: FakePage) -> None:
    """Make ``page`` the one the page's Python talks to (for tests with two tabs)."""
    use(page)


def storage_event(key: str | None, new: str | None) -> Any:
    """A ``storage`` event from another tab (``None`` arrives as JS ``null``)."""
    return types.SimpleNamespace(key=jsnull if key is None else key, newValue=jsnull if new is None else new)
