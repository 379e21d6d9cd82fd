"""Rules engine for Imperial (Mac Gerdts): pure functions over pydantic states.

>>> from imperial_core import new_game, legal_actions, apply
>>> s = new_game(["Ann", "Bob", "Cem"], seed=1)
>>> s = apply(s, legal_actions(s)[0])
>>> str(legal_actions(s)[0])
'factory prague'

Public API (``docs/engine.md``)
-------------------------------
``new_game(players, *, board, edition, setup, investor_card, increase_bonus, seed, version)``,
``legal_actions(state)``, ``step(state, action) -> (state, events)`` (also ``step_index``),
``apply(state, action)`` (also ``apply_index``), ``state.current_player`` / ``state.decision`` /
``state.is_over`` / ``state.round``, ``scores``, ``score_breakdown``, ``ranking``, ``winner``,
``parse_action`` / ``str(action)`` (``docs/notation.md``), ``explain``; positions as text ``to_position`` /
``from_position`` / ``from_data``; link tokens ``encode`` / ``decode`` / ``decode_link``; saves ``save`` /
``read_save`` / ``load`` (``docs/saves.md``); ``replay``, ``undo``, ``history_log``; rules versions
``RULES_VERSION``, ``RULES_READ`` and ``upgrade``; sentences for people in ``narrate``; static boards via
``load_board``; previews of the choices at hand ``rondel_choices``, ``choice_previews``, ``tax_breakdown``,
``interest_breakdown``; state views ``player_bonds``, ``available_bonds``, ``credit``, ``units_at``.
Rule choices: ``docs/rules-decisions.md``.
"""

from .actions import Action, ActionAdapter, parse_text
from .board import Board, Region, load_board
from .codec import (
    SavedGame,
    decode,
    decode_link,
    encode,
    history_log,
    load,
    read_save,
    read_summary,
    replay,
    save,
    undo,
    upgrade,
)
from .engine import (
    apply,
    apply_index,
    explain,
    legal_actions,
    new_game,
    parse_action,
    ranking,
    rondel_cost,
    rondel_spaces,
    score_breakdown,
    scores,
    step,
    step_index,
    winner,
)
from .errors import BadPosition, BadToken, IllegalAction, NotationError
from .events import Event, EventAdapter
from .model import RULES_READ, RULES_VERSION, GameState, available_bonds, credit, player_bonds, units_at
from .position import from_data, from_position, position_of_data, to_position
from .preview import choice_previews, interest_breakdown, rondel_choices, tax_breakdown
from .rules.flow import PHASES

__version__ = "0.1.0"

__all__ = [
    "PHASES", "RULES_READ", "RULES_VERSION", "Action", "ActionAdapter", "BadPosition", "BadToken", "Board", "Event",
    "EventAdapter", "GameState", "IllegalAction", "NotationError", "Region", "SavedGame", "apply", "apply_index",
    "available_bonds", "choice_previews", "credit", "decode", "decode_link", "encode", "explain", "from_data", "from_position", "history_log", "interest_breakdown",
    "legal_actions", "load", "load_board", "new_game", "parse_action", "parse_text", "player_bonds",
    "position_of_data", "ranking", "read_save", "read_summary", "replay", "rondel_choices", "rondel_cost", "rondel_spaces", "save",
    "score_breakdown", "scores", "step", "step_index", "tax_breakdown", "to_position", "undo", "units_at", "upgrade", "winner",
]
