"""Game state of Imperial as a pydantic model of plain data.

A :class:`GameState` is immutable by convention: :func:`imperial_core.apply` returns a new
one and never touches its input.  Everything inside is plain JSON data (dicts, lists,
ints, strings), so ``state.model_dump_json()`` / ``GameState.model_validate_json()``
round-trip exactly and the engine can copy a state cheaply.

Fields a renderer needs
-----------------------
``state.board``
    board id (``"europe"``); static data via ``imperial_core.load_board(state.board)``.
``state.players``
    list in seating (clockwise) order of ``{"name": str, "cash": int}``.
    A player's bonds: ``player_bonds(state, name)`` -> ``[(nation, value), ...]``.
``state.nations``
    dict nation id -> :class:`NationState` in turn order, with keys

    * ``treasury`` (int, millions), ``power`` (power points 0..25),
      ``tax`` (tax chart position: index into ``board.tax_chart``, 0 = "2-5"),
    * ``rondel`` (index into ``board.rondel`` or ``None`` while still in the centre),
    * ``government`` (player name or ``None``),
    * ``factories`` (list of region ids), ``flags`` (list of region ids),
    * ``armies`` (region id -> count), ``hostile`` (region id -> how many of those
      armies stand upright as hostile; only in other nations' home provinces; the
      rest lie friendly), ``fleets`` (region id -> count; a fleet whose region is a
      home province lies in that harbour),
    * ``bonds`` (bond value -> holder name, ``None`` while still available).

    Everything standing in one region: ``units_at(state, region)`` ->
    ``[(nation, armies, hostile_armies, fleets), ...]``.
``state.investor``
    holder of the investor card (``None`` in the variant without it).
``state.swiss_banks``
    players holding a Swiss Bank, in seating order.
``state.turn``
    who decides now and what kind of decision: ``turn["phase"]`` (see
    :data:`imperial_core.PHASES`), ``turn["nation"]`` (the nation whose turn it is),
    ``turn["player"]`` (the player who must decide).  Shortcuts:
    ``state.current_player``, ``state.decision``, ``state.active_nation``, ``state.is_over``.
    During a maneuver ``turn["moved_armies"]`` / ``turn["moved_fleets"]`` count units that have moved
    (region -> count; ``turn["moved_hostile"]``: how many of those armies entered upright) and
    ``turn["contact"]`` names the region where a battle question is open.
    While players are asked to give money (``"fund"``), ``turn["pending"]`` is the factory or import
    (notation words) waiting for the money and ``turn["pledges"]`` what each player has offered so far;
    ``turn["refused"]`` lists the ones nobody would fund this turn.
``state.round``
    the round: 1 during the first nation's first turn, one more each time the turn passes to a nation
    earlier in turn order (0 during the set-up auction).
``state.history``
    index of each chosen action in ``legal_actions`` since set-up, or since ``state.origin`` (the game
    record).
``state.origin``
    ``None`` for a game recorded from its set-up; else the position text (``to_position``) that the
    record starts from.
``state.edition`` / ``state.setup`` / ``state.investor_card`` / ``state.increase_bonus`` / ``state.seed``
    the options the game was set up with (``increase_bonus``: Imperial 2030's variant "Bonus only for tax
    increases").
``state.version``
    the version of the rules the game is played under (:data:`RULES_VERSION` for a new game; a game keeps
    its version for ever, see :data:`RULES_READ` and ``docs/saves.md``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict
from typing_extensions import TypedDict

from .board import Board, load_board

#: The version of the rules new games are played under (``GameState.version``; ``docs/saves.md``, *Versions*).
#: A rules fix that would replay a recorded game differently raises it, and the fix is gated with
#: :func:`imperial_core.rules.common.rules_since`, so that games of the earlier versions keep their rules.
#: The engine reads it (and :data:`RULES_READ`) through this module when it is needed, not when it is imported.
RULES_VERSION = 2
#: The rules versions this engine still plays: every game keeps the version it was started under, and saves and
#: links of any of these open and continue under their own rules.  Versions are only ever added.
RULES_READ: tuple[int, ...] = (2,)


class PlayerState(TypedDict):
    """A player (investor): name and personal cash in millions."""

    name: str
    cash: int


class NationState(TypedDict):
    """One nation; see the module docstring for the meaning of each key."""

    treasury: int
    power: int
    tax: int
    rondel: int | None
    government: str | None
    factories: list[str]
    flags: list[str]
    armies: dict[str, int]
    hostile: dict[str, int]
    fleets: dict[str, int]
    bonds: dict[int, str | None]


class Contact(TypedDict):
    """A unit that has just arrived (or changed status) where foreign units stand."""

    region: str
    unit: Literal["army", "fleet"]
    asking: list[str]
    hostile: bool | None


class TurnState(TypedDict):
    """Who decides now and the bookkeeping of the decision in progress."""

    phase: str
    nation: str | None
    player: str | None
    passed_investor: bool
    target: int | None
    queue: list[str]
    imports: int
    moved_armies: dict[str, int]
    moved_hostile: dict[str, int]
    moved_fleets: dict[str, int]
    convoys: dict[str, int]
    contact: Contact | None
    invest_nation: str | None
    invest_round: str
    changed: list[str]
    auction_nation: int
    auction_first: int
    pending: list[str] | None
    pledges: dict[str, int]
    refused: list[str]


def fresh_turn(phase: str, nation: str | None = None, player: str | None = None) -> TurnState:
    """A turn record with every bookkeeping field at its resting value."""
    return {
        "phase": phase, "nation": nation, "player": player, "passed_investor": False, "target": None,
        "queue": [], "imports": 0, "moved_armies": {}, "moved_hostile": {}, "moved_fleets": {}, "convoys": {},
        "contact": None,
        "invest_nation": None, "invest_round": "", "changed": [], "auction_nation": 0, "auction_first": 0,
        "pending": None, "pledges": {}, "refused": [],
    }


class GameState(BaseModel):
    """The whole game: options, players, nations, decision in progress and history."""

    model_config = ConfigDict(frozen=False, extra="forbid", defer_build=True)

    version: int = RULES_VERSION  # the rules the game is played under (new_game sets it)
    board: str = "europe"
    edition: Literal["current", "first"] = "current"
    setup: Literal["standard", "auction"] = "standard"
    investor_card: bool = True
    increase_bonus: bool = False
    seed: int = 0
    players: list[PlayerState]
    nations: dict[str, NationState]
    investor: str | None = None
    swiss_banks: list[str] = []
    round: int = 0
    turn: TurnState
    origin: str | None = None
    history: list[int] = []

    # -- convenience views -------------------------------------------------
    @property
    def current_player(self) -> str | None:
        """Name of the player who must decide now, ``None`` once the game is over."""
        return None if self.turn["phase"] == "over" else self.turn["player"]

    @property
    def is_over(self) -> bool:
        return self.turn["phase"] == "over"

    @property
    def decision(self) -> str:
        """Kind of decision awaited (a key of :data:`imperial_core.PHASES`)."""
        return self.turn["phase"]

    @property
    def active_nation(self) -> str | None:
        """The nation whose turn it is (``None`` during set-up and after the end)."""
        return self.turn["nation"]

    @property
    def board_data(self) -> Board:
        return load_board(self.board)

    def cash(self, player: str) -> int:
        for p in self.players:
            if p["name"] == player:
                return p["cash"]
        raise KeyError(player)


def player_bonds(state: GameState, player: str) -> list[tuple[str, int]]:
    """Bonds held by ``player`` as ``(nation, value)`` in nation order, then value."""
    out = []
    for nid, n in state.nations.items():
        for value, holder in sorted(n["bonds"].items()):
            if holder == player:
                out.append((nid, value))
    return out


def available_bonds(state: GameState, nation: str) -> list[int]:
    """Values of the nation's bonds still in its bond pile."""
    return sorted(v for v, h in state.nations[nation]["bonds"].items() if h is None)


def credit(state: GameState, player: str, nation: str) -> int:
    """A player's credit sum in a nation (sum of the values of its bonds)."""
    return sum(v for v, h in state.nations[nation]["bonds"].items() if h == player)


def units_at(state: GameState, region: str) -> list[tuple[str, int, int, int]]:
    """Units in ``region`` as ``(nation, armies, hostile armies, fleets)``, nations in turn order."""
    out = []
    for nid, n in state.nations.items():
        a, f = n["armies"].get(region, 0), n["fleets"].get(region, 0)
        if a or f:
            out.append((nid, a, n["hostile"].get(region, 0), f))
    return out
