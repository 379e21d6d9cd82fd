"""What one decision of a computer player has already worked out, kept by the identity of the state it was
worked out for: a state's children (``apply_index``), its summary (:func:`imperial_bots.evaluate.summarize`),
the greedy policy's scores (:func:`imperial_bots.policy.greedy_scores`) and where greedy play to the end of
the nation's turn stops (:func:`imperial_bots.search.play_out`).

The engine's states never change once made, so a state met again (the look-ahead's candidate that the play
on then makes, the greedy line that a later look-ahead tries again) gives the same answer as working it out
afresh: a decision is the same with or without the memo, only sooner.  Each entry holds its state, so no
other object can take that state's id while the memo lives; the memo lives for one decision
(:func:`remembering`, used by ``imperial_bots.choose_index`` and its siblings), then goes with every state
it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from imperial_core import GameState, apply_index


class Memo:
    """The tables of one decision; each value is a pair (the state it belongs to, what was worked out)."""

    __slots__ = ("ends", "kids", "scores", "summaries")

    def __init__(self) -> None:
        self.kids: dict[tuple[int, int], tuple[GameState, GameState]] = {}
        self.summaries: dict[int, tuple[GameState, Any]] = {}
        self.scores: dict[tuple[int, int, int], tuple[GameState, list[float]]] = {}
        self.ends: dict[tuple[int, int, int], tuple[GameState, GameState, int]] = {}


_current: Memo | None = None
T = TypeVar("T")


def current() -> Memo | None:
    """The memo of the decision being worked out (None outside :func:`remembering`: nothing is kept)."""
    return _current


@contextmanager
def remembering() -> Iterator[Memo]:
    """Keep a :class:`Memo` for the block; a nested block shares the outer one, which is dropped, with every
    state it holds, when the outermost block ends."""
    global _current
    outer = _current
    m = outer or Memo()
    _current = m
    try:
        yield m
    finally:
        _current = outer


def recall(table: str, key: Hashable, state: GameState, work: Callable[[], T]) -> T:
    """``work()``, done once per ``key`` of the memo's ``table`` for the decision being worked out (each time
    outside one); ``state`` is the state it is worked out for, held so that its id stays its own."""
    m = _current
    if m is None:
        return work()
    entries = getattr(m, table)
    hit = entries.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]
    out = work()
    entries[key] = (state, out)
    return out


def child(state: GameState, index: int) -> GameState:
    """``apply_index(state, index)``: the very state made before, if the decision being worked out made it."""
    return recall("kids", (id(state), index), state, lambda: apply_index(state, index))
