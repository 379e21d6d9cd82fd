"""Sentences for people, from a step's action and events only."""

from __future__ import annotations

import random

from imperial_core import legal_actions, new_game, step, step_index
from imperial_core.narrate import entry, sentence, turn_heading


def test_taxation_sentence_names_tax_pay_bonus_and_power():
    s = new_game(["Ann", "Bob", "Cem"], seed=1)
    nation = s.active_nation
    gov = s.current_player
    new, events = step(s, "rondel taxation")
    text = sentence(s, legal_actions(s)[[str(a) for a in legal_actions(s)].index("rondel taxation")], events)
    name = new.board_data.nation(nation).name
    assert text.startswith(f"{name} ({gov}) moves to Taxation: +4M tax")
    assert "power" in text or "soldiers" not in text


def test_import_and_factory_sentences_say_who_paid():
    s = new_game(["Ann", "Bob", "Cem"], seed=1)
    s, _ = step(s, "rondel import")
    a = legal_actions(s)[0]
    new, events = step(s, a)
    text = sentence(s, a, events)
    assert "imports" in text and "1M from" in text and "treasury" in text


def test_every_step_of_random_games_reads_as_a_sentence():
    for seed in range(3):
        rng = random.Random(seed)
        s = new_game(["Ann", "Bob", "Cem", "Dee", "Eve"][: 3 + seed], seed=seed,
                     investor_card=seed != 1, setup="auction" if seed == 2 else "standard")
        rounds = set()
        while not s.is_over:
            acts = legal_actions(s)
            i = rng.randrange(len(acts))
            new, events = step_index(s, i)
            e = entry(s, acts[i], events)
            assert e.text and "{" not in e.text and "None" not in e.text
            assert e.step == len(new.history)
            for ev in events:
                if ev.kind == "turn":
                    rounds.add(ev.round)
                    assert turn_heading(ev.round, ev.nation, ev.government, s.board).startswith(f"Round {ev.round} · ")
                if ev.kind == "battle":
                    assert "battle" in e.notable and "battle in" in e.text
            s = new
        assert "the game is over" in e.text and "game_over" in e.notable
        assert rounds == set(range(1, max(rounds) + 1))


def test_cli_replay_tells_the_story(capsys):
    from imperial_core import encode
    from imperial_core.__main__ import main
    from imperial_core.randomplay import random_game

    token = encode(random_game(3, 4))
    assert main(["replay", "--story", token]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("== Round 1 · ")
    assert any("M tax" in line for line in out) and out[-1].startswith("winner: ")
