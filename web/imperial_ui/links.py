"""Games shared as links, games played by link, and other tabs of this page.

A ``#g=`` link opens its game (checked by the engine; a damaged or foreign link says why); a link to a game
already saved here says whether it continues or rewrites it, and never overwrites the save without asking.
"Copy link" puts the whole game in the address, its seats included.

A game played by link (friends each on their own device, ``bylink``) goes further: a device that does not know
the game asks which player it is; a link that continues the game saved here is taken at once and says what
happened since; a link that went another way is kept beside the save (a fork), and the player chooses which to
play on; when a move hands the game to another device's player, the decision panel offers to send it.

Two tabs on one game tell each other (BroadcastChannel via ``ui.js``, and the ``storage`` event); neither
overwrites the other's newer moves.
"""

from __future__ import annotations

import json
import traceback
from typing import Any

import imperial_core as core
import js

from . import bylink, saves, views
from .bylink import Seating
from .commands import Handler
from .dom import Dom
from .game import Game
from .model import PageModel
from .seats import touched_regions
from .session import Session
from .storage import SAVE_PREFIX, Library, clear_hash, has_link, new_id


class Links:
    def __init__(self, dom: Dom, model: PageModel, library: Library, game: Game, show_start: Any) -> None:
        self.dom = dom
        self.model = model
        self.library = library
        self.game = game
        self.show_start = show_start  # the start screen, for a refused link when no game is open
        self._links: dict[tuple, str] = {}  # the last link made, by what it was made of
        #: the line of play of the last link that went another way (a fork): its save's key, moves and round
        self.fork_line: tuple[str, int, int] | None = None

    def commands(self) -> dict[str, Handler]:
        return {"share": self.cmd_share, "link-new": self.cmd_link_new, "link-continue": self.cmd_link_continue,
                "peer": self.cmd_peer, "claim": self.cmd_claim, "claim-toggle": self.cmd_claim_toggle,
                "share-turn": self.cmd_share_turn, "copy-turn": self.cmd_copy_turn, "fork-mine": self.cmd_fork_mine}

    # -- the link of the open game --------------------------------------------------------------------
    def url_of(self, session: Session) -> str:
        """The link of ``session``'s game as it stands, its seats and (a game by link) that it is played so.
        Made once per position and seats."""
        seating = Seating.of(session)
        key = (session.game_id, session.cur, id(session.present), seating.seats, seating.by_link)
        url = self._links.get(key)
        if url is None:
            token = core.encode(session.present, seats=list(seating.seats), by_link=seating.by_link)
            url = str(js.location.origin) + str(js.location.pathname) + "#g=" + token
            self._links = {key: url}
        return url

    # -- opening a link -------------------------------------------------------------------------------
    def open_hash(self) -> None:
        """The game in the address (``#g=…``), if any."""
        if not has_link():
            return
        opened = self.library.read_session(str(js.location.hash), new_id())
        if not isinstance(opened, Session):
            self.dom.message(self.model.w("page.m.bad_link", reason=opened))
            clear_hash()
            if self.model.session is None:
                self.show_start()
            return
        self.dom.clear_message()
        self.dom.ui.menu(False)
        match = self.link_match(opened)
        if opened.extra.get("by_link") is True:
            self.open_by_link(opened, match)
            return
        self.game.open_session(opened, autosave=False, note="page.m.from_link")
        if match is not None:
            self.dom.el("prompt-body").innerHTML = views.link_prompt_html(match, self.model.lang)
            self.dom.data(link=match.relation)
            self.dom.ui.prompt(True)

    def open_by_link(self, opened: Session, match: saves.Match | None) -> None:
        """A game played by link came in.  Unknown here: which player is this device?  The same game or an
        older link: the save here is shown.  A link that continues the save: taken at once, with what happened
        since.  A link that went another way: kept as a save of its own beside the other (nothing is lost), and
        the player chooses which to play on."""
        w = self.model.w
        if match is None:
            bylink.received(opened.extra, opened.cur)
            self.game.open_session(opened, autosave=False)
            self.dom.el("prompt-body").innerHTML = bylink.claim_html(Seating.of(opened), self.model.names)
            self.dom.data(link="claim")
            self.dom.ui.prompt(True)
            return
        if match.relation in ("same", "behind"):
            self.game.cmd_resume(match.key)
            said = w("page.bl.up_to_date") if match.relation == "same" else \
                w("page.bl.older", saved=self.model.names.tn("page.moves", match.saved_moves))
            self.dom.message(said, "info")
            return
        stored = self.library.store.get(match.key) or ""
        bylink.kept_from(self.library.stored_meta(stored), opened.extra)
        bylink.received(opened.extra, opened.cur)
        if match.relation == "continues":  # the same game, further on: the save takes it
            opened.game_id = match.key[len(SAVE_PREFIX):]
            created = self.library.stored_created(stored)
            if created is not None:
                opened.created = created
            self.library.written[match.key] = stored
        self.game.open_session(opened, autosave=True)
        self.show_since()
        if match.relation == "rewrites":
            self.fork_line = (SAVE_PREFIX + opened.game_id, opened.cur, opened.present.round)
            round_no = opened.states[match.common].round
            self.dom.el("prompt-body").innerHTML = bylink.fork_html(match.common, round_no, match.key,
                                                                     self.model.names)
            self.dom.data(link="fork")
            self.dom.ui.prompt(True)
            self.library.refresh()

    def show_since(self) -> None:
        """"Since you played": the moves since the last decision of the person at this device, read from the
        game's record (whichever device made it), listed in the decision panel; the latest nation turn's
        regions are outlined on the map."""
        s = self.model.session
        if s is None:
            return
        start = bylink.since_start(s, Seating.of(s).mine, s.cur)
        if start is None or start >= s.cur:
            return
        self.model.since = (start, s.cur)
        regions = touched_regions([e for k in bylink.latest_turn(s, start, s.cur) for e in s.events[k]])
        self.game.board.mark("botmove", regions)
        self.game.redraw()

    def panel_html(self, state: Any, *, only_send: bool = False) -> str:
        """What the decision panel shows first in a game by link: the send step after a move that hands the
        game to another device, what happened since this device last played, whom the game waits for.  At
        the end the send step is on the score screen (``only_send``) instead."""
        s = self.model.session
        if s is None or state is not s.present:
            return ""
        seating = Seating.of(s)
        self.dom.data(mySeats=",".join(seating.mine or ()),  # none in a game at one screen
                      byLink="1" if seating.by_link else "")
        if not seating.by_link:
            return ""
        names = self.model.names
        out = []
        to = seating.send_to(state)
        if to and state.is_over == only_send:
            url = self.url_of(s)
            out.append(bylink.send_html(state, to, url, bylink.message(s, state, to, names), names))
        if only_send:
            return "".join(out)
        if self.model.since is not None:
            out.append(bylink.since_html(s, *self.model.since, names))
        other = seating.elsewhere(state)
        if other is not None and not to:  # the send step names whom it waits for
            out.append(bylink.waiting_html(state, other, names))
        return "".join(out)

    def cmd_fork_mine(self, key: str | None) -> None:
        """"Play on from my saved game" at a fork: that game opens, and the player is told where the link's line
        went (it is kept in the saved games, and can be opened from the message)."""
        line = self.fork_line
        self.game.cmd_resume(key)
        if line is None or self.library.store.get(line[0]) is None:
            return
        w = self.model.w
        self.dom.message(w("page.bl.fork_other", moves=self.model.names.tn("page.moves", line[1]), round=line[2]),
                         "info", [{"cmd": "resume", "arg": line[0], "label": w("page.bl.fork_open_link")}])

    # -- claims ---------------------------------------------------------------------------------------
    def cmd_claim(self, name: str | None) -> None:
        """"Which player are you?" answered: this device plays that seat (``""``: just watching), and the game
        is saved here from now on."""
        s = self.model.session
        self.dom.ui.prompt(False)
        if s is None:
            return
        seating = Seating.of(s)
        mine = [str(name)] if name and str(name) in seating.humans else []
        bylink.claim(s.extra, mine, s.cur)
        self.keep("")
        self.show_since()

    def cmd_claim_toggle(self, name: str | None) -> None:
        """The Players tab: this device takes a person's seat, or leaves it."""
        s = self.model.session
        if s is None:
            return
        seating = Seating.of(s)
        if not seating.by_link or name not in seating.humans:
            return
        mine = list(seating.mine or ())
        mine = [p for p in mine if p != name] if name in mine else [p for p in seating.humans if p in mine or p == name]
        s.extra["mine"] = mine
        self.game.after_change()

    # -- sending the turn -----------------------------------------------------------------------------
    def cmd_share_turn(self, _arg: str | None) -> None:
        """The send step's Share: the system's share sheet with the link and the message."""
        sent = self.turn_parts()
        if sent is not None:
            self.dom.ui.shareTurn(*sent)

    def cmd_copy_turn(self, _arg: str | None) -> None:
        """The send step's Copy: the link to the clipboard (or selected, to copy by hand)."""
        sent = self.turn_parts()
        if sent is not None:
            self.dom.ui.copyTurn(sent[2])

    def turn_parts(self) -> tuple[str, str, str] | None:
        """The send step's title, message and link, if there is something to send now."""
        s = self.model.session
        if s is None or self.game.check() == "broken":
            return None
        state = s.present
        to = Seating.of(s).send_to(state)
        if not to:
            return None
        names = self.model.names
        title = names.t("page.bl.subject_over") if state.is_over else names.t("page.bl.subject", player=", ".join(to))
        return title, bylink.message(s, state, to, names), self.url_of(s)

    def link_match(self, session: Session) -> saves.Match | None:
        """The saved game a link's game belongs to (same set-up), and how the two records relate."""
        return saves.classify_link(saves.setup_of(session.present), session.moves(), self.library.facts())

    def cmd_link_new(self, _arg: str | None) -> None:
        """The link's game is kept as a save of its own."""
        self.dom.ui.prompt(False)
        if self.model.session is not None:
            self.keep("page.m.link_saved")

    def cmd_link_continue(self, key: str | None) -> None:
        """The link continues a saved game: that save takes the link's moves (the player asked for it)."""
        self.dom.ui.prompt(False)
        s = self.model.session
        key = str(key or "")
        stored = self.library.store.get(key)
        if s is None or stored is None or not saves.may_overwrite(stored, saves.setup_of(s.present), s.moves()):
            self.dom.message(self.model.w("page.m.link_changed"), "info")
            return
        s.game_id = key[len(SAVE_PREFIX):]
        created = self.library.stored_created(stored)
        if created is not None:
            s.created = created
        self.dom.data(game=s.game_id)
        self.library.written[key] = stored
        self.keep("page.m.link_continued")

    def keep(self, note: str) -> None:
        """The link's game saved from now on; once it is, the decision says so (``note``, a catalogue key)."""
        self.library.autosave = True
        if self.library.save():
            self.model.note = note
            self.game.redraw()
            self.library.refresh()

    # -- sharing --------------------------------------------------------------------------------------
    def cmd_share(self, _arg: str | None) -> None:
        """"Copy link": the whole game in the address, and a dialog to copy it."""
        s, w = self.model.session, self.model.w
        if s is None or self.game.check() == "broken":
            return
        try:
            url = self.url_of(s)
        except Exception:
            js.console.error(traceback.format_exc())
            self.dom.message(w("page.m.no_link"), "error", [{"cmd": "export", "label": w("page.m.export")}])
            return
        js.history.replaceState(None, "", "#g=" + url.split("#g=", 1)[1])
        self.dom.ui.share(url, self.model.lang)
        if self.library.store.off:
            self.library.set_unsaved(False)

    # -- other tabs -----------------------------------------------------------------------------------
    def on_storage(self, event: Any) -> None:
        """Another tab changed the saves: keep the list fresh.  When it wrote moves this game does not have,
        this tab goes on as a copy and says so; the other tab's moves stay where they are."""
        key = event.key if isinstance(event.key, str) else None  # JS null arrives as jsnull
        new = event.newValue if isinstance(event.newValue, str) else None
        s, w = self.model.session, self.model.w
        written = self.library.written
        ours = s is not None and key is not None and key == SAVE_PREFIX + s.game_id
        if s is not None and key is not None and ours and new is not None and new != written.get(key):
            if saves.may_overwrite(new, saves.setup_of(s.present), s.moves()):
                written[key] = new  # the same game, not further than here: nothing to keep apart
            else:
                self.library.fork("page.m.forked")
                self.dom.message(w("page.m.other_tab"), "info",
                                 [{"cmd": "resume", "arg": key, "label": w("page.m.other_version")}])
                self.game.redraw()
        self.library.refresh()

    def cmd_peer(self, text: str | None) -> None:
        """A message from another tab of this page (BroadcastChannel): who has which game open."""
        try:
            msg = json.loads(text or "")
            kind, game, tab = str(msg["type"]), str(msg["game"]), str(msg["tab"])
        except (ValueError, KeyError, TypeError):
            return
        s = self.model.session
        if tab == self.game.tab_id or s is None or game != s.game_id:
            return
        if kind == "open":  # another tab opened our game: tell it, and say so here
            self.dom.ui.announce(json.dumps({"type": "here", "game": game, "tab": self.game.tab_id}))
        if kind in ("open", "here") and self.model.note not in ("page.m.shared", "page.m.forked"):
            self.model.note = "page.m.shared"
            self.dom.data(shared="1")
            self.game.redraw()
