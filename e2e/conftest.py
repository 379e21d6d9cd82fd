"""Real-browser test harness: serves the built site from an in-process loopback server and drives Debian's
Chromium through Playwright (Playwright cannot download its own browsers here).

Booting the page (Pyodide, the wheels, the engine) takes seconds, so most browser tests share booted pages:
``page_pool`` keeps one page per kind of browser context for the whole session of a test process (each
pytest-xdist worker has its own), and hands it out reset through the page's own commands (``reset_page``).
Tests that are about a fresh start (first paint, boot failures, the first visit with its service worker,
its Content-Security-Policy and offline reload, install, storage refused at start) open a context of their
own; each says why.  Every test still fails on an uncaught error in a page it used."""

from __future__ import annotations

import os
import shutil
import sys
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build import FULL_CHROMIUM, HEADLESS_SHELL, make_server  # noqa: E402 - build.py: the one server, the browsers

DIST = Path(os.environ.get("IMPERIAL_DIST", ROOT / "dist"))
#: The browser the tests drive: ``IMPERIAL_CHROMIUM`` if set, else Debian's chromium-headless-shell (Chromium's
#: headless shell, built from the same source as Debian's chromium: the same Blink and V8 without the desktop
#: browser around them, so each page costs the machine less; the e2e tests took 0.84 of the time and of the CPU
#: they take in the full browser), else the full chromium.  The benchmarks measure the full browser
#: (``bench/benchlib.BROWSER``).
CHROMIUM = os.environ.get("IMPERIAL_CHROMIUM") or (HEADLESS_SHELL if Path(HEADLESS_SHELL).exists()
                                                    else FULL_CHROMIUM)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BOOT_TIMEOUT_MS = 90_000


class SiteServer:
    """The built site on a free loopback port; can be stopped and restarted on the same port."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = 0
        self._server = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._server = make_server(self.directory, self.port)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


@pytest.fixture(scope="session")
def site() -> Iterator[SiteServer]:
    if not (DIST / "index.html").exists():
        pytest.fail(f"{DIST} has no built site; run `python3 build.py build` (build.py test does it)")
    server = SiteServer(DIST)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(site: SiteServer) -> str:
    return site.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def moves(page: Page) -> int:
    """The moves of the game the page shows (``-1``: none shown)."""
    return int(page.evaluate("() => document.body.dataset.moves || '-1'"))


def saved_text(page: Page) -> str:
    """The save of the game the page shows, once it holds the present move (a move is saved once its frame
    is painted)."""
    page.wait_for_function("""() => {
        const id = document.body.dataset.game;
        const raw = id && localStorage.getItem('imperial.save.' + id);
        return !!raw && JSON.parse(raw).summary.moves === Number(document.body.dataset.moves);
    }""")
    return str(page.evaluate("() => localStorage.getItem('imperial.save.' + document.body.dataset.game)"))


def open_link(page: Page, state: Any) -> None:
    """``state``'s game opened in the page by its link (the page's own link, set in the address)."""
    import imperial_core as core

    before = page.evaluate("() => document.body.dataset.game || ''")
    token = core.encode(state)
    page.evaluate("t => { history.replaceState(null, '', location.pathname); location.hash = 'g=' + t; }", token)
    page.wait_for_function("g => document.body.dataset.game !== g || !document.getElementById('error').hidden",
                           arg=before)
    assert moves(page) == len(state.history), page.get_by_test_id("error").inner_text()


#: The hint once the expert has answered (while it searches, the page shows its best so far, ``data-so-far``).
FINAL_HINT = "[data-testid=hint-text]:not([data-so-far])"


def open_game(page_pool: PagePool, size: tuple[int, int], state: Any) -> Page:
    """The pool's shared page at this size (below 768 px a phone's) with ``state``'s game opened by its link."""
    w, h = size
    page = page_pool.use({"width": w, "height": h}, phone=w < 768)
    open_link(page, state)
    return page


def open_file(page: Page, state: Any, game_id: str = "from-test") -> None:
    """``state``'s game opened from a JSON file (the page's "Import…" control), as the page exports it."""
    sys.path.insert(0, str(ROOT / "web"))
    from imperial_ui.session import Session

    data = Session.from_state(state, game_id=game_id).to_save().encode()
    before = page.evaluate("document.body.dataset.game || ''")
    page.locator("#menu input[data-import]").set_input_files(
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": data}])
    page.wait_for_function("g => document.body.dataset.game !== g || !document.getElementById('error').hidden",
                           arg=before)
    assert page.evaluate("document.body.dataset.game") != before, page.get_by_test_id("error").inner_text()


#: The browser's language for each of the page's languages (the page follows it); a pool page per language.
LOCALE = {"en": "en-GB", "de": "de-AT", "es": "es-419"}
#: axe-core's impacts that fail an accessibility check.
SERIOUS = ("serious", "critical")


@cache
def axe_source() -> str:
    """axe-core's browser script (test harness only, never shipped): the pinned, integrity-checked copy."""
    path = os.environ.get("IMPERIAL_AXE")
    if not path:
        from build import axe_script  # fetched once into .cache/

        path = str(axe_script())
    return Path(path).read_text()


def serious_violations(page: Page, exclude: tuple[str, ...] = ()) -> list[str]:
    """axe-core's serious and critical findings on what ``page`` shows now (but for the parts ``exclude``
    selects).  axe is put in through the browser's debugging protocol, which the page's
    Content-Security-Policy does not govern, so any shared page can be checked."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;0")
    result = page.evaluate("""ex => axe.run(ex.length ? {include: [document], exclude: ex.map(s => [s])} : document,
                                        {resultTypes: ['violations']})""", list(exclude))
    assert result["passes"] is not None or result["violations"] is not None  # axe really ran
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — " + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in result["violations"] if v["impact"] in SERIOUS
    ]


def wait_ready(page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until the app says it is interactive, failing early with the page's own error text.

    Predicates are written as functions: the page's Content-Security-Policy forbids evaluating strings, and
    Playwright evaluates a bare expression string with eval while it polls."""
    page.wait_for_function(
        "() => document.body.dataset.ready === '1' || document.body.dataset.failed === '1'", timeout=timeout
    )
    if page.evaluate("document.body.dataset.failed === '1'"):
        pytest.fail("the page reported a boot failure: " + page.inner_text("[data-testid=error]"))


# -- booted pages shared between tests ------------------------------------------------------------------
#: Puts a booted page back to what a fresh one shows, through the page's own commands: no dialog open,
#: the first tab, the default pace and the language the browser chose at boot, empty storage (local and
#: this tab's), the start screen (``home``: no replay, no score screen, no link in the address), no message,
#: the new-game form as the page wrote it with a new seed, the map's zoom undone, nothing scrolled or focused.
RESET = """(lang) => {
  for (const d of document.querySelectorAll('dialog[open]')) d.close();
  const tab = document.querySelector('[data-tab][aria-selected=true]');
  if (tab && tab.dataset.tab !== 'nations') imperialUI.showTab('nations');
  imperialUI.setUnsaved(false);
  imperialPy.command('pace', 'normal');
  imperialUI.showNotation(false);
  if (document.documentElement.lang !== lang) imperialPy.command('lang', lang);
  localStorage.clear();
  sessionStorage.clear();
  imperialPy.command('home');
  imperialUI.clearMessage();
  imperialUI.zoom('reset');
  document.getElementById('new-game').reset();
  const solo = document.getElementById('solo-name');
  solo.value = solo.defaultValue;
  document.getElementById('solo-level').value = 'normal';
  for (const id of ['player-count', 'board'])
    document.getElementById(id).dispatchEvent(new Event('change', {bubbles: true}));
  imperialPy.command('reseed');
  window.scrollTo(0, 0);
  for (const el of document.querySelectorAll('.side, #log')) el.scrollTop = 0;
  document.activeElement?.blur?.();
  return {screen: document.body.dataset.screen, lang: document.documentElement.lang,
          stored: localStorage.length + sessionStorage.length, dialogs: document.querySelectorAll('dialog[open]').length,
          message: !document.getElementById('error').hidden};
}"""


class BootedPage:
    """A page of the site booted once in its own browser context; collects the page's uncaught errors."""

    def __init__(self, browser: Browser, site: SiteServer, **context_args: Any) -> None:
        self.context = browser.new_context(**context_args)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(site.url)
        wait_ready(self.page)
        self.lang = self.page.evaluate("() => document.documentElement.lang")  # the browser's language

    def take_errors(self) -> list[str]:
        found, self.errors[:] = list(self.errors), []
        return found


class PagePool:
    """Booted pages kept for the whole session of this test process, one per kind of browser context (its
    language and whether it is a phone); the window size is set on each use."""

    #: the pools of this process, for the check after every test (which must not start a browser itself)
    live: list[PagePool] = []

    def __init__(self, browser: Browser, site: SiteServer) -> None:
        self.browser, self.site = browser, site
        self.booted: dict[tuple, BootedPage] = {}
        PagePool.live.append(self)

    def use(self, viewport: dict[str, int], *, locale: str | None = None, phone: bool = False,
            lang: str | None = None) -> Page:
        """The pool's page for this kind of context (``locale``: the browser's language, English unless
        said), reset (``reset_page``) and at the size ``viewport``; ``lang``: then switched to that language
        by the page's own command (a player's switch), so that a test of how the page looks in a language
        needs no page booted in a browser speaking it (the browser's language only picks the first one, which
        ``e2e/test_languages.py`` checks)."""
        locale = locale or LOCALE["en"]  # a browser speaking English: the same page as the English one
        key = (locale, phone)
        booted = self.booted.get(key)
        if booted is None:
            args: dict[str, Any] = {"viewport": viewport, "locale": locale}
            if phone:
                args.update(is_mobile=True, has_touch=True)
            booted = self.booted[key] = BootedPage(self.browser, self.site, **args)
        reset_page(booted, viewport)
        if lang is not None and lang != booted.lang:
            booted.page.evaluate("l => imperialPy.command('lang', l)", lang)
            booted.page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        return booted.page

    def take_errors(self) -> list[str]:
        return [e for booted in self.booted.values() for e in booted.take_errors()]

    def close(self) -> None:
        PagePool.live.remove(self)
        for booted in self.booted.values():
            booted.context.close()
        self.booted.clear()


def reset_page(booted: BootedPage, viewport: dict[str, int]) -> None:
    """Put a shared page back to a fresh page's state (``RESET``), then check that it is and that no
    uncaught error happened since the last test."""
    page = booted.page
    for extra in page.context.pages:  # pages a test opened beside it (a second tab) are gone
        if extra is not page:
            extra.close()
    page.set_viewport_size(viewport)
    state = page.evaluate(RESET, booted.lang)
    assert state == {"screen": "start", "lang": booted.lang, "stored": 0, "dialogs": 0, "message": False}, state
    errors = booted.take_errors()
    assert not errors, f"uncaught errors in the shared page before this test (or while resetting it): {errors}"


@pytest.fixture(scope="session")
def page_pool(browser: Browser, site: SiteServer) -> Iterator[PagePool]:
    pool = PagePool(browser, site)
    yield pool
    pool.close()


@pytest.fixture(autouse=True)
def no_uncaught_errors_in_shared_pages() -> Iterator[None]:
    """After every test: no uncaught error happened in the shared pages (whether the test used one or not;
    this fixture asks for no browser)."""
    yield
    errors = [e for pool in PagePool.live for e in pool.take_errors()]
    assert not errors, errors


# -- running on several cores (pytest-xdist) -------------------------------------------------------------
# The tests of a file run in one process, in file order (their module's fixtures and shared page are made
# once, and tests that play on from each other stay together), except in the files below, whose tests are
# independent and are handed out one by one.
SPREAD = {
    "e2e/test_bots.py", "e2e/test_install.py", "e2e/test_hint_dock.py",
    "e2e/test_languages_logic.py", "tests/bots/test_bots.py", "tests/engine/test_load_fuzz.py",
    "tests/engine/test_position.py", "tests/engine/test_properties.py", "tests/bots/test_reasons_plain.py",
    "tests/bots/test_expert.py", "e2e/test_page_audit.py",
}
#: Tests of a ``SPREAD`` file that run in one process all the same (their names' beginnings): they share what
#: their module makes once per process (``tests/bots/test_bots.py``: the 2,925 positions of 40 random games,
#: about 4 CPU-s, made once instead of in both processes).  Only the time the run takes depends on this.
SHARED = {"tests/bots/test_bots.py": ("test_the_positions_cover", "test_choose_returns", "test_a_tiny_strong_search",
                                      "test_the_same_seed_gives", "test_reasons_are_one_line")}
#: Files that run in the same process as another (after it), to share its pool pages: the pages of
#: browsers speaking German and Spanish are booted once, not once per process.
TOGETHER = {"e2e/test_a11y.py": "e2e/test_languages.py"}
#: The slowest files first (measured with --durations), so that no long one starts last; then the rest in
#: the usual order.  Only the time the run takes depends on this list.
SLOW_FIRST = [
    "e2e/test_bylink.py", "e2e/test_bots.py", "e2e/test_languages.py", "e2e/test_a11y.py", "e2e/test_safety.py",
    "e2e/test_ui.py", "e2e/test_tutorial.py", "e2e/test_lab.py", "e2e/test_panel_room.py", "e2e/test_page_audit.py",
    "tests/bots/test_bots.py", "tests/bots/test_reasons_plain.py", "tests/bots/test_expert.py", "e2e/test_boot.py", "tests/engine/test_load_fuzz.py", "e2e/test_readable.py",
    "e2e/test_languages_logic.py", "e2e/test_hint_dock.py", "e2e/test_install.py",
    "tests/engine/test_position.py", "tests/engine/test_properties.py", "e2e/test_board_dom.py",
    "tests/test_pyodide_parity.py",
]


def pytest_configure(config: pytest.Config) -> None:
    """pytest-playwright empties its output folder (test-results/, where the screenshots go too) at the
    first test of each process: with several processes one could empty it after another's first
    screenshots.  So the main process empties it once, and each worker's own Playwright output goes to a
    folder of its own inside."""
    output = getattr(config.option, "output", None)  # None without pytest-playwright (-p no:playwright)
    worker = getattr(config, "workerinput", {}).get("workerid")
    if output and worker:
        config.option.output = os.path.join(output, worker)
    elif output and getattr(config.option, "numprocesses", None):
        shutil.rmtree(output, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Hand out whole files (``SPREAD`` files test by test but for their ``SHARED`` tests, ``TOGETHER`` files
    with their partner) in the order collected (``SLOW_FIRST``), each worker holding the next one or two while
    it runs."""
    if config.getvalue("dist") not in ("load", "loadfile", "loadgroup", "loadscope"):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path, _, name = nodeid.partition("::")
            if path in SPREAD:
                return f"{path}::shared" if name.startswith(SHARED.get(path, ())) else nodeid
            return TOGETHER.get(path, path)

    config.option.loadscopereorder = False
    return ByFile(config, log)


def _file_of(item: pytest.Item) -> str:
    return item.path.relative_to(ROOT).as_posix() if item.path.is_relative_to(ROOT) else str(item.path)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files in ``SLOW_FIRST`` order (after pytest's own ordering, which a stable sort keeps within a
    file).  This hook sees every test of the run, tests/ included."""
    rank = {name: k for k, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(_file_of(item), len(rank)))
