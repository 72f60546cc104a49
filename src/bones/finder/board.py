"""The Finder layout: 7 rows of 8 squares, a domino's face, square names, the deal, the dice, and where a pawn may walk."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bones.tiles import pip_set

ROWS, COLUMNS = 7, 8
SQUARES = ROWS * COLUMNS
DOMINOES = SQUARES // 2  # domino d covers squares 2d and 2d+1 of one row
COLUMN_NAMES = "abcdefgh"

DOWN, UP, GONE = 0, 1, 2  # a domino lies face down, face up, or was taken as a treasure
FACE_NAMES = ("down", "up", "gone")


def _neighbours(square: int) -> tuple[int, ...]:
    row, column = divmod(square, COLUMNS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, column + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            out.append(r * COLUMNS + c)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(s) for s in range(SQUARES))
EDGE = tuple(s for s in range(SQUARES) if len(NEIGHBOURS[s]) < 4)
ROW_OF_DOMINO = tuple(d * 2 // COLUMNS for d in range(DOMINOES))


def square_name(square: int) -> str:
    row, column = divmod(square, COLUMNS)
    return f"{COLUMN_NAMES[column]}{row + 1}"


def domino_name(position: int) -> str:
    return f"{square_name(2 * position)}-{square_name(2 * position + 1)}"


def dice_roll(seed: int, number: int) -> tuple[int, int]:
    """Roll ``number`` (0, 1, ...) of the game with ``seed``."""
    rng = random.Random(f"bones:finder:{seed}:roll:{number}")
    return rng.randint(1, 6), rng.randint(1, 6)


def deal(seed: int) -> tuple[int, ...]:
    """The numbers on the 56 squares of a layout built as the rules say."""
    rng = random.Random(f"bones:finder:{seed}:layout")
    tiles = list(pip_set(6).tiles)
    blanks = [t for t in tiles if t.has(0)]
    others = [t for t in tiles if not t.has(0)]
    rng.shuffle(blanks)
    rng.shuffle(others)
    numbers: list[int] = []
    for row in range(ROWS):
        group = [blanks[row]] + others[3 * row : 3 * row + 3]
        rng.shuffle(group)
        for tile in group:
            ends = [tile.high, tile.low]
            rng.shuffle(ends)
            numbers += ends
    return tuple(numbers)


def passable(faces: Sequence[int], numbers: Sequence[int], square: int) -> bool:
    """A pawn may walk over face-up squares that are not blanks, and over empty spaces."""
    face = faces[square // 2]
    return face == GONE or (face == UP and numbers[square] != 0)


def reachable(faces: Sequence[int], numbers: Sequence[int], starts: Sequence[int]) -> tuple[int, ...]:
    """Face-down squares next to a square a pawn can walk to from ``starts``."""
    seen = set(starts)
    stack = list(starts)
    targets = set()
    while stack:
        square = stack.pop()
        for other in NEIGHBOURS[square]:
            if other in seen:
                continue
            if faces[other // 2] == DOWN:
                targets.add(other)
            elif passable(faces, numbers, other):
                seen.add(other)
                stack.append(other)
    return tuple(sorted(targets))


def walk_in(faces: Sequence[int], numbers: Sequence[int]) -> tuple[int, ...]:
    """Face-down squares a pawn coming in from outside can step onto: on the edge, or walking in over face-up ones."""
    direct = {s for s in EDGE if faces[s // 2] == DOWN}
    starts = [s for s in EDGE if passable(faces, numbers, s)]
    return tuple(sorted(direct | set(reachable(faces, numbers, starts))))
