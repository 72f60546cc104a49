"""Bingo dominoes: does each computer level beat the one below?

Duplicate matches: every seed is played twice, once with the stronger level in
seat 0 and once in seat 1, so both levels meet the same deals (the deal of hand
k comes from the seed alone). Reports the stronger level's match win rate with
a 95% Wilson interval and a one-sided binomial p-value (H0: 50%), the sign test
over seeds (won both matches against lost both), and the mean set difference
per match.

    .venv/bin/python bench/strength_bingo.py --pairs easy:normal,normal:hard --seeds 200 --jobs 2
    .venv/bin/python bench/strength_bingo.py --pairs hard:crazy --seeds 100 --target 7

Targets: every adjacent pair significant at p < 0.01 with the default seeds.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

import bones
from bones.bots import bot_for


def play_match(args: tuple[str, str, int, int]) -> tuple[int, int, int, float, int, list[float]]:
    """(winner seat, sets of seat 0, sets of seat 1, CPU seconds, moves, slowest move of each seat)."""
    level0, level1, seed, target = args
    rules = bones.rules("bingo", target=target)
    bots = [bot_for(rules, level0), bot_for(rules, level1)]
    rng = random.Random(f"bench:{seed}:{level0}:{level1}")
    state = rules.new_game(seed=seed)
    started = time.process_time()  # CPU time: the numbers hold on a busy machine
    moves = 0
    slowest = [0.0, 0.0]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        before = time.process_time()
        move = bots[seat].choose(state.observation(seat), rng)
        slowest[seat] = max(slowest[seat], time.process_time() - before)
        state = state.play(move)
        moves += 1
    outcome = state.outcome
    assert outcome is not None
    seconds = time.process_time() - started
    return outcome.winners[0], outcome.scores[0], outcome.scores[1], seconds, moves, slowest


def binomial_tail(wins: int, games: int) -> float:
    """P(X >= wins) for X ~ Binomial(games, 1/2)."""
    if games == 0:
        return 1.0
    return sum(math.comb(games, k) for k in range(wins, games + 1)) / 2**games


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def compare(weak: str, strong: str, seeds: range, target: int, jobs: int) -> dict[str, float]:
    tasks = []
    for seed in seeds:
        tasks.append((strong, weak, seed, target))
        tasks.append((weak, strong, seed, target))
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_match, tasks, chunksize=2))
    else:
        results = [play_match(t) for t in tasks]
    wins = both = lost_both = 0
    set_diff = 0.0
    seconds = 0.0
    moves = 0
    slowest = 0.0  # the stronger level's slowest move
    for i in range(0, len(results), 2):
        first, second = results[i], results[i + 1]
        won_first = first[0] == 0
        won_second = second[0] == 1
        wins += won_first + won_second
        both += won_first and won_second
        lost_both += not won_first and not won_second
        set_diff += (first[1] - first[2]) + (second[2] - second[1])
        seconds += first[3] + second[3]
        moves += first[4] + second[4]
        slowest = max(slowest, first[5][0], second[5][1])
    games = len(results)
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "rate": wins / games,
        "low": low,
        "high": high,
        "p": binomial_tail(wins, games),
        "both": both,
        "lost_both": lost_both,
        "sign_p": binomial_tail(both, both + lost_both),
        "set_diff": set_diff / games,
        "ms_per_move": 1000 * seconds / max(moves, 1),
        "slowest_ms": 1000 * slowest,
        "wall": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", default="easy:normal,normal:hard,hard:crazy", help="weak:strong,...")
    parser.add_argument("--seeds", type=int, default=100, help="seeds per pair (two matches each)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--target", type=int, default=7, help="sets that win a match")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(f"Bingo dominoes, matches to {args.target} sets, {args.seeds} seeds x 2 seatings per pair")
    header = "| stronger vs weaker | matches | won | win rate (95% CI) | p (binomial) | won both / lost both (sign p) | set diff per match | CPU ms/move (both) | stronger's slowest move, ms |"
    print(header)
    print("|---|---|---|---|---|---|---|---|---|")
    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        r = compare(weak, strong, seeds, args.target, args.jobs)
        print(
            f"| {strong} vs {weak} | {r['games']} | {r['wins']} | {100 * r['rate']:.1f}% "
            f"({100 * r['low']:.1f}-{100 * r['high']:.1f}) | {r['p']:.2g} | {r['both']} / {r['lost_both']} "
            f"({r['sign_p']:.2g}) | {r['set_diff']:+.2f} | {r['ms_per_move']:.1f} | {r['slowest_ms']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
