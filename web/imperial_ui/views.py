"""HTML for the panels around the map, as strings (one DOM write per panel).

Every name a player typed goes through :func:`esc`, so a name is always text, never markup.
Numbers shown here are read from the state and the board's tables; nothing here decides a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import imperial_text as tx
from imperial_core.narrate import Entry

from . import rulehelp
from .bondgrid import bond_grid_html
from .choices import Chooser, Names, Token, rondel_label
from .readable import chip, decision_question, esc, icon, notation, tie_note, why_text


def _words(lang: str) -> Callable[..., str]:
    """The page's sentence of a key in ``lang``, escaped for HTML."""
    return lambda key, **kw: esc(tx.t(lang, key, **kw))


def factor(board: Any, power: int) -> int:
    """The power factor printed on the track for ``power`` points (the board's table, via the engine)."""
    return int(board.power_factor_for(power))


def tax_label(board: Any, pos: int, lang: str = "en") -> str:
    chart = board.tax_chart
    if not 0 <= pos < len(chart):
        return str(pos)
    low = chart[pos][0]
    if pos == 0:
        return tx.t(lang, "page.tax_below", n=chart[1][0]) if len(chart) > 1 else tx.t(lang, "page.start")
    if pos == len(chart) - 1:
        return f"{low}+"
    return f"{low}"


#: The kinds of decision with a line of their own (catalogue keys ``page.phase.<decision>``): what the player
#: who must take it decides.

def decision_html(state: Any, chooser: Chooser | None, names: Names, *, replay: tuple[int, int] | None = None,
                  note: str = "", rondel: str = "", last: Entry | None = None, at: str = "",
                  greyed: str = "", target: str = "", better: str = "", top: str = "", news: str = "") -> str:
    """Who decides what, and the choices to click (or the replay notice); ``last``: what the last move did.
    ``at``: the id of the decision these choices are drawn for (a click carries it back, see ``App.choose``).
    ``greyed``: choices that cannot be taken now, with the reason (``readable.unaffordable_html``).
    ``target``: the choice the tutorial asks for, marked ``data-tutorial-target`` (its button and rondel space).
    ``better``: in a replay, the review's better choice at this position (outlined).
    ``top``: what comes first in the body (a game by link: the send step, what happened since, whom it waits for).
    The header (who, what, the round and the rules "?") stays in view: the body scrolls beneath it."""
    w = names.t
    if replay is not None:
        k, n = replay
        did = ""
        if last is not None:
            did = f'<p class="last">{esc(w("page.replay.move", k=k))} · {last_move_html(last, names.lang)}</p>'

        def ctl(cmd: str, key: str, glyph: str) -> str:
            return f'<button data-cmd="{cmd}" title="{esc(w(key))}" aria-label="{esc(w(key))}">{icon(glyph)}</button>'

        return (
            f'<div class="dhead"><div class="who"><b>{w("page.replay")}</b> — {w("page.replay.view_only")}</div></div>'
            f'<div class="dbody"><p class="what">{esc(w("page.replay.position", k=k, n=n))}</p>{did}'
            + (f'<p class="better" data-testid="review-better">{esc(better)}</p>' if better else "")
            +             '<div class="choices replay-controls">'
            + ctl("replay-first", "page.replay.first", "first") + ctl("replay-back", "page.replay.back", "back")
            + ctl("replay-forward", "page.replay.forward", "forward") + ctl("replay-last", "page.replay.last", "last")
            + f'<button data-cmd="replay-exit" class="primary">{w("page.replay.exit")}</button></div></div>'
        )
    if state.is_over:
        return (f'<div class="dhead"><div class="who"><b>{w("page.over")}</b></div>'
                f'{rulehelp.help_html("over", names.board, lang=names.lang)}</div>'
                f'<div class="dbody">{top}<div class="choices"><button data-cmd="scores" class="primary">'
                f'{w("page.show_scores")}</button></div></div>')
    player = state.current_player
    phase = state.decision
    contact = state.turn.get("contact") if isinstance(state.turn, dict) else None
    lead_nid, what = decision_question(state, names, chooser.actions if chooser is not None else ())
    lead = chip(lead_nid, names)
    cash = ""
    if phase in ("invest", "auction", "fund", "swiss", "rondel"):
        have = next((p["cash"] for p in state.players if p["name"] == player), None)
        if have is not None:
            cash = f' <span class="cash" title="{esc(w("page.cash"))}">({esc(names.money(have))})</span>'
    why = why_text(state, names)
    why = f'<p class="why-line">{esc(why)}</p>' if why else ""
    out = [f'<div class="dhead"><div class="who" data-testid="whose-turn">{lead} <b class="pname">{esc(player)}</b>'
           f'{cash}: {what}{why}</div>{rulehelp.help_html(phase, names.board, lang=names.lang)}</div>']
    if top:
        out.append(top)
    if contact and phase in ("contact", "order", "demand"):
        arrived = esc(w(f"page.arrived.{contact['unit']}" if contact["unit"] in ("army", "fleet") else "page.arrived.army",
                        in_region="\x00"))
        where = "<b>" + esc(names.region_phrase(contact["region"], "in")) + "</b>"
        out.append(f'<p class="what">{arrived.replace(chr(0), where)}</p>')
    if note:
        out.append(f'<p class="note">{esc(note)}</p>')
    if news:  # a change of government since the player on turn last decided (readable.government_news)
        out.append(news)
    if last is not None:
        out.append(f'<p class="last" data-testid="last-move">{w("page.last_move")} · {last_move_html(last, names.lang)}</p>')
    if chooser is not None:
        sel = chooser.selected()
        if sel:
            out.append(f'<p class="step">{w("page.selected")} <b>' + esc(" → ".join(t.label for t in sel)) +
                       f'</b>. <button data-cmd="cancel" class="link">{w("page.cancel")}</button></p>')
        tokens = chooser.next_tokens()
        if phase == "rondel" and rondel:
            out.append(clickable_rondel(rondel, names.board, tokens, at, greyed, target))
        if sel and any(t.group == w("page.group.battle") for t in tokens):  # to fight is a choice; so is not to
            greyed = f'<div class="group"><button class="choice" data-cmd="cancel">{esc(w("page.not_now"))}</button></div>' + greyed
        if phase in ("invest", "auction") and any(t.value.startswith("bond ") for t in tokens):
            out.append(bond_grid_html(state, names, tokens, at, target))  # the bond tray: a row per nation
        else:
            out.append(choices_html(tokens, at, greyed, target))
    # the header stays; the body scrolls within the decision's own area when it must
    return out[0] + '<div class="dbody">' + "".join(out[1:]) + "</div>"


def clickable_rondel(svg: str, board: Any, tokens: list[Token], at: str = "", greyed: str = "",
                     target: str = "") -> str:
    """The renderer's rondel with its legal spaces made clickable (``data-choice``), as map regions are; the
    keyboard goes through the buttons instead, which follow the decision's order.  The spaces within reach
    that cannot be paid (``greyed``: ``readable.unaffordable_html``, whose buttons name their space) are
    unavailable buttons, out of the tab order, described by the reason the list gives."""
    labels = rondel_spaces(board)
    for t in tokens:
        if t.kind == "opt" and t.value.startswith("rondel "):
            lab = t.value.split(" ", 1)[1]
            if lab in labels:
                i = labels.index(lab)
                mark = ' data-tutorial-target=""' if t.value == target else ""
                svg = svg.replace(f'data-rondel="{i}"', f'data-rondel="{i}" data-choice="{esc(t.value)}" '
                                  f'data-at="{esc(at)}" tabindex="-1" role="button" aria-label="{esc(t.label)}"'
                                  + mark, 1)
    for lab in re.findall(r'data-unaffordable="([^"]+)"', greyed):
        if lab in labels:
            i = labels.index(lab)
            svg = svg.replace(f'data-rondel="{i}"', f'data-rondel="{i}" data-unaffordable="{lab}" role="button" '
                              f'aria-disabled="true" aria-describedby="why-{lab}"', 1)  # named by its <title>
    return f'<div class="rondel-svg">{svg}</div>'


def choices_html(tokens: list[Token], at: str = "", greyed: str = "", target: str = "") -> str:
    """The decision's choices as buttons, in groups; ``target``: the tutorial's choice, marked."""
    groups: dict[str, list[Token]] = {}
    for t in tokens:
        groups.setdefault(t.group, []).append(t)
    out = ['<div class="choices">']
    for group, toks in groups.items():
        noted = " noted" if any(t.note for t in toks) else ""  # buttons with small print: laid out in columns
        if group:
            out.append(f'<div class="group{noted}"><span class="glabel">{esc(group)}</span>')
        else:
            out.append(f'<div class="group{noted}">')
        for t in toks:
            cls = "choice region" if t.kind == "region" else "choice"
            note = f'<small class="cnote">{esc(t.note)}</small>' if t.note else ""
            mark = ' data-tutorial-target=""' if target and t.value == target else ""
            out.append(f'<button class="{cls}" data-choice="{esc(t.value)}" data-at="{esc(at)}"{mark}>{esc(t.label)}'
                       f'{note}</button>')
        out.append("</div>")
    out.append(greyed)
    out.append("</div>")
    return "".join(out)


def free_bonds(nation: dict[str, Any]) -> tuple[int, ...]:
    """A nation's bonds that no player holds yet, by value."""
    return tuple(v for v, h in sorted(nation["bonds"].items()) if h is None)


def scoreboard_inputs(state: Any) -> tuple:
    """Everything the scoreboard shows depends on (its scores, ranking, tie note and governments): each
    player's cash, each nation's power points, government and bonds, whose turn it is and whether the game
    is over.  Most moves change none of it."""
    return (state.board, state.current_player, state.is_over, tuple((p["name"], p["cash"]) for p in state.players),
            tuple((nid, n["power"], n["government"], tuple(n["bonds"].items())) for nid, n in state.nations.items()))


def nation_inputs(state: Any, nid: str) -> tuple:
    """What a nation's card shows (it is drawn again only when this changes)."""
    n = state.nations[nid]
    return (nid == state.active_nation, n["rondel"], n["government"], n["treasury"], n["power"], n["tax"],
            sum(n["armies"].values()), sum(n["fleets"].values()), len(n["factories"]), len(n["flags"]),
            free_bonds(n))


def nation_html(state: Any, nid: str, names: Names) -> str:
    """One nation's card: government, treasury, power, tax, rondel space, units, factories, flags, bonds."""
    board = names.board
    active, at, government, treasury, power, tax, armies, fleets, factories, flags, avail = nation_inputs(state, nid)
    w = names.t
    rondel = w("page.start") if at is None else rondel_label(rondel_spaces(board)[at], names.lang)
    gov = esc(government) if government else f'<i class="muted">{w("page.no_government")}</i>'
    stats = [
        (w("page.tr.treasury"), esc(names.money(treasury))),
        (w("page.tr.power"), f'{power} <small>×{factor(board, power)}</small>'),
        (w("page.tr.tax"), esc(tax_label(board, tax, names.lang))),
        (w("page.group.rondel"), esc(rondel)),
        (w("page.n.armies"), str(armies)),
        (w("page.n.fleets"), str(fleets)),
        (w("page.n.factories"), str(factories)),
        (w("page.n.flags"), str(flags)),
    ]
    cells = "".join(f"<div><dt>{k}</dt><dd>{v}</dd></div>" for k, v in stats)
    bonds = " ".join(str(v) for v in avail)
    return (f'<section class="nation n-{esc(nid)}{" active" if active else ""}" data-nation="{esc(nid)}">'
            f'<h3><span>{esc(names.nation(nid))}</span><span class="gov">{gov}</span></h3>'
            f'<dl>{cells}</dl>'
            f'<div class="power" title="{esc(w("page.n.power_of", n=power))}">'
            f'<span style="width:{min(100, power * 4)}%"></span></div>'
            f'<div class="bonds">{w("page.n.bonds")} {esc(bonds) or w("page.none")}</div>'
            '</section>')


def rondel_spaces(board: Any) -> list[str]:
    """Notation names of the rondel spaces, from the engine (a name used twice gets 1/2)."""
    import imperial_core

    return imperial_core.rondel_spaces(board)


def players_html(state: Any, names: Names, *, secret_cash: bool = False) -> str:
    w, m = names.t, names.money
    out = ['<div class="players">']
    govs: dict[str, list[str]] = {}
    bonds: dict[str, list[tuple[str, int]]] = {}
    for nid, n in state.nations.items():
        if n["government"]:
            govs.setdefault(n["government"], []).append(nid)
        for v, h in sorted(n["bonds"].items()):
            if h is not None:
                bonds.setdefault(h, []).append((nid, v))
    for p in state.players:
        name = p["name"]
        cur = " current" if name == state.current_player else ""
        tags = []
        if state.investor == name:
            tags.append(f'<span class="tag card">{w("page.p.card")}</span>')
        if name in state.swiss_banks:
            tags.append(f'<span class="tag swiss">{w("page.p.swiss")}</span>')
        gov = (" ".join(chip(nid, names) for nid in govs.get(name, []))
               or f'<i class="muted">{w("page.no_government")}</i>')
        bl = []
        total_interest = 0
        for nid, v in bonds.get(name, []):
            i = names.interest(v) or 0
            total_interest += i
            tip = w("page.p.bond_title", nation=names.nation(nid), value=m(v), interest=m(i))
            bl.append(f'<span class="bond n-{esc(nid)}" title="{esc(tip)}">{esc(names.nation(nid))} {v}'
                      f'<small>/{i}</small></span>')
        cash = "" if secret_cash else esc(m(p["cash"]))
        out.append(
            f'<section class="player{cur}"><h3>{esc(name)} <span class="cash">{cash}</span></h3>'
            f'<div class="tags">{"".join(tags)}</div>'
            f'<div class="govs">{gov}</div>'
            f'<div class="bondlist">{"".join(bl) or "<i class=muted>" + w("page.p.no_bonds") + "</i>"}'
            f'{" <small>(" + esc(w("page.p.interest", amount=m(total_interest))) + ")</small>" if bl else ""}</div>'
            '</section>'
        )
    edition = w("page.p.first" if state.edition == "first" else "page.p.current")
    setup = w("page.p.auction" if state.setup == "auction" else "page.p.standard")
    card = w("page.p.with_card" if state.investor_card else "page.p.without_card")
    board = w("page.p.board." + state.board) if "page.p.board." + state.board in tx.TEXT else state.board
    bonus = " · " + w("page.p.increase") if getattr(state, "increase_bonus", False) else ""
    out.append(f'<p class="muted setup-line">{esc(board)} · {edition} · {setup} · {card}{bonus} · '
               f'{w("page.p.seed")} {state.seed}</p>')
    out.append("</div>")
    return "".join(out)


def last_move_html(e: Entry, lang: str = "en") -> str:
    """"Round 3 · Italy (Bo) moves to Taxation: +9M tax, …" (with the move's notation for experts)."""
    where = tx.t(lang, "page.round", n=e.round) + " · " if e.round else ""
    return f'{esc(where)}{esc(e.text)}{notation(e.action)}'


def log_html(entries: list[Entry], names: Names, *, current: int | None = None, recent: int | None = None) -> str:
    """The log: one group per nation turn headed with its round ("Round 3 · Italy (Bo)"), one sentence per
    move with its amounts (from the engine's events); battles, destroyed factories and government changes
    stand out.  Each entry opens the replay at that move.

    With ``recent``, only about that many of the latest moves are drawn (whole nation turns), plus a button
    for the rest: a long game's log is long, and it is redrawn after every move while it is open.
    """
    w = names.t
    if not entries:
        return f'<p class="muted">{w("page.log.empty")}</p>'
    hidden = 0
    if recent is not None and len(entries) > recent:
        cut = len(entries) - recent
        while cut > 0 and entries[cut].heading == entries[cut - 1].heading:
            cut -= 1
        hidden, entries = cut, entries[cut:]
    out = []
    if hidden:
        out.append(f'<button class="link" data-cmd="log-all">{esc(w("page.log.earlier", n=hidden))}</button>')
    out.append('<ol class="log-groups">')
    heading: str | None = None
    for e in entries:
        if e.heading != heading:
            if heading is not None:
                out.append("</ol></li>")
            heading = e.heading
            title = (f'{chip(e.nation, names)} {esc(w("page.round", n=e.round))}'
                     + (f" · {esc(e.government)}" if e.government else "")
                     if e.nation else esc(e.heading))
            out.append(f'<li class="lg" data-nation="{esc(e.nation or "")}"><div class="lgt" title="{esc(e.heading)}">'
                       f'{title}</div><ol class="moves">')
        here = " here" if current is not None and e.step == current else ""
        marks = "".join(f" n-{esc(k)}" for k in e.notable)
        out.append(f'<li class="mv-row{here}{" notable" if e.notable else ""}{marks}"><button class="mv" '
                   f'data-cmd="replay-to" data-arg="{e.step}" title="{esc(w("page.log.show"))}">'
                   f'<span class="say">{esc(e.text)}</span>{notation(e.action)}</button></li>')
    out.append("</ol></li></ol>")
    return "".join(out)


def scores_html(state: Any, names: Names, breakdown: dict[str, dict], ranking: list[str]) -> str:
    """Final scores from the engine's ``score_breakdown``: per player, interest × factor per nation, cash,
    total; the winner; and, for every group of players tied on points, how the tie was broken."""
    board = names.board
    w = names.t
    nids = list(state.nations)
    facs = {nid: factor(board, state.nations[nid]["power"]) for nid in nids}
    head = "".join(f'<th>{chip(nid, names)}<br><small>×{facs[nid]}</small></th>' for nid in nids)
    rows = []
    # each cell carries its column's name (``data-label``): on a narrow screen a player's row is a card of
    # labelled cells, so that every column is shown (the style sheet; issue 44)
    total, cash = esc(w("page.sc.total")), esc(w("page.sb.cash"))
    for place, name in enumerate(ranking, 1):
        mine = breakdown[name]
        cells = []
        for nid in nids:
            row = mine["nations"].get(nid)
            label = esc(names.nation(nid))
            cells.append(f'<td class="nc n-{esc(nid)}" data-label="{label}">'
                         f"{row['interest']}×{row['factor']}={row['points']}</td>" if row
                         else f'<td class="nc none" data-label="{label}">–</td>')
        rows.append(f'<tr class="{"winner" if place == 1 else ""}"><td class="place">{place}</td><th>{esc(name)}</th>'
                    f'<td class="total" data-label="{total}">{mine["total"]}</td>'
                    f'<td class="cash" data-label="{cash}">{mine["cash"]}</td>{"".join(cells)}</tr>')
    win = ranking[0] if ranking else ""
    tied = tie_note(state, names, {name: breakdown[name]["total"] for name in ranking}, ranking)
    tie = f'<p class="tie">{esc(tied)}</p>' if tied else ""
    return (
        f'<h2>{esc(w("page.sc.wins", player=win))}</h2>'
        f'<p>{w("page.sc.how")}</p>'
        f'<div class="tablewrap" tabindex="0" role="region" aria-label="{esc(w("page.sc.label"))}">'
        f'<table class="scores"><thead><tr><th>#</th><th>{w("page.sb.player")}</th>'
        f'<th>{w("page.sc.total")}</th><th>{w("page.sb.cash")}</th>' + head + '</tr></thead><tbody>' + "".join(rows)
        + "</tbody></table></div>" + tie +
        f'<div class="choices"><button data-cmd="close-scores">{w("page.sc.board")}</button>'
        f'<button data-cmd="replay-first">{w("page.sc.replay")}</button>'
        f'<button data-cmd="review" title="{w("review.button_title")}">{w("review.button")}</button>'
        f'<button data-cmd="home" class="primary">{w("page.new_game")}</button></div>'
    )


def _short(text: Any, n: int) -> str:
    text = str(text)
    return text if len(text) <= n else text[: n - 1] + "…"


def _when(t: float, lang: str = "en") -> str:
    import datetime as _dt

    fmt = {"de": "%d.%m.%Y %H:%M", "es": "%d/%m/%Y %H:%M"}.get(lang, "%Y-%m-%d %H:%M")
    try:
        return _dt.datetime.fromtimestamp(t).strftime(fmt) if t else tx.t(lang, "page.s.time_unknown")
    except (ValueError, OverflowError, OSError):
        return tx.t(lang, "page.s.time_unknown")


#: At most this many rows are drawn (a storage stuffed with thousands of keys must not stall the page).
MAX_ROWS = 200


def saves_html(summaries: list[dict[str, Any]], names_of_nations: dict[str, str], current_id: str = "", *,
               off: bool = False, lang: str = "en") -> str:
    """The list of saved games: readable ones with Resume / Export / Delete; damaged ones with the reason,
    Download raw and Delete (and Try to open, when the page did not even try to read them)."""
    if not summaries:
        if off:
            return f'<p class="muted">{esc(tx.t(lang, "page.s.off"))}</p>'
        return f'<p class="muted">{esc(tx.t(lang, "page.s.none"))}</p>'
    out = ['<ul class="saves-list">']
    for s in summaries[:MAX_ROWS]:
        try:
            out.append(_save_row(s, names_of_nations, current_id, lang))
        except Exception:  # a row that cannot be drawn is shown as damaged, never breaks the list
            out.append(_bad_row({**s, "bad": tx.t(lang, "page.s.cannot_show")}, lang))
    out.append("</ul>")
    if len(summaries) > MAX_ROWS:
        out.append(f'<p class="muted">{esc(tx.t(lang, "page.s.more", n=len(summaries) - MAX_ROWS))}</p>')
    return "".join(out)


def _bad_row(s: dict[str, Any], lang: str = "en") -> str:
    w = _words(lang)
    key = esc(s["key"])
    try_open = (f'<button data-cmd="resume" data-arg="{key}">{w("page.s.try")}</button>' if s.get("openable") else "")
    return (f'<li class="save bad" data-save="{esc(_short(s["id"], 80))}"><div><b>{w("page.s.damaged")}</b> '
            f'<small class="sid">{esc(_short(s["id"], 40))}</small><br>'
            f'<small class="why">{w("page.s.why", reason=_short(s["bad"], 160))}</small></div>'
            f'<div class="acts">{try_open}'
            f'<button data-cmd="download-raw" data-arg="{key}" title="{w("page.s.raw_title")}">'
            f'{w("page.s.raw")}</button>'
            f'<button data-cmd="delete-save" data-arg="{key}">{w("page.s.delete")}</button></div></li>')


def _save_row(s: dict[str, Any], names_of_nations: dict[str, str], current_id: str, lang: str = "en") -> str:
    if s.get("bad"):
        return _bad_row(s, lang)
    w = _words(lang)
    players = [_short(p, 24) for p in s["players"][:6]] + (["…"] if len(s["players"]) > 6 else [])
    nation = s["nation"] if isinstance(s["nation"], str) else ""
    turn = w("page.s.finished") if s["over"] else (
        w("page.s.to_play", player=_short(s["player"] or "?", 24))
        + (f' ({esc(_short(names_of_nations.get(nation, nation), 24))})' if nation else ""))
    mark = f' <span class="tag">{w("page.s.open_now")}</span>' if current_id and s.get("id") == current_id else ""
    key = esc(s["key"])
    board = str(s["board"])
    board = tx.t(lang, "page.p.board." + board) if "page.p.board." + board in tx.TEXT else _short(board, 24).capitalize()
    return (
        f'<li class="save" data-save="{esc(_short(s["id"], 80))}"><div><b>{esc(", ".join(players))}</b>{mark}<br>'
        f'<small>{esc(board)} · {esc(tx.tn(lang, "page.moves", s["moves"]))} · {turn} · '
        f'{esc(_when(s["saved"], lang))}</small></div>'
        f'<div class="acts"><button data-cmd="resume" data-arg="{key}" class="primary">{w("page.s.resume")}</button>'
        + (f'<button data-cmd="review-save" data-arg="{key}">{w("review.button")}</button>' if s["over"] else "")
        + f'<button data-cmd="export-save" data-arg="{key}">{w("page.s.export")}</button>'
        f'<button data-cmd="delete-save" data-arg="{key}">{w("page.s.delete")}</button></div></li>'
    )


def link_prompt_html(m: Any, lang: str = "en") -> str:
    """What a link means for the saved game of the same set-up, and the choices; nothing is overwritten
    unless the player says so (catalogue keys ``page.link.<relation>``)."""
    w = _words(lang)
    players = [_short(p, 24) for p in m.players]
    text = w(f"page.link.{m.relation}", saved=tx.tn(lang, "page.moves", m.saved_moves), link=m.link_moves,
             common=tx.tn(lang, "page.link.common", m.common), more=m.link_moves - m.saved_moves)
    others = tx.tn(lang, "page.link.others", m.others) if m.others else ""

    def button(cmd: str, label: str, primary: bool = False, arg: str = "") -> str:
        cls = ' class="primary"' if primary else ""
        data = f' data-arg="{esc(arg)}"' if arg else ""
        return f'<button{cls} data-cmd="{cmd}"{data}>{w(label)}</button>'

    if m.relation == "continues":
        acts = button("link-continue", "page.link.continue", True, m.key) + button("link-new", "page.link.new")
    elif m.relation == "rewrites":
        acts = button("link-new", "page.link.new", True) + button("resume", "page.link.mine", arg=m.key)
    else:
        acts = button("resume", "page.link.mine", True, m.key) + button("link-new", "page.link.new")
    return (f'<h2>{w("page.link.h_same" if m.relation == "same" else "page.link.h_other")}</h2>'
            f'<p class="rel" data-relation="{esc(m.relation)}">{text}{others}</p>'
            f'<p><small>{w("page.link.saved")} <b>{esc(", ".join(players))}</b> · {esc(_when(m.saved, lang))}</small></p>'
            f'<p class="muted">{w("page.link.note")}</p>'
            f'<div class="choices">{acts}<button data-close>{w("page.link.later")}</button></div>')


def charts_html(charts: dict[str, str], *, where: str = "tab", lang: str = "en") -> str:
    """The charts of the game so far (``render.charts.charts_svg``), each with a button that saves it as an
    SVG file."""
    if not charts:
        return ""
    parts = [f'<div class="charts-list" data-where="{where}">']
    for kind, svg in charts.items():
        parts.append(f'<figure class="chart-box" data-chart="{esc(kind)}">{svg}'
                     f'<figcaption><button type="button" class="small" data-cmd="download-chart" data-arg="{esc(kind)}">'
                     f'{esc(tx.t(lang, "page.chart.save"))}</button></figcaption></figure>')
    parts.append("</div>")
    return "".join(parts)
