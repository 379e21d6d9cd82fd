"""The page audit's checks (issue 44), run in the page on what it shows now; ``e2e/test_page_audit.py`` runs them
over many states, sizes and languages, and ``e2e/test_surface_layout.py`` uses its "drawn over" check.

The invariants, each a kind of finding:

* ``hidden-choice``: an enabled choice of the decision (``[data-choice]``, and the buttons of the tutorial's
  panel and of an open dialog) cannot be seen without scrolling the page: it is hidden, outside the window, or
  outside a box that clips it and cannot scroll to it;
* ``cut``: a shown text node is cut: its range's rectangles fall outside the window, or outside an ancestor whose
  overflow is not ``visible`` unless that ancestor is ``overflow: auto/scroll`` and really overflows (then it can
  be scrolled to); a ``position: fixed`` box escapes the boxes around it; ``text-overflow: ellipsis`` that
  truncates is a cut too; and so is a table (``.tablewrap``) wider than its box: its last columns are out of
  sight and nothing says so;
* ``broken-word``: a word of the page's text (letters only) is broken over two lines: words break at a space or
  a hyphen (a soft one included), never inside a syllable (notation and code aside);
* ``no-scores``: at a decision, the score strip (every player's pill) is not in view;
* ``axe``: axe-core finds a serious or critical violation;
* ``drawn-over``: another element is drawn over a text (the browser shows something else at its middle), or one
  area of the game screen over another (``covered``: points spread over each area's visible part).

Text in drawings (SVG: the map, the rondel, the charts) is not text of the page here: the map is cut at its
edges by design, and drawings have their own tests."""

from __future__ import annotations

from dataclasses import dataclass

from conftest import serious_violations
from playwright.sync_api import Page

#: the areas of the game screen, each a selector; the zoom buttons are drawn on the map by design
AREAS = {"map": ".mapwrap", "zoom": ".zoom", "botbar": "#botbar", "tutorial": "#tutorial", "decision": "#decision",
         "scoreboard": ".scoreboard-card", "tabs": ".tabs", "tab": ".panels", "message": "#error"}

#: ``covered(areas, grid)``: the points of an area's visible part where the browser shows another area
UNCOVERED = """([areas, grid]) => {
    // the part of el that is on screen: its box cut by the window and by every ancestor that clips it
    function visible(el) {
        let r = el.getBoundingClientRect();
        let box = {l: Math.max(r.left, 0), t: Math.max(r.top, 0), r: Math.min(r.right, innerWidth),
                   b: Math.min(r.bottom, innerHeight)};
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (s.overflow !== 'visible' || s.overflowY !== 'visible') {
                const q = p.getBoundingClientRect();
                box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top), r: Math.min(box.r, q.right),
                       b: Math.min(box.b, q.bottom)};
            }
        }
        return box;
    }
    const found = [];
    for (const [name, sel] of Object.entries(areas)) {
        const el = document.querySelector(sel);
        if (!el || el.hidden || el.closest('[hidden]') || !el.getClientRects().length) continue;
        const box = visible(el);
        if (box.r - box.l < 4 || box.b - box.t < 4) continue;
        for (let i = 1; i < grid; i++) for (let j = 1; j < grid; j++) {
            const x = box.l + (box.r - box.l) * i / grid, y = box.t + (box.b - box.t) * j / grid;
            const top = document.elementFromPoint(x, y);
            if (!top || el.contains(top)) continue;
            const zoom = document.querySelector(areas.zoom);
            if (name === 'map' && zoom && zoom.contains(top)) continue;  // the zoom buttons, on the map by design
            let who = Object.entries(areas).find(([, s]) => { const o = document.querySelector(s); return o && o.contains(top); });
            found.push({area: name, x: Math.round(x), y: Math.round(y), under: who ? who[0] : top.tagName + '.' + top.className});
        }
    }
    return found;
}"""

#: every invariant but axe's, on what the page shows now: a list of findings {kind, el, text, why}
CHECK = r"""(decision) => {
  const out = [];
  const W = innerWidth, H = innerHeight, EPS = 1;
  const name = (el) => {
    if (!el || el.nodeType !== 1) return String(el);
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    if (el.classList.length) s += '.' + [...el.classList].join('.');
    for (const a of ['data-choice', 'data-cmd', 'data-testid']) if (el.getAttribute(a)) { s += `[${a}="${el.getAttribute(a)}"]`; break; }
    const up = el.parentElement && el.parentElement.closest('[id]');
    return up && up !== el ? `${s} in #${up.id}` : s;
  };
  const short = (t) => (t || '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const style = (el) => getComputedStyle(el);
  // a modal dialog makes everything else inert: only the dialog is looked at for what covers it
  const modal = document.querySelector('dialog[open]');
  const overlay = [...document.querySelectorAll('.overlay')].find(o => !o.hidden && o.getClientRects().length);
  const top = modal || overlay || null;
  // whether a box r (the client rect of el's content) can be seen without scrolling the page; ''
  // when it can, else why not.  ``now``: whether it is in view as things are scrolled (no scroll credit)
  // (``self``: el's own overflow counts: r is of a text inside it)
  function reach(el, r, now, self) {
    let box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
    for (let p = el; p && p !== document.documentElement; p = p.parentElement) {
      const s = style(p);
      if ((self || p !== el) && s.display !== 'contents') {
        const clipsX = s.overflowX !== 'visible', clipsY = s.overflowY !== 'visible';
        if (clipsX || clipsY) {
          const q = p.getBoundingClientRect();
          const inner = {l: q.left + p.clientLeft, t: q.top + p.clientTop,
                         r: q.left + p.clientLeft + p.clientWidth, b: q.top + p.clientTop + p.clientHeight};
          for (const [axis, lo, hi, clips, over] of [['x', 'l', 'r', clipsX, p.scrollWidth > p.clientWidth + EPS],
                                                     ['y', 't', 'b', clipsY, p.scrollHeight > p.clientHeight + EPS]]) {
            if (!clips) continue;
            if (box[lo] >= inner[lo] - EPS && box[hi] <= inner[hi] + EPS) continue;
            const ov = axis === 'x' ? s.overflowX : s.overflowY;
            if (!now && (ov === 'auto' || ov === 'scroll') && over) {
              // it can be scrolled to (as far as the box scrolls each way): put it where the scroll brings it
              const travel = axis === 'x' ? p.scrollWidth - p.clientWidth : p.scrollHeight - p.clientHeight;
              // (a choice taller than the box: scrolled to, it fills the box, if that is a tap's height)
              const size = box[hi] - box[lo], room = inner[hi] - inner[lo];
              if (size > room + EPS) {
                if (room < 32) return `larger than the scroll box ${name(p)}, ${Math.round(room)} px`;
                box[hi] = box[lo] + room;
              }
              const shift = box[lo] < inner[lo] ? inner[lo] - box[lo] : inner[hi] - box[hi];
              const at = axis === 'x' ? Math.abs(p.scrollLeft) : p.scrollTop;
              if (shift > 0 ? shift > at + EPS : -shift > travel - at + EPS)
                return `outside ${name(p)}, which cannot scroll that far`;
              box[lo] += shift; box[hi] += shift;
              continue;
            }
            return `outside ${name(p)} (overflow-${axis}: ${ov}${over ? '' : ', which does not scroll'})`;
          }
        }
      }
      if (s.position === 'fixed') break;  // it escapes the boxes around it
    }
    if (box.l < -EPS || box.t < -EPS || box.r > W + EPS || box.b > H + EPS)
      return `outside the window (${Math.round(box.l)},${Math.round(box.t)}–${Math.round(box.r)},${Math.round(box.b)} of ${W}×${H})`;
    return '';
  }
  const shown = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true})
    && el.getClientRects().length > 0;
  // read aloud only (clipped to nothing on purpose), or part of a drawing
  const silent = (el) => {
    for (let p = el; p; p = p.parentElement) {
      if (p instanceof SVGElement || p.tagName === 'OPTION' || p.tagName === 'SELECT') return true;
      const s = style(p);
      if (s.clip !== 'auto' && s.clip !== '' || (s.clipPath && s.clipPath !== 'none')) return true;
    }
    return false;
  };
  // what the browser shows at (x, y) is el's (or el's inside something of its own: a chip in a button)
  const hit = (el, x, y) => {
    const t = document.elementFromPoint(x, y);
    if (!t || t === el || el.contains(t) || t.contains(el)) return null;
    return t;
  };

  // -- the decision's choices -------------------------------------------------------------------------------
  // (the rondel drawing's spaces repeat the rondel's buttons, which are the choices here)
  const choices = [...document.querySelectorAll(
      '#decision [data-choice], #tutorial button, dialog[open] button, #scores:not([hidden]) #scores-body .choices button')]
    .filter(b => !(b instanceof SVGElement) && !b.disabled && b.getAttribute('aria-disabled') !== 'true');
  for (const b of choices) {
    if (!shown(b)) { out.push({kind: 'hidden-choice', el: name(b), text: short(b.textContent), why: 'not shown'}); continue; }
    const r = b.getBoundingClientRect();
    const why = reach(b, r, false);
    if (why) { out.push({kind: 'hidden-choice', el: name(b), text: short(b.textContent), why}); continue; }
    if (!reach(b, r, true) && (!top || top.contains(b))) {
      const over = hit(b, (r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (over) out.push({kind: 'hidden-choice', el: name(b), text: short(b.textContent), why: `under ${name(over)}`});
    }
  }

  // -- cut text and text drawn over --------------------------------------------------------------------------
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {acceptNode: (n) =>
    n.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT});
  const range = document.createRange();
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE'].includes(el.tagName) || !shown(el) || silent(el)) continue;
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter(q => q.width > 0.5 && q.height > 0.5);
    if (rects.length > 1 && !seen.has(el) && !el.closest('code, .nt')) {
      // a text over several lines: no word of letters broken inside it (only at a hyphen, soft or not)
      const text = n.textContent;
      for (const m of text.matchAll(/[\p{L}\p{M}]{2,}/gu)) {
        // (after a soft hyphen, Chromium counts the hyphen it draws at the line's end as the next word's: from its
        // second letter then)
        range.setStart(n, m.index + (text[m.index - 1] === '\u00ad' ? 1 : 0));
        range.setEnd(n, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(q => q.width > 0.5).map(q => Math.round(q.top)));
        if (tops.size > 1) {
          seen.add(el);
          out.push({kind: 'broken-word', el: name(el), text: short(text), why: `«${m[0]}» is broken over two lines`});
          break;
        }
      }
      range.selectNodeContents(n);
    }
    for (const q of rects) {
      const why = reach(el, q, false, true);
      if (why) { if (!seen.has(el)) out.push({kind: 'cut', el: name(el), text: short(n.textContent), why}); seen.add(el); break; }
      if (reach(el, q, true, true) || (top && !top.contains(el))) continue;  // scrolled out of view now, or under a dialog
      const over = hit(el, Math.min(Math.max((q.left + q.right) / 2, 0), W - 1), Math.min(Math.max((q.top + q.bottom) / 2, 0), H - 1));
      if (over && !seen.has(el)) {
        seen.add(el);
        out.push({kind: 'drawn-over', el: name(el), text: short(n.textContent), why: `under ${name(over)}`});
        break;
      }
    }
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (seen.has(el)) continue;
    const s = style(el);
    if (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + EPS && shown(el) && !silent(el))
      out.push({kind: 'cut', el: name(el), text: short(el.textContent), why: 'ends in an ellipsis'});
  }

  // a table is read whole: one whose columns must be scrolled sideways hides them, and nothing says so
  for (const wrap of document.querySelectorAll('.tablewrap')) {
    if (shown(wrap) && wrap.scrollWidth > wrap.clientWidth + EPS && (!top || top.contains(wrap)))
      out.push({kind: 'cut', el: name(wrap), text: short(wrap.querySelector('th:last-child')?.textContent),
                why: `a table ${wrap.scrollWidth - wrap.clientWidth} px wider than its box: its last columns are scrolled out`});
  }

  // -- the score strip ------------------------------------------------------------------------------------------
  if (decision) {
    const card = document.querySelector('.scoreboard-card');
    const pills = card ? [...card.querySelectorAll('tr.pl')] : [];
    if (!card || !shown(card) || !pills.length) out.push({kind: 'no-scores', el: name(card), text: '', why: 'not shown'});
    else for (const tr of pills) {
      const cells = [...tr.children].filter(shown);
      const boxes = cells.length ? cells : [tr];
      const bad = boxes.map(c => reach(c, c.getBoundingClientRect(), true)).find(Boolean);
      if (bad) { out.push({kind: 'no-scores', el: name(tr), text: short(tr.textContent), why: bad}); break; }
      const r = tr.getBoundingClientRect();
      const over = hit(tr, (r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (over) { out.push({kind: 'no-scores', el: name(tr), text: short(tr.textContent), why: `under ${name(over)}`}); break; }
    }
  }
  return out;
}"""


@dataclass(frozen=True)
class Finding:
    """One broken invariant: its kind, the element (a selector-like name), its text and why."""

    kind: str
    el: str
    text: str
    why: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.el} «{self.text}» — {self.why}"


def covered(page: Page) -> list[dict]:
    """The points where one area of the game screen is drawn over another (``AREAS``, a 7×7 grid each)."""
    return page.evaluate(UNCOVERED, [AREAS, 7])


#: the board's drawing, left out of axe-core's look but in ``whole`` audits: it is the same drawing in every
#: state (and ``e2e/test_a11y.py`` checks it whole), and it is most of the page's elements
DRAWING = ("#map", ".mapwrap > svg.base")


def audit(page: Page, *, decision: bool, axe: bool = True, whole: bool = False) -> list[Finding]:
    """Every invariant on what ``page`` shows now (``decision``: a decision is on screen, so the score strip
    must be in view; ``axe``: axe-core looks too, at the board's drawing as well when ``whole``)."""
    found = [Finding(**f) for f in page.evaluate(CHECK, decision)]
    if page.evaluate("() => document.body.dataset.screen === 'game'") and not page.evaluate(
            "() => !!document.querySelector('dialog[open], .overlay:not([hidden])')"):
        found += [Finding("drawn-over", f"area {c['area']}", "", f"under {c['under']} at {c['x']},{c['y']}")
                  for c in covered(page)]
    if axe:
        found += [Finding("axe", v.split(" — ", 1)[-1], "", v.split(" — ", 1)[0]) for v in serious_violations(page, () if whole else DRAWING)]
    return found


def settle(page: Page) -> None:
    """Two frames drawn, so that what the page wrote is laid out and any scroll into view is done."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
