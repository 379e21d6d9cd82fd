"""Nations and regions in German and Spanish, as the German and the Spanish Imperial rulebooks name them
(Imperial 2030 has no German or Spanish rulebook here; its names are the usual names in each language).
English names are the board data's own."""

from __future__ import annotations

NAMES: dict[tuple[str, str], dict[str, str]] = {}
