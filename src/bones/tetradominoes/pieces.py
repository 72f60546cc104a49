"""The seven two-sided tetrominoes of Tetradominoes and the grid they lie on.

A cell of the grid is one small integer, ``(row + OFFSET) * WIDTH + (col + OFFSET)``,
so neighbours are ``cell ± 1`` and ``cell ± WIDTH`` and the board can grow in every
direction from the first domino at rows/columns 0. Pieces are numbered 0..6 and
named by the shape of their light side as the rules draw them: L S I J Z T O. The
dark side is the mirror image, so the dark side of L shows a J, of S a Z (and back);
I, T and O look the same on both sides.
"""

from __future__ import annotations

WIDTH = 256
OFFSET = 128
LIMIT = 120  # rows and columns stay within ±LIMIT (28 dominoes reach 56 cells at most)
DIRS = (1, -1, WIDTH, -WIDTH)

PIECES = "LSIJZTO"
LIGHT, DARK = 0, 1
COLOURS = ("light", "dark")
ANY_COLOUR = -1  # solitaire: either side up

# The light sides exactly as the rules draw them (rows of '#').
DRAWN = {
    "L": ("###", "#.."),
    "S": (".##", "##."),
    "I": ("####",),
    "J": ("#..", "###"),
    "Z": ("##.", ".##"),
    "T": (".#", "##", ".#"),
    "O": ("##", "##"),
}
MIRROR = {"L": "J", "J": "L", "S": "Z", "Z": "S", "I": "I", "T": "T", "O": "O"}


def cell(row: int, col: int) -> int:
    if not (-LIMIT <= row <= LIMIT and -LIMIT <= col <= LIMIT):
        raise ValueError(f"cell {row},{col} is off the table (rows and columns run from -{LIMIT} to {LIMIT})")
    return (row + OFFSET) * WIDTH + (col + OFFSET)


def row_col(code: int) -> tuple[int, int]:
    row, col = divmod(code, WIDTH)
    return row - OFFSET, col - OFFSET


def cell_text(code: int) -> str:
    row, col = row_col(code)
    return f"{row},{col}"


def _normal(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def _rotations(cells: tuple[tuple[int, int], ...]) -> set[tuple[tuple[int, int], ...]]:
    out = set()
    current = list(cells)
    for _ in range(4):
        current = [(c, -r) for r, c in current]
        out.add(_normal(current))
    return out


def _drawn_cells(rows: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    return _normal([(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"])


# Every fixed shape (a shape in one orientation, as (row, col) offsets) with the
# one-sided shape it is: 19 fixed tetrominoes.
SHAPE_OF: dict[tuple[tuple[int, int], ...], str] = {}
for _name, _rows in DRAWN.items():
    for _fixed in _rotations(_drawn_cells(_rows)):
        SHAPE_OF[_fixed] = _name

# Cell-code offsets of each fixed shape and its one-sided shape, for the kernel.
FIXED: tuple[tuple[tuple[int, ...], str], ...] = tuple(
    (tuple(r * WIDTH + c for r, c in fixed), name) for fixed, name in sorted(SHAPE_OF.items())
)
# (offsets relative to one of its cells, shape) for every fixed shape and every cell of it:
# the placements of a shape that contain a given cell are ``cell + offset``. Offsets are
# ascending, so the cells of a placement come out sorted.
ANCHORED: tuple[tuple[tuple[int, ...], int], ...] = tuple(
    (tuple(sorted(o - offsets[k] for o in offsets)), PIECES.index(name)) for offsets, name in FIXED for k in range(4)
)


def shape_of_cells(cells: tuple[int, ...] | list[int]) -> str | None:
    """The one-sided shape (L S I J Z T O as seen from above) of four cells, None if they are no tetromino."""
    return SHAPE_OF.get(_normal([row_col(c) for c in cells]))


def piece_for(shape: str, colour: int) -> str:
    """The piece that shows ``shape`` with ``colour`` up."""
    return shape if colour == LIGHT else MIRROR[shape]


def shape_shown(piece: str, colour: int) -> str:
    return piece if colour == LIGHT else MIRROR[piece]
