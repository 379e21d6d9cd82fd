// The computer players, in a module worker with a Pyodide of their own, so that the page never waits for
// a bot: the board scrolls, tabs and Undo answer while a bot thinks. Everything is loaded from this site
// (the same Pyodide and engine wheel as the page; the wheel holds imperial_bots).
//
// Messages in:  {type: "choose", id, kind, position, level, seed, lang}  (JSON text; position: to_position text)
// Messages out: {type: "ready", ms, engine} | {type: "failed", message}       (start-up)
//               {type: "answer", id, index, action, reason, why, whys, ms}    (index into legal_actions;
//                                                                              whys: why in every language)
//               {type: "error", id, message} | {type: "skipped", id}         (a request not answered)
import { loadPyodide } from "./pyodide-env.mjs";

const t0 = performance.now();
const queue = [];
let answer = null;
let draining = false;

self.onmessage = (e) => {
  queue.push(e.data);
  schedule();
};

function post(obj) {
  self.postMessage(JSON.stringify(obj));
}

function schedule() {
  if (answer && !draining && queue.length) {
    draining = true;
    setTimeout(drain, 0);
  }
}

// Only the newest request of each kind is worth the time: the page has moved on from older ones.
function drain() {
  draining = false;
  const newest = {};
  const requests = queue.splice(0);
  for (const text of requests) {
    let req;
    try {
      req = JSON.parse(text);
    } catch {
      continue;
    }
    if (req && typeof req.id === "number") {
      if (newest[req.kind]) post({ type: "skipped", id: newest[req.kind].id });
      newest[req.kind] = { id: req.id, text };
    }
  }
  for (const { id, text } of Object.values(newest)) {
    try {
      self.postMessage(answer(text));
    } catch (err) {
      post({ type: "error", id, message: String(err?.message || err).slice(-400) });
    }
  }
  schedule();
}

async function start() {
  const py = await loadPyodide();
  const errors = [];
  await py.loadPackage(["imperial-core", "imperial-page"], {
    errorCallback: (m) => errors.push(String(m)),
    messageCallback: () => {},
  });
  if (errors.length) throw new Error("could not load the game's packages: " + errors.join("; "));
  // the answer itself is the page's own Python (imperial_ui/botanswer.py, tested in CPython)
  const fn = py.pyimport("imperial_ui.botanswer").answer;
  const engine = py.runPython("import imperial_core; imperial_core.__version__");
  answer = (text) => fn(text);
  post({ type: "ready", ms: Math.round(performance.now() - t0), engine: String(engine) });
  schedule();
}

start().catch((err) => post({ type: "failed", message: String(err?.message || err).slice(-400) }));
