"""Reading the game at a glance: the live scoreboard, the round counter and tab title, what each choice
costs and does, the choices that cannot be paid (greyed, with the reason), and the log's nation filter.

Pure functions from the engine's state and previews to HTML or text, testable in CPython.  Every number
comes from the engine (``scores``, ``ranking``, ``score_breakdown``, ``rondel_choices``,
``choice_previews``); nothing here decides a rule.
"""

from __future__ import annotations

import re
from typing import Any

import imperial_core as core
import imperial_text as tx
from imperial_core.narrate import asked_canal, waiting_move
from imperial_text import escape

from .choices import Names, rondel_label


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def chip(nid: str | None, names: Names) -> str:
    """A nation's name on its colour."""
    if not nid:
        return ""
    return f'<span class="chip n-{esc(nid)}">{esc(names.nation(nid))}</span>'


def _ordinal(n: int, lang: str = "en") -> str:
    """1st, 2nd (English); 1. (German); 1.º (Spanish)."""
    if lang == "de":
        return f"{n}."
    if lang == "es":
        return f"{n}.º"
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# -- the decision's question ------------------------------------------------------------------------------
class _OnColour:
    """A nation in the decision's question in whatever form the sentence asks for, its name marked so that
    :func:`question_html` puts it on its colour: "von den <Vereinigten Staaten>", "<Russia>'s"; the
    preposition, the article and a verb that agrees with it stay plain."""

    def __init__(self, said: tx.Nation) -> None:
        self.said = said

    def __format__(self, spec: str) -> str:
        full = format(self.said, spec)
        if "|" in spec or not full:
            return full
        form = self.said.form(spec.split(" ")[-1].lower())
        part = next(p for p in (str(self.said), form.partition(" ")[2], full) if p and p in full)
        i = full.index(part)
        return f"{full[:i]}\x00{part}\x01{full[i + len(part):]}"


class _Holes(dict):
    """Values for a sentence whose other placeholders (``{canal}``) are filled later: they stay as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def question_html(phase: str, nid: str | None, names: Names) -> str:
    """What the player decides (catalogue ``page.phase.<phase>``), as a question in the page's language, with
    the nation it is about on its colour (``chip``) in the form the sentence puts it: "buy one bond of the
    <chip>United States</chip>?".  Other placeholders (``{canal}``) are left for the caller."""
    said = names.nation(nid) if nid else tx.Nation("")
    text = esc(names.t(f"page.phase.{phase}").format_map(_Holes(nation=_OnColour(said))))
    colour = esc(nid or "")
    return re.sub("\x00(.*?)\x01", lambda m: f'<span class="chip n-{colour}">{m.group(1)}</span>', text)


# -- scoreboard ---------------------------------------------------------------------------------------------
def tie_note(state: Any, names: Names, totals: dict[str, int], ranking: list[str]) -> str:
    """How players tied on points are placed (rulebook *Object of the game / End of the game*): by their
    credit in the most powerful nation, then the next — the same words as the score screen."""
    groups: dict[int, list[str]] = {}
    for name in ranking:
        groups.setdefault(totals[name], []).append(name)
    tied = [g for g in groups.values() if len(g) > 1]
    if not tied:
        return ""
    order = sorted(state.nations, key=lambda nid: -state.nations[nid]["power"])
    return names.t("page.tie", players="; ".join(", ".join(g) for g in tied),
                   nations=", ".join(f"{names.nation(nid)} ({state.nations[nid]['power']})" for nid in order))


def scoreboard_html(state: Any, names: Names, *, secret_cash: bool = False) -> str:
    """Each player's score if the game ended now (``imperial_core.scores``: interest × power factor per
    bond, plus cash), rank (``ranking``, with its tie-break), cash and governments.  With secret cash the
    cash is not shown and neither is the total (it contains the cash): the points of the bonds are."""
    totals = core.scores(state)
    ranking = core.ranking(state)
    parts = core.score_breakdown(state)
    govs: dict[str, list[str]] = {}
    for nid, n in state.nations.items():
        if n["government"]:
            govs.setdefault(n["government"], []).append(nid)
    rows = []
    place = 0
    last: int | None = None
    for i, name in enumerate(ranking, 1):
        if totals[name] != last:
            place, last = i, totals[name]
        bonds = totals[name] - parts[name]["cash"]
        turn = " now" if name == state.current_player and not state.is_over else ""
        cash = names.money(parts[name]["cash"])
        score = (f'<td class="sc" data-score="{bonds}" title="{esc(names.t("page.sb.bond_points"))}">{bonds}</td>'
                 '<td class="cash">–</td>'
                 if secret_cash else
                 f'<td class="sc" data-score="{totals[name]}" '
                 f'title="{esc(names.t("page.sb.parts", bonds=bonds, cash=cash))}">'
                 f'{totals[name]}</td><td class="cash">{esc(cash)}</td>')
        gov = "".join(chip(nid, names) for nid in govs.get(name, [])) or '<i class="muted">—</i>'
        rows.append(f'<tr class="pl{turn}" data-player="{esc(name)}"><td class="rk" data-rank="{i}">'
                    f'{_ordinal(place, names.lang)}</td><th>{esc(name)}</th>{score}<td class="govs">{gov}</td></tr>')
    note = tie_note(state, names, totals, ranking)
    what = names.t("page.sb.what_secret" if secret_cash else "page.sb.what")
    w = names.t
    return (f'<table class="scoreboard"><thead><tr><th>#</th><th>{w("page.sb.player")}</th>'
            f'<th title="{esc(what)}">{w("page.sb.bonds") if secret_cash else w("page.sb.score")}</th>'
            f'<th>{w("page.sb.cash")}</th><th>{w("page.sb.governs")}</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>'
            + f'<details class="sb-more"><summary>{esc(w("page.sb.how"))}</summary>'
            + (f'<p class="tie">{esc(note)}</p>' if note else "")
            + f'<p class="sb-what">{esc(what)}</p></details>')


# -- round and title ---------------------------------------------------------------------------------------
def round_text(state: Any, lang: str = "en") -> str:
    """"Round 3", or the set-up before the first nation's turn."""
    return tx.t(lang, "page.round", n=state.round) if state.round else tx.t(lang, "page.setup_phase")


def title_text(state: Any, names: Names) -> str:
    """The browser tab's title: whose turn it is ("Bo to play · Italy · Round 3 — Imperial")."""
    if state.is_over:
        return names.t("page.title.over", player=core.ranking(state)[0])
    nid = state.active_nation
    nation = f" · {names.nation(nid)}" if nid else ""
    return names.t("page.title.turn", player=state.current_player, nation=nation,
                   round=round_text(state, names.lang))


# -- what each choice costs and does -----------------------------------------------------------------------
def _money_words(effect: dict[str, Any], names: Names) -> list[str]:
    """The amounts of a landing, from the engine's events summed by ``preview.money_of``."""
    out = []
    w, m = names.t, names.money
    if "tax" in effect:
        out.append(w("page.fx.tax", amount=m(effect["tax"])))
    if "soldiers" in effect:
        out.append(w("page.fx.soldiers", amount=m(effect["soldiers"])))
    for who, amount in effect.get("bonus", []):
        out.append(w("page.fx.bonus", amount=m(amount), player=who))
    if effect.get("interest"):
        got: dict[str, int] = {}
        for who, amount in effect["interest"]:
            got[who] = got.get(who, 0) + amount
        out.append(w("page.fx.interest", list=", ".join(f"{who} {m(amount)}" for who, amount in got.items())))
    for who, amount in effect.get("investor card", []):
        out.append(w("page.fx.card", amount=m(amount), player=who))
    made = effect.get("produced")
    if made:
        out.append(w("page.fx.produces", list=w("page.and").join(
            names.tn(f"page.unit.{u}", n) if f"page.unit.{u}.one" in tx.TEXT else f"{n} {u}"
            for u, n in made.items())))
    if effect.get("power"):
        out.append(w("page.fx.power", n=effect["power"]))
    for nid, who in effect.get("government", []):
        out.append(w("page.fx.governs", player=who, nation=names.nation(nid)) if who
                   else w("page.fx.loses", nation=names.nation(nid)))
    if effect.get("game_over"):
        out.append(w("page.fx.over"))
    return out


def rondel_cost_text(row: dict[str, Any], names: Names | None = None) -> str:
    """"2M (4 spaces; 1 beyond 3)", "free (2 spaces)" — a rondel space's cost broken down."""
    lang = names.lang if names is not None else "en"
    if row["steps"] == 0:
        return tx.t(lang, "page.cost.first")
    spaces = tx.tn(lang, "page.spaces", row["steps"])
    if not row["cost"]:
        return tx.t(lang, "page.cost.free", spaces=spaces)
    return tx.t(lang, "page.cost.paid", cost=tx.money(lang, row["cost"]), spaces=spaces, extra=row["extra"],
                free=row["free"], each=tx.money(lang, row["per_space"]))


def rondel_effect_text(row: dict[str, Any], names: Names) -> str:
    """What landing on the space does, in amounts: tax (factories + flags), soldiers' pay, bonus; interest
    and the investor card; units produced."""
    effect = dict(row.get("effect") or {})
    bits = []
    w, m = names.t, names.money
    tax = row.get("tax")
    if tax is not None:
        capped = w("page.fx.cap", amount=m(tax["cap"])) if tax["cap"] is not None and tax["sum"] > tax["revenue"] else ""
        paid = effect.pop("soldiers", 0)
        got = effect.pop("tax", None)
        text = w("page.fx.tax_detail", amount=m(tax["revenue"] if got is None else got),
                 factories=names.tn("page.fx.factories", tax["factories"]), per_factory=m(tax["per_factory"]),
                 flags=names.tn("page.fx.flags", tax["flags"]), per_flag=m(tax["per_flag"]), capped=capped)
        if paid:
            text += w("page.fx.pay_detail", amount=m(paid), units=names.tn("page.fx.units", tax["units"]))
        bits.append(text)
    bits += _money_words(effect, names)
    interest = row.get("interest")
    if row["name"] == "investor" and interest is not None and not effect.get("interest"):
        due = (", ".join(f"{who} {m(amount)}" for who, amount in interest["due"].items())
               or w("page.fx.no_bonds_held"))
        bits.append(w("page.fx.due", amount=m(interest["total"]), list=due))
    if row["passes_investor"] and interest is not None and interest["card_holder"]:
        card = ("" if effect.get("investor card") else
                w("page.fx.card_paren", amount=m(interest["card_payout"]), player=interest["card_holder"]))
        bits.append(w("page.fx.passes", card=card))
    return "; ".join(dict.fromkeys(bits))


def bond_text(p: dict[str, Any], names: Names) -> str:
    """What a bond buys: its interest, the credit after it, and the government it would give."""
    w, m = names.t, names.money
    gain = w("page.bond.gain", amount=m(p["interest_gain"])) if p["trade_in"] else w("page.bond.interest",
                                                                                        amount=m(p["interest"]))
    text = w("page.bond.text", price=m(p["price"]), gain=gain, credit=m(p["credit"]))
    if p["becomes_government"]:
        text += w("page.bond.gov", nation=names.nation(p["nation"]))
    return text


def choice_notes(state: Any, names: Names, rows: list[dict[str, Any]] | None = None) -> dict[str, str | tuple[str, str]]:
    """Per legal action (by notation): a suffix for its label, and a note saying what it costs and does (a rondel
    space: "2M (4 spaces; 1 beyond 3, 2M each) · tax 9M = …"), for the decision's buttons.
    ``rows``: ``core.rondel_choices(state)`` when already at hand."""
    notes: dict[str, str | tuple[str, str]] = {}
    w, m = names.t, names.money
    if state.decision == "rondel":
        for row in core.rondel_choices(state) if rows is None else rows:
            if row["legal"]:
                does = rondel_effect_text(row, names)
                cost = rondel_cost_text(row, names)
                if row["steps"] == 0 and does:  # a first move: the header says every space is free
                    cost = ""
                notes[f"rondel {row['space']}"] = ("", " · ".join(x for x in (cost, does) if x))
        return notes
    if state.decision == "swiss":
        due = core.interest_breakdown(state, state.active_nation)
        for a in core.legal_actions(state):
            if a.type == "force":
                notes[str(a)] = ("", w("page.note.swiss", treasury=m(due["treasury"]), total=m(due["total"])))
    for text, p in core.choice_previews(state).items():
        if "becomes_government" in p:
            notes[text] = (w("page.note.pay", price=m(p["price"])), bond_text(p, names).split(" · ", 1)[1])
        elif "nth" in p:
            notes[text] = (w("page.note.nth", nth=_ordinal(p["nth"], names.lang), max=p["max"]),
                           w("page.note.from_treasury", amount=m(p["cost"])))
        elif "site" in p:
            notes[text] = f" · {m(p['cost'])}"
    return notes


def unaffordable_html(state: Any, names: Names, rows: list[dict[str, Any]] | None = None) -> str:
    """Rondel spaces within reach that the government cannot pay, greyed with the reason (they are not
    choices: no ``data-choice``).  ``rows``: ``core.rondel_choices(state)`` when already at hand.  Each is a
    disabled button (out of the tab order, announced as unavailable), described by the whole reason
    (``aria-describedby`` -> ``why-<space>``, which the rondel drawing's space points to as well)."""
    if state.decision != "rondel":
        return ""
    rows = [r for r in (core.rondel_choices(state) if rows is None else rows) if not r["affordable"]]
    if not rows:
        return ""
    w, m = names.t, names.money
    out = [f'<div class="group unaffordable"><span class="glabel">{esc(w("page.too_expensive"))}</span>']
    for r in rows:
        label = rondel_label(r["space"], names.lang)
        has = w("page.has", player=r["payer"], amount=m(r["cash"]))
        why = w("page.costs", has=has, space=label, cost=rondel_cost_text(r, names))
        space = esc(r["space"])
        out.append(f'<button class="choice off" disabled aria-disabled="true" data-unaffordable="{space}" '
                   f'title="{esc(why)}" aria-describedby="why-{space}">{esc(label)} — {esc(m(r["cost"]))}'
                   f'<small class="why">{esc(has)}</small><span id="why-{space}" hidden>{esc(why)}</span></button>')
    out.append("</div>")
    return "".join(out)


# -- the log's filter --------------------------------------------------------------------------------------
def log_filter_html(state: Any, names: Names, only: str | None) -> str:
    """Buttons that show the whole log or one nation's turns."""
    out = [f'<div class="log-filter" role="group" aria-label="{esc(names.t("page.log.filter"))}">',
           f'<button data-cmd="log-filter" data-arg="" aria-pressed="{str(not only).lower()}">'
           f'{esc(names.t("page.log.all"))}</button>']
    for nid in state.nations:
        out.append(f'<button data-cmd="log-filter" data-arg="{esc(nid)}" class="n-{esc(nid)}" '
                   f'aria-pressed="{str(only == nid).lower()}">{esc(names.nation(nid))}</button>')
    out.append("</div>")
    return "".join(out)


# -- icons (inline SVG: no font needs to carry the glyphs) -------------------------------------------------
_ICON_PATHS = {
    "first": "M3 3h2v10H3zM13 3v10L6 8z",
    "back": "M11 3v10L4 8z",
    "forward": "M5 3v10l7-5z",
    "last": "M11 3h2v10h-2zM3 3v10l7-5z",
}


def icon(name: str) -> str:
    """A small inline SVG icon (replay controls)."""
    return (f'<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">'
            f'<path d="{_ICON_PATHS[name]}" fill="currentColor"/></svg>')


# -- the tracks as text ------------------------------------------------------------------------------------
def tracks_html(state: Any, names: Names, tax_label: Any) -> str:  # tax_label(board, pos, lang)
    """The power track, tax chart, treasuries and bonds for sale as a table of text (readable without
    zoom): power points with the power factor (the board's table), the tax chart row (``tax_label``),
    the treasury and the bonds still for sale."""
    board = names.board
    top = board.constants["power_track_max"]
    rows = []
    for nid, n in state.nations.items():
        free = " ".join(str(v) for v, h in sorted(n["bonds"].items()) if h is None) or "—"
        width = round(100 * n["power"] / top) if top else 0
        rows.append(f'<tr class="n-{esc(nid)}" data-nation="{esc(nid)}"><td>{chip(nid, names)}</td>'
                    f'<td><span class="bar" style="width:{width * 0.4:.0f}px"></span>{n["power"]} '
                    f'<small>×{board.power_factor_for(n["power"])}</small></td>'
                    f'<td>{esc(tax_label(board, n["tax"], names.lang))}</td>'
                    f'<td>{esc(names.money(n["treasury"]))}</td><td class="free">{esc(free)}</td></tr>')
    w = names.t
    # a table wider than the panel scrolls: the keyboard can reach it (tabindex) and it is named (region)
    return (f'<div class="tablewrap" tabindex="0" role="region" aria-label="{esc(w("page.tr.label"))}">'
            '<table class="tracks" data-testid="tracks"><thead><tr>'
            f'<th>{w("page.tr.nation")}</th><th title="{esc(w("page.tr.power_title"))}">{w("page.tr.power")}</th>'
            f'<th>{w("page.tr.tax")}</th><th>{w("page.tr.treasury")}</th>'
            f'<th>{w("page.tr.bonds")}</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table></div>")


# -- news: a change of government --------------------------------------------------------------------------
#: How far back (moves) the decision panel looks for changes of government.
NEWS_MOVES = 60


def government_news(events: list[list[Any]], entries: list[Any], cur: int, player: str | None,
                    names: Names) -> str:
    """The changes of government since ``player`` (on turn) last decided, from the engine's events of those
    moves ("Bob now governs Russia, instead of Ann."), as a notice for the decision panel; nothing if none."""
    if not player or cur <= 0:
        return ""
    said: dict[str, Any] = {}  # nation -> its latest change (the first one's "before")
    first: dict[str, Any] = {}
    for k in range(cur - 1, max(-1, cur - 1 - NEWS_MOVES), -1):
        if k < len(entries) and entries[k].player == player:
            break
        for e in events[k] if k < len(events) else ():
            if getattr(e, "kind", "") == "government":
                said.setdefault(e.nation, e)  # walking back: the first seen is the latest
                first[e.nation] = e
    lines = []
    w = names.t
    for nid, e in said.items():
        before = first[nid].before
        if before == e.after:
            continue  # changed and changed back
        nation = names.nation(nid)
        if e.after is None:
            lines.append(w("page.gov_news_none", nation=nation))
        elif before:
            lines.append(w("page.gov_news_from", player=e.after, nation=nation, before=before))
        else:
            lines.append(w("page.gov_news", player=e.after, nation=nation))
    if not lines:
        return ""
    return (f'<p class="news" data-testid="gov-news"><b>{esc(w("page.gov_news_h"))}</b> · '
            + " ".join(esc(x) for x in lines) + "</p>")


# -- why this player decides now ---------------------------------------------------------------------------
def fund_text(state: Any, names: Names) -> str:
    """What the money asked for pays for (a factory, an import, all interest at a stop on Investor that a Swiss
    Bank forced: ``imperial_core.rules.funding``), and how much is still missing."""
    t = state.turn
    nid = state.active_nation
    nation = names.nation(nid) if nid else ""
    key = list(t.get("pending") or ())
    w = names.t
    if not key or nid is None:
        return w("page.why.fund", nation=nation)
    n = state.nations[nid]
    consts = names.board.constants
    gov = n["government"]
    payer = key[1] if key[0] == "force" and len(key) > 1 else gov
    cash = {p["name"]: p["cash"] for p in state.players}
    pledged = sum((t.get("pledges") or {}).values())
    if key[0] == "force":
        return w("page.why.fund.force", nation=nation, player=payer)
    cost = consts["factory_cost"] if key[0] == "factory" else consts["import_cost_per_unit"]
    short = cost - n["treasury"] - (cash.get(payer, 0) if payer else 0) - pledged
    if key[0] == "factory" and len(key) > 1:
        what = w("page.fund.factory", in_region=names.region_phrase(key[1], "in"))
    elif key[0] == "import" and len(key) > 2:
        what = w(f"page.fund.import.{'fleet' if key[1] == 'fleet' else 'army'}",
                 into_region=names.region_phrase(key[2], "into"))
    else:
        return w("page.why.fund", nation=nation)
    return w("page.why.fund.buy", nation=nation, what=what, cost=names.money(cost),
             short=names.money(max(1, short)))


def why_text(state: Any, names: Names) -> str:
    """Why the player on turn decides now, from the state: whose government, which investor round, whose
    unit arrived, whose cost is short."""
    if state.is_over:
        return ""
    t = state.turn
    phase = state.decision
    player = state.current_player
    nid = state.active_nation
    nation = names.nation(nid) if nid else ""
    w = names.t
    if phase in ("rondel", "factory", "production", "import", "fleets", "armies", "contact", "order"):
        rt = round_text(state, names.lang)
        why = w("page.why.turn", player=player, nation=nation, round=rt if names.lang == "de" else rt.lower())
        if phase == "rondel" and nid and state.nations[nid]["rondel"] is None:
            why += " " + w("page.why.first_free")
        return why
    if phase == "invest":
        kind = t.get("invest_round")
        if kind == "card" and player == state.investor:
            return w("page.why.card", player=player, nation=nation)
        if kind == "card":
            return w("page.why.swiss_invest", player=player)
        return w("page.why.no_card", nation=names.nation(t["invest_nation"]))
    if phase == "swiss":
        return w("page.why.swiss", player=player, nation=nation)
    if phase == "fund":
        return fund_text(state, names)
    if phase == "demand":
        return w("page.why.demand", player=player, nation=nation)
    if phase == "canal":
        canal, owner = asked_canal(state, names.board)
        if canal is None or owner is None:
            return ""
        return w("page.why.canal", nation=names.nation(owner), in_region=names.region_phrase(canal.controlled_by, "in"))
    if phase == "auction":
        return w("page.why.auction")
    return ""


# -- who decides on whose behalf, and what ---------------------------------------------------------------
PHASE_TITLE = ("auction", "rondel", "swiss", "factory", "production", "import", "fleets", "armies", "contact", "order", "demand",
               "invest", "fund", "canal")

def core_phase_text(phase: str) -> str:
    """The engine's own words for a kind of decision this page has no text for."""
    try:
        import imperial_core

        return str(imperial_core.PHASES.get(phase, phase))
    except (ImportError, AttributeError):
        return phase


def notation(move: str) -> str:
    """A move in the engine's notation, for experts: shown only while the setting "Show move notation" is on
    (``.nt``, hidden by the style sheet otherwise, so it is neither seen nor read aloud)."""
    return f'<span class="nt"> <code>{esc(move)}</code></span>' if move else ""


def decision_question(state: Any, names: Names, actions: Any = None) -> tuple[str | None, str]:
    """Who decides on whose behalf and what: the nation on the decision's lead chip (``None`` when the player
    decides as an investor, a bank or a buyer of bonds) and the question (HTML).  ``actions``: the decision's
    legal actions, to find the nation an auction finances (``None``: the engine's)."""
    w = names.t
    nation = state.active_nation
    phase = state.decision
    if nation is None:  # auction: the nation being financed, from its bonds
        acts = core.legal_actions(state) if actions is None else actions
        nation = next((a.nation for a in acts if a.type == "bond"), None)
    what = question_html(phase, nation, names) if phase in PHASE_TITLE else esc(core_phase_text(phase))
    contact = state.turn.get("contact") if isinstance(state.turn, dict) else None
    lead = nation
    if phase == "canal":  # the canal's owner decides: the nation whose flag stands in its controlling region
        canal, lead = asked_canal(state, names.board)
        what = esc(w("page.phase.canal", move=waiting_move(state, names.lang),
                     canal=tx.region(names.lang, names.board.id, canal.id, canal.name) if canal
                     else w("page.canal")))
        what += notation(" ".join(state.turn.get("pending") or ()))
    if phase == "demand" and contact and contact.get("asking"):
        lead = contact["asking"][0]  # the asked government decides for its own nation
    elif phase in ("auction", "swiss", "invest"):
        lead = None
    return lead, what
