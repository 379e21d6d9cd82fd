// Boot progress, error display and the service worker. Plain JS so it works before Python is ready.
// Before Python is ready the page already shows what it can without it: a progress bar, the games saved in
// this browser (read only: names and dates) and, for a game link, the board it is played on (drawn at build
// time, previews/<board>.svg).
import { t, get as lang } from "./lang.js";

const stages = ["runtime", "packages", "engine"];
// the progress bar moves towards each stage's share while the stage runs (download and start of Pyodide
// first, then the wheels, then importing the engine and drawing); files that arrive move it on too
const shares = { runtime: 62, packages: 80, engine: 97 };
const arrivals = { "pyodide.asm.wasm": 40, "python_stdlib_game.zip": 50, "pydantic_core": 70, "imperial_core": 76 };
let running = "runtime";
let floor = 1;

function stage(name, state) {
  const li = document.querySelector(`#loading [data-stage="${name}"]`);
  if (li) li.dataset.state = state;
  performance.mark(`imperial:${name}:${state}`);
  if (state === "active") running = name;
  if (state === "done") floor = Math.max(floor, shares[name] || 0);
  progress();
  moved();
}

// A start that shows no progress for a long while (a file of the site that never arrives, a stalled
// download: Pyodide itself then waits for ever) says so and offers a reload; the start goes on meanwhile,
// and the note goes as soon as something arrives.
const STALLED_MS = 45000;
let stallTimer = 0;
function moved() {
  clearTimeout(stallTimer);
  const note = document.getElementById("boot-stalled");
  if (note) note.hidden = true;
  if (document.body.dataset.ready === "1" || document.body.dataset.failed === "1") return;
  // ready() and fail() end the wait (fail through moved())
  if (note) stallTimer = setTimeout(() => { note.hidden = false; }, STALLED_MS);
}
moved();
document.getElementById("boot-reload")?.addEventListener("click", () => location.reload());

function progress() {
  const bar = document.getElementById("boot-progress");
  if (!bar || document.body.dataset.failed === "1") return;
  const cap = shares[running] || 100;
  const v = Math.max(floor, Number(bar.value) || 0);
  bar.value = Math.min(cap, v + (cap - v) * 0.05);
}
const ticker = setInterval(progress, 100);
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      for (const [part, at] of Object.entries(arrivals)) if (e.name.includes(part)) floor = Math.max(floor, at);
    }
    moved();
  }).observe({ type: "resource", buffered: true });
} catch { /* no resource timing: the bar moves by time alone */ }

function fail(message, details) {
  const box = document.getElementById("error");
  box.hidden = false;
  const p = document.createElement("p");
  p.textContent = String(message);
  box.append(p);
  if (details) {
    const more = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = t("page.l.details");
    const pre = document.createElement("pre");
    pre.textContent = String(details);
    more.append(summary, pre);
    box.append(more);
  }
  const title = document.querySelector("#loading .loading-title");
  if (title && document.body.dataset.ready !== "1") title.textContent = t("page.l.failed");
  for (const name of stages) {
    const li = document.querySelector(`#loading [data-stage="${name}"]`);
    if (li && li.dataset.state === "active") li.dataset.state = "failed";
  }
  document.body.dataset.failed = "1";
  clearInterval(ticker);
  moved();
  // a start from the kept snapshot that went wrong later on: the next visit starts normally
  // (the name is pyodide-env.mjs SNAPSHOTS: importing that module here would load Pyodide before the first paint)
  if (document.body.dataset.snapshot === "used") globalThis.caches?.delete("imperial-snapshot").catch(() => {});
}

// Warm starts: once the page is ready and the browser idle, a snapshot of Python is kept for the next visit
// (snapshot-worker.mjs; pyodide-env.mjs starts from it). Only on a return visit (the service worker served this
// load), so that a first visit, and the tests' fresh pages, do not pay for it.
const returning = Boolean(navigator.serviceWorker?.controller);

function keepSnapshot() {
  if (!returning || document.body.dataset.snapshot === "used" || !window.Worker) return;
  const make = () => {
    try {
      const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
      worker.onmessage = (e) => {
        document.body.dataset.snapshotMade = String(e.data?.type || "failed");
        worker.terminate();
      };
      worker.onerror = (e) => {
        e.preventDefault?.();
        document.body.dataset.snapshotMade = "failed";
        worker.terminate();
      };
    } catch (err) {
      console.warn("no snapshot for warm starts", err);
    }
  };
  // not at once: the first clicks of the visit (and a computer player's worker) go first
  setTimeout(() => (window.requestIdleCallback ? requestIdleCallback(make, { timeout: 20000 }) : make()), 10000);
}

function ready() {
  clearInterval(ticker);
  for (const name of stages) stage(name, "done");
  clearTimeout(stallTimer);  // after the stages, whose progress would wait anew
  const bar = document.getElementById("boot-progress");
  if (bar) bar.value = 100;
  document.getElementById("loading").hidden = true;
  document.getElementById("app").hidden = false;
  document.body.dataset.readyAt = String(Math.round(performance.now()));
  document.body.dataset.ready = "1";
  registerWorker();
  keepSnapshot();
}

window.imperialBoot = { stage, fail, ready, started: performance.now() };

// Anything that goes wrong before the game is interactive is shown on the page, not only in the console.
window.addEventListener("error", (e) => {
  if (document.body.dataset.ready !== "1") fail(t("page.l.could_not", { reason: e.message || e.error || e }));
});
window.addEventListener("unhandledrejection", (e) => {
  if (document.body.dataset.ready !== "1") fail(t("page.l.could_not", { reason: e.reason?.message || e.reason }));
});

// The service worker: offline play, and an update prompt when a newer version of the site is installed.
// The prompt never interrupts: the new version waits until the player chooses "Reload now" (the game is
// saved after every move, so nothing is lost), or until the next visit.
function offerUpdate(worker) {
  const box = document.getElementById("update");
  if (!box || !worker) return;
  box.hidden = false;
  document.getElementById("update-reload").onclick = () => {
    box.dataset.state = "reloading";
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    worker.postMessage("imperial:update");
  };
  document.getElementById("update-later").onclick = () => { box.hidden = true; };
}

// A first visit registers it once the game is ready: its precache (the whole site, fetched anew) would
// otherwise share a phone's bandwidth with the files the game is waiting for. A return visit registers it at
// once, to look for a new version.
let registered = false;
function registerWorker() {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  navigator.serviceWorker.register("./sw.js").then((reg) => {
    if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const incoming = reg.installing;
      incoming?.addEventListener("statechange", () => {
        if (incoming.state === "installed" && navigator.serviceWorker.controller) offerUpdate(incoming);
      });
    });
  }).catch((err) => {
    console.warn("service worker not registered; the game will not work offline", err);
  });
}
if (navigator.serviceWorker?.controller) registerWorker();

// ---- before Python: the saves and the linked board --------------------------------------------------------
const SAVE_PREFIX = "imperial.save."; // as web/imperial_ui/app.py stores them
const BOARDS = ["europe", "world2030"]; // imperial_core's BOARDS: a link token's second byte is the index
const BOARD_SIZES = { europe: [1280, 1006], world2030: [1280, 586] }; // the drawings' own sizes, so nothing jumps

// one row of the early list, from the save's summary (docs/saves.md); anything odd reads as unreadable
function earlyRow(raw) {
  const row = { saved: 0, text: t("page.l.unreadable") };
  if (typeof raw !== "string" || raw.length > 262144) return row;
  try {
    const save = JSON.parse(raw);
    const sum = save && typeof save === "object" ? save.summary : null;
    const players = Array.isArray(sum?.players) ? sum.players.filter((p) => typeof p === "string") : [];
    if (!players.length) return row;
    const saved = Number.isFinite(save.meta?.saved) ? save.meta.saved : 0;
    const when = saved > 0 ? new Date(saved * 1000).toLocaleString(lang()) : "";
    const moves = Number.isInteger(sum.moves) && sum.moves >= 0
      ? t(sum.moves === 1 ? "page.moves.one" : "page.moves.other", { n: sum.moves.toLocaleString(lang()) }) : "";
    const board = ["europe", "world2030"].includes(sum.board) ? t(`page.board.${sum.board}`) : "";
    const parts = [players.slice(0, 6).map((p) => p.slice(0, 24)).join(", "), board, moves, when];
    return { saved, text: parts.filter(Boolean).join(" · ") };
  } catch {
    return row;
  }
}

function earlySaves() {
  const box = document.getElementById("early-saves");
  if (!box) return;
  const rows = [];
  try {
    const store = window.localStorage;
    for (let i = 0; i < store.length && i < 5000; i++) {
      const key = store.key(i);
      if (key && key.startsWith(SAVE_PREFIX)) rows.push(earlyRow(store.getItem(key)));
    }
  } catch {
    return; // storage refused: Python says so once it is ready
  }
  if (!rows.length) return;
  rows.sort((a, b) => b.saved - a.saved);
  const list = box.querySelector("ul");
  for (const r of rows.slice(0, 12)) {
    const li = document.createElement("li");
    li.textContent = r.text;
    list.append(li);
  }
  if (rows.length > 12) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = t("page.m.and_more", { n: rows.length - 12 });
    list.append(li);
  }
  box.hidden = false;
}

// the board a game link is played on: the token's third byte (layout 3: layout, rules version, board, ...),
// the second of a layout-2 token (rules version, board, ...)
function linkedBoard(hash) {
  if (!hash.startsWith("#g=")) return null;
  try {
    const head = atob(hash.slice(3, 7).replace(/-/g, "+").replace(/_/g, "/"));
    return BOARDS[head.charCodeAt(head.charCodeAt(0) >= 3 ? 2 : 1)] || BOARDS[0];
  } catch {
    return BOARDS[0];
  }
}

function earlyBoard() {
  const fig = document.getElementById("early-board");
  const board = linkedBoard(String(location.hash || ""));
  if (!fig || !board) return;
  const img = fig.querySelector("img");
  [img.width, img.height] = BOARD_SIZES[board];
  img.src = `./previews/${board}.${lang()}.svg`;
  img.alt = t("page.l.preview_alt", { board: t(`page.board.${board}`) });
  fig.hidden = false;
  document.body.dataset.preview = board;
}

try {
  earlySaves();
  earlyBoard();
} catch (err) {
  console.warn("early start screen", err); // only a preview: the page starts without it
}
performance.mark("imperial:early:drawn");
requestAnimationFrame(() => setTimeout(() => performance.mark("imperial:early:painted"), 0));
