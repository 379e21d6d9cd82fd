"""The computer players' worker, as the page's Python sees it: started on demand (``bots.js`` runs it, a module
Web Worker with its own Pyodide), asked by posting a request, watched for an answer that never comes.

The worker's answers come back as page commands (``bot-ready``, ``bot-failed``, ``bot-answer``,
``bot-watchdog``); what to do with them is ``botplay.BotPlay``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js

#: A request the worker has not answered after this long (ms, start-up included) stops the bots with a
#: message (a worker that hangs); the strong level decides in about a second.
WATCHDOG_MS = 90_000

#: Why the worker cannot run when ``bots.js`` did not load.
NO_SCRIPT = "the page's bot script (bots.js) did not load"


class NoWorker:
    """Stands in for ``bots.js`` when it did not load: nothing starts, and the page says so."""

    missing = True

    def start(self) -> None: ...
    def ask(self, _payload: str) -> None: ...
    def restart(self) -> None: ...
    def later(self, _ms: float, _name: str, _arg: str) -> None: ...
    def mark(self, _json: str) -> None: ...


class Worker:
    """The worker's state: ``off`` (not started), ``starting``, ``ready`` or ``failed``."""

    def __init__(self, failed: Callable[[str], None]) -> None:
        self.js: Any = getattr(js.window, "imperialBots", None) or NoWorker()
        #: told whenever the worker is found failed (the review waiting for it: ``ReviewPage.worker_failed``)
        self.on_failed: list[Callable[[], None]] = []
        self._state = "off"
        self.problem = ""
        self.failed = failed  # told when the worker cannot be started (``BotPlay.cmd_bot_failed``)

    @property
    def state(self) -> str:
        return self._state

    @state.setter
    def state(self, value: str) -> None:
        self._state = value
        if value == "failed":
            for told in self.on_failed:
                told()

    def start(self) -> None:
        if self.state == "off":
            self.state = "starting"
            if isinstance(self.js, NoWorker):
                self.failed(NO_SCRIPT)
                return
            self.js.start()

    def post(self, payload: str) -> None:
        """A request (``seats.Ask.payload``), watched: unanswered after ``WATCHDOG_MS`` it says so."""
        self.start()
        self.js.ask(payload)
        self.js.later(WATCHDOG_MS, "bot-watchdog", payload)

    def answered(self) -> None:
        """An answer came: the worker runs."""
        if self.state == "starting":
            self.state = "ready"

    def restart(self) -> bool:
        """After a failure, start again; whether it could be."""
        if self.state != "failed":
            return True
        if isinstance(self.js, NoWorker):
            self.failed(NO_SCRIPT)
            return False
        self.state = "starting"
        self.js.restart()
        return True

    def later(self, ms: float, command: str, arg: str) -> None:
        """The page command ``command`` with ``arg`` after ``ms`` milliseconds (the pace of bot moves)."""
        self.js.later(ms, command, arg)

    def mark(self, marks: str) -> None:
        """A choice button of the decision marked (the hint's): ``bots.js``'s ``mark``; the map's outlines are
        the overlay's (``MapView.mark``)."""
        self.js.mark(marks)
