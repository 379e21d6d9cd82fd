// The computer players, in a module worker with a Pyodide of their own, so that the page never waits for
// a bot: the board scrolls, tabs and Undo answer while a bot thinks. Everything is loaded from this site
// (the same Pyodide and engine wheel as the page; the wheel holds imperial_bots).
//
// Messages in:  {type: "choose", id, kind, position, level, seed}  (JSON text; position: to_position text)
// Messages out: {type: "ready", ms, engine} | {type: "failed", message}       (start-up)
//               {type: "answer", id, index, action, reason, why, ms}          (index into legal_actions)
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

const PY = `
import json, time
import imperial_core as ic
import imperial_bots as bots
from imperial_core.narrate import sentence

def answer(text):
    req = json.loads(text)
    t = time.perf_counter()
    state = ic.from_position(req["position"])
    action, line = bots.choose_with_reason(state, level=str(req["level"]), seed=int(req.get("seed") or 0))
    index = ic.legal_actions(state).index(action)
    ms = (time.perf_counter() - t) * 1000
    _after, events = ic.step(state, action)
    text = sentence(state, action, events)
    why = line[len(text) + 2:-1] if line.startswith(text + " (") and line.endswith(")") else ""
    return json.dumps({"type": "answer", "id": req["id"], "index": index, "action": str(action),
                       "reason": line, "why": why, "ms": round(ms, 2)})

answer
`;

async function start() {
  const py = await loadPyodide();
  const errors = [];
  await py.loadPackage(["imperial-core"], {
    errorCallback: (m) => errors.push(String(m)),
    messageCallback: () => {},
  });
  if (errors.length) throw new Error("could not load the game's packages: " + errors.join("; "));
  const fn = py.runPython(PY);
  const engine = py.runPython("import imperial_core; imperial_core.__version__");
  answer = (text) => fn(text);
  post({ type: "ready", ms: Math.round(performance.now() - t0), engine: String(engine) });
  schedule();
}

start().catch((err) => post({ type: "failed", message: String(err?.message || err).slice(-400) }));
