"""The strength ladder: Easy < Normal < Hard < Crazy, each step significant at p < 0.01.

Duplicate matches (bones.tournament): every deal is played with the seats
rotated, so both levels hold the same hands. Games: 2-player draw, 2-player all
fives and 4-player kozel (pairs against pairs). For each adjacent pair the
table gives the share of the points, deals won with a 95% interval, the margin
per hand and the one-sided p-value that the stronger level is not stronger.

Target (issue 3): every step at p < 0.01, and Crazy at 1 s per move winning at
least 55% of the points against Hard in 2-player draw.

    .venv/bin/python bench/strength.py --jobs 16 [--deals 3000] [--crazy-deals 120] [--crazy-seconds 1.0]
"""

from __future__ import annotations

import argparse
import os
import time

from bones.tournament import run_tournament

GAMES = (("draw 2p", "draw", {}), ("allfives 2p", "allfives", {}), ("kozel 4p", "kozel", {}))
STEPS = (("normal", "easy"), ("hard", "normal"), ("crazy", "hard"))
TARGET_SHARE = 0.55
ALPHA = 0.01


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="deals per step without Crazy")
    parser.add_argument("--crazy-deals", type=int, default=120, help="deals for the Crazy step")
    parser.add_argument("--crazy-seconds", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--games", default="draw,allfives,kozel")
    args = parser.parse_args()
    wanted = set(args.games.split(","))
    failures = []
    print(
        f"{'game':<12}{'step':<18}{'deals':>6}{'pts share':>10}{'won':>7}{'95% CI':>14}{'margin/hand':>12}{'p':>10}{'s':>6}"
    )
    for label, game, options in GAMES:
        if game not in wanted:
            continue
        for stronger, weaker in STEPS:
            deals = args.crazy_deals if "crazy" in (stronger, weaker) else args.deals
            started = time.perf_counter()
            result = run_tournament(
                game,
                [stronger, weaker],
                deals,
                options,
                args.jobs,
                seed=2026,
                bot_settings={"crazy_seconds": args.crazy_seconds},
                pairs=[(stronger, weaker)],
            )
            pair = result.pairs[0]
            low, high = pair.win_interval()
            p = pair.p_value()
            print(
                f"{label:<12}{stronger + ' > ' + weaker:<18}{pair.deals:>6}{100 * pair.points_share:>9.1f}%"
                f"{100 * pair.win_rate:>6.1f}%{f'{100 * low:.1f}-{100 * high:.1f}%':>14}{pair.margin_per_hand:>+12.2f}"
                f"{p:>10.2g}{time.perf_counter() - started:>6.0f}",
                flush=True,
            )
            if p >= ALPHA:
                failures.append(f"{label} {stronger} > {weaker}: p = {p:.3g}")
            if game == "draw" and stronger == "crazy" and pair.points_share < TARGET_SHARE:
                failures.append(f"draw crazy vs hard: {100 * pair.points_share:.1f}% of the points, target 55%")
    print("all targets met" if not failures else "missed: " + "; ".join(failures))


if __name__ == "__main__":
    main()
