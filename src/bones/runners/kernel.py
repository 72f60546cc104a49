"""The Domino Runners kernel: the board, positions as plain tuples, legal moves and their effect.

Search needs millions of steps, so a position is a tuple of small integers
(see the index constants below) and a kernel move a plain tuple; the public
game (``bones.runners.rules``) wraps them. Cells are numbered ``y * 8 + x``
with ``x`` the file (a-h) and ``y`` the rank counted from the bottom, and sets of
cells are bit masks.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bones.game import IllegalMoveError
from bones.tiles import Tile, pip_set

COLS, ROWS = 8, 7
CELLS = COLS * ROWS
CHECKERS = 10
FILES = "abcdefgh"
BLACK, WHITE = "black", "white"

# Directions: up, down, left, right (up is towards rank 7).
STEPS = ((0, 1), (0, -1), (-1, 0), (1, 0))
PERPENDICULAR = ((2, 3), (2, 3), (0, 1), (0, 1))

# A position is a plain tuple so search can copy and hash it cheaply. Seats are
# 0 and 1; everything is stored by seat, the colours only by BLACK_SEAT.
CHK = 0  # +seat: mask of that seat's checkers on the board (bit = cell)
RUN = 2  # +seat: cell of that seat's runner, -1 before it is placed
HAND = 4  # +seat: checkers still to place
CAPT = 6  # +seat: opponent checkers captured
TURN = 8  # seat to move
BLACK_SEAT = 9  # seat that owns the black (dark) colour now
SWAPPED = 10  # 1 once the pie rule was used
Pos = tuple[int, ...]

# Kernel moves are tuples: a runner move is (corner, end, final cell of the dropped
# checker, mask of jumped cells, landing cells); a placement (PLACE, cell); a swap (SWAP,).
PLACE, SWAP = -1, -2
KMove = tuple[Any, ...]


def cell_of(x: int, y: int) -> int:
    return y * COLS + x


def cell_name(cell: int) -> str:
    return f"{FILES[cell % COLS]}{cell // COLS + 1}"


def parse_cell(text: str) -> int:
    text = text.strip().lower()
    if len(text) == 2 and text[0] in FILES and text[1] in "1234567":
        return cell_of(FILES.index(text[0]), int(text[1]) - 1)
    raise IllegalMoveError(
        f"not a cell: {text!r} (cells are a1 to h7: file a-h from the left, rank 1-7 from the bottom)"
    )


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for cell in range(CELLS):
        x, y = cell % COLS, cell // COLS
        dirs = []
        for dx, dy in STEPS:
            ray = []
            cx, cy = x + dx, y + dy
            while 0 <= cx < COLS and 0 <= cy < ROWS:
                ray.append(cell_of(cx, cy))
                cx, cy = cx + dx, cy + dy
            dirs.append(tuple(ray))
        out.append(tuple(dirs))
    return tuple(out)


RAYS = _rays()  # RAYS[cell][direction]: the cells beyond, nearest first
ADJACENT = tuple(sum(1 << ray[0] for ray in RAYS[c] if ray) for c in range(CELLS))


@dataclass(frozen=True)
class Board:
    """The numbers on the 56 cells and which cells form each domino; never changes in a game."""

    values: tuple[int, ...]  # by cell (y * 8 + x, rank 1 first)
    partner: tuple[int, ...]  # the other half of each cell's domino
    blanks: int = field(init=False, repr=False)
    value_masks: tuple[int, ...] = field(init=False, repr=False)
    jumps: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        masks = [0] * 7
        for cell, value in enumerate(self.values):
            masks[value] |= 1 << cell
        object.__setattr__(self, "value_masks", tuple(masks))
        object.__setattr__(self, "blanks", masks[0])
        # A jump from a cell: (the jumped cell, the landing cell), never landing on a blank.
        jumps = []
        for cell in range(CELLS):
            jumps.append(tuple((ray[0], ray[1]) for ray in RAYS[cell] if len(ray) >= 2 and self.values[ray[1]] != 0))
        object.__setattr__(self, "jumps", tuple(jumps))

    @classmethod
    def shuffled(cls, rng: random.Random) -> Board:
        """All 28 dominoes shuffled and laid flat, four to a row from the top left, each turned at random."""
        tiles = list(pip_set(6).tiles)
        rng.shuffle(tiles)
        values = [0] * CELLS
        partner = [0] * CELLS
        for index, tile in enumerate(tiles):
            row, slot = divmod(index, 4)
            left = cell_of(2 * slot, ROWS - 1 - row)
            a, b = (tile.high, tile.low) if rng.random() < 0.5 else (tile.low, tile.high)
            values[left], values[left + 1] = a, b
            partner[left], partner[left + 1] = left + 1, left
        return cls(tuple(values), tuple(partner))

    def tiles(self) -> list[Tile]:
        return [Tile.of(self.values[c], self.values[self.partner[c]]) for c in range(CELLS) if c < self.partner[c]]

    def rows_text(self, marks: Mapping[int, str] | None = None) -> list[str]:
        """The grid in the donimoes text format, top row first; ``marks`` put a letter before a cell's number."""
        marks = marks or {}
        lines = []
        for y in range(ROWS - 1, -1, -1):
            row = []
            for x in range(COLS):
                cell = cell_of(x, y)
                row.append(marks.get(cell, " ") + str(self.values[cell]))
                if x < COLS - 1:
                    row.append("|" if self.partner[cell] == cell + 1 else " ")
            lines.append("".join(row))
            if y:
                joins = [" -" if self.partner[cell_of(x, y)] == cell_of(x, y - 1) else "  " for x in range(COLS)]
                lines.append(" ".join(joins).rstrip())
        return lines

    def text(self) -> str:
        """The board alone in the donimoes grid format (parsed back by ``parse_board``)."""
        lines = []
        for y in range(ROWS - 1, -1, -1):
            row = ""
            for x in range(COLS):
                cell = cell_of(x, y)
                row += str(self.values[cell])
                if x < COLS - 1:
                    row += "|" if self.partner[cell] == cell + 1 else " "
            lines.append(row)
            if y:
                lines.append(
                    "".join(
                        ("-" if self.partner[cell_of(x, y)] == cell_of(x, y - 1) else " ") + " " for x in range(COLS)
                    ).rstrip()
                )
        return "\n".join(lines)


def grid_cells(text: str) -> tuple[dict[int, str], dict[int, int]]:
    """Read the donimoes grid format: characters at even columns are cells, ``|`` joins a
    cell to its right, ``-`` on the line below a cell joins it down. Returns each cell's
    character and each cell's partner."""
    lines = textwrap.dedent(text.strip("\n")).rstrip().split("\n")
    lines = [line.rstrip() for line in lines]
    if len(lines) == ROWS:  # rows without the lines between them: every domino lies flat
        spaced = []
        for line in lines:
            spaced += [line, ""]
        lines = spaced[:-1]
    if len(lines) != 2 * ROWS - 1:
        raise ValueError(f"a board has {ROWS} rows of {COLS} cells (with a line between rows for `-` joins)")
    chars: dict[int, str] = {}
    partner: dict[int, int] = {}
    for row_index in range(ROWS):
        y = ROWS - 1 - row_index
        line = lines[2 * row_index]
        if len(line) != 2 * COLS - 1:
            raise ValueError(
                f"row {row_index + 1} from the top should be {2 * COLS - 1} characters, like 3|3 3|4 5|5 0|2"
            )
        for x in range(COLS):
            chars[cell_of(x, y)] = line[2 * x]
            if x < COLS - 1 and line[2 * x + 1] == "|":
                _join(partner, cell_of(x, y), cell_of(x + 1, y))
            elif x < COLS - 1 and line[2 * x + 1] != " ":
                raise ValueError(f"unexpected {line[2 * x + 1]!r} in row {row_index + 1} from the top")
        if y:
            below = lines[2 * row_index + 1]
            for column, char in enumerate(below):
                if char == "-" and column % 2 == 0:
                    _join(partner, cell_of(column // 2, y), cell_of(column // 2, y - 1))
                elif char != " ":
                    raise ValueError(
                        f"unexpected {char!r} between rows {row_index + 1} and {row_index + 2} from the top"
                    )
    missing = [cell_name(c) for c in range(CELLS) if c not in partner]
    if missing:
        raise ValueError(f"cells {', '.join(missing)} are not joined to a domino (use | or -)")
    return chars, partner


def _join(partner: dict[int, int], a: int, b: int) -> None:
    for cell in (a, b):
        if cell in partner:
            raise ValueError(f"cell {cell_name(cell)} belongs to two dominoes")
    partner[a], partner[b] = b, a


def parse_board(text: str) -> Board:
    """A board from the donimoes grid format; it must hold each double-six domino once."""
    chars, partner = grid_cells(text)
    bad = [cell_name(c) for c, ch in chars.items() if ch not in "0123456"]
    if bad:
        raise ValueError(f"cells {', '.join(sorted(bad))} do not hold a number 0-6")
    board = Board(tuple(int(chars[c]) for c in range(CELLS)), tuple(partner[c] for c in range(CELLS)))
    check_tiles(board)
    return board


def check_tiles(board: Board) -> None:
    tiles = board.tiles()
    seen: set[Tile] = set()
    for tile in tiles:
        if tile in seen:
            raise ValueError(f"domino {tile} appears twice; the board holds each double-six domino once")
        seen.add(tile)


# -- the kernel: legal moves and their effect on a position tuple -------------------


def run_moves(board: Board, pos: Pos) -> list[KMove]:
    """Every runner move of the seat to move (with every jump chain and its prefixes)."""
    turn = pos[TURN]
    start = pos[RUN + turn]
    if start < 0 or pos[HAND + turn] <= 0:
        return []
    other = pos[RUN + 1 - turn]
    checkers = pos[CHK] | pos[CHK + 1]
    occupied = checkers | (1 << other if other >= 0 else 0)
    blanks = board.blanks
    opponent = pos[CHK + 1 - turn]
    out: list[KMove] = []
    rays = RAYS
    for direction, ray in enumerate(rays[start]):
        for corner in ray:
            if occupied >> corner & 1:
                break
            if blanks >> corner & 1:
                continue
            may_jump = opponent & ADJACENT[corner]
            corner_rays = rays[corner]
            for second in PERPENDICULAR[direction]:
                for end in corner_rays[second]:
                    if occupied >> end & 1:
                        break
                    out.append((corner, end, corner, 0, ()))
                    if may_jump:
                        blocked = occupied | 1 << end
                        _jump_chains(board, corner, opponent, blocked, 0, (), corner, end, out)
    return out


def _jump_chains(
    board: Board,
    cell: int,
    opponent: int,
    blocked: int,
    jumped: int,
    landings: tuple[int, ...],
    corner: int,
    end: int,
    out: list[KMove],
) -> None:
    # ``blocked`` holds every checker (jumped ones stay until the chain ends) and both runners,
    # but not the jumping checker itself, so it may come back to a cell it left.
    for over, land in board.jumps[cell]:
        if opponent >> over & 1 and not jumped >> over & 1 and not blocked >> land & 1:
            chain = landings + (land,)
            taken = jumped | 1 << over
            out.append((corner, end, land, taken, chain))
            _jump_chains(board, land, opponent, blocked, taken, chain, corner, end, out)


def setup_moves(pos: Pos) -> list[KMove]:
    """Placements on every free cell, and the swap where the pie rule allows it."""
    occupied = pos[CHK] | pos[CHK + 1]
    for seat in (0, 1):
        if pos[RUN + seat] >= 0:
            occupied |= 1 << pos[RUN + seat]
    out: list[KMove] = [(PLACE, cell) for cell in range(CELLS) if not occupied >> cell & 1]
    if can_swap(pos):
        out.append((SWAP,))
    return out


def can_swap(pos: Pos) -> bool:
    turn = pos[TURN]
    return not pos[SWAPPED] and turn != pos[BLACK_SEAT] and pos[RUN + turn] < 0 and pos[RUN + pos[BLACK_SEAT]] >= 0


def in_setup(pos: Pos) -> bool:
    return pos[RUN] < 0 or pos[RUN + 1] < 0


def legal(board: Board, pos: Pos) -> list[KMove]:
    if in_setup(pos):
        return setup_moves(pos)
    return run_moves(board, pos)


def apply(pos: Pos, move: KMove) -> Pos:
    """The position after a legal kernel move."""
    c0, c1, r0, r1, h0, h1, k0, k1, turn, black, swapped = pos
    kind = move[0]
    if kind >= 0:
        _corner, end, final, jumped, landings = move
        taken = len(landings)
        if turn == 0:
            return (c0 | 1 << final, c1 & ~jumped, end, r1, h0 - 1, h1, k0 + taken, k1, 1, black, swapped)
        return (c0 & ~jumped, c1 | 1 << final, r0, end, h0, h1 - 1, k0, k1 + taken, 0, black, swapped)
    if kind == PLACE:
        cell = move[1]
        if turn == 0:
            return (c0, c1, cell, r1, h0, h1, k0, k1, 1, black, swapped)
        return (c0, c1, r0, cell, h0, h1, k0, k1, 0, black, swapped)
    # The swapper takes the black runner where it stands; the other seat places white.
    if turn == 0:
        return (c0, c1, r1, -1, h0, h1, k0, k1, 1, 0, 1)
    return (c0, c1, -1, r0, h0, h1, k0, k1, 0, 1, 1)


def points(board: Board, pos: Pos, seat: int) -> int:
    """Numbers under the seat's checkers plus one per checker it captured."""
    mask = pos[CHK + seat]
    masks = board.value_masks
    total = pos[CAPT + seat]
    for value in range(1, 7):
        total += value * (mask & masks[value]).bit_count()
    return total


def all_placed(pos: Pos) -> bool:
    return pos[HAND] == 0 and pos[HAND + 1] == 0 and not in_setup(pos)


def direction_of(a: int, b: int) -> int | None:
    ax, ay, bx, by = a % COLS, a // COLS, b % COLS, b // COLS
    if ax == bx and by != ay:
        return 0 if by > ay else 1
    if ay == by and bx != ax:
        return 3 if bx > ax else 2
    return None


def between(a: int, b: int) -> list[int]:
    """Cells strictly between two cells on one line."""
    direction = direction_of(a, b)
    if direction is None:
        return []
    out: list[int] = []
    for cell in RAYS[a][direction]:
        if cell == b:
            return out
        out.append(cell)
    return out
