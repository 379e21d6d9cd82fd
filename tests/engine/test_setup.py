"""Set-up: start cash, deals, start bonds, governments, investor card, Swiss Banks; auction; first edition."""

from __future__ import annotations

import pytest
from imperial_core import IllegalAction, apply, legal_actions, new_game, player_bonds
from imperial_core.actions import BuyBond, Pass

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eve", "Fay"]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_standard_setup_leaves_2m_and_fills_treasuries(n, seed):
    s = new_game(NAMES[:n], seed=seed)
    start = {2: 35, 3: 24}.get(n, 13)
    for p in s.players:
        assert p["cash"] == 2
        spent = sum(v for _nid, v in player_bonds(s, p["name"]))
        assert spent == start - 2
    total_treasury = sum(nat["treasury"] for nat in s.nations.values())
    assert total_treasury == n * (start - 2)
    for _nid, nat in s.nations.items():
        assert nat["treasury"] == sum(v for v, h in nat["bonds"].items() if h)
        assert nat["factories"] and len(nat["factories"]) == 2
        assert nat["rondel"] is None and nat["power"] == 0 and nat["tax"] == 0


@pytest.mark.parametrize("seed", range(6))
def test_three_player_pairings(seed):
    s = new_game(NAMES[:3], seed=seed)
    g = {nid: nat["government"] for nid, nat in s.nations.items()}
    assert g["GB"] == g["AH"] and g["RU"] == g["IT"] and g["GE"] == g["FR"]
    assert len({g["AH"], g["IT"], g["FR"]}) == 3
    assert s.swiss_banks == []


@pytest.mark.parametrize("seed", range(6))
def test_two_player_pairings(seed):
    s = new_game(NAMES[:2], seed=seed)
    g = {nid: nat["government"] for nid, nat in s.nations.items()}
    assert g["FR"] == g["GE"] == g["AH"] and g["RU"] == g["GB"] == g["IT"]
    assert g["AH"] != g["IT"]


def test_seed_drives_the_deal():
    deals = {tuple(nat["government"] for nat in new_game(NAMES, seed=k).nations.values()) for k in range(12)}
    assert len(deals) > 1
    assert new_game(NAMES, seed=5) == new_game(NAMES, seed=5)


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("seed", range(8))
def test_undealt_governments_go_to_the_2m_bond_holder(n, seed):
    s = new_game(NAMES[:n], seed=seed)
    for nat in s.nations.values():
        if nat["bonds"][9] is not None:  # the flag card was dealt: its holder has the 9M bond
            assert nat["government"] == nat["bonds"][9]
            continue
        assert nat["government"] == nat["bonds"][2]  # 2M holder, or None when that bond was not dealt
        if nat["government"] is None:
            assert all(h is None for h in nat["bonds"].values())


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_investor_card_left_of_austria_else_italy(n):
    for seed in range(6):
        s = new_game(NAMES[:n], seed=seed)
        names = [p["name"] for p in s.players]
        anchor = s.nations["AH"]["government"] or s.nations["IT"]["government"]
        assert s.investor == names[(names.index(anchor) + 1) % n]


def test_players_without_government_hold_a_swiss_bank_after_setup():
    s = new_game(NAMES[:4], seed=3)
    govs = {nat["government"] for nat in s.nations.values()}
    assert s.swiss_banks == [p for p in NAMES[:4] if p not in govs]


def test_austria_begins_or_the_first_nation_with_a_government():
    for seed in range(10):
        s = new_game(NAMES[:4], seed=seed)
        first = next(nid for nid, nat in s.nations.items() if nat["government"])
        assert s.active_nation == first and s.decision == "rondel"
        assert s.current_player == s.nations[first]["government"]


def test_bad_player_lists_are_refused():
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        new_game(["Ann"])
    with pytest.raises(IllegalAction, match="different name"):
        new_game(["Ann", "Ann"])
    with pytest.raises(IllegalAction, match="played with edition"):
        new_game(["Ann", "Bob"], edition="third")


# -- first edition ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,cash", [(2, 39), (3, 26), (4, 13), (6, 13)])
def test_first_edition_cash_bonds_and_no_30m_bond(n, cash):
    s = new_game(NAMES[:n], edition="first", seed=1)
    for p in s.players:
        assert p["cash"] == 0  # 9M + 4M per flag card, nothing left over
        assert sum(v for _n, v in player_bonds(s, p["name"])) == cash
    for nat in s.nations.values():
        assert 30 not in nat["bonds"] and sorted(nat["bonds"]) == [2, 4, 6, 9, 12, 16, 20, 25]


def test_first_edition_undealt_governments_go_to_the_4m_holder():
    for seed in range(8):
        s = new_game(NAMES[:4], edition="first", seed=seed)
        for nat in s.nations.values():
            assert nat["government"] == (nat["bonds"][9] or nat["bonds"][4])


# -- auction ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,cash", [(2, 40), (3, 28), (4, 22), (5, 18), (6, 15)])
def test_auction_start_cash(n, cash):
    s = new_game(NAMES[:n], setup="auction", seed=0)
    assert all(p["cash"] == cash for p in s.players)
    assert s.decision == "auction"


def test_auction_order_rotates_one_seat_per_nation_and_one_bond_each():
    s = new_game(NAMES[:3], setup="auction", seed=2)
    first = s.current_player
    seen = []
    while s.decision == "auction":
        nation_before = [a for a in legal_actions(s) if a.type == "bond"]
        nid = nation_before[0].nation if nation_before else None
        seen.append((nid, s.current_player))
        bonds = [a for a in legal_actions(s) if a.type == "bond"]
        s = apply(s, bonds[0] if bonds else Pass())
    order = [p for _nid, p in seen]
    names = NAMES[:3]
    i = names.index(first)
    assert order[:3] == [names[i], names[(i + 1) % 3], names[(i + 2) % 3]]
    assert order[3] == names[(i + 1) % 3]  # Italy starts one seat further
    assert len(seen) == 18
    for nat in s.nations.values():
        held = [h for h in nat["bonds"].values() if h]
        assert len(held) == len(set(held))  # one bond per player per nation
    assert s.decision == "rondel"
    govs = {nat["government"] for nat in s.nations.values()}
    assert s.swiss_banks == [p for p in names if p not in govs]


def test_auction_government_is_the_highest_bidder():
    s = new_game(NAMES[:2], setup="auction", seed=0)
    a, b = s.current_player, [p for p in NAMES[:2] if p != s.current_player][0]
    s = apply(s, BuyBond(nation="AH", value=4))
    s = apply(s, BuyBond(nation="AH", value=6))
    while s.decision == "auction":
        s = apply(s, Pass())
    assert s.nations["AH"]["government"] == b
    assert s.nations["AH"]["treasury"] == 10
    assert s.nations["IT"]["government"] is None
    assert s.active_nation == "AH"
    assert s.investor == a  # left of Austria's government
