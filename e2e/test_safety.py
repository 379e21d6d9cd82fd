"""Issue 13, "Nothing breaks, nothing is lost", in real Chromium: whatever localStorage holds the page starts;
double clicks and stale clicks play once; blocked, throwing and full storage; player names; imports and links
that cannot be read; a game changed from the console; the page hidden or closed right after a move;
links to games saved here; two tabs; and a sample of damaged saves and links through the page's own import and
address.  (The same rules on thousands of cases, without a browser: ``test_page_safety.py``.)"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import imperial_core as core
import mutate
import pytest
from conftest import ROOT, PagePool, SiteServer, saved_text, wait_ready
from playwright.sync_api import Browser, Dialog, Page, expect

SHOTS = ROOT / "test-results"
PREFIX = "imperial.save."

BLOCK_STORAGE = """
for (const name of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(window, name, { configurable: true, get() {
    throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`,
                           'SecurityError');
  } });
}
"""


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def moves(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.moves || '-1'"))


def stored(page: Page) -> dict[str, str]:
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('imperial.save.'))"
                         ".map(k => [k, localStorage.getItem(k)]))")


def new_game(page: Page, seed: int = 99, players: int = 3) -> None:
    page.evaluate("() => document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    if page.evaluate("document.body.dataset.screen") != "start":
        page.locator("button[data-cmd=menu]").click()
        page.locator("#menu button[data-cmd=home]").click()
    page.get_by_test_id("player-count").select_option(str(players))
    for i, name in enumerate(["Anna", "Ben", "Clara", "David", "Eva", "Felix"][:players], 1):
        page.get_by_test_id(f"player-name-{i}").fill(name)
    page.locator("#seed").fill(str(seed))
    page.get_by_test_id("start-game").click()
    expect(page.locator("#decision .who")).to_be_visible()


def play(page: Page, n: int = 1, which: str = "first") -> None:
    """``n`` moves by clicking the first (or last) drawn choice until each move is made."""
    for _ in range(n):
        start = moves(page)
        for _ in range(6):
            getattr(page.locator("#decision [data-choice]"), which).click()
            if moves(page) != start:
                break
        assert moves(page) == start + 1


def message(page: Page) -> str:
    box = page.get_by_test_id("error")
    expect(box).to_be_visible()
    return box.locator("> p").inner_text()


def import_text(page: Page, text: str | bytes, name: str = "game.json") -> None:
    data = text.encode() if isinstance(text, str) else text
    page.evaluate("() => { const b = document.getElementById('error'); b.hidden = true; b.replaceChildren(); }")
    before = page.evaluate("document.body.dataset.game || ''")
    page.locator("#menu input[data-import]").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    page.wait_for_function("g => !document.getElementById('error').hidden || document.body.dataset.game !== g",
                           arg=before)


def open_link(page: Page, link: str) -> None:
    """Put a link in the address of the open page (as pasting it), and wait for the page to answer."""
    page.evaluate("() => { const b = document.getElementById('error'); b.hidden = true; b.replaceChildren(); }")
    before = page.evaluate("document.body.dataset.game || ''")
    page.evaluate("h => { history.replaceState(null, '', location.pathname); location.hash = h; }", link)
    page.wait_for_function("g => document.body.dataset.game !== g || !document.getElementById('error').hidden",
                           arg=before)


# -- one page for most tests (they run in file order) ---------------------------------------------------
@pytest.fixture(scope="module", autouse=True)
def shots_kept(delete_output_dir: None) -> None:
    """pytest-playwright empties test-results/ once per session: before the screenshots here, not after."""


@pytest.fixture(scope="module")
def page(page_pool: PagePool) -> Iterator[Page]:
    """The shared booted page, reset once for this module; its confirmations are accepted while the module
    runs."""
    page = page_pool.use({"width": 1280, "height": 800})

    def accept(dialog: Dialog) -> None:
        dialog.accept()

    page.on("dialog", accept)
    yield page
    page.remove_listener("dialog", accept)


# -- 1. whatever localStorage holds, the page starts ----------------------------------------------------
SEED_STORAGE = """(good) => {
  const bad = JSON.parse(good); bad.meta.saved = 'yesterday';
  const nation = JSON.parse(good); nation.summary.nation = ['AH', 'IT'];
  const items = {
    'notjson': '{not json', 'empty': '', 'nested': '['.repeat(100000) + ']'.repeat(100000),
    'huge': 'x'.repeat(2100000), 'slow': '{"a":"' + '\\\\"'.repeat(100000),
    'bad-time': JSON.stringify(bad), 'nation-list': JSON.stringify(nation),
    '<img src=x onerror=alert(1)>': '{}', 'good': good,
  };
  for (const [k, v] of Object.entries(items)) localStorage.setItem('imperial.save.' + k, v);
}"""


def good_save(moves_: int = 9) -> str:
    import sys

    sys.path.insert(0, str(ROOT / "web"))
    from imperial_ui.session import Session

    s = Session.new(["Ann", "Bo", "Cy"], game_id="good", seed=4)
    for _ in range(moves_):
        s.play(core.legal_actions(s.present)[0])
    return s.to_save()


def test_the_page_starts_whatever_local_storage_holds(page: Page):
    # the storage is filled, then the page starts again with it
    page.set_viewport_size({"width": 1280, "height": 900})
    page.evaluate(SEED_STORAGE, good_save())
    page.reload()
    wait_ready(page, timeout=40_000)  # the "slow" value alone held the old page for minutes
    rows = page.locator("#saves-list .save")
    expect(rows).to_have_count(9)
    bad = page.locator("#saves-list .save.bad")
    expect(bad).to_have_count(7)  # the good save and the odd-timed one are listed as games
    for row in bad.all():
        expect(row.locator("button[data-cmd=download-raw]")).to_have_text("Download raw")
        expect(row.locator("button[data-cmd=delete-save]")).to_have_text("Delete")
    expect(page.locator("#saves-list .save.bad", has_text="nested too deeply")).to_have_count(1)
    expect(page.locator("#saves-list .save.bad", has_text="too large to list")).to_have_count(1)
    assert page.locator("#saves-list img").count() == 0
    SHOTS.mkdir(exist_ok=True)
    page.locator("section.saves").screenshot(path=str(SHOTS / "safety-damaged-saves-1280.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("section.saves").screenshot(path=str(SHOTS / "safety-damaged-saves-390.png"))
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1280, "height": 900})
    # Download raw: exactly what is stored
    with page.expect_download() as download:
        page.locator(f"#saves-list button[data-cmd=download-raw][data-arg='{PREFIX}slow']").click()
    raw = Path(download.value.path()).read_text(encoding="utf-8")
    assert raw == page.evaluate(f"localStorage.getItem('{PREFIX}slow')")
    page.locator(f"#saves-list button[data-cmd=delete-save][data-arg='{PREFIX}notjson']").click()  # confirmed
    expect(rows).to_have_count(8)
    # a damaged one says why it cannot be opened; the good one opens
    page.locator(f"#saves-list button[data-cmd=resume][data-arg='{PREFIX}huge']").click()
    assert "This save cannot be opened" in message(page)
    page.locator(f"#saves-list button[data-cmd=resume][data-arg='{PREFIX}good']").click()
    page.wait_for_function("() => document.body.dataset.screen === 'game'")
    assert moves(page) == 9
    page.evaluate("() => localStorage.clear()")  # the tests below start from an empty storage
    page.set_viewport_size({"width": 1280, "height": 800})


# -- 2. a double click, or a click made before the page changed, plays once ----------------------------
def test_double_clicks_and_stale_clicks_play_once(page: Page):
    dropped = int(page.evaluate("document.body.dataset.droppedClicks || '0'"))  # counted since the page started
    new_game(page)
    # a real double click on a choice, several times: one move each
    for _ in range(4):
        n = moves(page)
        page.locator("#decision button[data-choice]").first.dblclick()
        page.wait_for_timeout(50)
        assert moves(page) in (n, n + 1)
        if moves(page) == n:  # a unit or a province was selected: the rest of the move
            play(page)
        assert moves(page) == n + 1
    # the second click of a double click lands on whatever was drawn in the first one's place: dropped
    result = page.evaluate("""() => {
        const before = Number(document.body.dataset.moves);
        document.querySelector('#decision button[data-choice]')
            .dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 1}));
        const middle = Number(document.body.dataset.moves);
        document.querySelector('#decision button[data-choice]')  // drawn by the first click
            .dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 2}));
        return {before, middle, after: Number(document.body.dataset.moves)};
    }""")
    assert result["middle"] in (result["before"], result["before"] + 1)
    assert result["after"] == result["middle"], result
    if result["middle"] == result["before"]:
        play(page)
    # a click made before the choices changed (queued while the page was busy) arrives after: dropped
    result = page.evaluate("""() => {
        const before = Number(document.body.dataset.moves);
        const late = new MouseEvent('click', {bubbles: true, detail: 1});  // made now...
        document.querySelector('#decision button[data-choice]').click();   // ...the page changes...
        document.querySelector('#decision [data-choice]').dispatchEvent(late);  // ...and it arrives
        return {before, after: Number(document.body.dataset.moves)};
    }""")
    assert result["after"] <= result["before"] + 1, result
    assert int(page.evaluate("document.body.dataset.droppedClicks || '0'")) >= dropped + 2


# -- 4. throwing and full storage -----------------------------------------------------------------------
def test_throwing_storage_still_says_the_storage_is_full(page: Page):
    new_game(page, seed=5)
    page.evaluate("""() => {
        window.__setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
            throw new DOMException("Setting the value exceeded the quota.", "QuotaExceededError");
        };
    }""")
    try:
        n = moves(page)
        play(page)
        text = message(page)
        assert "storage is full" in text and "JsException" not in text and moves(page) == n + 1
        expect(page.locator("#error button[data-cmd=free-space]")).to_be_visible()
        expect(page.locator("#error button[data-cmd=export]")).to_be_visible()
        expect(page.locator("body")).to_have_attribute("data-unsaved", "1")
    finally:
        page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    play(page)  # room again: saved (after the frame is painted)
    expect(page.locator("body")).to_have_attribute("data-unsaved", "0")


def test_a_full_storage_offers_to_delete_old_saves(page: Page):
    # three old games, then this one; then the storage is filled to the brim
    for seed in (11, 12, 13):
        new_game(page, seed=seed)
        play(page, 2)
    new_game(page, seed=14)
    game = page.evaluate("document.body.dataset.game")
    before = stored(page)
    page.evaluate("""() => {
        let i = 0;
        for (const size of [262144, 16384, 1024, 64, 1]) {
            try { for (;;) localStorage.setItem('filler.' + (i++), 'x'.repeat(size)); } catch (e) {}
        }
    }""")
    play(page)
    assert "storage is full" in message(page)
    shot(page, "safety-storage-full.png")
    assert json.loads(stored(page)[PREFIX + game])["summary"]["moves"] == 0
    # the game survives a reload of this tab (it waits in the tab's own storage)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.game") == game and moves(page) == 1
    # delete old saves: the oldest go (after a confirmation), this game is saved, nothing else is touched
    page.locator("#error button[data-cmd=free-space]").click()
    assert "this game is saved" in message(page)
    after = stored(page)
    assert json.loads(after[PREFIX + game])["summary"]["moves"] == 1
    gone = set(before) - set(after)
    assert gone and PREFIX + game not in gone
    page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('filler.')).forEach(k => localStorage.removeItem(k))")


# -- 5. player names ------------------------------------------------------------------------------------
@pytest.mark.parametrize("names,reason", [
    (["Anna", "anna"], "two players are called"),
    (["Anna", "   "], "player 2 needs a name"),
    (["Anna", "Bank"], "bank"),
    (["Anna", "x" * 30], "longer than 24"),
])
def test_the_form_refuses_names_as_the_engine_does(page: Page, names: list[str], reason: str):
    if page.evaluate("document.body.dataset.screen") != "start":
        page.locator("button[data-cmd=menu]").click()
        page.locator("#menu button[data-cmd=home]").click()
    expect(page.locator("#name-rules")).to_contain_text("1–24 printable characters")
    page.get_by_test_id("player-count").select_option("2")
    game = page.evaluate("document.body.dataset.game || ''")
    for i, n in enumerate(names, 1):
        # typed text is cut at 24 characters by the field; a pasted or scripted value is checked as well
        page.evaluate("([i, n]) => { document.getElementById('player-name-' + i).value = n; }", [i, n])
    page.get_by_test_id("start-game").click()
    text = message(page)
    assert "These names cannot be used" in text and reason in text
    assert page.evaluate("document.body.dataset.screen") == "start"
    assert page.evaluate("document.body.dataset.game || ''") == game


# -- 6, 7, 8. every import and link error is a message --------------------------------------------------
def test_imports_that_cannot_be_read_say_why(page: Page):
    cases = [
        ("[" * 300_000 + "]" * 300_000, "nested too deeply"),
        ('{"a":' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        ("", "empty"),
        (bytes(range(256)) * 10, "cannot be imported"),
        ('{"a":"' + '\\"' * 200_000, "not closed"),
        ("x" * 2_500_000, "longer than"),
    ]
    for text, reason in cases:
        before = stored(page)
        import_text(page, text)
        got = message(page)
        assert got.startswith("This file cannot be imported:") and reason in got, got
        assert "Traceback" not in got and "Error:" not in got
        assert stored(page) == before


def forged(names: list[str], version: int | None = None) -> str:
    """A link of a new game (no moves) with a right checksum but names or a rules version the engine refuses."""
    stand_in = [f"P{i}" + "x" * (len(n.encode()) - 2) for i, n in enumerate(names)]
    raw = bytearray(mutate.token_bytes(core.encode(core.new_game(stand_in, seed=3))))
    for a, b in zip(stand_in, names, strict=True):
        k = raw.index(a.encode())
        raw[k:k + len(a)] = b.encode()
    if version is not None:
        raw[1] = version  # layout 3: the layout, then the rules version
    return mutate.token_of(mutate.recrc(bytes(raw)))


def test_link_errors_are_the_engines_messages(page: Page):
    good = core.encode(core.new_game(["Ann", "Bob", "Cem"], seed=8))
    cases = {
        "#g=" + good[:-5]: "this link is damaged or incomplete",
        "#g=" + good[:8] + ("A" if good[8] != "A" else "B") + good[9:]: "damaged or incomplete (checksum mismatch)",
        "#g=" + forged(["Ann", "Bob", "Cem"], version=3): "made by a newer version of the game (engine format 3)",
        "#g=" + forged(["Ann", "BOB", "bob"]): "the set-up is invalid: two players are called",
    }
    for link, text in cases.items():
        open_link(page, link)
        got = message(page)
        assert got.startswith("This game link cannot be opened:") and text in got, got
    open_link(page, "#g=" + good)  # a good one still opens
    assert moves(page) == 0 and page.locator("#decision .who").is_visible()


# -- 9. the game changed from the console is rebuilt before it is saved or linked -----------------------
def test_a_game_changed_from_the_console_is_put_back(page: Page):
    new_game(page, seed=21)
    play(page, 3)
    good = json.loads(saved_text(page))  # once the third move is saved (after its frame)
    # from the console, the page's Python is reachable through the click handler it gave to JS
    page.evaluate("() => { const app = imperialPy.command.__self__; app.session.present.history.append(9999); }")
    page.get_by_test_id("share-link").click()
    assert "changed from outside the page" in message(page)
    url = page.get_by_test_id("share-url").input_value()
    page.locator("#share button[data-close]").click()
    page.evaluate("() => { const n = imperialPy.command.__self__.session.present.nations.get('AH');"
                  " n.set('treasury', 999); }")
    page.locator("#decision [data-choice]").first.dispatch_event("click")  # aimed at the changed game: not played
    assert "changed from outside the page" in message(page) and moves(page) == 3
    play(page)
    now = json.loads(saved_text(page))
    assert now["record"]["notation"][:3] == good["record"]["notation"] and now["summary"]["moves"] == 4
    open_link(page, "#g=" + url.split("#g=")[1])
    assert moves(page) == 3  # the link made from the rebuilt game opens, and it is behind the saved game
    expect(page.get_by_test_id("prompt").locator("[data-relation=behind]")).to_be_visible()


# -- 10. a move is saved once its frame is painted, and at once when the page is hidden or closed ------------
def test_a_move_is_saved_after_its_frame_and_when_the_page_is_hidden(page: Page):
    new_game(page, seed=31)
    game = page.evaluate("document.body.dataset.game")
    # the click: its frame first, the save once that frame is painted
    saved = page.evaluate("""async (g) => {
        const moves = () => JSON.parse(localStorage.getItem('imperial.save.' + g) || '{"summary": {"moves": 0}}')
            .summary.moves;
        document.querySelector('#decision button[data-choice]').click();
        const before = moves();
        await new Promise(r => requestAnimationFrame(() => setTimeout(() => setTimeout(r))));
        return [before, moves()];
    }""", game)
    assert saved == [0, 1]
    # the page hidden or closed right after a move (before its frame): the move is stored then and there
    saved = page.evaluate("""(g) => {
        document.querySelector('#decision button[data-choice]').click();
        window.dispatchEvent(new Event('pagehide'));
        return JSON.parse(localStorage.getItem('imperial.save.' + g)).summary.moves;
    }""", game)
    assert saved == 2
    # and when drawing fails after a move, the move is stored all the same
    saved = page.evaluate("""async (g) => {
        const real = imperialUI.highlight;
        imperialUI.highlight = () => { throw new Error('drawing failed'); };
        try { document.querySelector('#decision button[data-choice]').click(); }
        finally { imperialUI.highlight = real; }
        await new Promise(r => requestAnimationFrame(() => setTimeout(() => setTimeout(r))));
        return JSON.parse(localStorage.getItem('imperial.save.' + g)).summary.moves;
    }""", game)
    assert saved == 3
    assert "Something went wrong" in message(page)


# -- links that continue or rewrite a saved game --------------------------------------------------------
def copy_link(page: Page) -> str:
    page.get_by_test_id("share-link").click()
    url = page.get_by_test_id("share-url").input_value()
    page.locator("#share button[data-close]").click()
    return "#g=" + url.split("#g=", 1)[1]


def test_a_link_to_a_saved_game_says_whether_it_continues_or_rewrites_it(page: Page):
    new_game(page, seed=41)
    game = page.evaluate("document.body.dataset.game")
    play(page, 7)
    link7 = copy_link(page)
    for _ in range(3):
        page.get_by_test_id("undo").click()
    assert json.loads(saved_text(page))["summary"]["moves"] == 4
    count = len(stored(page))
    open_link(page, link7)
    prompt = page.get_by_test_id("prompt")
    expect(prompt).to_be_visible()
    expect(prompt.locator(".rel")).to_have_text(
        "This link continues your saved game: it has all of its 4 moves and 3 more.")
    shot(page, "safety-link-continues-1280.png")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "safety-link-continues-390.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert json.loads(stored(page)[PREFIX + game])["summary"]["moves"] == 4  # nothing written before the choice
    prompt.locator("button[data-cmd=link-continue]").click()
    assert page.evaluate("document.body.dataset.game") == game
    assert json.loads(saved_text(page))["summary"]["moves"] == 7 and len(stored(page)) == count
    # another move at move 5 in the saved game: the link now rewrites it
    page.get_by_test_id("undo").click()
    page.get_by_test_id("undo").click()
    play(page, 1, which="last")
    open_link(page, link7)
    expect(prompt.locator(".rel")).to_contain_text("This link rewrites your saved game: both agree for the first 5")
    expect(prompt.locator("button[data-cmd=link-continue]")).to_have_count(0)
    shot(page, "safety-link-rewrites-1280.png")
    prompt.locator("button[data-cmd=link-new]").click()
    saved_text(page)  # the copy is saved (once its frame is painted)
    after = stored(page)
    assert len(after) == count + 1 and json.loads(after[PREFIX + game])["summary"]["moves"] == 6
    assert page.evaluate("document.body.dataset.game") != game and moves(page) == 7


# -- two tabs on one save -------------------------------------------------------------------------------
def test_a_second_tab_is_told_the_game_is_open_elsewhere(page: Page):
    """Also the check that a second tab on the same game loses nothing (once in ``test_ui.py``): the other
    tab's move is in the save, the first tab's own line of play in a copy, and nothing else is written."""
    new_game(page, seed=51)
    play(page, 2)
    game = page.evaluate("document.body.dataset.game")
    saved_text(page)  # its second move is saved (once its frame is painted)
    count = len(stored(page))
    second = page.context.new_page()
    try:
        second.goto(page.url.split("#", 1)[0])
        wait_ready(second)
        second.locator(f"#saves-list button[data-cmd=resume][data-arg='{PREFIX}{game}']").click()
        expect(second.locator("#decision .note")).to_contain_text("open in another tab")
        expect(page.locator("#decision .note")).to_contain_text("open in another tab")
        # the second tab plays; the first then plays another move: both moves are kept
        play(second, 1)
        theirs = saved_text(second)  # the second tab's move, saved once its frame is painted
        page.wait_for_function("g => document.body.dataset.game !== g", arg=game)  # forked on the storage event
        expect(page.locator("#decision .note")).to_contain_text("another tab")
        play(page, 1, which="last")
        saved_text(page)  # the first tab's own line of play in its copy, once its frame is painted
        after = stored(page)
        assert len(after) == count + 1  # the copy, and nothing else
        assert after[PREFIX + game] == theirs and json.loads(theirs)["summary"]["moves"] == 3
        mine = after[PREFIX + page.evaluate("document.body.dataset.game")]
        assert json.loads(mine)["summary"]["moves"] == 3
    finally:
        second.close()


# -- fuzz: a sample of damaged saves and links through the page's own import and address --------------
def test_fuzz_sample_of_damaged_saves_and_links(page: Page):
    import sys

    sys.path.insert(0, str(ROOT / "e2e"))
    from test_page_safety import fuzz_sources

    text, token = fuzz_sources()
    rng = random.Random(99)
    saves_ = [mutate.mutate_save(rng, text) for _ in range(100)]
    # a link made in CPython may replay differently only if the engines disagree; damage is what counts here
    links = [mutate.mutate_link(rng, token) for _ in range(100)]
    result = page.evaluate("""async ([saves, links]) => {
        const box = document.getElementById('error');
        const out = {imports: [], links: []};
        for (const s of saves) {
            box.hidden = true;
            const before = document.body.dataset.game;
            imperialUI.menu(false);
            window.imperialPy.command('import', s);
            out.imports.push(box.hidden ? (document.body.dataset.game !== before ? 'opened' : 'nothing')
                                        : box.querySelector('p').textContent.split(':')[0]);
        }
        for (const l of links) {
            box.hidden = true;
            const before = document.body.dataset.game;
            const heard = new Promise(r => addEventListener('hashchange', () => setTimeout(r, 0), {once: true}));
            history.replaceState(null, '', location.pathname);
            location.hash = l.slice(1);
            await Promise.race([heard, new Promise(r => setTimeout(r, 500))]);
            imperialUI.prompt(false);
            out.links.push(box.hidden ? (document.body.dataset.game !== before ? 'opened' : 'nothing')
                                      : box.querySelector('p').textContent.split(':')[0]);
        }
        return out;
    }""", [saves_, links])
    assert set(result["imports"]) <= {"opened", "This file cannot be imported"}, result["imports"]
    assert set(result["links"]) <= {"opened", "This game link cannot be opened"}, result["links"]
    assert result["imports"].count("This file cannot be imported") > 60
    assert result["links"].count("This game link cannot be opened") > 60
    # and the page still plays
    page.evaluate("() => { const b = document.getElementById('error'); b.hidden = true; }")
    new_game(page, seed=61)
    play(page, 2)


# -- 3. storage blocked ---------------------------------------------------------------------------------
def test_blocked_storage_runs_with_a_banner(browser: Browser, site: SiteServer):
    # a context of its own: the storage is refused from before the page starts
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    try:
        page.goto(site.url)
        wait_ready(page)
        banner = page.get_by_test_id("banner")
        expect(banner).to_have_text("Saving is off in this browser; use links or Export.")
        expect(page.get_by_test_id("error")).to_be_hidden()
        expect(page.locator("#saves-list")).to_contain_text("Saving is off")
        shot(page, "safety-storage-off-start-1280.png")
        new_game(page, seed=71)
        play(page, 3)
        expect(page.get_by_test_id("error")).to_be_hidden()
        shot(page, "safety-storage-off-game-1280.png")
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, "safety-storage-off-game-390.png")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.locator("button[data-cmd=menu]").click()
        expect(page.locator("#menu-saves")).to_contain_text("3 moves")  # kept while the page is open
        with page.expect_download() as download:
            page.locator("#menu button[data-cmd=export]").click()
        assert json.loads(Path(download.value.path()).read_text())["summary"]["moves"] == 3
        page.locator("#menu button[data-cmd=close-menu]").click()
        link = copy_link(page)
        assert len(link) > 20
        assert not errors, errors
    finally:
        context.close()


