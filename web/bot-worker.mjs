// The computer players, in a module worker with a Pyodide of their own, so that the page never waits for
// a bot: the board scrolls, tabs and Undo answer while a bot thinks. Everything is loaded from this site
// (the same Pyodide and engine wheel as the page; the wheel holds imperial_bots).
//
// Messages in:  {type: "choose", id, kind, position, level, seed, lang}  (JSON text; position: to_position text)
//               {id, kind: "review", game, gameId, level}                   (game: the game's save text)
// Messages out: {type: "ready", ms, engine} | {type: "failed", message}       (start-up)
//               {type: "answer", id, index, action, reason, why, whys, ms}    (index into legal_actions;
//                                                                              whys: why in every language)
//               {type: "error", id, message} | {type: "skipped", id}         (a request not answered)
//               {type: "review-progress", id, done, total} ... {type: "review", id, game, review, ms}
//               | {type: "review-error", id, message}                        (a review: imperial_ui/reviewdata.py)
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
      newest[req.kind] = { id: req.id, text, review: req.kind === "review" };
    }
  }
  for (const { id, text, review } of Object.values(newest)) {
    try {
      self.postMessage(answer(text));
    } catch (err) {
      post({ type: review ? "review-error" : "error", id, message: String(err?.message || err).slice(-400) });
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
  // a review tells its progress on the way (posted at once: the page draws it while the review goes on)
  const progress = (msg) => self.postMessage(String(msg));
  answer = (text) => fn(text, progress);
  post({ type: "ready", ms: Math.round(performance.now() - t0), engine: String(engine) });
  schedule();
}

start().catch((err) => post({ type: "failed", message: String(err?.message || err).slice(-400) }));
