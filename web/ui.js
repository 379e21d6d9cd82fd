// Browser plumbing for the game page: clicks, keyboard, zoom and pan, dialogs, storage, files.
// No game logic here: clicks are forwarded to Python (window.imperialPy), which owns the game.

import { t, choose as chooseLang, set as setLang } from "./lang.js";
import { placed, focus, zoom, takeDrag } from "./mapzoom.js";

const $ = (id) => document.getElementById(id);
const py = () => window.imperialPy;

// ---- messages -------------------------------------------------------------------------------------
// actions: JSON list of {cmd, label, arg?}: buttons that run page commands (data-cmd)
function message(text, kind = "error", actions = "[]") {
  const box = $("error");
  box.hidden = false;
  box.dataset.kind = kind;
  const p = document.createElement("p");
  p.textContent = String(text);
  const close = document.createElement("button");
  close.className = "dismiss";
  close.textContent = "×";
  close.title = t("page.u.dismiss");
  close.addEventListener("click", clearMessage);
  const parts = [close, p];
  let list = [];
  try { list = JSON.parse(actions || "[]"); } catch { list = []; }
  if (list.length) {
    const row = document.createElement("div");
    row.className = "choices";
    for (const a of list) {
      const b = document.createElement("button");
      b.dataset.cmd = a.cmd;
      if (a.arg !== undefined) b.dataset.arg = a.arg;
      b.textContent = a.label;
      row.append(b);
    }
    parts.push(row);
  }
  box.replaceChildren(...parts);
}

// a standing notice (storage off): stays until the page is closed
function banner(text) {
  const b = $("banner");
  b.textContent = String(text);
  b.hidden = !text;
}

function clearMessage() {
  const box = $("error");
  if (document.body.dataset.failed === "1") return; // a boot failure stays
  box.hidden = true;
  box.replaceChildren();
  delete box.dataset.kind;
}

// ---- screens and panels ---------------------------------------------------------------------------
function screen(name) {
  // another screen opens at its top (a game resumed from the list further down opens with its map in view)
  if (document.body.dataset.screen !== name) scrollTo(0, 0);
  $("start").hidden = name !== "start";
  $("game").hidden = name !== "game";
  $("toolbar").hidden = name !== "game";
  document.body.dataset.screen = name;
}

function toolbar(json) {
  const t = JSON.parse(json);
  document.querySelector("[data-testid=undo]").disabled = !t.undo;
  document.querySelector("[data-testid=redo]").disabled = !t.redo;
  document.querySelector("[data-testid=replay]").setAttribute("aria-pressed", String(t.replay));
  document.body.dataset.replay = t.replay ? "1" : "0";
  document.body.dataset.over = t.over ? "1" : "0";
}

function scores(show) {
  $("scores").hidden = !show;
}

// the review of a finished game, under its scores (imperial_ui/reviewpage.py draws it)
function reviewBox(show, scroll = false) {
  $("review-box").hidden = !show;
  if (show && scroll) $("review-box").scrollIntoView({ block: "start" });
}

// a dialog by id (the rules in short, the menu, the link prompt)
function dialog(id, open) {
  const d = $(id);
  if (!d) return;
  if (open && !d.open) d.showModal();
  if (!open && d.open) d.close();
}

const menu = (open) => dialog("menu", open);
const prompt = (open) => dialog("prompt", open);

// moves that are in no storage (storage full or off): the browser asks before the page is closed
function onBeforeUnload(e) {
  e.preventDefault();
  e.returnValue = "";
}
function setUnsaved(flag) {
  if (flag) addEventListener("beforeunload", onBeforeUnload);
  else removeEventListener("beforeunload", onBeforeUnload);
  document.body.dataset.unsaved = flag ? "1" : "0";
}

// `fn` once the next frame has been painted (a task queued from its animation callback runs after the frame is
// styled, laid out and painted); a hidden page paints no frames, so at the latest after 200 ms
function afterFrame(fn) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  if (!document.hidden) requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 200);
}

// other tabs of this page: who has which game open
let channel = null;
try {
  channel = new BroadcastChannel("imperial");
  channel.onmessage = (e) => command("peer", typeof e.data === "string" ? e.data : "");
} catch {
  channel = null;
}
function announce(json) {
  try { channel?.postMessage(String(json)); } catch { /* no other tabs to tell */ }
}

// the expert setting "Show move notation" (the Games menu): off by default, remembered in localStorage like
// the language; the moves' notation (<code class="nt">, written by Python beside the sentences) is shown by
// the style sheet only while <html data-notation="on">
const NOTATION_KEY = "imperial.notation";
function showNotation(on, keep = true) {
  document.documentElement.dataset.notation = on ? "on" : "off";
  const box = $("show-notation");
  if (box) box.checked = !!on;
  if (!keep) return;
  try {
    if (on) localStorage.setItem(NOTATION_KEY, "on");
    else localStorage.removeItem(NOTATION_KEY);
  } catch { /* kept for this page only */ }
}
function keptNotation() {
  try { return localStorage.getItem(NOTATION_KEY) === "on"; } catch { return false; }
}
showNotation(keptNotation(), false);

function showTab(name) {
  for (const b of document.querySelectorAll("[data-tab]")) b.setAttribute("aria-selected", String(b.dataset.tab === name));
  for (const p of document.querySelectorAll("[data-panel]")) p.hidden = p.dataset.panel !== name;
  command("panel", name);
}

async function share(url, _lang) {
  const d = $("share");
  const input = $("share-url");
  input.value = url;
  $("share-status").textContent = "";
  if (!d.open) d.showModal();
  input.focus();
  input.select();
  try {
    await navigator.clipboard.writeText(url);
    $("share-status").textContent = t("page.u.copied");
  } catch {
    $("share-status").textContent = t("page.u.select");
  }
}

// ---- the new-game form: "You play" lists the people's seats while "by link" is chosen ----
function formSeats() {
  const form = $("new-game"), row = $("my-seat-row"), select = $("my-seat");
  if (!form || !row || !select) return;
  const byLink = $("by-link").checked;
  row.hidden = !byLink;
  if (!byLink) return;
  const count = Number($("player-count").value) || 0;
  const keep = select.value;
  const want = [];
  for (let i = 1; i <= count; i++) {
    const seat = $(`seat-${i}`);
    if (seat && seat.value !== "human") continue;
    want.push([String(i), $(`player-name-${i}`).value.trim() || t("page.f.player_n", { n: i })]);
  }
  const same = select.options.length === want.length && want.every(([v, l], k) => select.options[k].value === v && select.options[k].text === l);
  if (!same) {
    select.replaceChildren(...want.map(([v, l]) => new Option(l, v)));
    if (want.some(([v]) => v === keep)) select.value = keep;
  }
}
document.addEventListener("input", (e) => { if (e.target.closest?.("#new-game")) formSeats(); });
document.addEventListener("change", (e) => { if (e.target.closest?.("#new-game")) formSeats(); });
document.addEventListener("imperial:lang", formSeats);

// ---- a game by link: the send step (the phone's share sheet where there is one, else Copy and e-mail) ----
// the Share button is shown only where the browser has a share sheet (style.css: body.can-share)
if (typeof navigator.share === "function") document.body.classList.add("can-share");

// the send step is in the decision panel, or at the end on the score screen
const sendStep = () => document.querySelector("#scores:not([hidden]) [data-testid=send-turn]")
  || document.querySelector("#decision [data-testid=send-turn]");

function turnStatus(text) {
  const el = sendStep()?.querySelector("[data-testid=turn-status]");
  if (el) el.textContent = text;
}

async function shareTurn(title, text, url) {
  try {
    await navigator.share({ title, text, url });
    turnStatus(t("page.u.shared"));
  } catch (err) {
    if (err?.name !== "AbortError") await copyTurn(url); // no share sheet after all: the link is copied instead
  }
}

async function copyTurn(url) {
  const input = sendStep()?.querySelector("[data-testid=turn-link]");
  try {
    await navigator.clipboard.writeText(url);
    turnStatus(t("page.u.copied"));
  } catch {
    input?.focus();
    input?.select();
    turnStatus(t("page.u.select"));
  }
}

// ---- files ----------------------------------------------------------------------------------------
function saveBlob(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function download(name, text, type = "application/json") {
  saveBlob(name, new Blob([text], { type }));
}

// the board drawing (an SVG document with its own width and height) drawn on a canvas at twice its size
async function downloadPng(name, svg) {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    await new Promise((ok, bad) => {
      img.onload = ok;
      img.onerror = () => bad(new Error("the drawing could not be read as an image"));
      img.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth * 2;
    canvas.height = img.naturalHeight * 2;
    canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((ok) => canvas.toBlob(ok, "image/png"));
    if (!blob) throw new Error("the browser made no image");
    saveBlob(name, blob);
  } catch (err) {
    message(t("page.u.png_failed", { reason: err?.message || err }),
      "error", JSON.stringify([{ cmd: "download-board", arg: "svg", label: t("page.g.svg") }]));
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

// ---- the map: the board's layers and highlights (its view, zoom and pan: mapzoom.js) -----------------------
function svgOf(id) {
  return $(id)?.querySelector("svg");
}

// the highlight layer stacked over the board in #map (render.overlay_svg), if any
function overlayOf(id) {
  return $(id)?.querySelector(":scope > svg.map-overlay");
}

// A drawing was put in `id` (the game's board in #map, or the start screen's preview). For #map, `view` (JSON,
// from Python) says which part of the drawing holds something to read and whether the board opens anew.
function mapChanged(id, view = "") {
  const svg = svgOf(id);
  if (!svg) return;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  if (id !== "map") return;
  const vb = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (vb.length !== 4 || vb.some(Number.isNaN)) return;
  layerBoard(svg, vb);
  placed(vb, view);
  labelled = new Map();
  labelRegions(); // the labels Python sent last, on the board put in again
}

// The board on screen is three stacked <svg>s. Underneath, the static drawing as an image (the browser draws
// the detailed land and sea once into a bitmap and reuses it); above it, the live drawing, in which every
// static part is invisible but still named for screen readers, and only the pieces are painted; on top, the
// highlight overlay (render.overlay_svg, put in with the static drawing). A move repaints the live drawing and
// the overlay; a click that changes only highlights repaints the overlay alone.
let baseUrl = "";
let baseBlob = null;
function layerBoard(svg, [x, y, w, h]) {
  const box = svg.parentElement;
  box.parentElement.querySelector(":scope > svg.base")?.remove();
  if (baseUrl) URL.revokeObjectURL(baseUrl);
  const copy = svg.cloneNode(true);
  copy.querySelector("g.pieces")?.replaceChildren();
  for (const el of copy.querySelectorAll("title")) el.remove();
  copy.setAttribute("width", String(w));
  copy.setAttribute("height", String(h));
  copy.setAttribute("viewBox", [x, y, w, h].join(" "));
  baseBlob = new Blob([new XMLSerializer().serializeToString(copy)], { type: "image/svg+xml" });
  baseUrl = URL.createObjectURL(baseBlob);
  const base = document.createElementNS(SVGNS, "svg");
  base.setAttribute("class", "base");
  base.setAttribute("aria-hidden", "true");
  base.setAttribute("viewBox", svg.getAttribute("viewBox"));
  const img = document.createElementNS(SVGNS, "image");
  for (const [k, v] of Object.entries({ x, y, width: w, height: h, href: baseUrl })) img.setAttribute(k, String(v));
  base.append(img);
  svg.classList.add("live");
  box.before(base);
}

const SVGNS = "http://www.w3.org/2000/svg";

// the static drawing under the live one, as text, with the address the board's image shows it from (a blob:
// address cannot be fetched under the page's Content-Security-Policy; the tests read the drawing this way)
async function boardImage() {
  return baseBlob ? { url: baseUrl, text: await baseBlob.text() } : null;
}

// Panels are written by morphing: the new HTML is parsed apart, and the nodes on screen are changed to match it in
// place (attributes and text that differ, nodes added or removed), so what did not change keeps its style, layout
// and paint. For the player it is as if the panel had been written anew: a form control that differs is replaced
// (its typed value goes, as before), a focused element whose attributes changed loses focus (a keyboard player
// is then taken to the first new choice), and a scrolled area inside the panel goes back to its top.
const FORM = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);
const scrolled = new Set(); // elements scrolled by the player since the panel holding them was last written
document.addEventListener("scroll", (e) => { if (e.target instanceof Element) scrolled.add(e.target); },
  { capture: true, passive: true });

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (a.nodeType !== 1) return true;
  return !FORM.has(a.nodeName) || a.isEqualNode(b);
}
function morphNode(old, neu) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
    return;
  }
  let changed = false;
  for (const a of [...old.attributes]) {
    if (!neu.hasAttribute(a.name)) { old.removeAttribute(a.name); changed = true; }
  }
  for (const a of neu.attributes) {
    if (old.getAttribute(a.name) !== a.value) { old.setAttribute(a.name, a.value); changed = true; }
  }
  if (changed && old === document.activeElement) old.blur();
  morphChildren(old, neu);
}
function morphChildren(old, neu) {
  let o = old.firstChild;
  for (let n = neu.firstChild; n;) {
    const next = n.nextSibling;
    if (o && sameKind(o, n)) {
      morphNode(o, n);
      o = o.nextSibling;
    } else {
      old.insertBefore(n, o);
    }
    n = next;
  }
  while (o) {
    const next = o.nextSibling;
    o.remove();
    o = next;
  }
}
function parsed(html) {
  const tmp = document.createElement("template");
  tmp.innerHTML = String(html);
  return tmp.content;
}
// Written panels go back to their top in the next frame, before it is painted: a scroll position read or set
// right after a write would make the browser lay the whole page out there and then, and again for the frame.
const toTopSoon = new Set(); // panels written since the last frame
function toTop(el) {
  if (!toTopSoon.size) requestAnimationFrame(toTopNow);
  toTopSoon.add(el);
}
function toTopNow() {
  const els = [...toTopSoon];
  toTopSoon.clear();
  for (const el of els) {
    if (!el.isConnected) continue;
    // the decision's body starts at its top, however it was scrolled (a click's own scroll into view may not
    // have told `scrolled` yet)
    for (const s of el.querySelectorAll(".dbody")) if (s.scrollTop) s.scrollTo(0, 0);
    for (const s of [...scrolled]) {
      if (!s.isConnected) scrolled.delete(s);
      else if (el.contains(s) && s !== el) {
        scrolled.delete(s);
        if (s.scrollTop || s.scrollLeft) s.scrollTo(0, 0);
      }
    }
  }
}
// element `id` made to hold `html`
function setHTML(id, html) {
  const el = $(id);
  if (!el) return;
  morphChildren(el, parsed(html));
  toTop(el);
}
// A panel drawn in parts (Python's Dom.parts): element `id` holds one element whose children are the parts; part
// `index` is made to be `html` (one element), and the others stay as they are
function setPart(id, index, html) {
  const part = $(id)?.firstElementChild?.children[index];
  if (!part) return;
  const neu = parsed(html).firstElementChild;
  if (neu && sameKind(part, neu)) {
    morphNode(part, neu);
    toTop(part);
  } else {
    part.outerHTML = String(html);
  }
}

// The board comes in two layers: the static drawing (put in once per board, by Python) and its pieces layer
// (<g class="pieces">, the drawing's last child), which this swaps. Children of the layer carry data-key;
// those equal to the ones on screen stay (the browser repaints only where pieces changed).
function setPieces(id, markup) {
  const svg = svgOf(id);
  if (!svg) return;
  const tmp = document.createElementNS(SVGNS, "svg");
  tmp.innerHTML = String(markup);
  const layer = tmp.firstElementChild;
  const old = svg.lastElementChild;
  if (!layer) return;
  if (!old || !old.matches("g.pieces") || old.attributes.length !== layer.attributes.length ||
      [...layer.attributes].some((a) => old.getAttribute(a.name) !== a.value)) {
    if (old?.matches("g.pieces")) old.replaceWith(layer);
    else svg.append(layer);
    return;
  }
  const onScreen = new Map();
  for (const el of old.children) onScreen.set(el.getAttribute("data-key"), el);
  let cursor = old.firstElementChild;
  for (const el of [...layer.children]) {
    const key = el.getAttribute("data-key");
    const prev = onScreen.get(key);
    if (prev && prev.isEqualNode(el)) {
      onScreen.delete(key);
      if (prev === cursor) cursor = cursor.nextElementSibling;
      else old.insertBefore(prev, cursor);
    } else {
      old.insertBefore(el, cursor);
    }
  }
  for (const el of onScreen.values()) el.remove();
}

// the decision the drawn choices belong to, and when it was drawn: a click made before then was aimed at
// something else and is dropped
let drawn = { at: "", time: 0 };

// The highlights (render.highlights_svg): a <g class="highlights"> holding one <g data-kind> per kind drawn.
// Each replaces the overlay's group of its kind, unless it is equal (then nothing on the page changes). With
// `ms`, those groups are emptied again after that long (a computer's move), unless replaced since.
const clearing = new Map(); // kind -> the timer that empties its group
function highlight(markup, ms = 0) {
  const layer = overlayOf("map")?.querySelector(":scope > g.highlights");
  if (!layer) return;
  const tmp = document.createElementNS(SVGNS, "svg");
  tmp.innerHTML = String(markup);
  const groupOf = (kind) => [...layer.children].find((g) => g.getAttribute("data-kind") === kind);
  for (const group of [...(tmp.firstElementChild?.children || [])]) {
    const kind = group.getAttribute("data-kind");
    if (kind === "choice") {
      const at = group.getAttribute("data-at") || "";
      if (at !== drawn.at) drawn = { at, time: performance.now() };
    }
    const old = groupOf(kind);
    if (!old) continue;
    if (!old.isEqualNode(group)) {
      // a keyboard player on a region that may still be chosen keeps their place
      const focused = old.contains(document.activeElement) ? document.activeElement.getAttribute("data-choice") : null;
      old.replaceWith(group);
      if (focused) group.querySelector(`[data-choice="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
    }
    clearTimeout(clearing.get(kind));
    clearing.delete(kind);
    if (ms > 0) {
      clearing.set(kind, setTimeout(() => {
        clearing.delete(kind);
        const shown = groupOf(kind);
        if (shown?.firstChild) shown.replaceChildren();
      }, ms));
    }
  }
}

// For screen readers every region of the board is named with what stands on it (JSON: region id -> label);
// Python sends the labels when the pieces or the language change, and they are set again on a board put in
// again. Only labels that differ from those on screen are written.
let regionText = {};
let labelled = new Map(); // region id -> the label set on the board on screen
function labelRegions(json) {
  if (json !== undefined) regionText = JSON.parse(json);
  const svg = svgOf("map");
  if (!svg) return;
  for (const [rid, text] of Object.entries(regionText)) {
    if (labelled.get(rid) === text) continue;
    const el = svg.querySelector(`[data-region="${CSS.escape(rid)}"]`);
    if (!el) continue;
    if (!labelled.has(rid)) el.setAttribute("role", "img");
    el.setAttribute("aria-label", text);
    labelled.set(rid, text);
  }
}

// ---- clicks and keys ------------------------------------------------------------------------------
const timings = [];
let dropped = 0;

function choose(el, e) {
  if (!py()) return;
  // the second click of a double click, or a click made before the choices on screen were drawn: dropped
  if (e && (e.detail > 1 || e.timeStamp < drawn.time)) {
    document.body.dataset.droppedClicks = String(++dropped);
    return;
  }
  const a = document.activeElement;
  // (a tap or a click focuses its button too, but not :focus-visible: the panel is then not scrolled to a choice)
  const keyboard = a && a !== document.body && a.closest?.("#decision, #map") && a.matches?.(":focus-visible");
  const t0 = performance.now();
  try {
    py().choose(el.dataset.choice, el.dataset.at ?? "");
  } catch (err) {
    stopped(err);
  }
  timings.push(performance.now() - t0);
  if (timings.length > 500) timings.shift();
  // keyboard players keep their place: focus goes to the first of the new choices
  if (keyboard && !document.activeElement?.closest?.("#decision, #map")) {
    (document.querySelector("#decision button[data-choice]") ?? document.querySelector("#decision [data-choice]"))?.focus();
  }
}

function command(name, arg) {
  if (!py()) return;
  try {
    py().command(name, arg);
  } catch (err) {
    stopped(err);
  }
}

// Python itself failed (not an error it caught): say so on the page, never only in the console
function stopped(err) {
  console.error(err);
  message(t("page.u.stopped"));
}

function onClick(e) {
  const t = e.target;
  const closeBtn = t.closest("[data-close]");
  if (closeBtn) {
    closeBtn.closest("dialog")?.close();
    return;
  }
  const zoomBtn = t.closest("[data-zoom]");
  if (zoomBtn) return zoom(zoomBtn.dataset.zoom);
  const tab = t.closest("[data-tab]");
  if (tab) return showTab(tab.dataset.tab);
  const inMap = t.closest("#map, .rondel-svg");
  if (inMap && takeDrag()) return;
  let el = t.closest("[data-choice]");
  if (!el && inMap) {
    // something drawn over a region: find the clickable region under the pointer
    el = document.elementsFromPoint(e.clientX, e.clientY).find((x) => x.matches?.("#map [data-choice], .rondel-svg [data-choice]")) || null;
  }
  if (el && !el.disabled) {
    e.preventDefault();
    return choose(el, e);
  }
  const cmd = t.closest("[data-cmd]");
  if (cmd && !cmd.disabled) {
    e.preventDefault();
    return command(cmd.dataset.cmd, cmd.dataset.arg);
  }
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  const typing = t.closest?.("input, select, textarea");
  if (e.key === "Escape") {
    if (document.querySelector("dialog[open]")) return; // the dialog closes itself
    return command("cancel");
  }
  if (typing) return;
  if ((e.key === "Enter" || e.key === " ") && t.dataset?.choice && t.tagName !== "BUTTON") {
    e.preventDefault();
    return choose(t, e);
  }
  if (document.body.dataset.screen !== "game") return;
  if (e.key === "u") command("undo");
  else if (e.key === "r") command("redo");
  else if (e.key === "+" || e.key === "=") zoom("in");
  else if (e.key === "-") zoom("out");
  else if (e.key === "0") zoom("reset");
}

document.addEventListener("click", onClick);
// the Nations tab's drawing of the tracks is made by Python only while it is open (toggle does not bubble)
document.addEventListener("toggle", (e) => {
  if (e.target.matches?.("details.tracks-drawing")) command("tracks-drawing", e.target.open ? "1" : "0");
  // "since you played" opened: what it says is brought into the decision's view
  if (e.target.matches?.("details.since-you") && e.target.open) e.target.scrollIntoView({ block: "nearest" });
}, true);
document.addEventListener("keydown", onKey);
document.addEventListener("submit", (e) => {
  e.preventDefault();
  command("start");
});
document.addEventListener("change", async (e) => {
  const t = e.target;
  if (t.id === "lang") return py() ? command("lang", t.value) : chooseLang(t.value);
  if (t.id === "player-count") return showNames();
  if (t.id === "board") return command("board-options");
  if (t.id === "show-notation") return showNotation(t.checked);
  if (t.matches("input[data-import]") && t.files?.length) {
    const file = t.files[0];
    t.value = "";
    let text;
    try {
      // a save is at most 2,000,000 characters: more than that is read only to be refused
      text = await file.slice(0, 8_000_004).text();
    } catch (err) {
      return command("import-failed", String(err?.message || err));
    }
    command("import", text);
  }
});

function showNames() {
  const n = Number($("player-count").value);
  for (let i = 1; i <= 6; i++) {
    const input = $(`player-name-${i}`);
    input.closest("li").hidden = i > n;
    input.required = i <= n;
  }
  if (document.querySelector("#new-game [aria-invalid=true]")) command("form-check"); // a hidden name is no fault
}
showNames();

// the new-game form's fields at fault (JSON list of ids) marked aria-invalid, pointing at the message that says
// why; every other field of the form unmarked. `focus`: the first of them gets the focus, in the middle of the
// screen (below the message)
function markInvalid(json, focus = false) {
  const ids = new Set(JSON.parse(json));
  let first = null;
  for (const el of document.querySelectorAll("#new-game input, #new-game select")) {
    if (ids.has(el.id)) {
      el.setAttribute("aria-invalid", "true");
      el.setAttribute("aria-errormessage", "error");
      first ??= el;
    } else if (el.hasAttribute("aria-invalid")) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-errormessage");
    }
  }
  if (focus && first) {
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: "center" });
  }
}
// a marked field being put right loses its mark as soon as it is right
document.addEventListener("input", (e) => {
  if (e.target.closest?.("#new-game") && e.target.getAttribute("aria-invalid") === "true") command("form-check");
});

// an element of the decision brought into view inside the decision's own scrolling area (never the page's):
// with its group's label when that fits in, its top at the top of the area when it is out of view
function revealIn(button) {
  const box = button instanceof Element ? button.closest(".dbody") : null;
  if (!box) return;
  const group = button.closest(".group"), b = box.getBoundingClientRect();
  const el = group && button.getBoundingClientRect().bottom - group.getBoundingClientRect().top < b.height ? group : button;
  const r = el.getBoundingClientRect();
  const br = button.getBoundingClientRect();
  if (br.top < b.top || br.bottom > b.bottom) box.scrollTop += r.top - b.top - 6;
}

// the tutorial's marked choice (or, on a step that explains the rondel, the rondel) brought into view
function revealTarget() {
  requestAnimationFrame(() => {
    const look = document.body.dataset.tutorialLook === "rondel" ? "#decision .rondel-svg" : "";
    revealIn(document.querySelector("#decision button[data-tutorial-target]")
             || (look ? document.querySelector(look) : null));
  });
}

// the log keeps its newest move in view: scrolled to its end when it is shown and as moves come, unless the
// player scrolled back to read (then it stays where they read until they scroll to the end again)
{
  const log = document.getElementById("log");
  let stick = true;
  const area = () => {
    for (let p = log?.parentElement; p && p !== document.body; p = p.parentElement) {
      const y = getComputedStyle(p).overflowY;
      if (y === "auto" || y === "scroll") return p;
    }
    return null;
  };
  const end = () => {
    const box = area();
    if (box && !log.hidden) box.scrollTop = box.scrollHeight;
  };
  if (log) {
    new MutationObserver(() => { if (stick) end(); }).observe(log, { childList: true, subtree: true });
    new MutationObserver(() => { if (!log.hidden) { stick = true; end(); } })
      .observe(log, { attributes: true, attributeFilter: ["hidden"] });
    document.addEventListener("scroll", (e) => {
      const box = area();
      if (!log.hidden && e.target === box) stick = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    }, true);
  }
}

// the "?" of a decision is a popover: Esc or a click anywhere else closes it
document.addEventListener("pointerdown", (e) => {
  const open = document.querySelector("#decision details.help[open]");
  if (open && !open.contains(e.target)) open.open = false;
}, true);
document.addEventListener("keydown", (e) => {
  const open = e.key === "Escape" && document.querySelector("#decision details.help[open]");
  if (open) { open.open = false; e.stopPropagation(); }
}, true);

window.imperialUI = {
  revealTarget, revealIn, message, clearMessage, banner, screen, toolbar, scores, reviewBox, menu, prompt, dialog, share,
  afterFrame, download, downloadPng, mapChanged, boardImage, highlight, focus, labelRegions, setPieces, setPart, setHTML, setUnsaved, announce,
  setLang, markInvalid, shareTurn, copyTurn,
  zoom, showTab, showNotation, timings, profile: "",
};
