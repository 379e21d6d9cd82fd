"""The turn flow of Imperial: which decision follows which, who takes it, and which rule module acts.

This module is the one place that says *what follows what*.  The rule modules apply a rule and answer
with a short **signal** (``"done"``, ``"fund"``, ``"contact"`` …); the tables below map each phase's
signals to the next **step**: another phase (a decision someone must take) or one of the flow's own
steps (move the marker and land, end the space, end the turn, …).

* :data:`FLOW` — every phase (kind of decision): its text, who decides, its options, what acts on a
  choice, and where each signal leads.
* :data:`SPACES` — what landing on each rondel space does, and where it leads.
* :data:`STEPS` — the flow's own steps between decisions (rulebook *Game play*, *Investor* steps 2–3,
  *Variant without investor card*, *End of the game*).

Reading one rule module plus these tables shows everything a rondel space does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..board import Board
from ..errors import IllegalAction
from ..model import fresh_turn
from . import end, factory, funding, import_, investor, maneuver, production, rondel, taxation
from . import setup as setup_rules
from .common import G, Options, emit, next_nation, update_governments

Act = Callable[[G, Board, tuple], str]
Explain = Callable[[G, Board, tuple], str]


@dataclass(frozen=True, slots=True)
class Phase:
    """One kind of decision.

    ``decider`` names who takes it: ``"government"`` (of the nation whose turn it is), ``"queue"`` (the
    first player in ``turn["queue"]``), ``"asked"`` (the government of the first nation asked whether it
    demands battle) or ``"nobody"``.  ``auto``: when passing is the only option, the engine passes at
    once.  ``then`` maps each signal of ``act`` to the next step.
    """

    text: str
    decider: str
    options: Options
    act: Act
    explain: Explain | None = None
    auto: bool = False
    then: dict[str, str] = field(default_factory=dict)


def _no_options(g: G, b: Board) -> list[tuple]:
    return []


def _game_is_over(g: G, b: Board, k: tuple) -> str:
    raise IllegalAction("the game is over")


def _auction_explain(g: G, b: Board, k: tuple) -> str:
    return setup_rules.describe_auction(g, b)


# A maneuver's reasons name the legal action an illegal one nearly is: they are handed :func:`options`.
def _maneuver_explain(g: G, b: Board, k: tuple) -> str:
    return maneuver.explain_maneuver(g, b, k, options)


def _contact_explain(g: G, b: Board, k: tuple) -> str:
    return maneuver.explain_contact(g, b, k, options)


#: Every kind of decision, in the order a game meets them.
FLOW: dict[str, Phase] = {
    "auction": Phase(
        "a player may grant one bond of the nation being financed (auction set-up)", "queue",
        setup_rules.auction_actions, setup_rules.auction_act, _auction_explain, auto=True,
        then={"next": "auction", "done": "first_turn"}),
    "rondel": Phase(
        "a government chooses its nation's rondel space", "government",
        rondel.rondel_actions, rondel.choose_space, rondel.explain_rondel,
        then={"swiss": "swiss", "move": "move_marker"}),
    "swiss": Phase(
        "a Swiss Bank holder may force the nation to stop on Investor (giving what its treasury lacks for "
        "the interest)", "queue",
        rondel.swiss_actions, rondel.swiss_answer, rondel.explain_swiss, auto=True,
        then={"next": "swiss", "fund": "fund", "move": "move_marker"}),
    "factory": Phase(
        "a government chooses where to build a factory (or passes)", "government",
        factory.factory_actions, factory.factory_act, factory.explain_factory, auto=True,
        then={"fund": "fund", "done": "space_done"}),
    "production": Phase(
        "a government short of units chooses which factories produce", "government",
        production.production_actions, production.production_act, None,
        then={"next": "production", "done": "space_done"}),
    "import": Phase(
        "a government imports units one by one (or stops)", "government",
        import_.import_actions, import_.import_act, import_.explain_import, auto=True,
        then={"fund": "fund", "next": "import", "done": "space_done"}),
    "fund": Phase(
        "a player may give cash to the treasury so that a factory, an import or a forced stop can be paid",
        "queue",
        funding.fund_actions, funding.fund_act, funding.explain_fund,
        then={"next": "fund", "funded": "resume_funded", "refused": "resume_refused"}),
    "fleets": Phase(
        "a government moves fleets, fights, or ends fleet movement", "government",
        maneuver.fleet_actions, maneuver.fleets_act, _maneuver_explain, auto=True,
        then={"stay": "fleets", "contact": "contact", "canal": "canal", "done": "armies"}),
    "armies": Phase(
        "a government moves armies, changes their status, fights, destroys factories, or ends", "government",
        maneuver.army_actions, maneuver.armies_act, _maneuver_explain, auto=True,
        then={"stay": "armies", "contact": "contact", "canal": "canal", "done": "space_done"}),
    "canal": Phase(
        "a canal's owner allows or refuses another nation's fleet or convoy passage (Imperial 2030)", "canal",
        maneuver.canal_actions, maneuver.canal_act, maneuver.explain_canal,
        then={"next": "canal", "allowed": "canal_passage", "refused": "canal_refused"}),
    "contact": Phase(
        "the mover decides whether its unit that just arrived fights, and against whom", "government",
        maneuver.contact_actions, maneuver.contact_act, _contact_explain,
        then={"fought": "contact_over", "declined": "ask_next"}),
    "order": Phase(
        "the mover chooses which other government is asked next whether it demands battle", "government",
        maneuver.order_actions, maneuver.order_act, _contact_explain,
        then={"asked": "demand"}),
    "demand": Phase(
        "an inactive government decides whether to demand battle", "asked",
        maneuver.demand_actions, maneuver.demand_act, _contact_explain,
        then={"fought": "contact_over", "declined": "ask_next"}),
    "invest": Phase(
        "a player may buy a bond or trade one up (investor card, Swiss Bank, or variant round)", "queue",
        investor.invest_actions, investor.invest_act, investor.explain_invest, auto=True,
        then={"next": "invest", "done": "investment_done"}),
    "over": Phase("the game has ended", "nobody", _no_options, _game_is_over),
}


@dataclass(frozen=True, slots=True)
class Space:
    """What landing on a rondel space does: ``land`` applies its rule at once and answers a signal
    (``None``: nothing happens at once, the government decides in ``then["land"]``)."""

    land: Callable[[G, Board, str], str] | None
    then: dict[str, str]


#: Rondel spaces by name (rulebook *The rondel*).
SPACES: dict[str, Space] = {
    "factory": Space(None, {"land": "factory"}),
    "production": Space(production.land, {"choose": "production", "done": "space_done"}),
    "import": Space(None, {"land": "import"}),
    "maneuver": Space(None, {"land": "fleets"}),
    "investor": Space(investor.land, {"done": "investor_steps"}),
    "taxation": Space(taxation.land, {"done": "space_done", "game_end": "game_over"}),
}


# -- the flow's own steps ---------------------------------------------------------------------------------
def _first_turn(g: G, b: Board) -> str:
    """Set-up is over: the first nation with a government begins (*Start of play*)."""
    return _begin_turn(g, b, next_nation(g, b, None))


def _begin_turn(g: G, b: Board, nid: str | None) -> str:
    """``nid``'s turn begins; a round begins when the turn passes to a nation earlier in turn order.
    No nation has a government (possible only after an auction nobody bought in): the game is over."""
    if nid is None:
        g["turn"] = fresh_turn("over")
        return _game_over(g, b)
    prev = g["turn"]["nation"]
    ids = b.nation_ids
    if prev is None or ids.index(nid) <= ids.index(prev):
        g["round"] += 1
    g["turn"] = fresh_turn("rondel", nid)
    if g.get("events") is not None:
        emit(g, "turn", nation=nid, round=g["round"], government=g["nations"][nid]["government"])
    return "rondel"


def _move_marker(g: G, b: Board) -> str:
    """The marker moves and the space's rule applies (*Selecting a space on the rondel*)."""
    space = SPACES[rondel.move_marker(g, b)]
    nid = g["turn"]["nation"]
    signal = "land" if space.land is None else space.land(g, b, nid)
    return space.then[signal]


def _space_done(g: G, b: Board) -> str:
    """The landed space is done.  A marker that passed over Investor runs its steps 2 and 3 now
    (*Investor*: "also when passing")."""
    return "investor_steps" if g["turn"]["passed_investor"] else "turn_done"


def _investor_steps(g: G, b: Board) -> str:
    """*Investor* step 2 (the card holder is paid and invests) and step 3 (Swiss Banks invest); without
    the investor card the turn simply ends (*Variant without investor card*)."""
    if not g["investor_card"]:
        return "turn_done"
    investor.start_investor_steps(g, b, g["turn"]["nation"])
    return "invest"


def _turn_done(g: G, b: Board) -> str:
    """The nation's turn is over: the next nation with a government, or (variant without investor card)
    an investment round in the nation that moved."""
    nid = g["turn"]["nation"]
    if g["investor_card"]:
        return _begin_turn(g, b, next_nation(g, b, nid))
    gov = g["nations"][nid]["government"]
    investor.start_round(g, b, nid, nid, "post", gov)
    return "invest"


def _investment_done(g: G, b: Board) -> str:
    """Everyone was asked: the investor card's steps end (governments change, the card moves on), or a
    round of the variant without investor card ends (see :func:`_after_round`)."""
    if g["turn"]["invest_round"] == "card":
        investor.end_investor_steps(g, b)
        return "turn_done"
    return _after_round(g, b)


def _after_round(g: G, b: Board) -> str:
    """*Variant without investor card*: after a round the next nation moves.  A nation without a
    government is first offered its bonds, starting with the government of the nation that moved last."""
    t = g["turn"]
    mover = t["nation"]
    cur = t["invest_nation"]
    update_governments(g, b, g["nations"][mover]["government"])
    if t["invest_round"] == "pre" and g["nations"][cur]["government"]:
        return _begin_turn(g, b, cur)
    ids = b.nation_ids
    nxt = ids[(ids.index(cur) + 1) % len(ids)]
    if nxt == mover or g["nations"][nxt]["government"]:
        return _begin_turn(g, b, nxt)
    investor.start_round(g, b, mover, nxt, "pre", g["nations"][mover]["government"])
    return "invest"


def _contact_over(g: G, b: Board) -> str:
    """A battle question is settled: the mover goes on moving that kind of unit."""
    return "fleets" if maneuver.close_contact(g) == "fleet" else "armies"


def _ask_next(g: G, b: Board) -> str:
    """The mover (or an asked government) declined battle: the other governments are asked one by one,
    in the order the mover chooses (*Battles*: "any nation … may demand a battle")."""
    asking = g["turn"]["contact"]["asking"]
    if not asking:
        return _contact_over(g, b)
    return "demand" if len(asking) == 1 else "order"


def _canal_passage(g: G, b: Board) -> str:
    """Every canal owner asked allowed the passage: the waiting move happens now."""
    return {"contact": "contact", "fleet": "fleets", "army": "armies"}[maneuver.pass_canal(g, b)]


def _canal_refused(g: G, b: Board) -> str:
    """A canal owner refused: the move does not happen; the mover goes on moving that kind of unit."""
    return "fleets" if maneuver.pending_move(g)[0] == "fleet" else "armies"


def _resume_funded(g: G, b: Board) -> str:
    """The other players' gifts cover the cost: back to the decision that asked, which now pays."""
    phase, key = funding.resume(g)
    g["turn"]["phase"] = phase
    name_decider(g)
    return _act_in(g, b, phase, key)


def _resume_refused(g: G, b: Board) -> str:
    """Nobody would give enough: back to the decision that asked, without that choice."""
    phase, _key = funding.resume(g)
    return phase


def _game_over(g: G, b: Board) -> str:
    """*End of the game*: a nation reached the last power points (or no nation has a government)."""
    nid = g["turn"]["nation"]
    g["turn"] = {**g["turn"], "phase": "over", "player": None}
    emit(g, "game_over", nation=nid, scores=end.scores(g, b), ranking=end.ranking(g, b))
    return "over"


#: The flow's own steps (between two decisions), by the names the tables use.
STEPS: dict[str, Callable[[G, Board], str]] = {
    "first_turn": _first_turn, "move_marker": _move_marker, "space_done": _space_done,
    "investor_steps": _investor_steps, "turn_done": _turn_done, "investment_done": _investment_done,
    "contact_over": _contact_over, "ask_next": _ask_next, "canal_passage": _canal_passage,
    "canal_refused": _canal_refused, "resume_funded": _resume_funded,
    "resume_refused": _resume_refused, "game_over": _game_over,
}


# -- walking the tables -----------------------------------------------------------------------------------
def _government(g: G, t: dict) -> str | None:
    return g["nations"][t["nation"]]["government"]


def _first_in_queue(g: G, t: dict) -> str | None:
    return t["queue"][0]


def _asked(g: G, t: dict) -> str | None:
    return g["nations"][t["contact"]["asking"][0]]["government"]


def _nobody(g: G, t: dict) -> str | None:
    return None


def _canal_owner(g: G, t: dict) -> str | None:
    from ..board import load_board

    owner = maneuver.canal_owner(g, load_board(g["board"]), t["queue"][0])
    return g["nations"][owner]["government"] if owner else None


#: Who decides, by the names ``Phase.decider`` uses.
DECIDERS: dict[str, Callable[[G, dict], str | None]] = {
    "government": _government, "queue": _first_in_queue, "asked": _asked, "canal": _canal_owner,
    "nobody": _nobody,
}
_WHO = {name: DECIDERS[p.decider] for name, p in FLOW.items()}


def _enter(g: G, b: Board, step: str) -> None:
    """Run flow steps until a phase is reached, then name who decides in it."""
    while step not in FLOW:
        step = STEPS[step](g, b)
    t = g["turn"]
    t["phase"] = step
    t["player"] = _WHO[step](g, t)


def name_decider(g: G) -> None:
    """Name who decides in the phase in progress (for states built from data: positions, set-up)."""
    t = g["turn"]
    t["player"] = _WHO[t["phase"]](g, t)


def _act_in(g: G, b: Board, phase: str, k: tuple) -> str:
    g["turn"]["phase"] = phase
    spec = FLOW[phase]
    return spec.then[spec.act(g, b, k)]


def start(g: G, b: Board) -> None:
    """After set-up: the auction's first decision, or the first nation's turn."""
    _enter(g, b, "auction" if g["turn"]["phase"] == "auction" else "first_turn")


def act(g: G, b: Board, k: tuple) -> None:
    """Apply the legal action ``k`` (internal tuple) to ``g`` in place and walk on to the next decision."""
    phase = g["turn"]["phase"]
    spec = FLOW[phase]
    step = spec.then[spec.act(g, b, k)]
    if step != phase or spec.decider != "government":  # a government's decision going on needs no naming
        _enter(g, b, step)


def options(g: G, b: Board) -> list[tuple]:
    """The legal actions (internal tuples) of the decision in progress."""
    return FLOW[g["turn"]["phase"]].options(g, b)


_PASS = ("pass",)


def settle(g: G, b: Board) -> list[tuple]:
    """Take decisions whose only choice is to pass; return the options of the settled state."""
    while True:
        phase = FLOW[g["turn"]["phase"]]
        keys = phase.options(g, b)
        if phase.auto and len(keys) == 1 and keys[0] == _PASS:
            act(g, b, _PASS)
            continue
        return keys


#: The decisions of a battle question (a unit arrived where foreign units stand; ``turn["contact"]``).
BATTLE_QUESTION = ("contact", "order", "demand")
#: The decisions of a maneuver, battle questions included.
MANEUVER = ("fleets", "armies", *BATTLE_QUESTION, "canal")
#: Kinds of investment (``turn["invest_round"]``): the investor card's steps, and the rounds of the variant
#: without it before a nation without government moves (``pre``) and after a nation moved (``post``).
INVEST_ROUNDS = ("card", "pre", "post")

#: Kinds of decision (``state.turn["phase"]``) and who takes them, in words.
PHASES: dict[str, str] = {name: p.text for name, p in FLOW.items()}
