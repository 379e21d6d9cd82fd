"""The Python lab's own Python (lab.html; web/lab.py is its page glue): the examples' code in the page's
language, and the runner that runs what is in the editor.

Plain Python without the browser, so that tests/test_lab_examples.py can check every example in every
language.  The examples' words are the catalogue's (``page.lab.*`` in imperial_text), put into the code as
comments and f-strings: each ``{name}`` of such a sentence is a variable of the example's code.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import re
import sys
import traceback
from collections.abc import Callable
from typing import Any

from imperial_text import LANGS, known
from imperial_text.tables import TEXT

#: The examples, in the order of their buttons.
EXAMPLES = ("saves", "best", "games")
#: The name the editor's code runs under (tracebacks name it).
FILENAME = "<lab>"

_SAVES = '''\
# «page.lab.a.intro»
from js import localStorage
from imperial_core.codec import read_save, summary_of
from imperial_core.timeline import timeline
from imperial_text import reason, t

lang = «lang»
games = []
for i in range(localStorage.length):
    key = localStorage.key(i)
    if key.startswith("imperial.save."):  # web/imperial_ui/storage.py SAVE_PREFIX
        try:
            games.append(read_save(localStorage.getItem(key)))
        except ValueError as error:
            problem = reason(lang, error)
            print(f"«page.lab.a.unreadable»")

if not games:
    print("«page.lab.a.none»")
else:
    games.sort(key=lambda game: game.meta.get("saved", 0))
    for game in games:
        s = summary_of(game.state)
        players = ", ".join(s["players"])
        board = t(lang, "page.board." + s["board"])
        moves, rnd = s["moves"], s["round"]
        print(f"«page.lab.a.row»")

    last = games[-1].state
    names = [p["name"] for p in last.players]
    points = timeline(last)
    ends = {}
    for point in points:
        if point.round > 1:
            ends.setdefault(point.round - 1, point.scores)
    ends[points[-1].round] = points[-1].scores
    print()
    print("«page.lab.a.last»")
    print("«page.lab.a.round»".ljust(7) + "".join(name[:10].rjust(11) for name in names))
    for rnd, scores in ends.items():
        print(str(rnd).ljust(7) + "".join(str(scores[name]).rjust(11) for name in names))
'''

_BEST = '''\
# «page.lab.b.intro»
# «page.lab.b.empty»
link = ""

import imperial_core as ic
from imperial_bots import choose_with_reason
from imperial_text import t

lang = «lang»
if link.strip():
    state = ic.read_save(link.strip()).state
else:
    state = ic.new_game(["Anna", "Ben", "Clara", "David"], seed=1)

if state.is_over:
    winner = ic.winner(state)
    print(f"«page.lab.b.over»")
else:
    rnd, moves, player = state.round, len(state.history), state.current_player
    print(f"«page.lab.b.where»")
    action, reason = choose_with_reason(state, level="normal", lang=lang)
    level = t(lang, "page.level.normal")
    print(f"«page.lab.b.best»")
    print(reason)
'''

_GAMES = '''\
# «page.lab.c.intro»
import asyncio
import imperial_core as ic
from imperial_bots import choose
from imperial_text import t

lang = «lang»
games = 10
levels = {"Anna": "easy", "Ben": "normal", "Clara": "easy", "David": "normal"}
wins = {"easy": 0, "normal": 0}
for n in range(1, games + 1):
    # «page.lab.c.pause»
    progress(f"«page.lab.c.progress»")
    await asyncio.sleep(0)
    names = list(levels)
    seats = names[n % 4:] + names[:n % 4]
    state = ic.new_game(seats, board="europe", seed=n)
    while not state.is_over:
        player = state.current_player
        state = ic.apply(state, choose(state, level=levels[player], seed=n))
    name = ic.winner(state)
    points = ic.scores(state)[name]
    wins[levels[name]] += 1
    level = t(lang, "page.level." + levels[name])
    print(f"«page.lab.c.winner»")

tally = ", ".join(f"{t(lang, 'page.level.' + lv)} {k}" for lv, k in wins.items())
print(f"«page.lab.c.tally»")
'''

_TEMPLATES = {"saves": _SAVES, "best": _BEST, "games": _GAMES}


def example(name: str, lang: str) -> str:
    """The example ``name``'s code, its comments and printed words in ``lang``."""
    lang = known(lang)

    def word(m: re.Match[str]) -> str:
        key = m.group(1)
        return repr(lang) if key == "lang" else TEXT[key][lang]

    return re.sub(r"«([\w.]+)»", word, _TEMPLATES[name])


class _Out:
    """``sys.stdout`` and ``sys.stderr`` while the editor's code runs: every write goes to ``write``."""

    def __init__(self, write: Callable[[str], Any]) -> None:
        self._write = write

    def write(self, text: str) -> int:
        if text:
            self._write(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def namespace(progress: Callable[[str], Any]) -> dict[str, Any]:
    """The globals the editor's code runs in, kept from one run to the next: ``progress(text)`` puts a line
    in the lab's status line."""
    return {"__name__": "__main__", "__builtins__": __builtins__, "progress": progress}


async def run(source: str, globals_: dict[str, Any], write: Callable[[str], Any]) -> bool:
    """Run ``source`` (top-level ``await`` allowed) in ``globals_``, its printed output and, on an error,
    its traceback (from the editor's code on) sent to ``write``.  True when it ended without an error;
    nothing it raises goes further, so the page goes on working."""
    out = _Out(write)
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = out
    # the source for the traceback's lines
    linecache.cache[FILENAME] = (len(source), None, source.splitlines(True), FILENAME)
    try:
        code = compile(source, FILENAME, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
        result = eval(code, globals_)  # noqa: S307 - running the player's own code is the lab's purpose
        if inspect.isawaitable(result):
            await result
        return True
    except BaseException as e:  # SystemExit and KeyboardInterrupt too: the lab goes on
        tb = e.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != FILENAME:
            tb = tb.tb_next  # the lab's own frames are not the player's
        out.write("".join(traceback.format_exception(type(e), e, tb)))
        return False
    finally:
        sys.stdout, sys.stderr = saved


__all__ = ["EXAMPLES", "FILENAME", "LANGS", "example", "namespace", "run"]
