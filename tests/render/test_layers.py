"""The layered board: a static board per board, a pieces layer per state, highlights as parameters.

``board_svg`` (one piece, for export and tests) must be exactly what the page shows after it has put the
static board in once, swapped the pieces layer and set the region marks (``ui.js`` does these three things
in the browser; ``e2e/test_ui.py`` compares the real DOM with ``board_svg``).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import imperial_core as core
import pytest
from render import board_svg, compose, load_geometry, pieces_svg, region_marks, static_svg

SVG = "{http://www.w3.org/2000/svg}"


def canonical(el: ET.Element) -> tuple:
    """An element as comparable data: tag, attributes (order-free), text and children in order."""
    return (el.tag, tuple(sorted(el.attrib.items())), (el.text or "").strip(),
            tuple(canonical(c) for c in el), (el.tail or "").strip())


def shown_by_the_page(static: str, pieces: str, marks: dict[str, dict[str, str]]) -> ET.Element:
    """What the page does, on a parsed tree: the static board in, its empty pieces layer replaced by the
    drawn one, each mark's classes added to its region and its other attributes set, and the root's class
    ``picking`` while there are choices."""
    root = ET.fromstring(static)
    layer = root[-1]
    assert layer.get("class") == "pieces" and len(layer) == 0
    root.remove(layer)
    root.append(ET.fromstring(pieces.replace("<g ", f'<g xmlns="{SVG[1:-1]}" ', 1)))
    regions = {el.get("data-region"): el for el in root.iter() if el.get("data-region")}
    for rid, mark in marks.items():
        el = regions.get(rid)
        if el is None:
            continue
        for k, v in mark.items():
            if k == "class":
                el.set("class", el.get("class", "") + " " + v)
            else:
                el.set(k, v)
    if any("data-choice" in m for m in marks.values()):
        root.set("class", root.get("class", "") + " picking")
    return root


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
    regions = [el.get("data-region") for el in ET.fromstring(static).iter() if el.get("data-region")]
    for state in played(board, 5, 400):
        choices = {r: f"label of {r}" for r in rng.sample(regions, rng.randrange(0, 6))}
        selected = rng.sample(regions, rng.randrange(0, 2))
        recent = rng.sample(regions, rng.randrange(0, 3)) + list(choices)[:1]
        at = str(rng.randrange(1, 99))
        marks = region_marks(choices, selected, recent, at)
        page = shown_by_the_page(static, pieces_svg(state), marks)
        one = ET.fromstring(board_svg(state, choices=choices, selected=selected, recent=recent, at=at))
        assert canonical(page) == canonical(one)


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
            assert f"flag of {names[nid]}" in stacks[rid]
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
    regions = {el.get("data-region"): el for el in root.iter() if el.get("data-region")}
    v = regions["vienna"]
    assert v.get("class").split()[-1] == "choice" and "recent" not in v.get("class")
    assert (v.get("data-choice"), v.get("data-at"), v.get("tabindex"), v.get("role"), v.get("aria-label")) == (
        "vienna", "12", "0", "button", "Army to Vienna")
    assert regions["budapest"].get("class").split()[-2:] == ["choice", "selected"]
    assert regions["trieste"].get("class").split()[-1] == "recent" and regions["trieste"].get("data-choice") is None
    assert "picking" in root.get("class").split()
    lit = {rid for rid, el in regions.items() if el.get("data-choice")}
    assert lit == {"vienna", "budapest"}
    plain = ET.fromstring(board_svg(board="europe"))
    assert "picking" not in plain.get("class").split()
    assert not [el for el in plain.iter() if el.get("data-choice") or el.get("data-at")]
    # unknown regions are left out, whatever the caller passes
    assert "nowhere" not in board_svg(board="europe", choices=["nowhere"], selected=["x"])


def test_region_marks_spell_out_each_kind() -> None:
    marks = region_marks({"a": "A"}, ["a", "b"], ["a", "b", "c"], "3")
    assert marks["a"]["class"] == "choice selected" and marks["a"]["data-at"] == "3"
    assert marks["b"] == {"class": "selected"}
    assert marks["c"] == {"class": "recent"}
    assert region_marks() == {}


def test_pieces_layer_children_have_distinct_keys() -> None:
    for state in played("world2030", 6, 400)[-3:]:
        layer = ET.fromstring(pieces_svg(state))
        keys = [c.get("data-key") for c in layer]
        assert all(keys) and len(keys) == len(set(keys))


def test_compose_needs_an_empty_pieces_layer() -> None:
    with pytest.raises(ValueError):
        compose("<svg></svg>", pieces_svg(board="europe"))
