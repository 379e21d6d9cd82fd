"""Rules audit: each test names the rulebook passage the engine once departed from.

See ``docs/rules-decisions.md`` (decisions 4, 7, 14, 15 and 22) for the reasoning.
"""

from __future__ import annotations

import pytest
from imperial_core import IllegalAction, apply, load_board, new_game, parse_action, rondel_spaces
from imperial_core.actions import Battle, MoveArmy, Pass, Rondel

from .helpers import SIX, edit, govern, put, six_player_game, texts, turn

B = load_board("europe")


def SP(label: str) -> int:
    return rondel_spaces(B).index(label)


# -- flags: a flag freed while settling is placed at once ----------------------------------------------------
def _end_maneuver(state, setup):
    s = edit(state, setup)
    while s.decision in ("fleets", "armies"):
        s = apply(s, Pass())
    return s


@pytest.mark.parametrize("edition", ["current", "first"])
def test_flag_freed_while_settling_goes_at_once_to_a_region_held_alone(edition):
    """First edition, *Fichas de impuestos*: a nation that has used all its markers and loses one
    "may place it at once in the region left empty" that it holds alone.  Russia (all flags on the
    board) stands alone in unflagged Norway; Austria takes Russia's Black Sea in the same maneuver."""
    limit = 10 if edition == "first" else 15
    others = [r for r in B.flag_regions if r not in ("norway", "blacksea")][: limit - 1]

    def setup(g):
        turn(g, "armies", "AH")
        g["nations"]["RU"]["flags"] = [*others, "blacksea"]
        put(g, "RU", "norway", armies=1)
        put(g, "AH", "blacksea", fleets=1)

    s = _end_maneuver(new_game(SIX, edition=edition, seed=0), setup)
    assert s.nations["AH"]["flags"] == ["blacksea"]
    assert "norway" in s.nations["RU"]["flags"] and len(s.nations["RU"]["flags"]) == limit


# -- convoys: the fleet that fights is the one that already carried an army --------------------------------
def test_fleet_lost_in_battle_after_a_convoy_is_the_one_that_carried_the_army():
    """*Maneuver* 2: "Each fleet may transport only one army per turn", and in a battle the active
    nation matches its units 1:1 by choice.  With two Ionian fleets, one having carried an army, the
    nation loses the used one in a battle; the other can still carry an army."""
    def setup(g):
        turn(g, "armies", "AH")
        put(g, "AH", "trieste", armies=2)
        put(g, "AH", "ioniansea", fleets=2)
        put(g, "IT", "ioniansea", fleets=1)

    s = edit(six_player_game(), setup)
    s = apply(s, MoveArmy(origin="trieste", to="tunis", via=("ioniansea",)))
    s = apply(s, Battle(region="ioniansea", unit="fleet", enemy="IT", enemy_unit="fleet"))
    assert s.nations["AH"]["fleets"] == {"ioniansea": 1}
    assert "army trieste>tunis via ioniansea" in texts(s)


# -- status: only in a later maneuver ---------------------------------------------------------------------
def test_status_of_an_army_that_entered_this_maneuver_cannot_change_now():
    """*Entering provinces of other Great Powers* (German: "Erst bei dem nächsten Manöverzug"): the
    status can be changed during the nation's next maneuver, not in the one in which the army entered."""
    def setup(g):
        turn(g, "armies", "FR")
        put(g, "FR", "dijon", armies=1)
        put(g, "FR", "belgium", armies=1)
        put(g, "FR", "hamburg", armies=1)  # friendly since an earlier turn

    s = edit(six_player_game(), setup)
    assert "status hamburg hostile" in texts(s)
    s = apply(s, MoveArmy(origin="belgium", to="cologne", hostile=True))
    while s.decision != "armies":
        s = apply(s, Pass())
    assert not any(a.startswith("status cologne") for a in texts(s))
    with pytest.raises(IllegalAction):
        apply(s, "status cologne friendly")
    assert "status hamburg hostile" in texts(s)  # armies that were there before may still change


# -- Swiss Bank: cash given to the treasury makes a forced stop possible ----------------------------------
def _swiss_game(treasury: int, swiss_cash: int, other_cash: int | None = None):
    def setup(g):
        govern(g, "IT", g["nations"]["FR"]["government"])  # Italy's government now holds a Swiss Bank
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("maneuver1")
        g["nations"]["IT"]["treasury"] = treasury
        for p in g["players"]:
            if p["name"] in g["swiss_banks"]:
                p["cash"] = swiss_cash
            elif other_cash is not None:
                p["cash"] = other_cash

    return edit(six_player_game(), setup)


def _interest_due(s) -> int:
    return sum(B.interest(v) for v, h in s.nations["IT"]["bonds"].items() if h is not None)


def test_swiss_bank_may_give_the_missing_cash_to_force_a_stop():
    """*Treasuries*: players "are allowed to give personal cash to the treasury at any time"; *Investor*:
    a Swiss Bank may force a stop "if the treasury … has sufficient money to pay out all interest".
    A Swiss Bank holder may therefore make up the shortfall and force the stop."""
    s = _swiss_game(treasury=1, swiss_cash=20)
    due = _interest_due(s)
    assert due > 1
    swiss = s.swiss_banks[0]
    s = apply(s, Rondel(space="import"))
    assert s.decision == "swiss" and s.current_player == swiss
    before = s.cash(swiss)
    own = sum(B.interest(v) for v, h in s.nations["IT"]["bonds"].items() if h == swiss)
    s = apply(s, parse_action(s, "force"))
    assert s.nations["IT"]["rondel"] == SP("investor")
    # gave due - 1 to the treasury, which then paid all interest (its own share included)
    assert s.nations["IT"]["treasury"] == 0
    assert s.decision == "invest"
    assert s.cash(swiss) - before == own - (due - 1) + (2 if s.investor == swiss else 0)


def test_swiss_bank_cannot_force_when_nobody_can_make_up_the_interest():
    s = _swiss_game(treasury=1, swiss_cash=0, other_cash=0)
    s = apply(s, Rondel(space="import"))
    assert s.decision == "import"


def test_other_players_may_give_so_that_a_swiss_bank_can_force_a_stop():
    """A bondholder who holds no Swiss Bank cannot force a stop, but may give the treasury the money that
    makes a Swiss Bank's forced stop possible (*Treasuries*, *Investor* step 3)."""
    s = _swiss_game(treasury=1, swiss_cash=0, other_cash=20)
    due = _interest_due(s)
    swiss = s.swiss_banks[0]
    s = apply(s, Rondel(space="import"))
    assert s.decision == "swiss" and s.current_player == swiss
    s = apply(s, "force")
    assert s.decision == "fund" and s.current_player not in (swiss, s.nations["IT"]["government"])
    giver = s.current_player
    before = s.cash(giver)
    s = apply(s, f"give {due - 1}")
    assert s.nations["IT"]["rondel"] == SP("investor")  # stopped, and the interest was paid
    own = sum(B.interest(v) for v, h in s.nations["IT"]["bonds"].items() if h == giver)
    assert s.cash(giver) == before - (due - 1) + own + (2 if s.investor == giver else 0)


def test_a_forced_stop_nobody_funds_is_not_offered_again():
    s = _swiss_game(treasury=1, swiss_cash=0, other_cash=20)
    s = apply(s, Rondel(space="import"))
    s = apply(s, "force")
    while s.decision == "fund":
        s = apply(s, Pass())
    assert s.nations["IT"]["rondel"] == SP("import") and s.nations["IT"]["treasury"] == 1


# -- gifts to a treasury: other players may fund a factory or an import ---------------------------------
def _short_italy(treasury: int, gov_cash: int, others: int):
    def setup(g):
        turn(g, "factory", "IT")
        g["nations"]["IT"]["treasury"] = treasury
        for p in g["players"]:
            p["cash"] = gov_cash if p["name"] == g["nations"]["IT"]["government"] else others

    return edit(six_player_game(), setup)


def _seats_from_left(s, gov):
    names = [p["name"] for p in s.players]
    i = names.index(gov)
    return names[i + 1:] + names[:i]


def test_other_players_may_fund_a_factory_the_government_cannot_pay():
    """*Treasuries*: players "are allowed to give personal cash to the treasury at any time in order to
    support it financially".  Italy has 2M and its government 1M: two other players give 1M each."""
    s = _short_italy(treasury=2, gov_cash=1, others=3)
    it = s.nations["IT"]["government"]
    assert "factory florence" in texts(s)
    s = apply(s, "factory florence")
    left = _seats_from_left(s, it)
    assert s.decision == "fund" and s.current_player == left[0]
    assert texts(s) == ["give 1", "give 2", "pass"]  # never more than what is missing
    s = apply(s, "give 1")
    assert s.current_player == left[1] and texts(s) == ["give 1", "pass"]
    s = apply(s, "give 1")
    assert "florence" in s.nations["IT"]["factories"]
    assert s.nations["IT"]["treasury"] == 0
    assert s.cash(it) == 0 and s.cash(left[0]) == 2 and s.cash(left[1]) == 2


def test_offers_are_given_only_when_they_cover_the_cost_and_a_refused_site_is_not_offered_again():
    s = _short_italy(treasury=2, gov_cash=1, others=3)
    before = {p["name"]: p["cash"] for p in s.players}
    s = apply(s, "factory florence")
    s = apply(s, "give 1")
    while s.decision == "fund":
        s = apply(s, Pass())
    assert {p["name"]: p["cash"] for p in s.players} == before  # nothing was given
    assert s.nations["IT"]["treasury"] == 2 and "florence" not in s.nations["IT"]["factories"]
    assert s.decision == "factory" and "factory florence" not in texts(s)


def test_nobody_is_asked_when_the_government_can_pay_or_when_gifts_could_not_cover_it():
    s = apply(_short_italy(treasury=3, gov_cash=2, others=3), "factory florence")
    assert "florence" in s.nations["IT"]["factories"] and s.decision != "fund"
    s = _short_italy(treasury=0, gov_cash=0, others=0)
    assert s.active_nation != "IT" or s.decision != "factory"  # only "pass" was left


def test_other_players_may_fund_an_import():
    def setup(g):
        turn(g, "import", "AH")
        g["nations"]["AH"]["treasury"] = 0
        for p in g["players"]:
            p["cash"] = 0 if p["name"] == g["nations"]["AH"]["government"] else 1

    s = edit(six_player_game(), setup)
    s = apply(s, "import army vienna")
    assert s.decision == "fund" and texts(s) == ["give 1", "pass"]
    s = apply(s, "give 1")
    assert s.nations["AH"]["armies"] == {"vienna": 1} and s.decision == "import"


# -- hostile and friendly armies one by one ---------------------------------------------------------------
def _hamburg(upright: int, lying: int, mover: str = "FR", **more):
    """French armies in Hamburg since an earlier turn: ``upright`` hostile, ``lying`` friendly."""
    def setup(g):
        turn(g, "armies", mover)
        nat = g["nations"]["FR"]
        nat["armies"]["hamburg"] = upright + lying
        if upright:
            nat["hostile"]["hamburg"] = upright
        for nid, region, n in more.get("extra", ()):
            put(g, nid, region, armies=n)

    return edit(six_player_game(), setup)


def test_an_army_entering_friendly_leaves_its_upright_comrade_standing():
    """*Entering provinces of other Great Powers*: the mover declares the intention of *that* army; the
    armies already there keep theirs.  Hamburg stays blocked by the upright army."""
    s = _hamburg(1, 0, extra=[("FR", "holland", 1)])
    s = apply(s, MoveArmy(origin="holland", to="hamburg", hostile=False))
    while s.decision != "armies":
        s = apply(s, Pass())
    assert s.nations["FR"]["armies"]["hamburg"] == 2 and s.nations["FR"]["hostile"]["hamburg"] == 1


def test_the_upright_army_may_leave_and_the_lying_one_stay_without_a_status_change():
    s = _hamburg(1, 1)
    acts = texts(s)
    assert "army hamburg>denmark leaving hostile" in acts and "army hamburg>denmark leaving friendly" in acts
    s = apply(s, "army hamburg>denmark leaving hostile")
    assert s.nations["FR"]["armies"]["hamburg"] == 1 and "hamburg" not in s.nations["FR"]["hostile"]


def test_the_attacker_chooses_which_army_of_a_mixed_stack_it_fights():
    """*Maneuver* 1/2: the active government "may choose … which of the fleets [armies] in the region it
    wants to match": Germany fights the upright French army and frees Hamburg."""
    s = _hamburg(1, 1, mover="GE", extra=[("GE", "hamburg", 1)])
    acts = texts(s)
    assert "battle hamburg army vs FR army:hostile" in acts and "battle hamburg army vs FR army:friendly" in acts
    s = apply(s, "battle hamburg army vs FR army:hostile")
    assert s.nations["FR"]["armies"] == {"hamburg": 1} and s.nations["FR"]["hostile"] == {}


def test_some_of_the_armies_may_stand_up():
    s = _hamburg(0, 2)
    acts = texts(s)
    assert {"status hamburg hostile", "status hamburg hostile 1"} <= set(acts)
    s = apply(s, "status hamburg hostile 1")
    while s.decision != "armies":
        s = apply(s, Pass())
    assert s.nations["FR"]["hostile"] == {"hamburg": 1} and s.nations["FR"]["armies"]["hamburg"] == 2


def test_only_armies_that_stood_there_before_change_status():
    """An army that entered this maneuver keeps its declared status; the one there before may change."""
    s = _hamburg(0, 1, extra=[("FR", "holland", 1)])
    s = apply(s, MoveArmy(origin="holland", to="hamburg", hostile=True))
    while s.decision != "armies":
        s = apply(s, Pass())
    assert [a for a in texts(s) if a.startswith("status hamburg")] == ["status hamburg hostile"]
    s = apply(s, "status hamburg hostile")
    while s.decision != "armies":
        s = apply(s, Pass())
    assert s.nations["FR"]["hostile"] == {"hamburg": 2}
    assert not any(a.startswith("status hamburg") for a in texts(s))  # once per province per maneuver


# -- governments: ties among challengers go to the first from the investor-card holder ---------------------
def test_tied_challengers_first_in_seat_order_from_the_investor_card_holder_wins():
    """*Investor* step 3: "If several players achieve the same highest credit sum, the player first in
    seating order, counting from the player with the investor card, takes over the government."  Ann
    (seat 0) and Eve (seat 4) both reach 18M in Italy; the card is with Dan (seat 3), so Eve wins."""
    def setup(g):
        names = [p["name"] for p in g["players"]]
        for i, nid in enumerate(B.nation_ids):
            govern(g, nid, names[1 + i % 3])  # Bob, Cem, Dan govern; Ann, Eve, Fay do not
        assert g["swiss_banks"] == ["Ann", "Eve", "Fay"]
        g["investor"] = "Dan"
        it = g["nations"]["IT"]
        it["bonds"] = {v: None for v in it["bonds"]}
        it["bonds"][9], it["bonds"][2], it["bonds"][6] = "Bob", "Ann", "Eve"
        it["government"] = "Bob"
        it["treasury"] = 50
        it["rondel"] = SP("maneuver1")
        for p in g["players"]:
            p["cash"] = 30
        turn(g, "rondel", "IT")

    s = edit(six_player_game(), setup)
    s = apply(s, "rondel investor")
    assert s.decision == "invest" and s.current_player == "Dan"
    s = apply(s, Pass())
    assert s.current_player == "Eve"
    s = apply(s, "bond IT 12")
    assert s.current_player == "Fay"
    s = apply(s, Pass())
    assert s.current_player == "Ann"
    s = apply(s, "bond IT 16")
    assert s.nations["IT"]["government"] == "Eve"
    assert s.investor == "Eve"  # the card moved on, left of Dan


def test_a_move_that_must_say_which_army_leaves_is_refused_with_a_hint():
    s = _hamburg(1, 1)
    with pytest.raises(IllegalAction, match="say which, e.g. army hamburg>denmark leaving hostile"):
        apply(s, "army hamburg>denmark")
