"""Writes ``links-layout3.json``: link tokens of layout 3 (the first build that writes them) and what each must
decode into.  Kept to say exactly how they were made; never run it again over them (README.md)::

    PYTHONPATH=pkg python3 tests/engine/data/make_layout3.py tests/engine/data
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import imperial_core as ic
from imperial_core.codec import history_log
from imperial_core.randomplay import random_game
from make_6fbb205 import SHOWN, play  # the same games are played the same way


def main(out: Path) -> None:
    assert ic.RULES_VERSION == 2
    rows = []
    # the finished 6-player game of save-6fbb205-finished.json, played by link with every kind of seat
    rows.append((random_game(27, 6), ["human", "easy", "normal", "strong", "expert", "human"], True))
    # Imperial 2030 from a position, mid-game
    s = play(ic.new_game(["Zoë", "Bo", "Cy"], board="world2030", seed=-5, setup="auction"), random.Random(5), 70)
    s = play(ic.from_position(ic.to_position(s)), random.Random(6), 25)
    rows.append((s, ["human", "strong", "human"], False))
    # a new game: first edition, no investor card
    rows.append((ic.new_game(["Ann", "Bo"], edition="first", investor_card=False, seed=2**62), None, True))
    pinned = []
    for state, seats, by_link in rows:
        data = json.loads(state.model_dump_json())
        notation = "\n".join(e[2] for e in history_log(state))
        pinned.append({
            "token": ic.encode(state, seats=seats, by_link=by_link),
            "seats": seats or ["human"] * len(state.players), "by_link": by_link, "version": state.version,
            "moves": len(state.history), "origin": state.origin is not None, "over": state.is_over,
            "decision": state.decision, "player": state.current_player, "scores": ic.scores(state),
            "notation_sha256": hashlib.sha256(notation.encode()).hexdigest(),
            "state": {k: data[k] for k in SHOWN},
        })
    (out / "links-layout3.json").write_text(json.dumps(pinned, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
