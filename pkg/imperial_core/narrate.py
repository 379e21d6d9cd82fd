"""What a step did, in sentences for people, built only from the step's action and events.

``sentence(before, action, events)`` says who decided what and everything it caused, with amounts and
who paid whom ("Italy (Bo) moves to Taxation: +9M tax, −4M soldiers' pay, bonus 2M to Bo, +3 power").
``turn_heading`` names a nation's turn with its round.  The page's log, its "last move" line, the
command line's replay and computer opponents' explanations all read these; nothing compares states.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board, load_board
from .model import GameState

#: Kinds of event that stand out in a log.
NOTABLE = ("battle", "factory_destroyed", "government", "game_over")

_PASS = {
    "rondel": "passes", "swiss": "lets {nation} pass Investor", "factory": "builds no factory",
    "import": "imports nothing more", "fleets": "ends fleet movement", "armies": "ends the maneuver",
    "contact": "fights no battle", "order": "asks nobody", "demand": "demands no battle",
    "invest": "buys no bond", "auction": "buys no bond", "fund": "gives nothing",
}
_AN = {"army": "an army", "fleet": "a fleet"}


@dataclass(frozen=True)
class Entry:
    """One step of a game, for a log: the step number (1 = the first action), the round and nation whose
    turn it was with the heading of that turn, who decided, the action in notation, the sentence, and the
    notable kinds it contains."""

    step: int
    round: int
    nation: str | None
    government: str | None
    heading: str
    player: str | None
    action: str
    text: str
    notable: tuple[str, ...] = ()


class _Words:
    def __init__(self, b: Board) -> None:
        self.b = b

    def nation(self, nid: str | None) -> str:
        if nid is None:
            return "no nation"
        try:
            return self.b.nation(nid).name
        except KeyError:
            return nid

    def region(self, rid: str) -> str:
        r = self.b.regions.get(rid)
        return r.name if r is not None else rid

    def account(self, acct: str) -> str:
        if acct == "bank":
            return "the bank"
        if acct.startswith("treasury:"):
            return f"{self.nation(acct[9:])}'s treasury"
        return acct

    @staticmethod
    def space(label: str) -> str:
        return label.rstrip("0123456789").capitalize()


def _plural(n: int, unit: str) -> str:
    return f"{n} {unit}" if n == 1 else f"{n} {'armies' if unit == 'army' else unit + 's'}"


def _who(before: GameState, w: _Words) -> str:
    """Who decides: "Italy (Bo)" for a government's decision, else the player."""
    t = before.turn
    phase = t["phase"]
    player = t["player"]
    if phase in ("rondel", "factory", "production", "import", "fleets", "armies", "contact", "order"):
        return f"{w.nation(t['nation'])} ({player})"
    if phase == "demand":
        asked = t["contact"]["asking"][0] if t.get("contact") else None
        return f"{player} for {w.nation(asked)}"
    if phase == "canal":
        canal = next((c for c in w.b.canals if c.id == t["queue"][0]), None)
        owner = next((nid for nid, n in before.nations.items() if canal and canal.controlled_by in n["flags"]), None)
        return f"{player} for {w.nation(owner)}"
    return player or "—"


def _action_phrase(before: GameState, action: Any, w: _Words) -> str:
    t = before.turn
    a = action
    kind = a.type
    if kind == "pass":
        return _PASS.get(t["phase"], "passes").format(nation=w.nation(t["nation"]))
    if kind == "rondel":
        return f"moves to {w.space(a.space)}"
    if kind == "force":
        return f"forces {w.nation(t['nation'])} to stop on Investor"
    if kind in ("allow", "refuse"):
        canal = next((c.name for c in w.b.canals if c.id == t["queue"][0]), "the canal")
        move = " ".join(t.get("pending") or ())
        verb = "lets" if kind == "allow" else "refuses"
        return f"{verb} {w.nation(t['nation'])}'s move {move} through the {canal}".replace("refuses", "refuses to let", 1)
    if kind == "factory":
        site = w.b.regions[a.region].factory_site if a.region in w.b.regions else None
        what = "a shipyard" if site == "shipyard" else "an armaments factory"
        return f"builds {what} in {w.region(a.region)}"
    if kind == "produce":
        return f"has {w.region(a.region)} produce"
    if kind == "import":
        return f"imports {_AN[a.unit]} into {w.region(a.region)}"
    if kind == "fleet":
        return f"moves a fleet {w.region(a.origin)} → {w.region(a.to)}"
    if kind == "army":
        s = f"moves an army {w.region(a.origin)} → {w.region(a.to)}"
        if a.via:
            s += " by convoy via " + ", ".join(w.region(x) for x in a.via)
        if a.hostile is not None:
            s += " (hostile)" if a.hostile else " (friendly)"
        return s
    if kind == "status":
        if not a.hostile:
            return f"lays its armies in {w.region(a.region)} down (friendly)"
        n = f"{a.count} of its armies" if a.count is not None else "its armies"
        return f"stands {n} in {w.region(a.region)} up (hostile)"
    if kind == "battle":
        return f"attacks in {w.region(a.region)}"
    if kind == "ask":
        return f"asks {w.nation(a.nation)} whether it demands battle"
    if kind == "demand":
        return f"demands battle with its {a.unit}"
    if kind == "destroy":
        return f"destroys the factory in {w.region(a.region)}"
    if kind == "bond":
        s = f"buys {w.nation(a.nation)}'s {a.value}M bond"
        if a.trade_in is not None:
            s += f", returning the {a.trade_in}M bond"
        return s
    if kind == "give":
        return f"offers {a.amount}M to {w.nation(t['nation'])}'s treasury"
    return str(action)


_MONEY_ORDER = ("rondel", "tax", "soldiers", "bonus", "interest", "investor card", "funding", "factory", "import",
                "bond")


def _money(events: Sequence[Any], w: _Words) -> list[str]:
    """The payments of a step, grouped by rule."""
    out: list[str] = []
    by: dict[str, list[Any]] = {}
    for e in events:
        if e.kind == "pay":
            by.setdefault(e.reason, []).append(e)
    for reason in _MONEY_ORDER:
        pays = by.get(reason)
        if not pays:
            continue
        total = sum(p.amount for p in pays)
        if reason == "tax":
            out.append(f"+{total}M tax")
        elif reason == "soldiers":
            out.append(f"−{total}M soldiers' pay")
        elif reason == "bonus":
            out.append(f"bonus {total}M to {pays[0].target}")
        elif reason == "interest":
            got: dict[str, int] = {}
            for p in pays:
                got[p.target] = got.get(p.target, 0) + p.amount
            parts = ", ".join(f"{k} {v}M" for k, v in got.items())
            from_gov = [p for p in pays if not p.source.startswith("treasury:")]
            extra = f" ({from_gov[0].source} adds {sum(p.amount for p in from_gov)}M)" if from_gov else ""
            out.append(f"interest {total}M: {parts}{extra}")
        elif reason == "investor card":
            out.append(f"investor card pays {total}M to {pays[0].target}")
        elif reason == "funding":
            parts = ", ".join(f"{p.source} {p.amount}M" for p in pays)
            out.append(f"given to {w.account(pays[0].target)}: {parts}")
        elif reason == "rondel":
            out.append(f"{pays[0].source} pays {total}M for the extra spaces")
        elif reason in ("factory", "import"):
            payers = {}
            for p in pays:
                payers[w.account(p.source)] = payers.get(w.account(p.source), 0) + p.amount
            out.append(f"{total}M from " + " and ".join(f"{k} ({v}M)" if len(payers) > 1 else k
                                                          for k, v in payers.items()))
        elif reason == "bond":
            for p in pays:
                out.append(f"{p.source} pays {p.amount}M into {w.account(p.target)}")
    return out


def _consequences(events: Sequence[Any], w: _Words) -> list[str]:
    out = _money(events, w)
    built: dict[tuple[str, str], list[str]] = {}
    placed: list[str] = []
    removed: list[str] = []
    for e in events:
        k = e.kind
        if k == "unit_built" and e.cause == "production":
            built.setdefault((e.nation, e.unit), []).append(w.region(e.region))
        elif k == "battle":
            out.append(f"battle in {w.region(e.region)}: {w.nation(e.nation)} {e.unit} against "
                       f"{w.nation(e.enemy)} {e.enemy_unit}, both removed")
        elif k == "factory_destroyed":
            out.append(f"{w.nation(e.nation)}'s factory in {w.region(e.region)} destroyed (3 armies removed)")
        elif k == "flag_placed":
            placed.append(w.region(e.region))
        elif k == "flag_removed":
            removed.append(w.region(e.region))
        elif k == "power":
            out.append(f"{e.after - e.before:+d} power ({w.nation(e.nation)} {e.after})")
        elif k == "government":
            out.append(f"{e.after} now governs {w.nation(e.nation)}" if e.after
                       else f"{w.nation(e.nation)} has no government")
        elif k == "investor_card" and e.before is not None:
            out.append(f"the investor card passes to {e.after}")
        elif k == "force":
            pass
        elif k == "game_over":
            best = e.ranking[0]
            out.append(f"the game is over: {best} wins with {e.scores[best]} points")
    for (nid, unit), where in built.items():
        out.append(f"{w.nation(nid)} produces {_plural(len(where), unit)} ({', '.join(where)})")
    if removed:
        out.append("flags removed: " + ", ".join(removed))
    if placed:
        out.append("flags placed: " + ", ".join(placed))
    return out


def sentence(before: GameState, action: Any, events: Sequence[Any], lang: str = "en") -> str:
    """One sentence for the step from ``before`` by ``action`` that emitted ``events``."""
    w = _Words(load_board(before.board))
    text = f"{_who(before, w)} {_action_phrase(before, action, w)}"
    more = _consequences(events, w)
    return text + (": " + "; ".join(more) if more else "")


def turn_heading(round_: int, nation: str | None, government: str | None, board: str | Board,
                 lang: str = "en") -> str:
    """"Round 3 · Italy (Bo)" — the heading of a nation's turn in a log."""
    b = board if isinstance(board, Board) else load_board(board)
    if nation is None:
        return "Set-up"
    return f"Round {round_} · {_Words(b).nation(nation)}" + (f" ({government})" if government else "")


def entry(before: GameState, action: Any, events: Sequence[Any], lang: str = "en") -> Entry:
    """The log entry of one step."""
    nid = before.active_nation
    gov = before.nations[nid]["government"] if nid in before.nations else None
    return Entry(step=len(before.history) + 1, round=before.round, nation=nid, government=gov,
                 heading=turn_heading(before.round, nid, gov, before.board), player=before.current_player, action=str(action), text=sentence(before, action, events),
                 notable=tuple(k for k in NOTABLE if any(e.kind == k for e in events)))
