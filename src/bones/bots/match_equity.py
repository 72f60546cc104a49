"""The chance of each side to win a match played to a target score (a match-equity table).

A review counts a line game's loss in the chance to win the match, not in points of the hand: two
points matter little at 0 to 0 and decide everything at 95 to 95. This module turns a match score
into each side's chance to win the match, and the analysis' estimate of the hand being played into
the chance after it.

**The model** (chosen over a normal approximation, which needs a variance per hand and an
approximation again for three or four sides and for the first to the target): the hands of a match
are independent draws from one distribution of hand results (points per side), the one the game's
own bots make, estimated once per set of rules from greedy self-play with a seeded generator
(``bots/line/match.py``). The table is exact dynamic programming over the scores under that
assumption: a side's chance at a score is the mean, over the next hand's results, of its chance at
the score after. Scores are counted in ``steps`` equal steps to the target (``STEPS``: fine for two
sides, coarser for more, so a table takes well under a second), each hand's points shared between the
step below and the step above in proportion (so a small hand keeps its mean rather than vanishing), and a score
between steps reads the table by multilinear interpolation. Hands that score nothing (a tied block)
only delay the match and are left out. The first to the target wins (the most points where two reach
it in one hand); where the lowest score wins (kozel), a side reaching the target loses and the lowest
of the rest wins. Each hand result counts for every order of the sides, so the table is symmetric.

Properties (``tests/bots/test_match_equity.py``): the chances of the sides sum to 1; a side at the
target has won (or, lowest wins, lost); equal scores give equal chances; more points never lower a
side's chance (never raise it where the lowest wins).

**A hand in play** (``after_hand``): the analysis gives, for a move, the expected points of the hand
from the mover's side (its points less the mean of the others', turned over where the lowest wins)
and the chance it wins the hand. That becomes two outcomes: the hand won (with that chance), scoring
``g``, or lost, the others scoring ``l`` (in the same difference); ``g`` and ``l`` are the game's mean
win and loss (from the same self-play) moved together by one amount so that their mean is the expected
points. The chance to win the match is the table's chance after each outcome, weighed by the chance
of each. A certain result (the exact solver with every tile shown: the chance of the hand is 0 or 1)
gives exactly the table's chance at the score it leaves.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

#: Steps to the target for the table, by the number of sides (states: steps ** sides).
STEPS = {2: 60, 3: 20, 4: 12}


@dataclass(frozen=True)
class HandResult:
    """One hand's result: the points each side scored in it and the side that won it (None: nobody)."""

    points: tuple[float, ...]
    winner: int | None


class MatchEquity:
    """Each side's chance to win a match to ``target`` from any score, given the hands' results."""

    def __init__(
        self,
        target: int,
        sides: int,
        results: Iterable[HandResult],
        lowest_wins: bool = False,
        steps: int | None = None,
    ) -> None:
        if target < 1 or sides < 2:
            raise ValueError("a match needs a target of at least 1 and two sides or more")
        self.target = target
        self.sides = sides
        self.lowest_wins = lowest_wins
        self.steps = steps or STEPS.get(sides, 8)
        self._step = target / self.steps
        results = list(results)
        if any(len(r.points) != sides for r in results):
            raise ValueError(f"every hand result needs points for {sides} sides")
        self.mean_win, self.mean_loss = _means(results, lowest_wins)
        moves = _moves(results, self._step)
        if not moves:
            raise ValueError("no hand result scores anything: a match would never end")
        self._table = self._solve(moves)

    # ---------------------------------------------------------------- the table
    def _solve(self, moves: Sequence[tuple[tuple[int, ...], float]]) -> np.ndarray:
        """Every cell's chances, past the target too (``steps`` more a side: a hand's steps are capped
        there, which can only change who of two reaching the target in one hand has more)."""
        steps, n = self.steps, self.sides
        size = 2 * steps
        coords = np.indices((size,) * n).reshape(n, -1).T
        table = self._ended_all(coords, steps).reshape((size,) * n + (n,))
        offsets = np.array([[min(m, steps) for m in move] for move, _ in moves], dtype=np.intp)
        shares = np.array([share for _, share in moves])
        inside = np.indices((steps,) * n).reshape(n, -1).T
        level_of = inside.sum(axis=1)
        # A hand always scores, so a cell needs only cells of a larger sum: one level at a time, highest first.
        for level in range(int(level_of.max()), -1, -1):
            cells = inside[level_of == level]
            after = cells[:, None, :] + offsets[None, :, :]
            there = table[tuple(after[..., side] for side in range(n))]
            table[tuple(cells.T)] = np.einsum("k,lkn->ln", shares, there)
        return table

    def _ended_all(self, coords: np.ndarray, target: float) -> np.ndarray:
        """``_ended`` for every row of ``coords`` at once (rows nobody has reached get zeros, filled later)."""
        reached = coords >= target
        if self.lowest_wins:
            rest = ~reached
            rest[~rest.any(axis=1)] = True
            held = np.where(rest, coords, np.iinfo(np.intp).max)
            winners = held == held.min(axis=1, keepdims=True)
        else:
            held = np.where(reached, coords, -1)
            winners = (held == held.max(axis=1, keepdims=True)) & reached
        counts = winners.sum(axis=1, keepdims=True)
        chances = np.divide(winners, counts, out=np.zeros(winners.shape), where=counts > 0)
        chances[~reached.any(axis=1)] = 0.0
        return chances

    def _ended(self, scores: Sequence[float], target: float) -> tuple[float, ...]:
        """The chances once a side has reached ``target``: 1 shared among the winners."""
        n = self.sides
        reached = [side for side in range(n) if scores[side] >= target]
        if self.lowest_wins:
            rest = [side for side in range(n) if side not in reached] or list(range(n))
            low = min(scores[side] for side in rest)
            winners = [side for side in rest if scores[side] == low]
        else:
            high = max(scores[side] for side in reached)
            winners = [side for side in reached if scores[side] == high]
        return tuple(1.0 / len(winners) if side in winners else 0.0 for side in range(n))

    def chances(self, scores: Sequence[float]) -> tuple[float, ...]:
        """Each side's chance to win the match from ``scores`` (per side, in points)."""
        if len(scores) != self.sides:
            raise ValueError(f"a score per side, {self.sides} in all")
        if max(scores) >= self.target:
            return self._ended(scores, self.target)
        at = [max(0.0, s) / self._step for s in scores]
        low = [min(math.floor(x), self.steps - 1) for x in at]
        frac = [x - lo for x, lo in zip(at, low)]
        total = [0.0] * self.sides
        for corner in itertools.product((0, 1), repeat=self.sides):
            weight = 1.0
            for up, f in zip(corner, frac):
                weight *= f if up else 1.0 - f
            if weight <= 0.0:
                continue
            there = self._table[tuple(lo + up for lo, up in zip(low, corner))]
            for side in range(self.sides):
                total[side] += weight * float(there[side])
        return tuple(total)

    # ---------------------------------------------------------------- a hand in play
    def after_hand(self, scores: Sequence[float], side: int, points: float, win: float) -> float:
        """``side``'s chance to win the match once the hand in play ends, from ``scores``, where the
        analysis expects ``points`` from the hand for it (its points less the mean of the others', turned
        over where the lowest wins) and gives it the chance ``win`` to win the hand."""
        win = min(1.0, max(0.0, win))
        shift = points - win * self.mean_win + (1.0 - win) * self.mean_loss
        gain = max(0.0, self.mean_win + shift)
        loss = max(0.0, self.mean_loss - shift)
        others = [s for s in range(self.sides) if s != side]
        won, lost = list(scores), list(scores)
        if self.lowest_wins:
            for other in others:  # a hand won: the others write the points
                won[other] += gain
            lost[side] += loss
            chance_lost = self.chances(lost)[side]
        else:
            won[side] += gain
            chance_lost = 0.0
            for other in others:  # a hand lost to one of the others, each as likely
                one = list(scores)
                one[other] += loss * len(others)
                chance_lost += self.chances(one)[side] / len(others)
        return win * self.chances(won)[side] + (1.0 - win) * chance_lost


def _means(results: Sequence[HandResult], lowest_wins: bool) -> tuple[float, float]:
    """The mean points a hand won brings its winner, and the mean a hand lost costs a side (in the
    difference to the mean of the others), over every side's view of every result."""
    won: list[float] = []
    lost: list[float] = []
    for result in results:
        if result.winner is None:
            continue
        n = len(result.points)
        for side in range(n):
            mine = result.points[side]
            rest = sum(p for s, p in enumerate(result.points) if s != side) / (n - 1)
            diff = rest - mine if lowest_wins else mine - rest
            (won if side == result.winner else lost).append(diff)
    mean_win = sum(won) / len(won) if won else 0.0
    mean_loss = -sum(lost) / len(lost) if lost else 0.0
    return max(0.0, mean_win), max(0.0, mean_loss)


def _moves(results: Sequence[HandResult], step: float) -> list[tuple[tuple[int, ...], float]]:
    """The hands' results in steps, every order of the sides, each as its share (nothing scored: left out)."""
    shares: dict[tuple[int, ...], float] = {}
    for result in results:
        # A score between two steps goes to each in proportion: its mean is kept.
        options = []
        for points in result.points:
            x = max(0.0, points) / step
            low = math.floor(x)
            up = x - low
            options.append(((low, 1.0 - up), (low + 1, up)))
        for combo in itertools.product(*options):
            weight = 1.0
            for _, w in combo:
                weight *= w
            if weight <= 1e-12:
                continue
            move = tuple(m for m, _ in combo)
            if not any(move):
                continue
            orders = list(itertools.permutations(move))
            for order in orders:
                shares[order] = shares.get(order, 0.0) + weight / len(orders)
    total = sum(shares.values())
    return [(move, share / total) for move, share in sorted(shares.items())]
