"""Crazy's thinking time per move and playouts per second.

Crazy (default budget: 1 s per move, at most 4,000 sampled deals) plays every
seat of whole hands; every decision with more than one legal move is timed.
Reports the median, 95th percentile and maximum seconds per move, and the
playouts per second (one playout = one candidate move played to the end of the
hand in one sampled deal).

    .venv/bin/python bench/speed.py [--hands 6] [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import bones
from bones.bots.line.crazy import DEFAULT_SAMPLES, estimate_moves
from bones.line.state import LineState


def measure(game: str, options: dict, hands: int, seconds: float) -> tuple[list[float], int, float]:
    rules = bones.rules(game, **options)
    times: list[float] = []
    playouts = 0
    thinking = 0.0
    for seed in range(hands):
        state = rules.new_game(seed=seed)
        assert isinstance(state, LineState)
        rng = random.Random(seed)
        while not state.is_over and state.hand_no == 1:
            seat = state.to_move
            assert seat is not None
            moves = state.legal_moves
            if len(moves) == 1:
                state = state.play(moves[0])
                continue
            stats: dict[str, int] = {}
            started = time.perf_counter()
            estimates = estimate_moves(rules, state.observation(seat), rng, seconds, DEFAULT_SAMPLES, stats)
            elapsed = time.perf_counter() - started
            times.append(elapsed)
            thinking += elapsed
            playouts += stats["playouts"]
            state = state.play(estimates[0].move)
    return times, playouts, thinking


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    print(f"{'game':<12}{'moves':>7}{'median s':>10}{'p95 s':>8}{'max s':>8}{'playouts/s':>12}")
    for label, game, options in (("draw 2p", "draw", {}), ("allfives 2p", "allfives", {}), ("kozel 4p", "kozel", {})):
        times, playouts, thinking = measure(game, options, args.hands, args.seconds)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"{label:<12}{len(times):>7}{statistics.median(times):>10.3f}{p95:>8.3f}{max(times):>8.3f}"
            f"{playouts / thinking:>12,.0f}"
        )


if __name__ == "__main__":
    main()
