"""The catalogue's tables, one module per area; each maps a key to its text in every language.

Every module of this package with a ``TEXT`` table is an area of the catalogue (found by name, so adding an
area is adding a file).  A key belongs to exactly one area, which the catalogue test checks; keys are
written ``area.what``.
"""

from __future__ import annotations

import importlib
import pkgutil

from .names import NAMES

#: key -> {language -> text}
TEXT: dict[str, dict[str, str]] = {}
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
    TEXT.update(getattr(importlib.import_module(f"{__name__}.{_info.name}"), "TEXT", {}))

__all__ = ["NAMES", "TEXT"]
