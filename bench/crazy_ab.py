"""Does a change to Crazy help, against every kind of opponent? (issue 15: keep a change only where it helps)

On duplicate deals (every deal played twice with the seats swapped, the same
random choices in both seatings), Crazy with settings A and with settings B
(by default: without and with ``infer``, weighing its sampled deals by the
other seat's observed choices, ``bots/play_model``) each play the first hand
against Easy, Normal, Hard and a *mix* (each move made by one of the three,
picked at random). Both variants see the same deals and the same random
stream, so their margins are paired by deal. The table gives, per opponent,
Crazy's margin over it in points per hand with A and with B, the difference
B - A with a 95% bootstrap interval over deals, and Crazy's CPU seconds per
move with A and with B (median, mean and maximum, over moves with a choice).

    nice -n 10 .venv/bin/python bench/crazy_ab.py --games draw --deals 30 [--samples 300] [--opponents easy,hard] \
        [--a infer=0] [--b infer=1 --b reply=0.5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import bones
from bones.bots import Bot, bot_for
from bones.game import Observation
from bones.line.state import LineState

SEED = 4040
BOOTSTRAP = 2000
LEVELS = ("easy", "normal", "hard")


class MixBot:
    """Each move made by Easy, Normal or Hard, picked at random: an opponent no single model fits."""

    level = "mix"

    def __init__(self, rules: Any) -> None:
        self.bots = [bot_for(rules, level) for level in LEVELS]

    def choose(self, observation: Observation, rng: random.Random) -> Any:
        return rng.choice(self.bots).choose(observation, rng)


def opponent(rules: Any, level: str) -> Bot | MixBot:
    return MixBot(rules) if level == "mix" else bot_for(rules, level)


def margin(game: str, deal: int, level: str, settings: dict[str, Any], times: list[float]) -> float:
    """Crazy's points per hand minus the opponent's over both seatings of the first hand of one deal."""
    rules = bones.rules(game)
    other = opponent(rules, level)
    crazy = bot_for(rules, "crazy")
    for name, setting in settings.items():
        setattr(crazy, name, setting)
    total = 0
    for crazy_seat in (0, 1):
        state = rules.new_game(seed=SEED + deal)
        assert isinstance(state, LineState)
        rng = random.Random(f"{SEED}:{deal}:{level}")
        state = first_hand(state, crazy, (crazy_seat,), other, rng, times)
        result = state.results[-1]
        points = [p + q for p, q in zip(result.points, result.play_points)]
        total += points[crazy_seat] - points[1 - crazy_seat]
    return total / 2


def first_hand(
    state: LineState, crazy: Any, crazy_seats: tuple[int, ...], other: Any, rng: random.Random, times: list[float]
) -> LineState:
    """The first hand played out, Crazy in ``crazy_seats``; the CPU seconds of its moves with a choice go to
    ``times``."""
    while not state.is_over and state.hand_no == 1:
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        player = crazy if seat in crazy_seats else other
        started = time.process_time()
        move = player.choose(observation, rng)
        if player is crazy and len(observation.legal_moves) > 1:
            times.append(time.process_time() - started)
        state = state.play(move)
    return state


def setting(text: str) -> tuple[str, Any]:
    """``name=value`` with the value read as a number or a truth value where it is one."""
    name, _, raw = text.partition("=")
    for kind in (int, float):
        try:
            return name, kind(raw)
        except ValueError:
            continue
    return name, {"true": True, "false": False, "none": None}.get(raw.lower(), raw)


def interval(diffs: list[float], rng: random.Random) -> tuple[float, float]:
    n = len(diffs)
    means = sorted(sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(BOOTSTRAP))
    return means[int(0.025 * BOOTSTRAP)], means[int(0.975 * BOOTSTRAP) - 1]


def _times(times: list[float]) -> str:
    return f"{statistics.median(times):>7.3f}{statistics.fmean(times):>7.3f}{max(times):>7.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="draw,allfives")
    parser.add_argument("--opponents", default="easy,normal,hard,mix")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--samples", type=int, default=300, help="Crazy's sample budget")
    parser.add_argument("--seconds", type=float, default=0.0, help="also a budget in CPU seconds a move (0: none)")
    parser.add_argument("--a", action="append", default=[], help="a Crazy attribute for variant A, name=value")
    parser.add_argument("--b", action="append", default=[], help="a Crazy attribute for variant B, name=value")
    args = parser.parse_args()
    # Both variants say whether they infer, whatever Crazy's default for the game.
    base = {"seconds": args.seconds or None, "samples": args.samples, "infer": False, "clock": "cpu"}
    variant_a = {**base, **dict(setting(text) for text in args.a)}
    variant_b = {**base, **dict(setting(text) for text in args.b or ["infer=true"])}
    print(f"A: {variant_a}\nB: {variant_b}")
    print(
        f"{'game':<10}{'opponent':<9}{'deals':>6}{'A':>8}{'B':>8}{'B-A':>8}{'95% CI':>15}"
        f"{'A med':>7}{'A mean':>7}{'A max':>7}{'B med':>7}{'B mean':>7}{'B max':>7}{'wall s':>7}"
    )
    for game in args.games.split(","):
        for level in args.opponents.split(","):
            started = time.perf_counter()
            plain: list[float] = []
            inferred: list[float] = []
            times_a: list[float] = []
            times_b: list[float] = []
            for deal in range(args.first_deal, args.first_deal + args.deals):
                plain.append(margin(game, deal, level, variant_a, times_a))
                inferred.append(margin(game, deal, level, variant_b, times_b))
            diffs = [b - a for a, b in zip(plain, inferred)]
            low, high = interval(diffs, random.Random(SEED))
            print(
                f"{game:<10}{level:<9}{len(diffs):>6}{statistics.fmean(plain):>+8.2f}"
                f"{statistics.fmean(inferred):>+8.2f}{statistics.fmean(diffs):>+8.2f}"
                f"{f'{low:+.2f}..{high:+.2f}':>15}{_times(times_a)}{_times(times_b)}"
                f"{time.perf_counter() - started:>7.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
