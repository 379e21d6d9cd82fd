"""Public API: ``new_game``, ``legal_actions``, ``step``, ``apply``, ``scores``, ``winner``.

The engine holds no rule and no turn sequence: :mod:`.rules.flow` says which decision follows which and
which rule module acts.  This module copies states so that :func:`step` and :func:`apply` are pure,
collects the events a step emits, and keeps the legal actions of recent states at hand.
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from . import model
from .actions import Action, ActionAdapter, action_of, forget_notations, from_key, parse_text
from .board import Board, load_board
from .errors import IllegalAction, NotationError
from .events import Event, to_events
from .model import GameState
from .rules import end, flow, rondel
from .rules import setup as setup_rules
from .rules.common import G

# -- state copying ----------------------------------------------------------------------------------------


_MOVING = frozenset(flow.MANEUVER)
_BUYING = frozenset(("invest", "auction"))


_FIGHTS = frozenset(("battle", "demand"))
#: Maneuver actions that move or remove units: they write the turn's counts of moved units and used convoys
#: (a canal owner's "allow" lets the waiting move happen).
_MOVES = frozenset(("fleet", "army", "battle", "demand", "destroy", "allow"))
#: The moved-unit counts each kind of move writes (the others in ``_MOVES`` may write all of them).
_MOVED = {"fleet": ("moved_fleets",), "army": ("moved_armies", "moved_hostile", "convoys")}
_ALL_MOVED = ("moved_armies", "moved_hostile", "moved_fleets", "convoys")
#: A nation's units; the ones the active nation's maneuver actions write (the others may write all).
_UNITS = ("armies", "hostile", "fleets")
_UNIT_WRITES = {"fleet": ("fleets",), "army": ("armies", "hostile"), "status": ("hostile",), "pass": (), "ask": (),
                "refuse": ()}
#: Actions that change the list of governments still to be asked about a battle, in place.
_ASKING = frozenset(("ask", "demand", "pass"))
#: Decisions that work through ``turn["queue"]`` (and ``turn["pledges"]``) in place.
_QUEUED = frozenset(("swiss", "invest", "auction", "production", "fund", "canal"))


def _clone(d: dict, kind: str | None = None, index: int | None = None) -> G:
    """A copy of a state's data deep enough that applying one action (of type ``kind``) to it leaves the
    original untouched (``kind=None``: any action).  With ``index``, the copy's history has it appended.

    Containers that the action cannot change are shared with the original.  The maneuver bookkeeping and
    the active nation's units in a maneuver are only written by the kinds of action that change them.
    Inactive nations change in place only in battles (``battle`` and ``demand`` actions) and while
    investing (their bonds and treasuries, never units; settling only ever applies "pass"); elsewhere a
    change to an inactive nation (its government, flags, factories) replaces its record (see
    ``common.update_governments``, ``maneuver.place_flags``, ``maneuver.destroy_factory``).  Factory and
    flag lists and players' records are always replaced rather than changed in place.
    """
    t = d["turn"]
    phase = t["phase"]
    nt = t.copy()
    if phase in _QUEUED:  # elsewhere the queue and the offers are only ever replaced, never changed in place
        nt["queue"] = t["queue"][:]
        nt["pledges"] = t["pledges"].copy()
    moving = phase in _MOVING
    if moving:
        if kind is None or kind in _MOVES:
            for name in _MOVED.get(kind, _ALL_MOVED):
                nt[name] = t[name].copy()
        if kind is None or kind == "status":
            nt["changed"] = t["changed"][:]
        c = t["contact"]
        if c is not None and (kind is None or kind in _ASKING):
            nt["contact"] = {**c, "asking": c["asking"][:]}
    nations = d["nations"].copy()
    if phase in _BUYING:
        for nid, n in nations.items():
            nations[nid] = nn = n.copy()
            nn["bonds"] = nn["bonds"].copy()
    elif moving and (kind is None or kind in _FIGHTS):
        for nid, n in nations.items():
            nations[nid] = nn = n.copy()
            for name in _UNITS:
                nn[name] = nn[name].copy()
    elif t["nation"] is not None:
        nid = t["nation"]
        nations[nid] = nn = nations[nid].copy()
        for name in _UNIT_WRITES.get(kind, _UNITS) if moving else _UNITS:
            nn[name] = nn[name].copy()
    g = d.copy()
    g["turn"] = nt
    g["nations"] = nations
    g["players"] = d["players"][:]  # a player's record is replaced, never changed in place (``common.pay``)
    g["swiss_banks"] = d["swiss_banks"][:]
    g["history"] = d["history"][:] if index is None else [*d["history"], index]
    return g


def _deep_clone(d: dict) -> G:
    """A full copy, for replays and edits that run through many decisions."""
    t = d["turn"]
    nt = t.copy()
    for k in ("moved_armies", "moved_hostile", "moved_fleets", "convoys"):
        nt[k] = t[k].copy()
    nt["queue"] = t["queue"][:]
    nt["changed"] = t["changed"][:]
    nt["pledges"] = t["pledges"].copy()
    nt["refused"] = t["refused"][:]
    if t["pending"] is not None:
        nt["pending"] = t["pending"][:]
    if t["contact"] is not None:
        nt["contact"] = {**t["contact"], "asking": t["contact"]["asking"][:]}
    nations = {}
    for nid, n in d["nations"].items():
        nn = n.copy()
        for k in ("armies", "hostile", "fleets", "bonds"):
            nn[k] = n[k].copy()
        nn["factories"] = n["factories"][:]
        nn["flags"] = n["flags"][:]
        nations[nid] = nn
    return _with_parts(d, nt, nations)


def _with_parts(d: dict, turn: dict, nations: dict, history: list[int] | None = None) -> G:
    """A copy of the state data ``d`` with the given turn and nations, and its own players, Swiss Banks and
    history (every action may change those; ``history``: the new one, already made)."""
    g = d.copy()
    g["turn"] = turn
    g["nations"] = nations
    g["players"] = [p.copy() for p in d["players"]]
    g["swiss_banks"] = d["swiss_banks"][:]
    g["history"] = d["history"][:] if history is None else history
    return g


_set = object.__setattr__
_new_state = GameState.__new__
#: Every field of a state made by the engine was given: one set for all of them (pydantic only ever adds
#: to it, and every name is already in it).
_ALL_SET = set(GameState.model_fields)


def _wrap(g: G) -> GameState:
    """The state whose data is ``g`` (every field given and valid: the engine made it; as ``actions.construct``)."""
    state = _new_state(GameState)
    _set(state, "__dict__", g)
    _set(state, "__pydantic_fields_set__", _ALL_SET)
    _set(state, "__pydantic_extra__", None)
    _set(state, "__pydantic_private__", None)
    return state


# -- legal actions ----------------------------------------------------------------------------------------


def legal_keys(g: G, b: Board) -> list[tuple]:
    """Legal actions in internal tuple form, in the deterministic order of :func:`legal_actions`."""
    return flow.options(g, b)


def _settle(g: G, b: Board) -> list[tuple]:
    """Name who decides (states built from data), take decisions whose only choice is to pass; return the
    legal keys of the settled state."""
    flow.name_decider(g)
    return flow.settle(g, b)



# -- legal-key cache for the last few states handed out ---------------------------------------------------
#: ``[state, its legal keys, its legal actions (built on first request) or None]``, newest last.
_CACHE: deque[list] = deque(maxlen=8)


def clear_caches() -> None:
    """Forget every remembered result (legal actions of recent states, move generation's memos, the notations
    of actions); for tests that check results depend on the state alone, and for measurements."""
    from .rules import maneuver

    _CACHE.clear()
    maneuver.clear_memos()
    forget_notations()


def _remember(state: GameState, keys: list[tuple]) -> list:
    entry = [state, keys, None]
    _CACHE.append(entry)
    return entry


def _entry(state: GameState) -> list:
    if _CACHE:
        last = _CACHE[-1]
        if last[0] is state:
            return last
        for e in _CACHE:
            if e[0] is state:
                return e
    return _remember(state, legal_keys(state.__dict__, load_board(state.board)))


def _keys_of(state: GameState) -> list[tuple]:
    return _entry(state)[1]


# -- public API -------------------------------------------------------------------------------------------


#: The options of a game, as :func:`new_game` takes them (besides the players).
OPTIONS = ("board", "edition", "setup", "investor_card", "increase_bonus", "seed")


def options_of(state: GameState) -> dict[str, Any]:
    """The options ``state``'s game was set up with, as :func:`new_game` takes them."""
    return {k: getattr(state, k) for k in OPTIONS}


def new_game(players: list[str], *, board: str = "europe", edition: str = "current", setup: str = "standard",
             investor_card: bool = True, increase_bonus: bool = False, seed: int = 0,
             version: int | None = None) -> GameState:
    """Set up a game for 2-6 players in seating (clockwise) order; ``seed`` drives every shuffle.

    ``board``: ``"europe"`` (Imperial) or ``"world2030"`` (Imperial 2030).  ``edition``: ``"current"`` or
    ``"first"`` (Imperial only).  ``setup``: ``"standard"`` or ``"auction"`` (*Variant for experienced
    players*).  ``investor_card=False``: the variant without investor card.  ``increase_bonus``: Imperial
    2030's variant "Bonus only for tax increases".  Player names: 1 to 24 printable characters, distinct
    regardless of letter case.  ``version``: the rules the game is played under, one of ``model.RULES_READ``
    (``None``: ``model.RULES_VERSION``, the current rules; an older one replays a game saved under it).
    Anything else raises :class:`IllegalAction` naming the valid choices."""
    from .board import BOARDS

    if version is None:
        version = model.RULES_VERSION
    if type(version) is not int or version not in model.RULES_READ:
        raise IllegalAction(f"this engine plays rules versions {', '.join(map(str, model.RULES_READ))}, "
                            f"not {version!r}")

    if board not in BOARDS:
        raise IllegalAction(f"unknown board {board!r}: use one of {', '.join(map(repr, BOARDS))}")
    b = load_board(board)
    if edition not in b.editions:
        raise IllegalAction(f"the {b.name} board is played with edition {' or '.join(map(repr, b.editions))}, "
                            f"not {edition!r}")
    if setup not in ("standard", "auction"):
        raise IllegalAction(f"unknown set-up {setup!r}: use 'standard' or 'auction'")
    if not isinstance(investor_card, bool) or not isinstance(increase_bonus, bool):
        raise IllegalAction("investor_card and increase_bonus are true or false")
    if increase_bonus and b.bonus_rule != "chart":
        raise IllegalAction(f"the variant 'bonus only for tax increases' belongs to boards whose bonus follows "
                            f"a chart (Imperial 2030), not {b.name}")
    if not isinstance(players, (list, tuple)):
        raise IllegalAction("players must be a list of names")
    if not isinstance(seed, int) or isinstance(seed, bool) or not -(2**63) <= seed < 2**63:
        raise IllegalAction("the seed must be a whole number between -2^63 and 2^63")
    g = setup_rules.initial_state(b, list(players), edition, setup, investor_card, seed, increase_bonus,
                                   version=version)
    flow.start(g, b)
    return settled_state(g)


def settled_state(g: G) -> GameState:
    """A state from plain data built elsewhere in the package (set-up, positions): decisions whose only
    choice is to pass are taken, as after every action.  ``g`` becomes the state's own data."""
    b = load_board(g["board"])
    keys = _settle(g, b)
    state = _wrap(g)
    _remember(state, keys)
    return state


def legal_actions(state: GameState) -> list[Action]:
    """Every legal choice of ``state.current_player``, in a fixed order; empty once the game is over."""
    e = _entry(state)
    acts = e[2]
    if acts is None:  # the actions are shared and immutable; each caller gets a list of its own
        acts = e[2] = list(map(action_of, e[1]))
    return acts[:]


def action_keys(state: GameState) -> list[tuple]:
    """``[a.key() for a in legal_actions(state)]`` without building the action models: the keys the engine
    works with, in the same order (for the computer players, which look at thousands of states)."""
    return _entry(state)[1][:]


def _to_key(action: Any) -> tuple:
    """Internal form of an action given as a model, its dict, its text or its tuple.  Raises
    :class:`NotationError` for anything that is not an action at all."""
    try:
        if isinstance(action, tuple):
            return from_key(action).key()
        if isinstance(action, dict):
            action = ActionAdapter.validate_python(action)
        elif isinstance(action, str):
            action = parse_text(action)
        return action.key()
    except (ValueError, TypeError, AttributeError) as e:
        raise NotationError(f"not an action: {action!r} ({e})") from None


def _index_of(state: GameState, action: Any) -> int:
    if state.is_over:
        raise IllegalAction("the game is over")
    e = _entry(state)
    if e[2] is not None:  # most often one of the very actions legal_actions handed out
        try:
            return list(map(id, e[2])).index(id(action))
        except ValueError:
            pass
    k = _to_key(action)
    try:
        return e[1].index(k)
    except ValueError:
        raise IllegalAction(_explain_key(state, k)) from None


def _advance(state: GameState, index: int, events: list | None, remember: bool = True) -> GameState:
    """The state after the ``index``-th legal action; its events are appended to ``events``.  The new state's
    legal keys go into the cache unless ``remember`` is false (a preview of a move not made, which must not
    push out the states the page goes on asking about)."""
    b = load_board(state.board)
    e = _CACHE[-1] if _CACHE and _CACHE[-1][0] is state else _entry(state)
    keys = e[1]
    if not 0 <= index < len(keys):
        raise IllegalAction(f"there are {len(keys)} legal actions; index {index} is out of range")
    k = keys[index]
    g = _clone(state.__dict__, k[0], index)
    if events is not None:  # only while a step collects them: the state's own data keeps no such key
        g["events"] = events
    flow.act(g, b, k)
    new_keys = flow.settle(g, b)
    if events is not None:
        del g["events"]
        g = dict(g)  # compact again: later copies of this state stay fast
    new = _wrap(g)
    if remember:
        _remember(new, new_keys)
    return new


def step(state: GameState, action: Action | str | dict) -> tuple[GameState, list[Event]]:
    """The state after ``action`` and what happened, as events (see :mod:`imperial_core.events`): every
    payment, unit, flag, factory, bond, government, power and tax change, the investor card, the next
    nation's turn and the end of the game, in the order they happened (decisions the engine takes
    because passing was the only choice included).  ``state`` itself is unchanged."""
    return step_index(state, _index_of(state, action))


def step_index(state: GameState, index: int) -> tuple[GameState, list[Event]]:
    """:func:`step` for the ``index``-th entry of ``legal_actions(state)``."""
    raw: list[dict] = []
    new = _advance(state, index, raw)
    return new, to_events(raw)


def apply(state: GameState, action: Action | str | dict) -> GameState:
    """The state after ``action`` (a model, its dict or its text); ``state`` itself is unchanged.
    Raises :class:`IllegalAction` (:class:`NotationError` for text that is no action at all)."""
    return _advance(state, _index_of(state, action), None)


def apply_index(state: GameState, index: int) -> GameState:
    """Apply the ``index``-th entry of ``legal_actions(state)``."""
    return _advance(state, index, None)


def explain(state: GameState, action: Action | str | dict) -> str:
    """Why ``action`` (a model, its dict or its text) is not legal now, in words a player understands."""
    return _explain_key(state, _to_key(action))


def _explain_key(state: GameState, k: tuple) -> str:
    g = state.__dict__
    phase = g["turn"]["phase"]
    spec = flow.FLOW[phase]
    if spec.explain is not None:
        return spec.explain(g, load_board(state.board), k)
    if phase == "over":
        return "the game is over"
    try:
        text = str(from_key(k))
    except (ValueError, TypeError):
        text = repr(k)
    return f"{text} is not possible now: {g['turn']['player']} must decide ({spec.text})"


def rondel_spaces(board: str | Board) -> list[str]:
    """The rondel's spaces clockwise from Factory as the notation names them (``production1``, …)."""
    return list(rondel.space_labels(board if isinstance(board, Board) else load_board(board)))


def rondel_cost(state: GameState, space: str) -> int:
    """Cost in millions, paid from the government's cash, of moving the active nation's marker to ``space``
    (a rondel label such as ``"taxation"`` or ``"production2"``): the first 3 spaces are free, each further
    space costs 2M, in Imperial 2030 1M + the nation's power factor (*Selecting a space on the rondel*); a
    nation's first move is free."""
    return rondel.space_cost(state.__dict__, load_board(state.board), space)


def scores(state: GameState) -> dict[str, int]:
    """Victory points: Σ interest × power factor + cash."""
    return end.scores(state.__dict__, load_board(state.board))


def score_breakdown(state: GameState) -> dict[str, dict]:
    """Per player ``{"cash", "nations": {nation: {"interest", "factor", "points"}}, "total"}``, the score of
    rulebook *Object of the game*: Σ interest × power factor + cash (``total`` equals ``scores``)."""
    return end.breakdown(state.__dict__, load_board(state.board))


def ranking(state: GameState) -> list[str]:
    """Players from first to last place, with the rulebook's tie-break."""
    return end.ranking(state.__dict__, load_board(state.board))


def winner(state: GameState) -> str:
    """The winner: most points; ties by credit sum in the most powerful nation, then the next..."""
    return ranking(state)[0]


def parse_action(state: GameState, text: str) -> Action:
    """Read the notation of ``docs/notation.md``; the action must be legal in ``state``.  Raises
    :class:`NotationError` for unknown words, :class:`IllegalAction` for an action not legal now."""
    try:
        action = parse_text(text)
    except ValueError as e:
        raise NotationError(str(e)) from None
    if action.key() not in _keys_of(state):
        raise IllegalAction(_explain_key(state, action.key()))
    return action


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a block that makes no reference cycles, such as playing
    in place or a computer player's search, and leave it as it was found afterwards.  The engine's states
    hold none, so the collector finds nothing there, yet its passes over everything alive (a full one now
    and then) took about 5 % of the CPU time of random games played in place; other garbage simply waits."""
    enabled = gc.isenabled()
    if enabled:
        gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


#: One move of a replay kept by :func:`follow_keys`: the action, the state after it and what it did.
Step = tuple[Action, GameState, list[Event]]


def follow(start: GameState, pick: Callable[[int], int | None], steps: list[Step] | None = None) -> GameState:
    """The one replay loop: from ``start``, apply the action ``pick(n)`` chooses among the ``n`` legal
    ones (``n`` is 0 once the game is over), until it returns ``None``.  Raises :class:`IllegalAction`
    for an index out of range or an action after the end of the game.  ``start`` is unchanged.
    ``steps``: see :func:`follow_keys`."""
    return follow_keys(start, lambda keys: pick(len(keys)), steps)


def follow_keys(start: GameState, pick: Callable[[list[tuple]], int | None],
                steps: list[Step] | None = None) -> GameState:
    """:func:`follow` whose ``pick`` is shown the legal actions themselves, as the keys of
    :func:`action_keys` (a list it must not change), and answers the index of its choice or ``None``.
    For records that name moves by what they are rather than by their place in the list (link tokens).
    ``steps``: each move is appended to it as ``(action, state after it, its events)``, as :func:`step`
    gives them (for a page that keeps the whole game: it need not replay it a second time); without it,
    only the end is made."""
    if steps is not None:
        return _follow_steps(start, pick, steps)
    b = load_board(start.board)
    g = _deep_clone(start.__dict__)
    with paused_gc():
        keys = _settle(g, b)  # a state built from data is settled first
        n = 0
        while (i := _checked_pick(pick, keys, n + 1)) is not None:
            n += 1
            g["history"].append(i)
            flow.act(g, b, keys[i])
            keys = flow.settle(g, b)
    state = _wrap(g)
    _remember(state, keys)
    return state


def _checked_pick(pick: Callable[[list[tuple]], int | None], keys: list[tuple], n: int) -> int | None:
    """``pick``'s choice among ``keys`` for the ``n``-th move of a replay, or ``None`` at its end; raises
    :class:`IllegalAction` for a move after the end of the game or an index out of range."""
    i = pick(keys)
    if i is not None and not keys:
        raise IllegalAction(f"action {n} is recorded after the end of the game")
    if i is not None and not 0 <= i < len(keys):
        raise IllegalAction(f"recorded action {n} ({i}) is not among the {len(keys)} legal actions")
    return i


def _follow_steps(start: GameState, pick: Callable[[list[tuple]], int | None], steps: list[Step]) -> GameState:
    """:func:`follow_keys` keeping every state on the way and its events."""
    with paused_gc():
        g = _deep_clone(start.__dict__)
        keys = _settle(g, load_board(start.board))  # as follow_keys does
        state = _wrap(g)
        _remember(state, keys)
        n = 0
        while (i := _checked_pick(pick, keys, n + 1)) is not None:
            n += 1
            raw: list[dict] = []
            action = action_of(keys[i])
            state = _advance(state, i, raw)
            steps.append((action, state, to_events(raw)))
            keys = _keys_of(state)  # remembered by _advance
    return state


def follow_indices(start: GameState, indices: Iterable[int], steps: list[Step] | None = None) -> GameState:
    """``start`` after the recorded action indices (see :func:`follow`)."""
    it = iter(indices)
    return follow(start, lambda _n: next(it, None), steps)
