"""Variant without investor card, first edition, Swiss Bank order."""

from __future__ import annotations

from imperial_core import apply, legal_actions, load_board, new_game, rondel_spaces
from imperial_core.actions import BuyBond, Pass, Rondel

from .helpers import edit, govern, turn

B = load_board("europe")
NAMES = ["Ann", "Bob", "Cem", "Dan"]


def _bond_nations(s):
    return {a.nation for a in legal_actions(s) if a.type == "bond"}


def _italy_governs_all(g) -> None:
    """Italy's government governs every nation (given the bonds that make it so); all other players hold
    Swiss Banks."""
    gov_it = g["nations"]["IT"]["government"]
    for nid in g["nations"]:
        govern(g, nid, gov_it)


def _italy_governs_all_on_maneuver1(g, *, treasury: int, cash: int) -> None:
    """Italy's government governs every nation (all other players hold Swiss Banks); Italy is to choose its
    rondel space from Maneuver 1, two spaces before Investor."""
    _italy_governs_all(g)
    turn(g, "rondel", "IT")
    g["nations"]["IT"]["rondel"] = rondel_spaces(B).index("maneuver1")
    g["nations"]["IT"]["treasury"] = treasury
    for p in g["players"]:
        p["cash"] = cash


def test_without_investor_card_government_invests_first_then_clockwise():
    s = new_game(NAMES, investor_card=False, seed=1)
    assert s.investor is None
    nation = s.active_nation
    gov = s.current_player
    s = apply(s, Rondel(space="factory"))
    while s.decision == "factory":
        s = apply(s, Pass())
    asked = []
    while s.decision == "invest":
        asked.append(s.current_player)
        assert _bond_nations(s) <= {nation} or s.current_player in s.swiss_banks
        s = apply(s, Pass())
    names = [p["name"] for p in s.players]
    i = names.index(gov)
    expected = [names[(i + k) % 4] for k in range(4)]
    assert asked == [p for p in expected if p in asked]
    assert asked[0] == gov
    assert s.decision == "rondel"


def test_without_investor_card_investor_space_pays_interest_only():
    s = new_game(NAMES, investor_card=False, seed=1)

    def setup(g):
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = rondel_spaces(B).index("maneuver1")
        g["nations"]["IT"]["treasury"] = 40

    s = edit(s, setup)
    holders = {h for h in s.nations["IT"]["bonds"].values() if h}
    cash = {p["name"]: p["cash"] for p in s.players}
    s = apply(s, Rondel(space="investor"))
    for h in holders:
        assert s.cash(h) > cash[h]
    # no investor card payout: the round that follows is Italy's variant round
    assert s.decision == "invest" and s.turn["invest_round"] == "post" and s.turn["invest_nation"] == "IT"


def test_without_investor_card_passing_investor_has_no_effect_and_no_forced_stop():
    s = new_game(NAMES, investor_card=False, seed=1)

    def setup(g):
        _italy_governs_all(g)  # the other players hold Swiss Banks
        turn(g, "rondel", "IT")
        g["nations"]["IT"]["rondel"] = rondel_spaces(B).index("maneuver1")
        g["nations"]["IT"]["treasury"] = 40

    s = apply(edit(s, setup), Rondel(space="import"))
    assert s.decision == "import"


def test_swiss_banks_invest_clockwise_from_the_card_holder():
    s = new_game(["Ann", "Bob", "Cem", "Dan", "Eve", "Fay"], seed=0)

    s = edit(s, lambda g: _italy_governs_all_on_maneuver1(g, treasury=0, cash=50))
    card = s.investor
    card_is_swiss = card in s.swiss_banks
    s = apply(s, Rondel(space="investor"))
    asked = []
    while s.decision == "invest":
        asked.append(s.current_player)
        s = apply(s, Pass())
    names = [p["name"] for p in s.players]
    i = names.index(card)
    order = [names[(i + k) % 6] for k in range(6)]
    assert asked == [card] + [p for p in order[1:] if p in set(asked)]
    assert len(asked) == (5 if card_is_swiss else 6)


def test_first_edition_players_without_government_invest_but_cannot_force():
    s = new_game(NAMES, edition="first", seed=2)

    s = edit(s, lambda g: _italy_governs_all_on_maneuver1(g, treasury=60, cash=30))
    card_is_swiss = s.investor in s.swiss_banks
    s = apply(s, Rondel(space="import"))
    assert s.decision == "import"  # nobody may force a stop in the first edition
    s = apply(s, Pass())
    asked = []
    while s.decision == "invest":
        asked.append(s.current_player)
        assert 30 not in {a.value for a in legal_actions(s) if a.type == "bond"}
        s = apply(s, Pass())
    assert len(asked) == (3 if card_is_swiss else 4)  # the card holder, then every player without a government


def test_first_edition_flag_limit_is_ten():
    s = new_game(NAMES, edition="first", seed=2)
    regions = list(B.flag_regions)

    def setup(g):
        turn(g, "armies", "RU")
        g["nations"]["RU"]["flags"] = regions[:10]
        g["nations"]["AH"]["flags"] = [regions[10]]
        g["nations"]["RU"]["armies"] = {regions[10]: 1} if B.regions[regions[10]].kind == "neutral" else {}
        g["nations"]["RU"]["fleets"] = {} if B.regions[regions[10]].kind == "neutral" else {regions[10]: 1}

    s = edit(s, setup)
    while not s.active_nation or s.active_nation == "RU":
        if s.decision == "rondel":
            break
        s = apply(s, Pass())
    assert len(s.nations["RU"]["flags"]) == 10
    assert s.nations["AH"]["flags"] == []  # removed without replacement


def test_trade_up_to_the_30m_bond_current_edition():
    s = new_game(NAMES, seed=0)

    def setup(g):
        holder = g["players"][0]["name"]
        g["nations"]["RU"]["bonds"][25] = holder
        g["players"][0]["cash"] = 5
        turn(g, "invest", "RU")
        g["turn"].update(invest_round="card", queue=[holder])

    s = edit(s, setup)
    assert BuyBond(nation="RU", value=30, trade_in=25) in legal_actions(s)


def test_without_investor_card_a_nation_without_bonds_is_offered_after_the_previous_nation():
    """Seed 7, four players: Germany starts without any bond holder."""
    s = new_game(NAMES, investor_card=False, seed=7)
    assert s.nations["GE"]["government"] is None
    # play the first turns choosing the first action, passing on every bond, until Britain's round ends
    while not (s.decision == "invest" and s.turn["invest_nation"] == "GE"):
        acts = legal_actions(s)
        passes = [a for a in acts if a.type == "pass"]
        s = apply(s, passes[0] if passes and s.decision == "invest" else acts[0])
    gb_gov = s.nations["GB"]["government"]
    assert s.turn["invest_round"] == "pre" and s.current_player == gb_gov
    assert {a.nation for a in legal_actions(s) if a.type == "bond"} == {"GE"}
    s = apply(s, BuyBond(nation="GE", value=2))
    while s.decision == "invest":
        s = apply(s, Pass())
    assert s.nations["GE"]["government"] == gb_gov
    assert s.active_nation == "GE" and s.decision == "rondel"


def test_without_investor_card_nobody_buys_and_the_nation_is_skipped():
    s = new_game(NAMES, investor_card=False, seed=7)
    while not (s.decision == "invest" and s.turn["invest_nation"] == "GE"):
        acts = legal_actions(s)
        passes = [a for a in acts if a.type == "pass"]
        s = apply(s, passes[0] if passes and s.decision == "invest" else acts[0])
    while s.decision == "invest":
        s = apply(s, Pass())
    assert s.nations["GE"]["government"] is None
    assert s.active_nation == "RU"
