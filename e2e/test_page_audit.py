"""The page audit (issue 44): the page's met goals kept met, over a sample of real states of both boards
(``e2e/audit_states.py``: the first state of each kind of decision, the states of a game by link, every
tutorial step, the score screen and the review), each at 1280×800, 768×1024 and 390×844, in English, German or
Spanish (the languages rotated over the states with a fixed seed: every state at every size, each size in every
language, not every state in every language).  The invariants are ``e2e/audit.py``'s: every choice in view, no
text cut, the scores in view at every decision, axe-core's 0 serious or critical, nothing drawn over text.

The pool's English pages (``page_pool``: one for the two wider sizes, its phone for 390×844), switched to each
language by the page's own command; a state is opened through the page's own link or save import.  A test per
size and language, so that the nine can run on several processes.  A failure names the state, the size, the language and the element, and its screenshot is
``test-results/audit-<state>-<size>-<lang>.png``.  A second test breaks each invariant on purpose and expects
the audit to name it."""

from __future__ import annotations

import os
import random
import re
from collections import defaultdict
from pathlib import Path

import pytest
from audit import Finding, audit, settle
from audit_states import (
    AuditState,
    all_states,
    by_link_states,
    decision_states,
    tutorial_saves,
    tutorial_states,
)
from conftest import ROOT, PagePool, open_link
from playwright.sync_api import Page

SHOTS = ROOT / "test-results"
SIZES = [(1280, 800), (768, 1024), (390, 844)]
LANGS = ["en", "de", "es"]
#: the seed of the languages' rotation over the states
SEED = 44


def plan(states: list[AuditState]) -> dict[tuple[tuple[int, int], str], list[tuple[AuditState, bool]]]:
    """Each state at each of its sizes, in one language each time (a seeded rotation: every state is seen in
    up to three languages, every size in all three), and whether axe-core looks at it there (once per state,
    at one of its sizes in turn: what it checks does not change with the size)."""
    groups: dict[tuple[tuple[int, int], str], list[tuple[AuditState, bool]]] = defaultdict(list)
    for state in states:
        sizes = state.sizes if state.sizes is not None else tuple(range(len(SIZES)))
        langs = random.Random(f"{SEED}/{state.name}").sample(LANGS, 3)  # the same for a state in any sample
        for j, k in enumerate(sizes):
            groups[(SIZES[k], langs[j])].append((state, j == sum(map(ord, state.name)) % len(sizes)))
    return groups


def use(pool: PagePool, size: tuple[int, int], lang: str) -> Page:
    """The pool's English page of this size (a phone's below 768 px), in ``lang`` by the page's own switch."""
    w, h = size
    return pool.use({"width": w, "height": h}, phone=w < 768, lang=lang)


CHANGED = "b => (document.body.dataset.game || '') + '/' + (document.body.dataset.moves || '') !== b " \
          "|| !!document.querySelector('dialog[open]') || !document.getElementById('error').hidden"
MARK = "() => (document.body.dataset.game || '') + '/' + (document.body.dataset.moves || '')"


def import_save(page: Page, text: str) -> None:
    """A save opened as the page's "Import…" does (its command, with the file's text)."""
    before = page.evaluate(MARK)
    page.evaluate("t => imperialPy.command('import', t)", text)
    page.wait_for_function(CHANGED, arg=before)
    page.evaluate("() => imperialUI.clearMessage()")  # "imported": the page's note about how it came


def open_token(page: Page, token: str) -> None:
    """A link opened in the address bar (a game by link: it may ask who this is, or show a fork)."""
    before = page.evaluate(MARK)
    page.evaluate("t => { history.replaceState(null, '', location.pathname); location.hash = 'g=' + t; }", token)
    page.wait_for_function(CHANGED, arg=before)


# Hint pressed, and the worker's answer given back for the page's request (its id); the request is kept from
# the worker, whose own answer would race with the one given
HINT = """msg => { const real = imperialBots.ask; let asked = null; imperialBots.ask = (t) => { asked = t; };
    try { imperialPy.command('hint'); } finally { imperialBots.ask = real; }
    if (!asked) throw new Error('Hint asked the worker nothing');
    const m = JSON.parse(msg); m.id = JSON.parse(asked).id;
    if (m.whys) m.why = m.whys[document.documentElement.lang] || m.why;  // as asked, in the page's language
    imperialPy.command('bot-answer', JSON.stringify(m)); }"""


def fresh(page: Page, home: bool) -> None:
    """The shared page with no saves, no dialog and no message (between two states); ``home``: back at its
    start screen too (a game by link then comes in as on a device that has not seen it)."""
    page.evaluate("""home => { for (const d of document.querySelectorAll('dialog[open]')) d.close();
        localStorage.clear(); sessionStorage.clear(); if (home) imperialPy.command('home');
        imperialUI.clearMessage(); history.replaceState(null, '', location.pathname); }""", home)


def open_state(page: Page, state: AuditState, lang: str) -> None:
    """``state`` opened in ``page`` (in the language ``lang`` the page speaks), as a player would open it."""
    fresh(page, state.how in ("claim", "then_link", "save"))
    if state.how == "link":
        import imperial_core as core

        open_link(page, core.decode(state.data))
    elif state.how == "save":
        import_save(page, state.data)
    elif state.how == "claim":
        open_token(page, state.data)
    elif state.how == "then_link":
        import_save(page, state.data[0])
        open_token(page, state.data[1])
    elif state.how == "tutorial":
        import_save(page, tutorial_saves(lang)[state.data])
        page.wait_for_function("k => document.querySelector('[data-testid=tutorial-step]')?.dataset.step === k",
                               arg=str(state.data + 1))
    elif state.how == "review":
        import_save(page, state.data)
        page.locator('#scores-body button[data-cmd="review"]').click()
        page.wait_for_function("() => document.body.dataset.review === 'kept'"
                               " && !!document.querySelector('#review-box .turning-points')")
    else:
        raise ValueError(state.how)
    if state.pick:
        page.locator(f'#decision button[data-choice="{state.pick}"]').click()
        page.wait_for_function("() => !!document.querySelector('#decision [data-cmd=cancel]')")
    if state.hint:
        page.evaluate(HINT, state.hint)
        page.wait_for_selector("[data-testid=hint-text]")
    settle(page)


def shot_name(state: AuditState, size: tuple[int, int], lang: str) -> Path:
    return SHOTS / f"audit-{state.name.replace('/', '-')}-{size[0]}x{size[1]}-{lang}.png"


def run_audit(pool: PagePool, states: list[AuditState], size: tuple[int, int], lang: str) -> list[str]:
    """Every state of the plan at this size in this language audited; the findings, each naming its state,
    size, language and element."""
    failures: list[str] = []
    for key, group in plan(states).items():
        if key != (size, lang):
            continue
        page = use(pool, size, lang)
        for state, axe in group:
            open_state(page, state, lang)
            found = audit(page, decision=state.decision, axe=axe, whole=state.name.endswith("/rondel"))
            if found:
                SHOTS.mkdir(exist_ok=True)
                path = shot_name(state, size, lang)
                page.screenshot(path=str(path))
                where = f"{state.name} at {size[0]}×{size[1]} in {lang}"
                failures += [f"{where}: {f}  [{path.name}]" for f in found]
    return failures


@pytest.mark.parametrize("size,lang", [(s, lang) for s in SIZES for lang in LANGS],
                         ids=[f"{w}x{h}-{lang}" for w, h in SIZES for lang in LANGS])
def test_every_state_keeps_the_goals(page_pool: PagePool, size: tuple[int, int], lang: str):
    """The states of the plan at this size in this language (``IMPERIAL_AUDIT_ONLY``, a regular expression,
    audits only the states whose name it finds; and ``IMPERIAL_AUDIT_SIZE``, a width, only at that size: for
    looking into one finding)."""
    only = re.compile(os.environ.get("IMPERIAL_AUDIT_ONLY", ""))
    width = int(os.environ.get("IMPERIAL_AUDIT_SIZE", "0"))
    if width and size[0] != width:
        pytest.skip(f"IMPERIAL_AUDIT_SIZE={width}")
    states = [s for s in all_states() if only.search(s.name)]
    if not any(key == (size, lang) for key in plan(states)):
        pytest.skip("IMPERIAL_AUDIT_ONLY leaves no state at this size in this language")
    failures = run_audit(page_pool, states, size, lang)
    assert not failures, f"{len(failures)} findings:\n" + "\n".join(failures)


def test_the_plan_covers_every_kind_at_every_size_and_every_language():
    groups = plan(all_states())
    assert set(groups) == {(s, lang) for s in SIZES for lang in LANGS}
    kinds = {st.name.split("/")[0] if st.name.startswith("tutorial") else st.name for st in all_states()}
    for size in SIZES:
        seen = {st.name.split("/")[0] if st.name.startswith("tutorial") else st.name
                for (s, _), g in groups.items() if s == size for st, _ in g}
        assert seen == kinds, size  # every kind of state at every size (a tutorial step: some of them)
    looked = [st.name for g in groups.values() for st, axe in g if axe]
    assert sorted(looked) == sorted(st.name for st in all_states())  # axe-core once in every state
    steps = [st.name for g in groups.values() for st, _ in g if st.name.startswith("tutorial/")]
    assert set(steps) == {st.name for st in tutorial_states()}  # every step of the tutorial
    names = {st.name for st in decision_states()}
    for kind in ("rondel", "invest", "factory", "import", "fleets", "fleets-to", "armies", "armies-to", "contact",
                 "demand", "swiss", "fund"):
        assert {f"europe/{kind}", f"world2030/{kind}"} <= names, kind
    assert "world2030/canal" in names
    assert {"europe/invest-hint", "world2030/import-hint-so-far"} <= names  # a hint, and the hint so far
    assert [s.name for s in by_link_states()] == ["bylink/claim", "bylink/send", "bylink/waiting", "bylink/since",
                                                    "bylink/fork"]


# -- the audit can fail --------------------------------------------------------------------------------------
#: one defect of each kind, put into the page as a style sheet of its own (it outlives a redraw of the panel):
#: the kind the audit must report, and a word of the element or the reason it must name
DEFECTS = {
    "cut": ("#decision .dhead .who { white-space: nowrap; overflow: hidden; flex: 0 0 3rem; }", "who"),
    "hidden-choice": ("#decision .dbody { overflow: hidden !important; } #decision .choices { margin-top: 3000px; }",
                      "data-choice"),
    "broken-word": ("#decision .dhead .who { display: inline-block; max-width: 1.4em; overflow-wrap: anywhere; }",
                    "who"),
    "no-scores": (".scoreboard-card { display: none !important; }", "scoreboard-card"),
    "axe": ("#decision button[data-choice] { color: #ddd !important; background: #fff !important; }", "color-contrast"),
    "drawn-over": ("#decision .dhead::after { content: ''; position: fixed; inset: 0 0 auto auto; width: 40rem; "
                   "height: 20rem; background: #fff; z-index: 50; }", "dhead"),
}
#: the page's own commands forbid inline scripts, not style sheets put in through the debugging protocol
PUT = "css => { const s = document.createElement('style'); s.id = 'audit-defect'; s.textContent = css; document.head.append(s); }"


@pytest.mark.parametrize("kind", list(DEFECTS))
def test_the_audit_names_a_defect_of_each_kind(page_pool: PagePool, kind: str):
    """A clean state (a new game's rondel, 1280×800) passes; with the defect in it, the audit names it."""
    import imperial_core as core

    page = use(page_pool, (1280, 800), "en")
    open_link(page, core.new_game(["Ann", "Bob", "Cem", "Dee"], seed=4))
    settle(page)
    assert audit(page, decision=True, axe=kind == "axe") == []
    css, word = DEFECTS[kind]
    try:
        page.evaluate(PUT, css)
        settle(page)
        found: list[Finding] = audit(page, decision=True, axe=kind == "axe")
    finally:
        page.evaluate("() => document.getElementById('audit-defect').remove()")
    mine = [f for f in found if f.kind == kind]
    assert mine and any(word in f"{f.el} {f.why}" for f in mine), found
