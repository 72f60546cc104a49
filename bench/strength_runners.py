"""Strength ladder of the Domino Runners bots: each level against the one below.

Every seed is played twice with the seats exchanged, so both bots meet the same
board from both sides (the seed also picks who is black; the pie rule may
exchange colours again). A draw counts half. The table gives the stronger
level's score, its 95% Wilson interval, and the two-sided p-value of an exact
sign test over the decisive games (is the stronger level better than a coin?).

    .venv/bin/python bench/strength_runners.py --games 200 --jobs 2
    .venv/bin/python bench/strength_runners.py --pairs hard-crazy --games 100
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

import bones
from bones.bots import bot_for, levels_for

levels_for(bones.rules("runners"))  # load the bots before the workers fork

PAIRS = ("easy-normal", "normal-hard", "hard-crazy")


def play(args: tuple[str, str, int, bool]) -> tuple[float, int, float, float]:
    """One game: (score of the stronger level, moves, seconds per move of the weaker, of the stronger)."""
    weak, strong, seed, strong_first = args
    rules = bones.rules("runners")
    seats = [strong, weak] if strong_first else [weak, strong]
    bots = [bot_for(rules, level) for level in seats]
    state = rules.new_game(seed=seed)
    rng = random.Random(seed * 2 + strong_first)
    spent = {weak: [0.0, 0], strong: [0.0, 0]}
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        started = time.perf_counter()
        move = bots[seat].choose(state.observation(seat), rng)
        spent[seats[seat]][0] += time.perf_counter() - started
        spent[seats[seat]][1] += 1
        state = state.play(move)
    outcome = state.outcome
    assert outcome is not None
    strong_seat = 0 if strong_first else 1
    result = 0.5 if not outcome.winners else float(strong_seat in outcome.winners)
    per_move = [spent[level][0] / max(1, spent[level][1]) for level in (weak, strong)]
    return result, len(state.moves), per_move[0], per_move[1]


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def sign_test(wins: int, losses: int) -> float:
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per pair (even: each seed twice)")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated weak-strong pairs")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args()
    print(
        "| weaker | stronger | games | stronger W-D-L | score | 95% interval | p (sign test) | s/move weak | s/move strong |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for pair in args.pairs.split(","):
        weak, strong = pair.strip().split("-")
        jobs = [(weak, strong, args.seed + i // 2, i % 2 == 0) for i in range(args.games)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=1))
        score = sum(r[0] for r in results)
        wins = sum(1 for r in results if r[0] == 1.0)
        losses = sum(1 for r in results if r[0] == 0.0)
        draws = len(results) - wins - losses
        low, high = wilson(score, len(results))
        weak_time = sum(r[2] for r in results) / len(results)
        strong_time = sum(r[3] for r in results) / len(results)
        print(
            f"| {weak} | {strong} | {len(results)} | {wins}-{draws}-{losses} | {score / len(results):.3f} "
            f"| {low:.3f}-{high:.3f} | {sign_test(wins, losses):.2g} | {weak_time:.3f} | {strong_time:.3f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
