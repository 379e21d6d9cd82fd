"""Words for people, in English, German and Spanish: the one catalogue of every string the game shows.

``t(lang, key, **values)`` looks a sentence up and fills its named values; ``tn`` picks the singular or the
plural form by a count.  ``nation`` and ``region`` name the board's places as the German and Spanish
rulebooks name them (English comes from the board data itself); ``region_phrase`` and ``region_list`` put
a region after a preposition with the article and contraction the language wants ("im Ärmelkanal", "al
Golfo de Vizcaya").  A nation's name (:class:`Nation`) goes into a sentence in the form the sentence asks
for: ``{nation:nom}`` "the United States", ``{nation:poss}`` "the United States'", ``{nation:von dat}``
"vom Deutschen Reich", ``{nation:de nom}`` "del Imperio Germánico", ``{nation:hat|haben}`` the verb that
agrees with it.  ``money`` and ``number`` write amounts in the language's own format.  The tables live
in ``imperial_text.tables``, one module per area (log sentences, board drawing, page, rules helper, computer
players, screen-reader texts), each key with its three languages side by side so a missing translation is a
failing test, never a silent English word.
"""

from __future__ import annotations

from collections.abc import Iterable

from .tables import NAMES, TEXT
from .tables.phrases import CONTRACTIONS, FORMS, NATION_FORMS, PLURAL_NATIONS, PREPOSITIONS

#: The languages the game speaks, English first (the fallback).
LANGS: tuple[str, ...] = ("en", "de", "es")
#: Each language's name in itself, for the language switch.
LANG_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "es": "Español"}
DEFAULT = "en"


def escape(text: str, quote: bool = True) -> str:
    """Words for HTML or SVG: ``html.escape``, without importing :mod:`html` (its table of entities costs the
    page's start-up in Pyodide)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("'", "&#x27;") if quote else text


def known(lang: str | None) -> str:
    """``lang`` if the game speaks it, else English."""
    return lang if lang in LANGS else DEFAULT


def best(preferred: Iterable[str]) -> str:
    """The first language of a browser's list (``navigator.languages``, e.g. ``["de-AT", "en"]``) that the
    game speaks, else English."""
    for tag in preferred:
        base = str(tag).split("-")[0].split("_")[0].lower()
        if base in LANGS:
            return base
    return DEFAULT


def t(lang: str, key: str, /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` with its ``{named}`` values filled.  An unknown key gives the key
    itself (the page never crashes on a word); the catalogue test makes sure there is none.  A plain string
    where the sentence asks for a nation's form (``{nation:dat}``) is put in as it is."""
    row = TEXT.get(key)
    if row is None:
        return key
    text = row.get(lang) or row[DEFAULT]
    if not values:
        return text
    try:
        return text.format(**values)
    except ValueError:  # a form asked of a plain string
        return text.format(**{k: Nation(v) if type(v) is str else v for k, v in values.items()})


def tn(lang: str, key: str, count: int, /, **values: object) -> str:
    """``key + ".one"`` when ``count`` is 1, else ``key + ".other"`` (the plural rule of all three
    languages for whole numbers), with ``{n}`` set to the count written in ``lang``."""
    form = ".one" if count == 1 else ".other"
    return t(lang, key + form, n=number(lang, count), **values)


def number(lang: str, n: int | float) -> str:
    """A number in the language's format: 1,234 in English, 1.234 in German and Spanish; the minus sign is
    a real minus."""
    text = f"{abs(n):,.1f}" if isinstance(n, float) and not n.is_integer() else f"{abs(int(n)):,}"
    if lang in ("de", "es"):
        text = text.replace(",", "\x00").replace(".", ",").replace("\x00", ".")
    return ("−" if n < 0 else "") + text


def money(lang: str, amount: int) -> str:
    """Millions as the rulebooks write them: ``12M``, ``12 Mio.``, ``12 mill.``."""
    return t(lang, "money", n=number(lang, amount))


def name(lang: str, board: str, key: str, english: str) -> str:
    """The name of nation or region ``key`` of ``board`` in ``lang``; ``english`` is the board data's own."""
    if lang == DEFAULT:
        return english
    return NAMES.get((board, lang), {}).get(key, english)


#: A region's name (``tables.names``).
region = name


class Nation(str):
    """A nation's name (the plain string) that a sentence puts in the form it asks for by the format spec of
    its placeholder: a case, ``nom``, ``acc`` or ``dat`` ("the United States", "dem Deutschen Reich"), or
    ``poss`` for the English possessive ("Russia's", "the United States'"); a preposition before the case
    joins the article the way the language writes it (``von dat`` "vom Deutschen Reich", ``de nom`` "del
    Imperio Germánico"); a capital first letter capitalises the form (``Nom``).  ``one|other`` is the word
    that agrees with the name's number ("hat|haben").  The forms are data (``tables.phrases``)."""

    lang: str
    forms: dict[str, str]
    plural: bool

    def __new__(cls, said: str, lang: str = DEFAULT, forms: dict[str, str] | None = None,
                plural: bool = False) -> Nation:
        self = super().__new__(cls, said)
        self.lang, self.forms, self.plural = lang, forms or {}, plural
        return self

    def form(self, case: str) -> str:
        """The name in ``case`` with its article, or as it is; the English possessive (``poss``) is the name with
        "'s" unless the table gives it."""
        said = self.forms.get(case)
        if said is None:
            said = str(self) + "'s" if case == "poss" and self.lang == "en" else str(self)
        return said

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if "|" in spec:
            one, _, other = spec.partition("|")
            return other if self.plural else one
        *before, case = spec.split(" ")
        said = self.form(case.lower())
        if before:
            said = _after(self.lang, " ".join(before), said)
        return said[:1].upper() + said[1:] if spec[0].isupper() else said


def _after(lang: str, before: str, said: str) -> str:
    """``said`` (a name, maybe with its article) after the words ``before``, the last of which joins the
    article where the language writes one word for the two ("von dem" -> "vom", "de el" -> "del")."""
    article, _, rest = said.partition(" ")
    *words, last = before.split(" ")
    joined = CONTRACTIONS.get(lang, {}).get(f"{last.lower()} {article}")
    if joined and last[:1].isupper():
        joined = joined[:1].upper() + joined[1:]
    return " ".join([*words, joined, rest]) if joined else f"{before} {said}"


_NATIONS: dict[tuple[str, str, str, str], Nation] = {}


def nation(lang: str, board: str, key: str, english: str) -> Nation:
    """The name of nation ``key`` of ``board`` in ``lang`` (``english``: the board data's own), with the forms
    a sentence may ask of it (:class:`Nation`)."""
    lang = known(lang)
    memo = (lang, board, key, english)
    said = _NATIONS.get(memo)
    if said is None:
        said = _NATIONS[memo] = Nation(name(lang, board, key, english), lang,
                                       NATION_FORMS.get((board, lang), {}).get(key),
                                       key in PLURAL_NATIONS.get((board, lang), ()))
    return said


def region_phrase(lang: str, board: str, rid: str, english: str, prep: str) -> str:
    """Region ``rid`` after the preposition ``prep`` as ``lang`` says it: "in der Nordsee", "im Ärmelkanal",
    "in Wien", "nach Wien", "in die Türkei", "en el Mar del Norte", "al Golfo de Vizcaya", "in North Sea".

    ``prep`` is one of the English sentences' prepositions ("in", "into", "to", "from", "via"), or a case
    ("nom", "acc", "dat") for the name with its article and no preposition.  A name without an article
    (``tables.phrases``) keeps its plain form."""
    lang = known(lang)
    bare, before_article, case = PREPOSITIONS[lang][prep]
    name = region(lang, board, rid, english)
    form = FORMS.get((board, lang), {}).get(rid)
    if form is None:
        return f"{bare} {name}" if bare else name
    said = form[case]
    return _after(lang, before_article, said) if before_article else said


def region_list(lang: str, board: str, regions: Iterable[tuple[str, str]], prep: str, sep: str = ", ") -> str:
    """Regions (``(id, English name)`` pairs) after one preposition: the first with it, the others with
    their articles in its case ("über die Nordsee, den Ärmelkanal", "via North Sea, English Channel")."""
    case = PREPOSITIONS[known(lang)][prep][2]
    said = [region_phrase(lang, board, rid, english, prep if i == 0 else case)
            for i, (rid, english) in enumerate(regions)]
    return sep.join(said)


def reason(lang: str, error: BaseException) -> str:
    """Why ``error`` refused something, in ``lang`` when the engine said it by a catalogue key
    (``IllegalAction.said``), else the error's own (English) message."""
    key = getattr(error, "key", None)
    if isinstance(key, str) and key in TEXT:
        return t(lang, key, **getattr(error, "values", {}))
    return str(error)
