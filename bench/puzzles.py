"""Puzzle solver benchmarks and their targets (issue 5).

- Bee Donimoes: every published problem (advanced rule), every queen, solved: 20 problems in at most 5 s
  together (the book's own Python solver takes about 45 s for them).
- Fujisan: the 20 published problems in under 0.35 s together (issue 10: the author's Java solver takes
  0.35 s for them on this kind of machine, warmed up).
- Mountains and Valleys: solve times on 100 random deals (median, max, how many proved impossible).

Every solve starts cold (no cached rounds or boards). Run: ``python bench/puzzles.py [--deals N] [--strict]``;
``--strict`` exits 1 when a target is missed. Timings on a shared machine are noisy: report the load too.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from bones.puzzles.bee.generate import random_layout
from bones.puzzles.bee.puzzle import MIN_DICE, BeeLayout, BeeRound
from bones.puzzles.fujisan.puzzle import FujisanBoard, FujisanLayout
from bones.puzzles.mountains import puzzle as mountains
from bones.puzzles.problems import problems

BEE_TARGET = 5.0
FUJISAN_TARGET = 0.35


def bench_bee() -> float:
    print("Bee Donimoes, published problems, advanced rule (shortest solution per queen)")
    total = 0.0
    for problem in problems("bee"):
        started = time.perf_counter()
        layout = BeeLayout.parse(problem.grid)
        lengths = []
        for queen in range(MIN_DICE, layout.dice + 1):
            steps = BeeRound(layout, queen, advanced=True).solve()
            lengths.append("-" if steps is None else str(len(steps)))
        spent = time.perf_counter() - started
        total += spent
        print(f"  problem {problem.number:2}: queens 3..{layout.dice}: {' '.join(lengths):12} {spent * 1000:7.1f} ms")
    print(f"  all 20: {total:.2f} s (target {BEE_TARGET:.0f} s)")
    return total


def bee_distribution(layouts: int, seed: int) -> None:
    """Random 6-dice deals (advanced rule): share impossible and median length per queen.

    The author's statistics (1000 deals each, reference/donimoes/bee_random_solution_length_stats.csv):
    queen 3: 23% impossible, median 3; 4: 21%, 4; 5: 17%, 4; 6: 8%, 5.
    """
    if layouts <= 0:
        return
    rng = random.Random(seed)
    lengths: dict[int, list[int]] = {q: [] for q in range(3, 7)}
    started = time.perf_counter()
    for _ in range(layouts):
        layout = random_layout(6, rng)
        for queen in range(3, 7):
            steps = BeeRound(layout, queen, advanced=True).solve()
            lengths[queen].append(-1 if steps is None else len(steps))
    print(f"Bee Donimoes, {layouts} random 6-dice deals, advanced rule ({time.perf_counter() - started:.1f} s)")
    for queen, found in lengths.items():
        solved = sorted(n for n in found if n >= 0)
        share = 100 * (len(found) - len(solved)) / len(found)
        print(f"  queen {queen}: {share:.0f}% impossible, median {statistics.median(solved):.0f}, longest {solved[-1]}")


def bench_fujisan() -> float:
    print("Fujisan, published problems (shortest solution)")
    total = cpu = 0.0
    lengths = []
    for problem in problems("fujisan"):
        started, started_cpu = time.perf_counter(), time.process_time()
        steps = FujisanBoard(FujisanLayout.parse(problem.grid), country_road=False).solve()
        total += time.perf_counter() - started
        cpu += time.process_time() - started_cpu
        lengths.append("-" if steps is None else str(len(steps)))
    print(f"  lengths: {' '.join(lengths)}")
    # CPU time too: on a loaded machine it says more about the solver than the wall clock does.
    print(f"  all 20: {total:.3f} s (CPU {cpu:.3f} s; target {FUJISAN_TARGET} s)")
    return total


def bench_mountains(deals: int, seed: int) -> None:
    if deals <= 0:
        return
    print(f"Mountains and Valleys, {deals} random deals of 18 dominoes (seed {seed}): least penalty, proved")
    rng = random.Random(seed)
    times = []
    impossible_gap = impossible_search = 0
    for _ in range(deals):
        tiles = mountains.deal(rng)
        result = mountains.solve(tiles)
        times.append(result.seconds)
        if result.penalty:
            if result.lower_bound == result.penalty:
                impossible_gap += 1
            else:
                impossible_search += 1
    print(
        f"  median {statistics.median(times):.3f} s, max {max(times):.3f} s, total {sum(times):.1f} s; "
        f"penalty 0 impossible: {impossible_gap + impossible_search} "
        f"({impossible_gap} by a missing height, {impossible_search} proved by search)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--bee-layouts", type=int, default=100, help="random Bee deals for the distribution check")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    bee = bench_bee()
    bee_distribution(args.bee_layouts, args.seed)
    fuji = bench_fujisan()
    bench_mountains(args.deals, args.seed)
    missed = [
        name for name, spent, target in (("bee", bee, BEE_TARGET), ("fujisan", fuji, FUJISAN_TARGET)) if spent > target
    ]
    print("targets: " + ("all met" if not missed else "missed: " + ", ".join(missed)))
    if args.strict and missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
