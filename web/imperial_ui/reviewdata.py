"""A game's review as the page keeps it: made in the bot worker from ``imperial_bots.review``, kept compactly
in the save's meta (``review``), and read back into the chart's points and the turning points in words.

The kept form (plain JSON, a few hundred bytes per player and a point per nation turn)::

    {"v": 1, "level": "strong", "n": <decisions reviewed>, "h": <checksum of the record>,
     "chart": [[step, round, nation or null, [expected score of each player, in seating order]], ...],
     "top": [[index, best index, loss], ...]}

``chart`` holds the start and, for each nation's turn, the expected final scores after its last decision
(the final scores once the game is over); ``top`` the three costliest decisions of every player.  A kept
review counts only for the very record it was made from (``n`` and ``h``).  Nothing here decides a rule:
the words come from the engine (``narrate``) and the catalogue.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Callable
from typing import Any

import imperial_core as core
import imperial_text as tx
from imperial_core.codec import start_of
from imperial_core.narrate import action_words, sentence
from imperial_core.timeline import Point

VERSION = 1
#: Turning points per player, and the least loss (points) that makes one.
TOP, LEAST = 3, 0.5
#: The level the page reviews at.
LEVEL = "strong"


def checksum(history: list[int]) -> str:
    """The record's indices in one short number (the same in every Python)."""
    return format(zlib.crc32(",".join(map(str, history)).encode()), "08x")


def compact(records: list[Any], state: Any, level: str = LEVEL) -> dict[str, Any]:
    """The kept form of the review ``records`` of ``state``'s record."""
    import imperial_bots as bots  # the worker's (the page's own thread does not load the bots)

    names = [p["name"] for p in state.players]
    start = start_of(state)
    first = bots.expected_scores(start)
    chart: list[list[Any]] = [[0, start.round, None, [round(first[n]) for n in names]]]
    for r in records:
        row = [r.index + 1, r.round, r.nation, [round(r.expected_scores[n]) for n in names]]
        if chart[-1][1:3] == row[1:3] and len(chart) > 1:
            chart[-1] = row
        else:
            chart.append(row)
    if state.is_over:
        final = core.scores(state)
        chart.append([len(state.history), state.round, None, [final[n] for n in names]])
    top: list[list[Any]] = []
    for name in names:
        mine = sorted((r for r in records if r.player == name and r.loss >= LEAST), key=lambda r: (-r.loss, r.index))
        top += [[r.index, r.best_index, round(r.loss, 1)] for r in mine[:TOP]]
    top.sort()
    return {"v": VERSION, "level": level, "n": len(state.history), "h": checksum(list(state.history)),
            "chart": chart, "top": top}


def fits(kept: Any, state: Any) -> bool:
    """Whether ``kept`` is a review of exactly ``state``'s record."""
    return (isinstance(kept, dict) and kept.get("v") == VERSION and kept.get("n") == len(state.history)
            and kept.get("h") == checksum(list(state.history)) and isinstance(kept.get("chart"), list)
            and isinstance(kept.get("top"), list))


def chart_points(kept: dict[str, Any], state: Any) -> list[Point]:
    """The chart's points (``render.chart_svg`` draws their ``scores``)."""
    names = [p["name"] for p in state.players]
    out = []
    for step, rnd, nation, values in kept["chart"]:
        scores = dict(zip(names, (int(v) for v in values), strict=True))
        out.append(Point(step=int(step), round=int(rnd), nation=nation, label="", scores=scores))
    return out


def turning_points(kept: dict[str, Any], states: list[Any], actions: list[Any], lang: str) -> dict[str, list[dict]]:
    """Each player's turning points (seating order), costliest first: ``index`` (the decision, in the
    record), ``best`` (its notation), ``loss`` and ``text`` (what was played and what would have been better,
    in ``lang``; ``cost`` and ``better_text`` its two sentences, ``better`` what the better choice does)."""
    names = [p["name"] for p in states[0].players]
    out: dict[str, list[dict]] = {n: [] for n in names}
    for index, best_index, loss in kept["top"]:
        if not 0 <= index < len(actions):
            continue
        before = states[index]
        best = core.legal_actions(before)[best_index]
        _after, events = core.step(before, best)
        nation = before.active_nation
        english = next((n.name for n in before.board_data.nations if n.id == nation), "")
        where = (tx.t(lang, "review.where", round=tx.number(lang, before.round),
                      nation=tx.nation(lang, before.board, nation, english))
                 if nation in before.nations else tx.t(lang, "review.where_round", round=tx.number(lang, before.round)))
        points = max(1, round(loss))
        text = tx.tn(lang, "review.cost", points, where=where, player=before.current_player,
                     played=action_words(before, actions[index], lang))
        better = tx.t(lang, "review.better", better=sentence(before, best, events, lang))
        out.setdefault(before.current_player, []).append(
            {"index": index, "best": str(best), "loss": loss, "cost": f"{text}.", "better_text": better,
             "text": f"{text}. {better}", "better": sentence(before, best, events, lang)})
    for rows in out.values():
        rows.sort(key=lambda r: (-r["loss"], r["index"]))
    return out


# -- in the bot worker -------------------------------------------------------------------------------------
#: The least time between two progress messages (seconds).
EVERY = 0.2


def run(req: dict[str, Any], post: Callable[[str], Any] | None) -> str:
    """The worker's answer to a ``review`` request ``{"id", "kind": "review", "game": <save or token>}``: the
    kept form, as JSON text ``{"type": "review", "id", "game", "review", "ms"}``; progress on the way as
    ``{"type": "review-progress", "id", "done", "total"}`` through ``post``."""
    import imperial_bots as bots

    t0 = time.perf_counter()
    state = core.load(str(req["game"]))
    rid = req["id"]
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.perf_counter()
        if post is not None and (now - last[0] >= EVERY or done == total):
            last[0] = now
            post(json.dumps({"type": "review-progress", "id": rid, "done": done, "total": total}))

    level = str(req.get("level") or LEVEL)
    records = bots.review(state, level=level, progress=progress)
    return json.dumps({"type": "review", "id": rid, "game": req.get("gameId", ""),
                       "review": compact(records, state, level), "ms": round((time.perf_counter() - t0) * 1000)})
