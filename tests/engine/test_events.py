"""Events from ``step``: every state change of random full games is accounted for by the step's events."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from imperial_core import apply_index, legal_actions, new_game, step, step_index
from imperial_core.events import EventAdapter

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]

VARIANTS = [
    (3, {}), (4, {}), (5, {}), (6, {}), (2, {}),
    (4, {"edition": "first"}), (4, {"investor_card": False}), (5, {"setup": "auction"}),
    (6, {"investor_card": False, "edition": "first"}),
    (3, {"board": "world2030"}), (5, {"board": "world2030", "increase_bonus": True}),
    (4, {"board": "world2030", "investor_card": False, "setup": "auction"}),
]


def accounts(state) -> dict[str, int]:
    out = {p["name"]: p["cash"] for p in state.players}
    out.update({f"treasury:{nid}": n["treasury"] for nid, n in state.nations.items()})
    return out


def units(state) -> Counter:
    c: Counter = Counter()
    for nid, n in state.nations.items():
        for r, k in n["armies"].items():
            c[(nid, "army", r)] += k
        for r, k in n["fleets"].items():
            c[(nid, "fleet", r)] += k
    return c


def check_step(before, after, events) -> None:
    """Each kind of change in the state is exactly what the events say."""
    # money: every change of cash or treasury is the sum of the step's payments
    flows: Counter = Counter()
    for e in events:
        if e.kind == "pay":
            assert e.amount > 0
            flows[e.source] -= e.amount
            flows[e.target] += e.amount
    a, b = accounts(before), accounts(after)
    for acct in a:
        assert b[acct] - a[acct] == flows.get(acct, 0), (acct, events)
    assert set(flows) - set(a) <= {"bank"}
    # units: built, moved and destroyed
    u = units(before)
    for e in events:
        if e.kind == "unit_built":
            u[(e.nation, e.unit, e.region)] += 1
        elif e.kind == "unit_moved":
            u[(e.nation, e.unit, e.origin)] -= 1
            u[(e.nation, e.unit, e.to)] += 1
        elif e.kind == "unit_destroyed":
            u[(e.nation, e.unit, e.region)] -= 1
    assert +u == units(after)
    for nid, n in after.nations.items():
        old = before.nations[nid]
        # factories and flags
        fac = set(old["factories"])
        flags = set(old["flags"])
        for e in events:
            if e.kind == "factory_built" and e.nation == nid:
                fac.add(e.region)
            elif e.kind == "factory_destroyed" and e.nation == nid:
                fac.discard(e.region)
            elif e.kind == "flag_placed" and e.nation == nid:
                flags.add(e.region)
            elif e.kind == "flag_removed" and e.nation == nid:
                flags.discard(e.region)
        assert fac == set(n["factories"])
        assert flags == set(n["flags"])
        # power, tax chart, government, rondel: the last event says where it ends
        for kind, key in (("power", "power"), ("tax_chart", "tax"), ("government", "government")):
            last = [e for e in events if e.kind == kind and e.nation == nid]
            if last:
                assert last[-1].after == n[key]
                assert last[0].before == old[key]
            else:
                assert n[key] == old[key], (kind, nid, events)
        moved = [e for e in events if e.kind == "rondel" and e.nation == nid]
        if n["rondel"] != old["rondel"]:
            assert moved, (nid, events)
        # bonds
        bonds = dict(old["bonds"])
        for e in events:
            if e.kind == "bond" and e.nation == nid:
                bonds[e.value] = e.player
                if e.returned is not None:
                    bonds[e.returned] = None
        assert bonds == n["bonds"]
        # hostile (upright) armies change only with moves, status changes and losses
        if n["hostile"] != old["hostile"]:
            assert any(e.kind in ("unit_moved", "status", "unit_destroyed") and e.nation == nid for e in events)
    cards = [e for e in events if e.kind == "investor_card"]
    assert (cards[-1].after if cards else before.investor) == after.investor
    banks = [e for e in events if e.kind == "swiss_banks"]
    assert (banks[-1].players if banks else before.swiss_banks) == after.swiss_banks
    turns = [e for e in events if e.kind == "turn"]
    assert after.round == (turns[-1].round if turns else before.round)
    if turns:
        assert turns[-1].nation == after.active_nation and turns[-1].round == after.round
    assert any(e.kind == "game_over" for e in events) == (after.is_over and not before.is_over)


@pytest.mark.parametrize(("n", "options"), VARIANTS, ids=[f"{n}p-{o}" for n, o in VARIANTS])
def test_every_change_of_random_full_games_is_in_the_events(n, options):
    seen: Counter = Counter()
    for seed in range(2):
        rng = random.Random(seed * 31 + n)
        s = new_game(NAMES[:n], seed=seed, **options)
        for _ in range(3000):
            if s.is_over:
                break
            i = rng.randrange(len(legal_actions(s)))
            new, events = step_index(s, i)
            check_step(s, new, events)
            assert new == apply_index(s, i)  # step and apply agree
            seen.update(e.kind for e in events)
            s = new
        assert s.is_over
    # the games met the common kinds of event
    for kind in ("pay", "turn", "rondel", "unit_built", "unit_moved", "power", "tax_chart", "bond", "game_over"):
        assert seen[kind] > 0, kind


def test_events_are_json_and_read_back():
    s = new_game(NAMES[:4], seed=3)
    rng = random.Random(3)
    for _ in range(400):
        s, events = step_index(s, rng.randrange(len(legal_actions(s))))
        data = EventAdapter.dump_json(events)
        assert EventAdapter.validate_json(data) == events


def test_taxation_events_name_tax_soldiers_pay_bonus_and_power():
    s = new_game(NAMES[:3], seed=1)
    first = s.active_nation
    s, events = step(s, "rondel taxation")
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["rondel", "tax_chart"] or kinds[0] == "rondel"
    pays = [(e.source, e.target, e.amount, e.reason) for e in events if e.kind == "pay"]
    # two start factories, no flags: 4M tax from the bank; no units: no soldiers' pay
    assert ("bank", f"treasury:{first}", 4, "tax") in pays
    assert not any(p[3] == "soldiers" for p in pays)
    assert any(e.kind == "turn" and e.nation != first for e in events)  # the next nation begins
