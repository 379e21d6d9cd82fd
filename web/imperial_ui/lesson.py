"""The tutorial's logic, in plain Python (no browser): its game, the step it is at, what a click means for the
step, the computer players' moves between the steps, and the tutorial's panel.

The progress is kept in the game's save (``session.extra["tutorial"]``: the step, and from which move on the
computers' moves are told), so that the tutorial can be left and resumed like any game.  Which click is right
is read from the step table (``tutorial_steps``) and the engine's own choices (``choices.Chooser``): the target
is the next click of the step's expected action, a click on the way to it (or to an action the step also
accepts) goes through, and any other choice is not played.  The computers' moves are the easy bot's
(``imperial_bots``), asked on the game with its players renamed, so that the lesson plays alike in every
language (the bot's dice depend on the position's text, names included).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import imperial_core as core
import imperial_text as tx

from . import rulehelp
from .choices import Chooser
from .readable import esc
from .session import Session
from .tutorial_steps import LEVEL, REFS, STEPS, Step, position

#: The key of the tutorial's progress in a game's save meta.
KEY = "tutorial"
HUMAN = "human"


def new_session(lang: str, game_id: str) -> Session:
    """The tutorial's game, its players named in ``lang``, at its first step; every seat is a person's for the
    page's computer players (the lesson moves the computers itself)."""
    names = [tx.t(lang, "page.f.default_name"), *(tx.t(lang, "page.b.computer_n", n=n) for n in (1, 2))]
    s = Session.from_state(core.from_position(position(names)), game_id=game_id)
    s.extra = {"seats": [HUMAN] * len(names), KEY: {"step": 0, "since": 0}}
    return s


def progress(s: Session | None) -> dict[str, int] | None:
    """The tutorial's progress in ``s`` (``None``: not a tutorial, or one that is over)."""
    raw = s.extra.get(KEY) if s is not None else None
    if not isinstance(raw, dict) or type(raw.get("step")) is not int or not 0 <= raw["step"] < len(STEPS):
        return None
    since = raw.get("since")
    return {"step": raw["step"], "since": since if type(since) is int and since >= 0 else 0}


def current(s: Session | None) -> Step | None:
    p = progress(s)
    return STEPS[p["step"]] if p is not None else None


def finish(s: Session) -> None:
    """The tutorial is over: the game goes on as a normal game, the computers at the tutorial's level."""
    s.extra.pop(KEY, None)
    s.extra["seats"] = [HUMAN] + [LEVEL] * (len(s.players) - 1)


# -- what is asked for --------------------------------------------------------------------------------------
def expected(state: Any, step: Step) -> Any | None:
    """The action the step asks for, if it is legal in ``state``."""
    if not step.expect:
        return None
    return next((a for a in core.legal_actions(state) if str(a) == step.expect), None)


def _same(a: Any, b: Any) -> bool:
    """The same action, or a convoy the page offers for it (same army, destination and stance)."""
    if str(a) == str(b):
        return True
    return a.type == b.type == "army" and (a.origin, a.to, a.hostile) == (b.origin, b.to, b.hostile)


def accepted(chooser: Chooser, state: Any, step: Step) -> list[int]:
    """The chooser's actions (by index) the step takes: the expected one first, then what it also accepts."""
    want = expected(state, step)
    if want is None:
        return []
    first = [i for i, a in enumerate(chooser.actions) if _same(a, want)][:1]
    more = [i for i, a in enumerate(chooser.actions) if step.accept == "same" and a.type == want.type and i not in first]
    return first + more


def target(chooser: Chooser | None, state: Any, step: Step | None) -> str:
    """The value (``data-choice``) of the next click toward the step's action; ``""`` when there is none."""
    ids = accepted(chooser, state, step) if chooser is not None and step is not None else []
    if not ids:
        return ""
    values = [t.value for t in chooser.steps[ids[0]]]  # type: ignore[union-attr]
    n = len(chooser.prefix)  # type: ignore[union-attr]
    return values[n] if values[:n] == chooser.prefix and n < len(values) else values[0]  # type: ignore[union-attr]


def judge(chooser: Chooser, value: str, state: Any, step: Step) -> str:
    """What a click on ``value`` is for this step: ``ok`` (on the way to an action the step takes), ``wrong``
    (another choice), ``read`` (the step only explains) or ``end`` (the lesson is over)."""
    if step.final:
        return "end"
    if step.explains:
        return "read"
    for base in (chooser.prefix, []):
        trial = [*base, value]
        for i in accepted(chooser, state, step):
            if [t.value for t in chooser.steps[i][: len(trial)]] == trial:
                return "ok"
    return "wrong"


# -- moving on ----------------------------------------------------------------------------------------------
def _canonical(state: Any, names: list[str]) -> Any:
    """``state`` with its players renamed P1, P2, …: the same choices in the same order, named alike in every
    language."""
    rename = {n: f"P{i + 1}" for i, n in enumerate(names)}

    def walk(x: Any) -> Any:
        if isinstance(x, dict):
            return {rename.get(k, k): walk(v) for k, v in x.items()}
        if isinstance(x, list):
            return [walk(v) for v in x]
        return rename.get(x, x) if isinstance(x, str) else x

    data = walk(json.loads(state.model_dump_json()))
    data["history"], data["origin"] = [], None
    return core.from_data(data)


def computer_move(state: Any, names: list[str]) -> tuple[Any, dict[str, str]]:
    """The easy computer's choice for whoever decides in ``state``, and why, in every language."""
    import imperial_bots  # only the tutorial asks the bots on the page itself (the game's bots are a worker's)

    plain = _canonical(state, names)
    action, whys = imperial_bots.choose_with_reasons(plain, level=LEVEL, seed=0)
    i = [str(a) for a in core.legal_actions(plain)].index(str(action))
    return core.legal_actions(state)[i], whys


@dataclass
class Moved:
    """What a person's move did to the lesson: ``on`` (the step is done), ``accepted`` (done another way the
    lesson takes too) or ``lost`` (the game left the lesson's path: the lesson ends at its last step)."""

    outcome: str


def played(s: Session, action: Any) -> Moved:
    """A person's move was played: the step is done, the computers move until the person decides again (each
    move's reason kept with the save, as the page's computer players keep theirs), and the next step that asks
    for something finds it legal, or the lesson goes to its end."""
    p = progress(s)
    if p is None:
        return Moved("off")
    step = STEPS[p["step"]]
    outcome = "on" if step.expect and str(action) == step.expect else "accepted"
    k = p["step"] + 1
    since = s.cur
    you = s.players[0]
    reasons = s.extra.setdefault("reasons", {})
    while not s.present.is_over and s.present.current_player != you:
        move, whys = computer_move(s.present, s.players)
        reasons[str(s.cur)] = [str(move), whys.get("en", ""), whys]
        s.play(move)
    nxt = STEPS[k]
    if nxt.expect and (s.present.is_over or expected(s.present, nxt) is None):
        k, outcome = len(STEPS) - 1, "lost"
    s.extra[KEY] = {"step": k, "since": since}
    return Moved(outcome)


def astray(s: Session) -> bool:
    """A step that asks for an action no longer legal here (a save changed by hand, a game that went its own
    way): the lesson goes to its last step.  Whether it did."""
    p = progress(s)
    if p is None:
        return False
    step = STEPS[p["step"]]
    if not step.expect or (not s.present.is_over and expected(s.present, step) is not None):
        return False
    s.extra[KEY] = {"step": len(STEPS) - 1, "since": p["since"]}
    return True


def next_step(s: Session) -> bool:
    """"Next" on a step that only explains; whether the lesson moved on."""
    p = progress(s)
    if p is None or not STEPS[p["step"]].explains:
        return False
    k = p["step"] + 1
    nxt = STEPS[k]
    if nxt.expect and (s.present.is_over or expected(s.present, nxt) is None):
        k = len(STEPS) - 1
    s.extra[KEY] = {"step": k, "since": p["since"]}
    return True


# -- the panel ----------------------------------------------------------------------------------------------
def where(ref: str, lang: str) -> str:
    """Where to read a step's rule: its book and section (and page, in the English rulebook)."""
    own = REFS.get(ref)
    book = tx.t(lang, f"rules.book.europe.{rulehelp.book_lang('europe', lang)}")
    if own is None:
        at = rulehelp.where(ref, "europe", lang, short=True)
    elif rulehelp.book_lang("europe", lang) == "en":
        at = tx.t(lang, "rules.ref_short", section=own.en, page=own.page)
    else:
        at = tx.t(lang, "rules.quote", section=own.de if lang == "de" else own.es)
    return tx.t(lang, "rules.read_more", book=book, where=at)


def step_text(s: Session, step: Step, lang: str) -> str:
    """The step's text in ``lang`` (the Swiss Bank's holder named)."""
    swiss = s.present.swiss_banks[0] if s.present.swiss_banks else s.players[-1]
    return tx.t(lang, f"tutorial.s.{step.key}", swiss=swiss)


def panel_html(s: Session, lang: str, oops: str = "") -> str:
    """The tutorial's panel: the step and its topic, its text, the friendly word after another choice (``oops``,
    a catalogue key), the step's buttons ("Next" only where the step only explains; the last step's two), where
    to read more, and the computers' moves since the last step."""
    p = progress(s)
    if p is None:
        return ""
    k = p["step"]
    step = STEPS[k]

    def w(key: str, **values: Any) -> str:
        return esc(tx.t(lang, key, **values))

    # the header and the step's buttons stay put; the words between them scroll when they must (a new step's
    # panel is drawn anew, so it is read from its top)
    head = (f'<div class="tstep" data-testid="tutorial-step" data-step="{k + 1}" data-steps="{len(STEPS)}" '
            f'data-topic="{step.topic}" data-key="{esc(step.key)}">'
            f'<p class="thead" id="tutorial-title"><b>{w("tutorial.title")}</b> · '
            f'{w("tutorial.step_of", n=k + 1, total=len(STEPS))} · {w(f"tutorial.topic.{step.topic}")}</p>')
    body = []
    if oops:  # after another choice: said first, the step's text after it
        body.append(f'<p class="toops" data-testid="tutorial-oops" role="status">{w(oops)}</p>')
    body.append(f'<p class="ttext">{esc(step_text(s, step, lang))}</p>')
    body.append(f'<p class="tref">{esc(where(step.ref, lang))}</p>')
    you = s.players[0]
    moves = [e for e in s.entries[p["since"]:s.cur] if e.player != you]
    if moves:  # the computers' moves since the last step, each in one sentence with its reason
        body.append(f'<div class="tmeanwhile"><p>{w("tutorial.meanwhile")}</p><ul>'
                    + "".join(f"<li>{esc(e.text)}</li>" for e in moves) + "</ul></div>")
    buttons = ""
    if step.explains:
        buttons = (f'<div class="choices"><button class="primary" data-cmd="tutorial-next" '
                   f'data-testid="tutorial-next">{w("tutorial.next")}</button></div>')
    elif step.final:
        buttons = (f'<div class="choices"><button class="primary" data-cmd="tutorial-play-on" '
                   f'data-testid="tutorial-play-on">{w("tutorial.play_on")}</button>'
                   f'<button data-cmd="tutorial-real-game" data-testid="tutorial-real-game">'
                   f'{w("tutorial.real_game")}</button></div>')
    out = [head, '<div class="tbody" tabindex="0" aria-labelledby="tutorial-title">', *body, "</div>", buttons]
    out.append("</div>")
    return "".join(out)
