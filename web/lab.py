"""The Python lab's page (lab.html), run by PyScript on the site's own Pyodide with the site's own wheels
(lab.json): the example buttons put an example's code in the editor, Run runs the editor's code
(labkit.run) and shows what it prints, or its traceback; the globals are kept from one run to the next."""

from __future__ import annotations

import labkit
from imperial_text import t
from js import document, imperialLab, imperialLang, performance
from pyscript import when

lang = imperialLang.get()
code = document.getElementById("lab-code")
output = document.getElementById("lab-output")
status = document.getElementById("lab-status")
run_button = document.getElementById("lab-run")
body = document.body


def say(key: str, **values: object) -> None:
    status.textContent = t(lang, key, **values)


def progress(text: str) -> None:
    """The status line, for the editor's code (``progress`` in its globals)."""
    status.textContent = str(text)


def write(text: str) -> None:
    output.append(text)


globals_ = labkit.namespace(progress)
busy = False
runs = 0  # runs ended, for the page's tests (body data-lab-runs)


@when("click", "[data-example]")
def show_example(event) -> None:
    code.value = labkit.example(event.currentTarget.dataset.example, lang)
    code.focus()


@when("click", "#lab-run")
async def run(event=None) -> None:
    global busy, runs
    if busy:
        return
    busy = True
    run_button.disabled = True
    body.dataset.lab = "running"
    output.textContent = ""
    say("page.lab.running")
    started = performance.now()
    try:
        ok = await labkit.run(str(code.value), globals_, write)
    finally:
        busy = False
        run_button.disabled = False
    seconds = f"{(performance.now() - started) / 1000:.1f}"
    if ok:
        say("page.lab.done", seconds=seconds)
    else:
        say("page.lab.failed")
    body.dataset.lab = "done" if ok else "error"
    runs += 1
    body.dataset.labRuns = str(runs)


@when("keydown", "#lab-code")
async def run_by_keys(event) -> None:
    if event.key == "Enter" and (event.ctrlKey or event.metaKey):
        event.preventDefault()
        await run()


if not code.value:
    code.value = labkit.example("saves", lang)
run_button.disabled = False
say("page.lab.ready")
body.dataset.labReadyAt = str(round(performance.now()))
body.dataset.lab = "ready"
imperialLab.keep()  # the service worker keeps the lab for offline visits
