"""Words every area uses: money and the language switch; and ``row``, how every area writes a key's three
languages."""

from __future__ import annotations


def row(en: str, de: str, es: str) -> dict[str, str]:
    """One key's text in English, German and Spanish."""
    return {"en": en, "de": de, "es": es}


TEXT: dict[str, dict[str, str]] = {
    "money": {"en": "{n}M", "de": "{n} Mio.", "es": "{n} mill."},
    "common.language": {"en": "Language", "de": "Sprache", "es": "Idioma"},
}
