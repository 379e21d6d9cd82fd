"""Every example and FAQ answer of the Imperial 2030 rulebook (English, PD-Verlag, 2009) as named tests.

The rulebook is ``shared/rules/imperial-2030-rules-en.txt``; "l. N" is its line number, and every test
cites the lines it checks in its docstring.  Positions are built from a real 2030 set-up through the
public API (``new_game``, ``apply``/``step``, ``imperial_core.position.from_data`` via ``helpers.edit``);
the assertions use the rulebook's exact amounts and, where it lists the choices, exact legal-action
lists.  The rulebook's open questions and the engine's answers: ``docs/rules-decisions.md``, section
"Imperial 2030".

The rulebook from top to bottom: each example, FAQ answer or checkable statement, and its test.

Game board and materials (l. 34-113)
  l. 36, 392      Switzerland is neutral, no entry
                  -> test_no_entry_to_switzerland_and_the_polar_regions
  l. 36-92        6 nations of 4 provinces; 12 brown and 12 blue cities; 27 land, 11 sea regions
                  -> test_board_six_nations_of_four_provinces_27_land_11_seas
  l. 99-112       54 bonds of 2-30M; 10/6/8 armies, 6/10/8 fleets; 15 flags per nation
                  -> test_materials_bonds_units_and_flags
Set-up (l. 115-197)
  l. 121-125      two factories per nation, one of each kind
                  -> test_setup_two_factories_one_of_each_kind
  l. 137-141, 162-164  4-6 players: 13M, one card each, bonds from the card backs, 2M left
                  -> test_setup_six_players_13m_card_backs_leave_2m
  l. 143-151, 170-177  3 players: 24M; 1 US to India, 2 Brazil to Russia, 3 Europe to China
                  -> test_setup_three_players_24m_matching_numbers
  l. 153-160      2 players: 35M; A Europe and Brazil to China, B India and US to Russia
                  -> test_setup_two_players_35m_matching_letters
  l. 162          every player keeps 2M
                  -> test_setup_every_player_keeps_2m
  l. 166          4-5 players: an undealt card goes to the holder of that nation's 2M bond
                  -> test_setup_five_players_undealt_card_to_the_2m_holder
  l. 166, 168, 256, 258  no bond of a nation dealt: its card stays in the bank, its turns are
                  skipped, the investor card goes left of China's government
                  -> test_setup_card_with_no_bond_dealt_stays_in_the_bank
  l. 168, 258     investor card left of Russia's government
                  -> test_setup_investor_card_left_of_russias_government
  l. 183-189      auction variant: 13/15/19/25/37M
                  -> test_auction_start_cash
  l. 191-197      auction: Russia from the start player, China from the next player, then India,
                  Brazil, US, Europe -> test_auction_order_of_nations_and_first_players
Game play, end of the game (l. 199-240)
  l. 207, 213     first turn anywhere and free; then 1-6 spaces, 3 free, never stay
                  -> test_rondel_first_turn_free_then_one_to_six_spaces
  l. 209-211      each extra space 1M + power factor: 4M at 17 power points
                  -> test_rondel_cost_1m_plus_power_factor_17_points_4m
  l. 217-222      China, 11 points, on Investor: Taxation 3M, Factory 6M
                  -> test_rondel_example_china_11_points_taxation_3m_factory_6m
  l. 226, 451     the game ends at 25 power points; no investment after passing Investor
                  -> test_game_ends_at_25_power_points_without_investor_steps
                  -> test_game_end_in_the_variant_without_investor_card_has_no_round
  l. 228-238      India at 17 points: the 12M bond is worth 5 x 3 = 15
                  -> test_scoring_example_indian_12m_bond_at_17_points_is_15
  l. 240          tie: credit sum in the most powerful nation
                  -> test_tie_break_credit_in_the_most_powerful_nation
Treasuries, start of play (l. 242-258)
  l. 246          personal cash may support a treasury
                  -> test_government_cash_pays_a_factory_the_treasury_cannot
  l. 254          Russia, China, India, Brazil, United States, Europe
                  -> test_start_of_play_russia_first_then_turn_order
  l. 256          a nation without government is skipped
                  -> test_setup_card_with_no_bond_dealt_stays_in_the_bank
Factory, production, import (l. 264-294)
  l. 270-272      Europe: shipyard in Rome or armaments in Berlin, 5M; hostile army in Berlin: Rome
                  -> test_factory_example_europe_rome_or_berlin
  l. 278-282      Europe: Chinese army hostile in Paris, US army friendly in London
                  -> test_production_example_europe_fleets_in_london_and_rome_only
  l. 292-294      China imports a fleet and two armies into Shanghai for 3M
                  -> test_import_example_china_fleet_and_two_armies_in_shanghai
Maneuver (l. 296-392)
  l. 302-308      North Atlantic fleet: Caribbean, Gulf of Guinea, Mediterranean; London: North Atlantic
                  -> test_fleet_example_north_atlantic_and_london
  l. 310, 314-318  blue fleet into the Caribbean with a green and a red fleet
                  -> test_fleet_battle_example_caribbean_mover_chooses
                  -> test_fleet_battle_example_caribbean_nobody_fights
  l. 312          unmoved fleets of the active nation may fight
                  -> test_unmoved_fleets_of_the_active_nation_may_fight
  l. 322-334      convoy from Vladivostok through the Sea of Japan and the China Sea
                  -> test_convoy_example_vladivostok
  l. 326-328      convoys from the coast or by rail to it; a fleet that moved may convoy
                  -> test_fleet_that_moved_may_still_convoy
  l. 336-342      India: New Delhi by rail and convoy; the army in Afghanistan cannot
                  -> test_rail_example_india_new_delhi_and_afghanistan
  l. 348-352      hostile or friendly; the last free factory only friendly
                  -> test_entering_foreign_provinces_hostile_or_friendly
  l. 354-362      three blue armies destroy the Murmansk shipyard
                  -> test_factory_destruction_example_murmansk
  l. 364-370      flags; a nation with all 15 flags
                  -> test_flags_in_regions_occupied_alone_never_in_home_provinces
                  -> test_nation_with_15_flags_removes_the_other_flag
  l. 374          canals: no flag, no restriction
                  -> test_canals_are_free_while_no_flag_controls_them
  l. 374-384      the US controls Suez: Europe's fleet and then the Paris-Mumbai convoy each need it
                  -> test_canal_example_us_controls_suez
  l. 374          the controlling nation may prevent the passage
                  -> test_canal_refused_the_move_does_not_happen
  l. 374          the controlling nation's own units; a flag without government
                  -> test_canal_owner_passes_its_own_canal_freely
  l. 374, 384     a convoy through both canals
                  -> test_convoy_through_two_owned_canals_asks_each_owner
  l. 386, 625     the earth is a sphere: east-west wrap, none north-south
                  -> test_sea_regions_wrap_east_west_only
  l. 390, 530-532  five islands; Indonesia from three seas; islands never by land
                  -> test_islands_indonesia_from_three_seas_never_by_land
Investor (l. 394-424)
  l. 396          steps 2 and 3 also when Investor is passed over
                  -> test_passing_investor_runs_steps_two_and_three
  l. 404-410      the Chinese 4M bond traded for the 12M bond: 8M
                  -> test_trade_up_example_chinese_4m_for_12m_pays_8m
  l. 422, 631     a Swiss Bank forces a stop on Investor
                  -> test_swiss_bank_forces_a_stop_on_investor
Taxation (l. 426-473)
  l. 434-437      2M per unoccupied factory, 1M per flag, at most 23M
                  -> test_tax_revenue_counts_unoccupied_factories_and_flags_max_23
  l. 441, 449     soldiers' pay until the treasury is empty
                  -> test_soldiers_pay_stops_when_the_treasury_is_empty
  l. 443-445, 623  bonus from the treasury, reduced to what it holds
                  -> test_bonus_reduced_to_what_the_treasury_holds
  l. 445, 453-455  the chart's middle and bottom lines
                  -> test_tax_chart_bonus_and_power_lines
  l. 459-473      the United States: 11M, 3M of pay, 2M of bonus, +4
                  -> test_taxation_example_united_states
Variants (l. 475-507)
  l. 477          alone or combined -> test_variants_may_be_combined
  l. 479-489      without investor card: the government, then clockwise; Swiss Banks any nation
                  -> test_variant_without_investor_card_round_after_each_turn
                  -> test_variant_without_investor_card_swiss_bank_invests_once_per_round
  l. 491          Investor pays interest only; passing it has no consequence
                  -> test_variant_without_investor_card_investor_pays_interest_only
  l. 493          a nation without bonds, after the previous nation's turn
                  -> test_variant_without_investor_card_nation_without_bonds
  l. 495-507      bonus only for increases: China rises to 12M, 4 fields, 4M
                  -> test_variant_bonus_only_for_tax_increases_example_china
  l. 499          the marker moving left costs nothing
                  -> test_variant_bonus_only_for_increases_nothing_when_falling
FAQ (l. 509-570)
  l. 511-513, 526-528  fleets cannot destroy factories
                  -> test_fleets_cannot_destroy_factories_faq
  l. 515-520      who may fight, also after a "friendly" entry
                  -> test_who_may_fight_faq
  l. 522-524      armies against fleets only in the harbour
                  -> test_armies_and_fleets_fight_only_in_the_harbour_faq
  l. 530-532      islands -> test_islands_indonesia_from_three_seas_never_by_land
  l. 534-536      a Chinese army in Novosibirsk suspends the rail
                  -> test_rail_suspended_faq_chinese_army_in_novosibirsk
  l. 538-542      no flags in foreign provinces; a hostile occupation blocks
                  -> test_hostile_occupation_blocks_units_tax_rail_and_factory_faq
  l. 544-546      a flag is removed only by one other nation alone
                  -> test_flag_removed_only_by_another_nation_alone_faq
  l. 548-550      bonds given back only for a higher one
                  -> test_bonds_given_back_only_for_a_higher_one_faq
  l. 552-554      the investor card and a Swiss Bank: one investment
                  -> test_investor_with_a_swiss_bank_invests_once_faq
  l. 556-558      supplies used up; the bank is unlimited
                  -> test_supplies_used_up_faq
  l. 560-562      no borrowing or gifts between players
                  -> test_no_money_passes_between_players_faq
  l. 564-566      agreements bind nobody: no rule for the engine (no test)
  l. 568-570      straits: London-Paris (rail) and Rome-Turkey, no other
                  -> test_straits_faq_london_paris_rome_turkey_and_no_other
Tips on strategy (l. 575-599)
  l. 595          3 factories and 12 flags give 10 power points
                  -> test_tip_three_factories_and_twelve_flags_give_ten_points
  l. 599          about 20 turns per nation: a statement about typical games (no test)
Differences from "Imperial" (l. 613-631)
  l. 619          a 30M bond with 9M interest -> test_differences_30m_bond_with_9m_interest
  l. 621          canals -> the canal tests above
  l. 623          the bonus -> test_taxation_example_united_states,
                  test_bonus_reduced_to_what_the_treasury_holds
  l. 625          at most 4 factories -> test_differences_at_most_four_factories;
                  the wrap -> test_sea_regions_wrap_east_west_only
  l. 627          names only ("flags", "nation flag card"): no rule (no test)
  l. 629          rondel cost -> test_rondel_cost_1m_plus_power_factor_17_points_4m
  l. 631          Swiss Bank -> test_swiss_bank_forces_a_stop_on_investor
"""

from __future__ import annotations

import pytest
from imperial_core import (
    apply,
    legal_actions,
    load_board,
    new_game,
    ranking,
    rondel_cost,
    rondel_spaces,
    score_breakdown,
    scores,
    step,
)
from imperial_core.actions import (
    Allow,
    Ask,
    Battle,
    BuildFactory,
    BuyBond,
    DestroyFactory,
    Import,
    MoveArmy,
    MoveFleet,
    Pass,
    Refuse,
    Rondel,
)
from imperial_core.randomplay import random_game

from .helpers import SIX, edit, govern, governments_from_bonds, put, texts, turn

W = load_board("world2030")
NATIONS = ["RU", "CN", "IN", "BR", "US", "EU"]


def game(players=SIX, seed: int = 0, **options):
    return new_game(list(players), board="world2030", seed=seed, **options)


def SP(label: str) -> int:
    """Index of a rondel space by its notation name (``maneuver1`` ...)."""
    return rondel_spaces(W).index(label)


def gov(state, nid):
    return state.nations[nid]["government"]


def board_edit(setup, **options):
    """The six-player 2030 game of seed 0 changed by ``setup`` (governments: RU Ann, CN Bob, IN Dan, BR Cem,
    US Eve, EU Fay; investor card with Bob)."""
    return edit(game(**options), setup)


def _dests(s, origin):
    return sorted({a.split(">")[1].split()[0] for a in texts(s) if a.startswith(f"army {origin}>")})


def _army_texts(s, origin):
    return [a for a in texts(s) if a.startswith(f"army {origin}>")]


def _pays(events, reason):
    return [(e.source, e.target, e.amount) for e in events if e.kind == "pay" and e.reason == reason]


# -- the game board and materials --------------------------------------------------------------------------
def test_board_six_nations_of_four_provinces_27_land_11_seas():
    """l. 36, 48, 57, 87: six Great Powers with 4 home provinces each, one city each (12 brown armament
    cities, 12 blue shipyard cities); 27 land regions outside the nations; 11 sea regions."""
    assert list(W.nation_ids) == NATIONS
    assert [W.nation_name(n) for n in NATIONS] == [
        "Russia", "China", "India", "Brazil", "United States", "Europe"]
    assert all(len(W.home[n]) == 4 for n in NATIONS)
    sites = [r.factory_site for r in W.regions.values() if r.kind == "home"]
    assert sites.count("armaments") == 12 and sites.count("shipyard") == 12
    assert sum(r.kind == "neutral" for r in W.regions.values()) == 27
    assert sum(r.kind == "sea" for r in W.regions.values()) == 11
    assert W.home["EU"] == ("paris", "london", "rome", "berlin")


def test_materials_bonds_units_and_flags():
    """l. 99-112: 54 bonds, 9 per nation, of 2, 4, 6, 9, 12, 16, 20, 25, 30M; 48 armies (10 yellow, 6 red,
    8 of each other colour) and 48 fleets (6 yellow, 10 red, 8 each other); 15 flags per nation."""
    s = game()
    for nid in NATIONS:
        assert sorted(s.nations[nid]["bonds"]) == [2, 4, 6, 9, 12, 16, 20, 25, 30]
    units = {n.id: (n.armies, n.fleets, n.flags) for n in W.nations}
    assert units == {"RU": (8, 8, 15), "CN": (10, 6, 15), "IN": (8, 8, 15), "BR": (8, 8, 15),
                     "US": (6, 10, 15), "EU": (8, 8, 15)}
    assert W.nation("CN").color == "yellow" and W.nation("US").color == "red"
    assert sum(a for a, _f, _g in units.values()) == 48 and sum(f for _a, f, _g in units.values()) == 48


def test_no_entry_to_switzerland_and_the_polar_regions():
    """l. 36: Switzerland is neutral and cannot be entered; l. 392: neither can the polar regions;
    l. 532: Greenland lies in the polar regions."""
    assert {r.id for r in W.regions.values() if r.kind == "impassable"} == {"switzerland", "polar"}
    for rid in ("switzerland", "polar"):
        assert W.neighbours(rid) == ()
    assert "greenland" not in W.regions

    def setup(g):
        turn(g, "armies", "EU")
        for r in ("paris", "berlin", "rome", "london"):
            put(g, "EU", r, armies=1)
        put(g, "EU", "northatlantic", fleets=1)
        put(g, "EU", "mediterraneansea", fleets=1)

    s = board_edit(setup)
    assert texts(s) and not any("switzerland" in a or "polar" in a for a in texts(s))


# -- set-up -----------------------------------------------------------------------------------------------
def test_setup_two_factories_one_of_each_kind():
    """l. 121-125: each nation starts with an armament facility on its brown and a shipyard on its blue
    square; the other 12 factories are not built; the bonds lie in the treasuries."""
    s = game()
    starts = {n: s.nations[n]["factories"] for n in NATIONS}
    assert starts == {"RU": ["moscow", "vladivostok"], "CN": ["beijing", "shanghai"],
                      "IN": ["newdelhi", "mumbai"], "BR": ["brasilia", "riodejaneiro"],
                      "US": ["chicago", "neworleans"], "EU": ["paris", "london"]}
    for armaments, shipyard in starts.values():
        assert W.regions[armaments].factory_site == "armaments"
        assert W.regions[shipyard].factory_site == "shipyard"
    assert sum(len(f) for f in starts.values()) == 12


#: The card backs (l. 162; the 9M bond of the card's nation and the 2M bond of its partner).
CARD_BACKS = {"RU": {"RU": 9, "EU": 2}, "CN": {"CN": 9, "US": 2}, "IN": {"IN": 9, "BR": 2},
              "BR": {"BR": 9, "CN": 2}, "US": {"US": 9, "RU": 2}, "EU": {"EU": 9, "IN": 2}}


def _holdings(s):
    out = {p["name"]: [] for p in s.players}
    for nid in NATIONS:
        for v, h in s.nations[nid]["bonds"].items():
            if h is not None:
                out[h].append((nid, v))
    return {p: sorted(b) for p, b in out.items()}


def _cards(s):
    out = {p["name"]: [] for p in s.players}
    for nid in NATIONS:
        if gov(s, nid):
            out[gov(s, nid)].append(nid)
    return out


def test_setup_six_players_13m_card_backs_leave_2m():
    """l. 137-141: with 4 to 6 players each receives 13M and one flag card; l. 162-164: each takes the bonds
    on the back of its card and pays their price into the treasuries, keeping 2M, and forms that
    government."""
    for seed in range(4):
        s = game(seed=seed)
        cards = _cards(s)
        assert sorted(len(c) for c in cards.values()) == [1] * 6
        for p, (card,) in cards.items():
            assert _holdings(s)[p] == sorted(CARD_BACKS[card].items())
        assert [p["cash"] for p in s.players] == [2] * 6
        assert all(s.nations[n]["treasury"] == 11 for n in NATIONS)
        assert s.swiss_banks == []


def test_setup_three_players_24m_matching_numbers():
    """l. 143-151: India, Russia and China are dealt; 1: United States goes to India, 2: Brazil to Russia,
    3: Europe to China (l. 172-177: the matching numbers); 24M each, 2M left."""
    heads = set()
    for seed in range(8):
        s = game(SIX[:3], seed=seed)
        cards = {tuple(sorted(c)) for c in _cards(s).values()}
        assert cards == {("IN", "US"), ("BR", "RU"), ("CN", "EU")}
        assert [p["cash"] for p in s.players] == [2, 2, 2]
        heads.add(tuple(next(n for n in ("IN", "RU", "CN") if n in _cards(s)[p]) for p in SIX[:3]))
        for p, nations in _cards(s).items():
            assert _holdings(s)[p] == sorted(x for n in nations for x in CARD_BACKS[n].items())
    assert len(heads) > 1  # the deal is random


def test_setup_two_players_35m_matching_letters():
    """l. 153-160: China and Russia are dealt; A: Europe and Brazil go to China, B: India and the United
    States to Russia; 35M each, 2M left (l. 162)."""
    dealt = set()
    for seed in range(8):
        s = game(SIX[:2], seed=seed)
        cards = {tuple(sorted(c)) for c in _cards(s).values()}
        assert cards == {("BR", "CN", "EU"), ("IN", "RU", "US")}
        assert [p["cash"] for p in s.players] == [2, 2]
        dealt.add(gov(s, "CN"))
    assert dealt == {"Ann", "Bob"}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_every_player_keeps_2m(n):
    """l. 162: "When all initial bonds are distributed among the players, each player will have 2 million
    remaining - the rest will be in the nations' treasuries" (start cash 35/24/13M, l. 139-155)."""
    for seed in range(5):
        s = game(SIX[:n], seed=seed)
        assert [p["cash"] for p in s.players] == [2] * n
        start = {2: 35, 3: 24}.get(n, 13)
        assert sum(s.nations[x]["treasury"] for x in NATIONS) == (start - 2) * n


def test_setup_five_players_undealt_card_to_the_2m_holder():
    """l. 166: with five players the undealt card goes to the player who owns that nation's 2M bond.
    Seed 7: Russia's card is not dealt; its 2M bond is on the back of the US card (Eve), who also forms
    Russia's government; Russia's 9M bond stays in the treasury's pile."""
    s = game(SIX[:5], seed=7)
    assert _cards(s) == {"Ann": ["IN"], "Bob": ["CN"], "Cem": ["BR"], "Dan": ["EU"], "Eve": ["RU", "US"]}
    assert s.nations["RU"]["bonds"][2] == "Eve" and s.nations["RU"]["bonds"][9] is None
    assert s.investor == "Ann"  # left of Eve, Russia's government (l. 168)
    assert [p["cash"] for p in s.players] == [2] * 5


def test_setup_card_with_no_bond_dealt_stays_in_the_bank():
    """l. 166: "If none of a nation's bonds have been distributed, its nation flag card remains in the bank";
    l. 256: a nation without government is skipped; l. 168/258: the investor card then goes to the left of
    China's government.  Seed 7 with four players: Russia and the US are undealt; Russia's 2M bond is on the
    undealt US card, so nobody holds a Russian bond; the US's 2M bond is on China's card (Bob)."""
    s = game(SIX[:4], seed=7)
    assert _cards(s) == {"Ann": ["IN"], "Bob": ["CN", "US"], "Cem": ["BR"], "Dan": ["EU"]}
    assert gov(s, "RU") is None and all(h is None for h in s.nations["RU"]["bonds"].values())
    assert s.nations["RU"]["treasury"] == 0
    assert s.investor == "Cem"  # left of Bob, China's government
    assert s.active_nation == "CN" and s.current_player == "Bob"  # Russia's turn is skipped


def test_setup_investor_card_left_of_russias_government():
    """l. 168, 258: the investor card goes to the player seated to the left of Russia's government."""
    for n, seed in [(6, 0), (6, 3), (5, 3), (4, 3), (3, 0), (2, 0), (2, 4)]:
        s = game(SIX[:n], seed=seed)
        names = [p["name"] for p in s.players]
        assert s.investor == names[(names.index(gov(s, "RU")) + 1) % n], (n, seed)


def test_auction_start_cash():
    """l. 183-189: in the variant for experienced players each player gets 13M with six players, 15M with
    five, 19M with four, 25M with three and 37M with two."""
    for n, cash in {6: 13, 5: 15, 4: 19, 3: 25, 2: 37}.items():
        s = game(SIX[:n], setup="auction")
        assert [p["cash"] for p in s.players] == [cash] * n
        assert s.decision == "auction"


def test_auction_order_of_nations_and_first_players():
    """l. 191-197: the start player chooses first for Russia, then the others clockwise, one bond each; the
    player to the left of the start player begins China; then India, Brazil, the United States and Europe
    in the same way; each price goes into that nation's treasury.  Governments: the highest credit sum;
    the investor card left of Russia's government (l. 168)."""
    s = game(SIX[:4], setup="auction")
    start = s.current_player
    names = SIX[:4]
    i = names.index(start)
    assert texts(s) == [f"bond RU {v}" for v in (2, 4, 6, 9, 12, 16)] + ["pass"]  # 19M of cash
    asked = []
    buys = {("RU", names[(i + 1) % 4]): 9, ("CN", names[(i + 1) % 4]): 4, ("EU", start): 2}
    while s.decision == "auction":
        nation = texts(s)[0].split()[1]
        asked.append((nation, s.current_player))
        value = buys.get((nation, s.current_player))
        s = apply(s, BuyBond(nation=nation, value=value) if value else Pass())
    expected = [(nid, names[(i + k + j) % 4]) for k, nid in enumerate(NATIONS) for j in range(4)]
    assert asked == expected
    buyer = names[(i + 1) % 4]
    assert gov(s, "RU") == gov(s, "CN") == buyer and gov(s, "EU") == start
    assert s.nations["RU"]["treasury"] == 9 and s.nations["CN"]["treasury"] == 4
    assert s.cash(buyer) == 19 - 13
    assert s.investor == names[(i + 2) % 4]  # left of Russia's government
    assert s.active_nation == "RU"


# -- the rondel -------------------------------------------------------------------------------------------
def test_rondel_first_turn_free_then_one_to_six_spaces():
    """l. 207: the first turn places the marker on any space; then clockwise, staying is not allowed, three
    spaces ahead are free; l. 213: at most six spaces."""
    s = game()
    assert texts(s) == [f"rondel {x}" for x in rondel_spaces(W)]
    cash = s.cash("Ann")
    s = apply(s, Rondel(space="taxation"))  # Russia's first turn: free
    assert s.cash("Ann") == cash

    def setup(g):
        turn(g, "rondel", "RU")
        g["nations"]["RU"]["rondel"] = SP("investor")
        g["players"][0]["cash"] = 20

    s = board_edit(setup)
    assert texts(s) == ["rondel import", "rondel production2", "rondel maneuver2", "rondel taxation",
                        "rondel factory", "rondel production1"]  # not investor (stay), not maneuver1 (7)
    assert [rondel_cost(s, x) for x in ("import", "production2", "maneuver2")] == [0, 0, 0]


def test_rondel_cost_1m_plus_power_factor_17_points_4m():
    """l. 209-211: each space past the first three costs 1M + the power factor, 1M at the start; at 17 power
    points (factor 3) 4M each (also l. 629)."""
    def at(points):
        def setup(g):
            turn(g, "rondel", "RU")
            g["nations"]["RU"]["rondel"] = SP("investor")
            g["nations"]["RU"]["power"] = points
            g["players"][0]["cash"] = 30
        return board_edit(setup)

    s0 = at(0)
    assert [rondel_cost(s0, x) for x in ("taxation", "factory", "production1")] == [1, 2, 3]
    s17 = at(17)
    assert [rondel_cost(s17, x) for x in ("taxation", "factory", "production1")] == [4, 8, 12]
    after = apply(s17, Rondel(space="production1"))  # six spaces: three extra
    assert after.cash("Ann") == 30 - 12
    assert W.power_factor_for(17) == 3


def test_rondel_example_china_11_points_taxation_3m_factory_6m():
    """l. 217-222: China has 11 power points and stands on Investor.  Taxation is 4 spaces and costs
    1 + 2 = 3M; Factory is 5 spaces and costs 6M."""
    def setup(g):
        turn(g, "rondel", "CN")
        g["nations"]["CN"]["rondel"] = SP("investor")
        g["nations"]["CN"]["power"] = 11
        g["players"][1]["cash"] = 10

    s = board_edit(setup)
    assert gov(s, "CN") == "Bob"
    assert rondel_cost(s, "taxation") == 3 and rondel_cost(s, "factory") == 6
    after, events = step(s, Rondel(space="taxation"))
    assert _pays(events, "rondel") == [("Bob", "bank", 3)]
    assert apply(s, Rondel(space="factory")).cash("Bob") == 4

    def poor(g):
        setup(g)
        g["players"][1]["cash"] = 5

    assert "rondel factory" not in texts(board_edit(poor))  # 6M: Bob cannot pay


# -- end of the game and scoring ---------------------------------------------------------------------------
def _last_taxation(**options):
    """China at 21 power points moves from Maneuver over Investor to Taxation: 2 factories and 7 flags are
    11M, +4 points: 25."""
    def setup(g):
        cn = g["nations"]["CN"]
        cn["power"] = 21
        cn["flags"] = ["mongolia", "korea", "indochina", "philippines", "indonesia", "chinasea", "tasmansea"]
        cn["rondel"] = SP("maneuver1")
        turn(g, "rondel", "CN")
        for p in g["players"]:
            p["cash"] = 20

    return board_edit(setup, **options)


def test_game_ends_at_25_power_points_without_investor_steps():
    """l. 226, 451: the game ends as soon as a nation has 25 power points; when Investor was passed over in
    that last turn, no more investments happen (steps 2 and 3 of the Investor turn are left out)."""
    s = _last_taxation()
    assert s.investor == "Bob" and gov(s, "CN") == "Bob"
    s = edit(s, lambda g: g.update(investor="Cem"))
    after, events = step(s, Rondel(space="taxation"))
    assert after.is_over and legal_actions(after) == []
    assert after.nations["CN"]["power"] == 25
    assert _pays(events, "investor card") == [] and not any(e.kind == "bond" for e in events)
    assert after.cash("Cem") == 20
    # 5 spaces: 2 extra at 1M + factor 4; bonus 2M for 11M of tax
    assert after.cash("Bob") == 20 - 10 + 2
    assert events[-1].kind == "game_over" and events[-1].scores == scores(after)
    assert after.investor == "Cem"


def test_game_end_in_the_variant_without_investor_card_has_no_round():
    """l. 451 with l. 483: after the last turn nobody may invest any more, not even in the round that the
    variant without investor card holds after each nation's turn."""
    after, events = step(_last_taxation(investor_card=False), Rondel(space="taxation"))
    assert after.is_over and after.decision == "over"
    assert not any(e.kind == "bond" for e in events)


def test_scoring_example_indian_12m_bond_at_17_points_is_15():
    """l. 228-238: India ends at 17 power points, power factor 3; the 12M bond pays 5M interest, worth
    5 x 3 = 15M; each player adds cash."""
    def setup(g):
        for n in g["nations"].values():
            n["bonds"] = {v: None for v in n["bonds"]}
        g["nations"]["IN"]["power"] = 17
        g["nations"]["IN"]["bonds"][12] = "Ann"
        for p in g["players"]:
            p["cash"] = 0
        g["players"][1]["cash"] = 7
        governments_from_bonds(g)
        g["investor"] = "Ann"
        g["turn"] = {"phase": "over", "nation": "IN"}

    s = board_edit(setup)
    assert scores(s)["Ann"] == 15 and scores(s)["Bob"] == 7
    assert score_breakdown(s)["Ann"] == {
        "cash": 0, "nations": {"IN": {"interest": 5, "factor": 3, "points": 15}}, "total": 15}


def test_tie_break_credit_in_the_most_powerful_nation():
    """l. 240: on a tie the higher credit sum in the nation with the most power points wins."""
    def setup(g):
        for n in g["nations"].values():
            n["bonds"] = {v: None for v in n["bonds"]}
        g["nations"]["BR"]["power"] = 20
        g["nations"]["US"]["power"] = 10
        g["nations"]["BR"]["bonds"][2] = "Cem"  # 1 x 4 = 4
        g["nations"]["US"]["bonds"][4] = "Ann"  # 2 x 2 = 4
        for p in g["players"]:
            p["cash"] = 0
        governments_from_bonds(g)
        g["investor"] = "Ann"
        g["turn"] = {"phase": "over", "nation": "BR"}

    s = board_edit(setup)
    assert scores(s)["Ann"] == scores(s)["Cem"] == 4
    assert ranking(s)[:2] == ["Cem", "Ann"]


# -- treasuries and start of play -------------------------------------------------------------------------
def test_government_cash_pays_a_factory_the_treasury_cannot():
    """l. 246: players may give personal cash to the treasury at any time to support it (here the
    government makes up the 2M its treasury lacks for a factory, rules-decisions 4)."""
    def setup(g):
        turn(g, "factory", "EU")
        g["nations"]["EU"]["treasury"] = 3
        g["players"][5]["cash"] = 4

    s = board_edit(setup)
    after = apply(s, BuildFactory(region="rome"))
    assert after.nations["EU"]["treasury"] == 0 and after.cash("Fay") == 2


def test_start_of_play_russia_first_then_turn_order():
    """l. 254: Russia begins; then China, India, Brazil, the United States and Europe (the order of the
    treasuries around the board); then Russia again."""
    s = game()
    order = []
    for _ in range(6):
        order.append(s.active_nation)
        s = apply(s, Rondel(space="production1"))  # each nation's first turn; production needs no choice
    assert order == NATIONS
    assert s.active_nation == "RU" and s.round == 2


# -- factory, production, import ---------------------------------------------------------------------------
def test_factory_example_europe_rome_or_berlin():
    """l. 270-272: Europe has factories in Paris and London: it may build a shipyard in Rome or an armament
    facility in Berlin, for 5M from its treasury; with a hostile army in Berlin only Rome."""
    def setup(g):
        turn(g, "factory", "EU")

    s = board_edit(setup)
    assert texts(s) == ["factory rome", "factory berlin", "pass"]
    after, events = step(s, BuildFactory(region="berlin"))
    assert _pays(events, "factory") == [("treasury:EU", "bank", 5)]
    assert after.nations["EU"]["treasury"] == 6
    assert after.nations["EU"]["factories"] == ["paris", "london", "berlin"]

    def hostile(g):
        setup(g)
        put(g, "RU", "berlin", armies=1, hostile=True)

    assert texts(board_edit(hostile)) == ["factory rome", "pass"]


def test_production_example_europe_fleets_in_london_and_rome_only():
    """l. 278-282: Europe owns factories in London, Paris and Rome; a hostile Chinese army stands in Paris, a
    friendly US army in London: production places a fleet in London and in Rome, no army in Paris."""
    def setup(g):
        eu = g["nations"]["EU"]
        eu["factories"] = ["paris", "london", "rome"]
        eu["rondel"] = SP("factory")
        put(g, "CN", "paris", armies=1, hostile=True)
        put(g, "US", "london", armies=1, hostile=False)
        turn(g, "rondel", "EU")

    s = board_edit(setup)
    after, events = step(s, Rondel(space="production1"))
    built = [(e.unit, e.region) for e in events if e.kind == "unit_built"]
    assert built == [("fleet", "london"), ("fleet", "rome")]
    assert after.nations["EU"]["fleets"] == {"london": 1, "rome": 1} and after.nations["EU"]["armies"] == {}


def test_import_example_china_fleet_and_two_armies_in_shanghai():
    """l. 292-294: China imports one fleet and two armies for 3M, all into Shanghai; the armies could also
    have gone to any other Chinese province, the fleet not (Shanghai is China's only harbour)."""
    def setup(g):
        turn(g, "import", "CN")

    s = board_edit(setup)
    assert texts(s) == ["import army beijing", "import army shanghai", "import army chongqing",
                        "import army urumqi", "import fleet shanghai", "pass"]
    for unit in ("fleet", "army", "army"):
        s = apply(s, Import(unit=unit, region="shanghai"))
    cn = s.nations["CN"]
    assert cn["fleets"] == {"shanghai": 1} and cn["armies"] == {"shanghai": 2}
    assert cn["treasury"] == 11 - 3
    assert s.active_nation != "CN"  # three units: the import is over


# -- maneuver: fleets -------------------------------------------------------------------------------------
def test_fleet_example_north_atlantic_and_london():
    """l. 302-308: the fleet in the North Atlantic can move into the Caribbean Sea, the Gulf of Guinea or the
    Mediterranean; the fleet in London's harbour only into the North Atlantic; any fleet may stay."""
    def setup(g):
        turn(g, "fleets", "EU")
        put(g, "EU", "northatlantic", fleets=1)
        put(g, "EU", "london", fleets=1)

    s = board_edit(setup)
    assert texts(s) == ["fleet london>northatlantic", "fleet northatlantic>caribbeansea",
                        "fleet northatlantic>gulfofguinea", "fleet northatlantic>mediterraneansea", "pass"]


def _caribbean():
    """l. 314-318: the blue (Europe) fleet moves into the Caribbean, where a green (Brazil) and a red (US)
    fleet lie."""
    def setup(g):
        turn(g, "fleets", "EU")
        put(g, "EU", "northatlantic", fleets=1)
        put(g, "BR", "caribbeansea", fleets=1)
        put(g, "US", "caribbeansea", fleets=1)

    return apply(board_edit(setup), MoveFleet(origin="northatlantic", to="caribbeansea"))


def test_fleet_battle_example_caribbean_mover_chooses():
    """l. 310, 318: Blue decides whether its fleet fights, and against the green or the red fleet; the
    fleets are removed 1:1."""
    s = _caribbean()
    assert s.decision == "contact" and s.current_player == "Fay"
    assert texts(s) == ["battle caribbeansea fleet vs BR fleet", "battle caribbeansea fleet vs US fleet",
                        "pass"]
    after = apply(s, Battle(region="caribbeansea", unit="fleet", enemy="US", enemy_unit="fleet"))
    assert after.nations["EU"]["fleets"] == {} and after.nations["US"]["fleets"] == {}
    assert after.nations["BR"]["fleets"] == {"caribbeansea": 1}


def test_fleet_battle_example_caribbean_nobody_fights():
    """l. 310, 318: if Blue does not fight it asks the others one after another; if neither Red nor Green
    wants a battle, all three fleets stay in the Caribbean Sea."""
    s = apply(_caribbean(), Pass())
    assert s.decision == "order" and texts(s) == ["ask BR", "ask US"]
    s = apply(s, Ask(nation="US"))
    assert s.decision == "demand" and s.current_player == "Eve" and texts(s) == ["demand fleet", "pass"]
    s = apply(s, Pass())
    assert s.decision == "demand" and s.current_player == "Cem"
    s = apply(s, Pass())
    for nid in ("EU", "BR", "US"):
        assert s.nations[nid]["fleets"] == {"caribbeansea": 1}


def test_unmoved_fleets_of_the_active_nation_may_fight():
    """l. 312: fleets of the active nation that do not move can also fight foreign fleets in their sea."""
    def setup(g):
        turn(g, "fleets", "EU")
        put(g, "EU", "caribbeansea", fleets=1)
        put(g, "BR", "caribbeansea", fleets=1)

    s = board_edit(setup)
    assert "battle caribbeansea fleet vs BR fleet" in texts(s)


# -- maneuver: armies, convoys, rail -----------------------------------------------------------------------
def test_convoy_example_vladivostok():
    """l. 330-334: two armies in Vladivostok, two fleets in the Sea of Japan and one in the China Sea.  One
    army may land in Indonesia, or in the Philippines, Indochina, Shanghai, Beijing or Korea; after a landing
    across the China Sea the second army cannot cross it again, but it can still land in Japan with the
    other fleet in the Sea of Japan.  Korea needs no convoy.

    Beijing also borders Vladivostok by land on this board, so the engine lists Beijing (like Korea) as a
    land move only (rules-decisions 19: a convoy there would only use up the China Sea fleet)."""
    def setup(g):
        turn(g, "armies", "RU")
        put(g, "RU", "vladivostok", armies=2)
        put(g, "RU", "seaofjapan", fleets=2)
        put(g, "RU", "chinasea", fleets=1)

    s = board_edit(setup)
    convoys = [a for a in _army_texts(s, "vladivostok") if " via " in a]
    assert convoys == [
        "army vladivostok>japan via seaofjapan",
        "army vladivostok>indochina via seaofjapan+chinasea",
        "army vladivostok>indonesia via seaofjapan+chinasea",
        "army vladivostok>philippines via seaofjapan+chinasea",
        "army vladivostok>shanghai via seaofjapan+chinasea hostile",
        "army vladivostok>shanghai via seaofjapan+chinasea friendly",
    ]
    assert "army vladivostok>korea" in texts(s)
    assert {"army vladivostok>beijing hostile", "army vladivostok>beijing friendly"} <= set(texts(s))
    s = apply(s, MoveArmy(origin="vladivostok", to="indonesia", via=("seaofjapan", "chinasea")))
    assert s.nations["RU"]["armies"] == {"vladivostok": 1, "indonesia": 1}
    convoys = [a for a in _army_texts(s, "vladivostok") if " via " in a]
    assert convoys == ["army vladivostok>japan via seaofjapan"]


def test_fleet_that_moved_may_still_convoy():
    """l. 326-328: a convoy starts from a land region next to the sea (or reached by rail), ends on land,
    and may use a fleet that moved this maneuver; each fleet carries one army per turn."""
    def setup(g):
        turn(g, "fleets", "BR")
        put(g, "BR", "fortaleza", fleets=1)
        put(g, "BR", "brasilia", armies=2)

    s = board_edit(setup)
    s = apply(s, MoveFleet(origin="fortaleza", to="caribbeansea"))
    assert s.decision == "armies"
    assert "army brasilia>mexico via caribbeansea" in texts(s)  # by rail to Fortaleza, then the convoy
    s = apply(s, MoveArmy(origin="brasilia", to="mexico", via=("caribbeansea",)))
    assert s.nations["BR"]["armies"] == {"brasilia": 1, "mexico": 1}
    assert not any(" via " in a for a in texts(s))  # the fleet has carried its army


def test_rail_example_india_new_delhi_and_afghanistan():
    """l. 338-342: the army in New Delhi may go by rail to Kolkata and invade Indochina or Chongqing, or by
    rail to a coast and by the Indian Ocean fleet to any region around the Indian Ocean.  The army in
    Afghanistan has no way to the fleet: entering India it can reach every Indian province by rail, but
    its move is then over."""
    def setup(g):
        turn(g, "armies", "IN")
        put(g, "IN", "newdelhi", armies=1)
        put(g, "IN", "afghanistan", armies=1)
        put(g, "IN", "indianocean", fleets=1)

    s = board_edit(setup)
    assert _army_texts(s, "newdelhi") == [
        "army newdelhi>mumbai", "army newdelhi>kolkata", "army newdelhi>chennai", "army newdelhi>afghanistan",
        "army newdelhi>urumqi hostile", "army newdelhi>urumqi friendly", "army newdelhi>iran",
        "army newdelhi>chongqing hostile", "army newdelhi>chongqing friendly", "army newdelhi>indochina",
        "army newdelhi>eastafrica via indianocean", "army newdelhi>indonesia via indianocean",
        "army newdelhi>neareast via indianocean", "army newdelhi>northafrica via indianocean",
        "army newdelhi>southafrica via indianocean"]
    # every region around the Indian Ocean is reached, by land or by the fleet
    assert set(W.coast_lands["indianocean"]) <= set(_dests(s, "newdelhi")) | {"newdelhi"}
    assert _army_texts(s, "afghanistan") == [
        "army afghanistan>iran", "army afghanistan>kazakhstan", "army afghanistan>mumbai",
        "army afghanistan>newdelhi", "army afghanistan>kolkata", "army afghanistan>chennai",
        "army afghanistan>urumqi hostile", "army afghanistan>urumqi friendly"]


def test_entering_foreign_provinces_hostile_or_friendly():
    """l. 348-350: an army entering another Great Power's home province is declared hostile (upright) or
    friendly (lying); l. 352: a nation's last factory not occupied by hostile armies cannot be entered
    hostile."""
    def setup(g):
        turn(g, "armies", "BR")
        put(g, "BR", "peru", armies=1)
        put(g, "BR", "colombia", armies=1)

    s = board_edit(setup)
    assert {"army peru>brasilia", "army colombia>manaus"} <= set(texts(s))  # Brazil's own provinces
    assert "army colombia>mexico" in texts(s)  # neutral
    s = edit(s, lambda g: put(g, "BR", "mexico", armies=1))
    assert {"army mexico>neworleans hostile", "army mexico>neworleans friendly",
            "army mexico>sanfrancisco hostile", "army mexico>sanfrancisco friendly"} <= set(texts(s))
    after = apply(s, MoveArmy(origin="mexico", to="sanfrancisco", hostile=True))
    assert after.nations["BR"]["hostile"] == {"sanfrancisco": 1}

    def last_free(g):
        setup(g)
        put(g, "BR", "mexico", armies=1)
        put(g, "RU", "chicago", armies=1, hostile=True)  # New Orleans is the US's last free factory

    s = board_edit(last_free)
    assert "army mexico>neworleans friendly" in texts(s) and "army mexico>neworleans hostile" not in texts(s)
    assert "army mexico>sanfrancisco hostile" in texts(s)  # no factory there


def test_factory_destruction_example_murmansk():
    """l. 356-362: a Russian shipyard in Murmansk with a fleet in its harbour.  A blue army moves from Berlin
    to Murmansk and fights the fleet (both removed); the armies from Rome go by rail to Berlin and on to
    Murmansk with the other army from Berlin; the three destroy the shipyard and are removed with it."""
    def setup(g):
        turn(g, "armies", "EU")
        g["nations"]["RU"]["factories"] = ["moscow", "vladivostok", "murmansk"]
        put(g, "RU", "murmansk", fleets=1)
        put(g, "EU", "berlin", armies=2)
        put(g, "EU", "rome", armies=2)

    s = board_edit(setup)
    s = apply(s, MoveArmy(origin="berlin", to="murmansk", hostile=True))
    assert texts(s) == ["battle murmansk army vs RU fleet", "pass"]
    s = apply(s, Battle(region="murmansk", unit="army", enemy="RU", enemy_unit="fleet"))
    assert s.nations["RU"]["fleets"] == {} and "murmansk" not in s.nations["EU"]["armies"]
    assert "army rome>murmansk hostile" in texts(s)  # by rail to Berlin, then over the land border
    s = apply(s, MoveArmy(origin="rome", to="murmansk", hostile=True))
    s = apply(s, MoveArmy(origin="rome", to="murmansk", hostile=True))
    s = apply(s, MoveArmy(origin="berlin", to="murmansk", hostile=True))
    assert s.nations["EU"]["armies"] == {"murmansk": 3}
    assert "destroy murmansk" in texts(s)
    after, events = step(s, DestroyFactory(region="murmansk"))
    assert after.nations["RU"]["factories"] == ["moscow", "vladivostok"]
    assert after.nations["EU"]["armies"] == {}
    assert [(e.nation, e.region) for e in events if e.kind == "factory_destroyed"] == [("RU", "murmansk")]
    assert [(e.nation, e.unit, e.cause) for e in events if e.kind == "unit_destroyed"] == [
        ("EU", "army", "factory")] * 3


# -- flags ------------------------------------------------------------------------------------------------
def _end_maneuver(setup):
    s = board_edit(setup)
    while s.decision == "fleets":
        s = apply(s, Pass())
    return apply(s, Pass())


def test_flags_in_regions_occupied_alone_never_in_home_provinces():
    """l. 366: a flag goes into newly occupied land and sea regions without foreign units; never into a
    foreign home province (l. 538-540)."""
    def setup(g):
        turn(g, "armies", "BR")
        put(g, "BR", "peru", armies=1)
        put(g, "BR", "southatlantic", fleets=1)
        put(g, "BR", "colombia", armies=1)
        put(g, "US", "colombia", armies=1)
        put(g, "BR", "neworleans", armies=1, hostile=True)

    s = _end_maneuver(setup)
    assert sorted(s.nations["BR"]["flags"]) == ["peru", "southatlantic"]


def test_nation_with_15_flags_removes_the_other_flag():
    """l. 370: a nation with all 15 flags on the board acquires no more tax regions; occupying a region
    alone removes the other nation's flag without replacing it."""
    regions = [r for r in W.flag_regions if r != "peru"][:15]

    def setup(g):
        turn(g, "armies", "BR")
        g["nations"]["BR"]["flags"] = list(regions)
        g["nations"]["US"]["flags"] = ["peru"]
        put(g, "BR", "peru", armies=1)

    s = _end_maneuver(setup)
    assert s.nations["US"]["flags"] == []
    assert "peru" not in s.nations["BR"]["flags"] and len(s.nations["BR"]["flags"]) == 15


# -- canals, wrap, islands ---------------------------------------------------------------------------------
def test_canals_are_free_while_no_flag_controls_them():
    """l. 374: fleets pass Panama (Caribbean-North Pacific) and Suez (Mediterranean-Indian Ocean) both ways;
    at the beginning there is no flag in Colombia or North Africa, so no restriction - for convoys too."""
    assert {c.id: (c.seas, c.controlled_by) for c in W.canals} == {
        "panama": (("caribbeansea", "northpacific"), "colombia"),
        "suez": (("indianocean", "mediterraneansea"), "northafrica")}

    def setup(g):
        turn(g, "fleets", "US")
        put(g, "US", "caribbeansea", fleets=1)
        put(g, "US", "northpacific", fleets=1)
        put(g, "US", "neworleans", armies=1)
        g["nations"]["BR"]["flags"] = ["peru"]  # flags elsewhere change nothing

    s = board_edit(setup)
    assert texts(s) == ["fleet northpacific>caribbeansea", "fleet northpacific>chinasea",
                        "fleet northpacific>seaofjapan", "fleet northpacific>southpacific",
                        "fleet caribbeansea>gulfofguinea", "fleet caribbeansea>northatlantic",
                        "fleet caribbeansea>northpacific", "fleet caribbeansea>southatlantic", "pass"]
    s = apply(s, MoveFleet(origin="caribbeansea", to="northpacific"))
    assert s.decision == "fleets" and s.nations["US"]["fleets"] == {"northpacific": 2}
    s = edit(s, lambda g: put(g, "US", "caribbeansea", fleets=1))
    s = apply(s, Pass())
    assert "army neworleans>japan via caribbeansea+northpacific+seaofjapan" not in texts(s)  # no fleet there
    assert "army neworleans>peru via caribbeansea+northpacific+southpacific" not in texts(s)
    after, events = step(s, MoveArmy(origin="neworleans", to="alaska", via=("caribbeansea", "northpacific")))
    assert after.nations["US"]["armies"] == {"alaska": 1} and not any(e.kind == "canal" for e in events)


def _suez(owner_flag="US", **extra):
    """The rulebook's canal example (l. 376-384): the US flag stands in North Africa; Europe has a fleet in
    the Mediterranean, one in Rome's harbour and an army in Paris."""
    def setup(g):
        turn(g, "fleets", "EU")
        put(g, "EU", "mediterraneansea", fleets=1)
        put(g, "EU", "rome", fleets=1)
        put(g, "EU", "paris", armies=1)
        if owner_flag:
            g["nations"][owner_flag]["flags"] = ["northafrica"]
        for nid, regions in extra.items():
            for r in regions:
                put(g, nid, r, fleets=1)

    return board_edit(setup)


def test_canal_example_us_controls_suez():
    """l. 376-384: the Suez Canal is controlled by the United States.  If they agree, Europe moves its fleet
    from the Mediterranean into the Indian Ocean; after the fleet from Rome enters the Mediterranean, Europe
    can convoy its army from Paris through both fleets to Mumbai - again only if the US agrees to that
    particular movement."""
    s = _suez()
    assert texts(s) == ["fleet rome>mediterraneansea", "fleet mediterraneansea>indianocean",
                        "fleet mediterraneansea>northatlantic", "pass"]
    s, events = step(s, MoveFleet(origin="mediterraneansea", to="indianocean"))
    assert events == []  # the move waits for the US
    assert s.decision == "canal" and s.current_player == "Eve" and texts(s) == ["allow", "refuse"]
    s, events = step(s, Allow())
    assert [(e.kind, getattr(e, "canal", None)) for e in events] == [("canal", "suez"), ("unit_moved", None)]
    assert events[0].nation == "US" and events[0].mover == "EU" and events[0].allowed is True
    assert s.nations["EU"]["fleets"] == {"indianocean": 1, "rome": 1} and s.decision == "fleets"
    s = apply(s, MoveFleet(origin="rome", to="mediterraneansea"))
    assert s.decision == "armies"
    assert [a for a in texts(s) if "mumbai" in a] == [
        "army paris>mumbai via mediterraneansea+indianocean hostile",
        "army paris>mumbai via mediterraneansea+indianocean friendly"]
    s = apply(s, MoveArmy(origin="paris", to="mumbai", via=("mediterraneansea", "indianocean"), hostile=True))
    assert s.decision == "canal" and s.current_player == "Eve" and s.nations["EU"]["armies"] == {"paris": 1}
    after, events = step(s, Allow())
    assert events[0].kind == "canal"
    assert events[0].move == "army paris>mumbai via mediterraneansea+indianocean hostile"
    assert after.nations["EU"]["armies"] == {"mumbai": 1} and after.nations["EU"]["hostile"] == {"mumbai": 1}
    # a convoy not through the canal needs nobody's permission
    s2 = apply(s, Refuse())
    assert s2.decision == "armies" and s2.nations["EU"]["armies"] == {"paris": 1}
    after2 = apply(s2, MoveArmy(origin="paris", to="northafrica", via=("mediterraneansea",)))
    assert after2.nations["EU"]["armies"] == {"northafrica": 1}


def test_canal_refused_the_move_does_not_happen():
    """l. 374, 384: the controlling nation "may prevent or allow" the passage, "that particular movement".  A
    refused move does not happen and is not offered again this turn (rules-decisions, Imperial 2030); other
    moves go on."""
    s = apply(_suez(), MoveFleet(origin="mediterraneansea", to="indianocean"))
    s, events = step(s, Refuse())
    assert [(e.kind, e.allowed) for e in events] == [("canal", False)]
    assert s.decision == "fleets" and s.nations["EU"]["fleets"] == {"mediterraneansea": 1, "rome": 1}
    assert texts(s) == ["fleet rome>mediterraneansea", "fleet mediterraneansea>northatlantic", "pass"]
    s = apply(s, MoveFleet(origin="rome", to="mediterraneansea"))
    assert "fleet mediterraneansea>indianocean" not in texts(s)  # the refused movement, this turn


def test_canal_owner_passes_its_own_canal_freely():
    """l. 374: the nation whose flag controls the canal is not asked about its own units.  A flag of a nation
    without government cannot ask anybody, and the passage is free (rules-decisions, Imperial 2030)."""
    s = _suez(owner_flag="EU")
    after, events = step(s, MoveFleet(origin="mediterraneansea", to="indianocean"))
    assert after.decision == "fleets" and after.nations["EU"]["fleets"]["indianocean"] == 1
    assert [e.kind for e in events] == ["unit_moved"]

    def ungoverned(g):  # only reachable by editing: a nation with flags has had a government
        turn(g, "fleets", "EU")
        put(g, "EU", "mediterraneansea", fleets=1)
        g["nations"]["RU"]["bonds"] = dict.fromkeys(g["nations"]["RU"]["bonds"])
        g["nations"]["RU"]["flags"] = ["northafrica"]
        governments_from_bonds(g)

    s = board_edit(ungoverned)
    assert gov(s, "RU") is None
    after = apply(s, MoveFleet(origin="mediterraneansea", to="indianocean"))
    assert after.nations["EU"]["fleets"] == {"indianocean": 1}


def test_convoy_through_two_owned_canals_asks_each_owner():
    """l. 374, 384: an army convoyed through both canals needs the consent of each controlling nation; the
    engine asks them in the order the convoy passes the canals (rules-decisions, Imperial 2030)."""
    def setup(g):
        turn(g, "armies", "EU")
        put(g, "EU", "rome", armies=1)
        for sea in ("mediterraneansea", "indianocean", "chinasea", "northpacific", "caribbeansea"):
            put(g, "EU", sea, fleets=1)
        g["nations"]["US"]["flags"] = ["northafrica"]
        g["nations"]["BR"]["flags"] = ["colombia"]

    s = board_edit(setup)
    route = ("mediterraneansea", "indianocean", "chinasea", "northpacific", "caribbeansea")
    s = apply(s, MoveArmy(origin="rome", to="mexico", via=route))
    assert s.decision == "canal" and s.current_player == "Eve"  # Suez first: the US
    s = apply(s, Allow())
    assert s.decision == "canal" and s.current_player == "Cem"  # then Panama: Brazil
    after = apply(s, Allow())
    assert after.nations["EU"]["armies"] == {"mexico": 1}
    refused = apply(s, Refuse())
    assert refused.nations["EU"]["armies"] == {"rome": 1} and refused.decision == "armies"
    # "that particular movement" (l. 384) is not offered again; other passages may still be asked for
    assert str(MoveArmy(origin="rome", to="mexico", via=route)) not in texts(refused)


def test_sea_regions_wrap_east_west_only():
    """l. 386: the North Pacific borders the Sea of Japan and the China Sea, the South Pacific the China Sea
    and the Tasman Sea, across the board's edge - for fleets and convoys alike; there is no north-south
    wrap (l. 625)."""
    assert {frozenset(p) for p in W.wrap_sea_borders} == {
        frozenset(p) for p in [("northpacific", "seaofjapan"), ("northpacific", "chinasea"),
                               ("southpacific", "chinasea"), ("southpacific", "tasmansea")]}

    def setup(g):
        turn(g, "fleets", "US")
        put(g, "US", "northpacific", fleets=1)
        put(g, "US", "sanfrancisco", armies=1)

    s = board_edit(setup)
    assert texts(s) == ["fleet northpacific>caribbeansea", "fleet northpacific>chinasea",
                        "fleet northpacific>seaofjapan", "fleet northpacific>southpacific", "pass"]
    s = apply(s, MoveFleet(origin="northpacific", to="seaofjapan"))
    s = edit(s, lambda g: put(g, "US", "northpacific", fleets=1))
    assert "army sanfrancisco>japan via northpacific+seaofjapan" in texts(s)
    assert set(W.sea_adj["southpacific"]) == {"chinasea", "tasmansea", "northpacific", "southatlantic"}
    assert "southatlantic" not in W.sea_adj["northatlantic"]
    assert "northpacific" not in W.sea_adj["southatlantic"]


def test_islands_indonesia_from_three_seas_never_by_land():
    """l. 390, 530-532: only Japan, the Philippines, Indonesia, Australia and New Zealand are land regions
    among the islands, and armies reach them only by convoy; Indonesia can be reached from the Indian Ocean,
    the Tasman Sea or the China Sea, the others from one sea each."""
    assert W.islands == frozenset({"japan", "philippines", "indonesia", "australia", "newzealand"})
    assert "madagascar" not in W.regions
    for island in W.islands:
        assert W.land_adj.get(island, ()) == ()
    assert {i: W.coast_seas[i] for i in sorted(W.islands)} == {
        "australia": ("tasmansea",), "indonesia": ("chinasea", "indianocean", "tasmansea"),
        "japan": ("seaofjapan",), "newzealand": ("tasmansea",), "philippines": ("chinasea",)}

    def indian_ocean(g):
        turn(g, "armies", "IN")
        put(g, "IN", "mumbai", armies=1)
        put(g, "IN", "indianocean", fleets=1)

    assert "army mumbai>indonesia via indianocean" in texts(board_edit(indian_ocean))

    def china_sea(g):
        turn(g, "armies", "CN")
        put(g, "CN", "indochina", armies=1)
        put(g, "CN", "chinasea", fleets=1)

    assert "army indochina>indonesia via chinasea" in texts(board_edit(china_sea))

    def tasman_sea(g):
        turn(g, "armies", "CN")
        put(g, "CN", "australia", armies=1)
        put(g, "CN", "tasmansea", fleets=1)

    assert _army_texts(board_edit(tasman_sea), "australia") == [
        "army australia>indonesia via tasmansea", "army australia>newzealand via tasmansea"]

    def no_fleet(g):
        turn(g, "armies", "CN")
        put(g, "CN", "indochina", armies=1)

    assert "indonesia" not in _dests(board_edit(no_fleet), "indochina")


# -- investor ---------------------------------------------------------------------------------------------
def test_passing_investor_runs_steps_two_and_three():
    """l. 396: steps 2 and 3 also happen when Investor is passed over, after the landed space's action."""
    def setup(g):
        turn(g, "rondel", "RU")
        g["nations"]["RU"]["rondel"] = SP("maneuver1")

    s = board_edit(setup)
    s = apply(s, Rondel(space="import"))
    assert s.decision == "import"
    s, events = step(s, Pass())
    assert _pays(events, "investor card") == [("bank", "Bob", 2)]
    assert s.decision == "invest" and s.current_player == "Bob"


def test_trade_up_example_chinese_4m_for_12m_pays_8m():
    """l. 404-410: a player returns the Chinese 4M bond and takes the 12M bond, paying the difference of 8M
    into the Chinese treasury."""
    def setup(g):
        g["nations"]["CN"]["bonds"][4] = "Ann"
        g["players"][0]["cash"] = 8
        turn(g, "invest", "CN", invest_round="card", queue=["Ann"])

    s = board_edit(setup)
    assert "bond CN 12 return 4" in texts(s)
    after, events = step(s, BuyBond(nation="CN", value=12, trade_in=4))
    assert _pays(events, "bond") == [("Ann", "treasury:CN", 8)]
    assert after.nations["CN"]["bonds"][12] == "Ann" and after.nations["CN"]["bonds"][4] is None
    assert after.cash("Ann") == 0


def test_swiss_bank_forces_a_stop_on_investor():
    """l. 422, 631: a Swiss Bank may force a nation that would pass over Investor to stop there, if its
    treasury can pay all interest."""
    def setup(g):
        govern(g, "IN", "Bob")  # Dan loses India and holds a Swiss Bank
        turn(g, "rondel", "RU")
        g["nations"]["RU"]["rondel"] = SP("maneuver1")

    s = board_edit(setup)
    assert s.swiss_banks == ["Dan"]
    s = apply(s, Rondel(space="import"))
    assert s.decision == "swiss" and s.current_player == "Dan" and texts(s) == ["force", "pass"]
    s, events = step(s, legal_actions(s)[0])
    assert s.nations["RU"]["rondel"] == SP("investor")
    assert sorted(_pays(events, "interest")) == [("treasury:RU", "Ann", 4), ("treasury:RU", "Eve", 1)]


# -- taxation ---------------------------------------------------------------------------------------------
def _taxation(nid, *, factories=None, flags=(), armies=None, fleets=None, treasury=0, power=0, tax=0,
              hostile=None, **options):
    """``nid`` on Maneuver (2) moves one space to Taxation."""
    def setup(g):
        nat = g["nations"][nid]
        if factories is not None:
            nat["factories"] = list(factories)
        nat["flags"] = list(flags)
        nat["treasury"] = treasury
        nat["power"] = power
        nat["tax"] = tax
        for r, n in (armies or {}).items():
            put(g, nid, r, armies=n)
        for r, n in (fleets or {}).items():
            put(g, nid, r, fleets=n)
        for enemy, r in (hostile or {}).items():
            put(g, enemy, r, armies=1, hostile=True)
        nat["rondel"] = SP("maneuver2")
        turn(g, "rondel", nid)

    s = board_edit(setup, **options)
    return s, *step(s, Rondel(space="taxation"))


def test_taxation_example_united_states():
    """l. 459-473: the US chooses Taxation.  (1) 11M of tax (3 factories and 5 flags) from the bank to the
    treasury; (2) two fleets and one army: the treasury pays 3M to the bank; (3) the chart's middle line:
    the government receives 2M from the treasury; (4) the bottom line: +4 power points."""
    s, after, events = _taxation(
        "US", factories=["chicago", "neworleans", "newyork"],
        flags=["mexico", "canada", "alaska", "caribbeansea", "northpacific"],
        fleets={"caribbeansea": 1, "northpacific": 1}, armies={"mexico": 1})
    assert [(e.kind, getattr(e, "reason", None)) for e in events if e.kind in ("pay", "power")] == [
        ("pay", "tax"), ("pay", "soldiers"), ("pay", "bonus"), ("power", None)]
    assert _pays(events, "tax") == [("bank", "treasury:US", 11)]
    assert _pays(events, "soldiers") == [("treasury:US", "bank", 3)]
    assert _pays(events, "bonus") == [("treasury:US", "Eve", 2)]
    assert after.nations["US"]["treasury"] == 11 - 3 - 2
    assert after.nations["US"]["power"] == 4
    assert after.cash("Eve") == s.cash("Eve") + 2


def test_tax_revenue_counts_unoccupied_factories_and_flags_max_23():
    """l. 434-437: 2M per factory without hostile armies in its province, 1M per flag; at most 23M
    (4 factories and 15 flags)."""
    _s, after, events = _taxation("RU", factories=["moscow", "vladivostok", "murmansk"],
                                  flags=["mongolia", "kazakhstan"], hostile={"CN": "murmansk"})
    assert _pays(events, "tax") == [("bank", "treasury:RU", 2 * 2 + 2)]
    flags = [r for r in W.flag_regions][:15]
    _s, after, events = _taxation("RU", factories=list(W.home["RU"]), flags=flags, treasury=0)
    assert _pays(events, "tax") == [("bank", "treasury:RU", 23)]
    assert after.nations["RU"]["power"] == 10 and _pays(events, "bonus") == [("treasury:RU", "Ann", 5)]


def test_soldiers_pay_stops_when_the_treasury_is_empty():
    """l. 441: the treasury pays 1M per army and fleet; when it is empty no more payments are made; then the
    bonus is reduced to zero (l. 445); the power points do not depend on either (l. 449)."""
    _s, after, events = _taxation("BR", flags=["peru", "argentina"], treasury=1,
                                  armies={"peru": 1, "argentina": 1, "colombia": 2},
                                  fleets={"southatlantic": 3, "caribbeansea": 2})
    assert _pays(events, "tax") == [("bank", "treasury:BR", 6)]
    assert _pays(events, "soldiers") == [("treasury:BR", "bank", 7)]  # 9 units, 7M in the treasury
    assert _pays(events, "bonus") == []
    assert after.nations["BR"]["treasury"] == 0
    assert after.nations["BR"]["power"] == 1  # 6M of tax: +1


SIX_FLAGS = ["peru", "argentina", "colombia", "mexico", "guinea", "nigeria"]


def test_bonus_reduced_to_what_the_treasury_holds():
    """l. 443-445: 2M of bonus for at least 10M of tax; after the soldiers' pay the treasury holds only 1M,
    so the bonus is 1M; l. 623: the bonus comes from the treasury, not from the bank."""
    _s, after, events = _taxation("BR", flags=SIX_FLAGS,
                                  treasury=0, armies={"peru": 3, "argentina": 2}, fleets={"southatlantic": 4})
    assert _pays(events, "tax") == [("bank", "treasury:BR", 10)]
    assert _pays(events, "soldiers") == [("treasury:BR", "bank", 9)]
    assert _pays(events, "bonus") == [("treasury:BR", "Cem", 1)]
    assert after.nations["BR"]["treasury"] == 0 and after.nations["BR"]["power"] == 3
    # money already in the treasury counts: with 5M there the full 2M are paid
    _s, after, events = _taxation("BR", flags=SIX_FLAGS,
                                  treasury=5, armies={"peru": 3, "argentina": 2}, fleets={"southatlantic": 4})
    assert _pays(events, "bonus") == [("treasury:BR", "Cem", 2)] and after.nations["BR"]["treasury"] == 4


@pytest.mark.parametrize(("revenue", "bonus", "power"), [
    (4, 0, 0), (5, 0, 0), (6, 1, 1), (7, 1, 1), (8, 1, 2), (9, 1, 2), (10, 2, 3), (11, 2, 4), (12, 3, 5),
    (13, 3, 6)])
def test_tax_chart_bonus_and_power_lines(revenue, bonus, power):
    """l. 453-455 (and l. 468-470): tax 0-5: bonus 0, +0; 6: 1, +1; 8: 1, +2; 10: 2, +3; 11: 2, +4;
    12: 3, +5; 13: 3, +6.  l. 445: "1 million with at least a tax revenue of 6 million, 2 million with at
    least 10 million": a column holds every revenue up to the next one."""
    flags = [r for r in W.flag_regions if W.regions[r].kind == "neutral"][: revenue - 4]
    _s, after, events = _taxation("IN", flags=flags, treasury=5)
    assert _pays(events, "tax") == [("bank", "treasury:IN", revenue)]
    assert _pays(events, "bonus") == ([("treasury:IN", "Dan", bonus)] if bonus else [])
    assert after.nations["IN"]["power"] == power


def test_tip_three_factories_and_twelve_flags_give_ten_points():
    """l. 595: "A nation needs only 3 factories and 12 tax regions to gather 10 power points" (18M)."""
    flags = [r for r in W.flag_regions][:12]
    _s, after, events = _taxation("IN", factories=["newdelhi", "mumbai", "kolkata"], flags=flags)
    assert _pays(events, "tax") == [("bank", "treasury:IN", 18)]
    assert after.nations["IN"]["power"] == 10


# -- variants ---------------------------------------------------------------------------------------------
def test_variants_may_be_combined():
    """l. 477: the variants may be used individually or in combination (also with the auction set-up)."""
    s = game(investor_card=False, increase_bonus=True, setup="auction")
    assert s.decision == "auction" and s.investor is None
    assert game(investor_card=False).investor is None
    assert game(increase_bonus=True).investor == "Bob"


def _no_card_round(extra=None):
    """Six players without investor card; Bob governs China and India, so Dan holds a Swiss Bank; China
    takes its turn (Production, nothing to choose)."""
    def setup(g):
        govern(g, "IN", "Bob")
        g["nations"]["CN"]["rondel"] = SP("factory")
        turn(g, "rondel", "CN")
        for p in g["players"]:
            p["cash"] = 20
        if extra:
            extra(g)

    return board_edit(setup, investor_card=False)


def test_variant_without_investor_card_round_after_each_turn():
    """l. 479-489: without investor card each player can invest in a nation right after its turn: China's
    owner first, then the others clockwise from its left; then India moves.  Players owning a Swiss Bank
    may invest in any nation instead (once in the round)."""
    s = apply(_no_card_round(), Rondel(space="production1"))
    assert s.decision == "invest"
    asked = []
    while s.decision == "invest":
        who = s.current_player
        asked.append(who)
        nations = sorted({a.split()[1] for a in texts(s) if a != "pass"})
        assert nations == (sorted(NATIONS) if who == "Dan" else ["CN"]), who
        s = apply(s, Pass())
    assert asked == ["Bob", "Cem", "Dan", "Eve", "Fay", "Ann"]
    assert s.active_nation == "IN" and s.decision == "rondel"


def test_variant_without_investor_card_swiss_bank_invests_once_per_round():
    """l. 489: the Swiss Bank's investment in any nation happens once; buying in the round takes the
    player's turn in it."""
    s = apply(_no_card_round(), Rondel(space="production1"))
    s = apply(s, Pass())  # Bob
    s = apply(s, Pass())  # Cem
    assert s.current_player == "Dan"
    s = apply(s, BuyBond(nation="EU", value=4))
    assert s.nations["EU"]["bonds"][4] == "Dan" and s.nations["EU"]["treasury"] == 15
    assert s.current_player == "Eve"
    assert all(a == "pass" or a.split()[1] == "CN" for a in texts(s))


def test_variant_without_investor_card_investor_pays_interest_only():
    """l. 491: on the Investor space only the interest is paid; passing over it has no consequence (no
    investor payout, no Swiss Bank question)."""
    def on_maneuver(g):
        g["nations"]["CN"]["rondel"] = SP("maneuver1")

    s = _no_card_round(on_maneuver)
    after, events = step(s, Rondel(space="investor"))
    assert sorted(_pays(events, "interest")) == [("treasury:CN", "Bob", 4), ("treasury:CN", "Cem", 1)]
    assert _pays(events, "investor card") == []
    assert after.decision == "invest" and after.current_player == "Bob"  # the usual round after the turn
    passing, events = step(s, Rondel(space="import"))  # Dan's Swiss Bank is not asked to force a stop
    assert passing.decision == "import" and not any(e.kind == "force" for e in events)
    done = apply(passing, Pass())
    assert done.decision == "invest" and done.turn["invest_nation"] == "CN"


def test_variant_without_investor_card_nation_without_bonds():
    """l. 493: a nation for which no bonds were chosen at the start may be financed right after the
    previous nation's turn; the previous nation's government invests first.  Four players, seed 7: Russia
    has no bond and is skipped; after Europe's turn and round, Russia's bonds are offered, beginning with
    Dan (Europe's government); a buyer forms Russia's government and Russia moves."""
    s = game(SIX[:4], seed=7, investor_card=False)
    assert gov(s, "RU") is None and s.active_nation == "CN"

    def setup(g):
        turn(g, "rondel", "EU")
        g["nations"]["EU"]["rondel"] = SP("factory")
        for p in g["players"]:
            p["cash"] = 20

    s = apply(edit(s, setup), Rondel(space="production1"))
    asked = []
    while s.turn["invest_nation"] == "EU":
        asked.append(s.current_player)
        s = apply(s, Pass())
    assert asked == ["Dan", "Ann", "Bob", "Cem"]
    assert s.decision == "invest" and s.turn["invest_nation"] == "RU" and s.current_player == "Dan"
    assert [a for a in texts(s) if a != "pass"] == [f"bond RU {v}" for v in (2, 4, 6, 9, 12, 16, 20)]
    s = apply(s, Pass())  # Dan
    s = apply(s, BuyBond(nation="RU", value=6))  # Ann
    s = apply(s, Pass())  # Bob
    s = apply(s, Pass())  # Cem
    assert gov(s, "RU") == "Ann" and s.active_nation == "RU" and s.decision == "rondel"
    assert s.nations["RU"]["treasury"] == 6


def test_variant_bonus_only_for_tax_increases_example_china():
    """l. 495-507: the variant's tax marker records the revenue; China's revenue rises to 12M, the marker
    moves 4 fields to the right (from the "6" to the "12"), and the government receives 4M from China's
    treasury."""
    s, after, events = _taxation(
        "CN", flags=["mongolia", "korea", "indochina", "philippines", "indonesia", "chinasea", "tasmansea",
                     "kazakhstan"], treasury=5, tax=W.tax_position(6), increase_bonus=True)
    assert W.tax_position(12) - W.tax_position(6) == 4
    assert _pays(events, "tax") == [("bank", "treasury:CN", 12)]
    tax_chart = [e for e in events if e.kind == "tax_chart"]
    assert [(e.before, e.after) for e in tax_chart] == [(W.tax_position(6), W.tax_position(12))]
    assert _pays(events, "bonus") == [("treasury:CN", "Bob", 4)]
    assert after.nations["CN"]["tax"] == W.tax_position(12) and after.nations["CN"]["power"] == 5
    assert after.cash("Bob") == s.cash("Bob") + 4


def test_variant_bonus_only_for_increases_nothing_when_falling():
    """l. 499: when the tax decreases the marker moves left and the government pays nothing; the bonus still
    comes from the treasury and is limited to what it holds (l. 499: "from the national treasury")."""
    s, after, events = _taxation("CN", flags=[], treasury=5, tax=W.tax_position(12), increase_bonus=True)
    assert _pays(events, "bonus") == [] and after.cash("Bob") == s.cash("Bob")
    assert after.nations["CN"]["tax"] == 0 and after.nations["CN"]["treasury"] == 5 + 4
    s, after, events = _taxation("CN", flags=["mongolia", "korea", "indochina", "philippines"], treasury=0,
                                 tax=0, armies={"mongolia": 2, "korea": 2, "indochina": 2, "philippines": 1},
                                 increase_bonus=True)
    # 8M of tax, 7M of pay: 1M left of the 2 fields' bonus
    assert _pays(events, "bonus") == [("treasury:CN", "Bob", 1)]


# -- FAQ --------------------------------------------------------------------------------------------------
def test_fleets_cannot_destroy_factories_faq():
    """l. 511-513, 526-528: fleets cannot destroy a factory; they never return from a sea to land."""
    def setup(g):
        turn(g, "fleets", "EU")
        put(g, "EU", "northatlantic", fleets=3)
        g["nations"]["US"]["factories"].append("newyork")

    s = board_edit(setup)
    assert texts(s) == ["fleet northatlantic>caribbeansea", "fleet northatlantic>gulfofguinea",
                        "fleet northatlantic>mediterraneansea", "pass"]
    s = apply(s, Pass())
    assert not any(a.startswith("destroy") for a in texts(s))


def test_who_may_fight_faq():
    """l. 515-520: the nation on Maneuver may fight foreign units; inactive nations may fight a unit that has
    just moved into a region where they have units - also a "friendly" army entering their home province."""
    def setup(g):
        turn(g, "armies", "EU")
        put(g, "EU", "turkey", armies=1)
        put(g, "RU", "turkey", armies=1)
        put(g, "EU", "ukraine", armies=1)
        put(g, "RU", "moscow", armies=1)

    s = board_edit(setup)
    assert "battle turkey army vs RU army" in texts(s)
    s = apply(s, MoveArmy(origin="ukraine", to="moscow", hostile=False))
    assert s.decision == "contact" and texts(s) == ["battle moscow army vs RU army", "pass"]
    s = apply(s, Pass())
    assert s.decision == "demand" and s.current_player == "Ann" and texts(s) == ["demand army", "pass"]


def test_armies_and_fleets_fight_only_in_the_harbour_faq():
    """l. 522-524 (and l. 346): an army and a fleet fight only when the fleet lies in its harbour and the
    army enters that province (or stands there)."""
    def setup(g):
        turn(g, "armies", "EU")
        put(g, "EU", "berlin", armies=1)
        put(g, "RU", "murmansk", fleets=1)
        put(g, "RU", "northatlantic", fleets=1)

    s = board_edit(setup)
    s = apply(s, MoveArmy(origin="berlin", to="murmansk", hostile=True))
    assert texts(s) == ["battle murmansk army vs RU fleet", "pass"]
    s = apply(s, Pass())
    assert s.decision == "demand" and texts(s) == ["demand fleet", "pass"]  # the fleet may call for battle


def test_rail_suspended_faq_chinese_army_in_novosibirsk():
    """l. 534-536: a hostile Chinese army in Novosibirsk cuts the rail from Moscow and Murmansk to
    Vladivostok; a Russian army moving from Ukraine to Moscow cannot go on by rail to fight in Novosibirsk
    (armies in Moscow and Murmansk may still march in over the border)."""
    def setup(g):
        turn(g, "armies", "RU")
        put(g, "RU", "moscow", armies=1)
        put(g, "RU", "murmansk", armies=1)
        put(g, "RU", "ukraine", armies=1)
        put(g, "CN", "novosibirsk", armies=1, hostile=True)

    s = board_edit(setup)
    for origin in ("moscow", "murmansk"):
        assert "vladivostok" not in _dests(s, origin) and "novosibirsk" in _dests(s, origin)
    assert _dests(s, "ukraine") == ["berlin", "moscow", "murmansk", "rome"]

    def free(g):
        setup(g)
        g["nations"]["CN"]["armies"] = {}
        g["nations"]["CN"]["hostile"] = {}

    assert {"vladivostok", "novosibirsk"} <= set(_dests(board_edit(free), "ukraine"))


def test_hostile_occupation_blocks_units_tax_rail_and_factory_faq():
    """l. 538-542: flags never go into another Great Power's provinces; a hostile occupation stops that
    nation from deploying units there, taxing its factory there, using rail there and building a factory
    there."""
    def setup(g):
        g["nations"]["BR"]["factories"] = ["brasilia", "riodejaneiro", "fortaleza"]
        put(g, "US", "fortaleza", armies=1, hostile=True)
        put(g, "US", "manaus", armies=1, hostile=True)

    def at(phase):
        def s_(g):
            setup(g)
            turn(g, phase, "BR")
        return board_edit(s_)

    def manaus_free(g):
        setup(g)
        g["nations"]["US"]["armies"].pop("manaus")
        g["nations"]["US"]["hostile"].pop("manaus")
        turn(g, "factory", "BR")

    assert texts(board_edit(manaus_free)) == ["factory manaus", "pass"]
    assert at("factory").active_nation != "BR"  # Manaus occupied: nothing to build, the space ends at once
    assert not any("manaus" in a or "fortaleza" in a for a in texts(at("import")))

    def prod(g):
        setup(g)
        g["nations"]["BR"]["rondel"] = SP("factory")
        turn(g, "rondel", "BR")

    after = apply(board_edit(prod), Rondel(space="production1"))
    assert after.nations["BR"]["armies"] == {"brasilia": 1}
    assert after.nations["BR"]["fleets"] == {"riodejaneiro": 1}
    _s, after, events = _taxation("BR", factories=["brasilia", "riodejaneiro", "fortaleza"],
                                  hostile={"US": "fortaleza"})
    assert _pays(events, "tax") == [("bank", "treasury:BR", 4)]

    def rail(g):
        setup(g)
        turn(g, "armies", "BR")
        put(g, "BR", "riodejaneiro", armies=1)

    s = board_edit(rail)
    assert "army riodejaneiro>colombia" not in texts(s)  # not by rail through Manaus
    assert "army riodejaneiro>manaus" in texts(s)  # but it may march in to fight


def test_flag_removed_only_by_another_nation_alone_faq():
    """l. 544-546: a flag is removed only when one other Great Power alone occupies the region; it stays
    with several nations' units or none there."""
    def setup(g):
        turn(g, "armies", "BR")
        g["nations"]["US"]["flags"] = ["mexico", "peru", "argentina"]
        put(g, "BR", "mexico", armies=1)
        put(g, "US", "mexico", armies=1)
        put(g, "BR", "peru", armies=1)

    s = _end_maneuver(setup)
    assert sorted(s.nations["US"]["flags"]) == ["argentina", "mexico"]
    assert s.nations["BR"]["flags"] == ["peru"]


def test_bonds_given_back_only_for_a_higher_one_faq():
    """l. 548-550: a bond is given back only together with a new, higher bond of the same nation."""
    def setup(g):
        g["nations"]["CN"]["bonds"][12] = "Ann"
        g["players"][0]["cash"] = 30
        turn(g, "invest", "CN", invest_round="card", queue=["Ann"])

    s = board_edit(setup)
    returns = [a for a in texts(s) if " return " in a]
    assert returns and all(int(a.split()[2]) > int(a.split()[4]) for a in returns)
    assert "bond CN 16 return 12" in returns and "bond CN 30 return 12" in returns
    assert not any(a.startswith("bond CN 6 return") for a in returns)


def test_investor_with_a_swiss_bank_invests_once_faq():
    """l. 552-554 (and l. 414): the investor card holder who also owns a Swiss Bank invests only once."""
    def setup(g):
        govern(g, "IN", "Bob")  # Dan without government
        g["investor"] = "Dan"
        g["nations"]["RU"]["rondel"] = SP("maneuver1")
        turn(g, "rondel", "RU")
        for p in g["players"]:
            p["cash"] = 20

    s = apply(board_edit(setup), Rondel(space="investor"))
    asked = []
    while s.decision == "invest":
        asked.append(s.current_player)
        s = apply(s, Pass())
    assert asked == ["Dan"]


def test_supplies_used_up_faq():
    """l. 556-558: when a nation's supply is used up no more units can be deployed (the US has 6 armies,
    China 6 fleets); the bank is unlimited."""
    def setup(g):
        turn(g, "import", "US")
        put(g, "US", "mexico", armies=6)

    s = board_edit(setup)
    assert texts(s) == ["import fleet neworleans", "import fleet newyork", "import fleet sanfrancisco",
                        "pass"]

    def cn(g):
        turn(g, "import", "CN")
        put(g, "CN", "chinasea", fleets=6)

    assert "import fleet shanghai" not in texts(board_edit(cn))


def test_no_money_passes_between_players_faq():
    """l. 560-562 (and l. 250): players never lend, borrow or give money to one another.  Money moves between
    a player and a treasury or the bank; the one payment from player to player is the rule's own: a
    government completing the interest to others from its cash (l. 400).  Checked over random games of
    every variant."""
    for seed, options in [(1, {}), (2, {"investor_card": False}), (3, {"increase_bonus": True}),
                          (4, {"setup": "auction"})]:
        played = random_game(seed, 4, max_actions=400, board="world2030", **options)
        names = [p["name"] for p in played.players]
        s = new_game(names, board="world2030", seed=seed, **options)
        for index in played.history:
            payer = gov(s, s.turn["nation"]) if s.turn["nation"] else None
            s, events = step(s, legal_actions(s)[index])
            for e in events:
                if e.kind == "pay" and e.source in names and e.target in names:
                    assert e.reason == "interest" and e.source == payer, e


def test_straits_faq_london_paris_rome_turkey_and_no_other():
    """l. 568-570: armies may cross from Rome to Turkey and from Paris to London (which has rail); no other
    strait (for example not East Africa-Near East, Korea-Japan or North Africa-Rome)."""
    assert sorted(map(sorted, W.straits)) == [["london", "paris"], ["rome", "turkey"]]

    def setup(g):
        turn(g, "armies", "EU")
        put(g, "EU", "berlin", armies=1)
        put(g, "EU", "rome", armies=1)

    s = board_edit(setup)
    assert "army berlin>london" in texts(s)  # rail through Paris and over the strait
    assert "turkey" in _dests(s, "rome") and "turkey" in _dests(s, "berlin")  # rail to Rome, then the strait
    assert "northafrica" not in _dests(s, "rome")

    def others(g):
        turn(g, "armies", "IN")
        put(g, "IN", "eastafrica", armies=1)
        put(g, "IN", "korea", armies=1)
        put(g, "IN", "japan", armies=1)

    s = board_edit(others)
    assert "neareast" not in _dests(s, "eastafrica")
    assert "japan" not in _dests(s, "korea") and _dests(s, "japan") == []


# -- differences from Imperial ----------------------------------------------------------------------------
def test_differences_30m_bond_with_9m_interest():
    """l. 619: each nation has a 30M bond with 9M interest (30%)."""
    assert W.interest(30) == 9
    assert dict(W.bonds) == {2: 1, 4: 2, 6: 3, 9: 4, 12: 5, 16: 6, 20: 7, 25: 8, 30: 9}

    def setup(g):
        g["players"][0]["cash"] = 30
        turn(g, "invest", "US", invest_round="card", queue=["Ann"])

    s = board_edit(setup)
    assert "bond US 30" in texts(s)


def test_differences_at_most_four_factories():
    """l. 625: nations have 4 home provinces and cannot build more than 4 factories."""
    def setup(g):
        g["nations"]["EU"]["factories"] = ["paris", "london", "rome", "berlin"]
        g["nations"]["EU"]["rondel"] = SP("taxation")
        turn(g, "rondel", "EU")

    s = board_edit(setup)
    after = apply(s, Rondel(space="factory"))
    assert after.active_nation == "RU"  # nothing to build: the Factory space ends at once
    assert after.nations["EU"]["treasury"] == 11
