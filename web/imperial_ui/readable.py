"""Reading the game at a glance: the live scoreboard, the round counter and tab title, what each choice
costs and does, the choices that cannot be paid (greyed, with the reason), and the log's nation filter.

Pure functions from the engine's state and previews to HTML or text, testable in CPython.  Every number
comes from the engine (``scores``, ``ranking``, ``score_breakdown``, ``rondel_choices``,
``choice_previews``); nothing here decides a rule.
"""

from __future__ import annotations

from html import escape
from typing import Any

import imperial_core as core

from .choices import Names, rondel_label


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def _chip(nid: str, names: Names) -> str:
    return f'<span class="chip n-{esc(nid)}">{esc(names.nation(nid))}</span>'


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
    return ("Tied on points: " + "; ".join(", ".join(g) for g in tied) + " (placed in this order). A tie is "
            "broken by the credit (sum of bond values) in the most powerful nation, then the next: "
            + ", ".join(f"{names.nation(nid)} ({state.nations[nid]['power']})" for nid in order) + ".")


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
        score = (f'<td class="sc" data-score="{bonds}" title="points of bonds">{bonds}</td><td class="cash">–</td>'
                 if secret_cash else
                 f'<td class="sc" data-score="{totals[name]}" title="{bonds} from bonds + {parts[name]["cash"]}M cash">'
                 f'{totals[name]}</td><td class="cash">{parts[name]["cash"]}M</td>')
        gov = "".join(_chip(nid, names) for nid in govs.get(name, [])) or '<i class="muted">—</i>'
        rows.append(f'<tr class="pl{turn}" data-player="{esc(name)}"><td class="rk" data-rank="{i}">'
                    f'{_ordinal(place)}</td><th>{esc(name)}</th>{score}<td class="govs">{gov}</td></tr>')
    note = tie_note(state, names, totals, ranking)
    what = ("Points of bonds (interest × power factor); cash is secret in this game." if secret_cash else
            "Score if the game ended now: interest × power factor per bond, plus cash.")
    return ('<table class="scoreboard"><thead><tr><th>#</th><th>Player</th>'
            f'<th title="{esc(what)}">{"Bonds" if secret_cash else "Score"}</th><th>Cash</th><th>Governs</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>'
            + (f'<p class="tie">{esc(note)}</p>' if note else "")
            + f'<p class="sb-what">{esc(what)}</p>')


# -- round and title ---------------------------------------------------------------------------------------
def round_text(state: Any) -> str:
    """"Round 3", or the set-up before the first nation's turn."""
    return f"Round {state.round}" if state.round else "Set-up"


def title_text(state: Any, names: Names) -> str:
    """The browser tab's title: whose turn it is ("Bo to play · Italy · Round 3 — Imperial")."""
    if state.is_over:
        return f"Game over: {core.ranking(state)[0]} wins — Imperial"
    nid = state.active_nation
    nation = f" · {names.nation(nid)}" if nid else ""
    return f"{state.current_player} to play{nation} · {round_text(state)} — Imperial"


# -- what each choice costs and does -----------------------------------------------------------------------
def _money_words(effect: dict[str, Any], names: Names) -> list[str]:
    """The amounts of a landing, from the engine's events summed by ``preview.money_of``."""
    out = []
    if "tax" in effect:
        out.append(f"+{effect['tax']}M tax")
    if "soldiers" in effect:
        out.append(f"−{effect['soldiers']}M soldiers' pay")
    for who, amount in effect.get("bonus", []):
        out.append(f"bonus {amount}M to {who}")
    if effect.get("interest"):
        got: dict[str, int] = {}
        for who, amount in effect["interest"]:
            got[who] = got.get(who, 0) + amount
        out.append("interest " + ", ".join(f"{who} {amount}M" for who, amount in got.items()))
    for who, amount in effect.get("investor card", []):
        out.append(f"investor card {amount}M to {who}")
    made = effect.get("produced")
    if made:
        out.append("produces " + " and ".join(_plural(n, u if u != "army" else "army").replace("armys", "armies")
                                              for u, n in made.items()))
    if effect.get("power"):
        out.append(f"+{effect['power']} power")
    for nid, who in effect.get("government", []):
        out.append(f"{who} governs {names.nation(nid)}" if who else f"{names.nation(nid)} loses its government")
    if effect.get("game_over"):
        out.append("ends the game")
    return out


def rondel_cost_text(row: dict[str, Any]) -> str:
    """"2M (4 spaces; 1 beyond 3)", "free (2 spaces)" — a rondel space's cost broken down."""
    if row["steps"] == 0:
        return "free (first move)"
    spaces = _plural(row["steps"], "space")
    if not row["cost"]:
        return f"free ({spaces})"
    return f"{row['cost']}M ({spaces}; {row['extra']} beyond {row['free']}, {row['per_space']}M each)"


def rondel_effect_text(row: dict[str, Any], names: Names) -> str:
    """What landing on the space does, in amounts: tax (factories + flags), soldiers' pay, bonus; interest
    and the investor card; units produced."""
    effect = dict(row.get("effect") or {})
    bits = []
    tax = row.get("tax")
    if tax is not None:
        capped = f", at most {tax['cap']}M" if tax["cap"] is not None and tax["sum"] > tax["revenue"] else ""
        paid = effect.pop("soldiers", 0)
        got = effect.pop("tax", None)
        text = (f"tax {tax['revenue'] if got is None else got}M ({tax['factories']} factories × {tax['per_factory']}M"
                f" + {tax['flags']} flags × {tax['per_flag']}M{capped})")
        if paid:
            text += f" − {paid}M soldiers' pay ({tax['units']} units)"
        bits.append(text)
    bits += _money_words(effect, names)
    interest = row.get("interest")
    if row["name"] == "investor" and interest is not None and not effect.get("interest"):
        due = ", ".join(f"{who} {amount}M" for who, amount in interest["due"].items()) or "no bonds held"
        bits.append(f"interest due {interest['total']}M ({due})")
    if row["passes_investor"] and interest is not None and interest["card_holder"]:
        card = ("" if effect.get("investor card") else
                f" (investor card {interest['card_payout']}M to {interest['card_holder']})")
        bits.append(f"passes Investor{card}: Swiss Banks may invest")
    return "; ".join(dict.fromkeys(bits))


def bond_text(p: dict[str, Any], names: Names) -> str:
    """What a bond buys: its interest, the credit after it, and the government it would give."""
    gain = f"+{p['interest_gain']}M interest" if p["trade_in"] else f"{p['interest']}M interest"
    text = f"pay {p['price']}M · {gain} · credit {p['credit']}M"
    if p["becomes_government"]:
        text += f" · makes you government of {names.nation(p['nation'])}"
    return text


def choice_notes(state: Any, names: Names, rows: list[dict[str, Any]] | None = None) -> dict[str, str | tuple[str, str]]:
    """Per legal action (by notation): a suffix for its label saying its cost, and a note saying what it
    does ("Taxation — 2M (4 spaces; 1 beyond 3, 2M each)", "tax 9M = …"), for the decision's buttons.
    ``rows``: ``core.rondel_choices(state)`` when already at hand."""
    notes: dict[str, str | tuple[str, str]] = {}
    if state.decision == "rondel":
        for row in core.rondel_choices(state) if rows is None else rows:
            if row["legal"]:
                notes[f"rondel {row['space']}"] = (" — " + rondel_cost_text(row), rondel_effect_text(row, names))
        return notes
    if state.decision == "swiss":
        due = core.interest_breakdown(state, state.active_nation)
        for a in core.legal_actions(state):
            if a.type == "force":
                notes[str(a)] = ("", f"the treasury ({due['treasury']}M) pays {due['total']}M interest now")
    for text, p in core.choice_previews(state).items():
        if "becomes_government" in p:
            notes[text] = (f": pay {p['price']}M", bond_text(p, names).split(" · ", 1)[1])
        elif "nth" in p:
            notes[text] = (f" ({_ordinal(p['nth'])} of {p['max']})", f"{p['cost']}M from the treasury")
        elif "site" in p:
            notes[text] = f" · {p['cost']}M"
    return notes


def unaffordable_html(state: Any, names: Names, rows: list[dict[str, Any]] | None = None) -> str:
    """Rondel spaces within reach that the government cannot pay, greyed with the reason (they are not
    choices: no ``data-choice``).  ``rows``: ``core.rondel_choices(state)`` when already at hand."""
    if state.decision != "rondel":
        return ""
    rows = [r for r in (core.rondel_choices(state) if rows is None else rows) if not r["affordable"]]
    if not rows:
        return ""
    out = ['<div class="group unaffordable"><span class="glabel">Too expensive now</span>']
    for r in rows:
        why = f"{r['payer']} has {r['cash']}M; {rondel_label(r['space'])} costs {rondel_cost_text(r)}"
        out.append(f'<button class="choice off" disabled data-unaffordable="{esc(r["space"])}" title="{esc(why)}">'
                   f'{esc(rondel_label(r["space"]))} — {r["cost"]}M'
                   f'<small class="why">{esc(r["payer"])} has {r["cash"]}M</small></button>')
    out.append("</div>")
    return "".join(out)


# -- the log's filter --------------------------------------------------------------------------------------
def log_filter_html(state: Any, names: Names, only: str | None) -> str:
    """Buttons that show the whole log or one nation's turns."""
    out = ['<div class="log-filter" role="group" aria-label="Show the turns of">',
           f'<button data-cmd="log-filter" data-arg="" aria-pressed="{str(not only).lower()}">All</button>']
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
def tracks_html(state: Any, names: Names, tax_label: Any) -> str:
    """The power track, tax chart, treasuries and bonds for sale as a table of text (readable without
    zoom): power points with the power factor (the board's table), the tax chart row (``tax_label``),
    the treasury and the bonds still for sale."""
    board = names.board
    top = board.constants["power_track_max"]
    rows = []
    for nid, n in state.nations.items():
        free = " ".join(str(v) for v, h in sorted(n["bonds"].items()) if h is None) or "—"
        width = round(100 * n["power"] / top) if top else 0
        rows.append(f'<tr class="n-{esc(nid)}" data-nation="{esc(nid)}"><td>{_chip(nid, names)}</td>'
                    f'<td><span class="bar" style="width:{width * 0.4:.0f}px"></span>{n["power"]} '
                    f'<small>×{board.power_factor_for(n["power"])}</small></td>'
                    f'<td>{esc(tax_label(board, n["tax"]))}</td>'
                    f'<td>{n["treasury"]}M</td><td class="free">{esc(free)}</td></tr>')
    return ('<div class="tablewrap"><table class="tracks" data-testid="tracks"><thead><tr><th>Nation</th>'
            '<th title="power points × power factor">Power</th><th>Tax chart</th><th>Treasury</th>'
            '<th>Bonds for sale</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table></div>")


# -- why this player decides now ---------------------------------------------------------------------------
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
    if phase in ("rondel", "factory", "production", "import", "fleets", "armies", "contact", "order"):
        return f"{player} governs {nation}; it is {nation}'s turn in {round_text(state).lower()}."
    if phase == "invest":
        kind = t.get("invest_round")
        if kind == "card" and player == state.investor:
            return f"{player} holds the investor card: {nation} landed on or passed Investor."
        if kind == "card":
            return f"{player} holds a Swiss Bank and may invest after the investor card."
        return f"Without investor card, each player may buy a bond of {names.nation(t['invest_nation'])} in turn."
    if phase == "swiss":
        return f"{player} holds a Swiss Bank, and {nation} is about to move over Investor."
    if phase == "fund":
        return f"{nation}'s treasury and its government cannot pay this alone; any player may help."
    if phase == "demand":
        return f"{player} governs a nation with units where {nation}'s unit arrived."
    if phase == "canal":
        return f"{player}'s nation holds the flag that controls this canal."
    if phase == "auction":
        return "The nations are financed one after another; each player may buy one bond of each."
    return ""
