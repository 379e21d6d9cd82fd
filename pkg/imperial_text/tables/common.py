"""Words every area uses: money and the language switch."""

from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "money": {"en": "{n}M", "de": "{n} Mio.", "es": "{n} mill."},
    "common.language": {"en": "Language", "de": "Sprache", "es": "Idioma"},
}
