"""Crazy with settings A and B against Hard in a 3- or 4-player line game, on duplicate deals (issue 15).

With 4 players (kozel has no other count; in pairs, Crazy's seats are partners) each deal's first
hand is played twice: Crazy in seats 0 and 2 and Hard in 1 and 3, then the other way round; the
margin is Crazy's seats' points minus Hard's. With 3 players (``--players 3``) it is played three
times, Crazy in each seat in turn and Hard in the other two; the margin is Crazy's points minus
the mean of Hard's. ``--opponent`` sets another level in Hard's seats (or ``mix``: each move by Easy,
Normal or Hard). The same random stream serves both variants, so their margins are paired by
deal (each the mean over the seatings); the table gives A, B, B - A with a 95% bootstrap interval,
and Crazy's CPU seconds a move (median and maximum over moves with a choice).

    nice -n 19 .venv/bin/python bench/crazy_race_ab.py --game classic --deals 40 --a race=0 --b race=10
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

import bones
from bones.bots import bot_for
from bones.line.state import LineState
from bones.registry import game_info

# The same play, opponents, settings and bootstrap as the two-player A/B.
from crazy_ab import first_hand, interval, opponent, setting

SEED = 5150


SEATINGS = {4: ((0, 2), (1, 3)), 3: ((0,), (1,), (2,))}


def margin(
    game: str, deal: int, settings: dict[str, Any], times: list[float], players: int = 4, level: str = "hard"
) -> float:
    options = {"players": players} if any(o.name == "players" for o in game_info(game).options) else {}
    rules = bones.rules(game, **options)
    other = opponent(rules, level)
    crazy = bot_for(rules, "crazy")
    for name, value in settings.items():
        setattr(crazy, name, value)
    total = 0.0
    for crazy_seats in SEATINGS[players]:
        state = rules.new_game(seed=SEED + deal)
        assert isinstance(state, LineState)
        rng = random.Random(f"{SEED}:{deal}")
        state = first_hand(state, crazy, crazy_seats, other, rng, times)
        # Good points by seat (a pair's on its first seat; where the low score wins, what the others wrote).
        points = state.last_hand_points()
        others = [points[s] for s in range(players) if s not in crazy_seats]
        crazy_points = sum(points[s] for s in crazy_seats)
        total += crazy_points - sum(others) if players == 4 else crazy_points - statistics.fmean(others)
    return total / len(SEATINGS[players])


def _mean(xs: list[float]) -> str:
    """The mean with its 95% half-width (normal approximation)."""
    return f"{statistics.fmean(xs):+.2f} ± {1.96 * statistics.stdev(xs) / len(xs) ** 0.5:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="classic")
    parser.add_argument("--players", type=int, choices=sorted(SEATINGS), default=4)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--opponent", default="hard", help="the level in the other seats: easy, normal, hard or mix")
    parser.add_argument("--seconds", type=float, default=0.5, help="Crazy's CPU seconds a move")
    parser.add_argument("--a", action="append", default=[])
    parser.add_argument("--b", action="append", default=[])
    args = parser.parse_args()
    base = {"seconds": args.seconds, "clock": "cpu"}
    variant_a = {**base, **dict(setting(t) for t in args.a)}
    variant_b = {**base, **dict(setting(t) for t in args.b)}
    print(f"A: {variant_a}\nB: {variant_b}", flush=True)
    a_margins: list[float] = []
    b_margins: list[float] = []
    times_a: list[float] = []
    times_b: list[float] = []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        a_margins.append(margin(args.game, deal, variant_a, times_a, args.players, args.opponent))
        b_margins.append(margin(args.game, deal, variant_b, times_b, args.players, args.opponent))
        print(f"deal {deal}: A {a_margins[-1]:+.1f} B {b_margins[-1]:+.1f}", flush=True)
    diffs = [b - a for a, b in zip(a_margins, b_margins)]
    n = len(diffs)
    low, high = interval(diffs, random.Random(SEED))
    print(
        f"{args.game} {args.players}p against {args.opponent}, {n} deals: A {_mean(a_margins)}  B {_mean(b_margins)}  "
        f"B-A {statistics.fmean(diffs):+.2f} ({low:+.2f}..{high:+.2f})"
    )
    print(
        f"seconds a move: A median {statistics.median(times_a):.3f} max {max(times_a):.3f}; "
        f"B median {statistics.median(times_b):.3f} max {max(times_b):.3f}"
    )


if __name__ == "__main__":
    main()
