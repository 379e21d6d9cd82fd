"""A fixed vector of numbers per position and player, read from the state: what the learned evaluation
(:mod:`imperial_bots.learned`) weighs.  Pure Python (no numpy), the same in every Python.

The vector is seen from the player being evaluated ("me"): the players come in seating order starting
with me, so one weight vector serves every seat.  The nations come in the board's order (the weights are
per board).  Its parts, in order (:func:`names` names every entry):

* **the game:** a constant 1, the round, whether the game is over, the number of players (one-hot 2–6),
  whether I or another holds the investor card, and two entries that are nonzero only once the game is
  over (my cash, my interest times power factor), so that a finished position is read exactly; the
  hand-made evaluation's projected final scores (:func:`imperial_bots.evaluate.values`, without the
  winner's bonus) of me, of the best other and of the mean other, and each of them times the round;
* **per player** (me first, then the others in seating order; absent seats are zeros): present, cash,
  interest held, interest times today's power factor, interest times power / 5, governments held, and
  whether the player is a Swiss Bank;
* **per nation:** power / 5, today's power factor, tax revenue (free factories twice, flags: the hand-made
  evaluation's reading, :func:`imperial_bots.evaluate.summarize`), the tax of its last taxation, treasury,
  factories, units, flags, factories under threat, flags within reach, its rondel place (one-hot of the
  eight spaces, or none yet), my interest and my bonds' value, the most interest another player holds and
  the interest the others hold in all, the value of the bonds not sold, the government (mine, another's,
  none), and my interest times power / 5, times the power factor, times tax revenue and times the round.

Money is in tens of millions, so that every entry is of the order of one.
"""

from __future__ import annotations

from functools import cache

from imperial_core import GameState, load_board

from .evaluate import Summary, add_up, board_info, summarize, values, weights_for

#: Most players of a game (the vector has this many player blocks).
MAX_PLAYERS = 6
#: Entries of the game, per player and per nation.
GAME = ("one", "round", "over", "players2", "players3", "players4", "players5", "players6", "card_me",
        "card_other", "over_cash", "over_interest_factor", "hand_me", "hand_best", "hand_mean", "hand_me_round",
        "hand_best_round", "hand_mean_round")
PLAYER = ("present", "cash", "interest", "interest_factor", "interest_power", "governments", "swiss")
NATION = ("power", "factor", "revenue", "tax", "treasury", "factories", "units", "flags", "threat", "reach",
          *(f"rondel{i}" for i in range(8)), "rondel_none", "my_interest", "my_bonds", "best_other_interest",
          "other_interest", "unsold", "gov_me", "gov_other", "gov_none", "my_interest_power",
          "my_interest_factor", "my_interest_revenue", "my_interest_round")


@cache
def names(board: str) -> tuple[str, ...]:
    """The name of every entry of a board's vectors, in order."""
    nids = load_board(board).nation_ids
    return (GAME + tuple(f"p{k}_{f}" for k in range(MAX_PLAYERS) for f in PLAYER)
            + tuple(f"{nid}_{f}" for nid in nids for f in NATION))


@cache
def _board(board: str) -> tuple[tuple[tuple[int, int], ...], dict[int, int]]:
    b = load_board(board)
    return tuple(b.power_factor), dict(b.bonds)


def _factor(table: tuple[tuple[int, int], ...], points: int) -> int:
    f = 0
    for lo, factor in table:
        if points >= lo:
            f = factor
    return f


def vectors(state: GameState, sm: Summary | None = None) -> list[list[float]]:
    """The vector of every player (seating order) in ``state``; ``sm`` is its summary if already made."""
    sm = sm or summarize(state)
    table, _bonds = _board(state.board)
    np_ = len(sm.names)
    nats = list(state.nations.values())
    factors = [_factor(table, p) for p in sm.power]
    swiss = set(state.swiss_banks)
    rnd = sm.round / 10.0
    hand = [x / 10.0 for x in values(sm, board_info(state.board), weights_for(state.board).with_(win=0.0))]
    # per player, in seating order: the player block (without "present") and governments held
    blocks = []
    for i in range(np_):
        inter = sum(row[i] for row in sm.interest)
        fac = sum(row[i] * factors[n] for n, row in enumerate(sm.interest))
        pw = add_up(row[i] * sm.power[n] / 5.0 for n, row in enumerate(sm.interest))
        govs = sum(1 for g in sm.gov if g == i)
        blocks.append([1.0, sm.cash[i] / 10.0, inter / 10.0, fac / 10.0, pw / 10.0, float(govs),
                       1.0 if sm.names[i] in swiss else 0.0])
    # per nation, the parts that do not depend on the player
    common = []
    for n, nat in enumerate(nats):
        place = nat["rondel"]
        rondel = [0.0] * 9
        rondel[8 if place is None or not 0 <= place < 8 else place] = 1.0
        unsold = sum(v for v, h in nat["bonds"].items() if h is None)
        common.append([sm.power[n] / 5.0, float(factors[n]), float(sm.base[n]), float(nat.get("tax") or 0),
                       sm.treasury[n] / 10.0, float(len(nat["factories"])), float(sm.units[n]),
                       float(len(nat["flags"])), float(sm.threat[n]), float(sm.reach[n]), *rondel,
                       unsold / 10.0])
    over = 1.0 if sm.over else 0.0
    players_hot = [1.0 if np_ == k else 0.0 for k in range(2, 7)]
    out = []
    for me in range(np_):
        v = [1.0, rnd, over, *players_hot, 1.0 if sm.card == me else 0.0,
             1.0 if sm.card >= 0 and sm.card != me else 0.0, over * blocks[me][1], over * blocks[me][3]]
        rest = hand[:me] + hand[me + 1:]
        best, mean = max(rest, default=0.0), add_up(rest) / len(rest) if rest else 0.0
        v.extend((hand[me], best, mean, hand[me] * rnd, best * rnd, mean * rnd))
        for k in range(MAX_PLAYERS):
            v.extend(blocks[(me + k) % np_] if k < np_ else [0.0] * len(PLAYER))
        for n, row in enumerate(sm.interest):
            c = common[n]
            mine = row[me] / 10.0
            others = [x for i, x in enumerate(row) if i != me]
            gi = sm.gov[n]
            v.extend(c[:19])
            v.extend((mine, sm.credit[n][me] / 10.0, max(others, default=0) / 10.0, sum(others) / 10.0, c[19],
                      1.0 if gi == me else 0.0, 1.0 if gi >= 0 and gi != me else 0.0, 1.0 if gi < 0 else 0.0,
                      mine * c[0], mine * c[1], mine * c[2], mine * rnd))
        out.append(v)
    return out
