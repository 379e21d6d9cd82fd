"""Every nation and region of both boards has a German and a Spanish name; Europe's nations as the
rulebooks name them."""

from __future__ import annotations

from pathlib import Path

import pytest
from imperial_core.board import load_board
from imperial_text import nation, region
from imperial_text.tables import NAMES

RULES = Path("/work/shared/rules")


@pytest.mark.parametrize("board", ["europe", "world2030"])
@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_id_of_the_board_has_a_name(board: str, lang: str) -> None:
    b = load_board(board)
    table = NAMES[(board, lang)]
    ids = [n.id for n in b.nations] + list(b.regions) + [c.id for c in b.canals]
    missing = [i for i in ids if not table.get(i, "").strip()]
    assert missing == []
    assert set(table) == set(ids), "names of ids the board does not have"
    for n in b.nations:
        assert nation(lang, board, n.id, n.name) == table[n.id]
    for rid, r in b.regions.items():
        assert region(lang, board, rid, r.name) == table[rid]


def test_english_is_the_board_data_own_name() -> None:
    b = load_board("europe")
    assert nation("en", "europe", "AH", b.nation("AH").name) == "Austria-Hungary"
    assert region("en", "europe", "vienna", b.regions["vienna"].name) == "Vienna"


@pytest.mark.parametrize(("lang", "path", "ids"), [
    ("de", "imperial-rules-de.txt", ["AH", "GE", "FR", "GB", "IT", "RU", "northsea", "westernmed", "danzig"]),
    ("es", "imperial-rules-es-first-edition.txt", ["AH", "GE", "FR", "GB", "IT", "RU", "northsea", "ioniansea",
                                                   "hamburg", "algeria"]),
])
def test_europe_names_are_the_rulebooks(lang: str, path: str, ids: list[str]) -> None:
    if not (RULES / path).exists():
        pytest.skip("rulebooks not on this machine")
    text = (RULES / path).read_text(encoding="utf-8")
    table = NAMES[("europe", lang)]
    absent = [table[i] for i in ids if table[i] not in text]
    assert absent == []


def test_german_and_spanish_differ_from_english_where_the_languages_do() -> None:
    assert NAMES[("europe", "de")]["vienna"] == "Wien" and NAMES[("europe", "es")]["vienna"] == "Viena"
    assert NAMES[("europe", "de")]["AH"] == "Österreich-Ungarn"
    assert NAMES[("europe", "es")]["GE"] == "Imperio Germánico"
