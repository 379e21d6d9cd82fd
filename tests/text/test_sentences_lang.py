"""The log in German and Spanish: whole random games on both boards read without English words, with the
amounts of every payment written the language's way and nothing left unfilled."""

from __future__ import annotations

import random
import re

import pytest
from imperial_core import legal_actions, new_game, step_index
from imperial_core.board import load_board
from imperial_core.narrate import entry, sentence, turn_heading
from imperial_text import money
from imperial_text.tables import NAMES
from imperial_text.tables.narrate import TEXT

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(re.sub(r"\{\w+\}", " ", text))}


def _english_only() -> set[str]:
    english = set().union(*(_words(row["en"]) for row in TEXT.values()))
    other = set().union(*(_words(row["de"]) | _words(row["es"]) for row in TEXT.values()))
    return english - other


def test_the_english_only_list_is_not_empty() -> None:
    only = _english_only()
    assert {"moves", "treasury", "bond", "builds"} <= only


def _paid(events: list) -> list[int]:
    """The amounts the sentence must show: per rule the total, and each bond or gift on its own."""
    by: dict[str, list[int]] = {}
    for e in events:
        if e.kind == "pay":
            by.setdefault(e.reason, []).append(e.amount)
    out = []
    for reason, amounts in by.items():
        out += amounts if reason in ("bond", "funding") else [sum(amounts)]
    return out


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_random_games_read_in_german_and_spanish(board: str) -> None:
    only = _english_only()
    players = ["Ann", "Bob", "Cem", "Dee"]
    rng = random.Random(7)
    s = new_game(players, seed=7, board=board)
    seen = {"de": 0, "es": 0}
    kinds: set[str] = set()
    last: dict[str, str] = {}
    while not s.is_over:
        acts = legal_actions(s)
        i = rng.randrange(len(acts))
        new, events = step_index(s, i)
        kinds.add(acts[i].type)
        for lang in ("de", "es"):
            e = entry(s, acts[i], events, lang)
            text = e.heading + " | " + e.text
            assert "{" not in text and "}" not in text and "None" not in text
            for name in sorted(NAMES[(board, lang)].values(), key=len, reverse=True) + players:
                text = text.replace(name, " ")
            english = _words(text) & only
            assert not english, f"{lang}: English words {english} in {e.heading} | {e.text}"
            for amount in _paid(events):
                assert money(lang, amount) in e.text, f"{lang}: {money(lang, amount)} missing in {e.text}"
            seen[lang] += 1
            last[lang] = e.text
        s = new
    assert seen["de"] == seen["es"] > 100
    assert {"rondel", "bond", "army", "fleet"} <= kinds
    assert "das Spiel ist vorbei" in last["de"] and "la partida ha terminado" in last["es"]


def test_heading_and_game_over_in_each_language() -> None:
    b = load_board("europe")
    assert turn_heading(3, "AH", "Bo", b, "de") == "Runde 3 · Österreich-Ungarn (Bo)"
    assert turn_heading(3, "GE", None, "europe", "es") == "Ronda 3 · Imperio Germánico"
    assert turn_heading(3, "AH", "Bo", b) == "Round 3 · Austria-Hungary (Bo)"
    assert turn_heading(1, None, None, b, "es") == "Preparación"


def test_taxation_in_german_and_spanish() -> None:
    s = new_game(["Ann", "Bob", "Cem"], seed=1)
    acts = [str(a) for a in legal_actions(s)]
    i = acts.index("rondel taxation")
    _, events = step_index(s, i)
    action = legal_actions(s)[i]
    de = sentence(s, action, events, "de")
    es = sentence(s, action, events, "es")
    nid = s.active_nation
    assert de.startswith(f"{NAMES[('europe', 'de')][nid]} ({s.current_player}) zieht auf Steuern: +4 Mio. Steuern")
    assert es.startswith(f"{NAMES[('europe', 'es')][nid]} ({s.current_player}) avanza a Impuestos: "
                         "+4 mill. de impuestos")
