"""Finding English words left in a German or Spanish page: a word is *English-only* when it occurs in some
English text of the catalogue (``imperial_text``, every area) but in no text of the other language.  Place
names (the boards' own English names) and the names players typed are left out: they are names, not words.
Used by the page walker (e2e/test_languages.py) and the CPython tests of the views."""

from __future__ import annotations

import re
import string
from functools import cache

import imperial_core as core
from imperial_text import tables

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def words(text: str) -> set[str]:
    """The words of ``text``, lower case, of three letters or more (no numbers, no placeholders)."""
    return {w.lower() for w in _WORD.findall(text) if len(w) >= 3}


def _plain(text: str) -> str:
    """A catalogue text without its ``{placeholders}``."""
    return "".join(lit for lit, *_ in string.Formatter().parse(text))


@cache
def _names() -> frozenset[str]:
    out: set[str] = set()
    for board in ("europe", "world2030"):
        b = core.load_board(board)
        for name in [r.name for r in b.regions.values()] + [n.name for n in b.nations] + [c.name for c in b.canals]:
            out |= words(name)
    return frozenset(out)


@cache
def english_only(lang: str) -> frozenset[str]:
    """Words of the English catalogue that no ``lang`` text of the catalogue uses, place names left out (the
    catalogue does not change while the tests run: worked out once per language)."""
    en: set[str] = set()
    other: set[str] = set()
    for row in tables.TEXT.values():
        en |= words(_plain(row.get("en", "")))
        other |= words(_plain(row.get(lang, "")))
    for table in tables.NAMES.values():
        for name in table.values():
            other |= words(name)
    return frozenset(en - other - _names())


def leftovers(text: str, lang: str, typed: tuple[str, ...] = ()) -> list[str]:
    """The English-only words in ``text`` (a view of the page in ``lang``), the names in ``typed`` left out."""
    mine = set().union(*(words(t) for t in typed)) if typed else set()
    return sorted((words(text) & english_only(lang)) - mine)
