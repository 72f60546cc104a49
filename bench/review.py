"""How long the review of a whole game takes (issue 25): every game with its default options, played
by its Hard players (Normal where a game has no Hard, Easy where it has neither), reviewed at the
default depth. The goal: a whole 2-player Draw match in at most 10 CPU seconds.

CPU seconds are this process's (``time.process_time``), so a loaded machine does not inflate them;
wall seconds are shown beside them. Run: ``python bench/review.py [--games N] [--depth D] [--strict]``
(``--strict`` exits 1 when a Draw match takes longer than the goal). Report the load (``uptime``) too.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

import bones
from bones.bots import bot_for, levels_for
from bones.bots.review import DEFAULT_DEPTH, review_game
from bones.game import State
from bones.registry import games

DRAW_GOAL = 10.0  # CPU seconds for a whole 2-player Draw match
MOVES = 3000  # more than any of these games takes


def played(game_id: str, seed: int) -> list[State]:
    rules = bones.rules(game_id)
    have = levels_for(rules)
    level = next(lv for lv in ("hard", "normal", "easy") if lv in have)
    bot, rng = bot_for(rules, level, seconds=0.05), random.Random(seed)
    state = rules.new_game(seed=seed)
    states = [state]
    while not state.is_over and len(states) <= MOVES:
        seat = state.to_move
        assert seat is not None
        state = state.play(bot.choose(state.observation(seat), rng))
        states.append(state)
    return states


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2, help="games reviewed per game id (seeds 1..N)")
    parser.add_argument("--depth", type=float, default=DEFAULT_DEPTH)
    parser.add_argument("--only", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; depth {args.depth}; {args.games} game(s) each")
    print(f"{'game':<14} {'moves':>6} {'decisions':>9} {'CPU s':>7} {'CPU ms/dec':>10} {'wall s':>7} {'shown':>6}")
    worst_draw = 0.0
    for game_id in args.only or list(games()):
        for seed in range(1, args.games + 1):
            states = played(game_id, seed)
            wall, cpu = time.perf_counter(), time.process_time()
            review = review_game(states, args.depth)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            decisions = len(review.decisions)
            shown = sum(d.shown is not None for d in review.decisions)
            per = 1000 * cpu / decisions if decisions else 0.0
            print(
                f"{game_id:<14} {len(states) - 1:>6} {decisions:>9} {cpu:>7.2f} {per:>10.1f} {wall:>7.2f} {shown:>6}",
                flush=True,
            )
            if game_id == "draw":
                worst_draw = max(worst_draw, cpu)
    if worst_draw:
        verdict = "met" if worst_draw <= DRAW_GOAL else "MISSED"
        print(f"2-player Draw match: at most {worst_draw:.2f} CPU s (goal {DRAW_GOAL:.0f} s: {verdict})")
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 1 if args.strict and worst_draw > DRAW_GOAL else 0


if __name__ == "__main__":
    sys.exit(main())
