"""Moves of Tetradominoes and their text form.

Cells are written ``row,col``; the first domino lies on 0,0 and 0,1, rows grow
downwards and columns to the right, and both may go negative.

=============================  ==========================================================
``4:6@1,2>``                   a domino: 4 on cell 1,2 and 6 to its right (on 1,3)
``3:6@0,2v``                   a domino: 3 on cell 0,2 and 6 below it (on 1,2)
``J/light@0,1 1,1 1,2 1,3``    a tetromino: piece J, light side up, on those four cells
``skip``                       lay no tetromino this turn
``reveal 5:5 3:1``             stuck: show two hidden dominoes (and draw one)
``pass``                       stuck for good: show every hidden domino and pass
``give 5:5`` / ``keep``        the 4-player trade after a tetromino: offer (or answer with)
                               a domino, or keep your dominoes
``discard T``                  solitaire, stuck: discard a tetromino (it counts as unplayed)
``return 5:5``                 solitaire: put a domino back in the pile after drawing
=============================  ==========================================================

A domino may also be written with ``<`` (second number to the left) or ``^``
(above); it is shown with ``>`` or ``v``. Pieces are named by their light side
(L S I J Z T O); the dark side is the mirror image, so ``L/dark`` shows a J shape.
A tetromino may be written without its piece (``light@0,1 1,1 1,2 1,3``): the
cells and the side name it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bones.game import IllegalMoveError, Move
from bones.tetradominoes.kernel import DISCARD, GIVE, KEEP, PASS, PLACE, RETURN, REVEAL, SKIP, TET, TILES_BY_PAIR
from bones.tetradominoes.pieces import (
    COLOURS,
    LIMIT,
    PIECES,
    WIDTH,
    cell,
    cell_text,
    piece_for,
    row_col,
    shape_of_cells,
    shape_shown,
)
from bones.tiles import HIGH, LOW, TILES, Tile

_DOMINO = re.compile(r"^(\d+)\s*:\s*(\d+)\s*@\s*(-?\d+)\s*,\s*(-?\d+)\s*([<>^vV])$")
_TET = re.compile(r"^(?:([a-z])\s*/\s*)?(light|dark|l|d)\s*@(.*)$")
_CELL = re.compile(r"^(-?\d+),(-?\d+)$")
WORDS = ("skip", "pass", "keep")
HELP = "moves look like 4:6@1,2>, 3:6@0,2v, J/light@0,1 1,1 1,2 1,3, skip, reveal 5:5 3:1, pass, give 5:5, keep, discard T, return 5:5"


@dataclass(frozen=True, order=True)
class TetraMove(Move):
    """A move as the kernel's tuple (cells as kernel integers); ``str`` is the text above."""

    kernel: tuple

    @property
    def kind(self) -> int:
        return int(self.kernel[0])

    @property
    def tile(self) -> Tile | None:
        k = self.kernel
        if k[0] == PLACE:
            return TILES[TILES_BY_PAIR[k[1]][k[2]]]
        if k[0] in (GIVE, RETURN):
            return TILES[k[1]]
        return None

    def __str__(self) -> str:
        k = self.kernel
        kind = k[0]
        if kind == PLACE:
            _, a, b, x, y = k
            return f"{a}:{b}@{cell_text(x)}{'>' if y == x + 1 else 'v'}"
        if kind == TET:
            _, piece, colour, cells = k
            return f"{PIECES[piece]}/{COLOURS[colour]}@" + " ".join(cell_text(c) for c in cells)
        if kind == REVEAL:
            return f"reveal {TILES[k[1]]} {TILES[k[2]]}"
        if kind in (GIVE, RETURN):
            return f"{'give' if kind == GIVE else 'return'} {TILES[k[1]]}"
        if kind == DISCARD:
            return f"discard {PIECES[k[1]]}"
        return {SKIP: "skip", PASS: "pass", KEEP: "keep"}[kind]

    def __repr__(self) -> str:
        return f"TetraMove({self})"


SKIP_MOVE = TetraMove((SKIP,))
PASS_MOVE = TetraMove((PASS,))
KEEP_MOVE = TetraMove((KEEP,))


def _tile(text: str, whole: str) -> int:
    try:
        tile = Tile.parse(text)
    except ValueError as error:
        raise IllegalMoveError(f"not a domino: {text!r} in {whole!r} (write it like 6:3)") from error
    if tile.high > 6:
        raise IllegalMoveError(f"{tile} is not in the double-six set")
    return int(tile)


def _cell(row: str, col: str) -> int:
    try:
        return cell(int(row), int(col))
    except ValueError as error:
        raise IllegalMoveError(str(error)) from None


def parse_move(text: str) -> TetraMove:
    """The move written as ``text``; unknown or malformed text raises IllegalMoveError."""
    whole = text.strip()
    word = whole.lower()
    if word in WORDS:
        return TetraMove(({"skip": SKIP, "pass": PASS, "keep": KEEP}[word],))
    head, _, rest = word.partition(" ")
    rest = rest.strip()
    if head == "reveal":
        parts = rest.replace(",", " ").split()
        if len(parts) != 2:
            raise IllegalMoveError(f"reveal names two dominoes, like 'reveal 5:5 3:1', not {whole!r}")
        t, u = sorted(_tile(p, whole) for p in parts)
        if t == u:
            raise IllegalMoveError(f"reveal names two different dominoes, not {whole!r}")
        return TetraMove((REVEAL, t, u))
    if head in ("give", "return"):
        return TetraMove((GIVE if head == "give" else RETURN, _tile(rest, whole)))
    if head == "discard":
        letter = rest.upper()
        if len(letter) != 1 or letter not in PIECES:
            raise IllegalMoveError(f"discard names a piece ({' '.join(PIECES)}), not {rest!r}")
        return TetraMove((DISCARD, PIECES.index(letter)))
    match = _DOMINO.match(word)
    if match:
        return _domino(match, whole)
    match = _TET.match(word)
    if match:
        return _tetromino(match, whole)
    raise IllegalMoveError(f"not a move: {whole!r} ({HELP})")


def _domino(match: re.Match[str], whole: str) -> TetraMove:
    a, b = int(match[1]), int(match[2])
    if a > 6 or b > 6:
        raise IllegalMoveError(f"{a}:{b} is not in the double-six set")
    x = _cell(match[3], match[4])
    step = {">": 1, "<": -1, "v": WIDTH, "^": -WIDTH}[match[5].lower()]
    y = x + step
    row, col = row_col(y)
    if abs(row) > LIMIT or abs(col) > LIMIT:
        raise IllegalMoveError(f"{whole!r} reaches off the table")
    if y < x:
        a, b, x, y = b, a, y, x
    return TetraMove((PLACE, a, b, x, y))


def _tetromino(match: re.Match[str], whole: str) -> TetraMove:
    colour = 0 if match[2].startswith("l") else 1
    texts = match[3].replace(";", " ").split()
    cells = []
    for t in texts:
        m = _CELL.match(t)
        if not m:
            raise IllegalMoveError(f"not a cell: {t!r} in {whole!r} (cells are row,col like 0,1)")
        cells.append(_cell(m[1], m[2]))
    if len(set(cells)) != 4:
        raise IllegalMoveError(f"a tetromino covers four different cells: {whole!r}")
    cells.sort()
    shape = shape_of_cells(cells)
    if shape is None:
        raise IllegalMoveError(f"the cells of {whole!r} do not form a tetromino")
    if match[1] is None:
        piece = piece_for(shape, colour)
    else:
        piece = match[1].upper()
        if piece not in PIECES:
            raise IllegalMoveError(f"no piece {piece!r}: the pieces are {' '.join(PIECES)}")
        shown = shape_shown(piece, colour)
        if shown != shape:
            raise IllegalMoveError(
                f"the {COLOURS[colour]} side of {piece} shows {article(shown)}, but those cells make {article(shape)}"
            )
    return TetraMove((TET, PIECES.index(piece), colour, tuple(cells)))


def article(shape: str) -> str:
    return f"{'an' if shape in 'ILOS' else 'a'} {shape}"


def place_move(a: int, b: int, x: int, y: int) -> TetraMove:
    return TetraMove((PLACE, a, b, x, y) if x < y else (PLACE, b, a, y, x))


def tile_numbers(tile: int) -> tuple[int, int]:
    return HIGH[tile], LOW[tile]
