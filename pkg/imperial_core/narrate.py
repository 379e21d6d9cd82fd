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

from imperial_text import TEXT, known, money, number, region_list, region_phrase, t, tn
from imperial_text import nation as nation_name
from imperial_text import region as region_name

from .actions import parse_text
from .board import Board, Canal, load_board
from .model import GameState

#: Kinds of event that stand out in a log.
NOTABLE = ("battle", "factory_destroyed", "government", "game_over")

_PASS_PHASES = ("rondel", "swiss", "factory", "import", "fleets", "armies", "contact", "order", "demand",
                "invest", "fund")


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
    """The board's names and the catalogue's words in one language."""

    def __init__(self, b: Board, lang: str = "en") -> None:
        self.b = b
        self.lang = known(lang)

    def t(self, key: str, /, **values: object) -> str:
        return t(self.lang, "narrate." + key, **values)

    def money(self, amount: int) -> str:
        return money(self.lang, amount)

    def nation(self, nid: str | None) -> str:
        if nid is None:
            return self.t("no_nation")
        try:
            english = self.b.nation(nid).name
        except KeyError:
            return nid
        return nation_name(self.lang, self.b.id, nid, english)

    def region(self, rid: str) -> str:
        r = self.b.regions.get(rid)
        return region_name(self.lang, self.b.id, rid, r.name) if r is not None else rid

    def place(self, rid: str, prep: str) -> str:
        """Region ``rid`` after preposition ``prep``, with the article its name takes ("im Ärmelkanal")."""
        r = self.b.regions.get(rid)
        return region_phrase(self.lang, self.b.id, rid, r.name if r is not None else rid, prep)

    def places(self, rids: Sequence[str], prep: str) -> str:
        """Regions after one preposition ("über die Nordsee, den Ärmelkanal")."""
        regions = self.b.regions
        return region_list(self.lang, self.b.id, [(r, regions[r].name if r in regions else r) for r in rids], prep)

    def canal(self, cid: str) -> str:
        c = next((c for c in self.b.canals if c.id == cid), None)
        return region_name(self.lang, self.b.id, cid, c.name) if c is not None else self.t("canal")

    def unit(self, unit: str) -> str:
        return self.t(f"unit.{unit}") if unit in ("army", "fleet") else unit

    def move(self, nid: str | None, words: list[str]) -> str:
        """The move of ``nid`` that waits at a canal, given in notation ("fleet a>b"), said in words: "China's
        fleet from North Pacific into Caribbean Sea"."""
        try:
            a = parse_text(" ".join(words))
        except Exception:  # not a move (a damaged position): the plainest words there are
            return self.t("waiting.units", nation=self.nation(nid))
        if a.type not in ("fleet", "army"):
            return self.t("waiting.units", nation=self.nation(nid))
        said = self.t(f"waiting.{a.type}", nation=self.nation(nid), from_region=self.place(a.origin, "from"),
                      into_region=self.place(a.to, "into"))
        if a.type == "army" and a.via:
            said += self.t("convoy", via_seas=self.places(a.via, "via"))
        return said

    def account(self, acct: str) -> str:
        if acct == "bank":
            return self.t("bank")
        if acct.startswith("treasury:"):
            return self.t("treasury", nation=self.nation(acct[9:]))
        return acct

    def space(self, label: str) -> str:
        base = label.rstrip("0123456789")
        key = f"narrate.space.{base}"
        return t(self.lang, key) if key in TEXT else base.capitalize()


def _who(before: GameState, w: _Words) -> str:
    """Who decides: "Italy (Bo)" for a government's decision, else the player."""
    t = before.turn
    phase = t["phase"]
    player = t["player"]
    if phase in ("rondel", "factory", "production", "import", "fleets", "armies", "contact", "order"):
        return f"{w.nation(t['nation'])} ({player})"
    if phase == "demand":
        asked = t["contact"]["asking"][0] if t.get("contact") else None
        return w.t("who_for", player=player, nation=w.nation(asked))
    if phase == "canal":
        return w.t("who_for", player=player, nation=w.nation(asked_canal(before, w.b)[1]))
    return player or "—"


def _action_phrase(before: GameState, action: Any, w: _Words) -> str:
    t = before.turn
    a = action
    kind = a.type
    if kind == "pass":
        phase = "invest" if t["phase"] == "auction" else t["phase"]
        return w.t(f"pass.{phase if phase in _PASS_PHASES else 'rondel'}", nation=w.nation(t["nation"]))
    if kind == "rondel":
        return w.t("rondel", space=w.space(a.space))
    if kind == "force":
        return w.t("force", nation=w.nation(t["nation"]))
    if kind in ("allow", "refuse"):
        move = w.move(t["nation"], list(t.get("pending") or ()))
        return w.t(kind, move=move, canal=w.canal(t["queue"][0]))
    if kind == "factory":
        site = w.b.regions[a.region].factory_site if a.region in w.b.regions else None
        return w.t("build_shipyard" if site == "shipyard" else "build_armaments", in_region=w.place(a.region, "in"))
    if kind == "produce":
        return w.t("produce", region=w.region(a.region))
    if kind == "import":
        return w.t(f"import.{a.unit}", into_region=w.place(a.region, "into"))
    if kind == "fleet":
        return w.t("move_fleet", origin=w.region(a.origin), to=w.region(a.to))
    if kind == "army":
        s = w.t("move_army", origin=w.region(a.origin), to=w.region(a.to))
        if a.via:
            s += w.t("convoy", via_seas=w.places(a.via, "via"))
        if a.hostile is not None:
            s += w.t("hostile" if a.hostile else "friendly")
        return s
    if kind == "status":
        if not a.hostile:
            return w.t("lay_down", in_region=w.place(a.region, "in"))
        if a.count is not None:
            return w.t("stand_up_some", count=number(w.lang, a.count), in_region=w.place(a.region, "in"))
        return w.t("stand_up_all", in_region=w.place(a.region, "in"))
    if kind == "battle":
        return w.t("attack", in_region=w.place(a.region, "in"))
    if kind == "ask":
        return w.t("ask", nation=w.nation(a.nation))
    if kind == "demand":
        return w.t("demand", unit=w.unit(a.unit))
    if kind == "destroy":
        return w.t("destroy", in_region=w.place(a.region, "in"))
    if kind == "bond":
        s = w.t("bond", nation=w.nation(a.nation), value=w.money(a.value))
        if a.trade_in is not None:
            s += w.t("trade_in", value=w.money(a.trade_in))
        return s
    if kind == "give":
        return w.t("give", amount=w.money(a.amount), nation=w.nation(t["nation"]))
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
        total = w.money(sum(p.amount for p in pays))
        if reason == "tax":
            out.append(w.t("tax", amount=total))
        elif reason == "soldiers":
            out.append(w.t("soldiers", amount=total))
        elif reason == "bonus":
            out.append(w.t("bonus", amount=total, player=pays[0].target))
        elif reason == "interest":
            got: dict[str, int] = {}
            for p in pays:
                got[p.target] = got.get(p.target, 0) + p.amount
            parts = ", ".join(f"{k} {w.money(v)}" for k, v in got.items())
            from_gov = [p for p in pays if not p.source.startswith("treasury:")]
            extra = w.t("interest_adds", player=from_gov[0].source,
                        amount=w.money(sum(p.amount for p in from_gov))) if from_gov else ""
            out.append(w.t("interest", amount=total, parts=parts) + extra)
        elif reason == "investor card":
            out.append(w.t("investor_card", amount=total, player=pays[0].target))
        elif reason == "funding":
            parts = ", ".join(f"{p.source} {w.money(p.amount)}" for p in pays)
            out.append(w.t("funding", account=w.account(pays[0].target), parts=parts))
        elif reason == "rondel":
            out.append(w.t("rondel_pay", player=pays[0].source, amount=total))
        elif reason in ("factory", "import"):
            payers: dict[str, int] = {}
            for p in pays:
                payers[w.account(p.source)] = payers.get(w.account(p.source), 0) + p.amount
            names = [f"{k} ({w.money(v)})" if len(payers) > 1 else k for k, v in payers.items()]
            out.append(w.t("paid_from", amount=total, payers=w.t("and").join(names)))
        elif reason == "bond":
            for p in pays:
                out.append(w.t("bond_pay", player=p.source, amount=w.money(p.amount),
                               account=w.account(p.target)))
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
            out.append(w.t("battle", in_region=w.place(e.region, "in"), nation=w.nation(e.nation), unit=w.unit(e.unit),
                           enemy=w.nation(e.enemy), enemy_unit=w.unit(e.enemy_unit)))
        elif k == "factory_destroyed":
            out.append(w.t("factory_destroyed", nation=w.nation(e.nation), in_region=w.place(e.region, "in")))
        elif k == "flag_placed":
            placed.append(w.region(e.region))
        elif k == "flag_removed":
            removed.append(w.region(e.region))
        elif k == "power":
            out.append(tn(w.lang, "narrate.power", abs(e.after - e.before), delta=f"{e.after - e.before:+d}",
                          nation=w.nation(e.nation), after=e.after))
        elif k == "government":
            out.append(w.t("governs", player=e.after, nation=w.nation(e.nation)) if e.after
                       else w.t("no_government", nation=w.nation(e.nation)))
        elif k == "investor_card" and e.before is not None:
            out.append(w.t("card_passes", player=e.after))
        elif k == "game_over":
            best = e.ranking[0]
            out.append(w.t("game_over", player=best, points=e.scores[best]))
    for (nid, unit), where in built.items():
        units = tn(w.lang, f"narrate.units.{unit}", len(where))
        out.append(w.t("produces", nation=w.nation(nid), units=units, where=", ".join(where)))
    if removed:
        out.append(w.t("flags_removed", where=", ".join(removed)))
    if placed:
        out.append(w.t("flags_placed", where=", ".join(placed)))
    return out


def sentence(before: GameState, action: Any, events: Sequence[Any], lang: str = "en") -> str:
    """One sentence for the step from ``before`` by ``action`` that emitted ``events``, in ``lang``."""
    w = _Words(load_board(before.board), lang)
    text = f"{_who(before, w)} {_action_phrase(before, action, w)}"
    more = _consequences(events, w)
    return text + (": " + "; ".join(more) if more else "")


def action_words(before: GameState, action: Any, lang: str = "en") -> str:
    """What ``action`` does, without who decides it or what it causes ("moves to Production", "buys Russia's
    9M bond"), in ``lang``: a choice named in words (a computer player's next best, say)."""
    w = _Words(load_board(before.board), lang)
    return _action_phrase(before, action, w)


def asked_canal(before: GameState, board: Board | None = None) -> tuple[Canal | None, str | None]:
    """At a canal question: the canal asked about, and the nation whose flag stands in the region that
    controls it (the owner, who is asked)."""
    b = board or load_board(before.board)
    queue = before.turn.get("queue") or ()
    canal = next((c for c in b.canals if queue and c.id == queue[0]), None)
    owner = next((nid for nid, n in before.nations.items() if canal and canal.controlled_by in n["flags"]), None)
    return canal, owner


def waiting_move(before: GameState, lang: str = "en") -> str:
    """At a canal question: the move that waits for the owner's answer (``turn["pending"]``), in words
    ("China's fleet from North Pacific into Caribbean Sea")."""
    w = _Words(load_board(before.board), lang)
    return w.move(before.turn.get("nation"), list(before.turn.get("pending") or ()))


def turn_heading(round_: int, nation: str | None, government: str | None, board: str | Board,
                 lang: str = "en") -> str:
    """"Round 3 · Italy (Bo)" — the heading of a nation's turn in a log, in ``lang``."""
    b = board if isinstance(board, Board) else load_board(board)
    w = _Words(b, lang)
    if nation is None:
        return w.t("setup")
    return w.t("heading", round=number(w.lang, round_), nation=w.nation(nation)) + (
        f" ({government})" if government else "")


def entry(before: GameState, action: Any, events: Sequence[Any], lang: str = "en") -> Entry:
    """The log entry of one step, its heading and sentence in ``lang``."""
    nid = before.active_nation
    gov = before.nations[nid]["government"] if nid in before.nations else None
    return Entry(step=len(before.history) + 1, round=before.round, nation=nid, government=gov,
                 heading=turn_heading(before.round, nid, gov, before.board, lang), player=before.current_player,
                 action=str(action), text=sentence(before, action, events, lang),
                 notable=tuple(k for k in NOTABLE if any(e.kind == k for e in events)))
