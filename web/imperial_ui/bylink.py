"""Play by link: friends each on their own device, the game passed between them as a link.

There is no server: the link carries the whole game, its seats included (``imperial_core.codec``), and every
device checks every move by replaying it.  A game played this way is marked in its save's ``meta``
(``by_link``); each device keeps there, in its own browser only, what it is to that game:

* ``mine``: the seats this device plays (names; ``[]`` just watching; missing: not claimed yet);
* ``base``: the moves the game had when this device last took it from a link (Undo never goes further back,
  so another device's move is never taken back here);
* ``held``: a move was made here for one of this device's seats since the game last came in by link (the
  game is then this device's to send on).

Computer seats belong to the game: whichever device holds the game when their turn comes plays them, and
since a computer's choice depends only on the position, its level and its seat, every device makes the same
move.  Identity is by claim, as at a table.

Plain Python (tested in CPython, ``e2e/test_bylink_logic.py``): what is decided here, and the panels' HTML.
The page's glue is ``links.Links``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import imperial_core as core
import imperial_text as tx

from .choices import Names, rondel_label
from .readable import chip, decision_question, esc
from .seats import HUMAN, parse_seats


@dataclass(frozen=True)
class Seating:
    """Who plays where in the open game, as this device sees it."""

    by_link: bool
    players: tuple[str, ...]
    seats: tuple[str, ...]
    mine: tuple[str, ...] | None
    base: int
    held: bool

    @classmethod
    def of(cls, session: Any) -> Seating:
        """The seating kept in ``session.extra`` (anything unreadable there counts as not said)."""
        extra = session.extra
        players = tuple(session.players)
        seats, _problem = parse_seats(extra.get("seats"), list(players))
        raw = extra.get("mine")
        mine = tuple(p for p in raw if p in players) if isinstance(raw, list) else None
        base = extra.get("base")
        return cls(extra.get("by_link") is True, players, tuple(seats), mine,
                   base if type(base) is int and base >= 0 else 0, extra.get("held") is True)

    @property
    def humans(self) -> list[str]:
        """The players whose seat is a person's, in seating order."""
        return [p for p, s in zip(self.players, self.seats, strict=True) if s == HUMAN]

    def is_computer(self, player: str | None) -> bool:
        return player in self.players and self.seats[self.players.index(player)] != HUMAN

    def elsewhere(self, state: Any) -> str | None:
        """The player on another device who decides now (``None``: a game at one screen, a computer's
        turn, this device's own decision, the end)."""
        if not self.by_link or state.is_over:
            return None
        player = state.current_player
        if player is None or self.is_computer(player) or player in (self.mine or ()):
            return None
        return player

    def undo_floor(self) -> int:
        """The earliest move Undo may go back to (moves before it came from another device)."""
        return self.base if self.by_link else 0

    def send_to(self, state: Any) -> list[str]:
        """The players to send the game to now: the other device's player who decides next, after a move
        made here; at the end, every other person at the game.  ``[]`` when there is nothing to send."""
        if not self.by_link or not self.held or self.mine is None:
            return []
        if state.is_over:
            return [p for p in self.humans if p not in self.mine]
        other = self.elsewhere(state)
        return [other] if other is not None else []


def claim(extra: dict[str, Any], mine: list[str], moves: int) -> None:
    """This device plays ``mine`` (``[]``: just watching), from the game's ``moves``-th move on."""
    extra["mine"] = list(mine)
    extra["base"] = moves
    extra["held"] = False


def received(extra: dict[str, Any], moves: int) -> None:
    """The game came in by link with ``moves`` moves: Undo stops there, and nothing is this device's to send."""
    extra["base"] = moves
    extra["held"] = False


def started(extra: dict[str, Any], mine: list[str]) -> None:
    """A game by link started on this device, which plays ``mine``: it is this device's to send first."""
    extra.update(by_link=True, mine=list(mine), base=0, held=True)


def played(extra: dict[str, Any], player: str | None) -> None:
    """A move was made here: if it was for one of this device's seats, the game is this device's to send."""
    mine = extra.get("mine")
    if extra.get("by_link") is True and isinstance(mine, list) and player in mine:
        extra["held"] = True


def kept_from(stored: dict[str, Any], extra: dict[str, Any]) -> None:
    """A link continues a game saved here: what this device is to the game (its claim) comes from the save;
    the seats come with the link (they are the game's)."""
    if "mine" in stored:
        extra["mine"] = stored["mine"]
    if "reasons" in stored and "reasons" not in extra:
        extra["reasons"] = stored["reasons"]


# -- what happened ----------------------------------------------------------------------------------------
def last_decision(session: Any, player: str, upto: int) -> int:
    """The number of moves made up to and including ``player``'s last decision before move ``upto``
    (0: none).  Who decided each move is the engine's (the log entry's ``player``), whichever device made it."""
    for k in range(min(upto, len(session.entries)) - 1, -1, -1):
        if session.entries[k].player == player:
            return k + 1
    return 0


def since_start(session: Any, mine: tuple[str, ...] | None, upto: int) -> int | None:
    """Where "Since you played" starts for the person at this device, read from the game's record alone: after
    that person's own last decision before move ``upto``.  The person is the player who decides now, if this
    device plays them, else the one of this device's players who decided last.  ``None``: this device plays
    nobody (it watches, or has not said)."""
    if not mine:
        return None
    state = session.states[upto]
    people = [state.current_player] if state.current_player in mine else list(mine)
    return max(last_decision(session, p, upto) for p in people)


@dataclass(frozen=True)
class Turn:
    """The moves of one nation's turn (or the part of it in a stretch of moves): its round, nation and
    government, how many moves, the rondel space it took (notation, ``""``: none), its battles, and the
    sentences of its moves that stand out (bonds bought, battles asked for, changes of government...), besides
    the rondel move itself."""

    round: int
    nation: str | None
    government: str | None
    first: int  # the index of its first move
    moves: int
    space: str
    battles: int
    news: tuple[str, ...]


def _standout(e: Any) -> bool:
    return e.action.split(" ", 1)[0] in ("bond", "force", "demand") or bool(e.notable)


def turns(session: Any, start: int, end: int) -> list[Turn]:
    """Moves ``start..end-1`` by nation turn, oldest first; every move is in exactly one turn."""
    spaces = core.rondel_spaces(session.states[0].board)
    out: list[Turn] = []
    k = start
    while k < end:
        e = session.entries[k]
        j = k
        while j + 1 < end and (session.entries[j + 1].round, session.entries[j + 1].nation) == (e.round, e.nation):
            j += 1
        group = session.entries[k:j + 1]
        space = next((g.action.split(" ", 1)[1] for g in group if g.action.startswith("rondel ")), "")
        if not space and e.nation is not None:
            at = session.states[j + 1].nations.get(e.nation, {}).get("rondel")
            space = spaces[at] if type(at) is int and 0 <= at < len(spaces) else ""
        battles = sum(1 for g in group if "battle" in g.notable)
        news = tuple(g.text for g in group if _standout(g) and not g.action.startswith("rondel "))
        out.append(Turn(e.round, e.nation, e.government, k, j + 1 - k, space, battles, news))
        k = j + 1
    return out


def _who(turn: Turn, names: Names) -> str:
    """"France (Ann)": the nation, and its government when it has one."""
    if turn.nation is None:
        return ""
    nation = names.nation(turn.nation)
    return f"{nation} ({turn.government})" if turn.government else nation


def _turn_phrase(turn: Turn, names: Names, *, battles: bool) -> str:
    """"France (Ann): Maneuver" (with "2 battles" when ``battles``)."""
    who = _who(turn, names)
    what = rondel_label(turn.space, names.lang) if turn.space else ""
    text = f"{who}: {what}" if who and what else who or what
    if battles and turn.battles:
        text += " (" + names.tn("page.bl.battles", turn.battles) + ")"
    return text


@dataclass(frozen=True)
class Line:
    """One line of "Since you played": its head (a nation's turn, or a whole round), how many moves it
    covers, and (a nation's turn) the sentences of its moves that stand out."""

    head: str
    moves: int
    news: tuple[str, ...] = ()


def summary(session: Any, start: int, end: int, names: Names) -> list[Line]:
    """What moves ``start..end-1`` did, newest first: a line per nation turn while they are no more than a
    round's worth of turns, else a line per round; the lines' moves add up to ``end - start``."""
    found = turns(session, start, end)
    nations = len(session.states[0].nations)
    w = names.t
    if len(found) <= nations:
        return [Line(w("page.bl.turn_line", round=t.round, turn=_turn_phrase(t, names, battles=False)),
                     t.moves, t.news) for t in reversed(found)]
    rounds: dict[int, list[Turn]] = {}
    for t in found:
        rounds.setdefault(t.round, []).append(t)
    return [Line(w("page.bl.round_line", round=r, turns="; ".join(_turn_phrase(t, names, battles=True) for t in ts)),
                 sum(t.moves for t in ts)) for r, ts in sorted(rounds.items(), reverse=True)]


def latest_turn(session: Any, start: int, end: int) -> range:
    """The moves of the latest nation turn among moves ``start..end-1`` (outlined on the map)."""
    if end <= start:
        return range(0)
    key = (session.entries[end - 1].round, session.entries[end - 1].nation)
    first = end - 1
    while first > start and (session.entries[first - 1].round, session.entries[first - 1].nation) == key:
        first -= 1
    return range(first, end)


def final_text(state: Any, names: Names) -> str:
    """"Final scores: Ann 52, Bob 47, Cem 31." (from first to last place; ``""`` before the end)."""
    if not state.is_over:
        return ""
    scores = core.scores(state)
    return names.t("page.bl.final", scores=", ".join(f"{p} {names.number(scores[p])}" for p in core.ranking(state)))


def end_text(state: Any, names: Names) -> str:
    """At the end: "The game is over: Ann wins. Final scores: Ann 52, Bob 47, Cem 31." (``""`` before)."""
    if not state.is_over:
        return ""
    return names.t("page.bl.over", player=core.ranking(state)[0]) + " " + final_text(state, names)


def line_text(line: Line, names: Names) -> str:
    """A line of the summary as plain text: "Round 4 · France (Ann): Maneuver (9 moves)"."""
    return f"{line.head} ({names.tn('page.moves', line.moves)})"


def what_text(state: Any, names: Names) -> str:
    """What the deciding player decides now, as plain text (the decision panel's question, without the notation
    shown to experts)."""
    return _plain(re.sub(r'<span class="nt">.*?</span>', "", decision_question(state, names)[1]))


def _plain(markup: str) -> str:
    """HTML made by this page (tags and the five escapes of ``esc``) as plain text."""
    text = re.sub(r"<[^>]+>", "", markup)
    for code, char in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#x27;", "'"), ("&amp;", "&")):
        text = text.replace(code, char)
    return text


def turn_text(state: Any, player: str, names: Names) -> str:
    """"It is Bob's turn, as Italy, in round 5: choose the rondel space." (the end: who won)."""
    w = names.t
    if state.is_over:
        return w("page.bl.over", player=core.ranking(state)[0])
    nid = decision_question(state, names)[0]
    key = "page.bl.turn_nation" if nid else "page.bl.turn"
    return w(key, player=player, nation=names.nation(nid) if nid else "", round=state.round) + " " + what_text(state, names)


def message(session: Any, state: Any, to: list[str], names: Names) -> str:
    """The words sent with the link: to whom, whose turn (at the end: who won, and the final scores), and what
    happened since that player last played."""
    w = names.t
    who = ", ".join(to)
    if state.is_over:
        head = w("page.bl.msg_over", players=who, player=core.ranking(state)[0]) + " " + final_text(state, names)
        since_k = min(last_decision(session, p, session.cur) for p in to) if to else session.cur
    else:
        head = w("page.bl.msg_turn", player=who) + " " + turn_text(state, to[0], names)
        since_k = last_decision(session, to[0], session.cur)
    lines = [line_text(line, names) for line in summary(session, since_k, session.cur, names)]
    if lines:
        head += " " + w("page.bl.msg_since") + " " + "; ".join(lines) + "."
    return head


def mailto(subject: str, body: str) -> str:
    """A ``mailto:`` address that opens an e-mail with this subject and body, to whoever the player picks."""
    return f"mailto:?subject={quote(subject)}&body={quote(body)}"


# -- panels -----------------------------------------------------------------------------------------------
def waiting_html(state: Any, player: str, names: Names) -> str:
    """Whom the game waits for and what they decide (the decision is view-only here)."""
    nid, what = decision_question(state, names)
    who = f"{esc(player)} ({chip(nid, names)})" if nid else esc(player)
    return (f'<p class="waiting" data-testid="waiting-for">{esc(names.t("page.bl.waiting_for"))} <b>{who}</b>: '
            f'{what}</p>')


def send_html(state: Any, to: list[str], url: str, text: str, names: Names) -> str:
    """The send step: to whom, then Share (the system's share sheet, where there is one), Copy and an e-mail,
    then the link itself (to copy by hand).  Whose turn it is and what they decide is the decision's own
    heading, so it is not said again here: the whole step fits a phone's panel."""
    w = names.t
    who = ", ".join(to)
    head = w("page.bl.send_over", players=who) if state.is_over else w("page.bl.send", player=who)
    subject = w("page.bl.subject_over") if state.is_over else w("page.bl.subject", player=who)
    return (
        f'<section class="send-turn" data-testid="send-turn" data-to="{esc(",".join(to))}">'
        f'<h3>{esc(head)}</h3>'
        f'<div class="send-buttons">'
        f'<button type="button" class="primary" data-cmd="share-turn" data-testid="share-turn" '
        f'data-url="{esc(url)}" data-title="{esc(subject)}" data-text="{esc(text)}">{esc(w("page.bl.share"))}</button>'
        f'<button type="button" data-cmd="copy-turn" data-testid="copy-turn" data-url="{esc(url)}">'
        f'{esc(w("page.bl.copy"))}</button>'
        f'<a class="button" data-testid="mail-turn" href="{esc(mailto(subject, text + chr(10) + chr(10) + url))}">'
        f'{esc(w("page.bl.mail"))}</a></div>'
        f'<input readonly class="turn-link" data-testid="turn-link" value="{esc(url)}" '
        f'aria-label="{esc(w("page.bl.link_label", player=who))}">'
        f'<p class="muted small" data-testid="turn-status" aria-live="polite"></p></section>')


def since_html(session: Any, start: int, end: int, names: Names) -> str:
    """"Since you played", folded into one line that opens on a tap (``<details>``): at the end of the game who
    won and the final scores (then it is open), what the moves did, newest first (a line per nation turn, or
    per round when there were many), and a button that replays them."""
    w = names.t
    lines = summary(session, start, end, names)
    items = []
    for line in lines:
        sub = "".join(f"<li>{esc(n)}</li>" for n in line.news)
        items.append(f'<li data-moves="{line.moves}"><b>{esc(line.head)}</b> · '
                     f'{esc(names.tn("page.moves", line.moves))}{f"<ul>{sub}</ul>" if sub else ""}</li>')
    over = session.states[end].is_over
    final = f'<p class="since-end" data-testid="since-end">{esc(end_text(session.states[end], names))}</p>' \
        if over else ""
    return (f'<details class="since-you" data-testid="since-you" data-from="{start}" data-to="{end}"'
            f'{" open" if over else ""}><summary>{esc(tx.tn(names.lang, "page.bl.since", end - start))}</summary>'
            # the list scrolls when long: focusable so a keyboard can scroll it too
            f'{final}<ul class="since-lines" tabindex="0">{"".join(items)}</ul>'
            f'<div class="choices"><button type="button" data-cmd="replay-to" data-arg="{start}" '
            f'data-testid="replay-since">{esc(w("page.bl.replay_since"))}</button>'
            f'<button type="button" data-cmd="since-done" class="link">{esc(w("page.bl.since_done"))}</button></div>'
            '</details>')


def claim_html(seating: Seating, names: Names) -> str:
    """"Which player are you?": one button per person's seat, and "Just watching"."""
    w = names.t
    buttons = "".join(f'<button type="button" class="primary" data-cmd="claim" data-arg="{esc(p)}" '
                      f'data-testid="claim-seat" data-seat="{esc(p)}">{esc(p)}</button>' for p in seating.humans)
    computers = [p for p in seating.players if seating.is_computer(p)]
    note = (f'<p class="muted">{esc(w("page.bl.computers", players=", ".join(computers)))}</p>'
            if computers else "")
    return (f'<h2>{esc(w("page.bl.who_h"))}</h2><p>{esc(w("page.bl.who_text"))}</p>{note}'
            f'<div class="choices">{buttons}<button type="button" data-cmd="claim" data-arg="" '
            f'data-testid="claim-watch">{esc(w("page.bl.watch"))}</button></div>'
            f'<p class="muted small">{esc(w("page.bl.honour"))}</p>')


def fork_html(common: int, round_no: int, key: str, names: Names) -> str:
    """A link that went another way than the game saved here: both lines are kept; which to play on."""
    w = names.t
    return (f'<h2>{esc(w("page.bl.fork_h"))}</h2>'
            f'<p data-testid="fork" data-common="{common}">{esc(w("page.bl.fork", k=common, round=round_no))}</p>'
            f'<p class="muted">{esc(w("page.bl.fork_kept"))}</p>'
            f'<div class="choices"><button type="button" class="primary" data-close data-testid="fork-link">'
            f'{esc(w("page.bl.fork_link"))}</button>'
            f'<button type="button" data-cmd="fork-mine" data-arg="{esc(key)}" data-testid="fork-mine">'
            f'{esc(w("page.bl.fork_mine"))}</button></div>')


def mine_html(seating: Seating, names: Names) -> str:
    """The Players tab: which seats this device plays (it can be changed), in a game played by link."""
    if not seating.by_link:
        return ""
    w = names.t
    mine = seating.mine or ()
    rows = []
    for p in seating.humans:
        here = p in mine
        label = w("page.bl.leave", player=p) if here else w("page.bl.take", player=p)
        rows.append(f'<li data-mine="{"1" if here else "0"}"><b>{esc(p)}</b> '
                    f'<span class="muted">{esc(w("page.bl.here" if here else "page.bl.there"))}</span> '
                    f'<button type="button" data-cmd="claim-toggle" data-arg="{esc(p)}">{esc(label)}</button></li>')
    said = w("page.bl.you_play", players=", ".join(mine)) if mine else w("page.bl.you_watch")
    return (f'<section class="mine" data-testid="my-seats"><h3>{esc(w("page.bl.device_h"))}</h3>'
            f'<p>{esc(said)}</p><ul>{"".join(rows)}</ul></section>')
