"""Reading the game (issue 12), the page's views in plain CPython: the live scoreboard against the engine's
scores, the log of a scripted round against the engine's events, what each choice costs and does, greyed
choices, distinct labels, secret cash kept with the game, and the rules helper's table."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import imperial_core as core
import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))

from imperial_ui import readable, rulehelp, views  # noqa: E402
from imperial_ui.choices import Chooser, Names, rondel_label  # noqa: E402
from imperial_ui.session import Session  # noqa: E402

RULES = Path("/work/shared/rules")


def names_of(state: Any) -> Names:
    return Names(core.load_board(state.board))


def positions(seeds: range, board: str = "europe", steps: int = 600) -> Iterator[Any]:
    for seed in seeds:
        rng = random.Random(seed)
        state = core.new_game([f"P{i}" for i in range(3 + seed % 4)], seed=seed, board=board)
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            state = core.apply(state, rng.choice(core.legal_actions(state)))
        yield state


def scoreboard_rows(html: str) -> list[tuple[str, int, int]]:
    """(player, rank position, score) of each row, in table order."""
    return [(m[0], int(m[1]), int(m[2])) for m in re.findall(
        r'data-player="([^"]+)"><td class="rk" data-rank="(\d+)">[^<]*</td><th>[^<]*</th><td class="sc" '
        r'data-score="(-?\d+)"', html)]


# -- scoreboard ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("board", ["europe", "world2030"])
def test_scoreboard_shows_each_players_engine_score_in_ranking_order(board: str):
    checked = 0
    for state in list(positions(range(3), board))[::40]:
        html = readable.scoreboard_html(state, names_of(state))
        rows = scoreboard_rows(html)
        scores = core.scores(state)
        assert [r[0] for r in rows] == core.ranking(state)
        assert {r[0]: r[2] for r in rows} == scores
        for p in state.players:
            assert f'{p["cash"]}M</td>' in html
        totals = list(scores.values())
        assert ("Tied on points" in html) == (len(set(totals)) < len(totals))
        for nid, n in state.nations.items():
            if n["government"]:
                row = html.split(f'data-player="{n["government"]}"')[1].split("</tr>")[0]
                assert f"n-{nid}" in row
        checked += 1
    assert checked > 10


def test_secret_cash_hides_cash_and_is_kept_with_the_game():
    state = next(s for s in positions(range(1)) if s.round >= 3)
    html = readable.scoreboard_html(state, names_of(state), secret_cash=True)
    bd = core.score_breakdown(state)
    assert {r[0]: r[2] for r in scoreboard_rows(html)} == {n: bd[n]["total"] - bd[n]["cash"] for n in bd}
    assert 'class="cash">–' in html and "cash is secret" in html
    assert not re.search(r'class="cash">\d', views.players_html(state, names_of(state), secret_cash=True))
    s = Session.new(["Ann", "Bob", "Cy"], game_id="g", seed=3, secret_cash=True)
    s.play(core.legal_actions(s.present)[0])
    again = Session.from_save(s.to_save())
    assert again.secret_cash is True and again.cur == 1
    assert Session.from_save(Session.new(["Ann", "Bob"], game_id="h", seed=3).to_save()).secret_cash is False


def test_round_counter_and_title_name_whose_turn_it_is():
    for state in list(positions(range(2)))[::97]:
        if state.is_over:
            continue
        assert readable.round_text(state) == (f"Round {state.round}" if state.round else "Set-up")
        title = readable.title_text(state, names_of(state))
        assert title.startswith(f"{state.current_player} to play")
        assert names_of(state).nation(state.active_nation) in title


# -- the log of a scripted round -------------------------------------------------------------------------------
SCRIPT = ["investor", "taxation", "factory", "import", "production1", "maneuver1"]


def play_scripted_round(seed: int = 5) -> tuple[Session, list[list[Any]]]:
    """Round 1 of a four-player game: each nation goes to a different rondel space; every later decision
    takes the engine's first option (a purchase, a unit, a move) so that money moves."""
    s = Session.new(["Ann", "Bob", "Cem", "Dee"], game_id="r", seed=seed)
    events: list[list[Any]] = []
    turns = 0
    while s.present.round <= 1 and not s.present.is_over:
        st = s.present
        acts = core.legal_actions(st)
        if st.decision == "rondel":
            action = next(a for a in acts if a.type == "rondel" and a.space == SCRIPT[turns % len(SCRIPT)])
            turns += 1
        else:
            action = acts[0]
        _new, ev = core.step(st, action)
        events.append(ev)
        s.play(action)
    return s, events


def test_log_of_a_scripted_round_has_the_round_and_every_amount():
    s, events = play_scripted_round()
    entries = s.log()
    html = views.log_html(entries, names_of(s.present))
    assert "Round 1" in html and entries[0].round == 1
    money = 0
    for e, ev in zip(entries, events, strict=True):
        pays = [x for x in ev if x.kind == "pay"]
        by: dict[str, int] = {}
        for p in pays:
            by[p.reason] = by.get(p.reason, 0) + p.amount
        for reason, total in by.items():
            if reason in ("interest",):
                for p in pays:
                    if p.reason == reason:
                        assert f"{p.target} {p.amount}M" in e.text, (e.text, p)
            elif reason == "bond":
                for p in pays:
                    assert f"{p.amount}M" in e.text
            else:
                assert f"{total}M" in e.text, (e.text, reason, total)
            money += 1
        assert views.esc(e.text) in html
    assert money >= 5  # interest, the investor card, tax, a factory and imports were paid
    kinds = {p.reason for ev in events for p in ev if p.kind == "pay"}
    assert {"interest", "investor card", "tax", "factory", "import"} <= kinds


def test_the_log_filter_keeps_one_nations_turns():
    s, _events = play_scripted_round()
    state = s.present
    bar = readable.log_filter_html(state, names_of(state), "IT")
    assert bar.count("data-cmd=\"log-filter\"") == len(state.nations) + 1
    assert 'data-arg="IT" class="n-IT" aria-pressed="true"' in bar
    only = [e for e in s.log() if e.nation == "IT"]
    html = views.log_html(only, names_of(state))
    assert html.count('class="lg"') == 1 and "Italy" in html and "France" not in html


# -- what the choices cost and do -----------------------------------------------------------------------------
def test_rondel_choices_say_their_cost_and_the_unaffordable_ones_are_greyed_with_the_reason():
    greyed = checked = 0
    for state in positions(range(4)):
        if state.decision != "rondel" or state.round < 2:
            continue
        names = names_of(state)
        chooser = Chooser(core.legal_actions(state), state.decision, names, readable.choice_notes(state, names))
        tokens = {t.value: t for t in chooser.next_tokens()}
        for a in core.legal_actions(state):
            if a.type != "rondel":
                continue
            cost = core.rondel_cost(state, a.space)
            note = tokens[str(a)].note  # the space's name is the label, its cost the small print's start
            assert tokens[str(a)].label == rondel_label(a.space, names.lang)
            assert note.startswith(f"{cost}M (") if cost else note.startswith("free")
            if a.space == "taxation":
                tax = core.tax_breakdown(state, state.active_nation)
                factories = f"{tax['factories']} factor{'y' if tax['factories'] == 1 else 'ies'}"  # said as counted
                assert f"tax {tax['revenue']}M ({factories} × " in tokens[str(a)].note
        off = readable.unaffordable_html(state, names)
        rows = [r for r in core.rondel_choices(state) if not r["affordable"]]
        assert off.count("data-unaffordable=") == len(rows)
        assert "data-choice" not in off
        for r in rows:
            assert f'has {r["cash"]}M' in off and f'{r["cost"]}M' in off
            greyed += 1
        checked += 1
    assert checked > 20 and greyed > 0


def test_a_bond_says_when_it_makes_you_government():
    said = 0
    for state in positions(range(8)):
        if state.decision != "invest":
            continue
        names = names_of(state)
        notes = readable.choice_notes(state, names)
        for text, p in core.choice_previews(state).items():
            label, note = notes[text]
            assert f"pay {p['price']}M" in label
            gov = f"makes you government of {names.nation(p['nation']):nom}"
            assert (gov in note) == p["becomes_government"]
            said += p["becomes_government"]
    assert said > 0


def test_imports_are_numbered_and_convoys_are_offered_once_per_result():
    imports = convoys = 0
    for state in positions(range(10)):
        acts = core.legal_actions(state)
        names = names_of(state)
        if state.decision == "import" and imports < 20:
            chooser = Chooser(acts, state.decision, names, readable.choice_notes(state, names))
            n = state.turn["imports"] + 1
            for a in acts:
                if a.type == "import":
                    chooser.prefix = [a.region]
                    labels = [t.label for t in chooser.next_tokens()]
                    assert all(f"({readable._ordinal(n)} of " in lab for lab in labels), labels
                    imports += 1
        routes = [a for a in acts if a.type == "army" and a.via]
        if len({(a.origin, a.to, a.hostile) for a in routes}) < len(routes):
            chooser = Chooser(acts, state.decision, names)
            kept = [(a.origin, a.to, a.hostile) for a in chooser.actions if a.type == "army" and a.via]
            assert len(kept) == len(set(kept))
            convoys += 1
    assert imports > 0 and convoys > 0


# -- rules helper ---------------------------------------------------------------------------------------------
def test_every_decision_has_our_own_help_with_a_rulebook_reference():
    for board, book in (("europe", "imperial-rules-en.txt"), ("world2030", "imperial-2030-rules-en.txt")):
        b = core.load_board(board)
        kinds = set(core.PHASES)
        if board == "europe":
            kinds.discard("canal")
        for kind in kinds:
            html = rulehelp.help_html(kind, b)
            assert 'data-testid="rule-help"' in html, kind
            assert rulehelp.refs(kind, board), kind
            assert "{" not in rulehelp.text(kind, b)
        text = (RULES / book).read_text(encoding="utf-8") if (RULES / book).exists() else ""
        if not text:
            continue
        headings = text.upper()
        words = re.findall(r"[a-z']+", text.lower())
        shingles = {" ".join(words[i:i + 7]) for i in range(len(words) - 6)}
        for kind in rulehelp.HELP:
            for ref in rulehelp.refs(kind, board):
                assert ref.section.split(" — ")[0].upper() in headings, ref
            ours = re.findall(r"[a-z']+", rulehelp.text(kind, b).lower())
            copied = [" ".join(ours[i:i + 7]) for i in range(len(ours) - 6) if " ".join(ours[i:i + 7]) in shingles]
            assert not copied, (kind, copied)  # our own words: no seven words in a row from the rulebook


@pytest.mark.parametrize("lang, book", [("de", "imperial-rules-de.txt"), ("es", "imperial-rules-es-first-edition.txt")])
def test_the_german_and_spanish_help_is_our_own_and_cites_the_rulebook_of_its_language(lang: str, book: str):
    b = core.load_board("europe")
    path = RULES / book
    if not path.exists():
        pytest.skip(f"{book} is not here")
    text = path.read_text(encoding="utf-8")
    words = re.findall(r"[^\W\d_]+", text.lower())
    shingles = {" ".join(words[i:i + 7]) for i in range(len(words) - 6)}
    headings = text.upper()
    for kind in rulehelp.HELP:
        if not rulehelp.refs(kind, "europe"):
            continue
        html = rulehelp.help_html(kind, b, lang=lang)
        assert rulehelp.where(kind, "europe", lang) in html.replace("&quot;", '"'), kind
        for section in rulehelp.LOCAL_REFS[lang][kind]:
            assert section.split(" — ")[0].upper() in headings, (kind, section)  # a heading the book prints
        ours = re.findall(r"[^\W\d_]+", rulehelp.text(kind, b, lang).lower())
        assert "{" not in rulehelp.text(kind, b, lang)
        copied = [" ".join(ours[i:i + 7]) for i in range(len(ours) - 6) if " ".join(ours[i:i + 7]) in shingles]
        assert not copied, (kind, copied)  # our own words: no seven words in a row from the rulebook
    # Imperial 2030 ships in English only: its help cites the English rulebook in any language
    w = core.load_board("world2030")
    assert "Imperial 2030" in rulehelp.help_html("canal", w, lang=lang) and "Maneuver — Canals" in \
        rulehelp.help_html("canal", w, lang=lang).replace("&quot;", '"').replace("„", "“")
