"""The bot worker's answer to one request (run by ``bot-worker.mjs`` in its own Pyodide; plain CPython in the
tests).  A request is JSON text ``{"id", "kind", "position", "level", "seed", "lang"}``; the answer is JSON text
``{"type": "answer", "id", "index", "action", "reason", "why", "whys", "ms"}``: the index of the bot's choice
in ``legal_actions`` of the position, the choice in notation, the one-line reason for the log in the request's
language (``imperial_bots.choose_with_reason``, without a time budget: every device makes the same choice, which
play by link relies on), the bot's own words of why (the reason without what the move
did), the same words in every language the game speaks (the log follows a change of language), and the time it
took.  Anything wrong raises; the worker answers ``{"type": "error"}`` then."""

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
    action, whys = bots.choose_with_reasons(state, level=str(req["level"]), seed=int(req.get("seed") or 0),
                                            langs=tx.LANGS)
    index = ic.legal_actions(state).index(action)
    ms = (time.perf_counter() - t) * 1000
    _after, events = ic.step(state, action)
    return json.dumps({"type": "answer", "id": req["id"], "index": index, "action": str(action),
                       "reason": bots.explain(state, action, events, whys[lang], lang), "why": whys[lang],
                       "whys": whys, "ms": round(ms, 2)})
