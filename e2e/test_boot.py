"""The built site boots in real Chromium, fetches nothing from outside the loopback, works offline after one
visit (service worker), and shows a readable error when it cannot boot."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

from conftest import ROOT, SiteServer, wait_ready
from playwright.sync_api import Browser, expect

SHOTS = ROOT / "test-results"


# Each test here opens a context of its own: they are about the page's first start (every request of it,
# the service worker's first visit and offline reload, a wheel missing at start).
def test_page_becomes_ready_with_engine_output_and_only_loopback_requests(browser: Browser, site: SiteServer):
    context = browser.new_context()
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))  # page and service-worker requests
    page = context.new_page()
    page_errors: list[str] = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    page.goto(site.url)
    # The loading stages are plain HTML, there before Python runs.
    expect(page.locator("#loading [data-stage]")).to_have_count(3)
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#version")).to_contain_text("engine ")
    # Something real from the renderer: the Europe board with its regions.
    expect(page.locator("#app svg [data-region='vienna']")).to_have_count(1)
    assert page.locator("#app svg [data-region]").count() > 40
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "boot.png"))
    web = [u for u in requests if urlparse(u).scheme in ("http", "https", "ws", "wss")]
    outside = [u for u in web if urlparse(u).hostname != "127.0.0.1"]
    assert len(web) > 10, "the request recorder saw no boot"
    assert not outside, f"requests left the loopback: {outside}"
    assert not page_errors, page_errors
    context.close()


def test_reload_works_with_the_server_stopped(browser: Browser, site: SiteServer):
    context = browser.new_context()
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    # The service worker has precached the whole site once it is active and controls the page.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    site.stop()
    try:
        page.reload()
        wait_ready(page)
        expect(page.locator("#app svg [data-region='vienna']")).to_have_count(1)
        # A brand-new tab of the same browser profile also opens offline.
        second = context.new_page()
        second.goto(site.url)
        wait_ready(second)
    finally:
        site.start()
        context.close()


def test_missing_wheel_shows_a_readable_error(browser: Browser, site: SiteServer):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/svgwrite-*.whl", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site.url)
    page.wait_for_function("() => document.body.dataset.failed === '1'", timeout=90_000)
    error = page.locator("[data-testid=error]")
    expect(error).to_be_visible()
    expect(error).to_contain_text("svgwrite")
    assert page.evaluate("document.body.dataset.ready") is None
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "boot-failure.png"))
    context.close()


def test_built_site_is_self_contained(site: SiteServer):
    """Every file the service worker precaches exists, and nothing in the site names an outside host to load."""
    dist = Path(site.directory)
    sw = (dist / "sw.js").read_text()
    assert "imperial-" in sw and "__VERSION__" not in sw and "__PRECACHE__" not in sw
    for name in ("index.html", "pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json", "pyscript/core.js"):
        assert (dist / name).is_file(), name
        assert f'"{name}"' in sw, f"{name} is not precached"
    page = (dist / "index.html").read_text() + (dist / "pyscript.toml").read_text()
    assert "http://" not in page and "https://" not in page
