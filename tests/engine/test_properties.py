"""Invariants over many seeded random full games (all player counts, editions and variants)."""

from __future__ import annotations

import random

import pytest
from imperial_core import (
    ActionAdapter,
    GameState,
    IllegalAction,
    apply,
    apply_index,
    decode,
    encode,
    legal_actions,
    load_board,
    new_game,
    parse_action,
    ranking,
    scores,
    step_index,
)
from imperial_core.rules.common import flag_limit

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]

CONFIGS = [
    (2, {}), (3, {}), (4, {}), (5, {}), (6, {}),
    (4, {"edition": "first"}), (3, {"edition": "first"}),
    (4, {"investor_card": False}), (5, {"investor_card": False}),
    (4, {"setup": "auction"}), (6, {"setup": "auction"}),
    # Imperial 2030 under every option
    (2, {"board": "world2030"}), (3, {"board": "world2030"}), (4, {"board": "world2030"}),
    (5, {"board": "world2030", "increase_bonus": True}), (6, {"board": "world2030"}),
    (4, {"board": "world2030", "investor_card": False}), (3, {"board": "world2030", "setup": "auction"}),
    (6, {"board": "world2030", "setup": "auction", "increase_bonus": True, "investor_card": False}),
]


def check_invariants(s: GameState) -> None:
    b = load_board(s.board)
    g = s.__dict__
    for p in s.players:
        assert p["cash"] >= 0, p
    owners: dict[str, str] = {}
    for nid, nat in s.nations.items():
        info = b.nation(nid)
        assert nat["treasury"] >= 0
        assert 0 <= nat["power"] <= b.constants["power_track_max"]
        assert sum(nat["armies"].values()) <= info.armies
        assert sum(nat["fleets"].values()) <= info.fleets
        assert all(v > 0 for v in nat["armies"].values()) and all(v > 0 for v in nat["fleets"].values())
        for r, h in nat["hostile"].items():
            assert 0 < h <= nat["armies"].get(r, 0)
            assert b.regions[r].kind == "home" and b.regions[r].nation != nid
        for r in nat["fleets"]:
            reg = b.regions[r]
            assert reg.kind == "sea" or (reg.nation == nid and reg.harbour), (nid, r)
        for r in nat["armies"]:
            assert b.regions[r].kind in ("home", "neutral")
        assert len(nat["flags"]) <= flag_limit(b, g, nid)
        for r in nat["flags"]:
            assert b.regions[r].kind in ("neutral", "sea")  # never in home provinces
            assert r not in owners
            owners[r] = nid
        assert len(set(nat["factories"])) == len(nat["factories"])
        for r in nat["factories"]:
            assert b.regions[r].nation == nid
    if s.decision not in ("invest", "auction"):
        for nid, nat in s.nations.items():
            sums: dict[str, int] = {}
            for v, h in nat["bonds"].items():
                if h:
                    sums[h] = sums.get(h, 0) + v
            if not sums:
                assert nat["government"] is None
            else:
                assert nat["government"] is not None
                assert sums.get(nat["government"], 0) == max(sums.values()), (nid, sums, nat["government"])
        govs = {nat["government"] for nat in s.nations.values()}
        assert s.swiss_banks == [p["name"] for p in s.players if p["name"] not in govs]
    t = s.turn
    for r, v in t["moved_hostile"].items():  # armies that entered upright this maneuver are upright ones
        active = s.nations[t["nation"]]
        assert 0 < v <= t["moved_armies"].get(r, 0) and v <= active["hostile"].get(r, 0), (r, v)
    if s.decision == "rondel":
        # between turns every flag has been settled (*Maneuver* 3, rules-decisions 22): a neutral land
        # region or sea held by one nation alone carries its flag, or none if all its flags are out
        for r in b.flag_regions:
            occ = [nid for nid, nat in s.nations.items() if r in nat["armies"] or r in nat["fleets"]]
            if len(occ) == 1:
                (x,) = occ
                full = len(s.nations[x]["flags"]) == flag_limit(b, g, x)
                assert owners.get(r) == x or (owners.get(r) is None and full), (r, x, owners.get(r))
    if s.is_over:
        assert s.current_player is None and legal_actions(s) == []
    else:
        assert s.current_player in [p["name"] for p in s.players]
        assert legal_actions(s)


def play(seed: int, n: int, options: dict, *, deep: bool) -> GameState:
    rng = random.Random(seed)
    s = new_game(NAMES[:n], seed=seed, **options)
    steps = 0
    while not s.is_over:
        check_invariants(s)
        acts = legal_actions(s)
        if deep and steps % 15 == 7:
            frozen = s.model_dump_json()
            for a in acts[:60]:  # every listed action applies, and never mutates its input
                nxt = apply(s, a)
                assert nxt is not s
                assert parse_action(s, str(a)) == a
                assert ActionAdapter.validate_json(ActionAdapter.dump_json(a)) == a
            assert s.model_dump_json() == frozen
        s = apply_index(s, rng.randrange(len(acts)))
        steps += 1
        assert steps < 5000, "game did not end"
    check_invariants(s)
    return s


@pytest.mark.parametrize("n,options", CONFIGS, ids=[f"{n}p-{o}" for n, o in CONFIGS])
def test_random_games_keep_every_invariant(n, options):
    for seed in range(3):
        s = play(seed * 7 + n, n, options, deep=seed == 0)
        assert max(nat["power"] for nat in s.nations.values()) >= 25
        assert decode(encode(s)) == s
        assert GameState.model_validate_json(s.model_dump_json()) == s
        sc = scores(s)
        assert ranking(s)[0] in sc and sc[ranking(s)[0]] == max(sc.values())


def test_tokens_of_unfinished_games_round_trip():
    rng = random.Random(11)
    s = new_game(NAMES[:5], seed=11)
    for step in range(300):
        if step % 50 == 0:
            assert decode(encode(s)) == s
        s = apply_index(s, rng.randrange(len(legal_actions(s))))


def test_finished_game_tokens_are_short():
    for seed in range(6):
        s = play(seed, 2 + seed % 5, {}, deep=False)
        assert len(encode(s)) <= 1200


try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - hypothesis is a test dependency
    given = None

if given is not None:

    @settings(max_examples=15, deadline=None)
    @given(seed=st.integers(min_value=-(10**9), max_value=10**9), n=st.integers(min_value=2, max_value=6),
           steps=st.integers(min_value=0, max_value=250), edition=st.sampled_from(["current", "first"]),
           setup=st.sampled_from(["standard", "auction"]), card=st.booleans())
    def test_any_seed_and_options_partial_game(seed, n, steps, edition, setup, card):
        rng = random.Random(seed)
        s = new_game(NAMES[:n], seed=seed, edition=edition, setup=setup, investor_card=card)
        for _ in range(steps):
            if s.is_over:
                break
            check_invariants(s)
            s = apply_index(s, rng.randrange(len(legal_actions(s))))
        check_invariants(s)
        assert decode(encode(s)) == s
        assert GameState.model_validate_json(s.model_dump_json()) == s


@pytest.mark.parametrize("n,options", [(3, {}), (5, {"investor_card": False}), (4, {"setup": "auction"})])
def test_no_state_of_a_game_changes_after_it_was_made(n, options):
    """States share unchanged containers; a later apply must never write into an earlier state."""
    rng = random.Random(99 + n)
    s = new_game(NAMES[:n], seed=99 + n, **options)
    kept = [(s, s.model_dump_json())]
    while not s.is_over:
        s = apply_index(s, rng.randrange(len(legal_actions(s))))
        kept.append((s, s.model_dump_json()))
    for state, dump in kept:
        assert state.model_dump_json() == dump


_EVERY_CHANGE = {"battle", "factory_destroyed", "flag_removed", "government", "status", "bond"}


@pytest.mark.parametrize("board,options,required", [
    ("europe", {}, _EVERY_CHANGE),
    ("world2030", {}, _EVERY_CHANGE | {"canal"}),
    # governments also change after the rounds of this variant, within the action that ends a turn
    ("europe", {"investor_card": False}, {"government", "flag_removed", "battle"}),
])
def test_states_stay_unchanged_through_battles_destroyed_factories_flags_and_governments(board, options, required):
    """A state copy shares the records an action leaves alone (other nations, players, unit counts, maneuver
    bookkeeping); the actions that do change them (battles, factory destruction, flags changing hands,
    governments changing, canal passages) must replace those records, never write into an earlier state."""
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        s = new_game(NAMES[:4], board=board, seed=seed, **options)
        kept = []
        while not s.is_over:
            kept.append((s, s.model_dump_json()))
            s, events = step_index(s, rng.randrange(len(legal_actions(s))))
            seen.update(e.kind for e in events)
        for state, dump in kept:
            assert state.model_dump_json() == dump
    assert required <= seen


def test_legal_actions_depend_on_the_state_only_not_on_what_was_computed_before():
    """Move generation keeps caches; their contents must never change the order of legal actions."""
    from imperial_core.engine import clear_caches

    rng = random.Random(5)
    s = new_game(NAMES[:4], seed=5)
    samples = []
    while not s.is_over:
        acts = legal_actions(s)
        if s.decision == "armies" and rng.random() < 0.3:
            samples.append((s.model_dump_json(), [str(a) for a in acts]))
        s = apply_index(s, rng.randrange(len(acts)))
    assert samples
    for dump, expected in reversed(samples):
        clear_caches()
        fresh = GameState.model_validate_json(dump)
        assert [str(a) for a in legal_actions(fresh)] == expected


if given is not None:
    _B = load_board("europe")
    _REGIONS = sorted(_B.regions)
    _NATIONS = list(_B.nation_ids)

    @st.composite
    def _any_action(draw):
        t = draw(st.sampled_from(["rondel", "force", "pass", "factory", "produce", "import", "fleet", "army",
                                  "status", "battle", "ask", "demand", "destroy", "bond"]))
        region = st.sampled_from(_REGIONS + ["atlantis"])
        unit = st.sampled_from(["army", "fleet"])
        nation = st.sampled_from(_NATIONS + ["XX"])
        if t == "rondel":
            return {"type": t, "space": draw(st.sampled_from(["factory", "investor", "taxation", "production1", "x"]))}
        if t in ("force", "pass"):
            return {"type": t}
        if t in ("factory", "produce", "destroy"):
            return {"type": t, "region": draw(region)}
        if t == "import":
            return {"type": t, "unit": draw(unit), "region": draw(region)}
        if t == "fleet":
            return {"type": t, "origin": draw(region), "to": draw(region)}
        if t == "army":
            return {"type": t, "origin": draw(region), "to": draw(region),
                    "via": draw(st.lists(region, max_size=2)), "hostile": draw(st.sampled_from([None, True, False]))}
        if t == "status":
            return {"type": t, "region": draw(region), "hostile": draw(st.booleans())}
        if t == "battle":
            return {"type": t, "region": draw(region), "unit": draw(unit), "enemy": draw(nation),
                    "enemy_unit": draw(unit)}
        if t == "ask":
            return {"type": t, "nation": draw(nation)}
        if t == "demand":
            return {"type": t, "unit": draw(unit)}
        return {"type": t, "nation": draw(nation), "value": draw(st.sampled_from([2, 4, 9, 30, 31])),
                "trade_in": draw(st.sampled_from([None, 2, 9]))}

    @settings(max_examples=150, deadline=None)
    @given(seed=st.integers(min_value=0, max_value=40), steps=st.integers(min_value=0, max_value=400),
           action=_any_action())
    def test_any_action_either_applies_or_is_refused_with_illegal_action(seed, steps, action):
        rng = random.Random(seed)
        s = new_game(NAMES[:4], seed=seed)
        for _ in range(steps):
            if s.is_over:
                break
            s = apply_index(s, rng.randrange(len(legal_actions(s))))
        legal = [a.model_dump() for a in legal_actions(s)]
        try:
            after = apply(s, action)
        except IllegalAction as e:
            assert str(e)
        else:
            assert after.history[:-1] == s.history
            assert ActionAdapter.validate_python(action).model_dump() in legal
