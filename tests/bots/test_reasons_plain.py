"""The computer players' reasons are in a player's words (issue 36): what the move gains, no search counts or
margins, and never the move itself named as the runner-up; 200 decisions of each level on both boards."""

from __future__ import annotations

import re

import imperial_bots as bots
import imperial_core as ic
import pytest
from imperial_bots.expert import ExpertConfig
from imperial_bots.search import SearchConfig
from imperial_core.narrate import action_words

#: Words of the search the reasons used to carry ("searching 32 lines of play, +8.1 points against the next
#: best choice", "explored this choice most (20 lines)"), in the three languages.
JARGON = re.compile(
    r"lines of play|points against|explored|\blines\b|[+−-]\d|\d+[.,]\d"
    r"|Spielverläufe|Punkte gegenüber|untersucht|líneas de juego|puntos frente|exploró", re.I)
#: A number that is not a game quantity: game quantities in the reasons are money ("4M", "4 Mio.", "4 mill."),
#: power points and units.
NUMBER = re.compile(r"(?<![\d.])\d+(?![\d.])(?!\s*(M\b|Mio\.|mill\.|power|Macht|punto|more unit|units?|Einheit|unidad))")

DECISIONS = 200
#: The searching levels with a small budget: their reasons are made alike at any budget (the runner-up named
#: from the search's own order), and a budget of steps, not seconds, plays the same on a busy machine.  (The
#: strong level at 4 iterations instead of 8: half the CPU, and a runner-up named in all 400 reasons, as at 8
#: in 399.)
SMALL = {"strong": {"config": SearchConfig(iterations=4, maneuver_k=3)},
         "expert": {"expert_config": ExpertConfig(iterations=4)}}


def _reasons(board: str, level: str):
    players = ["Ann", "Bob", "Cy", "Dia"] if board == "europe" else ["Ann", "Bob", "Cy"]
    n = 0
    game = 0
    while n < DECISIONS:
        s = ic.new_game(players, seed=game, board="world2030" if board == "world" else board)
        while not s.is_over and n < DECISIONS:
            legal = ic.legal_actions(s)
            action, whys = bots.choose_with_reasons(s, level=level, seed=n, **SMALL.get(level, {}))
            yield s, action, legal, whys
            n += 1
            s = ic.step(s, action)[0]
        game += 1


@pytest.mark.parametrize("board", ["europe", "world"])
@pytest.mark.parametrize("level", bots.LEVELS)
def test_reasons_say_what_the_move_gains_without_search_jargon(board: str, level: str) -> None:
    for s, action, legal, whys in _reasons(board, level):
        assert action in legal, ic.to_position(s)
        for lang, why in whys.items():
            assert not JARGON.search(why), (lang, why)
            own = action_words(s, action, lang)
            gained = why
            for marker in ("; next best: ", "; zweitbeste Wahl: ", "; segunda mejor opción: "):
                if marker in why:
                    gained, named = why.split(marker, 1)
                    assert named != own, (lang, why)
                    assert named in {action_words(s, a, lang) for a in legal if a != action}, (lang, why)
            assert not NUMBER.search(gained), (lang, why)
