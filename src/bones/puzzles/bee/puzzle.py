"""Bee Donimoes: the layout, the moves of the dice and a shortest-solution solver (whole layouts: generate.py).

A layout is a rectangle of dominoes; the die numbered k starts on the k half of
the 0|k domino. Round by round the queen is die 3, 4, ... up to the number of
dice; in each round the dice 1..queen start on their starting spaces, the queen
never moves, and the round is solved when all its dice form one orthogonally
connected group. A die lands only on its own number or on a wild blank (basic
rule: any unoccupied blank; advanced rule: only the blank of the queen's
domino). A move runs in a straight line over anything and may turn by 90°
directly above another die, as often as it likes; it is one move.

Search works on plain integers: cells are indices ``row * width + col``, sets
of cells are bit masks, and a round's position packs the movable dice's cells
six bits each into one int. Moves are reversible (the way back turns over the
same dice), which the tests use; the solver is a breadth-first search, so the
solution it returns is a shortest one.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from bones.puzzles.grid import Grid, GridFormatError

MIN_DICE, MAX_DICE = 3, 6
GOAL_LIMIT = 5000  # with fewer solved positions than this, search from both ends
DIRECTIONS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
SIZES = {3: (5, 4), 4: (6, 5), 5: (7, 6), 6: (8, 7)}  # dice -> (width, height), as in the book


class BeeMoveError(ValueError):
    """A die move the rules refuse; the message says why."""


@dataclass(frozen=True)
class BeeLayout:
    """A Bee Donimoes layout: the numbers, which cells pair up, and each die's starting cell."""

    width: int
    height: int
    values: tuple[int, ...]  # by cell index
    partner: tuple[int, ...]
    dice: int  # number of dice = the highest number
    starts: tuple[int, ...]  # starts[k] is the cell of die k (starts[0] unused)

    @classmethod
    def from_grid(cls, grid: Grid) -> BeeLayout:
        grid.require_full()
        pairs = grid.dominoes()
        width, height = grid.width, grid.height
        if width * height > 64:
            raise GridFormatError(f"a {width}x{height} layout is too big for Bee Donimoes (at most 64 squares)")
        values = tuple(v for row in grid.values for v in row if v is not None)
        partner = [0] * len(values)
        seen: set[tuple[int, int]] = set()
        starts: dict[int, int] = {}
        for (r1, c1), (r2, c2) in pairs:
            a, b = r1 * width + c1, r2 * width + c2
            partner[a], partner[b] = b, a
            tile = (min(values[a], values[b]), max(values[a], values[b]))
            if tile in seen:
                raise GridFormatError(f"the domino {tile[1]}|{tile[0]} appears twice")
            seen.add(tile)
            if tile[0] == 0 and tile[1] > 0:
                starts[tile[1]] = a if values[a] else b
        dice = max(values)
        if not MIN_DICE <= dice <= MAX_DICE:
            raise GridFormatError(
                f"Bee Donimoes uses 3 to 6 dice, so numbers up to 3..6; this layout goes up to {dice}"
            )
        missing = [k for k in range(1, dice + 1) if k not in starts]
        if missing:
            k = missing[0]
            raise GridFormatError(f"die {k} has no starting space: the layout needs the 0|{k} domino")
        return cls(width, height, values, tuple(partner), dice, tuple([-1] + [starts[k] for k in range(1, dice + 1)]))

    @classmethod
    def parse(cls, text: str) -> BeeLayout:
        return cls.from_grid(Grid.parse(text))

    def grid(self) -> Grid:
        return self._grid

    @cached_property
    def _grid(self) -> Grid:
        # Once a layout: every picture of a position draws it (a Grid never changes).
        placed = []
        for a in range(len(self.values)):
            b = self.partner[a]
            if a < b:
                placed.append((divmod(a, self.width), self.values[a], divmod(b, self.width), self.values[b]))
        return Grid.from_dominoes(self.width, self.height, placed)

    def text(self) -> str:
        return self.grid().text()

    def cell_name(self, cell: int) -> str:
        """The book's (x,y): x from the left, y from the bottom."""
        r, c = divmod(cell, self.width)
        return f"({c},{self.height - 1 - r})"

    def round(self, queen: int, advanced: bool) -> BeeRound:
        return _round(self, queen, advanced)


@lru_cache(maxsize=256)
def _round(layout: BeeLayout, queen: int, advanced: bool) -> BeeRound:
    return BeeRound(layout, queen, advanced)


class BeeRound:
    """One round: the queen's number, where dice may land, and the search."""

    def __init__(self, layout: BeeLayout, queen: int, advanced: bool) -> None:
        if not MIN_DICE <= queen <= layout.dice:
            raise ValueError(f"the queen is die 3..{layout.dice}, not {queen}")
        self.layout = layout
        self.queen = queen
        self.advanced = advanced
        w, h = layout.width, layout.height
        self.width = w
        size = w * h
        self.full = (1 << size) - 1
        self.queen_cell = layout.starts[queen]
        self.queen_bit = 1 << self.queen_cell
        if advanced:
            wild = 1 << layout.partner[self.queen_cell]
        else:
            wild = sum(1 << i for i, v in enumerate(layout.values) if v == 0)
        self.wild = wild
        self.land = [0] + [sum(1 << i for i, v in enumerate(layout.values) if v == k) | wild for k in range(1, queen)]
        self.row_of = [i // w for i in range(size)]
        self.col_of = [i % w for i in range(size)]
        self.row_mask = [((1 << w) - 1) << (r * w) for r in range(h)]
        self.col_mask = [sum(1 << (r * w + c) for r in range(h)) for c in range(w)]
        self.not_col0 = self.full & ~self.col_mask[0]
        self.not_last = self.full & ~self.col_mask[w - 1]
        self.starts = tuple(layout.starts[k] for k in range(1, queen))
        self._solved: dict[tuple[int, ...], list[tuple[int, int, int]] | None] = {}

    # -- the rules on bit masks -------------------------------------------

    def connected(self, occupied: int) -> bool:
        """Whether the dice on ``occupied`` (the queen among them) form one group."""
        w = self.width
        reach = self.queen_bit
        while True:
            grow = (
                ((reach << 1) & self.not_col0) | ((reach >> 1) & self.not_last) | (reach << w) | (reach >> w)
            ) & occupied
            grow |= reach
            if grow == reach:
                return reach == occupied
            reach = grow

    def reach(self, cell: int, occupied: int) -> int:
        """Every cell on a line the die on ``cell`` can run along, turning over the other dice."""
        others = occupied & ~(1 << cell)
        row, col = self.row_of[cell], self.col_of[cell]
        lines = self.row_mask[row] | self.col_mask[col]
        if not lines & others:  # no die to turn over: the die's own row and column (most of a search's calls)
            return lines
        rows = 1 << row
        cols = 1 << col
        todo_rows = [row]
        todo_cols = [col]
        seen = 0
        while todo_rows or todo_cols:
            if todo_rows:
                line = self.row_mask[todo_rows.pop()]
                seen |= line
                pivots = line & others
                while pivots:
                    low = pivots & -pivots
                    pivots ^= low
                    c = self.col_of[low.bit_length() - 1]
                    if not cols >> c & 1:
                        cols |= 1 << c
                        todo_cols.append(c)
            else:
                line = self.col_mask[todo_cols.pop()]
                seen |= line
                pivots = line & others
                while pivots:
                    low = pivots & -pivots
                    pivots ^= low
                    r = self.row_of[low.bit_length() - 1]
                    if not rows >> r & 1:
                        rows |= 1 << r
                        todo_rows.append(r)
        return seen

    def destinations(self, die: int, cell: int, occupied: int) -> int:
        """Cells die ``die`` (1..queen-1) on ``cell`` may land on in one move."""
        return self.reach(cell, occupied) & self.land[die] & ~occupied

    def occupied(self, cells: Sequence[int]) -> int:
        occ = self.queen_bit
        for cell in cells:
            occ |= 1 << cell
        return occ

    # -- notation ------------------------------------------------------------

    def path(self, cell: int, target: int, occupied: int) -> str:
        """The fewest-turn way from ``cell`` to ``target`` as the book writes it (``R3D1``)."""
        others = occupied & ~(1 << cell)
        w = self.width
        # Lines are ("r", row) or ("c", col); each is entered at a cell.
        start = [(("r", self.row_of[cell]), cell), (("c", self.col_of[cell]), cell)]
        parent: dict[tuple[str, int], tuple[tuple[str, int] | None, int]] = {}
        queue: list[tuple[str, int]] = []
        for line, entry in start:
            parent[line] = (None, entry)
            queue.append(line)
        for line in queue:
            kind, index = line
            mask = self.row_mask[index] if kind == "r" else self.col_mask[index]
            if mask >> target & 1:
                points = [target]
                node: tuple[str, int] | None = line
                while node is not None:
                    up, entry = parent[node]
                    points.append(entry)
                    node = up
                points.reverse()
                return "".join(_segment(a, b, w) for a, b in itertools.pairwise(points))
            pivots = mask & others
            while pivots:
                low = pivots & -pivots
                pivots ^= low
                q = low.bit_length() - 1
                turn = ("c", self.col_of[q]) if kind == "r" else ("r", self.row_of[q])
                if turn not in parent:
                    parent[turn] = (line, q)
                    queue.append(turn)
        raise BeeMoveError("no way there")

    def follow(self, die: int, cell: int, segments: str, occupied: int) -> int:
        """Where the written path ``segments`` takes the die on ``cell``; refuses a path the rules forbid."""
        parts = _split_segments(segments)
        r, c = divmod(cell, self.width)
        others = occupied & ~(1 << cell)
        previous = None
        for number, (letter, distance) in enumerate(parts):
            dr, dc = DIRECTIONS[letter]
            if previous is not None:
                pr, pc = DIRECTIONS[previous]
                if (dr, dc) == (pr, pc) or (dr, dc) == (-pr, -pc):
                    raise BeeMoveError(f"a die turns by 90° only: {previous} then {letter}")
                here = r * self.width + c
                if not others >> here & 1:
                    raise BeeMoveError(
                        f"die {die} can only turn directly above another die; {self.layout.cell_name(here)} has none"
                    )
            r, c = r + dr * distance, c + dc * distance
            if not (0 <= r < self.layout.height and 0 <= c < self.width):
                raise BeeMoveError(f"step {number + 1} ({letter}{distance}) leaves the board")
            previous = letter
        target = r * self.width + c
        if target == cell:
            raise BeeMoveError(f"die {die} ends where it started")
        if occupied >> target & 1:
            raise BeeMoveError(f"{self.layout.cell_name(target)} is occupied by another die")
        if not self.land[die] >> target & 1:
            value = self.layout.values[target]
            if value == 0:
                where = "the queen's domino" if self.advanced else "an unoccupied blank"
                raise BeeMoveError(
                    f"die {die} cannot land on the blank at {self.layout.cell_name(target)}: only {where} is wild"
                )
            raise BeeMoveError(
                f"die {die} lands only on a {die} or a wild blank, not on the {value} at {self.layout.cell_name(target)}"
            )
        return target

    def check_position(self, position: dict[int, int]) -> tuple[int, ...]:
        """The cells of dice 1..queen-1 from {die: cell}; refuses a position the rules cannot reach."""
        name = self.layout.cell_name
        missing = [k for k in range(1, self.queen + 1) if k not in position]
        if missing:
            raise BeeMoveError(f"the position has no die {missing[0]} (the queen is die {self.queen})")
        if position[self.queen] != self.queen_cell:
            raise BeeMoveError(f"the queen, die {self.queen}, never moves from its start {name(self.queen_cell)}")
        cells = tuple(position[k] for k in range(1, self.queen))
        if len(set(cells)) < len(cells) or self.queen_cell in cells:
            raise BeeMoveError("two dice share a square")
        for k, cell in enumerate(cells, start=1):
            if not self.land[k] >> cell & 1 and cell != self.layout.starts[k]:
                raise BeeMoveError(f"die {k} cannot stand on {name(cell)}: it lands only on a {k} or a wild blank")
        return cells

    # -- search --------------------------------------------------------------

    def moves_from(self, cells: Sequence[int]) -> list[tuple[int, int]]:
        """Every (die, target) from a position (die numbers from 1)."""
        occ = self.occupied(cells)
        out = []
        for i, cell in enumerate(cells):
            dests = self.destinations(i + 1, cell, occ)
            while dests:
                low = dests & -dests
                dests ^= low
                out.append((i + 1, low.bit_length() - 1))
        return out

    def solve(self, cells: Sequence[int] | None = None) -> list[tuple[int, int, int]] | None:
        """A shortest solution from ``cells`` (default: the starting spaces) as (die, from, to); None if none."""
        cells = tuple(self.starts if cells is None else cells)
        if cells not in self._solved:
            if len(self._solved) > 64:
                self._solved.clear()
            self._solved[cells] = self._search(cells)
        found = self._solved[cells]
        return None if found is None else list(found)

    def goal_positions(self, limit: int) -> list[int] | None:
        """Every solved position of the round (packed like search states), or None if there are more than ``limit``.

        Grown as connected groups of landable cells around the queen; numbered
        cells take the die of their number, wild blanks any die left.
        """
        values, w, queen = self.layout.values, self.width, self.queen
        landable = self.wild
        for k in range(1, queen):
            landable |= self.land[k]
        groups = {self.queen_bit}
        for _ in range(queen - 1):
            grown = set()
            for group in groups:
                edge = ((group << 1) & self.not_col0) | ((group >> 1) & self.not_last) | (group << w) | (group >> w)
                edge &= landable & ~group
                while edge:
                    low = edge & -edge
                    edge ^= low
                    if not self.wild >> (low.bit_length() - 1) & 1:
                        value = values[low.bit_length() - 1]
                        if any(values[c] == value for c in _cells(group & ~self.wild & ~self.queen_bit)):
                            continue  # one die of each number
                    grown.add(group | low)
            groups = grown
        out: list[int] = []
        for group in groups:
            numbered = {values[c]: c for c in _cells(group & ~self.wild & ~self.queen_bit)}
            wild_cells = list(_cells(group & self.wild))
            free = [k for k in range(1, queen) if k not in numbered]
            for order in itertools.permutations(wild_cells):
                state = 0
                for k, c in numbered.items():
                    state |= c << (6 * (k - 1))
                for k, c in zip(free, order):
                    state |= c << (6 * (k - 1))
                out.append(state)
                if len(out) > limit:
                    return None
        return out

    def _search(self, cells: tuple[int, ...]) -> list[tuple[int, int, int]] | None:
        goals = self.goal_positions(limit=GOAL_LIMIT)
        if goals is not None:
            return self._search_both_ways(cells, goals)
        return self._search_forward(cells)

    def _expand(self, state: int) -> list[int]:
        """Every position one move from ``state`` (packed)."""
        occ = self.queen_bit
        shifts = self._shifts
        for shift in shifts:
            occ |= 1 << (state >> shift & 63)
        out = []
        land, reach = self.land, self.reach
        for i, shift in enumerate(shifts):
            cell = state >> shift & 63
            dests = reach(cell, occ) & land[i + 1] & ~occ
            while dests:
                low = dests & -dests
                dests ^= low
                out.append(state ^ ((cell ^ (low.bit_length() - 1)) << shift))
        return out

    def _search_both_ways(self, cells: tuple[int, ...], goals: list[int]) -> list[tuple[int, int, int]] | None:
        """Breadth first from the start and from every solved position at once (moves are reversible).

        Whole layers are expanded, the smaller side first; the best meeting in the
        first layer that meets gives a shortest solution, and a side that runs dry
        first proves the round impossible.
        """
        start = 0
        for i, cell in enumerate(cells):
            start |= cell << (6 * i)
        if not goals:
            return None
        goal_set = set(goals)
        if start in goal_set:
            return []
        self._shifts = [6 * i for i in range(len(cells))]
        ahead: dict[int, int] = {start: -1}  # forward: state -> previous state
        behind: dict[int, int] = {g: -1 for g in goals}  # backward: state -> next state towards a goal
        depth_ahead: dict[int, int] = {start: 0}
        depth_behind: dict[int, int] = dict.fromkeys(goals, 0)
        front_ahead, front_behind = [start], list(goals)
        while front_ahead and front_behind:
            forward = len(front_ahead) <= len(front_behind)
            here, there = (ahead, behind) if forward else (behind, ahead)
            depth_here, depth_there = (depth_ahead, depth_behind) if forward else (depth_behind, depth_ahead)
            frontier = front_ahead if forward else front_behind
            following = []
            best: tuple[int, int] | None = None
            for state in frontier:
                d = depth_here[state] + 1
                for nxt in self._expand(state):
                    if nxt in here:
                        continue
                    here[nxt] = state
                    depth_here[nxt] = d
                    following.append(nxt)
                    if nxt in there:
                        total = d + depth_there[nxt]
                        if best is None or total < best[0]:
                            best = (total, nxt)
            if best is not None:
                meet = best[1]
                chain = [meet]
                while ahead[chain[-1]] != -1:
                    chain.append(ahead[chain[-1]])
                chain.reverse()
                while behind[chain[-1]] != -1:
                    chain.append(behind[chain[-1]])
                return self._steps(chain, len(cells))
            if forward:
                front_ahead = following
            else:
                front_behind = following
        return None

    def _search_forward(self, cells: tuple[int, ...]) -> list[tuple[int, int, int]] | None:
        moving = len(cells)
        occ0 = self.occupied(cells)
        if self.connected(occ0):
            return []
        start = 0
        for i, cell in enumerate(cells):
            start |= cell << (6 * i)
        parent: dict[int, int] = {start: -1}
        frontier = [start]
        land, reach, connected, queen_bit = self.land, self.reach, self.connected, self.queen_bit
        shifts = [6 * i for i in range(moving)]
        while frontier:
            following = []
            for state in frontier:
                occ = queen_bit
                for shift in shifts:
                    occ |= 1 << (state >> shift & 63)
                for i, shift in enumerate(shifts):
                    cell = state >> shift & 63
                    dests = reach(cell, occ) & land[i + 1] & ~occ
                    rest = occ ^ (1 << cell)
                    while dests:
                        low = dests & -dests
                        dests ^= low
                        nxt = state ^ ((cell ^ (low.bit_length() - 1)) << shift)
                        if nxt in parent:
                            continue
                        parent[nxt] = state
                        if connected(rest | low):
                            return self._unwind(parent, nxt, moving)
                        following.append(nxt)
            frontier = following
        return None

    def _unwind(self, parent: dict[int, int], last: int, moving: int) -> list[tuple[int, int, int]]:
        chain = [last]
        while parent[chain[-1]] != -1:
            chain.append(parent[chain[-1]])
        chain.reverse()
        return self._steps(chain, moving)

    @staticmethod
    def _steps(chain: Sequence[int], moving: int) -> list[tuple[int, int, int]]:
        steps = []
        for before, after in itertools.pairwise(chain):
            for i in range(moving):
                a, b = before >> (6 * i) & 63, after >> (6 * i) & 63
                if a != b:
                    steps.append((i + 1, a, b))
        return steps

    def notation(self, steps: Sequence[tuple[int, int, int]], cells: Sequence[int] | None = None) -> list[str]:
        """The book's notation of (die, from, to) steps played from ``cells``."""
        now = list(self.starts if cells is None else cells)
        out = []
        for die, a, b in steps:
            out.append(f"{die}{self.path(a, b, self.occupied(now))}")
            now[die - 1] = b
        return out


def _cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def _segment(a: int, b: int, width: int) -> str:
    ra, ca = divmod(a, width)
    rb, cb = divmod(b, width)
    if ra == rb:
        return f"{'R' if cb > ca else 'L'}{abs(cb - ca)}"
    return f"{'D' if rb > ra else 'U'}{abs(rb - ra)}"


def _split_segments(text: str) -> list[tuple[str, int]]:
    parts: list[tuple[str, int]] = []
    i = 0
    while i < len(text):
        letter = text[i]
        if letter not in DIRECTIONS:
            raise BeeMoveError(f"{letter!r} is not a direction (U, D, L or R)")
        j = i + 1
        while j < len(text) and text[j].isascii() and text[j].isdigit():
            j += 1
        if j == i + 1:
            raise BeeMoveError(f"{letter} needs a distance, like {letter}2")
        distance = int(text[i + 1 : j])
        if distance < 1:
            raise BeeMoveError(f"{letter}{distance}: a distance is at least 1")
        parts.append((letter, distance))
        i = j
    if not parts:
        raise BeeMoveError("a move names a die and its path, like 1R3 or 2R3D1")
    return parts
