"""The catalogue: every key in every language, the same placeholders, each key in one area."""

from __future__ import annotations

import importlib
import pkgutil
import string

import imperial_text
import pytest
from imperial_text import LANGS, best, money, number, t, tables, tn


def _areas() -> dict[str, dict[str, dict[str, str]]]:
    out = {}
    for info in pkgutil.iter_modules(tables.__path__):
        mod = importlib.import_module(f"imperial_text.tables.{info.name}")
        if hasattr(mod, "TEXT"):
            out[info.name] = mod.TEXT
    return out


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_area_is_in_the_catalogue_and_no_key_in_two() -> None:
    seen: dict[str, str] = {}
    for area, table in _areas().items():
        for key in table:
            assert key not in seen, f"{key} in {area} and {seen[key]}"
            seen[key] = area
    assert set(seen) == set(tables.TEXT)


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_has_this_language_with_the_same_placeholders(lang: str) -> None:
    missing = [k for k, row in tables.TEXT.items() if not row.get(lang, "").strip()]
    assert missing == []
    differ = [k for k, row in tables.TEXT.items() if _fields(row[lang]) != _fields(row["en"])]
    assert differ == []


def test_plural_keys_come_in_pairs() -> None:
    for key in tables.TEXT:
        if key.endswith((".one", ".other")):
            base = key.rsplit(".", 1)[0]
            assert {base + ".one", base + ".other"} <= set(tables.TEXT), key


def test_lookup_fills_values_and_never_crashes_on_an_unknown_key() -> None:
    assert money("en", 12) == "12M"
    assert money("de", 12) == "12 Mio."
    assert money("es", -3) == "−3 mill."
    assert t("de", "no.such.key") == "no.such.key"
    assert number("de", 1234) == "1.234" and number("en", 1234) == "1,234"
    assert imperial_text.known("fr") == "en"


def test_browser_language_picks_the_first_spoken() -> None:
    assert best(["fr-FR", "de-AT", "en"]) == "de"
    assert best(["es-419"]) == "es"
    assert best(["fr"]) == "en"
    assert best([]) == "en"


def test_tn_picks_the_form_by_count() -> None:
    tables.TEXT["_probe.one"] = {"en": "{n} army", "de": "{n} Armee", "es": "{n} ejército"}
    tables.TEXT["_probe.other"] = {"en": "{n} armies", "de": "{n} Armeen", "es": "{n} ejércitos"}
    try:
        assert tn("de", "_probe", 1) == "1 Armee"
        assert tn("es", "_probe", 3) == "3 ejércitos"
    finally:
        del tables.TEXT["_probe.one"], tables.TEXT["_probe.other"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_engines_refusals_of_names_come_in_every_language(lang: str) -> None:
    """A name the engine refuses says why in the page's language; in English, the engine's own message."""
    from imperial_core import IllegalAction, new_game
    from imperial_text import reason

    cases = [(["Ann", "ann"], "errors.name_twice"), (["Ann", "x" * 30], "errors.name_long"),
             (["Ann", "bank"], "errors.name_reserved"), (["Ann"], "errors.player_count")]
    for names, key in cases:
        with pytest.raises(IllegalAction) as info:
            new_game(names)
        assert info.value.key == key
        said = reason(lang, info.value)
        assert said == t(lang, key, **info.value.values) and "{" not in said
        if lang == "en":
            assert said == str(info.value)
        else:
            assert said != str(info.value)
    assert reason(lang, ValueError("plain")) == "plain"  # no key: the message as it is
