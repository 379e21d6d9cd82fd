"""A game over time, for charts: power points, treasuries, cash and scores at the start of every nation's
turn, read from the events of the game's own record.

>>> import imperial_core as ic
>>> from imperial_core.timeline import timeline
>>> s = ic.new_game(["Ann", "Bob", "Cem"], seed=1)
>>> for _ in range(40):
...     s = ic.apply_index(s, 0)
>>> points = timeline(s)
>>> points[0].label, points[0].power == {n: 0 for n in s.nations}
('round 1, AH', True)

The walk replays ``state.history`` from the start of its record with :func:`imperial_core.step_index` and
adds up the events: ``pay`` moves cash and treasuries, ``power`` moves power points; a ``turn`` event starts
a new point (round and nation; the first nation's turn begins with the set-up itself, but for an auction),
and the end of the game (or the present, for a game in progress) is the
last point.  Scores are the rulebook's (*Object of the game*: Σ interest × power factor + cash) of the
state at each point, so the score curve ends on the final scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .codec import start_of
from .engine import scores, step_index
from .events import Event, Pay, PowerMoved, TurnBegins
from .model import GameState

__all__ = ["Point", "timeline"]

TREASURY = "treasury:"


@dataclass(frozen=True)
class Point:
    """The game at one moment: after ``step`` actions of the record, during ``round`` (0 at set-up), as
    ``nation``'s turn begins (``None`` at set-up and at the end)."""

    step: int
    round: int
    nation: str | None
    label: str
    power: dict[str, int] = field(default_factory=dict)
    treasury: dict[str, int] = field(default_factory=dict)
    cash: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)


def _point(state: GameState, step: int, nation: str | None, label: str, power: dict[str, int],
           treasury: dict[str, int], cash: dict[str, int]) -> Point:
    return Point(step, state.round, nation, label, dict(power), dict(treasury), dict(cash), scores(state))


def _book(events: list[Event], power: dict[str, int], treasury: dict[str, int], cash: dict[str, int]) -> None:
    """Add one step's events to the running figures."""
    for e in events:
        if isinstance(e, Pay):
            for account, sign in ((e.source, -1), (e.target, 1)):
                if account.startswith(TREASURY):
                    treasury[account[len(TREASURY):]] += sign * e.amount
                elif account != "bank":
                    cash[account] += sign * e.amount
        elif isinstance(e, PowerMoved):
            power[e.nation] = e.after


def timeline(state: GameState, replay: Sequence[tuple[GameState, list[Event]]] | None = None) -> list[Point]:
    """Points from the start of ``state``'s record to ``state`` itself: the start, each nation's turn as it
    begins, and the present (the end of the game once it is over).  ``replay``: the record already replayed
    by :func:`imperial_core.step_index` from the start (the state after each move and its events, one per
    move of ``state.history``), which is then not replayed again."""
    s = start_of(state)
    if replay is not None and len(replay) != len(state.history):
        raise ValueError(f"a replay of {len(replay)} moves for a record of {len(state.history)}")
    power = {n: v["power"] for n, v in s.nations.items()}
    treasury = {n: v["treasury"] for n, v in s.nations.items()}
    cash = {p["name"]: p["cash"] for p in s.players}
    if state.origin is None and s.active_nation is not None:  # the first nation's turn begins at set-up
        first = _point(s, 0, s.active_nation, f"round {s.round}, {s.active_nation}", power, treasury, cash)
    else:
        first = _point(s, 0, None, "set-up" if state.origin is None else "start", power, treasury, cash)
    points = [first]
    for k, index in enumerate(state.history, start=1):
        s, events = step_index(s, index) if replay is None else replay[k - 1]
        _book(events, power, treasury, cash)
        for e in events:
            if isinstance(e, TurnBegins):
                points.append(_point(s, k, e.nation, f"round {e.round}, {e.nation}", power, treasury, cash))
    if points[-1].step != len(state.history):
        points.append(_point(s, len(state.history), None, "end" if s.is_over else "now", power, treasury, cash))
    return points
