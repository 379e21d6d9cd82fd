"""Positions (``imperial_core.position``): one line of text per game state, read back with every check."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from imperial_core import GameState, IllegalAction, apply, apply_index, legal_actions, new_game, scores
from imperial_core.errors import BadPosition, BadToken
from imperial_core.model import RULES_VERSION
from imperial_core.position import escape, from_data, from_position, position_of_data, to_position, unescape

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
VARIANTS = [
    {}, {"edition": "first"}, {"setup": "auction"}, {"investor_card": False},
    {"edition": "first", "setup": "auction", "investor_card": False},
]
#: Decisions the round-trip snapshots must include.
PHASES_SEEN = {"rondel", "swiss", "factory", "production", "import", "fund", "fleets", "armies", "contact",
               "demand", "invest", "auction"}


def texts(state: GameState) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def play(seed: int, n_players: int, variant: dict, steps: int):
    """Yield the states of a seeded random game (at most ``steps`` actions)."""
    rng = random.Random(seed)
    s = new_game(NAMES[:n_players], seed=seed, **variant)
    yield s
    for _ in range(steps):
        if s.is_over:
            return
        s = apply_index(s, rng.randrange(len(legal_actions(s))))
        yield s


@cache
def snapshots() -> tuple[GameState, ...]:
    """States from random games of every variant and player count: every 25th, and every unusual decision."""
    out = []
    for i, variant in enumerate(VARIANTS):
        for n in range(2, 7):
            seed = 10 * i + n
            for k, s in enumerate(play(seed, n, variant, 900)):
                if k % 25 == 0 or s.decision in ("swiss", "fund", "production", "order", "demand", "over"):
                    out.append(s)
    return tuple(out)


@cache
def sample_texts() -> tuple[str, ...]:
    return tuple(to_position(s) for s in snapshots()[::7])


# -- round trips ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) or "standard")
@pytest.mark.parametrize("n_players", [2, 3, 4, 5, 6])
def test_every_state_of_a_game_round_trips(variant: dict, n_players: int) -> None:
    seen: Counter[str] = Counter()
    for s in play(1000 + n_players, n_players, variant, 400):
        text = to_position(s)
        back = from_position(text)
        assert texts(back) == texts(s), text
        assert to_position(back) == text
        assert back.origin == text and back.history == []
        seen[s.decision] += 1
    assert seen["rondel"] and seen["armies"]


def test_snapshots_cover_every_kind_of_decision() -> None:
    seen = {s.decision for s in snapshots()}
    assert seen >= PHASES_SEEN, PHASES_SEEN - seen
    assert any(s.turn["contact"] and s.turn["contact"]["asking"] for s in snapshots())
    assert any(s.turn["pending"] and s.turn["pending"][0] == "force" for s in snapshots())
    assert any(s.turn["invest_round"] in ("pre", "post") for s in snapshots())


def test_a_position_has_the_same_future() -> None:
    """From a snapshot and from its position, the same choices give the same positions and scores."""
    for k, s in enumerate(snapshots()[::23]):
        rng = random.Random(k)
        t = from_position(to_position(s))
        for _ in range(200):
            if s.is_over:
                break
            assert texts(t) == texts(s)
            i = rng.randrange(len(legal_actions(s)))
            s, t = apply_index(s, i), apply_index(t, i)
            assert to_position(t) == to_position(s)
        assert scores(t) == scores(s)
        assert t.is_over == s.is_over


def test_the_end_of_a_game_round_trips() -> None:
    ends = [s for s in snapshots() if s.is_over]
    assert ends
    for s in ends:
        back = from_position(to_position(s))
        assert back.is_over and legal_actions(back) == []
        assert scores(back) == scores(s)


def test_positions_are_one_line_and_start_with_the_format() -> None:
    for text in sample_texts():
        assert "\n" not in text and "  " not in text
        assert text.startswith(f"imperial {RULES_VERSION} board=europe ")


def test_from_data_reads_a_saved_state_and_settle_false_keeps_a_pass_only_decision() -> None:
    s = snapshots()[40]
    assert to_position(from_data(json.loads(s.model_dump_json()))) == to_position(s)
    assert position_of_data(dict(s)) == to_position(s)
    g = json.loads(new_game(NAMES[:3], seed=2).model_dump_json())
    ah = g["nations"]["AH"]
    g["turn"].update(phase="fleets", nation="AH", player=ah["government"])  # no fleet: only "pass"
    assert from_data(g).decision == "rondel" and from_data(g).active_nation == "IT"
    raw = from_data(g, settle=False)
    assert raw.decision == "fleets" and texts(raw) == ["pass"]


def test_from_data_fills_in_the_turn_fields_left_out() -> None:
    g = json.loads(new_game(NAMES[:2], seed=1).model_dump_json())
    g["nations"]["AH"]["fleets"] = {"ioniansea": 1}
    g["turn"] = {"phase": "fleets", "nation": "AH"}
    s = from_data(g)
    assert s.decision == "fleets" and s.current_player == s.nations["AH"]["government"]
    assert s.turn["moved_fleets"] == {} and s.turn["contact"] is None


def test_names_with_any_characters_round_trip() -> None:
    names = ["Ann Lee", "C=3", "-", "Zoë", "a_b|c", "李"]
    s = new_game(names, seed=4)
    text = to_position(s)
    assert "player Ann_Lee " in text and "player C%3D3 " in text and "player %2D " in text
    assert "player Zoë " in text and "player a%5Fb%7Cc " in text
    back = from_position(text)
    assert [p["name"] for p in back.players] == names
    assert texts(back) == texts(s)
    for name in names:
        assert unescape(escape(name), "a name") == name


# -- the rulebook examples of docs/notation.md --------------------------------------------------------------
def documented_examples() -> list[tuple[str, str]]:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text("utf-8")
    section = doc.split("\n## Positions\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```\n(imperial [^\n]*)\n```\n\nLegal here: `([^`]*)`", section)


def test_documented_positions_parse_and_allow_the_stated_action() -> None:
    examples = documented_examples()
    assert len(examples) == 3
    for text, action in examples:
        s = from_position(text)
        assert to_position(s) == text  # written by to_position: canonical
        assert action in texts(s), (action, texts(s))


def test_the_trieste_convoy_uses_up_the_western_mediterranean_fleet() -> None:
    text, action = documented_examples()[0]
    s = apply(from_position(text), action)
    assert "convoys=ioniansea,westernmed" in to_position(s)
    acts = texts(s)
    assert "army trieste>tunis via ioniansea" in acts
    assert not [a for a in acts if "westernmed" in a]


def test_the_documented_contact_question_goes_on_to_the_other_governments() -> None:
    text, _action = documented_examples()[2]
    s = apply(from_position(text), "pass")
    assert s.decision == "order" and texts(s) == ["ask AH", "ask IT"]


# -- every check names what is wrong ------------------------------------------------------------------------
@cache
def base() -> str:
    """Two players right after the set-up (Ann governs AH, FR, GE; Bob IT, GB, RU; Bob holds the card)."""
    return to_position(new_game(["Ann", "Bob"], seed=1))


def nation_words(text: str, nid: str, extra: str) -> str:
    """``text`` with ``extra`` words added to nation ``nid``'s section."""
    head, sep, tail = text.partition(f"| nation {nid} ")
    first, bar, rest = tail.partition(" | ")
    return f"{head}{sep}{first} {extra}{bar}{rest}"


def with_turn(text: str, turn: str) -> str:
    return text.rsplit("| turn ", 1)[0] + "| turn " + turn


def bad(text: str, *fragments: str) -> str:
    with pytest.raises(BadPosition) as e:
        from_position(text)
    msg = str(e.value)
    for f in fragments:
        assert f in msg, (f, msg)
    return msg


def test_the_base_position_is_valid() -> None:
    assert "government=Ann" in base() and "cards investor=Bob" in base()
    s = from_position(base())
    assert s.decision == "rondel" and s.current_player == "Ann"
    assert issubclass(BadPosition, BadToken)


def test_other_engine_formats_are_refused_naming_both() -> None:
    msg = bad(base().replace(f"imperial {RULES_VERSION} ", "imperial 1 ", 1), "format")
    assert "'1'" in msg and str(RULES_VERSION) in msg
    bad("chess 2 board=europe", "chess")
    bad(f"imperial {RULES_VERSION}", "2 to 6 players")


def test_garbage_texts() -> None:
    for text in ["", " ", "|", "imperial", "imperial 2 |", "x" * 200_000]:
        with pytest.raises(BadPosition):
            from_position(text)
    with pytest.raises(BadPosition):
        from_position(None)  # type: ignore[arg-type]


def test_unknown_words_keys_and_sections() -> None:
    bad(base().replace("| cards ", "| cardz "), "unknown section", "cardz")
    bad(base().replace("round=1", "round=1 colour=red"), "unknown key", "colour")
    bad(base().replace("round=1", "round=1 extra"), "unknown word", "extra")
    bad(nation_words(base(), "AH", "navy=x"), "unknown key", "navy")
    bad(with_turn(base(), "phase=rondel nation=AH player=Ann speed=3"), "unknown key", "speed")
    bad(with_turn(base(), "phase=rondel nation=AH player=Ann contact.colour=x"), "contact.colour")
    bad(base().replace("treasury=11", "treasury=11 treasury=3", 1), "given twice")
    bad(base().rsplit(" | turn", 1)[0], "'turn' section", "missing")


def test_unknown_board_edition_and_setup() -> None:
    bad(base().replace("board=europe", "board=mars"), "unknown board", "mars")
    bad(base().replace("edition=current", "edition=third"), "unknown edition", "third")
    bad(base().replace("setup=standard", "setup=draft"), "unknown set-up", "draft")
    bad(base().replace("investor_card=yes", "investor_card=maybe"), "investor_card", "maybe")


def test_unknown_regions_and_nations() -> None:
    bad(nation_words(base(), "AH", "armies=atlantis"), "unknown region", "atlantis")
    bad(base().replace("| nation RU ", "| nation XX "), "unknown nation", "XX")
    bad(base().replace("bonds=AH:2+9", "bonds=ZZ:2+9"), "unknown nation", "ZZ")
    bad(base().replace("| nation RU ", "| nation IT "), "nation IT is described twice")
    bad(" | ".join(s for s in base().split(" | ") if not s.startswith("nation GE")), "nation GE is missing")
    bad(with_turn(base(), "phase=rondel nation=QQ player=Ann"), "QQ")


def test_bad_numbers() -> None:
    bad(base().replace("player Ann cash=2", "player Ann cash=-1"), "Ann's cash", "-1")
    bad(base().replace("player Ann cash=2", "player Ann cash=100001"), "Ann's cash", "100000")
    bad(base().replace("player Ann cash=2", "player Ann cash=99999999999999999999999"), "Ann's cash")
    bad(base().replace("player Ann cash=2", "player Ann cash=02"), "Ann's cash")
    bad(base().replace("player Ann cash=2", "player Ann cash=２"), "Ann's cash")
    bad(base().replace("treasury=11", "treasury=x", 1), "AH's treasury")
    bad(base().replace("power=0", "power=26", 1), "power points", "25")
    bad(base().replace("tax=0", "tax=11", 1), "tax chart")
    bad(base().replace("seed=1", "seed=1" + "0" * 30), "seed")
    bad(base().replace("round=1", "round=-3"), "round")
    bad(nation_words(base(), "AH", "armies=vienna*x"), "count", "vienna*x")
    bad(nation_words(base(), "AH", "armies=vienna*0"), "at least 1")
    bad(nation_words(base(), "AH", "armies=vienna*1"), "count of 1")


def test_rondel_spaces_are_named() -> None:
    bad(base().replace("rondel=-", "rondel=casino", 1), "rondel space", "casino")
    assert from_position(base().replace("rondel=-", "rondel=production2", 1)).nations["AH"]["rondel"] == 5


def test_units_beyond_the_supply() -> None:
    bad(nation_words(base(), "AH", "armies=vienna*6,romania*5"), "AH has 11 armies", "10")
    bad(nation_words(base(), "GB", "fleets=northsea*11"), "GB has 11 fleets", "10")


def test_units_where_they_cannot_stand() -> None:
    bad(nation_words(base(), "AH", "fleets=vienna"), "fleet in vienna")
    bad(nation_words(base(), "AH", "fleets=venice"), "fleet in venice")  # an Italian harbour
    bad(nation_words(base(), "AH", "fleets=greece"), "fleet in greece")
    bad(nation_words(base(), "AH", "armies=ioniansea"), "army in ioniansea", "not a land region")
    bad(nation_words(base(), "AH", "armies=switzerland"), "army in switzerland")
    assert from_position(nation_words(base(), "AH", "fleets=trieste*2,ioniansea")).nations["AH"]["fleets"] == {
        "trieste": 2, "ioniansea": 1}


def test_hostile_armies() -> None:
    bad(nation_words(base(), "AH", "armies=venice hostile=venice*2"), "2 hostile armies in venice", "only 1")
    bad(nation_words(base(), "AH", "hostile=venice"), "hostile armies in venice", "only 0")
    bad(nation_words(base(), "AH", "armies=romania hostile=romania"), "hostile armies in romania")
    bad(nation_words(base(), "AH", "armies=vienna hostile=vienna"), "hostile armies in vienna")
    s = from_position(nation_words(base(), "AH", "armies=venice*2 hostile=venice"))
    assert s.nations["AH"]["hostile"] == {"venice": 1}


def test_flags() -> None:
    bad(nation_words(base(), "AH", "flags=rome"), "flag on rome", "home provinces")
    bad(nation_words(base(), "AH", "flags=vienna"), "flag on vienna", "home provinces")
    bad(nation_words(base(), "AH", "flags=switzerland"), "flag on switzerland", "cannot hold flags")
    bad(nation_words(nation_words(base(), "AH", "flags=greece"), "IT", "flags=greece"), "two flags on greece")
    bad(nation_words(base(), "AH", "flags=greece,greece"), "greece is listed twice")
    first = base().replace("edition=current", "edition=first")  # 10 flags per nation
    many = "flags=" + ",".join(["norway", "sweden", "denmark", "holland", "belgium", "portugal", "spain", "morocco",
                                "algeria", "tunis", "greece"])
    bad(nation_words(first, "AH", many), "AH has 11 flags", "only 10")


def test_factories() -> None:
    bad(base().replace("factories=vienna,budapest", "factories=vienna,rome"), "factory in rome", "not a city of AH")
    bad(base().replace("factories=vienna,budapest", "factories=vienna,greece"), "factory in greece")
    bad(base().replace("factories=vienna,budapest", "factories=vienna,vienna"), "vienna is listed twice")


def test_bonds() -> None:
    bad(base().replace("bonds=AH:2+9", "bonds=AH:2+7"), "no 7M bond", "AH")
    bad(base().replace("bonds=AH:2+9", "bonds=AH:2+30").replace("edition=current", "edition=first"), "no 30M bond",
        "first edition")
    bad(base().replace("bonds=IT:9", "bonds=IT:9+2"), "2M bond of IT is held twice", "Ann", "Bob")
    bad(base().replace("bonds=AH:2+9", "bonds=AH:2+2"), "2M bond of AH is held twice")
    bad(base().replace("bonds=AH:2+9", "bonds=AH"), "NATION:VALUE")


def test_governments_follow_the_credit_sums() -> None:
    # Ann holds AH:2+9, IT:2, FR:9, GE:2+9; Bob IT:9, FR:2, GB:2+9, RU:2+9
    bad(base().replace("IT:2,", "IT:2+12,"), "nation IT is governed by Bob (9M", "Ann holds more (14M)")
    bad(base().replace("government=Ann factories=vienna", "government=Bob factories=vienna"),
        "nation AH is governed by Bob", "Ann holds more")
    bad(base().replace("government=Ann factories=vienna", "government=Cem factories=vienna"), "Cem", "not a player")
    bad(base().replace("bonds=AH:2+9,", "bonds="), "AH is governed by Ann", "nobody holds a bond of AH")
    bad(base().replace("government=Ann factories=vienna", "government=- factories=vienna"),
        "AH has no government", "11M")


def test_a_tie_keeps_the_government() -> None:
    """*Investor*, step 3: "a tie is not sufficient" to take over a government."""
    tie = base().replace("AH:2+9,", "AH:2+4,").replace("bonds=IT:9,", "bonds=IT:9,AH:6,")
    assert from_position(tie).nations["AH"]["government"] == "Ann"
    bob = tie.replace("government=Ann factories=vienna", "government=Bob factories=vienna")
    s = from_position(with_turn(bob, "phase=rondel nation=AH player=Bob"))
    assert s.nations["AH"]["government"] == "Bob" and s.current_player == "Bob"


def with_players(text: str, *names: str) -> str:
    """``text`` with more players, who hold no bond (so they hold Swiss Banks)."""
    extra = "".join(f"| player {n} cash=10 " for n in names)
    return text.replace("| cards investor=Bob", f"{extra}| cards investor=Bob swiss={','.join(names)}")


def test_swiss_banks_are_the_players_without_a_government() -> None:
    assert from_position(with_players(base(), "Cem", "Dan")).swiss_banks == ["Cem", "Dan"]
    bad(base().replace("cards investor=Bob", "cards investor=Bob swiss=Ann"), "Swiss Banks (Ann)", "(none)")
    bad(with_players(base(), "Cem").replace(" swiss=Cem", ""), "Swiss Banks (none)", "(Cem)")
    bad(with_players(base(), "Cem", "Dan").replace("swiss=Cem,Dan", "swiss=Dan,Cem"), "seating order")


def test_the_investor_card() -> None:
    bad(base().replace("cards investor=Bob", "cards investor=Cem"), "investor card holder 'Cem'", "not a player")
    bad(base().replace("cards investor=Bob", "cards investor=-"), "investor card is played")
    bad(base().replace("investor_card=yes", "investor_card=no"), "Bob holds the investor card", "without it")
    assert from_position(base().replace("investor_card=yes", "investor_card=no").replace(
        "cards investor=Bob", "cards investor=-")).investor is None


def test_players() -> None:
    bad(base().replace("player Bob ", "player Ann "), "player 'Ann' is listed twice")
    one = " | ".join(s for s in base().split(" | ") if not s.startswith("player Bob"))
    bad(one, "2 to 6 players", "not 1")
    seven = base().replace("| cards", "| player C cash=0 | player D cash=0 | player E cash=0 | player F cash=0 "
                                      "| player G cash=0 | cards")
    bad(seven, "2 to 6 players", "not 7")
    bad(base().replace("player Bob ", "player Bo=b "), "Bo=b")
    bad(base().replace("player Bob ", "player _Bob "), "surrounding spaces")
    bad(base().replace("player Bob ", "player %41nn "), "write 'Ann'")
    bad(base().replace("player Bob ", "player Bob%ZZ "), "hexadecimal")
    bad(base().replace("player Bob ", "player %FF "), "UTF-8")
    bad(base().replace("player Bob ", "player cash=3 "), "must be followed by a name")
    bad(base().replace("player Bob ", "player ann "), "player names", "two players are called")
    bad(base().replace("player Bob ", "player Bank "), "player names", "'Bank'")
    bad(base().replace("player Bob ", "player " + "B" * 25 + " "), "player names", "24")


def test_the_decision_in_progress() -> None:
    bad(with_turn(base(), "phase=nap nation=AH player=Ann"), "unknown decision", "nap")
    bad(with_turn(base(), "nation=AH player=Ann"), "'phase'", "missing")
    bad(with_turn(base(), "phase=rondel nation=AH player=Bob"), "rondel", "AH's government Ann", "not by Bob")
    bad(with_turn(base(), "phase=rondel nation=- player=Ann"), "needs the nation")
    bad(with_turn(base(), "phase=armies nation=IT player=Ann"), "IT's government Bob")
    bad(with_turn(base(), "phase=over nation=- player=Ann"), "nobody decides", "Ann")
    bad(with_turn(base(), "phase=rondel nation=AH player=Zed"), "'Zed' is not a player")
    bad(with_turn(base(), "phase=auction nation=- player=Ann queue=Ann,Bob"), "set-up auction", "standard")
    bad(with_turn(base(), "phase=invest nation=AH player=- queue=Ann invest_round=lunch"), "investment round", "lunch")
    bad(with_turn(base(), "phase=invest nation=AH player=Bob queue=Ann invest_round=card"),
        "first player in the queue, Ann", "not by Bob")
    assert from_position(with_turn(base(), "phase=rondel nation=AH")).current_player == "Ann"  # filled in
    bad(with_turn(base(), "phase=invest nation=AH player=Ann invest_round=card"), "queue")
    bad(with_turn(base(), "phase=rondel nation=AH player=Ann imports=4"), "imports")
    bad(with_turn(base(), "phase=rondel nation=AH player=Ann passed_investor=maybe"), "passed_investor")
    bad(with_turn(base(), "phase=rondel nation=AH player=Ann invest_round=card"), "invest_round")
    bad(with_turn(base(), "phase=rondel nation=AH player=Ann target=casino"), "target", "casino")


def test_the_maneuver_bookkeeping() -> None:
    moving = nation_words(base(), "AH", "armies=vienna,venice*2 hostile=venice fleets=ioniansea")
    ok = from_position(with_turn(moving, "phase=armies nation=AH player=Ann moved_armies=venice*2 moved_hostile=venice"))
    assert ok.turn["moved_armies"] == {"venice": 2}
    bad(with_turn(moving, "phase=armies nation=AH player=Ann moved_armies=venice*3"), "moved_armies", "venice*3")
    bad(with_turn(moving, "phase=armies nation=AH player=Ann moved_fleets=westernmed"), "moved_fleets")
    bad(with_turn(moving, "phase=armies nation=AH player=Ann moved_armies=venice moved_hostile=venice*2"),
        "moved_hostile")
    bad(with_turn(moving, "phase=armies nation=AH player=Ann convoys=atlantis"), "unknown region", "atlantis")
    bad(with_turn(moving, "phase=armies nation=AH player=Ann changed=atlantis"), "atlantis")


def test_battle_questions() -> None:
    text, _action = documented_examples()[2]
    bad(text.replace("player=Bob moved", "player=Ann moved"), "RU's government Bob")
    bad(text.replace(" contact.hostile=-", ""), "contact.hostile missing")
    bad(text.replace("contact.hostile=-", "contact.hostile=yes"), "contact.hostile")
    bad(text.replace("contact.unit=fleet", "contact.unit=horse"), "contact.unit", "horse")
    bad(text.replace("contact.asking=AH,IT", "contact.asking=AH,AH"), "twice")
    bad(text.replace("contact.asking=AH,IT", "contact.asking=RU"), "'RU' is not another nation")
    bad(text.replace("contact.region=ioniansea", "contact.region=atlantis"), "atlantis")
    bad(text.replace("phase=contact", "phase=fleets"), "battle question")
    bad(text.replace("phase=contact nation=RU player=Bob", "phase=demand nation=RU player=Bob"),
        "AH's government Ann", "not by Bob")
    assert texts(from_position(text.replace("phase=contact nation=RU player=Bob",
                                            "phase=demand nation=RU player=Ann"))) == ["demand fleet", "pass"]
    bad(text.replace("phase=contact", "phase=order").replace("contact.asking=AH,IT", "contact.asking="), "asked")


def test_funding_and_forced_stops() -> None:
    bad(with_turn(base(), "phase=fund nation=AH player=Bob queue=Bob"), "pending")
    bad(with_turn(base(), "phase=fund nation=AH player=Bob queue=Bob pending=factory,rome"), "pending", "factory,rome")
    bad(with_turn(base(), "phase=factory nation=AH player=Ann pending=factory,prague"), "pending")
    bad(with_turn(base(), "phase=fund nation=AH player=Bob queue=Bob pending=factory,prague pledges=Zed*2"), "Zed")
    # the Swiss Bank question: Cem (no government) may stop AH, which moves from Factory past Investor to Import
    text = with_players(base(), "Cem").replace("rondel=- government=", "rondel=factory government=", 1)
    ok = with_turn(text, "phase=swiss nation=AH player=Cem target=import queue=Cem")
    assert texts(from_position(ok)) == ["force", "pass"]
    bad(with_turn(text, "phase=swiss nation=AH player=Ann target=import queue=Ann"), "Ann holds no Swiss Bank")
    bad(with_turn(text, "phase=swiss nation=AH player=Cem queue=Cem"), "target")
    bad(with_turn(text, "phase=swiss nation=AH player=Cem target=production1 queue=Cem"), "does not pass Investor")
    bad(with_turn(text, "phase=swiss nation=AH player=Cem target=factory queue=Cem"), "cannot move to factory")
    bad(with_turn(text.replace("edition=current", "edition=first"),
                  "phase=swiss nation=AH player=Cem target=import queue=Cem"), "current edition")
    bad(with_turn(text, "phase=fund nation=AH player=Bob queue=Bob pending=force,Cem"), "target")


def test_a_decision_without_legal_action_is_refused() -> None:
    full = nation_words(base(), "AH", "armies=vienna*5,budapest*5")
    bad(with_turn(full, "phase=production nation=AH player=Ann queue=vienna,budapest"), "no legal action")
    bad(with_turn(full, "phase=production nation=AH player=Ann queue=rome"), "rome", "not a factory of AH")


def test_failures_of_the_engine_become_bad_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    import imperial_core.position as position

    def broken(_state: GameState) -> list:
        raise KeyError("boom")

    monkeypatch.setattr(position, "legal_actions", broken)
    bad(base(), "legal actions", "boom")

    def broken_settle(_g: dict) -> GameState:
        raise RecursionError("deep")

    monkeypatch.setattr(position, "settled_state", broken_settle)
    bad(base(), "cannot be played on", "deep")


def test_from_data_refuses_malformed_data() -> None:
    g = json.loads(new_game(["Ann", "Bob"], seed=1).model_dump_json())
    g["nations"]["AH"]["bonds"]["4"] = "Zed"
    with pytest.raises(BadPosition, match="4M bond of AH is held by 'Zed'"):
        from_data(g)
    g = json.loads(new_game(["Ann", "Bob"], seed=1).model_dump_json())
    g["nations"]["AH"]["rondel"] = -1
    with pytest.raises(BadPosition, match="no rondel space number -1"):
        from_data(g)
    g = json.loads(new_game(["Ann", "Bob"], seed=1).model_dump_json())
    del g["nations"]["AH"]["armies"]
    with pytest.raises(BadPosition, match="cannot be written"):
        from_data(g)
    g = json.loads(new_game(["Ann", "Bob"], seed=1).model_dump_json())
    g["nations"]["AH"]["armies"] = {"vienna": 11}
    with pytest.raises(BadPosition, match="AH has 11 armies"):
        from_data(g)


# -- fuzzing: damaged texts give BadPosition or a playable state --------------------------------------------
_ALPHABET = "0123456789-=,|*:+_%\"abcxyzAHIT. é"


@cache
def vocabulary() -> list[str]:
    return sorted({w for t in sample_texts()[:20] for w in re.split(r"[ =,:+*]", t) if w})


@st.composite
def damaged(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(sample_texts()))
    vocab = vocabulary()
    for _ in range(draw(st.integers(1, 4))):
        words = text.split(" ")
        op = draw(st.integers(0, 6))
        if op <= 2 and text:
            i = draw(st.integers(0, len(text) - 1))
            c = draw(st.sampled_from(_ALPHABET))
            text = [text[:i] + text[i + 1:], text[:i] + c + text[i + 1:], text[:i] + c + text[i:]][op]
        elif op == 3:
            del words[draw(st.integers(0, len(words) - 1))]
            text = " ".join(words)
        elif op == 4:
            words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(vocab))
            text = " ".join(words)
        elif op == 5:
            j = draw(st.integers(0, len(words) - 1))
            key = words[j].partition("=")[0]
            words[j] = f"{key}={draw(st.sampled_from(vocab))}"
            text = " ".join(words)
        else:
            j = draw(st.integers(0, len(words)))
            words.insert(j, draw(st.sampled_from(vocab)))
            text = " ".join(words)
    return text


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged(), st.randoms(use_true_random=False))
def test_damaged_positions_give_bad_position_or_a_playable_state(text: str, rng: random.Random) -> None:
    try:
        s = from_position(text)
    except BadPosition:
        return
    assert to_position(from_position(to_position(s))) == to_position(s)
    for _ in range(20):  # the state is one the engine can play on
        if s.is_over:
            break
        acts = legal_actions(s)
        assert acts
        try:
            s = apply(s, acts[rng.randrange(len(acts))])
        except IllegalAction:  # pragma: no cover - a legal action is always accepted
            raise
