"""Bee Donimoes' whole layouts: each round solved (``solve_layout``), dealt at random (``random_layout``), or
generated so that a round needs a given number of moves (``generate``, a hill climb over the dominoes' places)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bones.puzzles.base import random_tiling
from bones.puzzles.bee.puzzle import MIN_DICE, SIZES, BeeLayout
from bones.puzzles.grid import Grid


def solve_layout(
    layout: BeeLayout, advanced: bool, position: dict[int, int] | None = None
) -> dict[int, list[str] | None]:
    """A shortest solution for each queen of the round sequence (3, 4, ...), None where impossible.

    ``position`` ({die: cell}, the queen being the biggest die) starts from a
    position within a round, as the book's ``dice:`` marker shows one; the
    rounds after it start from the starting spaces as usual.
    """
    out: dict[int, list[str] | None] = {}
    first = MIN_DICE
    if position:
        first = max(position)
        rnd = layout.round(first, advanced)
        cells = rnd.check_position(position)
        steps = rnd.solve(cells)
        out[first] = None if steps is None else rnd.notation(steps, cells)
        first += 1
    for queen in range(first, layout.dice + 1):
        rnd = layout.round(queen, advanced)
        steps = rnd.solve()
        out[queen] = None if steps is None else rnd.notation(steps)
    return out


def random_layout(dice: int, rng: random.Random) -> BeeLayout:
    """The dominoes up to ``dice`` shuffled into the book's rectangle, on a random tiling."""
    if dice not in SIZES:
        raise ValueError(f"Bee Donimoes uses 3 to 6 dice, not {dice}")
    width, height = SIZES[dice]
    tiles = [(a, b) for b in range(dice + 1) for a in range(b + 1)]
    rng.shuffle(tiles)
    pairs = random_tiling(width, height, rng)
    return _layout_from(width, height, pairs, [t if rng.random() < 0.5 else t[::-1] for t in tiles])


def _layout_from(
    width: int, height: int, pairs: Sequence[tuple[int, int]], tiles: Sequence[tuple[int, int]]
) -> BeeLayout:
    placed = [(divmod(a, width), ta, divmod(b, width), tb) for (a, b), (ta, tb) in zip(pairs, tiles)]
    return BeeLayout.from_grid(Grid.from_dominoes(width, height, placed))


def generate(
    dice: int,
    moves: int,
    advanced: bool,
    rng: random.Random,
    queen: int | None = None,
    max_tries: int = 20_000,
) -> BeeLayout:
    """A layout whose round for ``queen`` (default: the last, hardest round) needs exactly ``moves``
    moves, and whose other rounds are all solvable.

    Random layouts are improved by swapping or turning dominoes, keeping a change
    unless it takes the length further from the target (a simple hill climb).
    """
    queen = dice if queen is None else queen
    if not MIN_DICE <= queen <= dice:
        raise ValueError(f"the queen is die 3..{dice}, not {queen}")
    if moves < 0:
        raise ValueError("a solution length is at least 0")
    width, height = SIZES[dice]

    def length(layout: BeeLayout) -> int:
        steps = layout.round(queen, advanced).solve()
        return -1 if steps is None else len(steps)

    def distance(n: int) -> int:
        return 1000 if n < 0 else abs(n - moves)

    tiles = [(a, b) for b in range(dice + 1) for a in range(b + 1)]
    rng.shuffle(tiles)
    pairs = random_tiling(width, height, rng)
    tiles = [t if rng.random() < 0.5 else t[::-1] for t in tiles]
    layout = _layout_from(width, height, pairs, tiles)
    score = distance(length(layout))
    stale = 0
    for _ in range(max_tries):
        if score == 0:
            others = [q for q in range(MIN_DICE, dice + 1) if q != queen]
            if all(layout.round(q, advanced).solve() is not None for q in others):
                return layout
            score = 1  # a round is impossible: keep changing
        trial = list(tiles)
        i = rng.randrange(len(trial))
        if rng.random() < 0.3:
            trial[i] = trial[i][::-1]
        else:
            j = rng.randrange(len(trial))
            trial[i], trial[j] = trial[j], trial[i]
        candidate = _layout_from(width, height, pairs, trial)
        new = distance(length(candidate))
        if new <= score:
            stale = stale + 1 if new == score else 0
            tiles, layout, score = trial, candidate, new
        else:
            stale += 1
        if stale > 400:  # stuck on a plateau: start again from a fresh tiling
            pairs = random_tiling(width, height, rng)
            rng.shuffle(tiles)
            layout = _layout_from(width, height, pairs, tiles)
            score, stale = distance(length(layout)), 0
    raise ValueError(f"no {dice}-dice layout needing {moves} moves for queen {queen} found in {max_tries} tries")
