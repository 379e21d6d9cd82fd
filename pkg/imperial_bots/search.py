"""Search over the engine's actions: a one-ply lookahead (``normal``) and Monte-Carlo tree search
(``strong``).

Both search only the decisions that shape a game (rondel spaces, bonds, factories, imports, Swiss Bank
stops, gifts); the details of a maneuver follow the greedy policy, which plans each step from the flags
and factories at stake.  A search node is such a decision; between two of them the greedy policy plays.

* ``normal``: each candidate is followed by greedy play to the end of the nation's turn and evaluated.
* ``strong``: max^n Monte-Carlo tree search (every player maximizes its own utility at its own nodes), with
  progressive widening in the greedy policy's order, rollouts by the noisy greedy policy truncated after a
  few nation turns, and the evaluation at the leaves.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from imperial_core import GameState

from . import memo as _memo
from .evaluate import DEFAULT, Weights, board_info, summarize, utilities, values
from .memo import child
from .policy import DEFAULT_TUNING, KEY_DECISIONS, Tuning, greedy_index, greedy_scores, keys_of, me_of


def _turn_id(s: GameState) -> tuple:
    return (s.round, s.active_nation)


def util_vector(s: GameState, w: Weights) -> list[float]:
    return utilities(values(summarize(s), board_info(s.board), w), w)


def play_out(s: GameState, turns: int, w: Weights, tu: Tuning, rng: random.Random | None = None,
             noise: float = 0.0, max_steps: int = 400) -> GameState:
    """Greedy play until ``turns`` more nation turns have begun (0: the end of this turn) or the game ends.
    Without ``rng`` play to the end of the turn is remembered for the decision being worked out
    (:mod:`imperial_bots.memo`): every state on the way ends where the first did."""
    memo = _memo.current() if turns == 0 and rng is None else None
    path: list[GameState] = []
    seen = 0
    cur = _turn_id(s)
    left = max_steps
    while left > 0:
        if s.is_over:
            break
        tid = _turn_id(s)
        if tid != cur:
            seen += 1
            cur = tid
            if seen > turns:
                break
        if memo is not None:
            hit = memo.ends.get((id(s), id(w), id(tu)))
            if hit is not None and hit[0] is s and hit[2] <= left:
                return _ended(memo, path, hit[1], hit[2], w, tu)
            path.append(s)
        s = child(s, greedy_index(s, rng, w, tu, noise))
        left -= 1
    else:
        return s  # stopped by ``max_steps``: where it stopped depends on where it started
    return _ended(memo, path, s, 0, w, tu) if memo is not None else s


def _ended(memo: _memo.Memo, path: list[GameState], end: GameState, after: int, w: Weights,
           tu: Tuning) -> GameState:
    """Remember that each state of ``path`` (greedy play, one step apart) ends at ``end``, ``after`` steps
    past the last of them."""
    n = len(path)
    for j, s in enumerate(path):
        memo.ends[(id(s), id(w), id(tu))] = (s, end, n - j + after)
    return end


@dataclass(frozen=True)
class SearchConfig:
    """Budget and shape of the searches."""

    top_k: int = 6             # normal: candidates looked at (in the greedy policy's order)
    turns: int = 0             # normal: nation turns played after the current one before evaluating
    maneuver_k: int = 0        # moves of a maneuver step looked ahead to the end of the turn (0: greedy)
    iterations: int = 48       # strong: tree iterations when no time is given
    horizon: int = 2           # strong: nation turns after the current one before evaluating
    widen_base: float = 2.0    # strong: children open at a node: base + coef * sqrt(visits)
    widen_coef: float = 1.0
    explore: float = 4.0       # strong: UCB exploration, in points
    noise: float = 0.6         # strong: rollout noise, in points


DEFAULT_CONFIG = SearchConfig()
#: The budgets of the two search levels.
LEVEL_CONFIG: dict[str, SearchConfig] = {
    "normal": SearchConfig(maneuver_k=3),
    "strong": SearchConfig(iterations=32, maneuver_k=3),
}


def greedy_order(state: GameState, keys: list[tuple], w: Weights, tu: Tuning) -> list[int]:
    """The indices of ``keys`` in the greedy policy's order, best first (ties: the lower index)."""
    sc = greedy_scores(state, w, tu)
    return sorted(range(len(keys)), key=lambda i: (-sc[i], i))


# -- normal: one ply, then greedy play to the end of the nation's turn ------------------------------------
def lookahead(state: GameState, w: Weights = DEFAULT, tu: Tuning = DEFAULT_TUNING,
              cfg: SearchConfig = DEFAULT_CONFIG, top: int | None = None) -> tuple[int, list[tuple[int, float]]]:
    """The index of the best candidate and the candidates' values (index, utility), best first; ``top``
    candidates in the greedy policy's order (default ``cfg.top_k``)."""
    keys = keys_of(state)
    if len(keys) == 1:
        return 0, [(0, 0.0)]
    me = me_of(state)
    order = greedy_order(state, keys, w, tu)[: top or cfg.top_k]
    out = []
    for i in order:
        s = play_out(child(state, i), cfg.turns, w, tu)
        out.append((i, util_vector(s, w)[me]))
    out.sort(key=lambda x: -x[1])
    return out[0][0], out


# -- strong: max^n MCTS over the decisions that matter -----------------------------------------------------
class _Node:
    __slots__ = ("state", "decider", "order", "kids", "n", "cn", "cv", "turns", "leaf")

    def __init__(self, state: GameState, turns: int, w: Weights, tu: Tuning) -> None:
        self.state = state
        self.turns = turns
        self.n = 0
        self.leaf = state.is_over
        if self.leaf:
            self.order = []
        else:
            self.decider = me_of(state)
            self.order = greedy_order(state, keys_of(state), w, tu)
        k = len(self.order)
        self.kids: list[_Node | None] = [None] * k
        self.cn = [0] * k
        self.cv: list[list[float] | None] = [None] * k


def _advance(s: GameState, turns: int, horizon: int, w: Weights, tu: Tuning) -> tuple[GameState, int, bool]:
    """Greedy play through the small decisions up to the next decision the tree searches; returns the state,
    the nation turns begun since the root, and whether the horizon was reached."""
    cur = _turn_id(s)
    for _ in range(400):
        if s.is_over:
            return s, turns, True
        tid = _turn_id(s)
        if tid != cur:
            turns += 1
            cur = tid
            if turns > horizon:
                return s, turns, True
        if s.decision in KEY_DECISIONS and len(keys_of(s)) > 1:
            return s, turns, False
        s = child(s, greedy_index(s, None, w, tu))
    return s, turns, True


def mcts(state: GameState, *, seed: int = 0, seconds: float | None = None, w: Weights = DEFAULT,
         tu: Tuning = DEFAULT_TUNING, cfg: SearchConfig = DEFAULT_CONFIG) -> tuple[int, list[tuple[int, float, int]]]:
    """The index of the chosen action and the root's children (index, mean utility, visits), best first."""
    keys = keys_of(state)
    if len(keys) == 1:
        return 0, [(0, 0.0, 0)]
    rng = random.Random(seed)
    root = _Node(state, 0, w, tu)
    me = root.decider
    deadline = None if seconds is None else time.perf_counter() + seconds
    it = 0
    while True:
        if deadline is None:
            if it >= cfg.iterations:
                break
        elif time.perf_counter() >= deadline and it >= 2:
            break
        it += 1
        path: list[tuple[_Node, int]] = []
        node = root
        while True:
            if node.leaf:
                v = util_vector(node.state, w)
                break
            allowed = min(len(node.order), int(cfg.widen_base + cfg.widen_coef * math.sqrt(node.n)))
            i = _select(node, allowed, cfg.explore)
            path.append((node, i))
            kid = node.kids[i]
            if kid is None:
                s, turns, done = _advance(child(node.state, node.order[i]), node.turns, cfg.horizon, w, tu)
                kid = _Node(s, turns, w, tu)
                if done:
                    kid.leaf = True
                    v = util_vector(s, w)
                else:
                    v = util_vector(play_out(s, cfg.horizon - turns, w, tu, rng, cfg.noise), w)
                node.kids[i] = kid
                break
            node = kid
        for nd, i in path:
            nd.n += 1
            nd.cn[i] += 1
            acc = nd.cv[i]
            if acc is None:
                nd.cv[i] = list(v)
            else:
                for j, x in enumerate(v):
                    acc[j] += x
    stats = [(root.order[i], root.cv[i][me] / root.cn[i], root.cn[i]) for i in range(len(root.order)) if root.cn[i]]
    stats.sort(key=lambda x: (-x[2], -x[1]))
    return stats[0][0], sorted(stats, key=lambda x: -x[1])


def _select(node: _Node, allowed: int, explore: float) -> int:
    d = node.decider
    logn = math.log(node.n + 1)
    best, pick = -math.inf, 0
    for i in range(allowed):
        c = node.cn[i]
        if c == 0:
            return i
        u = node.cv[i][d] / c + explore * math.sqrt(logn / c)
        if u > best:
            best, pick = u, i
    return pick
