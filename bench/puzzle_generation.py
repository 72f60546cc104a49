"""How long a puzzle's layout generated to each difficulty takes (the web table deals one per PLAY).

For every registered game that declares difficulties, under each of its yes/no rules, deals
``--seeds`` layouts per difficulty and prints the CPU and wall seconds per deal (median and
most), so the ranges in the rules stay ones a web request deals in well under a second.

    nice .venv/bin/python -m bench.puzzle_generation --seeds 20
"""

from __future__ import annotations

import argparse
import statistics
import time

import bones
from bones.game import DIFFICULTY
from bones.registry import games_in_order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    for info in games_in_order():
        if not info.difficulties():
            continue
        flags = [{}] + [{o.name: not o.default} for o in info.options if isinstance(o.default, bool)]
        for rule in flags:
            for index, name in enumerate(info.difficulties()):
                rules = bones.rules(info.game_id, **rule, **{DIFFICULTY: name})
                cpu, wall = [], []
                for seed in range(args.seeds):
                    started, clock = time.process_time(), time.perf_counter()
                    # other seeds for each difficulty: the solvers' caches would time the same deals again
                    rules.new_game(seed=1_000 * (index + 1) + seed)
                    cpu.append(time.process_time() - started)
                    wall.append(time.perf_counter() - clock)
                print(
                    f"{info.game_id:10} {rule or 'default'!s:24} {name:7}"
                    f" cpu median {statistics.median(cpu):.3f} s, most {max(cpu):.3f} s;"
                    f" wall median {statistics.median(wall):.3f} s, most {max(wall):.3f} s",
                    flush=True,
                )


if __name__ == "__main__":
    main()
