"""Turn the engine's flat list of legal actions into click-by-click choices.

Nothing here decides what is legal: every choice shown is a prefix of some action from
``legal_actions(state)``.  An action is cut into *steps* — the region where the acting unit
stands, then its destination, then an option such as the route or hostility — so a player
first clicks a unit on the map, then where it goes.  A step that leaves one action is applied
at once.

Each step is a :class:`Token`: ``kind`` ``"region"`` (clickable on the map and in the list) or
``"opt"`` (a button); ``value`` is what the page puts in ``data-choice`` — a region id for
region steps, and for option steps the action's own notation (``str(action)``), which makes
an option step always the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

UNIT_WORD = {"army": "army", "fleet": "fleet"}

#: What "pass" means in each kind of decision.
PASS_LABEL = {
    "rondel": "Pass",
    "swiss": "Let it pass Investor",
    "factory": "Build no factory",
    "import": "Stop importing",
    "fleets": "Done with fleets",
    "armies": "End the maneuver",
    "contact": "No battle",
    "order": "Ask nobody more",
    "demand": "No battle",
    "invest": "Buy no bond",
    "auction": "Buy no bond",
    "fund": "Give nothing",
}


@dataclass(frozen=True)
class Token:
    """One click: ``kind`` "region" or "opt", ``value`` for ``data-choice``, ``label`` for people."""

    kind: str
    value: str
    label: str
    group: str = ""
    note: str = ""  # what the choice costs and does, in small print under the label


class Names:
    """Readable names of regions and nations from the engine's board data."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.regions = {rid: r.name for rid, r in board.regions.items()}
        self.nations = {n.id: n.name for n in board.nations}

    def region(self, rid: str) -> str:
        return self.regions.get(rid, rid)

    def nation(self, nid: str) -> str:
        return self.nations.get(nid, nid)

    def interest(self, value: int) -> int | None:
        try:
            return int(self.board.interest(value))
        except (KeyError, ValueError, AttributeError):
            return None


def rondel_label(space: str) -> str:
    """``production2`` -> ``Production``; the space names of the notation, capitalised."""
    base = space.rstrip("0123456789")
    return base.capitalize()


Extra = dict[str, "str | tuple[str, str]"]


def steps(action: Any, phase: str, names: Names, extra: Extra | None = None) -> list[Token]:
    """The clicks that make ``action``.  ``extra`` maps a notation to a suffix of its label (e.g. a rondel
    cost), or to a suffix and a note (what the choice does)."""
    text = str(action)
    t = action.type
    more = (extra or {}).get(text, "")
    suffix, note = (more, "") if isinstance(more, str) else more
    if t == "rondel":
        return [Token("opt", text, rondel_label(action.space) + suffix, "Rondel", note)]
    if t == "pass":
        return [Token("opt", text, PASS_LABEL.get(phase, "Pass"), "")]
    if t == "force":
        return [Token("opt", text, "Force a stop on Investor" + suffix, "", note)]
    if t in ("allow", "refuse"):
        return [Token("opt", text, "Allow the passage" if t == "allow" else "Refuse the passage", "")]
    if t == "factory":
        return [Token("region", action.region, names.region(action.region) + suffix, "Build a factory in")]
    if t == "import":
        return [
            Token("region", action.region, names.region(action.region), "Import into"),
            Token("opt", text, (f"Import an {action.unit}" if action.unit == "army" else "Import a fleet") + suffix,
                  "Unit", note),
        ]
    if t == "fleet":
        return [
            Token("region", action.origin, names.region(action.origin), "Fleets that can move"),
            Token("region", action.to, names.region(action.to), "Move the fleet to"),
        ]
    if t == "army":
        how = "by sea via " + ", ".join(names.region(v) for v in action.via) if action.via else "over land"
        if action.hostile is True:
            how += ", hostile"
        elif action.hostile is False:
            how += ", friendly"
        return [
            Token("region", action.origin, names.region(action.origin), "Armies that can move or act"),
            Token("region", action.to, names.region(action.to), "Move the army to"),
            Token("opt", text, how[0].upper() + how[1:], "How"),
        ]
    if t == "status":
        word = "Stand an army up: hostile" if action.hostile else "Lay an army down: friendly"
        return [
            Token("region", action.region, names.region(action.region), "Armies that can move or act"),
            Token("opt", text, word, "Status"),
        ]
    if t == "battle":
        label = f"Battle: our {action.unit} against {names.nation(action.enemy)}'s {action.enemy_unit}"
        if phase in ("contact",):
            return [Token("opt", text, label, "Battle")]
        return [
            Token("region", action.region, names.region(action.region), "Armies that can move or act"
                  if phase == "armies" else "Fleets that can move or fight"),
            Token("opt", text, label, "Battle"),
        ]
    if t == "destroy":
        return [
            Token("region", action.region, names.region(action.region), "Armies that can move or act"),
            Token("opt", text, "Destroy the factory (three armies)", "Factory"),
        ]
    if t == "ask":
        return [Token("opt", text, f"Ask {names.nation(action.nation)}", "Ask next")]
    if t == "demand":
        return [Token("opt", text, f"Demand battle with our {action.unit}", "Battle")]
    if t == "bond":
        interest = names.interest(action.value)
        label = f"{action.value}M"
        if interest is not None:
            label += f" (int. {interest})"
        if action.trade_in is not None:
            label += f" for your {action.trade_in}M"
        return [Token("opt", text, label + suffix, names.nation(action.nation), note)]
    if t == "give":
        return [Token("opt", text, f"Give {action.amount}M", "Give from your cash")]
    return [Token("opt", text, text, "")]


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
                if len(hits) == 1 or (exact and len(exact) == len(hits)):
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
