"""A game played by link in real Chromium: three browser contexts as three friends' devices, passing only links.

The game starts from a prepared position late in the game (a random game of the engine, cut where the computer
seat decides).  Ann and Bob each play by clicks on their own device (their moves are the easy computer's, so
the game heads for its end); Cem is a normal computer, played by whichever device holds the game; Dee only
watches.  Every hand-off shows the send step naming the next player; no device ever offers a choice of another
device's seat; the devices agree on every computer move.  Also: the share sheet (``navigator.share`` stubbed),
a claim and "Just watching", a fork with both lines kept, and links and saves of an older build."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import imperial_bots as bots
import imperial_core as core
import pytest
from conftest import LOCALE, ROOT, BootedPage, PagePool, SiteServer, wait_ready
from imperial_core import codec
from playwright.sync_api import Browser, Page, expect
from test_bots import click_move

sys.path.insert(0, str(ROOT / "web"))
from imperial_ui.choices import Chooser, Names, steps  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cem"]
SEATS = ["human", "human", "normal"]
#: Where the prepared games start: a random game of the engine (``random.Random(seed)`` picking among the legal
#: actions, the engine's seed the same), cut after ``cut`` moves, where Cem (the computer) decides.  Played on
#: by the easy computer for Ann and Bob and the normal one for Cem, they end after 31 and 36 moves, 21 and 17 of
#: them clicked, with 5 hand-offs between the two people each; between them the people's clicks make every kind
#: of decision but a factory (rondel, investor, import, production, fleets, armies, contact, demand).
PREPARED = {"europe": (1, 717), "world2030": (1, 777)}
SHOTS = ROOT / "test-results"

#: ``navigator.share`` stood in for: what it was given is kept on the page (the phone's share sheet).
SHARE_STUB = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(JSON.parse(JSON.stringify(data))); return Promise.resolve(); };
"""


def prepared(board: str) -> Any:
    seed, cut = PREPARED[board]
    rng = random.Random(seed)
    state = core.new_game(PLAYERS, seed=seed, board=board)
    while len(state.history) < cut:
        state = core.apply(state, rng.choice(core.legal_actions(state)))
    assert state.current_player == "Cem" and not state.is_over
    return state


def by_clicks(state: Any, action: Any, names: Names) -> Any:
    """``action``, or the move the page offers for it: of several convoy routes between the same two regions the
    page offers one (the others make the same move), so the computer's pick is made by that one."""
    chooser = Chooser(core.legal_actions(state), state.decision, names)
    for tok in steps(action, state.decision, names):
        if tok.value not in {t.value for t in chooser.next_tokens()}:
            break
        if chooser.choose(tok.value) is not None:
            return action
    same = [a for a in core.legal_actions(state) if a.type == action.type
            and (getattr(a, "origin", None), getattr(a, "to", None), getattr(a, "hostile", None))
            == (getattr(action, "origin", None), getattr(action, "to", None), getattr(action, "hostile", None))]
    return next(a for a in same if a is not action and by_clicks(state, a, names) is a)


def link_of(state: Any, seats: list[str] = SEATS) -> str:
    return core.encode(state, seats=seats, by_link=True)


# -- a device -------------------------------------------------------------------------------------------------
class Device:
    """A player's browser: a booted page (the pool's, or one of its own) at instant pace."""

    def __init__(self, name: str, page: Page) -> None:
        self.name = name
        self.page = page
        self._last: tuple[str, Any] | None = None  # the set-up and game of the save read last
        self.page.evaluate("() => imperialPy.command('pace', 'instant')")

    def moves(self) -> int:
        return int(self.page.evaluate("() => Number(document.body.dataset.moves ?? -1)"))

    def open(self, token: str) -> None:
        """The link opened in this browser (pasted into its address bar)."""
        before = self.page.evaluate("() => (document.body.dataset.game || '') + '/' + (document.body.dataset.moves || '')")
        self.page.evaluate("t => { history.replaceState(null, '', location.pathname); location.hash = 'g=' + t; }",
                           token)
        self.page.wait_for_function(
            "b => (document.body.dataset.game || '') + '/' + (document.body.dataset.moves || '') !== b"
            " || document.querySelector('#prompt[open]') || !document.getElementById('error').hidden", arg=before)

    def settled(self) -> Any:
        """The game as this device has it once the computer seat is done (saved, a person decides or the end)."""
        self.page.wait_for_function("""() => {
            const id = document.body.dataset.game, raw = id && localStorage.getItem('imperial.save.' + id);
            if (!raw) return false;
            const s = JSON.parse(raw).summary;
            return s.moves === Number(document.body.dataset.moves) && (s.over || s.player !== 'Cem');
        }""", timeout=120_000)
        raw = self.page.evaluate("() => localStorage.getItem('imperial.save.' + document.body.dataset.game)")
        return self._read(raw)

    def _read(self, raw: str) -> Any:
        """The game of a save: the save's record played on from the game this device last read when the record
        goes on from it (the same set-up), with the save's summary checked; otherwise the whole save read and
        checked as the page reads it (``core.load``).  A game by link is read dozens of times, each a move or
        two on: reading each whole would replay its 700 moves every time."""
        data = json.loads(raw)
        setup = json.dumps([data.get("game"), data.get("origin")], sort_keys=True)
        record = data["record"]["indices"]
        last = self._last
        if last is not None and last[0] == setup and record[: len(last[1].history)] == list(last[1].history):
            state = last[1]
            for i in record[len(state.history):]:
                state = core.apply_index(state, i)
            assert data["summary"] == codec.summary_of(state), f"{self.name}'s save does not match its record"
        else:
            state = core.load(raw)
        self._last = (setup, state)
        return state

    def no_choice(self) -> None:
        """Nothing of the decision can be clicked here."""
        assert self.page.locator("#decision [data-choice], #map [data-choice]").count() == 0, self.name

    def click(self, state: Any, action: Any, names: Names) -> None:
        """``action`` made by clicks, as a player does: the unit on the map, the destination, an option."""
        click_move(self.page, state, action, names)

    def turn_link(self, where: str = "#decision") -> str:
        """The link of the send step (in the decision panel; at the end, on the score screen: ``#scores``)."""
        url = self.page.locator(where).get_by_test_id("turn-link").input_value()
        assert "#g=" in url
        return url.split("#g=", 1)[1]


@pytest.fixture(scope="module")
def devices(page_pool: PagePool) -> dict[str, Device]:
    """Three browsers, each with its own storage: the pool's English laptop (Ann), its English phone (Bob) and
    its Spanish-speaking phone's browser as an English tablet at 768×1000 (Dee, by the page's own switch; the
    same browser is Bob's in the two-phones test below).  They are the pool's pages, booted once for the
    whole process; the tests of this file that use them run one after another, and every page of the pool is
    checked for uncaught errors after each test."""
    return {
        "Ann": Device("Ann", page_pool.use({"width": 1280, "height": 800})),
        "Bob": Device("Bob", page_pool.use(PHONE, phone=True)),
        "Dee": Device("Dee", page_pool.use({"width": 768, "height": 1000}, locale=LOCALE["es"], phone=True,
                                           lang="en")),
    }


def claim(dev: Device, seat: str | None) -> None:
    prompt = dev.page.get_by_test_id("prompt")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Which player are you?")
    if seat is None:
        prompt.get_by_test_id("claim-watch").click()
    else:
        prompt.locator(f'[data-testid=claim-seat][data-seat="{seat}"]').click()
    expect(prompt).to_be_hidden()
    assert dev.page.evaluate("() => document.body.dataset.mySeats") == (seat or "")


def shot(dev: Device, what: str) -> None:
    """A screenshot of the page as it is (the first of each kind and width; the README's come from these)."""
    width = dev.page.viewport_size["width"]
    path = SHOTS / f"bylink-{what}-{width}.png"
    if not path.exists():
        SHOTS.mkdir(exist_ok=True)
        dev.page.screenshot(path=str(path))


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_a_whole_game_by_links_between_three_devices(devices: dict[str, Device], board: str):
    names = Names(core.load_board(board))
    start = prepared(board)
    token = link_of(start)
    ann, bob, dee = devices["Ann"], devices["Bob"], devices["Dee"]
    # each device opens the same link at the computer's turn, says who it is, and plays the computer's moves
    for dev, seat in ((ann, "Ann"), (bob, "Bob"), (dee, None)):
        dev.open(token)
        claim(dev, seat)
    games = {name: dev.settled() for name, dev in devices.items()}
    assert len({tuple(g.history) for g in games.values()}) == 1, "the devices disagree on the computer's moves"
    state = games["Ann"]
    assert len(state.history) > len(start.history)
    holder = devices[state.current_player]
    hand_offs = 0
    while not state.is_over:
        player = state.current_player
        assert player in ("Ann", "Bob") and holder is devices[player]
        for other in devices.values():  # nobody else can play this decision
            if other is not holder:
                other.no_choice()
        expect(holder.page.get_by_test_id("whose-turn")).to_contain_text(player)
        action = by_clicks(state, bots.choose(state, level="easy", seed=0), names)
        holder.click(state, action, names)
        state = holder.settled()
        if state.is_over or state.current_player == player:
            continue
        # a hand-off: the send step names the next player, the holder can no longer choose
        nxt = state.current_player
        send = holder.page.locator("#decision").get_by_test_id("send-turn")
        expect(send).to_be_visible()
        expect(send).to_contain_text(f"Send the game to {nxt}")
        expect(holder.page.get_by_test_id("waiting-for")).to_have_count(0)  # the send step names nxt
        holder.no_choice()
        link = holder.turn_link()
        receiver = devices[nxt]
        shot(holder, "send")
        receiver.open(link)
        expect(receiver.page.get_by_test_id("since-you")).to_be_visible()
        shot(receiver, "since")
        got = receiver.settled()
        assert got.history == state.history, "a link must carry the whole game"
        expect(receiver.page.get_by_test_id("undo")).to_be_disabled()  # never another device's move
        dee.open(link)  # the watcher follows along, and can play nothing
        assert dee.settled().history == state.history
        dee.no_choice()
        holder = receiver
        hand_offs += 1
    assert hand_offs >= 3
    expect(holder.page.locator("#scores")).to_be_visible()
    expect(holder.page.locator("#scores")).to_contain_text(f"{core.winner(state)} wins")
    # the end goes to the other person too: the score screen's send step names them
    other = devices["Bob" if holder is devices["Ann"] else "Ann"]
    send = holder.page.locator("#scores").get_by_test_id("send-turn")
    expect(send).to_contain_text(f"Send the end of the game to {other.name}")
    shot(holder, "end")
    assert holder.page.locator("#decision [data-testid=send-turn]").count() == 0
    other.open(holder.turn_link("#scores"))
    expect(other.page.locator("#scores")).to_be_visible()
    assert other.settled().history == state.history


def early(seed: int) -> Any:
    """A game of a few rounds (random moves), where the computer seat decides."""
    rng = random.Random(seed)
    state = core.new_game(PLAYERS, seed=seed)
    while len(state.history) < 40 or state.current_player != "Cem":
        state = core.apply(state, rng.choice(core.legal_actions(state)))
    return state


def play_turn(dev: Device, names: Names, avoid: str = "") -> Any:
    """This device's player plays by clicks (the easy computer's moves; for the first, another move the page
    offers than ``avoid``, when given) until the game goes to another device; the game as it then stands."""
    state = dev.settled()
    me = dev.page.evaluate("() => document.body.dataset.mySeats")
    first = True
    while state.current_player == me and not state.is_over:
        action = by_clicks(state, bots.choose(state, level="easy", seed=0), names)
        if first and avoid:
            action = next(a for a in core.legal_actions(state) if str(a) != avoid and by_clicks(state, a, names) is a)
        dev.click(state, action, names)
        state = dev.settled()
        first = False
    return state


def test_a_fork_keeps_both_lines(devices: dict[str, Device]):
    """Bob plays the same turn on his phone and on his laptop, differently, and sends both: Ann's device takes
    the first, names the second as a fork after the move where they parted, and keeps both lines."""
    ann, phone, laptop = devices["Ann"], devices["Bob"], devices["Dee"]
    names = Names(core.load_board("europe"))
    token = link_of(early(7))
    for dev, seat in ((ann, "Ann"), (phone, "Bob"), (laptop, "Bob")):
        dev.open(token)
        claim(dev, seat)
    state = ann.settled()
    if state.current_player == "Ann":  # Ann first: her turn goes to Bob's two devices
        play_turn(ann, names)
        token = ann.turn_link()
        phone.open(token)
        laptop.open(token)
    start = len(phone.settled().history)
    one = play_turn(phone, names)
    link_one = phone.turn_link()
    two = play_turn(laptop, names, avoid=core.history_log(one)[start][2])
    link_two = laptop.turn_link()
    common = next(k for k, (x, y) in enumerate(zip(core.history_log(one), core.history_log(two), strict=False))
                  if x != y)
    ann.open(link_one)
    expect(ann.page.get_by_test_id("since-you")).to_be_visible()
    ann.open(link_two)
    fork = ann.page.get_by_test_id("fork")
    expect(fork).to_be_visible()
    expect(fork).to_contain_text(f"went different ways after move {common} ")
    lines = ["|".join(e[2] for e in core.history_log(line)) for line in (one, two)]
    kept = ann.page.wait_for_function("""lines => {  // both lines kept (a save is written after its frame)
        const kept = Object.keys(localStorage).filter(k => k.startsWith('imperial.save.'))
            .map(k => JSON.parse(localStorage.getItem(k)).record.notation.join('|'));
        return lines.every(l => kept.includes(l)) && kept;
    }""", arg=lines).json_value()
    for line in lines:
        assert line in kept  # both lines kept
    ann.page.get_by_test_id("fork-mine").click()
    assert ann.settled().history == one.history


def test_share_sheet_gets_the_link_and_words_naming_the_player(browser: Browser, site: SiteServer):
    # a phone of its own: the share sheet's stand-in is in place before the page's first script (the page
    # offers "Share…" where the browser has navigator.share), so this browser is booted once, with it
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(SHARE_STUB)
    booted = BootedPage.__new__(BootedPage)
    booted.context, booted.page, booted.errors = context, context.new_page(), []
    booted.page.on("pageerror", lambda e: booted.errors.append(str(e)))
    booted.page.goto(site.url)
    wait_ready(booted.page)
    dev = Device("Ann", booted.page)
    try:
        assert dev.page.evaluate("() => document.body.classList.contains('can-share')")
        start = prepared("europe")
        dev.open(link_of(start))
        claim(dev, "Ann")
        state = dev.settled()
        me = state.current_player  # the first person to decide after the computer: this device plays them
        other = "Bob" if me == "Ann" else "Ann"
        if me != "Ann":  # the Players tab: this device takes Bob's seat and leaves Ann's
            dev.page.locator("[data-tab=players]").click()
            dev.page.locator('[data-testid=my-seats] button[data-arg="Bob"]').click()
            dev.page.locator('[data-testid=my-seats] button[data-arg="Ann"]').click()
            assert dev.page.evaluate("() => document.body.dataset.mySeats") == "Bob"
        names = Names(core.load_board("europe"))
        while state.current_player == me:
            dev.click(state, by_clicks(state, bots.choose(state, level="easy", seed=0), names), names)
            state = dev.settled()
        share = dev.page.locator("#decision").get_by_test_id("share-turn")
        expect(share).to_be_visible()
        share.click()
        dev.page.wait_for_function("() => window.__shared.length === 1")
        got = dev.page.evaluate("() => window.__shared[0]")
        assert got["url"].split("#g=", 1)[1] == dev.turn_link()
        assert got["text"].startswith(f"{other}, it is your turn in our game of Imperial.")
        assert other in got["title"]
        assert core.decode(dev.turn_link()).history == state.history
        SHOTS.mkdir(exist_ok=True)
        dev.page.screenshot(path=str(SHOTS / "bylink-send-390.png"))
    finally:
        assert not booted.take_errors()
        context.close()


# -- games made by an older build ----------------------------------------------------------------------------
DATA = ROOT / "tests" / "engine" / "data"


def test_a_link_and_a_save_of_an_older_build_open_and_continue(page_pool: PagePool):
    """The link and the save of a game made by the build of commit 6fbb205 (link layout 2, rules 2; see
    tests/engine/data/README.md) open in this build and play on by clicks."""
    page = page_pool.use({"width": 1280, "height": 800})
    names = Names(core.load_board("europe"))
    token = json.loads((DATA / "links-6fbb205.json").read_text())["midgame"]
    old = core.decode(token)
    dev = Device.__new__(Device)  # the pool's page, driven as a device
    dev.name, dev.page = "Ann", page
    dev.open(token)
    assert dev.moves() == len(old.history)
    expect(page.get_by_test_id("whose-turn")).to_contain_text(old.current_player)
    action = by_clicks(old, core.legal_actions(old)[0], names)
    dev.click(old, action, names)
    assert dev.moves() == len(old.history) + 1
    # the save of that build, imported from a file: it opens where it was and plays on
    text = (DATA / "save-6fbb205-midgame.json").read_text()
    saved = core.read_save(text).state
    page.locator("#menu input[data-import]").set_input_files(
        files=[{"name": "old.json", "mimeType": "application/json", "buffer": text.encode()}])
    page.wait_for_function("n => Number(document.body.dataset.moves) >= n", arg=len(saved.history))
    # its computer seats (Bjørn normal, Dana easy) play on; then a person's move by clicks
    page.evaluate("() => imperialPy.command('pace', 'instant')")
    page.wait_for_function("""() => {
        const raw = localStorage.getItem('imperial.save.' + document.body.dataset.game);
        const s = raw && JSON.parse(raw).summary;
        return !!s && s.moves === Number(document.body.dataset.moves) && ['Ann', 'Cem'].includes(s.player);
    }""", timeout=60_000)
    now = core.load(page.evaluate("() => localStorage.getItem('imperial.save.' + document.body.dataset.game)"))
    assert now.history[:len(saved.history)] == saved.history
    dev.click(now, by_clicks(now, core.legal_actions(now)[-1], names), names)
    assert dev.moves() > len(now.history)


# -- a game by link on two phones: the decision first ------------------------------------------------------
#: Whether each element of a selector is drawn wholly where the player sees it without scrolling anything: in the
#: window, and inside every box around it that clips (an overflow that is not ``visible``).  Elements not drawn
#: (``display: none``: the Share button where the browser has no share sheet) are left out; disabled ones too.
IN_VIEW = """(sel) => {
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    let seen = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    for (let p = el.parentElement; seen && p && p !== document.body; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const q = p.getBoundingClientRect();
      seen = r.top >= q.top - 0.5 && r.bottom <= q.bottom + 0.5 && r.left >= q.left - 0.5 && r.right <= q.right + 0.5;
    }
    out.push({what: (el.dataset.choice || el.textContent || '').trim().slice(0, 60), seen});
  }
  return out;
}"""

#: The stretch of a two-player game (random moves, ``random.Random(1)``, the engine's seed 1) played on two
#: phones: moves 223 to 241 of round 14, six hand-offs between Ann and Bob, with Italy's and Britain's battles
#: ("battle?"), Ann's battle question ("demand battle against …?", move 235) and two bond decisions out of turn
#: with 22 and 24 bonds to choose from (moves 225 and 237).
PHONE_GAME = (1, 223, 241)
PHONE = {"width": 390, "height": 844}


def phone_record() -> list[Any]:
    """The states of :data:`PHONE_GAME`'s game up to its last move."""
    seed, _first, last = PHONE_GAME
    rng = random.Random(seed)
    states = [core.new_game(["Ann", "Bob"], seed=seed)]
    while len(states[-1].history) < last:
        states.append(core.apply(states[-1], rng.choice(core.legal_actions(states[-1]))))
    return states


def in_view(page: Page, sel: str) -> list[dict[str, Any]]:
    return page.evaluate(IN_VIEW, sel)


def assert_decision_first(dev: Device, state: Any) -> None:
    """The question, every choice of the decision and the score strip are on the first screen, as it opens (the
    choices' buttons: the map's regions and the rondel's drawing, below the buttons, are other ways to the same choices)."""
    page = dev.page
    expect(page.get_by_test_id("whose-turn")).to_contain_text(state.current_player)
    choices = in_view(page, "#decision button[data-choice]")  # (the rondel's drawing repeats its buttons)
    question = in_view(page, "#decision [data-testid=whose-turn]")
    scores = in_view(page, ".scoreboard-card")  # and the live scores with them
    assert choices and question and scores, (dev.name, state.decision)
    hidden = [c["what"] for c in question + choices + scores if not c["seen"]]
    if hidden:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"bylink-phone-hidden-{dev.name}-{len(state.history)}.png"))
    assert not hidden, f"{dev.name}, {state.decision} at move {len(state.history)}: not in view {hidden}"


def test_a_game_by_link_on_two_phones_puts_the_decision_first(page_pool: PagePool):
    """Ann (German) and Bob (Spanish) play a stretch of a game by link on phones, 390×844.  At every decision,
    as it opens, the question and every choice are on the first screen ("since you played" folds into a line
    below them); at every hand-off the send step is whole on the screen; each link opened says what happened
    since that person's own last decision in the record."""
    states = phone_record()
    names = Names(core.load_board("europe"))
    seats = ["human", "human"]
    _seed, first, last = PHONE_GAME
    devs: dict[str, Device] = {}
    for name, lang in (("Ann", "de"), ("Bob", "es")):
        # Ann: the pool's English phone switched to German by the page's own command; Bob: the pool's phone of
        # a browser speaking Spanish (two browsers, each with its own storage)
        dev = Device.__new__(Device)
        dev.name = name
        dev.page = page_pool.use(PHONE, phone=True, lang="de") if lang == "de" else \
            page_pool.use(PHONE, locale=LOCALE[lang], phone=True)
        dev.open(link_of(states[first], seats))
        dev.page.locator(f'[data-testid=claim-seat][data-seat="{name}"]').click()
        expect(dev.page.get_by_test_id("prompt")).to_be_hidden()
        devs[name] = dev
    holder = devs[states[first].current_player]
    SHOTS.mkdir(exist_ok=True)
    kinds: set[str] = set()
    hand_offs = 0
    for k in range(first, last):
        state, nxt = states[k], states[k + 1]
        assert holder.name == state.current_player and holder.moves() == k
        assert_decision_first(holder, state)
        kinds.add(state.decision)
        if state.decision == "demand" and holder.name == "Ann":
            holder.page.screenshot(path=str(SHOTS / "bylink-phone-battle-de-390.png"))
        if state.decision == "invest":
            holder.page.screenshot(path=str(SHOTS / f"bylink-phone-bonds-{holder.name}-390.png"))
        holder.click(state, by_clicks(state, core.legal_actions(state)[nxt.history[-1]], names), names)
        if nxt.current_player == holder.name:
            continue
        # a hand-off: the send step is whole on the screen, and names the next player
        send = holder.page.locator("#decision").get_by_test_id("send-turn")
        expect(send).to_have_attribute("data-to", nxt.current_player)
        parts = in_view(holder.page, "#decision [data-testid=send-turn] :is(h3, button, a, input)")
        assert len(parts) >= 4 and all(p["seen"] for p in parts), parts
        holder.page.screenshot(path=str(SHOTS / f"bylink-phone-send-{holder.name}-390.png"))
        receiver = devs[nxt.current_player]
        receiver.open(holder.turn_link())
        assert receiver.moves() == k + 1
        # "since you played": from the receiver's own last decision in the record, folded into one line
        mine = max(j for j in range(k + 1) if states[j].current_player == receiver.name) + 1
        since = receiver.page.get_by_test_id("since-you")
        expect(since).to_have_attribute("data-from", str(mine))
        assert not since.evaluate("d => d.open")
        holder = receiver
        hand_offs += 1
    assert hand_offs >= 5 and {"demand", "invest", "contact", "armies", "rondel"} <= kinds, (hand_offs, kinds)


def test_the_new_game_forms_tip_follows_where_the_players_sit(page_pool: PagePool):
    page = page_pool.use({"width": 1280, "height": 800})
    screen_tip, link_tip = page.locator("#new-game .hint .tip-screen"), page.get_by_test_id("tip-link")
    expect(screen_tip).to_be_visible()
    expect(screen_tip).to_contain_text("One device, passed around the table")
    expect(link_tip).to_be_hidden()
    page.get_by_test_id("by-link").check()
    expect(screen_tip).to_be_hidden()
    expect(link_tip).to_be_visible()
    expect(link_tip).to_contain_text("send them the link the page gives you")
    page.get_by_test_id("at-screen").check()
    expect(screen_tip).to_be_visible()
    expect(link_tip).to_be_hidden()
