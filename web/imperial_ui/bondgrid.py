"""A bond decision as the bond tray (issue 36): a row per nation, a cell per bond on offer with its price and
interest, trade-ups marked, the bonds too dear greyed in one cell with the reason.  Pure functions from the
engine's state and the decision's choices to HTML, testable in CPython."""

from __future__ import annotations

from typing import Any

import imperial_core as core

from .choices import Names
from .readable import esc


# -- a bond decision as a grid (issue 36) -------------------------------------------------------------------
def _bond_parts(value: str) -> tuple[str, int, int | None] | None:
    """``bond IT 12 return 6`` -> ``("IT", 12, 6)``; ``None`` for anything else."""
    p = value.split()
    if len(p) < 3 or p[0] != "bond":
        return None
    return p[1], int(p[2]), (int(p[4]) if len(p) > 4 else None)


def bond_grid_html(state: Any, names: Names, tokens: list[Any], at: str = "", target: str = "") -> str:
    """The bonds on offer as the bond tray lays them out: a row per nation, a cell per bond (its price, its
    interest, a trade-up marked "↑ for your 9M", a crown where it gives the government), the bonds the
    player cannot pay greyed (not choices: no ``data-choice``) with the reason.  ``tokens``: the decision's
    choices (``Chooser.next_tokens``), the pass among them."""
    w, m = names.t, names.money
    offered: dict[str, list[tuple[int, int | None, Any]]] = {}
    rest = []
    for t in tokens:
        parts = _bond_parts(t.value)
        if parts is None:
            rest.append(t)
            continue
        offered.setdefault(parts[0], []).append((parts[1], parts[2], t))
    player = state.current_player
    cash = next((p["cash"] for p in state.players if p["name"] == player), 0)
    previews = core.choice_previews(state)
    nations = list(state.nations) if state.decision == "invest" else [n for n in state.nations if n in offered]
    greyed_any = False
    out = ['<div class="choices bondgrid">']
    for nid in nations:
        n = state.nations[nid]
        own = [v for v, h in n["bonds"].items() if h == player]
        cells = []
        dear: list[tuple[int, int]] = []  # the bonds the player cannot pay: one greyed cell
        legal = {v for v, _, _ in offered.get(nid, [])}
        for value in sorted(v for v, h in n["bonds"].items() if h is None or v in legal):
            interest = names.interest(value)
            small = w("page.opt.bond_interest", n=names.number(interest)).strip().strip("()") if interest else ""
            for v, trade, t in sorted(offered.get(nid, []), key=lambda x: (x[0], x[1] or 0)):
                if v != value:
                    continue
                up = f'<small class="up">↑ {esc(m(trade))}</small>' if trade is not None else ""
                gov = previews.get(t.value, {}).get("becomes_government")
                crown = '<span class="crown" aria-hidden="true">♛</span>' if gov else ""
                said = t.label + (" — " + t.note if t.note else "")
                mark = ' data-tutorial-target=""' if target and t.value == target else ""
                # named by its words (the nation and the choice, read aloud), the cell's figures shown: a
                # name of its own (aria-label) would not contain the figures the cell shows (axe, issue 44)
                cells.append(f'<button class="choice bondcell{" trade" if up else ""}{" gov" if gov else ""}" '
                             f'data-choice="{esc(t.value)}" data-at="{esc(at)}"{mark} title="{esc(said)}">'
                             f'<span class="visually-hidden">{esc(names.nation(nid))}: {esc(said)}</span>'
                             f'<span class="bfig" aria-hidden="true"><b>{esc(m(value))}{crown}</b>'
                             f'<small>{esc(small)}</small>{up}</span></button>')
            if value in legal:
                continue
            trade = max((v for v in own if v < value), default=0)
            if cash + trade >= value:  # not on offer for another reason than its price: not shown
                continue
            dear.append((value, trade))
        if dear:
            greyed_any = True
            value, trade = dear[0]
            cost = m(value - trade) + (w("page.opt.bond_trade", amount=m(trade)) if trade else "")
            why = w("page.costs", has=w("page.has", player=player, amount=m(cash)),
                    space=f"{names.nation(nid)} {m(value)}", cost=cost)
            values = (names.number(dear[0][0]) + "–" if len(dear) > 1 else "") + m(dear[-1][0])
            cells.append(f'<button class="choice off bondcell dear" disabled aria-disabled="true" '
                         f'data-unaffordable="bond {esc(nid)}" title="{esc(why)}" aria-describedby="why-bond-{esc(nid)}">'
                         f'<b>{esc(values)}</b>'
                         f'<span id="why-bond-{esc(nid)}" hidden>{esc(why)}</span></button>')
        if not cells:
            continue
        out.append(f'<div class="group brow n-{esc(nid)}" data-nation="{esc(nid)}">'
                   f'<span class="glabel">{esc(names.nation(nid))}</span><div class="bcells">{"".join(cells)}</div>'
                   '</div>')
    notes = []
    if any(trade is not None for row in offered.values() for _, trade, _ in row):
        notes.append("↑ " + w("page.opt.bond_trade", amount="…").strip())
    if greyed_any:
        notes.append(w("page.too_expensive") + ": " + w("page.has", player=player, amount=m(cash)))
    out.append('<div class="group bfoot">')
    for t in rest:
        mark = ' data-tutorial-target=""' if target and t.value == target else ""
        out.append(f'<button class="choice" data-choice="{esc(t.value)}" data-at="{esc(at)}"{mark}>{esc(t.label)}</button>')
    if notes:
        out.append(f'<p class="bond-why">{esc(" · ".join(notes))}</p>')
    out.append("</div>")
    out.append("</div>")
    return "".join(out)
