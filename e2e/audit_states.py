"""The states the page audit walks (``e2e/test_page_audit.py``), made in CPython from seeded games and opened in
the page through its own link or save import, never by replaying clicks.

* per board, the first state of each kind of decision in seeded games of easy computer players (rondel, bonds,
  factory, import, production, each maneuver step with a unit picked too, the battle questions, Swiss Bank,
  canal, cash asked for; an auction of the auction set-up), and the largest bond decision of those games;
* a game by link: "which player are you", the send step, "since you played", a fork, waiting for another;
* every step of the tutorial, as its save keeps it;
* the score screen, and the review under it (the review made here, kept in the save as the page keeps it);
* a hint shown at a bond decision, and the hint so far (the expert still thinking) at an import.

Each :class:`AuditState` says how to open it (``how``) and what it carries (``data``); ``e2e/audit.py``
opens it.  Everything is made once per test process (``cache``)."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from functools import cache
from typing import Any

import imperial_bots as bots
import imperial_core as core
from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))
from imperial_ui import botanswer, lesson  # noqa: E402
from imperial_ui.choices import Chooser, Names  # noqa: E402
from imperial_ui.session import Session  # noqa: E402
from imperial_ui.tutorial_steps import STEPS  # noqa: E402

#: The kinds of decision the engine asks, in the order the audit lists them.
DECISIONS = ("rondel", "invest", "auction", "factory", "import", "production", "fleets", "armies", "contact",
             "order", "demand", "swiss", "canal", "fund")
#: The seeded games sampled per board (easy computer players in every seat, six players).
SEEDS = (1, 2, 3)
PLAYERS = ["Ann", "Bob", "Cem", "Dee", "Eli", "Fay"]


@dataclass(frozen=True)
class AuditState:
    """A state of the page: its name (``europe/invest``), how it is opened and with what.

    ``how``: ``link`` (``data``: a link token), ``save`` (a save's text, imported), ``then_link`` (a save
    imported, then a link opened: ``data`` is ``[save, token]``), ``claim`` (a game by link nobody here has
    claimed: a token), ``review`` (a save with its review kept: the score screen, then "Review").
    ``pick``: a choice clicked once it is open (a unit picked in a maneuver: its destinations).
    ``hint``: once it is open, Hint is pressed and this answer of the worker (JSON text, its ``id`` put in by
    the page's request) comes back: an ``answer``, or a ``hint-so-far`` while the expert goes on."""

    name: str
    how: str
    data: Any
    pick: str = ""
    decision: bool = True  # a decision is on screen (the score strip must be in view)
    #: the sizes it is audited at (indices into the audit's sizes; ``None``: all of them)
    sizes: tuple[int, ...] | None = None
    hint: str = ""


def _play(state: Any, seed: int) -> Any:
    return core.apply(state, bots.choose(state, level="easy", seed=seed))


@cache
def _first_kinds(board: str) -> dict[str, Any]:
    """The first state of each kind of decision in the seeded games, and the largest bond decision (played once
    per process: the decisions and the hints are both taken from them; read only)."""
    found: dict[str, Any] = {}
    most = None
    for seed in SEEDS:
        state = core.new_game(PLAYERS, seed=seed, board=board)
        while not state.is_over:
            kind = state.decision
            found.setdefault(kind, state)
            if kind == "invest":
                n = len(core.legal_actions(state))
                if most is None or n > len(core.legal_actions(most)):
                    most = state
            state = _play(state, len(state.history))
        if all(k in found for k in DECISIONS if k != "auction"):
            break
    if most is not None and most is not found.get("invest"):
        found["invest-most"] = most
    auction = core.new_game(PLAYERS[:4], seed=2, board=board, setup="auction")
    if auction.decision == "auction":
        found["auction"] = auction
    return found


def _unit_pick(state: Any) -> str:
    """A maneuver's first unit to pick (the page then asks where it goes), ``""`` when there is none."""

    chooser = Chooser(core.legal_actions(state), state.decision, Names(core.load_board(state.board)))
    for tok in chooser.next_tokens():
        if tok.kind == "region":
            return tok.value
    return ""


@cache
def decision_states() -> list[AuditState]:
    """The decisions of both boards: the first of each kind, a maneuver's unit picked, the largest bond
    decision."""
    out = []
    for board in ("europe", "world2030"):
        for kind, state in sorted(_first_kinds(board).items(), key=lambda kv: (DECISIONS + ("invest-most",)).index(kv[0])):
            out.append(AuditState(f"{board}/{kind}", "link", core.encode(state)))
            if kind in ("armies", "fleets"):
                pick = _unit_pick(state)
                if pick:
                    out.append(AuditState(f"{board}/{kind}-to", "link", core.encode(state), pick=pick))
    return out + hint_states()


def _worker_answer(state: Any, so_far: bool) -> str:
    """What the bot worker says of the expert's choice at ``state`` (made here by the worker's own answer
    function, at a small budget): its answer, or that choice as its best so far."""
    ask = {"id": 0, "kind": "move", "position": core.to_position(state), "level": "normal", "seed": 0, "lang": "en"}
    msg = json.loads(botanswer.answer(json.dumps(ask)))
    if so_far:
        msg = {"type": "hint-so-far", "id": 0, "index": msg["index"], "action": msg["action"]}
    return json.dumps(msg)


def hint_states() -> list[AuditState]:
    """A hint at the largest bond decision of Europe (its sentence names the nation and the bond), and the hint
    so far at Imperial 2030's first import."""
    europe, world = _first_kinds("europe"), _first_kinds("world2030")
    bond = europe.get("invest-most", europe["invest"])
    return [AuditState("europe/invest-hint", "link", core.encode(bond), hint=_worker_answer(bond, False)),
            AuditState("world2030/import-hint-so-far", "link", core.encode(world["import"]),
                       hint=_worker_answer(world["import"], True))]


# -- a game by link ---------------------------------------------------------------------------------------
def _by_link_game() -> list[Any]:
    """A Europe game of three people (random moves, seeded), as its states: the game goes between Ann, Bob
    and Cem by link."""
    rng = random.Random(5)
    state = core.new_game(["Ann", "Bob", "Cem"], seed=5)
    states = [state]
    while len(states) < 70:
        state = core.apply(state, rng.choice(core.legal_actions(state)))
        states.append(state)
    return states


SEATS = ["human", "human", "human"]


def _save(state: Any, **extra: Any) -> str:
    s = Session.from_state(state, game_id="audit-by-link")
    s.extra = {"by_link": True, "seats": SEATS, "base": len(state.history), "held": False, **extra}
    return s.to_save()


@cache
def by_link_states() -> list[AuditState]:
    """A game by link at a hand-off from one person to the next, as each device sees it."""
    states = _by_link_game()
    # where the turn passes from one person to another
    hand = next(k for k in range(30, len(states) - 1)
                if states[k].current_player != states[k + 1].current_player)
    before, after = states[hand], states[hand + 1]
    me, other = before.current_player, after.current_player
    token = core.encode(after, seats=SEATS, by_link=True)
    # the person whose turn comes next saw the game some moves before (their own last move)
    seen = max(k for k in range(hand) if states[k].current_player == other)
    earlier = states[seen + 1]
    # a fork: the same move made another way on another device
    alt = next(core.apply(before, a) for a in core.legal_actions(before)
               if core.apply(before, a).history != after.history)
    return [
        AuditState("bylink/claim", "claim", token, decision=False),
        AuditState("bylink/send", "save", _save(after, mine=[me], held=True)),
        AuditState("bylink/waiting", "save", _save(after, mine=[me])),
        AuditState("bylink/since", "then_link", [_save(earlier, mine=[other]), token]),
        AuditState("bylink/fork", "then_link",
                   [_save(after, mine=[other]), core.encode(alt, seats=SEATS, by_link=True)], decision=False),
    ]


# -- the tutorial ------------------------------------------------------------------------------------------
@cache
def tutorial_saves(lang: str) -> list[str]:
    """The tutorial's save at each of its steps, walked in ``lang`` by doing what each step asks."""
    s = lesson.new_session(lang, "audit-tutorial")
    out = [s.to_save()]
    while len(out) < len(STEPS):
        step = lesson.current(s)
        assert step is not None and not step.final, len(out)
        if step.explains:
            assert lesson.next_step(s)
        else:
            action = lesson.expected(s.present, step)
            assert action is not None, step.key
            s.play(action)
            lesson.played(s, action)
        out.append(s.to_save())
    return out


#: the tutorial's steps audited at every size (the others each at one, in turn): steps 4 and 5, whose words
#: were cut (issue 44), and the last, which has two buttons
EVERY_SIZE = (3, 4, len(STEPS) - 1)


def tutorial_states() -> list[AuditState]:
    """Every step of the tutorial (the save is made in the language the page shows: ``data`` is the step),
    each at one of the sizes in turn, a few at all."""
    return [AuditState(f"tutorial/{k + 1}", "tutorial", k, sizes=None if k in EVERY_SIZE else (k % 3,))
            for k in range(len(STEPS))]


# -- the end ------------------------------------------------------------------------------------------------
@cache
def end_states() -> list[AuditState]:
    """The score screen of a finished game of each board, and a review shown under it."""
    from reviewgame import finished_game

    state = finished_game()
    answer = json.loads(botanswer.answer(json.dumps({"id": 1, "kind": "review", "gameId": "audit-review",
                                                     "game": core.save(state)})))
    s = Session.from_state(state, game_id="audit-review")
    s.extra = {"review": answer["review"]}
    world = core.new_game(PLAYERS, seed=2, board="world2030")
    while not world.is_over:
        world = _play(world, len(world.history))
    return [
        AuditState("europe/scores", "link", core.encode(state), decision=False),
        AuditState("world2030/scores", "link", core.encode(world), decision=False),
        AuditState("europe/review", "review", s.to_save(), decision=False),
    ]


def all_states() -> list[AuditState]:
    """Every state the audit walks, in order."""
    return decision_states() + by_link_states() + tutorial_states() + end_states()
