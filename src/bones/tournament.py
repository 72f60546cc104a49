"""Duplicate tournaments between computer players.

Every pair of levels meets on the same deals: each deal (the first hand of a
match dealt from a seed) is played once per rotation of the seats, so each
player holds every hand. Within a pair, a deal's *margin* is the first level's
points minus the second's over all rotations (in kozel, points written by the
other pair minus its own). From the margins come win rates with 95% confidence
intervals (a deal is won by the larger total, ties count half), points per hand,
one-sided p-values for "the first is stronger", points shares, and Elo-style
ratings fitted to all the results (Bradley-Terry, anchored at 1500 on average).
Deals run in parallel with ``jobs`` worker processes or on a Ray cluster
(``tournament_ray.py``); results do not depend on which, and can stream to a
JSON-lines file from which an interrupted tournament resumes.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bones.bots import Bot, resolve_bot
from bones.game import Rules, State
from bones.registry import rules as make_rules


@dataclass(frozen=True)
class Task:
    game: str
    options: tuple[tuple[str, Any], ...]
    levels: tuple[str, str]
    deal: int
    seed: int
    bot_settings: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class DealResult:
    levels: tuple[str, str]
    deal: int
    points: tuple[int, int]  # good points of each level over every rotation
    hands: int


@dataclass
class PairStats:
    first: str
    second: str
    margins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    hands: int = 0

    @property
    def deals(self) -> int:
        return len(self.margins)

    @property
    def wins(self) -> float:
        return sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in self.margins)

    @property
    def win_rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.5

    def win_interval(self) -> tuple[float, float]:
        """95% Wilson interval of the deal win rate."""
        n = self.deals
        if not n:
            return (0.0, 1.0)
        p, z = self.win_rate, 1.959964
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    @property
    def margin_per_hand(self) -> float:
        return sum(self.margins) / self.hands if self.hands else 0.0

    @property
    def points_share(self) -> float:
        total = sum(self.points)
        return self.points[0] / total if total else 0.5

    def p_value(self) -> float:
        """One-sided p-value that the first level is not stronger (normal approximation of the mean margin)."""
        n = self.deals
        if n < 2:
            return 1.0
        mean = sum(self.margins) / n
        var = sum((m - mean) ** 2 for m in self.margins) / (n - 1)
        if var == 0:
            return 0.0 if mean > 0 else 1.0
        z = mean / math.sqrt(var / n)
        return 0.5 * math.erfc(z / math.sqrt(2))


def seatings(rules: Rules, levels: tuple[str, str]) -> list[list[int]]:
    """For each rotation, which of the two levels (0 or 1) sits in each seat."""
    players = rules.num_players
    if rules.in_pairs():
        pattern = [seat % 2 for seat in range(players)]
        return [pattern, [1 - x for x in pattern]]
    pattern = [seat % 2 for seat in range(players)]
    rotations = [pattern[-r:] + pattern[:-r] for r in range(players)] if players > 2 else [pattern, [1, 0]]
    unique: list[list[int]] = []
    for rotation in rotations:
        if rotation not in unique:
            unique.append(rotation)
    return unique


def play_deal(task: Task) -> DealResult:
    """Play one deal in every rotation; return each level's good points."""
    rules = make_rules(task.game, **dict(task.options))
    settings = dict(task.bot_settings)
    bots = [resolve_bot(level, rules, settings) for level in task.levels]
    points, hands = play_rotations(rules, (bots[0], bots[1]), task.seed, task.deal, str(task.levels))
    return DealResult(task.levels, task.deal, points, hands)


def play_rotations(
    rules: Rules,
    players: tuple[Bot, Bot],
    seed: int,
    deal: int,
    names: str,
    hand_points: list[tuple[int, int]] | None = None,
) -> tuple[tuple[int, int], int]:
    """Deal ``deal`` played once per seating of the two players: their good points and the hands played
    (and each hand's good points appended to ``hand_points``)."""
    good = [0, 0]
    hands = 0
    for seating in seatings(rules, ("first", "second")):
        state = rules.new_game(seed=seed + deal)
        # The same choices of chance in every rotation: only who sits where changes.
        rng = random.Random(f"{seed}:{deal}:{names}")
        hand = state.current_hand()
        while not state.is_over and state.current_hand() == hand:
            seat = state.to_move
            assert seat is not None
            state = state.play(players[seating[seat]].choose(state.observation(seat), rng))
        hands += 1
        this_hand = [0, 0]
        for seat_points, level in _points_by_level(state, seating):
            this_hand[level] += seat_points
        good[0] += this_hand[0]
        good[1] += this_hand[1]
        if hand_points is not None:
            hand_points.append((this_hand[0], this_hand[1]))
    return (good[0], good[1]), hands


def _points_by_level(state: State, seating: list[int]) -> list[tuple[int, int]]:
    """Good points per level for the hand just played (``State.last_hand_points``)."""
    return [(points, seating[seat]) for seat, points in enumerate(state.last_hand_points())]


class TournamentInterrupted(Exception):
    """Ctrl-C (or a stop) during a tournament: how far it got, and whether a rerun resumes."""

    def __init__(self, done: int, total: int, resumable: bool) -> None:
        self.done, self.total, self.resumable = done, total, resumable
        then = "run the same command to resume" if resumable else "give --results FILE to keep finished deals"
        super().__init__(f"interrupted after deal {done} of {total}; {then}")


#: ``--reproducible``: Crazy's sampled deals per move when no clock may decide (``bots.fixed_work``).
REPRODUCIBLE_CRAZY_SAMPLES = 1000


@dataclass
class TournamentResult:
    game: str
    levels: list[str]
    pairs: list[PairStats]
    ratings: dict[str, float]


def run_tournament(
    game: str,
    levels: Sequence[str],
    deals: int,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    seed: int = 0,
    bot_settings: dict[str, Any] | None = None,
    pairs: Sequence[tuple[str, str]] | None = None,
    ray_address: str | None = None,
    results_path: str | Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Every pair of levels on ``deals`` duplicate deals.

    Deals run in this process (``jobs`` 1), in ``jobs`` worker processes, or on a Ray
    cluster (``ray_address``: ``auto``, ``local`` or an address); the results do not depend
    on which. With ``results_path`` every finished deal is appended to that JSON-lines file
    as it comes, and deals already there are not played again, so an interrupted tournament
    resumes where it stopped. ``progress(done, total)`` is called after each deal.
    """
    options = options or {}
    rules = make_rules(game, **options)
    for level in levels:
        resolve_bot(level, rules)  # refuse unknown levels and bots before starting workers
    matchups = list(pairs) if pairs is not None else list(itertools.combinations(levels, 2))
    settings = tuple(sorted((bot_settings or {}).items()))
    tasks = [
        Task(game, tuple(sorted(options.items())), (a, b), deal, seed, settings)
        for a, b in matchups
        for deal in range(deals)
    ]
    done: dict[tuple[tuple[str, str], int], DealResult] = {}
    sink = None
    if results_path is not None:
        header = {"game": game, "options": dict(sorted(options.items())), "seed": seed, "settings": dict(settings)}
        done, sink = _open_results(Path(results_path), header)
    todo = [task for task in tasks if (task.levels, task.deal) not in done]

    def finished(result: DealResult) -> None:
        done[(result.levels, result.deal)] = result
        if sink is not None:
            sink.write(json.dumps(_result_row(result)) + "\n")
            sink.flush()
        if progress:
            progress(len(done), len(tasks))

    try:
        if progress and done:
            progress(len(done), len(tasks))
        if ray_address is not None:
            from bones.tournament_ray import run_on_ray

            run_on_ray(todo, ray_address, finished)
        elif jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for result in pool.map(play_deal, todo, chunksize=max(1, len(todo) // (jobs * 8))):
                    finished(result)
        else:
            for task in todo:
                finished(play_deal(task))
    except KeyboardInterrupt:
        raise TournamentInterrupted(len(done), len(tasks), results_path is not None) from None
    finally:
        if sink is not None:
            sink.close()
    stats = {pair: PairStats(*pair) for pair in matchups}
    for task in tasks:
        result = done[(task.levels, task.deal)]
        pair = stats[result.levels]
        pair.margins.append(result.points[0] - result.points[1])
        pair.points[0] += result.points[0]
        pair.points[1] += result.points[1]
        pair.hands += result.hands
    return TournamentResult(game, list(levels), list(stats.values()), elo(list(levels), list(stats.values())))


def _result_row(result: DealResult) -> dict[str, Any]:
    return {"levels": list(result.levels), "deal": result.deal, "points": list(result.points), "hands": result.hands}


def _open_results(path: Path, header: dict[str, Any]) -> tuple[dict[tuple[tuple[str, str], int], DealResult], TextIO]:
    """The deals a results file already holds, and the file open for appending.

    Its first line names the tournament (game, options, seed, bot settings); a file of
    another tournament is refused rather than mixed. A last line cut short by an
    interruption is dropped."""
    done: dict[tuple[tuple[str, str], int], DealResult] = {}
    if path.exists() and path.stat().st_size:
        lines = path.read_text(encoding="utf-8").splitlines()
        try:
            found = json.loads(lines[0])
        except json.JSONDecodeError:
            raise ValueError(f"{path} is not a bones tournament results file") from None
        if found != {"tournament": header}:
            raise ValueError(f"{path} holds another tournament ({lines[0]}); use another file")
        kept = [lines[0]]
        for line in lines[1:]:
            try:
                row = json.loads(line)
                points = (row["points"][0], row["points"][1])
                result = DealResult((row["levels"][0], row["levels"][1]), row["deal"], points, row["hands"])
            except (json.JSONDecodeError, KeyError, IndexError, TypeError):
                break  # the line being written when the tournament stopped
            done[(result.levels, result.deal)] = result
            kept.append(line)
        path.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
        return done, path.open("a", encoding="utf-8")
    sink = path.open("w", encoding="utf-8")
    sink.write(json.dumps({"tournament": header}) + "\n")
    return done, sink


def elo(levels: list[str], pairs: list[PairStats]) -> dict[str, float]:
    """Bradley-Terry strengths from deal wins, on the Elo scale (mean 1500)."""
    strength = {level: 1.0 for level in levels}
    for _ in range(200):
        for level in levels:
            wins = 0.0
            denominator = 0.0
            for pair in pairs:
                if level not in (pair.first, pair.second) or not pair.deals:
                    continue
                mine = pair.wins if level == pair.first else pair.deals - pair.wins
                other = pair.second if level == pair.first else pair.first
                wins += mine + 0.5  # a half-win prior keeps ratings finite after clean sweeps
                denominator += (pair.deals + 1) / (strength[level] + strength[other])
            if denominator:
                strength[level] = wins / denominator
        mean_log = sum(math.log(s) for s in strength.values()) / len(strength)
        strength = {k: math.exp(math.log(v) - mean_log) for k, v in strength.items()}
    return {level: 1500 + 400 * math.log10(strength[level]) for level in levels}
