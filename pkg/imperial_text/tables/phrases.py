"""Places after a preposition: the article a German or Spanish region name takes, and how each preposition
of the sentences joins it ("in der Nordsee", "im Ärmelkanal", "ins Schwarze Meer", "en el Mar del Norte",
"al Golfo de Vizcaya", "del Mar Negro").

Names not listed here take no article ("in Wien", "nach Rumänien", "en Viena", "en Turquía").  German names
are given in full in each case because their adjectives decline ("das Schwarze Meer", "dem Schwarzen
Meer"); a Spanish name only needs its article, the same in every position.  English has no entries: its
sentences say "in North Sea" as they always have.  ``imperial_text.region_phrase`` reads these tables.
"""

from __future__ import annotations

from .names import NAMES

#: The grammatical cases a German article form is given in.
CASES: tuple[str, ...] = ("nom", "acc", "dat")


def _de(nom: str, acc: str, dat: str) -> dict[str, str]:
    return {"nom": nom, "acc": acc, "dat": dat}


_EUROPE_DE = {
    # seas
    "northatlantic": _de("der Nordatlantische Ozean", "den Nordatlantischen Ozean", "dem Nordatlantischen Ozean"),
    "northsea": _de("die Nordsee", "die Nordsee", "der Nordsee"),
    "englishchannel": _de("der Ärmelkanal", "den Ärmelkanal", "dem Ärmelkanal"),
    "bayofbiscay": _de("der Golf von Biskaya", "den Golf von Biskaya", "dem Golf von Biskaya"),
    "westernmed": _de("das Westliche Mittelmeer", "das Westliche Mittelmeer", "dem Westlichen Mittelmeer"),
    "ioniansea": _de("das Ionische Meer", "das Ionische Meer", "dem Ionischen Meer"),
    "easternmed": _de("das Östliche Mittelmeer", "das Östliche Mittelmeer", "dem Östlichen Mittelmeer"),
    "blacksea": _de("das Schwarze Meer", "das Schwarze Meer", "dem Schwarzen Meer"),
    "balticsea": _de("die Ostsee", "die Ostsee", "der Ostsee"),
    # land
    "westbalkan": _de("der Westbalkan", "den Westbalkan", "dem Westbalkan"),
    "turkey": _de("die Türkei", "die Türkei", "der Türkei"),
    "switzerland": _de("die Schweiz", "die Schweiz", "der Schweiz"),
}

_WORLD_DE = {
    # seas
    "northpacific": _de("der Nordpazifik", "den Nordpazifik", "dem Nordpazifik"),
    "southpacific": _de("der Südpazifik", "den Südpazifik", "dem Südpazifik"),
    "northatlantic": _de("der Nordatlantik", "den Nordatlantik", "dem Nordatlantik"),
    "caribbeansea": _de("das Karibische Meer", "das Karibische Meer", "dem Karibischen Meer"),
    "southatlantic": _de("der Südatlantik", "den Südatlantik", "dem Südatlantik"),
    "gulfofguinea": _de("der Golf von Guinea", "den Golf von Guinea", "dem Golf von Guinea"),
    "mediterraneansea": _de("das Mittelmeer", "das Mittelmeer", "dem Mittelmeer"),
    "indianocean": _de("der Indische Ozean", "den Indischen Ozean", "dem Indischen Ozean"),
    "seaofjapan": _de("das Japanische Meer", "das Japanische Meer", "dem Japanischen Meer"),
    "chinasea": _de("das Chinesische Meer", "das Chinesische Meer", "dem Chinesischen Meer"),
    "tasmansea": _de("die Tasmansee", "die Tasmansee", "der Tasmansee"),
    # land
    "congo": _de("der Kongo", "den Kongo", "dem Kongo"),
    "neareast": _de("der Nahe Osten", "den Nahen Osten", "dem Nahen Osten"),
    "turkey": _de("die Türkei", "die Türkei", "der Türkei"),
    "ukraine": _de("die Ukraine", "die Ukraine", "der Ukraine"),
    "iran": _de("der Iran", "den Iran", "dem Iran"),
    "mongolia": _de("die Mongolei", "die Mongolei", "der Mongolei"),
    "philippines": _de("die Philippinen", "die Philippinen", "den Philippinen"),
    "switzerland": _de("die Schweiz", "die Schweiz", "der Schweiz"),
    "polar": _de("die Polargebiete", "die Polargebiete", "den Polargebieten"),
}

#: Spanish: region id -> its article ("el Mar del Norte", "los Balcanes Occidentales").
_EUROPE_ES = {
    "northatlantic": "el", "northsea": "el", "englishchannel": "el", "bayofbiscay": "el", "westernmed": "el",
    "ioniansea": "el", "easternmed": "el", "blacksea": "el", "balticsea": "el",
    "westbalkan": "los",
}

_WORLD_ES = {
    "northpacific": "el", "southpacific": "el", "northatlantic": "el", "caribbeansea": "el",
    "southatlantic": "el", "gulfofguinea": "el", "mediterraneansea": "el", "indianocean": "el",
    "seaofjapan": "el", "chinasea": "el", "tasmansea": "el",
    "northafrica": "el", "congo": "el", "polar": "las",
}

#: (board, language) -> {region id -> {case -> the name with its article in that case}}; Spanish has one
#: form for every case.  Filled for Spanish from the articles above and the names in ``names.NAMES``.
FORMS: dict[tuple[str, str], dict[str, dict[str, str]]] = {
    ("europe", "de"): _EUROPE_DE, ("world2030", "de"): _WORLD_DE,
}
#: (board, language) -> {region id -> article}, for the languages whose article never declines.
SPANISH_ARTICLES: dict[tuple[str, str], dict[str, str]] = {
    ("europe", "es"): _EUROPE_ES, ("world2030", "es"): _WORLD_ES,
}
for _key, _articles in SPANISH_ARTICLES.items():
    FORMS[_key] = {rid: dict.fromkeys(CASES, f"{art} {NAMES[_key][rid]}") for rid, art in _articles.items()}

#: language -> preposition -> (the word before a name without article, the word before a name with one, the
#: case of the article after it).  The prepositions are what the English sentences say; the cases "nom",
#: "acc" and "dat" alone give the name with its article and no preposition (for a list after the first
#: name, or "zwischen Rom und der Türkei").
PREPOSITIONS: dict[str, dict[str, tuple[str, str, str]]] = {
    "en": {"in": ("in", "in", "nom"), "into": ("into", "into", "nom"), "to": ("to", "to", "nom"),
           "from": ("from", "from", "nom"), "via": ("via", "via", "nom"),
           "nom": ("", "", "nom"), "acc": ("", "", "acc"), "dat": ("", "", "dat")},
    "de": {"in": ("in", "in", "dat"), "into": ("nach", "in", "acc"), "to": ("nach", "in", "acc"),
           "from": ("aus", "aus", "dat"), "via": ("über", "über", "acc"),
           "nom": ("", "", "nom"), "acc": ("", "", "acc"), "dat": ("", "", "dat")},
    "es": {"in": ("en", "en", "nom"), "into": ("a", "a", "nom"), "to": ("hacia", "hacia", "nom"),
           "from": ("de", "de", "nom"), "via": ("vía", "a través de", "nom"),
           "nom": ("", "", "nom"), "acc": ("", "", "acc"), "dat": ("", "", "dat")},
}

# Nations whose name takes an article in a sentence, with it in each case ("the United States", "dem Deutschen
# Reich", "los Estados Unidos"), and the English possessive where it is not the name with "'s" ("the United
# States'").  A nation not listed is said by its plain name, and in English its possessive is the name with
# "'s" ("Russia's").  ``imperial_text.nation`` reads these; a sentence asks for a form by its placeholder
# (``{nation:dat}``, ``{nation:von dat}``, ``{nation:poss}``).  Spanish gives the article alone, as for regions.
def _en(said: str, possessive: str) -> dict[str, str]:
    return {**dict.fromkeys(CASES, said), "poss": possessive}


_NATIONS_EN = {
    "europe": {"GE": _en("the German Empire", "the German Empire's")},
    "world2030": {"US": _en("the United States", "the United States'")},
}
_NATIONS_DE = {
    "europe": {"GE": _de("das Deutsche Reich", "das Deutsche Reich", "dem Deutschen Reich")},
    "world2030": {"US": _de("die Vereinigten Staaten", "die Vereinigten Staaten", "den Vereinigten Staaten")},
}
#: Spanish: nation id -> its article ("los Estados Unidos", "la India").
_NATIONS_ES = {"europe": {"GE": "el"}, "world2030": {"US": "los", "IN": "la"}}

#: (board, language) -> {nation id -> {case -> the name in that case, "poss" -> the English possessive}}.
NATION_FORMS: dict[tuple[str, str], dict[str, dict[str, str]]] = {
    **{(board, "en"): forms for board, forms in _NATIONS_EN.items()},
    **{(board, "de"): forms for board, forms in _NATIONS_DE.items()},
    **{(board, "es"): {nid: dict.fromkeys(CASES, f"{art} {NAMES[(board, 'es')][nid]}") for nid, art in arts.items()}
       for board, arts in _NATIONS_ES.items()},
}
#: (board, language) -> the nations whose name is a plural in that language (its verbs agree: "die Vereinigten
#: Staaten haben", "los Estados Unidos tienen"); a sentence picks the verb by ``{nation:hat|haben}``.
PLURAL_NATIONS: dict[tuple[str, str], frozenset[str]] = {
    ("world2030", "de"): frozenset({"US"}), ("world2030", "es"): frozenset({"US"}),
}

#: language -> a preposition and the article after it -> the one word the language writes for the two.
CONTRACTIONS: dict[str, dict[str, str]] = {
    "de": {"in dem": "im", "in das": "ins", "von dem": "vom", "zu dem": "zum", "zu der": "zur", "an dem": "am"},
    "es": {"a el": "al", "de el": "del"},
}
