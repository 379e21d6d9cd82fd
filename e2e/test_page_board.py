"""The page's board in layers, in CPython behind the stand-in browser (``pagefake``) with the real renderer:
the static board and its highlight overlay go into ``#map`` once per board, then only the pieces layer, the
regions' labels and the overlay's highlight groups change, and together they are exactly the one-piece
``render.board_svg`` of the position on screen with its highlights."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import imperial_core as core
import pagefake as pf
import pytest
import render
from imperial_ui import a11y

NS = "http://www.w3.org/2000/svg"


def canonical(el: ET.Element) -> tuple:
    """An element as comparable data: tag, attributes (order-free), text and children in order."""
    return (el.tag, tuple(sorted(el.attrib.items())), (el.text or "").strip(),
            tuple(canonical(c) for c in el), (el.tail or "").strip())


def on_screen(page: pf.FakePage) -> tuple[ET.Element, ET.Element]:
    """What ``ui.js`` makes of the page's calls: the static board with its pieces layer swapped and its regions
    labelled, and the overlay over it with the highlight groups drawn swapped in."""
    root, overlay = ET.fromstring(f"<div>{page.html('map')}</div>")
    assert root[-1].get("class") == "pieces" and len(root[-1]) == 0  # the static board is never rewritten
    del root[-1]
    root.append(ET.fromstring(page.ui.pieces["map"].replace("<g ", f'<g xmlns="{NS}" ', 1)))
    for el in root.iter():
        if el.get("data-region") in page.ui.region_labels:
            el.set("aria-label", page.ui.region_labels[el.get("data-region")])
            el.set("role", "img")
    layer = overlay.find(f"{{{NS}}}g")
    for i, group in enumerate(list(layer)):
        layer.remove(group)
        layer.insert(i, page.ui.overlay.get(group.get("data-kind"), group))
    return root, overlay


def expected(app: Any, page: pf.FakePage) -> tuple[ET.Element, ET.Element]:
    """The one-piece drawing of the position on screen, its regions named for screen readers, and its
    highlights (the choices as the chooser offers them, named by their choice first) in the overlay."""
    chooser = app.model.current_chooser(app.bots.computer_decides())
    choices = {t.value: t.label for t in chooser.next_tokens() if t.kind == "region"} if chooser else {}
    selected = [t.value for t in chooser.selected() if t.kind == "region"] if chooser else []
    state = app.model.viewed()
    root = ET.fromstring(render.board_svg(state))
    labels = a11y.region_labels(state, "en")
    for el in root.iter():  # the page names every region with what stands on it, for screen readers
        rid = el.get("data-region")
        if rid:
            el.set("aria-label", labels[rid])
            el.set("role", "img")
    named = a11y.region_labels(state, "en", choices)
    lit = {"choices": {r: named[r] for r in choices}, "selected": selected, "recent": app.model.recent_regions(),
           "at": str(app.model.epoch)}
    overlay = ET.fromstring(render.overlay_svg(state.board))
    layer = overlay.find(f"{{{NS}}}g[@class='highlights']")
    for group in ET.fromstring(render.highlights_svg(state.board, **lit).replace("<g ", f'<g xmlns="{NS}" ', 1)):
        i = [g.get("data-kind") for g in layer].index(group.get("data-kind"))
        layer.remove(layer[i])
        layer.insert(i, group)
    # the one-piece drawing with these highlights carries the same group over its pieces
    one = ET.fromstring(render.board_svg(state, **lit)).find(f"{{{NS}}}g[@class='highlights']")
    if one is not None:
        assert canonical(one) == canonical(layer)
    return root, overlay


def same(a: tuple[ET.Element, ET.Element], b: tuple[ET.Element, ET.Element]) -> bool:
    return [canonical(x) for x in a] == [canonical(x) for x in b]


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_static_board_once_then_pieces_and_marks_make_the_whole_drawing(board: str) -> None:
    page = pf.FakePage()
    page.document.getElementById("board").value = board
    app = pf.new_app(page, render)
    app.command("start")
    assert app.session is not None and app.session.present.board == board
    rng = random.Random(7)
    layers = 0
    last = None
    for _ in range(150):
        chooser = app.model.current_chooser(app.bots.computer_decides())
        if chooser is None:
            break
        toks = chooser.next_tokens()
        app.choose(rng.choice(toks).value, str(app.model.epoch))
        if rng.random() < 0.05:
            app.command("undo")
        if page.ui.pieces["map"] != last:
            layers += 1
            last = page.ui.pieces["map"]
        assert same(on_screen(page), expected(app, page))
        if page.ui.outlined("recent"):  # outlined: where the last move happened
            assert app.session.cur > 0
    assert page.ui.statics == 1 and layers > 10
    # replay: the same static board, the pieces of the position replayed
    app.command("replay-to", "3")
    assert same(on_screen(page), expected(app, page))
    assert page.ui.statics == 1


def test_another_board_puts_its_static_board_in() -> None:
    page = pf.FakePage()
    app = pf.new_app(page, render)
    app.command("start")
    assert page.ui.statics == 1 and "board-europe" in page.html("map")
    page.document.getElementById("board").value = "world2030"
    app.command("home")
    app.command("start")
    assert "board-world2030" in page.html("map") and page.ui.statics == 2
    assert same(on_screen(page), expected(app, page))


def test_download_board_as_svg_is_the_position_shown() -> None:
    page = pf.FakePage()
    app = pf.new_app(page, render)
    app.command("download-board", "svg")
    assert not page.ui.downloads and "Open a game first" in page.message
    app.command("start")
    state = app.session.present
    for _ in range(12):
        state = core.apply(state, core.legal_actions(state)[0])
        app.session.play(core.legal_actions(app.session.present)[0])
    app.game.redraw()
    app.command("download-board", "svg")
    name, svg = page.ui.downloads[-1]
    assert name.endswith("-move-12.svg")
    root = ET.fromstring(svg)
    geo = render.load_geometry("europe")
    assert float(root.get("width")) == geo["width"] and float(root.get("height")) == geo["height"]
    assert not [e for e in root.iter() if e.get("data-choice")]  # the position, not the page's highlights
    one = render.board_svg(state, size=(geo["width"], geo["height"]))
    assert canonical(root) == canonical(ET.fromstring(one))
    app.command("download-board", "png")
    assert page.ui.downloads[-1][0].endswith("-move-12.png") and page.ui.downloads[-1][1] == svg


def test_the_map_is_told_where_to_look() -> None:
    """The board's view (``mapzoom.js``) is told the part of the board with something to read when the board is
    put in (opening anew, but not for a change of language), and with every change of the choices the part the
    decision is about: the regions that may be clicked and the selected unit, else the home of the nation whose
    turn it is."""
    page = pf.FakePage()
    page.document.getElementById("board").value = "world2030"
    app = pf.new_app(page, render)
    app.command("start")
    content = [*render.content_box("world2030")]
    assert page.ui.views == [{"content": content, "label": render.load_geometry("world2030")["label_size"],
                              "fresh": True}]

    def box(regions: Any) -> list[float]:
        found = render.focus_box("world2030", regions)
        assert found is not None
        return [round(v, 1) for v in found]

    rng = random.Random(3)
    seen = set()
    for _ in range(400):
        chooser = app.model.current_chooser(app.bots.computer_decides())
        assert chooser is not None
        state = app.session.present
        regions = [t.value for t in chooser.next_tokens() if t.kind == "region"]
        regions += [t.value for t in chooser.selected() if t.kind == "region"]
        if regions:
            assert page.ui.focused[-1] == box(regions)
            seen.add("choices" if not chooser.selected() else "selected")
        elif state.active_nation:
            assert page.ui.focused[-1] == box(render.home_regions("world2030", state.active_nation))
            seen.add("home")
        if seen == {"choices", "selected", "home"}:
            break
        app.choose(rng.choice(chooser.next_tokens()).value, str(app.model.epoch))
    assert seen == {"choices", "selected", "home"}
    app.command("lang", "de")  # drawn again in German: the view stays as it is
    assert page.ui.views[-1]["fresh"] is False and page.ui.views[-1]["content"] == content
    app.command("home")
    app.command("start")  # another game opens anew
    assert page.ui.views[-1]["fresh"] is True
