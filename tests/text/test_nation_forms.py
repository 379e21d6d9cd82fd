"""Nations in sentences: every sentence of the catalogue that names a nation, filled with every nation of both
boards in every language, writes its possessive and its article the way the language does ("the United
States' turn", "vom Deutschen Reich", "de los Estados Unidos"), and its verbs agree ("die Vereinigten Staaten
haben"); the log of real games says them the same way."""

from __future__ import annotations

import random
import re
import string

import imperial_core as core
import pytest
from imperial_core.board import BOARDS, load_board
from imperial_core.narrate import entry
from imperial_text import LANGS, Nation, nation, t
from imperial_text.tables import TEXT
from imperial_text.tables.phrases import NATION_FORMS, PLURAL_NATIONS

#: Placeholders that hold a nation's name.
NATION_FIELDS = ("nation", "enemy")
#: Words after which a name that takes an article must have it ("von Deutsches Reich" is wrong).
BEFORE_ARTICLE = {
    "en": ("of", "for", "against", "governs", "force", "forces", "lets", "asks", "Ask"),
    "de": ("von", "für", "gegen", "regiert", "zwingt", "fragt", "lässt", "gibt", "verweigert", "damit"),
    "es": ("de", "a", "por", "contra", "gobierna", "ahora", "obliga", "Preguntar"),
}
#: German and Spanish verbs of the catalogue in the singular, which a plural name must not take.
SINGULAR_VERBS = {"de": ("hat", "ist", "kann", "will", "verliert", "produziert", "hielt"),
                  "es": ("tiene", "pierde", "produce", "pueda", "va", "pase", "se detuvo")}


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _nation_keys() -> list[str]:
    return sorted(k for k, row in TEXT.items() if _fields(row["en"]) & set(NATION_FIELDS))


def _said(lang: str, key: str, who: Nation) -> str:
    """Sentence ``key`` with ``who`` in every nation placeholder and a neutral word in the others."""
    values: dict[str, object] = {f: "X" for f in _fields(TEXT[key][lang])}
    values.update({f: who for f in NATION_FIELDS if f in values})
    return t(lang, key, **values)


def _nations() -> list[tuple[str, str, str, Nation]]:
    out = []
    for board in BOARDS:
        for n in load_board(board).nations:
            for lang in LANGS:
                out.append((board, n.id, lang, nation(lang, board, n.id, n.name)))
    return out


def test_the_catalogue_names_nations_in_sentences() -> None:
    keys = _nation_keys()
    assert len(keys) > 40
    assert "page.why.turn" in keys and "narrate.treasury" in keys


@pytest.mark.parametrize(("board", "nid", "lang", "who"), _nations(), ids=lambda v: str(v))
def test_no_nation_in_any_sentence_says_s_apostrophe_s_or_lacks_its_article(board: str, nid: str, lang: str,
                                                                            who: Nation) -> None:
    forms = NATION_FORMS.get((board, lang), {}).get(nid)
    plural = nid in PLURAL_NATIONS.get((board, lang), ())
    for key in _nation_keys():
        said = _said(lang, key, who)
        assert not re.search(r"s['’]s\b", said), (key, said)
        assert "{" not in said, (key, said)
        if forms is not None:  # a name that takes an article never follows a preposition or verb without it
            for word in BEFORE_ARTICLE[lang]:
                assert not re.search(rf"(?<!\w){word} {re.escape(who)}", said), (key, said)
        if plural:
            for verb in SINGULAR_VERBS[lang]:
                assert not re.search(rf"\b{re.escape(forms['nom'].split(' ', 1)[1])} {verb}\b", said), (key, said)


def test_the_united_states_and_the_german_empire_in_each_language() -> None:
    us = {lang: nation(lang, "world2030", "US", "United States") for lang in LANGS}
    ge = {lang: nation(lang, "europe", "GE", "German Empire") for lang in LANGS}
    ru = nation("en", "world2030", "RU", "Russia")
    turn = {"player": "Bo", "round": "round 3"}
    assert t("en", "page.why.turn", nation=us["en"], **turn) == \
        "Bo governs the United States; it is the United States' turn in round 3."
    assert t("en", "page.why.turn", nation=ru, **turn) == "Bo governs Russia; it is Russia's turn in round 3."
    assert t("de", "page.why.turn", nation=us["de"], **turn) == \
        "Bo regiert die Vereinigten Staaten; die Vereinigten Staaten sind am Zug in round 3."
    assert t("es", "page.why.turn", nation=us["es"], **turn) == \
        "Bo gobierna los Estados Unidos; es el turno de los Estados Unidos en la round 3."
    assert t("en", "narrate.treasury", nation=ge["en"]) == "the German Empire's treasury"
    assert t("de", "narrate.treasury", nation=ge["de"]) == "Staatskasse vom Deutschen Reich"
    assert t("es", "narrate.treasury", nation=ge["es"]) == "la tesorería del Imperio Germánico"
    assert t("de", "page.fx.loses", nation=us["de"]) == "die Vereinigten Staaten verlieren die Regierung"
    assert t("es", "narrate.no_government", nation=us["es"]) == "los Estados Unidos no tienen gobierno"
    assert t("de", "page.opt.ask", nation=ge["de"]) == "Das Deutsche Reich fragen"
    assert t("en", "page.why.fund", nation=us["en"]).startswith("The United States' treasury and its government")


def test_a_plain_string_where_a_sentence_asks_for_a_form_is_put_in_as_it_is() -> None:
    assert t("en", "page.why.turn", player="Bo", nation="Atlantis", round="round 1") == \
        "Bo governs Atlantis; it is Atlantis's turn in round 1."
    assert t("de", "page.phase.fund", nation="") == "Geld geben, damit  zahlen kann?"
    plain = Nation("Ruritania", "de")
    assert f"{plain:von dat}|{plain:Nom}|{plain:hat|haben}" == "von Ruritania|Ruritania|hat"
    assert nation("en", "europe", "GE", "German Empire") == "German Empire"  # still the plain name as a string


@pytest.mark.parametrize("board", BOARDS)
def test_the_log_of_a_game_never_says_s_apostrophe_s(board: str) -> None:
    """Sentences of a random game (every nation's turns, bonds, treasuries) in every language."""
    rng = random.Random(4)
    s = core.new_game(["Ann", "Bo", "Cy", "Di"], board=board, seed=4)
    said: list[str] = []
    for _ in range(400):
        if s.is_over:
            break
        a = rng.choice(core.legal_actions(s))
        after, events = core.step(s, a)
        said += [entry(s, a, events, lang).text for lang in LANGS]
        s = after
    text = "\n".join(said)
    assert len(said) > 300
    assert not re.search(r"s['’]s\b", text)
    assert "von Deutsches Reich" not in text and "Vereinigte Staaten hat" not in text
