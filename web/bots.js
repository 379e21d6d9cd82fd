// The computer players' plumbing on the page: the bot worker (started in the background when a game needs
// it), its messages, the pace timers, the hint's mark on its choice, and the seat controls of the
// new-game form. No game logic: Python (imperial_ui/botplay.py, imperial_ui/seats.py) decides what to ask,
// checks every answer against the game and plays it.

import { t } from "./lang.js";

const $ = (id) => document.getElementById(id);

let worker = null;
let startedAt = 0;
const timers = new Set();
// for bench/bots_browser.py: each answer's [kind, level, phase, ms in the worker, ms from post to answer,
// the request] (the latest 1,000)
const timings = [];
const posted = new Map();

function send(name, arg) {
  try {
    window.imperialPy?.command(name, arg);
  } catch (err) {
    console.error(err);
    window.imperialUI?.message("The game stopped working in this page. Your saved games are untouched: reload the page to go on.");
  }
}

function status(state) {
  document.body.dataset.worker = state;
}

// The worker: started once, on demand; its answers go to Python as text.
function start() {
  if (worker) return;
  startedAt = performance.now();
  status("starting");
  try {
    worker = new Worker(new URL("./bot-worker.mjs", import.meta.url), { type: "module" });
  } catch (err) {
    worker = null;
    status("failed");
    send("bot-failed", `the browser refused to start it (${err?.message || err})`);
    return;
  }
  worker.onmessage = (e) => {
    const text = typeof e.data === "string" ? e.data : "";
    let kind = "";
    try {
      kind = String(JSON.parse(text).type || "");
    } catch {
      kind = "";
    }
    if (kind === "ready") {
      const ms = Math.round(performance.now() - startedAt);
      document.body.dataset.workerStartMs = String(ms);
      document.body.dataset.workerReadyAt = String(Math.round(performance.now()));
      status("ready");
      send("bot-ready", String(ms));
    } else if (kind === "failed") {
      status("failed");
      send("bot-failed", text);
    } else if (kind.startsWith("review")) {
      send("review-news", text);
    } else {
      note(text);
      send("bot-answer", text);
    }
  };
  worker.onerror = (e) => {
    e.preventDefault?.();
    status("failed");
    send("bot-failed", `it stopped (${e.message || "an error in the worker"})`);
  };
  worker.onmessageerror = () => send("bot-answer", "");
}

function ask(text) {
  start();
  try {
    const req = JSON.parse(text);
    posted.set(req.id, { t: performance.now(), kind: req.kind, level: req.level, phase: document.body.dataset.phase,
      text: String(text) });
  } catch { /* timings only */ }
  worker?.postMessage(String(text));
}

function note(text) {
  try {
    const msg = JSON.parse(text);
    if (msg.type === "hint-so-far") return; // the answer itself comes later
    const p = posted.get(msg.id);
    if (!p) return;
    posted.delete(msg.id);
    if (msg.type !== "answer") return;
    timings.push([p.kind, p.level, p.phase, Number(msg.ms), performance.now() - p.t, p.text]);
    if (timings.length > 1000) timings.shift();
  } catch { /* timings only */ }
}

function restart() {
  worker?.terminate();
  worker = null;
  start();
}

// a command for Python after `ms` milliseconds (the pace of bot moves)
function later(ms, name, arg) {
  const t = setTimeout(() => {
    timers.delete(t);
    send(name, arg);
  }, Math.max(0, Number(ms) || 0));
  timers.add(t);
}

// the hint's choice in the side panel marked with a class (its regions on the map are drawn in the highlight
// overlay, ui.js highlight); only buttons whose mark changes are touched
function mark(json) {
  const { choice = "", cls = "hinted" } = JSON.parse(json);
  const want = new Set(choice ? document.querySelectorAll(`#decision [data-choice="${CSS.escape(choice)}"]`) : []);
  for (const el of document.querySelectorAll(`#decision .${cls}`)) if (!want.has(el)) el.classList.remove(cls);
  for (const el of want) if (!el.classList.contains(cls)) el.classList.add(cls);
  // the hinted choice in view inside the decision's own scrolling area (never the page's)
  const first = [...want].find((el) => el.tagName === "BUTTON") || want.values().next().value;
  if (first) requestAnimationFrame(() => window.imperialUI?.revealIn?.(first));
}

// ---- the new-game form: a Human / Computer choice beside each name, and "Play against the computer" ----
const SEATS = ["human", "easy", "normal", "strong", "expert"];

// the seat lists' words in the page's language (again when it changes)
function seatWords() {
  document.querySelectorAll("#new-game select.seat").forEach((s, i) => {
    s.setAttribute("aria-label", t("page.f.seat", { n: i + 1 }));
    for (const o of s.options) o.textContent = t(`page.seat.${o.value}`);
  });
}
document.addEventListener("imperial:lang", seatWords);

function seatSelects() {
  document.querySelectorAll("#new-game .names li").forEach((li, i) => {
    if (li.querySelector("select.seat")) return;
    const s = document.createElement("select");
    s.className = "seat";
    s.id = `seat-${i + 1}`;
    s.dataset.testid = `seat-${i + 1}`;
    for (const value of SEATS) s.add(new Option(value, value));
    li.append(s);
  });
  seatWords();
}
seatSelects();

// a seat given to the computer is called a computer ("Computer 2 (normal)") unless its name was typed; given back
// to a person, the name the form had comes back.  The page's own names follow the language and the level.
function seatName(select) {
  const i = Number(select.id.split("-")[1]);
  const input = document.getElementById(`player-name-${i}`);
  if (!input) return;
  const auto = input.dataset.auto;
  if (input.value !== input.defaultValue && input.value !== auto) return; // a name the player typed stays
  const name = select.value === "human" ? input.defaultValue
    : t("page.b.computer_level", { n: i, level: t(`page.level.${select.value}`) });
  if (select.value === "human") delete input.dataset.auto;
  else input.dataset.auto = name;
  if (input.value !== name) {
    input.value = name;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
document.addEventListener("imperial:lang", () => document.querySelectorAll("#new-game select.seat").forEach(seatName));

document.addEventListener("change", (e) => {
  const t = e.target;
  if (t.matches?.("select.seat")) seatName(t);
  if (t.matches?.("select.seat") && t.value !== "human") start(); // warm up while the form is filled in
  else if (t.matches?.("select[data-pace]")) send("pace", t.value);
  else if (t.matches?.("select[data-seat-level]")) send("seat", `${t.dataset.seatLevel}:${t.value}`);
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && e.target.id === "solo-name") {
    e.preventDefault();
    send("solo");
  }
});
document.addEventListener("focusin", (e) => {
  if (e.target.id === "solo-name") start();
});

window.imperialBots = { start, ask, restart, later, mark, timings, get running() { return worker !== null; } };
