"""Real-browser test harness: serves the built site from an in-process loopback server and drives Debian's
Chromium through Playwright (Playwright cannot download its own browsers here)."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build import make_server  # noqa: E402 - build.py is the project's one server implementation

DIST = Path(os.environ.get("IMPERIAL_DIST", ROOT / "dist"))
CHROMIUM = os.environ.get("IMPERIAL_CHROMIUM", "/usr/bin/chromium")
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


def wait_ready(page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until the app says it is interactive, failing early with the page's own error text.

    Predicates are written as functions: the page's Content-Security-Policy forbids evaluating strings, and
    Playwright evaluates a bare expression string with eval while it polls."""
    page.wait_for_function(
        "() => document.body.dataset.ready === '1' || document.body.dataset.failed === '1'", timeout=timeout
    )
    if page.evaluate("document.body.dataset.failed === '1'"):
        pytest.fail("the page reported a boot failure: " + page.inner_text("[data-testid=error]"))


@contextmanager
def ready_page(browser, site: SiteServer, **context_args) -> Iterator:
    """A page of the site in a new browser context (``context_args``: viewport, downloads, …), ready to play;
    on leaving, no uncaught error may have happened in it."""
    context = browser.new_context(**context_args)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url)
    wait_ready(page)
    try:
        yield page
    finally:
        context.close()
    assert not errors, errors
