"""Fingerprints of seeded random games, to show that a change to the engine's internals changes no result.

Run: ``.venv/bin/python tools/engine_fingerprint.py PKG [GAMES]`` (``PKG``: the ``pkg`` folder of the
checkout to test), once for each revision, and compare the outputs.  Each line is one game (the variants of
both boards in turn): its legal actions at every step, the events of every third step, a position every 50
steps, and the final token, save, position and state, hashed.  Earlier states are checked unchanged.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


def options(seed: int) -> dict:
    """The set-up options of game ``seed``: every variant of both boards in turn."""
    kw: dict = {}
    if seed % 7 == 1:
        kw["edition"] = "first"
    if seed % 5 == 2:
        kw["setup"] = "auction"
    if seed % 6 == 3:
        kw["investor_card"] = False
    if seed % 3 == 0:
        kw = {"board": "world2030", **({"increase_bonus": True} if seed % 2 else {})}
    return kw


def fingerprint(seed: int) -> str:
    import imperial_core as ic

    n, kw = 2 + seed % 5, options(seed)
    h = hashlib.sha256()
    rng = random.Random(seed)
    s = ic.new_game(NAMES[:n], seed=seed, **kw)
    kept = []
    i = 0
    while not s.is_over:
        acts = ic.legal_actions(s)
        h.update("|".join(map(str, acts)).encode())
        j = rng.randrange(len(acts))
        if i % 3 == 0:
            nxt, events = ic.step_index(s, j)
            h.update(json.dumps([e.model_dump() for e in events], sort_keys=True, default=str).encode())
        else:
            nxt = ic.apply(s, acts[j]) if i % 2 else ic.apply_index(s, j)
        if i % 50 == 0:
            h.update(ic.to_position(s).encode())
            kept.append((s, s.model_dump_json()))
        s = nxt
        i += 1
    for old, dump in kept:
        assert old.model_dump_json() == dump, f"game {seed}: an earlier state changed"
    for text in (ic.encode(s), ic.save(s), ic.to_position(s), s.model_dump_json()):
        h.update(text.encode())
    return f"{seed} {n} {kw} {i} {h.hexdigest()[:16]}"


def main() -> int:
    sys.path.insert(0, sys.argv[1])
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    for seed in range(games):
        print(fingerprint(seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
