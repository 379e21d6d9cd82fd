// The page's language for the JS that runs before and beside Python: the words come from text.js, which
// build.py writes from the one catalogue (pkg/imperial_text: the page.* and common.* keys), so JS and Python
// say the same. The language is the one chosen before (localStorage "imperial.lang"), else the first of the
// browser's languages the game speaks; Python (App.lang) owns it once it runs and calls set() on a switch.
import { TEXT, LANGS } from "./text.js";

const KEY = "imperial.lang";

function pick() {
  try {
    const kept = window.localStorage.getItem(KEY);
    if (LANGS.includes(kept)) return kept;
  } catch { /* no storage: the browser's languages decide */ }
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).split(/[-_]/)[0].toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

let lang = pick();

// the sentence `key` in the page's language, its {named} values filled
export function t(key, values = {}) {
  const text = (TEXT[lang] || {})[key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}

const ATTRS = ["title", "aria-label", "placeholder", "alt"];

// every element of the page's own markup that names a key: data-t (its text), data-t-<attribute>
export function apply(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const attr of ATTRS) {
    for (const el of root.querySelectorAll(`[data-t-${attr}]`)) el.setAttribute(attr, t(el.getAttribute(`data-t-${attr}`)));
  }
  for (const el of root.querySelectorAll("[data-version]")) el.textContent = t("page.engine", { v: el.dataset.version });
  root.querySelectorAll?.("#new-game .names input").forEach((el, i) => el.setAttribute("aria-label", t("page.f.player_n", { n: i + 1 })));
  const solo = root.getElementById?.("solo-name");
  if (solo && Object.values(TEXT).some((words) => words["page.f.default_name"] === solo.value)) solo.value = t("page.f.default_name");
}

export function get() {
  return lang;
}

// the page in `next`: <html lang>, the switch, the page's own markup; listeners of "imperial:lang" redraw theirs
export function set(next) {
  lang = LANGS.includes(next) ? next : "en";
  document.documentElement.lang = lang;
  const select = document.getElementById("lang");
  if (select) select.value = lang;
  apply();
  document.dispatchEvent(new CustomEvent("imperial:lang", { detail: lang }));
}

// before Python runs the switch works too: the choice is kept, and Python starts in it
export function choose(next) {
  try { window.localStorage.setItem(KEY, next); } catch { /* kept for this page only */ }
  set(next);
}

window.imperialLang = { t, set, get, apply, choose };
set(lang);
