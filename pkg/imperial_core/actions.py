"""Actions: every decision a player can take, as pydantic models.

``Action`` is a discriminated union on ``type``.  Each action has a short text
notation (``str(action)``), read back by :func:`imperial_core.parse_action`;
see ``docs/notation.md``.  Internally the engine works with plain tuples
(``action.key()``), which keeps move generation fast.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from pydantic_core import PydanticUndefined

Unit = Literal["army", "fleet"]

#: Words for an army's status in the notation (``army:hostile``, ``leaving friendly``).
_STATUS = {True: "hostile", False: "friendly"}


def _unit(unit: str, status: bool | None) -> str:
    return unit if status is None else f"{unit}:{_STATUS[status]}"


def _read_unit(word: str) -> tuple[str, bool | None]:
    unit, _, status = word.partition(":")
    if not status:
        return unit, None
    if status not in ("hostile", "friendly"):
        raise ValueError(word)
    return unit, status == "hostile"


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    def key(self) -> tuple:
        """Plain-tuple form used inside the engine."""
        raise TypeError("abstract")  # pragma: no cover

    @staticmethod
    def write(k: tuple) -> str:
        """The notation (``docs/notation.md``) of the action whose key is ``k``: the one writer of it, for
        ``str(action)`` and :func:`notation_of` alike."""
        raise TypeError("abstract")  # pragma: no cover

    def __str__(self) -> str:
        return self.write(self.key())


class Rondel(_Action):
    """Move the nation's marker to a rondel space (``production2`` = the second Production space)."""

    type: Literal["rondel"] = "rondel"
    space: str

    def key(self) -> tuple:
        return ("rondel", self.space)

    @staticmethod
    def write(k: tuple) -> str:
        return f"rondel {k[1]}"


class Force(_Action):
    """Swiss Bank: force the nation to stop on Investor instead of passing it."""

    type: Literal["force"] = "force"

    def key(self) -> tuple:
        return ("force",)

    @staticmethod
    def write(k: tuple) -> str:
        return "force"


class Allow(_Action):
    """A canal's owner lets the waiting fleet move or convoy through its canal (Imperial 2030)."""

    type: Literal["allow"] = "allow"

    def key(self) -> tuple:
        return ("allow",)

    @staticmethod
    def write(k: tuple) -> str:
        return "allow"


class Refuse(_Action):
    """A canal's owner refuses the waiting fleet move or convoy passage through its canal."""

    type: Literal["refuse"] = "refuse"

    def key(self) -> tuple:
        return ("refuse",)

    @staticmethod
    def write(k: tuple) -> str:
        return "refuse"


class Pass(_Action):
    """Decline or finish the current decision (no factory, no bond, no battle, end of a phase...)."""

    type: Literal["pass"] = "pass"

    def key(self) -> tuple:
        return ("pass",)

    @staticmethod
    def write(k: tuple) -> str:
        return "pass"


class BuildFactory(_Action):
    """Build a factory in a city of the nation (type fixed by the city)."""

    type: Literal["factory"] = "factory"
    region: str

    def key(self) -> tuple:
        return ("factory", self.region)

    @staticmethod
    def write(k: tuple) -> str:
        return f"factory {k[1]}"


class Produce(_Action):
    """With too few units left in the supply, this factory is one of those that produce."""

    type: Literal["produce"] = "produce"
    region: str

    def key(self) -> tuple:
        return ("produce", self.region)

    @staticmethod
    def write(k: tuple) -> str:
        return f"produce {k[1]}"


class Import(_Action):
    """Import one army or fleet for 1M into a home province (fleets: harbour cities only)."""

    type: Literal["import"] = "import"
    unit: Unit
    region: str

    def key(self) -> tuple:
        return ("import", self.unit, self.region)

    @staticmethod
    def write(k: tuple) -> str:
        return f"import {k[1]} {k[2]}"


class MoveFleet(_Action):
    """Move one fleet one step to an adjacent sea."""

    type: Literal["fleet"] = "fleet"
    origin: str
    to: str

    def key(self) -> tuple:
        return ("fleet", self.origin, self.to)

    @staticmethod
    def write(k: tuple) -> str:
        return f"fleet {k[1]}>{k[2]}"


class MoveArmy(_Action):
    """Move one army (rail before/after implied), optionally convoyed through ``via`` seas.

    ``hostile`` is ``True``/``False`` when entering another nation's home province, else ``None``.
    ``leaving`` says whether an upright (``True``) or a lying (``False``) army leaves a foreign province
    where the nation has both; ``None`` when there is no such choice.
    """

    type: Literal["army"] = "army"
    origin: str
    to: str
    via: tuple[str, ...] = ()
    hostile: bool | None = None
    leaving: bool | None = None

    def key(self) -> tuple:
        k = ("army", self.origin, self.to, self.via, self.hostile)
        return k if self.leaving is None else (*k, self.leaving)

    @staticmethod
    def write(k: tuple) -> str:
        s = f"army {k[1]}>{k[2]}"
        if k[3]:
            s += " via " + "+".join(k[3])
        if k[4] is not None:
            s += " hostile" if k[4] else " friendly"
        if len(k) > 5 and k[5] is not None:
            s += " leaving " + _STATUS[k[5]]
        return s


class SetStatus(_Action):
    """The armies that stood in a foreign home province before this maneuver stand up (hostile) or lie
    down (friendly); with ``count``, exactly that many of them stand and the others lie."""

    type: Literal["status"] = "status"
    region: str
    hostile: bool
    count: int | None = None

    def key(self) -> tuple:
        k = ("status", self.region, self.hostile)
        return k if self.count is None else (*k, self.count)

    @staticmethod
    def write(k: tuple) -> str:
        s = f"status {k[1]} {'hostile' if k[2] else 'friendly'}"
        return s if len(k) < 4 or k[3] is None else f"{s} {k[3]}"


class Battle(_Action):
    """The active nation matches one of its units 1:1 against a foreign unit in ``region``."""

    type: Literal["battle"] = "battle"
    region: str
    unit: Unit
    enemy: str
    enemy_unit: Unit
    status: bool | None = None
    enemy_status: bool | None = None

    def key(self) -> tuple:
        k = ("battle", self.region, self.unit, self.enemy, self.enemy_unit)
        if self.status is None and self.enemy_status is None:
            return k
        return (*k, self.status, self.enemy_status)

    @staticmethod
    def write(k: tuple) -> str:
        status, enemy_status = k[5:7] if len(k) > 5 else (None, None)
        return f"battle {k[1]} {_unit(k[2], status)} vs {k[3]} {_unit(k[4], enemy_status)}"


class Ask(_Action):
    """The mover asks this nation's government next whether it demands battle."""

    type: Literal["ask"] = "ask"
    nation: str

    def key(self) -> tuple:
        return ("ask", self.nation)

    @staticmethod
    def write(k: tuple) -> str:
        return f"ask {k[1]}"


class Demand(_Action):
    """An inactive government demands battle against the unit that just arrived, with this unit kind."""

    type: Literal["demand"] = "demand"
    unit: Unit
    status: bool | None = None

    def key(self) -> tuple:
        return ("demand", self.unit) if self.status is None else ("demand", self.unit, self.status)

    @staticmethod
    def write(k: tuple) -> str:
        return f"demand {_unit(k[1], k[2] if len(k) > 2 else None)}"


class DestroyFactory(_Action):
    """Three armies destroy an undefended foreign factory; the armies are removed too."""

    type: Literal["destroy"] = "destroy"
    region: str
    upright: int | None = None

    def key(self) -> tuple:
        return ("destroy", self.region) if self.upright is None else ("destroy", self.region, self.upright)

    @staticmethod
    def write(k: tuple) -> str:
        return f"destroy {k[1]}" if len(k) < 3 or k[2] is None else f"destroy {k[1]} upright {k[2]}"


class BuyBond(_Action):
    """Buy an available bond, optionally returning one's own lower bond of that nation (trade-up)."""

    type: Literal["bond"] = "bond"
    nation: str
    value: int
    trade_in: int | None = None

    def key(self) -> tuple:
        return ("bond", self.nation, self.value, self.trade_in)

    @staticmethod
    def write(k: tuple) -> str:
        s = f"bond {k[1]} {k[2]}"
        if k[3] is not None:
            s += f" return {k[3]}"
        return s


class Give(_Action):
    """Give personal cash to the nation's treasury so that its government can pay a factory or an import."""

    type: Literal["give"] = "give"
    amount: int

    def key(self) -> tuple:
        return ("give", self.amount)

    @staticmethod
    def write(k: tuple) -> str:
        return f"give {k[1]}"


Action = Annotated[
    Rondel | Force | Allow | Refuse | Pass | BuildFactory | Produce | Import | MoveFleet | MoveArmy | SetStatus | Battle | Ask | Demand
    | DestroyFactory | BuyBond | Give,
    Field(discriminator="type"),
]

ActionAdapter: TypeAdapter = TypeAdapter(Action, config=ConfigDict(defer_build=True))

_CLASSES: dict[str, type[_Action]] = {
    "rondel": Rondel, "force": Force, "allow": Allow, "refuse": Refuse, "pass": Pass, "factory": BuildFactory, "produce": Produce,
    "import": Import,
    "fleet": MoveFleet, "army": MoveArmy, "status": SetStatus, "battle": Battle, "ask": Ask,
    "demand": Demand, "destroy": DestroyFactory, "bond": BuyBond, "give": Give,
}
_FIELDS: dict[str, tuple[str, ...]] = {
    t: tuple(f for f in cls.model_fields if f != "type") for t, cls in _CLASSES.items()
}
_DEFAULTS: dict[str, dict[str, object]] = {
    t: {f: info.default for f, info in cls.model_fields.items()} for t, cls in _CLASSES.items()
}
def _build(k: tuple) -> _Action:
    """The pydantic action for an internal tuple, built anew (no validation: the engine made it)."""
    t = k[0]
    cls = _CLASSES.get(t)
    if cls is None:
        raise ValueError(f"unknown action {k!r}")
    data = {"type": t}
    fields = _FIELDS[t]
    if len(k) - 1 > len(fields):
        raise ValueError(f"unknown action {k!r}")
    data.update(zip(fields, k[1:], strict=False))
    defaults = _DEFAULTS[t]
    for f in fields[len(k) - 1:]:  # optional fields left out of the key
        default = defaults[f]
        if default is PydanticUndefined:
            raise ValueError(f"unknown action {k!r}")
        data[f] = default
    return construct(cls, data)


class _Made(dict):
    """Actions already built, by key: looking up a key not seen yet builds and keeps its action."""

    def __missing__(self, k: tuple) -> _Action:
        a = _build(k)
        if len(self) > 20000:
            self.clear()
        self[k] = a
        return a


_MADE: dict[tuple, _Action] = _Made()
#: ``action_of(key)``: the shared action of an internal tuple (see :func:`from_key`).
action_of = _MADE.__getitem__


def construct(cls, data: dict):
    """Build a pydantic model from already valid data without validation (what ``model_construct`` does,
    minus its per-field default handling: every field is given)."""
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", data)
    object.__setattr__(obj, "__pydantic_fields_set__", set(data))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


def from_key(k: tuple) -> _Action:
    """The pydantic action for an internal tuple (no validation: the engine made it).  Actions are
    immutable, so each distinct one is built once and shared."""
    return _MADE[k]


class _Notations(dict):
    """Notations already written, by key: a key not seen yet has its notation written (from the key, without
    building the action) and kept."""

    def __missing__(self, k: tuple) -> str:
        cls = _CLASSES.get(k[0])
        if cls is None:
            raise ValueError(f"unknown action {k!r}")
        text = cls.write(k)
        if len(self) > 20000:
            self.clear()
        self[k] = text
        return text


_NOTATIONS = _Notations()
#: ``notation_of(key)``: ``str(from_key(key))``, the notation of the action whose key is ``key`` (link tokens
#: write the notations of every legal action at every step of a game).
notation_of = _NOTATIONS.__getitem__
#: Forget the notations written so far (``engine.clear_caches``).
forget_notations = _NOTATIONS.clear


_PASS = from_key(("pass",))
_FORCE = from_key(("force",))


def parse_text(text: str) -> _Action:
    """Parse the notation into an action, without checking legality.  Raises ``ValueError``."""
    w = text.strip().split()
    if not w:
        raise ValueError("empty action")
    t, rest = w[0].lower(), w[1:]
    try:
        if t in ("pass", "force", "allow", "refuse") and not rest:
            return _PASS if t == "pass" else _FORCE if t == "force" else from_key((t,))
        if t == "rondel" and len(rest) == 1:
            return Rondel(space=rest[0])
        if t == "factory" and len(rest) == 1:
            return BuildFactory(region=rest[0])
        if t == "produce" and len(rest) == 1:
            return Produce(region=rest[0])
        if t == "destroy" and len(rest) == 1:
            return DestroyFactory(region=rest[0])
        if t == "destroy" and len(rest) == 3 and rest[1] == "upright":
            return DestroyFactory(region=rest[0], upright=int(rest[2]))
        if t == "import" and len(rest) == 2:
            return Import(unit=rest[0], region=rest[1])
        if t == "fleet" and len(rest) == 1 and ">" in rest[0]:
            a, b = rest[0].split(">", 1)
            return MoveFleet(origin=a, to=b)
        if t == "army" and rest and ">" in rest[0]:
            a, b = rest[0].split(">", 1)
            via: tuple[str, ...] = ()
            hostile = None
            i = 1
            if i < len(rest) and rest[i] == "via":
                via = tuple(rest[i + 1].split("+"))
                i += 2
            if i < len(rest) and rest[i] in ("hostile", "friendly"):
                hostile = rest[i] == "hostile"
                i += 1
            leaving = None
            if i + 1 < len(rest) and rest[i] == "leaving" and rest[i + 1] in ("hostile", "friendly"):
                leaving = rest[i + 1] == "hostile"
                i += 2
            if i != len(rest):
                raise ValueError
            return MoveArmy(origin=a, to=b, via=via, hostile=hostile, leaving=leaving)
        if t == "status" and len(rest) in (2, 3) and rest[1] in ("hostile", "friendly"):
            count = int(rest[2]) if len(rest) == 3 else None
            return SetStatus(region=rest[0], hostile=rest[1] == "hostile", count=count)
        if t == "battle" and len(rest) == 5 and rest[2] == "vs":
            unit, status = _read_unit(rest[1])
            enemy_unit, enemy_status = _read_unit(rest[4])
            return Battle(region=rest[0], unit=unit, enemy=rest[3], enemy_unit=enemy_unit, status=status,
                          enemy_status=enemy_status)
        if t == "ask" and len(rest) == 1:
            return Ask(nation=rest[0])
        if t == "demand" and len(rest) == 1:
            unit, status = _read_unit(rest[0])
            return Demand(unit=unit, status=status)
        if t == "give" and len(rest) == 1:
            return Give(amount=int(rest[0]))
        if t == "bond" and len(rest) in (2, 4):
            trade = None
            if len(rest) == 4:
                if rest[2] != "return":
                    raise ValueError
                trade = int(rest[3])
            return BuyBond(nation=rest[0], value=int(rest[1]), trade_in=trade)
    except ValueError:
        pass
    except Exception:  # pydantic validation errors
        pass
    raise ValueError(f"cannot read action {text!r}; see docs/notation.md")
