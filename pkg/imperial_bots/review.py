"""A review of a game: for every decision of its record, what was played, what the reviewer prefers, and
the expected final points given up.

>>> import imperial_core as ic, imperial_bots as bots
>>> s = ic.new_game(["Ann", "Bob", "Cem"], seed=1)
>>> for _ in range(6):
...     s = ic.apply_index(s, 0)
>>> records = bots.review(s, level="easy")
>>> len(records) == len(s.history), all(r.loss >= 0 for r in records)
(True, True)

Every candidate (the played action and the reviewer's own candidates: the first few in the greedy policy's
order) is judged by one estimator: the action, then the greedy policy (no noise) to the end of the nation's
turn (``strong``: a rondel space to the end of the next nation's turn too), then the evaluation's expected
final scores (:func:`imperial_bots.evaluate.values`, without the winner's bonus) and the decider's utility
from them: its expected final points against the others' (its own minus a mix of the best and the mean
other, as the bots weigh them), so that ending the game while ahead is not counted as points lost to a
projection of a longer game.  ``best`` is the candidate with the highest utility, the played action when it
is among the highest; ``loss`` is the best utility minus the played one, so it is never negative and 0 when
``played == best``.  ``expected_scores`` are the players' expected final scores after the played action.  A
forced decision (one legal action) costs nothing and is judged by the evaluation right after it.

With ``seconds=None`` the result depends only on the game and the level (the look-ahead is the greedy
policy without noise); with ``seconds`` the review spends about that long in all, and the decisions left
when the time is up are judged at the ``easy`` level.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from imperial_core import GameState, apply_index, legal_actions
from imperial_core.codec import start_of

from .evaluate import Weights, board_info, expected_scores, summarize, utilities, values, weights_for
from .policy import KEY_DECISIONS, Tuning, keys_of, me_of, ranked_scores, tuning_for
from .search import play_out

__all__ = ["REVIEW_LEVELS", "Decision", "review"]


@dataclass(frozen=True)
class ReviewLevel:
    """How hard the reviewer looks: candidates at a decision that shapes the game and at any other one,
    and the nation turns played after the current one before the evaluation."""

    key_top: int
    other_top: int
    turns: int
    rondel_turns: int


REVIEW_LEVELS: dict[str, ReviewLevel] = {
    "easy": ReviewLevel(key_top=3, other_top=1, turns=0, rondel_turns=0),
    "normal": ReviewLevel(key_top=5, other_top=2, turns=0, rondel_turns=0),
    "strong": ReviewLevel(key_top=8, other_top=3, turns=0, rondel_turns=1),
}


#: The most steps of greedy play after a candidate.
MAX_STEPS = 200


@dataclass(frozen=True)
class Decision:
    """One decision of the record: ``index`` in ``state.history``, who decided, the round and the nation
    whose turn it was, the kind of decision, the action played and the reviewer's best (notation, and their
    indices in ``legal_actions`` there), the expected final points given up (``loss``) and every player's
    expected final score after the played action (rounded to 0.1)."""

    index: int
    player: str
    round: int
    nation: str | None
    decision: str
    played: str
    best: str
    played_index: int
    best_index: int
    loss: float
    expected_scores: dict[str, float]
    forced: bool = False


def _judge(after: GameState, turns: int, w: Weights, tu: Tuning) -> tuple[list[float], list[float]]:
    """The estimator: greedy play until ``turns`` more nation turns have begun, then every player's expected
    final score and utility (its score against the others', without the winner's bonus), in seating order."""
    end = play_out(after, turns, w, tu, max_steps=MAX_STEPS)
    w0 = w.with_(win=0.0)
    v = values(summarize(end), board_info(end.board), w0)
    return v, utilities(v, w0)


def _candidates(state: GameState, n: int, lv: ReviewLevel, w: Weights, tu: Tuning) -> list[int]:
    """The reviewer's own candidates: the first few in the greedy policy's order."""
    top = lv.key_top if state.decision in KEY_DECISIONS else lv.other_top
    if top >= n:
        return list(range(n))
    sc = ranked_scores(state, keys_of(state), w, tu)
    return sorted(range(n), key=lambda i: (-sc[i], i))[:top]


def _by_name(state: GameState, v: list[float]) -> dict[str, float]:
    return {p["name"]: round(x, 1) for p, x in zip(state.players, v, strict=True)}


def review_one(state: GameState, played: int, lv: ReviewLevel, w: Weights | None = None,
               tu: Tuning | None = None) -> Decision:
    """The review of one decision: ``played`` is the index chosen in ``legal_actions(state)``."""
    w = w or weights_for(state.board)
    tu = tu or tuning_for(state.board)
    actions = legal_actions(state)
    n = len(actions)
    me = state.current_player
    common = {"index": len(state.history), "player": me, "round": state.round, "nation": state.active_nation,
              "decision": state.decision, "played": str(actions[played]), "played_index": played}
    if n == 1:
        after = apply_index(state, played)
        return Decision(**common, best=str(actions[played]), best_index=played, loss=0.0,
                        expected_scores={k: round(x, 1) for k, x in expected_scores(after, w).items()}, forced=True)
    turns = lv.rondel_turns if state.decision == "rondel" else lv.turns
    judged = {i: _judge(apply_index(state, i), turns, w, tu) for i in {played, *_candidates(state, n, lv, w, tu)}}
    seat = me_of(state)
    mine = {i: u[seat] for i, (_v, u) in judged.items()}
    top = max(mine.values())
    best = played if mine[played] >= top else min(i for i, v in mine.items() if v >= top)
    loss = max(0.0, top - mine[played]) if best != played else 0.0
    return Decision(**common, best=str(actions[best]), best_index=best, loss=round(loss, 2),
                    expected_scores=_by_name(state, judged[played][0]))


def review(state: GameState, *, level: str = "strong", seed: int = 0, seconds: float | None = None,
           progress: Callable[[int, int], None] | None = None,
           decisions: Iterable[int] | None = None) -> list[Decision]:
    """One :class:`Decision` per decision of ``state``'s record (``state.history``), in order (``decisions``:
    only those indices of the record).  ``progress(done, total)`` is told after each one.  ``seed`` is kept
    for the interface of the bots: the estimator has no chance in it."""
    del seed
    if level not in REVIEW_LEVELS:
        raise ValueError(f"unknown level {level!r}: use one of {', '.join(REVIEW_LEVELS)}")
    lv, easy = REVIEW_LEVELS[level], REVIEW_LEVELS["easy"]
    w, tu = weights_for(state.board), tuning_for(state.board)
    wanted = set(range(len(state.history)) if decisions is None else decisions)
    total = len(wanted)
    deadline = None if seconds is None else time.perf_counter() + seconds
    out: list[Decision] = []
    s = start_of(state)
    for k, played in enumerate(state.history):
        if k > max(wanted, default=-1):
            break
        if k in wanted:
            late = deadline is not None and time.perf_counter() > deadline
            out.append(review_one(s, played, easy if late else lv, w, tu))
            if progress is not None:
                progress(len(out), total)
        s = apply_index(s, played)
    return out
