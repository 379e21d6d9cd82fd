"""The page's commands as one table: a name (``data-cmd`` on a button, a key, a JavaScript call) to the
handler of the part that owns it.  Each part of the page lists its own commands (``commands()``); the
table refuses a name claimed twice, so what a button does is found in one place."""

from __future__ import annotations

from collections.abc import Callable, Mapping

#: A command's handler: its one argument is the button's ``data-arg`` (``None`` when it has none).
Handler = Callable[[str | None], None]


class Commands:
    def __init__(self) -> None:
        self.table: dict[str, Handler] = {}

    def add(self, handlers: Mapping[str, Handler]) -> None:
        for name, handler in handlers.items():
            if name in self.table:
                raise ValueError(f"the page command {name!r} has two handlers")
            self.table[name] = handler

    def find(self, name: str) -> Handler | None:
        return self.table.get(name)
