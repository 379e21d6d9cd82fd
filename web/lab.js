// The Python lab's page before and beside Python: its words (lang.js), an error before Python is ready, and the
// service worker, asked to keep the lab's own files (lab.html, PyScript) now that the lab has been opened, so that
// the lab opens offline from the next visit on. The game's first visit never downloads them (sw.template.js).
import { t } from "./lang.js";
import "./packed.mjs";  // PyScript's Pyodide fetches the packed files (the game's own Pyodide and wheels)

document.title = `${t("page.lab.link")} · Imperial`;
const status = document.getElementById("lab-status");

// anything that goes wrong before Python is ready is said on the page
function failed(reason) {
  if (document.body.dataset.lab) return;  // Python runs: its own errors go to the output
  document.body.dataset.lab = "failed";
  if (status) status.textContent = t("page.lab.boot_failed", { reason });
}
window.addEventListener("error", (e) => failed(e.message || e.error || e));
window.addEventListener("unhandledrejection", (e) => failed(e.reason?.message || e.reason));

// Called by lab.py once Python is ready, so that nothing competes with the lab's first start: the service
// worker (registered here too, for a lab opened before the game) keeps the lab's files and says so.
function keep() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (e) => {
    if (e.data === "imperial:lab-kept") document.body.dataset.labKept = "1";
  });
  navigator.serviceWorker.startMessages();
  navigator.serviceWorker.register("./sw.js")
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => reg.active?.postMessage("imperial:lab"))
    .catch((err) => console.warn("the lab will not open offline", err));
}

window.imperialLab = { keep };
