"""What Crazy's choices cost against perfect play, decision by decision: a quick paired A/B of two settings.

Game results are noisy (a deal's luck swamps one better move), so this looks
at single decisions instead. Positions come from the first hand of seeded
deals played by Hard against Hard. At each decision with more than one legal
move, the exact solver (``bones.bots.line.exact``) values every move on the
true deal (both hands and the boneyard order known, both players perfect from
there); a move's *loss* is the best move's value minus its own. Crazy with
settings A and with settings B choose in the same position with the same
random stream, so their losses are paired: the table gives each mean loss in
points per decision, the difference B - A (negative: B plays better) with a
95% bootstrap interval over deals, and B's CPU seconds per decision.

The loss says how far a choice is from what a player who saw every tile would
have done, so part of it no honest player can avoid; what matters is the
difference. ``bench/omniscient.py`` then measures a kept change in whole hands.

    nice -n 10 .venv/bin/python bench/crazy_regret.py --games allfives --deals 20 --jobs 2 \\
        [--seconds 0.5] [--samples 4000] [--a exact_hidden=0] [--b exact_hidden=21]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import bones
from bones.bots import bot_for
from bones.bots.line.exact import Solver
from bones.line.state import LineState
from crazy_ab import interval, setting  # the same settings and bootstrap as the game-level A/B

SEED = 7070


@dataclass(frozen=True)
class Task:
    game: str
    deal: int
    variants: tuple[tuple[tuple[str, Any], ...], ...]


@dataclass(frozen=True)
class DealLosses:
    losses: tuple[tuple[float, ...], ...]  # per variant, per decision
    seconds: tuple[tuple[float, ...], ...]


def _crazy(rules: Any, settings: tuple[tuple[str, Any], ...]) -> Any:
    bot = bot_for(rules, "crazy")
    for name, value in settings:
        setattr(bot, name, value)
    return bot


def play_deal(task: Task) -> DealLosses:
    rules = bones.rules(task.game)
    hard = bot_for(rules, "hard")
    bots = [_crazy(rules, settings) for settings in task.variants]
    losses: list[list[float]] = [[] for _ in bots]
    seconds: list[list[float]] = [[] for _ in bots]
    state = rules.new_game(seed=SEED + task.deal)
    assert isinstance(state, LineState)
    rng = random.Random(f"{SEED}:{task.deal}")
    decision = 0
    while not state.is_over and state.hand_no == 1:
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        moves = observation.legal_moves
        if len(moves) > 1:
            solver = Solver(state.rules, state.kernel)
            values = {move: solver.value_after(state.kernel, move.kernel_move) for move in moves}
            best = max(values.values())
            if min(values.values()) < best:
                for index, bot in enumerate(bots):
                    started = time.process_time()
                    choice = bot.choose(observation, random.Random(f"{SEED}:{task.deal}:{decision}"))
                    seconds[index].append(time.process_time() - started)
                    losses[index].append(best - values[choice])
            decision += 1
        state = state.play(hard.choose(observation, rng))
    return DealLosses(tuple(map(tuple, losses)), tuple(map(tuple, seconds)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="draw,allfives")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=0.5, help="Crazy's budget in CPU seconds a move (0: none)")
    parser.add_argument("--samples", type=int, default=4000, help="Crazy's sample budget")
    parser.add_argument("--a", action="append", default=[], help="a Crazy attribute for variant A, name=value")
    parser.add_argument("--b", action="append", default=[], help="a Crazy attribute for variant B, name=value")
    args = parser.parse_args()
    base = {"seconds": args.seconds or None, "samples": args.samples, "clock": "cpu"}
    variant_a = tuple(sorted({**base, **dict(setting(text) for text in args.a)}.items()))
    variant_b = tuple(sorted({**base, **dict(setting(text) for text in args.b)}.items()))
    print(f"A: {dict(variant_a)}\nB: {dict(variant_b)}")
    print(
        f"{'game':<10}{'deals':>6}{'moves':>6}{'loss A':>8}{'loss B':>8}{'B-A':>8}{'95% CI':>15}"
        f"{'med s':>7}{'max s':>7}{'wall s':>7}"
    )
    for game in args.games.split(","):
        started = time.perf_counter()
        tasks = [
            Task(game, deal, (variant_a, variant_b)) for deal in range(args.first_deal, args.first_deal + args.deals)
        ]
        if args.jobs > 1:
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                results = list(pool.map(play_deal, tasks))
        else:
            results = [play_deal(task) for task in tasks]
        loss_a = [loss for r in results for loss in r.losses[0]]
        loss_b = [loss for r in results for loss in r.losses[1]]
        # Paired by deal: each deal's summed difference, per decision over the whole.
        per_deal = [sum(r.losses[1]) - sum(r.losses[0]) for r in results]
        count = max(1, len(loss_a))
        scale = len(results) / count
        low, high = interval([d * scale for d in per_deal], random.Random(SEED))
        times = sorted(t for r in results for t in r.seconds[1])
        print(
            f"{game:<10}{len(results):>6}{len(loss_a):>6}{statistics.fmean(loss_a):>8.2f}{statistics.fmean(loss_b):>8.2f}"
            f"{(sum(loss_b) - sum(loss_a)) / count:>+8.2f}{f'{low:+.2f}..{high:+.2f}':>15}"
            f"{statistics.median(times):>7.3f}{times[-1]:>7.3f}{time.perf_counter() - started:>7.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
