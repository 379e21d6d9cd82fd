"""The review of a finished game on the page: asked of the computer players' worker (it runs there, with its
progress shown, and the page stays usable), kept in the save's meta so that it is made once, and shown on the
score screen: a chart of every player's expected final score over the game and each player's three turning
points in words.  A click on a turning point shows that position in the replay, with the better choice
outlined on the map and said in the decision panel.

What is kept and how it is read is :mod:`imperial_ui.reviewdata` (plain Python, tested in CPython); the
worker's protocol is ``bot-worker.mjs``; this part only asks, keeps and draws.
"""

from __future__ import annotations

import json
from typing import Any

import imperial_core as core

from . import reviewdata
from .commands import Handler
from .dom import Dom
from .model import PageModel
from .readable import esc
from .seats import action_regions, parse_reasons

#: Request ids of reviews (apart from the computer players' own).
FIRST_ID = 1_000_000


class ReviewPage:
    """The review of the open game: asked, in progress (``running``: the request id, ``done``/``total``),
    kept, shown; and the turning point shown in the replay (``focus``)."""

    def __init__(self, dom: Dom, model: PageModel, game: Any, library: Any, worker: Any, render: Any) -> None:
        self.dom = dom
        self.model = model
        self.game = game
        self.library = library
        self.worker = worker
        self.render = render
        self.next_id = FIRST_ID
        self.running: tuple[str, int] | None = None  # (game id, request id)
        self.done, self.total = 0, 0
        self.problem = ""
        self.runs = 0
        self.focus: tuple[str, int, list[str]] | None = None  # (game id, index, regions of the better choice)
        self.chart: tuple[Any, str] | None = None
        worker.on_failed.append(self.worker_failed)

    def commands(self) -> dict[str, Handler]:
        return {"review": self.cmd_review, "review-save": self.cmd_review_save, "review-news": self.cmd_news,
                "review-show": self.cmd_show}

    def forget(self) -> None:
        """Drawn again in full (the page's language changed)."""
        self.chart = None
        self.dom.forget("review-box")

    # -- asking ---------------------------------------------------------------------------------------
    def kept(self) -> dict[str, Any] | None:
        """The open game's kept review, if it was made from exactly its record."""
        s = self.model.session
        if s is None:
            return None
        kept = s.extra.get("review")
        return kept if reviewdata.fits(kept, s.present) else None

    def computer_moves(self) -> set[int]:
        """The moves of the open game a computer seat made (the save's reasons name them): never a person's
        turning points."""
        s = self.model.session
        return set(parse_reasons(s.extra.get("reasons"))) if s is not None else set()

    def cmd_review(self, _arg: str | None) -> None:
        """Review the open game (a kept review is shown at once, never made again)."""
        s = self.model.session
        if s is None:
            return
        self.model.scores_open = s.present.is_over
        self.model.replay = None
        if self.kept() is None and (self.running is None or self.running[0] != s.game_id):
            self.next_id += 1
            self.running = (s.game_id, self.next_id)
            self.done, self.total, self.problem = 0, len(s.present.history), ""
            self.runs += 1
            self.dom.data(reviewRuns=self.runs)
            self.worker.start()
            self.worker.js.ask(json.dumps({"id": self.next_id, "kind": "review", "gameId": s.game_id,
                                           "game": core.save(s.present), "level": reviewdata.LEVEL,
                                           "computer": sorted(self.computer_moves())}))
        self.game.redraw()
        if self.model.showing_scores():
            self.dom.ui.reviewBox(True, True)  # brought into view, under the scores and their charts

    def cmd_review_save(self, key: str | None) -> None:
        """"Review" in the saved-games list: the game is opened, then reviewed."""
        self.game.cmd_resume(key)
        if self.model.session is not None:
            self.cmd_review(None)

    def cmd_news(self, text: str | None) -> None:
        """The worker's progress, its review or its failure."""
        try:
            msg = json.loads(text or "")
        except ValueError:
            return
        if not isinstance(msg, dict) or self.running is None or msg.get("id") != self.running[1]:
            return
        kind = msg.get("type")
        if kind == "review-progress":
            self.done, self.total = int(msg.get("done") or 0), int(msg.get("total") or 0)
        elif kind == "review-error":
            self.problem = str(msg.get("message") or "")[:200]
            self.running = None
        elif kind == "review":
            game_id = self.running[0]
            self.running = None
            s = self.model.session
            if s is None or s.game_id != game_id or not reviewdata.fits(msg.get("review"), s.present):
                return
            s.extra["review"] = msg["review"]
            self.dom.data(reviewMs=msg.get("ms", 0))
            self.library.save()
        self.sync()

    def worker_failed(self) -> None:
        """The worker could not start, or stopped: a review waiting for it ends with the reason."""
        if self.running is not None:
            self.running = None
            self.problem = self.worker.problem or self.model.w("page.b.unknown")
            self.draw()

    # -- a turning point in the replay ----------------------------------------------------------------
    def cmd_show(self, arg: str | None) -> None:
        """``index``: the position of that decision in the replay, its better choice outlined."""
        s, kept = self.model.session, self.kept()
        try:
            k = int(arg or "")
        except ValueError:
            return
        if s is None or kept is None:
            return
        rows = [r for rows in reviewdata.turning_points(kept, s.states, s.actions, self.model.lang,
                                                                  self.computer_moves()).values()
                for r in rows if r["index"] == k]
        if not rows:
            return
        best = core.parse_action(s.states[k], rows[0]["best"])
        self.focus = (s.game_id, k, action_regions(best))
        self.model.review_note = (k, self.model.w("review.better_here", better=rows[0]["better"]))
        self.game.replay_to(k)

    # -- drawing --------------------------------------------------------------------------------------
    def sync(self) -> None:
        """After every redraw: the review box of the score screen, and the better choice's outline while the
        replay shows a turning point."""
        s, m = self.model.session, self.model
        if self.focus is not None:
            if s is not None and m.replay == self.focus[1] and s.game_id == self.focus[0]:
                self.game.board.mark("hinted", self.focus[2])
                self.dom.data(reviewShown=self.focus[1])
            else:
                self.focus = None
                m.review_note = None
                self.game.board.mark("hinted", [])
                self.dom.data(reviewShown="")
        self.draw()

    def draw(self) -> None:
        s, m = self.model.session, self.model
        show = s is not None and m.showing_scores()
        kept = self.kept() if show else None
        running = show and s is not None and self.running is not None and self.running[0] == s.game_id
        state = "kept" if kept else "running" if running else "failed" if show and self.problem else "none"
        self.dom.data(review=state)
        if not show or state == "none":
            self.dom.view("review-box", ("none",), lambda: "")
            self.dom.once("review-shown", False, lambda: self.dom.ui.reviewBox(False))
            return
        assert s is not None
        lang = m.lang
        if kept is not None:
            self.dom.view("review-box", ("kept", kept["h"], kept["n"], lang, s.game_id), lambda: self.kept_html(kept))
        elif running:
            starting = self.worker.state in ("off", "starting") and self.done == 0
            self.dom.view("review-box", ("running", self.done, self.total, starting, lang),
                          lambda: self.progress_html(starting))
        else:
            self.dom.view("review-box", ("failed", self.problem, lang), lambda: self.failed_html())
        self.dom.once("review-shown", True, lambda: self.dom.ui.reviewBox(True))

    def progress_html(self, starting: bool) -> str:
        w = self.model.w
        say = w("review.starting") if starting else w("review.working", done=self.done, total=self.total)
        return (f'<h2>{esc(w("review.title"))}</h2><p class="review-progress" role="status">'
                f'<progress max="{max(self.total, 1)}" value="{self.done}" aria-label="{esc(w("review.progress"))}">'
                f'</progress> <span>{esc(say)}</span></p>')

    def failed_html(self) -> str:
        w = self.model.w
        return (f'<h2>{esc(w("review.title"))}</h2><p class="review-failed">'
                f'{esc(w("review.failed", reason=self.problem))}</p>'
                f'<div class="choices"><button data-cmd="review">{esc(w("review.retry"))}</button></div>')

    def kept_html(self, kept: dict[str, Any]) -> str:
        m = self.model
        s = m.session
        assert s is not None
        w, lang = m.w, m.lang
        key = (kept["h"], kept["n"], lang)
        if self.chart is None or self.chart[0] != key:
            svg = self.render.chart_svg(s.present, "scores", reviewdata.chart_points(kept, s.present), lang=lang,
                                        title=w("review.chart"))
            self.chart = (key, svg)
        points = reviewdata.turning_points(kept, s.states, s.actions, lang, self.computer_moves())
        out = [f'<h2>{esc(w("review.title"))}</h2><p class="muted">{esc(w("review.how"))}</p>',
               f'<figure class="chart-box review-chart" data-chart="review">{self.chart[1]}'
               f'<figcaption>{esc(w("review.ahead"))}</figcaption></figure>',
               f'<h3>{esc(w("review.turning"))}</h3><div class="turning-points">']
        for player, rows in points.items():
            out.append(f'<section class="tp-player" data-player="{esc(player)}">'
                       f'<h4>{esc(w("review.of_player", player=player))}</h4>')
            if not rows:
                out.append(f'<p class="muted">{esc(w("review.none"))}</p>')
            else:
                out.append('<ol class="tp-list">')
                for r in rows:
                    out.append(f'<li><button class="tp" data-cmd="review-show" data-arg="{r["index"]}" '
                               f'title="{esc(w("review.show"))}"><span class="tp-cost">{esc(r["cost"])}</span> '
                               f'<span class="tp-better">{esc(r["better_text"])}</span></button></li>')
                out.append("</ol>")
            out.append("</section>")
        out.append("</div>")
        return "".join(out)
