"""A mid-game Europe state for drawings, screenshots and the benchmark.

Built from ``new_game`` and then edited field by field (units, flags, factories, tracks), as
the engine's model documents them; it is a picture, not a position reached by play.
"""

from __future__ import annotations

from imperial_core import GameState, new_game

#: nation -> fields to set (armies/hostile/fleets: region -> count)
MIDGAME: dict[str, dict] = {
    "AH": {"factories": ["vienna", "budapest", "trieste"], "flags": ["westbalkan", "romania"],
           "armies": {"westbalkan": 2, "romania": 1, "venice": 1, "vienna": 1},
           "hostile": {"venice": 1}, "fleets": {"ioniansea": 1},
           "treasury": 6, "power": 9, "tax": 4, "rondel": 2},
    "IT": {"factories": ["rome", "genoa"], "flags": ["tunis", "westernmed"],
           "armies": {"tunis": 1, "florence": 1}, "hostile": {}, "fleets": {"westernmed": 2},
           "treasury": 3, "power": 6, "tax": 2, "rondel": 7},
    "FR": {"factories": ["paris", "bordeaux", "marseille"], "flags": ["spain", "portugal", "bayofbiscay"],
           "armies": {"spain": 2, "belgium": 1, "morocco": 1}, "hostile": {},
           "fleets": {"bayofbiscay": 1, "westernmed": 1},
           "treasury": 11, "power": 12, "tax": 5, "rondel": 4},
    "GB": {"factories": ["london", "liverpool", "edinburgh"], "flags": ["northsea", "holland", "norway", "englishchannel"],
           "armies": {"holland": 1, "norway": 1}, "hostile": {},
           "fleets": {"northsea": 2, "englishchannel": 1, "northatlantic": 1, "liverpool": 1},
           "treasury": 8, "power": 14, "tax": 6, "rondel": 5},
    "GE": {"factories": ["berlin", "hamburg", "munich"], "flags": ["denmark", "balticsea", "sweden"],
           "armies": {"denmark": 1, "warsaw": 2, "cologne": 1, "lemberg": 1, "sweden": 1},
           "hostile": {"warsaw": 2}, "fleets": {"balticsea": 1},
           "treasury": 4, "power": 11, "tax": 6, "rondel": 0},
    "RU": {"factories": ["moscow", "kiev"], "flags": ["bulgaria", "turkey", "blacksea", "greece"],
           "armies": {"bulgaria": 1, "turkey": 2, "greece": 1, "lemberg": 1}, "hostile": {"lemberg": 1},
           "fleets": {"blacksea": 2, "easternmed": 1},
           "treasury": 2, "power": 7, "tax": 3, "rondel": 6},
}


def midgame_state() -> GameState:
    """A 4-player Europe game as it might look after several rounds: units of every kind, hostile
    armies in Venice, Warsaw and Lemberg, a friendly German army in Lemberg, flags, built
    factories (Trieste, Genoa, Marseille...) and destroyed ones (Naples, Odessa)."""
    state = new_game(["Ann", "Bob", "Cem", "Dan"], seed=1).model_copy(deep=True)
    board = state.board_data
    for nid, fields in MIDGAME.items():
        n = state.nations[nid]
        for key, value in fields.items():
            if isinstance(value, (dict, list)):
                for rid in value:
                    if rid not in board.regions:
                        raise KeyError(rid)
            n[key] = value  # type: ignore[literal-required]
    return state
