"""Domino Finder: does each computer level beat the one below it?

Adjacent levels play each other. With 2 players every seed is played twice with
the seats swapped; with 3-4 players the stronger level takes one seat, turn
about, against the weaker level in every other seat, and its win rate is
compared with the fair share 1/players. The p-value is a two-sided exact
binomial test of that win rate against the fair share.

    .venv/bin/python bench/strength_finder.py --games 2000 [--players 2] [--pairs easy:normal,...]
"""

from __future__ import annotations

import argparse
import math
import random
import time

import bones
from bones.bots import LEVELS, bot_for


def binomial_p_value(wins: int, games: int, p: float) -> float:
    """Two-sided exact binomial test: the chance of a result at most as likely as ``wins``."""

    def pmf(k: int) -> float:
        return math.exp(
            math.lgamma(games + 1)
            - math.lgamma(k + 1)
            - math.lgamma(games - k + 1)
            + k * math.log(p)
            + (games - k) * math.log1p(-p)
        )

    observed = pmf(wins)
    return min(1.0, sum(q for k in range(games + 1) if (q := pmf(k)) <= observed * (1 + 1e-9)))


def play(rules: bones.Rules, seating: list[str], seed: int, clock: list[float]) -> tuple[int, int]:
    """The winning seat and the number of moves; ``clock`` gathers [total, slowest] seconds spent choosing."""
    bots = {level: bot_for(rules, level) for level in set(seating)}
    state = rules.new_game(seed=seed)
    rng = random.Random(seed * 7919 + 17)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        started = time.perf_counter()
        move = bots[seating[seat]].choose(observation, rng)
        spent = time.perf_counter() - started
        clock[0] += spent
        clock[1] = max(clock[1], spent)
        state = state.play(move)
    assert state.outcome is not None and state.outcome.winner is not None
    return state.outcome.winner, len(state.moves)


def match(players: int, strong: str, weak: str, games: int, seed: int) -> dict[str, float]:
    rules = bones.rules("finder", players=players)
    wins = played = moves = 0
    clock = [0.0, 0.0]
    for number in range(games):
        game_seed = seed + number // players
        strong_seat = number % players
        seating = [strong if s == strong_seat else weak for s in range(players)]
        winner, length = play(rules, seating, game_seed, clock)
        wins += winner == strong_seat
        played += 1
        moves += length
    fair = 1 / players
    rate = wins / played
    half = 1.96 * math.sqrt(rate * (1 - rate) / played)
    return {
        "games": played,
        "wins": wins,
        "rate": rate,
        "low": rate - half,
        "high": rate + half,
        "fair": fair,
        "p": binomial_p_value(wins, played, fair),
        "ms_per_move": 1000 * clock[0] / max(1, moves),
        "slowest_ms": 1000 * clock[1],
        "moves_per_game": moves / played,
    }


def _p(value: float) -> str:
    return "< 1e-300" if value == 0 else f"{value:.2g}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pair (a multiple of --players)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default="", help="strong:weak pairs, comma-separated (default: adjacent levels)")
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p] or [
        (LEVELS[i + 1], LEVELS[i]) for i in range(len(LEVELS) - 1)
    ]
    print(f"Domino Finder, {args.players} players, {args.games} games per pair, seats rotated")
    print(
        "| stronger | weaker | games | stronger wins | win rate (95% CI) | fair share | p-value | ms/move (slowest) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for strong, weak in pairs:
        r = match(args.players, strong, weak, args.games, args.seed)
        print(
            f"| {strong} | {weak} | {r['games']} | {r['wins']} | {100 * r['rate']:.1f}% "
            f"({100 * r['low']:.1f}-{100 * r['high']:.1f}) | {100 * r['fair']:.0f}% | {_p(r['p'])} "
            f"| {r['ms_per_move']:.2f} ({r['slowest_ms']:.1f}) |",
            flush=True,
        )


if __name__ == "__main__":
    main()
