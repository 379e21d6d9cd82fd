"""The rules helper: for each kind of decision, a short explanation in this project's own words and where
to read the rule in the English rulebooks (section heading and page), so a player can look it up.

The texts are data (one table, :data:`HELP`) so that they can be translated; none is taken from a
rulebook.  Page numbers are those of the rulebooks' tables of contents.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import imperial_text as tx
from imperial_text import escape


@dataclass(frozen=True)
class Ref:
    """A place in a rulebook: the section heading as printed and its page."""

    section: str
    page: str


@dataclass(frozen=True)
class Help:
    """Where the rule of a decision stands in each game's English rulebook; its title and explanation, in our
    words, are in the catalogue (``rules.<kind>.title`` / ``rules.<kind>.text``)."""

    imperial: tuple[Ref, ...]
    imperial2030: tuple[Ref, ...]

    def title(self, kind: str, lang: str = "en") -> str:
        return tx.t(lang, f"rules.{kind}.title")


#: How each kind of decision is made by clicks (the page's own behaviour, not a rule): ``rules.how.<kind>``.
HOW = ("rondel", "factory", "import", "fleets", "armies")


#: The rulebooks we ship: Imperial in English, German and Spanish; Imperial 2030 in English only
#: (catalogue ``rules.book.<board>.<lang>``).
BOOKS = {"europe": ("en", "de", "es"), "world2030": ("en",)}

#: Where the rule stands in the German and the Spanish Imperial rulebooks: the section heading as printed
#: (those editions number no pages in our copies).
LOCAL_REFS: dict[str, dict[str, tuple[str, ...]]] = {
    "de": {"auction": ("Variante zu Imperial",), "rondel": ("Spielablauf",),
           "swiss": ("Investor — Als Schweizer Bank investieren",), "factory": ("Fabrik",),
           "production": ("Produktion",), "import": ("Import",), "fleets": ("Manöver — Flotten",),
           "armies": ("Manöver — Armeen",), "contact": ("Manöver",), "order": ("Manöver",), "demand": ("Manöver",),
           "invest": ("Investor",), "fund": ("Spielablauf",), "taxation": ("Steuer",), "over": ("Spielablauf",)},
    "es": {"auction": ("Variante para jugadores experimentados",), "rondel": ("Seleccionando una casilla del rondel",),
           "swiss": ("Inversionista",), "factory": ("Fábrica",),
           "production": ("Producción",), "import": ("Importación",),
           "fleets": ("Maniobras",), "armies": ("Maniobras",),
           "contact": ("Maniobras",), "order": ("Maniobras",),
           "demand": ("Maniobras",), "invest": ("Inversionista",),
           "fund": ("Tesorerías / Inicio del juego",), "taxation": ("Impuestos",),
           "over": ("Objetivo del juego / Final del Juego",)},
}

_SETUP = Ref("Set-up — Variant for experienced players", "4–5")
_RONDEL = Ref("Game play — Selecting a space on the rondel", "6")
_INVESTOR = Ref("Investor", "11")
_MANEUVER = Ref("Maneuver", "8–11")
_TREASURIES = Ref("Treasuries / Start of the game", "7")

#: One entry per kind of decision (``state.decision``), plus the rondel spaces' own effects.
HELP: dict[str, Help] = {
    "auction": Help(
        (_SETUP,), (Ref("Set-up — Variant for experienced players", "4–5"),)),
    "rondel": Help(
        (_RONDEL,), (Ref("Game play — Selecting a space on the rondel", "6"),)),
    "swiss": Help(
        (Ref("Investor — Swiss Bank", "11"), Ref("New edition rule changes — Swiss Bank", "15")),
        (Ref("Investor — Swiss Bank", "11"),)),
    "factory": Help(
        (Ref("Factory", "7"),), (Ref("Factory", "7"),)),
    "production": Help(
        (Ref("Production", "7"),), (Ref("Production", "7"),)),
    "import": Help(
        (Ref("Import", "8"),), (Ref("Import", "8"),)),
    "fleets": Help(
        (_MANEUVER,), (_MANEUVER,)),
    "armies": Help(
        (_MANEUVER,), (_MANEUVER,)),
    "contact": Help(
        (_MANEUVER,), (_MANEUVER,)),
    "order": Help(
        (_MANEUVER,), (_MANEUVER,)),
    "demand": Help(
        (_MANEUVER,), (_MANEUVER,)),
    "invest": Help(
        (_INVESTOR,), (_INVESTOR,)),
    "fund": Help(
        (_TREASURIES,), (Ref("Treasuries / Start of the game", "7"),)),
    "canal": Help(
        (), (Ref("Maneuver — Canals", "10"),)),
    "taxation": Help(
        (Ref("Taxation", "12"),), (Ref("Taxation", "12"),)),
    "over": Help(
        (Ref("Object of the game / End of the game", "6"),), (Ref("Object of the game / End of the game", "6"),)),
}


def refs(kind: str, board: str) -> tuple[Ref, ...]:
    """Where the rule stands in the English rulebook of ``board``."""
    h = HELP.get(kind)
    if h is None:
        return ()
    return h.imperial2030 if board == "world2030" else h.imperial


def book_lang(board: str, lang: str) -> str:
    """The language of the rulebook cited: the page's own where we ship that rulebook, else English."""
    return lang if lang in BOOKS.get(board, ("en",)) else "en"


def where(kind: str, board: str, lang: str = "en", *, short: bool = False) -> str:
    """The sections (and pages) of the rule in the rulebook cited for ``lang``, in that language's quotes."""
    book = book_lang(board, lang)
    if book != "en":
        return "; ".join(tx.t(lang, "rules.quote", section=sec) for sec in LOCAL_REFS[book].get(kind, ())) \
            if refs(kind, board) else ""
    key = "rules.ref_short" if short else "rules.ref"
    return "; ".join(tx.t(lang, key, section=r.section, page=r.page) for r in refs(kind, board))


def text(kind: str, board: Any, lang: str = "en") -> str:
    """The explanation with the board's own numbers filled in (costs, limits: the engine's board data)."""
    return tx.t(lang, f"rules.{kind}.text", **board.constants)


def help_html(kind: str, board: Any, *, open_: bool = False, lang: str = "en") -> str:
    """The "?" of a decision: a disclosure with our explanation and where to read the rule."""
    h = HELP.get(kind)
    if h is None:
        return ""
    board_id = board.id
    title = escape(h.title(kind, lang))
    how = f'<p class="how">{escape(tx.t(lang, f"rules.how.{kind}"))}</p>' if kind in HOW else ""
    at = where(kind, board_id, lang)
    book = tx.t(lang, f"rules.book.{board_id}.{book_lang(board_id, lang)}")
    cite = f'<p class="cite">{escape(tx.t(lang, "rules.read_more", book=book, where=at))}</p>' if at else ""
    label = escape(tx.t(lang, "rules.help_label", title=h.title(kind, lang)))
    return (f'<details class="help" data-testid="rule-help"{" open" if open_ else ""}>'
            f'<summary title="{label}" aria-label="{label}">?</summary>'
            f'<div class="help-body"><b>{title}</b><p>{escape(text(kind, board, lang))}</p>{how}{cite}</div>'
            '</details>')


def all_help_html(board: Any, lang: str = "en") -> str:
    """Every entry of the table, for the rules dialog."""
    book = tx.t(lang, f"rules.book.{board.id}.{book_lang(board.id, lang)}")
    out = [f'<h2>{escape(tx.t(lang, "rules.short"))}</h2>'
           f'<p class="muted">{escape(tx.t(lang, "rules.intro", book=book))}</p>'
           '<dl class="rules-list">']
    for kind, h in HELP.items():
        if not refs(kind, board.id):
            continue
        at = where(kind, board.id, lang, short=True)
        out.append(f'<dt id="rule-{escape(kind)}">{escape(h.title(kind, lang))}</dt>'
                   f'<dd><p>{escape(text(kind, board, lang))}</p><p class="cite">{escape(at)}</p></dd>')
    out.append(f'</dl><p><button data-close>{escape(tx.t(lang, "page.close"))}</button></p>')
    return "".join(out)
