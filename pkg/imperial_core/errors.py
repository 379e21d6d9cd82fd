"""Exceptions raised by the engine.  Every malformed input ends in one of these, with a message for people."""


class IllegalAction(ValueError):
    """An action that is not legal in this state; the message tells the player why."""


class NotationError(IllegalAction):
    """Text that is not an action at all (unknown words), as opposed to a well-formed action that is not
    legal now (a plain :class:`IllegalAction`)."""


class BadToken(ValueError):
    """A link token, save or position that is damaged, truncated, tampered with, or from an engine
    format this engine does not read."""


class BadPosition(BadToken):
    """A position text (``from_position``) that is malformed or describes an impossible game."""
