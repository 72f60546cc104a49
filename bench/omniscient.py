"""The omniscient yardstick: how much of the possible edge over Hard Crazy takes.

An *omniscient* player sees every hidden tile (the other hand and the boneyard
order) and plays the exactly solved best move (``bones.bots.line.exact``); in a
2-player hand nobody can do better. Part of its edge is out of any player's
reach: nobody can know what the boneyard will give. With ``--seer`` a third
player, the *seer*, sees the other hand but not the boneyard order: it is Crazy
(the same search and budget) whose sampled deals are the true hands with the
boneyard shuffled. Its share is what perfect inference from the plays would
give Crazy's search, the most that better beliefs can add. On the same duplicate deals as
``bones.tournament`` (every deal played twice with the seats swapped and the
same random choices), each deal gives Crazy's margin over Hard and the
omniscient player's margin over Hard, in points per hand. The table gives both
means and the *share of the omniscient edge* (Crazy - Hard) / (Omniscient - Hard)
with a 95% bootstrap interval over deals (paired: a resample takes both margins
of a deal), and Crazy's CPU seconds per move (median, 95th percentile and
maximum). Crazy's budget counts its own CPU time here (``--clock cpu``, the
default), so the figures do not depend on the machine's load; ``--clock wall``
measures it as a person waiting would meet it.

Goals (issue 15): share >= 0.6 in draw, >= 0.4 in all fives, at <= 1 s a move.
Measured on deals 0-239 at 1 CPU second a move, points a hand over Hard (share, 95% interval):

    game      Crazy          seer                 omniscient
    draw      +7.51 (0.37, 0.28-0.47)  +9.10 (0.45, 0.36-0.55)  +20.12
    allfives  +5.75 (0.23, 0.14-0.32)  +10.96 (0.43, 0.34-0.53)  +25.21

Most of the omniscient edge is the boneyard order (omniscient - seer: +11.0 +- 2.4 in draw,
+14.3 +- 2.6 in all fives); the other hand is worth +1.6 +- 2.4 (draw) and +5.2 +- 2.9 (all
fives) over Crazy's beliefs. So no belief, however exact, takes Crazy's search to 0.6 in draw.

    nice .venv/bin/python bench/omniscient.py --games draw,allfives,block --deals 40 --jobs 2 \\
        [--crazy-seconds 1.0] [--crazy-samples 4000] [--clock cpu] [--set exact_hidden=12] [--seer] [--save FILE]
    .venv/bin/python bench/omniscient.py --report FILE   # the table of the deals a run saved, finished or not
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import bones
from bones.bits import bits
from bones.bots import bot_for
from bones.bots.line.crazy import CrazyLineBot
from bones.bots.line.exact import Solver
from bones.line.moves import LineMove, from_kernel
from bones.line.state import LineState

SEED = 2026
BOOTSTRAP = 2000


@dataclass(frozen=True)
class Task:
    game: str
    deal: int
    crazy: tuple[tuple[str, Any], ...]
    seer: bool = False


@dataclass(frozen=True)
class DealMargins:
    crazy: float  # Crazy's points minus Hard's, per hand (both seatings)
    omniscient: float
    crazy_seconds: tuple[float, ...]
    seer: float | None = None


class KnownHands:
    """The seer's deals: the other hands as they are, the boneyard in a random order (``DealSource``)."""

    def __init__(self, state: LineState, seat: int) -> None:
        kernel = state.kernel
        self.hands = {other: kernel.hands[other] for other in range(state.rules.players) if other != seat}
        self.boneyard = list(kernel.boneyard)
        # What the seat does not see: the other hands and the boneyard (no belief to work out).
        self.unknown = [tile for hand in self.hands.values() for tile in bits(hand)] + self.boneyard

    def sample_timed(self, rng: random.Random) -> tuple[dict[int, int], list[int], None]:
        order = self.boneyard[:]
        rng.shuffle(order)
        return dict(self.hands), order, None


def _seer_move(bot: CrazyLineBot, state: LineState, seat: int, rng: random.Random) -> LineMove:
    """Crazy's choice with its settings, its samples drawn from the true hands."""
    move = bot.estimates(state.observation(seat), rng, KnownHands(state, seat))[0].move
    assert isinstance(move, LineMove)
    return move


def _play(game: str, deal: int, level: str, settings: dict[str, Any], times: list[float]) -> float:
    """Points per hand of ``level`` minus Hard's over both seatings of one deal."""
    rules = bones.rules(game)
    hard = bot_for(rules, "hard")
    other = None if level == "omniscient" else bot_for(rules, "crazy" if level == "seer" else level)
    for name, setting in settings.items():
        setattr(other, name, setting)
    if level == "seer":
        other.infer = False  # type: ignore[union-attr]  # it knows the hands: nothing is left to infer
    margin = 0
    for seat_of_level in (0, 1):
        state = rules.new_game(seed=SEED + deal)
        assert isinstance(state, LineState)
        # The same chance in both seatings and for both levels, as in bones.tournament.
        rng = random.Random(f"{SEED}:{deal}:{(level, 'hard')}")
        solver = Solver(state.rules, state.kernel) if other is None else None
        while not state.is_over and state.hand_no == 1:
            seat = state.to_move
            assert seat is not None
            if seat != seat_of_level:
                state = state.play(hard.choose(state.observation(seat), rng))
            elif level == "seer":
                assert isinstance(other, CrazyLineBot)
                started = time.process_time()
                if len(state.legal_moves) > 1:
                    state = state.play(_seer_move(other, state, seat, rng))
                    times.append(time.process_time() - started)
                else:
                    state = state.play(state.legal_moves[0])
            elif solver is not None:
                values = solver.move_values(state.kernel)
                state = state.play(from_kernel(max(values, key=lambda pair: pair[1])[0]))
            else:
                observation = state.observation(seat)
                # CPU time: on a shared machine the wall clock says more about the neighbours.
                started = time.process_time()
                move = other.choose(observation, rng)  # type: ignore[union-attr]
                if len(observation.legal_moves) > 1:
                    times.append(time.process_time() - started)
                state = state.play(move)
        result = state.results[-1]
        points = [p + q for p, q in zip(result.points, result.play_points)]
        margin += points[seat_of_level] - points[1 - seat_of_level]
    return margin / 2


def play_deal(task: Task) -> DealMargins:
    times: list[float] = []
    crazy = _play(task.game, task.deal, "crazy", dict(task.crazy), times)
    omniscient = _play(task.game, task.deal, "omniscient", {}, [])
    seer = _play(task.game, task.deal, "seer", dict(task.crazy), []) if task.seer else None
    return DealMargins(crazy, omniscient, tuple(times), seer)


def share_interval(crazy: list[float], omniscient: list[float], rng: random.Random) -> tuple[float, float]:
    """95% bootstrap interval of sum(crazy) / sum(omniscient), resampling deals."""
    n = len(crazy)
    shares = []
    for _ in range(BOOTSTRAP):
        picks = [rng.randrange(n) for _ in range(n)]
        edge = sum(omniscient[i] for i in picks)
        if edge > 0:
            shares.append(sum(crazy[i] for i in picks) / edge)
    shares.sort()
    return shares[int(0.025 * len(shares))], shares[int(0.975 * len(shares)) - 1]


def _setting(text: str) -> tuple[str, Any]:
    name, _, raw = text.partition("=")
    value: Any = raw
    for kind in (int, float):
        try:
            value = kind(raw)
            break
        except ValueError:
            continue
    if raw in ("None", "none"):
        value = None
    return name, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="draw,allfives,block")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--crazy-seconds", type=float, default=1.0, help="0: no time budget (samples only)")
    parser.add_argument("--crazy-samples", type=int, default=4000)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="what Crazy's seconds count")
    parser.add_argument("--set", action="append", default=[], help="another Crazy attribute, name=value")
    parser.add_argument(
        "--seer", action="store_true", help="also play the seer (sees the other hand, not the boneyard)"
    )
    parser.add_argument("--save", help="append every deal's margins and times to this file (JSON lines)")
    parser.add_argument("--report", help="only print the table of the deals saved in this file")
    args = parser.parse_args()
    crazy = {"seconds": args.crazy_seconds or None, "samples": args.crazy_samples, "clock": args.clock}
    crazy.update(dict(_setting(text) for text in args.set))
    print(
        f"{'game':<10}{'deals':>6}{'crazy-hard':>11}{'omni-hard':>10}{'share':>7}{'95% CI':>13}"
        f"{'median s':>9}{'p95 s':>7}{'max s':>7}{'wall s':>7}{'seer-hard':>10}{'seer share':>11}{'95% CI':>13}"
        f"{'crazy/seer':>11}"
    )
    if args.report:
        report_saved(args.report)
        return
    started = time.perf_counter()
    games = args.games.split(",")
    deals = range(args.first_deal, args.first_deal + args.deals)
    # Deal by deal across the games, each saved as it finishes: a run stopped early still has every
    # game on the same first deals (``--report`` reads them back).
    tasks = [Task(game, deal, tuple(sorted(crazy.items())), args.seer) for deal in deals for game in games]
    results: dict[str, list[DealMargins]] = {game: [] for game in games}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for task, margins in zip(tasks, pool.map(play_deal, tasks)):
            results[task.game].append(margins)
            if args.save:
                with open(args.save, "a") as out:
                    row = {"game": task.game, "deal": task.deal, **dataclasses.asdict(margins)}
                    out.write(json.dumps(row) + "\n")
    for game in games:
        report(game, results[game], time.perf_counter() - started)


def report(game: str, results: list[DealMargins], wall: float) -> None:
    crazy_margins = [r.crazy for r in results]
    omniscient_margins = [r.omniscient for r in results]
    times = sorted(t for r in results for t in r.crazy_seconds)
    mean_crazy = statistics.fmean(crazy_margins)
    mean_omniscient = statistics.fmean(omniscient_margins)
    share = mean_crazy / mean_omniscient if mean_omniscient else float("nan")
    low, high = share_interval(crazy_margins, omniscient_margins, random.Random(SEED))
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    print(
        f"{game:<10}{len(results):>6}{mean_crazy:>+11.2f}{mean_omniscient:>+10.2f}{share:>7.2f}"
        f"{f'{low:.2f}-{high:.2f}':>13}{statistics.median(times) if times else 0.0:>9.3f}{p95:>7.3f}"
        f"{times[-1] if times else 0.0:>7.3f}"
        f"{wall:>7.0f}{_seer_columns(results)}",
        flush=True,
    )


def _seer_columns(results: list[DealMargins]) -> str:
    """The seer's margin over Hard, its share of the omniscient edge, and Crazy's margin as a share of the
    seer's; blank when the run had no seer."""
    seer_margins = [r.seer for r in results if r.seer is not None]
    if len(seer_margins) != len(results):
        return ""
    omniscient_margins = [r.omniscient for r in results]
    mean_seer = statistics.fmean(seer_margins)
    mean_omniscient = statistics.fmean(omniscient_margins)
    share = mean_seer / mean_omniscient if mean_omniscient else float("nan")
    low, high = share_interval(seer_margins, omniscient_margins, random.Random(SEED))
    of_seer = statistics.fmean(r.crazy for r in results) / mean_seer if mean_seer else float("nan")
    return f"{mean_seer:>+10.2f}{share:>11.2f}{f'{low:.2f}-{high:.2f}':>13}{of_seer:>11.2f}"


def report_saved(path: str) -> None:
    """The table from the deals a ``--save`` file holds, per game (the last line for a deal counts)."""
    by_game: dict[str, dict[int, DealMargins]] = {}
    with open(path) as saved:
        for line in saved:
            row = json.loads(line)
            margins = DealMargins(row["crazy"], row["omniscient"], tuple(row["crazy_seconds"]), row.get("seer"))
            by_game.setdefault(row["game"], {})[row["deal"]] = margins
    for game, deals in by_game.items():
        report(game, [deals[deal] for deal in sorted(deals)], 0.0)


if __name__ == "__main__":
    main()
