"""Every example and FAQ answer of the rulebook (current edition, English), as named tests."""

from __future__ import annotations

import pytest
from imperial_core import (
    IllegalAction,
    apply,
    legal_actions,
    load_board,
    parse_action,
    rondel_cost,
    rondel_spaces,
    scores,
)
from imperial_core.actions import (
    Ask,
    Battle,
    BuildFactory,
    BuyBond,
    Demand,
    DestroyFactory,
    Import,
    MoveArmy,
    MoveFleet,
    Pass,
    Produce,
    Rondel,
)

from .helpers import edit, edit_raw, govern, governments_from_bonds, put, six_player_game, texts, turn

B = load_board("europe")


def SP(label: str) -> int:
    """Index of a rondel space by its notation name (``maneuver1`` ...)."""
    return rondel_spaces(B).index(label)


def swiss_game():
    """Six players where the French government also took over Italy: one player holds a Swiss Bank."""
    def setup(g):
        govern(g, "IT", g["nations"]["FR"]["government"])

    return edit(six_player_game(), setup)


def gov(state, nid):
    return state.nations[nid]["government"]


# -- rondel -----------------------------------------------------------------------------------------------
def test_rondel_example_investor_to_taxation_costs_2m_and_to_factory_4m():
    """Italy on Investor: Taxation is 4 spaces (2M), Factory 5 spaces (4M)."""
    s = six_player_game()
    it = gov(s, "IT")

    def setup(g):
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("investor")
        for p in g["players"]:
            p["cash"] = 10

    s = edit(s, setup)
    after = apply(s, Rondel(space="taxation"))
    assert after.cash(it) == 8
    s2 = apply(s, Rondel(space="factory"))
    assert s2.cash(it) == 6
    # 1-3 spaces are free
    s3 = apply(s, Rondel(space="import"))
    assert s3.cash(it) == 10
    assert rondel_spaces("europe") == ["factory", "production1", "maneuver1", "investor", "import",
                                       "production2", "maneuver2", "taxation"]
    # the public price list the page shows agrees with what apply charges
    assert [rondel_cost(s, sp) for sp in ("import", "production2", "maneuver2", "taxation", "factory")] == [
        0, 0, 0, 2, 4]


def test_rondel_never_stay_and_at_most_six_spaces():
    def setup(g):
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("investor")
        for p in g["players"]:
            p["cash"] = 20

    s = edit(six_player_game(), setup)
    assert texts(s) == ["rondel import", "rondel production2", "rondel maneuver2", "rondel taxation",
                        "rondel factory", "rondel production1"]  # maneuver1 would be 7 spaces
    with pytest.raises(IllegalAction, match="may not stay"):
        apply(s, Rondel(space="investor"))


def test_rondel_expensive_move_must_be_affordable():
    def setup(g):
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("investor")
        for p in g["players"]:
            p["cash"] = 3

    s = edit(six_player_game(), setup)
    assert "rondel taxation" in texts(s)  # 2M
    assert "rondel factory" not in texts(s)  # 4M
    with pytest.raises(IllegalAction, match="has 3M; moving 5 spaces to factory costs 4M"):
        apply(s, Rondel(space="factory"))


def test_first_turn_may_take_any_space_for_free():
    s = six_player_game()
    assert s.active_nation == "AH"
    assert len(legal_actions(s)) == len(B.rondel)


# -- factory ----------------------------------------------------------------------------------------------
def test_factory_example_germany_builds_in_munich_or_danzig_only():
    """Germany has Berlin and Hamburg; a French army in Cologne: only Munich or Danzig."""
    def setup(g):
        turn(g, "factory", "GE")
        g["nations"]["GE"]["treasury"] = 7
        put(g, "FR", "cologne", armies=1, hostile=True)

    s = edit(six_player_game(), setup)
    assert texts(s) == ["factory munich", "factory danzig", "pass"]
    after = apply(s, BuildFactory(region="danzig"))
    assert after.nations["GE"]["treasury"] == 2
    assert "danzig" in after.nations["GE"]["factories"]


def test_factory_costs_5m_with_a_player_message():
    def setup(g):
        turn(g, "factory", "IT")
        g["nations"]["IT"]["treasury"] = 3
        for p in g["players"]:  # nobody could give the missing 2M either (*Treasuries*)
            p["cash"] = 0

    s = edit(six_player_game(), setup)
    # 3M in the treasury and no cash anywhere: only "pass" was possible, so the decision settled by itself
    assert s.turn["phase"] != "factory" and s.active_nation != "IT"
    raw = edit_raw(six_player_game(), setup)
    with pytest.raises(IllegalAction, match=r"Italy's treasury has 3M and its government \w+ has 0M; a factory costs 5M"):
        apply(raw, BuildFactory(region="florence"))


def test_factory_shortfall_paid_by_the_government_from_its_cash():
    """Governments may give personal cash to their treasury (*Treasuries*)."""
    def setup(g):
        turn(g, "factory", "IT")
        g["nations"]["IT"]["treasury"] = 3

    s = edit(six_player_game(), setup)
    it = gov(s, "IT")
    before = s.cash(it)
    after = apply(s, BuildFactory(region="florence"))
    assert after.nations["IT"]["treasury"] == 0
    assert after.cash(it) == before - 2


def test_factory_refused_with_a_clear_message_when_money_is_short():
    def setup(g):
        turn(g, "factory", "IT")
        g["nations"]["IT"]["treasury"] = 0
        for i, p in enumerate(g["players"]):
            p["cash"] = 1 if i % 2 else 0  # 3M among the six players: 5M cannot be raised even with gifts

    s = edit(six_player_game(), setup)
    # nothing affordable: the decision settles to the next nation
    assert s.active_nation != "IT" or s.decision != "factory"

    def setup2(g):
        turn(g, "factory", "IT")
        g["nations"]["IT"]["treasury"] = 5

    s2 = edit(six_player_game(), setup2)
    with pytest.raises(IllegalAction, match="Rome already has a factory"):
        apply(s2, BuildFactory(region="rome"))
    with pytest.raises(IllegalAction, match="not a city of Italy"):
        apply(s2, BuildFactory(region="vienna"))


# -- production -------------------------------------------------------------------------------------------
def test_production_example_hostile_blocks_friendly_does_not():
    """GE factories Berlin, Hamburg, Munich; hostile Russian army in Berlin, friendly French in Munich."""
    def setup(g):
        turn(g, "rondel", "GE")
        g["nations"]["GE"]["rondel"] = SP("factory")
        g["nations"]["GE"]["factories"] = ["berlin", "hamburg", "munich"]
        put(g, "RU", "berlin", armies=1, hostile=True)
        put(g, "FR", "munich", armies=1, hostile=False)

    s = edit(six_player_game(), setup)
    after = apply(s, Rondel(space="production1"))
    ge = after.nations["GE"]
    assert ge["fleets"] == {"hamburg": 1}
    assert ge["armies"] == {"munich": 1}


def test_production_stops_when_supply_is_used_up():
    """FAQ: when a nation's supply is used up, no more units; with too few left the government chooses."""
    def setup(g):
        turn(g, "rondel", "GB")
        g["nations"]["GB"]["rondel"] = SP("factory")
        put(g, "GB", "northsea", fleets=9)

    s = edit(six_player_game(), setup)
    s = apply(s, Rondel(space="production1"))
    assert s.decision == "production" and s.current_player == gov(s, "GB")
    assert texts(s) == ["produce london", "produce liverpool"]
    s = apply(s, Produce(region="liverpool"))
    assert s.nations["GB"]["fleets"] == {"northsea": 9, "liverpool": 1}
    assert s.active_nation != "GB"  # supply exhausted: production is over

    def full(g):
        turn(g, "rondel", "GB")
        g["nations"]["GB"]["rondel"] = SP("factory")
        put(g, "GB", "northsea", fleets=10)

    s2 = apply(edit(six_player_game(), full), Rondel(space="production1"))
    assert s2.nations["GB"]["fleets"] == {"northsea": 10}


# -- import -----------------------------------------------------------------------------------------------
def test_import_example_austria_two_fleets_and_an_army_in_trieste():
    def setup(g):
        turn(g, "import", "AH")
        g["nations"]["AH"]["treasury"] = 5

    s = edit(six_player_game(), setup)
    acts = texts(s)
    assert "import fleet trieste" in acts
    assert [a for a in acts if a.startswith("import fleet")] == ["import fleet trieste"]
    assert {a for a in acts if a.startswith("import army")} == {
        f"import army {r}" for r in ("vienna", "budapest", "prague", "lemberg", "trieste")}
    s = apply(s, Import(unit="fleet", region="trieste"))
    s = apply(s, Import(unit="fleet", region="trieste"))
    s = apply(s, Import(unit="army", region="trieste"))
    ah = s.nations["AH"]
    assert ah["fleets"] == {"trieste": 2} and ah["armies"] == {"trieste": 1}
    assert ah["treasury"] == 2
    assert s.active_nation != "AH"  # three units: the import is over


def test_import_not_into_provinces_with_hostile_armies():
    def setup(g):
        turn(g, "import", "AH")
        g["nations"]["AH"]["treasury"] = 5
        put(g, "IT", "trieste", armies=1, hostile=True)

    s = edit(six_player_game(), setup)
    assert not any("trieste" in a for a in texts(s))
    with pytest.raises(IllegalAction, match="hostile armies stand in Trieste"):
        apply(s, Import(unit="army", region="trieste"))


# -- maneuver: fleets -------------------------------------------------------------------------------------
def test_fleet_example_channel_london_dublin():
    def setup(g):
        turn(g, "fleets", "GB")
        put(g, "GB", "englishchannel", fleets=1)
        put(g, "GB", "london", fleets=1)
        put(g, "GB", "dublin", fleets=1)

    s = edit(six_player_game(), setup)
    moves = [a for a in texts(s) if a.startswith("fleet")]
    assert sorted(moves) == sorted([
        "fleet englishchannel>northatlantic", "fleet englishchannel>bayofbiscay", "fleet englishchannel>northsea",
        "fleet london>englishchannel", "fleet dublin>northatlantic"])
    assert "pass" in texts(s)  # any fleet may stay


def test_fleets_never_return_to_land_faq_no_factory_destruction_by_fleets():
    def setup(g):
        turn(g, "fleets", "IT")
        put(g, "IT", "westernmed", fleets=3)
        g["nations"]["FR"]["factories"].append("marseille")

    s = edit(six_player_game(), setup)
    assert all(">" not in a or a.split(">")[1] in B.sea_adj["westernmed"] for a in texts(s) if a.startswith("fleet"))
    assert not any(a.startswith("destroy") for a in texts(s))
    with pytest.raises(IllegalAction):
        apply(s, MoveFleet(origin="westernmed", to="marseille"))


def _fleet_battle_position():
    """Purple (Russia) fleet moves into the Ionian Sea, where green (Italy) and yellow (Austria) fleets lie."""
    def setup(g):
        turn(g, "fleets", "RU")
        put(g, "RU", "easternmed", fleets=1)
        put(g, "IT", "ioniansea", fleets=1)
        put(g, "AH", "ioniansea", fleets=1)

    return apply(edit(six_player_game(), setup), MoveFleet(origin="easternmed", to="ioniansea"))


def test_fleet_battle_example_mover_chooses_which_fleet_to_fight():
    s = _fleet_battle_position()
    assert s.decision == "contact" and s.current_player == gov(s, "RU")
    assert texts(s) == ["battle ioniansea fleet vs AH fleet", "battle ioniansea fleet vs IT fleet", "pass"]
    after = apply(s, Battle(region="ioniansea", unit="fleet", enemy="IT", enemy_unit="fleet"))
    assert "ioniansea" not in after.nations["RU"]["fleets"]
    assert "ioniansea" not in after.nations["IT"]["fleets"]
    assert after.nations["AH"]["fleets"] == {"ioniansea": 1}


def test_fleet_battle_example_mover_declines_and_orders_the_other_governments():
    s = apply(_fleet_battle_position(), Pass())
    assert s.decision == "order" and s.current_player == gov(s, "RU")
    assert texts(s) == ["ask AH", "ask IT"]
    with pytest.raises(IllegalAction, match="ask one of AH, IT"):
        apply(s, Pass())
    s = apply(s, Ask(nation="IT"))
    assert s.decision == "demand" and s.current_player == gov(s, "IT")
    assert texts(s) == ["demand fleet", "pass"]
    with pytest.raises(IllegalAction, match="for Italy, may demand battle against Russia's fleet in Ionian Sea"):
        apply(s, Demand(unit="army"))
    s = apply(s, Pass())
    assert s.decision == "demand" and s.current_player == gov(s, "AH")
    s = apply(s, Pass())
    # nobody wanted to fight: all three fleets lie peacefully side by side
    for nid in ("RU", "IT", "AH"):
        assert s.nations[nid]["fleets"] == {"ioniansea": 1}
    assert s.decision == "fleets"


def test_fleet_battle_inactive_government_demands_battle():
    s = apply(apply(_fleet_battle_position(), Pass()), Ask(nation="AH"))
    s = apply(s, Demand(unit="fleet"))
    assert "ioniansea" not in s.nations["RU"]["fleets"]
    assert "ioniansea" not in s.nations["AH"]["fleets"]
    assert s.nations["IT"]["fleets"] == {"ioniansea": 1}


def test_active_nation_units_that_did_not_move_can_fight():
    def setup(g):
        turn(g, "fleets", "RU")
        put(g, "RU", "blacksea", fleets=1)
        put(g, "GE", "blacksea", fleets=1)

    s = edit(six_player_game(), setup)
    assert "battle blacksea fleet vs GE fleet" in texts(s)


# -- maneuver: armies, convoys, rail ------------------------------------------------------------------------
def _armies(setup):
    return edit(six_player_game(), setup)


def _dests(s, origin):
    return {a.split(">")[1].split()[0] for a in texts(s) if a.startswith(f"army {origin}>")}


def test_convoy_example_trieste_to_algeria_then_tunis():
    """Two armies in Trieste; fleets in the Ionian Sea (two) and the Western Mediterranean (one)."""
    def setup(g):
        turn(g, "armies", "AH")
        put(g, "AH", "trieste", armies=2)
        put(g, "AH", "ioniansea", fleets=2)
        put(g, "AH", "westernmed", fleets=1)

    s = _armies(setup)
    assert "army trieste>algeria via ioniansea+westernmed" in texts(s)
    s = apply(s, MoveArmy(origin="trieste", to="algeria", via=("ioniansea", "westernmed")))
    acts = texts(s)
    assert "army trieste>algeria via ioniansea+westernmed" not in acts  # that fleet has carried one army
    assert not any(a.startswith("army trieste>algeria") for a in acts)
    assert "army trieste>tunis via ioniansea" in acts  # the second Ionian fleet is still free


def test_rail_example_holland_army_reaches_germany_but_no_further():
    def setup(g):
        turn(g, "armies", "GE")
        put(g, "GE", "holland", armies=1)
        put(g, "GE", "cologne", armies=1)
        put(g, "GE", "balticsea", fleets=1)

    s = _armies(setup)
    holland = _dests(s, "holland")
    assert not holland & {"denmark", "sweden", "norway"}
    assert {"hamburg", "berlin", "munich", "cologne", "danzig"} <= holland
    cologne = _dests(s, "cologne")
    assert {"denmark", "sweden", "norway"} <= cologne
    assert "army cologne>norway via balticsea" in texts(s)
    assert "army cologne>denmark" in texts(s)  # by rail to Hamburg, then over the land border


def test_rail_cut_in_berlin_faq():
    """A hostile Russian army in Berlin: Hamburg, Cologne and Munich cannot reach Danzig by rail."""
    def setup(g):
        turn(g, "armies", "GE")
        for r in ("hamburg", "cologne", "munich"):
            put(g, "GE", r, armies=1)
        put(g, "RU", "berlin", armies=1, hostile=True)

    s = _armies(setup)
    for r in ("hamburg", "cologne", "munich"):
        assert "danzig" not in _dests(s, r)
        assert "berlin" in _dests(s, r)  # they may still march into Berlin to fight


def test_no_rail_to_dublin_faq_and_islands():
    """No railroad to Dublin; islands are no regions; Dublin only by convoy."""
    def setup(g):
        turn(g, "armies", "GB")
        put(g, "GB", "sheffield", armies=1)

    s = _armies(setup)
    assert "dublin" not in _dests(s, "sheffield")

    def setup2(g):
        setup(g)
        put(g, "GB", "northatlantic", fleets=1)

    s2 = _armies(setup2)
    assert "army sheffield>dublin via northatlantic" in texts(s2)  # rail to London/Liverpool, then convoy


def test_straits_faq_bulgaria_turkey_yes_sweden_denmark_and_spain_morocco_no():
    def setup(g):
        turn(g, "armies", "RU")
        put(g, "RU", "bulgaria", armies=1)
        put(g, "RU", "sweden", armies=1)
        put(g, "RU", "spain", armies=1)

    s = _armies(setup)
    assert "turkey" in _dests(s, "bulgaria")
    assert "denmark" not in _dests(s, "sweden")
    assert "morocco" not in _dests(s, "spain")


def test_switzerland_can_never_be_entered():
    def setup(g):
        turn(g, "armies", "FR")
        put(g, "FR", "dijon", armies=1)

    s = _armies(setup)
    assert all("switzerland" not in a for a in texts(s))


def test_entering_a_foreign_home_province_is_hostile_or_friendly():
    def setup(g):
        turn(g, "armies", "FR")
        put(g, "FR", "dijon", armies=1)

    s = _armies(setup)
    assert "army dijon>munich hostile" in texts(s)
    assert "army dijon>munich friendly" in texts(s)
    after = apply(s, MoveArmy(origin="dijon", to="munich", hostile=True))
    assert after.nations["FR"]["hostile"] == {"munich": 1}


def test_last_free_factory_only_friendly_and_never_destroyed():
    """A nation's last factory not occupied by hostile armies: entrants lie friendly; no destruction."""
    def setup(g):
        turn(g, "armies", "FR")
        put(g, "FR", "dijon", armies=3)
        put(g, "FR", "belgium", armies=1)
        put(g, "FR", "holland", armies=1, hostile=False)
        put(g, "AH", "hamburg", armies=1, hostile=True)  # Hamburg occupied: Berlin is Germany's last free one

    s = _armies(setup)
    assert "army belgium>cologne hostile" in texts(s)
    assert not any(a.startswith("army") and "berlin" in a and "hostile" in a for a in texts(s))
    s = apply(s, MoveArmy(origin="dijon", to="munich", hostile=True))
    # three armies in Berlin would still not destroy it
    def more(g):
        put(g, "FR", "berlin", armies=3)

    s2 = edit(s, more)
    assert "destroy berlin" not in texts(s2)
    with pytest.raises(IllegalAction, match="last free factory"):
        apply(s2, DestroyFactory(region="berlin"))


def test_status_change_can_trigger_a_demand_faq():
    """FAQ: inactive nations may fight also when an army changes its status from friendly to hostile."""
    def setup(g):
        turn(g, "armies", "FR")
        put(g, "FR", "munich", armies=1)
        put(g, "GE", "munich", armies=1)
        g["nations"]["GE"]["factories"].append("munich")

    s = _armies(setup)
    assert "status munich hostile" in texts(s)
    s = apply(s, parse_action(s, "status munich hostile"))
    assert s.decision == "contact"
    s = apply(s, Pass())
    assert s.decision == "demand" and s.current_player == gov(s, "GE")
    s = apply(s, Demand(unit="army"))
    assert "munich" not in s.nations["FR"]["armies"] and "munich" not in s.nations["GE"]["armies"]


def test_friendly_entry_also_lets_the_home_nation_demand_battle_faq():
    def setup(g):
        turn(g, "armies", "FR")
        put(g, "FR", "dijon", armies=1)
        put(g, "GE", "munich", armies=1)

    s = _armies(setup)
    s = apply(s, MoveArmy(origin="dijon", to="munich", hostile=False))
    assert s.decision == "contact"
    s = apply(s, Pass())
    assert s.decision == "demand" and texts(s) == ["demand army", "pass"]


def test_armies_and_fleets_fight_only_when_the_fleet_lies_in_harbour_faq():
    def setup(g):
        turn(g, "armies", "AH")
        put(g, "AH", "vienna", armies=1)
        put(g, "IT", "venice", fleets=1)
        put(g, "IT", "ioniansea", fleets=1)

    s = _armies(setup)
    s = apply(s, MoveArmy(origin="vienna", to="venice", hostile=True))
    assert texts(s) == ["battle venice army vs IT fleet", "pass"]
    assert not any("ioniansea" in a for a in texts(s))


def test_venice_factory_destruction_example():
    """An army fights the fleet in Venice; armies from Budapest rail to Vienna and join; three destroy."""
    def setup(g):
        turn(g, "armies", "AH")
        g["nations"]["IT"]["factories"].append("venice")
        put(g, "IT", "venice", fleets=1)
        put(g, "AH", "vienna", armies=2)
        put(g, "AH", "budapest", armies=2)

    s = _armies(setup)
    s = apply(s, MoveArmy(origin="vienna", to="venice", hostile=True))
    s = apply(s, Battle(region="venice", unit="army", enemy="IT", enemy_unit="fleet"))
    assert "venice" not in s.nations["IT"]["fleets"]
    assert "destroy venice" not in texts(s)  # no army left there yet
    s = apply(s, MoveArmy(origin="budapest", to="venice", hostile=True))  # by rail to Vienna, then on
    s = apply(s, MoveArmy(origin="budapest", to="venice", hostile=True))
    s = apply(s, MoveArmy(origin="vienna", to="venice", hostile=True))
    assert s.nations["AH"]["armies"]["venice"] == 3
    s = apply(s, DestroyFactory(region="venice"))
    assert "venice" not in s.nations["IT"]["factories"]
    assert "venice" not in s.nations["AH"]["armies"]


def test_no_destruction_while_a_defending_army_stands_there():
    def setup(g):
        turn(g, "armies", "AH")
        g["nations"]["IT"]["factories"].append("venice")
        put(g, "AH", "venice", armies=3, hostile=True)
        put(g, "IT", "venice", armies=1)

    s = _armies(setup)
    assert "destroy venice" not in texts(s)


# -- flags ------------------------------------------------------------------------------------------------
def _end_maneuver(setup):
    s = edit(six_player_game(), setup)
    while s.decision == "fleets":
        s = apply(s, Pass())
    return apply(s, Pass())


def test_flags_placed_only_in_exclusively_occupied_neutral_and_sea_regions():
    def setup(g):
        turn(g, "armies", "RU")
        put(g, "RU", "romania", armies=1)
        put(g, "RU", "blacksea", fleets=1)
        put(g, "RU", "bulgaria", armies=1)
        put(g, "AH", "bulgaria", armies=1)
        put(g, "RU", "lemberg", armies=1, hostile=True)

    s = _end_maneuver(setup)
    assert sorted(s.nations["RU"]["flags"]) == ["blacksea", "romania"]


def test_flag_stays_in_mixed_or_empty_regions_faq():
    def setup(g):
        turn(g, "armies", "RU")
        g["nations"]["AH"]["flags"] = ["romania", "greece"]
        put(g, "RU", "romania", armies=1)
        put(g, "AH", "romania", armies=1)

    s = _end_maneuver(setup)
    assert sorted(s.nations["AH"]["flags"]) == ["greece", "romania"]
    assert s.nations["RU"]["flags"] == []


def test_flag_replaced_when_another_nation_occupies_exclusively():
    def setup(g):
        turn(g, "armies", "RU")
        g["nations"]["AH"]["flags"] = ["romania"]
        put(g, "RU", "romania", armies=1)

    s = _end_maneuver(setup)
    assert s.nations["AH"]["flags"] == [] and s.nations["RU"]["flags"] == ["romania"]


def test_flag_goes_to_an_inactive_nation_left_alone_after_a_battle():
    def setup(g):
        turn(g, "armies", "IT")
        g["nations"]["AH"]["flags"] = ["romania"]
        put(g, "AH", "romania", armies=1)
        put(g, "RU", "romania", armies=1)
        put(g, "IT", "romania", armies=1)

    s = edit(six_player_game(), setup)
    s = apply(s, Battle(region="romania", unit="army", enemy="AH", enemy_unit="army"))
    assert s.active_nation != "IT"  # nothing left to do: the maneuver ended by itself
    assert s.nations["RU"]["flags"] == ["romania"] and s.nations["AH"]["flags"] == []


def test_nation_with_all_flags_removes_the_other_flag_without_replacing():
    regions = [r for r in B.flag_regions if r != "romania"][:15]

    def setup(g):
        turn(g, "armies", "RU")
        g["nations"]["RU"]["flags"] = list(regions)
        g["nations"]["AH"]["flags"] = ["romania"]
        put(g, "RU", "romania", armies=1)

    s = _end_maneuver(setup)
    assert s.nations["AH"]["flags"] == []
    assert "romania" not in s.nations["RU"]["flags"] and len(s.nations["RU"]["flags"]) == 15


# -- investor ---------------------------------------------------------------------------------------------
def test_bond_trade_up_example_italian_12_for_4_pays_8():
    def setup(g):
        it = g["nations"]["IT"]
        holder = g["players"][0]["name"]
        it["bonds"][4] = holder
        g["players"][0]["cash"] = 8
        t = turn(g, "invest", "IT")
        g["turn"]["invest_round"] = "card"
        g["turn"]["queue"] = [holder]
        g["turn"]["player"] = holder
        return t

    s = edit(six_player_game(), setup)
    holder = s.players[0]["name"]
    assert "bond IT 12 return 4" in texts(s)
    treasury = s.nations["IT"]["treasury"]
    after = apply(s, BuyBond(nation="IT", value=12, trade_in=4))
    assert after.nations["IT"]["bonds"][12] == holder and after.nations["IT"]["bonds"][4] is None
    assert after.nations["IT"]["treasury"] == treasury + 8
    assert after.cash(holder) == 0


def test_bonds_given_back_only_for_a_higher_one_faq():
    def setup(g):
        holder = g["players"][0]["name"]
        g["nations"]["IT"]["bonds"][12] = holder
        g["players"][0]["cash"] = 30
        turn(g, "invest", "IT")
        g["turn"].update(invest_round="card", queue=[holder], player=holder)

    s = edit(six_player_game(), setup)
    assert not any(a.endswith("return 12") and int(a.split()[2]) < 12 for a in texts(s))
    with pytest.raises(IllegalAction, match="returned for a higher"):
        apply(s, BuyBond(nation="IT", value=6, trade_in=12))


def test_investor_landing_pays_interest_card_holder_gets_2m_and_card_moves_left():
    s = six_player_game()

    def setup(g):
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("maneuver1")
        for p in g["players"]:
            p["cash"] = 0

    s = edit(s, setup)
    holders = {h: B.interest(v) for v, h in s.nations["IT"]["bonds"].items() if h}
    card = s.investor
    after = apply(s, Rondel(space="investor"))
    for h, i in holders.items():
        assert after.cash(h) >= i
    assert after.decision == "invest" and after.current_player == card
    assert after.cash(card) == holders.get(card, 0) + 2


def test_interest_shortfall_government_forgoes_own_then_pays_from_cash():
    s = six_player_game()

    def setup(g):
        it = g["nations"]["IT"]
        gov_ = it["government"]
        other = next(p["name"] for p in g["players"] if p["name"] != gov_)
        it["bonds"] = {v: None for v in it["bonds"]}
        it["bonds"][9] = it["bonds"][4] = gov_  # 13M, the highest credit sum: interest 4 + 2
        it["bonds"][12] = other  # interest 5
        it["treasury"] = 3
        for p in g["players"]:
            p["cash"] = 10
        g["investor"] = next(p["name"] for p in g["players"] if p["name"] not in (gov_, other))
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("maneuver1")

    s = edit(s, setup)
    it_gov = gov(s, "IT")
    other = s.nations["IT"]["bonds"][12]
    after = apply(s, Rondel(space="investor"))
    assert after.nations["IT"]["treasury"] == 0
    assert after.cash(other) == 15  # its 5M in full: 3M from the treasury, 2M from the government
    assert after.cash(it_gov) == 8  # forgoes its own 6M and pays 2M from its cash


def test_passing_investor_runs_steps_two_and_three_after_the_landed_action():
    s = six_player_game()

    def setup(g):
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("maneuver1")

    s = edit(s, setup)
    card = s.investor
    after = apply(s, Rondel(space="import"))
    assert after.decision == "import"
    after = apply(after, Pass())
    assert after.decision == "invest" and after.current_player == card


def test_investor_card_holder_invests_once_even_without_a_government_faq():
    """FAQ: the investor card holder without a government does not also invest as a Swiss Bank."""
    s = swiss_game()
    assert len(s.swiss_banks) == 1

    def setup(g):
        g["investor"] = g["swiss_banks"][0]
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("maneuver1")
        for p in g["players"]:
            p["cash"] = 20

    s = edit(s, setup)
    s = apply(s, Rondel(space="investor"))
    asked = []
    holder = s.investor
    while s.decision == "invest":
        asked.append(s.current_player)
        s = apply(s, Pass())
    assert asked == [holder]  # the card holder (a Swiss Bank) invests once, as investor only


def _invest_round(gov_bond: int, challenger_bond: int):
    s = six_player_game()
    it_gov = gov(s, "IT")

    def setup(g):
        challenger = next(p["name"] for p in g["players"] if p["name"] not in (it_gov, g["investor"]))
        g["nations"]["IT"]["bonds"] = {v: None for v in g["nations"]["IT"]["bonds"]}
        g["nations"]["IT"]["bonds"][gov_bond] = it_gov
        g["nations"]["IT"]["bonds"][challenger_bond] = challenger
        turn(g, "invest", "IT")
        g["turn"].update(invest_round="card", queue=[challenger])
        for p in g["players"]:
            p["cash"] = 30

    return edit(s, setup), it_gov


def test_government_changes_only_on_a_strictly_higher_credit_sum():
    s, it_gov = _invest_round(6, 2)
    challenger = s.current_player
    tie = apply(s, BuyBond(nation="IT", value=4))  # 2 + 4 = 6: a tie is not enough
    assert tie.nations["IT"]["government"] == it_gov
    more = apply(s, BuyBond(nation="IT", value=9))  # 2 + 9 = 11 > 6
    assert more.nations["IT"]["government"] == challenger
    # six players, one nation each: the old government now has none and receives a Swiss Bank
    assert not any(n["government"] == it_gov for n in more.nations.values())
    assert more.swiss_banks == [it_gov]
    assert tie.swiss_banks == []
    assert more.investor != s.investor  # the card moved on


def test_swiss_bank_may_force_a_stop_on_investor():
    s = swiss_game()
    swiss = s.swiss_banks[0]

    def setup(g):
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("maneuver1")
        g["nations"]["IT"]["treasury"] = 50

    s = edit(s, setup)
    s = apply(s, Rondel(space="import"))
    assert s.decision == "swiss" and s.current_player in s.swiss_banks
    while s.current_player != swiss:
        s = apply(s, Pass())
    s = apply(s, parse_action(s, "force"))
    assert s.nations["IT"]["rondel"] == SP("investor")


def test_swiss_bank_cannot_force_when_the_treasury_cannot_pay_all_interest():
    s = swiss_game()

    def setup(g):
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = SP("maneuver1")
        g["nations"]["IT"]["treasury"] = 1
        for p in g["players"]:  # and nobody could give what is missing (rules-decisions 4 and 7)
            p["cash"] = 0

    s = apply(edit(s, setup), Rondel(space="import"))
    assert s.decision == "import"


# -- taxation, end and scoring ----------------------------------------------------------------------------
def test_german_taxation_example():
    """Tax chart 6, power 1; 2 factories + 3 flags = 7M: bonus 1, +2 power, 4M to the treasury."""
    def setup(g):
        ge = g["nations"]["GE"]
        ge["tax"] = B.tax_position(6)
        ge["power"] = 1
        ge["flags"] = ["denmark", "northsea", "balticsea"]
        ge["treasury"] = 0
        put(g, "GE", "denmark", armies=1)
        put(g, "GE", "holland", armies=1)
        put(g, "GE", "northsea", fleets=1)
        turn(g, "rondel", "GE")
        ge["rondel"] = SP("maneuver2")

    s = edit(six_player_game(), setup)
    ge_gov = gov(s, "GE")
    before = s.cash(ge_gov)
    after = apply(s, Rondel(space="taxation"))
    assert after.nations["GE"]["tax"] == B.tax_position(7)
    assert after.cash(ge_gov) == before + 1
    assert after.nations["GE"]["power"] == 3
    assert after.nations["GE"]["treasury"] == 4


def test_taxation_no_bonus_when_falling_and_no_negative_payment():
    def setup(g):
        ge = g["nations"]["GE"]
        ge["tax"] = B.tax_position(9)
        ge["treasury"] = 5
        put(g, "GE", "northsea", fleets=6)
        turn(g, "rondel", "GE")
        ge["rondel"] = SP("maneuver2")

    s = edit(six_player_game(), setup)
    after = apply(s, Rondel(space="taxation"))
    assert after.cash(gov(s, "GE")) == s.cash(gov(s, "GE"))
    assert after.nations["GE"]["treasury"] == 5
    assert after.nations["GE"]["power"] == 0


def test_game_ends_at_25_power_points_and_a_pass_over_investor_is_not_executed():
    def setup(g):
        ge = g["nations"]["GE"]
        ge["power"] = 24
        ge["flags"] = ["northsea", "balticsea"]  # 2 factories + 2 flags = 6M: +1 power point
        ge["rondel"] = SP("maneuver1")  # to taxation passes Investor
        turn(g, "rondel", "GE")
        for p in g["players"]:
            p["cash"] = 20
        g["investor"] = next(p["name"] for p in g["players"] if p["name"] != ge["government"])

    s = edit(six_player_game(), setup)
    card = s.investor
    card_cash = s.cash(card)
    after = apply(s, Rondel(space="taxation"))
    assert after.is_over and after.current_player is None and legal_actions(after) == []
    assert after.cash(card) == card_cash  # no 2M investor payout
    assert after.cash(gov(s, "GE")) == 20 - 4 + 1  # 5 spaces cost 4M; success bonus 1M
    assert after.nations["GE"]["power"] == 25


def test_french_scoring_example_12m_bond_at_17_points_is_worth_15():
    def setup(g):
        for n in g["nations"].values():
            n["bonds"] = {v: None for v in n["bonds"]}
            n["power"] = 0
        g["nations"]["FR"]["power"] = 17
        g["nations"]["FR"]["bonds"][12] = "Ann"
        for p in g["players"]:
            p["cash"] = 0
        governments_from_bonds(g)
        g["turn"] = {"phase": "over", "nation": "FR"}  # scores at the end of the game

    s = edit(six_player_game(), setup)
    assert scores(s)["Ann"] == 15
    from imperial_core import score_breakdown

    assert score_breakdown(s)["Ann"] == {"cash": 0, "nations": {"FR": {"interest": 5, "factor": 3, "points": 15}},
                                         "total": 15}


def test_tie_break_by_credit_in_the_most_powerful_nation():
    from imperial_core import ranking

    def setup(g):
        for n in g["nations"].values():
            n["bonds"] = {v: None for v in n["bonds"]}
            n["power"] = 0
        g["nations"]["FR"]["power"] = 20
        g["nations"]["IT"]["power"] = 10
        g["nations"]["FR"]["bonds"][2] = "Bob"  # 1 x 4 = 4
        g["nations"]["IT"]["bonds"][4] = "Ann"  # 2 x 2 = 4
        for p in g["players"]:
            p["cash"] = 0
        governments_from_bonds(g)
        g["turn"] = {"phase": "over", "nation": "FR"}  # the ranking at the end of the game

    s = edit(six_player_game(), setup)
    sc = scores(s)
    assert sc["Ann"] == sc["Bob"] == 4
    assert ranking(s)[:2] == ["Bob", "Ann"]


def test_convoy_not_offered_where_the_army_gets_without_one():
    """Denmark -> Hamburg by land, then rail to Danzig: no North Sea convoy variant of the same move."""
    def setup(g):
        turn(g, "armies", "GE")
        put(g, "GE", "denmark", armies=1)
        put(g, "GE", "northsea", fleets=1)

    s = _armies(setup)
    acts = texts(s)
    assert "army denmark>danzig" in acts and "army denmark>hamburg" in acts
    assert not any(a.startswith("army denmark>danzig via") or a.startswith("army denmark>hamburg via") for a in acts)
    # one step only: Denmark -> Hamburg ends the move, so Holland needs the fleet
    assert "army denmark>holland via northsea" in acts and "army denmark>holland" not in acts
    assert "army denmark>london via northsea hostile" in acts
