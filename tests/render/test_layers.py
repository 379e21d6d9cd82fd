"""The layered board: a static board per board, a pieces layer per state, highlights in an overlay.

``board_svg`` (one piece, for export and tests) must be exactly what the page shows after it has put the
static board and the overlay in once, swapped the pieces layer and swapped the overlay's highlight groups
(``ui.js`` does these things in the browser; ``e2e/test_board_dom.py`` compares the real DOM with
``board_svg``).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import imperial_core as core
import pytest
from imperial_text import nation
from render import (
    HIGHLIGHTS,
    board_svg,
    compose,
    highlights_svg,
    load_geometry,
    overlay_svg,
    pieces_svg,
    static_svg,
)
from render.style import highlight_stylesheet

SVG = "{http://www.w3.org/2000/svg}"


def canonical(el: ET.Element) -> tuple:
    """An element as comparable data: tag, attributes (order-free), text and children in order."""
    return (el.tag, tuple(sorted(el.attrib.items())), (el.text or "").strip(),
            tuple(canonical(c) for c in el), (el.tail or "").strip())


def shown_by_the_page(static: str, pieces: str) -> ET.Element:
    """What the page does, on a parsed tree: the static board in, its empty pieces layer replaced by the
    drawn one."""
    root = ET.fromstring(static)
    layer = root[-1]
    assert layer.get("class") == "pieces" and len(layer) == 0
    root.remove(layer)
    root.append(ET.fromstring(pieces.replace("<g ", f'<g xmlns="{SVG[1:-1]}" ', 1)))
    return root


def overlay_shown(overlay: str, *drawn: str) -> ET.Element:
    """The overlay as the page shows it after ``drawn`` (``highlights_svg`` groups, in turn): each kind's group
    replaces the one on screen (``ui.js`` highlight)."""
    root = ET.fromstring(overlay)
    layer = root.find(f"{SVG}g")
    assert layer is not None and layer.get("class") == "highlights"
    for markup in drawn:
        for group in ET.fromstring(markup.replace("<g ", f'<g xmlns="{SVG[1:-1]}" ', 1)):
            i = [g.get("data-kind") for g in layer].index(group.get("data-kind"))
            layer.remove(layer[i])
            layer.insert(i, group)
    return root


def without_highlights(svg: str) -> tuple[ET.Element, ET.Element | None, dict[str, str]]:
    """A one-piece drawing split: the drawing without its highlights, their group, and the outlines (id -> path
    data) it defines for them."""
    root = ET.fromstring(svg)
    group = root.find(f"{SVG}g[@class='highlights']")
    if group is not None:  # the highlights, and the names drawn again over them
        assert [g.get("class") for g in root[-2:]] == ["highlights", "labels names-over"]
        root.remove(group)
        root.remove(root[-1])
    defs = root.find(f"{SVG}defs")
    outlines = {p.get("id"): p.get("d") for p in defs.findall(f"{SVG}path") if p.get("id", "").startswith("o-")}
    for p in [p for p in defs.findall(f"{SVG}path") if p.get("id", "").startswith("o-")]:
        defs.remove(p)
    style = defs.find(f"{SVG}style")
    if group is not None:
        assert style.text.endswith(highlight_stylesheet())
        style.text = style.text[:-len(highlight_stylesheet())]
    return root, group, outlines


def played(board: str, seed: int, moves: int) -> list:
    """States of a seeded random game, every few moves."""
    rng = random.Random(seed)
    players = ["Ann", "Bob", "Cem", "Dee"]
    s = core.new_game(players, board=board, seed=seed) if board != "europe" else core.new_game(players, seed=seed)
    out = [s]
    for i in range(moves):
        if s.is_over:
            break
        s = core.apply(s, rng.choice(core.legal_actions(s)))
        if i % 37 == 0:
            out.append(s)
    return out


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_the_composed_board_is_what_the_page_shows(board: str) -> None:
    rng = random.Random(3)
    static = static_svg(board)
    overlay = overlay_svg(board)
    regions = [el.get("data-region") for el in ET.fromstring(static).iter() if el.get("data-region")]
    paths = {el.get("data-region"): el.get("d") for el in ET.fromstring(static).iter() if el.get("data-region")}
    drawn = [highlights_svg(board, botmove=rng.sample(regions, 3))]  # a computer's move, cleared below
    for state in played(board, 5, 400):
        choices = {r: f"label of {r}" for r in rng.sample(regions, rng.randrange(0, 6))}
        selected = rng.sample(regions, rng.randrange(0, 2))
        recent = rng.sample(regions, rng.randrange(0, 3)) + list(choices)[:1]
        at = str(rng.randrange(1, 99))
        drawn.append(highlights_svg(board, choices=choices, selected=selected, recent=recent, at=at))
        drawn.append(highlights_svg(board, botmove=[], hinted=[]))
        page = shown_by_the_page(static, pieces_svg(state))
        one, group, outlines = without_highlights(board_svg(state, choices=choices, selected=selected,
                                                            recent=recent, at=at))
        # the board on screen is the drawing without highlights; the overlay shows exactly its highlights
        assert canonical(page) == canonical(one) == canonical(ET.fromstring(board_svg(state)))
        shown = overlay_shown(overlay, *drawn)
        if group is None:  # nothing highlighted: the drawing has no group, the overlay's are empty
            assert not any(len(g) for g in shown.find(f"{SVG}g"))
            continue
        assert canonical(shown.find(f"{SVG}g")) == canonical(group)
        # ... over the same outlines: every region's own, defined once per region in the overlay
        page_outlines = {p.get("id"): p.get("d") for p in shown.find(f"{SVG}defs").findall(f"{SVG}path")}
        assert page_outlines == {f"o-{rid}": d for rid, d in paths.items()}
        used = {u.get("href") for u in group.iter(f"{SVG}use")}
        assert set(outlines) == {h[1:] for h in used} and all(page_outlines[k] == d for k, d in outlines.items())


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_the_static_board_does_not_depend_on_the_state(board: str) -> None:
    """Everything outside the pieces layer is the same for every state: the page draws it once."""
    seen = set()
    for state in played(board, 8, 300):
        root = ET.fromstring(board_svg(state))
        assert root[-1].get("class") == "pieces"
        del root[-1]
        seen.add(ET.tostring(root))
        assert ET.fromstring(pieces_svg(state)).get("class") == "pieces"
    empty = ET.fromstring(static_svg(board))
    assert len(empty[-1]) == 0 and empty[-1].get("class") == "pieces"
    del empty[-1]
    assert seen == {ET.tostring(empty)}


def test_region_titles_never_count_units_the_pieces_do() -> None:
    state = played("europe", 2, 500)[-1]
    root = ET.fromstring(board_svg(state))
    region_titles = [el.find(f"{SVG}title").text for el in root.iter() if el.get("data-region")]
    assert region_titles and not any(ch.isdigit() for t in region_titles for ch in t)
    assert not any(w in t for t in region_titles for w in ("fleet", "armies", "army", "flag of"))
    # the pieces carry their own accessible text: every stack names what stands there, with its count
    names = {n["id"]: n["name"] for n in load_geometry("europe")["nations"]}
    stacks = {el.get("data-pieces"): el.find(f"{SVG}title").text for el in root.iter() if el.get("data-pieces")}
    assert stacks
    said = 0
    for nid, n in state.nations.items():
        for rid, count in n["armies"].items():
            hostile = n["hostile"].get(rid, 0)
            if count - hostile:
                assert f"{count - hostile} {names[nid]} arm" in stacks[rid]
                said += 1
            if hostile:
                assert f"{hostile} {names[nid]} hostile arm" in stacks[rid]
        for rid, count in n["fleets"].items():
            if count:
                assert f"{count} {names[nid]} fleet" in stacks[rid]
                said += 1
        for rid in n["flags"]:
            assert f"flag of {nation('en', 'europe', nid, names[nid]):nom}" in stacks[rid]
    assert said


def test_pieces_and_labels_do_not_catch_the_pointer() -> None:
    root = ET.fromstring(board_svg(played("europe", 4, 200)[-1]))
    groups = {g.get("class"): g for g in root.findall(f"{SVG}g")}
    assert groups["pieces"].get("pointer-events") == "none"
    assert groups["labels"].get("pointer-events") == "none"
    style = root.find(f"{SVG}defs/{SVG}style").text
    assert ".pieces," in style and "pointer-events:none" in style
    # nothing in the pieces layer is clickable: no choices, no focus
    assert not [el for el in groups["pieces"].iter() if el.get("data-choice") or el.get("tabindex")]


def test_highlights_are_parameters_of_the_drawing() -> None:
    svg = board_svg(board="europe", choices={"vienna": "Army to Vienna", "budapest": "Budapest"},
                    selected=["budapest"], recent=["vienna", "trieste"], at="12")
    root = ET.fromstring(svg)
    group = root[-2]
    assert group.get("class") == "highlights" and root[-3].get("class") == "pieces"  # over the pieces
    assert [g.get("data-kind") for g in group] == list(HIGHLIGHTS)
    kinds = {g.get("data-kind"): [u.get("href") for u in g] for g in group}
    assert kinds == {"recent": ["#o-trieste"], "choice": ["#o-budapest", "#o-vienna"], "selected": ["#o-budapest"],
                     "botmove": [], "hinted": []}  # recent: not where a choice is; in the board's order
    targets = {u.get("data-choice"): u for u in group.iter(f"{SVG}use") if u.get("data-choice")}
    v = targets["vienna"]
    assert (v.get("data-choice"), v.get("data-at"), v.get("tabindex"), v.get("role"), v.get("aria-label")) == (
        "vienna", "12", "0", "button", "Army to Vienna")
    assert v.find(f"{SVG}title").text.startswith("Vienna, ")  # the region's own title, as a tooltip
    assert set(targets) == {"vienna", "budapest"} and group[1].get("data-at") == "12"
    # only the targets are focusable or named; the regions of the board themselves carry no highlight
    assert not [u for u in group.iter(f"{SVG}use") if u.get("tabindex") and not u.get("data-choice")]
    assert not [el for el in root.iter() if el.get("data-region") and (el.get("data-choice") or el.get("tabindex"))]
    outlines = {p.get("id") for p in root.find(f"{SVG}defs").findall(f"{SVG}path")}
    assert outlines == {"o-vienna", "o-budapest", "o-trieste"}
    plain = ET.fromstring(board_svg(board="europe"))
    assert plain[-1].get("class") == "pieces"
    assert not [el for el in plain.iter() if el.get("data-choice") or el.get("data-at") or el.get("data-kind")]
    # unknown regions are left out, whatever the caller passes; any iterable will do
    assert "nowhere" not in board_svg(board="europe", choices=["nowhere"], selected=["x"])
    assert svg == board_svg(board="europe", choices={"vienna": "Army to Vienna", "budapest": "Budapest"},
                            selected=iter(["budapest"]), recent=(r for r in ["vienna", "trieste"]), at="12")


def test_highlights_draw_only_the_kinds_given() -> None:
    """A kind left out is not in the group (the page leaves it as it is); an empty one clears it."""
    g = ET.fromstring(highlights_svg("europe", botmove=["vienna", "nowhere", "budapest"]))
    assert [k.get("data-kind") for k in g] == ["botmove"]
    assert [u.get("href") for u in g[0]] == ["#o-budapest", "#o-vienna"]  # the board's order
    assert [k.get("data-kind") for k in ET.fromstring(highlights_svg("europe", hinted=[]))] == ["hinted"]
    assert len(ET.fromstring(highlights_svg("europe"))) == 0
    # a region both recent and selected is outlined as selected only
    g = ET.fromstring(highlights_svg("europe", selected=["vienna"], recent=["vienna", "rome"]))
    assert {k.get("data-kind"): [u.get("href") for u in k] for k in g} == {"recent": ["#o-rome"],
                                                                          "selected": ["#o-vienna"]}


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_the_overlay_is_drawn_once_per_board(board: str) -> None:
    """One outline per region (no class: a <use> takes its look from the <use>), the highlights' stylesheet,
    every kind empty; the same view box as the board; no pointer events but on the choices."""
    root = ET.fromstring(overlay_svg(board))
    board_root = ET.fromstring(static_svg(board))
    assert root.get("viewBox") == board_root.get("viewBox") and root.get("class") == "map-overlay"
    assert root.get("pointer-events") == "none" and root.get("role") == "none"
    defs = root.find(f"{SVG}defs")
    assert defs.find(f"{SVG}style").text == highlight_stylesheet()
    assert all(p.get("class") is None and p.get("style") is None for p in defs.findall(f"{SVG}path"))
    group = root.find(f"{SVG}g")
    assert [(g.get("data-kind"), len(g)) for g in group] == [(k, 0) for k in HIGHLIGHTS]
    assert ".highlights{pointer-events:none}" in highlight_stylesheet()
    assert ".highlights [data-choice]{pointer-events:visiblePainted}" in highlight_stylesheet()


def test_pieces_layer_children_have_distinct_keys() -> None:
    for state in played("world2030", 6, 400)[-3:]:
        layer = ET.fromstring(pieces_svg(state))
        keys = [c.get("data-key") for c in layer]
        assert all(keys) and len(keys) == len(set(keys))


def test_compose_needs_an_empty_pieces_layer() -> None:
    with pytest.raises(ValueError):
        compose("<svg></svg>", pieces_svg(board="europe"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_outline_is_drawn_over_a_name(lang: str) -> None:
    """Over the highlights, in the page's overlay and in the one-piece drawing, the region names are drawn once
    more (the board's own, in the same language): an outline passes under a name's halo, never across it. The
    copy is hidden from screen readers and takes no pointer events."""
    for board in ("europe", "world2030"):
        names = ET.fromstring(static_svg(board, lang=lang)).find(f"{SVG}g[@class='labels']")
        assert len(names) > 20
        overlay = ET.fromstring(overlay_svg(board, lang=lang))
        one = ET.fromstring(board_svg(board=board, selected=["vienna" if board == "europe" else "moscow"], lang=lang))
        for root in (overlay, one):
            assert [g.get("class") for g in root[-2:]] == ["highlights", "labels names-over"]
            over = root[-1]
            assert over.get("aria-hidden") == "true" and over.get("pointer-events") == "none"
            assert [canonical(x) for x in over] == [canonical(x) for x in names]
    assert "Wien" in overlay_svg("europe", lang="de") and "Wien" not in overlay_svg("europe")
