"""The computer players' reasons in German and Spanish."""

from __future__ import annotations

import re

import imperial_bots as bots
import imperial_core as ic
import pytest
from imperial_core.narrate import action_words, sentence


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_reason_is_the_sentence_and_why_in_the_language(lang: str, level: str) -> None:
    s = ic.new_game(["Ann", "Bot 1", "Bot 2"], seed=2)
    for i in range(6):
        action, line = bots.choose_with_reason(s, level=level, seed=i, lang=lang)
        english_action, english = bots.choose_with_reason(s, level=level, seed=i)
        assert action == english_action
        _after, events = ic.step(s, action)
        told = sentence(s, action, events, lang)
        assert line.startswith(told + " (") and line.endswith(")")
        why = line[len(told) + 2:-1]
        assert why == bots.choose_with_reasons(s, level=level, seed=i, langs=(lang,))[1][lang]
        assert why != english[len(sentence(s, action, events)) + 2:-1], why
        assert "points against" not in why
        s = _after


def test_explain_in_spanish_keeps_the_given_why() -> None:
    s = ic.new_game(["Ann", "Bot 1", "Bot 2"], seed=1)
    action = ic.legal_actions(s)[0]
    events = ic.step(s, action)[1]
    line = bots.explain(s, action, events, "por qué", lang="es")
    assert line == sentence(s, action, events, "es") + " (por qué)"
    assert line != bots.explain(s, action, events, "por qué")


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_next_best_is_named_in_words_not_in_notation(lang: str) -> None:
    """"… +1.2 points against the next best choice: moves to Production", the choice said as the log says a
    move (``narrate.action_words``), never as the engine writes it ("rondel production1")."""
    s = ic.new_game(["Ann", "Bot 1", "Bot 2"], seed=2)
    named = 0
    for i in range(6):
        action, whys = bots.choose_with_reasons(s, level="normal", seed=i)
        why = whys[lang]
        legal = ic.legal_actions(s)
        assert not any(str(a) in why for a in legal if " " in str(a)), why
        said = [action_words(s, a, lang) for a in legal if a != action]
        if any(why.endswith(": " + w) for w in said):
            named += 1
        s = ic.step(s, action)[0]
    assert named >= 3


def test_reasons_in_every_language_at_once_match_one_at_a_time() -> None:
    s = ic.new_game(["Ann", "Bot 1", "Bot 2"], seed=4)
    action, whys = bots.choose_with_reasons(s, level="normal", seed=1)
    assert set(whys) == {"en", "de", "es"}
    for lang, why in whys.items():
        same, line = bots.choose_with_reason(s, level="normal", seed=1, lang=lang)
        assert same == action and line.endswith(f"({why})")


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_a_search_choice_explored_most_names_the_runner_up_without_counts(lang: str, monkeypatch) -> None:
    """The search picks the child it explored most, whose mean can be below another's: the reason names the
    runner-up (the next most explored) in words, and says nothing of visits or margins."""
    s = ic.new_game(["Ann", "Bot 1", "Bot 2"], seed=2)
    legal = ic.legal_actions(s)
    # child 0 explored most with the lower mean; child 2 the runner-up by visits; child 1 the best mean
    stats = [(1, 30.0, 5), (0, 25.0, 20), (2, 24.0, 9)]
    monkeypatch.setattr(bots, "mcts", lambda *a, **k: (0, stats))
    action, whys = bots.choose_with_reasons(s, level="strong", seed=0, langs=(lang,))
    why = whys[lang]
    assert action == legal[0]
    assert not re.search(r"[-−+]\d|20|\b9\b", why), why
    assert why.endswith(": " + action_words(s, legal[2], lang)), why
    # a choice with the best mean names the next best by value
    monkeypatch.setattr(bots, "mcts", lambda *a, **k: (1, stats))
    _action, whys = bots.choose_with_reasons(s, level="strong", seed=0, langs=(lang,))
    assert not re.search(r"[+]\d", whys[lang]) and whys[lang].endswith(": " + action_words(s, legal[0], lang))
