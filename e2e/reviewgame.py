"""A short finished game for the review's tests: from a late position of a seeded 4-player game (round
16), 59 decisions to its end, a third of them at random (so every player makes costly ones)."""

from __future__ import annotations

from functools import cache

import imperial_core as ic
from imperial_core.engine import follow_indices

POSITION = (
    'imperial 2 board=europe edition=current setup=standard investor_card=yes seed=3 round=16 | player '
    'Ann cash=1 bonds=IT:9+20,FR:9,GB:2,GE:2+20 | player Bob cash=15 bonds=AH:2+6,FR:4+12,GB:9,GE:6 | '
    'player Cem cash=15 bonds=FR:2+6,GB:6+16,GE:4+16,RU:9 | player Dee cash=5 '
    'bonds=AH:4,IT:2+4+12,FR:20,GB:4,GE:9+12 | cards investor=Bob | nation AH treasury=2 power=2 tax=2 '
    'rondel=investor government=Bob factories=vienna,budapest flags=turkey '
    'armies=vienna*2,budapest*2,turkey | nation IT treasury=14 power=16 tax=7 rondel=investor '
    'government=Ann factories=rome,naples,venice,genoa,florence flags=westbalkan,ioniansea '
    'armies=westbalkan fleets=naples*2,genoa,ioniansea | nation FR treasury=40 power=20 tax=4 '
    'rondel=taxation government=Dee factories=paris,bordeaux,dijon '
    'flags=morocco,portugal,westernmed,spain,tunis armies=tunis,spain,paris fleets=westernmed,bordeaux*2 '
    '| nation GB treasury=5 power=11 tax=6 rondel=investor government=Cem '
    'factories=london,liverpool,dublin,edinburgh,sheffield flags=northatlantic,englishchannel,bayofbiscay'
    ' fleets=northatlantic,bayofbiscay,london,liverpool,dublin,edinburgh | nation GE treasury=65 power=21'
    ' tax=8 rondel=maneuver1 government=Ann factories=berlin,hamburg,munich,cologne '
    'flags=holland,belgium,balticsea,norway,northsea armies=norway,stpetersburg,warsaw,bordeaux '
    'hostile=warsaw,bordeaux | nation RU treasury=8 power=6 tax=4 rondel=production1 government=Cem '
    'factories=moscow,odessa flags=blacksea,greece,easternmed,bulgaria,romania '
    'armies=bulgaria,romania,moscow fleets=blacksea,odessa | turn phase=invest nation=AH player=Bob '
    'queue=Bob invest_round=card')
MOVES = [10, 1, 2, 1, 1, 1, 1, 1, 1, 8, 1, 0, 1, 0, 3, 2, 0, 39, 18, 1, 15, 1, 2, 0, 2, 4, 2, 0, 5, 1, 2, 4, 0, 0, 3, 2, 1, 1, 3, 1, 7, 4, 0, 12, 1, 2, 0, 0, 1, 0, 25, 0, 2, 4, 5, 6, 7, 2, 0]


@cache
def finished_game() -> ic.GameState:
    """The game, over."""
    return follow_indices(ic.from_position(POSITION), MOVES)
