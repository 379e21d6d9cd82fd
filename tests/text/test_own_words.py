"""The tutorial's words are our own: no text of the catalogue's tutorial area (nor the start screen's "Learn to
play" card) repeats seven words in a row from the rulebook of its language (English: both games' rulebooks).
Skipped where the rulebooks are not beside the checkout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from imperial_text import LANGS, tables

RULES = Path("/work/shared/rules")
BOOKS = {"en": ["imperial-rules-en.txt", "imperial-2030-rules-en.txt"], "de": ["imperial-rules-de.txt"],
         "es": ["imperial-rules-es-first-edition.txt"]}


def shingles(text: str) -> set[str]:
    """Every seven words in a row of ``text`` (lower case, letters only)."""
    words = re.findall(r"[^\W\d_]+", text.lower())
    return {" ".join(words[i:i + 7]) for i in range(len(words) - 6)}


@pytest.mark.parametrize("lang", LANGS)
def test_the_tutorial_repeats_no_seven_words_of_a_rulebook(lang: str) -> None:
    books = [RULES / b for b in BOOKS[lang] if (RULES / b).exists()]
    if not books:
        pytest.skip("the rulebooks are not beside the checkout")
    theirs: set[str] = set()
    for book in books:
        theirs |= shingles(book.read_text(encoding="utf-8"))
    ours = {k: row[lang] for k, row in tables.TEXT.items() if k.startswith(("tutorial.", "page.f.learn"))}
    assert len(ours) > 30
    copied = {k: shingles(text) & theirs for k, text in ours.items() if shingles(text) & theirs}
    assert copied == {}
