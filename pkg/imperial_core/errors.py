"""Exceptions raised by the engine."""


class IllegalAction(ValueError):
    """An action that is not legal in this state; the message tells the player why."""


class BadToken(ValueError):
    """A link token that is truncated, tampered with, or from an unknown engine-format version."""
