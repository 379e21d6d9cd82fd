"""What the browser benchmarks share: the browser they measure, percentiles, serving a built site on a loopback
port, and a page that is ready (Python up) with its uncaught errors collected."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build import FULL_CHROMIUM, make_server  # noqa: E402

#: The browser the benchmarks measure: Debian's full chromium, as players have it (``apt-get install chromium``),
#: not the headless shell the tests use; ``IMPERIAL_CHROMIUM`` names another.
BROWSER = os.environ.get("IMPERIAL_CHROMIUM") or FULL_CHROMIUM


def pct(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank); NaN for no values."""
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, max(0, round(p / 100 * (len(v) - 1))))]


def serve(dist: Path) -> tuple[Any, str]:
    """``dist`` served on a free loopback port in a daemon thread: the server and its address."""
    server = make_server(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def ready_page(browser: Any, url: str, **context_args: Any) -> tuple[Any, Any, list[str]]:
    """A new browser context and page at ``url`` once the page is ready; the list fills with page errors."""
    ctx = browser.new_context(**context_args)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=120_000)
    return ctx, page, errors
