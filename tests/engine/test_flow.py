"""The turn-flow table is complete: every signal leads somewhere, every step and phase is reachable."""

from __future__ import annotations

import random

from imperial_core import PHASES, legal_actions, new_game, step_index
from imperial_core.rules import flow


def test_every_signal_leads_to_a_phase_or_a_flow_step():
    targets = set(flow.FLOW) | set(flow.STEPS)
    for name, phase in flow.FLOW.items():
        assert phase.decider in flow.DECIDERS, name
        for signal, nxt in phase.then.items():
            assert nxt in targets, (name, signal, nxt)
    for space in flow.SPACES.values():
        assert set(space.then.values()) <= targets
        if space.land is None:
            assert set(space.then) == {"land"}


def test_phases_text_is_generated_from_the_table():
    assert {name: p.text for name, p in flow.FLOW.items()} == PHASES
    assert all(PHASES.values())


def test_random_games_visit_every_phase():
    seen = set()
    games = [("europe", o) for o in [{}, {"investor_card": False}, {"setup": "auction"}, {"edition": "first"}] * 3]
    games += [("world2030", o) for o in [{}, {"increase_bonus": True}, {"investor_card": False}] * 4]
    for seed, (board, options) in enumerate(games):
        rng = random.Random(seed)
        s = new_game(["A", "B", "C", "D", "E", "F"][: 3 + seed % 4], board=board, seed=seed, **options)
        while not s.is_over:
            seen.add(s.decision)
            s, _ = step_index(s, rng.randrange(len(legal_actions(s))))
        seen.add(s.decision)
    assert seen == set(flow.FLOW), set(flow.FLOW) - seen
