"""Command line: ``python -m imperial_core replay FILE`` and ``python -m imperial_core random --seed N``."""

from __future__ import annotations

import argparse
import sys

from .codec import encode, history_log, load
from .engine import ranking, scores
from .errors import BadToken
from .randomplay import random_game


def _log_lines(state) -> list[str]:
    """The game record in notation, one line per action: step, player, nation, action."""
    lines = []
    for step, (who, nation, text) in enumerate(history_log(state), 1):
        lines.append(f"{step:4d} {who}{f' [{nation}]' if nation else ''}: {text}")
    return lines


def _print_result(state) -> None:
    if state.is_over:
        sc = scores(state)
        print("final scores: " + ", ".join(f"{p} {sc[p]}" for p in ranking(state)))
        print(f"winner: {ranking(state)[0]}")
    else:
        print(f"game in progress: {state.current_player} to decide ({state.decision})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m imperial_core", description="Imperial rules engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("replay", help="print the log of a saved game (JSON save or link token) and its scores")
    rp.add_argument("file", help="file with a JSON save or a token; '-' reads standard input")
    rn = sub.add_parser("random", help="play a random game and print its token")
    rn.add_argument("--seed", type=int, default=0)
    rn.add_argument("--players", type=int, default=4)
    rn.add_argument("--edition", choices=("current", "first"), default="current")
    rn.add_argument("--setup", choices=("standard", "auction"), default="standard")
    rn.add_argument("--no-investor-card", action="store_true")
    args = ap.parse_args(argv)
    if args.cmd == "replay":
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
        try:
            state = load(text)
        except (BadToken, ValueError) as e:
            print(f"cannot read {args.file}: {e}", file=sys.stderr)
            return 2
        for line in _log_lines(state):
            print(line)
        _print_result(state)
        return 0
    state = random_game(args.seed, args.players, edition=args.edition, setup=args.setup,
                        investor_card=not args.no_investor_card)
    print(encode(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
