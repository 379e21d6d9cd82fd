"""Warm starts from a memory snapshot of Python (issue 23): after a return visit the page keeps a snapshot in
the Cache Storage (web/snapshot-worker.mjs) and the next visit starts from it (web/pyodide-env.mjs).  A game
played after a start from the snapshot goes exactly as after a cold start; a damaged snapshot, one that cannot
be started from, or one of another version of the site is not used: the page starts normally and plays the
same.

One browser context for the whole file, opened here (the snapshot lives in its Cache Storage and is made only
on a return visit, so the shared booted pages cannot be used); its tests run in file order."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import SiteServer, wait_ready
from playwright.sync_api import Browser, Page

#: the Cache Storage cache of the snapshots (pyodide-env.mjs SNAPSHOTS)
CACHE = "imperial-snapshot"
#: each test here boots the page several times, on machines that may be busy
SLOW = 300_000


def reload(page: Page) -> str:
    """A new visit with empty local and tab storage (so the start screen shows); how it started."""
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.reload(timeout=SLOW)
    wait_ready(page, SLOW)
    return page.evaluate("() => document.body.dataset.snapshot || ''")


def play(page: Page, moves: int = 6) -> list[list[str]]:
    """A new game with a fixed seed, the first choice taken each time: the choices offered at every step and
    the scores at the end."""
    page.fill("#seed", "4242")
    page.click("[data-testid=start-game]")
    seen = []
    for k in range(moves):
        page.wait_for_function("(k) => Number(document.body.dataset.moves || 0) === k && "
                               "document.querySelectorAll('#decision [data-choice]').length > 0", arg=k, timeout=SLOW)
        choices = page.eval_on_selector_all("#decision [data-choice]", "els => els.map(e => e.dataset.choice)")
        seen.append(choices)
        page.locator("#decision [data-choice]").first.click()
    page.wait_for_function("(k) => Number(document.body.dataset.moves || 0) === k", arg=moves, timeout=SLOW)
    seen.append([page.inner_text("[data-testid=scores]")])
    return seen


def snapshot_made(page: Page) -> str:
    """Whether the snapshot was made: the page puts it off for 10 s after it is ready, so that the visit's first
    clicks go first; the test runs the page's clock past that wait instead of sitting through it."""
    page.clock.fast_forward(10_000)
    page.wait_for_function("() => document.body.dataset.snapshotMade !== undefined", timeout=SLOW)
    return page.evaluate("() => document.body.dataset.snapshotMade")


def kept(page: Page) -> list[str]:
    return page.evaluate("async (name) => (await (await caches.open(name)).keys()).map(r => r.url)", CACHE)


@pytest.fixture(scope="module")
def visit(browser: Browser, site: SiteServer) -> Iterator[tuple[Page, list[list[str]]]]:
    """A first visit and a return visit (after which the snapshot is made), and the game as a cold start plays
    it; uncaught errors of the page are collected."""
    context = browser.new_context()
    context.clock.install()  # time flows as usual; ``snapshot_made`` runs it forward
    page = context.new_page()
    page.set_default_timeout(SLOW)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url, timeout=SLOW)
    wait_ready(page, SLOW)
    assert page.evaluate("() => document.body.dataset.snapshot") == "none"
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=SLOW)
    assert reload(page) == "none"
    cold_game = play(page)
    assert snapshot_made(page) == "made"
    yield page, cold_game
    context.close()
    assert not errors, errors


def test_a_warm_start_from_the_snapshot_plays_like_a_cold_one_and_draws_its_own_random_numbers(visit):
    """The snapshot holds Python's random generator as it was when the snapshot was made: every start from it
    reseeds it, or each would suggest the same seed for a new game and give its tab the same id as the
    others (so two tabs on one game would not see each other).  Three warm starts: the first plays the cold
    start's game, the next two show that the snapshot is kept, and each suggests its own seed."""
    page, cold_game = visit
    assert len(kept(page)) == 1
    seeds = []
    assert reload(page) == "used"
    seeds.append(page.input_value("#seed"))
    assert play(page) == cold_game
    for _ in range(2):
        assert reload(page) == "used"  # and again: the snapshot is kept
        seeds.append(page.input_value("#seed"))
    assert len(set(seeds)) == 3, seeds


def test_a_damaged_snapshot_is_dropped_and_the_page_starts_normally(visit):
    page, cold_game = visit
    # one byte changed: its SHA-256 no longer matches
    page.evaluate("""async (name) => {
      const cache = await caches.open(name);
      const [key] = await cache.keys();
      const res = await cache.match(key);
      const bytes = new Uint8Array(await res.arrayBuffer());
      bytes[bytes.length >> 1] ^= 0xff;
      await cache.put(key, new Response(bytes, { headers: { "x-sha256": res.headers.get("x-sha256") } }));
    }""", CACHE)
    assert reload(page) == "failed"
    assert kept(page) == []  # dropped ...
    assert play(page) == cold_game
    assert snapshot_made(page) == "made"  # ... and made again while the page is idle
    assert reload(page) == "used"


def test_a_snapshot_that_cannot_be_started_from_falls_back(visit):
    page, cold_game = visit
    # whole and with the right digest, but not a Pyodide snapshot: the start from it fails
    page.evaluate("""async (name) => {
      const cache = await caches.open(name);
      const [key] = await cache.keys();
      const bytes = new Uint8Array(1 << 20).fill(7);
      const hex = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
                             (b) => b.toString(16).padStart(2, "0")).join("");
      await cache.put(key, new Response(bytes, { headers: { "x-sha256": hex } }));
    }""", CACHE)
    assert reload(page) == "failed"
    assert play(page) == cold_game


def test_a_snapshot_of_another_version_is_not_used(visit):
    page, cold_game = visit
    snapshot_made(page)
    page.evaluate("""async (name) => {
      const cache = await caches.open(name);
      for (const key of await cache.keys()) await cache.delete(key);
      const res = new Response(new Uint8Array(1 << 16), { headers: { "x-sha256": "0" } });
      await cache.put(new URL("./snapshot-0000000000000000.bin", location.href).href, res);
    }""", CACHE)
    assert reload(page) == "none"
    assert play(page) == cold_game
    assert snapshot_made(page) == "made"
    assert all("0000000000000000" not in url for url in kept(page))  # the other version's is dropped
