"""Rondel, tracks and treasuries: every nation's marker where the state puts it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from midgame import midgame_state
from render import rondel_svg, tracks_svg, treasuries_svg

SVG = "{http://www.w3.org/2000/svg}"


def markers(svg: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for el in ET.fromstring(svg).iter(f"{SVG}circle"):
        if el.get("data-nation"):
            out.setdefault(el.get("data-nation"), []).append(el.find(f"{SVG}title").text)
    return out


def test_rondel_shows_each_nation_on_its_space() -> None:
    state = midgame_state()
    svg = rondel_svg(state)
    root = ET.fromstring(svg)
    spaces = [e for e in root.iter(f"{SVG}path") if e.get("data-rondel") is not None]
    assert len(spaces) == len(state.board_data.rondel)
    got = markers(svg)
    assert got["AH"] == ["Austria-Hungary: Maneuver"]
    assert got["GE"] == ["German Empire: Factory"]
    assert got["IT"] == ["Italy: Taxation"]
    active = [e.get("data-rondel") for e in spaces if "active" in e.get("class", "")]
    assert active == [str(state.nations[state.active_nation]["rondel"])]


def test_rondel_centre_before_the_first_turn() -> None:
    from imperial_core import new_game

    got = markers(rondel_svg(new_game(["Ann", "Bob"], seed=3)))
    assert all(v == [f"{k_name}: not yet on the rondel"] for v, k_name in
               zip(got.values(), ["Austria-Hungary", "Italy", "France", "Great Britain", "German Empire", "Russia"],
                   strict=True))


def test_tracks_show_power_points_and_tax_positions() -> None:
    state = midgame_state()
    got = markers(tracks_svg(state))
    for nid, n in state.nations.items():
        assert f"{n['power']} power points" in got[nid][0]
        assert got[nid][1].endswith(f"tax chart space {n['tax']}")


def test_treasuries_table_lists_every_nation() -> None:
    state = midgame_state()
    svg = treasuries_svg(state)
    rows = {g.get("data-nation"): [t.text for t in g.iter(f"{SVG}text")]
            for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("data-nation")}
    board = state.board_data
    for nid, n in state.nations.items():
        assert rows[nid][1:] == [board.nation_name(nid), n["government"] or "—", f"{n['treasury']}m",
                                 str(n["power"]), str(board.power_factor_for(n["power"]))]
