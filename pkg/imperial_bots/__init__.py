"""Computer opponents for Imperial and Imperial 2030.

>>> import imperial_core as ic, imperial_bots as bots
>>> s = ic.new_game(["Ann", "Bot 1", "Bot 2"], seed=1)
>>> a = bots.choose(s, level="easy", seed=0)
>>> a in ic.legal_actions(s)
True

``choose(state, *, level, seed, seconds)`` returns one of ``legal_actions(state)`` for
``state.current_player``, for every kind of decision of both boards.  Levels:

* ``easy``: one step ahead with the evaluation of its own expected score only; half of the decisions that
  shape a game (rondel, bonds, factories, imports, Swiss Bank, gifts) are one of its three best-looking
  choices at random, and maneuver steps get some random spread;
* ``normal``: those decisions, and each maneuver step among its three best moves, look ahead to the end of
  the nation's turn (the greedy policy plays the rest) and compare the evaluation there;
* ``strong``: max^n Monte-Carlo tree search over those decisions (every player maximizes its own utility at
  its own decisions, progressive widening in the greedy policy's order, rollouts by the greedy policy with
  some noise, truncated after two more nation turns and evaluated); maneuvers as ``normal``;
* ``expert``: normal's candidates at those decisions played on (its own seat as the normal level, its rivals
  as the normal level with a quarter of their decisions the noisy greedy policy's, seeded by the position)
  until the nation's turn comes round again, the best few further still, and judged there by the learned
  evaluation (:mod:`imperial_bots.expert`, :mod:`imperial_bots.learned`); anytime: a budget of decisions
  played on, or ``seconds``; maneuvers as ``normal``.

The evaluation (:mod:`imperial_bots.evaluate`) projects each player's final score: interest times the
power factor each nation is heading for (from its tax revenue: factories free of hostile armies, flags,
flags within reach, threatened factories, treasury), interest still to be paid, a share of treasuries and
units, governments, the investor card.  Its weights and the policy's were tuned by self-play per board.  The
learned evaluation (:mod:`imperial_bots.learned`, weights fitted to self-play games by ``bench/learn.py``)
predicts each player's final score from a fixed feature vector (:mod:`imperial_bots.features`); the expert
judges by it.

Within one decision the levels remember what they have already worked out for a state (its children, its
summary, the greedy policy's scores, where greedy play ends the turn: :mod:`imperial_bots.memo`); the choice
is the same, only sooner.

With ``seconds=None`` the result depends only on the position (``to_position(state)``), the level and the
seed, in every Python (the budget is counted in iterations or decisions played on); with ``seconds`` the
strong and expert levels search for that long.  ``choose_with_reason`` also returns a one-line reason for the
log, built from the engine's events of the chosen step (``imperial_core.narrate``) and what the move gains in the game's terms (power, tax
revenue, interest, cash, a government: :func:`gains`, at once or by the end of the nation's turn), with the
next best choice named in words (never in the words of the choice itself); no search counts or margins.
``choose_with_reasons`` gives the bot's own words in every language at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from imperial_core import Action, GameState, apply_index, legal_actions, step, to_position
from imperial_core.engine import paused_gc
from imperial_core.narrate import action_words, sentence
from imperial_text import LANGS, known, money, t, tn
from imperial_text import nation as nation_name

from .evaluate import Weights, evaluate, expected_scores, summarize, weights_for
from .expert import (
    EXPERT_CONFIG,
    MANEUVER_LOOK,
    ExpertConfig,
    Progress,
    expert_search,
    is_searched,
    maneuver_index,
    normal_index,
)
from .memo import remembering
from .policy import KEY_DECISIONS, Tuning, greedy_index, keys_of, me_of, ranked_scores, tuning_for
from .review import review as review
from .search import LEVEL_CONFIG, SearchConfig, mcts, play_out

LEVELS = ("easy", "normal", "strong", "expert")

__all__ = ["LEVELS", "choose", "choose_index", "choose_with_reason", "choose_with_reasons", "evaluate",
           "expected_scores", "explain", "gain_words", "gains", "gains_of"]


def _rng(state: GameState, seed: int) -> random.Random:
    """A generator that depends only on the seed and the position (the same in every Python: a string seed
    is hashed with SHA-512)."""
    return random.Random(f"{seed}|{to_position(state)}")


#: Why the bot chose, as a function of the language: said in any of them, and only when asked for.
Why = Callable[[str], str]


def _said(key: str) -> Why:
    return lambda lang: t(lang, key)


def _decide(state: GameState, level: str, seed: int, seconds: float | None, w: Weights, tu: Tuning,
            cfg: SearchConfig, ecfg: ExpertConfig = EXPERT_CONFIG,
            progress: Progress | None = None) -> tuple[int, Why]:
    """The index of the choice, and why (``progress``: told the expert's best so far as it searches).  The
    look-ahead and the search make no reference cycles: Python's cyclic garbage collector is paused meanwhile
    (``imperial_core.engine.paused_gc``)."""
    with paused_gc(), remembering():
        return _decide_now(state, level, seed, seconds, w, tu, cfg, ecfg, progress)


def _decide_now(state: GameState, level: str, seed: int, seconds: float | None, w: Weights, tu: Tuning,
                cfg: SearchConfig, ecfg: ExpertConfig, progress: Progress | None) -> tuple[int, Why]:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")
    if state.is_over:
        raise ValueError("the game is over: there is nothing to choose")
    n = len(legal_actions(state))
    if n == 1:
        return 0, _said("bots.only_choice")
    if level == "easy":
        return _easy(state, seed, w, tu)
    if level == "expert" and is_searched(state):
        i, order, _depth = expert_search(state, w, tu, ecfg, seconds, progress)
        return i, _why(state, i, order, _said("bots.play_on"))
    if level == "expert" and ecfg.maneuver_top > 1 and state.decision in MANEUVER_LOOK:
        i, order = maneuver_index(state, w, tu, ecfg)
        return i, _why(state, i, order, _said("bots.compare_moves"))
    if level != "strong" or state.decision not in KEY_DECISIONS:
        i, order, how = normal_index(state, w, tu, cfg)
        return i, _why(state, i, order, _said(f"bots.{how}"))
    seed_int = _rng(state, seed).getrandbits(32)
    i, stats = mcts(state, seed=seed_int, seconds=seconds, w=w, tu=tu, cfg=cfg)
    # the runner-up: the best of the others by value, or the most explored when the choice is not the best
    mine = next(v for j, v, _n in stats if j == i)
    if all(v <= mine for _j, v, _n in stats):
        order = [j for j, _v, _n in sorted(stats, key=lambda x: -x[1])]
    else:
        order = [j for j, _v, _n in sorted(stats, key=lambda x: (-x[2], -x[1]))]
    return i, _why(state, i, order, _said("bots.look_further"))


#: The easy level: how often a decision that shapes the game is one of its three best-looking choices taken
#: at random, and the random spread (in points) of its maneuver steps.
EASY_RANDOM, EASY_TOP, EASY_NOISE = 0.5, 3, 1.5


def _easy(state: GameState, seed: int, w: Weights, tu: Tuning) -> tuple[int, Why]:
    """One step ahead, counting only its own expected score (not the others'), with randomness."""
    rng = _rng(state, seed)
    w = w.with_(rel=0.0)
    if state.decision in KEY_DECISIONS:
        if rng.random() < EASY_RANDOM:
            keys = keys_of(state)
            sc = ranked_scores(state, keys, w, tu)
            top = sorted(range(len(keys)), key=lambda i: (-sc[i], i))[:EASY_TOP]
            i = top[rng.randrange(len(top))]
            return i, _why(state, i, [], _said("bots.one_of_best"))
        i = greedy_index(state, rng, w, tu)
        return i, _why(state, i, [], _said("bots.best_glance"))
    i = greedy_index(state, rng, w, tu, noise=EASY_NOISE)
    return i, _why(state, i, [], _said("bots.quick_look"))


#: The most gains a reason names.
MAX_GAINS = 2


def gains(state: GameState, chosen: int, later: GameState | None = None) -> list[tuple[str, dict[str, Any]]]:
    """What the choice of index ``chosen`` gains at once (or by ``later``, a state after it), in the game's own
    terms: catalogue keys (``bots.gain.*``) and their values, nations as ids and money in millions, most
    telling first."""
    before, after = summarize(state), summarize(later or apply_index(state, chosen))
    me = me_of(state)
    nids = list(state.nations)
    mover = state.active_nation
    out: list[tuple[int, str, dict[str, Any]]] = []  # (rank, key, values)
    for k, nid in enumerate(nids):
        if after.gov[k] == me and before.gov[k] != me:
            out.append((0, "bots.gain.gov", {"nation": nid}))
        d = after.power[k] - before.power[k]
        if d > 0:
            out.append((1, "bots.gain.power", {"nation": nid, "count": d}))
        d = after.interest[k][me] - before.interest[k][me]
        if d > 0:
            out.append((2, "bots.gain.interest", {"nation": nid, "m": d}))
        if after.base[k] > before.base[k]:
            out.append((3, "bots.gain.revenue", {"nation": nid}))
        elif after.base[k] < before.base[k] and nid != mover and before.gov[k] != me:
            out.append((4, "bots.gain.blocks", {"nation": nid}))
        if after.threat[k] < before.threat[k]:
            out.append((5, "bots.gain.safer", {"nation": nid}))
        if after.reach[k] > before.reach[k]:
            out.append((6, "bots.gain.reach", {"nation": nid}))
        d = int(after.treasury[k] - before.treasury[k])
        if d > 0 and nid == mover:
            out.append((7, "bots.gain.treasury", {"nation": nid, "m": d}))
        d = after.units[k] - before.units[k]
        if d > 0:
            out.append((8, "bots.gain.units", {"nation": nid, "count": d}))
    d = int(after.cash[me] - before.cash[me])
    if d > 0:
        out.append((2, "bots.gain.cash", {"player": before.names[me], "m": d}))
    if after.card == me and before.card != me:
        out.append((9, "bots.gain.card", {"player": before.names[me]}))
    out.sort(key=lambda x: x[0])
    return [(key, vals) for _r, key, vals in out]


def gains_of(state: GameState, chosen: int) -> tuple[list[tuple[str, dict[str, Any]]], bool]:
    """:func:`gains` of the choice of index ``chosen`` at once, else (a rondel move, say) what the rest of the
    nation's turn, played by the greedy policy, makes of it; and whether they are the latter."""
    got = gains(state, chosen)
    if got:
        return got, False
    nxt = apply_index(state, chosen)
    if nxt.is_over or (nxt.round, nxt.active_nation) != (state.round, state.active_nation):
        return got, False
    w, tu = weights_for(state.board), tuning_for(state.board)
    got = gains(state, chosen, play_out(nxt, 0, w, tu))
    return got, bool(got)


def gain_words(state: GameState, key: str, vals: dict[str, Any], lang: str) -> str:
    """One gain of :func:`gains` in ``lang``."""
    said: dict[str, Any] = dict(vals)
    if "nation" in said:
        nid = said["nation"]
        said["nation"] = nation_name(lang, state.board, nid, state.board_data.nation(nid).name)
    if "m" in said:
        said["m"] = money(lang, said["m"])
    if "count" in said:
        return tn(lang, key, said.pop("count"), **said)
    return t(lang, key, **said)


def _why(state: GameState, chosen: int, order: list[int], how: Why) -> Why:
    """Why the bot chose index ``chosen``, in a player's words: what the move gains (or ``how`` the bot
    decided when it gains nothing at once), and the next best candidate of ``order`` (indices, best first)
    named in words, never one said in the same words as the choice itself."""
    memo: list[tuple[list[tuple[str, dict[str, Any]]], bool]] = []
    others = [j for j in order if j != chosen]

    def said(lang: str) -> str:
        # worked out when first asked for (``choose`` and ``choose_index`` never ask)
        if not memo:
            got, later = gains_of(state, chosen)
            memo.append((got[:MAX_GAINS], later))
        got, later = memo[0]
        acts = legal_actions(state)
        text = "; ".join(gain_words(state, k, v, lang) for k, v in got) if got else how(lang)
        if later:
            text = t(lang, "bots.later", gains=text)
        own = action_words(state, acts[chosen], lang)
        nxt = next((w for w in (action_words(state, acts[j], lang) for j in others) if w != own), None)
        return t(lang, "bots.next_best", why=text, next=nxt) if nxt else text

    return said


def _resolve(state: GameState, level: str, weights: Weights | None, tuning: Tuning | None,
             config: SearchConfig | None) -> tuple[Weights, Tuning, SearchConfig]:
    return (weights or weights_for(state.board), tuning or tuning_for(state.board),
            config or LEVEL_CONFIG.get(level) or LEVEL_CONFIG["normal"])


def choose_index(state: GameState, *, level: str = "normal", seed: int = 0, seconds: float | None = None,
                 weights: Weights | None = None, tuning: Tuning | None = None,
                 config: SearchConfig | None = None, expert_config: ExpertConfig | None = None) -> int:
    """The index in ``legal_actions(state)`` of the bot's choice (``weights``, ``tuning``, ``config``: the
    board's and level's own unless given, for experiments)."""
    return _decide(state, level, seed, seconds, *_resolve(state, level, weights, tuning, config),
                   expert_config or EXPERT_CONFIG)[0]


def choose(state: GameState, *, level: str = "normal", seed: int = 0, seconds: float | None = None) -> Action:
    """The bot's choice for ``state.current_player``: one of ``legal_actions(state)``."""
    return legal_actions(state)[choose_index(state, level=level, seed=seed, seconds=seconds)]


def explain(state: GameState, action: Any, events: list, why: str = "", lang: str = "en") -> str:
    """One line for the log in ``lang``: what the step did (from its events), and why the bot chose it."""
    text = sentence(state, action, events, known(lang))
    return f"{text} ({why})" if why else text


def choose_with_reasons(state: GameState, *, level: str = "normal", seed: int = 0, seconds: float | None = None,
                        langs: tuple[str, ...] = LANGS, config: SearchConfig | None = None,
                        expert_config: ExpertConfig | None = None,
                        progress: Progress | None = None) -> tuple[Action, dict[str, str]]:
    """The bot's choice and why it chose it (its own words, without what the move did), in each of ``langs``
    (``config``, ``expert_config``: the level's own budget unless given, as for ``choose_index``;
    ``progress``: told, while the expert searches, the index in ``legal_actions`` of its best candidate so far
    and the stages completed, after :attr:`ExpertConfig.show_after` seconds and then at every later stage)."""
    i, why = _decide(state, level, seed, seconds, *_resolve(state, level, None, None, config),
                     expert_config or EXPERT_CONFIG, progress)
    return legal_actions(state)[i], {lang: why(lang) for lang in langs}


def choose_with_reason(state: GameState, *, level: str = "normal", seed: int = 0,
                       seconds: float | None = None, lang: str = "en") -> tuple[Action, str]:
    """The bot's choice and a one-line reason for the log, in ``lang``."""
    lang = known(lang)
    action, why = choose_with_reasons(state, level=level, seed=seed, seconds=seconds, langs=(lang,))
    _after, events = step(state, action)
    return action, explain(state, action, events, why[lang], lang)
