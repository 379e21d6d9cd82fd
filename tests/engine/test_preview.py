"""Previews of the choices at hand (``imperial_core.preview``) agree with what the step then does."""

from __future__ import annotations

import random

import imperial_core as core
import pytest


def _games(seeds: range, board: str = "europe"):
    for seed in seeds:
        rng = random.Random(seed)
        state = core.new_game([f"P{i}" for i in range(3 + seed % 3)], seed=seed, board=board)
        for _ in range(700):
            if state.is_over:
                break
            yield state
            state = core.apply(state, rng.choice(core.legal_actions(state)))


@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_rondel_rows_are_the_legal_spaces_and_their_costs_are_paid(board: str):
    seen = 0
    for state in _games(range(4), board):
        if state.decision != "rondel":
            continue
        rows = core.rondel_choices(state)
        legal = {str(a) for a in core.legal_actions(state) if a.type == "rondel"}
        assert {f"rondel {r['space']}" for r in rows if r["affordable"]} == legal
        for r in rows:
            assert r["cost"] == r["extra"] * r["per_space"]
            if r["legal"]:
                assert r["cost"] == core.rondel_cost(state, r["space"])
                new, events = core.step(state, f"rondel {r['space']}")
                if new.decision == "swiss":  # a Swiss Bank may force a stop first: the move is not made yet
                    continue
                paid = sum(e.amount for e in events if e.kind == "pay" and e.reason == "rondel")
                assert paid == r["cost"]
                if r["name"] == "taxation":
                    tax = sum(e.amount for e in events if e.kind == "pay" and e.reason == "tax")
                    over = any(e.kind == "game_over" for e in events)
                    assert over or tax == r["tax"]["revenue"]
                    assert r["tax"]["sum"] == (r["tax"]["factories"] * r["tax"]["per_factory"]
                                               + r["tax"]["flags"] * r["tax"]["per_flag"])
                if r["name"] == "investor":
                    got = sum(e.amount for e in events if e.kind == "pay" and e.reason == "interest")
                    assert got <= r["interest"]["total"]
                    if r["interest"]["treasury"] >= r["interest"]["total"]:
                        assert got == r["interest"]["total"]
            else:
                assert r["cost"] > r["cash"]
        seen += 1
    assert seen > 20


def test_a_bond_that_makes_its_buyer_government_does_so_when_the_others_pass():
    checked = 0
    for state in _games(range(12)):
        if state.decision != "invest" or checked >= 30:
            continue
        for text, p in core.choice_previews(state).items():
            s, events = core.step(state, text)
            while s.decision == "invest" and s.turn.get("nation") == state.turn.get("nation") and not s.is_over:
                before = s
                s, more = core.step(s, "pass")
                events += more
                if before.current_player == state.current_player:
                    break
            gov = {e.nation: e.after for e in events if e.kind == "government"}
            buyer = state.current_player
            if p["becomes_government"]:
                assert gov.get(p["nation"]) == buyer
                checked += 1
            elif p["government_before"] == buyer or gov.get(p["nation"]) == buyer:
                assert p["government_after"] == buyer
            paid = sum(e.amount for e in events if e.kind == "pay" and e.reason == "bond" and e.source == buyer)
            assert paid == p["price"]
    assert checked > 0


def test_import_previews_count_the_turns_imports():
    for state in _games(range(6)):
        if state.decision == "import":
            for text, p in core.choice_previews(state).items():
                assert p["nth"] == state.turn["imports"] + 1 <= p["max"]
                assert text.startswith("import " + p["unit"])
            return
    pytest.fail("no import decision met")
