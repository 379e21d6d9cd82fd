"""HTML for the panels around the map, as strings (one DOM write per panel).

Every name a player typed goes through :func:`esc`, so a name is always text, never markup.
Numbers shown here are read from the state and the board's tables; nothing here decides a rule.
"""

from __future__ import annotations

from html import escape
from typing import Any

from imperial_core.narrate import Entry

from . import rulehelp
from .choices import Chooser, Names, Token, rondel_label
from .readable import icon, why_text


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def chip(nid: str | None, names: Names) -> str:
    if not nid:
        return ""
    return f'<span class="chip n-{esc(nid)}">{esc(names.nation(nid))}</span>'


def factor(board: Any, power: int) -> int:
    """The power factor printed on the track for ``power`` points (the board's table, via the engine)."""
    return int(board.power_factor_for(power))


def tax_label(board: Any, pos: int) -> str:
    chart = board.tax_chart
    if not 0 <= pos < len(chart):
        return str(pos)
    low = chart[pos][0]
    if pos == 0:
        return f"below {chart[1][0]}" if len(chart) > 1 else "start"
    if pos == len(chart) - 1:
        return f"{low}+"
    return f"{low}"


#: One line on what each kind of decision is, for the player who must take it.
PHASE_TITLE = {
    "auction": "buy one bond of {nation}?",
    "rondel": "choose the rondel space.",
    "swiss": "Swiss Bank: force {nation} to stop on Investor?",
    "factory": "build a factory.",
    "import": "import up to three units.",
    "fleets": "maneuver — move the fleets.",
    "armies": "maneuver — move the armies.",
    "contact": "fight here, or not?",
    "order": "whom to ask first about battle?",
    "demand": "demand battle against {nation}?",
    "invest": "buy a bond or trade one up?",
    "fund": "give cash so that {nation} can pay?",
    "canal": "allow {nation}'s move through the {canal}?",
    "over": "",
}

def core_phase_text(phase: str) -> str:
    """The engine's own words for a kind of decision this page has no text for."""
    try:
        import imperial_core

        return str(imperial_core.PHASES.get(phase, phase))
    except (ImportError, AttributeError):
        return phase


def decision_html(state: Any, chooser: Chooser | None, names: Names, *, replay: tuple[int, int] | None = None,
                  note: str = "", rondel: str = "", last: Entry | None = None, at: str = "",
                  greyed: str = "") -> str:
    """Who decides what, and the choices to click (or the replay notice); ``last``: what the last move did.
    ``at``: the id of the decision these choices are drawn for (a click carries it back, see ``App.choose``).
    ``greyed``: choices that cannot be taken now, with the reason (``readable.unaffordable_html``).
    The header (who, what, the round and the rules "?") stays in view while the panel scrolls."""
    if replay is not None:
        k, n = replay
        did = ""
        if last is not None:
            did = f'<p class="last">Move {k} · {last_move_html(last)}</p>'

        return (
            '<div class="dhead"><div class="who"><b>Replay</b> — view only</div></div>'
            f'<p class="what">Position after move {k} of {n}.</p>{did}'
            '<div class="choices replay-controls">'
            f'<button data-cmd="replay-first" title="Start" aria-label="Start">{icon("first")}</button>'
            f'<button data-cmd="replay-back" title="Back one move" aria-label="Back one move">{icon("back")}</button>'
            f'<button data-cmd="replay-forward" title="Forward one move" aria-label="Forward one move">'
            f'{icon("forward")}</button>'
            f'<button data-cmd="replay-last" title="Last move" aria-label="Last move">{icon("last")}</button>'
            '<button data-cmd="replay-exit" class="primary">Back to the game</button></div>'
        )
    if state.is_over:
        return ('<div class="dhead"><div class="who"><b>The game is over.</b></div>'
                f'{rulehelp.help_html("over", names.board)}</div>'
                '<div class="choices"><button data-cmd="scores" class="primary">Show the scores</button></div>')
    player = state.current_player
    nation = state.active_nation
    phase = state.decision
    if nation is None and chooser is not None:  # auction: the nation being financed, from its bonds
        nation = next((a.nation for a in chooser.actions if a.type == "bond"), None)
    what = esc(PHASE_TITLE.get(phase) or core_phase_text(phase)).replace("{nation}", chip(nation, names))
    contact = state.turn.get("contact") if isinstance(state.turn, dict) else None
    lead = chip(nation, names)
    if phase == "canal":  # the canal's owner decides: the nation whose flag stands in its controlling region
        canal = next((c for c in names.board.canals if c.id == state.turn["queue"][0]), None)
        owner = next((nid for nid, n in state.nations.items() if canal and canal.controlled_by in n["flags"]), None)
        lead = chip(owner, names)
        what = what.replace("{canal}", esc(canal.name if canal else "canal"))
        move = " ".join(state.turn.get("pending") or ())
        what += f' <code class="nt">{esc(move)}</code>'
    if phase == "demand" and contact and contact.get("asking"):
        lead = chip(contact["asking"][0], names)  # the asked government decides for its own nation
    elif phase in ("auction", "swiss", "invest"):
        lead = ""
    cash = ""
    if phase in ("invest", "auction", "fund", "swiss", "rondel"):
        have = next((p["cash"] for p in state.players if p["name"] == player), None)
        if have is not None:
            cash = f' <span class="cash" title="cash">({have}M)</span>'
    why = why_text(state, names)
    why = f'<p class="why-line">{esc(why)}</p>' if why else ""
    out = [f'<div class="dhead"><div class="who" data-testid="whose-turn">{lead} <b class="pname">{esc(player)}</b>'
           f'{cash}: {what}{why}</div>{rulehelp.help_html(phase, names.board)}</div>']
    if contact and phase in ("contact", "order", "demand"):
        out.append(f'<p class="what">A {esc(contact["unit"])} arrived in '
                   f'<b>{esc(names.region(contact["region"]))}</b>.</p>')
    if note:
        out.append(f'<p class="note">{esc(note)}</p>')
    if last is not None:
        out.append(f'<p class="last" data-testid="last-move">Last move · {last_move_html(last)}</p>')
    if chooser is not None:
        sel = chooser.selected()
        if sel:
            out.append('<p class="step">Selected: <b>' + esc(" → ".join(t.label for t in sel)) +
                       '</b>. <button data-cmd="cancel" class="link">Cancel (Esc)</button></p>')
        tokens = chooser.next_tokens()
        if phase == "rondel" and rondel:
            out.append(clickable_rondel(rondel, names.board, tokens, at))
        out.append(choices_html(tokens, at, greyed))
    return "".join(out)


def clickable_rondel(svg: str, board: Any, tokens: list[Token], at: str = "") -> str:
    """The renderer's rondel with its legal spaces made clickable (``data-choice``), as map regions are; the
    keyboard goes through the buttons instead, which follow the decision's order."""
    labels = rondel_spaces(board)
    for t in tokens:
        if t.kind == "opt" and t.value.startswith("rondel "):
            lab = t.value.split(" ", 1)[1]
            if lab in labels:
                i = labels.index(lab)
                svg = svg.replace(f'data-rondel="{i}"', f'data-rondel="{i}" data-choice="{esc(t.value)}" '
                                  f'data-at="{esc(at)}" tabindex="-1" role="button" aria-label="{esc(t.label)}"', 1)
    return f'<div class="rondel-svg">{svg}</div>'


def choices_html(tokens: list[Token], at: str = "", greyed: str = "") -> str:
    groups: dict[str, list[Token]] = {}
    for t in tokens:
        groups.setdefault(t.group, []).append(t)
    out = ['<div class="choices">']
    for group, toks in groups.items():
        if group:
            out.append(f'<div class="group"><span class="glabel">{esc(group)}</span>')
        else:
            out.append('<div class="group">')
        for t in toks:
            cls = "choice region" if t.kind == "region" else "choice"
            note = f'<small class="cnote">{esc(t.note)}</small>' if t.note else ""
            out.append(f'<button class="{cls}" data-choice="{esc(t.value)}" data-at="{esc(at)}">{esc(t.label)}{note}'
                       '</button>')
        out.append("</div>")
    out.append(greyed)
    out.append("</div>")
    return "".join(out)


def nations_html(state: Any, names: Names, drawings: str = "") -> str:
    board = names.board
    labels = rondel_spaces(board)
    out = ['<div class="nations">', drawings]
    for nid, n in state.nations.items():
        active = " active" if nid == state.active_nation else ""
        armies = sum(n["armies"].values())
        fleets = sum(n["fleets"].values())
        avail = [str(v) for v, h in sorted(n["bonds"].items()) if h is None]
        rondel = "start" if n["rondel"] is None else rondel_label(labels[n["rondel"]])
        gov = esc(n["government"]) if n["government"] else '<i class="muted">no government</i>'
        stats = [
            ("Treasury", f'{n["treasury"]}M'),
            ("Power", f'{n["power"]} <small>×{factor(board, n["power"])}</small>'),
            ("Tax chart", esc(tax_label(board, n["tax"]))),
            ("Rondel", esc(rondel)),
            ("Armies", str(armies)),
            ("Fleets", str(fleets)),
            ("Factories", str(len(n["factories"]))),
            ("Flags", str(len(n["flags"]))),
        ]
        cells = "".join(f"<div><dt>{k}</dt><dd>{v}</dd></div>" for k, v in stats)
        out.append(
            f'<section class="nation n-{esc(nid)}{active}" data-nation="{esc(nid)}">'
            f'<h3><span>{esc(names.nation(nid))}</span><span class="gov">{gov}</span></h3>'
            f'<dl>{cells}</dl>'
            f'<div class="power" title="Power points {n["power"]} of 25"><span style="width:{min(100, n["power"] * 4)}%">'
            '</span></div>'
            f'<div class="bonds">Bonds for sale: {esc(" ".join(avail)) or "none"}</div>'
            '</section>'
        )
    out.append("</div>")
    return "".join(out)


def rondel_spaces(board: Any) -> list[str]:
    """Notation names of the rondel spaces, from the engine (a name used twice gets 1/2)."""
    import imperial_core

    return imperial_core.rondel_spaces(board)


def players_html(state: Any, names: Names, *, secret_cash: bool = False) -> str:
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
            tags.append('<span class="tag card">Investor card</span>')
        if name in state.swiss_banks:
            tags.append('<span class="tag swiss">Swiss Bank</span>')
        gov = " ".join(chip(nid, names) for nid in govs.get(name, [])) or '<i class="muted">no government</i>'
        bl = []
        total_interest = 0
        for nid, v in bonds.get(name, []):
            i = names.interest(v) or 0
            total_interest += i
            bl.append(f'<span class="bond n-{esc(nid)}" title="{esc(names.nation(nid))}: bond {v}M, '
                      f'interest {i}M">{esc(nid)} {v}<small>/{i}</small></span>')
        cash = "" if secret_cash else f'{p["cash"]}M'
        out.append(
            f'<section class="player{cur}"><h3>{esc(name)} <span class="cash">{cash}</span></h3>'
            f'<div class="tags">{"".join(tags)}</div>'
            f'<div class="govs">{gov}</div>'
            f'<div class="bondlist">{"".join(bl) or "<i class=muted>no bonds</i>"}'
            f'{f" <small>({total_interest}M interest)</small>" if bl else ""}</div>'
            '</section>'
        )
    edition = "first edition" if state.edition == "first" else "current rules"
    setup = "auction set-up" if state.setup == "auction" else "standard deal"
    card = "with investor card" if state.investor_card else "without investor card"
    board = {"europe": "Europe", "world2030": "Imperial 2030"}.get(state.board, state.board)
    bonus = " · bonus only for tax increases" if getattr(state, "increase_bonus", False) else ""
    out.append(f'<p class="muted setup-line">{esc(board)} · {edition} · {setup} · {card}{bonus} · '
               f'seed {state.seed}</p>')
    out.append("</div>")
    return "".join(out)


def last_move_html(e: Entry) -> str:
    """"Round 3 · Italy (Bo) moves to Taxation: +9M tax, …" with the move's notation beside it."""
    where = f"Round {e.round} · " if e.round else ""
    return f'{esc(where)}{esc(e.text)} <code class="nt">{esc(e.action)}</code>'


def log_html(entries: list[Entry], names: Names, *, current: int | None = None, recent: int | None = None) -> str:
    """The log: one group per nation turn headed with its round ("Round 3 · Italy (Bo)"), one sentence per
    move with its amounts (from the engine's events); battles, destroyed factories and government changes
    stand out.  Each entry opens the replay at that move.

    With ``recent``, only about that many of the latest moves are drawn (whole nation turns), plus a button
    for the rest: a long game's log is long, and it is redrawn after every move while it is open.
    """
    if not entries:
        return '<p class="muted">No moves yet.</p>'
    hidden = 0
    if recent is not None and len(entries) > recent:
        cut = len(entries) - recent
        while cut > 0 and entries[cut].heading == entries[cut - 1].heading:
            cut -= 1
        hidden, entries = cut, entries[cut:]
    out = []
    if hidden:
        out.append(f'<button class="link" data-cmd="log-all">Show the {hidden} earlier moves</button>')
    out.append('<ol class="log-groups">')
    heading: str | None = None
    for e in entries:
        if e.heading != heading:
            if heading is not None:
                out.append("</ol></li>")
            heading = e.heading
            title = (f'{chip(e.nation, names)} Round {e.round}' + (f" · {esc(e.government)}" if e.government else "")
                     if e.nation else esc(e.heading))
            out.append(f'<li class="lg" data-nation="{esc(e.nation or "")}"><div class="lgt" title="{esc(e.heading)}">'
                       f'{title}</div><ol class="moves">')
        here = " here" if current is not None and e.step == current else ""
        marks = "".join(f" n-{esc(k)}" for k in e.notable)
        out.append(f'<li class="mv-row{here}{" notable" if e.notable else ""}{marks}"><button class="mv" '
                   f'data-cmd="replay-to" data-arg="{e.step}" title="Show the position after this move">'
                   f'<span class="say">{esc(e.text)}</span> <code>{esc(e.action)}</code></button></li>')
    out.append("</ol></li></ol>")
    return "".join(out)


def scores_html(state: Any, names: Names, breakdown: dict[str, dict], ranking: list[str]) -> str:
    """Final scores from the engine's ``score_breakdown``: per player, interest × factor per nation, cash,
    total; the winner; and, for every group of players tied on points, how the tie was broken."""
    board = names.board
    nids = list(state.nations)
    facs = {nid: factor(board, state.nations[nid]["power"]) for nid in nids}
    head = "".join(f'<th>{chip(nid, names)}<br><small>×{facs[nid]}</small></th>' for nid in nids)
    rows = []
    for place, name in enumerate(ranking, 1):
        mine = breakdown[name]
        cells = []
        for nid in nids:
            row = mine["nations"].get(nid)
            cells.append(f"<td>{row['interest']}×{row['factor']}={row['points']}</td>" if row else "<td>–</td>")
        rows.append(f'<tr class="{"winner" if place == 1 else ""}"><td>{place}</td><th>{esc(name)}</th>'
                    f'<td class="total">{mine["total"]}</td><td>{mine["cash"]}</td>{"".join(cells)}</tr>')
    win = ranking[0] if ranking else ""
    groups: dict[int, list[str]] = {}
    for name in ranking:
        groups.setdefault(breakdown[name]["total"], []).append(name)
    tied = [g for g in groups.values() if len(g) > 1]
    tie = ""
    if tied:
        order = sorted(nids, key=lambda nid: -state.nations[nid]["power"])
        tie = ('<p class="tie">Tied on points: ' + esc("; ".join(", ".join(g) for g in tied)) +
               " (placed in this order). A tie is broken by the credit (sum of bond values) in the most "
               "powerful nation, then the next: " +
               esc(", ".join(f"{names.nation(nid)} ({state.nations[nid]['power']})" for nid in order)) + ".</p>")
    return (
        f'<h2>{esc(win)} wins!</h2>'
        '<p>Score = interest of each bond × the power factor of its nation, plus cash.</p>'
        '<div class="tablewrap"><table class="scores"><thead><tr><th>#</th><th>Player</th><th>Total</th>'
        '<th>Cash</th>' + head + '</tr></thead><tbody>' + "".join(rows) + "</tbody></table></div>" + tie +
        '<div class="choices"><button data-cmd="close-scores">Look at the board</button>'
        '<button data-cmd="replay-first">Replay the game</button>'
        '<button data-cmd="home" class="primary">New game</button></div>'
    )


def _short(text: Any, n: int) -> str:
    text = str(text)
    return text if len(text) <= n else text[: n - 1] + "…"


def _when(t: float) -> str:
    import datetime as _dt

    try:
        return _dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M") if t else "time unknown"
    except (ValueError, OverflowError, OSError):
        return "time unknown"


#: At most this many rows are drawn (a storage stuffed with thousands of keys must not stall the page).
MAX_ROWS = 200


def saves_html(summaries: list[dict[str, Any]], names_of_nations: dict[str, str], current_id: str = "", *,
               off: bool = False) -> str:
    """The list of saved games: readable ones with Resume / Export / Delete; damaged ones with the reason,
    Download raw and Delete (and Try to open, when the page did not even try to read them)."""
    if not summaries:
        if off:
            return ('<p class="muted">Saving is off in this browser: games are kept only while this page is '
                    'open. Use “Copy link” or Export to keep a game.</p>')
        return '<p class="muted">No saved games yet. Games save themselves after every move.</p>'
    out = ['<ul class="saves-list">']
    for s in summaries[:MAX_ROWS]:
        try:
            out.append(_save_row(s, names_of_nations, current_id))
        except Exception:  # a row that cannot be drawn is shown as damaged, never breaks the list
            out.append(_bad_row({**s, "bad": "it cannot be shown"}))
    out.append("</ul>")
    if len(summaries) > MAX_ROWS:
        out.append(f'<p class="muted">… and {len(summaries) - MAX_ROWS} more stored games not shown.</p>')
    return "".join(out)


def _bad_row(s: dict[str, Any]) -> str:
    key = esc(s["key"])
    try_open = (f'<button data-cmd="resume" data-arg="{key}">Try to open</button>' if s.get("openable") else "")
    return (f'<li class="save bad" data-save="{esc(_short(s["id"], 80))}"><div><b>Damaged save</b> '
            f'<small class="sid">{esc(_short(s["id"], 40))}</small><br>'
            f'<small class="why">It cannot be opened: {esc(_short(s["bad"], 160))}.</small></div>'
            f'<div class="acts">{try_open}'
            f'<button data-cmd="download-raw" data-arg="{key}" title="Keep what is stored, exactly as it is">'
            f'Download raw</button>'
            f'<button data-cmd="delete-save" data-arg="{key}">Delete</button></div></li>')


def _save_row(s: dict[str, Any], names_of_nations: dict[str, str], current_id: str) -> str:
    if s.get("bad"):
        return _bad_row(s)
    players = [_short(p, 24) for p in s["players"][:6]] + (["…"] if len(s["players"]) > 6 else [])
    nation = s["nation"] if isinstance(s["nation"], str) else ""
    turn = "finished" if s["over"] else (
        f'{esc(_short(s["player"] or "?", 24))} to play'
        + (f' ({esc(_short(names_of_nations.get(nation, nation), 24))})' if nation else ""))
    mark = ' <span class="tag">open now</span>' if current_id and s.get("id") == current_id else ""
    key = esc(s["key"])
    return (
        f'<li class="save" data-save="{esc(_short(s["id"], 80))}"><div><b>{esc(", ".join(players))}</b>{mark}<br>'
        f'<small>{esc(_short(s["board"], 24).capitalize())} · {s["moves"]} moves · {turn} · '
        f'{esc(_when(s["saved"]))}</small></div>'
        f'<div class="acts"><button data-cmd="resume" data-arg="{key}" class="primary">Resume</button>'
        f'<button data-cmd="export-save" data-arg="{key}">Export</button>'
        f'<button data-cmd="delete-save" data-arg="{key}">Delete</button></div></li>'
    )


#: What the page says when a link's game is already saved here (``saves.classify_link``).
LINK_RELATION = {
    "same": "You already have this game saved here, at the same move.",
    "continues": "This link continues your saved game: it has all of its {saved} moves and {more} more.",
    "behind": "Your saved game is further along: it has {saved} moves; this link stops at move {link}.",
    "rewrites": "This link rewrites your saved game: both agree for the first {common} moves, then they "
                "differ (your save has {saved} moves, the link {link}).",
}


def link_prompt_html(m: Any) -> str:
    """What a link means for the saved game of the same set-up, and the choices; nothing is overwritten
    unless the player says so."""
    players = [_short(p, 24) for p in m.players]
    text = LINK_RELATION[m.relation].format(saved=m.saved_moves, link=m.link_moves, common=m.common,
                                            more=m.link_moves - m.saved_moves)
    others = (f" ({m.others} more saved {'game has' if m.others == 1 else 'games have'} the same set-up.)"
              if m.others else "")
    def button(cmd: str, label: str, primary: bool = False, arg: str = "") -> str:
        cls = ' class="primary"' if primary else ""
        data = f' data-arg="{esc(arg)}"' if arg else ""
        return f'<button{cls} data-cmd="{cmd}"{data}>{label}</button>'

    if m.relation == "continues":
        acts = button("link-continue", "Continue my saved game", True, m.key) + button("link-new", "Open as a new save")
    elif m.relation == "rewrites":
        acts = button("link-new", "Open as a new save", True) + button("resume", "Open my saved game", arg=m.key)
    else:
        acts = button("resume", "Open my saved game", True, m.key) + button("link-new", "Open as a new save")
    return (f'<h2>{"This game is saved here" if m.relation == "same" else "A game you have saved"}</h2>'
            f'<p class="rel" data-relation="{esc(m.relation)}">{esc(text)}{esc(others)}</p>'
            f'<p><small>Saved game: <b>{esc(", ".join(players))}</b> · {esc(_when(m.saved))}</small></p>'
            f'<p class="muted">The game from the link is shown now; nothing is saved or overwritten until you '
            f'choose (or make a move, which saves it as a new game).</p>'
            f'<div class="choices">{acts}<button data-close>Decide later</button></div>')


def charts_html(charts: dict[str, str], *, where: str = "tab") -> str:
    """The charts of the game so far (``render.charts.charts_svg``), each with a button that saves it as an
    SVG file."""
    if not charts:
        return ""
    parts = [f'<div class="charts-list" data-where="{where}">']
    for kind, svg in charts.items():
        parts.append(f'<figure class="chart-box" data-chart="{esc(kind)}">{svg}'
                     f'<figcaption><button type="button" class="small" data-cmd="download_chart" data-arg="{esc(kind)}">'
                     f'Save as SVG</button></figcaption></figure>')
    parts.append("</div>")
    return "".join(parts)
