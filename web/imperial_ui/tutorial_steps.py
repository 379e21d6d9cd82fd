"""The tutorial ("Learn to play") as data: the prepared position it starts from and its steps, in order.

Each :class:`Step` names its text (catalogue ``tutorial.s.<key>``, in ``pkg/imperial_text/tables/tutorial.py``),
its topic, where to read the rule (``ref``: a kind of :data:`rulehelp.HELP`, or a key of :data:`REFS`), and what
the player does: ``expect`` is the action asked for, in the engine's notation (empty: the step only explains,
and "Next" goes on); ``accept`` names other actions the lesson takes as well (``"same"``: any legal action of
the same type, say another import).  ``look`` is what an explaining step points at on the screen.  Nothing
here is a rule: the expected actions are checked against ``legal_actions`` when the step comes (and by
``e2e/test_tutorial_logic.py``, which replays the whole table through the engine).

The game: three players (you and two easy computer players) in the second round of a Europe game.  You
govern Austria-Hungary, Italy and France; Computer 1 governs Great Britain, Germany and Russia; Computer 2
governs nothing and holds the Swiss Bank.  The computers' moves between the steps are made by
``imperial_bots`` (easy level), as in a game against the computer.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_core.position import escape

#: The start of the tutorial's game, with ``{you}``, ``{c1}``, ``{c2}`` for the players' names.
POSITION = (
    "imperial 2 board=europe edition=current setup=standard investor_card=yes seed=1 round=2"
    " | player {you} cash=12 bonds=AH:2+9,IT:9,FR:9"
    " | player {c1} cash=0 bonds=IT:2,GB:2+9,GE:9,RU:9"
    " | player {c2} cash=3 bonds=AH:4,FR:2,RU:2"
    " | cards investor={you} swiss={c2}"
    " | nation AH treasury=14 power=2 tax=1 rondel=maneuver1 government={you} factories=vienna,budapest"
    " armies=vienna,budapest"
    " | nation IT treasury=6 power=1 tax=0 rondel=investor government={you} factories=rome,naples"
    " flags=tunis,westbalkan,ioniansea armies=tunis fleets=ioniansea"
    " | nation FR treasury=7 power=1 tax=0 rondel=investor government={you} factories=paris,bordeaux"
    " flags=bayofbiscay armies=paris fleets=bayofbiscay"
    " | nation GB treasury=5 power=2 tax=1 rondel=maneuver2 government={c1} factories=london,liverpool"
    " flags=northatlantic fleets=northsea,northatlantic"
    " | nation GE treasury=4 power=1 tax=0 rondel=production1 government={c1} factories=berlin,hamburg"
    " flags=balticsea armies=berlin,cologne fleets=northsea,balticsea"
    " | nation RU treasury=6 power=1 tax=0 rondel=maneuver2 government={c1} factories=moscow,odessa"
    " flags=blacksea armies=moscow fleets=blacksea"
    " | turn phase=rondel nation=AH"
)
#: The computer players' strength, during the tutorial and when the game is played on.
LEVEL = "easy"
#: The topics, in the order they are taught (catalogue ``tutorial.topic.<n>``).
TOPICS = 9


@dataclass(frozen=True)
class Ref:
    """A place in the rulebooks that ``rulehelp`` does not list: the English section and page, and the section
    as the German and the Spanish rulebooks print it."""

    en: str
    page: str
    de: str
    es: str


#: Rulebook places of the tutorial's own (the others are ``rulehelp.HELP`` kinds).
REFS: dict[str, Ref] = {"play": Ref("Game play", "6", "Spielablauf", "El juego")}


@dataclass(frozen=True)
class Step:
    """One step: its text ``tutorial.s.<key>``, its topic (1–9), where to read (``ref``), the action asked for
    (``expect``, notation; empty: explain only), other actions taken too (``accept``), what to look at
    (``look``: ``players``, ``scoreboard``, ``rondel``) and whether it is the last (``final``)."""

    key: str
    topic: int
    ref: str
    expect: str = ""
    accept: str = ""
    look: str = ""
    final: bool = False

    @property
    def explains(self) -> bool:
        """Only explains: "Next" goes on (the last step offers its own two buttons)."""
        return not self.expect and not self.final


STEPS: tuple[Step, ...] = (
    Step("investor_not_nation", 1, "play", look="players"),
    Step("government", 1, "play", look="scoreboard"),
    Step("rondel", 2, "rondel", look="rondel"),
    Step("to_investor", 3, "invest", "rondel investor"),
    Step("buy_bond", 3, "invest", "bond GE 12"),
    Step("production", 4, "production", "rondel production2"),
    Step("to_import", 4, "import", "rondel import"),
    Step("import_army", 4, "import", "import army paris", accept="same"),
    Step("import_done", 4, "import", "pass"),
    Step("to_maneuver", 5, "fleets", "rondel maneuver1"),
    Step("battle", 5, "fleets", "battle northsea fleet vs GB fleet"),
    Step("fleets_done", 5, "fleets", "pass"),
    Step("convoy", 5, "armies", "army berlin>sweden via balticsea"),
    Step("flag", 5, "armies", "army cologne>holland"),
    Step("pay_for_more", 6, "rondel", "rondel factory"),
    Step("factory", 6, "factory", "factory trieste", accept="same"),
    Step("taxation", 7, "taxation", "rondel taxation"),
    Step("swiss_bank", 8, "swiss", look="players"),
    Step("end", 9, "over", look="scoreboard"),
    Step("finish", 9, "over", final=True),
)


def position(names: list[str]) -> str:
    """The tutorial's starting position with these three players' names."""
    you, c1, c2 = (escape(n) for n in names)
    return POSITION.format(you=you, c1=c1, c2=c2)
