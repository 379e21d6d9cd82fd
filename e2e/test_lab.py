"""The Python lab (lab.html): PyScript on the site's own Pyodide and wheels, every request to this site, its
three examples, a traceback that leaves the page working, offline after one visit, and the game page that
loads nothing of it.

One lab page, opened once, serves the tests in file order (a start of the lab is a Pyodide start); the
offline test reloads it last but one, and the game page's test has a browser context of its own."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlparse

import imperial_core as core
import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, SiteServer, serious_violations, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect

SHOTS = ROOT / "test-results"
#: PyScript's files and the lab's own: what the game page must never fetch
LAB_PARTS = ("/pyscript/", "/lab.", "/labkit.")
WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


@dataclass
class Lab:
    context: BrowserContext
    page: Page
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def lab_ready(page: Page) -> None:
    page.wait_for_function("() => ['ready', 'failed'].includes(document.body.dataset.lab)", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.lab") == "ready", page.inner_text("[data-testid=lab-status]")


@pytest.fixture(scope="module")
def lab(browser: Browser, site: SiteServer) -> Iterator[Lab]:
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-GB")
    context.add_init_script(WATCH)
    visit = Lab(context, context.new_page())
    context.on("request", lambda r: visit.requests.append(r.url))
    visit.page.on("pageerror", lambda e: visit.errors.append(str(e)))
    visit.page.on("console", lambda m: visit.errors.append(m.text) if m.type == "error" else None)
    visit.page.goto(site.url + "lab.html")
    lab_ready(visit.page)
    yield visit
    context.close()


def run(page: Page, code: str | None = None, timeout: float = 120_000) -> str:
    """Put ``code`` in the editor (if given), press Run, wait for the run's end; the output."""
    if code is not None:
        page.get_by_test_id("lab-code").fill(code)
    before = int(page.evaluate("document.body.dataset.labRuns || '0'"))
    page.get_by_test_id("lab-run").click()
    page.wait_for_function("n => Number(document.body.dataset.labRuns || 0) > n", arg=before, timeout=timeout)
    return page.get_by_test_id("lab-output").inner_text()


def example(page: Page, name: str) -> str:
    page.get_by_test_id(f"lab-example-{name}").click()
    return page.get_by_test_id("lab-code").input_value()


def test_the_lab_runs_pyscript_on_the_sites_own_pyodide_and_asks_only_this_site(lab: Lab, site: SiteServer):
    page = lab.page
    expect(page.get_by_test_id("lab-status")).to_have_text("Ready.")
    expect(page.get_by_test_id("lab-run")).to_be_enabled()
    paths = [urlparse(u).path for u in lab.requests if urlparse(u).scheme in ("http", "https", "ws", "wss")]
    outside = [u for u in lab.requests if urlparse(u).scheme not in ("data", "blob")
               and urlparse(u).netloc != urlparse(site.url).netloc]
    assert not outside, f"the lab asked elsewhere: {outside}"
    for needed in ("/pyscript/core.js", "/pyodide/pyodide.mjs", "/pyodide/pyodide.asm.wasm.zst", "/lab.py",
                   "/labkit.py", "/lab.json"):
        assert needed in paths, f"{needed} was not loaded"
    # the site's own Pyodide and wheels, packed as for the game page (web/packed.mjs)
    wheels = [p for p in paths if ".whl" in p]
    assert wheels and all(p.endswith(".whl.zst") for p in wheels), wheels
    assert any(re.fullmatch(r"/pyodide/imperial_core-.*\.whl\.zst", p) for p in paths)
    csp = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    for part in ("script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'", "connect-src 'self'", "object-src 'none'"):
        assert part in csp
    assert page.evaluate("window.__csp") == []
    # the engine, the computer players and the renderer are the site's own wheels
    out = run(page, "import imperial_core, imperial_bots, render, sys\n"
                    "print(imperial_core.RULES_VERSION, sys.version_info[:2], render.BOARDS)\n")
    assert "(3, 14)" in out and "europe" in out
    assert lab.errors == []


def test_the_saved_games_example_reads_this_browsers_saves(lab: Lab):
    sys.path.insert(0, str(ROOT / "web"))
    from imperial_ui.session import Session

    page = lab.page
    state = core.new_game(["Anna", "Ben", "Clara"], seed=5)
    for _ in range(120):
        state = core.apply_index(state, 0)
    save = Session.from_state(state, game_id="lab-test").to_save()
    page.evaluate("s => { localStorage.clear(); localStorage.setItem('imperial.save.lab-test', s); }", save)
    code = example(page, "saves")
    assert "read_save" in code and "imperial.save." in code
    out = run(page)
    assert f"Anna, Ben, Clara · Europe (1914) · 120 moves · round {state.round}" in out, out
    assert "Scores at the end of each round of the last one:" in out
    table = out.split("of the last one:")[1].strip().splitlines()
    assert table[0].split() == ["Round", "Anna", "Ben", "Clara"]
    assert [row.split()[0] for row in table[1:]] == [str(r) for r in range(1, state.round + 1)]
    page.evaluate("() => localStorage.clear()")
    assert "No saved games in this browser yet" in run(page)


def test_the_best_move_example_asks_the_computer_about_a_pasted_link(lab: Lab, site: SiteServer):
    page = lab.page
    state = core.new_game(["Anna", "Ben", "Clara", "David"], seed=9)
    for _ in range(30):
        state = core.apply_index(state, 0)
    code = example(page, "best")
    assert 'link = ""' in code
    link = f"{site.url}#g={core.encode(state)}"
    out = run(page, code.replace('link = ""', f'link = "{link}"', 1))
    assert f"Round {state.round}, move 30: {state.current_player} decides." in out, out
    assert "The computer (normal level) would play:" in out
    reason = out.strip().splitlines()[-1]
    assert f"({state.current_player})" in reason and "next best" in reason, reason


def test_the_games_example_plays_whole_games_with_a_progress_line(lab: Lab):
    page = lab.page
    code = example(page, "games")
    # three of its ten games: the same loop, its progress line and its tally, at a third of the cost
    assert "\ngames = 10\n" in code
    page.get_by_test_id("lab-code").fill(code.replace("\ngames = 10\n", "\ngames = 3\n", 1))
    page.evaluate("""() => {
        window.__progress = [];
        new MutationObserver(() => window.__progress.push(document.getElementById('lab-status').textContent))
            .observe(document.getElementById('lab-status'), {childList: true, characterData: true, subtree: true});
    }""")
    out = run(page, timeout=240_000)
    winners = re.findall(r"^Game (\d+): (Anna|Ben|Clara|David) wins \((easy|normal) level, \d+ points\)\.$", out, re.M)
    assert [int(n) for n, _, _ in winners] == [1, 2, 3], out
    easy, normal = (sum(1 for *_, lv in winners if lv == level) for level in ("easy", "normal"))
    assert f"Wins by level: easy {easy}, normal {normal}" in out
    progress = page.evaluate("window.__progress")
    assert "Game 1 of 3…" in progress and "Game 3 of 3…" in progress, progress
    seconds = float(re.search(r"Done in ([\d.]+) s", page.get_by_test_id("lab-status").inner_text())[1])
    print(f"the three games took {seconds} s")


def test_an_error_shows_its_traceback_and_the_lab_runs_on(lab: Lab):
    page = lab.page
    out = run(page, "def share(money, players):\n    return money / players\n\nprint(share(12, 0))\n")
    assert out.startswith("Traceback (most recent call last):"), out
    assert 'File "<lab>", line 4, in <module>' in out and 'File "<lab>", line 2, in share' in out
    assert "ZeroDivisionError: division by zero" in out
    assert "labkit" not in out  # the lab's own frames are left out
    assert page.evaluate("document.body.dataset.lab") == "error"
    expect(page.get_by_test_id("lab-status")).to_contain_text("Stopped with an error")
    out = run(page, "print(share(12, 3)')\n")
    assert "SyntaxError" in out
    out = run(page, "raise SystemExit(3)\n")
    assert "SystemExit: 3" in out
    # the globals are kept from one run to the next, and the page goes on
    assert run(page, "print('after', share(12, 3))\n").strip() == "after 4.0"
    assert page.evaluate("document.body.dataset.lab") == "done"
    assert lab.errors == []


def test_the_lab_fits_at_1280_and_390_pixels(lab: Lab):
    page = lab.page
    SHOTS.mkdir(exist_ok=True)
    for width, height in ((1280, 860), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        boxes = page.evaluate("""() => {
            const parts = ['.topbar h1', '.lab-title', '.lab-back', '.lab-intro', '.lab-examples h2',
                           ...[...document.querySelectorAll('[data-example]')].map((b) => `[data-example=${b.dataset.example}]`),
                           '.lab-label', '#lab-code', '#lab-run', '#lab-status', '.lab-out h2', '#lab-output'];
            return parts.map((sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                return {sel, x: r.x, y: r.y, w: r.width, h: r.height}; });
        }""")
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the lab is wider than {width} px by {overflow} px"
        for i, a in enumerate(boxes):
            assert a["w"] > 0 and a["h"] > 0 and a["x"] >= 0 and a["x"] + a["w"] <= width + 0.5, (width, a)
            for b in boxes[i + 1:]:
                apart = (a["x"] + a["w"] <= b["x"] + 0.5 or b["x"] + b["w"] <= a["x"] + 0.5
                         or a["y"] + a["h"] <= b["y"] + 0.5 or b["y"] + b["h"] <= a["y"] + 0.5)
                assert apart, f"at {width} px {a['sel']} overlaps {b['sel']}"
        page.screenshot(path=str(SHOTS / f"lab-{width}.png"), full_page=True)
        assert serious_violations(page) == [], width
    page.set_viewport_size({"width": 1280, "height": 860})


def test_after_one_visit_the_lab_opens_offline_in_the_saved_language(lab: Lab):
    page = lab.page
    page.wait_for_function("() => document.body.dataset.labKept === '1'", timeout=60_000)
    page.evaluate("() => localStorage.setItem('imperial.lang', 'es')")  # as the game page keeps a choice
    lab.context.set_offline(True)
    try:
        page.reload()
        lab_ready(page)
        expect(page.get_by_test_id("lab-status")).to_have_text("Listo.")
        expect(page.get_by_test_id("lab-run")).to_have_text("Ejecutar")
        code = example(page, "best")
        assert "# Pega un enlace de partida entre las comillas" in code
        out = run(page)
        assert "El ordenador (nivel normal) jugaría:" in out, out
    finally:
        lab.context.set_offline(False)
        page.evaluate("() => localStorage.clear()")
    assert lab.errors == []


def test_the_game_page_loads_nothing_of_the_lab_and_links_to_it(browser: Browser, site: SiteServer):
    """A first visit to the game: no file of PyScript or of the lab is fetched or precached, the page's own
    policy stays without 'unsafe-eval', and the start screen and the Games menu link to the lab."""
    sw = (site.directory / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)[1])
    kept_later = json.loads(re.search(r"const LAB = (\[.*?\]);", sw, re.S)[1])
    assert "lab.html" in kept_later and "pyscript/core.js" in kept_later
    assert not [u for u in precache if any(part.strip("/") in "/" + u for part in LAB_PARTS) or u in kept_later]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    requests: list[str] = []
    context.on("request", lambda r: requests.append(urlparse(r.url).path))
    page = context.new_page()
    try:
        page.goto(site.url)
        wait_ready(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        cached = page.evaluate("""async () => {
            const names = (await caches.keys()).filter((k) => k.startsWith('imperial-'));
            const urls = [];
            for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
            return urls;
        }""")
        assert "/pyodide/pyodide.asm.wasm" in cached  # the game's own precache ran
        for part in LAB_PARTS:
            assert not [p for p in requests if part in p], f"the game page fetched {part}"
            assert not [p for p in cached if part in p], f"the game's first visit precached {part}"
        csp = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
        assert "'unsafe-eval'" not in csp
        assert page.locator("script[type=py], py-script, script[src*=pyscript]").count() == 0
        expect(page.get_by_test_id("lab-link")).to_have_attribute("href", "./lab.html")
        expect(page.get_by_test_id("lab-link")).to_have_text("Python lab")
        page.evaluate("() => document.getElementById('menu').showModal()")  # the Games menu, as in a game
        expect(page.get_by_test_id("menu-lab-link")).to_be_visible()
        expect(page.get_by_test_id("menu-lab-link")).to_have_text("Python lab")
        expect(page.get_by_test_id("menu-lab-link")).to_have_attribute("href", "./lab.html")
    finally:
        context.close()
