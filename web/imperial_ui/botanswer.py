"""The bot worker's answer to one request (run by ``bot-worker.mjs`` in its own Pyodide; plain CPython in the
tests).  A request is JSON text ``{"id", "kind", "position", "level", "seed"}``; the answer is JSON text
``{"type": "answer", "id", "index", "action", "reason", "why", "ms"}``: the index of the bot's choice in
``legal_actions`` of the position, the choice in notation, the one-line reason for the log
(``imperial_bots.choose_with_reason``), the bot's own words of why (the reason without what the move did),
and the time it took.  Anything wrong raises; the worker answers ``{"type": "error"}`` then."""

from __future__ import annotations

import json
import time

import imperial_bots as bots
import imperial_core as ic
from imperial_core.narrate import sentence


def answer(text: str) -> str:
    """The bot's choice for the request ``text`` (JSON), as JSON text."""
    req = json.loads(text)
    t = time.perf_counter()
    state = ic.from_position(str(req["position"]))
    lang = str(req.get("lang") or "en")
    action, line = bots.choose_with_reason(state, level=str(req["level"]), seed=int(req.get("seed") or 0), lang=lang)
    index = ic.legal_actions(state).index(action)
    ms = (time.perf_counter() - t) * 1000
    _after, events = ic.step(state, action)
    told = sentence(state, action, events, lang=lang)
    why = line[len(told) + 2:-1] if line.startswith(told + " (") and line.endswith(")") else ""
    return json.dumps({"type": "answer", "id": req["id"], "index": index, "action": str(action),
                       "reason": line, "why": why, "ms": round(ms, 2)})
