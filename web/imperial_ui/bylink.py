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

from .choices import Names
from .readable import chip, decision_question, esc
from .seats import HUMAN, parse_seats

#: The most moves listed in "Since you played" and in the message sent with a link.
MAX_NEWS = 12


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
    (0: none)."""
    for k in range(min(upto, len(session.entries)) - 1, -1, -1):
        if session.entries[k].player == player:
            return k + 1
    return 0


def news(session: Any, start: int, end: int) -> list[Any]:
    """The log entries of moves ``start..end-1`` that say what happened at a glance: each nation's rondel
    move, bonds bought, battles and other notable moves; the last :data:`MAX_NEWS` of them."""
    picked = [e for e in session.entries[start:end]
              if e.action.split(" ", 1)[0] in ("rondel", "bond", "force", "demand") or e.notable]
    return picked[-MAX_NEWS:]


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
    """The words sent with the link: to whom, whose turn, and what happened since that player last played."""
    w = names.t
    who = ", ".join(to)
    if state.is_over:
        head = w("page.bl.msg_over", players=who, player=core.ranking(state)[0])
        since_k = min(last_decision(session, p, session.cur) for p in to) if to else session.cur
    else:
        head = w("page.bl.msg_turn", player=who) + " " + turn_text(state, to[0], names)
        since_k = last_decision(session, to[0], session.cur)
    lines = [e.text for e in news(session, since_k, session.cur)]
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
    """The send step: the link, Share (the system's share sheet, where there is one), Copy, an e-mail."""
    w = names.t
    who = ", ".join(to)
    head = w("page.bl.send_over", players=who) if state.is_over else w("page.bl.send", player=who)
    subject = w("page.bl.subject_over") if state.is_over else w("page.bl.subject", player=who)
    return (
        f'<section class="send-turn" data-testid="send-turn" data-to="{esc(",".join(to))}">'
        f'<h3>{esc(head)}</h3>'
        f'<p class="turn">{esc(turn_text(state, to[0], names))}</p>'
        f'<input readonly class="turn-link" data-testid="turn-link" value="{esc(url)}" '
        f'aria-label="{esc(w("page.bl.link_label", player=who))}">'
        f'<div class="choices">'
        f'<button type="button" class="primary" data-cmd="share-turn" data-testid="share-turn" '
        f'data-url="{esc(url)}" data-title="{esc(subject)}" data-text="{esc(text)}">{esc(w("page.bl.share"))}</button>'
        f'<button type="button" data-cmd="copy-turn" data-testid="copy-turn" data-url="{esc(url)}">'
        f'{esc(w("page.bl.copy"))}</button>'
        f'<a class="button" data-testid="mail-turn" href="{esc(mailto(subject, text + chr(10) + chr(10) + url))}">'
        f'{esc(w("page.bl.mail"))}</a></div>'
        f'<p class="muted small" data-testid="turn-status" aria-live="polite"></p></section>')


def since_html(session: Any, start: int, end: int, names: Names) -> str:
    """"Since you played": what the moves that came with the link did, and a button that replays them."""
    w = names.t
    shown = news(session, start, end)
    items = "".join(f'<li>{esc(e.text)}</li>' for e in shown)
    more = end - start - len(shown)
    rest = f'<p class="muted small">{esc(tx.tn(names.lang, "page.bl.more_moves", more))}</p>' if more > 0 else ""
    return (f'<section class="since-you" data-testid="since-you" data-from="{start}" data-to="{end}">'
            f'<h3>{esc(tx.tn(names.lang, "page.bl.since", end - start))}</h3><ul>{items}</ul>{rest}'
            f'<div class="choices"><button type="button" data-cmd="replay-to" data-arg="{start}" '
            f'data-testid="replay-since">{esc(w("page.bl.replay_since"))}</button>'
            f'<button type="button" data-cmd="since-done" class="link">{esc(w("page.bl.since_done"))}</button></div>'
            '</section>')


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
            f'<button type="button" data-cmd="resume" data-arg="{esc(key)}" data-testid="fork-mine">'
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
