"""The Python lab's examples and runner (web/labkit.py) without a browser: every example is Python in every
language with the catalogue's words, the saved-games example reads saves through the engine, and an error
becomes a traceback of the editor's code only (e2e/test_lab.py runs them in the lab itself)."""

from __future__ import annotations

import ast
import asyncio
import re
import sys
import threading
import types
from pathlib import Path

import imperial_core as core
import pytest
from imperial_text import LANGS
from imperial_text.tables import TEXT

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))

import labkit  # noqa: E402 - web/ on the path first
from imperial_ui.session import Session  # noqa: E402

#: the game's key prefix for saves (imperial_ui.storage, which needs the browser to import)
SAVE_PREFIX = re.search(r'^SAVE_PREFIX = "(.+)"$', (WEB / "imperial_ui" / "storage.py").read_text(), re.M)[1]


def run(source: str, globals_: dict | None = None) -> tuple[bool, str]:
    """``labkit.run`` in an event loop of its own, on a thread of its own (a test process that ran Playwright's
    tests before has a loop running in its main thread)."""
    out: list[str] = []
    done: list[bool] = []
    ns = globals_ if globals_ is not None else labkit.namespace(print)
    worker = threading.Thread(target=lambda: done.append(asyncio.run(labkit.run(source, ns, out.append))))
    worker.start()
    worker.join()
    assert done, "the run did not end"
    return done[0], "".join(out)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", labkit.EXAMPLES)
def test_every_example_is_python_with_the_catalogues_words(name: str, lang: str) -> None:
    code = labkit.example(name, lang)
    assert "«" not in code and "»" not in code
    compile(code, labkit.FILENAME, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    assert f"lang = {lang!r}" in code
    first = code.splitlines()[0]
    assert first.startswith("# ") and first[2:] in {row[lang] for row in TEXT.values()}


def test_the_saved_games_example_reads_the_games_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    state = core.new_game(["Anna", "Ben"], seed=2)
    for _ in range(60):
        state = core.apply_index(state, 0)
    store = {SAVE_PREFIX + "a": Session.from_state(state, game_id="a").to_save(), "imperial.lang": "de",
             SAVE_PREFIX + "b": "{not a save"}

    class Storage:
        length = len(store)

        def key(self, i: int) -> str:
            return list(store)[i]

        def getItem(self, key: str) -> str:  # noqa: N802 - the browser's name
            return store[key]

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(localStorage=Storage()))
    assert f'key.startswith("{SAVE_PREFIX}")' in labkit.example("saves", "de")
    ok, out = run(labkit.example("saves", "de"))
    assert ok, out
    assert f"{SAVE_PREFIX}b: nicht lesbar (" in out
    assert f"Anna, Ben · Europa (1914) · 60 Züge · Runde {state.round}" in out
    rows = out.split("letzten Partie:")[1].split("\n")[2:-1]
    assert [r.split()[0] for r in rows] == [str(r) for r in range(1, state.round + 1)]


def test_an_error_is_a_traceback_of_the_editors_code_and_the_globals_stay() -> None:
    globals_ = labkit.namespace(print)
    ok, out = run("x = 2\ndef f():\n    return x / 0\nf()\n", globals_)
    assert not ok
    assert out.startswith("Traceback (most recent call last):\n")
    assert '  File "<lab>", line 4, in <module>\n    f()\n' in out and "ZeroDivisionError" in out
    assert "labkit" not in out
    assert run("print(x)", globals_) == (True, "2\n")
    ok, out = run("import asyncio\nawait asyncio.sleep(0)\nprint('awaited')\n", globals_)
    assert (ok, out) == (True, "awaited\n")
    ok, out = run("raise SystemExit", globals_)
    assert not ok and "SystemExit" in out
