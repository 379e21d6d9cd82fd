"""A game's review as the page keeps it: made in the bot worker from ``imperial_bots.review``, kept compactly
in the save's meta (``review``), and read back into the chart's points and the turning points in words.

The kept form (plain JSON, a few hundred bytes per player and a point per nation turn)::

    {"v": 1, "level": "strong", "n": <decisions reviewed>, "h": <checksum of the record>,
     "chart": [[step, round, nation or null, [expected score of each player, in seating order]], ...],
     "top": [[index, best index, loss, [[gain key, values], ...]], ...]}

``chart`` holds the start and, for each nation's turn, the expected final scores after its last decision
(the final scores once the game is over); ``top`` the three costliest decisions of every player, a person's
own decisions only (not those a computer seat made, even in a person's seat after it took over: the save's
``reasons`` name them), each with what the better choice would have gained that the played one did not
(``imperial_bots.gains``: catalogue keys ``bots.gain.*`` and their values; a review kept before has none).  A kept
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


def compact(records: list[Any], state: Any, level: str = LEVEL, computer: set[int] | frozenset[int] = frozenset()
            ) -> dict[str, Any]:
    """The kept form of the review ``records`` of ``state``'s record (``computer``: the indices of the
    decisions a computer seat made, never a person's turning points)."""
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
    states = None
    for name in names:
        mine = sorted((r for r in records if r.player == name and r.loss >= LEAST and r.index not in computer),
                      key=lambda r: (-r.loss, r.index))
        for r in mine[:TOP]:
            if states is None:
                states = _states(state)
            top.append([r.index, r.best_index, round(r.loss, 1), _lost_gains(bots, states[r.index], r)])
    top.sort()
    return {"v": VERSION, "level": level, "n": len(state.history), "h": checksum(list(state.history)),
            "chart": chart, "top": top}


def _states(state: Any) -> list[Any]:
    s = start_of(state)
    out = [s]
    for i in state.history:
        s = core.apply_index(s, i)
        out.append(s)
    return out


def _lost_gains(bots: Any, before: Any, r: Any) -> list[list[Any]]:
    """What the better choice gains that the played one does not (at most two)."""
    played = {(k, v.get("nation"), v.get("player")) for k, v in bots.gains_of(before, r.played_index)[0]}
    best = [[k, v] for k, v in bots.gains_of(before, r.best_index)[0]
            if (k, v.get("nation"), v.get("player")) not in played]
    return best[:2]


def gain_words(state: Any, key: str, vals: dict[str, Any], lang: str) -> str:
    """One kept gain in ``lang`` (as ``imperial_bots.gain_words``, without loading the bots)."""
    said: dict[str, Any] = {k: v for k, v in vals.items() if isinstance(v, (str, int)) and not isinstance(v, bool)}
    if not str(key).startswith("bots.gain.") or (str(key) not in tx.TEXT and f"{key}.other" not in tx.TEXT):
        return ""
    nid = said.get("nation")
    if nid is not None:
        english = next((n.name for n in state.board_data.nations if n.id == nid), None)
        if english is None:
            return ""
        said["nation"] = tx.nation(lang, state.board, nid, english)
    if "m" in said:
        said["m"] = tx.money(lang, int(said["m"]))
    try:
        if "count" in said:
            return tx.tn(lang, key, int(said.pop("count")), **said)
        return tx.t(lang, key, **said)
    except (KeyError, IndexError, ValueError):
        return ""


#: How many moves after a turning point are read for what followed from it.
AFTER = 40


def governments_lost(states: list[Any], actions: list[Any], index: int, lang: str) -> str:
    """What followed the decision at ``index`` before its player decided again, from the engine's events of
    those moves: the governments the player lost ("Dia took Russia from Ann"), in ``lang``; nothing if none."""
    me = states[index].current_player
    said = []
    for k in range(index + 1, min(len(actions), index + 1 + AFTER)):
        if states[k].current_player == me:
            break
        for e in core.step(states[k], actions[k])[1]:
            if e.kind == "government" and e.before == me and e.after and e.after != me:
                english = next((n.name for n in states[k].board_data.nations if n.id == e.nation), e.nation)
                said.append(tx.t(lang, "review.took", rival=e.after, player=me,
                                 nation=tx.nation(lang, states[k].board, e.nation, english)))
    return "; ".join(dict.fromkeys(said))


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


def turning_points(kept: dict[str, Any], states: list[Any], actions: list[Any], lang: str,
                   computer: set[int] | frozenset[int] = frozenset()) -> dict[str, list[dict]]:
    """Each player's turning points (seating order), costliest first: ``index`` (the decision, in the
    record), ``best`` (its notation), ``loss`` and ``text`` (what was played and what would have been better,
    and why, in ``lang``; ``cost`` and ``better_text`` its sentences, ``better`` what the better choice does).
    A decision a computer seat made (``computer``: their indices) is nobody's turning point."""
    names = [p["name"] for p in states[0].players]
    out: dict[str, list[dict]] = {n: [] for n in names}
    for row in kept["top"]:
        index, best_index, loss = row[:3]
        if not 0 <= index < len(actions) or index in computer:
            continue
        before = states[index]
        best = core.legal_actions(before)[best_index]
        _after, events = core.step(before, best)
        # what the better choice does, never how a game it ends would be scored ("X wins with N points")
        events = [e for e in events if e.kind != "game_over"]
        nation = before.active_nation
        english = next((n.name for n in before.board_data.nations if n.id == nation), "")
        where = (tx.t(lang, "review.where", round=tx.number(lang, before.round),
                      nation=tx.nation(lang, before.board, nation, english))
                 if nation in before.nations else tx.t(lang, "review.where_round", round=tx.number(lang, before.round)))
        points = max(1, round(loss))
        text = tx.tn(lang, "review.cost", points, where=where, player=before.current_player,
                     played=action_words(before, actions[index], lang))
        lost = governments_lost(states, actions, index, lang)
        if lost:
            text = tx.t(lang, "review.then", cost=text, then=lost)
        better = tx.t(lang, "review.better", better=sentence(before, best, events, lang))
        lost = row[3] if len(row) > 3 and isinstance(row[3], list) else []
        why = "; ".join(w for w in (gain_words(before, g[0], g[1], lang) for g in lost
                                    if isinstance(g, list) and len(g) == 2 and isinstance(g[1], dict)) if w)
        if why:
            better = tx.t(lang, "review.better_why", better=better, gains=why)
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
    computer = {int(i) for i in req.get("computer") or () if type(i) is int}
    records = bots.review(state, level=level, progress=progress)
    return json.dumps({"type": "review", "id": rid, "game": req.get("gameId", ""),
                       "review": compact(records, state, level, computer),
                       "ms": round((time.perf_counter() - t0) * 1000)})
