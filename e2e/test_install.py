"""The site is an installable web app: a valid manifest with real icons, Chromium's own installability check
passes, and a newer version of the site is offered by a prompt that waits for the player.  A first visit
downloads every file once (the service worker's precache revalidates what the page has just downloaded), the
interpreter before the wheels, and a new version's precache holds the new files, never the old ones."""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, SiteServer, wait_ready
from playwright.sync_api import Playwright, expect

from build import SiteHandler

SHOTS = ROOT / "test-results"


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_the_app_and_its_icons_exist(site: SiteServer):
    dist = Path(site.directory)
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["name"].startswith("Imperial") and manifest["short_name"] == "Imperial"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    pngs = [i for i in manifest["icons"] if i["type"] == "image/png"]
    assert {i["sizes"] for i in pngs} >= {"192x192", "512x512"}
    assert any(i.get("purpose") == "maskable" for i in pngs)
    for icon in pngs:
        w, h = (int(x) for x in icon["sizes"].split("x"))
        assert _png_size(dist / icon["src"]) == (w, h), icon["src"]
    sw = (dist / "sw.js").read_text()
    for icon in manifest["icons"]:
        assert f'"{icon["src"]}"' in sw, f"{icon['src']} is not precached"
    assert '"manifest.webmanifest"' in sw


@pytest.fixture
def changing_site(site: SiteServer, tmp_path: Path):
    """A copy of the built site on its own port, whose service worker the test can replace by a newer one."""
    copy = tmp_path / "site"
    shutil.copytree(site.directory, copy)
    server = SiteServer(copy)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def bodies(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(site directory, path) of every response with a body (200) that a site server of this process sends."""
    sent: list[tuple[str, str]] = []
    real = SiteHandler.send_response

    def send_response(self: SiteHandler, code: int, message: str | None = None) -> None:
        if code == 200:
            sent.append((str(self.directory), self.path.split("?")[0]))
        real(self, code, message)

    monkeypatch.setattr(SiteHandler, "send_response", send_response)
    return sent


def test_installable_and_a_new_version_waits_for_the_players_go_ahead(playwright: Playwright,
                                                                       changing_site: SiteServer, tmp_path: Path,
                                                                       bodies: list[tuple[str, str]]):
    # A profile on disk: Chromium does not install apps from an incognito context (Playwright's default). The
    # service worker's first visit to a copy of the site, then its update.
    context = playwright.chromium.launch_persistent_context(tmp_path / "profile", executable_path=CHROMIUM,
                                                            args=CHROMIUM_ARGS, headless=True)
    page = context.pages[0] if context.pages else context.new_page()
    # the first visit on a line of 4 MB/s, so that the order of the downloads shows
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 20, "downloadThroughput": 4_000_000, "uploadThroughput": 1_000_000})
    page.goto(changing_site.url)
    wait_ready(page)
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    # the interpreter came first: no wheel was asked for before the standard library had come, nor before the
    # WebAssembly was nearly all there (start.mjs holds them), so Python starts while the wheels download
    got = page.evaluate("""() => performance.getEntriesByType('resource')
        .map((r) => ({name: r.name.split('/').pop(), start: r.startTime, end: r.responseEnd}))""")
    # (their packed copies: build.py's pack, unpacked by pyodide-env.mjs)
    wheels = [r for r in got if r["name"].endswith(".whl.zst")]
    stdlib = next(r for r in got if r["name"] == "python_stdlib_game.zip.zst")
    wasm = next(r for r in got if r["name"] == "pyodide.asm.wasm.zst")
    assert len(wheels) == 8, [r["name"] for r in got]
    first = min(r["start"] for r in wheels)
    assert first >= stdlib["end"], (first, stdlib)
    assert first >= wasm["start"] + 0.8 * (wasm["end"] - wasm["start"]), (first, wasm)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    # Chromium's own installability check passes
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert not manifest.get("errors"), manifest.get("errors")
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    cdp.detach()
    old = page.evaluate("caches.keys()")
    assert len(old) == 1 and old[0].startswith("imperial-")
    # the first visit downloaded each file once: the precache found the page's own downloads unchanged (304)
    here = [path for d, path in bodies if d == str(changing_site.directory)]
    twice = sorted({path for path in here if here.count(path) > 1})
    assert twice == [], twice
    assert "/pyodide/pyodide.asm.wasm.zst" in here and "/sw.js" in here
    assert "/pyodide/pyodide.asm.wasm" not in here  # (the packed copy only)
    # and it is kept unpacked, as the file itself (a later start unpacks nothing)
    kept = page.evaluate("caches.match('pyodide/pyodide.asm.wasm').then(r => r.arrayBuffer()).then(b => b.byteLength)")
    assert kept == (Path(changing_site.directory) / "pyodide" / "pyodide.asm.wasm").stat().st_size
    expect(page.locator("[data-testid=update]")).to_be_hidden()
    # Start a game, then publish a new version of the site.
    page.fill("#seed", "7")
    page.click("[data-testid=start-game]")
    expect(page.locator("#game")).to_be_visible()
    page.evaluate("() => { window.imperialSameDocument = true; }")
    sw = Path(changing_site.directory) / "sw.js"
    version = old[0].removeprefix("imperial-")
    text = sw.read_text()
    assert f'"{version}"' in text
    sw.write_text(text.replace(f'"{version}"', '"newer-version"'))
    # a file of the new version changed too: its precache must hold the new one, not the one in the HTTP cache
    info = Path(changing_site.directory) / "build-info.json"
    info.write_text(json.dumps({**json.loads(info.read_text()), "version": "newer-version"}))
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    prompt = page.locator("[data-testid=update]")
    expect(prompt).to_be_visible(timeout=60_000)
    expect(prompt).to_contain_text("new version")
    # Nothing happens until the player says so: the same page, the same game, the old version in charge.
    page.wait_for_timeout(500)
    assert page.evaluate("() => window.imperialSameDocument === true")
    expect(page.locator("#game")).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "update-prompt.png"))
    with page.expect_navigation(timeout=60_000):
        page.click("#update-reload")
    wait_ready(page)
    assert page.evaluate("() => window.imperialSameDocument === undefined")
    expect(page.locator("#game")).to_be_visible()  # the game was saved, and the reload resumes it
    page.wait_for_function("() => caches.keys().then((k) => k.length === 1 && k[0] === 'imperial-newer-version')",
                           timeout=30_000)
    kept = page.evaluate("caches.match('build-info.json').then(r => r.json())")
    assert kept["version"] == "newer-version"
    context.close()
