// Boot progress, error display and the service worker. Plain JS so it works before Python is ready.
const stages = ["runtime", "packages", "engine"];

function stage(name, state) {
  const li = document.querySelector(`#loading [data-stage="${name}"]`);
  if (li) li.dataset.state = state;
  performance.mark(`imperial:${name}:${state}`);
}

function fail(message, details) {
  const box = document.getElementById("error");
  box.hidden = false;
  const p = document.createElement("p");
  p.textContent = String(message);
  box.append(p);
  if (details) {
    const more = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "Technical details";
    const pre = document.createElement("pre");
    pre.textContent = String(details);
    more.append(summary, pre);
    box.append(more);
  }
  const title = document.querySelector("#loading .loading-title");
  if (title && document.body.dataset.ready !== "1") title.textContent = "The game could not start.";
  for (const name of stages) {
    const li = document.querySelector(`#loading [data-stage="${name}"]`);
    if (li && li.dataset.state === "active") li.dataset.state = "failed";
  }
  document.body.dataset.failed = "1";
}

function ready() {
  for (const name of stages) stage(name, "done");
  document.getElementById("loading").hidden = true;
  document.getElementById("app").hidden = false;
  document.body.dataset.readyAt = String(Math.round(performance.now()));
  document.body.dataset.ready = "1";
}

window.imperialBoot = { stage, fail, ready, started: performance.now() };

// Anything that goes wrong before the game is interactive is shown on the page, not only in the console.
window.addEventListener("error", (e) => {
  if (document.body.dataset.ready !== "1") fail(`Could not start the game: ${e.message || e.error || e}`);
});
window.addEventListener("unhandledrejection", (e) => {
  if (document.body.dataset.ready !== "1") fail(`Could not start the game: ${e.reason?.message || e.reason}`);
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

if ("serviceWorker" in navigator) {
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
