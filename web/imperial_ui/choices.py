"""Turn the engine's flat list of legal actions into click-by-click choices.

Nothing here decides what is legal: every choice shown is a prefix of some action from
``legal_actions(state)``.  An action is cut into *steps* — the region where the acting unit
stands, then its destination, then an option such as the route or hostility — so a player
first clicks a unit on the map, then where it goes.  A step that leaves one action is applied
at once, except the click that picks a unit: a unit with one thing left to do (one destination, one battle)
is selected, and that one choice is offered in words as a second click.  A battle is never one click.

Each step is a :class:`Token`: ``kind`` ``"region"`` (clickable on the map and in the list) or
``"opt"`` (a button); ``value`` is what the page puts in ``data-choice`` — a region id for
region steps, and for option steps the action's own notation (``str(action)``), which makes
an option step always the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import imperial_text as tx

#: What "pass" means in each kind of decision (catalogue keys ``page.pass.<decision>``).
PASS_LABEL = ("rondel", "swiss", "factory", "import", "fleets", "armies", "contact", "order", "demand", "invest",
              "auction", "fund")


@dataclass(frozen=True)
class Token:
    """One click: ``kind`` "region" or "opt", ``value`` for ``data-choice``, ``label`` for people."""

    kind: str
    value: str
    label: str
    group: str = ""
    note: str = ""  # what the choice costs and does, in small print under the label
    selects: bool = False  # picks a unit: never completes a choice by itself


class Names:
    """Readable names of regions and nations from the engine's board data, in the page's language
    (``imperial_text``), and the page's words in that language (:meth:`t`)."""

    def __init__(self, board: Any, lang: str = "en") -> None:
        self.board = board
        self.lang = tx.known(lang)
        self.regions = {rid: tx.region(self.lang, board.id, rid, r.name) for rid, r in board.regions.items()}
        self.nations = {n.id: tx.nation(self.lang, board.id, n.id, n.name) for n in board.nations}

    def t(self, key: str, /, **values: object) -> str:
        """The page's sentence ``key`` in this language (``imperial_text.t``)."""
        return tx.t(self.lang, key, **values)

    def tn(self, key: str, count: int, /, **values: object) -> str:
        return tx.tn(self.lang, key, count, **values)

    def money(self, n: int) -> str:
        """An amount in millions, as the language writes it (12M, 12 Mio., 12 mill.)."""
        return tx.money(self.lang, n)

    def number(self, n: int | float) -> str:
        return tx.number(self.lang, n)

    def region(self, rid: str) -> str:
        return self.regions.get(rid, rid)

    def _english(self, rid: str) -> str:
        r = self.board.regions.get(rid)
        return r.name if r is not None else rid

    def region_phrase(self, rid: str, prep: str) -> str:
        """The region after a preposition, with its article where the language has one ("in der Nordsee")."""
        return tx.region_phrase(self.lang, self.board.id, rid, self._english(rid), prep)

    def region_list(self, rids: Any, prep: str) -> str:
        """Regions after one preposition ("über die Nordsee, den Ärmelkanal")."""
        return tx.region_list(self.lang, self.board.id, [(r, self._english(r)) for r in rids], prep)

    def nation(self, nid: str) -> str:
        return self.nations.get(nid, nid)

    def interest(self, value: int) -> int | None:
        try:
            return int(self.board.interest(value))
        except (KeyError, ValueError, AttributeError):
            return None


def rondel_label(space: str, lang: str = "en") -> str:
    """``production2`` -> ``Production``: the space's name (the notation's, capitalised, in English)."""
    base = space.rstrip("0123456789")
    return tx.t(lang, f"page.space.{base}") if f"page.space.{base}" in tx.TEXT else base.capitalize()


Extra = dict[str, "str | tuple[str, str]"]


def steps(action: Any, phase: str, names: Names, extra: Extra | None = None) -> list[Token]:
    """The clicks that make ``action``.  ``extra`` maps a notation to a suffix of its label (e.g. a rondel
    cost), or to a suffix and a note (what the choice does)."""
    text = str(action)
    t = action.type
    more = (extra or {}).get(text, "")
    suffix, note = (more, "") if isinstance(more, str) else more
    w, region, lang = names.t, names.region, names.lang
    if t == "rondel":
        return [Token("opt", text, rondel_label(action.space, lang) + suffix, w("page.group.rondel"), note)]
    if t == "pass":
        return [Token("opt", text, w(f"page.pass.{phase}" if phase in PASS_LABEL else "page.pass.rondel"), "")]
    if t == "force":
        return [Token("opt", text, w("page.opt.force") + suffix, "", note)]
    if t in ("allow", "refuse"):
        return [Token("opt", text, w("page.opt.allow" if t == "allow" else "page.opt.refuse"), "")]
    if t == "factory":
        return [Token("region", action.region, region(action.region) + suffix, w("page.group.factory"))]
    if t == "import":
        return [
            Token("region", action.region, region(action.region), w("page.group.import")),
            Token("opt", text, w("page.opt.import_army" if action.unit == "army" else "page.opt.import_fleet")
                  + suffix, w("page.group.unit"), note),
        ]
    if t == "fleet":
        return [
            Token("region", action.origin, region(action.origin), w("page.group.fleets"), selects=True),
            Token("region", action.to, region(action.to), w("page.group.fleet_to")),
        ]
    if t == "army":
        how = (w("page.opt.by_sea", via_seas=names.region_list(action.via, "via")) if action.via
               else w("page.opt.over_land"))
        if action.hostile is True:
            how += w("page.opt.hostile")
        elif action.hostile is False:
            how += w("page.opt.friendly")
        return [
            Token("region", action.origin, region(action.origin), w("page.group.armies"), selects=True),
            Token("region", action.to, region(action.to), w("page.group.army_to")),
            Token("opt", text, how[0].upper() + how[1:], w("page.group.how")),
        ]
    if t == "status":
        word = w("page.opt.stand_up" if action.hostile else "page.opt.lay_down")
        return [
            Token("region", action.region, region(action.region), w("page.group.armies"), selects=True),
            Token("opt", text, word, w("page.group.status")),
        ]
    if t == "battle":
        label = battle_label(action, names)
        if phase in ("contact",):
            return [Token("opt", text, label, w("page.group.battle"))]
        return [
            Token("region", action.region, region(action.region),
                  w("page.group.armies" if phase == "armies" else "page.group.fleets_fight"), selects=True),
            Token("opt", text, label, w("page.group.battle")),
        ]
    if t == "destroy":
        return [
            Token("region", action.region, region(action.region), w("page.group.armies"), selects=True),
            Token("opt", text, w("page.opt.destroy"), w("page.group.factory_unit")),
        ]
    if t == "ask":
        return [Token("opt", text, w("page.opt.ask", nation=names.nation(action.nation)), w("page.group.ask"))]
    if t == "demand":
        return [Token("opt", text, w(f"page.opt.demand.{action.unit}"), w("page.group.battle"))]
    if t == "bond":
        interest = names.interest(action.value)
        label = names.money(action.value)
        if interest is not None:
            label += w("page.opt.bond_interest", n=names.number(interest))
        if action.trade_in is not None:
            label += w("page.opt.bond_trade", amount=names.money(action.trade_in))
        return [Token("opt", text, label + suffix, names.nation(action.nation), note)]
    if t == "produce":
        return [Token("opt", text, w("page.opt.produce", region=region(action.region)), w("page.group.produce"))]
    if t == "give":
        return [Token("opt", text, w("page.opt.give", amount=names.money(action.amount)), w("page.group.give"))]
    return [Token("opt", text, text, "")]


def battle_label(action: Any, names: Names) -> str:
    """"Fight in Vladivostok: our fleet against China's army (both are removed)", with the armies' stances
    when the battle picks them (a hostile or a friendly army)."""
    w = names.t
    label = w(f"page.opt.battle.{action.unit}.{action.enemy_unit}", enemy=names.nation(action.enemy),
              in_region=names.region_phrase(action.region, "in"))
    if action.status is not None or action.enemy_status is not None:
        def stance(s: bool | None) -> str:
            return "–" if s is None else w("page.stance.hostile" if s else "page.stance.friendly")
        label += w("page.opt.battle.stances", ours=stance(action.status), theirs=stance(action.enemy_status))
    return label


def same_result(actions: list[Any]) -> list[Any]:
    """The actions without convoys that end exactly like an earlier one (same army, same destination, same
    hostility, only other seas): one button per distinct result, the engine's first route kept."""
    seen: set[tuple] = set()
    out = []
    for a in actions:
        if a.type == "army" and a.via:
            key = (a.origin, a.to, a.hostile)
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


class Chooser:
    """The choices of one state, and a half-made choice (``prefix``) walking into them.  Convoys that differ
    only in the seas they cross are offered once (:func:`same_result`)."""

    def __init__(self, actions: list[Any], phase: str, names: Names, extra: Extra | None = None) -> None:
        self.actions = same_result(actions)
        self.steps = [steps(a, phase, names, extra) for a in self.actions]
        self.prefix: list[str] = []

    def _matching(self, prefix: list[str]) -> list[int]:
        n = len(prefix)
        return [i for i, st in enumerate(self.steps)
                if len(st) >= n and [tok.value for tok in st[:n]] == prefix]

    def next_tokens(self) -> list[Token]:
        """The distinct tokens that may be clicked now, in the engine's order."""
        seen: dict[tuple[str, str], Token] = {}
        n = len(self.prefix)
        for i in self._matching(self.prefix):
            st = self.steps[i]
            if len(st) > n:
                tok = st[n]
                seen.setdefault((tok.kind, tok.value), tok)
        return list(seen.values())

    def selected(self) -> list[Token]:
        """The tokens of the half-made choice (for highlighting the selected unit)."""
        if not self.prefix:
            return []
        i = self._matching(self.prefix)[0]
        return self.steps[i][: len(self.prefix)]

    def choose(self, value: str) -> Any | None:
        """Click ``value``: returns the action when the choice is complete, else ``None``.

        A value that does not continue the half-made choice but starts a fresh one (clicking
        another unit) restarts; anything else raises ``KeyError``.
        """
        for base in (self.prefix, []):
            trial = base + [value]
            hits = self._matching(trial)
            if hits:
                exact = [i for i in hits if len(self.steps[i]) == len(trial)]
                first = self.steps[hits[0]]
                picks_unit = len(first) > len(trial) and first[len(trial) - 1].selects
                if (len(hits) == 1 and not picks_unit) or (exact and len(exact) == len(hits)):
                    self.prefix = []
                    return self.actions[hits[0]]
                self.prefix = trial
                return None
        raise KeyError(value)

    def cancel(self) -> bool:
        """Esc: step back out of the half-made choice. Returns whether anything changed."""
        if self.prefix:
            self.prefix.pop()
            return True
        return False
