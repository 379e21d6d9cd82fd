"""The bot worker's answer to one request (run by ``bot-worker.mjs`` in its own Pyodide; plain CPython in the
tests).  A request is JSON text ``{"id", "kind", "position", "level", "seed", "lang"}``; the answer is JSON text
``{"type": "answer", "id", "index", "action", "reason", "why", "whys", "ms"}``: the index of the bot's choice
in ``legal_actions`` of the position, the choice in notation, the one-line reason for the log in the request's
language (``imperial_bots.choose_with_reason``, without a time budget: every device makes the same choice, which
play by link relies on), the bot's own words of why (the reason without what the move
did), the same words in every language the game speaks (the log follows a change of language), and the time it
took.  A ``hint`` request may carry ``seconds``, the expert's time budget (a move is always asked without one);
while the expert searches, its best candidate so far is posted as ``{"type": "hint-so-far", "id", "index",
"action"}`` (after a second, then whenever it changes).  Anything wrong raises; the worker answers
``{"type": "error"}`` then."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import imperial_bots as bots
import imperial_core as ic
import imperial_text as tx

from . import reviewdata


def answer(text: str, post: Callable[[str], Any] | None = None) -> str:
    """The bot's choice for the request ``text`` (JSON), as JSON text; a ``review`` request is the review of a
    whole game (:func:`reviewdata.run`, which tells its progress through ``post``)."""
    req = json.loads(text)
    if req.get("kind") == "review":
        return reviewdata.run(req, post)
    t = time.perf_counter()
    state = ic.from_position(str(req["position"]))
    lang = tx.known(str(req.get("lang") or "en"))
    seconds, progress = None, None
    if req.get("kind") == "hint":
        seconds = _budget(req.get("seconds"))
        progress = _so_far(req["id"], state, post)
    action, whys = bots.choose_with_reasons(state, level=str(req["level"]), seed=int(req.get("seed") or 0),
                                            seconds=seconds, langs=tx.LANGS, progress=progress)
    index = ic.legal_actions(state).index(action)
    ms = (time.perf_counter() - t) * 1000
    _after, events = ic.step(state, action)
    return json.dumps({"type": "answer", "id": req["id"], "index": index, "action": str(action),
                       "reason": bots.explain(state, action, events, whys[lang], lang), "why": whys[lang],
                       "whys": whys, "ms": round(ms, 2)})


#: The longest time budget a hint request may ask for (seconds).
MAX_HINT_SECONDS = 10.0


def _budget(raw: Any) -> float | None:
    """A hint's time budget from its request: a number of seconds up to :data:`MAX_HINT_SECONDS`, else none."""
    if type(raw) not in (int, float) or not 0 < raw <= MAX_HINT_SECONDS:
        return None
    return float(raw)


def _so_far(rid: Any, state: ic.GameState, post: Callable[[str], Any] | None) -> Callable[[int, int], None] | None:
    """What tells the page the expert's best candidate so far (each change of it, once)."""
    if post is None:
        return None
    legal = ic.legal_actions(state)
    told: list[int] = []

    def tell(index: int, _depth: int) -> None:
        if told and told[-1] == index:
            return
        told.append(index)
        post(json.dumps({"type": "hint-so-far", "id": rid, "index": index, "action": str(legal[index])}))

    return tell
