"""Writes the ``*-6fbb205*`` files of this folder with the engine of commit 6fbb205 (link layout 2, save
format 2, rules version 2), the last build before link layout 3.  Kept to say exactly how they were made;
never run it again over them (README.md)::

    git worktree add --detach /tmp/old-build 6fbb205
    PYTHONPATH=/tmp/old-build/pkg python3 tests/engine/data/make_6fbb205.py tests/engine/data

It refuses to run with any other engine than that of 6fbb205 (whose ``ENGINE_VERSION`` is 2).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import imperial_core as ic
from imperial_core.codec import history_log, save, undo
from imperial_core.randomplay import random_game

#: What a game's present must stay: everything public about it (the turn's bookkeeping may change).
SHOWN = ("players", "nations", "investor", "swiss_banks", "round")


def play(s: ic.GameState, rng: random.Random, n: int) -> ic.GameState:
    for _ in range(n):
        if s.is_over:
            break
        s = ic.apply(s, rng.choice(ic.legal_actions(s)))
    return s


def expected(present: ic.GameState, redo: list[int]) -> dict:
    after = present
    for i in redo:
        after = ic.apply_index(after, i)
    data = json.loads(present.model_dump_json())
    return {
        "moves": len(present.history), "notation": [e[2] for e in history_log(after)],
        "over": present.is_over, "decision": present.decision, "player": present.current_player,
        "nation": present.active_nation, "scores": ic.scores(present), "version": present.version,
        "origin": present.origin is not None, "state": {k: data[k] for k in SHOWN},
    }


def main(out: Path) -> None:
    assert getattr(ic, "ENGINE_VERSION", None) == 2 and not hasattr(ic, "RULES_VERSION"), "use the engine of 6fbb205"
    games: dict[str, tuple[ic.GameState, list[int], dict]] = {}
    # a game from its set-up, mid-game, with 4 moves taken back (kept for redo) and the page's meta
    full = play(ic.new_game(["Ann", "Bjørn", "Cem", "Dana"], seed=31, setup="auction"), random.Random(2031), 150)
    games["midgame"] = (undo(full, 4), full.history[-4:],
                        {"id": "20260101-090000-old1", "created": 1767258000.5, "saved": 1767261600.25,
                         "seats": ["human", "normal", "human", "easy"]})
    # Imperial 2030 (its variants), recorded from a position: 90 moves, the position, 60 more
    s = play(ic.new_game(["Ann", "Bo", "Cy", "李"], board="world2030", seed=12, investor_card=False,
                         increase_bonus=True), random.Random(2032), 90)
    s = play(ic.from_position(ic.to_position(s)), random.Random(2033), 60)
    games["from-position"] = (s, [], {"id": "20260101-100000-old2"})
    # a finished 6-player game
    games["finished"] = (random_game(27, 6), [], {"id": "20260101-110000-old3"})
    links, want = {}, {}
    for name, (present, redo, meta) in games.items():
        links[name] = ic.encode(present)
        (out / f"save-6fbb205-{name}.json").write_text(save(present, meta=meta, redo=redo), encoding="utf-8")
        want[name] = {**expected(present, redo), "redo": len(redo), "meta": meta}
    (out / "links-6fbb205.json").write_text(json.dumps(links, indent=1) + "\n", encoding="utf-8")
    (out / "expected-6fbb205.json").write_text(json.dumps(want, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                                               encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
