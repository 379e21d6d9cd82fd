"""The review as the page keeps and reads it (``web/imperial_ui/reviewdata.py``), and the worker's answer to a
review request (``botanswer.answer``), in CPython."""

from __future__ import annotations

import json
import random
import sys
from functools import cache
from pathlib import Path

import imperial_core as ic
import imperial_text as tx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from imperial_ui import botanswer, reviewdata  # noqa: E402
from imperial_ui.session import Session  # noqa: E402

#: A short finished game: from a late position of a seeded game, 59 decisions to its end (``e2e/test_review.py``
#: plays it in the browser).
from e2e.reviewgame import finished_game  # noqa: E402


@cache
def answered() -> tuple[dict, list[str]]:
    posted: list[str] = []
    s = finished_game()
    text = botanswer.answer(json.dumps({"id": 7, "kind": "review", "gameId": "g1", "game": ic.save(s)}), posted.append)
    return json.loads(text), posted


def test_the_worker_answers_a_review_with_progress_on_the_way():
    msg, posted = answered()
    assert msg["type"] == "review" and msg["id"] == 7 and msg["game"] == "g1"
    steps = [json.loads(p) for p in posted]
    assert all(p["type"] == "review-progress" and p["id"] == 7 for p in steps)
    assert steps[-1]["done"] == steps[-1]["total"] == len(finished_game().history)
    assert reviewdata.fits(msg["review"], finished_game())


def test_the_kept_review_is_compact_and_fits_only_its_own_record():
    kept = answered()[0]["review"]
    s = finished_game()
    assert len(json.dumps(kept)) < 6000
    assert not reviewdata.fits(kept, ic.undo(s))
    assert not reviewdata.fits({**kept, "h": "0"}, s)
    assert kept["chart"][-1][3] == [ic.scores(s)[p["name"]] for p in s.players]  # it ends on the final scores
    per = {p["name"]: 0 for p in s.players}
    for index, best_index, loss, *_why in kept["top"]:
        before = ic.codec.start_of(s)
        for i in s.history[:index]:
            before = ic.apply_index(before, i)
        per[before.current_player] += 1
        assert best_index != s.history[index] and loss >= reviewdata.LEAST
    assert set(per.values()) == {3}


@pytest.mark.parametrize("lang", tx.LANGS)
def test_turning_points_in_words(lang):
    kept = answered()[0]["review"]
    session = Session.from_state(finished_game(), game_id="g1")
    points = reviewdata.turning_points(kept, session.states, session.actions, lang)
    assert [len(rows) for rows in points.values()] == [3, 3, 3, 3]
    head = tx.t(lang, "review.where", round="", nation="").split(" ")[0]
    for player, rows in points.items():
        assert [r["loss"] for r in rows] == sorted((r["loss"] for r in rows), reverse=True)
        for r in rows:
            assert r["text"].startswith(head) and player in r["text"]
            assert r["best"] in [str(a) for a in ic.legal_actions(session.states[r["index"]])]
            assert tx.t(lang, "review.better", better="") in r["text"]


def test_a_computer_seats_decisions_are_nobodys_turning_points():
    """Issue 36: only a person's own decisions are that person's turning points: the decisions a computer
    seat made (also in a person's seat after the computer took over) are left out, when the review is made and
    when a kept one is read."""
    kept = answered()[0]["review"]
    s = finished_game()
    session = Session.from_state(s, game_id="g1")
    computer = {row[0] for row in kept["top"][::2]}
    points = reviewdata.turning_points(kept, session.states, session.actions, "en", computer)
    shown = {r["index"] for rows in points.values() for r in rows}
    assert shown and not shown & computer
    msg = json.loads(botanswer.answer(json.dumps({"id": 8, "kind": "review", "gameId": "g1", "game": ic.save(s),
                                                  "computer": sorted(computer)}), None))
    assert not {row[0] for row in msg["review"]["top"]} & computer


@pytest.mark.parametrize("lang", tx.LANGS)
def test_a_better_line_says_why_and_never_who_wins(lang):
    """Issue 36: a turning point says what the better choice would have gained, and no "X wins with N points"
    appears inside a better line (the game's end in the review's look-ahead is not its real end)."""
    kept = answered()[0]["review"]
    session = Session.from_state(finished_game(), game_id="g1")
    points = reviewdata.turning_points(kept, session.states, session.actions, lang)
    rows = [r for rows in points.values() for r in rows]
    wins = tx.t(lang, "narrate.game_over", player="\x00", points=0).split("\x00")[-1].split("0")[0].strip()
    assert wins and not any(wins in r["better_text"] for r in rows), wins
    why = tx.t(lang, "review.better_why", better="\x00", gains="\x01").split("\x00")[1].split("\x01")[0]
    assert sum(why in r["better_text"] for r in rows) >= len(rows) // 2, [r["better_text"] for r in rows]


def test_chart_points_carry_the_expected_scores():
    kept = answered()[0]["review"]
    s = finished_game()
    pts = reviewdata.chart_points(kept, s)
    assert len(pts) == len(kept["chart"]) > 10
    assert pts[-1].scores == ic.scores(s)


def test_a_random_finished_game_is_not_needed_for_fits():
    s = ic.new_game(["Ann", "Bob"], seed=1)
    rng = random.Random(1)
    for _ in range(5):
        s = ic.apply_index(s, rng.randrange(len(ic.legal_actions(s))))
    assert not reviewdata.fits(None, s) and not reviewdata.fits({"v": 1}, s)


# -- the page's part (``reviewpage.ReviewPage``) on the stand-in browser --------------------------------------
def open_finished(kept: dict | None = None) -> tuple:
    import pagefake as pf
    from test_botplay import FakeBots

    page = pf.FakePage()
    bots = FakeBots()
    page.window.imperialBots = bots
    s = Session.from_state(finished_game(), game_id="g1")
    if kept is not None:
        s.extra["review"] = kept
    page.local.data["imperial.save.g1"] = s.to_save()
    app = pf.new_app(page)
    app.command("resume", "imperial.save.g1")
    return page, app, bots


def reviews_asked(bots) -> list[dict]:
    return [json.loads(a) for a in bots.asks if json.loads(a).get("kind") == "review"]


def test_the_page_asks_the_worker_shows_progress_keeps_the_review_and_shows_a_turning_point():
    page, app, bots = open_finished()
    body = page.document.body.dataset
    assert body.review == "none" and not reviews_asked(bots)
    app.command("review")
    [req] = reviews_asked(bots)
    assert body.review == "running" and "<progress" in page.document.getElementById("review-box").innerHTML
    posted: list[str] = []
    text = botanswer.answer(json.dumps(req), posted.append)
    app.command("review-news", posted[0])
    assert "review.working" not in page.document.getElementById("review-box").innerHTML
    app.command("review-news", json.dumps({**json.loads(text), "id": req["id"] + 5}))  # not ours: dropped
    assert body.review == "running"
    app.command("review-news", text)
    assert body.review == "kept"
    saved = json.loads(page.local.data["imperial.save.g1"])
    assert reviewdata.fits(saved["meta"]["review"], finished_game())
    html = page.document.getElementById("review-box").innerHTML
    assert html.count('data-cmd="review-show"') == 12
    app.command("review")  # kept: never asked again
    assert len(reviews_asked(bots)) == 1
    index = saved["meta"]["review"]["top"][0][0]
    app.command("review-show", str(index))
    assert app.model.replay == index and body.reviewShown == str(index)
    assert 'data-testid="review-better"' in page.document.getElementById("decision").innerHTML
    app.command("replay-exit")
    assert body.reviewShown == "" and 'review-better' not in page.document.getElementById("decision").innerHTML


def test_a_kept_review_is_shown_when_the_game_opens_and_a_failure_is_said():
    page, app, bots = open_finished(answered()[0]["review"])
    assert page.document.body.dataset.review == "kept" and not reviews_asked(bots)
    page, app, bots = open_finished()
    app.command("review")
    [req] = reviews_asked(bots)
    app.command("review-news", json.dumps({"type": "review-error", "id": req["id"], "message": "out of memory"}))
    assert page.document.body.dataset.review == "failed"
    assert "out of memory" in page.document.getElementById("review-box").innerHTML


def test_review_in_the_saved_games_list_opens_the_game_and_reviews_it():
    page, app, bots = open_finished()
    app.command("home")
    rows = page.document.getElementById("saves-list").innerHTML
    assert 'data-cmd="review-save" data-arg="imperial.save.g1"' in rows
    app.command("review-save", "imperial.save.g1")
    assert page.document.body.dataset.screen == "game" and len(reviews_asked(bots)) == 1
    assert page.document.body.dataset.review == "running"


def test_a_worker_that_cannot_start_ends_the_review_with_its_reason():
    page, app, bots = open_finished()
    app.command("review")
    app.command("bot-failed", json.dumps({"type": "failed", "message": "no WebAssembly here"}))
    assert page.document.body.dataset.review == "failed"
    assert "no WebAssembly here" in page.document.getElementById("review-box").innerHTML


@pytest.mark.parametrize("lang", tx.LANGS)
def test_what_followed_a_turning_point_is_told_from_the_events(lang):
    """Issue 36: a turning point says what followed it before its player decided again ("Dia took Russia from
    Ann"), read from the engine's events of those moves."""
    rng = random.Random(11)
    s = Session.new(["Ann", "Bob", "Cy", "Dia"], game_id="g", seed=11)
    while not s.present.is_over and len(s.actions) < 900:
        s.play(rng.choice(ic.legal_actions(s.present)))
    case = None
    for k, events in enumerate(s.events):
        lost = [e for e in events if e.kind == "government" and e.before and e.after and e.before != e.after
                and e.before != s.entries[k].player]
        if lost:
            back = max(j for j in range(k) if s.entries[j].player == lost[0].before)
            if all(s.entries[j].player != lost[0].before for j in range(back + 1, k + 1)) and k - back <= 40:
                case = back, lost[0]
                break
    assert case is not None
    index, e = case
    said = reviewdata.governments_lost(s.states, s.actions, index, lang)
    assert e.after in said and e.before in said, said
    assert reviewdata.governments_lost(s.states, s.actions, len(s.actions) - 1, lang) == ""
