"""Strength of the Tetradominoes computer players: each level against the one below.

Every deal is played twice with the seats swapped, so both levels get the same
dominoes. A draw (a blocked game with equal tetrominoes) counts half. The p-value
is a one-sided sign test on the decisive games (H0: the two levels are equal).

    python bench/strength_tetradominoes.py --games 200 --jobs 2
    python bench/strength_tetradominoes.py --pairs hard:crazy --games 100 --jobs 16
    python bench/strength_tetradominoes.py --solitaire 100     # mean scores per level
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

import bones
from bones.bots import LEVELS, bot_for

TARGET_NOTE = "each level should win clearly more than half against the level below (p < 0.05)"


def play(job: tuple[str, str, int, int, int]) -> tuple[float, float, int, float, float]:
    """(points of ``strong``, of ``weak``, moves, seconds thinking for strong, max seconds for one strong move)."""
    weak, strong, seed, strong_seat, players = job
    rules = bones.rules("tetradominoes", players=players)
    bots = {weak: bot_for(rules, weak), strong: bot_for(rules, strong)}
    seats = [strong if (seat - strong_seat) % 2 == 0 else weak for seat in range(players)]
    state = rules.new_game(seed=seed)
    rng = random.Random(seed * 31 + strong_seat)
    think = slowest = 0.0
    moves = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        level = seats[seat]
        started = time.perf_counter()
        move = bots[level].choose(state.observation(seat), rng)
        spent = time.perf_counter() - started
        if level == strong:
            think += spent
            slowest = max(slowest, spent)
        state = state.play(move)
        moves += 1
    outcome = state.outcome
    assert outcome is not None
    if not outcome.winners:
        return 0.5, 0.5, moves, think, slowest
    won = seats[outcome.winners[0]] == strong
    return float(won), float(not won), moves, think, slowest


def sign_test(wins: int, losses: int) -> float:
    """One-sided p-value of at least ``wins`` successes in wins+losses fair coin flips."""
    n = wins + losses
    if n == 0:
        return 1.0
    return sum(math.comb(n, k) for k in range(wins, n + 1)) / 2**n


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def duel(weak: str, strong: str, deals: int, players: int, jobs: int, seed: int) -> dict[str, float]:
    work = [(weak, strong, seed + d, s, players) for d in range(deals) for s in (0, 1)]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, work, chunksize=1))
    else:
        results = [play(j) for j in work]
    wins = sum(1 for r in results if r[0] == 1.0)
    losses = sum(1 for r in results if r[1] == 1.0)
    draws = len(results) - wins - losses
    rate = (wins + 0.5 * draws) / len(results)
    moves = sum(r[2] for r in results)
    low, high = wilson(rate, len(results))
    return {
        "games": len(results),
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "rate": rate,
        "low": low,
        "high": high,
        "p": sign_test(wins, losses),
        "think": sum(r[3] for r in results) / max(1, moves / 2),
        "slowest": max(r[4] for r in results),
        "seconds": time.perf_counter() - started,
    }


def solitaire(level: str, games: int, seed: int, solitaire_level: int) -> tuple[float, float]:
    rules = bones.rules("tetradominoes", players=1, solitaire_level=solitaire_level)
    bot = bot_for(rules, level)
    scores = []
    wins = 0
    for n in range(games):
        state = rules.new_game(seed=seed + n)
        rng = random.Random(seed + n)
        while not state.is_over:
            state = state.play(bot.choose(state.observation(0), rng))
        assert state.outcome is not None
        scores.append(state.outcome.scores[0])
        wins += bool(state.outcome.winners)
    return sum(scores) / games, wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="deals per pair (each played twice)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    parser.add_argument("--pairs", default="", help="weak:strong,... (default: every adjacent pair)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--solitaire", type=int, default=0, help="also play this many solitaires per level")
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p] or list(itertools.pairwise(LEVELS))
    print(f"Tetradominoes, {args.players} players, {args.games} deals x 2 seatings per pair; {TARGET_NOTE}")
    print(
        "| weak | strong | games | strong wins | losses | draws | strong score | 95% CI | p (sign test) | strong s/move | slowest move s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for weak, strong in pairs:
        r = duel(weak, strong, args.games, args.players, args.jobs, args.seed)
        print(
            f"| {weak} | {strong} | {r['games']} | {r['wins']} | {r['losses']} | {r['draws']} | {r['rate']:.3f} "
            f"| {r['low']:.3f}-{r['high']:.3f} | {r['p']:.2g} | {r['think']:.3f} | {r['slowest']:.2f} |",
            flush=True,
        )
    if args.solitaire:
        for sl in (1, 2):
            print(f"\nSolitaire Level {sl}, {args.solitaire} games per level (lower is better)")
            print("| level | mean score | wins |")
            print("|---|---|---|")
            for level in LEVELS:
                mean, won = solitaire(level, args.solitaire, args.seed, sl)
                print(f"| {level} | {mean:.1f} | {won:.0%} |", flush=True)


if __name__ == "__main__":
    main()
