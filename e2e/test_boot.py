"""The built site boots in real Chromium, fetches nothing from outside the loopback, runs under its
Content-Security-Policy, works offline after one visit (service worker; the computer players too), and shows
a readable error when it cannot boot."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, SiteServer, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_bots import start_from_form
from test_safety import copy_link, good_save, new_game, open_link, play

SHOTS = ROOT / "test-results"

# Records every CSP violation and console error of a page, from before its first script runs.
WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


@dataclass
class FirstVisit:
    """A browser's first visit to the site, watched from before its first script: every request (the page's
    and its service worker's), every Content-Security-Policy violation (``window.__csp``) and console error."""

    context: BrowserContext
    page: Page
    requests: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def first_visit(browser: Browser, site: SiteServer) -> Iterator[FirstVisit]:
    """One first visit for the tests below, in file order: the start, the page under its policy, then the
    same browser with the server stopped (a first visit is several Pyodide starts, so they share it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH)
    visit = FirstVisit(context, context.new_page())
    context.on("request", lambda r: visit.requests.append(r.url))
    visit.page.on("console", lambda m: visit.console.append(m.text) if m.type == "error" else None)
    visit.page.on("pageerror", lambda e: visit.console.append(str(e)))
    visit.page.goto(site.url)
    yield visit
    context.close()


def test_page_becomes_ready_with_engine_output_and_only_loopback_requests(first_visit: FirstVisit, site: SiteServer):
    page = first_visit.page
    # The loading stages are plain HTML, there before Python runs.
    expect(page.locator("#loading [data-stage]")).to_have_count(3)
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
    # the engine's version is in the Rules dialog, not the header (issue 36)
    expect(page.locator("#rules #version")).to_contain_text("engine ")
    expect(page.locator("header #version")).to_have_count(0)
    # Something real from the renderer: the Europe board with its regions.
    expect(page.locator("#app svg [data-region='vienna']")).to_have_count(1)
    assert page.locator("#app svg [data-region]").count() > 40
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "boot.png"))
    web = [u for u in first_visit.requests if urlparse(u).scheme in ("http", "https", "ws", "wss")]
    outside = [u for u in web if urlparse(u).hostname != "127.0.0.1"]
    assert len(web) > 10, "the request recorder saw no boot"
    assert not outside, f"requests left the loopback: {outside}"
    assert first_visit.console == [], first_visit.console
    # Python started on the game's standard library; the full one (the lab's, and a rare import's) was not needed
    assert [u for u in web if u.endswith("/pyodide/python_stdlib_game.zip.zst")]
    # a first visit fetches the packed copies (build.py's pack), never the files themselves
    packed = sorted(p.name.removesuffix(".zst") for p in (Path(site.directory) / "pyodide").glob("*.zst"))
    assert len(packed) == 10 and "pyodide.asm.wasm" in packed, packed
    assert sorted({u.rsplit("/", 1)[1].removesuffix(".zst") for u in web if u.endswith(".zst")}) == packed
    assert not [u for u in web if u.rsplit("/", 1)[1] in packed]
    assert not [u for u in web if u.endswith("/pyodide/python_stdlib.zip")]
    # what a rare import would fetch, synchronously, on this page (web/pyodide-env.mjs)
    size = page.evaluate("import('./pyodide-env.mjs').then(m => m.fetchSync(m.FULL_STDLIB_URL).length)")
    assert size == (Path(site.directory) / "pyodide" / "python_stdlib.zip").stat().st_size


def test_the_page_runs_under_its_content_security_policy(first_visit: FirstVisit):
    page, console = first_visit.page, first_visit.console
    wait_ready(page)
    csp = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    for part in ("script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self'", "object-src 'none'",
                 "base-uri 'none'"):
        assert part in csp
    assert "'unsafe-eval'" not in csp  # nothing on the page needs eval()
    new_game(page, seed=81)
    play(page, 5)
    page.locator("[data-tab=log]").click()
    page.locator("[data-tab=players]").click()
    page.get_by_test_id("replay").click()
    page.locator("#decision [data-cmd=replay-exit]").click()
    link = copy_link(page)
    open_link(page, link)
    page.get_by_test_id("prompt").locator("button[data-cmd=link-new]").click()
    page.locator("button[data-cmd=menu]").click()
    page.locator("#menu input[data-import]").set_input_files(
        files=[{"name": "g.json", "mimeType": "application/json", "buffer": good_save(4).encode()}])
    page.wait_for_function("() => document.body.dataset.moves === '4'")
    assert page.evaluate("window.__csp") == []
    assert console == [], console
    # and it is enforced: an injected inline script does not run, a request elsewhere is refused
    page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__ran = 1';
        document.body.append(s);
    }""")
    refused = page.evaluate("() => fetch('http://example.invalid/x').then(() => 'sent', e => 'refused')")
    page.wait_for_function("() => window.__csp.length >= 2")
    assert page.evaluate("window.__ran") is None and refused == "refused"
    kinds = " ".join(page.evaluate("window.__csp"))
    assert "script-src-elem" in kinds and "connect-src" in kinds


def test_with_the_server_stopped_the_page_opens_and_the_computer_players_play(first_visit: FirstVisit,
                                                                            site: SiteServer):
    """The service worker has precached the whole site once it is active and controls the page, the computer
    players' worker, its Python and the engine wheel included: with the server stopped, the page opens again,
    in a new tab too, and a game of computer seats plays."""
    sw = (site.directory / "sw.js").read_text()
    lock = json.loads((site.directory / "pyodide" / "pyodide-lock.json").read_text())
    page_wheel = "pyodide/" + lock["packages"]["imperial-page"]["file_name"]
    for path in ("bot-worker.mjs", "bots.js", page_wheel, "pyodide-env.mjs"):
        assert f'"{path}"' in sw, f"{path} is not precached"
    page = first_visit.page
    wait_ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    site.stop()
    try:
        page.goto(site.url)
        wait_ready(page)
        expect(page.locator("#app svg [data-region='vienna']")).to_have_count(1)
        # A brand-new tab of the same browser profile also opens offline.
        second = first_visit.context.new_page()
        second.goto(site.url)
        wait_ready(second)
        second.close()
        if page.evaluate("document.body.dataset.screen") != "start":  # it opened the last game: home
            page.locator("button[data-cmd=menu]").click()
            page.locator("#menu button[data-cmd=home]").click()
        page.get_by_test_id("player-count").select_option("4")
        start_from_form(page, ["easy", "easy", "easy", "easy"], seed=2)
        page.wait_for_function("() => Number(document.body.dataset.botMoves || 0) >= 3 || "
                               "document.body.dataset.worker === 'failed'", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.worker") == "ready", page.get_by_test_id("error").inner_text()
        assert int(page.evaluate("document.body.dataset.moves")) >= 3
    finally:
        site.start()


def failed_start(browser: Browser, site: SiteServer, missing: str) -> tuple[BrowserContext, Page]:
    """A first visit on which the files matching ``missing`` answer 404, once the page says it failed."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route(missing, lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site.url)
    page.wait_for_function("() => document.body.dataset.failed === '1'", timeout=90_000)
    expect(page.locator("[data-testid=error]")).to_be_visible()
    assert page.evaluate("document.body.dataset.ready") is None
    return context, page


def test_a_host_without_the_packed_copies_serves_the_files_themselves(browser: Browser, site: SiteServer):
    """web/packed.mjs: where a packed copy (``<file>.zst``) answers an error, the file itself is fetched, and the
    game starts on it."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(urlparse(r.url).path))
    page.route("**/*.zst", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site.url)
    wait_ready(page)
    expect(page.locator("#app svg [data-region='vienna']")).to_have_count(1)
    for name in ("pyodide.asm.wasm", "python_stdlib_game.zip"):
        assert f"/pyodide/{name}.zst" in asked and f"/pyodide/{name}" in asked, name
    assert [p for p in asked if p.endswith(".whl")], "the wheels themselves"
    context.close()


def test_a_host_that_unpacks_the_packed_copies_itself_still_starts_the_game(browser: Browser, site: SiteServer):
    """web/packed.mjs: a host that sends ``<file>.zst`` with a Content-Encoding of its own has the browser unpack
    it, so what comes is the file itself (not a Zstandard frame): it is taken as it is."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(urlparse(r.url).path))
    pydir = Path(site.directory) / "pyodide"
    page.route("**/*.zst", lambda route: route.fulfill(
        status=200, body=(pydir / urlparse(route.request.url).path.rsplit("/", 1)[1].removesuffix(".zst")).read_bytes(),
        content_type="application/wasm" if ".wasm" in route.request.url else "application/zip"))
    page.goto(site.url)
    wait_ready(page)
    expect(page.locator("#app svg [data-region='vienna']")).to_have_count(1)
    assert "/pyodide/pyodide.asm.wasm.zst" in asked and "/pyodide/pyodide.asm.wasm" not in asked
    assert not [p for p in asked if p.endswith(".whl")], "the wheels came as their packed copies' names"
    context.close()


def test_missing_wheel_shows_a_readable_error(browser: Browser, site: SiteServer):
    context, page = failed_start(browser, site, "**/svgwrite-*.whl*")  # the packed copy and the wheel
    expect(page.locator("[data-testid=error]")).to_contain_text("svgwrite")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "boot-failure.png"))
    context.close()


def test_page_glue_that_cannot_load_shows_a_readable_error(browser: Browser, site: SiteServer):
    """start.mjs: when the page's glue (main.py) cannot be fetched, the page says so in its language, naming
    the file, instead of waiting for ever."""
    context, page = failed_start(browser, site, "**/main.py")
    expect(page.locator("[data-testid=error]")).to_contain_text("Could not start the game: main.py: HTTP 404")
    expect(page.locator("#loading .loading-title")).to_have_text("The game could not start.")
    expect(page.locator("#loading [data-stage=runtime]")).to_have_attribute("data-state", "failed")
    context.close()


def test_a_start_that_stalls_says_so_and_offers_a_reload(browser: Browser, site: SiteServer):
    """boot.js: when Pyodide's WebAssembly never comes, Pyodide waits for ever; after 45 s without progress
    the page says so and offers a reload, which reloads."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.clock.install()
    # the packed copy, then the file itself (pyodide-env.mjs asks for it when there is no packed copy)
    page.route("**/pyodide.asm.wasm*", lambda route: route.fulfill(status=404, body="not found"))
    with page.expect_response("**/pyodide.asm.wasm"):
        page.goto(site.url)
    # every other file that was on its way has arrived (each arrival restarts the wait, and on a busy machine
    # one could land after the clock has been run forward)
    page.wait_for_load_state("networkidle")
    note = page.get_by_test_id("boot-stalled")
    page.clock.run_for(30_000)
    expect(note).to_be_hidden()
    page.clock.run_for(60_000)  # 45 s after the last file arrived (the failed one, early in the clock's time)
    expect(note).to_be_visible()
    expect(note).to_contain_text("Nothing has arrived for a while")
    assert page.evaluate("document.body.dataset.ready") is None
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "boot-stalled.png"))
    with page.expect_navigation():
        note.get_by_role("button", name="Reload the page").click()
    expect(page.get_by_test_id("boot-stalled")).to_be_hidden()
    context.close()


def test_built_site_is_self_contained(site: SiteServer):
    """Every file the service worker precaches exists, and nothing in the site names an outside host to load."""
    dist = Path(site.directory)
    sw = (dist / "sw.js").read_text()
    assert "imperial-" in sw and "__VERSION__" not in sw and "__PRECACHE__" not in sw
    for name in ("index.html", "start.mjs", "main.py", "pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json",
                 "pyodide/python_stdlib_game.zip"):
        assert (dist / name).is_file(), name
        assert f'"{name}"' in sw, f"{name} is not precached"
    # the full standard library is the lab's (kept once the lab is opened), not part of the game's first visit
    precache = sw.split("const PRECACHE = ", 1)[1].split("];", 1)[0]
    assert '"pyodide/python_stdlib.zip"' not in precache and (dist / "pyodide" / "python_stdlib.zip").is_file()
    page = "".join((dist / name).read_text() for name in ("index.html", "start.mjs", "pyodide-env.mjs"))
    assert "http://" not in page and "https://" not in page
