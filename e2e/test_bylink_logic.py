"""A game played by link, in plain CPython: three stand-in browsers (``pagefake``), each a friend's device with
its own storage, passing only links.  Each device plays only its own seats; the computer seat is played by the
device that holds the game; every hand-off offers the send step naming the next player; a link that continues
the game says what happened since; a fork keeps both lines; Undo never takes back another device's move."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import imperial_core as core
import pagefake as pf
from imperial_ui import bylink
from imperial_ui.botanswer import answer
from imperial_ui.bylink import Seating
from imperial_ui.choices import Names
from imperial_ui.session import Session
from test_botplay import FakeBots

PLAYERS = ["Ann", "Bob", "Cem"]
SEATS = ["human", "human", "normal"]


class Device:
    """One friend's browser: a page with its own storage, the computer players' worker stood in by the worker's
    own answer function."""

    def __init__(self) -> None:
        self.page = pf.FakePage()
        self.bots = FakeBots()
        self.page.window.imperialBots = self.bots
        self.page.local.data["imperial.pace"] = "instant"
        self.app = pf.new_app(self.page)
        self.answered = 0

    def use(self) -> Any:
        pf.switch(self.page)
        return self.app

    def open(self, url: str) -> None:
        """The link opened in this browser (pasted into the address bar: a ``hashchange``)."""
        self.use()
        self.page.location.hash = url[url.index("#"):]
        self.app.links.open_hash()

    @property
    def session(self) -> Session:
        return self.app.model.session

    def decision(self) -> str:
        return self.page.html("decision")

    def send(self) -> tuple[list[str], str] | None:
        """The send step on screen: to whom, and the link."""
        d = self.decision()
        m = re.search(r'data-testid="send-turn" data-to="([^"]*)"', d)
        if m is None:
            return None
        url = re.search(r'data-testid="turn-link" value="([^"]*)"', d)
        assert url is not None
        return html.unescape(m.group(1)).split(","), html.unescape(url.group(1))

    def clickable(self) -> bool:
        """Whether this device offers any choice of the decision now."""
        self.use()
        return self.app.model.current_chooser(self.app.bots.computer_decides()) is not None

    def timers(self) -> None:
        """The page's timers run out (the drawing put off after a computer's move at instant pace)."""
        while self.bots.timers:
            _ms, name, arg = self.bots.timers.pop(0)
            if name != "bot-watchdog":
                self.app.command(name, arg)

    def computers(self) -> None:
        """The computer seat's moves, as long as it decides here (the worker answers each request)."""
        self.use()
        self.app.command("bot-ready", "1")
        self.timers()
        while not self.session.present.is_over and self.app.bots.computer_decides():
            assert len(self.bots.asks) > self.answered, "the page asked the worker nothing"
            self.answered = len(self.bots.asks)
            self.app.command("bot-answer", answer(self.bots.asks[-1]))
            self.timers()

    def play(self, rng: random.Random) -> Any:
        """One move of this device's player (one of the legal actions, chosen at random)."""
        self.use()
        assert self.clickable()
        action = rng.choice(core.legal_actions(self.session.present))
        assert self.app.game.play(action)
        return action


def start_by_form(dev: Device, players: list[str], seats: list[str], me: int = 1) -> None:
    """The new-game form: names, seats, "Each on their own device, by link", "You play" player ``me``."""
    dev.use()
    el = dev.page.document.getElementById
    el("player-count").value = str(len(players))
    for i, (name, seat) in enumerate(zip(players, seats, strict=True), 1):
        el(f"player-name-{i}").value = name
        el(f"seat-{i}").value = seat
    el("by-link").checked = True
    el("my-seat").value = str(me)
    dev.app.command("start")
    assert dev.session is not None and dev.session.extra["by_link"] is True


def play_on(dev: Device, rng: random.Random) -> tuple[list[str], str]:
    """This device plays its seats (and the computer's) until the game goes to another device: the send step."""
    mine = Seating.of(dev.session).mine or ()
    while True:
        dev.computers()
        if dev.session.present.current_player not in mine:
            sent = dev.send()
            assert sent is not None, dev.decision()
            return sent
        dev.play(rng)


def claim(dev: Device, url: str, name: str) -> None:
    """A device opens a by-link game it does not know: it asks which player this is."""
    dev.open(url)
    assert dev.page.ui.prompt_open
    body = dev.page.html("prompt-body")
    assert f'data-testid="claim-seat" data-seat="{name}"' in body and 'data-testid="claim-watch"' in body
    dev.app.command("claim", name)
    assert dev.page.document.body.dataset.mySeats == name


# -- the seating, alone ----------------------------------------------------------------------------------
def seating_of(extra: dict[str, Any], players: list[str] = PLAYERS) -> Seating:
    return Seating.of(Session(players=list(players), states=[], extra=extra))


def test_a_game_at_one_screen_is_played_here_entirely():
    state = core.new_game(PLAYERS, seed=3)
    s = seating_of({"seats": SEATS})
    assert s.elsewhere(state) is None and s.undo_floor() == 0 and s.send_to(state) == []


def test_by_link_only_the_seats_claimed_here_are_played_here():
    state = core.new_game(PLAYERS, seed=3)
    rng = random.Random(2)
    seen = set()
    for _ in range(200):
        player = state.current_player
        for mine in (["Ann"], ["Bob"], []):
            s = seating_of({"seats": SEATS, "by_link": True, "mine": mine, "held": True})
            other = s.elsewhere(state)
            if player == "Cem":
                assert other is None  # the computer's move: whoever holds the game plays it
            else:
                assert (other is None) == (player in mine)
                assert s.send_to(state) == ([] if other is None else [player])
        seen.add(player)
        state = core.apply(state, rng.choice(core.legal_actions(state)))
    assert seen == set(PLAYERS)


def test_unclaimed_means_nothing_is_played_or_sent_here():
    state = core.new_game(PLAYERS, seed=3)
    s = seating_of({"seats": SEATS, "by_link": True, "held": True})
    assert s.mine is None and s.send_to(state) == []
    assert s.elsewhere(state) == (state.current_player if state.current_player != "Cem" else None)


def test_a_move_of_this_devices_seat_makes_the_game_this_devices_to_send():
    extra: dict[str, Any] = {"by_link": True, "mine": ["Ann"]}
    bylink.received(extra, 10)
    assert extra == {"by_link": True, "mine": ["Ann"], "base": 10, "held": False}
    bylink.played(extra, "Cem")
    assert extra["held"] is False
    bylink.played(extra, "Ann")
    assert extra["held"] is True
    assert seating_of(extra).undo_floor() == 10


# -- three devices --------------------------------------------------------------------------------------
def test_three_devices_pass_a_game_by_links_only():
    """Ann starts on her device; Bob and Cem... Cem is the computer: whoever holds the game plays it.  Every
    hand-off offers the send step to the next player, no device can play another device's decision, and the
    devices agree move for move."""
    rng = random.Random(5)
    ann, bob = Device(), Device()
    devices = {"Ann": ann, "Bob": bob}
    start_by_form(ann, PLAYERS, SEATS, me=1)
    claimed = {"Ann"}
    holder = ann
    hand_offs = out_of_turn = 0
    while holder.session.cur < 160 and not holder.session.present.is_over:
        holder.computers()
        state = holder.session.present
        player = state.current_player
        if player in devices and devices[player] is holder:
            holder.play(rng)
            continue
        # another device's decision: the holder shows the send step naming that player, and cannot play it
        assert not holder.clickable()
        sent = holder.send()
        assert sent is not None and sent[0] == [player], holder.decision()
        # the send step names whom the game waits for (no second line saying it again)
        assert 'data-testid="waiting-for"' not in holder.decision() and player in holder.decision()
        if state.decision in ("invest", "swiss", "fund", "demand", "canal") and player != \
                (state.nations[state.active_nation]["government"] if state.active_nation else None):
            out_of_turn += 1  # a decision out of turn goes to its player the same way
        to = devices[player]
        before = to.session.cur if to.session is not None else -1
        if player not in claimed:
            claim(to, sent[1], player)
            claimed.add(player)
        else:
            to.open(sent[1])
            assert 'data-testid="since-you"' in to.decision()
        assert to.session.cur == holder.session.cur > before
        assert [str(a) for a in to.session.actions] == [str(a) for a in holder.session.actions[:holder.session.cur]]
        assert to.clickable()
        # Undo there never takes back a move that came with the link
        to.use()
        assert not to.app.model.can_undo()
        holder = to
        hand_offs += 1
    assert hand_offs >= 10 and out_of_turn >= 1, (hand_offs, out_of_turn)
    # each device's save holds the game as far as it got, with this device's seat and the computer's level
    for name, dev in devices.items():
        dev.use()
        saved = json.loads(dev.page.local.data["imperial.save." + dev.session.game_id])
        assert saved["meta"]["mine"] == [name] and saved["meta"]["seats"] == SEATS
        assert saved["meta"]["by_link"] is True


def test_the_send_step_shares_the_link_with_words_naming_the_player():
    ann = Device()
    start_by_form(ann, PLAYERS, SEATS, me=1)
    play_on(ann, random.Random(1))
    ann.app.command("share-turn")
    title, text, url = ann.page.ui.turns_shared[-1]
    to = ann.session.present.current_player
    assert to in title and text.startswith(f"{to}, it is your turn in our game of Imperial.")
    assert f"round {ann.session.present.round}" in text
    assert "#g=" in url and url == ann.send()[1]
    ann.app.command("copy-turn")
    assert ann.page.ui.turns_copied == [url]
    # in German, the same step speaks German
    ann.app.command("lang", "de")
    ann.app.command("share-turn")
    assert ann.page.ui.turns_shared[-1][1].startswith(f"{to}, du bist in unserer Partie Imperial am Zug.")


def test_a_link_that_went_another_way_is_kept_beside_the_save():
    """Bob plays the same turn on two devices (his phone and his laptop), differently; Ann gets both links.  The
    first continues her game; the second went another way: both lines are kept, and she picks which to play."""
    ann, phone, laptop = Device(), Device(), Device()
    start_by_form(ann, ["Ann", "Bob"], ["human", "human"], me=1)
    first = play_on(ann, random.Random(4))
    for dev in (phone, laptop):
        claim(dev, first[1], "Bob")
    one = play_on(phone, random.Random(1))
    two = play_on(laptop, random.Random(2))
    a, b = ([str(x) for x in d.session.actions[:d.session.cur]] for d in (phone, laptop))
    assert a != b
    common = next(k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
    ann.open(one[1])
    assert ann.session.cur == len(a) and 'data-testid="since-you"' in ann.decision()
    ann.open(two[1])
    body = ann.page.html("prompt-body")
    assert ann.page.ui.prompt_open and 'data-testid="fork"' in body
    assert int(re.search(r'data-common="(\d+)"', body).group(1)) == common
    assert f"after move {common} " in html.unescape(body)
    lines = sorted(json.loads(v)["record"]["notation"] for v in ann.page.saves().values())
    assert lines == sorted([a, b])  # both lines kept, nothing lost
    assert all(json.loads(v)["meta"]["mine"] == ["Ann"] for v in ann.page.saves().values())
    # the link's line is shown; "Play on from my saved game" opens the other
    assert [str(x) for x in ann.session.actions[:ann.session.cur]] == b
    key = re.search(r'data-cmd="fork-mine" data-arg="([^"]+)"', body).group(1)
    link_line = ann.session.game_id
    ann.app.command("fork-mine", key)
    assert [str(x) for x in ann.session.actions[:ann.session.cur]] == a
    # and the page says where the link's line went, with a button that opens it
    assert "The link's line is kept beside it in your saved games" in ann.page.message
    assert f"{len(b)} moves" in ann.page.message
    opener = ann.page.ui.message_box[2][0]
    ann.app.command(opener["cmd"], opener["arg"])
    assert [str(x) for x in ann.session.actions[:ann.session.cur]] == b and ann.session.game_id == link_line


def test_just_watching_plays_nothing_and_sends_nothing():
    ann, eve = Device(), Device()
    start_by_form(ann, PLAYERS, SEATS, me=1)
    sent = play_on(ann, random.Random(7))
    eve.open(sent[1])
    eve.app.command("claim", "")
    assert eve.page.document.body.dataset.mySeats == ""
    assert not eve.clickable() and eve.send() is None
    assert 'data-testid="waiting-for"' in eve.decision()
    saved = json.loads(next(iter(eve.page.saves().values())))
    assert saved["meta"]["mine"] == []
    # the Players tab lets the watcher take a seat later
    eve.app.command("claim-toggle", "Bob")
    assert Seating.of(eve.session).mine == ("Bob",)


def test_a_link_with_nothing_new_opens_the_save_here():
    ann, bob = Device(), Device()
    start_by_form(ann, ["Ann", "Bob"], ["human", "human"], me=1)
    rng = random.Random(3)
    first = play_on(ann, rng)[1]
    claim(bob, first, "Bob")
    # the same link again: the game saved here, up to date
    bob.open(first)
    assert "up to date" in bob.page.message and len(bob.page.saves()) == 1
    play_on(bob, rng)
    moves = bob.session.cur
    # the older link: the save here is further along and stays as it is
    bob.open(first)
    assert "older" in bob.page.message
    assert bob.session.cur == moves and len(bob.page.saves()) == 1


# -- a game of earlier rules -------------------------------------------------------------------------------
from tests.engine.test_links import rules_2_games, rules_3  # noqa: E402, F401 - the engine's made-up rules fix


def test_a_game_of_earlier_rules_moves_up_only_if_it_replays_the_same_and_the_player_is_told(rules_3):  # noqa: F811
    """Under a later engine (rules 3 with a made-up fix, rules 2 still played): a rules-2 game that never met the
    fix moves up, and the page says so; one that met it plays on under rules 2, and the page says that."""
    for name, version, said in (("plain", 3, "plays on under them."), ("built", 2, "(version 2) and plays on")):
        dev = Device()
        dev.app.command("import", rules_3[name])
        assert dev.session.present.version == version
        assert said in dev.page.message and dev.page.ui.message_box[1] == "info"
        moves = dev.session.cur
        dev.app.game.play(core.legal_actions(dev.session.present)[0])  # and it plays on
        assert dev.session.cur == moves + 1 and dev.session.present.version == version
        saved = json.loads(next(iter(dev.page.saves().values())))
        assert saved["engine_version"] == version


# -- "since you played", for the person -------------------------------------------------------------------
def since_of(dev: Device) -> tuple[int, int, list[tuple[str, int]], str]:
    """"Since you played" on screen: from and to which move, its lines (head, moves) in order, and the end's line."""
    d = dev.decision()
    m = re.search(r'data-testid="since-you" data-from="(\d+)" data-to="(\d+)"', d)
    assert m is not None, d
    lines = re.findall(r'<li data-moves="(\d+)"><b>([^<]*)</b>', d)
    end = re.search(r'data-testid="since-end">([^<]*)<', d)
    return int(m.group(1)), int(m.group(2)), [(html.unescape(h), int(n)) for n, h in lines], \
        html.unescape(end.group(1)) if end else ""


def last_of(session: Session, player: str) -> int:
    """The moves up to and including ``player``'s last decision, read from the states of the record."""
    return max((k + 1 for k in range(session.cur) if session.states[k].current_player == player), default=0)


def test_since_you_played_counts_from_the_persons_last_decision_on_any_of_their_devices():
    """Bob plays on his phone; his tablet, which took the game at the start, opens a later link: "since you
    played" starts after Bob's own last decision (made on the phone), not where the tablet last saw the game;
    its lines (a nation turn each, newest first) add up to the moves it counts.  At the end, the device that
    gets the last link names the winner and the final scores."""
    rng = random.Random(3)  # a game of random moves, 738 long: taken up 150 moves before its end
    state = core.new_game(["Ann", "Bob"], seed=3)
    while len(state.history) < 588 or state.current_player != "Ann":
        state = core.apply(state, rng.choice(core.legal_actions(state)))
    url = "https://example.org/#g=" + core.encode(state, seats=["human", "human"], by_link=True)
    ann, phone, tablet = Device(), Device(), Device()
    for dev, name in ((ann, "Ann"), (phone, "Bob"), (tablet, "Bob")):
        claim(dev, url, name)
    tablet_saw = tablet.session.cur
    first = play_on(ann, rng)
    phone.open(first[1])
    holder, checked = phone, 0
    while not holder.session.present.is_over:
        mine = Seating.of(holder.session).mine or ()
        holder.computers()
        if holder.session.present.current_player in mine:
            holder.play(rng)
            continue
        if holder.session.present.is_over:
            break
        sent = holder.send()
        assert sent is not None
        to = phone if sent[0] == ["Bob"] else ann
        if to is phone and holder.session.cur > tablet_saw + 60 and not checked:
            to = tablet  # Bob picks up his tablet, which has not seen the game since the start
        to.open(sent[1])
        start, end, lines, _end = since_of(to)
        person = sent[0][0]
        assert (start, end) == (last_of(to.session, person), to.session.cur)
        assert sum(n for _h, n in lines) == end - start  # the lines add up to the count
        rounds = [int(re.match(r"Round (\d+)", h).group(1)) for h, _n in lines]
        assert rounds == sorted(rounds, reverse=True)  # newest first
        assert html.unescape(to.decision()).count(f"Since you played: {end - start} move") == 1
        if to is tablet:
            assert start > tablet_saw + 50  # from Bob's last move on the phone, not from the tablet's last look
            checked += 1
        holder = to
    assert checked == 1
    # the end: the score screen sends the last link to the other person, whose device names the winner
    state = holder.session.present
    body = holder.page.html("scores-body")
    other = ann if holder is not ann else phone
    url = html.unescape(re.search(r'data-testid="turn-link" value="([^"]*)"', body).group(1))
    other.open(url)
    start, end, lines, said = since_of(other)
    assert end == other.session.cur == holder.session.cur and sum(n for _h, n in lines) == end - start
    scores = core.scores(state)
    winner = core.ranking(state)[0]
    assert said.startswith(f"The game is over: {winner} wins. Final scores: ")
    for p in ("Ann", "Bob"):
        assert f"{p} {scores[p]}" in said
    assert 'data-testid="since-you" data-from' in other.decision() and " open>" in other.decision()


def test_a_long_summary_has_a_line_per_round_newest_first_that_adds_up():
    """After many moves "since you played" says each round on one line (the nations' rondel spaces, battles),
    newest first, and the lines' moves add up; the map outlines only the latest nation turn's regions."""
    rng = random.Random(4)
    s = Session.new(["Ann", "Bob", "Cem"], game_id="t", seed=4)
    while s.cur < 300:
        s.play(rng.choice(core.legal_actions(s.present)))
    names = Names(core.load_board("europe"))
    lines = bylink.summary(s, 10, 300, names)
    rounds = [int(re.match(r"Round (\d+): ", line.head).group(1)) for line in lines]
    assert rounds == sorted(set(rounds), reverse=True) and len(rounds) >= 10  # one line per round
    assert sum(line.moves for line in lines) == 290
    assert rounds[0] == s.entries[299].round and rounds[-1] == s.entries[10].round
    assert any("battle" in line.head for line in lines) and "Maneuver" in lines[0].head + lines[1].head
    # a round's moves are its moves among 10..299
    assert lines[0].moves == sum(1 for e in s.entries[10:300] if e.round == rounds[0])
    latest = bylink.latest_turn(s, 10, 300)
    assert latest.stop == 300 and {(s.entries[k].round, s.entries[k].nation) for k in latest} == \
        {(s.entries[299].round, s.entries[299].nation)}
    assert (s.entries[latest.start - 1].round, s.entries[latest.start - 1].nation) != \
        (s.entries[299].round, s.entries[299].nation)
    # a short stretch: a line per nation turn
    short = bylink.summary(s, 290, 300, names)
    assert sum(line.moves for line in short) == 10 and all(re.match(r"Round \d+ · ", line.head) for line in short)


def test_a_unit_picked_mid_maneuver_is_picked_again_after_a_reload_or_the_player_is_told():
    rng = random.Random(1)  # a two-player game of random moves, at Italy's maneuver (Bob)
    state = core.new_game(["Ann", "Bob"], seed=1)
    while len(state.history) < 215:
        state = core.apply(state, rng.choice(core.legal_actions(state)))
    assert state.decision == "armies" and state.current_player == "Bob"
    bob = Device()
    claim(bob, "https://example.org/#g=" + core.encode(state, seats=["human", "human"], by_link=True), "Bob")
    bob.app.choose("genoa", str(bob.app.model.epoch))  # the army in Genoa picked, not moved yet
    assert bob.app.model.chooser.prefix == ["genoa"] and "<b>Genoa</b>" in bob.decision()
    picked = bob.decision()[bob.decision().index('class="step"'):].split("</p>", 1)[0]
    # the page is reloaded: the same tab opens the same game, with the same army picked
    bob.app = pf.new_app(bob.page)
    assert bob.session.cur == 215 and bob.app.model.chooser.prefix == ["genoa"]
    assert picked in bob.decision() and bob.page.message == ""
    # a pick that no longer fits the decision is let go, and the player is told
    kept = json.loads(bob.page.session.data["imperial.picked"])
    bob.page.session.data["imperial.picked"] = json.dumps({**kept, "prefix": ["nowhere"]})
    bob.app = pf.new_app(bob.page)
    assert bob.app.model.chooser.prefix == [] and 'class="step"' not in bob.decision()
    assert "cannot be picked again" in bob.page.message
    # letting go of the unit (Esc) forgets it: a reload then picks nothing
    bob.app.choose("genoa", str(bob.app.model.epoch))
    bob.app.command("cancel")
    assert "imperial.picked" not in bob.page.session.data


def test_the_claim_dialog_names_the_computer_seats_in_plain_words():
    state = core.new_game(PLAYERS, seed=3)
    url = "https://example.org/#g=" + core.encode(state, seats=SEATS, by_link=True)
    for lang, said in (("es", "Jugadores del ordenador: Cem. Cuando les toca, los juega el dispositivo que tenga "
                                "la partida en ese momento."),
                       ("de", "Computerspieler: Cem. Wenn sie am Zug sind, spielt sie das Gerät, das die Partie "
                              "gerade hat.")):
        dev = Device()
        dev.app.command("lang", lang)
        dev.open(url)
        assert said in html.unescape(dev.page.html("prompt-body"))
