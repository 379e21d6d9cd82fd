"""Rondel movement: first turn anywhere, then 1-3 spaces free, 2M per extra space, at most 6.

Rulebook *Game play — Selecting a space on the rondel*; the Swiss Bank's forced stop on Investor
(*Investor*, step 3, and *New edition rule changes*).
"""

from __future__ import annotations

from bisect import bisect_right

from ..board import Board
from ..errors import IllegalAction
from .common import BANK, G, emit, interest_due, nation_name, pay, player, swiss_banks_from_card, treasury
from .funding import fundable
from .funding import start as ask_for_funds

_LABELS: dict[str, list[str]] = {}


def space_labels(b: Board) -> list[str]:
    """Notation names of the rondel spaces; a name used twice gets 1/2 (``production1``)."""
    cached = _LABELS.get(b.id)
    if cached is not None:
        return cached
    out = []
    for i, name in enumerate(b.rondel):
        if b.rondel.count(name) > 1:
            out.append(f"{name}{b.rondel[: i + 1].count(name)}")
        else:
            out.append(name)
    _LABELS[b.id] = out
    return out


def steps(b: Board, here: int | None, there: int) -> int:
    if here is None:
        return 0
    return (there - here) % len(b.rondel)


def cost(b: Board, n_steps: int, points: int = 0) -> int:
    """What moving ``n_steps`` spaces costs a nation with ``points`` power points: nothing for the first
    three, then per space 2M (Imperial) or 1M + the power factor (Imperial 2030)."""
    return max(0, n_steps - b.constants["rondel_free_steps"]) * b.rondel_extra_step_cost(points)


_PASSES: dict[str, list[list[bool]]] = {}


def passes_investor(b: Board, here: int | None, there: int) -> bool:
    """True when the move runs over an Investor space without landing on it."""
    if here is None:
        return False
    table = _PASSES.get(b.id)
    if table is None:
        n = len(b.rondel)
        table = [[any(b.rondel[(h + k) % n] == "investor" for k in range(1, (t - h) % n)) for t in range(n)]
                 for h in range(n)]
        _PASSES[b.id] = table
    return table[here][there]


def investor_space_on_path(b: Board, here: int, there: int) -> int:
    n = len(b.rondel)
    for k in range(1, steps(b, here, there)):
        if b.rondel[(here + k) % n] == "investor":
            return (here + k) % n
    raise ValueError("no investor space on the path")


def space_cost(g: G, b: Board, label: str) -> int:
    """What moving the active nation's marker to the space ``label`` costs its government (in millions)."""
    nat = g["nations"][g["turn"]["nation"]]
    return cost(b, steps(b, nat["rondel"], check_space(b, label)), nat["power"])


#: (board, space, price of an extra space) -> the costs of the reachable spaces, nearest first (never
#: falling), and their keys.
_CHOICES: dict[tuple[str, int, int], tuple[list[int], list[tuple]]] = {}


def rondel_actions(g: G, b: Board) -> list[tuple]:
    """The spaces the government can pay for: 1 to 6 spaces clockwise (any space on the first turn)."""
    t = g["turn"]
    nat = g["nations"][t["nation"]]
    here = nat["rondel"]
    if here is None:
        return [("rondel", lab) for lab in space_labels(b)]
    price = b.rondel_extra_step_cost(nat["power"])
    choices = _CHOICES.get((b.id, here, price))
    if choices is None:
        labels = space_labels(b)
        n = len(b.rondel)
        reach = range(1, min(b.constants["rondel_max_steps"], n - 1) + 1)
        choices = ([max(0, k - b.constants["rondel_free_steps"]) * price for k in reach],
                   [("rondel", labels[(here + k) % n]) for k in reach])
        _CHOICES[(b.id, here, price)] = choices
    costs, keys = choices
    return keys[:bisect_right(costs, player(g, nat["government"])["cash"])]


def explain_rondel(g: G, b: Board, k: tuple) -> str:
    t = g["turn"]
    nid = t["nation"]
    nat = g["nations"][nid]
    labels = space_labels(b)
    if k[0] != "rondel":
        return f"{nation_name(b, nid)} must now choose a rondel space"
    if k[1] not in labels:
        return f"there is no rondel space {k[1]!r}; spaces: {', '.join(labels)}"
    there = labels.index(k[1])
    here = nat["rondel"]
    if here == there:
        return f"{nation_name(b, nid)} may not stay on {k[1]}"
    s = steps(b, here, there)
    if s > b.constants["rondel_max_steps"]:
        return f"{k[1]} is {s} spaces ahead; a nation moves at most {b.constants['rondel_max_steps']}"
    gov = nat["government"]
    return f"{gov} has {player(g, gov)['cash']}M; moving {s} spaces to {k[1]} costs {cost(b, s, nat['power'])}M"


def swiss_can_force(g: G, b: Board, nid: str) -> bool:
    """Forced stops exist only in the current edition with the investor card."""
    return g["edition"] != "first" and g["investor_card"]


def swiss_deciders(g: G, b: Board, nid: str) -> list[str]:
    """Swiss Bank holders asked about a forced stop, clockwise from the investor-card holder.

    A stop may be forced only "if the treasury of that nation has sufficient money to pay out all
    interest"; any player may give personal cash to a treasury at any time (*Treasuries*), so a holder
    is asked when its own cash, or its cash and the other players' gifts (``funding``), can make up what
    the treasury lacks.
    """
    return [p for p in swiss_banks_from_card(g) if swiss_actions_for(g, b, nid, p) != [("pass",)]]


def swiss_actions_for(g: G, b: Board, nid: str, name: str) -> list[tuple]:
    short = max(0, interest_due(g, b, nid) - g["nations"][nid]["treasury"])
    if player(g, name)["cash"] >= short or fundable(g, b, nid, ("force", name)):
        return [("force",), ("pass",)]
    return [("pass",)]


def swiss_actions(g: G, b: Board) -> list[tuple]:
    t = g["turn"]
    return swiss_actions_for(g, b, t["nation"], t["player"])


def force_alone(g: G, b: Board, nid: str, name: str) -> bool:
    """The holder's own cash covers what the treasury lacks for all interest."""
    return player(g, name)["cash"] >= interest_due(g, b, nid) - g["nations"][nid]["treasury"]


def force_stop(g: G, b: Board, nid: str, name: str) -> None:
    """``name`` forces the stop, first giving the treasury what it still lacks to pay all interest."""
    short = max(0, interest_due(g, b, nid) - g["nations"][nid]["treasury"])
    pay(g, name, treasury(nid), short, "funding")
    emit(g, "force", player=name, nation=nid)


# -- the decisions ----------------------------------------------------------------------------------------
def choose_space(g: G, b: Board, k: tuple) -> str:
    """The government picks the space (``t["target"]``).  Passing over Investor: the Swiss Banks that could
    force a stop are asked first (``"swiss"``), else the marker moves (``"move"``)."""
    t = g["turn"]
    there = check_space(b, k[1])
    nid = t["nation"]
    t["target"] = there
    if passes_investor(b, g["nations"][nid]["rondel"], there) and swiss_can_force(g, b, nid):
        deciders = swiss_deciders(g, b, nid)
        if deciders:
            t["queue"] = deciders
            return "swiss"
    return "move"


def swiss_answer(g: G, b: Board, k: tuple) -> str:
    """A Swiss Bank holder forces the stop (``"move"`` to Investor, or ``"fund"`` when the other players
    must help pay the interest) or lets the nation pass (next holder ``"next"``, or ``"move"``)."""
    t = g["turn"]
    nid = t["nation"]
    if k[0] == "force":
        if not force_alone(g, b, nid, t["player"]):
            ask_for_funds(g, b, ("force", t["player"]))
            return "fund"
        force_stop(g, b, nid, t["player"])
        t["target"] = investor_space_on_path(b, g["nations"][nid]["rondel"], t["target"])
        return "move"
    t["queue"].pop(0)
    return "next" if t["queue"] else "move"


def move_marker(g: G, b: Board) -> str:
    """The marker moves to ``t["target"]``; the government pays for the extra spaces.  Returns the name of
    the space landed on."""
    t = g["turn"]
    nid = t["nation"]
    nat = g["nations"][nid]
    here, there = nat["rondel"], t["target"]
    n = steps(b, here, there)
    if n > b.constants["rondel_free_steps"]:
        pay(g, nat["government"], BANK, cost(b, n, nat["power"]), "rondel")
    nat["rondel"] = there
    t["passed_investor"] = passes_investor(b, here, there)
    if g.get("events") is not None:
        emit(g, "rondel", nation=nid, space=space_labels(b)[there], steps=n)
    return b.rondel[there]


def explain_swiss(g: G, b: Board, k: tuple) -> str:
    nid = g["turn"]["nation"]
    short = max(0, interest_due(g, b, nid) - g["nations"][nid]["treasury"])
    gift = f" (giving the {short}M its treasury lacks for the interest)" if short else ""
    return f"{g['turn']['player']} must decide: force {nation_name(b, nid)} to stop on Investor{gift}, or pass"


def check_space(b: Board, label: str) -> int:
    labels = space_labels(b)
    if label not in labels:
        raise IllegalAction(f"there is no rondel space {label!r}")
    return labels.index(label)


def space_breakdowns(g: G, b: Board) -> list[dict]:
    """Every space the active nation's marker could reach this turn, affordable or not, clockwise: the
    spaces moved, how many of them are free, the extra ones and their price each, the cost, the
    government's cash and whether it can pay (*Selecting a space on the rondel*).  The affordable ones are
    exactly :func:`rondel_actions`."""
    nid = g["turn"]["nation"]
    nat = g["nations"][nid]
    here = nat["rondel"]
    labels = space_labels(b)
    n = len(b.rondel)
    gov = nat["government"]
    cash = player(g, gov)["cash"] if gov else 0
    free = b.constants["rondel_free_steps"]
    per = b.rondel_extra_step_cost(nat["power"])
    if here is None:
        reach = [(i, 0) for i in range(n)]
    else:
        reach = [((here + k) % n, k) for k in range(1, min(b.constants["rondel_max_steps"], n - 1) + 1)]
    out = []
    for i, k in reach:
        extra = max(0, k - free)
        price = cost(b, k, nat["power"])
        out.append({"space": labels[i], "name": b.rondel[i], "steps": k, "free": free, "extra": extra,
                    "per_space": per, "cost": price, "payer": gov, "cash": cash, "affordable": price <= cash,
                    "passes_investor": passes_investor(b, here, i)})
    return out
