"""bones' levels against the PyPI package dominoes' players in the partnership block game.

Duplicate deals (bones arena); prints, per pair, deals won with its 95% interval,
points share, one-sided p, and the milliseconds per move of each side. Crazy
thinks about a second a move, so it plays fewer deals (--crazy-deals).

    python bench/arena_dominoes.py --deals 200 --crazy-deals 30

The package's own players can sit on the bones side too: the chained alpha-beta player
against bota_gorda (the package says about 66%; 200 deals, 12-03: 0.625, 0.556-0.689,
the plain probabilistic_alphabeta 0.575):

    python bench/arena_dominoes.py --levels dominoes:pab_bg --opponents dominoes:bota_gorda
"""

from __future__ import annotations

import argparse
import time

from bones.arena import run_arena

OPPONENTS = ["dominoes:random", "dominoes:bota_gorda", "dominoes:probabilistic_alphabeta", "dominoes:pab_bg"]
OPTIONS = {"players": 4, "teams": True}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--crazy-deals", type=int, default=30)
    parser.add_argument("--levels", default="easy,normal,hard,crazy")
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    args = parser.parse_args()
    print("level    opponent                           deals  won    95% CI        share  p        ms/move  theirs")
    for level in args.levels.split(","):
        for opponent in args.opponents.split(","):
            deals = args.crazy_deals if level == "crazy" else args.deals
            started = time.perf_counter()
            result = run_arena("block", [level], [opponent], deals, OPTIONS, seed=0)
            pair = result.pairs[0]
            s = pair.stats
            low, high = s.win_interval()
            print(
                f"{level:8} {opponent:34} {deals:5}  {100 * s.win_rate:5.1f}% "
                f"{100 * low:5.1f}-{100 * high:5.1f}%  {100 * s.points_share:5.1f}% {s.p_value():.2g}"
                f"{'':6} {1000 * pair.seconds_per_move[0]:7.2f}  {1000 * pair.seconds_per_move[1]:7.2f}"
                f"   ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
