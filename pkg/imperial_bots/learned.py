"""The learned evaluation: each player's final score predicted from the position's features
(:mod:`imperial_bots.features`), by weights fitted to self-play games (``bench/learn.py``).

The weights are plain JSON per board (``imperial_bots/weights/<board>.json``): a linear model
(``"kind": "ridge"``: ``bias`` and ``w``, one weight per feature) or a network of one hidden layer
(``"kind": "mlp"``: ``b1``, ``w1`` (one row of hidden weights per feature), ReLU, then ``b2`` and ``w2``), the
features' standardization folded into the weights.  Evaluated in pure Python; numpy is for training only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from imperial_core import GameState, scores

from .evaluate import Summary, Weights, add_up, summarize, utilities, weights_for
from .features import names, vectors

HERE = Path(__file__).resolve().parent / "weights"


@dataclass(frozen=True)
class Model:
    """A board's fitted weights."""

    kind: str
    bias: float
    w: tuple[float, ...]                  # ridge: per feature; mlp: the output layer, per hidden unit
    w1: tuple[tuple[float, ...], ...] = ()  # mlp: per feature, its weight to every hidden unit
    b1: tuple[float, ...] = ()

    def predict(self, x: list[float]) -> float:
        """The predicted final score for one feature vector."""
        if self.kind == "ridge":
            return self.bias + add_up(a * b for a, b in zip(self.w, x, strict=True) if b)
        h = list(self.b1)
        for xi, col in zip(x, self.w1, strict=True):
            if xi:
                h = [a + xi * c for a, c in zip(h, col, strict=True)]
        return self.bias + add_up(a * b for a, b in zip(self.w, h, strict=True) if b > 0)


def from_json(data: dict, board: str) -> Model:
    """A model from its JSON form; its features must be the board's of today."""
    if tuple(data["names"]) != names(board):
        raise ValueError(f"the weights of {board} were fitted to other features: fit them again")
    if data["kind"] == "ridge":
        return Model("ridge", float(data["bias"]), tuple(data["w"]))
    return Model("mlp", float(data["b2"]), tuple(data["w2"]), tuple(tuple(r) for r in data["w1"]),
                 tuple(data["b1"]))


@cache
def model(board: str) -> Model:
    """The board's fitted weights."""
    return from_json(json.loads((HERE / f"{board}.json").read_text()), board)


def values(state: GameState, sm: Summary | None = None, m: Model | None = None) -> list[float]:
    """Each player's predicted final score (seating order); a finished game's are its scores."""
    if state.is_over:
        final = scores(state)
        return [float(final[p["name"]]) for p in state.players]
    m = m or model(state.board)
    return [m.predict(x) for x in vectors(state, sm)]


def evaluate(state: GameState, w: Weights | None = None, m: Model | None = None) -> list[float]:
    """Utilities of the players (seating order) from the predicted final scores: each one's own against a
    mix of the best and the mean other (``w.rel``, the board's weights unless given)."""
    return utilities(values(state, summarize(state), m), w or weights_for(state.board))
