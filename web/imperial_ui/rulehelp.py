"""The rules helper: for each kind of decision, a short explanation in this project's own words and where
to read the rule in the English rulebooks (section heading and page), so a player can look it up.

The texts are data (one table, :data:`HELP`) so that they can be translated; none is taken from a
rulebook.  Page numbers are those of the rulebooks' tables of contents.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any


@dataclass(frozen=True)
class Ref:
    """A place in a rulebook: the section heading as printed and its page."""

    section: str
    page: str


@dataclass(frozen=True)
class Help:
    """What a decision is about, in our words, and where the rule stands in each game's rulebook."""

    title: str
    text: str
    imperial: tuple[Ref, ...]
    imperial2030: tuple[Ref, ...]


#: How each kind of decision is made by clicks (the page's own behaviour, not a rule).
HOW = {
    "rondel": "Click a space on the rondel or its button.",
    "factory": "Click a highlighted city on the map or its button.",
    "import": "Click a highlighted province, then the unit; repeat, or stop.",
    "fleets": "Click a fleet's region, then where it goes.",
    "armies": "Click an army's region, then where it goes; the route and hostile or friendly are asked when "
              "there is a choice.",
}


BOOKS = {"europe": "Imperial rulebook (English)", "world2030": "Imperial 2030 rulebook (English)"}

_SETUP = Ref("Set-up — Variant for experienced players", "4–5")
_RONDEL = Ref("Game play — Selecting a space on the rondel", "6")
_INVESTOR = Ref("Investor", "11")
_MANEUVER = Ref("Maneuver", "8–11")
_TREASURIES = Ref("Treasuries / Start of the game", "7")

#: One entry per kind of decision (``state.decision``), plus the rondel spaces' own effects.
HELP: dict[str, Help] = {
    "auction": Help(
        "Buying bonds at the start",
        "In this set-up the nations are financed one after another. When a nation's turn comes, each "
        "player in turn may buy one of its bonds still for sale, paying the price into its treasury. "
        "Whoever then holds the largest sum of that nation's bonds runs its government.",
        (_SETUP,), (Ref("Set-up — Variant for experienced players", "4–5"),)),
    "rondel": Help(
        "Choosing a rondel space",
        "The nation's marker moves clockwise. Up to {rondel_free_steps} spaces ahead cost nothing; every "
        "space beyond that is paid by the government from its own cash (each button shows the price). "
        "{rondel_max_steps} spaces is the limit. A nation's first move may go to any space. Going over "
        "Investor without stopping still pays the investor card and lets Swiss Banks invest.",
        (_RONDEL,), (Ref("Game play — Selecting a space on the rondel", "6"),)),
    "swiss": Help(
        "Swiss Bank: force a stop on Investor",
        "A player who governs no nation holds a Swiss Bank. When a nation is about to move over Investor, "
        "such a player may make it stop there instead, so that its bonds pay interest now — allowed only "
        "if its treasury can pay all the interest. Or let it pass.",
        (Ref("Investor — Swiss Bank", "11"), Ref("New edition rule changes — Swiss Bank", "15")),
        (Ref("Investor — Swiss Bank", "11"),)),
    "factory": Help(
        "Building a factory",
        "The nation builds one factory in one of its own cities that has none and holds no hostile army. "
        "The treasury pays {factory_cost}M; the government may add from its own cash. A brown city gets an "
        "armaments factory (armies), a blue one a shipyard (fleets).",
        (Ref("Factory", "7"),), (Ref("Factory", "7"),)),
    "production": Help(
        "Production",
        "Each factory free of hostile armies makes one unit in its own province: armaments "
        "make armies, shipyards fleets. When the supply of pieces runs short, the government picks which "
        "factories produce.",
        (Ref("Production", "7"),), (Ref("Production", "7"),)),
    "import": Help(
        "Importing units",
        "The nation may place up to {import_max_units} units, {import_cost_per_unit}M each from its treasury: armies in any home "
        "province without hostile armies, fleets only in its harbour cities. Stop whenever you like.",
        (Ref("Import", "8"),), (Ref("Import", "8"),)),
    "fleets": Help(
        "Maneuver: fleets",
        "Fleets move before armies. Each fleet may move to a neighbouring sea region (from its harbour "
        "into the adjacent sea) or stay. Where it meets foreign units it may fight: one unit of each side "
        "is removed. A fleet alone in a sea can carry armies across it later this turn.",
        (_MANEUVER,), (_MANEUVER,)),
    "armies": Help(
        "Maneuver: armies",
        "Each army may move one region, further by rail through its own nation's home provinces, or "
        "across seas where the nation's fleets form a chain. Entering another nation's home province you "
        "say whether it comes as a hostile or a friendly army. {factory_destroy_armies} armies together may "
        "destroy an undefended foreign factory. At the end of the maneuver the nation's flag goes into "
        "every neutral region its units hold alone.",
        (_MANEUVER,), (_MANEUVER,)),
    "contact": Help(
        "Meeting foreign units",
        "Your unit has entered a region with foreign units. You may start a battle — one of yours and "
        "one of theirs are removed — or stay peacefully side by side.",
        (_MANEUVER,), (_MANEUVER,)),
    "order": Help(
        "Who may demand battle first",
        "Several other nations have units where yours arrived. Pick which of their governments is asked "
        "first whether it wants a battle.",
        (_MANEUVER,), (_MANEUVER,)),
    "demand": Help(
        "Demanding battle",
        "Another nation's unit has arrived where your nation has units. As the government asked, you may "
        "demand a battle (one unit of each side is removed) or let it stay.",
        (_MANEUVER,), (_MANEUVER,)),
    "invest": Help(
        "Investing",
        "You may buy one bond still for sale, paying its price into the nation's treasury, or return one "
        "of your bonds of that nation and pay only the difference for a larger one. Interest is paid "
        "whenever the nation lands on Investor. After investing, the player with the largest sum of a "
        "nation's bonds takes over its government.",
        (_INVESTOR,), (_INVESTOR,)),
    "fund": Help(
        "Helping a treasury pay",
        "The nation cannot pay a cost with its treasury and its government's cash. Any player may give "
        "money of their own to a treasury; the gift happens only if all the offers together cover what "
        "is missing.",
        (_TREASURIES,), (Ref("Treasuries / Start of the game", "7"),)),
    "canal": Help(
        "Passage through a canal",
        "Your nation's flag stands in the region that controls this canal. Another nation's fleet, or an "
        "army carried by its fleets, may pass only if you allow it; if you refuse, that move does not "
        "happen.",
        (), (Ref("Maneuver — Canals", "10"),)),
    "taxation": Help(
        "Taxation",
        "The nation collects {tax_per_factory}M for each factory not occupied by hostile armies and "
        "{tax_per_flag}M for each flag, then pays its soldiers {soldier_pay_per_unit}M per unit on the board. Its government receives a success bonus, and the "
        "nation gains power points by the tax chart; the game ends when a nation reaches the last power "
        "points.",
        (Ref("Taxation", "12"),), (Ref("Taxation", "12"),)),
    "over": Help(
        "The end of the game",
        "The game ends as soon as one nation reaches the end of the power track. Each bond then counts "
        "its interest times its nation's power factor; cash counts as it is. Ties are broken by the "
        "credit in the most powerful nation, then the next.",
        (Ref("Object of the game / End of the game", "6"),), (Ref("Object of the game / End of the game", "6"),)),
}


def refs(kind: str, board: str) -> tuple[Ref, ...]:
    h = HELP.get(kind)
    if h is None:
        return ()
    return h.imperial2030 if board == "world2030" else h.imperial


def text(kind: str, board: Any) -> str:
    """The explanation with the board's own numbers filled in (costs, limits: the engine's board data)."""
    return HELP[kind].text.format(**board.constants)


def help_html(kind: str, board: Any, *, open_: bool = False) -> str:
    """The "?" of a decision: a disclosure with our explanation and where to read the rule."""
    h = HELP.get(kind)
    if h is None:
        return ""
    board_id = board.id
    how = f'<p class="how">{escape(HOW[kind])}</p>' if kind in HOW else ""
    where = "; ".join(f"“{r.section}”, page {r.page}" for r in refs(kind, board_id))
    cite = (f'<p class="cite">Read more: {escape(BOOKS.get(board_id, "rulebook"))}, {escape(where)}.</p>'
            if where else "")
    return (f'<details class="help" data-testid="rule-help"{" open" if open_ else ""}>'
            f'<summary title="Rules help: {escape(h.title)}" aria-label="Rules help: {escape(h.title)}">?</summary>'
            f'<div class="help-body"><b>{escape(h.title)}</b><p>{escape(text(kind, board))}</p>{how}{cite}</div>'
            '</details>')


def all_help_html(board: Any) -> str:
    """Every entry of the table, for the rules dialog."""
    out = [f'<h2>The rules in short</h2><p class="muted">In our own words. The full rules are in the '
           f'{escape(BOOKS.get(board.id, "rulebook"))}; each part names its section and page.</p>'
           '<dl class="rules-list">']
    for kind, h in HELP.items():
        if not refs(kind, board.id):
            continue
        where = "; ".join(f"“{r.section}”, p. {r.page}" for r in refs(kind, board.id))
        out.append(f'<dt id="rule-{escape(kind)}">{escape(h.title)}</dt><dd><p>{escape(text(kind, board))}</p>'
                   f'<p class="cite">{escape(where)}</p></dd>')
    out.append('</dl><p><button data-close>Close</button></p>')
    return "".join(out)
