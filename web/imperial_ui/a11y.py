"""Texts for screen readers: each region of the map named with what stands on it, and the move just made.

Pure functions of the state (no page): ``region_label(state, rid, lang)`` is what the page sets as the
``aria-label`` of the region's path after each move, ``region_labels`` the same for every region of the board,
``moved(k, sentence, lang)`` what the polite live region says.  Words come from ``imperial_text``
(area ``a11y``), names through ``imperial_text.nation`` / ``region``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

import imperial_core as core
import imperial_text as tx


@cache
def _board(board_id: str) -> Any:
    return core.load_board(board_id)


def region_label(state: Any, rid: str, lang: str = "en") -> str:
    """"Vienna: home province of Austria-Hungary, Austria-Hungary armaments factory, 2 armies of
    Austria-Hungary": the region's name, its home nation, then its factory, flag and units (in turn order)."""
    board = _board(state.board)
    return _label(board.id, rid, lang, _standings(state, board.nation_ids).get(rid, _empty(len(board.nation_ids))))


Standing = tuple[tuple[bool, bool, int, int, int], ...]


@cache
def _empty(nations: int) -> Standing:
    return ((False, False, 0, 0, 0),) * nations


def _standings(state: Any, nation_ids: Any) -> dict[str, Standing]:
    """What stands in each region where something stands, per nation in turn order: factory, flag, armies,
    hostile armies, fleets (a region left out stands empty).  One pass over the nations' pieces."""
    rows: dict[str, list[tuple[bool, bool, int, int, int]]] = {}
    empty = (False, False, 0, 0, 0)
    count = len(nation_ids)
    for i, nid in enumerate(nation_ids):
        n = state.nations.get(nid)
        if n is None:
            continue
        factories, flags, armies, hostile, fleets = n["factories"], n["flags"], n["armies"], n["hostile"], n["fleets"]
        for rid in {*factories, *flags, *armies, *fleets}:
            row = rows.get(rid)
            if row is None:
                row = rows[rid] = [empty] * count
            a = armies.get(rid, 0)
            row[i] = (rid in factories, rid in flags, a, min(hostile.get(rid, 0), a), fleets.get(rid, 0))
    return {rid: tuple(row) for rid, row in rows.items()}


@lru_cache(maxsize=8192)
def _label(board_id: str, rid: str, lang: str, standing: Standing) -> str:
    """``region_label`` of what stands there (``_standings``): a move words again only the regions it changed."""
    board = _board(board_id)
    reg = board.regions[rid]

    def nation(nid: str) -> str:
        return tx.nation(lang, board.id, nid, board.nation_name(nid))

    bits: list[str] = []
    if reg.nation:
        bits.append(tx.t(lang, "a11y.home", nation=nation(reg.nation)))
    for nid, (factory, flag, _armies, _hostile, _fleets) in zip(board.nation_ids, standing, strict=True):
        if factory:
            kind = "shipyard" if reg.factory_site == "shipyard" else "armaments"
            bits.append(tx.t(lang, f"a11y.factory.{kind}", nation=nation(nid)))
        if flag:
            bits.append(tx.t(lang, "a11y.flag", nation=nation(nid)))
    for nid, (_factory, _flag, armies, hostile, fleets) in zip(board.nation_ids, standing, strict=True):
        if armies - hostile:
            bits.append(tx.tn(lang, "a11y.armies", armies - hostile, nation=nation(nid)))
        if hostile:
            bits.append(tx.tn(lang, "a11y.hostile", hostile, nation=nation(nid)))
        if fleets:
            bits.append(tx.tn(lang, "a11y.fleets", fleets, nation=nation(nid)))
    if not any(b for b in bits[1 if reg.nation else 0:]):
        bits.append(tx.t(lang, "a11y.empty"))
    name = tx.region(lang, board.id, rid, reg.name)
    return tx.t(lang, "a11y.region", name=name, content=", ".join(bits))


def region_labels(state: Any, lang: str = "en", choices: dict[str, str] | None = None) -> dict[str, str]:
    """``region_label`` of every region of the state's board where pieces may stand (not the impassable
    ones); a region that may be clicked now (``choices``: region id -> the choice's label) is named by its
    choice first (``with_choices``)."""
    board = _board(state.board)
    standings, empty = _standings(state, board.nation_ids), _empty(len(board.nation_ids))
    out = {rid: _label(board.id, rid, lang, standings.get(rid, empty)) for rid, reg in board.regions.items()
           if reg.kind != "impassable"}
    return with_choices(out, choices or {}, lang)


def with_choices(labels: dict[str, str], choices: dict[str, str], lang: str = "en") -> dict[str, str]:
    """The region labels with each region that may be clicked now named by its choice first."""
    if not choices:
        return labels
    return {rid: tx.t(lang, "a11y.choice", choice=choices[rid], description=text) if rid in choices else text
            for rid, text in labels.items()}


def moved(k: int, sentence: str, lang: str = "en") -> str:
    """What the live region says after move ``k`` (its log sentence)."""
    return tx.t(lang, "a11y.moved", k=tx.number(lang, k), text=sentence)
