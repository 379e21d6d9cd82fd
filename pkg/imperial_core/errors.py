"""Exceptions raised by the engine.  Every malformed input ends in one of these, with a message for people."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action that is not legal in this state; the message tells the player why.  Raised by
    :meth:`said`, it also carries its catalogue ``key`` and ``values`` (``imperial_text``), so that a page
    can say the same in its own language (``imperial_text.reason``)."""

    def __init__(self, message: str = "", *, key: str | None = None, values: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.values = dict(values or {})

    @classmethod
    def said(cls, key: str, **values: Any) -> IllegalAction:
        """The catalogue's sentence ``key`` (``imperial_text.tables.errors``): the message in English, the key
        and values kept for other languages."""
        from imperial_text import t

        return cls(t("en", key, **values), key=key, values=values)


class NotationError(IllegalAction):
    """Text that is not an action at all (unknown words), as opposed to a well-formed action that is not
    legal now (a plain :class:`IllegalAction`)."""


class BadToken(ValueError):
    """A link token, save or position that is damaged, truncated, tampered with, or from an engine
    format this engine does not read."""


class BadPosition(BadToken):
    """A position text (``from_position``) that is malformed or describes an impossible game."""
