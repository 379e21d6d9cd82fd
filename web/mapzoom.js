// The board's view on the game screen: which part of the drawing the map area shows, zoom and pan (buttons,
// keys, wheel, drag, pinch), and bringing into view what the decision is about. No game logic: Python says
// which part of the drawing holds something to read (the content box), how large the names are drawn, and
// which part the decision is about (the focus box: the regions that may be clicked, else the home of the
// nation whose turn it is); this only decides how to show them.
//
// The view is a centre and a scale (screen pixels per board pixel), and always has the map area's own shape,
// so the drawing fills its area. It opens on the whole content when that leaves at most a tenth of the area
// empty, else zoomed until the content fills the area (the wide 2030 world: its height fills the area, and the
// focus is in the middle); never so small that a name is under 9 px (on a phone, then, part of the board: the
// part the decision is about). Panning stops at the content box (Imperial 2030's polar band stays out).
//
// The zoom buttons never cover a region's name in the views the page chooses (the opening view, the whole map
// of "⤢"): those may show a strip of the buttons' width right of the content, and a name under the buttons is
// moved out by the smallest pan, else the view is zoomed out a little (at most to the whole content left of the
// buttons). A view the player chose (zoomed or
// dragged) is the player's: selecting a unit never changes its scale, it only pans (as little as will do).

const $ = (id) => document.getElementById(id);

//: the smallest size of a name on screen in the view the page chooses (the player may zoom out further)
const LEGIBLE_PX = 9;
//: at most this much of the area left empty by the whole content before the view opens zoomed instead
const EMPTY_AT_MOST = 0.1;
//: what the decision is about is put this far (screen pixels) from the area's edges, and left of the zoom buttons
const MARGIN = 8;

// {base: the drawing's own viewBox, content: [x0, y0, x1, y1], label: names' size in board pixels,
//  cx, cy, s: the view, focus: [x0, y0, x1, y1] or null, auto: the view is still the one the page chose,
//  whole: the whole map of "⤢" (until the player zooms or pans), strip: the view may show a strip of the
//  zoom buttons' width right of the content (a name had to come out from under them), fresh: the board was
//  put in anew and its view is chosen at the first focus}
let st = null;

// The map area's size, kept by the ResizeObserver below: measuring it at every click would force the browser to
// lay the page out in the middle of the click's writes, and again for the frame.
let size = null;
function area() {
  if (!size) {
    const r = $("map")?.getBoundingClientRect();
    if (!r || !(r.width > 0 && r.height > 0)) return null;
    size = { width: r.width, height: r.height };
  }
  return size;
}
// The width the zoom buttons take at the area's right edge, measured with the area's size (when the browser has
// just laid the page out), so that what the decision is about is never put under them.
let controls = 0;
function measureControls() {
  const z = document.querySelector(".mapwrap > .zoom")?.getBoundingClientRect();
  const m = $("map")?.getBoundingClientRect();
  controls = z && m && z.width > 0 ? Math.max(0, Math.min(m.width / 3, m.right - z.left)) : 0;
}

// the part of the area where what the decision is about is put: inside a margin, left of the zoom buttons
function room(a) {
  const width = Math.max(1, a.width - 2 * MARGIN - controls);
  return { left: MARGIN, top: MARGIN, width, height: Math.max(1, a.height - 2 * MARGIN) };
}

// where the area is on screen, for the pointer (measured when a pointer needs it)
function rect() {
  return $("map")?.getBoundingClientRect() ?? null;
}

// the three stacked drawings (ui.js layerBoard): the live drawing, the highlight overlay, the base image
function layers() {
  const map = $("map");
  return [map?.querySelector(":scope > svg:not(.map-overlay)"), map?.querySelector(":scope > svg.map-overlay"),
    map?.parentElement.querySelector(":scope > svg.base")].filter(Boolean);
}

const centre = (b) => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

// the smallest, opening and largest scale for an area of this size
function scales(a) {
  const [x0, y0, x1, y1] = st.content;
  const cw = x1 - x0;
  const ch = y1 - y0;
  const fit = Math.min(a.width / cw, a.height / ch);
  const fill = Math.max(a.width / cw, a.height / ch);
  let home = Math.min((fit * cw) / a.width, (fit * ch) / a.height) >= 1 - EMPTY_AT_MOST ? fit : fill;
  if (st.label > 0) home = Math.max(home, LEGIBLE_PX / st.label);
  // the whole content left of the zoom buttons
  const whole = Math.min(Math.max(1, a.width - controls - MARGIN) / cw, a.height / ch);
  // (min: the least the view may show, whole: the smallest the page goes to keep names from under the buttons)
  return { min: Math.min(fit, home, whole), all: Math.min(fit, home), home, max: Math.max(home * 4, fit * 8), whole };
}

// the view on screen: scale and centre kept within bounds, the same viewBox on every layer
function show() {
  const a = area();
  if (!st || !a) return;
  const { min, max } = scales(a);
  st.s = Math.min(max, Math.max(min, st.s));
  const w = a.width / st.s;
  const h = a.height / st.s;
  const [x0, y0, x1, y1] = st.content;
  // the content and, right of it, as much of a strip (at most the zoom buttons' width) as the focus needs to come
  // out from under the buttons; all of that in view: its middle in the area's middle
  // (the whole strip when a name had to come out from under the buttons: ``unclutter``)
  const strip = (controls + MARGIN) / st.s;
  const xr = st.strip ? x1 + strip
    : st.focus ? Math.max(x1, Math.min(x1 + controls / st.s, st.focus[2] + strip)) : x1;
  st.cx = w >= xr - x0 ? (x0 + xr) / 2 : Math.min(xr - w / 2, Math.max(x0 + w / 2, st.cx));
  st.cy = h >= y1 - y0 ? (y0 + y1) / 2 : Math.min(y1 - h / 2, Math.max(y0 + h / 2, st.cy));
  const box = [st.cx - w / 2, st.cy - h / 2, w, h].map((v) => Math.round(v * 100) / 100).join(" ");
  for (const svg of layers()) if (svg.getAttribute("viewBox") !== box) svg.setAttribute("viewBox", box);
}

// the scale at which `box` just fits in the room (or any {width, height})
const fitting = (box, r) => Math.min(r.width / (box[2] - box[0]), r.height / (box[3] - box[1]));

// the scale the page chooses: the opening one, or less if the focus would not fit in the room at it
function chosenScale(a) {
  const { home: s } = scales(a);
  return st.focus ? Math.min(s, fitting(st.focus, room(a))) : s;
}

// the view's centre that puts `box`'s centre in the middle of the room, at the view's scale
function centredOn(box, a) {
  const r = room(a);
  const [x, y] = centre(box);
  return [x + (a.width / 2 - (r.left + r.width / 2)) / st.s, y + (a.height / 2 - (r.top + r.height / 2)) / st.s];
}

// the view the page chooses: at its scale, on the focus (else the content's middle)
function home() {
  const a = area();
  if (!st) return;
  if (!a) {
    st.fresh = true; // hidden now: chosen when the map area has a size
    return;
  }
  st.s = chosenScale(a);
  [st.cx, st.cy] = st.focus ? centredOn(st.focus, a) : centre(st.content);
  st.auto = true;
  st.whole = false;
  st.strip = false;
  st.fresh = false;
  show();
  unclutter();
}

// The region names the zoom buttons cover now (their boxes on screen).
function coveredNames() {
  const z = document.querySelector(".mapwrap > .zoom")?.getBoundingClientRect();
  if (!z || !(z.width > 0)) return { z: null, hits: [] };
  const meet = (r) => r.width > 0 && r.left < z.right && z.left < r.right && r.top < z.bottom && z.top < r.bottom;
  const hits = [...($("map")?.querySelectorAll(":scope > svg:not(.map-overlay) g.labels text.label") ?? [])]
    .map((el) => el.getBoundingClientRect()).filter(meet);
  return { z, hits };
}

// In a view the page chose, the names under the zoom buttons moved out from under them: the view panned the
// least that frees them (the names move left, or down) with what the decision is about still in the room, else
// the view a little further out; a few times at most.
function unclutter() {
  for (let k = 0; k < 8; k++) {
    const { z, hits } = coveredNames();
    if (!z || !hits.length) return;
    const left = Math.max(...hits.map((r) => r.right)) - z.left + 2;
    const down = z.bottom - Math.min(...hits.map((r) => r.top)) + 2;
    const [cx, cy] = [st.cx, st.cy];
    st.strip = true;
    st.cx += left / st.s;
    show();
    if (Math.abs(st.cx - cx) * st.s < left - 1 || !focusInRoom()) { // not that far (or the focus would leave
      st.cx = cx; // the room): down instead
      st.cy -= down / st.s;
      show();
      if (Math.abs(st.cy - cy) * st.s < 1 || !focusInRoom()) { // neither: a little further out, on the focus
        const a = area();
        const s = st.s;
        st.s = Math.max(scales(a).min, s * 0.9);
        if (st.s >= s) {
          [st.cx, st.cy] = [cx, cy];
          show();
          return;
        }
        [st.cx, st.cy] = st.focus ? centredOn(st.focus, a) : [cx, cy];
        show();
      }
    }
  }
}

// whether what the decision is about is in the room (where the page puts it) in the view now
function focusInRoom() {
  const a = area();
  if (!st.focus || !a) return true;
  const r = room(a);
  const x = (v) => (v - st.cx) * st.s + a.width / 2;
  const y = (v) => (v - st.cy) * st.s + a.height / 2;
  const e = 0.5;
  return x(st.focus[0]) >= r.left - e && x(st.focus[2]) <= r.left + r.width + e
    && y(st.focus[1]) >= r.top - e && y(st.focus[3]) <= r.top + r.height + e;
}

// the box brought into the room with as small a move as will do; zoomed out if it is larger than the room
function bring(box) {
  const a = area();
  if (!st || !a || !box) return;
  const r = room(a);
  const w = a.width / st.s;
  const h = a.height / st.s;
  // the room in board pixels, from the view's corner
  const [rl, rt, rw, rh] = [r.left / st.s, r.top / st.s, r.width / st.s, r.height / st.s];
  if (st.auto && (box[2] - box[0] > rw || box[3] - box[1] > rh)) { // the page's view: zoomed out to show it all
    st.s = fitting(box, r);
    [st.cx, st.cy] = centredOn(box, a);
    show();
    return;
  }
  const x0 = st.cx - w / 2;
  const y0 = st.cy - h / 2;
  // the least pan that puts the box in the room, or (larger than the room at the player's scale) the room in
  // the box
  const clamp = (v, p, q) => Math.min(Math.max(p, q), Math.max(Math.min(p, q), v));
  const nx = clamp(x0, box[0] - rl, box[2] - rl - rw);
  const ny = clamp(y0, box[1] - rt, box[3] - rt - rh);
  if (nx === x0 && ny === y0) return; // in view already: nothing on the page changes
  st.cx = nx + w / 2;
  st.cy = ny + h / 2;
  show();
}

// The board was put in #map (its drawing's viewBox `base`); `json`: {content, label, fresh} from Python. A
// board put in again with its view kept (the language changed) keeps the view; else it opens anew.
export function placed(base, json) {
  let opts = {};
  try { opts = JSON.parse(json || "{}") || {}; } catch { opts = {}; }
  const [bx, by, bw, bh] = base;
  const content = Array.isArray(opts.content) && opts.content.length === 4 ? opts.content.map(Number)
    : [bx, by, bx + bw, by + bh];
  const same = st && st.base.join() === base.join() && st.content.join() === content.join();
  if (same && !opts.fresh) {
    show();
    return;
  }
  st = { base, content, label: Number(opts.label) || 0, cx: 0, cy: 0, s: 1, focus: null, auto: true, whole: false,
    strip: false, fresh: true };
  home();
  st.fresh = true; // the focus Python sends next (with the highlights) centres it
}

// What the decision is about (JSON [x0, y0, x1, y1] in board pixels, or null): remembered for "+", and
// brought into view. While the view is the page's own choice (the player has not zoomed or panned since), it
// goes back to the opening scale when the focus fits there (after destinations that were spread wide).
export function focus(json) {
  if (!st) return;
  let box = null;
  try { box = JSON.parse(json || "null"); } catch { box = null; }
  st.focus = Array.isArray(box) && box.length === 4 ? box.map(Number) : null;
  const a = area();
  if (st.fresh) return home();
  if (!st.focus || !a) return;
  if (st.auto && Math.abs(chosenScale(a) - st.s) > 1e-6 * st.s) return home();
  bring(st.focus);
}

// "+" zooms on the focus (as far as it still fits, at most 1.4 times), "−" out, "reset" shows the whole map
export function zoom(how) {
  const a = area();
  if (!st || !a) return;
  st.auto = false;
  st.whole = false;
  if (how === "in") {
    let s = st.s * 1.4;
    const fits = st.focus ? fitting(st.focus, room(a)) : 0;
    if (fits > st.s * 1.05) s = Math.min(s, fits);
    st.s = s;
    if (st.focus) [st.cx, st.cy] = centredOn(st.focus, a);
  } else if (how === "out") {
    st.s /= 1.4;
  } else {
    st.s = scales(a).all;
    st.whole = true;
    st.strip = false;
    [st.cx, st.cy] = centre(st.content);
  }
  show();
  if (st.whole) unclutter();
}

// zoom by `factor` keeping the board's point under (px, py) (pixels from the area's corner) where it is
function zoomAt(factor, px, py) {
  const a = area();
  if (!st || !a) return;
  const { min, max } = scales(a);
  const s = Math.min(max, Math.max(min, st.s * factor));
  const bx = st.cx + (px - a.width / 2) / st.s;
  const by = st.cy + (py - a.height / 2) / st.s;
  st.cx = bx - (px - a.width / 2) / s;
  st.cy = by - (py - a.height / 2) / s;
  st.s = s;
  st.auto = false;
  st.whole = false;
  show();
}

// ---- pointer pan and pinch on #map, and the wheel; a drag never counts as a click --------------------------
const pointers = new Map();
let dragged = false;
let pinch = null;

// whether the pointer was dragged since it went down (then its click is no click); asking forgets it
export function takeDrag() {
  const was = dragged;
  dragged = false;
  return was;
}

function onPointerDown(e) {
  if (!st || !$("map")?.contains(e.target)) return;
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
  dragged = false;
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) };
  }
}

function onPointerMove(e) {
  const p = pointers.get(e.pointerId);
  const a = area();
  if (!p || !st || !a) return;
  const dx = e.clientX - p.x;
  const dy = e.clientY - p.y;
  if (Math.hypot(e.clientX - p.x0, e.clientY - p.y0) > 6) dragged = true;
  p.x = e.clientX;
  p.y = e.clientY;
  if (pointers.size === 2 && pinch) {
    const [m, n] = [...pointers.values()];
    const d = Math.hypot(m.x - n.x, m.y - n.y);
    const r = rect();
    if (r && pinch.d > 0 && d > 0) zoomAt(d / pinch.d, (m.x + n.x) / 2 - r.left, (m.y + n.y) / 2 - r.top);
    pinch.d = d;
    return;
  }
  if (!dragged) return;
  st.cx -= dx / st.s;
  st.cy -= dy / st.s;
  st.auto = false;
  st.whole = false;
  show();
}

function onPointerUp(e) {
  pointers.delete(e.pointerId);
  if (pointers.size < 2) pinch = null;
}

function onWheel(e) {
  const a = rect();
  if (!st || !a || !area() || !$("map").contains(e.target)) return;
  e.preventDefault();
  zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - a.left, e.clientY - a.top);
}

document.addEventListener("pointerdown", onPointerDown);
document.addEventListener("pointermove", onPointerMove);
document.addEventListener("pointerup", onPointerUp);
document.addEventListener("pointercancel", onPointerUp);
document.addEventListener("wheel", onWheel, { passive: false });

// the map area changed size (the window, a turned phone, the game screen shown): the view the page chose is
// chosen again for the new size; one the player chose keeps its centre and scale
function resized(entries) {
  const r = entries?.[entries.length - 1]?.contentRect;
  size = r && r.width > 0 && r.height > 0 ? { width: r.width, height: r.height } : null;
  if (size) {
    // the layers' size in pixels (style.css): a layer sized in percent is laid out anew whenever the page is
    const wrap = $("map").parentElement.style;
    wrap.setProperty("--map-w", `${size.width}px`);
    wrap.setProperty("--map-h", `${size.height}px`);
    measureControls();
  }
  if (!st || !area()) return;
  if (st.fresh || st.auto) home();
  else if (st.whole) zoom("reset");
  else show();
}
if (typeof ResizeObserver === "function") {
  const watch = () => {
    const map = $("map");
    if (map) new ResizeObserver(resized).observe(map);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
}
