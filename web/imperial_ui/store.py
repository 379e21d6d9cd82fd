"""The browser's storage, every call guarded.

``localStorage`` may be missing or throw on every access (private modes, cookies disabled), and any write
may throw (a full storage, a quota of zero).  :class:`Store` never raises: reads give ``None`` or nothing,
writes return an error code, and when the storage cannot be used at all it keeps the values in memory for
the life of the page (``off`` is then true, and the page says that saving is off).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

#: Error codes of :meth:`Store.set`.
OK = ""
QUOTA = "quota"
FAILED = "failed"


def error_kind(exc: BaseException) -> str:
    """``QUOTA`` for a full storage (every browser names it differently), else ``FAILED``."""
    name = str(getattr(exc, "name", "") or type(exc).__name__)
    text = f"{name} {exc}"
    if "Quota" in text or "QUOTA" in text or "quota" in text:
        return QUOTA
    return FAILED


class Store:
    """One storage area (``localStorage`` or ``sessionStorage``) behind guards, with an in-memory fallback.

    ``open_backend`` returns the browser's storage object (``getItem``, ``setItem``, ``removeItem``, ``key``,
    ``length``); it may raise, or return ``None``, when the browser refuses storage."""

    def __init__(self, open_backend: Callable[[], Any]) -> None:
        self.memory: dict[str, str] = {}
        self.problem = ""
        self.backend: Any = None
        try:
            backend = open_backend()
            if backend is None:
                raise RuntimeError("no storage")
            int(backend.length)  # reading must work; writes may still fail (a full storage)
            self.backend = backend
        except Exception as exc:  # SecurityError and the like: run on memory, say so
            self.problem = f"{getattr(exc, 'name', '') or type(exc).__name__}"
            self.backend = None

    @property
    def off(self) -> bool:
        """True when the browser's storage cannot be used: values live only as long as the page."""
        return self.backend is None

    def get(self, key: str) -> str | None:
        if self.backend is None:
            return self.memory.get(key)
        try:
            value = self.backend.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None  # JS null arrives as pyodide's jsnull, not None

    def set(self, key: str, value: str) -> str:
        """Write; returns ``OK`` (``""``), ``QUOTA`` or ``FAILED``.  Never raises."""
        if self.backend is None:
            self.memory[key] = value
            return OK
        try:
            self.backend.setItem(key, value)
        except Exception as exc:
            return error_kind(exc)
        return OK

    def remove(self, key: str) -> None:
        if self.backend is None:
            self.memory.pop(key, None)
            return
        with contextlib.suppress(Exception):
            self.backend.removeItem(key)

    def keys(self, prefix: str = "") -> list[str]:
        """The keys that start with ``prefix`` (in the browser's order)."""
        if self.backend is None:
            return [k for k in self.memory if k.startswith(prefix)]
        out: list[str] = []
        try:
            n = int(self.backend.length)
            for i in range(n):
                k = self.backend.key(i)
                if isinstance(k, str) and k.startswith(prefix):
                    out.append(k)
        except Exception:
            pass
        return out
