"""Public API: ``new_game``, ``legal_actions``, ``apply``, ``scores``, ``winner``.

The engine keeps every rule in ``rules/``; this module only dispatches on the decision in progress
(``state.turn["phase"]``), copies states so that :func:`apply` is pure, and settles decisions that
leave no choice (a factory space with nothing to build, a fleet phase with nothing to move...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .actions import _MADE, Action, ActionAdapter, construct, from_key, parse_text
from .board import Board, load_board
from .errors import IllegalAction
from .model import PHASES, GameState
from .rules import end, factory, funding, import_, investor, maneuver, production, rondel, taxation
from .rules import setup as setup_rules
from .rules.common import G, begin_rondel_turn, can_pay, next_nation, player, update_governments

# -- state copying ----------------------------------------------------------------------------------------


_MOVING = frozenset(("fleets", "armies", "contact", "order", "demand"))
_BUYING = frozenset(("invest", "auction"))


_FIGHTS = frozenset(("battle", "demand"))


def _clone(d: dict, kind: str | None = None) -> G:
    """A copy of a state's data deep enough that applying one action (of type ``kind``) to it leaves the
    original untouched (``kind=None``: any action).

    Containers that the action cannot change are shared with the original: the maneuver bookkeeping is
    only written while maneuvering, units of inactive nations only change in battles (``battle`` and
    ``demand`` actions), bonds only while investing (settling only ever applies "pass"), and factory and
    flag lists are always replaced rather than changed in place.
    """
    t = d["turn"]
    phase = t["phase"]
    nt = t.copy()
    nt["queue"] = t["queue"][:]
    nt["pledges"] = t["pledges"].copy()
    moving = phase in _MOVING
    if moving:
        nt["moved_armies"] = t["moved_armies"].copy()
        nt["moved_hostile"] = t["moved_hostile"].copy()
        nt["moved_fleets"] = t["moved_fleets"].copy()
        nt["convoys"] = t["convoys"].copy()
        nt["changed"] = t["changed"][:]
        c = t["contact"]
        if c is not None:
            nt["contact"] = {**c, "asking": c["asking"][:]}
    buying = phase in _BUYING
    fights = moving and (kind is None or kind in _FIGHTS)
    active = t["nation"]
    nations = {}
    for nid, n in d["nations"].items():
        nn = n.copy()
        if fights or nid == active:
            nn["armies"] = n["armies"].copy()
            nn["hostile"] = n["hostile"].copy()
            nn["fleets"] = n["fleets"].copy()
        if buying:
            nn["bonds"] = n["bonds"].copy()
        nations[nid] = nn
    return _with_parts(d, nt, nations)


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


def _with_parts(d: dict, turn: dict, nations: dict) -> G:
    """A copy of the state data ``d`` with the given turn and nations, and its own players, Swiss Banks and
    history (every action may change those)."""
    g = d.copy()
    g["turn"] = turn
    g["nations"] = nations
    g["players"] = [p.copy() for p in d["players"]]
    g["swiss_banks"] = d["swiss_banks"][:]
    g["history"] = d["history"][:]
    return g


_FIELDS = tuple(GameState.model_fields)


def _wrap(g: G) -> GameState:
    return construct(GameState, g)


# -- legal actions ----------------------------------------------------------------------------------------


def legal_keys(g: G, b: Board) -> list[tuple]:
    """Legal actions in internal tuple form, in the deterministic order of :func:`legal_actions`."""
    phase = g["turn"]["phase"]
    if phase == "rondel":
        return rondel.rondel_actions(g, b)
    if phase == "armies":
        return maneuver.army_actions(g, b)
    if phase == "fleets":
        return maneuver.fleet_actions(g, b)
    if phase == "contact":
        return maneuver.contact_actions(g, b)
    if phase == "order":
        return maneuver.order_actions(g, b)
    if phase == "demand":
        return maneuver.demand_actions(g, b)
    if phase == "invest":
        return investor.invest_actions(g, b)
    if phase == "import":
        return import_.import_actions(g, b)
    if phase == "factory":
        return factory.factory_actions(g, b)
    if phase == "production":
        return production.production_actions(g, b)
    if phase == "fund":
        return funding.fund_actions(g, b)
    if phase == "swiss":
        return rondel.swiss_actions(g, b)
    if phase == "auction":
        return setup_rules.auction_actions(g, b)
    return []


# -- transitions ------------------------------------------------------------------------------------------


def _end_turn(g: G, b: Board, nid: str) -> None:
    """The nation's turn is over: next nation, or (variant without investor card) an investment round."""
    if g["investor_card"]:
        begin_rondel_turn(g, b, next_nation(g, b, nid))
    else:
        gov = g["nations"][nid]["government"]
        investor.start_round(g, b, nid, nid, "post", gov)


def _after_round(g: G, b: Board) -> None:
    """Variant without investor card: after a round, the next nation moves.  A nation without a
    government is first offered its bonds, starting with the government of the nation that moved last."""
    t = g["turn"]
    mover = t["nation"]
    cur = t["invest_nation"]
    update_governments(g, b, g["nations"][mover]["government"])
    if t["invest_round"] == "pre" and g["nations"][cur]["government"]:
        begin_rondel_turn(g, b, cur)
        return
    ids = b.nation_ids
    nxt = ids[(ids.index(cur) + 1) % len(ids)]
    if nxt == mover or g["nations"][nxt]["government"]:
        begin_rondel_turn(g, b, nxt)
        return
    investor.start_round(g, b, mover, nxt, "pre", g["nations"][mover]["government"])


def _finish_action(g: G, b: Board) -> None:
    """The landed space is done; a pass over Investor now runs its steps 2 and 3."""
    t = g["turn"]
    nid = t["nation"]
    if t["passed_investor"] and g["investor_card"]:
        investor.start_investor_steps(g, b, nid)
    else:
        _end_turn(g, b, nid)


def _land(g: G, b: Board, nid: str, there: int, passed: bool) -> None:
    nat = g["nations"][nid]
    nat["rondel"] = there
    t = g["turn"]
    t["phase"] = "landing"
    t["passed_investor"] = passed
    t["player"] = nat["government"]
    space = b.rondel[there]
    if space == "factory":
        t["phase"] = "factory"
    elif space == "production":
        if production.produce(g, b, nid):
            _finish_action(g, b)
    elif space == "import":
        t["phase"] = "import"
    elif space == "maneuver":
        t["phase"] = "fleets"
    elif space == "investor":
        investor.pay_interest(g, b, nid)
        if g["investor_card"]:
            investor.start_investor_steps(g, b, nid)
        else:
            _end_turn(g, b, nid)
    elif space == "taxation":
        if taxation.tax(g, b, nid):
            g["turn"] = {**g["turn"], "phase": "over", "player": None}
        else:
            _finish_action(g, b)
    else:  # pragma: no cover - boards only use the spaces above
        raise IllegalAction(f"unknown rondel space {space!r}")


def _move_marker(g: G, b: Board, there: int, forced: bool = False) -> None:
    t = g["turn"]
    nid = t["nation"]
    nat = g["nations"][nid]
    here = nat["rondel"]
    steps = rondel.steps(b, here, there)
    player(g, nat["government"])["cash"] -= rondel.cost(b, steps)
    _land(g, b, nid, there, rondel.passes_investor(b, here, there) and not forced)


def _do(g: G, b: Board, k: tuple) -> None:
    """Apply one legal action (internal tuple) to ``g`` in place."""
    t = g["turn"]
    phase = t["phase"]
    kind = k[0]
    if phase == "rondel":
        there = rondel.check_space(b, k[1])
        nid = t["nation"]
        here = g["nations"][nid]["rondel"]
        if rondel.passes_investor(b, here, there) and rondel.swiss_can_force(g, b, nid):
            deciders = rondel.swiss_deciders(g, b, nid)
            if deciders:
                t["phase"] = "swiss"
                t["target"] = there
                t["queue"] = deciders
                t["player"] = deciders[0]
                return
        _move_marker(g, b, there)
    elif phase == "swiss":
        nid = t["nation"]
        here = g["nations"][nid]["rondel"]
        if kind == "force":
            if not rondel.force_alone(g, b, nid, t["player"]):
                funding.start(g, b, ("force", t["player"]))
                return
            rondel.force_stop(g, b, nid, t["player"])
            _move_marker(g, b, rondel.investor_space_on_path(b, here, t["target"]), forced=True)
        else:
            t["queue"].pop(0)
            if t["queue"]:
                t["player"] = t["queue"][0]
            else:
                _move_marker(g, b, t["target"])
    elif phase == "factory":
        if kind == "factory" and not can_pay(g, t["nation"], b.constants["factory_cost"]):
            funding.start(g, b, k)
            return
        factory.factory_apply(g, b, k)
        _finish_action(g, b)
    elif phase == "production":
        if production.production_apply(g, b, k):
            _finish_action(g, b)
    elif phase == "import":
        if kind == "import" and not can_pay(g, t["nation"], b.constants["import_cost_per_unit"]):
            funding.start(g, b, k)
            return
        if import_.import_apply(g, b, k):
            _finish_action(g, b)
    elif phase == "fund":
        funded = funding.fund_apply(g, b, k)
        if funded is not None:
            _do(g, b, funded)  # back in the factory or import phase, now paid for
    elif phase == "fleets":
        if kind == "fleet":
            maneuver.move_fleet(g, b, k)
        elif kind == "battle":
            maneuver.battle(g, k)
        else:
            t["phase"] = "armies"
    elif phase == "armies":
        if kind == "army":
            maneuver.move_army(g, b, k)
        elif kind == "battle":
            maneuver.battle(g, k)
        elif kind == "status":
            maneuver.set_status(g, b, k)
        elif kind == "destroy":
            maneuver.destroy_factory(g, b, k)
        else:
            maneuver.place_flags(g, b)
            _finish_action(g, b)
    elif phase == "contact":
        if kind == "battle":
            maneuver.contact_battle(g, k)
            maneuver.close_contact(g)
        else:
            maneuver.next_asked(g, b)
    elif phase == "order":
        maneuver.ask(g, b, k[1])
    elif phase == "demand":
        maneuver.demand(g, b, k)
    elif phase == "invest":
        if kind == "bond":
            investor.buy_bond(g, t["player"], k)
        t["queue"].pop(0)
        if not t["queue"]:
            if t["invest_round"] == "card":
                investor.end_investor_steps(g, b)
                _end_turn(g, b, t["nation"])
            else:
                _after_round(g, b)
    elif phase == "auction":
        setup_rules.auction_apply(g, b, k)
    else:
        raise IllegalAction("the game is over")


_AUTO = ("factory", "import", "fleets", "armies", "invest", "auction", "swiss")


def _settle(g: G, b: Board) -> list[tuple]:
    """Skip decisions whose only choice is to pass; return the legal keys of the settled state."""
    while True:
        t = g["turn"]
        if t["phase"] == "invest" and t["queue"]:
            t["player"] = t["queue"][0]
        keys = legal_keys(g, b)
        if t["phase"] in _AUTO and len(keys) == 1 and keys[0] == ("pass",):
            _do(g, b, keys[0])
            continue
        return keys


# -- legal-key cache for the last few states handed out ---------------------------------------------------
_CACHE: list[tuple[GameState, list[tuple]]] = []


def _remember(state: GameState, keys: list[tuple]) -> None:
    _CACHE.append((state, keys))
    if len(_CACHE) > 8:
        del _CACHE[0]


def _keys_of(state: GameState) -> list[tuple]:
    for s, keys in _CACHE:
        if s is state:
            return keys
    keys = legal_keys(state.__dict__, load_board(state.board))
    _remember(state, keys)
    return keys


# -- public API -------------------------------------------------------------------------------------------


def new_game(players: list[str], *, board: str = "europe", edition: str = "current", setup: str = "standard",
             investor_card: bool = True, seed: int = 0) -> GameState:
    """Set up a game for 2-6 players in seating (clockwise) order; ``seed`` drives every shuffle."""
    if edition not in ("current", "first"):
        raise IllegalAction(f"unknown edition {edition!r}: use 'current' or 'first'")
    if setup not in ("standard", "auction"):
        raise IllegalAction(f"unknown set-up {setup!r}: use 'standard' or 'auction'")
    b = load_board(board)
    g = setup_rules.initial_state(b, list(players), edition, setup, bool(investor_card), int(seed))
    keys = _settle(g, b)
    state = _wrap(g)
    _remember(state, keys)
    return state


def settled_state(g: G) -> GameState:
    """A state from plain data built elsewhere in the package (positions): decisions whose only
    choice is to pass are taken, as after every action.  ``g`` becomes the state's own data."""
    b = load_board(g["board"])
    keys = _settle(g, b)
    state = _wrap(g)
    _remember(state, keys)
    return state


def legal_actions(state: GameState) -> list[Action]:
    """Every legal choice of ``state.current_player``, in a fixed order; empty once the game is over."""
    made = _MADE  # actions already built (shared, immutable); from_key builds the others
    return [made.get(k) or from_key(k) for k in _keys_of(state)]


def _to_key(action: Any) -> tuple:
    """Internal form of an action given as a model, its dict, its text or its tuple."""
    try:
        if isinstance(action, tuple):
            return from_key(action).key()
        if isinstance(action, dict):
            action = ActionAdapter.validate_python(action)
        elif isinstance(action, str):
            action = parse_text(action)
        return action.key()
    except (ValueError, TypeError, AttributeError) as e:
        raise IllegalAction(f"not an action: {action!r} ({e})") from None


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``state`` itself is unchanged.  Raises :class:`IllegalAction`."""
    if state.is_over:
        raise IllegalAction("the game is over")
    k = _to_key(action)
    keys = _keys_of(state)
    try:
        index = keys.index(k)
    except ValueError:
        raise IllegalAction(explain(state, k)) from None
    return apply_index(state, index, keys)


def apply_index(state: GameState, index: int, keys: list[tuple] | None = None) -> GameState:
    """Apply the ``index``-th entry of ``legal_actions(state)``."""
    b = load_board(state.board)
    if keys is None:
        keys = _keys_of(state)
    if not 0 <= index < len(keys):
        raise IllegalAction(f"there are {len(keys)} legal actions; index {index} is out of range")
    k = keys[index]
    g = _clone(state.__dict__, k[0])
    g["history"].append(index)
    _do(g, b, k)
    new_keys = _settle(g, b)
    new = _wrap(g)
    _remember(new, new_keys)
    return new


def explain(state: GameState, k: tuple) -> str:
    """Why the action ``k`` is not legal now, in words a player understands."""
    g = state.__dict__
    b = load_board(state.board)
    phase = g["turn"]["phase"]
    who = g["turn"]["player"]
    msg = {
        "rondel": rondel.explain_rondel, "swiss": rondel.explain_swiss, "factory": factory.explain_factory,
        "import": import_.explain_import, "invest": investor.explain_invest,
        "fleets": maneuver.explain_maneuver, "armies": maneuver.explain_maneuver,
        "contact": maneuver.explain_contact, "order": maneuver.explain_contact, "demand": maneuver.explain_contact,
        "fund": funding.explain_fund,
    }.get(phase)
    if msg is not None:
        return msg(g, b, k)
    if phase == "auction":
        return setup_rules.describe_auction(g, b)
    if phase == "over":
        return "the game is over"
    what = PHASES.get(phase, phase)
    try:
        text = str(from_key(k))
    except (ValueError, TypeError):
        text = repr(k)
    return f"{text} is not possible now: {who} must decide ({what})"


def rondel_spaces(board: str | Board) -> list[str]:
    """The rondel's spaces clockwise from Factory as the notation names them (``production1``, …)."""
    return list(rondel.space_labels(board if isinstance(board, Board) else load_board(board)))


def rondel_cost(state: GameState, space: str) -> int:
    """Cost in millions, paid from the government's cash, of moving the active nation's marker to ``space``
    (a rondel label such as ``"taxation"`` or ``"production2"``): the first 3 spaces are free, each further
    space costs 2M (rulebook *Selecting a space on the rondel*); a nation's first move is free."""
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
    """Read the notation of ``docs/notation.md``; the action must be legal in ``state``."""
    try:
        action = parse_text(text)
    except ValueError as e:
        raise IllegalAction(str(e)) from None
    if action.key() not in _keys_of(state):
        raise IllegalAction(explain(state, action.key()))
    return action


def follow(start: GameState, pick: Callable[[int], int | None]) -> GameState:
    """The one replay loop: from ``start``, apply the action ``pick(n)`` chooses among the ``n`` legal
    ones, until it returns ``None``.  Raises :class:`IllegalAction` for an index out of range or an
    action after the end of the game.  ``start`` is unchanged."""
    b = load_board(start.board)
    g = _deep_clone(start.__dict__)
    keys = _settle(g, b)
    step = 0
    while True:
        i = pick(len(keys))
        if i is None:
            break
        step += 1
        if not keys:
            raise IllegalAction(f"action {step} is recorded after the end of the game")
        if not 0 <= i < len(keys):
            raise IllegalAction(f"recorded action {step} ({i}) is not among the {len(keys)} legal actions")
        g["history"].append(i)
        _do(g, b, keys[i])
        keys = _settle(g, b)
    state = _wrap(g)
    _remember(state, keys)
    return state


def follow_indices(start: GameState, indices: Iterable[int]) -> GameState:
    """``start`` after the recorded action indices (see :func:`follow`)."""
    it = iter(indices)
    return follow(start, lambda _n: next(it, None))
