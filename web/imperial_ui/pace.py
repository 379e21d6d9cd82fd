"""The pace of the computer players' moves (instant, normal, slow; remembered in this browser): how long a
computer's move stays on screen before the next one is played, and, at instant pace, the drawing put off by
about a frame so that the moves that come in meanwhile are drawn together."""

from __future__ import annotations

import time
from collections.abc import Callable

from .store import Store

#: How long a computer's move stays on screen before the next one is shown (milliseconds), per pace.
PACES: dict[str, int] = {"instant": 0, "normal": 900, "slow": 2500}
DEFAULT_PACE = "normal"
PACE_KEY = "imperial.pace"
#: At instant pace, how long after a computer's move the page is drawn (about a frame).
DRAW_MS = 16


def _now_ms() -> float:
    return time.perf_counter() * 1000


class Pace:
    """The chosen pace, when the last computer move was shown, and whether a drawing is due."""

    def __init__(self, store: Store) -> None:
        self.store = store
        name = str(store.get(PACE_KEY) or DEFAULT_PACE)
        self.name = name if name in PACES else DEFAULT_PACE
        self.shown_at = -1e9  # when the last computer move was played (ms)
        self.draw_due = False  # a drawing put off at instant pace

    @property
    def instant(self) -> bool:
        return self.name == "instant"

    def choose(self, name: str | None) -> bool:
        """The player's choice, remembered; whether it is a pace."""
        if name not in PACES:
            return False
        self.name = str(name)
        self.store.set(PACE_KEY, self.name)
        return True

    def wait_ms(self) -> float:
        """How much longer the last computer move stays on screen before the next one is played."""
        return self.shown_at + PACES.get(self.name, 0) - _now_ms()

    def shown(self) -> None:
        self.shown_at = _now_ms()

    def go_on(self) -> None:
        """The next move is played as soon as it comes (the computers were resumed)."""
        self.shown_at = -1e9

    def outline_ms(self) -> int:
        """How long a computer move's regions stay outlined."""
        return max(600, PACES.get(self.name, 0) + 300)

    def draw_later(self, computers_play_on: bool, later: Callable[[float, str, str], None]) -> bool:
        """At instant pace, while the computers play on, the page is drawn a frame after a move rather than at
        once (``later``: the page command ``bot-draw`` then); whether it is put off."""
        if not (self.instant and computers_play_on):
            return False
        if not self.draw_due:
            self.draw_due = True
            later(DRAW_MS, "bot-draw", "")
        return True

    def drawn(self) -> None:
        """After every redraw (``Game.after_draw``): no drawing is due any more."""
        self.draw_due = False
