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
  some noise, truncated after two more nation turns and evaluated); maneuvers as ``normal``.

The evaluation (:mod:`imperial_bots.evaluate`) projects each player's final score: interest times the
power factor each nation is heading for (from its tax revenue: factories free of hostile armies, flags,
flags within reach, threatened factories, treasury), interest still to be paid, a share of treasuries and
units, governments, the investor card.  Its weights and the policy's were tuned by self-play per board.

With ``seconds=None`` the result depends only on the position (``to_position(state)``), the level and the
seed, in every Python (the budget is counted in iterations); with ``seconds`` the strong level searches for
that long.  ``choose_with_reason`` also returns a one-line reason for the log, built from the engine's events
of the chosen step (``imperial_core.narrate``) and the bot's own comparison (the next best choice named in
words); ``choose_with_reasons`` gives the bot's own words in every language at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from imperial_core import Action, GameState, legal_actions, step, to_position
from imperial_core.engine import paused_gc
from imperial_core.narrate import action_words, sentence
from imperial_text import LANGS, known, number, t

from .evaluate import Weights, evaluate, expected_scores, weights_for
from .policy import KEY_DECISIONS, Tuning, greedy_index, keys_of, ranked_scores, tuning_for
from .review import review as review
from .search import LEVEL_CONFIG, SearchConfig, lookahead, mcts

LEVELS = ("easy", "normal", "strong")

__all__ = ["LEVELS", "choose", "choose_index", "choose_with_reason", "choose_with_reasons", "evaluate",
           "expected_scores", "explain"]


def _rng(state: GameState, seed: int) -> random.Random:
    """A generator that depends only on the seed and the position (the same in every Python: a string seed
    is hashed with SHA-512)."""
    return random.Random(f"{seed}|{to_position(state)}")


#: Why the bot chose, as a function of the language: said in any of them, and only when asked for.
Why = Callable[[str], str]


def _said(key: str) -> Why:
    return lambda lang: t(lang, key)


def _decide(state: GameState, level: str, seed: int, seconds: float | None, w: Weights, tu: Tuning,
            cfg: SearchConfig) -> tuple[int, Why]:
    """The index of the choice, and why.  The look-ahead and the search make no reference cycles: Python's
    cyclic garbage collector is paused meanwhile (``imperial_core.engine.paused_gc``)."""
    with paused_gc():
        return _decide_now(state, level, seed, seconds, w, tu, cfg)


def _decide_now(state: GameState, level: str, seed: int, seconds: float | None, w: Weights, tu: Tuning,
                cfg: SearchConfig) -> tuple[int, Why]:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")
    if state.is_over:
        raise ValueError("the game is over: there is nothing to choose")
    n = len(legal_actions(state))
    if n == 1:
        return 0, _said("bots.only_choice")
    if level == "easy":
        return _easy(state, seed, w, tu)
    if state.decision not in KEY_DECISIONS:
        if cfg.maneuver_k > 1 and state.decision in ("fleets", "armies", "contact", "demand"):
            i, vals = lookahead(state, w, tu, cfg, top=cfg.maneuver_k)
            return i, _why(state, i, vals, _said("bots.compare_moves"))
        return greedy_index(state, None, w, tu), _said("bots.maneuver_plan")
    if level == "normal":
        i, vals = lookahead(state, w, tu, cfg)
        return i, _why(state, i, vals, _said("bots.look_ahead"))
    seed_int = _rng(state, seed).getrandbits(32)
    i, stats = mcts(state, seed=seed_int, seconds=seconds, w=w, tu=tu, cfg=cfg)
    visits = sum(x[2] for x in stats)

    def how(lang: str) -> str:
        return t(lang, "bots.search", n=number(lang, visits))

    mine = next(v for j, v, _n in stats if j == i)
    if all(v <= mine for _j, v, _n in stats):
        return i, _why(state, i, [(j, v) for j, v, _n in stats], how)
    return i, _why_explored(state, i, stats, how)


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
            return top[rng.randrange(len(top))], _said("bots.one_of_best")
        return greedy_index(state, rng, w, tu), _said("bots.best_glance")
    return greedy_index(state, rng, w, tu, noise=EASY_NOISE), _said("bots.quick_look")


def _why(state: GameState, chosen: int, vals: list[tuple[int, float]], how: Why) -> Why:
    """``how`` the bot decided, and by how many points its choice (index ``chosen``) beat the next best
    candidate of ``vals`` (index, value), which is named in words."""
    mine = next((v for j, v in vals if j == chosen), None)
    other = next(((j, v) for j, v in vals if j != chosen), None)
    if mine is None or other is None:
        return how
    points = f"{mine - other[1]:+.1f}"
    alternative = legal_actions(state)[other[0]]

    def said(lang: str) -> str:
        return t(lang, "bots.margin", how=how(lang), points=points if lang == "en" else points.replace(".", ","),
                 next=action_words(state, alternative, lang))

    return said


def _why_explored(state: GameState, chosen: int, stats: list[tuple[int, float, int]], how: Why) -> Why:
    """The search chooses the choice it explored most, which need not have the best mean value: ``how`` it
    decided, how often it explored its choice and the runner-up (the next most explored), named in words."""
    mine = next(n for j, _v, n in stats if j == chosen)
    j2, _v2, theirs = max(((j, v, n) for j, v, n in stats if j != chosen), key=lambda x: (x[2], x[1]))
    alternative = legal_actions(state)[j2]

    def said(lang: str) -> str:
        return t(lang, "bots.explored", how=how(lang), mine=number(lang, mine), theirs=number(lang, theirs),
                 next=action_words(state, alternative, lang))

    return said


def _resolve(state: GameState, level: str, weights: Weights | None, tuning: Tuning | None,
             config: SearchConfig | None) -> tuple[Weights, Tuning, SearchConfig]:
    return (weights or weights_for(state.board), tuning or tuning_for(state.board),
            config or LEVEL_CONFIG.get(level) or LEVEL_CONFIG["normal"])


def choose_index(state: GameState, *, level: str = "normal", seed: int = 0, seconds: float | None = None,
                 weights: Weights | None = None, tuning: Tuning | None = None,
                 config: SearchConfig | None = None) -> int:
    """The index in ``legal_actions(state)`` of the bot's choice (``weights``, ``tuning``, ``config``: the
    board's and level's own unless given, for experiments)."""
    return _decide(state, level, seed, seconds, *_resolve(state, level, weights, tuning, config))[0]


def choose(state: GameState, *, level: str = "normal", seed: int = 0, seconds: float | None = None) -> Action:
    """The bot's choice for ``state.current_player``: one of ``legal_actions(state)``."""
    return legal_actions(state)[choose_index(state, level=level, seed=seed, seconds=seconds)]


def explain(state: GameState, action: Any, events: list, why: str = "", lang: str = "en") -> str:
    """One line for the log in ``lang``: what the step did (from its events), and why the bot chose it."""
    text = sentence(state, action, events, known(lang))
    return f"{text} ({why})" if why else text


def choose_with_reasons(state: GameState, *, level: str = "normal", seed: int = 0, seconds: float | None = None,
                        langs: tuple[str, ...] = LANGS) -> tuple[Action, dict[str, str]]:
    """The bot's choice and why it chose it (its own words, without what the move did), in each of ``langs``."""
    i, why = _decide(state, level, seed, seconds, *_resolve(state, level, None, None, None))
    return legal_actions(state)[i], {lang: why(lang) for lang in langs}


def choose_with_reason(state: GameState, *, level: str = "normal", seed: int = 0,
                       seconds: float | None = None, lang: str = "en") -> tuple[Action, str]:
    """The bot's choice and a one-line reason for the log, in ``lang``."""
    lang = known(lang)
    action, why = choose_with_reasons(state, level=level, seed=seed, seconds=seconds, langs=(lang,))
    _after, events = step(state, action)
    return action, explain(state, action, events, why[lang], lang)
