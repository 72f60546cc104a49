"""The grid text format of the Donimoes books: parse and print, round trip.

Cells sit at even columns of every other line; a ``|`` between two cells joins
them into a horizontal domino, and a ``-`` on the line below a cell joins it to
the cell under it. A space where a cell could be is an empty square. An
optional section after a line ``---`` holds markers, one ``name:value`` a line
(Bee Donimoes writes ``dice:(1,1)3,(3,2)2`` with x from the left and y from the
bottom, as the book does)::

    0|2 2|3 0
            -
    1 2 1|1 0

Errors name the line and column (both from 1) of what is wrong, in the text as
given.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

Cell = tuple[int, int]  # (row from the top, column from the left)

_MARKER = re.compile(r"^([A-Za-z_]\w*):(.*)$")
_DICE_ITEM = re.compile(r"\((\d+),(\d+)\)(\d+)")


class GridFormatError(ValueError):
    """A grid text that does not follow the format; the message names line and column."""


@dataclass(frozen=True)
class Grid:
    """Squares (a number or None for empty) and the joins that make dominoes."""

    width: int
    height: int
    values: tuple[tuple[int | None, ...], ...]
    partner: Mapping[Cell, Cell] = field(repr=False)
    markers: Mapping[str, str] = field(default_factory=dict)

    # -- making grids ------------------------------------------------------

    @classmethod
    def from_dominoes(
        cls,
        width: int,
        height: int,
        dominoes: Sequence[tuple[Cell, int, Cell, int]],
        markers: Mapping[str, str] | None = None,
    ) -> Grid:
        """A grid from ``(cell, value, other_cell, other_value)`` placements of neighbouring cells."""
        values: list[list[int | None]] = [[None] * width for _ in range(height)]
        partner: dict[Cell, Cell] = {}
        for a, va, b, vb in dominoes:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise ValueError(f"cells {a} and {b} are not neighbours")
            for cell, value in ((a, va), (b, vb)):
                if not (0 <= cell[0] < height and 0 <= cell[1] < width):
                    raise ValueError(f"cell {cell} is outside a {width}x{height} grid")
                if values[cell[0]][cell[1]] is not None:
                    raise ValueError(f"cell {cell} is covered twice")
                values[cell[0]][cell[1]] = value
            partner[a], partner[b] = b, a
        return cls(width, height, tuple(tuple(r) for r in values), partner, dict(markers or {}))

    @classmethod
    def parse(cls, text: str) -> Grid:
        lines = text.expandtabs().splitlines()
        # Where the grid starts in the caller's text, so errors point there.
        first = 0
        while first < len(lines) and not lines[first].strip():
            first += 1
        body: list[str] = []
        marker_lines: list[tuple[int, str]] = []
        in_markers = False
        for number, line in enumerate(lines[first:], start=first + 1):
            if not in_markers and line.strip() == "---":
                in_markers = True
                continue
            if in_markers:
                if line.strip():
                    marker_lines.append((number, line.strip()))
            else:
                body.append(line.rstrip())
        while body and not body[-1]:
            body.pop()
        if not body:
            raise GridFormatError("the grid is empty")
        dedented = textwrap.dedent("\n".join(body)).split("\n")
        indent = len(body[0]) - len(dedented[0]) if dedented[0] else 0
        if not dedented[0]:
            indent = min(len(b) - len(b.lstrip()) for b in body if b.strip())
        return cls._parse_body(dedented, first + 1, indent, marker_lines)

    @classmethod
    def _parse_body(cls, rows: list[str], first_line: int, indent: int, marker_lines: list[tuple[int, str]]) -> Grid:
        def where(index: int, column: int) -> str:
            return f"line {first_line + index}, column {indent + column + 1}"

        if len(rows) % 2 == 0:
            raise GridFormatError(
                f"{where(len(rows) - 1, 0)}: the grid ends with a join line; the last line must be a row of numbers"
            )
        height = (len(rows) + 1) // 2
        width = max((len(rows[i]) + 1) // 2 for i in range(0, len(rows), 2))
        values: list[list[int | None]] = [[None] * width for _ in range(height)]
        for r in range(height):
            line = rows[2 * r]
            for col, char in enumerate(line):
                if col % 2 == 0:
                    if char.isascii() and char.isdigit():
                        values[r][col // 2] = int(char)
                    elif char != " ":
                        raise GridFormatError(f"{where(2 * r, col)}: {char!r} is not a number (cells are 0-9)")
                elif char not in " |":
                    raise GridFormatError(
                        f"{where(2 * r, col)}: {char!r} between cells; only '|' (join) or a space may stand there"
                    )
        partner: dict[Cell, Cell] = {}

        def join(a: Cell, b: Cell, index: int, column: int) -> None:
            for cell in (a, b):
                if values[cell[0]][cell[1]] is None:
                    raise GridFormatError(f"{where(index, column)}: the join has no cell on one side")
            for cell in (a, b):
                if cell in partner:
                    raise GridFormatError(f"{where(index, column)}: a cell is joined to two others")
            partner[a], partner[b] = b, a

        for r in range(height):
            line = rows[2 * r]
            for col in range(1, len(line), 2):
                if line[col] == "|":
                    if (col + 1) // 2 >= width or col + 1 >= len(line):
                        raise GridFormatError(f"{where(2 * r, col)}: the join has no cell on one side")
                    join((r, col // 2), (r, col // 2 + 1), 2 * r, col)
            if r + 1 < height:
                below = rows[2 * r + 1]
                for col, char in enumerate(below):
                    if char == " ":
                        continue
                    if char != "-":
                        raise GridFormatError(
                            f"{where(2 * r + 1, col)}: {char!r} in a join line; only '-' may stand there"
                        )
                    if col % 2:
                        raise GridFormatError(f"{where(2 * r + 1, col)}: '-' must stand under a cell (an even column)")
                    if col // 2 >= width:
                        raise GridFormatError(f"{where(2 * r + 1, col)}: the join has no cell on one side")
                    join((r, col // 2), (r + 1, col // 2), 2 * r + 1, col)
        markers: dict[str, str] = {}
        for number, line in marker_lines:
            match = _MARKER.match(line)
            if not match:
                raise GridFormatError(f"line {number}, column 1: markers are written name:value, got {line!r}")
            markers[match[1]] = match[2].strip()
        return cls(width, height, tuple(tuple(r) for r in values), partner, markers)

    # -- reading a grid ----------------------------------------------------

    def value(self, cell: Cell) -> int | None:
        return self.values[cell[0]][cell[1]]

    def cells(self) -> Iterator[Cell]:
        for r in range(self.height):
            for c in range(self.width):
                if self.values[r][c] is not None:
                    yield (r, c)

    def dominoes(self) -> list[tuple[Cell, Cell]]:
        """Every domino as (first cell, second cell) in reading order; refuses unjoined cells."""
        out = []
        for cell in self.cells():
            other = self.partner.get(cell)
            if other is None:
                raise GridFormatError(f"{self.describe_cell(cell)} is not joined to a neighbour")
            if cell < other:
                out.append((cell, other))
        return out

    def require_full(self) -> tuple[tuple[int, ...], ...]:
        """Refuse empty squares: every cell of the rectangle must hold a number. Returns the numbers."""
        rows = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                value = self.values[r][c]
                if value is None:
                    raise GridFormatError(f"{self.describe_cell((r, c))} is empty; the layout must fill its rectangle")
                row.append(value)
            rows.append(tuple(row))
        return tuple(rows)

    def describe_cell(self, cell: Cell) -> str:
        r, c = cell
        return f"the cell at line {2 * r + 1}, column {2 * c + 1}"

    def dice(self) -> dict[int, Cell]:
        """The ``dice:`` marker as {number: cell}; the book counts y from the bottom."""
        text = self.markers.get("dice", "").replace(" ", "")
        found: dict[int, Cell] = {}
        items = _DICE_ITEM.findall(text)
        if ",".join(f"({x},{y}){n}" for x, y, n in items) != text:
            raise GridFormatError(f"dice:{text} is not written like (1,2)3,(0,0)1")
        for x_text, y_text, n_text in items:
            x, y, number = int(x_text), int(y_text), int(n_text)
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise GridFormatError(f"die {number} at ({x},{y}) is off the {self.width}x{self.height} grid")
            if number in found:
                raise GridFormatError(f"die {number} is placed twice")
            found[number] = (self.height - 1 - y, x)
        return found

    def with_markers(self, **markers: str) -> Grid:
        merged = dict(self.markers)
        merged.update(markers)
        grid = Grid(self.width, self.height, self.values, self.partner, {k: v for k, v in merged.items() if v})
        grid.__dict__["_body"] = self._body  # the same squares and joins: drawn once for both
        return grid

    # -- printing -------------------------------------------------------------

    def text(self) -> str:
        return self._text(self.markers)

    def marked_text(self, **markers: str) -> str:
        """``with_markers(**markers).text()`` without making that grid (a puzzle's picture at every move)."""
        merged = dict(self.markers)
        merged.update(markers)
        return self._text({k: v for k, v in merged.items() if v})

    def _text(self, markers: Mapping[str, str]) -> str:
        text = self._body
        if markers:
            text += "\n---\n" + "\n".join(f"{name}:{value}" for name, value in markers.items())
        return text + "\n"

    @cached_property
    def _body(self) -> str:
        """The squares and joins, drawn once a grid: a puzzle draws its layout, with the markers of
        the position, at every move (``with_markers`` hands the drawing on)."""
        lines = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                value = self.values[r][c]
                row.append(" " if value is None else str(value))
                if c + 1 < self.width:
                    row.append("|" if self.partner.get((r, c)) == (r, c + 1) else " ")
            lines.append("".join(row).rstrip())
            if r + 1 < self.height:
                joins = ["-" if self.partner.get((r, c)) == (r + 1, c) else " " for c in range(self.width)]
                lines.append(" ".join(joins).rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def dice_marker(dice: Mapping[int, Cell], height: int) -> str:
    """The book's ``dice:`` value for {number: (row, col)}, listed by x then y as the book does."""
    spots = sorted((c, height - 1 - r, n) for n, (r, c) in dice.items())
    return ",".join(f"({x},{y}){n}" for x, y, n in spots)
