"""Events: what each step did, as pydantic models in a discriminated union on ``kind``.

:func:`imperial_core.step` returns them beside the new state.  They cover every change of the game:
money moves only as :class:`Pay` events, so that every change of a player's cash or of a treasury in a
step is exactly the sum of that step's payments.  The page's log, bots' explanations and charts read
events; nothing needs to compare two states to guess what happened.

Accounts in payments (``source``, ``target``): ``"bank"``, a player's name, or ``"treasury:<NATION>"``.
Reasons: ``rondel`` (extra rondel spaces), ``tax``, ``soldiers`` (soldiers' pay), ``bonus`` (success
bonus), ``interest``, ``investor card`` (its 2M payout), ``bond`` (a bond bought or traded up),
``factory``, ``import``, ``funding`` (cash given to a treasury so that a cost can be paid).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .actions import Unit

Account = str
Reason = Literal["rondel", "tax", "soldiers", "bonus", "interest", "investor card", "bond", "factory", "import",
                 "funding"]


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Pay(_Event):
    """Money moved from ``source`` to ``target`` for ``reason`` (rulebook: the rule named)."""

    kind: Literal["pay"] = "pay"
    source: Account
    target: Account
    amount: int
    reason: Reason


class TurnBegins(_Event):
    """A nation's turn begins (``round`` counts from 1; a round ends when every nation had a turn)."""

    kind: Literal["turn"] = "turn"
    nation: str
    round: int
    government: str | None


class RondelMove(_Event):
    """The nation's marker moved ``steps`` spaces to the rondel space ``space`` (a notation label)."""

    kind: Literal["rondel"] = "rondel"
    nation: str
    space: str
    steps: int


class ForcedStop(_Event):
    """A Swiss Bank holder forced the nation to stop on Investor."""

    kind: Literal["force"] = "force"
    player: str
    nation: str


class UnitBuilt(_Event):
    """A unit was placed: produced by a factory or imported."""

    kind: Literal["unit_built"] = "unit_built"
    nation: str
    unit: Unit
    region: str
    cause: Literal["production", "import"]


class UnitMoved(_Event):
    """A unit moved; ``via`` lists the seas of a convoy; ``hostile`` is set when an army entered another
    nation's home province (upright or lying)."""

    kind: Literal["unit_moved"] = "unit_moved"
    nation: str
    unit: Unit
    origin: str
    to: str
    via: list[str] = []
    hostile: bool | None = None


class StatusChanged(_Event):
    """The nation's armies in ``region`` now stand ``upright`` of ``armies`` (the rest lie)."""

    kind: Literal["status"] = "status"
    nation: str
    region: str
    upright: int
    armies: int


class Battle(_Event):
    """A battle: one unit of ``nation`` against one of ``enemy``, both removed."""

    kind: Literal["battle"] = "battle"
    region: str
    nation: str
    unit: Unit
    enemy: str
    enemy_unit: Unit


class UnitDestroyed(_Event):
    """A unit was removed, in a battle or with the factory it destroyed."""

    kind: Literal["unit_destroyed"] = "unit_destroyed"
    nation: str
    unit: Unit
    region: str
    cause: Literal["battle", "factory"]


class FactoryBuilt(_Event):
    kind: Literal["factory_built"] = "factory_built"
    nation: str
    region: str


class FactoryDestroyed(_Event):
    """``by``'s armies destroyed ``nation``'s factory in ``region``."""

    kind: Literal["factory_destroyed"] = "factory_destroyed"
    nation: str
    region: str
    by: str


class FlagPlaced(_Event):
    kind: Literal["flag_placed"] = "flag_placed"
    nation: str
    region: str


class FlagRemoved(_Event):
    kind: Literal["flag_removed"] = "flag_removed"
    nation: str
    region: str


class PowerMoved(_Event):
    """The nation's power points went from ``before`` to ``after``."""

    kind: Literal["power"] = "power"
    nation: str
    before: int
    after: int


class TaxChartMoved(_Event):
    """The nation's tax chart marker moved (positions index ``board.tax_chart``) for a ``revenue``."""

    kind: Literal["tax_chart"] = "tax_chart"
    nation: str
    before: int
    after: int
    revenue: int


class BondBought(_Event):
    """``player`` bought ``nation``'s bond of ``value``, returning its bond ``returned`` (a trade-up)."""

    kind: Literal["bond"] = "bond"
    player: str
    nation: str
    value: int
    returned: int | None = None


class GovernmentChanged(_Event):
    kind: Literal["government"] = "government"
    nation: str
    before: str | None
    after: str | None


class SwissBanks(_Event):
    """The players who now hold a Swiss Bank."""

    kind: Literal["swiss_banks"] = "swiss_banks"
    players: list[str]


class InvestorCardPassed(_Event):
    """The investor card went to ``after`` (``before`` is ``None`` when it is first handed out)."""

    kind: Literal["investor_card"] = "investor_card"
    before: str | None
    after: str


class CanalPassage(_Event):
    """``nation``'s government allowed or refused ``mover``'s ``move`` (notation) through ``canal``."""

    kind: Literal["canal"] = "canal"
    canal: str
    nation: str
    mover: str
    move: str
    allowed: bool


class GameOver(_Event):
    """The game ended (``nation`` reached the last power points); final scores and ranking."""

    kind: Literal["game_over"] = "game_over"
    nation: str | None
    scores: dict[str, int]
    ranking: list[str]


Event = Annotated[
    Pay | TurnBegins | RondelMove | ForcedStop | UnitBuilt | UnitMoved | StatusChanged | Battle | UnitDestroyed
    | FactoryBuilt | FactoryDestroyed | FlagPlaced | FlagRemoved | PowerMoved | TaxChartMoved | BondBought
    | GovernmentChanged | SwissBanks | InvestorCardPassed | CanalPassage | GameOver,
    Field(discriminator="kind"),
]

EventAdapter: TypeAdapter = TypeAdapter(list[Event], config=ConfigDict(defer_build=True))

#: Every event kind and its model.
KINDS: dict[str, type[_Event]] = {
    cls.model_fields["kind"].default: cls
    for cls in (Pay, TurnBegins, RondelMove, ForcedStop, UnitBuilt, UnitMoved, StatusChanged, Battle,
                UnitDestroyed, FactoryBuilt, FactoryDestroyed, FlagPlaced, FlagRemoved, PowerMoved, TaxChartMoved,
                BondBought, GovernmentChanged, SwissBanks, InvestorCardPassed, CanalPassage, GameOver)
}


def to_events(raw: list[dict]) -> list[Event]:
    """The models of the plain events the rules emitted (validated: a rule emitting a malformed event is a
    bug caught here)."""
    return EventAdapter.validate_python(raw)
