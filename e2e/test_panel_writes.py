"""The side panels are written by morphing (``ui.js`` ``setHTML`` and ``setPart``), in real Chromium: the panel
ends up exactly as if its new HTML had been written anew, nodes that did not change stay the same nodes (their
layout is kept), and for the player nothing else differs: a scrolled decision opens at its top, a form control
that changed is a new one, and a focused choice that changed is let go."""

from __future__ import annotations

import sys

import imperial_core as core
from conftest import ROOT, PagePool, open_game

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui.session import Session  # noqa: E402

# Every panel's HTML at each step of a game played by random clicks, as the page serialises it.
COLLECT = """async ({n, seed}) => {
    let s = seed;
    const rand = (k) => { s = (s * 1103515245 + 12345) % 2147483648; return s % k; };
    const seen = [];
    for (let i = 0; i < n; i++) {
        seen.push(['decision', 'scoreboard', 'nations'].map(id => document.getElementById(id).innerHTML));
        const els = [...document.querySelectorAll('#decision [data-choice], #map [data-choice]')];
        if (!els.length) break;
        els[rand(els.length)].dispatchEvent(new MouseEvent('click', {bubbles: true}));
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    return seen;
}"""

# Morphs a scratch element from each HTML to the next: whether it then holds the same nodes as the HTML parsed
# fresh (``isEqualNode``: names, attributes in any order, text, children); and whether a second write of the
# same HTML kept every node.
MORPH = """(htmls) => {
    const equal = (a, b) => a.childNodes.length === b.childNodes.length
        && [...a.childNodes].every((n, i) => n.isEqualNode(b.childNodes[i]));
    const box = document.createElement('div');
    box.id = 'morph-scratch';
    document.body.append(box);
    const fresh = document.createElement('div');
    const out = [];
    for (const html of htmls) {
        imperialUI.setHTML('morph-scratch', html);
        fresh.innerHTML = html;
        const before = [...box.querySelectorAll('*')];
        imperialUI.setHTML('morph-scratch', fresh.innerHTML);
        const after = [...box.querySelectorAll('*')];
        out.push([equal(box, fresh), before.length === after.length && before.every((e, i) => e === after[i])]);
    }
    box.remove();
    return out;
}"""


def _midgame() -> Session:
    s = Session.new(["Ann", "Bo", "Cy", "Di"], game_id="morph", seed=5)
    while not any(a.type == "army" for a in core.legal_actions(s.present)):
        s.play(core.legal_actions(s.present)[0])
    return s


def test_a_morphed_panel_is_exactly_its_new_html_and_keeps_what_did_not_change(page_pool: PagePool) -> None:
    page = open_game(page_pool, (1280, 800), _midgame().present)
    seen = page.evaluate(COLLECT, {"n": 40, "seed": 7})
    assert len(seen) > 20
    for panel in range(3):
        htmls = [step[panel] for step in seen]
        assert len(set(htmls)) > 5  # the panel changed along the game
        # each step of the game, forwards and then backwards
        results = page.evaluate(MORPH, htmls + htmls[::-1])
        assert all(same for same, _kept in results), panel
        assert all(kept for _same, kept in results), panel


def test_a_move_changes_the_scoreboard_in_place(page_pool: PagePool) -> None:
    page = open_game(page_pool, (1280, 800), _midgame().present)
    page.evaluate("() => { window.__table = document.querySelector('#scoreboard table'); }")
    before = page.locator("#scoreboard").inner_html()
    for _ in range(12):  # moves until the scoreboard shows something else
        page.locator("#decision [data-choice]").first.click()
        if page.locator("#scoreboard").inner_html() != before:
            break
    assert page.locator("#scoreboard").inner_html() != before
    assert page.evaluate("() => window.__table === document.querySelector('#scoreboard table')")


def test_form_controls_and_focus_are_as_after_a_fresh_write(page_pool: PagePool) -> None:
    page = open_game(page_pool, (1280, 800), _midgame().present)
    out = page.evaluate("""() => {
        const box = document.createElement('div');
        box.id = 'morph-scratch';
        document.body.append(box);
        imperialUI.setHTML('morph-scratch', '<input name="a" value="1"><input name="b" value="2"><button data-at="1">x</button>');
        const [a, b] = box.querySelectorAll('input');
        a.value = 'typed';
        b.value = 'typed';
        box.querySelector('button').focus();
        imperialUI.setHTML('morph-scratch', '<input name="a" value="1"><input name="b" value="3"><button data-at="2">x</button>');
        const [a2, b2] = box.querySelectorAll('input');
        const r = {keptSame: a2 === a && a2.value === 'typed', replacedChanged: b2 !== b && b2.value === '3',
                   focusLet: document.activeElement !== box.querySelector('button')};
        box.remove();
        return r;
    }""")
    assert out == {"keptSame": True, "replacedChanged": True, "focusLet": True}


def test_a_new_decision_opens_at_its_top(page_pool: PagePool) -> None:
    page = open_game(page_pool, (1280, 420), _midgame().present)  # a short window: the decision scrolls
    body = page.locator("#decision .dbody")
    assert page.evaluate("() => { const b = document.querySelector('#decision .dbody');"
                         " return b.scrollHeight > b.clientHeight; }")
    body.evaluate("b => b.scrollTo(0, b.scrollHeight)")
    page.wait_for_function("() => document.querySelector('#decision .dbody').scrollTop > 0")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r)))")  # its scroll event
    moves = page.evaluate("() => document.body.dataset.moves")
    page.locator("#decision .dbody [data-choice]").last.dispatch_event("click")
    page.wait_for_function("(m) => document.body.dataset.moves !== m", arg=moves)
    # the written panel goes back to its top in the next frame, before it is painted (ui.js, ``toTop``): read
    # in that frame, after it (read as soon as the move is counted, it raced with that frame on a busy machine)
    assert page.evaluate("() => new Promise(r => requestAnimationFrame(() =>"
                         " r(document.querySelector('#decision .dbody').scrollTop)))") == 0
