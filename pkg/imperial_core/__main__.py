"""Command line.

``python -m imperial_core replay ARG``    the game record and the result of a save or link
                                         (``--story``: sentences under round headings)
``python -m imperial_core position ARG``  the position text of a game's present (``to_position``)
``python -m imperial_core random --seed N``  play a random game and print its link token

``ARG`` is a file (a save, an older save, or a token), ``-`` for standard input, a link token, or a link
with ``#g=TOKEN``.  Input that cannot be read gives one line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys

from .codec import encode, history_log, load, start_of
from .engine import legal_actions, ranking, scores, step_index
from .errors import BadToken
from .model import GameState
from .randomplay import random_game


def _log_lines(state: GameState) -> list[str]:
    """The game record in notation, one line per action: step, player, nation, action."""
    lines = []
    for step, (who, nation, text) in enumerate(history_log(state), 1):
        lines.append(f"{step:4d} {who}{f' [{nation}]' if nation else ''}: {text}")
    return lines


def _story_lines(state: GameState) -> list[str]:
    """The game told in sentences (``narrate``), a heading for each nation's turn."""
    from .narrate import entry

    lines: list[str] = []
    heading = None
    s = start_of(state)
    for i in state.history:
        action = legal_actions(s)[i]
        new, events = step_index(s, i)
        e = entry(s, action, events)
        if e.heading != heading:
            heading = e.heading
            lines.append(f"== {heading}")
        lines.append(f"{e.step:4d} {e.text}")
        s = new
    return lines


def _print_result(state: GameState) -> None:
    if state.is_over:
        sc = scores(state)
        print("final scores: " + ", ".join(f"{p} {sc[p]}" for p in ranking(state)))
        print(f"winner: {ranking(state)[0]}")
    else:
        print(f"game in progress: {state.current_player} to decide ({state.decision})")


def _read(arg: str) -> GameState:
    """The game ``arg`` names (file, ``-``, token or link).  Raises :class:`BadToken` or ``OSError``."""
    if arg == "-":
        return load(sys.stdin.buffer.read())
    if os.path.exists(arg):
        with open(arg, "rb") as fh:
            return load(fh.read())
    try:
        return load(arg)
    except BadToken as e:
        if "#g=" in arg or len(arg) > 40 or arg.startswith("{"):
            raise
        raise BadToken(f"no such file, and not a game link ({e})") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m imperial_core", description="Imperial rules engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    what = "a save file, '-' for standard input, a link token, or a link with #g=TOKEN"
    rp = sub.add_parser("replay", help="print the record of a saved or linked game and its scores")
    rp.add_argument("game", help=what)
    rp.add_argument("--story", action="store_true", help="sentences with amounts under round headings")
    pp = sub.add_parser("position", help="print the position text of a saved or linked game's present")
    pp.add_argument("game", help=what)
    rn = sub.add_parser("random", help="play a random game and print its token")
    rn.add_argument("--seed", type=int, default=0)
    rn.add_argument("--players", type=int, default=4)
    rn.add_argument("--edition", choices=("current", "first"), default="current")
    rn.add_argument("--setup", choices=("standard", "auction"), default="standard")
    rn.add_argument("--no-investor-card", action="store_true")
    args = ap.parse_args(argv)
    if args.cmd in ("replay", "position"):
        shown = args.game if len(args.game) <= 60 else args.game[:57] + "..."
        try:
            state = _read(args.game)
        except BadToken as e:
            print(f"cannot read {shown}: {e}", file=sys.stderr)
            return 2
        except OSError as e:
            print(f"cannot read {shown}: {e.strerror or e}", file=sys.stderr)
            return 2
        if args.cmd == "position":
            try:
                from .position import to_position
            except ImportError:
                print("positions are not available in this version", file=sys.stderr)
                return 2
            print(to_position(state))
            return 0
        for line in _story_lines(state) if args.story else _log_lines(state):
            print(line)
        _print_result(state)
        return 0
    state = random_game(args.seed, args.players, edition=args.edition, setup=args.setup,
                        investor_card=not args.no_investor_card)
    print(encode(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
