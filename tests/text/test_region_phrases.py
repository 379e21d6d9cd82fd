"""Places after a preposition in German and Spanish: "in der Nordsee", "im Ärmelkanal", "en el Mar del Norte",
"al Golfo de Vizcaya" — in the tables, through ``region_phrase``, in whole narrated games and on the map's
titles; English stays as it was ("in North Sea")."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from imperial_core import GameState, legal_actions, new_game, step_index
from imperial_core.board import load_board
from imperial_core.narrate import sentence
from imperial_core.position import from_data
from imperial_text import region, region_list, region_phrase
from imperial_text.tables import NAMES
from imperial_text.tables.phrases import CASES, FORMS, PREPOSITIONS

BOARDS = ("europe", "world2030")
LANGS = ("en", "de", "es")
DE_ARTICLES = {"der", "die", "das", "den", "dem"}
ES_ARTICLES = {"el", "la", "los", "las"}


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_sea_has_its_article_and_every_form_is_of_a_region(board: str, lang: str) -> None:
    b = load_board(board)
    forms = FORMS[(board, lang)]
    seas = [rid for rid, r in b.regions.items() if r.kind == "sea"]
    assert len(seas) >= 9
    assert [rid for rid in seas if rid not in forms] == []
    assert set(forms) <= set(b.regions)
    for rid, form in forms.items():
        assert set(form) == set(CASES), rid
        name = NAMES[(board, lang)][rid]
        for case, said in form.items():
            article, _, rest = said.partition(" ")
            if lang == "es":
                assert article in ES_ARTICLES and rest == name, (rid, said)
            else:
                # the name's last word stays (declined adjectives before it may change their endings)
                assert article in DE_ARTICLES and rest.split()[-1].startswith(name.split()[-1]), (rid, case, said)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", ["de", "es"])
def test_home_provinces_take_no_article(board: str, lang: str) -> None:
    """Factories stand only in home provinces, so "lässt {region} produzieren" and "hace producir a {region}"
    may name them bare."""
    b = load_board(board)
    homes = {rid for rid, r in b.regions.items() if r.kind == "home"}
    assert homes and not homes & set(FORMS[(board, lang)])


def test_the_phrases_the_languages_say() -> None:
    said = {
        ("de", "northsea", "in"): "in der Nordsee", ("de", "englishchannel", "in"): "im Ärmelkanal",
        ("de", "blacksea", "in"): "im Schwarzen Meer", ("de", "turkey", "in"): "in der Türkei",
        ("de", "westbalkan", "in"): "im Westbalkan", ("de", "vienna", "in"): "in Wien",
        ("de", "romania", "in"): "in Rumänien", ("de", "vienna", "into"): "nach Wien",
        ("de", "blacksea", "into"): "ins Schwarze Meer", ("de", "northsea", "via"): "über die Nordsee",
        ("de", "englishchannel", "from"): "aus dem Ärmelkanal", ("de", "turkey", "dat"): "der Türkei",
        ("es", "northsea", "in"): "en el Mar del Norte", ("es", "bayofbiscay", "into"): "al Golfo de Vizcaya",
        ("es", "blacksea", "from"): "del Mar Negro", ("es", "vienna", "in"): "en Viena",
        ("es", "turkey", "in"): "en Turquía", ("es", "westbalkan", "into"): "a los Balcanes Occidentales",
        ("es", "blacksea", "via"): "a través del Mar Negro", ("es", "vienna", "via"): "vía Viena",
        ("en", "northsea", "in"): "in North Sea", ("en", "vienna", "into"): "into Vienna",
    }
    b = load_board("europe")
    got = {k: region_phrase(k[0], "europe", k[1], b.regions[k[1]].name, k[2]) for k in said}
    assert got == said
    w = load_board("world2030")
    assert region_phrase("de", "world2030", "neareast", w.regions["neareast"].name, "in") == "im Nahen Osten"
    assert region_phrase("de", "world2030", "indianocean", "Indian Ocean", "into") == "in den Indischen Ozean"
    assert region_phrase("es", "world2030", "northafrica", "North Africa", "in") == "en el Norte de África"


@pytest.mark.parametrize("lang", LANGS)
def test_every_preposition_gives_the_name_and_english_never_an_article(lang: str) -> None:
    for board in BOARDS:
        for rid, r in load_board(board).regions.items():
            name = region(lang, board, rid, r.name)
            for prep in PREPOSITIONS[lang]:
                said = region_phrase(lang, board, rid, r.name, prep)
                if lang == "en":
                    assert said == (f"{prep} {name}" if prep not in CASES else name)
                elif lang == "es":
                    assert said.endswith(" " + name) or said == name, (rid, prep, said)
                else:
                    assert said.split()[-1].startswith(name.split()[-1]), (rid, prep, said)


def test_lists_put_the_preposition_once_and_articles_on_every_name() -> None:
    b = load_board("europe")
    seas = [(rid, b.regions[rid].name) for rid in ("northsea", "englishchannel", "blacksea")]
    assert region_list("en", "europe", seas, "via") == "via North Sea, English Channel, Black Sea"
    assert region_list("de", "europe", seas, "via") == "über die Nordsee, den Ärmelkanal, das Schwarze Meer"
    assert region_list("es", "europe", seas, "via") == ("a través del Mar del Norte, el Canal de la Mancha, "
                                                        "el Mar Negro")
    assert region_list("de", "europe", seas[2:] + seas[:1], "to") == "ins Schwarze Meer, die Nordsee"


def _forbidden(board: str, lang: str) -> list[str]:
    """Every preposition of ``lang`` straight before a name that takes an article: "in Nordsee", "en Mar
    Negro", "über Ärmelkanal", "a Golfo de Vizcaya"."""
    words = {w for bare, before, _ in PREPOSITIONS[lang].values() for w in (bare, before) if w}
    return [f"{w} {NAMES[(board, lang)][rid]}" for rid in FORMS[(board, lang)] for w in sorted(words)]


@pytest.mark.parametrize("board", BOARDS)
def test_whole_games_never_put_a_preposition_before_a_bare_sea(board: str) -> None:
    players = ["Ann", "Bob", "Cem", "Dee"]
    forbidden = {lang: _forbidden(board, lang) for lang in ("de", "es")}
    assert "in Nordsee" in forbidden["de"] or board != "europe"
    assert "en Mar Negro" in forbidden["es"] or board != "europe"
    seas = [rid for rid, r in load_board(board).regions.items() if r.kind == "sea"]
    with_article = {lang: [region_phrase(lang, board, rid, rid, "in") for rid in seas] for lang in ("de", "es")}
    found = {"de": 0, "es": 0}
    for seed in (3, 11):
        rng = random.Random(seed)
        s = new_game(players, seed=seed, board=board)
        while not s.is_over:
            acts = legal_actions(s)
            i = rng.randrange(len(acts))
            new, events = step_index(s, i)
            for lang in ("de", "es"):
                text = sentence(s, acts[i], events, lang)
                bad = [f for f in forbidden[lang] if re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text)]
                assert bad == [], f"{lang}: {bad} in {text}"
                found[lang] += sum(phrase in text for phrase in with_article[lang])
            s = new
    assert found["de"] > 5 and found["es"] > 5, found


def _edit(fn: Callable[[dict[str, Any]], None]) -> GameState:
    g = copy.deepcopy(dict(new_game(["Ann", "Bob", "Cem", "Dan", "Eve", "Fay"], seed=0)))
    fn(g)
    return from_data(g)


def _play(s: GameState, action: str) -> tuple[GameState, dict[str, str]]:
    """The state after ``action`` and its sentence in each language."""
    i = [str(a) for a in legal_actions(s)].index(action)
    a = legal_actions(s)[i]
    new, events = step_index(s, i)
    return new, {lang: sentence(s, a, events, lang) for lang in LANGS}


def test_a_battle_in_the_north_sea() -> None:
    def setup(g: dict[str, Any]) -> None:
        g["turn"] = {"phase": "fleets", "nation": "GB", "player": None}
        g["nations"]["GB"]["fleets"]["englishchannel"] = 1
        g["nations"]["GE"]["fleets"]["northsea"] = 1

    s, _ = _play(_edit(setup), "fleet englishchannel>northsea")
    _, said = _play(s, "battle northsea fleet vs GE fleet")
    assert said == {
        "en": "Great Britain (Cem) attacks in North Sea: battle in North Sea: Great Britain's fleet against the "
              "German Empire's fleet, both removed",
        "de": "Großbritannien (Cem) greift in der Nordsee an: Kampf in der Nordsee: Flotte von Großbritannien gegen "
              "Flotte vom Deutschen Reich, beide entfernt",
        "es": "Gran Bretaña (Cem) ataca en el Mar del Norte: combate en el Mar del Norte: flota de Gran Bretaña "
              "contra flota del Imperio Germánico, ambos retirados",
    }


def test_a_fleet_import() -> None:
    def setup(g: dict[str, Any]) -> None:
        g["turn"] = {"phase": "import", "nation": "GB", "player": None}

    _, said = _play(_edit(setup), "import fleet london")
    assert said == {
        "en": "Great Britain (Cem) imports a fleet into London: 1M from Great Britain's treasury",
        "de": "Großbritannien (Cem) importiert eine Flotte nach London: 1 Mio. bezahlt von: Staatskasse von "
              "Großbritannien",
        "es": "Gran Bretaña (Cem) importa una flota a Londres: 1 mill. de la tesorería de Gran Bretaña",
    }


def test_a_convoy_a_battle_and_a_flag_in_turkey_and_the_western_balkans() -> None:
    def setup(g: dict[str, Any]) -> None:
        g["turn"] = {"phase": "armies", "nation": "RU", "player": None}
        ru, ah = g["nations"]["RU"], g["nations"]["AH"]
        ru["armies"].update({"odessa": 1, "romania": 1, "bulgaria": 1})
        ru["fleets"]["blacksea"] = 1
        ah["armies"].update({"turkey": 1, "westbalkan": 1})

    s, convoy = _play(_edit(setup), "army odessa>turkey via blacksea")
    s, battle = _play(s, "battle turkey army vs AH army")
    s, _ = _play(s, "army romania>westbalkan")
    s, balkans = _play(s, "battle westbalkan army vs AH army")
    _, flag = _play(s, "army bulgaria>turkey")
    assert convoy == {
        "en": "Russia (Fay) moves an army Odessa → Turkey by convoy via Black Sea",
        "de": "Russland (Fay) bewegt eine Armee Odessa → Türkei per Seetransport über das Schwarze Meer",
        "es": "Rusia (Fay) mueve un ejército Odesa → Turquía por transporte marítimo a través del Mar Negro",
    }
    assert battle == {
        "en": "Russia (Fay) attacks in Turkey: battle in Turkey: Russia's army against Austria-Hungary's army, both "
              "removed",
        "de": "Russland (Fay) greift in der Türkei an: Kampf in der Türkei: Armee von Russland gegen Armee von "
              "Österreich-Ungarn, beide entfernt",
        "es": "Rusia (Fay) ataca en Turquía: combate en Turquía: ejército de Rusia contra ejército de "
              "Austria-Hungría, ambos retirados",
    }
    assert balkans["de"].startswith("Russland (Fay) greift im Westbalkan an: Kampf im Westbalkan: ")
    assert balkans["es"].startswith("Rusia (Fay) ataca en los Balcanes Occidentales: combate en los Balcanes "
                                    "Occidentales: ")
    assert flag == {
        "en": "Russia (Fay) moves an army Bulgaria → Turkey: flags placed: Turkey, Black Sea",
        "de": "Russland (Fay) bewegt eine Armee Bulgarien → Türkei: Flaggen gesetzt: Türkei, Schwarzes Meer",
        "es": "Rusia (Fay) mueve un ejército Bulgaria → Turquía: banderas colocadas: Turquía, Mar Negro",
    }


def test_map_titles_put_articles_after_prepositions() -> None:
    from render.board import static_svg

    titles = {lang: static_svg("world2030", lang=lang) for lang in LANGS}
    assert "armies cross between Rome and Turkey" in titles["en"]
    assert "whose flag stands in North Africa" in titles["en"]
    assert "North Pacific continues across the edge of the map to China Sea, Sea of Japan" in titles["en"]
    assert "zwischen Rom und der Türkei" in titles["de"]
    assert "Der Nordpazifik geht über den Kartenrand hinweg ins Chinesische Meer, das Japanische Meer über" \
        in titles["de"]
    assert "cuya bandera está en el Norte de África" in titles["es"]
    assert "El Pacífico Sur continúa al otro lado del borde del mapa hacia el Mar de China, el Mar de Tasmania" \
        in titles["es"]
